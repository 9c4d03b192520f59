//! The page around the session: it hands browser events to the session as
//! `Event`s, carries out the `Effect`s it returns (worker, sound, storage,
//! the embedding page), and draws everything from the session's state once
//! per animation frame.

use std::cell::RefCell;

use gloo_timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    AudioContext, CanvasRenderingContext2d, Document, HtmlCanvasElement, Worker as JsWorker,
};

use super::a11y;
use super::chess_render;
use super::dom::*;
use super::embed;
use super::i18n;
use super::play::{hex_keys, seed, to_chess, ChessPlay, Drag};
use super::prefs::Prefs;
use super::render::{self, Geometry, Scene};
use super::sound;
use super::storage;
use super::view;
use super::worker_link::{self, Heard};
use crate::params::Theme;
use crate::protocol::{FromWorker, ToWorker};
use crate::rules::{Piece, Square};
use crate::session::{Config, Effect, Event, Post, Session, Worker};

/// A worker that has not said it is ready after this long is taken for
/// hung while loading, and restarted like one that stops answering.
const WORKER_START_MS: u32 = 5000;

pub struct Shell {
    pub doc: Document,
    pub canvas: HtmlCanvasElement,
    pub ctx: CanvasRenderingContext2d,
    pub geom: Geometry,
    /// The Jieqi-family game (kept, unused, while a chess game is played).
    pub session: Session,
    /// A chess or hidden-chess game: the page plays it while it is here.
    pub chess: Option<ChessPlay>,
    pub prefs: Prefs,
    pub drag: Option<Drag>,
    /// The point that holds the keyboard tab stop.
    pub focus: Square,
    pub audio: Option<AudioContext>,
    pub worker: Option<JsWorker>,
    /// Embedded in another page: no storage, no service worker, messages to the parent.
    pub embed: bool,
    /// Origins allowed to send messages (embed).
    pub origins: Vec<String>,
    /// A game opened from a link for review: not saved over the player's game.
    pub transient: bool,
    /// Counts the workers started, so a late start check knows its own.
    worker_gen: u32,
    frame_requested: bool,
    /// Something changed since the panels were last drawn.
    dirty: bool,
    last_height: i32,
    /// When the game was last stored, and the text stored.
    pub last_save: f64,
    written: Option<String>,
}

thread_local! {
    static SHELL: RefCell<Option<Shell>> = const { RefCell::new(None) };
}

pub fn install(shell: Shell) {
    SHELL.with(|s| *s.borrow_mut() = Some(shell));
}

/// Run `f` on the shell (ignored while it is already in use: events never
/// nest, and a panic leaves it unused rather than half-changed).
pub fn with(f: impl FnOnce(&mut Shell)) {
    SHELL.with(|s| {
        if let Ok(mut guard) = s.try_borrow_mut() {
            if let Some(shell) = guard.as_mut() {
                f(shell);
            }
        }
    });
}

/// Hand an event to the session, carry out its effects, draw next frame.
pub fn dispatch(ev: Event) {
    with(|s| s.dispatch(ev));
}

impl Shell {
    pub fn new(
        doc: Document,
        canvas: HtmlCanvasElement,
        ctx: CanvasRenderingContext2d,
        session: Session,
        prefs: Prefs,
    ) -> Shell {
        Shell {
            doc,
            canvas,
            ctx,
            geom: Geometry::fit(360.0, 400.0, 1.0, false),
            session,
            chess: None,
            prefs,
            drag: None,
            focus: Square::new(4, 0),
            audio: None,
            worker: None,
            embed: false,
            origins: Vec::new(),
            transient: false,
            worker_gen: 0,
            frame_requested: false,
            dirty: true,
            last_height: 0,
            last_save: 0.0,
            written: None,
        }
    }

    pub fn dispatch(&mut self, ev: Event) {
        if self.chess.is_some() {
            match to_chess(ev) {
                Ok(ev) => self.chess_dispatch(ev),
                Err(Event::NewGame(c)) => self.leave_chess(c),
                // Points of the xiangqi board mean nothing here.
                Err(_) => {}
            }
            return;
        }
        self.feed(ev);
        self.dirty = true;
        self.schedule();
    }

    pub fn mark_dirty(&mut self) {
        self.dirty = true;
    }

    /// The worker as the game being played knows it.
    pub fn worker_state(&self) -> Worker {
        match &self.chess {
            Some(c) => c.session.worker(),
            None => self.session.worker(),
        }
    }

    pub fn worker_ready(&self) -> bool {
        self.worker_state() == Worker::Ready
    }

    /// Plies played in the game on the page.
    pub fn ply(&self) -> usize {
        match &self.chess {
            Some(c) => c.session.ply(),
            None => self.session.game().ply(),
        }
    }

    pub fn game_over(&self) -> bool {
        match &self.chess {
            Some(c) => c.session.outcome().is_some(),
            None => self.session.game().outcome().is_some(),
        }
    }

    /// Does time matter now (a clock, the AI's watchdog, a private look)?
    pub fn needs_tick(&self) -> (bool, bool) {
        let (clock, pending, peek) = match &self.chess {
            Some(c) => (
                c.session.clock().is_some_and(|c| c.running.is_some()),
                c.session.pending().is_some(),
                c.session.peek().is_some(),
            ),
            None => (
                self.session.clock().is_some_and(|c| c.running.is_some()),
                self.session.pending().is_some(),
                self.session.peek().is_some(),
            ),
        };
        (clock || pending || peek, clock)
    }

    fn sliding(&self) -> bool {
        match &self.chess {
            Some(c) => c.session.slide().is_some(),
            None => self.session.slide().is_some(),
        }
    }

    fn dragging(&self) -> bool {
        match &self.chess {
            Some(c) => c.drag.as_ref().is_some_and(|d| d.active),
            None => self.drag.as_ref().is_some_and(|d| d.active),
        }
    }

    /// Back to the Jieqi family: a new game of `c`.
    fn leave_chess(&mut self, c: Config) {
        match Session::new(c, now()) {
            Ok(s) => {
                self.transient = false;
                self.replace(s);
                self.save();
            }
            Err(e) => web_sys::console::warn_1(&e.to_string().into()),
        }
    }

    /// Hand an event to the session and carry out its effects; returns
    /// whether there were any besides animating.
    fn feed(&mut self, ev: Event) -> bool {
        let fx = self.session.handle(ev, now());
        let changed = fx.iter().any(|e| *e != Effect::Animate);
        for e in fx {
            self.apply(e);
        }
        changed
    }

    /// Carry out an effect (a chess game's shared ones come here too).
    pub fn apply_shared(&mut self, e: Effect) {
        self.apply(e)
    }

    fn apply(&mut self, e: Effect) {
        match e {
            Effect::Think(req) => {
                let msg = ToWorker::Think {
                    id: req.id,
                    fen: req.fen,
                    rules: req.rules,
                    recent: hex_keys(&req.recent),
                    level: req.level,
                    seed: seed(),
                    purpose: req.purpose,
                    clock: req.clock,
                };
                if !self.ask_worker(&msg) {
                    // No worker to ask: the session restarts it.
                    self.feed(Event::WorkerFailed);
                }
            }
            // A single-threaded worker cannot be interrupted; its answer
            // carries the old id and the session ignores it.
            Effect::Cancel { .. } => {}
            Effect::RestartWorker { delay_ms } => {
                if let Some(w) = self.worker.take() {
                    w.terminate();
                }
                Timeout::new(delay_ms.max(0.0) as u32, || with(Shell::spawn_worker)).forget();
            }
            Effect::Animate => {}
            Effect::Sound(s) => {
                if self.prefs.sound {
                    if let Some(a) = &self.audio {
                        sound::play(a, s);
                    }
                }
            }
            Effect::AnnounceMove { ply } => self.announce_move(ply),
            // The hint is said as the status line says it (move and standing).
            Effect::Announce(crate::session::Message::Hint) => {
                let text = match &self.chess {
                    Some(c) => view::status_text(&c.session, &self.prefs),
                    None => view::status_text(&self.session, &self.prefs),
                };
                a11y::announce(&self.doc, &text);
            }
            Effect::Announce(m) => a11y::announce(&self.doc, &view::message_text(&self.prefs, m)),
            Effect::Save => self.save(),
            Effect::ShowResult => {
                if self.chess.is_none() {
                    view::result(&self.doc, &self.session, &self.prefs);
                }
                if let Some(d) = dialog(&self.doc, "dlg-result") {
                    if !d.open() {
                        let _ = d.show_modal();
                        // The first choice (an `autofocus` attribute would be
                        // refused, with an error, inside a cross-origin frame).
                        if let Ok(Some(b)) = d.query_selector("button[value=rematch]") {
                            if let Ok(b) = b.dyn_into::<web_sys::HtmlElement>() {
                                let _ = b.focus();
                            }
                        }
                    }
                }
            }
            Effect::Post(p) => {
                if self.embed {
                    self.post(p);
                }
            }
        }
    }

    /// Ask the worker (`false`: there is none or it took nothing).
    pub fn ask_worker(&self, msg: &ToWorker) -> bool {
        self.worker
            .as_ref()
            .is_some_and(|w| worker_link::post(w, msg))
    }

    fn post(&self, p: Post) {
        match p {
            Post::Ready { rules } => self.post_ready(rules.id()),
            Post::Move {
                ply,
                movetext,
                notation,
                color,
            } => self.post_move(ply, movetext, notation, color.name()),
            Post::GameOver { outcome, takebacks } => self.post_game_over(
                outcome.winner.map(|c| c.name()),
                outcome.reason.text(),
                takebacks,
            ),
        }
    }

    /// Tell the embedding page (either board) the game is ready.
    pub fn post_ready(&self, rules: &str) {
        embed::post(&self.origins, "ready", &[("rules", rules.into())]);
    }

    /// Tell the embedding page (either board) a move was played.
    pub fn post_move(&self, ply: usize, movetext: String, notation: String, color: &str) {
        embed::post(
            &self.origins,
            "move",
            &[
                ("ply", (ply as u32).into()),
                ("move", movetext.into()),
                ("notation", notation.into()),
                ("color", color.into()),
            ],
        );
    }

    /// Tell the embedding page (either board) the game is over.
    pub fn post_game_over(&self, winner: Option<&str>, reason: &str, takebacks: u32) {
        let winner: JsValue = winner.map_or(JsValue::NULL, JsValue::from);
        embed::post(
            &self.origins,
            "gameover",
            &[
                ("winner", winner),
                ("reason", reason.into()),
                ("takebacks", takebacks.into()),
            ],
        );
    }

    pub fn save(&mut self) {
        if self.embed || self.transient {
            return;
        }
        if self.chess.is_some() {
            self.last_save = now();
            self.written = self.chess_save();
            return;
        }
        let saved = self.session.saved();
        self.last_save = now();
        // What this tab wrote: a `storage` event with the same text is our own.
        self.written = storage::save_game(&saved);
    }

    /// Store the game if a clock runs (everything else is stored as it
    /// happens): the time used on this move is kept when the page goes.
    pub fn save_clock(&mut self) {
        if self.needs_tick().1 {
            self.save();
        }
    }

    /// Another tab wrote the saved game: go on from it rather than fork
    /// the game (two tabs could otherwise try the same reveal twice).
    pub fn other_tab_saved(&mut self, text: Option<String>) {
        if self.embed || self.transient || text.is_none() || text == self.written {
            return;
        }
        let Some((raw, Ok(saved))) = storage::load_game() else {
            return;
        };
        match saved {
            storage::Stored::Jieqi(saved) => {
                if let Ok(mut s) = Session::restore(&saved, now()) {
                    self.written = Some(raw);
                    s.set_message(crate::session::Message::OtherTab);
                    self.drag = None;
                    self.replace(s);
                }
            }
            storage::Stored::Chess(saved) => {
                if let Ok(mut s) = crate::session::ChessSession::restore(&saved, now()) {
                    self.written = Some(raw);
                    s.set_message(crate::session::Message::OtherTab);
                    self.start_chess(s);
                }
            }
        }
    }

    fn announce_move(&self, ply: usize) {
        let s = &self.session;
        let Some(e) = ply.checked_sub(1).and_then(|i| s.log().get(i)) else {
            return;
        };
        let g = s.game();
        let Some(played) = g.history().get(ply - 1).map(|r| &r.played) else {
            return;
        };
        let lang = self.prefs.lang;
        let captured = match e.captured_hidden {
            Some(c) => Some(c.map_or(i18n::t(lang, i18n::Key::Unknown), |c| {
                i18n::role(lang, c.role)
            })),
            None => played.captured.map(|c| i18n::role(lang, c.role)),
        };
        let live = g.ply() == ply;
        self.tell_move(
            format!("{}: {} ({})", i18n::color(lang, e.color), e.text, played.mv),
            e.reveal.map(|r| i18n::role(lang, r.role)),
            captured,
            live && g.board().in_check(),
            g.outcome()
                .filter(|_| live)
                .map(|o| view::outcome_text(s, &self.prefs, o)),
        );
    }

    /// Say a move through the live region (either board): `head` ("Red:
    /// text (move)"), the kind a face-down mover turned out to be and the
    /// kind it took, then check, or the result if the move ended the game.
    pub fn tell_move(
        &self,
        mut head: String,
        revealed: Option<&str>,
        captured: Option<&str>,
        check: bool,
        result: Option<String>,
    ) {
        let lang = self.prefs.lang;
        let w = i18n::words(lang);
        if let Some(r) = revealed {
            head.push_str(&format!(", {} {r}", w.revealed));
        }
        if let Some(c) = captured {
            head.push_str(&format!(", {} {c}", w.captured));
        }
        match result {
            Some(r) => head.push_str(&format!(". {r}")),
            None if check => {
                head.push_str(&format!(". {}", i18n::t(lang, i18n::Key::Check)));
            }
            None => {}
        }
        a11y::announce(&self.doc, &head);
    }

    // ---- the worker ----

    pub fn spawn_worker(&mut self) {
        let build = super::offline::build_tag();
        self.worker = worker_link::spawn(&build, |heard| with(|s| s.on_worker(heard)));
        if self.worker.is_none() {
            self.dispatch(Event::WorkerFailed);
            return;
        }
        self.worker_gen = self.worker_gen.wrapping_add(1);
        let gen = self.worker_gen;
        Timeout::new(WORKER_START_MS, move || {
            with(|s| {
                let waiting = matches!(
                    s.worker_state(),
                    Worker::Starting | Worker::Restarting { .. }
                );
                if s.worker_gen == gen && s.worker.is_some() && waiting {
                    web_sys::console::warn_1(&"AI worker: not ready in time, restarting it".into());
                    s.dispatch(Event::WorkerFailed);
                }
            })
        })
        .forget();
    }

    fn on_worker(&mut self, heard: Heard) {
        let ev = match heard {
            Heard::Failed(text) => {
                web_sys::console::error_1(&format!("AI worker: {text}").into());
                Event::WorkerFailed
            }
            Heard::Message(FromWorker::Ready { build }) => {
                let mine = super::offline::build_tag();
                if build != mine {
                    // Never mix builds: the page's boot watchdog (www/boot.js)
                    // clears the offline copy and reloads once.
                    web_sys::console::error_1(
                        &format!(
                            "AI worker of build '{build}' refused: this page is build '{mine}'"
                        )
                        .into(),
                    );
                    if let Some(w) = self.worker.take() {
                        w.terminate();
                    }
                    self.set_body_attr("data-worker", "refused");
                    // A failed worker for the game flow: restarts with
                    // back-off, then "Play on as two players".
                    Event::WorkerFailed
                } else {
                    self.set_body_attr("data-worker", "ready");
                    Event::WorkerReady
                }
            }
            Heard::Message(FromWorker::Progress { id, depth, score }) => {
                Event::AiProgress { id, depth, score }
            }
            Heard::Message(FromWorker::BestMove { id, mv }) => Event::AiReply { id, mv },
            Heard::Message(FromWorker::Error { id, message }) => {
                web_sys::console::error_1(&format!("AI: {message}").into());
                Event::AiError { id, message }
            }
        };
        self.dispatch(ev);
    }

    fn set_body_attr(&self, k: &str, v: &str) {
        if let Some(b) = self.doc.body() {
            let _ = b.set_attribute(k, v);
        }
    }

    // ---- drawing ----

    /// Draw at the next animation frame (once, however many events come).
    pub fn schedule(&mut self) {
        if self.frame_requested {
            return;
        }
        self.frame_requested = true;
        let cb = Closure::once_into_js(move || {
            with(|s| {
                s.frame_requested = false;
                if s.sliding() {
                    // Moves on the slide, and plays an AI move held for it.
                    s.dirty |= if s.chess.is_some() {
                        s.chess_feed(crate::session::ChessEvent::Tick)
                    } else {
                        s.feed(Event::Tick)
                    };
                }
                // The panels only when something changed; the board always.
                if std::mem::take(&mut s.dirty) {
                    s.render();
                } else {
                    s.draw_board();
                }
                if s.sliding() || s.dragging() {
                    s.schedule();
                }
            })
        });
        if let Some(w) = web_sys::window() {
            let _ = w.request_animation_frame(cb.unchecked_ref());
        }
    }

    /// Everything on screen, from the session's state.
    pub fn render(&mut self) {
        if self.chess.is_some() {
            self.chess_render();
            self.post_height();
            return;
        }
        let flipped = self.session.flipped();
        if flipped != self.geom.flipped {
            self.resize();
        }
        self.draw_board();
        let (doc, s, p) = (&self.doc, &self.session, &self.prefs);
        view::header(doc, s, p);
        view::board_settings(doc, false);
        view::strips(doc, s, p);
        view::moves(doc, s, p);
        view::pools(doc, s, p);
        let shown = s.shown();
        self.mark_canvas(
            s.selected().map(|q| q.to_string()),
            &mut s.dests().iter().map(|d| d.to_string()),
            s.game().ply(),
            s.review(),
        );
        a11y::update(doc, &shown, s.selected(), s.dests(), p.lang, self.focus);
        if let Some(d) = dialog(doc, "dlg-result").filter(|d| d.open()) {
            // The result of a game that is over; a new game (from any
            // source: an embedding page's message too) closes it.
            if s.outcome().is_some() {
                view::result(doc, s, p);
            } else {
                d.close();
            }
        }
        self.post_height();
    }

    /// The board's state on the canvas, for tests (either board): the
    /// selected square, the destinations, the ply and the ply reviewed.
    pub fn mark_canvas(
        &self,
        selected: Option<String>,
        dests: &mut dyn Iterator<Item = String>,
        ply: usize,
        review: Option<usize>,
    ) {
        let c = &self.canvas;
        let dests: Vec<String> = dests.collect();
        let _ = c.set_attribute("data-selected", selected.as_deref().unwrap_or_default());
        let _ = c.set_attribute("data-dests", &dests.join(" "));
        let _ = c.set_attribute("data-ply", &ply.to_string());
        let _ = c.set_attribute(
            "data-review",
            &review.map(|k| k.to_string()).unwrap_or_default(),
        );
    }

    pub fn dark(&self) -> bool {
        match self.prefs.theme {
            Theme::Dark => true,
            Theme::Light => false,
            Theme::Auto => web_sys::window()
                .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
                .is_some_and(|m| m.matches()),
        }
    }

    pub fn draw_board(&self) {
        if self.chess.is_some() {
            return self.chess_draw_board();
        }
        let s = &self.session;
        let shown = s.shown();
        let mut pieces: Vec<(Square, Piece)> = shown.pieces().collect();
        let check = shown.in_check().then(|| shown.general(shown.turn()));
        let now = now();
        let slide = s.slide().map(|sl| (sl, sl.t(now)));
        if let Some(d) = self.drag.as_ref().filter(|d| d.active) {
            pieces.retain(|(q, _)| *q != d.from);
        }
        let dark = self.dark();
        let scene = Scene {
            pieces: &pieces,
            selected: s.selected(),
            dests: s.dests(),
            last: s.last_move(),
            check,
            labels: self.prefs.labels,
            coordinates: self.prefs.coords,
            slide,
            dark,
        };
        render::draw(&self.ctx, &self.geom, &scene);
        if let Some(d) = self.drag.as_ref().filter(|d| d.active) {
            if let Some(p) = shown.piece_at(d.from) {
                render::draw_piece_at(
                    &self.ctx,
                    &self.geom,
                    d.x * self.geom.dpr,
                    d.y * self.geom.dpr,
                    p,
                    self.prefs.labels,
                    dark,
                );
            }
        }
        let _ = self
            .canvas
            .set_attribute("data-pieces", &pieces.len().to_string());
    }

    /// Fit the board into `#board-wrap` (its size comes from the CSS layout).
    pub fn resize(&mut self) {
        let Some(win) = web_sys::window() else { return };
        let dpr = win.device_pixel_ratio();
        let vw = win
            .inner_width()
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(360.0);
        let vh = win
            .inner_height()
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(640.0);
        let (w, h) = el(&self.doc, "board-wrap")
            .map(|w| (f64::from(w.client_width()), f64::from(w.client_height())))
            .unwrap_or((vw, vh));
        let w = if w > 0.0 { w } else { vw };
        let h = if h > 40.0 { h } else { vh * 0.7 };
        // The chess board marks the canvas and the layout (a square board).
        let (g, board) = match self.chess.as_mut() {
            Some(c) => {
                c.geom = chess_render::fit(w, h, dpr, c.session.flipped());
                (c.geom, Some("chess"))
            }
            None => {
                self.geom = Geometry::fit(w, h, dpr, self.session.flipped());
                (self.geom, None)
            }
        };
        self.canvas.set_width((g.css_w * g.dpr) as u32);
        self.canvas.set_height((g.css_h * g.dpr) as u32);
        let st = self.canvas.style();
        let _ = st.set_property("width", &px(g.css_w));
        let _ = st.set_property("height", &px(g.css_h));
        // CSS-pixel geometry for tests and tools: left, top, cell, flipped
        // (chess: the squares' top-left corner, a square's centre is half a
        // square on).
        let geom = format!(
            "{},{},{},{}",
            dec2(g.ox / g.dpr),
            dec2(g.oy / g.dpr),
            dec2(g.cell / g.dpr),
            g.flipped as u8
        );
        let _ = self.canvas.set_attribute("data-geom", &geom);
        let root = self.doc.document_element();
        match board {
            Some(b) => {
                let _ = self.canvas.set_attribute("data-board", b);
                if let Some(root) = root {
                    let _ = root.set_attribute("data-board", b);
                }
                a11y::layout_chess(&self.doc, &g);
            }
            None => {
                let _ = self.canvas.remove_attribute("data-board");
                if let Some(root) = root {
                    let _ = root.remove_attribute("data-board");
                }
                a11y::layout(&self.doc, &g);
            }
        }
        self.draw_board();
    }

    /// Tell the parent page how tall the game wants to be.
    fn post_height(&mut self) {
        if !self.embed {
            return;
        }
        if let Some(e) = self.doc.document_element() {
            let h = e.scroll_height();
            if h != self.last_height {
                self.last_height = h;
                embed::post(&self.origins, "height", &[("height", h.into())]);
            }
        }
    }

    pub fn resume_audio(&mut self) {
        if self.audio.is_none() {
            self.audio = AudioContext::new().ok();
        }
        if let Some(a) = &self.audio {
            let _ = a.resume();
        }
    }

    /// Settings changed: store them, tell the session what it needs.
    pub fn prefs_changed(&mut self, p: Prefs) {
        let lang_changed = p.lang != self.prefs.lang;
        let theme_changed = p.theme != self.prefs.theme;
        self.prefs = p;
        if !self.embed {
            p.save();
        }
        self.dispatch(Event::SetNotation(p.notation));
        self.dispatch(Event::SetAnimation(p.anim_ms));
        self.dispatch(Event::SetRotate(p.rotate));
        if lang_changed {
            view::language(&self.doc, &self.prefs);
        }
        if theme_changed {
            self.apply_theme();
        }
        // Keyed parts (moves, pools, captures) redraw on their own keys.
        self.schedule();
    }

    pub fn apply_theme(&self) {
        if let Some(e) = self.doc.document_element() {
            let _ = e.set_attribute("data-theme", super::prefs::theme_id(self.prefs.theme));
        }
        self.draw_board();
    }

    /// How to play, opened on the rules of the game on screen.
    pub fn open_help(&self) {
        view::help(&self.doc, self.prefs.lang, self.chess.is_some());
        if let Some(d) = dialog(&self.doc, "dlg-help") {
            if !d.open() {
                let _ = d.show_modal();
            }
        }
    }

    /// Replace the session (a new game from outside, an imported game).
    pub fn replace(&mut self, session: Session) {
        let ready = self.worker_ready();
        if self.chess.take().is_some() {
            if let Some(root) = self.doc.document_element() {
                let _ = root.remove_attribute("data-board");
            }
            a11y::build(&self.doc);
            view::language(&self.doc, &self.prefs);
        }
        self.session = session;
        self.feed(Event::SetNotation(self.prefs.notation));
        self.feed(Event::SetAnimation(self.prefs.anim_ms));
        self.feed(Event::SetRotate(self.prefs.rotate));
        if ready {
            // The new session learns the worker is there (and asks it).
            self.feed(Event::WorkerReady);
        }
        self.resize();
        self.dirty = true;
        self.schedule();
    }
}
