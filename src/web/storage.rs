//! The saved game and settings in localStorage. A saved game that cannot be
//! read is set aside under another key, never lost and never fatal.

use serde::{de::DeserializeOwned, Deserialize, Serialize};

const GAME_KEY: &str = "jieqi.game.v1";
/// Saved games that could not be restored, newest last (a JSON list).
const ASIDE_KEY: &str = "jieqi.game.set-aside.v1";
/// How many set-aside games are kept.
const ASIDE_MAX: usize = 5;
const SETTINGS_KEY: &str = "jieqi.settings.v1";

pub use crate::saved::SavedGame;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Settings {
    pub lang: String,
    pub labels: String,
    pub notation: String,
    pub sound: bool,
    pub anim_ms: f64,
    pub coords: bool,
    #[serde(default)]
    pub theme: String,
    #[serde(default)]
    pub rotate: bool,
    #[serde(default)]
    pub percent: bool,
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn load_raw(key: &str) -> Option<String> {
    storage()?.get_item(key).ok()?
}

fn parse<T: DeserializeOwned>(raw: &str) -> Result<T, String> {
    let v = js_sys::JSON::parse(raw).map_err(|_| "not JSON".to_string())?;
    serde_wasm_bindgen::from_value(v).map_err(|e| e.to_string())
}

fn to_json<T: Serialize>(value: &T) -> Option<String> {
    serde_wasm_bindgen::to_value(value)
        .ok()
        .and_then(|v| js_sys::JSON::stringify(&v).ok())
        .and_then(|t| t.as_string())
}

fn save<T: Serialize>(key: &str, value: &T) {
    let Some(s) = storage() else { return };
    if let Some(t) = to_json(value) {
        let _ = s.set_item(key, &t);
    }
}

/// A stored game of either family.
pub enum Stored {
    Jieqi(SavedGame),
    Chess(crate::saved::SavedChess),
}

/// Just the rules of a stored game, to know which record to read.
#[derive(Deserialize)]
struct Head {
    rules: String,
}

/// The saved game's text and what it reads as (`None` if there is none);
/// `SavedGame::resume` checks the fields.
pub fn load_game() -> Option<(String, Result<Stored, String>)> {
    let raw = load_raw(GAME_KEY)?;
    let chess = parse::<Head>(&raw).is_ok_and(|h| crate::saved::is_chess_rules(&h.rules));
    let parsed = if chess {
        parse(&raw).map(Stored::Chess)
    } else {
        parse(&raw).map(Stored::Jieqi)
    };
    Some((raw, parsed))
}

/// Store a chess game; returns the text stored.
pub fn save_chess(g: &crate::saved::SavedChess) -> Option<String> {
    let s = storage()?;
    let t = to_json(g)?;
    s.set_item(GAME_KEY, &t).ok()?;
    Some(t)
}

/// Is any game stored (readable or not)?
pub fn has_game() -> bool {
    load_raw(GAME_KEY).is_some()
}

/// Store the game; returns the text stored.
pub fn save_game(g: &SavedGame) -> Option<String> {
    let s = storage()?;
    let t = to_json(g)?;
    s.set_item(GAME_KEY, &t).ok()?;
    Some(t)
}

/// The key of the saved game (other tabs' `storage` events name it).
pub const GAME: &str = GAME_KEY;

/// A saved game that could not be restored, kept for a later look.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SetAside {
    /// When it was set aside (ISO 8601).
    pub time: String,
    /// Why it could not be restored.
    pub error: String,
    /// The saved text as it was.
    pub raw: String,
}

/// Keep an unreadable saved game aside (the last `ASIDE_MAX` of them, with
/// the time and the error), then remove the original: only once the copy
/// is stored, so nothing is lost on a storage error. Returns whether the
/// copy was stored.
pub fn set_aside(raw: &str, error: &str) -> bool {
    let Some(s) = storage() else { return false };
    let mut list: Vec<SetAside> = match load_raw(ASIDE_KEY) {
        None => Vec::new(),
        Some(text) => parse(&text).unwrap_or_else(|_| {
            // Not a list we wrote: keep it as one more entry.
            vec![SetAside {
                time: String::new(),
                error: "an earlier set-aside list that could not be read".into(),
                raw: text,
            }]
        }),
    };
    list.push(SetAside {
        time: js_sys::Date::new_0().to_iso_string().into(),
        error: error.into(),
        raw: raw.into(),
    });
    let excess = list.len().saturating_sub(ASIDE_MAX);
    list.drain(..excess);
    // If storage is full, older copies give way to the newest one.
    loop {
        if to_json(&list).is_some_and(|t| s.set_item(ASIDE_KEY, &t).is_ok()) {
            let _ = s.remove_item(GAME_KEY);
            return true;
        }
        if list.len() <= 1 {
            return false;
        }
        list.remove(0);
    }
}

pub fn load_settings() -> Option<Settings> {
    parse(&load_raw(SETTINGS_KEY)?).ok()
}

pub fn save_settings(s: &Settings) {
    save(SETTINGS_KEY, s);
}
