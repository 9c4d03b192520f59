//! Chess move text (RULES.md section 5): the UCI move (`e2e4`, `e7e8q`,
//! castling as the king's move `e1g1`), then one UPPERCASE letter for what
//! a face-down mover (for castling: the corner piece) turns out to be, then
//! `x` and one UPPERCASE letter for a captured face-down piece whose
//! identity the reader learns: `b1c3B`, `e1g1P`, `a1a8qP`, `d1d7QxN`.

use std::fmt;

use super::position::{Castle, PlayError, Played, Position};
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
    /// An engine's move named an identity (only the referee draws them).
    Identity(String),
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
                 as does a face-down piece reaching it that may turn out a pawn (a1a8q); \
                 no other move takes one"
            ),
            ParseMoveError::Identity(s) => write!(
                f,
                "{s}: an engine sends the plain UCI move, without identity letters \
                 (the referee draws what a face-down piece turns out to be)"
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
    let err = || ParseMoveError::Syntax(crate::rules::shown(t, 40));
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

/// Read move text as GUIs also write it, where that is unambiguous: an
/// uppercase promotion letter on a face-up pawn's move (`e7e8Q`, since a
/// face-up mover reveals nothing), and castling as the king moving onto
/// its own corner piece (`e1h1`, Chess960 style) when that castling is
/// legal.
pub fn parse_lenient(pos: &Position, text: &str) -> Result<MoveText, ParseMoveError> {
    let mut mt = parse(text)?;
    let Some(piece) = pos.piece_at(mt.mv.from) else {
        return Ok(mt);
    };
    if !piece.hidden
        && piece.kind == Kind::Pawn
        && mt.mv.promotion.is_none()
        && mt.mv.to.relative_rank(piece.color) == 7
    {
        if let Some(k) = mt.reveal.filter(|k| Kind::PROMOTIONS.contains(k)) {
            mt.mv.promotion = Some(k);
            mt.reveal = None;
        }
    }
    if piece.kind == Kind::King && mt.mv.promotion.is_none() {
        let own_corner = pos
            .piece_at(mt.mv.to)
            .is_some_and(|q| q.color == piece.color);
        if own_corner {
            let castle = Castle::ALL
                .into_iter()
                .find(|c| c.king_from == mt.mv.from && c.corner == mt.mv.to);
            if let Some(c) = castle {
                let m = Move::new(mt.mv.from, c.king_to);
                if pos.is_legal(m) {
                    mt.mv = m;
                }
            }
        }
    }
    Ok(mt)
}

/// What a move text means in `pos`: the move, its reveal and captured
/// identity. A promotion letter on a face-down mover that turns out not a
/// pawn is dropped (`a1a8qR` is `a1a8R`).
pub fn resolve(
    pos: &Position,
    text: &str,
) -> Result<(Move, Option<Kind>, Option<Kind>), ParseMoveError> {
    let mt = parse_lenient(pos, text)?;
    let mut m = mt.mv;
    let piece = pos
        .piece_at(m.from)
        .ok_or(ParseMoveError::NoPiece(m.from))?;
    if piece.color != pos.turn() {
        return Err(ParseMoveError::NotYourPiece(m.from));
    }
    let t = || crate::rules::shown(text.trim(), 40);
    pos.check_identities(m, mt.reveal, mt.capture)
        .map_err(|e| match e {
            PlayError::BadReveal(_) => ParseMoveError::Reveal(t()),
            PlayError::BadPromotion(_) => ParseMoveError::Promotion(t()),
            PlayError::BadCaptureId(_) => ParseMoveError::Capture(t()),
            _ => ParseMoveError::Illegal(t()),
        })?;
    if piece.hidden && mt.reveal != Some(Kind::Pawn) {
        m = m.base();
    }
    Ok((m, mt.reveal, mt.capture))
}

/// Check an engine's answer, or any move whose identities the referee is
/// to draw, before playing it: no identity letters, and a promotion
/// letter exactly when the move promotes or may promote (a face-down
/// mover reaching the last rank while its side may still turn up a pawn:
/// `a1a8q`; also allowed there when it cannot turn out a pawn). Returns
/// the move (read as [`parse_lenient`] does).
pub fn check_answer(pos: &Position, text: &str) -> Result<Move, ParseMoveError> {
    let mt = parse_lenient(pos, text)?;
    let t = || crate::rules::shown(text.trim(), 40);
    if mt.reveal.is_some() || mt.capture.is_some() {
        return Err(ParseMoveError::Identity(t()));
    }
    if !promotion_fits_before_reveal(pos, mt.mv) {
        return Err(ParseMoveError::Promotion(t()));
    }
    Ok(mt.mv)
}

/// Does the promotion letter of a move whose reveal is not known yet fit?
/// For a face-down mover it is needed when it may turn out a pawn on the
/// last rank, allowed there, refused elsewhere (a face-up mover's letter
/// is checked with its move: always true here).
pub fn promotion_fits_before_reveal(pos: &Position, m: Move) -> bool {
    if !pos.piece_at(m.from).is_some_and(|p| p.hidden) {
        return true;
    }
    match m.promotion {
        None => !pos.needs_promotion_before_reveal(m),
        Some(k) => pos.may_promote_on_reveal(m.base()) && Kind::PROMOTIONS.contains(&k),
    }
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
