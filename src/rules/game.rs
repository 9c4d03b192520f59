//! The referee's game: the true position, the history, the draws of hidden
//! identities, the end of the game, and what each seat may see.

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

use super::chase::{self, CyclePly};
use super::fen;
use super::movetext;
use super::outcome::{Outcome, Reason};
use super::piece::{Color, Role};
use super::position::{Move, MoveList, PlayError, Played, Pool, Position, Undo};
use super::ruleset::{CaptureKnowledge, RuleSet};

/// Who is looking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Seat {
    Red,
    Black,
    Spectator,
}

impl Seat {
    pub fn of(c: Color) -> Seat {
        match c {
            Color::Red => Seat::Red,
            Color::Black => Seat::Black,
        }
    }
    pub fn color(self) -> Option<Color> {
        match self {
            Seat::Red => Some(Color::Red),
            Seat::Black => Some(Color::Black),
            Seat::Spectator => None,
        }
    }
}

/// One ply of the game as the referee recorded it.
#[derive(Clone, Debug)]
pub struct Record {
    pub played: Played,
    undo: Undo,
    /// Public key of the position after the move.
    pub public_hash: u64,
    /// Did the move give check?
    pub check: bool,
    /// Enemy pieces the move chases (bit per square; see `chase`).
    chased: u128,
}

/// A captured piece as one seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Captured {
    pub color: Color,
    /// `None`: a face-down piece whose identity this seat does not know.
    pub role: Option<Role>,
    /// Was it face down when captured?
    pub was_hidden: bool,
    pub ply: usize,
}

/// Everything one seat may know: the AI and the page only ever get this.
#[derive(Clone, Debug)]
pub struct View {
    pub seat: Seat,
    /// The position with this seat's pools.
    pub position: Position,
    /// Pieces captured from each colour (index `Color::index`).
    pub captured: [Vec<Captured>; 2],
    /// The moves in machine text as this seat may read them.
    pub moves: Vec<String>,
    /// Public keys of the positions since the last capture (oldest first,
    /// ending with the current one), for repetition-aware search.
    pub recent: Vec<u64>,
    pub outcome: Option<Outcome>,
}

pub struct Game {
    start: Position,
    truth: Position,
    history: Vec<Record>,
    rng: Xoshiro256PlusPlus,
    outcome: Option<Outcome>,
}

impl Game {
    /// A new game; `seed` fixes every draw (tests), `None` takes one from the system.
    pub fn new(rules: RuleSet, seed: Option<u64>) -> Game {
        Game::from_position(Position::start(rules), seed)
    }

    pub fn from_position(pos: Position, seed: Option<u64>) -> Game {
        let seed = seed.unwrap_or_else(system_seed);
        let mut g = Game {
            start: pos.clone(),
            truth: pos,
            history: Vec::new(),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            outcome: None,
        };
        g.outcome = g.compute_outcome();
        g
    }

    pub fn from_fen(
        text: &str,
        rules: RuleSet,
        seed: Option<u64>,
    ) -> Result<Game, fen::ParseFenError> {
        Ok(Game::from_position(fen::parse(text, rules)?, seed))
    }

    pub fn rules(&self) -> RuleSet {
        self.truth.rules()
    }
    pub fn turn(&self) -> Color {
        self.truth.turn()
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    pub fn history(&self) -> &[Record] {
        &self.history
    }
    pub fn ply(&self) -> usize {
        self.history.len()
    }
    /// The public board (pools are the referee's: do not show them to a seat).
    pub fn board(&self) -> &Position {
        &self.truth
    }
    pub fn start_position(&self) -> &Position {
        &self.start
    }
    pub fn legal_moves(&self) -> MoveList {
        if self.outcome.is_some() {
            MoveList::new()
        } else {
            self.truth.legal_moves()
        }
    }

    /// Draw an identity uniformly from the side's remaining unknown ones.
    fn draw(&mut self, c: Color) -> Option<Role> {
        let pool = *self.truth.pool(c);
        let n = pool.total() as u64;
        if n == 0 {
            return None;
        }
        // Rejection sampling: exactly uniform.
        let zone = u64::MAX - (u64::MAX % n);
        let mut x = self.rng.next_u64();
        while x >= zone {
            x = self.rng.next_u64();
        }
        let mut k = (x % n) as u8;
        for (r, cnt) in pool.entries() {
            if k < cnt {
                return Some(r);
            }
            k -= cnt;
        }
        None
    }

    /// Play a legal move; the referee draws what it reveals.
    pub fn play(&mut self, m: Move) -> Result<Played, PlayError> {
        if self.outcome.is_some() || !self.truth.is_legal(m) {
            return Err(PlayError::Illegal(m));
        }
        let us = self.truth.turn();
        let piece = self.truth.piece_at(m.from).unwrap();
        let captured = self.truth.piece_at(m.to);
        let reveal = if piece.hidden {
            Some(self.draw(us).ok_or(PlayError::BadReveal(m))?)
        } else {
            None
        };
        let capture_id = match captured {
            Some(c) if c.hidden && self.rules().capturer_learns() => self.draw(c.color),
            _ => None,
        };
        self.apply(m, reveal, capture_id)
    }

    /// Replay a recorded move with the identities it drew (a saved game).
    pub fn replay(
        &mut self,
        m: Move,
        reveal: Option<Role>,
        capture_id: Option<Role>,
    ) -> Result<Played, PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::Illegal(m));
        }
        let captured = self.truth.piece_at(m.to);
        let learns = captured.is_some_and(|c| c.hidden) && self.rules().capturer_learns();
        if capture_id.is_some() && !learns {
            return Err(PlayError::BadCaptureId(m));
        }
        // A captured identity the record leaves out, where the capturer
        // learns it, is drawn afresh: the record may be one seat's.
        let capture_id = match (learns, capture_id, captured) {
            (true, None, Some(c)) => self.draw(c.color),
            _ => capture_id,
        };
        // Validates legality and pools without changing anything on error.
        let mut probe = self.truth.clone();
        probe.play(m, reveal, capture_id)?;
        self.apply(m, reveal, capture_id)
    }

    fn apply(
        &mut self,
        m: Move,
        reveal: Option<Role>,
        capture_id: Option<Role>,
    ) -> Result<Played, PlayError> {
        let us = self.truth.turn();
        let piece = self.truth.piece_at(m.from).ok_or(PlayError::Illegal(m))?;
        let captured = self.truth.piece_at(m.to);
        let before = self.truth.clone();
        let undo = self.truth.make(m, reveal, capture_id);
        let check = self.truth.is_check_on(us.other());
        let chased = chase::chased_by_move(&before, m, &self.truth);
        let played = Played {
            mv: m,
            piece,
            reveal,
            captured,
            capture_id,
        };
        self.history.push(Record {
            played,
            undo,
            public_hash: self.truth.public_hash(),
            check,
            chased,
        });
        self.outcome = self.compute_outcome();
        Ok(played)
    }

    /// Take back the last ply; what it drew goes back to the pool.
    pub fn undo(&mut self) -> Option<Played> {
        let r = self.history.pop()?;
        self.truth.unmake(r.played.mv, r.undo);
        self.outcome = self.compute_outcome();
        Some(r.played)
    }

    pub fn resign(&mut self, loser: Color) {
        if self.outcome.is_none() {
            self.outcome = Some(Outcome {
                winner: Some(loser.other()),
                reason: Reason::Resignation,
            });
        }
    }

    /// End by a clock or by the referee of a match (crash, illegal move).
    pub fn adjudicate(&mut self, outcome: Outcome) {
        if self.outcome.is_none() {
            self.outcome = Some(outcome);
        }
    }

    fn compute_outcome(&self) -> Option<Outcome> {
        let pos = &self.truth;
        let us = pos.turn();
        if pos.legal_moves().is_empty() {
            let reason = if pos.in_check() {
                Reason::Checkmate
            } else {
                Reason::NoLegalMove
            };
            return Some(Outcome {
                winner: Some(us.other()),
                reason,
            });
        }
        if let Some(o) = self.repetition() {
            return Some(o);
        }
        if pos.halfmove() >= RuleSet::NO_PROGRESS_PLIES {
            return Some(Outcome {
                winner: None,
                reason: Reason::NoProgress,
            });
        }
        None
    }

    /// Third occurrence of the public position with the same side to move.
    fn repetition(&self) -> Option<Outcome> {
        let now = self.truth.public_hash();
        let n = self.history.len();
        // Positions after ply i (i = 0 is the start); same side to move => step 2.
        let key_at = |i: usize| {
            if i == 0 {
                self.start.public_hash()
            } else {
                self.history[i - 1].public_hash
            }
        };
        let mut occurrences = vec![n];
        let irreversible = |p: &Played| p.captured.is_some() || p.reveal.is_some();
        let mut i = n;
        // A capture or reveal cannot be undone: nothing before it repeats.
        while i >= 2
            && !irreversible(&self.history[i - 1].played)
            && !irreversible(&self.history[i - 2].played)
        {
            i -= 2;
            if key_at(i) == now {
                occurrences.push(i);
            }
        }
        if occurrences.len() < 3 {
            return None;
        }
        let cycle = &self.history[occurrences[1]..n];
        let rules = self.rules();
        if rules.punishes_perpetual() {
            let checks = |c: Color| moves_of(cycle, c).all(|r| r.check);
            let (rc, bc) = (checks(Color::Red), checks(Color::Black));
            if rc != bc {
                let loser = if rc { Color::Red } else { Color::Black };
                return Some(Outcome {
                    winner: Some(loser.other()),
                    reason: Reason::PerpetualCheck,
                });
            }
            if !rc {
                let plies = || {
                    cycle.iter().map(|r| CyclePly {
                        mover: r.played.piece.color,
                        mv: r.played.mv,
                        chased: r.chased,
                    })
                };
                let (rch, bch) = (
                    chase::chases_through(plies(), Color::Red),
                    chase::chases_through(plies(), Color::Black),
                );
                if rch != bch {
                    let loser = if rch { Color::Red } else { Color::Black };
                    return Some(Outcome {
                        winner: Some(loser.other()),
                        reason: Reason::PerpetualChase,
                    });
                }
            }
        }
        Some(Outcome {
            winner: None,
            reason: Reason::Repetition,
        })
    }

    // ---- what seats know ----

    /// Does `seat` know the identity of a face-down piece captured by `capturer`?
    fn knows_capture(&self, seat: Seat, capturer: Color) -> bool {
        match self.rules().capture_knowledge() {
            CaptureKnowledge::Nobody => false,
            CaptureKnowledge::CapturerOnly => seat == Seat::of(capturer),
            CaptureKnowledge::CapturerThenAll => {
                seat == Seat::of(capturer) || self.outcome.is_some()
            }
        }
    }

    /// The view of one seat. It holds no identity that seat may not know.
    pub fn view(&self, seat: Seat) -> View {
        let mut position = self.truth.clone();
        let mut pools: [Pool; 2] = [*self.truth.pool(Color::Red), *self.truth.pool(Color::Black)];
        let mut captured: [Vec<Captured>; 2] = [Vec::new(), Vec::new()];
        let mut moves = Vec::with_capacity(self.history.len());
        for (ply, r) in self.history.iter().enumerate() {
            let capturer = r.played.piece.color;
            let knows = self.knows_capture(seat, capturer);
            if let Some(c) = r.played.captured {
                let role = if !c.hidden {
                    Some(c.role)
                } else if knows {
                    r.played.capture_id
                } else {
                    None
                };
                if c.hidden && !knows {
                    if let Some(id) = r.played.capture_id {
                        pools[c.color.index()].0[id.index()] += 1;
                    }
                }
                captured[c.color.index()].push(Captured {
                    color: c.color,
                    role,
                    was_hidden: c.hidden,
                    ply,
                });
            }
            moves.push(movetext::write(&r.played, knows));
        }
        for c in Color::ALL {
            position.set_pool(c, pools[c.index()]);
        }
        View {
            seat,
            position,
            captured,
            moves,
            recent: self.recent_keys(),
            outcome: self.outcome,
        }
    }

    /// The public board after the first `ply` moves (for reviewing a game).
    pub fn position_at(&self, ply: usize) -> Position {
        let mut p = self.start.clone();
        for r in &self.history[..ply.min(self.history.len())] {
            p.make(r.played.mv, r.played.reveal, r.played.capture_id);
        }
        p
    }

    /// Public keys since the last irreversible move, oldest first, current last.
    pub fn recent_keys(&self) -> Vec<u64> {
        let mut keys = vec![self.truth.public_hash()];
        for i in (0..self.history.len()).rev() {
            let p = &self.history[i].played;
            if p.captured.is_some() || p.reveal.is_some() {
                break;
            }
            keys.push(if i == 0 {
                self.start.public_hash()
            } else {
                self.history[i - 1].public_hash
            });
        }
        keys.reverse();
        keys
    }

    /// The game as a start FEN plus moves, readable by `seat`.
    pub fn moves_text(&self, seat: Seat) -> Vec<String> {
        self.view(seat).moves
    }
}

/// Moves of `c` in a cycle (records alternate colours).
fn moves_of(cycle: &[Record], c: Color) -> impl Iterator<Item = &Record> {
    cycle.iter().filter(move |r| r.played.piece.color == c)
}

fn system_seed() -> u64 {
    let mut b = [0u8; 8];
    if getrandom::getrandom(&mut b).is_err() {
        return 0x5eed;
    }
    u64::from_le_bytes(b)
}
