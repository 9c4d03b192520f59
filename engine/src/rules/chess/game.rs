//! The referee's game of chess or hidden chess: the true position, the
//! history, the draws of hidden identities, the end of the game, and what
//! each seat may see.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rules::draws::Draws;
use crate::rules::{repetition_key, Color, NoRandomness, Seat};

use super::fen;
use super::movetext;
use super::position::{PlayError, Played, Position, Undo};
use super::types::{color_name, Kind, Move, MoveList, Piece, Pool, Square};
use super::Variant;

/// Why a chess game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reason {
    Checkmate,
    Stalemate,
    /// Third occurrence of the same public position.
    Repetition,
    /// 100 plies without a capture, a pawn move or a reveal.
    FiftyMoves,
    InsufficientMaterial,
    Resignation,
    Time,
    /// A match engine crashed, hung or sent an illegal move.
    Forfeit,
}

impl Reason {
    pub fn text(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Repetition => "threefold repetition",
            Reason::FiftyMoves => "fifty-move rule",
            Reason::InsufficientMaterial => "insufficient material",
            Reason::Resignation => "resignation",
            Reason::Time => "time",
            Reason::Forfeit => "forfeit",
        }
    }
}

/// The result: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: Reason,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(c) => write!(f, "{} wins by {}", color_name(c), self.reason.text()),
            None => write!(f, "draw by {}", self.reason.text()),
        }
    }
}

/// One ply as the referee recorded it.
#[derive(Clone, Debug)]
pub struct Record {
    pub played: Played,
    undo: Undo,
    /// Public key of the position after the move.
    pub public_hash: u64,
    /// Did the move give check?
    pub check: bool,
}

/// A captured piece as one seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Captured {
    pub color: Color,
    /// `None`: a face-down piece whose identity this seat does not know.
    pub kind: Option<Kind>,
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
    /// The moves in text as this seat may read them.
    pub moves: Vec<String>,
    /// [`repetition_key`]s of the positions since the last irreversible
    /// move (oldest first, ending with the current one), for
    /// repetition-aware search.
    pub recent: Vec<u64>,
    pub outcome: Option<Outcome>,
    /// A move whose piece was just revealed a pawn on the last rank and
    /// waits for its promotion (public: everyone saw the pawn).
    pub pending_promotion: Option<Move>,
}

/// What `Game::play` did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The move is on the board.
    Played(Played),
    /// The face-down mover was revealed a pawn on the last rank: the mover
    /// now chooses its promotion with [`Game::promote`].
    ChoosePromotion(Move),
}

impl From<NoRandomness> for PlayError {
    fn from(_: NoRandomness) -> Self {
        PlayError::NoRandomness
    }
}

/// A move drawn as a pawn on the last rank, waiting for its promotion.
#[derive(Clone, Copy, Debug)]
struct Pending {
    mv: Move,
    capture_id: Option<Kind>,
}

pub struct Game {
    variant: Variant,
    start: Position,
    truth: Position,
    history: Vec<Record>,
    draws: Draws,
    outcome: Option<Outcome>,
    pending: Option<Pending>,
}

impl Game {
    /// A new game whose identities are drawn from the system's random
    /// source at each reveal. Fails if that source is unavailable.
    pub fn new(variant: Variant) -> Result<Game, NoRandomness> {
        Game::from_position(variant, variant.start())
    }

    /// A new game whose draws all follow from `seed`: for tests and
    /// reproducible matches, never for play against a person.
    pub fn seeded(variant: Variant, seed: u64) -> Game {
        Game::from_position_seeded(variant, variant.start(), seed)
    }

    /// A game from `pos`, drawing from the system's random source.
    pub fn from_position(variant: Variant, pos: Position) -> Result<Game, NoRandomness> {
        Ok(Game::with_draws(variant, pos, Draws::system()?))
    }

    /// A game from `pos` with seeded draws.
    pub fn from_position_seeded(variant: Variant, pos: Position, seed: u64) -> Game {
        let draws = Draws::seeded(seed);
        Game::with_draws(variant, pos, draws)
    }

    /// A game from a FEN with seeded draws (tests).
    pub fn from_fen_seeded(
        text: &str,
        variant: Variant,
        seed: u64,
    ) -> Result<Game, fen::ParseFenError> {
        Ok(Game::from_position_seeded(
            variant,
            fen::parse(text, variant)?,
            seed,
        ))
    }

    fn with_draws(variant: Variant, pos: Position, draws: Draws) -> Game {
        let mut g = Game {
            variant,
            start: pos,
            truth: pos,
            history: Vec::new(),
            draws,
            outcome: None,
            pending: None,
        };
        g.outcome = g.compute_outcome();
        g
    }

    pub fn variant(&self) -> Variant {
        self.variant
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
    /// The public board (its pools are the referee's: show a seat its view).
    pub fn board(&self) -> &Position {
        &self.truth
    }
    pub fn start_position(&self) -> &Position {
        &self.start
    }
    /// The move waiting for its promotion, if any.
    pub fn pending_promotion(&self) -> Option<Move> {
        self.pending.map(|p| p.mv)
    }

    /// `seat`'s unknown identities and face-down count of each colour
    /// (index `Color::index`) as the board shows them: a late-revealed
    /// pawn waiting for its promotion is face up already (see
    /// [`Game::shown_board`]), so it is neither.
    pub fn shown_pools(&self, seat: Seat) -> [(Pool, u32); 2] {
        let view = self.view(seat);
        Color::ALL.map(|c| {
            let mut pool = *view.position.pool(c);
            let mut hidden = view.position.hidden_count(c);
            if self.pending.is_some() && c == self.truth.turn() {
                pool.take(Kind::Pawn);
                hidden = hidden.saturating_sub(1);
            }
            (pool, hidden)
        })
    }

    /// The board to show: while a face-down mover revealed a pawn on the
    /// last rank waits for its promotion, that pawn face up on its
    /// destination (what it captured gone); otherwise the board.
    pub fn shown_board(&self) -> Position {
        let mut pos = self.truth;
        if let Some(p) = self.pending {
            let us = pos.turn();
            pos.show_arrival(p.mv, Piece::new(us, Kind::Pawn));
        }
        pos
    }

    /// Legal moves (none once the game is over or while a promotion waits).
    pub fn legal_moves(&self) -> MoveList {
        if self.outcome.is_some() || self.pending.is_some() {
            MoveList::new()
        } else {
            self.truth.legal_moves()
        }
    }

    /// Legal moves of the piece on `from`.
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        if self.outcome.is_some() || self.pending.is_some() {
            MoveList::new()
        } else {
            self.truth.legal_moves_from(from)
        }
    }

    fn draw(&mut self, c: Color) -> Result<Option<Kind>, NoRandomness> {
        let pool = *self.truth.pool(c);
        self.draws.pick(c, pool.entries())
    }

    /// Play a legal move; the referee draws what it reveals and what a
    /// captured face-down piece was (the capturer learns it). A face-down
    /// mover's move carries no promotion: if it is revealed a pawn on the
    /// last rank, the game answers [`Step::ChoosePromotion`] and waits for
    /// [`Game::promote`].
    pub fn play(&mut self, m: Move) -> Result<Step, PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        if self.pending.is_some() {
            return Err(PlayError::PromotionPending);
        }
        let pos = &self.truth;
        let us = pos.turn();
        let mover = pos
            .piece_at(m.from)
            .filter(|p| p.color == us)
            .ok_or(PlayError::Illegal(m))?;
        if !pos.is_legal(m) {
            let wrong_promotion = mover.hidden && m.promotion.is_some() && pos.is_legal(m.base());
            return Err(if wrong_promotion {
                PlayError::BadPromotion(m)
            } else {
                pos.check_identities(m, None, None)
                    .err()
                    .unwrap_or(PlayError::Illegal(m))
            });
        }
        let reveal = match pos.revealed_by(m) {
            Some(p) => Some(self.draw(p.color)?.ok_or(PlayError::BadReveal(m))?),
            None => None,
        };
        let capture_id = match self.truth.piece_at(m.to) {
            Some(c) if c.hidden => self.draw(c.color)?,
            _ => None,
        };
        if mover.hidden && reveal == Some(Kind::Pawn) && m.to.relative_rank(us) == 7 {
            self.pending = Some(Pending { mv: m, capture_id });
            return Ok(Step::ChoosePromotion(m));
        }
        self.apply(m, reveal, capture_id).map(Step::Played)
    }

    /// Choose the promotion of the piece just revealed a pawn on the last rank.
    pub fn promote(&mut self, k: Kind) -> Result<Played, PlayError> {
        let p = self.pending.ok_or(PlayError::NoPromotionPending)?;
        let m = Move::promoting(p.mv.from, p.mv.to, k);
        if !Kind::PROMOTIONS.contains(&k) {
            return Err(PlayError::BadPromotion(m));
        }
        let played = self.apply(m, Some(Kind::Pawn), p.capture_id)?;
        self.pending = None;
        Ok(played)
    }

    /// Replay a recorded move with the identities it drew (a saved game or
    /// a match record). A captured face-down identity the record leaves out
    /// is drawn now, from the pool as it is.
    pub fn replay(
        &mut self,
        m: Move,
        reveal: Option<Kind>,
        capture_id: Option<Kind>,
    ) -> Result<Played, PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        if self.pending.is_some() {
            return Err(PlayError::PromotionPending);
        }
        self.truth.check_identities(m, reveal, capture_id)?;
        let capture_id = match (self.truth.piece_at(m.to), capture_id) {
            (Some(c), None) if c.hidden => self.draw(c.color)?,
            _ => capture_id,
        };
        self.apply(m, reveal, capture_id)
    }

    /// Replay one move text (as `movetext::write` gives it). For a whole
    /// record that one seat wrote, use [`Game::restore`].
    pub fn replay_text(&mut self, text: &str) -> Result<Played, ReplayError> {
        let ply = self.history.len();
        let (m, reveal, capture_id) = movetext::resolve(&self.truth, text)
            .map_err(|error| ReplayError::Text { ply, error })?;
        self.replay(m, reveal, capture_id)
            .map_err(|error| ReplayError::Play { ply, error })
    }

    /// Restore a game from one seat's record: the start position and the
    /// move texts that seat may read, where captured face-down identities
    /// it does not know have no letter. Identities are drawn from the
    /// system's random source.
    ///
    /// As in the xiangqi referee, each missing captured identity is drawn
    /// only after the whole record has been read, without replacement,
    /// from the pool that remains at the end (after every known reveal and
    /// capture); then the record is replayed with them filled in. Drawing
    /// at the capture instead could use up an identity that the record
    /// reveals later. This is the law of the missing identities given the
    /// record (a shuffle conditioned on what the record names).
    pub fn restore<S: AsRef<str>>(
        variant: Variant,
        start: Position,
        moves: &[S],
    ) -> Result<Game, ReplayError> {
        let draws = Draws::system().map_err(|_| ReplayError::Play {
            ply: 0,
            error: PlayError::NoRandomness,
        })?;
        Game::restore_with(variant, start, moves, draws)
    }

    /// `restore` with seeded draws: for tests only.
    pub fn restore_seeded<S: AsRef<str>>(
        variant: Variant,
        start: Position,
        moves: &[S],
        seed: u64,
    ) -> Result<Game, ReplayError> {
        let draws = Draws::seeded(seed);
        Game::restore_with(variant, start, moves, draws)
    }

    fn restore_with<S: AsRef<str>>(
        variant: Variant,
        start: Position,
        moves: &[S],
        draws: Draws,
    ) -> Result<Game, ReplayError> {
        // First pass: read and check every move; missing captured
        // identities stay undrawn (the pool keeps them).
        let mut first = Game::with_draws(variant, start, draws);
        let mut read = Vec::with_capacity(moves.len());
        for (ply, text) in moves.iter().enumerate() {
            let play_err = |error| ReplayError::Play { ply, error };
            if first.outcome.is_some() {
                return Err(play_err(PlayError::GameOver));
            }
            let (m, reveal, capture_id) = movetext::resolve(&first.truth, text.as_ref())
                .map_err(|error| ReplayError::Text { ply, error })?;
            let played = first.apply(m, reveal, capture_id).map_err(play_err)?;
            let deferred = played
                .captured
                .filter(|c| c.hidden && capture_id.is_none())
                .map(|c| c.color);
            read.push((m, reveal, capture_id, deferred));
        }
        // Draw the missing identities from what remains at the end.
        let mut pools = [
            *first.truth.pool(Color::Red),
            *first.truth.pool(Color::Black),
        ];
        let mut draws = first.draws;
        for (ply, (_, _, capture_id, deferred)) in read.iter_mut().enumerate() {
            if let Some(c) = *deferred {
                let pool = &mut pools[c.index()];
                let k = draws
                    .pick(c, pool.entries())
                    .map_err(|_| ReplayError::Play {
                        ply,
                        error: PlayError::NoRandomness,
                    })?;
                if let Some(k) = k {
                    pool.take(k);
                }
                *capture_id = k;
            }
        }
        // Second pass: the record with every identity filled in.
        let mut game = Game::with_draws(variant, start, draws);
        for (ply, &(m, reveal, capture_id, _)) in read.iter().enumerate() {
            game.apply(m, reveal, capture_id)
                .map_err(|error| ReplayError::Play { ply, error })?;
        }
        Ok(game)
    }

    fn apply(
        &mut self,
        m: Move,
        reveal: Option<Kind>,
        capture_id: Option<Kind>,
    ) -> Result<Played, PlayError> {
        let (played, undo) = self.truth.play_undo(m, reveal, capture_id)?;
        let check = self.truth.in_check();
        self.history.push(Record {
            played,
            undo,
            public_hash: self.truth.public_hash(),
            check,
        });
        self.outcome = self.compute_outcome();
        Ok(played)
    }

    /// Take back the last ply; what it drew goes back to the pool. While a
    /// promotion waits nothing is taken back (the pawn has been seen).
    pub fn undo(&mut self) -> Option<Played> {
        if self.pending.is_some() {
            return None;
        }
        let r = self.history.pop()?;
        self.truth.unmake(r.undo);
        self.outcome = self.compute_outcome();
        Some(r.played)
    }

    pub fn resign(&mut self, loser: Color) {
        self.adjudicate(Outcome {
            winner: Some(loser.other()),
            reason: Reason::Resignation,
        });
    }

    /// End by a clock or by the referee of a match.
    pub fn adjudicate(&mut self, outcome: Outcome) {
        if self.outcome.is_none() {
            self.outcome = Some(outcome);
            self.pending = None;
        }
    }

    fn compute_outcome(&self) -> Option<Outcome> {
        let pos = &self.truth;
        if pos.legal_moves().is_empty() {
            return Some(if pos.in_check() {
                Outcome {
                    winner: Some(pos.turn().other()),
                    reason: Reason::Checkmate,
                }
            } else {
                Outcome {
                    winner: None,
                    reason: Reason::Stalemate,
                }
            });
        }
        let draw = |reason| {
            Some(Outcome {
                winner: None,
                reason,
            })
        };
        if pos.insufficient_material() {
            return draw(Reason::InsufficientMaterial);
        }
        if self.repetitions() >= 3 {
            return draw(Reason::Repetition);
        }
        if pos.no_progress_reached() {
            return draw(Reason::FiftyMoves);
        }
        None
    }

    /// How often the current public position has occurred (same side to
    /// move), back to the last irreversible move.
    fn repetitions(&self) -> usize {
        let keys = self.recent_keys();
        let now = self.truth.public_hash();
        keys.iter().rev().step_by(2).filter(|&&k| k == now).count()
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

    // ---- what seats know ----

    /// Does `seat` know the identity of a face-down piece captured by
    /// `capturer`? Only the capturer does (RULES.md section 5).
    pub fn sees_capture(&self, seat: Seat, capturer: Color) -> bool {
        seat == Seat::of(capturer)
    }

    /// The view of one seat. It holds no identity that seat may not know:
    /// a face-down piece captured by the other side goes back into this
    /// seat's pool and its letter is left out of the move text.
    pub fn view(&self, seat: Seat) -> View {
        let mut position = self.truth;
        let mut pools = [*self.truth.pool(Color::Red), *self.truth.pool(Color::Black)];
        let mut captured: [Vec<Captured>; 2] = [Vec::new(), Vec::new()];
        let mut moves = Vec::with_capacity(self.history.len());
        for (ply, r) in self.history.iter().enumerate() {
            let knows = self.sees_capture(seat, r.played.piece.color);
            if let Some(c) = r.played.captured {
                let kind = match (c.hidden, knows) {
                    (false, _) => Some(c.kind),
                    (true, true) => r.played.capture_id,
                    (true, false) => None,
                };
                if let (true, false, Some(id)) = (c.hidden, knows, r.played.capture_id) {
                    pools[c.color.index()].put(id);
                }
                captured[c.color.index()].push(Captured {
                    color: c.color,
                    kind,
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
            pending_promotion: self.pending_promotion(),
        }
    }

    /// The public board after the first `ply` moves (for reviewing a game).
    pub fn position_at(&self, ply: usize) -> Position {
        let mut p = self.start;
        for r in &self.history[..ply.min(self.history.len())] {
            p.make(r.played.mv, r.played.reveal, r.played.capture_id);
        }
        p
    }

    /// The moves as `seat` may read them.
    pub fn moves_text(&self, seat: Seat) -> Vec<String> {
        self.view(seat).moves
    }
}

/// A recorded move that cannot be replayed: which one (counted from 0), and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    Text {
        ply: usize,
        error: movetext::ParseMoveError,
    },
    Play {
        ply: usize,
        error: PlayError,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Text { ply, error } => write!(f, "move {}: {error}", ply + 1),
            ReplayError::Play { ply, error } => write!(f, "move {}: {error}", ply + 1),
        }
    }
}
impl std::error::Error for ReplayError {}
