//! Machine move text: `h2e2`, plus letters for what became known
//! (`h2e2C`: revealed a red cannon; `b2b9Nr`: revealed a red horse and
//! captured a face-down black chariot).

use std::fmt;

use super::piece::{Color, Role};
use super::position::{Move, Played, Position};
use super::square::Square;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    Syntax(String),
    NoPiece(Square),
    NotYourPiece(Square),
    Illegal(String),
    /// A face-down mover needs its reveal letter; a face-up one must not have one.
    Reveal(String),
    Capture(String),
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Syntax(s) => write!(
                f,
                "'{s}' is not move text (expected e.g. h2e2, h2e2C or b2b9Nr)"
            ),
            ParseMoveError::NoPiece(sq) => write!(f, "there is no piece on {sq}"),
            ParseMoveError::NotYourPiece(sq) => {
                write!(f, "the piece on {sq} belongs to the side not to move")
            }
            ParseMoveError::Illegal(s) => write!(f, "{s} is not a legal move here"),
            ParseMoveError::Reveal(s) => write!(
                f,
                "{s}: the reveal letter is missing, wrong or not available in the pool"
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
    /// Letters after the squares, with the colour their case gives.
    pub letters: [Option<(Color, Role)>; 2],
}

pub fn parse(text: &str) -> Result<MoveText, ParseMoveError> {
    let t = text.trim();
    let err = || ParseMoveError::Syntax(crate::rules::shown(t, 40));
    if !t.is_ascii() || t.len() < 4 || t.len() > 6 {
        return Err(err());
    }
    let from = Square::parse(&t[0..2]).ok_or_else(err)?;
    let to = Square::parse(&t[2..4]).ok_or_else(err)?;
    let mut letters = [None, None];
    for (i, ch) in t[4..].chars().enumerate() {
        let role = Role::from_char(ch)
            .filter(|r| *r != Role::General)
            .ok_or_else(err)?;
        let color = if ch.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        letters[i] = Some((color, role));
    }
    if from == to {
        return Err(err());
    }
    Ok(MoveText {
        mv: Move::new(from, to),
        letters,
    })
}

impl MoveText {
    /// The letters as (what the mover `us` reveals, what it captures): at
    /// most one of the mover's colour, then at most one of the other;
    /// `None` for any other arrangement.
    pub fn split_letters(&self, us: Color) -> Option<(Option<Role>, Option<Role>)> {
        let (mut reveal, mut capture) = (None, None);
        for (c, r) in self.letters.into_iter().flatten() {
            if c == us && reveal.is_none() && capture.is_none() {
                reveal = Some(r);
            } else if c != us && capture.is_none() {
                capture = Some(r);
            } else {
                return None;
            }
        }
        Some((reveal, capture))
    }
}

/// What a move text means in `pos`: the move, its reveal and captured identity.
pub fn resolve(
    pos: &Position,
    text: &str,
) -> Result<(Move, Option<Role>, Option<Role>), ParseMoveError> {
    let mt = parse(text)?;
    let m = mt.mv;
    let piece = pos
        .piece_at(m.from)
        .ok_or(ParseMoveError::NoPiece(m.from))?;
    if piece.color != pos.turn() {
        return Err(ParseMoveError::NotYourPiece(m.from));
    }
    if !pos.is_legal(m) {
        return Err(ParseMoveError::Illegal(m.to_string()));
    }
    let us = piece.color;
    let (reveal, capture) = mt
        .split_letters(us)
        .ok_or_else(|| ParseMoveError::Syntax(crate::rules::shown(text.trim(), 40)))?;
    if piece.hidden != reveal.is_some() || reveal.is_some_and(|r| pos.pool(us).get(r) == 0) {
        return Err(ParseMoveError::Reveal(text.trim().to_string()));
    }
    if let Some(r) = capture {
        match pos.piece_at(m.to) {
            // Never where nobody learns a captured identity (ChessPlayX).
            Some(c)
                if c.hidden && pos.rules().capturer_learns() && pos.pool(c.color).get(r) > 0 => {}
            _ => return Err(ParseMoveError::Capture(text.trim().to_string())),
        }
    }
    Ok((m, reveal, capture))
}

fn letter(c: Color, r: Role) -> char {
    match c {
        Color::Red => r.char(),
        Color::Black => r.char().to_ascii_lowercase(),
    }
}

/// Write a played move for a reader; `knows_capture` says whether this
/// reader learns a captured face-down identity.
pub fn write(p: &Played, knows_capture: bool) -> String {
    let mut s = p.mv.to_string();
    if let Some(r) = p.reveal {
        s.push(letter(p.piece.color, r));
    }
    if let (Some(c), Some(id), true) = (p.captured, p.capture_id, knows_capture) {
        if c.hidden {
            s.push(letter(c.color, id));
        }
    }
    s
}
