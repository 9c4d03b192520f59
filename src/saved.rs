//! The saved game: a typed record (serde) and its strict, pure resume.
//!
//! The page keeps one `SavedGame` as JSON; reading the JSON happens at the
//! edge (the browser's parser in the page, `serde_json` natively), and
//! everything after that is here so it is tested and fuzzed natively.
//! Against the AI the record holds only the player's knowledge: a captured
//! identity only the AI learned is left out, and `Game::restore` draws it
//! again from what the record leaves possible.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::rules::{Color, Game, Position, RestoreError, RuleSet};

/// The format written today.
pub const VERSION: u32 = 1;
/// Longer records are refused (a game ends long before: 120 plies without
/// progress, threefold repetition).
pub const MAX_PLIES: usize = 4000;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    pub version: u32,
    /// A rule set id: `jieqi`, `chessplayx`, `vietnam`, `xiangqi`.
    pub rules: String,
    /// `beginner` | `easy` | `medium` | `hard` | `human`
    pub opponent: String,
    /// The player's side against the AI: `red` | `black`.
    pub human: String,
    /// Move text, as the saving seat knows it.
    pub moves: Vec<String>,
}

/// Why a saved game cannot be resumed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavedError {
    Version(u32),
    Rules(String),
    Opponent(String),
    Side(String),
    TooLong(usize),
    Record(RestoreError),
}

impl fmt::Display for SavedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let short = |s: &str| s.chars().take(24).collect::<String>();
        match self {
            SavedError::Version(v) => write!(f, "saved by another version ({v})"),
            SavedError::Rules(r) => write!(f, "unknown rules '{}'", short(r)),
            SavedError::Opponent(o) => write!(f, "unknown opponent '{}'", short(o)),
            SavedError::Side(s) => write!(f, "unknown side '{}'", short(s)),
            SavedError::TooLong(n) => write!(f, "{n} moves is more than a game can hold"),
            SavedError::Record(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SavedError {}

/// A saved game read back: the game and who plays it.
pub struct Resumed {
    pub game: Game,
    /// `None`: two people on one device.
    pub opponent: Option<Level>,
    pub human: Color,
}

impl SavedGame {
    pub fn new(
        rules: RuleSet,
        opponent: Option<Level>,
        human: Color,
        moves: Vec<String>,
    ) -> SavedGame {
        SavedGame {
            version: VERSION,
            rules: rules.id().into(),
            opponent: opponent.map_or("human", |l| l.id()).into(),
            human: human.name().into(),
            moves,
        }
    }

    /// Check every field and replay the record (`Game::restore`).
    pub fn resume(&self) -> Result<Resumed, SavedError> {
        if self.version != VERSION {
            return Err(SavedError::Version(self.version));
        }
        let rules =
            RuleSet::from_id(&self.rules).ok_or_else(|| SavedError::Rules(self.rules.clone()))?;
        let opponent = match self.opponent.as_str() {
            "human" => None,
            o => {
                Some(Level::from_id(o).ok_or_else(|| SavedError::Opponent(self.opponent.clone()))?)
            }
        };
        let human = match self.human.as_str() {
            "red" => Color::Red,
            "black" => Color::Black,
            _ => return Err(SavedError::Side(self.human.clone())),
        };
        if self.moves.len() > MAX_PLIES {
            return Err(SavedError::TooLong(self.moves.len()));
        }
        let game =
            Game::restore(Position::start(rules), &self.moves).map_err(SavedError::Record)?;
        Ok(Resumed {
            game,
            opponent,
            human,
        })
    }
}
