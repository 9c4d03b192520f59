//! Input: taps, drags, keys on the accessible points, typed moves, and the
//! listeners that route browser events into the app.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, MessageEvent, PointerEvent};

use super::a11y;
use super::embed;
use super::i18n::{self, Key};
use crate::rules::notation::{self, Notation, NotationError};
use crate::rules::{Color, Move, Square};

use super::app::*;
use super::dom::*;

/// Clicks inside `id` on an element carrying the number attribute `attr`.
fn on_numbered_click(
    doc: &web_sys::Document,
    id: &str,
    attr: &'static str,
    f: fn(&mut App, usize),
) {
    if let Some(container) = el(doc, id) {
        listen(&container, "click", move |e| {
            let n = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|t| t.get_attribute(attr))
                .and_then(|v| v.parse::<usize>().ok());
            if let Some(n) = n {
                with_app(|a| f(a, n));
            }
        });
    }
}

pub(super) fn install_handlers(app: &Rc<RefCell<App>>) {
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
    // The update button is wired in `offline` (one update path: the new
    // service worker takes over, then the page reloads once).
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
    on_numbered_click(&doc, "moves", "data-ply", |a, p| a.review_to(Some(p)));
    on_numbered_click(&doc, "captured", "data-peek", App::peek_at);
}

pub(super) fn install_embed_listener() {
    let Some(win) = web_sys::window() else { return };
    listen(&win, "message", move |e| {
        let Some(m) = e.dyn_ref::<MessageEvent>() else {
            return;
        };
        with_app(|a| {
            // Only from the parent window and an origin the embedder allowed.
            if let Some(req) = embed::accept(m, &a.origins) {
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

impl App {
    pub(super) fn pointer_down(&mut self, x: f64, y: f64) {
        self.resume_audio();
        let drag = |from: Square, tap_on_release: bool| Drag {
            from,
            x0: x,
            y0: y,
            active: false,
            x,
            y,
            tap_on_release,
        };
        // Pressing the selected piece may start a drag; the tap that
        // deselects it waits for the release.
        if let Some(sq) = self
            .selected
            .filter(|s| self.geom.square_at(x, y) == Some(*s))
        {
            self.drag = Some(drag(sq, true));
            return;
        }
        let before = self.selected;
        self.tap(x, y);
        // A drag may start from the piece now selected.
        if let Some(sq) = self.selected.filter(|s| Some(*s) != before) {
            self.drag = Some(drag(sq, false));
        }
    }

    pub(super) fn pointer_move(&mut self, x: f64, y: f64) {
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

    pub(super) fn pointer_up(&mut self, x: f64, y: f64) {
        let Some(d) = self.drag.take() else { return };
        if !d.active {
            if d.tap_on_release {
                self.tap(d.x0, d.y0);
            }
            return;
        }
        match self.geom.square_at(x, y) {
            Some(to) if self.dests.contains(&to) && self.selected == Some(d.from) => {
                self.play_human(Move::new(d.from, to))
            }
            _ => self.redraw(),
        }
    }

    pub(super) fn tap(&mut self, css_x: f64, css_y: f64) {
        let sq = self.geom.square_at(css_x, css_y);
        self.tap_square(sq);
    }

    /// What a tap, click, Enter or Space on a point means.
    pub(super) fn tap_square(&mut self, sq: Option<Square>) {
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

    pub(super) fn clear_selection(&mut self) {
        self.selected = None;
        self.dests.clear();
        self.publish_selection();
        self.redraw();
    }

    /// Arrow keys: move the focus as the board is seen (flipped for Black).
    pub(super) fn move_focus(&mut self, from: Square, dx: i32, dy: i32) {
        let (dx, dy) = if self.flipped() { (-dx, -dy) } else { (dx, dy) };
        if let Some(sq) = Square::try_new(from.file() as i32 + dx, from.rank() as i32 + dy) {
            self.focus = sq;
            self.publish_selection();
            a11y::focus(&self.doc, sq);
        }
    }

    /// A move typed in the chosen notation (C2.5, 炮二平五, P2-5) or as
    /// coordinates (h2e2). Ambiguous text is reported with its candidates,
    /// never guessed.
    pub(super) fn typed_move(&mut self) {
        let Some(input) = self
            .doc
            .get_element_by_id("move-input")
            .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        else {
            return;
        };
        let text = input.value();
        if text.trim().is_empty() {
            return;
        }
        let pos = self.game.board();
        let found = match notation::parse(pos, &text, self.notation) {
            Err(e) if !matches!(e, NotationError::Ambiguous { .. }) => {
                notation::parse(pos, &text, Notation::Coordinates).map_err(|_| e)
            }
            r => r,
        };
        let w = i18n::words(self.lang);
        match found {
            Ok(m) if self.human_to_move() && self.review.is_none() => {
                input.set_value("");
                self.play_human(m);
            }
            Err(NotationError::Ambiguous { candidates, .. }) => {
                let texts: Vec<&str> = candidates.iter().map(|(_, t)| t.as_str()).collect();
                let text = format!("{} {}", w.ambiguous_move, texts.join(" · "));
                a11y::announce(&self.doc, &text);
            }
            _ => a11y::announce(&self.doc, w.bad_move),
        }
    }
}
