//! The AI. Its entry points take a seat's `View` (or a position that is
//! already one seat's knowledge, as UCI gives it), never the referee's game.

pub mod clock;
pub mod eval;
pub mod eval_chess;
pub mod game;
pub mod guard;
pub mod search;
pub mod tt;

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

pub use game::Game;
pub use search::{
    ChessSearcher, GameSearcher, Info, Limits, Noise, RootOptions, SearchResult, Searcher,
};

use crate::rules::{chess, Position, View};

/// Levels as players see them, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Level {
    /// Makes real mistakes a newcomer can punish, but never walks into a
    /// mate in one nor misses one.
    Beginner,
    /// Answers almost at once, plays loosely: good for learning.
    Easy,
    /// About a third of a second a move.
    #[default]
    Medium,
    /// About a second a move, no deliberate mistakes: the strongest.
    Hard,
}

/// What a level is: the one place its settings live.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Time per move without a clock, in milliseconds.
    pub movetime_ms: f64,
    /// Deepest iteration, if capped.
    pub depth: Option<u32>,
    /// Most nodes a move may search, if capped: the weaker levels are
    /// defined by nodes, so they play the same on a fast desktop and a slow
    /// phone (their time is only a ceiling).
    pub nodes: Option<u64>,
    /// Amplitude of the random offsets added to each root move's score
    /// (centipawns; 0: none).
    pub noise: i32,
    /// Never miss a mate in one, never allow one (see [`guard`]).
    pub guard: bool,
    /// Chance, in thousandths, of playing a random move among those that
    /// allow no mate in one instead of the searched one.
    pub random_permille: u32,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Easy, Level::Medium, Level::Hard];

    pub fn id(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
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

    /// One line for players, in English (the page translates it itself).
    pub fn describe(self) -> &'static str {
        match self {
            Level::Beginner => "Makes real mistakes you can punish: a first opponent to beat.",
            Level::Easy => "Answers at once and plays loosely: good for learning.",
            Level::Medium => "Searches a fixed amount each move and makes few mistakes.",
            Level::Hard => "Thinks about a second a move, no deliberate mistakes: the strongest.",
        }
    }

    /// Time, depth and deliberate imperfection of this level.
    pub fn settings(self) -> Settings {
        match self {
            // 500 nodes: Easy +201 [+164, +243] over 400 games. (1 000
            // nodes measured +239 while a search stopped in its first
            // iteration played the first legal move; playing the best
            // root move it had searched made 1 000 nodes +141.)
            Level::Beginner => Settings {
                movetime_ms: 300.0,
                depth: None,
                nodes: Some(500),
                noise: 20,
                guard: true,
                random_permille: 0,
            },
            Level::Easy => Settings {
                movetime_ms: 500.0,
                depth: None,
                nodes: Some(3_000),
                noise: 10,
                guard: false,
                random_permille: 0,
            },
            Level::Medium => Settings {
                movetime_ms: 1000.0,
                depth: None,
                nodes: Some(4_000),
                noise: 0,
                guard: false,
                random_permille: 0,
            },
            Level::Hard => Settings {
                movetime_ms: 1000.0,
                depth: None,
                nodes: None,
                noise: 0,
                guard: false,
                random_permille: 0,
            },
        }
    }

    /// The most time this level takes for a move: its own time, or the
    /// clock's hard limit when that is smaller (a level never thinks longer
    /// on a clock).
    pub fn time_ms(self, clock: Option<&Clock>) -> f64 {
        let own = self.settings().movetime_ms;
        clock.map_or(own, |c| own.min(c.hard_ms()))
    }
}

/// The clock of the side to move (Fischer: an increment after each move).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Clock {
    /// Time left, in milliseconds.
    pub remaining_ms: f64,
    /// Time added after each move, in milliseconds.
    #[serde(default)]
    pub increment_ms: f64,
    /// Moves until the next time control, if there is one.
    #[serde(default)]
    pub moves_to_go: Option<u32>,
}

impl Clock {
    /// Moves a game is assumed to last from here without `moves_to_go`
    /// (Jieqi games run about 40 moves a side, up to 130). At 2 s sudden
    /// death (`jieqi match --tc 2`, 200 games against the baseline), 25
    /// with a reserve that shrank with the clock lost 5 games on time;
    /// 40 with a reserve never spent lost none.
    pub const MOVES_LEFT: f64 = 40.0;

    /// Time left and increment; bad numbers (negative, not finite) count
    /// as no time.
    fn clean(&self) -> (f64, f64) {
        let clean = |x: f64| if x.is_finite() { x.max(0.0) } else { 0.0 };
        (clean(self.remaining_ms), clean(self.increment_ms))
    }

    /// What a move's costs beyond its search (messages, pipes, a loaded
    /// machine) may need: 50 ms and 5% of the time left.
    fn reserve_ms(left: f64) -> f64 {
        50.0 + left * 0.05
    }

    /// The time left less the reserve, which keeps at least half of it.
    fn usable_ms(&self) -> f64 {
        let (left, _) = self.clean();
        left - Self::reserve_ms(left).min(left * 0.5)
    }

    /// The time to aim at for one move (the soft limit): with `moves_to_go`
    /// N, the usable time over N; without it, what the clock holds above
    /// the reserve over [`Clock::MOVES_LEFT`], at most half the time left;
    /// plus three quarters of the increment. Never more than the usable
    /// time. So a clock without increment spends towards the reserve and
    /// never below it: once there, a move takes next to nothing (the
    /// search still plays the best root move it has looked at).
    pub fn slice_ms(&self) -> f64 {
        let (left, inc) = self.clean();
        let usable = self.usable_ms();
        let budget = match self.moves_to_go {
            Some(n) => usable / n.clamp(1, 100) as f64 + inc * 0.75,
            None => {
                let above = (left - Self::reserve_ms(left)).max(0.0);
                (above / Self::MOVES_LEFT + inc * 0.75).min(left * 0.5)
            }
        };
        budget.min(usable).max(0.0)
    }

    /// The most one move may take (the hard limit): up to three slices
    /// when the search is unsettled, within 40% of the usable time, and
    /// never under the slice.
    pub fn hard_ms(&self) -> f64 {
        let slice = self.slice_ms();
        (slice * 3.0).min(self.usable_ms() * 0.4).max(slice)
    }
}

/// How strongly to play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Strength {
    /// A level as players meet it: its time (or a clock's slice), depth
    /// cap, noise, blunder guard and random moves.
    Level(Level),
    /// A level's play (depth cap, noise, guard, random moves) under the
    /// caller's limits, which replace its time: UCI `go` parameters, a
    /// match's node budget. A depth given replaces the level's cap.
    LevelWithin(Level, Limits),
    /// A plain search: these limits and this noise amplitude, no guard
    /// (bench, tests, analysis).
    Limits { limits: Limits, noise: i32 },
}

/// One request for a move: everything [`think`] needs.
#[derive(Clone, Debug)]
pub struct Request<G: Game = Position> {
    /// The seat's position (its own pools, never the referee's).
    pub position: G,
    /// Public keys of the game's positions since the last irreversible
    /// move (for repetition).
    pub recent: Vec<u64>,
    pub strength: Strength,
    /// Seeds the noise and the random moves: the same request with the
    /// same seed gives the same move (with node or depth limits).
    pub seed: u64,
    /// The clock of the side to move: the time taken is at most its slice.
    pub clock: Option<Clock>,
    /// Root moves and lines (UCI `searchmoves`, `MultiPV`).
    pub root: RootOptions<G::Move>,
}

// Several searches of one request can share out its root moves: searches
// that cannot share memory (as Web Workers on a static host could not)
// each search a share of the moves (`split`), and `best_part` picks among
// their answers. The match runner's `@N` measures it; the page keeps one
// worker, so none of this is in its wasm.

/// Depth of the search that ranks the root moves before they are shared.
const PART_RANK_DEPTH: u32 = 2;

/// The moves `req` may play shared out among `of` searches: each move
/// scored by its own shallow search (a fresh table, so every call ranks
/// them alike), then dealt best first in turn, so the strongest candidates
/// go to different shares.
pub fn share_out<G: Game>(req: &Request<G>, of: u32) -> Vec<Vec<G::Move>> {
    let pos = &req.position;
    let legal = pos.legal_moves();
    let legal = G::list_slice(&legal);
    let given = &req.root.searchmoves;
    let mut moves: Vec<G::Move> = legal
        .iter()
        .copied()
        .filter(|m| given.contains(m))
        .collect();
    if moves.is_empty() {
        // None given, or none of them legal: the search takes every legal
        // move (as `searchmoves` does).
        moves = legal.to_vec();
    }
    let of = of.max(1) as usize;
    if of == 1 {
        return vec![moves];
    }
    let mut searcher = GameSearcher::<G>::new(1);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(PART_RANK_DEPTH),
        ..Limits::default()
    };
    let mut ranked: Vec<(i32, usize, G::Move)> = moves
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            let root = RootOptions {
                searchmoves: vec![m],
                multipv: 1,
            };
            let r = searcher.search_with(
                pos,
                &req.recent,
                limits,
                Noise::default(),
                &root,
                &stop,
                &mut |_| {},
            );
            (r.score, i, m)
        })
        .collect();
    ranked.sort_by_key(|&(score, i, _)| (std::cmp::Reverse(score), i));
    let mut shares = vec![Vec::new(); of];
    for (rank, (_, _, m)) in ranked.into_iter().enumerate() {
        shares[rank % of].push(m);
    }
    shares
}

/// `req` for each of `of` searches that share out its root moves
/// ([`share_out`], ranked once); `None` for a share with no move to search
/// (more searches than moves). One search keeps `req` as it is.
pub fn split<G: Game>(req: &Request<G>, of: u32) -> Vec<Option<Request<G>>> {
    if of <= 1 {
        return vec![Some(req.clone())];
    }
    share_out(req, of)
        .into_iter()
        .map(|moves| {
            (!moves.is_empty()).then(|| Request {
                root: RootOptions {
                    searchmoves: moves,
                    ..req.root.clone()
                },
                ..req.clone()
            })
        })
        .collect()
}

/// Which of several parts' answers to play: the highest score among those
/// with a move (the first on a tie); `None` when none has one.
pub fn best_part<M>(answers: &[(Option<M>, i32)]) -> Option<usize> {
    let mut best: Option<(usize, i32)> = None;
    for (i, (mv, score)) in answers.iter().enumerate() {
        if mv.is_some() && best.is_none_or(|(_, s)| *score > s) {
            best = Some((i, *score));
        }
    }
    best.map(|(i, _)| i)
}

/// What [`think`] will do for a request.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plan {
    pub limits: Limits,
    pub noise: i32,
    pub guard: bool,
    pub random_permille: u32,
}

impl Request<Position> {
    /// A request for the seat that `view` belongs to.
    pub fn from_view(view: &View, strength: Strength) -> Request {
        Request::new(view.position.clone(), view.recent.clone(), strength)
    }
}

impl Request<chess::Position> {
    /// A request for the chess seat that `view` belongs to.
    pub fn from_chess_view(view: &chess::View, strength: Strength) -> Request<chess::Position> {
        Request::new(view.position, view.recent.clone(), strength)
    }
}

impl<G: Game> Request<G> {
    /// A request with seed 0, no clock and every root move.
    pub fn new(position: G, recent: Vec<u64>, strength: Strength) -> Request<G> {
        Request {
            position,
            recent,
            strength,
            seed: 0,
            clock: None,
            root: RootOptions::default(),
        }
    }

    pub fn seed(self, seed: u64) -> Request<G> {
        Request { seed, ..self }
    }

    pub fn clock(self, clock: Option<Clock>) -> Request<G> {
        Request { clock, ..self }
    }

    /// The limits, noise and guard this request is searched with.
    pub fn plan(&self) -> Plan {
        let slice = self.clock.as_ref().map(Clock::slice_ms);
        let hard = self.clock.as_ref().map(Clock::hard_ms);
        let capped = |t: Option<f64>| match (t, hard) {
            (Some(t), Some(h)) => Some(t.min(h)),
            (t, h) => t.or(h),
        };
        // On a clock, the slice is the time to aim at, within the hard limit.
        let soft = |t: Option<f64>| slice.map(|s| t.map_or(s, |t| s.min(t)));
        let level_plan = |level: Level, limits: Limits| {
            let s = level.settings();
            Plan {
                limits,
                noise: s.noise,
                guard: s.guard,
                random_permille: s.random_permille,
            }
        };
        match self.strength {
            Strength::Level(level) => level_plan(
                level,
                Limits {
                    movetime_ms: Some(level.time_ms(self.clock.as_ref())),
                    depth: level.settings().depth,
                    nodes: level.settings().nodes,
                    soft_ms: soft(Some(level.settings().movetime_ms)),
                },
            ),
            Strength::LevelWithin(level, limits) => level_plan(
                level,
                Limits {
                    movetime_ms: capped(limits.movetime_ms),
                    depth: limits.depth.or(level.settings().depth),
                    nodes: limits.nodes.or(level.settings().nodes),
                    soft_ms: soft(limits.movetime_ms).or(limits.soft_ms),
                },
            ),
            Strength::Limits { limits, noise } => Plan {
                limits: Limits {
                    movetime_ms: capped(limits.movetime_ms),
                    soft_ms: soft(limits.movetime_ms).or(limits.soft_ms),
                    ..limits
                },
                noise,
                guard: false,
                random_permille: 0,
            },
        }
    }
}

/// A number from `seed` and `stream` (SplitMix64's finaliser).
fn mix(seed: u64, stream: u64) -> u64 {
    let mut z = seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Choose a move: the one entry point of the AI (the page's worker, UCI,
/// the match runner, the bench). `req.position` is one seat's knowledge.
///
/// With a guard, a mate in one is played at once and moves that allow one
/// are not searched (unless every move does); a level with random moves
/// then sometimes plays one of those safe moves at random instead.
pub fn think<G: Game>(
    searcher: &mut GameSearcher<G>,
    req: &Request<G>,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&Info<G::Move>),
) -> SearchResult<G::Move> {
    let plan = req.plan();
    let noise = Noise {
        amplitude: plan.noise,
        seed: req.seed,
    };
    let pos = &req.position;
    let mut root = req.root.clone();
    let given = root.searchmoves.clone();
    let allowed = |m: &G::Move| given.is_empty() || given.contains(m);
    // Moves a random pick may choose from (the root's, unless guarded).
    let mut pool: Vec<_> = G::list_slice(&pos.legal_moves())
        .iter()
        .copied()
        .filter(allowed)
        .collect();
    let mut random = plan.random_permille > 0;
    if plan.guard {
        let mates: Vec<_> = guard::mating_moves(pos)
            .into_iter()
            .filter(allowed)
            .collect();
        if !mates.is_empty() {
            root.searchmoves = mates;
            random = false;
        } else {
            let safe: Vec<_> = guard::safe_moves(pos).into_iter().filter(allowed).collect();
            if !safe.is_empty() {
                root.searchmoves = safe.clone();
                pool = safe;
            }
        }
    }
    let mut r = searcher.search_with(pos, &req.recent, plan.limits, noise, &root, stop, on_info);
    if random && !pool.is_empty() && mix(req.seed, 1) % 1000 < u64::from(plan.random_permille) {
        let m = pool[(mix(req.seed, 2) % pool.len() as u64) as usize];
        r.best = Some(m);
        r.pv = vec![m];
    }
    r
}

/// A chess move as the engine answers it (RULES.md section 5): a
/// face-down mover landing on the last rank that may still turn out a
/// pawn names the promotion it wants then (`a1a8q`): a queen, or a knight
/// where a short search of both scores the knight higher (as the search's
/// own chance nodes weigh them). Other moves are returned unchanged.
pub fn chess_answer(pos: &chess::Position, m: chess::Move) -> chess::Move {
    if m.promotion.is_some() || !pos.needs_promotion_before_reveal(m) {
        return m;
    }
    let mut searcher = ChessSearcher::new(1);
    let mut score = |k: chess::Kind| {
        let pm = chess::Move::promoting(m.from, m.to, k);
        let mut child = *pos;
        child.make(pm, Some(chess::Kind::Pawn), None);
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let req = Request::new(child, Vec::new(), Strength::Limits { limits, noise: 0 });
        let stop = AtomicBool::new(false);
        // The child's score is for the opponent, to move there.
        -think(&mut searcher, &req, &stop, &mut |_| {}).score
    };
    let queen = score(chess::Kind::Queen);
    let knight = score(chess::Kind::Knight);
    let k = if knight > queen {
        chess::Kind::Knight
    } else {
        chess::Kind::Queen
    };
    chess::Move::promoting(m.from, m.to, k)
}

/// Search a seat's position to a fixed depth with a fresh table (bench, tests).
pub fn search_to_depth<G: Game>(pos: &G, depth: u32) -> SearchResult<G::Move> {
    let mut s = GameSearcher::<G>::new(16);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let req = Request::new(
        pos.clone(),
        Vec::new(),
        Strength::Limits { limits, noise: 0 },
    );
    think(&mut s, &req, &stop, &mut |_| {})
}
