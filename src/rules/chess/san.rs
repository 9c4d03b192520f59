//! Standard algebraic notation (SAN) for the move list and typed moves.
//!
//! A face-down piece moves as the kind of its start square, so it is
//! written with that kind's letter (`Nc3` for the face-down piece on b1);
//! what it turned out to be is shown beside the move by the page. Check
//! and mate marks depend on what a move reveals, so [`write`] leaves them
//! out: the caller adds them from the game's record ([`suffix`]).
//!
//! [`parse`] reads SAN (with or without `x`, `+`, `#`, `=`; `0-0` for
//! `O-O`), UCI text (`e2e4`, `e7e8q`) and castling as the king's move onto
//! its own rook (`e1h1`).

use std::fmt;

use super::position::{Castle, Position};
use super::types::{Kind, Move, Square};

/// A typed move that does not name exactly one legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// No legal move has this text.
    Unknown(String),
    /// Several legal moves fit: their SAN.
    Ambiguous(Vec<String>),
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Unknown(t) => write!(f, "no legal move '{t}'"),
            SanError::Ambiguous(c) => write!(f, "ambiguous: {}", c.join(", ")),
        }
    }
}

impl std::error::Error for SanError {}

/// The SAN of the legal move `m` in `pos`, without a check mark.
pub fn write(pos: &Position, m: Move) -> String {
    let Some(p) = pos.piece_at(m.from) else {
        return m.to_string();
    };
    if let Some(c) = pos.castle_of(m) {
        return if c.king_to.file() == 6 {
            "O-O"
        } else {
            "O-O-O"
        }
        .into();
    }
    let capture =
        pos.piece_at(m.to).is_some() || (p.kind == Kind::Pawn && m.from.file() != m.to.file());
    let mut s = String::with_capacity(8);
    if p.kind == Kind::Pawn {
        if capture {
            s.push(file_char(m.from));
        }
    } else {
        s.push(p.kind.char());
        // Disambiguation: other pieces of the same kind reaching `to`.
        let rivals: Vec<Square> = pos
            .legal_moves()
            .iter()
            .filter(|o| o.to == m.to && o.from != m.from)
            .filter(|o| pos.piece_at(o.from).is_some_and(|q| q.kind == p.kind))
            .map(|o| o.from)
            .collect();
        if !rivals.is_empty() {
            let same_file = rivals.iter().any(|r| r.file() == m.from.file());
            let same_rank = rivals.iter().any(|r| r.rank() == m.from.rank());
            if !same_file {
                s.push(file_char(m.from));
            } else if !same_rank {
                s.push(rank_char(m.from));
            } else {
                s.push(file_char(m.from));
                s.push(rank_char(m.from));
            }
        }
    }
    if capture {
        s.push('x');
    }
    s.push_str(&m.to.to_string());
    if let Some(k) = m.promotion {
        s.push('=');
        s.push(k.char());
    }
    s
}

/// The check mark after a move: `+`, `#` for mate, or nothing.
pub fn suffix(check: bool, mate: bool) -> &'static str {
    match (check, mate) {
        (true, true) => "#",
        (true, false) => "+",
        _ => "",
    }
}

fn file_char(sq: Square) -> char {
    (b'a' + sq.file()) as char
}

fn rank_char(sq: Square) -> char {
    (b'1' + sq.rank()) as char
}

/// SAN without decorations, for comparing typed text with moves.
fn plain(text: &str) -> String {
    text.trim()
        .chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | 'x' | 'X' | ':' | '=' | ' ' | '-'))
        .map(|c| if c == '0' { 'O' } else { c })
        .collect()
}

/// The legal move `text` names in `pos`: SAN, UCI, or castling as the
/// king's move onto its own rook.
pub fn parse(pos: &Position, text: &str) -> Result<Move, SanError> {
    let t = text.trim();
    let shown = || t.chars().take(24).collect::<String>();
    if t.is_empty() || t.len() > 24 {
        return Err(SanError::Unknown(shown()));
    }
    let legal = pos.legal_moves();
    let compact: String = t
        .chars()
        .filter(|c| !matches!(c, '-' | 'x' | ':'))
        .collect();
    if let Some(m) = parse_uci(pos, &compact) {
        if legal.contains(&m) {
            return Ok(m);
        }
    }
    let want = plain(t);
    let full: Vec<(Move, String)> = legal.iter().map(|&m| (m, plain(&write(pos, m)))).collect();
    let exact: Vec<Move> = full
        .iter()
        .filter(|(_, s)| *s == want)
        .map(|&(m, _)| m)
        .collect();
    if let [m] = exact.as_slice() {
        return Ok(*m);
    }
    // Without the file or rank that tells pieces apart, or a pawn's
    // promotion without its piece: every move it may be.
    let loose: Vec<Move> = full
        .iter()
        .filter(|(m, _)| loose_form(pos, *m, false) == want || loose_form(pos, *m, true) == want)
        .map(|&(m, _)| m)
        .collect();
    match loose.as_slice() {
        [m] => Ok(*m),
        [] => Err(SanError::Unknown(shown())),
        many => Err(SanError::Ambiguous(
            many.iter().map(|&m| write(pos, m)).collect(),
        )),
    }
}

/// A move's SAN without disambiguation (and, with `no_promotion`,
/// without its promotion piece), decorations left out.
fn loose_form(pos: &Position, m: Move, no_promotion: bool) -> String {
    let mut s = String::new();
    match pos.piece_at(m.from) {
        Some(p) if p.kind != Kind::Pawn => {
            if pos.castle_of(m).is_some() {
                return plain(&write(pos, m));
            }
            s.push(p.kind.char());
        }
        _ => {
            if m.from.file() != m.to.file() {
                s.push(file_char(m.from));
            }
        }
    }
    s.push_str(&m.to.to_string());
    if let (Some(k), false) = (m.promotion, no_promotion) {
        s.push(k.char());
    }
    s
}

/// UCI text (`e2e4`, `e7e8q`), with castling onto the rook read as the
/// king's two-square move.
fn parse_uci(pos: &Position, t: &str) -> Option<Move> {
    let b = t.as_bytes();
    if !(4..=5).contains(&b.len()) || !t.is_ascii() {
        return None;
    }
    let from = Square::parse(&t[0..2])?;
    let to = Square::parse(&t[2..4])?;
    let promotion = match b.get(4) {
        None => None,
        Some(&c) => Some(Kind::from_char(c as char).filter(|k| Kind::PROMOTIONS.contains(k))?),
    };
    if promotion.is_none() {
        if let Some(c) = castle_onto_rook(pos, from, to) {
            return Some(Move::new(c.king_from, c.king_to));
        }
    }
    Some(Move {
        from,
        to,
        promotion,
    })
}

/// The castling meant by the king moving from `from` onto its own corner
/// piece on `to`, if that is one.
pub fn castle_onto_rook(pos: &Position, from: Square, to: Square) -> Option<Castle> {
    let king = pos.piece_at(from).filter(|p| p.kind == Kind::King)?;
    pos.piece_at(to).filter(|p| p.color == king.color)?;
    Castle::ALL
        .into_iter()
        .find(|c| c.king_from == from && c.corner == to)
}
