//! Iterative-deepening PVS with a transposition table, quiescence on
//! captures, and reveals as chance nodes: the value of a move that turns a
//! piece face up is the pool-weighted mean over the identities it can become.
//! Quiescence reads the table too (any entry's bound can end it, its move is
//! tried first) and writes what it finds at depth 0, where no deeper entry
//! of the same position would be lost.
//!
//! Move ordering and pruning follow the strongest alpha-beta engines: a
//! move picker without allocation (TT move, good captures, killers, counter
//! move, quiets by their histories, bad captures), butterfly, counter-move,
//! continuation (one and two plies) and capture histories with gravity,
//! log-based late-move reductions adjusted by history and "improving",
//! reverse futility, razoring, null move, futility and late-move pruning,
//! internal iterative reduction and check extensions. In the Jieqi family a
//! late reveal that takes nothing is reduced too, one ply less than a quiet
//! move. Static evaluations are cached by position key and corrected by a
//! correction history: what searches found against the evaluation, learnt
//! by side to move, once by the position's slow structure (face-down
//! pieces, soldiers, generals and their guards; [`Game::structure_key`])
//! and once by the rest of the board. Chess has none: keyed by pawns,
//! face-down pieces and kings it lost games.
//! The history tables live in [`History`] and the move picker in [`Picker`].
//!
//! Measured and not kept (the matches are in the closing notes): Star1-style
//! cuts at chance nodes, singular extensions, chance nodes averaged as win
//! probabilities, root moves scouted through one typical identity, histories
//! for reveals, a larger reduction table, the table's bound standing in for
//! the static evaluation in pruning, history pruning of quiet moves (it won
//! at equal nodes but not at equal time: the histories grow with the nodes
//! searched, so a fixed threshold prunes more the longer it thinks), delta
//! pruning in quiescence, no check extension, one ply less reduction
//! for a move that gives check, one more for every move where the table's
//! move is a capture, full chance nodes from depth 4 (won at equal nodes,
//! lost at equal time), full chance nodes in quiescence for no capture or
//! for the first two instead of the first one, every capture by a
//! face-down piece as a full chance node, and the typical identity's score
//! corrected by how far its material is from the pool's mean, and two more
//! correction tables, by the last two moves and by the material (neither
//! alone nor together did they win at equal time), a smaller correction
//! (read at 1/24 instead of 1/16), the evaluation drawn towards zero
//! as the no-progress count runs, one more ply of reduction at expected
//! cut nodes, a smaller reverse-futility margin (70 a ply instead of 90),
//! a null move reduced one ply more, futility pruning of reveals that
//! take nothing (alone, and with late-move pruning of them), and such
//! reveals reduced two plies less than quiet moves instead of one, full
//! chance nodes at PV nodes from depth 2, and one identity drawn by the
//! position's key from the pool instead of the typical one, and Lazy SMP
//! (a helper thread sharing the table lost at equal time; README), and
//! three more that gained nothing at equal nodes: less reduction wherever
//! the table says the position was on a principal variation ("ttPv"),
//! pruning of a quiet move that leaves its piece to be taken (worth more
//! than 70 x depth squared, at depth 4 or less), and the table in clusters
//! of four entries (the last two together lost at equal time), and
//! ProbCut (a good capture that beats beta + 200 in a search four plies
//! shallower ends a non-PV node from depth 5: +41 at equal nodes, -17 at
//! equal time, with no cost in instructions per node), full chance nodes
//! from depth 4 with every identity but the typical one a ply shallower
//! below the root's children (+13 at equal time), and the two together
//! (+17 at equal time). At equal nodes (20 000 a move), neither: a cut
//! node's score drawn towards beta by depth (`(best * depth + beta) /
//! (depth + 1)`, +3 [-30, +37] in 400 games); a reveal one ply shorter
//! (not the first move, not at PV nodes) on a line that already turned up
//! one, two or three pieces (-16, +17 then +2 in 600 more, -8); and eleven
//! of the constants below tuned together by SPSA (3 600 games between
//! perturbed pairs; the set it reached, mostly within 15% of these,
//! scored -18 [-52, +16] in 400 games). At equal time (100 ms), full
//! chance nodes also from depth 7 whatever the reveals above: +3 [-36,
//! +43] in 300 games. Quiet moves that give check (not reveals) also tried
//! at quiescence's first ply: +28 [-6, +62] and +20 [-14, +54] at equal
//! nodes (400 games each, seeds 9201 and 9202), -10 [-44, +24] at equal
//! time (100 ms, 400 games, seed 8201), for 0.6% more instructions to the
//! same depth (callgrind, `bench 7`). At equal nodes (20 000 a move, 400
//! games each), neither: late root moves that take nothing and give no
//! check scouted a ply shallower (from the fifth, depth 4 on; -10 [-44,
//! +23], seed 9501), root moves after the table's ordered by the nodes
//! their searches took in the last iteration (+4 [-30, +38], seed 9511).
//! Nor a prefetch of the child's table slot after each move (1% faster).
//! At equal nodes (20 000 a move), neither: the previous quiet move's
//! butterfly history moved by how much it changed the static evaluation
//! (+2 [-32, +36] in 400 games, seed 9701), nor a bonus to the previous
//! quiet move where a node fails low (-10 [-44, +24], seed 9702); and a
//! reduced move that beats alpha at a PV node searched at full depth on
//! a null window before the full window: 79-2-92, stopped at 173 games.
//! Not played, measured first (`bench 9`, the standing positions of
//! quiescence): a lazy evaluation there has no safe margin, though nearly
//! nine in ten of them end at once on the standing score. Material alone
//! is over 150 cp from the full evaluation in two of three and over 300 in
//! one of three; the parent's score, negated, over 150 in about half and
//! over 300 in one of five (further with the capture's value); the learnt
//! correction alone moves the score by over 150 cp in about half.
//! Nor, measured again: a full chance node that stops once its mean
//! cannot reach alpha even if every identity left scored the best seen so
//! far plus 60 cp (identities searched most valuable first; an unsound,
//! Star1-like cut that saved about a third of the nodes to depth 10 from
//! the start): +14 [-15, +43] at equal nodes (20 000 a move, 400 games,
//! seed 7201), then 85-7-101 at equal time (100 ms, stopped at 193 games,
//! seed 7401); with no margin and full chance nodes from depth 4, -15
//! [-45, +15] at equal nodes (seed 7202). Quiet checks at quiescence's
//! first ply at equal time once more: +9 [-19, +36] (100 ms, 400 games,
//! seed 7301), with the -10 above nothing. A larger correction (read at
//! 1/11 instead of 1/16): +7 [-20, +34] at equal nodes (20 000 a move, 400
//! games, seed 7501). Nor looking for check at every quiescence ply (not
//! only the first two): 71-3-79 at equal nodes (20 000 a move, seed 7601),
//! stopped at 153 games. At equal nodes (20 000 a move), neither: a
//! continuation history four plies back (read at half weight, taught at a
//! quarter of the bonus; -7 [-34, +20] in 400 games, seed 8801), nor a
//! reduced move's re-search a ply deeper when it beat the best by 50 + 2
//! x depth, a ply shallower when it barely did (-31 [-66, +3], 191 games,
//! seed 8802). Nor one more ply of reduction for a late move when the
//! node's earlier children had more than three beta cutoffs among their
//! own children (Stockfish's `cutoffCnt`; -20 [-47, +7] at equal nodes,
//! 20 000 a move, 400 games, seed 9901).

use std::sync::atomic::{AtomicBool, Ordering};

use super::clock::now_ms;
use super::eval::{MATE, MATE_BOUND};
use super::game::Game;
use super::tt::{Bound, Tt};
use crate::rules::{repetition_key, Move, Position};

const MAX_PLY: usize = 96;
const INF: i32 = MATE + 1;
/// Winning a repetition by the opponent's perpetual check: decisive, not a mate.
const PERPETUAL: i32 = MATE_BOUND - 200;

/// When to stop.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    /// The hard limit: the search never runs longer.
    pub movetime_ms: Option<f64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// The time a move should take on a clock (the soft limit): no new
    /// iteration starts once it is mostly spent, unless the best move keeps
    /// changing or the score drops, which stretch it up to `movetime_ms`.
    /// `None`: a fixed time, `movetime_ms`, is spent in full (an iteration
    /// cut short still plays a root move it found better than the last).
    pub soft_ms: Option<f64>,
}

impl Limits {
    /// No time, depth or node limit: only a stop ends the search.
    pub fn unbounded(&self) -> bool {
        self.movetime_ms.is_none() && self.depth.is_none() && self.nodes.is_none()
    }
}

/// What the root may play and how many lines to report (UCI `searchmoves`
/// and `MultiPV`). The default (all moves, one line) is the plain search.
#[derive(Clone, Debug)]
pub struct RootOptions<M = Move> {
    /// Only these root moves (those of them that are legal); empty: all.
    pub searchmoves: Vec<M>,
    /// Lines to report per iteration; 0 and 1 both mean one.
    pub multipv: usize,
}

impl<M> Default for RootOptions<M> {
    fn default() -> RootOptions<M> {
        RootOptions {
            searchmoves: Vec::new(),
            multipv: 0,
        }
    }
}

/// Progress of one finished iteration (one line of it under MultiPV).
#[derive(Clone, Debug)]
pub struct Info<M = Move> {
    pub depth: u32,
    /// Deepest ply reached in this iteration, quiescence included.
    pub seldepth: u32,
    /// 1 for the best line, 2 for the second best, ...
    pub multipv: u32,
    pub score: i32,
    pub nodes: u64,
    pub time_ms: f64,
    /// Permille of the transposition table in use by this search.
    pub hashfull: u32,
    pub pv: Vec<M>,
}

#[derive(Clone, Debug)]
pub struct SearchResult<M = Move> {
    pub best: Option<M>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<M>,
}

/// Random offsets added to root moves for the weaker levels.
#[derive(Clone, Copy, Debug, Default)]
pub struct Noise {
    pub amplitude: i32,
    pub seed: u64,
}

/// Kinds of movers for the histories: colour x (role, or face down).
const KINDS: usize = 16;
/// Histories stay within +-HISTORY_MAX (gravity).
const HISTORY_MAX: i32 = 16_384;

/// The search of a game: the xiangqi family's ([`Searcher`]) or chess's
/// ([`ChessSearcher`]).
pub type Searcher = GameSearcher<Position>;
pub type ChessSearcher = GameSearcher<crate::rules::chess::Position>;

/// History slots of a game: one per (kind, destination).
#[inline]
const fn slots<G: Game>() -> usize {
    KINDS * G::SQUARES
}

/// No move (the root's parent, a null move).
#[inline]
const fn no_slot<G: Game>() -> usize {
    slots::<G>()
}

#[inline]
fn kind<G: Game>(p: G::Piece) -> usize {
    G::kind_index(p)
}

#[inline]
fn slot<G: Game>(p: G::Piece, m: G::Move) -> usize {
    kind::<G>(p) * G::SQUARES + G::to_index(m)
}

/// Move the history entry towards `bonus`'s sign, less the fuller it is.
#[inline]
fn gravity(h: &mut i16, bonus: i32) {
    gravity_within(h, bonus, HISTORY_MAX);
}

/// Move an entry kept within +-`max` towards `bonus`'s sign, less the
/// fuller it is.
#[inline]
fn gravity_within(h: &mut i16, bonus: i32, max: i32) {
    let b = bonus.clamp(-max, max);
    let v = *h as i32;
    *h = (v + b - v * b.abs() / max) as i16;
}

/// What the search learns about moves across nodes.
struct History<G: Game> {
    /// Quiet moves by side, from and to.
    butterfly: Vec<i16>,
    /// Quiet moves by the previous move's slot (one ply and two plies back)
    /// and their own slot; one extra row for "no previous move".
    continuation: Vec<i16>,
    /// Captures by the mover's slot and the victim's kind.
    capture: Vec<i16>,
    /// The quiet reply that refuted each move (by its slot).
    counter: Vec<Option<G::Move>>,
    killers: [[Option<G::Move>; 2]; MAX_PLY + 2],
}

impl<G: Game> History<G> {
    const SQ: usize = G::SQUARES;
    const SLOTS: usize = slots::<G>();

    fn new() -> History<G> {
        History {
            butterfly: vec![0; 2 * Self::SQ * Self::SQ],
            continuation: vec![0; (Self::SLOTS + 1) * Self::SLOTS],
            capture: vec![0; Self::SLOTS * KINDS],
            counter: vec![None; Self::SLOTS + 1],
            killers: [[None; 2]; MAX_PLY + 2],
        }
    }

    fn clear(&mut self) {
        self.butterfly.iter_mut().for_each(|h| *h = 0);
        self.continuation.iter_mut().for_each(|h| *h = 0);
        self.capture.iter_mut().for_each(|h| *h = 0);
        self.counter.iter_mut().for_each(|m| *m = None);
        self.killers = [[None; 2]; MAX_PLY + 2];
    }

    #[inline]
    fn butterfly_index(pos: &G, m: G::Move) -> usize {
        pos.turn().index() * Self::SQ * Self::SQ + G::from_index(m) * Self::SQ + G::to_index(m)
    }

    /// The ordering score of a quiet move: its three histories.
    #[inline]
    fn quiet(&self, pos: &G, m: G::Move, s: usize, prev: [usize; 2]) -> i32 {
        self.butterfly[Self::butterfly_index(pos, m)] as i32
            + self.continuation[prev[0] * Self::SLOTS + s] as i32
            + self.continuation[prev[1] * Self::SLOTS + s] as i32
    }

    fn update_quiet(&mut self, pos: &G, m: G::Move, s: usize, prev: [usize; 2], bonus: i32) {
        gravity(&mut self.butterfly[Self::butterfly_index(pos, m)], bonus);
        gravity(&mut self.continuation[prev[0] * Self::SLOTS + s], bonus);
        gravity(&mut self.continuation[prev[1] * Self::SLOTS + s], bonus / 2);
    }

    #[inline]
    fn capture_at(&mut self, s: usize, victim: G::Piece) -> &mut i16 {
        &mut self.capture[s * KINDS + kind::<G>(victim)]
    }
}

/// Ordering bands of the move picker.
const TT_MOVE: i32 = i32::MAX;
const GOOD_CAPTURE: i32 = 1 << 29;
const KILLER: i32 = 1 << 28;
const COUNTER: i32 = KILLER - 2;
const BAD_CAPTURE: i32 = -(1 << 29);

/// The moves of a node with their ordering scores, handed out best first
/// (a selection sort that stops where the node does).
struct Picker<G: Game> {
    moves: G::List,
    scores: G::Scores,
    next: usize,
}

impl<G: Game> Picker<G> {
    #[inline]
    fn next(&mut self) -> Option<(G::Move, i32)> {
        let moves = G::list_slice_mut(&mut self.moves);
        let scores = self.scores.as_mut();
        let n = moves.len();
        if self.next >= n {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..n {
            if scores[i] > scores[best] {
                best = i;
            }
        }
        let i = self.next;
        moves.swap(i, best);
        scores.swap(i, best);
        self.next += 1;
        Some((moves[i], scores[i]))
    }
}

/// Cheap static exchange: does capturing with `m` win at least `threshold`,
/// counting one recapture? Face-down pieces count at their pool's mean.
fn capture_wins<G: Game>(pos: &G, m: G::Move, threshold: i32) -> bool {
    let Some(victim) = pos.victim(m) else {
        return false;
    };
    let attacker = pos.mover(m);
    let v = pos.piece_value(victim);
    let a = pos.piece_value(attacker);
    if v - a >= threshold {
        return true;
    }
    if v < threshold {
        return false;
    }
    !pos.recapturable_after(m)
}

/// Late-move reductions by depth and move number, in plies x 1024.
fn lmr_table() -> Box<[[i32; 64]; 64]> {
    let mut t = Box::new([[0; 64]; 64]);
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (n, r) in row.iter_mut().enumerate().skip(1) {
            *r = ((0.75 + (d as f64).ln() * (n as f64).ln() / 2.25) * 1024.0) as i32;
        }
    }
    t
}

#[derive(Clone, Copy)]
struct Frame {
    /// Static evaluation at this ply (None in check).
    eval: Option<i32>,
    /// History slot of the move played from this ply (NO_SLOT: none, null).
    slot: usize,
    /// Did the move into the node at this ply give check?
    check: bool,
}

pub struct GameSearcher<G: Game> {
    tt: Tt<G::Move>,
    history: History<G>,
    lmr: Box<[[i32; 64]; 64]>,
    nodes: u64,
    start: f64,
    limits: Limits,
    stopped: bool,
    /// Public keys of earlier positions (game and search path) for repetition.
    path: Vec<u64>,
    root_noise: Vec<(G::Move, i32)>,
    /// Full chance nodes on the current path.
    reveals: u32,
    stack: [Frame; MAX_PLY + 2],
    /// The root moves searched (legal moves, `searchmoves` applied).
    root_moves: Vec<G::Move>,
    /// Root moves already reported as better lines in this iteration (MultiPV).
    excluded: Vec<G::Move>,
    /// The best root move of the iteration in progress that beat the
    /// window's lower end, with its score (kept if time runs out).
    root_best: Option<(G::Move, i32)>,
    seldepth: usize,
    /// Static evaluations by position key: the key's high 32 bits and the
    /// score, packed (0: empty). Iterative deepening, re-searches and
    /// transpositions evaluate the same positions again and again.
    evals: Box<[u64]>,
    /// Correction history: how far the static evaluation has been from
    /// what the search found, in 1/[`CORR_GRAIN`] cp, by side to move in
    /// two tables: by the position's slow structure
    /// ([`Game::structure_key`]), and by the rest of the board (the
    /// public key without the structure: where the chariots, horses and
    /// cannons stand). A position's correction is the sum of its two.
    corr: Box<[i16]>,
    /// Whether the side to move is in check at the node about to be
    /// entered, where the move into it told it cheaply ([`Game::check_after`]);
    /// `None`: the node finds out itself.
    next_check: Option<bool>,
    /// The last two pools' typical identities ([`Game::typical_identity`]
    /// depends on the pool alone within a search; one pool a side).
    typical: [Option<(G::Pool, G::Id)>; 2],
}

/// Entries in the evaluation cache (a power of two): 2 MiB. Against 1 << 16,
/// `jieqi bench 6` runs 4.9% fewer instructions (callgrind) and `bench 8`
/// about 3% faster (five alternated runs); 1 << 20 was no faster than 1 << 16.
const EVAL_CACHE: usize = 1 << 18;

/// Correction history entries per table and side to move (a power of two).
const CORR_SIZE: usize = 1 << 14;
/// An entry's bound: each table's correction stays within
/// `CORR_LIMIT / CORR_GRAIN` cp.
const CORR_LIMIT: i32 = 1024;
const CORR_GRAIN: i32 = 16;

impl<G: Game> GameSearcher<G> {
    pub fn new(hash_mb: usize) -> GameSearcher<G> {
        GameSearcher {
            tt: Tt::<G::Move>::new(hash_mb),
            history: History::new(),
            lmr: lmr_table(),
            nodes: 0,
            start: 0.0,
            limits: Limits::default(),
            stopped: false,
            path: Vec::new(),
            root_noise: Vec::new(),
            reveals: 0,
            stack: [Frame {
                eval: None,
                slot: no_slot::<G>(),
                check: false,
            }; MAX_PLY + 2],
            root_moves: Vec::new(),
            excluded: Vec::new(),
            root_best: None,
            seldepth: 0,
            evals: vec![0; EVAL_CACHE].into_boxed_slice(),
            corr: vec![0; 4 * CORR_SIZE].into_boxed_slice(),
            next_check: None,
            typical: [None; 2],
        }
    }

    /// The static evaluation of `pos`, from the cache when it is there.
    #[inline]
    fn evaluate(&mut self, pos: &G) -> i32 {
        let key = pos.hash();
        let slot = &mut self.evals[key as usize & (EVAL_CACHE - 1)];
        let tag = (key >> 32) as u32;
        if *slot != 0 && (*slot >> 32) as u32 == tag {
            return *slot as u32 as i32;
        }
        let v = pos.evaluate();
        *slot = (tag as u64) << 32 | v as u32 as u64;
        v
    }

    /// The correction history's two entries for `pos`, if its game has them.
    #[inline]
    fn corr_slots(pos: &G) -> Option<[usize; 2]> {
        pos.structure_key().map(|k| {
            let side = pos.turn().index() * CORR_SIZE;
            let rest = k ^ pos.public_hash();
            [
                side + (k as usize & (CORR_SIZE - 1)),
                2 * CORR_SIZE + side + (rest as usize & (CORR_SIZE - 1)),
            ]
        })
    }

    /// The static evaluation of `pos` with the correction history's
    /// correction, and the entries it was read from (to learn from later).
    #[inline]
    fn corrected_eval(&mut self, pos: &G) -> (i32, Option<[usize; 2]>) {
        let raw = self.evaluate(pos);
        let slots = Self::corr_slots(pos);
        let eval = match slots {
            Some([a, b]) => {
                let c = (self.corr[a] as i32 + self.corr[b] as i32) / CORR_GRAIN;
                (raw + c).clamp(1 - MATE_BOUND, MATE_BOUND - 1)
            }
            None => raw,
        };
        (eval, slots)
    }

    pub fn resize(&mut self, hash_mb: usize) {
        self.tt = Tt::<G::Move>::new(hash_mb);
    }

    /// Nodes counted by the last search (0 before the first).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn clear(&mut self) {
        self.tt.clear();
        self.evals.fill(0);
        self.corr.fill(0);
        self.history.clear();
    }

    /// Search `pos` (a seat's knowledge). `recent` are the public keys of
    /// the game's earlier positions since the last irreversible move.
    pub fn search(
        &mut self,
        pos: &G,
        recent: &[u64],
        limits: Limits,
        noise: Noise,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        let root = RootOptions::default();
        self.search_with(pos, recent, limits, noise, &root, stop, on_info)
    }

    /// [`Searcher::search`] with root options: `searchmoves` (when none of
    /// them is legal, every legal move is searched) and MultiPV (each
    /// iteration reports the best `multipv` lines; the result is the first).
    #[allow(clippy::too_many_arguments)]
    pub fn search_with(
        &mut self,
        pos: &G,
        recent: &[u64],
        limits: Limits,
        noise: Noise,
        root: &RootOptions<G::Move>,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        let mut pos = pos.clone();
        self.nodes = 0;
        self.start = now_ms();
        self.limits = limits;
        self.stopped = false;
        self.reveals = 0;
        self.next_check = None;
        self.history.killers = [[None; 2]; MAX_PLY + 2];
        self.path.clear();
        self.path.extend_from_slice(recent);
        // The list ends with the root itself, which the search adds.
        if self.path.last() == Some(&repetition_key(pos.public_hash(), pos.in_check())) {
            self.path.pop();
        }
        self.tt.new_search();
        self.typical = [None; 2];

        let moves = pos.legal_moves();
        let moves = G::list_slice(&moves);
        self.root_moves = moves.to_vec();
        if self.root_moves.iter().any(|m| root.searchmoves.contains(m)) {
            self.root_moves.retain(|m| root.searchmoves.contains(m));
        }
        self.excluded.clear();
        let lines = root.multipv.clamp(1, self.root_moves.len().max(1));
        let mut result = SearchResult {
            best: self.root_moves.first().copied(),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        if moves.is_empty() {
            result.score = if pos.in_check() || !pos.stalemate_draws() {
                -MATE
            } else {
                0
            };
            return result;
        }
        self.root_noise = moves
            .iter()
            .enumerate()
            .map(|(i, &m)| {
                (
                    m,
                    if noise.amplitude > 0 {
                        noise_value(noise.seed, i as u64, noise.amplitude)
                    } else {
                        0
                    },
                )
            })
            .collect();
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 4)
            .min(MAX_PLY as u32 - 4);
        let mut score: i32 = 0;
        // How unsettled the search is: best-move changes (decaying).
        let mut changes = 0.0f64;
        'deepening: for depth in 1..=max_depth {
            let (last_best, last_score) = (result.best, score);
            self.seldepth = 0;
            self.excluded.clear();
            for line in 0..lines {
                // Aspiration windows around the last score (best line only).
                let mut delta = 30;
                let (mut alpha, mut beta) = if line == 0 && depth >= 4 && score.abs() < MATE_BOUND {
                    (score - delta, score + delta)
                } else {
                    (-INF, INF)
                };
                self.root_best = None;
                let s = loop {
                    let s = self.root(&mut pos, depth as i32, alpha, beta, stop);
                    if self.stopped {
                        break s;
                    }
                    if s <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (alpha - delta).max(-INF);
                    } else if s >= beta {
                        beta = (beta + delta).min(INF);
                    } else {
                        break s;
                    }
                    delta += delta;
                };
                if self.stopped && (depth > 1 || line > 0) {
                    // A move of the unfinished iteration that beat the
                    // window is better than the last iteration's choice.
                    if let (0, Some((m, s))) = (line, self.root_best) {
                        if result.best != Some(m) {
                            result.best = Some(m);
                            result.score = s;
                            result.pv = vec![m];
                        }
                    }
                    break 'deepening;
                }
                let pv = self.pv(&mut pos, depth as usize);
                if line == 0 {
                    score = s;
                    if let Some(&m) = pv.first() {
                        result.best = Some(m);
                    } else if let (true, Some((m, _))) = (self.stopped, self.root_best) {
                        // The first iteration cut short, no line in the
                        // table: the best root move it searched, not the
                        // first legal one.
                        result.best = Some(m);
                    }
                    result.score = score;
                    result.depth = depth;
                    result.pv = pv.clone();
                }
                let first = pv.first().copied();
                if self.stopped && s <= -INF {
                    // Stopped before the first move of the first iteration
                    // was searched: no score to report or keep (the answer
                    // falls back to a legal move).
                    if line == 0 {
                        result.score = 0;
                    }
                    break 'deepening;
                }
                on_info(&Info {
                    depth,
                    seldepth: self.seldepth as u32,
                    multipv: line as u32 + 1,
                    score: s,
                    nodes: self.nodes,
                    time_ms: now_ms() - self.start,
                    hashfull: self.tt.hashfull(),
                    pv,
                });
                if self.stopped {
                    break 'deepening;
                }
                match first {
                    Some(m) => self.excluded.push(m),
                    None => break,
                }
            }
            if lines > 1 {
                // The next iteration starts from the best line.
                self.tt.store(
                    pos.hash(),
                    result.best,
                    score,
                    depth as i32,
                    Bound::Exact,
                    0,
                );
            }
            // On a clock, do not start an iteration that will not finish:
            // stop early when the answer is settled and spend more when the
            // best move changes or the score falls. A fixed time is spent in
            // full, since time saved there is lost.
            if let (Some(t), Some(soft)) = (limits.movetime_ms, limits.soft_ms) {
                changes = changes * 0.5 + f64::from(depth > 1 && result.best != last_best);
                let fall = if depth > 1 && score < last_score - 40 {
                    1.5
                } else {
                    1.0
                };
                let budget = (soft * (1.0 + 2.0 * changes) * fall).min(t);
                if now_ms() - self.start > budget * 0.55 {
                    break;
                }
            }
            if score.abs() > MATE_BOUND && depth as i32 > (MATE - score.abs()) + 2 {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    fn root(
        &mut self,
        pos: &mut G,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        stop: &AtomicBool,
    ) -> i32 {
        let mut moves = G::list_new();
        for &m in &self.root_moves {
            if !self.excluded.contains(&m) {
                G::list_push(&mut moves, m);
            }
        }
        let tt_move = self.tt.probe(pos.hash()).and_then(|e| e.mv);
        let mut picker = self.picker(pos, moves, tt_move, 0);
        let noisy = self.root_noise.iter().any(|&(_, n)| n != 0);
        self.stack[0].check = pos.in_check();
        self.stack[0].eval = None;
        let mut best = -INF;
        let mut best_move = None;
        let mut i = 0;
        while let Some((m, _)) = picker.next() {
            let bonus = self
                .root_noise
                .iter()
                .find(|(x, _)| *x == m)
                .map_or(0, |&(_, n)| n);
            self.stack[0].slot = slot::<G>(pos.mover(m), m);
            let s = if i == 0 || noisy {
                let (a, b) = if noisy { (-INF, INF) } else { (-beta, -alpha) };
                // Noise must not push a score past the window's ends: a
                // mated move plus a negative offset would fall below -INF
                // and the aspiration loop could never settle.
                (self.child(pos, m, depth - 1, a, b, 1, stop) + bonus).clamp(-MATE, MATE)
            } else {
                let mut s = self.child(pos, m, depth - 1, -alpha - 1, -alpha, 1, stop);
                if s > alpha && !self.stopped {
                    s = self.child(pos, m, depth - 1, -beta, -alpha, 1, stop);
                }
                s
            };
            i += 1;
            // A move whose search was cut short has no score.
            if self.stopped {
                break;
            }
            if s > best {
                best = s;
                best_move = Some(m);
                if s > alpha {
                    alpha = s;
                    self.root_best = Some((m, s));
                    if alpha >= beta && !noisy {
                        break;
                    }
                }
            }
        }
        if let Some(m) = best_move {
            if !self.stopped {
                self.tt
                    .store(pos.hash(), Some(m), best, depth, Bound::Exact, 0);
            }
        }
        best
    }

    /// Search the position after `m`, averaging over reveal outcomes.
    /// Returns the score from the mover's side. `a`, `b` are the child's window.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        pos: &mut G,
        m: G::Move,
        depth: i32,
        a: i32,
        b: i32,
        ply: usize,
        stop: &AtomicBool,
    ) -> i32 {
        self.path
            .push(repetition_key(pos.public_hash(), self.stack[ply - 1].check));
        let full_chance = ply == 1 || (depth >= 5 && self.reveals == 0);
        let v = self.score_move(pos, m, full_chance, true, |me, pos| {
            -me.negamax(pos, depth, a, b, ply, stop)
        });
        self.path.pop();
        v
    }

    /// Play `m`, score the child with `child` (from the mover's side) and
    /// take it back. A face-down mover is a chance node: with `full`, the
    /// pool-weighted mean over every identity it can turn into (all wins
    /// count the slowest win, all losses the slowest loss); otherwise one
    /// typical identity, whose value is nearest the pool's mean.
    /// `tell_check`: the child reads its check state, so pass it on where
    /// the move knows it ([`Self::next_check`]).
    fn score_move(
        &mut self,
        pos: &mut G,
        m: G::Move,
        full: bool,
        tell_check: bool,
        mut child: impl FnMut(&mut Self, &mut G) -> i32,
    ) -> i32 {
        let pool = match pos.reveal_pool(m) {
            Some(pool) if G::pool_total(&pool) > 0 => pool,
            _ => {
                self.next_check = if tell_check { pos.check_after(m) } else { None };
                let u = pos.make(m, None);
                let s = child(self, pos);
                pos.unmake(m, u);
                return s;
            }
        };
        self.reveals += 1;
        let v = if !full {
            let id = match self.typical {
                [Some((p, id)), _] | [_, Some((p, id))] if p == pool => id,
                [recent, _] => {
                    let id = pos.typical_identity(m);
                    self.typical = [Some((pool, id)), recent];
                    id
                }
            };
            let s = self.reveal_as(pos, m, id, &mut child);
            s.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
        } else {
            let (mut sum, mut lo, mut hi) = (0i64, INF, -INF);
            for (r, n) in G::pool_entries(&pool) {
                let s = self.reveal_as(pos, m, r, &mut child);
                if self.stopped {
                    break;
                }
                sum += s as i64 * n as i64;
                lo = lo.min(s);
                hi = hi.max(s);
            }
            if lo > MATE_BOUND {
                lo
            } else if hi < -MATE_BOUND {
                hi
            } else {
                ((sum / G::pool_total(&pool) as i64) as i32).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
            }
        };
        self.reveals -= 1;
        v
    }

    /// Play `m` revealing `id` and score the child; where the mover then
    /// has a choice (a promotion after a late reveal), the better of them.
    #[inline]
    fn reveal_as(
        &mut self,
        pos: &mut G,
        m: G::Move,
        id: G::Id,
        child: &mut impl FnMut(&mut Self, &mut G) -> i32,
    ) -> i32 {
        let (first, second) = pos.with_reveal(m, id);
        self.next_check = None;
        let u = pos.make(first, Some(id));
        let mut s = child(self, pos);
        pos.unmake(first, u);
        if let (Some(other), false) = (second, self.stopped) {
            self.next_check = None;
            let u = pos.make(other, Some(id));
            s = s.max(child(self, pos));
            pos.unmake(other, u);
        }
        s
    }

    /// Count a node and check the limits; `true` when the search must stop.
    fn enter(&mut self, stop: &AtomicBool) -> bool {
        self.nodes += 1;
        self.check_time(stop);
        self.stopped
    }

    /// Every 256 nodes (a fraction of a millisecond, so a search on a
    /// nearly spent clock stops in time; reading the clock that often
    /// costs nothing measurable).
    fn check_time(&mut self, stop: &AtomicBool) {
        if self.nodes & 255 == 0 {
            if stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
            if let Some(t) = self.limits.movetime_ms {
                if now_ms() - self.start >= t {
                    self.stopped = true;
                }
            }
        }
        if let Some(n) = self.limits.nodes {
            if self.nodes >= n {
                self.stopped = true;
            }
        }
    }

    /// The score of a repeated position (same side to move earlier on the
    /// path, the game's positions before the root included), or `None`.
    /// `key` is the node's [`repetition_key`]. Where the rules punish it, a
    /// side that checked with every move of the cycle loses it; otherwise a
    /// repetition is a draw.
    fn repetition(&self, key: u64, punish: bool) -> Option<i32> {
        let n = self.path.len();
        let j = (1..=n / 2).find(|&j| self.path[n - 2 * j] == key)?;
        if !punish {
            return Some(0);
        }
        // Did the move into the position `back` plies before this node give
        // check? The keys say so in bit 0.
        let checked = |back: usize| (if back == 0 { key } else { self.path[n - back] }) & 1 == 1;
        // The side not to move made the moves into this node, 2, 4... back.
        let theirs = (0..j).all(|i| checked(2 * i));
        let ours = (0..j).all(|i| checked(2 * i + 1));
        Some(match (theirs, ours) {
            (true, false) => PERPETUAL,
            (false, true) => -PERPETUAL,
            _ => 0,
        })
    }

    /// The slots of the moves one and two plies before the node at `ply`.
    #[inline]
    fn prev_slots(&self, ply: usize) -> [usize; 2] {
        [
            if ply >= 1 {
                self.stack[ply - 1].slot
            } else {
                no_slot::<G>()
            },
            if ply >= 2 {
                self.stack[ply - 2].slot
            } else {
                no_slot::<G>()
            },
        ]
    }

    fn negamax(
        &mut self,
        pos: &mut G,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        stop: &AtomicBool,
    ) -> i32 {
        let known_check = self.next_check.take();
        if self.enter(stop) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY {
            return self.evaluate(pos);
        }
        let in_check = known_check.unwrap_or_else(|| pos.in_check());
        self.stack[ply].check = in_check;
        let rep = repetition_key(pos.public_hash(), in_check);
        if let Some(s) = self.repetition(rep, pos.punishes_perpetual()) {
            return s;
        }
        // A rule's draw, unless the side to move is mated (or has no move):
        // that ends the game first.
        if pos.drawn_by_rule() && !G::list_slice(&pos.legal_moves_in(in_check)).is_empty() {
            return 0;
        }
        // Mate-distance pruning.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let mut depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 {
            self.next_check = Some(in_check);
            return self.quiesce(pos, alpha, beta, ply, 0, stop);
        }
        let key = pos.hash();
        let pv_node = beta - alpha > 1;
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            // A move from another position (a key collision) matches no legal move.
            tt_move = e.mv;
            if e.depth >= depth && !pv_node {
                if let Some(s) = e.cutoff(ply, alpha, beta) {
                    return s;
                }
            }
        }
        let prev = self.prev_slots(ply);
        let (eval, corr_slots) = if in_check {
            (None, None)
        } else {
            let (e, slots) = self.corrected_eval(pos);
            (Some(e), slots)
        };
        self.stack[ply].eval = eval;
        // Is the side to move better off than two plies ago?
        let improving = match (eval, ply.checked_sub(2).and_then(|p| self.stack[p].eval)) {
            (Some(e), Some(before)) => e > before,
            (Some(_), None) => ply < 2,
            _ => false,
        };
        if let (Some(eval), false) = (eval, pv_node) {
            // Reverse futility: far above beta at low depth.
            if depth <= 6
                && beta.abs() < MATE_BOUND
                && eval - 90 * (depth - improving as i32) >= beta
            {
                return eval;
            }
            // Razoring: far below alpha, only captures can help.
            if depth <= 2 && alpha.abs() < MATE_BOUND && eval + 200 + 220 * depth <= alpha {
                self.next_check = Some(false);
                let q = self.quiesce(pos, alpha, alpha + 1, ply, 0, stop);
                if q <= alpha {
                    return q;
                }
            }
            // Null move: give the turn away; if still above beta, prune.
            if depth >= 3
                && eval >= beta
                && prev[0] != no_slot::<G>()
                && beta > -MATE_BOUND
                && pos.null_move_ok()
            {
                let r = 3 + depth / 3 + ((eval - beta) / 200).min(3);
                let (h, u) = pos.make_null();
                self.path.push(repetition_key(h, false));
                self.stack[ply].slot = no_slot::<G>();
                self.next_check = None;
                let s = -self.negamax(pos, depth - 1 - r, -beta, -beta + 1, ply + 1, stop);
                self.path.pop();
                pos.unmake_null(u);
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }
        // Internal iterative reduction: no move to try first, search less.
        if tt_move.is_none() && depth >= 4 {
            depth -= 1;
        }

        let moves = pos.legal_moves_in(in_check);
        if G::list_slice(&moves).is_empty() {
            return if in_check || !pos.stalemate_draws() {
                -MATE + ply as i32
            } else {
                0
            };
        }
        let mut picker = self.picker(pos, moves, tt_move, ply);
        let killers = self.history.killers[ply];
        let counter = self.history.counter[prev[0]];
        let mut best = -INF;
        let mut best_move = None;
        let orig_alpha = alpha;
        let mut searched = 0;
        let mut quiets_tried = [(G::no_move(), 0usize); 32];
        let mut n_quiets = 0;
        let mut captures_tried = [(0usize, None::<G::Piece>); 16];
        let mut n_captures = 0;
        while let Some((m, score)) = picker.next() {
            let mover = pos.mover(m);
            let victim = pos.victim(m);
            let quiet = pos.is_quiet(m, mover, victim);
            // A move late enough in a deep enough node to be reduced.
            let late = depth >= 3 && searched >= 2;
            // A reveal that takes nothing and gives no check is reduced
            // like a quiet move, one ply less (it is a chance node: what
            // it turns up may change the position's value).
            let calm_reveal = G::REDUCE_CALM_REVEALS
                && late
                && !quiet
                && victim.is_none()
                && pos.is_reveal(m, mover)
                && !pos.gives_check(m);
            let s_slot = slot::<G>(mover, m);
            if searched > 0 && best > -MATE_BOUND && !in_check {
                if quiet {
                    // Late-move pruning and futility: quiet moves late in
                    // a node far from the window are not worth a search.
                    let lmp = (3 + depth * depth) / (2 - improving as i32);
                    let futile = depth <= 6
                        && alpha < MATE_BOUND
                        && eval.is_some_and(|e| e + 120 + 110 * depth <= alpha);
                    if !pv_node
                        && (depth <= 5 && n_quiets as i32 >= lmp || futile)
                        && !pos.gives_check(m)
                    {
                        continue;
                    }
                } else if victim.is_some()
                    && !pv_node
                    && depth <= 4
                    && score < GOOD_CAPTURE
                    && !capture_wins(pos, m, -150 * depth)
                {
                    continue;
                }
            }
            // Late-move reductions.
            let mut r = 0;
            if late && (quiet || calm_reveal || score <= BAD_CAPTURE + (1 << 24)) {
                r = self.lmr[depth.min(63) as usize][searched.min(63)];
                if pv_node {
                    r -= 1024;
                }
                if !improving {
                    r += 512;
                }
                if calm_reveal {
                    r -= 1024;
                }
                if quiet || calm_reveal {
                    if Some(m) == killers[0] || Some(m) == killers[1] || Some(m) == counter {
                        r -= 1024;
                    }
                    r -= self.history.quiet(pos, m, s_slot, prev) * 1024 / 12_000;
                }
                r = (r / 1024).clamp(0, depth - 2);
            }
            self.stack[ply].slot = s_slot;
            let d = depth - 1;
            let s = if searched == 0 {
                self.child(pos, m, d, -beta, -alpha, ply + 1, stop)
            } else {
                let mut s = self.child(pos, m, d - r, -alpha - 1, -alpha, ply + 1, stop);
                if s > alpha && (r > 0 || pv_node) && !self.stopped {
                    s = self.child(pos, m, d, -beta, -alpha, ply + 1, stop);
                }
                s
            };
            searched += 1;
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                best_move = Some(m);
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        let bonus = (150 * depth - 100).min(1800);
                        if quiet {
                            let k = &mut self.history.killers[ply];
                            if k[0] != Some(m) {
                                k[1] = k[0];
                                k[0] = Some(m);
                            }
                            self.history.counter[prev[0]] = Some(m);
                            self.history.update_quiet(pos, m, s_slot, prev, bonus);
                            for &(q, qs) in &quiets_tried[..n_quiets] {
                                self.history.update_quiet(pos, q, qs, prev, -bonus);
                            }
                        } else if let Some(v) = victim {
                            gravity(self.history.capture_at(s_slot, v), bonus);
                        }
                        for &(cs, cv) in &captures_tried[..n_captures] {
                            if let Some(cv) = cv {
                                gravity(self.history.capture_at(cs, cv), -bonus);
                            }
                        }
                        break;
                    }
                }
            }
            if quiet && n_quiets < quiets_tried.len() {
                quiets_tried[n_quiets] = (m, s_slot);
                n_quiets += 1;
            } else if victim.is_some() && n_captures < captures_tried.len() {
                captures_tried[n_captures] = (s_slot, victim);
                n_captures += 1;
            }
        }
        let bound = Bound::of(best, orig_alpha, beta);
        self.tt.store(key, best_move, best, depth, bound, ply);
        // Teach the correction history what the search found, where the
        // bound says which way the evaluation erred and a quiet move (or
        // none) decided it.
        if let (Some(e), Some(slots)) = (eval, corr_slots) {
            let informative = match bound {
                Bound::Lower => best > e,
                Bound::Upper => best < e,
                Bound::Exact => true,
            };
            if informative
                && best.abs() < MATE_BOUND
                && best_move.is_none_or(|m| pos.victim(m).is_none())
            {
                let bonus = ((best - e) * depth / 8).clamp(-CORR_LIMIT / 4, CORR_LIMIT / 4);
                for i in slots {
                    gravity_within(&mut self.corr[i], bonus, CORR_LIMIT);
                }
            }
        }
        best
    }

    fn quiesce(
        &mut self,
        pos: &mut G,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
        stop: &AtomicBool,
    ) -> i32 {
        let known_check = self.next_check.take();
        if self.enter(stop) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = qply < 2 && known_check.unwrap_or_else(|| pos.in_check());
        let key = pos.hash();
        let entry = self.tt.probe(key);
        if let Some(s) = entry.and_then(|e| e.cutoff(ply, alpha, beta)) {
            return s;
        }
        let orig_alpha = alpha;
        // In check there is no standing score: every reply is tried.
        let stand = if in_check {
            -INF
        } else {
            self.corrected_eval(pos).0
        };
        if !in_check {
            if stand >= beta || ply >= MAX_PLY || qply > 6 {
                return stand;
            }
            alpha = alpha.max(stand);
        }
        let moves = if in_check {
            let all = pos.legal_moves_in(true);
            if G::list_slice(&all).is_empty() {
                return -MATE + ply as i32;
            }
            all
        } else if qply < 2 {
            pos.legal_captures_in(false)
        } else {
            pos.legal_captures()
        };
        let mut picker = self.picker(pos, moves, entry.and_then(|e| e.mv), MAX_PLY);
        let mut best = if in_check { -INF } else { stand };
        let mut best_move = None;
        while let Some((m, score)) = picker.next() {
            // Captures that lose material cannot lift a standing score.
            if !in_check && score < GOOD_CAPTURE {
                continue;
            }
            // Deep in quiescence a chance node per capture explodes: past the
            // first capture, follow one typical identity.
            // Only the first quiescence ply's children look for check.
            let s = self.score_move(pos, m, qply == 0, qply == 0, |me, pos| {
                -me.quiesce(pos, -beta, -alpha, ply + 1, qply + 1, stop)
            });
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                best_move = Some(m);
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        if entry.is_none_or(|e| e.depth <= 0) {
            let bound = Bound::of(best, orig_alpha, beta);
            self.tt.store(key, best_move, best, 0, bound, ply);
        }
        best
    }

    /// Score `moves` for the picker: TT move, good captures (by victim,
    /// then capture history), killers, counter move, quiet moves by their
    /// histories (reveals across the river first), bad captures.
    fn picker(&self, pos: &G, moves: G::List, tt_move: Option<G::Move>, ply: usize) -> Picker<G> {
        let (killers, prev) = if ply < MAX_PLY {
            (self.history.killers[ply], self.prev_slots(ply))
        } else {
            ([None; 2], [no_slot::<G>(); 2])
        };
        let counter = self.history.counter[prev[0]];
        let mut all_scores = G::new_scores();
        let scores = all_scores.as_mut();
        for (i, &m) in G::list_slice(&moves).iter().enumerate() {
            let mover = pos.mover(m);
            let s = slot::<G>(mover, m);
            scores[i] = if Some(m) == tt_move {
                TT_MOVE
            } else if let Some(v) = pos.victim(m) {
                let order = pos.piece_value(v) * 16
                    + self.history.capture[s * KINDS + kind::<G>(v)] as i32 / 16;
                if capture_wins(pos, m, 0) {
                    GOOD_CAPTURE + order
                } else {
                    BAD_CAPTURE + order
                }
            } else if killers[0] == Some(m) {
                KILLER
            } else if killers[1] == Some(m) {
                KILLER - 1
            } else if counter == Some(m) {
                COUNTER
            } else {
                let reveal_bonus = if pos.early_reveal(m, mover) { 8_000 } else { 0 };
                self.history.quiet(pos, m, s, prev) + reveal_bonus
            };
        }
        Picker {
            moves,
            scores: all_scores,
            next: 0,
        }
    }

    /// Principal variation from the TT (stops at reveals it cannot follow).
    fn pv(&self, pos: &mut G, max: usize) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut undo = Vec::new();
        let mut seen = Vec::new();
        while pv.len() < max {
            let Some(m) = self.tt.probe(pos.hash()).and_then(|e| e.mv) else {
                break;
            };
            if !pos.is_legal(m) || seen.contains(&pos.hash()) {
                break;
            }
            seen.push(pos.hash());
            pv.push(m);
            if pos.reveal_pool(m).is_some() {
                break; // the next position depends on chance
            }
            undo.push((m, pos.make(m, None)));
        }
        while let Some((m, u)) = undo.pop() {
            pos.unmake(m, u);
        }
        pv
    }
}

fn noise_value(seed: u64, i: u64, amp: i32) -> i32 {
    let mut z = seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z % (2 * amp as u64 + 1)) as i32 - amp
}
