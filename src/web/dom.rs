//! Small DOM helpers shared by the web shell.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, HtmlDialogElement, HtmlElement, HtmlInputElement, HtmlSelectElement};

pub(super) fn el(doc: &Document, id: &str) -> Option<HtmlElement> {
    doc.get_element_by_id(id)?.dyn_into().ok()
}

/// A CSS length in pixels with two decimals, formatted with integers only
/// (float formatting would add kilobytes to the page's wasm).
pub(super) fn px(v: f64) -> String {
    format!("{}px", dec2(v))
}

/// A number with two decimals, formatted with integers only.
pub(super) fn dec2(v: f64) -> String {
    let h = (v * 100.0).round() as i64;
    let sign = if h < 0 { "-" } else { "" };
    let h = h.unsigned_abs();
    format!("{sign}{}.{:02}", h / 100, h % 100)
}

pub(super) fn now() -> f64 {
    js_sys::Date::now()
}

pub(super) fn warn(text: &str) {
    web_sys::console::warn_1(&text.into());
}

/// Show a panic's message and place in the console, where a player's
/// report can quote it.
pub(super) fn log_panic(info: &std::panic::PanicHookInfo) {
    web_sys::console::error_1(&info.to_string().into());
}

/// Call `f` on each `event` at `target`. A plain function, not a closure:
/// every distinct closure type would add its own glue to the download.
pub(super) fn listen(target: &web_sys::EventTarget, event: &str, f: fn(web_sys::Event)) {
    let cb = Closure::<dyn FnMut(web_sys::Event)>::new(f);
    let _ = target.add_event_listener_with_callback(event, cb.as_ref().unchecked_ref());
    cb.forget();
}

pub(super) fn select_value(doc: &Document, id: &str) -> String {
    doc.get_element_by_id(id)
        .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
        .map(|s| s.value())
        .unwrap_or_default()
}

pub(super) fn set_select(doc: &Document, id: &str, v: &str) {
    if let Some(s) = doc
        .get_element_by_id(id)
        .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
    {
        s.set_value(v);
    }
}

pub(super) fn checkbox(doc: &Document, id: &str) -> Option<HtmlInputElement> {
    doc.get_element_by_id(id)
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
}

pub(super) fn dialog(doc: &Document, id: &str) -> Option<HtmlDialogElement> {
    doc.get_element_by_id(id)
        .and_then(|e| e.dyn_into::<HtmlDialogElement>().ok())
}
