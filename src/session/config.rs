//! What a game is set up with, besides its rule set: who the opponent is
//! and which take-backs are allowed.

use crate::ai::Level;

/// Who plays against the player: an AI level or a second person on this
/// device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    Human,
    Ai(Level),
}

impl Opponent {
    /// `human` or a level id (`easy`, `medium`, ...).
    pub fn parse(s: &str) -> Option<Opponent> {
        if s == "human" {
            Some(Opponent::Human)
        } else {
            Level::from_id(s).map(Opponent::Ai)
        }
    }

    /// The text [`Opponent::parse`] reads back.
    pub fn id(self) -> &'static str {
        match self {
            Opponent::Human => "human",
            Opponent::Ai(l) => l.id(),
        }
    }

    /// The AI's level; `None` between two people.
    pub fn level(self) -> Option<Level> {
        match self {
            Opponent::Ai(l) => Some(l),
            Opponent::Human => None,
        }
    }
}

/// Which moves may be taken back.
///
/// - `Fair` (the default): only a move that revealed nothing and captured
///   no face-down piece, so a take-back never lets anyone draw a hidden
///   identity again or learn one for free.
/// - `Casual`: any move; a reveal that is played again is drawn afresh.
/// - `Off`: none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Takebacks {
    #[default]
    Fair,
    Casual,
    Off,
}

impl Takebacks {
    pub const ALL: [Takebacks; 3] = [Takebacks::Fair, Takebacks::Casual, Takebacks::Off];

    pub fn id(self) -> &'static str {
        match self {
            Takebacks::Fair => "fair",
            Takebacks::Casual => "casual",
            Takebacks::Off => "off",
        }
    }

    pub fn from_id(s: &str) -> Option<Takebacks> {
        Takebacks::ALL.into_iter().find(|t| t.id() == s)
    }
}
