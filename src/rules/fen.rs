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

/// Why a position text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    Empty,
    Fields(usize),
    RankCount(usize),
    RankWidth { rank: u8 },
    BadChar(char),
    Side(String),
    Pool(String),
    Counter(String),
    General(Color),
    GeneralOutsidePalace(Color),
    HiddenOffStart(Square),
    HiddenInXiangqi,
    TooMany { color: Color, role: Role },
    PoolTooSmall(Color),
    OpponentInCheck,
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseFenError::*;
        match self {
            Empty => write!(f, "the position text is empty"),
            Fields(n) => write!(
                f,
                "expected 'board side [pool] [halfmove fullmove]', found {n} fields"
            ),
            RankCount(n) => write!(f, "the board needs 10 ranks separated by '/', found {n}"),
            RankWidth { rank } => write!(f, "rank {rank} does not have exactly 9 points"),
            BadChar(c) => write!(f, "unexpected character '{c}' in the board"),
            Side(s) => write!(
                f,
                "side to move must be 'w' (red) or 'b' (black), found '{s}'"
            ),
            Pool(s) => write!(
                f,
                "cannot read the pool '{s}' (letters with counts, e.g. R2A2, or '-')"
            ),
            Counter(s) => write!(f, "move counter '{s}' is not a number"),
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
            OpponentInCheck => write!(f, "the side not to move is in check"),
        }
    }
}

impl std::error::Error for ParseFenError {}

/// Parse a position under `rules`. Accepted shapes:
/// `board side pool halfmove fullmove` (Jieqi FEN), `board side - - halfmove fullmove`
/// (xiangqi FEN), `board side halfmove fullmove`, `board side pool`, `board side`.
/// A missing pool is everything not face up on the board.
pub fn parse(text: &str, rules: RuleSet) -> Result<Position, ParseFenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() {
        return Err(ParseFenError::Empty);
    }
    if fields.len() > 6 {
        return Err(ParseFenError::Fields(fields.len()));
    }
    let board = parse_board(fields[0])?;
    let turn = match fields.get(1).copied().unwrap_or("w") {
        "w" | "r" | "W" | "R" => Color::Red,
        "b" | "B" => Color::Black,
        s => return Err(ParseFenError::Side(s.to_string())),
    };
    let rest = &fields[2.min(fields.len())..];
    let is_num = |s: &str| s.parse::<u32>().is_ok();
    let (pool_text, counters): (Option<&str>, &[&str]) = match rest.len() {
        0 => (None, &[]),
        1 => (Some(rest[0]), &[]),
        2 if is_num(rest[0]) => (None, rest),
        2 => (Some(rest[0]), &rest[1..]),
        3 => (Some(rest[0]), &rest[1..]),
        // xiangqi FEN: castling and en passant placeholders
        _ => (None, &rest[2..]),
    };
    let counter = |i: usize, default: u32| -> Result<u32, ParseFenError> {
        match counters.get(i) {
            None => Ok(default),
            Some(s) => s
                .parse::<u32>()
                .map_err(|_| ParseFenError::Counter(s.to_string())),
        }
    };
    let halfmove = counter(0, 0)?;
    let fullmove = counter(1, 1)?;

    let codes = board.map(|p| p.map_or(0, Piece::code));
    let has_hidden = board.iter().flatten().any(|p| p.hidden);
    let pool = match pool_text {
        Some(t) => parse_pool(t)?,
        None if has_hidden => default_pool(&board),
        None => [Pool::default(); 2],
    };
    validate(&board, &pool, rules, has_hidden)?;
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
    if text == "-" {
        return Ok(pool);
    }
    let err = || ParseFenError::Pool(text.to_string());
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
        for r in Role::ALL {
            if counts[r.index()] + pool[c.index()].get(r) > r.count() {
                return Err(ParseFenError::TooMany { color: c, role: r });
            }
        }
        if hidden > pool[c.index()].total() {
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
