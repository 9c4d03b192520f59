//! Jieqi / Cờ úp / standard xiangqi: the 9x10 board, its four rule sets,
//! FEN and move text (RULES.md sections 1-4). Pure, no web code.

pub mod attacks;
pub mod chase;
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

pub use game::{Captured, Game, RestoreError, View};
pub use outcome::{Outcome, Reason};
pub use piece::{Piece, Role};
pub use position::{Move, MoveList, PlayError, Played, Pool, Position};
pub use ruleset::RuleSet;
pub use square::Square;
