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

use super::i18n::Lang;
use super::render::Labels;
use crate::ai::Level;
use crate::rules::notation::Notation;
use crate::rules::{Color, RuleSet};

pub const VERSION: u32 = 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    Auto,
    Light,
    Dark,
}

/// Who plays: an AI level or two people on this device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    Ai(Level),
    Human,
}

impl Opponent {
    pub fn parse(s: &str) -> Option<Opponent> {
        if s == "human" {
            Some(Opponent::Human)
        } else {
            Level::from_id(s).map(Opponent::Ai)
        }
    }
    pub fn level(self) -> Option<Level> {
        match self {
            Opponent::Ai(l) => Some(l),
            Opponent::Human => None,
        }
    }
}

/// The side the player takes; `None` = random.
pub fn parse_side(s: &str) -> Option<Option<Color>> {
    match s {
        "red" => Some(Some(Color::Red)),
        "black" => Some(Some(Color::Black)),
        "random" => Some(None),
        _ => None,
    }
}

#[derive(Clone, Debug, Default)]
pub struct Params {
    pub embed: bool,
    pub rules: Option<RuleSet>,
    pub opponent: Option<Opponent>,
    pub side: Option<Option<Color>>,
    pub labels: Option<Labels>,
    pub lang: Option<Lang>,
    pub notation: Option<Notation>,
    pub theme: Option<Theme>,
    pub origins: Vec<String>,
}

fn warn(text: &str) {
    web_sys::console::warn_1(&text.into());
}

/// Read and validate `?key=value` parameters. Pure apart from warnings.
pub fn parse_query(query: &str) -> Params {
    let mut p = Params::default();
    for pair in query
        .trim_start_matches('?')
        .split('&')
        .filter(|s| !s.is_empty())
    {
        let (k, raw) = pair.split_once('=').unwrap_or((pair, ""));
        // `+` is a space in a query; a malformed escape (`%E0%A4`) is a bad value.
        let Some(v) = js_sys::decode_uri_component(&raw.replace('+', " "))
            .ok()
            .and_then(|s| s.as_string())
        else {
            warn(&format!(
                "jieqi: malformed value '{}' for URL parameter '{k}' ignored",
                raw.chars().take(40).collect::<String>()
            ));
            continue;
        };
        let v = v.trim();
        let ok = match k {
            "embed" => {
                p.embed = matches!(v, "1" | "true" | "");
                matches!(v, "1" | "true" | "" | "0" | "false")
            }
            "rules" => RuleSet::from_id(v).map(|r| p.rules = Some(r)).is_some(),
            "opponent" | "level" => Opponent::parse(v).map(|o| p.opponent = Some(o)).is_some(),
            "side" => parse_side(v).map(|s| p.side = Some(s)).is_some(),
            "labels" | "pieces" => Labels::from_id(v).map(|l| p.labels = Some(l)).is_some(),
            "lang" => Lang::from_tag(v).map(|l| p.lang = Some(l)).is_some(),
            "notation" => Notation::from_id(v).map(|n| p.notation = Some(n)).is_some(),
            "theme" => {
                let t = match v {
                    "auto" => Some(Theme::Auto),
                    "light" => Some(Theme::Light),
                    "dark" => Some(Theme::Dark),
                    _ => None,
                };
                t.map(|t| p.theme = Some(t)).is_some()
            }
            "origin" => {
                for o in v.split(',').map(str::trim).filter(|o| !o.is_empty()) {
                    match web_sys::Url::new(o) {
                        Ok(u) if u.origin() != "null" && (u.protocol() == "https:" || u.protocol() == "http:") => p.origins.push(u.origin()),
                        _ => warn(&format!("jieqi embed: ignoring origin '{o}' (expected e.g. https://example.org)")),
                    }
                }
                true
            }
            _ => {
                warn(&format!("jieqi: unknown URL parameter '{k}' ignored"));
                true
            }
        };
        if !ok {
            warn(&format!(
                "jieqi: bad value '{v}' for URL parameter '{k}' ignored"
            ));
        }
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

/// A `newGame` request from the parent, validated field by field.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NewGame {
    pub rules: Option<RuleSet>,
    pub opponent: Option<Opponent>,
    pub side: Option<Option<Color>>,
}

fn get_str(obj: &JsValue, key: &str) -> Option<String> {
    js_sys::Reflect::get(obj, &key.into()).ok()?.as_string()
}

/// Read an incoming message; `None` for anything that is not a valid request.
pub fn parse_message(data: &JsValue) -> Option<NewGame> {
    if !data.is_object() {
        return None;
    }
    let version = js_sys::Reflect::get(data, &"version".into())
        .ok()?
        .as_f64()?;
    if version != VERSION as f64 || get_str(data, "type")? != "newGame" {
        return None;
    }
    let mut g = NewGame::default();
    if let Some(r) = get_str(data, "rules") {
        g.rules = RuleSet::from_id(&r);
        if g.rules.is_none() {
            warn(&format!(
                "jieqi embed: bad rules '{}' ignored",
                r.chars().take(20).collect::<String>()
            ));
        }
    }
    if let Some(o) = get_str(data, "opponent") {
        g.opponent = Opponent::parse(&o);
        if g.opponent.is_none() {
            warn("jieqi embed: bad opponent ignored");
        }
    }
    if let Some(s) = get_str(data, "side") {
        g.side = parse_side(&s);
        if g.side.is_none() {
            warn("jieqi embed: bad side ignored");
        }
    }
    Some(g)
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
