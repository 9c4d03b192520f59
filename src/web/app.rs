//! The page: game state, input, panels and the worker client.
//! Input changes state, then `redraw` and `refresh_panels` show it.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Document, HtmlCanvasElement, HtmlDialogElement, HtmlElement, HtmlSelectElement, MessageEvent, PointerEvent, Worker, WorkerOptions, WorkerType};

use super::render::{self, Geometry, Labels, Scene, Slide};
use super::storage::{self, SavedGame};
use crate::ai::Level;
use crate::protocol::{FromWorker, ToWorker};
use crate::rules::notation::{self, Notation};
use crate::rules::{fen, movetext, Color, Game, Move, Piece, Role, RuleSet, Seat, Square};

const SLIDE_MS: f64 = 180.0;

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
    selected: Option<Square>,
    dests: Vec<Square>,
    /// Display notation of each ply, written before it was played.
    log: Vec<String>,
    worker: Option<Worker>,
    worker_ready: bool,
    /// Id of the request whose answer we wait for (0: none).
    waiting: u32,
    next_id: u32,
    hint_for: Option<u32>,
    slide: Option<(Slide, f64)>,
    reduced_motion: bool,
    message: Option<String>,
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

pub fn start() {
    console_error_panic_hook::set_once();
    let Some(win) = web_sys::window() else { return };
    let Some(doc) = win.document() else { return };
    let Some(canvas) = doc.get_element_by_id("board").and_then(|e| e.dyn_into::<HtmlCanvasElement>().ok()) else { return };
    let Some(ctx) = canvas.get_context("2d").ok().flatten().and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok()) else { return };
    let reduced_motion = win.match_media("(prefers-reduced-motion: reduce)").ok().flatten().is_some_and(|m| m.matches());
    let app = App {
        doc: doc.clone(),
        canvas,
        ctx,
        geom: Geometry::fit(360.0, 400.0, 1.0, false),
        game: Game::new(RuleSet::Jieqi, None),
        opponent: Some(Level::Medium),
        human: Color::Red,
        labels: Labels::Chinese,
        notation: Notation::Wxf,
        selected: None,
        dests: Vec::new(),
        log: Vec::new(),
        worker: None,
        worker_ready: false,
        waiting: 0,
        next_id: 1,
        hint_for: None,
        slide: None,
        reduced_motion,
        message: None,
    };
    let app = Rc::new(RefCell::new(app));
    APP.with(|a| *a.borrow_mut() = Some(app.clone()));
    restore(&mut app.borrow_mut());
    start_worker(&app);
    install_handlers(&app);
    {
        let mut a = app.borrow_mut();
        a.resize();
        a.refresh_panels();
    }
}

fn with_app(f: impl FnOnce(&mut App)) {
    APP.with(|a| {
        if let Some(app) = a.borrow().as_ref() {
            f(&mut app.borrow_mut());
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
        let msg: FromWorker = match serde_wasm_bindgen::from_value(e.data()) {
            Ok(m) => m,
            Err(err) => {
                web_sys::console::warn_1(&format!("unexpected worker message: {err}").into());
                return;
            }
        };
        with_app(|a| a.on_worker(msg));
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    app.borrow_mut().worker = Some(worker);
}

fn install_handlers(app: &Rc<RefCell<App>>) {
    let a = app.borrow();
    let canvas = a.canvas.clone();
    let doc = a.doc.clone();
    drop(a);
    let down = Closure::<dyn FnMut(PointerEvent)>::new(move |e: PointerEvent| {
        e.prevent_default();
        let (x, y) = (e.offset_x() as f64, e.offset_y() as f64);
        with_app(|a| a.tap(x, y));
    });
    let _ = canvas.add_event_listener_with_callback("pointerdown", down.as_ref().unchecked_ref());
    down.forget();

    let resize = Closure::<dyn FnMut()>::new(move || with_app(|a| a.resize()));
    if let Some(win) = web_sys::window() {
        let _ = win.add_event_listener_with_callback("resize", resize.as_ref().unchecked_ref());
        let _ = win.add_event_listener_with_callback("orientationchange", resize.as_ref().unchecked_ref());
    }
    resize.forget();

    let click = |id: &str, f: fn(&mut App)| {
        if let Some(b) = el(&doc, id) {
            let cb = Closure::<dyn FnMut()>::new(move || with_app(f));
            let _ = b.add_event_listener_with_callback("click", cb.as_ref().unchecked_ref());
            cb.forget();
        }
    };
    click("btn-undo", App::undo);
    click("btn-resign", App::resign);
    click("btn-hint", App::hint);
    click("btn-new", App::open_new_dialog);
    if let Some(d) = el(&doc, "dlg-new") {
        let cb = Closure::<dyn FnMut()>::new(move || with_app(App::new_dialog_closed));
        let _ = d.add_event_listener_with_callback("close", cb.as_ref().unchecked_ref());
        cb.forget();
    }
}

fn select_value(doc: &Document, id: &str) -> String {
    doc.get_element_by_id(id).and_then(|e| e.dyn_into::<HtmlSelectElement>().ok()).map(|s| s.value()).unwrap_or_default()
}

fn set_select(doc: &Document, id: &str, v: &str) {
    if let Some(s) = doc.get_element_by_id(id).and_then(|e| e.dyn_into::<HtmlSelectElement>().ok()) {
        s.set_value(v);
    }
}

fn color_id(c: Color) -> &'static str {
    c.name()
}

fn role_name(r: Role) -> &'static str {
    r.name()
}

impl App {
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

    fn resize(&mut self) {
        let Some(win) = web_sys::window() else { return };
        let dpr = win.device_pixel_ratio();
        let wrap = el(&self.doc, "board-wrap");
        let vw = win.inner_width().ok().and_then(|v| v.as_f64()).unwrap_or(360.0);
        let vh = win.inner_height().ok().and_then(|v| v.as_f64()).unwrap_or(640.0);
        let avail_w = wrap.as_ref().map(|w| w.client_width() as f64).filter(|w| *w > 0.0).unwrap_or(vw);
        // Phones: the board takes the width, leaving room for the bar and buttons.
        let avail_h = if vw >= 900.0 { vh - 140.0 } else { (vh - 170.0).max(avail_w * 1.1) };
        self.geom = Geometry::fit(avail_w, avail_h, dpr, self.flipped());
        let g = self.geom;
        self.canvas.set_width((g.css_w * g.dpr) as u32);
        self.canvas.set_height((g.css_h * g.dpr) as u32);
        let st = self.canvas.style();
        let _ = st.set_property("width", &format!("{}px", g.css_w));
        let _ = st.set_property("height", &format!("{}px", g.css_h));
        // CSS-pixel geometry for tests and tools: left, top, cell, flipped.
        let geom = format!("{},{},{},{}", g.ox / g.dpr, g.oy / g.dpr, g.cell / g.dpr, g.flipped as u8);
        let _ = self.canvas.set_attribute("data-geom", &geom);
        self.redraw();
    }

    fn redraw(&self) {
        let pieces: Vec<(Square, Piece)> = self.game.board().pieces().collect();
        let last = self.game.history().last().map(|r| (r.played.mv.from, r.played.mv.to));
        let turn = self.game.turn();
        let check = (self.game.board().in_check()).then(|| self.game.board().general(turn));
        let slide = self.slide.map(|(s, t0)| Slide { t: ((now() - t0) / SLIDE_MS).min(1.0), ..s });
        let dark = web_sys::window()
            .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
            .is_some_and(|m| m.matches());
        let scene = Scene {
            pieces: &pieces,
            selected: self.selected,
            dests: &self.dests,
            last,
            check,
            labels: self.labels,
            coordinates: true,
            slide,
            dark,
        };
        render::draw(&self.ctx, &self.geom, &scene);
        let _ = self.canvas.set_attribute("data-pieces", &pieces.len().to_string());
    }

    fn tap(&mut self, css_x: f64, css_y: f64) {
        let Some(sq) = self.geom.square_at(css_x, css_y) else {
            self.clear_selection();
            return;
        };
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
                self.dests = self.game.legal_moves().iter().filter(|m| m.from == sq).map(|m| m.to).collect();
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

    /// Mirror the selection into data attributes (tests and assistive tech read them).
    fn publish_selection(&self) {
        let sel = self.selected.map(|s| s.to_string()).unwrap_or_default();
        let dests: Vec<String> = self.dests.iter().map(|d| d.to_string()).collect();
        let _ = self.canvas.set_attribute("data-selected", &sel);
        let _ = self.canvas.set_attribute("data-dests", &dests.join(" "));
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
            Ok(_) => {
                self.log.push(text);
                self.selected = None;
                self.dests.clear();
                self.hint_for = None;
                self.message = None;
                if let (Some(p), false) = (before, self.reduced_motion) {
                    self.slide = Some((Slide { from: m.from, to: m.to, piece: p, t: 0.0 }, now()));
                    self.animate();
                }
                self.publish_selection();
                true
            }
            Err(e) => {
                web_sys::console::warn_1(&e.to_string().into());
                false
            }
        }
    }

    fn animate(&self) {
        let cb = Closure::once_into_js(move || {
            with_app(|a| {
                let done = a.slide.is_some_and(|(_, t0)| now() - t0 >= SLIDE_MS);
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
            self.show_result(&o.to_string());
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

    /// Send `seat`'s view to the worker.
    fn ask(&mut self, level: Level, c: Color) {
        let Some(w) = self.worker.as_ref() else { return };
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
                let _ = self.doc.body().map(|b| b.set_attribute("data-worker", "ready"));
                self.refresh_status();
                self.maybe_ask_ai();
            }
            FromWorker::Progress { id, depth, score } => {
                if id == self.waiting && self.hint_for.is_none() {
                    self.message = Some(format!("Thinking… depth {depth}, {score:+} "));
                    self.refresh_status();
                }
            }
            FromWorker::BestMove { id, mv } => {
                if id != self.waiting {
                    return; // a stale answer (new game, undo): never played
                }
                self.waiting = 0;
                self.message = None;
                let m = mv.and_then(|t| movetext::parse(&t).ok()).map(|t| t.mv);
                if self.hint_for == Some(id) {
                    self.hint_for = None;
                    if let Some(m) = m {
                        self.selected = Some(m.from);
                        self.dests = vec![m.to];
                        self.message = Some(format!("Hint: {}", notation::write(self.game.board(), m, self.notation)));
                        self.publish_selection();
                    }
                    self.refresh_status();
                    self.redraw();
                    return;
                }
                let legal = self.game.legal_moves();
                let m = m.filter(|m| legal.contains(m)).or_else(|| legal.as_slice().first().copied());
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

    fn undo(&mut self) {
        if self.waiting != 0 {
            self.waiting = 0; // cancel: the answer will be ignored
        }
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
        self.message = if undone == 0 { Some("Nothing to undo".into()) } else { None };
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
        let loser = if self.opponent.is_some() { self.human } else { self.game.turn() };
        self.game.resign(loser);
        self.waiting = 0;
        self.save();
        self.refresh_panels();
        self.redraw();
        if let Some(o) = self.game.outcome() {
            self.show_result(&o.to_string());
        }
    }

    fn hint(&mut self) {
        if !self.human_to_move() || !self.worker_ready {
            return;
        }
        let c = self.game.turn();
        self.ask(Level::Hard, c);
        self.hint_for = Some(self.waiting);
        self.message = Some("Looking for a hint…".into());
        self.refresh_status();
    }

    fn open_new_dialog(&mut self) {
        set_select(&self.doc, "opt-rules", self.game.rules().id());
        set_select(&self.doc, "opt-opponent", self.opponent.map_or("human", |l| l.id()));
        set_select(&self.doc, "opt-labels", self.labels.id());
        if let Some(d) = self.doc.get_element_by_id("dlg-new").and_then(|e| e.dyn_into::<HtmlDialogElement>().ok()) {
            let _ = d.show_modal();
        }
    }

    fn new_dialog_closed(&mut self) {
        let Some(d) = self.doc.get_element_by_id("dlg-new").and_then(|e| e.dyn_into::<HtmlDialogElement>().ok()) else { return };
        if d.return_value() != "start" {
            return;
        }
        let rules = RuleSet::from_id(&select_value(&self.doc, "opt-rules")).unwrap_or_default();
        let opponent = Level::from_id(&select_value(&self.doc, "opt-opponent"));
        let human = match select_value(&self.doc, "opt-side").as_str() {
            "black" => Color::Black,
            "random" => {
                if js_sys::Math::random() < 0.5 {
                    Color::Red
                } else {
                    Color::Black
                }
            }
            _ => Color::Red,
        };
        self.labels = Labels::from_id(&select_value(&self.doc, "opt-labels")).unwrap_or(Labels::Chinese);
        self.new_game(rules, opponent, human);
    }

    fn new_game(&mut self, rules: RuleSet, opponent: Option<Level>, human: Color) {
        self.waiting = 0;
        self.game = Game::new(rules, None);
        self.opponent = opponent;
        self.human = human;
        self.log.clear();
        self.selected = None;
        self.dests.clear();
        self.slide = None;
        self.message = None;
        self.publish_selection();
        self.save();
        self.resize();
        self.refresh_panels();
        self.maybe_ask_ai();
    }

    fn save(&self) {
        let moves = self.game.history().iter().map(|r| movetext::write(&r.played, true)).collect();
        storage::save(&SavedGame {
            version: 1,
            rules: self.game.rules().id().into(),
            opponent: self.opponent.map_or("human", |l| l.id()).into(),
            human: color_id(self.human).into(),
            labels: self.labels.id().into(),
            moves,
        });
    }

    fn show_result(&self, text: &str) {
        if let Some(p) = el(&self.doc, "result-text") {
            p.set_text_content(Some(text));
        }
        // Captured face-down identities the rules now disclose to this seat.
        let view = self.game.view(self.seat());
        let disclosed: Vec<String> = view
            .captured
            .iter()
            .flatten()
            .filter(|c| c.was_hidden)
            .map(|c| format!("{} {}", c.color.name(), c.role.map_or("unknown", role_name)))
            .collect();
        if let Some(p) = el(&self.doc, "result-detail") {
            let t = if disclosed.is_empty() { String::new() } else { format!("Captured face-down pieces: {}", disclosed.join(", ")) };
            p.set_text_content(Some(&t));
        }
        if let Some(d) = self.doc.get_element_by_id("dlg-result").and_then(|e| e.dyn_into::<HtmlDialogElement>().ok()) {
            if !d.open() {
                let _ = d.show_modal();
            }
        }
    }

    fn refresh_status(&self) {
        let Some(s) = el(&self.doc, "status") else { return };
        let turn = self.game.turn();
        let text = if let Some(o) = self.game.outcome() {
            o.to_string()
        } else if let Some(m) = &self.message {
            m.clone()
        } else if self.waiting != 0 {
            "AI is thinking…".to_string()
        } else if !self.worker_ready && self.opponent.is_some() {
            "Starting the AI…".to_string()
        } else {
            let who = match (self.opponent, turn) {
                (Some(_), c) if c == self.human => "Your move".to_string(),
                (Some(_), _) => "AI to move".to_string(),
                (None, Color::Red) => "Red to move".to_string(),
                (None, Color::Black) => "Black to move".to_string(),
            };
            let check = if self.game.board().in_check() { " · Check!" } else { "" };
            match self.opponent {
                Some(_) => format!("Ready · {who} ({}){check}", turn.name()),
                None => format!("Ready · {who}{check}"),
            }
        };
        s.set_text_content(Some(&text));
        let _ = s.set_attribute("data-thinking", if self.waiting != 0 { "1" } else { "0" });
        let _ = s.set_attribute("data-turn", turn.name());
    }

    fn refresh_panels(&self) {
        self.refresh_status();
        let doc = &self.doc;
        // Move list: one row per move pair.
        if let Some(ol) = el(doc, "moves") {
            ol.set_text_content(None);
            for pair in self.log.chunks(2) {
                if let Ok(li) = doc.create_element("li") {
                    for m in pair {
                        if let Ok(span) = doc.create_element("span") {
                            span.set_text_content(Some(m));
                            let _ = li.append_child(&span);
                        }
                    }
                    let _ = ol.append_child(&li);
                }
            }
            ol.set_scroll_top(ol.scroll_height());
        }
        let view = self.game.view(self.seat());
        if let Some(div) = el(doc, "pools") {
            div.set_text_content(None);
            for c in [Color::Red, Color::Black] {
                let hidden = view.position.hidden_count(c);
                let pool = view.position.pool(c);
                let total = pool.total().max(1) as f64;
                let parts: Vec<String> =
                    pool.entries().map(|(r, n)| format!("{} {:.0}%", self.labels_text(c, r), n as f64 / total * 100.0)).collect();
                let line = format!("{} · {} face down: {}", c.name(), hidden, if hidden == 0 { "—".into() } else { parts.join(", ") });
                if let Ok(d) = doc.create_element("div") {
                    d.set_class_name("pool-row");
                    d.set_text_content(Some(&line));
                    let _ = div.append_child(&d);
                }
            }
        }
        if let Some(div) = el(doc, "captured") {
            div.set_text_content(None);
            for c in [Color::Red, Color::Black] {
                let list: Vec<String> = view.captured[c.index()].iter().map(|x| x.role.map_or("?".to_string(), |r| self.labels_text(c, r))).collect();
                let line = format!("{}: {}", c.name(), if list.is_empty() { "—".into() } else { list.join(" ") });
                if let Ok(d) = doc.create_element("div") {
                    d.set_class_name("pool-row");
                    d.set_text_content(Some(&line));
                    let _ = div.append_child(&d);
                }
            }
        }
    }

    fn labels_text(&self, c: Color, r: Role) -> String {
        notation::role_label(r, c, self.labels == Labels::Chinese, self.labels == Labels::Vietnamese).to_string()
    }
}

/// Resume the saved game, or set an unreadable one aside with a message.
fn restore(app: &mut App) {
    let Some(raw) = storage::load_raw() else { return };
    let result = storage::parse(&raw).and_then(|saved| {
        let rules = RuleSet::from_id(&saved.rules).ok_or("unknown rules")?;
        let mut game = Game::new(rules, None);
        let mut log = Vec::new();
        for t in &saved.moves {
            let (m, reveal, cap) = movetext::resolve(game.board(), t).map_err(|e| e.to_string())?;
            let text = notation::write(game.board(), m, Notation::Wxf);
            game.replay(m, reveal, cap).map_err(|e| e.to_string())?;
            log.push(text);
        }
        Ok((saved, game, log))
    });
    match result {
        Ok((saved, game, log)) => {
            app.game = game;
            app.log = log;
            app.opponent = Level::from_id(&saved.opponent);
            app.human = if saved.human == "black" { Color::Black } else { Color::Red };
            app.labels = Labels::from_id(&saved.labels).unwrap_or(Labels::Chinese);
        }
        Err(e) => {
            storage::set_aside(&raw);
            app.message = Some("The saved game could not be read; it was set aside and a new game started.".into());
            web_sys::console::warn_1(&format!("saved game set aside: {e}").into());
        }
    }
}
