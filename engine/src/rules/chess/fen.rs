//! Chess FEN (RULES.md section 5): the six standard fields, then a seventh,
//! POOL, when a reader has unknown identities: face-down pieces on the
//! board (`X`/`x`, only on their side's start squares), or face-down pieces
//! captured by the other side. With nothing face down it is standard FEN.

use std::fmt;

use crate::rules::xiangqi::fen::MAX_MOVE_COUNTER;
use crate::rules::Color;

use super::position::{Castle, Position};
use super::types::{color_name, Kind, Piece, Pool, Square};
use super::Variant;

/// The start of standard chess.
pub const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// The start of hidden chess.
pub const HIDDEN_CHESS_START: &str =
    "xxxxkxxx/xxxxxxxx/8/8/8/8/XXXXXXXX/XXXXKXXX w KQkq - 0 1 Q1R2B2N2P8q1r2b2n2p8";

/// Why a position text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    Empty,
    /// Not 4, 6 or 7 fields.
    Fields(usize),
    RankCount(usize),
    RankWidth {
        rank: u8,
    },
    BadChar(char),
    Side(String),
    Castling(String),
    EnPassant(String),
    Pool(String),
    Counter(String),
    CounterTooLarge(String),
    King(Color),
    /// A pawn on its side's last rank (it would have promoted).
    PawnOnLastRank(Square),
    HiddenOffStart(Square),
    /// Standard chess has no face-down pieces and no pool.
    HiddenInChess,
    /// Face-down pieces but no POOL field.
    MissingPool,
    TooMany {
        color: Color,
        kind: Kind,
    },
    PoolTooSmall(Color),
    /// More than 16 pieces of one side.
    TooManyPieces(Color),
    /// A castling right whose king or corner piece is not in place.
    CastlingWithoutPieces(char),
    OpponentInCheck,
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseFenError::*;
        match self {
            Empty => write!(f, "the position text is empty"),
            Fields(n) => write!(
                f,
                "expected 'board side castling en-passant [halfmove fullmove [pool]]', \
                 found {n} field{}",
                if *n == 1 { "" } else { "s" }
            ),
            RankCount(n) => write!(f, "the board needs 8 ranks separated by '/', found {n}"),
            RankWidth { rank } => write!(f, "rank {rank} does not have exactly 8 squares"),
            BadChar(c) => write!(f, "unexpected character '{}' in the board", crate::rules::shown_char(*c)),
            Side(s) => write!(f, "side to move must be 'w' or 'b', found '{s}'"),
            Castling(s) => write!(
                f,
                "cannot read the castling rights '{s}' (letters of KQkq in that order, or '-')"
            ),
            EnPassant(s) => write!(
                f,
                "'{s}' is not a possible en-passant square here (the square behind a pawn \
                 that just stepped two squares, or '-')"
            ),
            Pool(s) => write!(
                f,
                "cannot read the pool '{s}' (letters with counts, e.g. Q1R2B2N2P8q1r2b2n2p8, or '-')"
            ),
            Counter(s) => write!(f, "move counter '{s}' is not a number"),
            CounterTooLarge(s) => write!(
                f,
                "move counter '{s}' is above the limit of {MAX_MOVE_COUNTER}"
            ),
            King(c) => write!(f, "{} must have exactly one king", color_name(*c)),
            PawnOnLastRank(sq) => write!(f, "a pawn on {sq}, its last rank, must have promoted"),
            HiddenOffStart(sq) => write!(
                f,
                "face-down piece on {sq}, which is not a start square of its side's pieces \
                 (kings are never face down)"
            ),
            HiddenInChess => write!(
                f,
                "standard chess has no face-down pieces and no pool of unknown identities"
            ),
            MissingPool => write!(
                f,
                "face-down pieces need the seventh field, the pool of unknown identities"
            ),
            TooMany { color, kind } => {
                write!(f, "too many {} {}s", color_name(*color), kind.name())
            }
            TooManyPieces(c) => write!(f, "{} has more than 16 pieces", color_name(*c)),
            PoolTooSmall(c) => write!(
                f,
                "{} has more face-down pieces than unknown identities in the pool",
                color_name(*c)
            ),
            CastlingWithoutPieces(ch) => write!(
                f,
                "castling right '{ch}' needs the king on its start square and an own rook \
                 or face-down piece in the corner"
            ),
            OpponentInCheck => write!(f, "the side not to move is in check"),
        }
    }
}

impl std::error::Error for ParseFenError {}

fn clip(s: &str) -> String {
    crate::rules::shown(s, 40)
}

/// Parse a position of `variant`. Accepted: `board side castling ep`,
/// `board side castling ep halfmove fullmove`, and that plus `pool`. A
/// pool field is required when face-down pieces stand on the board, and
/// refused in standard chess. An en-passant square that no pawn can take
/// is accepted and dropped (the position is the same).
pub fn parse(text: &str, variant: Variant) -> Result<Position, ParseFenError> {
    let text = text.trim_matches(|c: char| c.is_ascii_whitespace());
    if text.is_empty() {
        return Err(ParseFenError::Empty);
    }
    let f: Vec<&str> = text.split_ascii_whitespace().collect();
    if !matches!(f.len(), 4 | 6 | 7) {
        return Err(ParseFenError::Fields(f.len()));
    }
    let mut pos = Position::empty();
    parse_board(&mut pos, f[0])?;
    let turn = match f[1] {
        "w" => Color::Red,
        "b" => Color::Black,
        s => return Err(ParseFenError::Side(clip(s))),
    };
    pos.set_turn(turn);
    let rights = parse_castling(f[2])?;
    let (halfmove, fullmove) = match f.len() {
        4 => (0, 1),
        _ => (parse_counter(f[4])?, parse_counter(f[5])?),
    };
    pos.set_counters(halfmove, fullmove);
    let has_hidden = pos.hidden_bb() != 0;
    let pool = match f.get(6) {
        Some(t) => parse_pool(t)?,
        None if has_hidden => return Err(ParseFenError::MissingPool),
        None => [Pool::default(); 2],
    };
    if variant == Variant::Chess && (has_hidden || pool.iter().any(|p| p.total() > 0)) {
        return Err(ParseFenError::HiddenInChess);
    }
    for c in Color::ALL {
        pos.set_pool(c, pool[c.index()]);
    }
    validate(&pos)?;
    for (i, castle) in Castle::ALL.into_iter().enumerate() {
        if rights & castle.right == 0 {
            continue;
        }
        let c = castle.color();
        let king_ok = pos.king(c) == castle.king_from;
        let corner_ok = pos
            .piece_at(castle.corner)
            .is_some_and(|p| p.color == c && (p.hidden || p.kind == Kind::Rook));
        if !king_ok || !corner_ok {
            return Err(ParseFenError::CastlingWithoutPieces(
                ['K', 'Q', 'k', 'q'][i],
            ));
        }
    }
    pos.set_castling(rights);
    pos.set_en_passant(parse_en_passant(&pos, f[3])?);
    pos.rehash();
    if pos.is_check_on(turn.other()) {
        return Err(ParseFenError::OpponentInCheck);
    }
    Ok(pos)
}

fn parse_board(pos: &mut Position, text: &str) -> Result<(), ParseFenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(ParseFenError::RankCount(ranks.len()));
    }
    for (i, row) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file: u32 = 0;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                if d == 0 || d > 8 {
                    return Err(ParseFenError::BadChar(ch));
                }
                file += d;
                if file > 8 {
                    return Err(ParseFenError::RankWidth { rank: rank + 1 });
                }
                continue;
            }
            if file >= 8 {
                return Err(ParseFenError::RankWidth { rank: rank + 1 });
            }
            let sq = Square::new(file as u8, rank);
            let color = if ch.is_ascii_uppercase() {
                Color::Red
            } else {
                Color::Black
            };
            let piece = if ch.eq_ignore_ascii_case(&'x') {
                match sq.start_kind(color) {
                    Some(k) if k != Kind::King => Piece::hidden(color, k),
                    _ => return Err(ParseFenError::HiddenOffStart(sq)),
                }
            } else {
                match Kind::from_char(ch) {
                    Some(k) if ch.is_ascii_alphabetic() => Piece::new(color, k),
                    _ => return Err(ParseFenError::BadChar(ch)),
                }
            };
            if piece.kind == Kind::Pawn && !piece.hidden && sq.relative_rank(color) == 7 {
                return Err(ParseFenError::PawnOnLastRank(sq));
            }
            pos.set_piece(sq, piece);
            file += 1;
        }
        if file != 8 {
            return Err(ParseFenError::RankWidth { rank: rank + 1 });
        }
    }
    Ok(())
}

fn parse_castling(text: &str) -> Result<u8, ParseFenError> {
    if text == "-" {
        return Ok(0);
    }
    let mut rights = 0u8;
    let mut last = None;
    for ch in text.chars() {
        let i = "KQkq"
            .find(ch)
            .filter(|&i| last.is_none_or(|l| i > l))
            .ok_or_else(|| ParseFenError::Castling(clip(text)))?;
        rights |= Castle::ALL[i].right;
        last = Some(i);
    }
    if rights == 0 {
        return Err(ParseFenError::Castling(clip(text)));
    }
    Ok(rights)
}

/// The en-passant field: `-`, or the square behind an enemy pawn that can
/// have just stepped two squares. Kept only if a pawn of the side to move
/// can take there.
fn parse_en_passant(pos: &Position, text: &str) -> Result<Option<Square>, ParseFenError> {
    if text == "-" {
        return Ok(None);
    }
    let err = || ParseFenError::EnPassant(clip(text));
    let sq = Square::parse(text).ok_or_else(err)?;
    let us = pos.turn();
    let them = us.other();
    // Seen from the side to move, the square is on rank 6.
    if sq.relative_rank(us) != 5 {
        return Err(err());
    }
    let back = if us == Color::Red { -1 } else { 1 };
    let pawn_sq = Square::new(sq.file(), (sq.rank() as i8 + back) as u8);
    let origin = Square::new(sq.file(), (sq.rank() as i8 - back) as u8);
    let pawn_there = pos.piece_at(pawn_sq) == Some(Piece::new(them, Kind::Pawn));
    if !pawn_there || pos.piece_at(sq).is_some() || pos.piece_at(origin).is_some() {
        return Err(err());
    }
    let takers = super::bitboard::pawn_attacks(them, sq)
        & pos.kind_bb(Kind::Pawn)
        & pos.color_bb(us)
        & !pos.hidden_bb();
    Ok((takers != 0).then_some(sq))
}

fn parse_counter(s: &str) -> Result<u32, ParseFenError> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseFenError::Counter(clip(s)));
    }
    let digits = s.trim_start_matches('0');
    if digits.len() > 6 {
        return Err(ParseFenError::CounterTooLarge(clip(s)));
    }
    let v: u32 = digits.parse().unwrap_or(0);
    if v > MAX_MOVE_COUNTER {
        return Err(ParseFenError::CounterTooLarge(clip(s)));
    }
    Ok(v)
}

/// Does `text` read as a POOL field?
pub fn is_pool(text: &str) -> bool {
    parse_pool(text).is_ok()
}

fn parse_pool(text: &str) -> Result<[Pool; 2], ParseFenError> {
    let mut pool = [Pool::default(); 2];
    if text == "-" {
        return Ok(pool);
    }
    let err = || ParseFenError::Pool(clip(text));
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        let kind = Kind::from_char(ch)
            .filter(|k| *k != Kind::King && ch.is_ascii_alphabetic())
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
            if digits > 1 {
                return Err(err());
            }
        }
        if digits == 0 {
            n = 1;
        }
        let slot = &mut pool[color.index()].0[kind.index()];
        let total = *slot as u32 + n;
        if total > kind.count() as u32 {
            return Err(ParseFenError::TooMany { color, kind });
        }
        *slot = total as u8;
    }
    Ok(pool)
}

/// Kings, piece counts (promotions included), pool size.
fn validate(pos: &Position) -> Result<(), ParseFenError> {
    for c in Color::ALL {
        let own = pos.color_bb(c);
        let up = own & !pos.hidden_bb();
        let count = |k: Kind| (pos.kind_bb(k) & up).count_ones();
        if count(Kind::King) != 1 {
            return Err(ParseFenError::King(c));
        }
        if own.count_ones() > 16 {
            return Err(ParseFenError::TooManyPieces(c));
        }
        let pool = pos.pool(c);
        let pawns = count(Kind::Pawn) + pool.get(Kind::Pawn) as u32;
        if pawns > 8 {
            return Err(ParseFenError::TooMany {
                color: c,
                kind: Kind::Pawn,
            });
        }
        // Pieces beyond the start set must be promoted pawns.
        let mut promoted = 0;
        for k in [Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen] {
            let n = count(k) + pool.get(k) as u32;
            promoted += n.saturating_sub(k.count() as u32);
            if promoted > 8 - pawns {
                return Err(ParseFenError::TooMany { color: c, kind: k });
            }
        }
        if pos.hidden_count(c) > pool.total() {
            return Err(ParseFenError::PoolTooSmall(c));
        }
    }
    Ok(())
}

/// Write the FEN of `pos` as its reader knows it; the pool field only when
/// the reader has unknown identities.
pub fn write(pos: &Position) -> String {
    let mut s = String::with_capacity(100);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
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
    s.push_str(if pos.turn() == Color::Red {
        " w "
    } else {
        " b "
    });
    let rights = pos.castling();
    if rights == 0 {
        s.push('-');
    }
    for (castle, ch) in Castle::ALL.into_iter().zip(['K', 'Q', 'k', 'q']) {
        if rights & castle.right != 0 {
            s.push(ch);
        }
    }
    match pos.en_passant() {
        Some(ep) => s.push_str(&format!(" {ep}")),
        None => s.push_str(" -"),
    }
    s.push_str(&format!(" {} {}", pos.halfmove(), pos.fullmove()));
    if pos.hidden_bb() != 0 || Color::ALL.iter().any(|&c| pos.pool(c).total() > 0) {
        s.push(' ');
        s.push_str(&write_pool(pos));
    }
    s
}

/// The pool field: `Q1R2B2N2P8q1r2b2n2p8`, `-` when empty.
pub fn write_pool(pos: &Position) -> String {
    const ORDER: [Kind; 5] = [
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Pawn,
    ];
    let mut s = String::new();
    for c in Color::ALL {
        for k in ORDER {
            let n = pos.pool(c).get(k);
            if n > 0 {
                let ch = match c {
                    Color::Red => k.char(),
                    Color::Black => k.char().to_ascii_lowercase(),
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
