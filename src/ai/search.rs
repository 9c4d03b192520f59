//! Iterative-deepening PVS with a transposition table, quiescence on
//! captures, and reveals as chance nodes: the value of a move that turns a
//! piece face up is the pool-weighted mean over the identities it can become.

use std::sync::atomic::{AtomicBool, Ordering};

use super::clock::now_ms;
use super::eval::{evaluate, piece_value, MATE, MATE_BOUND};
use super::tt::{Bound, Tt};
use crate::rules::{Move, MoveList, Position};

const MAX_PLY: usize = 96;
const INF: i32 = MATE + 1;
/// Winning a repetition by the opponent's perpetual check: decisive, not a mate.
const PERPETUAL: i32 = MATE_BOUND - 200;

/// When to stop.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    pub movetime_ms: Option<f64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

/// What the root may play and how many lines to report (UCI `searchmoves`
/// and `MultiPV`). The default (all moves, one line) is the plain search.
#[derive(Clone, Debug, Default)]
pub struct RootOptions {
    /// Only these root moves (those of them that are legal); empty: all.
    pub searchmoves: Vec<Move>,
    /// Lines to report per iteration; 0 and 1 both mean one.
    pub multipv: usize,
}

/// Progress of one finished iteration (one line of it under MultiPV).
#[derive(Clone, Debug)]
pub struct Info {
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
    pub pv: Vec<Move>,
}

#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
}

/// Random offsets added to root moves for the weaker levels.
#[derive(Clone, Copy, Debug, Default)]
pub struct Noise {
    pub amplitude: i32,
    pub seed: u64,
}

pub struct Searcher {
    tt: Tt,
    history: Vec<i32>,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    nodes: u64,
    start: f64,
    limits: Limits,
    stopped: bool,
    /// Public keys of earlier positions (game and search path) for repetition.
    path: Vec<u64>,
    root_noise: Vec<(Move, i32)>,
    /// Full chance nodes on the current path.
    reveals: u32,
    /// Did the move into the node at each ply give check?
    checks: [bool; MAX_PLY + 2],
    /// The root moves searched (legal moves, `searchmoves` applied).
    root_moves: Vec<Move>,
    /// Root moves already reported as better lines in this iteration (MultiPV).
    excluded: Vec<Move>,
    seldepth: usize,
}

impl Searcher {
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher {
            tt: Tt::new(hash_mb),
            history: vec![0; 90 * 90],
            killers: [[None; 2]; MAX_PLY + 1],
            nodes: 0,
            start: 0.0,
            limits: Limits::default(),
            stopped: false,
            path: Vec::new(),
            root_noise: Vec::new(),
            reveals: 0,
            checks: [false; MAX_PLY + 2],
            root_moves: Vec::new(),
            excluded: Vec::new(),
            seldepth: 0,
        }
    }

    pub fn resize(&mut self, hash_mb: usize) {
        self.tt = Tt::new(hash_mb);
    }

    /// Nodes counted by the last search (0 before the first).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Search `pos` (a seat's knowledge). `recent` are the public keys of
    /// the game's earlier positions since the last irreversible move.
    pub fn search(
        &mut self,
        pos: &Position,
        recent: &[u64],
        limits: Limits,
        noise: Noise,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let root = RootOptions::default();
        self.search_with(pos, recent, limits, noise, &root, stop, on_info)
    }

    /// [`Searcher::search`] with root options: `searchmoves` (when none of
    /// them is legal, every legal move is searched) and MultiPV (each
    /// iteration reports the best `multipv` lines; the result is the first).
    #[allow(clippy::too_many_arguments)]
    pub fn search_with(
        &mut self,
        pos: &Position,
        recent: &[u64],
        limits: Limits,
        noise: Noise,
        root: &RootOptions,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let mut pos = pos.clone();
        self.nodes = 0;
        self.start = now_ms();
        self.limits = limits;
        self.stopped = false;
        self.reveals = 0;
        self.killers = [[None; 2]; MAX_PLY + 1];
        self.history.iter_mut().for_each(|h| *h /= 8);
        self.path.clear();
        self.path
            .extend(recent.iter().copied().filter(|&k| k != pos.public_hash()));
        self.tt.new_search();

        let moves = pos.legal_moves();
        self.root_moves = moves.iter().copied().collect();
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
            result.score = -MATE;
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
        'deepening: for depth in 1..=max_depth {
            self.seldepth = 0;
            self.excluded.clear();
            for line in 0..lines {
                // Aspiration windows around the last score (best line only).
                let mut delta = 40;
                let (mut alpha, mut beta) = if line == 0 && depth >= 4 && score.abs() < MATE_BOUND {
                    (score - delta, score + delta)
                } else {
                    (-INF, INF)
                };
                let s = loop {
                    let s = self.root(&mut pos, depth as i32, alpha, beta, stop);
                    if self.stopped {
                        break s;
                    }
                    if s <= alpha {
                        alpha = (alpha - delta).max(-INF);
                    } else if s >= beta {
                        beta = (beta + delta).min(INF);
                    } else {
                        break s;
                    }
                    delta *= 3;
                };
                if self.stopped && (depth > 1 || line > 0) {
                    break 'deepening;
                }
                let pv = self.pv(&mut pos, depth as usize);
                if line == 0 {
                    score = s;
                    if let Some(&m) = pv.first() {
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
            // Do not start an iteration that will not finish.
            if let Some(t) = limits.movetime_ms {
                if now_ms() - self.start > t * 0.55 {
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
        pos: &mut Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        stop: &AtomicBool,
    ) -> i32 {
        let mut moves = MoveList::new();
        for &m in &self.root_moves {
            if !self.excluded.contains(&m) {
                moves.push(m);
            }
        }
        let tt_move = self.tt.probe(pos.hash()).and_then(|e| e.mv);
        self.order(pos, &mut moves, tt_move, 0);
        let noisy = self.root_noise.iter().any(|&(_, n)| n != 0);
        let mut best = -INF;
        let mut best_move = None;
        for (i, &m) in moves.iter().enumerate() {
            let bonus = self
                .root_noise
                .iter()
                .find(|(x, _)| *x == m)
                .map_or(0, |&(_, n)| n);
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
            // A move whose search was cut short has no score.
            if self.stopped {
                break;
            }
            if s > best {
                best = s;
                best_move = Some(m);
                if s > alpha {
                    alpha = s;
                }
                if alpha >= beta && !noisy {
                    break;
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
        pos: &mut Position,
        m: Move,
        depth: i32,
        a: i32,
        b: i32,
        ply: usize,
        stop: &AtomicBool,
    ) -> i32 {
        self.path.push(pos.public_hash());
        let full_chance = ply == 1 || (depth >= 5 && self.reveals == 0);
        let v = self.score_move(pos, m, full_chance, |me, pos| {
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
    fn score_move(
        &mut self,
        pos: &mut Position,
        m: Move,
        full: bool,
        mut child: impl FnMut(&mut Self, &mut Position) -> i32,
    ) -> i32 {
        let piece = pos.piece_at(m.from).expect("mover");
        let pool = *pos.pool(piece.color);
        if !piece.hidden || pool.total() == 0 {
            let u = pos.make(m, None, None);
            let s = child(self, pos);
            pos.unmake(m, u);
            return s;
        }
        self.reveals += 1;
        let v = if !full {
            let u = pos.make(m, Some(typical_identity(pos, piece.color)), None);
            let s = child(self, pos);
            pos.unmake(m, u);
            s.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
        } else {
            let (mut sum, mut lo, mut hi) = (0i64, INF, -INF);
            for (r, n) in pool.entries() {
                let u = pos.make(m, Some(r), None);
                let s = child(self, pos);
                pos.unmake(m, u);
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
                ((sum / pool.total() as i64) as i32).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
            }
        };
        self.reveals -= 1;
        v
    }

    /// Count a node and check the limits; `true` when the search must stop.
    fn enter(&mut self, stop: &AtomicBool) -> bool {
        self.nodes += 1;
        self.check_time(stop);
        self.stopped
    }

    fn check_time(&mut self, stop: &AtomicBool) {
        if self.nodes & 1023 == 0 {
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
    /// path), or `None`. Where the rules punish it, a side that checked with
    /// every move of the cycle loses it; otherwise a repetition is a draw.
    fn repetition(&self, key: u64, ply: usize, punish: bool) -> Option<i32> {
        let n = self.path.len();
        let j = (1..=n / 2).find(|&j| self.path[n - 2 * j] == key)?;
        if !punish || 2 * j > ply {
            return Some(0);
        }
        // checks[ply] is the move into this node (by the side not to move).
        let theirs = (0..j).all(|i| self.checks[ply - 2 * i]);
        let ours = (0..j).all(|i| self.checks[ply - 2 * i - 1]);
        Some(match (theirs, ours) {
            (true, false) => PERPETUAL,
            (false, true) => -PERPETUAL,
            _ => 0,
        })
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        stop: &AtomicBool,
    ) -> i32 {
        if self.enter(stop) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY {
            return evaluate(pos);
        }
        let in_check = pos.in_check();
        self.checks[ply] = in_check;
        if let Some(s) = self.repetition(pos.public_hash(), ply, pos.rules().punishes_perpetual()) {
            return s;
        }
        // Mate-distance pruning.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, 0, stop);
        }
        let key = pos.hash();
        let pv_node = beta - alpha > 1;
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
            if e.depth >= depth && !pv_node {
                let s = Tt::score_from(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let static_eval = evaluate(pos);
        // Null move: give the turn away; if still above beta, prune.
        if !pv_node && !in_check && depth >= 3 && static_eval >= beta && has_pieces(pos) {
            let r = 2 + depth / 4;
            let h = pos.make_null();
            self.path.push(h);
            let s = -self.negamax(pos, depth - 1 - r, -beta, -beta + 1, ply + 1, stop);
            self.path.pop();
            pos.unmake_null(h);
            if self.stopped {
                return 0;
            }
            if s >= beta && s < MATE_BOUND {
                return s;
            }
        }
        // Reverse futility at the frontier.
        if !pv_node && !in_check && depth <= 2 && static_eval - 150 * depth >= beta {
            return static_eval;
        }

        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return -MATE + ply as i32;
        }
        self.order(pos, &mut moves, tt_move, ply);
        let mut best = -INF;
        let mut best_move = None;
        let orig_alpha = alpha;
        for (i, &m) in moves.iter().enumerate() {
            let capture = pos.piece_at(m.to).is_some();
            let reveal = pos.piece_at(m.from).is_some_and(|p| p.hidden);
            let quiet = !capture && !reveal;
            // Late-move reductions for quiet moves.
            let mut r = 0;
            if depth >= 3 && i >= 3 && quiet && !in_check {
                r = 1 + (i as i32 >= 10) as i32 + (depth >= 6) as i32;
            }
            // Reveals multiply the tree: search them one ply shallower when deep.
            let d = depth - 1;
            let s = if i == 0 {
                self.child(pos, m, d, -beta, -alpha, ply + 1, stop)
            } else {
                let mut s = self.child(pos, m, d - r, -alpha - 1, -alpha, ply + 1, stop);
                if s > alpha && (r > 0 || pv_node) && !self.stopped {
                    s = self.child(pos, m, d, -beta, -alpha, ply + 1, stop);
                }
                s
            };
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                best_move = Some(m);
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        if quiet {
                            let k = &mut self.killers[ply];
                            if k[0] != Some(m) {
                                k[1] = k[0];
                                k[0] = Some(m);
                            }
                            let h = &mut self.history[m.from.index() * 90 + m.to.index()];
                            *h += depth * depth;
                            if *h > 1 << 20 {
                                self.history.iter_mut().for_each(|x| *x /= 2);
                            }
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, best_move, best, depth, bound, ply);
        best
    }

    fn quiesce(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
        stop: &AtomicBool,
    ) -> i32 {
        if self.enter(stop) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = qply < 2 && pos.in_check();
        let stand = evaluate(pos);
        if !in_check {
            if stand >= beta || ply >= MAX_PLY || qply > 6 {
                return stand;
            }
            alpha = alpha.max(stand);
        }
        let all = pos.legal_moves();
        if all.is_empty() {
            return -MATE + ply as i32;
        }
        let mut moves = MoveList::new();
        for &m in all.iter() {
            if in_check || pos.piece_at(m.to).is_some() {
                moves.push(m);
            }
        }
        self.order(pos, &mut moves, None, MAX_PLY);
        let mut best = if in_check { -INF } else { stand };
        for &m in moves.iter() {
            // Deep in quiescence a chance node per capture explodes: past the
            // first capture, follow one typical identity.
            let s = self.score_move(pos, m, qply == 0, |me, pos| {
                -me.quiesce(pos, -beta, -alpha, ply + 1, qply + 1, stop)
            });
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Order: TT move, captures by victim value then cheap attacker, killers, history.
    fn order(&self, pos: &Position, moves: &mut MoveList, tt_move: Option<Move>, ply: usize) {
        let killers = if ply < MAX_PLY {
            self.killers[ply]
        } else {
            [None; 2]
        };
        let mut scored: Vec<(i32, Move)> = moves
            .iter()
            .map(|&m| {
                let s = if Some(m) == tt_move {
                    1 << 30
                } else if let Some(v) = pos.piece_at(m.to) {
                    let a = pos.piece_at(m.from).unwrap();
                    (1 << 24) + piece_value(pos, v) * 16 - piece_value(pos, a) / 8
                } else if killers[0] == Some(m) {
                    (1 << 23) + 2
                } else if killers[1] == Some(m) {
                    (1 << 23) + 1
                } else {
                    let reveal_bonus = match pos.piece_at(m.from) {
                        Some(p) if p.hidden && !m.to.on_own_half(p.color) => 5000,
                        _ => 0,
                    };
                    self.history[m.from.index() * 90 + m.to.index()].min(1 << 22) + reveal_bonus
                };
                (s, m)
            })
            .collect();
        scored.sort_by_key(|x| std::cmp::Reverse(x.0));
        for (i, (_, m)) in scored.into_iter().enumerate() {
            moves.as_mut_slice()[i] = m;
        }
    }

    /// Principal variation from the TT (stops at reveals it cannot follow).
    fn pv(&self, pos: &mut Position, max: usize) -> Vec<Move> {
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
            let hidden = pos.piece_at(m.from).is_some_and(|p| p.hidden);
            if hidden {
                break; // the next position depends on chance
            }
            undo.push((m, pos.make(m, None, None)));
        }
        while let Some((m, u)) = undo.pop() {
            pos.unmake(m, u);
        }
        pv
    }
}

fn has_pieces(pos: &Position) -> bool {
    let us = pos.turn();
    pos.pieces()
        .filter(|(_, p)| {
            p.color == us
                && (p.hidden
                    || matches!(
                        p.role,
                        crate::rules::Role::Chariot
                            | crate::rules::Role::Horse
                            | crate::rules::Role::Cannon
                    ))
        })
        .count()
        >= 2
}

fn noise_value(seed: u64, i: u64, amp: i32) -> i32 {
    let mut z = seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z % (2 * amp as u64 + 1)) as i32 - amp
}

/// The identity in `c`'s pool whose value is nearest the pool's mean.
fn typical_identity(pos: &Position, c: crate::rules::Color) -> crate::rules::Role {
    let mean = super::eval::hidden_value(pos, c).0 * 100 / 85;
    pos.pool(c)
        .entries()
        .min_by_key(|(r, _)| (piece_value(pos, crate::rules::Piece::new(c, *r)) - mean).abs())
        .map(|(r, _)| r)
        .unwrap_or(crate::rules::Role::Soldier)
}
