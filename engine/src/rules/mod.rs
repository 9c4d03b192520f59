//! The rules of both games: pure, no web code.
//!
//! - `xiangqi/`: Jieqi, Cờ úp and standard xiangqi (RULES.md sections 1-4).
//! - `chess/`: hidden chess and standard chess (RULES.md section 5).
//! - shared by both: the sides and seats (`side`), the fair identity
//!   draws (`draws`) and the repetition keys the search reads
//!   ([`repetition_key`]).
//!
//! The xiangqi family was the first game: its main types are re-exported
//! here (`rules::Position` is the xiangqi position, `rules::chess::Position`
//! the chess one).

pub mod chess;
pub mod draws;
pub mod side;
pub mod xiangqi;

pub use draws::NoRandomness;
pub use side::{Color, Seat};
pub use xiangqi::{
    Captured, Game, Move, MoveList, Outcome, Piece, PlayError, Played, Pool, Position, Reason,
    RestoreError, Role, RuleSet, Square, View,
};

/// A position's key for the search's repetition rule: its public key with
/// bit 0 telling whether the side to move is in check (so whether the move
/// into it gave check). The in-check state is a property of the position,
/// so equal positions still have equal keys; and a search whose repetition
/// reaches back before its root can still tell a perpetual check, which
/// loses under some rule sets, from a plain repetition.
#[inline]
pub fn repetition_key(public_hash: u64, in_check: bool) -> u64 {
    public_hash & !1 | in_check as u64
}
