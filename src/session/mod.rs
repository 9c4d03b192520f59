//! The game flow, pure: what happens when a player taps, types, takes
//! back, resigns, asks for a hint, when the AI answers or its worker fails,
//! and when the clock runs down. The page (`web`) turns browser events into
//! [`Event`]s, carries out the [`Effect`]s, and draws from the session's
//! state once per frame; everything here runs and is tested natively.
//!
//! Time is given by the caller (`now`, in milliseconds): the session never
//! reads a clock, so tests drive it exactly.

pub mod chess_record;
pub mod clock;
pub mod config;
pub mod export;
pub mod family;
mod show;

use crate::ai::Level;
use crate::rules::chess::Variant;
use crate::rules::xiangqi::notation::Notation;
use crate::rules::{Color, RuleSet, Seat};

pub use clock::{Clock, TimeControl};
pub use config::{Opponent, Takebacks};
pub use family::{Chess, Family, Ply, Taken, Xiangqi};
pub use show::{GameEntry, GameStatus, GameStrip, Message, Standing};

/// The Jieqi family's session and its types (the names the page and the
/// tests use); the chess ones are `Chess*`.
pub type Session = GameSession<Xiangqi>;
pub type Event = GameEvent<Xiangqi>;
pub type Effect = GameEffect<Xiangqi>;
pub type Config = GameConfig<RuleSet>;
pub type ThinkRequest = GameThink<Xiangqi>;
pub type Pending = GamePending<Xiangqi>;
pub type Slide = GameSlide<Xiangqi>;
pub type Post = GamePost<Xiangqi>;
pub type Status = GameStatus<Xiangqi>;
pub type Entry = GameEntry<Xiangqi>;
pub type Strip = GameStrip<Xiangqi>;

pub type ChessSession = GameSession<Chess>;
pub type ChessEvent = GameEvent<Chess>;
pub type ChessEffect = GameEffect<Chess>;
pub type ChessConfig = GameConfig<Variant>;
pub type ChessThink = GameThink<Chess>;
pub type ChessSlide = GameSlide<Chess>;
pub type ChessPost = GamePost<Chess>;
pub type ChessStatus = GameStatus<Chess>;
pub type ChessEntry = GameEntry<Chess>;
pub type ChessStrip = GameStrip<Chess>;

/// A new game's settings (the new-game dialog, URL parameters, the embed):
/// `R` is the rule set (Jieqi family) or the variant (chess).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameConfig<R> {
    pub rules: R,
    pub opponent: Opponent,
    /// The player's side against the AI (two players: Red sits at the bottom).
    pub human: Color,
    pub takebacks: Takebacks,
    pub clock: Option<TimeControl>,
}

impl<R> GameConfig<R> {
    /// A shared or imported game opened for review (either family): two
    /// players on this device, take-backs off, no clock.
    pub fn review(rules: R) -> GameConfig<R> {
        GameConfig {
            rules,
            opponent: Opponent::Human,
            human: Color::Red,
            takebacks: Takebacks::Off,
            clock: None,
        }
    }

    /// The same settings for another game (the new-game dialog's choice).
    pub fn with_rules<S>(self, rules: S) -> GameConfig<S> {
        GameConfig {
            rules,
            opponent: self.opponent,
            human: self.human,
            takebacks: self.takebacks,
            clock: self.clock,
        }
    }
}

impl<R: Default> Default for GameConfig<R> {
    fn default() -> GameConfig<R> {
        GameConfig {
            rules: R::default(),
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
pub struct GameThink<F: Family> {
    pub id: u32,
    pub purpose: Purpose,
    /// The seat's FEN (its own pools).
    pub fen: String,
    pub rules: F::Rules,
    /// Public keys since the last irreversible move.
    pub recent: Vec<u64>,
    pub level: Level,
    /// The side to move's clock, if the game has one.
    pub clock: Option<crate::ai::Clock>,
}

/// The search we wait for.
#[derive(Clone, Debug, PartialEq)]
pub struct GamePending<F: Family> {
    pub request: GameThink<F>,
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
pub enum GameEvent<F: Family> {
    /// A tap, click, Enter or Space on a point (`None`: off the board).
    Tap(Option<F::Square>),
    /// A piece dragged from one point and dropped on another.
    Drop {
        from: F::Square,
        to: F::Square,
    },
    /// The promotion chosen in the picker (chess).
    Promote(F::Choice),
    /// A move typed in the chosen notation or as coordinates.
    Typed(String),
    Undo,
    /// The player confirmed resigning.
    Resign,
    NewGame(GameConfig<F::Rules>),
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
pub struct GameSlide<F: Family> {
    pub from: F::Square,
    pub to: F::Square,
    /// The piece as it looked while moving (face down for a reveal).
    pub piece: F::Piece,
    /// The piece as it is after the move.
    pub after: F::Piece,
    pub started: f64,
    /// Length of the slide in ms (a reveal's flip takes as long again).
    pub ms: f64,
}

impl<F: Family> GameSlide<F> {
    /// Length of the whole animation in units of the slide.
    pub fn span(&self) -> f64 {
        if F::is_hidden(self.piece) && !F::is_hidden(self.after) {
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
pub enum GamePost<F: Family> {
    Ready {
        rules: F::Rules,
    },
    Move {
        ply: usize,
        movetext: String,
        notation: String,
        color: Color,
    },
    GameOver {
        outcome: F::Outcome,
        takebacks: u32,
    },
}

/// What the page must do.
#[derive(Clone, Debug, PartialEq)]
pub enum GameEffect<F: Family> {
    Think(GameThink<F>),
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
    Post(GamePost<F>),
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

/// The game flow of one page, for either family of games.
pub struct GameSession<F: Family> {
    game: F::Game,
    config: GameConfig<F::Rules>,
    notation: Notation,
    anim_ms: f64,
    rotate: bool,
    flip: bool,
    selected: Option<F::Square>,
    dests: Vec<F::Square>,
    /// A tap or drop that needs its promotion chosen: the moves it may be.
    choosing: Vec<F::Move>,
    /// The position after this many plies is shown (`None`: the live game).
    review: Option<usize>,
    pending: Option<GamePending<F>>,
    next_id: u32,
    worker: Worker,
    /// Worker failures since the last answer: a worker that restarts and
    /// says it is ready has not proved itself yet.
    failures: u32,
    /// An AI move that arrived while the player's move was still animating.
    held: Option<F::Move>,
    /// The promotion the AI named with its move.
    ai_choice: Option<F::Choice>,
    slide: Option<GameSlide<F>>,
    /// The shown hint: its move, text, and the search's depth and score.
    hint: Option<(F::Move, String)>,
    analysis: Option<(u32, i32)>,
    takebacks: u32,
    clock: Option<Clock>,
    message: Option<Message>,
    typed_error: Option<TypedError>,
    peek: Option<(usize, f64)>,
    log: Vec<GameEntry<F>>,
    now: f64,
    /// For reproducible games in tests: new games are seeded from it.
    seed: Option<u64>,
}

/// How long a private captured identity stays shown.
const PEEK_MS: f64 = 3000.0;

impl<F: Family> GameSession<F> {
    /// A session around a game that is already set up (a new one, a
    /// restored one, or a seeded one in tests).
    pub fn with_game(config: GameConfig<F::Rules>, game: F::Game, now: f64) -> GameSession<F> {
        let config = GameConfig {
            rules: F::rules(&game),
            ..config
        };
        let mut s = GameSession {
            game,
            config,
            notation: Notation::Wxf,
            anim_ms: 200.0,
            rotate: false,
            flip: false,
            selected: None,
            dests: Vec::new(),
            choosing: Vec::new(),
            review: None,
            pending: None,
            next_id: 1,
            worker: Worker::Starting,
            failures: 0,
            held: None,
            ai_choice: None,
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
    pub fn new(
        config: GameConfig<F::Rules>,
        now: f64,
    ) -> Result<GameSession<F>, crate::rules::NoRandomness> {
        Ok(GameSession::with_game(
            config,
            F::new_game(config.rules)?,
            now,
        ))
    }

    /// New games (rematches, new-game events) are seeded from `seed`:
    /// reproducible sessions for tests.
    pub fn seeded(config: GameConfig<F::Rules>, seed: u64, now: f64) -> GameSession<F> {
        let mut s = GameSession::with_game(config, F::seeded_game(config.rules, seed), now);
        s.seed = Some(seed);
        s
    }

    /// Restore the clock, take-back count and message of a resumed game.
    pub fn resumed(mut self, clock: Option<Clock>, takebacks: u32) -> GameSession<F> {
        if clock.is_some() {
            self.clock = clock;
        }
        self.takebacks = takebacks;
        // A saved clock comes back stopped: the side to move's clock goes
        // on from now (the time the page was closed is not charged), once
        // the first move has started the clocks.
        self.run_clock_for_turn();
        // A clock saved at zero without its result: that side lost on time.
        if self.outcome().is_none() {
            if let Some(side) = self.clock.as_ref().and_then(|c| c.flagged(self.now)) {
                F::time_out(&mut self.game, side);
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
            self.turn(),
            F::ply(&self.game) > 0 && self.outcome().is_none(),
        );
        if let Some(c) = self.clock.as_mut() {
            c.pause(self.now);
            if live {
                c.start(turn, self.now);
            }
        }
    }

    pub fn set_message(&mut self, m: Message) {
        self.message = Some(m);
    }

    // ---- reading the state ----

    pub fn game(&self) -> &F::Game {
        &self.game
    }
    pub fn config(&self) -> GameConfig<F::Rules> {
        self.config
    }
    pub fn turn(&self) -> Color {
        F::turn(&self.game)
    }
    pub fn outcome(&self) -> Option<F::Outcome> {
        F::outcome(&self.game)
    }
    /// Plies played.
    pub fn ply(&self) -> usize {
        F::ply(&self.game)
    }
    /// The record as the game flow reads it.
    pub fn history(&self) -> Vec<Ply<F>> {
        F::history(&self.game)
    }
    /// The promotion picker: the moves a tap or drop may be, or after a
    /// late reveal the move waiting for its promotion (chess).
    pub fn choosing(&self) -> Option<(F::Square, F::Square)> {
        if let Some(m) = F::awaiting_choice(&self.game) {
            return Some(F::ends(m));
        }
        self.choosing.first().map(|&m| F::ends(m))
    }
    pub fn notation(&self) -> Notation {
        self.notation
    }
    pub fn selected(&self) -> Option<F::Square> {
        self.selected.filter(|_| self.review.is_none())
    }
    pub fn dests(&self) -> &[F::Square] {
        if self.review.is_none() {
            &self.dests
        } else {
            &[]
        }
    }
    pub fn review(&self) -> Option<usize> {
        self.review
    }
    pub fn pending(&self) -> Option<&GamePending<F>> {
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
    pub fn log(&self) -> &[GameEntry<F>] {
        &self.log
    }
    pub fn typed_error(&self) -> Option<&TypedError> {
        self.typed_error.as_ref()
    }
    pub fn now(&self) -> f64 {
        self.now
    }
    /// The hinted move (shown as the selection and its one destination).
    pub fn hint(&self) -> Option<F::Move> {
        self.hint.as_ref().map(|h| h.0)
    }
    /// The slide being animated on the live board.
    pub fn slide(&self) -> Option<GameSlide<F>> {
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
            Opponent::Human => self.rotate && self.turn() == Color::Black,
        };
        base != self.flip
    }

    /// May the player move now?
    pub fn human_to_move(&self) -> bool {
        self.outcome().is_none()
            && self.review.is_none()
            && self.held.is_none()
            && match self.config.opponent {
                Opponent::Ai(_) => self.turn() == self.config.human,
                Opponent::Human => true,
            }
    }

    /// The position on the board: the live one or the one under review.
    pub fn shown(&self) -> F::Position {
        match self.review {
            Some(k) => F::position_at(&self.game, k),
            None => F::shown_board(&self.game),
        }
    }

    /// The last move of the shown position.
    pub fn last_move(&self) -> Option<(F::Square, F::Square)> {
        let plies = self.review.unwrap_or(self.ply());
        let i = plies.checked_sub(1)?;
        F::history(&self.game).get(i).map(|p| F::ends(p.mv))
    }

    // ---- events ----

    /// Handle one event at time `now` (ms); returns what the page must do.
    pub fn handle(&mut self, ev: GameEvent<F>, now: f64) -> Vec<GameEffect<F>> {
        if now.is_finite() && now > self.now {
            self.now = now;
        }
        let mut fx = Vec::new();
        match ev {
            GameEvent::Tap(sq) => self.tap(sq, &mut fx),
            GameEvent::Drop { from, to } => {
                // A drag needs no tap first (and the press that starts it may
                // have toggled the selection off): any legal move is played.
                if self.human_to_move() && self.choosing().is_none() {
                    self.try_moves(F::moves_for(&self.game, from, to), &mut fx);
                }
            }
            GameEvent::Promote(c) => self.promote(c, &mut fx),
            GameEvent::Typed(text) => self.typed(&text, &mut fx),
            GameEvent::Undo => self.undo(&mut fx),
            GameEvent::Resign => self.resign(&mut fx),
            GameEvent::NewGame(c) => self.new_game(c, &mut fx),
            GameEvent::Rematch => {
                let mut c = self.config;
                if self.vs_ai() {
                    c.human = c.human.other();
                }
                self.new_game(c, &mut fx);
            }
            GameEvent::Hint => self.ask_hint(&mut fx),
            GameEvent::Review(step) => self.review_step(step),
            GameEvent::Flip => self.flip = !self.flip,
            GameEvent::Peek(ply) => {
                if ply < self.ply() {
                    self.peek = Some((ply, self.now + PEEK_MS));
                }
            }
            GameEvent::AiProgress { id, depth, score } => {
                if self.waiting_for(id, Purpose::Hint) {
                    self.analysis = Some((depth, score));
                }
            }
            GameEvent::AiReply { id, mv } => self.ai_reply(id, mv, &mut fx),
            GameEvent::AiError { id, .. } => {
                if self.pending.as_ref().is_some_and(|p| p.request.id == id) {
                    self.worker_failed(&mut fx);
                }
            }
            GameEvent::WorkerReady => {
                if self.worker != Worker::Failed {
                    let first = self.worker == Worker::Starting;
                    self.worker = Worker::Ready;
                    if self.message == Some(Message::WorkerRestarting) {
                        self.message = None;
                    }
                    if first {
                        fx.push(GameEffect::Post(GamePost::Ready {
                            rules: F::rules(&self.game),
                        }));
                    }
                    self.send_pending(&mut fx);
                    self.maybe_ask_ai(&mut fx);
                }
            }
            GameEvent::WorkerFailed => self.worker_failed(&mut fx),
            GameEvent::RetryAi => {
                if self.worker == Worker::Failed {
                    self.worker = Worker::Restarting { attempt: 0 };
                    self.failures = 0;
                    self.message = Some(Message::WorkerRestarting);
                    fx.push(GameEffect::RestartWorker { delay_ms: 0.0 });
                }
            }
            GameEvent::TwoPlayers => {
                if self.vs_ai() {
                    self.cancel_pending(&mut fx);
                    // Two players share one screen from now on: what only the
                    // AI learned is drawn again from the player's record, so
                    // the hotseat view (and the saved game) holds nothing the
                    // player did not know.
                    let moves = F::seat_moves(&self.game, self.seat());
                    if let Some(mut g) = F::restore(&self.game, &moves) {
                        if let Some(o) = self.outcome() {
                            F::adjudicate(&mut g, o);
                        }
                        self.game = g;
                    }
                    self.config.opponent = Opponent::Human;
                    self.message = None;
                    self.rebuild_log();
                    fx.push(GameEffect::Save);
                }
            }
            GameEvent::Tick => {}
            GameEvent::SetNotation(n) => {
                if n != self.notation {
                    self.notation = n;
                    self.rebuild_log();
                }
            }
            GameEvent::SetAnimation(ms) => {
                if ms.is_finite() && (0.0..=2000.0).contains(&ms) {
                    self.anim_ms = ms;
                }
            }
            GameEvent::SetRotate(r) => self.rotate = r,
        }
        self.tick(&mut fx);
        fx
    }

    /// Time-driven changes: the end of a slide, a held AI move, clocks,
    /// the worker's watchdog, a private identity's cover.
    fn tick(&mut self, fx: &mut Vec<GameEffect<F>>) {
        let now = self.now;
        if let Some(s) = self.slide {
            if now >= s.end() {
                self.slide = None;
            } else {
                fx.push(GameEffect::Animate);
            }
        }
        if self.slide.is_none() {
            if let Some(m) = self.held.take() {
                self.play_ai(m, fx);
            }
        }
        if let Some((_, until)) = self.peek {
            if now >= until {
                self.peek = None;
            }
        }
        if self.outcome().is_none() {
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

    fn tap(&mut self, sq: Option<F::Square>, fx: &mut Vec<GameEffect<F>>) {
        self.typed_error = None;
        if self.review.is_some() {
            self.message = Some(Message::BackToGame);
            fx.push(GameEffect::Announce(Message::BackToGame));
            return;
        }
        let Some(sq) = sq else {
            self.clear_selection();
            return;
        };
        if !self.human_to_move() || F::awaiting_choice(&self.game).is_some() {
            return;
        }
        if !self.choosing.is_empty() {
            // A tap instead of a promotion: the move is not made.
            self.clear_selection();
            return;
        }
        if let Some(from) = self.selected {
            if self.dests.contains(&sq) {
                self.try_moves(F::moves_for(&self.game, from, sq), fx);
                return;
            }
            if from == sq {
                self.clear_selection();
                return;
            }
        }
        match F::piece_at(F::board(&self.game), sq) {
            Some(p) if F::color_of(p) == self.turn() => {
                self.selected = Some(sq);
                self.dests = F::targets(&self.game, sq);
                self.hint = None;
            }
            _ => self.clear_selection(),
        }
    }

    /// A tap or a drop meant one of `moves`: play it, or open the picker
    /// when several promotions are possible.
    fn try_moves(&mut self, moves: Vec<F::Move>, fx: &mut Vec<GameEffect<F>>) {
        match moves.as_slice() {
            [] => {}
            [m] => self.play(*m, fx),
            _ => {
                self.choosing = moves;
                self.dests.clear();
            }
        }
    }

    /// The promotion picked: for a tap or drop, or after a late reveal.
    fn promote(&mut self, c: F::Choice, fx: &mut Vec<GameEffect<F>>) {
        if self.review.is_some() {
            return;
        }
        if F::awaiting_choice(&self.game).is_some() {
            // Only the mover chooses (against the AI: the player).
            if self.human_to_move() {
                if let Some(ply) = F::choose(&mut self.game, c) {
                    self.after_move(ply, fx);
                }
            }
            return;
        }
        let Some(m) = self
            .choosing
            .iter()
            .copied()
            .find(|&m| F::choice_of(m) == Some(c))
        else {
            return;
        };
        self.choosing.clear();
        self.play(m, fx);
    }

    fn clear_selection(&mut self) {
        self.selected = None;
        self.dests.clear();
        self.choosing.clear();
        self.hint = None;
    }

    fn typed(&mut self, text: &str, fx: &mut Vec<GameEffect<F>>) {
        if text.trim().is_empty() {
            self.typed_error = None;
            return;
        }
        if text.len() > 64 {
            self.typed_error = Some(TypedError::Unknown);
            return;
        }
        // Not the player's turn (the AI thinks, the game is over, a review):
        // say so, whatever the text, and read nothing for the other side.
        if !self.human_to_move() {
            self.typed_error = Some(TypedError::NotNow);
            return;
        }
        self.typed_error = match F::parse_typed(&self.game, text, self.notation) {
            Ok(m) if self.human_to_move() && self.choosing().is_none() => {
                self.play(m, fx);
                None
            }
            Ok(_) => Some(TypedError::NotNow),
            Err(e) => match self.promotion_candidates(text, &e) {
                Some(moves) if self.choosing().is_none() => {
                    self.try_moves(moves, fx);
                    None
                }
                _ => Some(e),
            },
        };
    }

    /// A typed move that names a promotion's squares but not its piece
    /// (`h7h8`, `h8`): the moves it may be, to open the picker as a tap
    /// does. `None` for any other error.
    fn promotion_candidates(&self, text: &str, e: &TypedError) -> Option<Vec<F::Move>> {
        let (from, to) = match e {
            TypedError::Ambiguous(texts) => {
                let moves: Vec<F::Move> = texts
                    .iter()
                    .filter_map(|t| F::parse_typed(&self.game, t, self.notation).ok())
                    .collect();
                let ends = F::ends(*moves.first()?);
                if moves.len() != texts.len() || moves.iter().any(|&m| F::ends(m) != ends) {
                    return None;
                }
                ends
            }
            _ => {
                let compact: String = text
                    .trim()
                    .chars()
                    .filter(|&c| c != '-')
                    .map(|c| c.to_ascii_lowercase())
                    .collect();
                F::ends(F::parse_engine(&compact)?)
            }
        };
        let moves = F::moves_for(&self.game, from, to);
        (moves.len() > 1).then_some(moves)
    }

    /// Play a move on the referee's game (clock, log, animation, sound),
    /// then save and go on (the result, or the AI's turn).
    fn play(&mut self, m: F::Move, fx: &mut Vec<GameEffect<F>>) {
        match F::play(&mut self.game, m) {
            None => {}
            Some(family::Played::Done(ply)) => self.after_move(ply, fx),
            Some(family::Played::Choose) => {
                // Revealed a pawn on the last rank: its player picks the
                // promotion; the AI's own choice comes with its move.
                self.clear_selection();
                self.typed_error = None;
                fx.push(GameEffect::Sound(Sound::Reveal));
                fx.push(GameEffect::Save);
            }
        }
    }

    /// The move is on the board: clock, log, animation, sound, then save
    /// and go on (the result, or the AI's turn).
    fn after_move(&mut self, played: Ply<F>, fx: &mut Vec<GameEffect<F>>) {
        let (from, to) = F::ends(played.mv);
        let before = Some(played.piece);
        let ply = self.ply();
        let pos = F::position_at(&self.game, ply - 1);
        let text = F::write_move(&pos, played.mv, self.notation);
        let mover = F::color_of(played.piece);
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
        if self.outcome().is_some() {
            if let Some(c) = self.clock.as_mut() {
                c.pause(self.now);
            }
        }
        self.rebuild_log();
        // Castling onto the king's square: the king is what slides.
        let after = F::piece_at(F::board(&self.game), to);
        if let (Some(p), Some(a), true) = (before, after, self.anim_ms > 0.0) {
            self.slide = Some(GameSlide {
                from,
                to,
                piece: p,
                after: a,
                started: self.now,
                ms: self.anim_ms,
            });
            fx.push(GameEffect::Animate);
        }
        let sound = if self.outcome().is_some() {
            Sound::End
        } else if played.check {
            Sound::Check
        } else if played.captured.is_some() {
            Sound::Capture
        } else if played.reveal.is_some() {
            Sound::Reveal
        } else {
            Sound::Move
        };
        fx.push(GameEffect::Sound(sound));
        fx.push(GameEffect::AnnounceMove { ply });
        // The notation as the move list shows it (chess: with `+` or `#`).
        let notation = self.log.get(ply - 1).map_or(text, |e| e.text.clone());
        fx.push(GameEffect::Post(GamePost::Move {
            ply,
            movetext: F::public_text(&played),
            notation,
            color: mover,
        }));
        fx.push(GameEffect::Save);
        if self.outcome().is_some() {
            self.game_over(fx);
            return;
        }
        self.maybe_ask_ai(fx);
    }

    fn game_over(&mut self, fx: &mut Vec<GameEffect<F>>) {
        let Some(outcome) = self.outcome() else {
            return;
        };
        self.cancel_pending(fx);
        self.held = None;
        if let Some(c) = self.clock.as_mut() {
            c.pause(self.now);
        }
        // Some rules disclose captured identities at the end.
        self.rebuild_log();
        fx.push(GameEffect::ShowResult);
        fx.push(GameEffect::Post(GamePost::GameOver {
            outcome,
            takebacks: self.takebacks,
        }));
    }

    fn flag(&mut self, side: Color, fx: &mut Vec<GameEffect<F>>) {
        if self.outcome().is_some() {
            return;
        }
        F::time_out(&mut self.game, side);
        fx.push(GameEffect::Sound(Sound::End));
        fx.push(GameEffect::Save);
        self.game_over(fx);
    }

    fn resign(&mut self, fx: &mut Vec<GameEffect<F>>) {
        if self.outcome().is_some() {
            return;
        }
        let loser = match self.config.opponent {
            Opponent::Ai(_) => self.config.human,
            Opponent::Human => self.turn(),
        };
        F::resign(&mut self.game, loser);
        self.clear_selection();
        fx.push(GameEffect::Sound(Sound::End));
        fx.push(GameEffect::Save);
        self.game_over(fx);
    }

    // ---- take-backs ----

    /// How many plies one take-back removes now (0: nothing to take back).
    fn takeback_plies(&self) -> usize {
        let h = F::history(&self.game);
        match self.config.opponent {
            Opponent::Human => usize::from(!h.is_empty()),
            Opponent::Ai(_) => {
                // Back to the player's previous turn.
                let mut n = 0;
                for r in h.iter().rev() {
                    n += 1;
                    if F::color_of(r.piece) == self.config.human {
                        return n;
                    }
                }
                0
            }
        }
    }

    fn undo(&mut self, fx: &mut Vec<GameEffect<F>>) {
        self.typed_error = None;
        let refuse = |s: &mut GameSession<F>, m: Message, fx: &mut Vec<GameEffect<F>>| {
            s.message = Some(m);
            fx.push(GameEffect::Announce(m));
        };
        if self.config.takebacks == Takebacks::Off {
            return refuse(self, Message::TakebacksOff, fx);
        }
        if F::awaiting_choice(&self.game).is_some() {
            // The pawn has been seen: its promotion is chosen first.
            return refuse(self, Message::TakebackRefused, fx);
        }
        if let Some(o) = self.outcome() {
            // A finished game against the AI stays finished; between two
            // players, only a result the moves made can be taken back.
            let by_moves = F::by_moves(o);
            if self.vs_ai() || !by_moves {
                return refuse(self, Message::GameFinished, fx);
            }
        }
        let n = self.takeback_plies();
        if n == 0 {
            return refuse(self, Message::NothingToUndo, fx);
        }
        let h = F::history(&self.game);
        if self.config.takebacks == Takebacks::Fair && h[h.len() - n..].iter().any(|r| r.discloses)
        {
            return refuse(self, Message::TakebackRefused, fx);
        }
        self.cancel_pending(fx);
        self.held = None;
        for _ in 0..n {
            F::undo(&mut self.game);
        }
        self.run_clock_for_turn();
        self.takebacks += 1;
        self.clear_selection();
        self.slide = None;
        self.review = None;
        self.message = None;
        self.analysis = None;
        self.rebuild_log();
        // The live region still says the move taken back: say the take-back.
        fx.push(GameEffect::Announce(if n == 2 {
            Message::TakenBackBoth
        } else {
            Message::TakenBack
        }));
        fx.push(GameEffect::Save);
        self.maybe_ask_ai(fx);
    }

    // ---- new games ----

    fn new_game(&mut self, c: GameConfig<F::Rules>, fx: &mut Vec<GameEffect<F>>) {
        let game = match self.seed {
            Some(seed) => F::seeded_game(c.rules, seed.wrapping_add(self.next_id as u64)),
            None => match F::new_game(c.rules) {
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
        *self = GameSession::with_game(c, game, self.now);
        self.worker = worker;
        self.failures = failures;
        self.notation = notation;
        self.anim_ms = anim;
        self.rotate = rotate;
        self.seed = seed;
        self.next_id = next_id;
        self.rebuild_log();
        fx.push(GameEffect::Announce(Message::NewGameStarted));
        fx.push(GameEffect::Save);
        self.maybe_ask_ai(fx);
    }

    // ---- review ----

    fn review_step(&mut self, step: Step) {
        let n = self.ply();
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

    fn maybe_ask_ai(&mut self, fx: &mut Vec<GameEffect<F>>) {
        let Opponent::Ai(level) = self.config.opponent else {
            return;
        };
        let ai = self.config.human.other();
        if self.outcome().is_some() || self.turn() != ai || self.held.is_some() {
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

    fn ask_hint(&mut self, fx: &mut Vec<GameEffect<F>>) {
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
        self.ask(Level::Hard, self.turn(), Purpose::Hint, fx);
    }

    /// Send `side`'s view: only what that seat knows.
    fn ask(&mut self, level: Level, side: Color, purpose: Purpose, fx: &mut Vec<GameEffect<F>>) {
        let (fen, recent) = F::seat_fen(&self.game, Seat::of(side));
        let id = self.next_id;
        self.next_id += 1;
        let clock = self.clock.as_ref().map(|c| crate::ai::Clock {
            remaining_ms: c.remaining(side, self.now) as f64,
            increment_ms: c.control.increment_ms as f64,
            moves_to_go: None,
        });
        self.pending = Some(GamePending {
            request: GameThink {
                id,
                purpose,
                fen,
                rules: F::rules(&self.game),
                recent,
                level,
                clock,
            },
            sent_at: None,
            deadline: None,
        });
        self.send_pending(fx);
    }

    /// How long a level may take before its worker is presumed hung.
    fn watchdog_ms(req: &GameThink<F>) -> f64 {
        req.level.time_ms(req.clock.as_ref()) * 3.0 + 2000.0
    }

    fn send_pending(&mut self, fx: &mut Vec<GameEffect<F>>) {
        if self.worker != Worker::Ready {
            return;
        }
        let now = self.now;
        if let Some(p) = self.pending.as_mut().filter(|p| p.sent_at.is_none()) {
            p.sent_at = Some(now);
            p.deadline = Some(now + GameSession::<F>::watchdog_ms(&p.request));
            fx.push(GameEffect::Think(p.request.clone()));
        }
    }

    fn cancel_pending(&mut self, fx: &mut Vec<GameEffect<F>>) {
        if let Some(p) = self.pending.take() {
            if p.sent_at.is_some() {
                fx.push(GameEffect::Cancel { id: p.request.id });
            }
            if self.message == Some(Message::LookingForHint) {
                self.message = None;
            }
        }
    }

    fn ai_reply(&mut self, id: u32, mv: Option<String>, fx: &mut Vec<GameEffect<F>>) {
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
        let said = mv.and_then(|t| F::parse_engine(&t));
        let legal = F::legal_moves(&self.game);
        // The legal move the text names (chess: a face-down mover is listed
        // without the promotion its reveal may need), and the promotion.
        let m = said.and_then(|s| legal.iter().copied().find(|&m| F::same_move(s, m)));
        let choice = said.and_then(F::choice_of).or_else(F::default_choice);
        match purpose {
            Purpose::Hint => {
                if self.message == Some(Message::LookingForHint) {
                    self.message = None;
                }
                if let Some(m) = m.filter(|_| self.human_to_move()) {
                    let text = F::write_move(F::board(&self.game), m, self.notation);
                    let (from, to) = F::ends(m);
                    self.selected = Some(from);
                    self.dests = vec![to];
                    self.hint = Some((m, text));
                    fx.push(GameEffect::Announce(Message::Hint));
                }
            }
            Purpose::Move => {
                // An illegal or missing answer: the first legal move, so the
                // game never hangs.
                let Some(m) = m.or_else(|| legal.first().copied()) else {
                    return;
                };
                self.ai_choice = choice;
                if self.slide.is_some_and(|s| self.now < s.end()) {
                    // The player's own move (and its reveal) is seen first.
                    self.held = Some(m);
                } else {
                    self.play_ai(m, fx);
                }
            }
        }
    }

    /// The AI's move; a face-down mover revealed a pawn on the last rank
    /// promotes as the AI said (a queen if it said nothing).
    fn play_ai(&mut self, m: F::Move, fx: &mut Vec<GameEffect<F>>) {
        self.play(m, fx);
        if F::awaiting_choice(&self.game).is_some() {
            let ply = self
                .ai_choice
                .or_else(F::default_choice)
                .and_then(|c| F::choose(&mut self.game, c));
            if let Some(ply) = ply {
                self.after_move(ply, fx);
            }
        }
    }

    fn worker_failed(&mut self, fx: &mut Vec<GameEffect<F>>) {
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
                fx.push(GameEffect::Announce(Message::WorkerFailed));
            }
            return;
        }
        self.worker = Worker::Restarting { attempt };
        if tell {
            self.message = Some(Message::WorkerRestarting);
        }
        // Back off: 0.5 s, 1 s, ... (growing until it is given up).
        fx.push(GameEffect::RestartWorker {
            delay_ms: 500.0 * f64::from(1u32 << (attempt - 1)),
        });
    }
}

// ---- saving, restoring, exporting ----

impl GameSession<Xiangqi> {
    /// A shared or imported game, opened for review between two players on
    /// this device (it may be played on; take-backs off).
    pub fn from_record(r: &export::GameRecord, now: f64) -> Result<Session, export::ExportError> {
        let config = Config::review(r.rules);
        Ok(Session::with_game(config, r.to_game()?, now).resumed(None, r.takebacks))
    }

    /// The game to store. Against the AI the record is the player's own: a
    /// captured identity only the AI learned is left out (`Game::restore`
    /// draws it again, consistently with the record), so nothing in
    /// storage tells the player more than the board does.
    pub fn saved(&self) -> crate::saved::SavedGame {
        let start = crate::saved::SavedGame::new(
            self.game.rules(),
            self.config.opponent,
            self.config.human,
            self.stored_moves(),
        );
        self.stored(start)
    }

    /// A stored game back in play (every field checked by `resume`).
    pub fn restore(
        saved: &crate::saved::SavedGame,
        now: f64,
    ) -> Result<Session, crate::saved::SavedError> {
        Ok(Session::resumed_from(saved.resume()?, now))
    }

    /// The game as the player may share it: against the AI only the
    /// player's knowledge. Between two players on one device, once the
    /// game is over, the referee's record (every captured face-down piece with its
    /// letter, so it replays as played); while it goes on, only what both
    /// may see.
    pub fn record(&self) -> export::GameRecord {
        let seat = (self.vs_ai() || self.outcome().is_none()).then(|| self.seat());
        export::GameRecord::from_game(&self.game, seat, self.takebacks)
    }
}

impl GameSession<Chess> {
    /// The game to store (see `GameSession::<Xiangqi>::saved`): against the
    /// AI only the player's knowledge.
    pub fn saved(&self) -> crate::saved::SavedChess {
        let start = crate::saved::SavedGame::new_chess(
            self.game.variant(),
            self.config.opponent,
            self.config.human,
            self.stored_moves(),
        );
        self.stored(start)
    }

    /// A stored chess game back in play. A promotion still to be chosen
    /// after a late reveal is not stored: the move is played again.
    pub fn restore(
        saved: &crate::saved::SavedChess,
        now: f64,
    ) -> Result<ChessSession, crate::saved::SavedError> {
        Ok(ChessSession::resumed_from(saved.resume_chess()?, now))
    }
}

impl<F: Family> GameSession<F> {
    /// The moves to store: against the AI the player's own knowledge (a
    /// captured identity only the AI learned is left out), between two
    /// players every identity.
    fn stored_moves(&self) -> Vec<String> {
        match self.config.opponent {
            Opponent::Ai(_) => F::seat_moves(&self.game, self.seat()),
            Opponent::Human => F::referee_moves(&self.game),
        }
    }

    /// `start` (the rules, players and moves) with what else is stored:
    /// the take-backs, the clock and the result.
    fn stored(
        &self,
        start: crate::saved::SavedGame<F::Outcome>,
    ) -> crate::saved::SavedGame<F::Outcome> {
        start
            .with_takebacks(self.config.takebacks, self.takebacks)
            .with_clock(self.clock.clone().map(|mut c| {
                // The time used so far on this move is kept: a reload never
                // gives it back (the restored clock runs again from then).
                c.pause(self.now);
                c
            }))
            .with_result(F::outcome(&self.game))
    }

    /// A saved game read back (`SavedGame::resume`), in play again.
    fn resumed_from(r: crate::saved::Resumed<F::Game>, now: f64) -> GameSession<F> {
        let config = GameConfig {
            rules: F::rules(&r.game),
            opponent: r.opponent,
            human: r.human,
            takebacks: r.takebacks_policy,
            clock: r.clock.as_ref().map(|c| c.control),
        };
        GameSession::with_game(config, r.game, now).resumed(r.clock, r.takebacks)
    }
}
