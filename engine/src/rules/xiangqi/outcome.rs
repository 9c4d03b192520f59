//! How a game ends.

use serde::{Deserialize, Serialize};

use super::piece::Color;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reason {
    Checkmate,
    NoLegalMove,
    Repetition,
    PerpetualCheck,
    PerpetualChase,
    NoProgress,
    Resignation,
    Time,
    /// A match engine crashed, hung or sent an illegal move.
    Forfeit,
}

impl Reason {
    pub fn text(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::NoLegalMove => "no legal move",
            Reason::Repetition => "threefold repetition",
            Reason::PerpetualCheck => "perpetual check",
            Reason::PerpetualChase => "perpetual chase",
            Reason::NoProgress => "no-progress limit",
            Reason::Resignation => "resignation",
            Reason::Time => "time",
            Reason::Forfeit => "forfeit",
        }
    }
}

/// The result: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: Reason,
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.winner {
            Some(c) => write!(f, "{} wins by {}", c.name(), self.reason.text()),
            None => write!(f, "draw by {}", self.reason.text()),
        }
    }
}
