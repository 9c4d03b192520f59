//! The rules of Jieqi / Cờ úp / xiangqi: pure, no web code.

pub mod attacks;
pub mod chase;
pub mod chess;
mod draws;
pub mod fen;
pub mod game;
pub mod movetext;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod piece;
pub mod position;
pub mod ruleset;
pub mod square;
mod zobrist;

pub use game::{Captured, Game, NoRandomness, RestoreError, Seat, View};
pub use outcome::{Outcome, Reason};
pub use piece::{Color, Piece, Role};
pub use position::{Move, MoveList, PlayError, Played, Pool, Position};
pub use ruleset::RuleSet;
pub use square::Square;
