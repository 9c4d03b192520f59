//! The page's state and game flow. Input (`input`) changes state; the
//! canvas (`render`), the DOM panels (`panels`) and the accessible points
//! show it; the AI answers through `worker_client`; `storage` keeps it.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{AudioContext, CanvasRenderingContext2d, Document, HtmlCanvasElement, Worker};

use super::a11y;
use super::embed::{self, Opponent, Theme};
use super::i18n::{self, Key, Lang};
use super::render::{self, Geometry, Labels, Scene, Slide};
use super::sound::{self, Sound};
use super::storage::{self, SavedGame, Settings};
use crate::ai::Level;
use crate::rules::notation::{self, Notation};
use crate::rules::{movetext, Color, Game, Move, Outcome, Piece, Position, RuleSet, Seat, Square};

/// Drag starts only after this many CSS pixels, so a shaky tap never drags.
pub(super) const DRAG_SLOP: f64 = 4.0;

pub(super) struct Drag {
    pub(super) from: Square,
    pub(super) x0: f64,
    pub(super) y0: f64,
    pub(super) active: bool,
    pub(super) x: f64,
    pub(super) y: f64,
    /// Pressed on the piece already selected: released without moving, it
    /// is a tap (which deselects it).
    pub(super) tap_on_release: bool,
}

pub(super) struct App {
    pub(super) doc: Document,
    pub(super) canvas: HtmlCanvasElement,
    pub(super) ctx: CanvasRenderingContext2d,
    pub(super) geom: Geometry,
    pub(super) game: Game,
    /// `None`: two players on this device.
    pub(super) opponent: Option<Level>,
    /// The seat the board is shown from (vs the AI: the player's).
    pub(super) human: Color,
    pub(super) labels: Labels,
    pub(super) notation: Notation,
    pub(super) lang: Lang,
    pub(super) sound_on: bool,
    pub(super) anim_ms: f64,
    pub(super) coords: bool,
    pub(super) selected: Option<Square>,
    pub(super) dests: Vec<Square>,
    pub(super) drag: Option<Drag>,
    /// Display notation of each ply, written before it was played.
    pub(super) log: Vec<String>,
    /// Reviewing the position after this many plies (`None`: the live game).
    pub(super) review: Option<usize>,
    pub(super) worker: Option<Worker>,
    pub(super) worker_ready: bool,
    /// Id of the request whose answer we wait for (0: none).
    pub(super) waiting: u32,
    pub(super) next_id: u32,
    pub(super) hint_for: Option<u32>,
    pub(super) slide: Option<(Slide, f64)>,
    pub(super) reduced_motion: bool,
    pub(super) message: Option<Key>,
    pub(super) message_extra: String,
    pub(super) audio: Option<AudioContext>,
    /// A private captured identity shown on request (ply), in two-player games.
    pub(super) peek: Option<usize>,
    /// The point that holds the keyboard tab stop.
    pub(super) focus: Square,
    /// Embedded in another page: no storage, no service worker, messages to the parent.
    pub(super) embed: bool,
    /// Origins allowed to send messages (embed).
    pub(super) origins: Vec<String>,
    pub(super) theme: Theme,
}

thread_local! {
    static APP: RefCell<Option<Rc<RefCell<App>>>> = const { RefCell::new(None) };
}

pub fn start() {
    console_error_panic_hook::set_once();
    let Some(win) = web_sys::window() else { return };
    let Some(doc) = win.document() else { return };
    let Some(canvas) = doc
        .get_element_by_id("board")
        .and_then(|e| e.dyn_into::<HtmlCanvasElement>().ok())
    else {
        return;
    };
    let Some(ctx) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    let reduced_motion = win
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches());
    let browser_lang = win
        .navigator()
        .language()
        .and_then(|l| Lang::from_tag(&l))
        .unwrap_or(Lang::En);
    // Without the system's random source no identity can be drawn fairly:
    // refuse to start rather than play a predictable game.
    let game = match Game::new(RuleSet::Jieqi) {
        Ok(g) => g,
        Err(e) => return refuse_to_start(&doc, &e),
    };
    let mut app = App {
        doc: doc.clone(),
        canvas,
        ctx,
        geom: Geometry::fit(360.0, 400.0, 1.0, false),
        game,
        opponent: Some(Level::Medium),
        human: Color::Red,
        labels: if browser_lang == Lang::Vi {
            Labels::Vietnamese
        } else {
            Labels::Chinese
        },
        notation: Notation::Wxf,
        lang: browser_lang,
        sound_on: true,
        anim_ms: if reduced_motion { 0.0 } else { 200.0 },
        coords: true,
        selected: None,
        dests: Vec::new(),
        drag: None,
        log: Vec::new(),
        review: None,
        worker: None,
        worker_ready: false,
        waiting: 0,
        next_id: 1,
        hint_for: None,
        slide: None,
        reduced_motion,
        message: None,
        message_extra: String::new(),
        audio: None,
        peek: None,
        focus: Square::new(4, 0),
        embed: false,
        origins: Vec::new(),
        theme: Theme::Auto,
    };
    let params = embed::parse_query(&win.location().search().unwrap_or_default());
    app.embed = params.embed;
    app.origins = params.origins.clone();
    if app.embed {
        // The embed never reads or writes the host visitor's saved game or settings.
        let opponent = params.opponent.unwrap_or(Opponent::Ai(Level::Medium));
        let human = params.side.flatten().unwrap_or(
            if js_sys::Math::random() < 0.5 || params.side.is_none() {
                Color::Red
            } else {
                Color::Black
            },
        );
        match Game::new(params.rules.unwrap_or_default()) {
            Ok(g) => app.game = g,
            Err(e) => return refuse_to_start(&doc, &e),
        }
        app.opponent = opponent.level();
        app.human = human;
    } else {
        app.load_settings();
        restore(&mut app);
    }
    if let Some(l) = params.lang {
        app.lang = l;
    }
    if let Some(l) = params.labels {
        app.labels = l;
    }
    if let Some(n) = params.notation {
        app.notation = n;
        app.rebuild_log();
    }
    if let Some(t) = params.theme {
        app.theme = t;
    }
    let app = Rc::new(RefCell::new(app));
    APP.with(|a| *a.borrow_mut() = Some(app.clone()));
    start_worker(&app);
    install_handlers(&app);
    let mut a = app.borrow_mut();
    if a.embed {
        let _ = doc
            .document_element()
            .map(|e| e.set_attribute("data-embed", "1"));
        install_embed_listener();
    } else {
        super::offline::register();
    }
    let theme = match a.theme {
        Theme::Auto => "auto",
        Theme::Light => "light",
        Theme::Dark => "dark",
    };
    let _ = doc
        .document_element()
        .map(|e| e.set_attribute("data-theme", theme));
    a11y::build(&a.doc);
    a.apply_language();
    a.show_settings();
    a.resize();
    a.refresh_panels();
}

pub(super) fn with_app(f: impl FnOnce(&mut App)) {
    APP.with(|a| {
        if let Some(app) = a.borrow().as_ref() {
            if let Ok(mut app) = app.try_borrow_mut() {
                f(&mut app);
            }
        }
    });
}

use super::dom::*;
use super::input::*;
use super::worker_client::*;

impl App {
    pub(super) fn t(&self, k: Key) -> &'static str {
        i18n::t(self.lang, k)
    }

    pub(super) fn seat(&self) -> Seat {
        match self.opponent {
            Some(_) => Seat::of(self.human),
            None => Seat::Spectator,
        }
    }

    pub(super) fn flipped(&self) -> bool {
        self.opponent.is_some() && self.human == Color::Black
    }

    pub(super) fn human_to_move(&self) -> bool {
        self.game.outcome().is_none() && (self.opponent.is_none() || self.game.turn() == self.human)
    }

    // ---- settings ----

    pub(super) fn load_settings(&mut self) {
        let Some(s) = storage::load_settings() else {
            return;
        };
        if let Some(l) = Lang::from_tag(&s.lang) {
            self.lang = l;
        }
        if let Some(l) = Labels::from_id(&s.labels) {
            self.labels = l;
        }
        if let Some(n) = Notation::from_id(&s.notation) {
            self.notation = n;
        }
        self.sound_on = s.sound;
        if s.anim_ms.is_finite() && (0.0..=1000.0).contains(&s.anim_ms) {
            self.anim_ms = s.anim_ms;
        }
        self.coords = s.coords;
    }

    pub(super) fn show_settings(&self) {
        set_select(&self.doc, "set-lang", self.lang.id());
        set_select(&self.doc, "set-labels", self.labels.id());
        set_select(&self.doc, "set-notation", self.notation.id());
        set_select(&self.doc, "set-anim", &(self.anim_ms as u32).to_string());
        if let Some(c) = checkbox(&self.doc, "set-sound") {
            c.set_checked(self.sound_on);
        }
        if let Some(c) = checkbox(&self.doc, "set-coords") {
            c.set_checked(self.coords);
        }
    }

    pub(super) fn settings_changed(&mut self) {
        let doc = &self.doc.clone();
        self.lang = Lang::from_tag(&select_value(doc, "set-lang")).unwrap_or(self.lang);
        self.labels = Labels::from_id(&select_value(doc, "set-labels")).unwrap_or(self.labels);
        let notation =
            Notation::from_id(&select_value(doc, "set-notation")).unwrap_or(self.notation);
        if notation != self.notation {
            self.notation = notation;
            self.rebuild_log();
        }
        self.anim_ms = select_value(doc, "set-anim")
            .parse::<u32>()
            .map_or(self.anim_ms, f64::from);
        self.sound_on = checkbox(doc, "set-sound").is_some_and(|c| c.checked());
        self.coords = checkbox(doc, "set-coords").is_some_and(|c| c.checked());
        if !self.embed {
            storage::save_settings(&Settings {
                lang: self.lang.id().into(),
                labels: self.labels.id().into(),
                notation: self.notation.id().into(),
                sound: self.sound_on,
                anim_ms: self.anim_ms,
                coords: self.coords,
            });
        }
        self.apply_language();
        self.refresh_panels();
        self.redraw();
    }

    /// Display text of every ply, in the current notation.
    pub(super) fn rebuild_log(&mut self) {
        let mut log = Vec::with_capacity(self.game.ply());
        for (i, r) in self.game.history().iter().enumerate() {
            let before = self.game.position_at(i);
            log.push(notation::write(&before, r.played.mv, self.notation));
        }
        self.log = log;
    }

    // ---- board ----

    pub(super) fn resize(&mut self) {
        let Some(win) = web_sys::window() else { return };
        let dpr = win.device_pixel_ratio();
        let wrap = el(&self.doc, "board-wrap");
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
        let avail_w = wrap
            .as_ref()
            .map(|w| w.client_width() as f64)
            .filter(|w| *w > 0.0)
            .unwrap_or(vw);
        // Phones: the board takes the width, leaving room for the bar and buttons.
        let avail_h = if vw >= 900.0 {
            vh - 140.0
        } else {
            (vh - 170.0).max(avail_w * 1.1)
        };
        self.geom = Geometry::fit(avail_w, avail_h, dpr, self.flipped());
        let g = self.geom;
        self.canvas.set_width((g.css_w * g.dpr) as u32);
        self.canvas.set_height((g.css_h * g.dpr) as u32);
        let st = self.canvas.style();
        let _ = st.set_property("width", &super::dom::px(g.css_w));
        let _ = st.set_property("height", &super::dom::px(g.css_h));
        // CSS-pixel geometry for tests and tools: left, top, cell, flipped.
        let geom = format!(
            "{},{},{},{}",
            g.ox / g.dpr,
            g.oy / g.dpr,
            g.cell / g.dpr,
            g.flipped as u8
        );
        let _ = self.canvas.set_attribute("data-geom", &geom);
        a11y::layout(&self.doc, &self.geom);
        self.redraw();
        self.post_height();
    }

    pub(super) fn shown(&self) -> Position {
        match self.review {
            Some(k) => self.game.position_at(k),
            None => self.game.board().clone(),
        }
    }

    pub(super) fn redraw(&self) {
        let shown = self.shown();
        let plies = self.review.unwrap_or(self.game.ply());
        let mut pieces: Vec<(Square, Piece)> = shown.pieces().collect();
        let last = plies.checked_sub(1).map(|i| {
            let m = self.game.history()[i].played.mv;
            (m.from, m.to)
        });
        let check = shown.in_check().then(|| shown.general(shown.turn()));
        let live = self.review.is_none();
        let slide = self.slide.filter(|_| live).map(|(s, t0)| Slide {
            t: ((now() - t0) / self.anim_ms.max(1.0)).min(s.span()),
            ..s
        });
        if let Some(d) = self.drag.as_ref().filter(|d| d.active) {
            pieces.retain(|(s, _)| *s != d.from);
        }
        let dark = match self.theme {
            Theme::Dark => true,
            Theme::Light => false,
            Theme::Auto => web_sys::window()
                .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
                .is_some_and(|m| m.matches()),
        };
        let scene = Scene {
            pieces: &pieces,
            selected: if live { self.selected } else { None },
            dests: if live { &self.dests } else { &[] },
            last,
            check,
            labels: self.labels,
            coordinates: self.coords,
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
                    self.labels,
                    dark,
                );
            }
        }
        let _ = self
            .canvas
            .set_attribute("data-pieces", &pieces.len().to_string());
    }

    // ---- input ----

    pub(super) fn resume_audio(&mut self) {
        if self.audio.is_none() {
            self.audio = AudioContext::new().ok();
        }
        if let Some(a) = &self.audio {
            let _ = a.resume();
        }
    }

    pub(super) fn sound(&self, s: Sound) {
        if self.sound_on {
            if let Some(a) = &self.audio {
                sound::play(a, s);
            }
        }
    }

    pub(super) fn say(&mut self, k: Key, extra: String) {
        self.message = Some(k);
        self.message_extra = extra;
        self.refresh_status();
    }

    pub(super) fn play_human(&mut self, m: Move) {
        self.play(m);
        self.after_move();
    }

    /// Play a move on the referee's game and record its display text.
    pub(super) fn play(&mut self, m: Move) -> bool {
        let before = self.game.board().piece_at(m.from);
        let text = notation::write(self.game.board(), m, self.notation);
        match self.game.play(m) {
            Ok(played) => {
                self.log.push(text.clone());
                self.selected = None;
                self.dests.clear();
                self.hint_for = None;
                self.message = None;
                self.drag = None;
                let after = self.game.board().piece_at(m.to);
                if let (Some(p), Some(a), false) =
                    (before, after, self.reduced_motion || self.anim_ms <= 0.0)
                {
                    self.slide = Some((
                        Slide {
                            from: m.from,
                            to: m.to,
                            piece: p,
                            after: a,
                            t: 0.0,
                        },
                        now(),
                    ));
                    self.animate();
                }
                let s = if self.game.outcome().is_some() {
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
                self.sound(s);
                self.announce_move(&played, &text);
                self.publish_selection();
                true
            }
            Err(e) => {
                warn(&e.to_string());
                false
            }
        }
    }

    pub(super) fn announce_move(&self, p: &crate::rules::Played, text: &str) {
        let w = i18n::words(self.lang);
        let mut s = format!(
            "{}: {text} ({})",
            i18n::color(self.lang, p.piece.color),
            p.mv
        );
        if let Some(r) = p.reveal {
            s.push_str(&format!(", {} {}", w.revealed, i18n::role(self.lang, r)));
        }
        if let Some(c) = p.captured {
            let known = if c.hidden {
                self.game.view(self.seat()).captured[c.color.index()]
                    .last()
                    .and_then(|x| x.role)
            } else {
                Some(c.role)
            };
            let what = known.map_or_else(
                || i18n::t(self.lang, Key::Unknown).to_string(),
                |r| i18n::role(self.lang, r).to_string(),
            );
            s.push_str(&format!(", {} {what}", w.captured));
        }
        if self.game.board().in_check() {
            s.push_str(&format!(". {}", self.t(Key::Check)));
        }
        if let Some(o) = self.game.outcome() {
            s.push_str(&format!(". {}", self.outcome_text(o)));
        }
        a11y::announce(&self.doc, &s);
        if self.embed {
            let public = movetext::write(p, false);
            let ply = self.game.ply() as u32;
            embed::post(
                &self.origins,
                "move",
                &[
                    ("ply", ply.into()),
                    ("move", public.into()),
                    ("notation", text.into()),
                    ("color", p.piece.color.name().into()),
                ],
            );
            if let Some(o) = self.game.outcome() {
                self.post_gameover(o);
            }
        }
    }

    pub(super) fn post_gameover(&self, o: Outcome) {
        let winner: JsValue = o.winner.map_or(JsValue::NULL, |c| c.name().into());
        embed::post(
            &self.origins,
            "gameover",
            &[("winner", winner), ("reason", o.reason.text().into())],
        );
    }

    /// Tell the parent page how tall the game wants to be.
    pub(super) fn post_height(&self) {
        if self.embed {
            if let Some(e) = self.doc.document_element() {
                embed::post(
                    &self.origins,
                    "height",
                    &[("height", e.scroll_height().into())],
                );
            }
        }
    }

    pub(super) fn animate(&self) {
        let cb = Closure::once_into_js(move || {
            with_app(|a| {
                let done = a
                    .slide
                    .is_some_and(|(s, t0)| now() - t0 >= a.anim_ms * s.span());
                if done {
                    a.slide = None;
                }
                a.redraw();
                if a.slide.is_some() {
                    a.animate();
                }
            })
        });
        if let Some(w) = web_sys::window() {
            let _ = w.request_animation_frame(cb.unchecked_ref());
        }
    }

    pub(super) fn after_move(&mut self) {
        self.save();
        self.refresh_panels();
        self.redraw();
        if let Some(o) = self.game.outcome() {
            self.show_result(o);
            return;
        }
        self.maybe_ask_ai();
    }

    // ---- game flow ----

    pub(super) fn undo(&mut self) {
        self.waiting = 0; // a search in flight is cancelled: its answer will be ignored
        self.hint_for = None;
        let mut undone = 0;
        match self.opponent {
            None => {
                if self.game.undo().is_some() {
                    undone = 1;
                }
            }
            Some(_) => {
                // Back to the player's previous turn.
                while let Some(p) = self.game.undo() {
                    undone += 1;
                    if p.piece.color == self.human {
                        break;
                    }
                }
            }
        }
        self.log.truncate(self.game.ply());
        self.selected = None;
        self.dests.clear();
        self.slide = None;
        self.review = None;
        self.message = (undone == 0).then_some(Key::NothingToUndo);
        self.message_extra.clear();
        self.publish_selection();
        self.save();
        self.refresh_panels();
        self.redraw();
        self.maybe_ask_ai();
    }

    pub(super) fn resign(&mut self) {
        if self.game.outcome().is_some() {
            return;
        }
        let loser = if self.opponent.is_some() {
            self.human
        } else {
            self.game.turn()
        };
        self.game.resign(loser);
        self.waiting = 0;
        self.sound(Sound::End);
        self.save();
        self.refresh_panels();
        self.redraw();
        if let Some(o) = self.game.outcome() {
            if self.embed {
                self.post_gameover(o);
            }
            self.show_result(o);
        }
    }

    pub(super) fn hint(&mut self) {
        if !self.human_to_move() || !self.worker_ready || self.review.is_some() {
            return;
        }
        let c = self.game.turn();
        self.ask(Level::Hard, c);
        self.hint_for = Some(self.waiting);
        self.say(Key::LookingForHint, String::new());
    }

    pub(super) fn open_new_dialog(&mut self) {
        set_select(&self.doc, "opt-rules", self.game.rules().id());
        set_select(
            &self.doc,
            "opt-opponent",
            self.opponent.map_or("human", |l| l.id()),
        );
        if let Some(d) = dialog(&self.doc, "dlg-new") {
            let _ = d.show_modal();
        }
    }

    pub(super) fn new_dialog_closed(&mut self) {
        let Some(d) = dialog(&self.doc, "dlg-new") else {
            return;
        };
        if d.return_value() != "start" {
            return;
        }
        let rules = RuleSet::from_id(&select_value(&self.doc, "opt-rules")).unwrap_or_default();
        let opponent = Level::from_id(&select_value(&self.doc, "opt-opponent"));
        let human = match select_value(&self.doc, "opt-side").as_str() {
            "black" => Color::Black,
            "random" if js_sys::Math::random() < 0.5 => Color::Black,
            _ => Color::Red,
        };
        self.new_game(rules, opponent, human);
    }

    pub(super) fn new_game(&mut self, rules: RuleSet, opponent: Option<Level>, human: Color) {
        let game = match Game::new(rules) {
            Ok(g) => g,
            // The current game stays; the status line says why.
            Err(e) => return refuse_to_start(&self.doc, &e),
        };
        self.waiting = 0;
        self.hint_for = None;
        self.game = game;
        self.opponent = opponent;
        self.human = human;
        self.log.clear();
        self.selected = None;
        self.dests.clear();
        self.slide = None;
        self.review = None;
        self.message = None;
        self.message_extra.clear();
        self.peek = None;
        self.publish_selection();
        self.save();
        self.resize();
        self.refresh_panels();
        self.maybe_ask_ai();
    }

    pub(super) fn review_to(&mut self, k: Option<usize>) {
        self.review = k.filter(|&k| k < self.game.ply());
        self.selected = None;
        self.dests.clear();
        self.publish_selection();
        self.message = None;
        self.refresh_panels();
        self.redraw();
    }

    pub(super) fn review_step(&mut self, d: i64) {
        let cur = self.review.unwrap_or(self.game.ply()) as i64;
        let k = (cur + d).clamp(0, self.game.ply() as i64) as usize;
        self.review_to(Some(k));
    }

    /// Show a private captured identity for a few seconds (two players, one device).
    pub(super) fn peek_at(&mut self, ply: usize) {
        self.peek = Some(ply);
        self.refresh_panels();
        Timeout::new(3_000, move || {
            with_app(|a| {
                if a.peek == Some(ply) {
                    a.peek = None;
                    a.refresh_panels();
                }
            })
        })
        .forget();
    }

    pub(super) fn save(&self) {
        if self.embed {
            return;
        }
        // Against the AI the record is the player's own: a captured identity
        // only the AI learned is left out (`Game::restore` draws it again,
        // consistently with the record), so nothing in storage tells the
        // player more than the board does.
        let moves = match self.opponent {
            Some(_) => self.game.view(self.seat()).moves,
            None => self
                .game
                .history()
                .iter()
                .map(|r| movetext::write(&r.played, true))
                .collect(),
        };
        storage::save_game(&SavedGame::new(
            self.game.rules(),
            self.opponent.map_or(Opponent::Human, Opponent::Ai),
            self.human,
            moves,
        ));
    }
}

/// Show why the page cannot start (in the status line and the console).
fn refuse_to_start(doc: &Document, e: &dyn std::fmt::Display) {
    let text = e.to_string();
    warn(&text);
    if let Some(status) = el(doc, "status") {
        status.set_text_content(Some(&text));
    }
}

/// Resume the saved game, or set an unreadable one aside with a message.
fn restore(app: &mut App) {
    let Some((raw, parsed)) = storage::load_game() else {
        return;
    };
    // Every field is checked; the record may be the player's own (captured
    // identities only the AI learned are missing): `resume` draws those.
    let result = parsed.and_then(|saved| saved.resume().map_err(|e| e.to_string()));
    match result {
        Ok(r) => {
            app.game = r.game;
            app.opponent = r.opponent.level();
            app.human = r.human;
            app.rebuild_log();
        }
        Err(e) => {
            app.message = Some(Key::SavedGameSetAside);
            if storage::set_aside(&raw, &e) {
                warn(&format!("saved game set aside: {e}"));
            } else {
                warn(&format!(
                    "saved game unreadable ({e}), and no room to set it aside"
                ));
            }
        }
    }
}
