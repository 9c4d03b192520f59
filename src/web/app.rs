//! The page: game state, input, panels and the worker client.
//! Input changes state, then `redraw` and `refresh_panels` show it.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    AudioContext, CanvasRenderingContext2d, Document, HtmlCanvasElement, HtmlDialogElement,
    HtmlElement, HtmlInputElement, HtmlSelectElement, MessageEvent, PointerEvent, Worker,
    WorkerOptions, WorkerType,
};

use super::a11y;
use super::embed::{self, Opponent, Theme};
use super::i18n::{self, Key, Lang};
use super::render::{self, Geometry, Labels, Scene, Slide};
use super::sound::{self, Sound};
use super::storage::{self, SavedGame, Settings};
use crate::ai::Level;
use crate::protocol::{FromWorker, ToWorker};
use crate::rules::notation::{self, Notation};
use crate::rules::ruleset::CaptureKnowledge;
use crate::rules::{
    fen, movetext, Color, Game, Move, Outcome, Piece, Position, RuleSet, Seat, Square,
};

/// Drag starts only after this many CSS pixels, so a shaky tap never drags.
const DRAG_SLOP: f64 = 4.0;

struct Drag {
    from: Square,
    x0: f64,
    y0: f64,
    active: bool,
    x: f64,
    y: f64,
}

struct App {
    doc: Document,
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    geom: Geometry,
    game: Game,
    /// `None`: two players on this device.
    opponent: Option<Level>,
    /// The seat the board is shown from (vs the AI: the player's).
    human: Color,
    labels: Labels,
    notation: Notation,
    lang: Lang,
    sound_on: bool,
    anim_ms: f64,
    coords: bool,
    selected: Option<Square>,
    dests: Vec<Square>,
    drag: Option<Drag>,
    /// Display notation of each ply, written before it was played.
    log: Vec<String>,
    /// Reviewing the position after this many plies (`None`: the live game).
    review: Option<usize>,
    worker: Option<Worker>,
    worker_ready: bool,
    /// Id of the request whose answer we wait for (0: none).
    waiting: u32,
    next_id: u32,
    hint_for: Option<u32>,
    slide: Option<(Slide, f64)>,
    reduced_motion: bool,
    message: Option<Key>,
    message_extra: String,
    audio: Option<AudioContext>,
    /// A private captured identity shown on request (ply), in two-player games.
    peek: Option<usize>,
    /// The point that holds the keyboard tab stop.
    focus: Square,
    /// Embedded in another page: no storage, no service worker, messages to the parent.
    embed: bool,
    /// Origins allowed to send messages (embed).
    origins: Vec<String>,
    theme: Theme,
}

thread_local! {
    static APP: RefCell<Option<Rc<RefCell<App>>>> = const { RefCell::new(None) };
}

fn el(doc: &Document, id: &str) -> Option<HtmlElement> {
    doc.get_element_by_id(id)?.dyn_into().ok()
}

fn now() -> f64 {
    js_sys::Date::now()
}

fn warn(text: &str) {
    web_sys::console::warn_1(&text.into());
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
    let mut app = App {
        doc: doc.clone(),
        canvas,
        ctx,
        geom: Geometry::fit(360.0, 400.0, 1.0, false),
        game: Game::new(RuleSet::Jieqi, None),
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
        app.game = Game::new(params.rules.unwrap_or_default(), None);
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

fn install_embed_listener() {
    let Some(win) = web_sys::window() else { return };
    listen(&win, "message", move |e| {
        let Some(m) = e.dyn_ref::<MessageEvent>() else {
            return;
        };
        let origin = m.origin();
        let data = m.data();
        with_app(|a| {
            if !a.origins.contains(&origin) {
                return; // not an origin the embedder allowed: ignored
            }
            if let Some(req) = embed::parse_message(&data) {
                let rules = req.rules.unwrap_or(a.game.rules());
                let opponent = req.opponent.map_or(a.opponent, |o| o.level());
                let human = match req.side {
                    Some(Some(c)) => c,
                    Some(None) if js_sys::Math::random() < 0.5 => Color::Black,
                    Some(None) => Color::Red,
                    None => a.human,
                };
                a.new_game(rules, opponent, human);
            }
        });
    });
}

fn with_app(f: impl FnOnce(&mut App)) {
    APP.with(|a| {
        if let Some(app) = a.borrow().as_ref() {
            if let Ok(mut app) = app.try_borrow_mut() {
                f(&mut app);
            }
        }
    });
}

fn start_worker(app: &Rc<RefCell<App>>) {
    let opts = WorkerOptions::new();
    opts.set_type(WorkerType::Classic);
    let worker = match Worker::new_with_options("./worker_loader.js", &opts) {
        Ok(w) => w,
        Err(e) => {
            web_sys::console::error_2(&"cannot start the AI worker".into(), &e);
            return;
        }
    };
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        match serde_wasm_bindgen::from_value::<FromWorker>(e.data()) {
            Ok(msg) => with_app(|a| a.on_worker(msg)),
            Err(err) => warn(&format!("unexpected worker message: {err}")),
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    app.borrow_mut().worker = Some(worker);
}

fn listen(target: &web_sys::EventTarget, event: &str, f: impl FnMut(web_sys::Event) + 'static) {
    let cb = Closure::<dyn FnMut(web_sys::Event)>::new(f);
    let _ = target.add_event_listener_with_callback(event, cb.as_ref().unchecked_ref());
    cb.forget();
}

fn install_handlers(app: &Rc<RefCell<App>>) {
    let a = app.borrow();
    let canvas = a.canvas.clone();
    let doc = a.doc.clone();
    drop(a);
    let pointer = |e: &web_sys::Event| e.clone().dyn_into::<PointerEvent>().ok();
    listen(&canvas, "pointerdown", move |e| {
        if let Some(p) = pointer(&e) {
            e.prevent_default();
            with_app(|a| a.pointer_down(p.offset_x() as f64, p.offset_y() as f64));
        }
    });
    listen(&canvas, "pointermove", move |e| {
        if let Some(p) = pointer(&e) {
            with_app(|a| a.pointer_move(p.offset_x() as f64, p.offset_y() as f64));
        }
    });
    listen(&canvas, "pointerup", move |e| {
        if let Some(p) = pointer(&e) {
            with_app(|a| a.pointer_up(p.offset_x() as f64, p.offset_y() as f64));
        }
    });
    listen(&canvas, "pointercancel", move |_| {
        with_app(|a| a.drag = None)
    });
    if let Some(win) = web_sys::window() {
        listen(&win, "resize", move |_| with_app(|a| a.resize()));
        listen(&win, "orientationchange", move |_| with_app(|a| a.resize()));
    }
    let click = |id: &str, f: fn(&mut App)| {
        if let Some(b) = el(&doc, id) {
            listen(&b, "click", move |_| with_app(f));
        }
    };
    click("btn-undo", App::undo);
    click("btn-resign", App::resign);
    click("btn-hint", App::hint);
    click("btn-new", App::open_new_dialog);
    click("rv-first", |a| a.review_to(Some(0)));
    click("rv-prev", |a| a.review_step(-1));
    click("rv-next", |a| a.review_step(1));
    click("rv-last", |a| a.review_to(None));
    if let Some(d) = el(&doc, "dlg-new") {
        listen(&d, "close", move |_| with_app(App::new_dialog_closed));
    }
    if let Some(pts) = el(&doc, "points") {
        listen(&pts, "keydown", move |e| {
            let Some(k) = e.clone().dyn_into::<web_sys::KeyboardEvent>().ok() else {
                return;
            };
            let sq = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|t| a11y::square_of(&t));
            let Some(sq) = sq else { return };
            let handled = match k.key().as_str() {
                "ArrowUp" => {
                    with_app(|a| a.move_focus(sq, 0, 1));
                    true
                }
                "ArrowDown" => {
                    with_app(|a| a.move_focus(sq, 0, -1));
                    true
                }
                "ArrowLeft" => {
                    with_app(|a| a.move_focus(sq, -1, 0));
                    true
                }
                "ArrowRight" => {
                    with_app(|a| a.move_focus(sq, 1, 0));
                    true
                }
                "Enter" | " " => {
                    with_app(|a| a.tap_square(Some(sq)));
                    true
                }
                "Escape" => {
                    with_app(|a| a.clear_selection());
                    true
                }
                _ => false,
            };
            if handled {
                e.prevent_default();
            }
        });
        listen(&pts, "focusin", move |e| {
            if let Some(sq) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|t| a11y::square_of(&t))
            {
                with_app(|a| a.focus = sq);
            }
        });
    }
    if let Some(f) = el(&doc, "move-form") {
        listen(&f, "submit", move |e| {
            e.prevent_default();
            with_app(App::typed_move);
        });
    }
    if let Some(b) = el(&doc, "btn-update") {
        listen(&b, "click", move |_| {
            if let Some(w) = web_sys::window() {
                let _ = w.location().reload();
            }
        });
    }
    for id in [
        "set-lang",
        "set-labels",
        "set-notation",
        "set-anim",
        "set-sound",
        "set-coords",
    ] {
        if let Some(s) = el(&doc, id) {
            listen(&s, "change", move |_| with_app(App::settings_changed));
        }
    }
    // Move list and private captures: one delegated listener each.
    if let Some(ol) = el(&doc, "moves") {
        listen(&ol, "click", move |e| {
            let ply = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|t| t.get_attribute("data-ply"));
            if let Some(p) = ply.and_then(|p| p.parse::<usize>().ok()) {
                with_app(|a| a.review_to(Some(p)));
            }
        });
    }
    if let Some(div) = el(&doc, "captured") {
        listen(&div, "click", move |e| {
            let ply = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|t| t.get_attribute("data-peek"));
            if let Some(p) = ply.and_then(|p| p.parse::<usize>().ok()) {
                with_app(|a| a.peek_at(p));
            }
        });
    }
}

fn select_value(doc: &Document, id: &str) -> String {
    doc.get_element_by_id(id)
        .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
        .map(|s| s.value())
        .unwrap_or_default()
}

fn set_select(doc: &Document, id: &str, v: &str) {
    if let Some(s) = doc
        .get_element_by_id(id)
        .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
    {
        s.set_value(v);
    }
}

fn checkbox(doc: &Document, id: &str) -> Option<HtmlInputElement> {
    doc.get_element_by_id(id)
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
}

fn dialog(doc: &Document, id: &str) -> Option<HtmlDialogElement> {
    doc.get_element_by_id(id)
        .and_then(|e| e.dyn_into::<HtmlDialogElement>().ok())
}

impl App {
    fn t(&self, k: Key) -> &'static str {
        i18n::t(self.lang, k)
    }

    fn seat(&self) -> Seat {
        match self.opponent {
            Some(_) => Seat::of(self.human),
            None => Seat::Spectator,
        }
    }

    fn flipped(&self) -> bool {
        self.opponent.is_some() && self.human == Color::Black
    }

    fn human_to_move(&self) -> bool {
        self.game.outcome().is_none() && (self.opponent.is_none() || self.game.turn() == self.human)
    }

    // ---- settings ----

    fn load_settings(&mut self) {
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

    fn show_settings(&self) {
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

    fn settings_changed(&mut self) {
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
            .parse()
            .unwrap_or(self.anim_ms);
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

    /// Put the chosen language's words into every `data-i18n` element.
    fn apply_language(&self) {
        let w = i18n::words(self.lang);
        if let Some(e) = el(&self.doc, "move-label") {
            e.set_text_content(Some(w.type_move));
        }
        if let Some(e) = el(&self.doc, "move-play") {
            e.set_text_content(Some(w.play));
        }
        if let Some(e) = el(&self.doc, "btn-update") {
            e.set_text_content(Some(w.update));
        }
        if let Some(root) = self.doc.document_element() {
            let _ = root.set_attribute("lang", self.lang.id());
        }
        if let Ok(list) = self.doc.query_selector_all("[data-i18n]") {
            for i in 0..list.length() {
                let Some(e) = list
                    .item(i)
                    .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
                else {
                    continue;
                };
                if let Some(k) = e
                    .get_attribute("data-i18n")
                    .and_then(|n| i18n::key_from_name(&n))
                {
                    e.set_text_content(Some(self.t(k)));
                }
            }
        }
    }

    /// Display text of every ply, in the current notation.
    fn rebuild_log(&mut self) {
        let mut log = Vec::with_capacity(self.game.ply());
        for (i, r) in self.game.history().iter().enumerate() {
            let before = self.game.position_at(i);
            log.push(notation::write(&before, r.played.mv, self.notation));
        }
        self.log = log;
    }

    // ---- board ----

    fn resize(&mut self) {
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
        let _ = st.set_property("width", &format!("{}px", g.css_w));
        let _ = st.set_property("height", &format!("{}px", g.css_h));
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

    fn shown(&self) -> Position {
        match self.review {
            Some(k) => self.game.position_at(k),
            None => self.game.board().clone(),
        }
    }

    fn redraw(&self) {
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

    fn resume_audio(&mut self) {
        if self.audio.is_none() {
            self.audio = AudioContext::new().ok();
        }
        if let Some(a) = &self.audio {
            let _ = a.resume();
        }
    }

    fn sound(&self, s: Sound) {
        if self.sound_on {
            if let Some(a) = &self.audio {
                sound::play(a, s);
            }
        }
    }

    fn pointer_down(&mut self, x: f64, y: f64) {
        self.resume_audio();
        let before = self.selected;
        self.tap(x, y);
        // A drag may start from the piece now selected.
        if let Some(sq) = self
            .selected
            .filter(|s| Some(*s) != before || self.geom.square_at(x, y) == Some(*s))
        {
            self.drag = Some(Drag {
                from: sq,
                x0: x,
                y0: y,
                active: false,
                x,
                y,
            });
        }
    }

    fn pointer_move(&mut self, x: f64, y: f64) {
        let Some(d) = self.drag.as_mut() else { return };
        if !d.active && ((x - d.x0).powi(2) + (y - d.y0).powi(2)).sqrt() > DRAG_SLOP {
            d.active = true;
        }
        if d.active {
            d.x = x;
            d.y = y;
            self.redraw();
        }
    }

    fn pointer_up(&mut self, x: f64, y: f64) {
        let Some(d) = self.drag.take() else { return };
        if !d.active {
            return;
        }
        match self.geom.square_at(x, y) {
            Some(to) if self.dests.contains(&to) && self.selected == Some(d.from) => {
                self.play_human(Move::new(d.from, to))
            }
            _ => self.redraw(),
        }
    }

    fn tap(&mut self, css_x: f64, css_y: f64) {
        let sq = self.geom.square_at(css_x, css_y);
        self.tap_square(sq);
    }

    /// What a tap, click, Enter or Space on a point means.
    fn tap_square(&mut self, sq: Option<Square>) {
        if self.review.is_some() {
            self.say(Key::BackToGame, String::new());
            return;
        }
        let Some(sq) = sq else {
            self.clear_selection();
            return;
        };
        self.focus = sq;
        if !self.human_to_move() {
            return;
        }
        if let Some(from) = self.selected {
            if self.dests.contains(&sq) {
                self.play_human(Move::new(from, sq));
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
                    .legal_moves()
                    .iter()
                    .filter(|m| m.from == sq)
                    .map(|m| m.to)
                    .collect();
            }
            _ => {
                self.selected = None;
                self.dests.clear();
            }
        }
        self.publish_selection();
        self.redraw();
    }

    fn clear_selection(&mut self) {
        self.selected = None;
        self.dests.clear();
        self.publish_selection();
        self.redraw();
    }

    /// Mirror the selection into data attributes and the accessible points.
    fn publish_selection(&self) {
        let sel = self.selected.map(|s| s.to_string()).unwrap_or_default();
        let dests: Vec<String> = self.dests.iter().map(|d| d.to_string()).collect();
        let _ = self.canvas.set_attribute("data-selected", &sel);
        let _ = self.canvas.set_attribute("data-dests", &dests.join(" "));
        let live = self.review.is_none();
        a11y::update(
            &self.doc,
            &self.shown(),
            self.selected.filter(|_| live),
            if live { &self.dests } else { &[] },
            self.lang,
            self.focus,
        );
    }

    /// Arrow keys: move the focus as the board is seen (flipped for Black).
    fn move_focus(&mut self, from: Square, dx: i32, dy: i32) {
        let (dx, dy) = if self.flipped() { (-dx, -dy) } else { (dx, dy) };
        if let Some(sq) = Square::try_new(from.file() as i32 + dx, from.rank() as i32 + dy) {
            self.focus = sq;
            self.publish_selection();
            a11y::focus(&self.doc, sq);
        }
    }

    /// A move typed as coordinates (h2e2) or in any display notation (C2.5, 炮二平五, P2-5).
    fn typed_move(&mut self) {
        let Some(input) = self
            .doc
            .get_element_by_id("move-input")
            .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        else {
            return;
        };
        let text: String = input.value().split_whitespace().collect();
        if text.is_empty() {
            return;
        }
        let legal = self.game.legal_moves();
        let pos = self.game.board();
        let found = movetext::parse(&text)
            .ok()
            .map(|t| t.mv)
            .filter(|m| legal.contains(m))
            .or_else(|| {
                let norm = |t: &str| t.to_lowercase().replace('=', ".");
                legal.iter().copied().find(|&m| {
                    [Notation::Wxf, Notation::Chinese, Notation::Vietnamese]
                        .iter()
                        .any(|&n| norm(&notation::write(pos, m, n)) == norm(&text))
                })
            });
        match found {
            Some(m) if self.human_to_move() && self.review.is_none() => {
                input.set_value("");
                self.play_human(m);
            }
            _ => a11y::announce(&self.doc, i18n::words(self.lang).bad_move),
        }
    }

    fn say(&mut self, k: Key, extra: String) {
        self.message = Some(k);
        self.message_extra = extra;
        self.refresh_status();
    }

    fn play_human(&mut self, m: Move) {
        self.play(m);
        self.after_move();
    }

    /// Play a move on the referee's game and record its display text.
    fn play(&mut self, m: Move) -> bool {
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

    fn announce_move(&self, p: &crate::rules::Played, text: &str) {
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

    fn post_gameover(&self, o: Outcome) {
        let winner: JsValue = o.winner.map_or(JsValue::NULL, |c| c.name().into());
        embed::post(
            &self.origins,
            "gameover",
            &[("winner", winner), ("reason", o.reason.text().into())],
        );
    }

    /// Tell the parent page how tall the game wants to be.
    fn post_height(&self) {
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

    fn animate(&self) {
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

    fn after_move(&mut self) {
        self.save();
        self.refresh_panels();
        self.redraw();
        if let Some(o) = self.game.outcome() {
            self.show_result(o);
            return;
        }
        self.maybe_ask_ai();
    }

    fn maybe_ask_ai(&mut self) {
        if let Some(level) = self.opponent {
            if self.game.turn() != self.human && self.game.outcome().is_none() {
                self.ask(level, self.human.other());
            }
        }
    }

    /// Send `c`'s view to the worker: only what that seat knows.
    fn ask(&mut self, level: Level, c: Color) {
        let Some(w) = self.worker.as_ref() else {
            return;
        };
        if !self.worker_ready {
            return; // asked again when the worker says it is ready
        }
        let view = self.game.view(Seat::of(c));
        let id = self.next_id;
        self.next_id += 1;
        self.waiting = id;
        let msg = ToWorker::Think {
            id,
            fen: fen::write(&view.position),
            rules: self.game.rules(),
            recent: view.recent.iter().map(|k| format!("{k:x}")).collect(),
            level,
            seed: (js_sys::Math::random() * u32::MAX as f64) as u32,
        };
        if let Ok(v) = serde_wasm_bindgen::to_value(&msg) {
            let _ = w.post_message(&v);
        }
        self.refresh_status();
    }

    fn on_worker(&mut self, msg: FromWorker) {
        match msg {
            FromWorker::Ready => {
                self.worker_ready = true;
                let _ = self
                    .doc
                    .body()
                    .map(|b| b.set_attribute("data-worker", "ready"));
                if self.embed {
                    embed::post(
                        &self.origins,
                        "ready",
                        &[("rules", self.game.rules().id().into())],
                    );
                }
                self.refresh_status();
                self.maybe_ask_ai();
            }
            FromWorker::Progress { id, depth, score } => {
                if id == self.waiting && self.hint_for.is_none() {
                    self.message_extra = format!(" · d{depth} {score:+}");
                    self.refresh_status();
                }
            }
            FromWorker::BestMove { id, mv } => {
                if id != self.waiting {
                    return; // a stale answer (new game, undo): never played
                }
                self.waiting = 0;
                self.message = None;
                self.message_extra.clear();
                let m = mv.and_then(|t| movetext::parse(&t).ok()).map(|t| t.mv);
                if self.hint_for == Some(id) {
                    self.hint_for = None;
                    if let Some(m) = m.filter(|m| self.game.legal_moves().contains(m)) {
                        self.selected = Some(m.from);
                        self.dests = vec![m.to];
                        let text = notation::write(self.game.board(), m, self.notation);
                        self.say(Key::HintIs, format!(" {text}"));
                        self.publish_selection();
                    }
                    self.refresh_status();
                    self.redraw();
                    return;
                }
                let legal = self.game.legal_moves();
                let m = m
                    .filter(|m| legal.contains(m))
                    .or_else(|| legal.as_slice().first().copied());
                if let Some(m) = m {
                    self.play(m);
                    self.after_move();
                }
            }
            FromWorker::Error { message, .. } => {
                web_sys::console::error_1(&format!("AI: {message}").into());
                self.waiting = 0;
            }
        }
    }

    // ---- game flow ----

    fn undo(&mut self) {
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

    fn resign(&mut self) {
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

    fn hint(&mut self) {
        if !self.human_to_move() || !self.worker_ready || self.review.is_some() {
            return;
        }
        let c = self.game.turn();
        self.ask(Level::Hard, c);
        self.hint_for = Some(self.waiting);
        self.say(Key::LookingForHint, String::new());
    }

    fn open_new_dialog(&mut self) {
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

    fn new_dialog_closed(&mut self) {
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

    fn new_game(&mut self, rules: RuleSet, opponent: Option<Level>, human: Color) {
        self.waiting = 0;
        self.hint_for = None;
        self.game = Game::new(rules, None);
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

    fn review_to(&mut self, k: Option<usize>) {
        self.review = k.filter(|&k| k < self.game.ply());
        self.selected = None;
        self.dests.clear();
        self.publish_selection();
        self.message = None;
        self.refresh_panels();
        self.redraw();
    }

    fn review_step(&mut self, d: i64) {
        let cur = self.review.unwrap_or(self.game.ply()) as i64;
        let k = (cur + d).clamp(0, self.game.ply() as i64) as usize;
        self.review_to(Some(k));
    }

    /// Show a private captured identity for a few seconds (two players, one device).
    fn peek_at(&mut self, ply: usize) {
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

    fn save(&self) {
        if self.embed {
            return;
        }
        // Against the AI the record is the player's own: a captured identity
        // only the AI learned is left out (it is drawn afresh on resume), so
        // nothing in storage tells the player more than the board does.
        let moves = match self.opponent {
            Some(_) => self.game.view(self.seat()).moves,
            None => self
                .game
                .history()
                .iter()
                .map(|r| movetext::write(&r.played, true))
                .collect(),
        };
        storage::save_game(&SavedGame {
            version: 1,
            rules: self.game.rules().id().into(),
            opponent: self.opponent.map_or("human", |l| l.id()).into(),
            human: self.human.name().into(),
            moves,
        });
    }

    fn outcome_text(&self, o: Outcome) -> String {
        let reason = i18n::reason(self.lang, o.reason);
        match o.winner {
            Some(c) => format!(
                "{} {} · {}",
                i18n::color(self.lang, c),
                self.t(Key::Wins),
                reason
            ),
            None => format!("{} · {}", self.t(Key::Draw), reason),
        }
    }

    fn show_result(&self, o: Outcome) {
        if let Some(p) = el(&self.doc, "result-text") {
            p.set_text_content(Some(&self.outcome_text(o)));
            let _ = p.set_attribute("data-winner", o.winner.map_or("none", |c| c.name()));
            let _ = p.set_attribute("data-reason", o.reason.text());
        }
        // Captured face-down identities the rules now disclose to this seat.
        let view = self.game.view(self.seat());
        let disclosed: Vec<String> = view
            .captured
            .iter()
            .flatten()
            .filter(|c| c.was_hidden)
            .map(|c| match c.role {
                Some(r) => self.label(c.color, r).to_string(),
                None => format!("? ({})", self.t(Key::Unknown)),
            })
            .collect();
        if let Some(p) = el(&self.doc, "result-detail") {
            let t = if disclosed.is_empty() {
                String::new()
            } else {
                format!("{} {}", self.t(Key::CapturedFaceDown), disclosed.join(" "))
            };
            p.set_text_content(Some(&t));
        }
        if let Some(d) = dialog(&self.doc, "dlg-result") {
            if !d.open() {
                let _ = d.show_modal();
            }
        }
    }

    fn label(&self, c: Color, r: crate::rules::Role) -> &'static str {
        notation::role_label(
            r,
            c,
            self.labels == Labels::Chinese,
            self.labels == Labels::Vietnamese,
        )
    }

    fn refresh_status(&self) {
        let Some(s) = el(&self.doc, "status") else {
            return;
        };
        let turn = self.game.turn();
        let text = if let Some(k) = self.review {
            format!(
                "{} {}/{} — {}",
                self.t(Key::Reviewing),
                k,
                self.game.ply(),
                self.t(Key::BackToGame)
            )
        } else if let Some(o) = self.game.outcome() {
            self.outcome_text(o)
        } else if let Some(m) = self.message {
            format!("{}{}", self.t(m), self.message_extra)
        } else if self.waiting != 0 {
            format!("{}{}", self.t(Key::Thinking), self.message_extra)
        } else if !self.worker_ready && self.opponent.is_some() {
            self.t(Key::StartingAi).to_string()
        } else {
            let who = match (self.opponent, turn) {
                (Some(_), c) if c == self.human => self.t(Key::YourMove),
                (Some(_), _) => self.t(Key::AiToMove),
                (None, Color::Red) => self.t(Key::RedToMove),
                (None, Color::Black) => self.t(Key::BlackToMove),
            };
            let check = if self.game.board().in_check() {
                format!(" · {}", self.t(Key::Check))
            } else {
                String::new()
            };
            match self.opponent {
                Some(_) => format!("{who} ({}){check}", i18n::color(self.lang, turn)),
                None => format!("{who}{check}"),
            }
        };
        s.set_text_content(Some(&text));
        let _ = s.set_attribute("data-thinking", if self.waiting != 0 { "1" } else { "0" });
        let _ = s.set_attribute("data-turn", turn.name());
        let _ = s.set_attribute(
            "data-ready",
            if self.worker_ready || self.opponent.is_none() {
                "1"
            } else {
                "0"
            },
        );
    }

    fn refresh_panels(&self) {
        self.refresh_status();
        self.publish_selection();
        let doc = &self.doc;
        // Move list: one row per move pair, each ply a button to review it.
        if let Some(ol) = el(doc, "moves") {
            ol.set_text_content(None);
            let current = self.review.unwrap_or(self.game.ply());
            for (row, pair) in self.log.chunks(2).enumerate() {
                let Ok(li) = doc.create_element("li") else {
                    continue;
                };
                for (j, m) in pair.iter().enumerate() {
                    let ply = row * 2 + j + 1;
                    if let Ok(b) = doc.create_element("button") {
                        b.set_class_name("mv");
                        b.set_text_content(Some(m));
                        let _ = b.set_attribute("type", "button");
                        let _ = b.set_attribute("data-ply", &ply.to_string());
                        if ply == current && self.review.is_some() {
                            let _ = b.set_attribute("aria-current", "true");
                        }
                        let _ = li.append_child(&b);
                    }
                }
                let _ = ol.append_child(&li);
            }
            if self.review.is_none() {
                ol.set_scroll_top(ol.scroll_height());
            }
        }
        let view = self.game.view(self.seat());
        if let Some(div) = el(doc, "pools") {
            div.set_text_content(None);
            for c in [Color::Red, Color::Black] {
                let hidden = view.position.hidden_count(c);
                let pool = view.position.pool(c);
                let total = pool.total().max(1) as f64;
                let parts: Vec<String> = pool
                    .entries()
                    .map(|(r, n)| format!("{} {:.0}%", self.label(c, r), n as f64 / total * 100.0))
                    .collect();
                let line = format!(
                    "{} · {}: {}",
                    i18n::color(self.lang, c),
                    hidden,
                    if hidden == 0 {
                        "—".into()
                    } else {
                        parts.join("  ")
                    }
                );
                if let Ok(d) = doc.create_element("div") {
                    d.set_class_name("pool-row");
                    d.set_text_content(Some(&line));
                    let _ = div.append_child(&d);
                }
            }
        }
        if let Some(div) = el(doc, "captured") {
            div.set_text_content(None);
            // Two players share this device: what only the capturer may know
            // stays behind a cover until that player taps it.
            let private = self.opponent.is_none()
                && match self.game.rules().capture_knowledge() {
                    CaptureKnowledge::Nobody => false,
                    CaptureKnowledge::CapturerOnly => true,
                    CaptureKnowledge::CapturerThenAll => self.game.outcome().is_none(),
                };
            for c in [Color::Red, Color::Black] {
                let Ok(d) = doc.create_element("div") else {
                    continue;
                };
                d.set_class_name("pool-row");
                let _ = d.append_child(
                    &doc.create_text_node(&format!("{}: ", i18n::color(self.lang, c))),
                );
                let list = &view.captured[c.index()];
                if list.is_empty() {
                    let _ = d.append_child(&doc.create_text_node("—"));
                }
                for x in list {
                    let truth = self.game.history()[x.ply].played.capture_id;
                    if private && x.was_hidden && truth.is_some() {
                        let capturer = c.other();
                        let Ok(b) = doc.create_element("button") else {
                            continue;
                        };
                        b.set_class_name("private");
                        let _ = b.set_attribute("type", "button");
                        let _ = b.set_attribute("data-peek", &x.ply.to_string());
                        let text = match (self.peek == Some(x.ply), truth) {
                            (true, Some(r)) => self.label(c, r).to_string(),
                            _ => format!(
                                "🔒 {} {} · {}",
                                i18n::color(self.lang, capturer),
                                self.t(Key::EyesOnly),
                                self.t(Key::TapToSee)
                            ),
                        };
                        b.set_text_content(Some(&text));
                        let _ = d.append_child(&b);
                    } else {
                        let text = x.role.map_or("?", |r| self.label(c, r));
                        let _ = d.append_child(&doc.create_text_node(&format!("{text} ")));
                    }
                }
                let _ = div.append_child(&d);
            }
        }
    }
}

/// Resume the saved game, or set an unreadable one aside with a message.
fn restore(app: &mut App) {
    let Some((raw, parsed)) = storage::load_game() else {
        return;
    };
    let result = parsed.and_then(|saved| {
        let rules = RuleSet::from_id(&saved.rules).ok_or("unknown rules")?;
        let mut game = Game::new(rules, None);
        for t in &saved.moves {
            let (m, reveal, cap) = movetext::resolve(game.board(), t).map_err(|e| e.to_string())?;
            game.replay(m, reveal, cap).map_err(|e| e.to_string())?;
        }
        Ok((saved, game))
    });
    match result {
        Ok((saved, game)) => {
            app.game = game;
            app.opponent = Level::from_id(&saved.opponent);
            app.human = if saved.human == "black" {
                Color::Black
            } else {
                Color::Red
            };
            app.rebuild_log();
        }
        Err(e) => {
            storage::set_aside(&raw);
            app.message = Some(Key::SavedGameSetAside);
            warn(&format!("saved game set aside: {e}"));
        }
    }
}
