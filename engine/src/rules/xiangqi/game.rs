//! The referee's game: the true position, the history, the draws of hidden
//! identities, the end of the game, and what each seat may see.

use serde::{Deserialize, Serialize};

use super::chase::{self, CyclePly};
use super::fen;
use super::movetext;
use super::outcome::{Outcome, Reason};
use super::piece::{Color, Role};
use super::position::{Move, MoveList, PlayError, Played, Pool, Position, Undo};
use super::ruleset::{CaptureKnowledge, RuleSet};
use super::square::Square;
use crate::rules::repetition_key;
pub use crate::rules::side::Seat;

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
    /// [`repetition_key`]s of the positions since the last irreversible
    /// move (oldest first, ending with the current one), for
    /// repetition-aware search.
    pub recent: Vec<u64>,
    pub outcome: Option<Outcome>,
}

use crate::rules::draws::Draws;
pub use crate::rules::draws::NoRandomness;

/// A saved record that cannot be restored: which move, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestoreError {
    /// The move text at `ply` (counted from 0) cannot be read here.
    Text {
        ply: usize,
        text: String,
        error: movetext::ParseMoveError,
    },
    /// The move at `ply` cannot be played here.
    Play {
        ply: usize,
        text: String,
        error: PlayError,
    },
    NoRandomness,
}

impl std::fmt::Display for RestoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RestoreError::Text { ply, text, error } => {
                write!(f, "move {} ({text}): {error}", ply + 1)
            }
            RestoreError::Play { ply, text, error } => {
                write!(f, "move {} ({text}): {error}", ply + 1)
            }
            RestoreError::NoRandomness => NoRandomness.fmt(f),
        }
    }
}
impl std::error::Error for RestoreError {}

impl From<NoRandomness> for RestoreError {
    fn from(_: NoRandomness) -> Self {
        RestoreError::NoRandomness
    }
}

impl From<NoRandomness> for PlayError {
    fn from(_: NoRandomness) -> Self {
        PlayError::NoRandomness
    }
}

/// What `replay` does with a captured identity the record leaves out where
/// the capturer learns it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Missing {
    /// Draw it now, from the pool as it is.
    Draw,
    /// Leave it undrawn (the first pass of `restore`).
    Defer,
}

pub struct Game {
    start: Position,
    truth: Position,
    history: Vec<Record>,
    draws: Draws,
    outcome: Option<Outcome>,
}

impl Game {
    /// A new game whose identities are drawn from the system's random
    /// source at each reveal. Fails if that source is unavailable.
    pub fn new(rules: RuleSet) -> Result<Game, NoRandomness> {
        Game::from_position(Position::start(rules))
    }

    /// A new game whose draws all follow from `seed`: for tests and the
    /// match runner's reproducible `--seed`, never for play against a
    /// person (the seed predicts every reveal).
    pub fn seeded(rules: RuleSet, seed: u64) -> Game {
        Game::from_position_seeded(Position::start(rules), seed)
    }

    /// A game from `pos`, drawing from the system's random source.
    pub fn from_position(pos: Position) -> Result<Game, NoRandomness> {
        Ok(Game::with_draws(pos, Draws::system()?))
    }

    /// A game from `pos` with seeded draws (tests, reproducible matches).
    pub fn from_position_seeded(pos: Position, seed: u64) -> Game {
        Game::with_draws(pos, Draws::seeded(seed))
    }

    /// A game from a FEN with seeded draws (tests).
    pub fn from_fen_seeded(
        text: &str,
        rules: RuleSet,
        seed: u64,
    ) -> Result<Game, fen::ParseFenError> {
        Ok(Game::from_position_seeded(fen::parse(text, rules)?, seed))
    }

    fn with_draws(pos: Position, draws: Draws) -> Game {
        let mut g = Game {
            start: pos.clone(),
            truth: pos,
            history: Vec::new(),
            draws,
            outcome: None,
        };
        g.outcome = g.compute_outcome();
        g
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

    /// Legal moves of the piece on `from` (none once the game is over).
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        if self.outcome.is_some() {
            MoveList::new()
        } else {
            self.truth.legal_moves_from(from)
        }
    }

    /// Draw an identity uniformly from the side's remaining unknown ones.
    fn draw(&mut self, c: Color) -> Result<Option<Role>, NoRandomness> {
        let pool = *self.truth.pool(c);
        self.draws.pick(c, pool.entries())
    }

    /// Play a legal move; the referee draws what it reveals.
    pub fn play(&mut self, m: Move) -> Result<Played, PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        if !self.truth.is_legal(m) {
            return Err(PlayError::Illegal(m));
        }
        let us = self.truth.turn();
        let piece = self.truth.piece_at(m.from).ok_or(PlayError::Illegal(m))?;
        let captured = self.truth.piece_at(m.to);
        let reveal = if piece.hidden {
            Some(self.draw(us)?.ok_or(PlayError::BadReveal(m))?)
        } else {
            None
        };
        let capture_id = match captured {
            Some(c) if c.hidden && self.rules().capturer_learns() => self.draw(c.color)?,
            _ => None,
        };
        self.apply(m, reveal, capture_id)
    }

    /// Replay a recorded move with the identities it drew (a saved game).
    /// A captured identity the record leaves out, where the capturer learns
    /// it, is drawn afresh from the pool as it is now. For a whole record
    /// that is one seat's, use [`Game::restore`]: drawing at the capture can
    /// use up an identity that the record reveals later.
    pub fn replay(
        &mut self,
        m: Move,
        reveal: Option<Role>,
        capture_id: Option<Role>,
    ) -> Result<Played, PlayError> {
        self.replay_with(m, reveal, capture_id, Missing::Draw)
    }

    fn replay_with(
        &mut self,
        m: Move,
        reveal: Option<Role>,
        capture_id: Option<Role>,
        missing: Missing,
    ) -> Result<Played, PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        // Validates legality, pools and letters without changing anything on error.
        self.truth.check_identities(m, reveal, capture_id)?;
        let learns =
            self.truth.piece_at(m.to).is_some_and(|c| c.hidden) && self.rules().capturer_learns();
        let capture_id = match (learns, capture_id, missing) {
            (true, None, Missing::Draw) => {
                let them = self.truth.turn().other();
                self.draw(them)?
            }
            _ => capture_id,
        };
        self.apply(m, reveal, capture_id)
    }

    /// Restore a game from one seat's record: the start position and the
    /// move texts that seat may read, where captured face-down identities
    /// the seat does not know have no letter. Identities are drawn from the
    /// system's random source.
    ///
    /// Each missing captured identity is drawn only after the whole record
    /// has been replayed, together with the others of its colour, without
    /// replacement, from the pool that remains at the end (after every
    /// known reveal and known capture); then the record is replayed with
    /// them filled in. That is always feasible: the pool at the end still
    /// holds one identity per missing capture besides those of the pieces
    /// face down on the board, and each drawn identity is back in the pool
    /// at its own capture, since what is taken after it is all still there.
    ///
    /// It is also exactly the law of the missing identities given the
    /// record. The referee's draws give the same law as a shuffle of each
    /// side's identities at the start (RULES.md section 3), and a shuffle
    /// conditioned on the identities the record names (reveals, known
    /// captures) leaves the remaining pieces, captured unknown ones and
    /// face-down ones on the board alike, a uniform arrangement of the
    /// remaining pool; the captured unknown ones among them are thus a
    /// uniform draw without replacement from that pool. (The opponent's
    /// choice of moves is taken to tell nothing about what it captured.)
    /// Drawing at the capture ply instead uses the pool as it was then,
    /// which can take an identity the record reveals later.
    pub fn restore<S: AsRef<str>>(start: Position, moves: &[S]) -> Result<Game, RestoreError> {
        Game::restore_with(start, moves, Draws::system()?)
    }

    /// `restore` with seeded draws: for tests only.
    pub fn restore_seeded<S: AsRef<str>>(
        start: Position,
        moves: &[S],
        seed: u64,
    ) -> Result<Game, RestoreError> {
        let draws = Draws::seeded(seed);
        Game::restore_with(start, moves, draws)
    }

    fn restore_with<S: AsRef<str>>(
        start: Position,
        moves: &[S],
        draws: Draws,
    ) -> Result<Game, RestoreError> {
        // First pass: read and check every move, leaving missing captured
        // identities undrawn.
        let mut first = Game::with_draws(start.clone(), draws);
        let mut read = Vec::with_capacity(moves.len());
        for (ply, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            if first.outcome.is_some() {
                return Err(RestoreError::Play {
                    ply,
                    text: text.to_string(),
                    error: PlayError::GameOver,
                });
            }
            let (m, reveal, capture_id) =
                movetext::resolve(first.board(), text).map_err(|error| RestoreError::Text {
                    ply,
                    text: text.to_string(),
                    error,
                })?;
            let played = first
                .replay_with(m, reveal, capture_id, Missing::Defer)
                .map_err(|error| RestoreError::Play {
                    ply,
                    text: text.to_string(),
                    error,
                })?;
            let deferred = played
                .captured
                .filter(|c| c.hidden && capture_id.is_none() && start.rules().capturer_learns())
                .map(|c| c.color);
            read.push((m, reveal, capture_id, deferred));
        }
        // Draw the missing identities from what remains at the end.
        let mut pools = [
            *first.truth.pool(Color::Red),
            *first.truth.pool(Color::Black),
        ];
        let mut draws = first.draws;
        for (_, _, capture_id, deferred) in &mut read {
            if let Some(c) = *deferred {
                let pool = &mut pools[c.index()];
                let r = draws.pick(c, pool.entries())?;
                if let Some(r) = r {
                    pool.0[r.index()] -= 1;
                }
                *capture_id = r;
            }
        }
        // Second pass: the record with every identity filled in.
        let mut game = Game::with_draws(start, draws);
        for (ply, &(m, reveal, capture_id, _)) in read.iter().enumerate() {
            game.replay_with(m, reveal, capture_id, Missing::Defer)
                .map_err(|error| RestoreError::Play {
                    ply,
                    text: moves[ply].as_ref().to_string(),
                    error,
                })?;
        }
        Ok(game)
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
        // Checked: `apply` is reached from untrusted records too.
        let undo = self.truth.try_make(m, reveal, capture_id)?;
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
        if pos.no_progress_reached() {
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
        let mut i = n;
        // A capture or reveal cannot be undone: nothing before it repeats.
        while i >= 2
            && !self.history[i - 1].played.is_irreversible()
            && !self.history[i - 2].played.is_irreversible()
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

    /// Does `seat` know the identity of a face-down piece captured by
    /// `capturer`, at this point of the game? It depends on the rule set
    /// (RULES.md section 4): nobody ever (ChessPlayX), the capturer only
    /// (Vietnam), or the capturer and, once the game has ended, everyone
    /// (Jieqi). A spectator knows only what everyone knows. The page uses it
    /// to decide what a shared screen may show (hotseat privacy).
    pub fn sees_capture(&self, seat: Seat, capturer: Color) -> bool {
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
            let knows = self.sees_capture(seat, capturer);
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
            recent: self.recent_repetition_keys(),
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
        self.recent(|key, _| key)
    }

    /// The same positions as [`repetition_key`]s, for the search (a seat's
    /// [`View`] carries these).
    pub fn recent_repetition_keys(&self) -> Vec<u64> {
        self.recent(repetition_key)
    }

    /// `key(public key, side to move in check)` of each position since the
    /// last irreversible move, oldest first, current last.
    fn recent(&self, key: impl Fn(u64, bool) -> u64) -> Vec<u64> {
        crate::rules::recent_keys(
            (self.start.public_hash(), self.start.in_check()),
            (self.truth.public_hash(), self.truth.in_check()),
            &self.history,
            |r| r.played.is_irreversible(),
            |r| (r.public_hash, r.check),
            key,
        )
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
