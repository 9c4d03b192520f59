//! Chess move text (RULES.md section 5): the UCI move (`e2e4`, `e7e8q`,
//! castling as the king's move `e1g1`), then one UPPERCASE letter for what
//! a face-down mover (for castling: the corner piece) turns out to be, then
//! `x` and one UPPERCASE letter for a captured face-down piece whose
//! identity the reader learns: `b1c3B`, `e1g1P`, `a1a8qP`, `d1d7QxN`.

use std::fmt;

use super::position::{PlayError, Played, Position};
use super::types::{Kind, Move, Square};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    Syntax(String),
    NoPiece(Square),
    NotYourPiece(Square),
    Illegal(String),
    /// A face-down piece turned up needs its letter; nothing else takes one.
    Reveal(String),
    /// The promotion letter is missing, not allowed or not a promotion piece.
    Promotion(String),
    Capture(String),
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Syntax(s) => write!(
                f,
                "'{s}' is not move text (expected e.g. e2e4, e7e8q, b1c3B, a1a8qP or d1d7QxN)"
            ),
            ParseMoveError::NoPiece(sq) => write!(f, "there is no piece on {sq}"),
            ParseMoveError::NotYourPiece(sq) => {
                write!(f, "the piece on {sq} belongs to the side not to move")
            }
            ParseMoveError::Illegal(s) => write!(f, "{s} is not a legal move here"),
            ParseMoveError::Reveal(s) => write!(
                f,
                "{s}: the reveal letter is missing, not needed, or not among the unknown identities"
            ),
            ParseMoveError::Promotion(s) => write!(
                f,
                "{s}: a pawn reaching the last rank needs a promotion letter (q, r, b, n), \
                 and no other move takes one"
            ),
            ParseMoveError::Capture(s) => {
                write!(f, "{s}: the captured letter does not fit this position")
            }
        }
    }
}
impl std::error::Error for ParseMoveError {}

/// Move text split into its parts, before it is checked against a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveText {
    pub mv: Move,
    pub reveal: Option<Kind>,
    pub capture: Option<Kind>,
}

fn identity(ch: u8) -> Option<Kind> {
    match ch {
        b'P' | b'N' | b'B' | b'R' | b'Q' => Kind::from_char(ch as char),
        _ => None,
    }
}

/// Read move text (no position needed).
pub fn parse(text: &str) -> Result<MoveText, ParseMoveError> {
    let t = text.trim();
    let err = || ParseMoveError::Syntax(t.chars().take(40).collect());
    if !t.is_ascii() || t.len() < 4 || t.len() > 8 {
        return Err(err());
    }
    let from = Square::parse(&t[0..2]).ok_or_else(err)?;
    let to = Square::parse(&t[2..4]).ok_or_else(err)?;
    if from == to {
        return Err(err());
    }
    let rest = &t.as_bytes()[4..];
    let mut i = 0;
    let mut mv = Move::new(from, to);
    if let Some(&c @ (b'q' | b'r' | b'b' | b'n')) = rest.first() {
        mv.promotion = Kind::from_char(c as char);
        i += 1;
    }
    let mut reveal = None;
    if let Some(k) = rest.get(i).and_then(|&c| identity(c)) {
        reveal = Some(k);
        i += 1;
    }
    let mut capture = None;
    if rest.get(i) == Some(&b'x') {
        capture = Some(rest.get(i + 1).and_then(|&c| identity(c)).ok_or_else(err)?);
        i += 2;
    }
    if i != rest.len() {
        return Err(err());
    }
    Ok(MoveText {
        mv,
        reveal,
        capture,
    })
}

/// What a move text means in `pos`: the move, its reveal and captured identity.
pub fn resolve(
    pos: &Position,
    text: &str,
) -> Result<(Move, Option<Kind>, Option<Kind>), ParseMoveError> {
    let mt = parse(text)?;
    let m = mt.mv;
    let piece = pos
        .piece_at(m.from)
        .ok_or(ParseMoveError::NoPiece(m.from))?;
    if piece.color != pos.turn() {
        return Err(ParseMoveError::NotYourPiece(m.from));
    }
    let t = || text.trim().chars().take(40).collect::<String>();
    pos.check_identities(m, mt.reveal, mt.capture)
        .map_err(|e| match e {
            PlayError::BadReveal(_) => ParseMoveError::Reveal(t()),
            PlayError::BadPromotion(_) => ParseMoveError::Promotion(t()),
            PlayError::BadCaptureId(_) => ParseMoveError::Capture(t()),
            _ => ParseMoveError::Illegal(t()),
        })?;
    Ok((m, mt.reveal, mt.capture))
}

/// Write a played move for a reader; `knows_capture` says whether this
/// reader learns a captured face-down identity.
pub fn write(p: &Played, knows_capture: bool) -> String {
    let mut s = p.mv.to_string();
    if let Some(k) = p.reveal {
        s.push(k.char());
    }
    if let (Some(c), Some(id), true) = (p.captured, p.capture_id, knows_capture) {
        if c.hidden {
            s.push('x');
            s.push(id.char());
        }
    }
    s
}
