//! URL parameters and the `postMessage` API of the iframe embed.
//!
//! Parameters: `embed=1`, `rules`, `opponent`, `side`, `labels`, `lang`,
//! `notation`, `theme`, `origin` (comma-separated origins allowed to send
//! messages). A bad or malformed value is ignored with a console warning.
//! Any framed page (`window.top !== window`) is an embed, with or without
//! `embed=1`: no storage, no service worker.
//!
//! Messages out (to the parent): `{source: "jieqi", version: 1, type: "ready" |
//! "move" | "gameover" | "height", ...}`. Messages in, only from the parent
//! window and from an allowed origin: `{version: 1, type: "newGame", rules?,
//! opponent?, side?}`.

use wasm_bindgen::JsValue;
use web_sys::MessageEvent;

use crate::params::MessageFields;
pub use crate::params::{parse_side, NewGame, Opponent, Params, Theme, VERSION};

fn warn(text: &str) {
    web_sys::console::warn_1(&text.into());
}

/// Read the page's `?key=value` parameters (`params::parse_query`), print
/// its warnings; any framed page is an embed.
pub fn parse_query(query: &str) -> Params {
    let (mut p, warnings) = crate::params::parse_query(query);
    for w in warnings {
        warn(&w);
    }
    p.embed |= framed();
    p
}

/// Whether this page runs inside a frame (a framed page is always an embed).
pub fn framed() -> bool {
    let Some(win) = web_sys::window() else {
        return false;
    };
    match win.top() {
        Ok(Some(top)) => top != win,
        // No access to the top window at all: certainly not the top itself.
        _ => true,
    }
}

/// A `newGame` request in `e`, if it comes from the parent window and from
/// one of `origins`; anything else is ignored.
pub fn accept(e: &MessageEvent, origins: &[String]) -> Option<NewGame> {
    let win = web_sys::window()?;
    let parent = win.parent().ok().flatten()?;
    // Compared as plain values: a cross-origin parent is no `Window` instance here.
    let parent = JsValue::from(parent);
    let from_parent = e
        .source()
        .map(JsValue::from)
        .is_some_and(|s| s == parent && s != JsValue::from(win));
    if !from_parent || !origins.contains(&e.origin()) {
        return None;
    }
    parse_message(&e.data())
}

fn get_str(obj: &JsValue, key: &str) -> Option<String> {
    js_sys::Reflect::get(obj, &key.into()).ok()?.as_string()
}

/// Read an incoming message (`params::parse_message`); `None` for anything
/// that is not a valid request.
pub fn parse_message(data: &JsValue) -> Option<NewGame> {
    if !data.is_object() {
        return None;
    }
    let fields = MessageFields {
        version: js_sys::Reflect::get(data, &"version".into())
            .ok()
            .and_then(|v| v.as_f64()),
        kind: get_str(data, "type"),
        rules: get_str(data, "rules"),
        opponent: get_str(data, "opponent"),
        side: get_str(data, "side"),
        undo: get_str(data, "undo"),
        clock: get_str(data, "clock"),
    };
    let (g, warnings) = crate::params::parse_message(&fields);
    for w in warnings {
        warn(&w);
    }
    g
}

/// Post `{source, version, type, ...fields}` to the parent window.
pub fn post(origins: &[String], kind: &str, fields: &[(&str, JsValue)]) {
    let Some(win) = web_sys::window() else { return };
    let Ok(Some(parent)) = win.parent() else {
        return;
    };
    if parent == win {
        return; // not in a frame
    }
    let msg = js_sys::Object::new();
    let set = |k: &str, v: JsValue| {
        let _ = js_sys::Reflect::set(&msg, &k.into(), &v);
    };
    set("source", "jieqi".into());
    set("version", VERSION.into());
    set("type", kind.into());
    for (k, v) in fields {
        set(k, v.clone());
    }
    if origins.is_empty() {
        // Only public game events are sent; without an allowed origin any parent may read them.
        let _ = parent.post_message(&msg, "*");
    } else {
        for o in origins {
            let _ = parent.post_message(&msg, o);
        }
    }
}
