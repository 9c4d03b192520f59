//! The accessible layer over the canvas: 90 focusable points with labels,
//! arrow-key navigation (roving tabindex) and a live region. The canvas is
//! only a picture; everything it shows is also here, so the game is
//! playable with the canvas hidden.

use std::fmt::Display;

use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement};

use super::chess_render;
use super::dom::px;
use super::i18n::{self, Lang};
use super::render::Geometry;
use crate::rules::chess;
use crate::rules::{Position, Square};

fn points(doc: &Document) -> Option<HtmlElement> {
    doc.get_element_by_id("points")?.dyn_into().ok()
}

/// The button of a point (or square) of either board.
fn button(doc: &Document, sq: &dyn Display) -> Option<HtmlElement> {
    doc.get_element_by_id(&format!("pt-{sq}"))?.dyn_into().ok()
}

/// Create the 90 point buttons, ranks from Black's edge down (reading order).
pub fn build(doc: &Document) {
    build_grid(doc, (9, 10), None, &|f, r| Square::new(f, r).to_string());
}

/// Create the 64 square buttons, ranks from 8 down (reading order).
pub fn build_chess(doc: &Document) {
    build_grid(doc, (8, 8), Some("chess"), &|f, r| {
        chess::Square::new(f, r).to_string()
    });
}

/// The buttons of a board of `files` x `ranks`, the last rank first;
/// `name(file, rank)` names a point, `board` is the `data-board` mark
/// (none for the xiangqi board).
fn build_grid(
    doc: &Document,
    (files, ranks): (u8, u8),
    board: Option<&str>,
    name: &dyn Fn(u8, u8) -> String,
) {
    let Some(root) = points(doc) else { return };
    root.set_text_content(None);
    let _ = match board {
        Some(b) => root.set_attribute("data-board", b),
        None => root.remove_attribute("data-board"),
    };
    for rank in (0..ranks).rev() {
        let Ok(row) = doc.create_element("div") else {
            continue;
        };
        row.set_class_name("pt-row");
        for file in 0..files {
            let sq = name(file, rank);
            let Ok(b) = doc.create_element("button") else {
                continue;
            };
            b.set_id(&format!("pt-{sq}"));
            let _ = b.set_attribute("type", "button");
            let _ = b.set_attribute("data-sq", &sq);
            let _ = b.set_attribute("tabindex", "-1");
            let _ = row.append_child(&b);
        }
        let _ = root.append_child(&row);
    }
}

/// Put each button over its point.
pub fn layout(doc: &Document, g: &Geometry) {
    layout_grid(
        doc,
        g,
        &mut Square::all().map(|sq| (sq.to_string(), g.center(sq))),
    );
}

/// Put each button over its square.
pub fn layout_chess(doc: &Document, g: &Geometry) {
    layout_grid(
        doc,
        g,
        &mut chess::Square::all().map(|sq| (sq.to_string(), chess_render::center(g, sq))),
    );
}

/// Size the layer as the board and put a cell-sized button over each of
/// `centers` (a point's name and its centre, device pixels).
fn layout_grid(
    doc: &Document,
    g: &Geometry,
    centers: &mut dyn Iterator<Item = (String, (f64, f64))>,
) {
    let Some(root) = points(doc) else { return };
    let st = root.style();
    let _ = st.set_property("width", &px(g.css_w));
    let _ = st.set_property("height", &px(g.css_h));
    let cell = g.cell / g.dpr;
    for (sq, (x, y)) in centers {
        let Some(b) = button(doc, &sq) else { continue };
        let s = b.style();
        let _ = s.set_property("left", &px(x / g.dpr - cell / 2.0));
        let _ = s.set_property("top", &px(y / g.dpr - cell / 2.0));
        let _ = s.set_property("width", &px(cell));
        let _ = s.set_property("height", &px(cell));
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
    update_grid(
        doc,
        lang,
        &mut Square::all().map(|sq| Point {
            name: sq.to_string(),
            what: pos.piece_at(sq).map(|p| i18n::piece(lang, p)),
            selected: selected == Some(sq),
            dest: dests.contains(&sq),
            focus: sq == focus,
        }),
    );
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
    update_grid(
        doc,
        lang,
        &mut chess::Square::all().map(|sq| Point {
            name: sq.to_string(),
            what: pos.piece_at(sq).map(|p| i18n::chess_piece(lang, p)),
            selected: selected == Some(sq),
            dest: dests.contains(&sq),
            focus: sq == focus,
        }),
    );
}

/// What a point's button tells, on either board.
struct Point {
    name: String,
    /// The piece there, in words.
    what: Option<i18n::Said>,
    selected: bool,
    dest: bool,
    focus: bool,
}

fn update_grid(doc: &Document, lang: Lang, board: &mut dyn Iterator<Item = Point>) {
    let w = i18n::words(lang);
    if let Some(root) = points(doc) {
        let _ = root.set_attribute("aria-label", w.board);
    }
    for pt in board {
        let Some(b) = button(doc, &pt.name) else {
            continue;
        };
        let label = i18n::point_label(lang, &pt.name, pt.what.as_ref(), pt.selected, pt.dest);
        if b.get_attribute("aria-label").as_deref() != Some(label.as_str()) {
            let _ = b.set_attribute("aria-label", &label);
        }
        let _ = b.set_attribute("tabindex", if pt.focus { "0" } else { "-1" });
        b.set_class_name(if pt.dest { "pt dest" } else { "pt" });
    }
}

/// Move the keyboard focus to a point (or square) of either board.
pub fn focus(doc: &Document, sq: &dyn Display) {
    if let Some(b) = button(doc, sq) {
        let _ = b.focus();
    }
}

/// Where an arrow key takes the focus from (`file`, `rank`) by (`dx`,
/// `dy`) as the player sees the board (`flipped`: turned round), on a
/// board of `size` files and ranks (`None`: off its edge).
pub fn step(
    flipped: bool,
    (file, rank): (u8, u8),
    (dx, dy): (i32, i32),
    (files, ranks): (u8, u8),
) -> Option<(u8, u8)> {
    let (dx, dy) = if flipped { (-dx, -dy) } else { (dx, dy) };
    let (f, r) = (i32::from(file) + dx, i32::from(rank) + dy);
    let on = (0..i32::from(files)).contains(&f) && (0..i32::from(ranks)).contains(&r);
    on.then_some((f as u8, r as u8))
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

/// The square of a square button, from an event target.
pub fn chess_square_of(target: &Element) -> Option<chess::Square> {
    chess::Square::parse(&target.get_attribute("data-sq")?)
}
