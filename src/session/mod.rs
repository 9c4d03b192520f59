//! The game flow, pure: what happens when a player taps, types, takes
//! back, resigns, asks for a hint, when the AI answers or its worker fails,
//! and when the clock runs down. The page (`web`) turns browser events into
//! [`Event`]s, carries out the [`Effect`]s, and draws from the session's
//! state once per frame; everything here runs and is tested natively.
//!
//! Time is given by the caller (`now`, in milliseconds): the session never
//! reads a clock, so tests drive it exactly.

pub mod clock;
pub mod config;
pub mod export;
mod show;

use crate::ai::Level;
use crate::rules::notation::{self, Notation, NotationError};
use crate::rules::{
    fen, movetext, Color, Game, Move, Outcome, Piece, Position, Reason, RuleSet, Seat, Square,
};

pub use clock::{Clock, TimeControl};
pub use config::{Opponent, Takebacks};
pub use show::{Entry, Message, Status, Strip};

/// A new game's settings (the new-game dialog, URL parameters, the embed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    pub rules: RuleSet,
    pub opponent: Opponent,
    /// The player's side against the AI (two players: Red sits at the bottom).
    pub human: Color,
    pub takebacks: Takebacks,
    pub clock: Option<TimeControl>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            rules: RuleSet::Jieqi,
            opponent: Opponent::Ai(Level::Medium),
            human: Color::Red,
            takebacks: Takebacks::Fair,
            clock: None,
        }
    }
}

pub use crate::protocol::Purpose;

/// A search for the worker: one seat's knowledge only.
#[derive(Clone, Debug, PartialEq)]
pub struct ThinkRequest {
    pub id: u32,
    pub purpose: Purpose,
    /// The seat's Jieqi FEN (its own pools).
    pub fen: String,
    pub rules: RuleSet,
    /// Public keys since the last irreversible move.
    pub recent: Vec<u64>,
    pub level: Level,
    /// The side to move's clock, if the game has one.
    pub clock: Option<crate::ai::Clock>,
}

/// The search we wait for.
#[derive(Clone, Debug, PartialEq)]
pub struct Pending {
    pub request: ThinkRequest,
    /// When it was (last) sent; `None` while the worker is not ready.
    pub sent_at: Option<f64>,
    /// When a worker that has not answered is presumed hung.
    pub deadline: Option<f64>,
}

/// The AI worker as the session knows it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Worker {
    Starting,
    Ready,
    /// Restarted after a failure; `attempt` counts the failures in a row.
    Restarting {
        attempt: u32,
    },
    /// Gave up after repeated failures.
    Failed,
}

/// How many failures in a row before the session gives up on the worker.
pub const WORKER_ATTEMPTS: u32 = 3;

/// One step through the game's record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    First,
    Prev,
    Next,
    Last,
    /// The position after this many plies.
    To(usize),
}

/// Something the player or the page did.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A tap, click, Enter or Space on a point (`None`: off the board).
    Tap(Option<Square>),
    /// A piece dragged from one point and dropped on another.
    Drop {
        from: Square,
        to: Square,
    },
    /// A move typed in the chosen notation or as coordinates.
    Typed(String),
    Undo,
    /// The player confirmed resigning.
    Resign,
    NewGame(Config),
    /// The same settings, colours swapped.
    Rematch,
    Hint,
    Review(Step),
    /// Turn the board around.
    Flip,
    /// Show a private captured identity (two players on one device).
    Peek(usize),
    AiProgress {
        id: u32,
        depth: u32,
        score: i32,
    },
    AiReply {
        id: u32,
        mv: Option<String>,
    },
    AiError {
        id: u32,
        message: String,
    },
    WorkerReady,
    /// The worker crashed, could not load, or said something unreadable.
    WorkerFailed,
    /// After repeated failures: start the worker again.
    RetryAi,
    /// After repeated failures: go on as two players on this device.
    TwoPlayers,
    /// Time passes (animation frames, clocks, watchdog).
    Tick,
    SetNotation(Notation),
    /// Animation length of one slide in ms (0: none).
    SetAnimation(f64),
    /// Two players: turn the board for the side to move.
    SetRotate(bool),
}

/// Sounds the page plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    Move,
    Capture,
    Reveal,
    Check,
    End,
}

/// A piece sliding from one point to another, then (for a reveal) flipping.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slide {
    pub from: Square,
    pub to: Square,
    /// The piece as it looked while moving (face down for a reveal).
    pub piece: Piece,
    /// The piece as it is after the move.
    pub after: Piece,
    pub started: f64,
    /// Length of the slide in ms (a reveal's flip takes as long again).
    pub ms: f64,
}

impl Slide {
    /// Length of the whole animation in units of the slide.
    pub fn span(&self) -> f64 {
        if self.piece.hidden && !self.after.hidden {
            2.0
        } else {
            1.0
        }
    }
    pub fn end(&self) -> f64 {
        self.started + self.ms * self.span()
    }
    /// 0..1 slides, 1..2 flips.
    pub fn t(&self, now: f64) -> f64 {
        ((now - self.started) / self.ms.max(1.0)).clamp(0.0, self.span())
    }
}

/// What the embedding page is told.
#[derive(Clone, Debug, PartialEq)]
pub enum Post {
    Ready {
        rules: RuleSet,
    },
    Move {
        ply: usize,
        movetext: String,
        notation: String,
        color: Color,
    },
    GameOver {
        outcome: Outcome,
        takebacks: u32,
    },
}

/// What the page must do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    Think(ThinkRequest),
    /// Forget this request (its answer will be ignored anyway).
    Cancel {
        id: u32,
    },
    /// Start a fresh worker after this delay (ms).
    RestartWorker {
        delay_ms: f64,
    },
    /// Keep animating until the slide ends.
    Animate,
    Sound(Sound),
    /// Say the ply's move in the live region.
    AnnounceMove {
        ply: usize,
    },
    /// Say a message in the live region.
    Announce(Message),
    /// Store `Session::saved()`.
    Save,
    /// Open the result dialog.
    ShowResult,
    Post(Post),
}

/// A typed move that could not be played, shown next to the box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypedError {
    /// Not a legal move in any notation we read.
    Unknown,
    /// Several moves fit: their texts.
    Ambiguous(Vec<String>),
    /// Not the player's turn (or the game is over, or under review).
    NotNow,
}

/// The game flow of one page.
pub struct Session {
    game: Game,
    config: Config,
    notation: Notation,
    anim_ms: f64,
    rotate: bool,
    flip: bool,
    selected: Option<Square>,
    dests: Vec<Square>,
    /// The position after this many plies is shown (`None`: the live game).
    review: Option<usize>,
    pending: Option<Pending>,
    next_id: u32,
    worker: Worker,
    /// Worker failures since the last answer: a worker that restarts and
    /// says it is ready has not proved itself yet.
    failures: u32,
    /// An AI move that arrived while the player's move was still animating.
    held: Option<Move>,
    slide: Option<Slide>,
    /// The shown hint: its move, text, and the search's depth and score.
    hint: Option<(Move, String)>,
    analysis: Option<(u32, i32)>,
    takebacks: u32,
    clock: Option<Clock>,
    message: Option<Message>,
    typed_error: Option<TypedError>,
    peek: Option<(usize, f64)>,
    log: Vec<Entry>,
    now: f64,
    /// For reproducible games in tests: new games are seeded from it.
    seed: Option<u64>,
}

/// How long a private captured identity stays shown.
const PEEK_MS: f64 = 3000.0;

impl Session {
    /// A session around a game that is already set up (a new one, a
    /// restored one, or a seeded one in tests).
    pub fn with_game(config: Config, game: Game, now: f64) -> Session {
        let config = Config {
            rules: game.rules(),
            ..config
        };
        let mut s = Session {
            game,
            config,
            notation: Notation::Wxf,
            anim_ms: 200.0,
            rotate: false,
            flip: false,
            selected: None,
            dests: Vec::new(),
            review: None,
            pending: None,
            next_id: 1,
            worker: Worker::Starting,
            failures: 0,
            held: None,
            slide: None,
            hint: None,
            analysis: None,
            takebacks: 0,
            clock: config.clock.map(Clock::new),
            message: None,
            typed_error: None,
            peek: None,
            log: Vec::new(),
            now,
            seed: None,
        };
        s.rebuild_log();
        s
    }

    /// A new game drawing from the system's random source.
    pub fn new(config: Config, now: f64) -> Result<Session, crate::rules::NoRandomness> {
        Ok(Session::with_game(config, Game::new(config.rules)?, now))
    }

    /// New games (rematches, new-game events) are seeded from `seed`:
    /// reproducible sessions for tests.
    pub fn seeded(config: Config, seed: u64, now: f64) -> Session {
        let mut s = Session::with_game(config, Game::seeded(config.rules, seed), now);
        s.seed = Some(seed);
        s
    }

    /// Restore the clock, take-back count and message of a resumed game.
    pub fn resumed(mut self, clock: Option<Clock>, takebacks: u32) -> Session {
        if clock.is_some() {
            self.clock = clock;
        }
        self.takebacks = takebacks;
        // A saved clock comes back stopped: the side to move's clock goes
        // on from now (the time the page was closed is not charged), once
        // the first move has started the clocks.
        self.run_clock_for_turn();
        // A clock saved at zero without its result: that side lost on time.
        if self.game.outcome().is_none() {
            if let Some(side) = self.clock.as_ref().and_then(|c| c.flagged(self.now)) {
                self.game.adjudicate(Outcome {
                    winner: Some(side.other()),
                    reason: Reason::Time,
                });
                if let Some(c) = self.clock.as_mut() {
                    c.pause(self.now);
                }
                self.rebuild_log();
            }
        }
        self
    }

    /// Only the side to move's clock runs: none before the first move
    /// (which starts the clocks) or after the end.
    fn run_clock_for_turn(&mut self) {
        let (turn, live) = (
            self.game.turn(),
            self.game.ply() > 0 && self.game.outcome().is_none(),
        );
        if let Some(c) = self.clock.as_mut() {
            c.pause(self.now);
            if live {
                c.start(turn, self.now);
            }
        }
    }

    /// A shared or imported game, opened for review between two players on
    /// this device (it may be played on; take-backs off).
    pub fn from_record(r: &export::GameRecord, now: f64) -> Result<Session, export::ExportError> {
        let config = Config {
            rules: r.rules,
            opponent: Opponent::Human,
            human: Color::Red,
            takebacks: Takebacks::Off,
            clock: None,
        };
        Ok(Session::with_game(config, r.to_game()?, now).resumed(None, r.takebacks))
    }

    pub fn set_message(&mut self, m: Message) {
        self.message = Some(m);
    }

    // ---- reading the state ----

    pub fn game(&self) -> &Game {
        &self.game
    }
    pub fn config(&self) -> Config {
        self.config
    }
    pub fn notation(&self) -> Notation {
        self.notation
    }
    pub fn selected(&self) -> Option<Square> {
        self.selected.filter(|_| self.review.is_none())
    }
    pub fn dests(&self) -> &[Square] {
        if self.review.is_none() {
            &self.dests
        } else {
            &[]
        }
    }
    pub fn review(&self) -> Option<usize> {
        self.review
    }
    pub fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }
    pub fn worker(&self) -> Worker {
        self.worker
    }
    pub fn takebacks(&self) -> u32 {
        self.takebacks
    }
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }
    pub fn log(&self) -> &[Entry] {
        &self.log
    }
    pub fn typed_error(&self) -> Option<&TypedError> {
        self.typed_error.as_ref()
    }
    pub fn now(&self) -> f64 {
        self.now
    }
    /// The hinted move (shown as the selection and its one destination).
    pub fn hint(&self) -> Option<Move> {
        self.hint.as_ref().map(|h| h.0)
    }
    /// The slide being animated on the live board.
    pub fn slide(&self) -> Option<Slide> {
        self.slide.filter(|_| self.review.is_none())
    }
    /// The ply whose private captured identity is shown.
    pub fn peek(&self) -> Option<usize> {
        self.peek.map(|p| p.0)
    }

    /// Against the AI: the player's seat; two players: the spectator's
    /// (what both may see on a shared screen).
    pub fn seat(&self) -> Seat {
        match self.config.opponent {
            Opponent::Ai(_) => Seat::of(self.config.human),
            Opponent::Human => Seat::Spectator,
        }
    }

    pub fn vs_ai(&self) -> bool {
        matches!(self.config.opponent, Opponent::Ai(_))
    }

    /// Is the board seen from Black's side?
    pub fn flipped(&self) -> bool {
        let base = match self.config.opponent {
            Opponent::Ai(_) => self.config.human == Color::Black,
            Opponent::Human => self.rotate && self.game.turn() == Color::Black,
        };
        base != self.flip
    }

    /// May the player move now?
    pub fn human_to_move(&self) -> bool {
        self.game.outcome().is_none()
            && self.review.is_none()
            && self.held.is_none()
            && match self.config.opponent {
                Opponent::Ai(_) => self.game.turn() == self.config.human,
                Opponent::Human => true,
            }
    }

    /// The position on the board: the live one or the one under review.
    pub fn shown(&self) -> Position {
        match self.review {
            Some(k) => self.game.position_at(k),
            None => self.game.board().clone(),
        }
    }

    /// The last move of the shown position.
    pub fn last_move(&self) -> Option<(Square, Square)> {
        let plies = self.review.unwrap_or(self.game.ply());
        plies.checked_sub(1).map(|i| {
            let m = self.game.history()[i].played.mv;
            (m.from, m.to)
        })
    }

    // ---- events ----

    /// Handle one event at time `now` (ms); returns what the page must do.
    pub fn handle(&mut self, ev: Event, now: f64) -> Vec<Effect> {
        if now.is_finite() && now > self.now {
            self.now = now;
        }
        let mut fx = Vec::new();
        match ev {
            Event::Tap(sq) => self.tap(sq, &mut fx),
            Event::Drop { from, to } => {
                // A drag needs no tap first (and the press that starts it may
                // have toggled the selection off): any legal move is played.
                let m = Move::new(from, to);
                if self.human_to_move() && self.game.legal_moves().contains(&m) {
                    self.play(m, &mut fx);
                }
            }
            Event::Typed(text) => self.typed(&text, &mut fx),
            Event::Undo => self.undo(&mut fx),
            Event::Resign => self.resign(&mut fx),
            Event::NewGame(c) => self.new_game(c, &mut fx),
            Event::Rematch => {
                let mut c = self.config;
                if self.vs_ai() {
                    c.human = c.human.other();
                }
                self.new_game(c, &mut fx);
            }
            Event::Hint => self.ask_hint(&mut fx),
            Event::Review(step) => self.review_step(step),
            Event::Flip => self.flip = !self.flip,
            Event::Peek(ply) => {
                if ply < self.game.ply() {
                    self.peek = Some((ply, self.now + PEEK_MS));
                }
            }
            Event::AiProgress { id, depth, score } => {
                if self.waiting_for(id, Purpose::Hint) {
                    self.analysis = Some((depth, score));
                }
            }
            Event::AiReply { id, mv } => self.ai_reply(id, mv, &mut fx),
            Event::AiError { id, .. } => {
                if self.pending.as_ref().is_some_and(|p| p.request.id == id) {
                    self.worker_failed(&mut fx);
                }
            }
            Event::WorkerReady => {
                if self.worker != Worker::Failed {
                    let first = self.worker == Worker::Starting;
                    self.worker = Worker::Ready;
                    if self.message == Some(Message::WorkerRestarting) {
                        self.message = None;
                    }
                    if first {
                        fx.push(Effect::Post(Post::Ready {
                            rules: self.game.rules(),
                        }));
                    }
                    self.send_pending(&mut fx);
                    self.maybe_ask_ai(&mut fx);
                }
            }
            Event::WorkerFailed => self.worker_failed(&mut fx),
            Event::RetryAi => {
                if self.worker == Worker::Failed {
                    self.worker = Worker::Restarting { attempt: 0 };
                    self.failures = 0;
                    self.message = Some(Message::WorkerRestarting);
                    fx.push(Effect::RestartWorker { delay_ms: 0.0 });
                }
            }
            Event::TwoPlayers => {
                if self.vs_ai() {
                    self.cancel_pending(&mut fx);
                    // Two players share one screen from now on: what only the
                    // AI learned is drawn again from the player's record, so
                    // the hotseat view (and the saved game) holds nothing the
                    // player did not know.
                    let moves = self.game.view(self.seat()).moves;
                    if let Ok(mut g) = Game::restore(self.game.start_position().clone(), &moves) {
                        if let Some(o) = self.game.outcome() {
                            g.adjudicate(o);
                        }
                        self.game = g;
                    }
                    self.config.opponent = Opponent::Human;
                    self.message = None;
                    self.rebuild_log();
                    fx.push(Effect::Save);
                }
            }
            Event::Tick => {}
            Event::SetNotation(n) => {
                if n != self.notation {
                    self.notation = n;
                    self.rebuild_log();
                }
            }
            Event::SetAnimation(ms) => {
                if ms.is_finite() && (0.0..=2000.0).contains(&ms) {
                    self.anim_ms = ms;
                }
            }
            Event::SetRotate(r) => self.rotate = r,
        }
        self.tick(&mut fx);
        fx
    }

    /// Time-driven changes: the end of a slide, a held AI move, clocks,
    /// the worker's watchdog, a private identity's cover.
    fn tick(&mut self, fx: &mut Vec<Effect>) {
        let now = self.now;
        if let Some(s) = self.slide {
            if now >= s.end() {
                self.slide = None;
            } else {
                fx.push(Effect::Animate);
            }
        }
        if self.slide.is_none() {
            if let Some(m) = self.held.take() {
                self.play(m, fx);
            }
        }
        if let Some((_, until)) = self.peek {
            if now >= until {
                self.peek = None;
            }
        }
        if self.game.outcome().is_none() {
            if let Some(side) = self.clock.as_ref().and_then(|c| c.flagged(now)) {
                self.flag(side, fx);
            }
        }
        if let Some(deadline) = self.pending.as_ref().and_then(|p| p.deadline) {
            if now >= deadline {
                self.worker_failed(fx);
            }
        }
    }

    fn tap(&mut self, sq: Option<Square>, fx: &mut Vec<Effect>) {
        self.typed_error = None;
        if self.review.is_some() {
            self.message = Some(Message::BackToGame);
            fx.push(Effect::Announce(Message::BackToGame));
            return;
        }
        let Some(sq) = sq else {
            self.clear_selection();
            return;
        };
        if !self.human_to_move() {
            return;
        }
        if let Some(from) = self.selected {
            if self.dests.contains(&sq) {
                self.play(Move::new(from, sq), fx);
                return;
            }
            if from == sq {
                self.clear_selection();
                return;
            }
        }
        match self.game.board().piece_at(sq) {
            Some(p) if p.color == self.game.turn() => {
                self.selected = Some(sq);
                self.dests = self
                    .game
                    .legal_moves_from(sq)
                    .iter()
                    .map(|m| m.to)
                    .collect();
                self.hint = None;
            }
            _ => self.clear_selection(),
        }
    }

    fn clear_selection(&mut self) {
        self.selected = None;
        self.dests.clear();
        self.hint = None;
    }

    fn typed(&mut self, text: &str, fx: &mut Vec<Effect>) {
        if text.trim().is_empty() {
            self.typed_error = None;
            return;
        }
        let pos = self.game.board();
        let found = match notation::parse(pos, text, self.notation) {
            Err(e) if !matches!(e, NotationError::Ambiguous { .. }) => {
                notation::parse(pos, text, Notation::Coordinates).map_err(|_| e)
            }
            r => r,
        };
        self.typed_error = match found {
            Ok(m) if self.human_to_move() => {
                self.play(m, fx);
                None
            }
            Ok(_) => Some(TypedError::NotNow),
            Err(NotationError::Ambiguous { candidates, .. }) => Some(TypedError::Ambiguous(
                candidates.into_iter().map(|(_, t)| t).collect(),
            )),
            Err(_) => Some(TypedError::Unknown),
        };
    }

    /// Play a move on the referee's game (clock, log, animation, sound),
    /// then save and go on (the result, or the AI's turn).
    fn play(&mut self, m: Move, fx: &mut Vec<Effect>) {
        let before = self.game.board().piece_at(m.from);
        let text = notation::write(self.game.board(), m, self.notation);
        let mover = self.game.turn();
        let Ok(played) = self.game.play(m) else {
            return;
        };
        self.clear_selection();
        self.message = None;
        self.typed_error = None;
        self.analysis = None;
        // A hint searched for the position before the move is of no use.
        if self
            .pending
            .as_ref()
            .is_some_and(|p| p.request.purpose == Purpose::Hint)
        {
            self.cancel_pending(fx);
        }
        // Clocks: the first move starts the other side's clock.
        if let Some(c) = self.clock.as_mut() {
            if c.running.is_none() {
                c.start(mover.other(), self.now);
            } else if let Err(side) = c.moved(self.now) {
                self.flag(side, fx);
            }
        }
        if let Some(c) = self.clock.as_mut() {
            if self.game.outcome().is_some() {
                c.pause(self.now);
            }
        }
        self.rebuild_log();
        let after = self.game.board().piece_at(m.to);
        if let (Some(p), Some(a), true) = (before, after, self.anim_ms > 0.0) {
            self.slide = Some(Slide {
                from: m.from,
                to: m.to,
                piece: p,
                after: a,
                started: self.now,
                ms: self.anim_ms,
            });
            fx.push(Effect::Animate);
        }
        let sound = if self.game.outcome().is_some() {
            Sound::End
        } else if self.game.board().in_check() {
            Sound::Check
        } else if played.captured.is_some() {
            Sound::Capture
        } else if played.reveal.is_some() {
            Sound::Reveal
        } else {
            Sound::Move
        };
        fx.push(Effect::Sound(sound));
        let ply = self.game.ply();
        fx.push(Effect::AnnounceMove { ply });
        fx.push(Effect::Post(Post::Move {
            ply,
            movetext: movetext::write(&played, false),
            notation: text,
            color: mover,
        }));
        fx.push(Effect::Save);
        if self.game.outcome().is_some() {
            self.game_over(fx);
            return;
        }
        self.maybe_ask_ai(fx);
    }

    fn game_over(&mut self, fx: &mut Vec<Effect>) {
        let Some(outcome) = self.game.outcome() else {
            return;
        };
        self.cancel_pending(fx);
        self.held = None;
        if let Some(c) = self.clock.as_mut() {
            c.pause(self.now);
        }
        // Some rules disclose captured identities at the end.
        self.rebuild_log();
        fx.push(Effect::ShowResult);
        fx.push(Effect::Post(Post::GameOver {
            outcome,
            takebacks: self.takebacks,
        }));
    }

    fn flag(&mut self, side: Color, fx: &mut Vec<Effect>) {
        if self.game.outcome().is_some() {
            return;
        }
        self.game.adjudicate(Outcome {
            winner: Some(side.other()),
            reason: Reason::Time,
        });
        fx.push(Effect::Sound(Sound::End));
        fx.push(Effect::Save);
        self.game_over(fx);
    }

    fn resign(&mut self, fx: &mut Vec<Effect>) {
        if self.game.outcome().is_some() {
            return;
        }
        let loser = match self.config.opponent {
            Opponent::Ai(_) => self.config.human,
            Opponent::Human => self.game.turn(),
        };
        self.game.resign(loser);
        self.clear_selection();
        fx.push(Effect::Sound(Sound::End));
        fx.push(Effect::Save);
        self.game_over(fx);
    }

    // ---- take-backs ----

    /// How many plies one take-back removes now (0: nothing to take back).
    fn takeback_plies(&self) -> usize {
        let h = self.game.history();
        match self.config.opponent {
            Opponent::Human => usize::from(!h.is_empty()),
            Opponent::Ai(_) => {
                // Back to the player's previous turn.
                let mut n = 0;
                for r in h.iter().rev() {
                    n += 1;
                    if r.played.piece.color == self.config.human {
                        return n;
                    }
                }
                0
            }
        }
    }

    fn undo(&mut self, fx: &mut Vec<Effect>) {
        self.typed_error = None;
        let refuse = |s: &mut Session, m: Message, fx: &mut Vec<Effect>| {
            s.message = Some(m);
            fx.push(Effect::Announce(m));
        };
        if self.config.takebacks == Takebacks::Off {
            return refuse(self, Message::TakebacksOff, fx);
        }
        if let Some(o) = self.game.outcome() {
            // A finished game against the AI stays finished; between two
            // players, only a result the moves made can be taken back.
            let by_moves = !matches!(
                o.reason,
                Reason::Resignation | Reason::Time | Reason::Forfeit
            );
            if self.vs_ai() || !by_moves {
                return refuse(self, Message::GameFinished, fx);
            }
        }
        let n = self.takeback_plies();
        if n == 0 {
            return refuse(self, Message::NothingToUndo, fx);
        }
        let h = self.game.history();
        if self.config.takebacks == Takebacks::Fair
            && h[h.len() - n..].iter().any(|r| r.played.discloses())
        {
            return refuse(self, Message::TakebackRefused, fx);
        }
        self.cancel_pending(fx);
        self.held = None;
        for _ in 0..n {
            self.game.undo();
        }
        self.run_clock_for_turn();
        self.takebacks += 1;
        self.clear_selection();
        self.slide = None;
        self.review = None;
        self.message = None;
        self.analysis = None;
        self.rebuild_log();
        fx.push(Effect::Save);
        self.maybe_ask_ai(fx);
    }

    // ---- new games ----

    fn new_game(&mut self, c: Config, fx: &mut Vec<Effect>) {
        let game = match self.seed {
            Some(seed) => Game::seeded(c.rules, seed.wrapping_add(self.next_id as u64)),
            None => match Game::new(c.rules) {
                Ok(g) => g,
                Err(_) => {
                    self.message = Some(Message::NoRandomness);
                    return;
                }
            },
        };
        self.cancel_pending(fx);
        let (worker, failures) = (self.worker, self.failures);
        let (notation, anim, rotate, seed, next_id) = (
            self.notation,
            self.anim_ms,
            self.rotate,
            self.seed,
            self.next_id,
        );
        *self = Session::with_game(c, game, self.now);
        self.worker = worker;
        self.failures = failures;
        self.notation = notation;
        self.anim_ms = anim;
        self.rotate = rotate;
        self.seed = seed;
        self.next_id = next_id;
        self.rebuild_log();
        fx.push(Effect::Save);
        self.maybe_ask_ai(fx);
    }

    // ---- review ----

    fn review_step(&mut self, step: Step) {
        let n = self.game.ply();
        let cur = self.review.unwrap_or(n);
        let k = match step {
            Step::First => 0,
            Step::Prev => cur.saturating_sub(1),
            Step::Next => (cur + 1).min(n),
            Step::Last => n,
            Step::To(k) => k.min(n),
        };
        self.review = (k < n).then_some(k);
        self.clear_selection();
        if self.message == Some(Message::BackToGame) {
            self.message = None;
        }
    }

    // ---- the AI ----

    fn waiting_for(&self, id: u32, purpose: Purpose) -> bool {
        self.pending
            .as_ref()
            .is_some_and(|p| p.request.id == id && p.request.purpose == purpose)
    }

    fn maybe_ask_ai(&mut self, fx: &mut Vec<Effect>) {
        let Opponent::Ai(level) = self.config.opponent else {
            return;
        };
        let ai = self.config.human.other();
        if self.game.outcome().is_some() || self.game.turn() != ai || self.held.is_some() {
            return;
        }
        if self
            .pending
            .as_ref()
            .is_some_and(|p| p.request.purpose == Purpose::Move)
        {
            return;
        }
        self.cancel_pending(fx);
        self.ask(level, ai, Purpose::Move, fx);
    }

    fn ask_hint(&mut self, fx: &mut Vec<Effect>) {
        if !self.human_to_move() || self.pending.is_some() {
            return;
        }
        if matches!(self.worker, Worker::Failed) {
            self.message = Some(Message::WorkerFailed);
            return;
        }
        // The shown hint goes with the selection it made (its one
        // destination), not only its text.
        if self.hint.is_some() {
            self.clear_selection();
        }
        self.analysis = None;
        self.message = Some(Message::LookingForHint);
        self.ask(Level::Hard, self.game.turn(), Purpose::Hint, fx);
    }

    /// Send `side`'s view: only what that seat knows.
    fn ask(&mut self, level: Level, side: Color, purpose: Purpose, fx: &mut Vec<Effect>) {
        let view = self.game.view(Seat::of(side));
        let id = self.next_id;
        self.next_id += 1;
        let clock = self.clock.as_ref().map(|c| crate::ai::Clock {
            remaining_ms: c.remaining(side, self.now) as f64,
            increment_ms: c.control.increment_ms as f64,
            moves_to_go: None,
        });
        self.pending = Some(Pending {
            request: ThinkRequest {
                id,
                purpose,
                fen: fen::write(&view.position),
                rules: self.game.rules(),
                recent: view.recent,
                level,
                clock,
            },
            sent_at: None,
            deadline: None,
        });
        self.send_pending(fx);
    }

    /// How long a level may take before its worker is presumed hung.
    fn watchdog_ms(req: &ThinkRequest) -> f64 {
        req.level.time_ms(req.clock.as_ref()) * 3.0 + 2000.0
    }

    fn send_pending(&mut self, fx: &mut Vec<Effect>) {
        if self.worker != Worker::Ready {
            return;
        }
        let now = self.now;
        if let Some(p) = self.pending.as_mut().filter(|p| p.sent_at.is_none()) {
            p.sent_at = Some(now);
            p.deadline = Some(now + Session::watchdog_ms(&p.request));
            fx.push(Effect::Think(p.request.clone()));
        }
    }

    fn cancel_pending(&mut self, fx: &mut Vec<Effect>) {
        if let Some(p) = self.pending.take() {
            if p.sent_at.is_some() {
                fx.push(Effect::Cancel { id: p.request.id });
            }
            if self.message == Some(Message::LookingForHint) {
                self.message = None;
            }
        }
    }

    fn ai_reply(&mut self, id: u32, mv: Option<String>, fx: &mut Vec<Effect>) {
        let Some(p) = self.pending.as_ref().filter(|p| p.request.id == id) else {
            return; // a stale answer (new game, take-back): never played
        };
        let purpose = p.request.purpose;
        self.pending = None;
        // A worker that answers is healthy again.
        self.failures = 0;
        if let Worker::Restarting { .. } = self.worker {
            self.worker = Worker::Ready;
        }
        let m = mv.and_then(|t| movetext::parse(&t).ok()).map(|t| t.mv);
        let legal = self.game.legal_moves();
        match purpose {
            Purpose::Hint => {
                if self.message == Some(Message::LookingForHint) {
                    self.message = None;
                }
                if let Some(m) = m
                    .filter(|m| legal.contains(m))
                    .filter(|_| self.human_to_move())
                {
                    let text = notation::write(self.game.board(), m, self.notation);
                    self.selected = Some(m.from);
                    self.dests = vec![m.to];
                    self.hint = Some((m, text));
                    fx.push(Effect::Announce(Message::Hint));
                }
            }
            Purpose::Move => {
                // An illegal or missing answer: the first legal move, so the
                // game never hangs.
                let Some(m) = m
                    .filter(|m| legal.contains(m))
                    .or_else(|| legal.as_slice().first().copied())
                else {
                    return;
                };
                if self.slide.is_some_and(|s| self.now < s.end()) {
                    // The player's own move (and its reveal) is seen first.
                    self.held = Some(m);
                } else {
                    self.play(m, fx);
                }
            }
        }
    }

    fn worker_failed(&mut self, fx: &mut Vec<Effect>) {
        if self.worker == Worker::Failed {
            return;
        }
        // Counted until an answer: a restarted worker that is ready and
        // then hangs again fails in the same row.
        self.failures += 1;
        let attempt = self.failures;
        if let Some(p) = self.pending.as_mut() {
            // Asked again once a fresh worker is ready.
            p.sent_at = None;
            p.deadline = None;
            p.request.id = self.next_id;
            self.next_id += 1;
        }
        // Between two players only hints need the worker: no message then.
        let tell = self.vs_ai();
        if attempt >= WORKER_ATTEMPTS {
            self.worker = Worker::Failed;
            if tell {
                self.message = Some(Message::WorkerFailed);
                fx.push(Effect::Announce(Message::WorkerFailed));
            }
            return;
        }
        self.worker = Worker::Restarting { attempt };
        if tell {
            self.message = Some(Message::WorkerRestarting);
        }
        // Back off: 0.5 s, 1 s, ... (growing until it is given up).
        fx.push(Effect::RestartWorker {
            delay_ms: 500.0 * f64::from(1u32 << (attempt - 1)),
        });
    }
}

// ---- saving, restoring, exporting ----

impl Session {
    /// The game to store. Against the AI the record is the player's own: a
    /// captured identity only the AI learned is left out (`Game::restore`
    /// draws it again, consistently with the record), so nothing in
    /// storage tells the player more than the board does.
    pub fn saved(&self) -> crate::saved::SavedGame {
        let moves = match self.config.opponent {
            Opponent::Ai(_) => self.game.view(self.seat()).moves,
            Opponent::Human => self
                .game
                .history()
                .iter()
                .map(|r| movetext::write(&r.played, true))
                .collect(),
        };
        crate::saved::SavedGame::new(
            self.game.rules(),
            self.config.opponent,
            self.config.human,
            moves,
        )
        .with_takebacks(self.config.takebacks, self.takebacks)
        .with_clock(self.clock.clone().map(|mut c| {
            // The time used so far on this move is kept: a reload never
            // gives it back (the restored clock runs again from then).
            c.pause(self.now);
            c
        }))
        .with_result(self.game.outcome())
    }

    /// A stored game back in play (every field checked by `resume`).
    pub fn restore(
        saved: &crate::saved::SavedGame,
        now: f64,
    ) -> Result<Session, crate::saved::SavedError> {
        let r = saved.resume()?;
        let config = Config {
            rules: r.game.rules(),
            opponent: r.opponent,
            human: r.human,
            takebacks: r.takebacks_policy,
            clock: r.clock.as_ref().map(|c| c.control),
        };
        Ok(Session::with_game(config, r.game, now).resumed(r.clock, r.takebacks))
    }

    /// The game as the player may share it: against the AI only the
    /// player's knowledge; between two players, what both may see.
    pub fn record(&self) -> export::GameRecord {
        export::GameRecord::from_game(&self.game, Some(self.seat()), self.takebacks)
    }
}
