//! Messages between the page and the AI worker (one enum each way, serde).
//! The page sends only a seat's view (its FEN), never the referee's game.

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use crate::ai::{self, Clock, Level, Request, Searcher, Strength};
use crate::rules::chess::Variant;
use crate::rules::RuleSet;

/// What a search is for: the AI's own move or a hint for a player. Each
/// has its own search state, so a hint never changes what the AI learnt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Purpose {
    #[default]
    Move,
    Hint,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ToWorker {
    /// Choose a move. `fen` is the seat's Jieqi FEN (its own pools);
    /// `recent` the public keys (hex) since the last irreversible move;
    /// `clock` the side to move's clock, if the game has one.
    Think {
        id: u32,
        fen: String,
        rules: RuleSet,
        recent: Vec<String>,
        level: Level,
        seed: u32,
        #[serde(default)]
        purpose: Purpose,
        #[serde(default)]
        clock: Option<Clock>,
    },
    /// Choose a move in chess or hidden chess. `fen` is the seat's FEN of
    /// RULES.md section 5 (its own pools); the rest as for `Think`.
    ThinkChess {
        id: u32,
        fen: String,
        variant: Variant,
        recent: Vec<String>,
        level: Level,
        seed: u32,
        #[serde(default)]
        purpose: Purpose,
        #[serde(default)]
        clock: Option<Clock>,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum FromWorker {
    /// The worker listens; `build` is the build tag stamped into its files.
    Ready {
        #[serde(default)]
        build: String,
    },
    Progress {
        id: u32,
        depth: u32,
        score: i32,
    },
    BestMove {
        id: u32,
        mv: Option<String>,
    },
    Error {
        id: u32,
        message: String,
    },
}

/// The worker's search state: one searcher for the AI's seat, one for
/// hints (pure: the worker shell only moves messages).
pub struct Engine {
    pub ai: Searcher,
    pub hint: Searcher,
}

impl Engine {
    /// Transposition table sizes (MiB): together well under the worker's
    /// memory budget.
    pub const AI_MB: usize = 16;
    pub const HINT_MB: usize = 8;

    pub fn new() -> Engine {
        Engine::with_sizes(Engine::AI_MB, Engine::HINT_MB)
    }

    /// With other table sizes (tests use small ones).
    pub fn with_sizes(ai_mb: usize, hint_mb: usize) -> Engine {
        Engine {
            ai: Searcher::new(ai_mb),
            hint: Searcher::new(hint_mb),
        }
    }

    /// Handle one request; progress goes to `progress`, the answer is returned.
    pub fn handle(&mut self, msg: ToWorker, progress: &mut dyn FnMut(FromWorker)) -> FromWorker {
        match msg {
            ToWorker::Think {
                id,
                fen,
                rules,
                recent,
                level,
                seed,
                purpose,
                clock,
            } => {
                let pos = match crate::rules::fen::parse(&fen, rules) {
                    Ok(p) => p,
                    Err(e) => {
                        return FromWorker::Error {
                            id,
                            message: e.to_string(),
                        }
                    }
                };
                let mut keys = Vec::with_capacity(recent.len());
                for h in &recent {
                    match u64::from_str_radix(h, 16) {
                        Ok(k) => keys.push(k),
                        Err(_) => {
                            return FromWorker::Error {
                                id,
                                message: format!(
                                    "bad position key '{}': expected hexadecimal",
                                    h.chars().take(20).collect::<String>()
                                ),
                            }
                        }
                    }
                }
                let req = Request::new(pos, keys, Strength::Level(level))
                    .seed(u64::from(seed))
                    .clock(clock);
                let searcher = match purpose {
                    Purpose::Move => &mut self.ai,
                    Purpose::Hint => &mut self.hint,
                };
                let stop = AtomicBool::new(false);
                let r = ai::think(searcher, &req, &stop, &mut |i| {
                    progress(FromWorker::Progress {
                        id,
                        depth: i.depth,
                        score: i.score,
                    })
                });
                FromWorker::BestMove {
                    id,
                    mv: r.best.map(|m| m.to_string()),
                }
            }
            ToWorker::ThinkChess { id, .. } => FromWorker::Error {
                id,
                message: "no chess engine in this build".into(),
            },
        }
    }
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}
