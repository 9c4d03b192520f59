//! The rules of both games: pure, no web code.
//!
//! - `xiangqi/`: Jieqi, Cờ úp and standard xiangqi (RULES.md sections 1-4).
//! - `chess/`: hidden chess and standard chess (RULES.md section 5).
//! - shared by both: the sides and seats (`side`) and the fair identity
//!   draws (`draws`).
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
