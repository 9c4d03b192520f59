//! Jieqi FEN (`BOARD SIDE POOL HALFMOVE FULLMOVE`, the Pikafish / JieqiBox
//! convention) and the plain xiangqi FEN.

use std::fmt;

use super::piece::{Color, Piece, Role};
use super::position::{Pool, Position};
use super::ruleset::RuleSet;
use super::square::{Square, FILES, RANKS, SQUARES};

/// The start of every Jieqi game.
pub const JIEQI_START: &str =
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1";
/// The start of a standard xiangqi game.
pub const XIANGQI_START: &str =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// The largest half-move or full-move counter a position text may carry.
/// No real game comes near it; anything above is a typing or transfer error.
pub const MAX_MOVE_COUNTER: u32 = 100_000;

/// Why a position text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    Empty,
    Fields(usize),
    /// A field left empty (two spaces) where the form has no pool.
    EmptyField(usize),
    RankCount(usize),
    RankWidth {
        rank: u8,
    },
    BadChar(char),
    Side(String),
    Pool(String),
    Counter(String),
    CounterTooLarge(String),
    General(Color),
    GeneralOutsidePalace(Color),
    HiddenOffStart(Square),
    HiddenInXiangqi,
    TooMany {
        color: Color,
        role: Role,
    },
    PoolTooSmall(Color),
    /// A captured face-down identity under rules where nobody learns one.
    CapturedUnknowable,
    OpponentInCheck,
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseFenError::*;
        match self {
            Empty => write!(f, "the position text is empty"),
            Fields(n) => write!(
                f,
                "expected 'board side [pool [captured]] [halfmove fullmove]' \
                 or 'board pool side - - halfmove fullmove', found {n} field{}",
                if *n == 1 { "" } else { "s" }
            ),
            EmptyField(i) => write!(
                f,
                "field {} is empty (two spaces); only a pool or captured field may be empty",
                i + 1
            ),
            RankCount(n) => write!(f, "the board needs 10 ranks separated by '/', found {n}"),
            RankWidth { rank } => write!(f, "rank {rank} does not have exactly 9 points"),
            BadChar(c) => write!(
                f,
                "unexpected character '{}' in the board",
                crate::rules::shown_char(*c)
            ),
            Side(s) => write!(
                f,
                "side to move must be 'w' (red) or 'b' (black), found '{s}'"
            ),
            Pool(s) => write!(
                f,
                "cannot read the pool '{s}' (letters with counts, e.g. R2A2, or '-')"
            ),
            Counter(s) => write!(f, "move counter '{s}' is not a number"),
            CounterTooLarge(s) => write!(
                f,
                "move counter '{s}' is above the limit of {MAX_MOVE_COUNTER}"
            ),
            General(c) => write!(f, "{} must have exactly one general", c.name()),
            GeneralOutsidePalace(c) => write!(f, "the {} general is outside its palace", c.name()),
            HiddenOffStart(sq) => write!(
                f,
                "face-down piece on {sq}, which is not a start point of its side"
            ),
            HiddenInXiangqi => write!(f, "standard xiangqi has no face-down pieces"),
            TooMany { color, role } => write!(f, "too many {} {}s", color.name(), role.name()),
            PoolTooSmall(c) => write!(
                f,
                "{} has more face-down pieces than unknown identities in the pool",
                c.name()
            ),
            CapturedUnknowable => write!(
                f,
                "these rules never reveal a captured face-down piece, \
                 but the captured field names one"
            ),
            OpponentInCheck => write!(f, "the side not to move is in check"),
        }
    }
}

impl std::error::Error for ParseFenError {}

/// The fields of a position text, once its form is known.
struct Fields<'a> {
    board: &'a str,
    side: &'a str,
    /// `None`: no pool given (everything not face up on the board).
    pool: Option<&'a str>,
    captured: Option<&'a str>,
    halfmove: Option<&'a str>,
    fullmove: Option<&'a str>,
}

fn is_counter(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

fn is_side(s: &str) -> bool {
    matches!(s, "w" | "r" | "W" | "R" | "b" | "B")
}

/// Tell the accepted forms apart (see [`parse`]). Fields are separated by
/// single spaces; an empty field (two spaces, as JieqiBox writes an empty
/// pool) is allowed only where the form has a pool or captured field.
fn split_fields(text: &str) -> Result<Fields<'_>, ParseFenError> {
    let text = text.trim_matches(|c: char| c.is_ascii_whitespace());
    if text.is_empty() {
        return Err(ParseFenError::Empty);
    }
    let f: Vec<&str> = text.split([' ', '\t']).collect();
    let n = f.len();
    let fields =
        |pool: Option<usize>, captured: Option<usize>, side: usize, counters: bool| Fields {
            board: f[0],
            side: f[side],
            pool: pool.map(|i| f[i]),
            captured: captured.map(|i| f[i]),
            halfmove: counters.then(|| f[n - 2]),
            fullmove: counters.then(|| f[n - 1]),
        };
    let (out, may_be_empty): (Fields, &[usize]) = match n {
        1 => (fields(None, None, 0, false), &[]),
        2 => (fields(None, None, 1, false), &[]),
        3 => (fields(Some(2), None, 1, false), &[2]),
        // `board side halfmove fullmove` or `board side pool captured`.
        4 if is_counter(f[2]) && is_counter(f[3]) => (fields(None, None, 1, true), &[]),
        4 => (fields(Some(2), Some(3), 1, false), &[2, 3]),
        5 => (fields(Some(2), None, 1, true), &[2]),
        // JieqiBox: `board side pool captured halfmove fullmove`; with
        // `- -` it is also the standard xiangqi FEN.
        6 => (fields(Some(2), Some(3), 1, true), &[2, 3]),
        // Legacy JieqiBox: `board pool side - - halfmove fullmove`.
        7 if is_side(f[2]) && f[3] == "-" && f[4] == "-" => {
            let mut out = fields(Some(1), None, 2, false);
            (out.halfmove, out.fullmove) = (Some(f[5]), Some(f[6]));
            (out, &[1])
        }
        // JieqiBox (limited knowledge): `board side - - halfmove fullmove pool`.
        7 if is_side(f[1]) && f[2] == "-" && f[3] == "-" => {
            let mut out = fields(Some(6), None, 1, false);
            (out.halfmove, out.fullmove) = (Some(f[4]), Some(f[5]));
            (out, &[])
        }
        _ => {
            return Err(ParseFenError::Fields(
                f.iter().filter(|s| !s.is_empty()).count(),
            ))
        }
    };
    if let Some(i) = f
        .iter()
        .enumerate()
        .position(|(i, s)| s.is_empty() && !may_be_empty.contains(&i))
    {
        return Err(ParseFenError::EmptyField(i));
    }
    Ok(out)
}

fn parse_counter(text: Option<&str>, default: u32) -> Result<u32, ParseFenError> {
    let Some(s) = text else { return Ok(default) };
    if !is_counter(s) {
        return Err(ParseFenError::Counter(crate::rules::shown(s, 20)));
    }
    // Compare the digits before converting: no overflow, whatever the length.
    let digits = s.trim_start_matches('0');
    let too_large = || ParseFenError::CounterTooLarge(crate::rules::shown(s, 20));
    if digits.len() > 6 {
        return Err(too_large());
    }
    let v: u32 = digits.parse().unwrap_or(0);
    if v > MAX_MOVE_COUNTER {
        return Err(too_large());
    }
    Ok(v)
}

/// Parse a position under `rules`. Accepted forms (fields separated by spaces):
///
/// - `board side pool halfmove fullmove`: Jieqi FEN (RULES.md section 1);
/// - `board side pool captured halfmove fullmove`: JieqiBox's default form;
///   `captured` lists captured face-down identities the reader knows (not in
///   the pool). An empty pool or captured field may be `-` or left empty
///   (two spaces). With `- -` this is also the standard xiangqi FEN, which
///   has nothing face down (face-down pieces with an empty pool are an error);
/// - `board pool side - - halfmove fullmove`: JieqiBox's legacy form;
/// - `board side - - halfmove fullmove pool`: JieqiBox's limited-knowledge form;
/// - shorter: `board side pool captured`, `board side halfmove fullmove`,
///   `board side pool`, `board side`, `board`.
///
/// Only where no pool field is given at all is the pool taken as everything
/// not face up on the board. Pool letters may come in any order. Counters
/// above [`MAX_MOVE_COUNTER`] are refused.
pub fn parse(text: &str, rules: RuleSet) -> Result<Position, ParseFenError> {
    let fields = split_fields(text)?;
    let board = parse_board(fields.board)?;
    let turn = match fields.side {
        "w" | "r" | "W" | "R" => Color::Red,
        "b" | "B" => Color::Black,
        s => return Err(ParseFenError::Side(crate::rules::shown(s, 20))),
    };
    let halfmove = parse_counter(fields.halfmove, 0)?;
    let fullmove = parse_counter(fields.fullmove, 1)?;

    let codes = board.map(|p| p.map_or(0, Piece::code));
    let has_hidden = board.iter().flatten().any(|p| p.hidden);
    let pool = match fields.pool {
        Some(t) => parse_pool(t)?,
        None if has_hidden => default_pool(&board),
        None => [Pool::default(); 2],
    };
    let captured = match fields.captured {
        Some(t) => parse_pool(t)?,
        None => [Pool::default(); 2],
    };
    if !rules.capturer_learns() && captured.iter().any(|p| p.total() > 0) {
        return Err(ParseFenError::CapturedUnknowable);
    }
    validate(&board, &pool, &captured, rules, has_hidden)?;
    let pos = Position::from_parts(codes, turn, pool, rules, halfmove, fullmove)
        .ok_or(ParseFenError::General(Color::Red))?;
    if pos.is_check_on(turn.other()) {
        return Err(ParseFenError::OpponentInCheck);
    }
    Ok(pos)
}

fn parse_board(text: &str) -> Result<[Option<Piece>; SQUARES], ParseFenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != RANKS as usize {
        return Err(ParseFenError::RankCount(ranks.len()));
    }
    let mut board = [None; SQUARES];
    for (i, row) in ranks.iter().enumerate() {
        let rank = RANKS - 1 - i as u8;
        let mut file: u32 = 0;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                if d == 0 {
                    return Err(ParseFenError::BadChar(ch));
                }
                file += d;
            } else {
                let color = if ch.is_ascii_uppercase() {
                    Color::Red
                } else {
                    Color::Black
                };
                let piece = if ch.eq_ignore_ascii_case(&'x') {
                    // The role is that of the start point; checked in `validate`.
                    let sq = Square::new((file.min(8)) as u8, rank);
                    Piece::hidden(color, sq.start_role(color).unwrap_or(Role::Soldier))
                } else {
                    match Role::from_char(ch) {
                        Some(r) if ch.is_ascii_alphabetic() => Piece::new(color, r),
                        _ => return Err(ParseFenError::BadChar(ch)),
                    }
                };
                if file >= FILES as u32 {
                    return Err(ParseFenError::RankWidth { rank });
                }
                let sq = Square::new(file as u8, rank);
                if piece.hidden && sq.start_role(color).is_none_or(|r| r == Role::General) {
                    return Err(ParseFenError::HiddenOffStart(sq));
                }
                board[sq.index()] = Some(piece);
                file += 1;
            }
            if file > FILES as u32 {
                return Err(ParseFenError::RankWidth { rank });
            }
        }
        if file != FILES as u32 {
            return Err(ParseFenError::RankWidth { rank });
        }
    }
    Ok(board)
}

fn parse_pool(text: &str) -> Result<[Pool; 2], ParseFenError> {
    let mut pool = [Pool::default(); 2];
    if text.is_empty() || text == "-" {
        return Ok(pool);
    }
    let err = || ParseFenError::Pool(crate::rules::shown(text, 40));
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        let role = Role::from_char(ch)
            .filter(|r| *r != Role::General && ch.is_ascii_alphabetic())
            .ok_or_else(err)?;
        let color = if ch.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        let mut n: u32 = 0;
        let mut digits = 0;
        while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
            n = n * 10 + d;
            digits += 1;
            chars.next();
            if digits > 2 {
                return Err(err());
            }
        }
        if digits == 0 {
            n = 1;
        }
        let slot = &mut pool[color.index()].0[role.index()];
        let total = *slot as u32 + n;
        if total > role.count() as u32 {
            return Err(ParseFenError::TooMany { color, role });
        }
        *slot = total as u8;
    }
    Ok(pool)
}

fn default_pool(board: &[Option<Piece>; SQUARES]) -> [Pool; 2] {
    let mut pool = [Pool::full(); 2];
    for p in board
        .iter()
        .flatten()
        .filter(|p| !p.hidden && p.role != Role::General)
    {
        let slot = &mut pool[p.color.index()].0[p.role.index()];
        *slot = slot.saturating_sub(1);
    }
    pool
}

fn validate(
    board: &[Option<Piece>; SQUARES],
    pool: &[Pool; 2],
    captured: &[Pool; 2],
    rules: RuleSet,
    has_hidden: bool,
) -> Result<(), ParseFenError> {
    if has_hidden && !rules.hidden_pieces() {
        return Err(ParseFenError::HiddenInXiangqi);
    }
    for c in Color::ALL {
        let mut counts = [0u8; 7];
        let mut hidden = 0u32;
        for (i, p) in board.iter().enumerate() {
            let Some(p) = p.filter(|p| p.color == c) else {
                continue;
            };
            if p.hidden {
                hidden += 1;
            } else {
                counts[p.role.index()] += 1;
                if p.role == Role::General && !Square::from_index(i).in_palace(c) {
                    return Err(ParseFenError::GeneralOutsidePalace(c));
                }
            }
        }
        if counts[Role::General.index()] != 1 {
            return Err(ParseFenError::General(c));
        }
        let (pool, captured) = (&pool[c.index()], &captured[c.index()]);
        for r in Role::ALL {
            if counts[r.index()] + pool.get(r) + captured.get(r) > r.count() {
                return Err(ParseFenError::TooMany { color: c, role: r });
            }
        }
        if hidden > pool.total() {
            return Err(ParseFenError::PoolTooSmall(c));
        }
    }
    Ok(())
}

/// Write the Jieqi FEN of `pos` (its pool is the reader's knowledge).
pub fn write(pos: &Position) -> String {
    let mut s = String::with_capacity(100);
    for rank in (0..RANKS).rev() {
        let mut empty = 0;
        for file in 0..FILES {
            match pos.piece_at(Square::new(file, rank)) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    s.push(p.char());
                }
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s.push(' ');
    s.push(if pos.turn() == Color::Red { 'w' } else { 'b' });
    s.push(' ');
    s.push_str(&write_pool(pos));
    s.push_str(&format!(" {} {}", pos.halfmove(), pos.fullmove()));
    s
}

/// The pool field, in the order of the community's start FEN (R A C P N B).
pub fn write_pool(pos: &Position) -> String {
    const ORDER: [Role; 6] = [
        Role::Chariot,
        Role::Advisor,
        Role::Cannon,
        Role::Soldier,
        Role::Horse,
        Role::Elephant,
    ];
    let mut s = String::new();
    for c in Color::ALL {
        for r in ORDER {
            let n = pos.pool(c).get(r);
            if n > 0 {
                let ch = if c == Color::Red {
                    r.char()
                } else {
                    r.char().to_ascii_lowercase()
                };
                s.push(ch);
                s.push_str(&n.to_string());
            }
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}
