//! Browser events to session events: pointer, keys, buttons, dialogs,
//! settings, the embedding page's messages and the clock's tick.

use wasm_bindgen::JsCast;
use web_sys::{
    Document, Element, HtmlInputElement, HtmlTextAreaElement, MessageEvent, PointerEvent,
};

use super::a11y;
use super::chess_page;
use super::dom::*;
use super::embed;
use super::i18n::{self, Key};
use super::play::Drag;
use super::prefs::{theme_from_id, Prefs};
use super::render::Labels;
use super::shell::{dispatch, with, Shell};
use super::view;
use crate::ai::Level;
use crate::params::{Lang, Theme};
use crate::rules::xiangqi::notation::Notation;
use crate::rules::{Color, RuleSet, Square};
use crate::session::export;
use crate::session::{ChessEvent, Config, Event, Opponent, Session, Step, Takebacks, TimeControl};

fn target_el(e: &web_sys::Event) -> Option<Element> {
    e.target().and_then(|t| t.dyn_into::<Element>().ok())
}

/// The number in attribute `attr` of the clicked element or an ancestor.
fn numbered(e: &web_sys::Event, attr: &str) -> Option<usize> {
    let t = target_el(e)?;
    let holder = t.closest(&format!("[{attr}]")).ok().flatten()?;
    holder.get_attribute(attr)?.parse().ok()
}

fn open(doc: &Document, id: &str) {
    if let Some(d) = dialog(doc, id) {
        if !d.open() {
            let _ = d.show_modal();
        }
    }
}

pub fn install(doc: &Document, canvas: &web_sys::HtmlCanvasElement) {
    pointer(canvas);
    if let Some(win) = web_sys::window() {
        for ev in ["resize", "orientationchange"] {
            listen(&win, ev, |_| {
                with(|s| {
                    s.resize();
                    s.schedule();
                })
            });
        }
        listen(&win, "keydown", |e| review_keys(&e));
        // Leaving the page stores the clocks as they stand.
        listen(&win, "pagehide", |_| with(Shell::save_clock));
        listen(&win, "storage", |e| {
            let Some(e) = e.dyn_ref::<web_sys::StorageEvent>() else {
                return;
            };
            if e.key().as_deref() == Some(super::storage::GAME) {
                let text = e.new_value();
                with(|s| s.other_tab_saved(text));
            }
        });
    }
    // One listener for every button of the page (and one for every
    // setting): each closure costs the page's download.
    listen(doc, "visibilitychange", |_| {
        with(|s| {
            if s.doc.hidden() {
                s.save_clock();
            }
        })
    });
    listen(doc, "click", |e| on_click(&e));
    listen(doc, "change", |e| {
        let id = target_el(&e).map(|t| t.id()).unwrap_or_default();
        with(|s| match id.as_str() {
            "opt-opponent" | "opt-undo" => dialog_descriptions(&s.doc, s.prefs.lang),
            "opt-rules" => view::side_labels(&s.doc, s.prefs.lang),
            "set-lang" | "set-labels" | "set-notation" | "set-anim" | "set-sound"
            | "set-coords" | "set-theme" | "set-rotate" | "pools-pct" => settings_changed(s),
            _ => {}
        });
    });
    for id in ["dlg-resign", "dlg-new", "dlg-result", "dlg-promote"] {
        if let Some(d) = el(doc, id) {
            listen(&d, "close", on_dialog_close);
        }
    }
    if let Some(pts) = el(doc, "points") {
        listen(&pts, "keydown", |e| point_keys(&e));
        listen(&pts, "focusin", |e| {
            let Some(t) = target_el(&e) else { return };
            with(|s| match s.chess.as_mut() {
                Some(c) => {
                    if let Some(sq) = a11y::chess_square_of(&t) {
                        c.focus = sq;
                    }
                }
                None => {
                    if let Some(sq) = a11y::square_of(&t) {
                        s.focus = sq;
                    }
                }
            });
        });
    }
    if let Some(f) = el(doc, "move-form") {
        listen(&f, "submit", |e| {
            e.prevent_default();
            with(typed_move);
        });
    }
    // Clocks, the AI's thinking time and its watchdog.
    gloo_timers::callback::Interval::new(250, || {
        with(|s| {
            let (tick, clock) = s.needs_tick();
            if tick {
                s.dispatch(Event::Tick);
            }
            // A running clock is stored every few seconds: a crash or a
            // killed tab gives back little time.
            // (Only the visible tab: two tabs would keep reading each other.)
            if clock && !s.doc.hidden() && now() - s.last_save > 5000.0 {
                s.save();
            }
        })
    })
    .forget();
}

/// Is the page playing chess now?
fn chess_mode() -> bool {
    let mut on = false;
    with(|s| on = s.chess.is_some());
    on
}

/// A click anywhere: the button it landed on says what to do.
fn on_click(e: &web_sys::Event) {
    let Some(t) = target_el(e) else { return };
    if let Some(p) = numbered(e, "data-peek") {
        dispatch(Event::Peek(p));
        // Covered again after the look.
        gloo_timers::callback::Timeout::new(3100, || dispatch(Event::Tick)).forget();
        return;
    }
    if t.closest("#moves").ok().flatten().is_some() {
        if let Some(p) = numbered(e, "data-ply") {
            dispatch(Event::Review(Step::To(p)));
        }
        return;
    }
    let Some(b) = t.closest("button").ok().flatten() else {
        return;
    };
    // A point of the accessible board: Enter, Space, or a screen reader.
    if b.get_attribute("data-sq").is_some() && chess_mode() {
        if let Some(sq) = a11y::chess_square_of(&b) {
            with(|s| {
                s.resume_audio();
                if let Some(c) = s.chess.as_mut() {
                    c.focus = sq;
                }
                s.chess_dispatch(ChessEvent::Tap(Some(sq)));
            });
        }
        return;
    }
    if let Some(sq) = a11y::square_of(&b) {
        with(|s| {
            s.resume_audio();
            s.focus = sq;
            s.dispatch(Event::Tap(Some(sq)));
        });
        return;
    }
    let ev = match b.id().as_str() {
        "btn-undo" => Event::Undo,
        "btn-hint" => Event::Hint,
        "btn-flip" => Event::Flip,
        "rv-first" => Event::Review(Step::First),
        "rv-prev" => Event::Review(Step::Prev),
        "rv-next" => Event::Review(Step::Next),
        "rv-last" => Event::Review(Step::Last),
        "btn-two-players" => Event::TwoPlayers,
        "btn-retry-ai" => Event::RetryAi,
        "btn-reload" => {
            if let Some(w) = web_sys::window() {
                let _ = w.location().reload();
            }
            return;
        }
        id => return with(|s| page_button(s, id)),
    };
    dispatch(ev);
}

/// Buttons that open dialogs or change the page rather than the game.
fn page_button(s: &mut Shell, id: &str) {
    match id {
        "btn-help" => s.open_help(),
        "help-xiangqi" => view::help(&s.doc, s.prefs.lang, false),
        "help-chess" => view::help(&s.doc, s.prefs.lang, true),
        "btn-theme" => {
            // Toggle against what is shown now.
            let p = Prefs {
                theme: if s.dark() { Theme::Light } else { Theme::Dark },
                ..s.prefs
            };
            set_select(&s.doc, "set-theme", super::prefs::theme_id(p.theme));
            s.prefs_changed(p);
        }
        "btn-resign" if !s.game_over() => open(&s.doc, "dlg-resign"),
        "btn-new" => open_new_dialog(s),
        "btn-export" => open_export(s),
        "btn-copy-text" => copy(s, false),
        "btn-copy-link" => copy(s, true),
        "btn-import" => import(s),
        _ => {}
    }
}

/// A dialog closed: what its button said.
fn on_dialog_close(e: web_sys::Event) {
    let Some(d) = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlDialogElement>().ok())
    else {
        return;
    };
    let v = d.return_value();
    d.set_return_value("");
    with(|s| match (d.id().as_str(), v.as_str()) {
        ("dlg-resign", "resign") => s.dispatch(Event::Resign),
        ("dlg-new", "start") => {
            let c = config_from_dialog(&s.doc);
            s.transient = false;
            match chess_page::variant_of(&select_value(&s.doc, "opt-rules")) {
                Some(v) => s.new_chess_game(c.with_rules(v)),
                None => s.dispatch(Event::NewGame(c)),
            }
            s.resize();
        }
        ("dlg-promote", v) => s.chess_promote(v),
        ("dlg-result", "rematch") => {
            s.transient = false;
            s.dispatch(Event::Rematch);
            s.resize();
        }
        ("dlg-result", "new") => open_new_dialog(s),
        ("dlg-result", "review") => {
            s.dispatch(Event::Review(Step::Prev));
            if let Some(b) = el(&s.doc, "rv-prev") {
                let _ = b.focus();
            }
        }
        _ => {}
    });
}

fn pointer(canvas: &web_sys::HtmlCanvasElement) {
    fn pe(e: &web_sys::Event) -> Option<PointerEvent> {
        e.clone().dyn_into::<PointerEvent>().ok()
    }
    listen(canvas, "pointerdown", |e| {
        if let Some(p) = pe(&e) {
            e.prevent_default();
            with(|s| pointer_down(s, f64::from(p.offset_x()), f64::from(p.offset_y())));
        }
    });
    listen(canvas, "pointermove", |e| {
        if let Some(p) = pe(&e) {
            with(|s| pointer_move(s, f64::from(p.offset_x()), f64::from(p.offset_y())));
        }
    });
    listen(canvas, "pointerup", |e| {
        if let Some(p) = pe(&e) {
            with(|s| pointer_up(s, f64::from(p.offset_x()), f64::from(p.offset_y())));
        }
    });
    listen(canvas, "pointercancel", |_| {
        with(|s| {
            s.drag = None;
            if let Some(c) = s.chess.as_mut() {
                c.drag = None;
            }
            s.schedule();
        })
    });
}

fn pointer_down(s: &mut Shell, x: f64, y: f64) {
    s.resume_audio();
    if s.chess.is_some() {
        return s.chess_pointer_down(x, y);
    }
    let sq = s.geom.square_at(x, y);
    // Pressing the selected piece may start a drag; the tap that deselects
    // it waits for the release.
    if let Some(sel) = s.session.selected().filter(|q| Some(*q) == sq) {
        s.drag = Some(Drag::new(sel, x, y, true));
        return;
    }
    let before = s.session.selected();
    if let Some(q) = sq {
        s.focus = q;
    }
    s.dispatch(Event::Tap(sq));
    if let Some(sel) = s.session.selected().filter(|q| Some(*q) != before) {
        s.drag = Some(Drag::new(sel, x, y, false));
    }
}

fn pointer_move(s: &mut Shell, x: f64, y: f64) {
    let drag = match s.chess.as_mut() {
        Some(c) => c.drag.as_mut().map(|d| d.follow(x, y)),
        None => s.drag.as_mut().map(|d| d.follow(x, y)),
    };
    if drag == Some(true) {
        s.schedule();
    }
}

fn pointer_up(s: &mut Shell, x: f64, y: f64) {
    if s.chess.is_some() {
        return s.chess_pointer_up(x, y);
    }
    let Some(d) = s.drag.take() else { return };
    if !d.active {
        if d.tap_on_release {
            s.dispatch(Event::Tap(Some(d.from)));
        }
        return;
    }
    match s.geom.square_at(x, y) {
        Some(to) => s.dispatch(Event::Drop { from: d.from, to }),
        None => s.schedule(),
    }
}

/// Arrow keys and Enter/Space on the accessible points.
fn point_keys(e: &web_sys::Event) {
    let Some(k) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
        return;
    };
    let Some(t) = target_el(e) else { return };
    let step = match k.key().as_str() {
        "ArrowUp" => Some((0, 1)),
        "ArrowDown" => Some((0, -1)),
        "ArrowLeft" => Some((-1, 0)),
        "ArrowRight" => Some((1, 0)),
        _ => None,
    };
    let escape = k.key() == "Escape";
    // Enter and Space activate the point as a button: its `click` (also
    // what a screen reader sends) is the tap.
    if chess_mode() {
        let Some(sq) = a11y::chess_square_of(&t) else {
            return;
        };
        match step {
            Some((dx, dy)) => with(|s| s.chess_step_focus(sq, dx, dy)),
            None if escape => with(|s| s.chess_dispatch(ChessEvent::Tap(None))),
            None => return,
        }
    } else {
        let Some(sq) = a11y::square_of(&t) else {
            return;
        };
        match step {
            Some((dx, dy)) => with(|s| step_focus(s, sq, dx, dy)),
            None if escape => dispatch(Event::Tap(None)),
            None => return,
        }
    }
    e.prevent_default();
    e.stop_propagation();
}

/// An arrow key on the accessible points.
fn step_focus(s: &mut Shell, from: Square, dx: i32, dy: i32) {
    let at = (from.file(), from.rank());
    if let Some((f, r)) = a11y::step(s.session.flipped(), at, (dx, dy), (9, 10)) {
        let to = Square::new(f, r);
        s.focus = to;
        s.render();
        a11y::focus(&s.doc, &to);
    }
}

/// Left/Right (and Home/End) step through the moves, unless typing.
fn review_keys(e: &web_sys::Event) {
    let Some(k) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
        return;
    };
    if k.alt_key() || k.ctrl_key() || k.meta_key() {
        return;
    }
    let typing = target_el(e).is_some_and(|t| {
        matches!(t.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA")
            || t.closest("#points").ok().flatten().is_some()
            || t.closest("dialog").ok().flatten().is_some()
    });
    if typing {
        return;
    }
    let step = match k.key().as_str() {
        "ArrowLeft" => Step::Prev,
        "ArrowRight" => Step::Next,
        "Home" => Step::First,
        "End" => Step::Last,
        _ => return,
    };
    e.prevent_default();
    dispatch(Event::Review(step));
}

fn typed_move(s: &mut Shell) {
    let Some(input) = s
        .doc
        .get_element_by_id("move-input")
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
    else {
        return;
    };
    let before = s.ply();
    s.dispatch(Event::Typed(input.value()));
    let failed = match &s.chess {
        Some(c) => c.session.typed_error().is_some(),
        None => s.session.typed_error().is_some(),
    };
    if s.ply() != before || (s.chess.is_some() && !failed) {
        input.set_value("");
    } else if failed {
        let text = el(&s.doc, "move-error")
            .and_then(|e| e.text_content())
            .unwrap_or_default();
        view::set_text(&s.doc, "move-error", "");
        s.render();
        let text = if text.is_empty() {
            el(&s.doc, "move-error")
                .and_then(|e| e.text_content())
                .unwrap_or_default()
        } else {
            text
        };
        a11y::announce(&s.doc, &text);
    }
}

fn settings_changed(s: &mut Shell) {
    let doc = s.doc.clone();
    let old = s.prefs;
    let p = Prefs {
        lang: Lang::from_tag(&select_value(&doc, "set-lang")).unwrap_or(old.lang),
        labels: Labels::from_id(&select_value(&doc, "set-labels")).unwrap_or(old.labels),
        notation: Notation::from_id(&select_value(&doc, "set-notation")).unwrap_or(old.notation),
        anim_ms: select_value(&doc, "set-anim")
            .parse::<u32>()
            .map_or(old.anim_ms, f64::from),
        sound: checkbox(&doc, "set-sound").map_or(old.sound, |c| c.checked()),
        coords: checkbox(&doc, "set-coords").map_or(old.coords, |c| c.checked()),
        theme: theme_from_id(&select_value(&doc, "set-theme")).unwrap_or(old.theme),
        rotate: checkbox(&doc, "set-rotate").map_or(old.rotate, |c| c.checked()),
        percent: checkbox(&doc, "pools-pct").map_or(old.percent, |c| c.checked()),
    };
    s.prefs_changed(p);
    s.resize();
}

/// Put the prefs into the settings controls.
pub fn show_prefs(doc: &Document, p: &Prefs) {
    set_select(doc, "set-lang", p.lang.id());
    set_select(doc, "set-labels", p.labels.id());
    set_select(doc, "set-notation", p.notation.id());
    set_select(doc, "set-anim", &(p.anim_ms as u32).to_string());
    set_select(doc, "set-theme", super::prefs::theme_id(p.theme));
    for (id, v) in [
        ("set-sound", p.sound),
        ("set-coords", p.coords),
        ("set-rotate", p.rotate),
        ("pools-pct", p.percent),
    ] {
        if let Some(c) = checkbox(doc, id) {
            c.set_checked(v);
        }
    }
}

fn open_new_dialog(s: &mut Shell) {
    let mut c = s.session.config();
    let doc = &s.doc;
    match &s.chess {
        Some(g) => {
            let gc = g.session.config();
            c = Config {
                opponent: gc.opponent,
                human: gc.human,
                takebacks: gc.takebacks,
                clock: gc.clock,
                ..c
            };
            set_select(doc, "opt-rules", gc.rules.id());
        }
        None => set_select(doc, "opt-rules", c.rules.id()),
    }
    set_select(doc, "opt-opponent", c.opponent.id());
    set_select(doc, "opt-undo", c.takebacks.id());
    set_select(
        doc,
        "opt-clock",
        c.clock.map_or("none".into(), |t| t.id()).as_str(),
    );
    dialog_descriptions(doc, s.prefs.lang);
    view::side_labels(doc, s.prefs.lang);
    open(doc, "dlg-new");
}

/// The chosen level's and take-back policy's descriptions.
fn dialog_descriptions(doc: &Document, lang: Lang) {
    let level = Level::from_id(&select_value(doc, "opt-opponent"));
    let text = level.map_or(i18n::t(lang, Key::TwoPlayers), |l| {
        i18n::level_desc(lang, l)
    });
    view::set_text(doc, "opt-level-desc", text);
    let k = match Takebacks::from_id(&select_value(doc, "opt-undo")).unwrap_or_default() {
        Takebacks::Fair => Key::TakebacksFairDesc,
        Takebacks::Casual => Key::TakebacksCasualDesc,
        Takebacks::Off => Key::TakebacksOffDesc,
    };
    view::set_text(doc, "opt-undo-desc", i18n::t(lang, k));
}

fn config_from_dialog(doc: &Document) -> Config {
    let human = match select_value(doc, "opt-side").as_str() {
        "black" => Color::Black,
        "random" if js_sys::Math::random() < 0.5 => Color::Black,
        _ => Color::Red,
    };
    Config {
        rules: RuleSet::from_id(&select_value(doc, "opt-rules")).unwrap_or_default(),
        opponent: Opponent::parse(&select_value(doc, "opt-opponent"))
            .unwrap_or(Opponent::Ai(Level::Medium)),
        human,
        takebacks: Takebacks::from_id(&select_value(doc, "opt-undo")).unwrap_or_default(),
        clock: TimeControl::from_id(&select_value(doc, "opt-clock")),
    }
}

// ---- export and import ----

fn open_export(s: &mut Shell) {
    let text = s
        .chess_export()
        .unwrap_or_else(|| export::to_text(&s.session.record(), s.prefs.notation));
    if let Some(t) = s
        .doc
        .get_element_by_id("export-text")
        .and_then(|e| e.dyn_into::<HtmlTextAreaElement>().ok())
    {
        t.set_value(&text);
    }
    view::set_text(&s.doc, "export-note", "");
    view::set_text(&s.doc, "import-error", "");
    open(&s.doc, "dlg-export");
}

/// The page's address with the game's fragment (either game).
fn link(s: &Shell) -> String {
    let fragment = s
        .chess_fragment()
        .unwrap_or_else(|| export::to_fragment(&s.session.record()));
    let loc = web_sys::window().map(|w| w.location());
    let base = loc
        .map(|l| {
            format!(
                "{}{}",
                l.origin().unwrap_or_default(),
                l.pathname().unwrap_or_default()
            )
        })
        .unwrap_or_default();
    format!("{base}#{fragment}")
}

fn copy(s: &mut Shell, as_link: bool) {
    let text = match s.chess_export() {
        _ if as_link => link(s),
        Some(t) => t,
        None => export::to_text(&s.session.record(), s.prefs.notation),
    };
    if let Some(t) = s
        .doc
        .get_element_by_id("export-text")
        .and_then(|e| e.dyn_into::<HtmlTextAreaElement>().ok())
    {
        t.set_value(&text);
        t.select();
    }
    if let Some(w) = web_sys::window() {
        let _ = w.navigator().clipboard().write_text(&text);
    }
    view::set_text(&s.doc, "export-note", i18n::t(s.prefs.lang, Key::Copied));
}

fn import(s: &mut Shell) {
    let text = s
        .doc
        .get_element_by_id("import-text")
        .and_then(|e| e.dyn_into::<HtmlTextAreaElement>().ok())
        .map(|t| t.value())
        .unwrap_or_default();
    match s.chess_import(&text) {
        Some(Ok(())) => {
            if let Some(d) = dialog(&s.doc, "dlg-export") {
                d.close();
            }
            return;
        }
        Some(Err(e)) => {
            let msg = format!("{}: {e}", i18n::t(s.prefs.lang, Key::ImportFailed));
            return view::set_text(&s.doc, "import-error", &msg);
        }
        None => {}
    }
    let parsed = if text.trim_start().starts_with("game=") || text.contains("#game=") {
        let frag = text
            .trim()
            .rsplit('#')
            .next()
            .unwrap_or_default()
            .to_string();
        export::from_fragment(&frag)
    } else {
        export::parse_text(&text)
    };
    match parsed.and_then(|r| open_record(s, &r)) {
        Ok(()) => {
            if let Some(d) = dialog(&s.doc, "dlg-export") {
                d.close();
            }
        }
        Err(e) => view::set_text(
            &s.doc,
            "import-error",
            &format!("{}: {e}", i18n::t(s.prefs.lang, Key::ImportFailed)),
        ),
    }
}

/// Open a game record for review: it is not saved over the player's own
/// game until a new game starts.
pub fn open_record(s: &mut Shell, r: &export::GameRecord) -> Result<(), export::ExportError> {
    let session = Session::from_record(r, now())?;
    s.transient = true;
    s.replace(session);
    Ok(())
}

/// The embedding page asks for a new game.
pub fn embed_listener() {
    let Some(win) = web_sys::window() else { return };
    listen(&win, "message", |e| {
        let Some(m) = e.dyn_ref::<MessageEvent>() else {
            return;
        };
        with(|s| {
            // Only from the parent window and an origin the embedder allowed.
            let Some(req) = embed::accept(m, &s.origins) else {
                return;
            };
            // The settings of the game on the board (either board).
            let mut on_board = s.session.config();
            let mut chess_now = None;
            if let Some(p) = &s.chess {
                let c = p.session.config();
                on_board = c.with_rules(on_board.rules);
                chess_now = Some(c.rules);
            }
            let (config, chess) = req.settings(on_board, chess_now, js_sys::Math::random() < 0.5);
            match chess {
                Some(v) => s.new_chess_game(config.with_rules(v)),
                None => s.dispatch(Event::NewGame(config)),
            }
            s.resize();
        });
    });
}
