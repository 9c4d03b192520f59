//! The AI. Its entry points take a seat's `View` (or a position that is
//! already one seat's knowledge, as UCI gives it), never the referee's game.

pub mod clock;
pub mod eval;
pub mod search;
pub mod tt;

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

pub use search::{Info, Limits, Noise, RootOptions, SearchResult, Searcher};

use crate::rules::{Move, View};

/// Levels as players see them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Level {
    /// Answers almost at once, plays loosely: good for learning.
    Easy,
    /// About a third of a second a move.
    #[default]
    Medium,
    /// About a second a move, no deliberate mistakes: the strongest.
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    pub fn id(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    pub fn from_id(s: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.id().eq_ignore_ascii_case(s.trim()))
    }

    /// Time, depth and deliberate imperfection of this level.
    pub fn limits(self) -> (Limits, i32) {
        match self {
            Level::Easy => (
                Limits {
                    movetime_ms: Some(60.0),
                    depth: Some(2),
                    nodes: None,
                },
                160,
            ),
            Level::Medium => (
                Limits {
                    movetime_ms: Some(330.0),
                    depth: Some(6),
                    nodes: None,
                },
                40,
            ),
            Level::Hard => (
                Limits {
                    movetime_ms: Some(1000.0),
                    depth: None,
                    nodes: None,
                },
                0,
            ),
        }
    }
}

/// Search a seat's position to a fixed depth with a fresh table (bench, tests).
pub fn search_to_depth(pos: &crate::rules::Position, depth: u32) -> SearchResult {
    let mut s = Searcher::new(16);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    s.search(pos, &[], limits, Noise::default(), &stop, &mut |_| {})
}

/// Choose a move for the seat that `view` belongs to.
pub fn think(
    searcher: &mut Searcher,
    view: &View,
    level: Level,
    seed: u64,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&Info),
) -> Option<Move> {
    let (limits, amplitude) = level.limits();
    let r = searcher.search(
        &view.position,
        &view.recent,
        limits,
        Noise { amplitude, seed },
        stop,
        on_info,
    );
    r.best
}
