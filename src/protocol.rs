//! Messages between the page and the AI worker (one enum each way, serde).
//! The page sends only a seat's view (its FEN), never the referee's game.

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::rules::RuleSet;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ToWorker {
    /// Choose a move. `fen` is the seat's Jieqi FEN (its own pools);
    /// `recent` the public keys (hex) since the last irreversible move.
    Think {
        id: u32,
        fen: String,
        rules: RuleSet,
        recent: Vec<String>,
        level: Level,
        seed: u32,
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

/// Handle one request (pure: the worker shell only moves messages).
pub fn handle(
    searcher: &mut crate::ai::Searcher,
    msg: ToWorker,
    progress: &mut dyn FnMut(FromWorker),
) -> FromWorker {
    match msg {
        ToWorker::Think {
            id,
            fen,
            rules,
            recent,
            level,
            seed,
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
            let recent: Vec<u64> = recent
                .iter()
                .filter_map(|h| u64::from_str_radix(h, 16).ok())
                .collect();
            let (limits, amplitude) = level.limits();
            let stop = std::sync::atomic::AtomicBool::new(false);
            let r = searcher.search(
                &pos,
                &recent,
                limits,
                crate::ai::Noise {
                    amplitude,
                    seed: seed as u64,
                },
                &stop,
                &mut |i| {
                    progress(FromWorker::Progress {
                        id,
                        depth: i.depth,
                        score: i.score,
                    })
                },
            );
            FromWorker::BestMove {
                id,
                mv: r.best.map(|m| m.to_string()),
            }
        }
    }
}
