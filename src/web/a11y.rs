//! The accessible layer over the canvas: 90 focusable points with labels,
//! arrow-key navigation (roving tabindex) and a live region. The canvas is
//! only a picture; everything it shows is also here, so the game is
//! playable with the canvas hidden.

use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement};

use super::chess_render::Geometry as ChessGeometry;
use super::i18n::{self, Lang};
use super::render::Geometry;
use crate::rules::chess;
use crate::rules::{Position, Square};

fn points(doc: &Document) -> Option<HtmlElement> {
    doc.get_element_by_id("points")?.dyn_into().ok()
}

fn button(doc: &Document, sq: Square) -> Option<HtmlElement> {
    doc.get_element_by_id(&format!("pt-{sq}"))?.dyn_into().ok()
}

/// Create the 90 point buttons, ranks from Black's edge down (reading order).
pub fn build(doc: &Document) {
    let Some(root) = points(doc) else { return };
    root.set_text_content(None);
    let _ = root.remove_attribute("data-board");
    for rank in (0..10u8).rev() {
        let Ok(row) = doc.create_element("div") else {
            continue;
        };
        row.set_class_name("pt-row");
        for file in 0..9u8 {
            let sq = Square::new(file, rank);
            let Ok(b) = doc.create_element("button") else {
                continue;
            };
            b.set_id(&format!("pt-{sq}"));
            let _ = b.set_attribute("type", "button");
            let _ = b.set_attribute("data-sq", &sq.to_string());
            let _ = b.set_attribute("tabindex", "-1");
            let _ = row.append_child(&b);
        }
        let _ = root.append_child(&row);
    }
}

/// Put each button over its point.
pub fn layout(doc: &Document, g: &Geometry) {
    let Some(root) = points(doc) else { return };
    let st = root.style();
    let _ = st.set_property("width", &super::dom::px(g.css_w));
    let _ = st.set_property("height", &super::dom::px(g.css_h));
    let cell = g.cell / g.dpr;
    for sq in Square::all() {
        let Some(b) = button(doc, sq) else { continue };
        let (x, y) = g.center(sq);
        let s = b.style();
        let _ = s.set_property("left", &super::dom::px(x / g.dpr - cell / 2.0));
        let _ = s.set_property("top", &super::dom::px(y / g.dpr - cell / 2.0));
        let _ = s.set_property("width", &super::dom::px(cell));
        let _ = s.set_property("height", &super::dom::px(cell));
    }
}

/// Labels and states of every point; `focus` gets the tab stop.
pub fn update(
    doc: &Document,
    pos: &Position,
    selected: Option<Square>,
    dests: &[Square],
    lang: Lang,
    focus: Square,
) {
    let w = i18n::words(lang);
    if let Some(root) = points(doc) {
        let _ = root.set_attribute("aria-label", w.board);
    }
    for sq in Square::all() {
        let Some(b) = button(doc, sq) else { continue };
        let what = pos
            .piece_at(sq)
            .map_or_else(|| w.empty.to_string(), |p| i18n::piece(lang, p));
        let mut label = format!("{sq}, {what}");
        if selected == Some(sq) {
            label.push_str(&format!(", {}", w.selected));
        }
        if dests.contains(&sq) {
            label.push_str(&format!(", {}", w.move_here));
        }
        let _ = b.set_attribute("aria-label", &label);
        let _ = b.set_attribute("tabindex", if sq == focus { "0" } else { "-1" });
        let class = if dests.contains(&sq) { "pt dest" } else { "pt" };
        b.set_class_name(class);
    }
}

pub fn focus(doc: &Document, sq: Square) {
    if let Some(b) = button(doc, sq) {
        let _ = b.focus();
    }
}

/// The square of a point button, from an event target.
pub fn square_of(target: &Element) -> Option<Square> {
    Square::parse(&target.get_attribute("data-sq")?)
}

/// Say something through the live region.
pub fn announce(doc: &Document, text: &str) {
    if let Some(r) = doc.get_element_by_id("announce") {
        // Clearing first makes screen readers repeat an identical message.
        r.set_text_content(None);
        r.set_text_content(Some(text));
    }
}

// ---- the 8x8 board ----

fn chess_button(doc: &Document, sq: chess::Square) -> Option<HtmlElement> {
    doc.get_element_by_id(&format!("pt-{sq}"))?.dyn_into().ok()
}

/// Create the 64 square buttons, ranks from 8 down (reading order).
pub fn build_chess(doc: &Document) {
    let Some(root) = points(doc) else { return };
    root.set_text_content(None);
    let _ = root.set_attribute("data-board", "chess");
    for rank in (0..8u8).rev() {
        let Ok(row) = doc.create_element("div") else {
            continue;
        };
        row.set_class_name("pt-row");
        for file in 0..8u8 {
            let sq = chess::Square::new(file, rank);
            let Ok(b) = doc.create_element("button") else {
                continue;
            };
            b.set_id(&format!("pt-{sq}"));
            let _ = b.set_attribute("type", "button");
            let _ = b.set_attribute("data-sq", &sq.to_string());
            let _ = b.set_attribute("tabindex", "-1");
            let _ = row.append_child(&b);
        }
        let _ = root.append_child(&row);
    }
}

/// Put each button over its square.
pub fn layout_chess(doc: &Document, g: &ChessGeometry) {
    let Some(root) = points(doc) else { return };
    let st = root.style();
    let _ = st.set_property("width", &super::dom::px(g.css_w));
    let _ = st.set_property("height", &super::dom::px(g.css_h));
    let cell = g.cell / g.dpr;
    for sq in chess::Square::all() {
        let Some(b) = chess_button(doc, sq) else {
            continue;
        };
        let (x, y) = g.center(sq);
        let s = b.style();
        let _ = s.set_property("left", &super::dom::px(x / g.dpr - cell / 2.0));
        let _ = s.set_property("top", &super::dom::px(y / g.dpr - cell / 2.0));
        let _ = s.set_property("width", &super::dom::px(cell));
        let _ = s.set_property("height", &super::dom::px(cell));
    }
}

/// Labels ("e2, White face-down piece on a pawn square") and states.
pub fn update_chess(
    doc: &Document,
    pos: &chess::Position,
    selected: Option<chess::Square>,
    dests: &[chess::Square],
    lang: Lang,
    focus: chess::Square,
) {
    let w = i18n::words(lang);
    if let Some(root) = points(doc) {
        let _ = root.set_attribute("aria-label", w.board);
    }
    for sq in chess::Square::all() {
        let Some(b) = chess_button(doc, sq) else {
            continue;
        };
        let what = pos
            .piece_at(sq)
            .map_or_else(|| w.empty.to_string(), |p| i18n::chess_piece(lang, p));
        let mut label = format!("{sq}, {what}");
        if selected == Some(sq) {
            label.push_str(&format!(", {}", w.selected));
        }
        if dests.contains(&sq) {
            label.push_str(&format!(", {}", w.move_here));
        }
        if b.get_attribute("aria-label").as_deref() != Some(label.as_str()) {
            let _ = b.set_attribute("aria-label", &label);
        }
        let _ = b.set_attribute("tabindex", if sq == focus { "0" } else { "-1" });
        b.set_class_name(if dests.contains(&sq) { "pt dest" } else { "pt" });
    }
}

pub fn focus_chess(doc: &Document, sq: chess::Square) {
    if let Some(b) = chess_button(doc, sq) {
        let _ = b.focus();
    }
}

/// The square of a square button, from an event target.
pub fn chess_square_of(target: &Element) -> Option<chess::Square> {
    chess::Square::parse(&target.get_attribute("data-sq")?)
}
