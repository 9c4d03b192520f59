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

use crate::rules::chess::{self, Variant};
use crate::rules::{Color, Game, Outcome, Position, RestoreError, RuleSet};
use crate::session::clock::{Clock, ClockError};
use crate::session::config::{Opponent, Takebacks};
use crate::session::export::{settle_result, ResultError};

/// The format written today. Version 1 (no take-backs, clock or result)
/// is still read: its missing fields take their defaults.
pub const VERSION: u32 = 2;
/// The versions `resume` reads.
pub const READABLE: [u32; 2] = [1, 2];
/// Longer records are refused (the same bound as exported games).
pub const MAX_PLIES: usize = crate::session::export::MAX_MOVES;

fn fair() -> String {
    Takebacks::Fair.id().into()
}

fn no_result<O>() -> Option<O> {
    None
}

/// A saved chess or hidden-chess game (its result is a chess outcome).
pub type SavedChess = SavedGame<chess::Outcome>;

/// Is a stored game, whatever its result type, a chess one? (Read before
/// the whole record, to choose which one to read.)
pub fn is_chess_rules(rules: &str) -> bool {
    Variant::from_id(rules).is_some()
}

/// `O` is the result's type: the Jieqi family's outcome (the default) or
/// chess's ([`SavedChess`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame<O = Outcome> {
    pub version: u32,
    /// A rule set id: `jieqi`, `chessplayx`, `vietnam`, `xiangqi`; or a
    /// chess variant: `chess`, `hidden-chess`.
    pub rules: String,
    /// `human` or an AI level id (`beginner`, `easy`, `medium`, `hard`).
    pub opponent: String,
    /// The player's side against the AI: `red` | `black`.
    pub human: String,
    /// Move text, as the saving seat knows it.
    pub moves: Vec<String>,
    /// `fair` | `casual` | `off` (version 1: `fair`).
    #[serde(default = "fair")]
    pub takebacks_policy: String,
    /// How many moves were taken back.
    #[serde(default)]
    pub takebacks: u32,
    /// The clocks, if the game is timed. A running clock is resumed
    /// stopped: its start is a reading of the page that saved it.
    #[serde(default)]
    pub clock: Option<Clock>,
    /// How the game ended. A result the moves imply is recomputed and must
    /// agree; one they do not (resignation, time) is kept.
    #[serde(default = "no_result")]
    pub result: Option<O>,
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
    ChessRecord(chess::ReplayError),
    Takebacks(String),
    Clock(ClockError),
    Result(ResultError),
    /// A chess result the moves contradict, or that cannot end the game.
    ChessResult,
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
            SavedError::ChessRecord(e) => write!(f, "{e}"),
            SavedError::Takebacks(t) => {
                write!(f, "unknown take-back policy '{}'", short(t))
            }
            SavedError::Clock(e) => write!(f, "clock: {e}"),
            SavedError::Result(e) => write!(f, "result: {e}"),
            SavedError::ChessResult => write!(f, "result: the moves do not lead to it"),
        }
    }
}

impl std::error::Error for SavedError {}

/// A saved game read back: the game and how it is played.
pub struct Resumed<G = Game> {
    /// With its result, whether the moves imply it or it was adjudicated.
    pub game: G,
    pub opponent: Opponent,
    pub human: Color,
    pub takebacks_policy: Takebacks,
    /// How many moves were taken back.
    pub takebacks: u32,
    /// Stopped: the session starts it again.
    pub clock: Option<Clock>,
}

impl Resumed<()> {
    /// The checked fields with the game replayed from the moves.
    fn with_game<G>(self, game: G) -> Resumed<G> {
        Resumed {
            game,
            opponent: self.opponent,
            human: self.human,
            takebacks_policy: self.takebacks_policy,
            takebacks: self.takebacks,
            clock: self.clock,
        }
    }
}

impl SavedGame {
    /// An untimed game with fair take-backs, none taken yet, no result
    /// besides what the moves imply (see the `with_` methods).
    pub fn new(rules: RuleSet, opponent: Opponent, human: Color, moves: Vec<String>) -> SavedGame {
        SavedGame::with_rules(rules.id(), opponent, human, moves)
    }
}

impl SavedChess {
    /// A chess game (see [`SavedGame::new`]).
    pub fn new_chess(
        variant: Variant,
        opponent: Opponent,
        human: Color,
        moves: Vec<String>,
    ) -> SavedChess {
        SavedGame::with_rules(variant.id(), opponent, human, moves)
    }

    /// Check every field and replay the record (`chess::Game::restore`).
    pub fn resume_chess(&self) -> Result<Resumed<chess::Game>, SavedError> {
        if !READABLE.contains(&self.version) {
            return Err(SavedError::Version(self.version));
        }
        let variant =
            Variant::from_id(&self.rules).ok_or_else(|| SavedError::Rules(self.rules.clone()))?;
        let fields = self.check_fields()?;
        let mut game = chess::Game::restore(variant, variant.start(), &self.moves)
            .map_err(SavedError::ChessRecord)?;
        crate::session::chess_record::settle_result(&mut game, self.result)
            .map_err(|_| SavedError::ChessResult)?;
        Ok(fields.with_game(game))
    }
}

impl<O> SavedGame<O> {
    fn with_rules(
        rules: &str,
        opponent: Opponent,
        human: Color,
        moves: Vec<String>,
    ) -> SavedGame<O> {
        SavedGame {
            version: VERSION,
            rules: rules.into(),
            opponent: opponent.id().into(),
            human: human.name().into(),
            moves,
            takebacks_policy: fair(),
            takebacks: 0,
            clock: None,
            result: None,
        }
    }

    pub fn with_takebacks(mut self, policy: Takebacks, taken: u32) -> SavedGame<O> {
        self.takebacks_policy = policy.id().into();
        self.takebacks = taken;
        self
    }

    pub fn with_clock(mut self, clock: Option<Clock>) -> SavedGame<O> {
        self.clock = clock;
        self
    }

    /// The game's result (a resignation or a loss on time must be saved;
    /// one the moves imply may be).
    pub fn with_result(mut self, result: Option<O>) -> SavedGame<O> {
        self.result = result;
        self
    }

    /// The fields both kinds of game share, checked: all of the game
    /// read back but the game itself.
    fn check_fields(&self) -> Result<Resumed<()>, SavedError> {
        if !READABLE.contains(&self.version) {
            return Err(SavedError::Version(self.version));
        }
        let opponent = Opponent::parse(&self.opponent)
            .ok_or_else(|| SavedError::Opponent(self.opponent.clone()))?;
        let human = match self.human.as_str() {
            "red" => Color::Red,
            "black" => Color::Black,
            _ => return Err(SavedError::Side(self.human.clone())),
        };
        let takebacks_policy = Takebacks::from_id(&self.takebacks_policy)
            .ok_or_else(|| SavedError::Takebacks(self.takebacks_policy.clone()))?;
        let clock = match &self.clock {
            Some(c) => {
                c.check().map_err(SavedError::Clock)?;
                Some(Clock {
                    running: None,
                    ..c.clone()
                })
            }
            None => None,
        };
        if self.moves.len() > MAX_PLIES {
            return Err(SavedError::TooLong(self.moves.len()));
        }
        Ok(Resumed {
            game: (),
            opponent,
            human,
            takebacks_policy,
            takebacks: self.takebacks,
            clock,
        })
    }
}

impl SavedGame {
    /// Check every field and replay the record (`Game::restore`).
    pub fn resume(&self) -> Result<Resumed, SavedError> {
        if !READABLE.contains(&self.version) {
            return Err(SavedError::Version(self.version));
        }
        let rules =
            RuleSet::from_id(&self.rules).ok_or_else(|| SavedError::Rules(self.rules.clone()))?;
        let fields = self.check_fields()?;
        let mut game =
            Game::restore(Position::start(rules), &self.moves).map_err(SavedError::Record)?;
        settle_result(&mut game, self.result).map_err(SavedError::Result)?;
        Ok(fields.with_game(game))
    }
}
