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
/// king's move onto its own rook. Case is forgiven when that leaves one
/// move: the text as typed is read first (`bxc3` is the b-pawn, `Bxc3`
/// the bishop), then, if it names nothing, as a pawn move (`E4`, `BXC3`)
/// and as a piece move (`nf3`, `NF3`, `o-o`); two different moves from
/// those two readings are ambiguous.
pub fn parse(pos: &Position, text: &str) -> Result<Move, SanError> {
    let t = text.trim();
    let shown = || crate::rules::shown(t, 24);
    if t.is_empty() || t.len() > 24 {
        return Err(SanError::Unknown(shown()));
    }
    let legal = pos.legal_moves();
    // UCI and coordinates carry no piece letter: any case reads the same.
    let compact: String = t
        .chars()
        .filter(|c| !matches!(c, '-' | 'x' | 'X' | ':'))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if let Some(m) = parse_uci(pos, &compact) {
        if legal.contains(&m) {
            return Ok(m);
        }
    }
    let full: Vec<(Move, String)> = legal.iter().map(|&m| (m, plain(&write(pos, m)))).collect();
    match read_san(pos, &full, &plain(t)) {
        Err(SanError::Unknown(_)) => {}
        found => return found,
    }
    // Another case: as a pawn move, then as a piece move.
    let mut found: Vec<Move> = Vec::new();
    let mut ambiguous = None;
    for want in [pawn_case(t), piece_case(t)] {
        match read_san(pos, &full, &want) {
            Ok(m) if !found.contains(&m) => found.push(m),
            Ok(_) => {}
            Err(SanError::Ambiguous(c)) => ambiguous = ambiguous.or(Some(c)),
            Err(SanError::Unknown(_)) => {}
        }
    }
    match (found.as_slice(), ambiguous) {
        ([m], None) => Ok(*m),
        ([], None) => Err(SanError::Unknown(shown())),
        (_, Some(mut c)) => {
            for &m in &found {
                let text = write(pos, m);
                if !c.contains(&text) {
                    c.push(text);
                }
            }
            Err(SanError::Ambiguous(c))
        }
        (many, None) => Err(SanError::Ambiguous(
            many.iter().map(|&m| write(pos, m)).collect(),
        )),
    }
}

/// The move `want` (SAN, decorations left out) names among the legal
/// moves and their plain SAN `full`: exactly, or without the file or rank
/// that tells pieces apart, or a promotion without its piece.
fn read_san(pos: &Position, full: &[(Move, String)], want: &str) -> Result<Move, SanError> {
    let exact: Vec<Move> = full
        .iter()
        .filter(|(_, s)| s == want)
        .map(|&(m, _)| m)
        .collect();
    if let [m] = exact.as_slice() {
        return Ok(*m);
    }
    let loose: Vec<Move> = full
        .iter()
        .filter(|(m, _)| loose_form(pos, *m, false) == want || loose_form(pos, *m, true) == want)
        .map(|&(m, _)| m)
        .collect();
    match loose.as_slice() {
        [m] => Ok(*m),
        [] => Err(SanError::Unknown(want.to_string())),
        many => Err(SanError::Ambiguous(
            many.iter().map(|&m| write(pos, m)).collect(),
        )),
    }
}

/// `t` read as a pawn move: files and squares in lower case, a promotion
/// piece (the last letter, after a rank) in upper case.
fn pawn_case(t: &str) -> String {
    let mut s: Vec<char> = plain(&t.to_ascii_lowercase()).chars().collect();
    let n = s.len();
    if n >= 2 && s[n - 2].is_ascii_digit() && "qrbn".contains(s[n - 1]) {
        s[n - 1] = s[n - 1].to_ascii_uppercase();
    }
    s.into_iter().collect()
}

/// `t` read as a piece move (or castling): the first letter in upper
/// case, the rest in lower case.
fn piece_case(t: &str) -> String {
    let p = plain(t);
    if !p.is_empty() && p.chars().all(|c| matches!(c, 'o' | 'O')) {
        return p.to_ascii_uppercase();
    }
    let mut chars = p.chars();
    match chars.next() {
        Some(c) => c
            .to_ascii_uppercase()
            .to_string()
            .chars()
            .chain(chars.map(|c| c.to_ascii_lowercase()))
            .collect(),
        None => p,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::{fen, Variant};

    fn pos(text: &str) -> Position {
        fen::parse(text, Variant::Chess).expect("test FEN")
    }

    fn mv(uci: &str) -> Move {
        let sq = |s: &str| Square::parse(s).expect("test square");
        Move::new(sq(&uci[0..2]), sq(&uci[2..4]))
    }

    #[test]
    fn any_case_reads_when_one_move_fits() {
        let p = Position::start(false);
        for (typed, uci) in [
            ("Nf3", "g1f3"),
            ("nf3", "g1f3"),
            ("NF3", "g1f3"),
            ("nF3", "g1f3"),
            ("e4", "e2e4"),
            ("E4", "e2e4"),
            ("E2E4", "e2e4"),
            ("g1F3", "g1f3"),
        ] {
            assert_eq!(parse(&p, typed), Ok(mv(uci)), "{typed}");
        }
        assert!(matches!(parse(&p, "nf4"), Err(SanError::Unknown(_))));
        assert!(matches!(parse(&p, "zz9"), Err(SanError::Unknown(_))));
    }

    #[test]
    fn a_lower_case_b_is_the_pawn_first_and_upper_case_text_may_be_either() {
        // The b2 pawn and the e5 bishop can both take on c3.
        let p = pos("4k3/8/8/4B3/8/2n5/1P6/4K3 w - - 0 1");
        assert_eq!(parse(&p, "bxc3"), Ok(mv("b2c3")));
        assert_eq!(parse(&p, "bc3"), Ok(mv("b2c3")));
        assert_eq!(parse(&p, "Bxc3"), Ok(mv("e5c3")));
        assert_eq!(parse(&p, "Bc3"), Ok(mv("e5c3")));
        match parse(&p, "BXC3") {
            Err(SanError::Ambiguous(c)) => {
                assert_eq!(c.len(), 2, "{c:?}");
                assert!(c.contains(&"bxc3".to_string()) && c.contains(&"Bxc3".to_string()));
            }
            other => panic!("BXC3 is ambiguous here: {other:?}"),
        }
        // Without the pawn's capture, lower case `b` is the bishop.
        let p = pos("4k3/8/8/4B3/8/8/1P6/4K3 w - - 0 1");
        assert_eq!(parse(&p, "bc3"), Ok(mv("e5c3")));
        assert_eq!(parse(&p, "bd6"), Ok(mv("e5d6")));
        assert_eq!(parse(&p, "b4"), Ok(mv("b2b4")));
    }

    #[test]
    fn castling_and_promotion_in_any_case() {
        let p = pos("4k3/P7/8/8/8/8/8/4K2R w K - 0 1");
        for typed in ["O-O", "o-o", "0-0", "oo"] {
            assert_eq!(parse(&p, typed), Ok(mv("e1g1")), "{typed}");
        }
        let queen = Move {
            promotion: Some(Kind::Queen),
            ..mv("a7a8")
        };
        for typed in ["a8=Q", "a8=q", "A8Q", "a8q", "a7a8q", "A7A8Q"] {
            assert_eq!(parse(&p, typed), Ok(queen), "{typed}");
        }
        // A promotion without its piece names four moves.
        assert!(matches!(parse(&p, "a8"), Err(SanError::Ambiguous(c)) if c.len() == 4));
    }
}
