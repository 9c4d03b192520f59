//! Messages between the page and the AI worker (one enum each way, serde).
//! The page sends only a seat's view (its FEN), never the referee's game.

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use crate::ai::{
    self, ChessSearcher, Clock, Game, GameSearcher, Level, Request, Searcher, Strength,
};
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
/// hints (pure: the worker shell only moves messages). Chess has its own
/// pair, made on the first chess request; the tables of the game not being
/// played then shrink to [`Engine::IDLE_MB`], so the worker's tables stay
/// within `AI_MB + HINT_MB` plus the idle pair.
pub struct Engine {
    pub ai: Searcher,
    pub hint: Searcher,
    chess: Option<Box<(ChessSearcher, ChessSearcher)>>,
    /// The game whose tables are full size: chess or not.
    chess_active: bool,
    sizes: (usize, usize),
}

impl Engine {
    /// Transposition table sizes (MiB): together well under the worker's
    /// memory budget.
    pub const AI_MB: usize = 16;
    pub const HINT_MB: usize = 8;
    /// Table size (MiB) of each searcher of the game not being played.
    pub const IDLE_MB: usize = 1;

    pub fn new() -> Engine {
        Engine::with_sizes(Engine::AI_MB, Engine::HINT_MB)
    }

    /// With other table sizes (tests use small ones).
    pub fn with_sizes(ai_mb: usize, hint_mb: usize) -> Engine {
        Engine {
            ai: Searcher::new(ai_mb),
            hint: Searcher::new(hint_mb),
            chess: None,
            chess_active: false,
            sizes: (ai_mb, hint_mb),
        }
    }

    /// The chess searchers at full size (the Jieqi ones shrunk).
    fn chess_searchers(&mut self) -> &mut (ChessSearcher, ChessSearcher) {
        let (ai_mb, hint_mb) = self.sizes;
        if !self.chess_active {
            self.chess_active = true;
            self.ai.resize(Engine::IDLE_MB.min(ai_mb));
            self.hint.resize(Engine::IDLE_MB.min(hint_mb));
            if let Some(pair) = self.chess.as_mut() {
                pair.0.resize(ai_mb);
                pair.1.resize(hint_mb);
            }
        }
        self.chess.get_or_insert_with(|| {
            Box::new((ChessSearcher::new(ai_mb), ChessSearcher::new(hint_mb)))
        })
    }

    /// Back to full-size Jieqi tables after chess (the chess ones shrunk).
    fn jieqi_searchers(&mut self) {
        if self.chess_active {
            self.chess_active = false;
            let (ai_mb, hint_mb) = self.sizes;
            self.ai.resize(ai_mb);
            self.hint.resize(hint_mb);
            if let Some(pair) = self.chess.as_mut() {
                pair.0.resize(Engine::IDLE_MB.min(ai_mb));
                pair.1.resize(Engine::IDLE_MB.min(hint_mb));
            }
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
                let req = match request(
                    crate::rules::xiangqi::fen::parse(&fen, rules),
                    &recent,
                    level,
                    seed,
                    clock,
                ) {
                    Ok(r) => r,
                    Err(message) => return FromWorker::Error { id, message },
                };
                self.jieqi_searchers();
                let searcher = match purpose {
                    Purpose::Move => &mut self.ai,
                    Purpose::Hint => &mut self.hint,
                };
                answer(searcher, &req, id, progress, |_, m| m.to_string())
            }
            ToWorker::ThinkChess {
                id,
                fen,
                variant,
                recent,
                level,
                seed,
                purpose,
                clock,
            } => {
                let req = match request(
                    crate::rules::chess::fen::parse(&fen, variant),
                    &recent,
                    level,
                    seed,
                    clock,
                ) {
                    Ok(r) => r,
                    Err(message) => return FromWorker::Error { id, message },
                };
                let pair = self.chess_searchers();
                let searcher = match purpose {
                    Purpose::Move => &mut pair.0,
                    Purpose::Hint => &mut pair.1,
                };
                // The move as RULES.md section 5 writes it, without the
                // identity letters (the referee draws those), with the
                // promotion wanted should a face-down mover reaching the
                // last rank turn out a pawn (`a1a8q`).
                answer(searcher, &req, id, progress, |pos, m| {
                    ai::chess_answer(pos, m).to_string()
                })
            }
        }
    }
}

/// A request from a seat's parsed position and the hex keys, whichever
/// the game; a bad position or key is the error message.
fn request<G: Game, E: std::fmt::Display>(
    pos: Result<G, E>,
    recent: &[String],
    level: Level,
    seed: u32,
    clock: Option<Clock>,
) -> Result<Request<G>, String> {
    let pos = pos.map_err(|e| e.to_string())?;
    let keys = parse_keys(recent)?;
    Ok(Request::new(pos, keys, Strength::Level(level))
        .seed(u64::from(seed))
        .clock(clock))
}

/// Search one request, whichever the game: progress as `Progress`
/// messages, the best move written by `write`.
fn answer<G: Game>(
    searcher: &mut GameSearcher<G>,
    req: &Request<G>,
    id: u32,
    progress: &mut dyn FnMut(FromWorker),
    write: impl Fn(&G, G::Move) -> String,
) -> FromWorker {
    let stop = AtomicBool::new(false);
    let r = ai::think(searcher, req, &stop, &mut |i| {
        progress(FromWorker::Progress {
            id,
            depth: i.depth,
            score: i.score,
        })
    });
    FromWorker::BestMove {
        id,
        mv: r.best.map(|m| write(&req.position, m)),
    }
}

/// Public position keys sent as hexadecimal text.
fn parse_keys(recent: &[String]) -> Result<Vec<u64>, String> {
    recent
        .iter()
        .map(|h| {
            u64::from_str_radix(h, 16).map_err(|_| {
                format!(
                    "bad position key '{}': expected hexadecimal",
                    h.chars().take(20).collect::<String>()
                )
            })
        })
        .collect()
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}
