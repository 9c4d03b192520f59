//! The saved game and settings in localStorage. A saved game that cannot be
//! read is set aside under another key, never lost and never fatal.

use serde::{de::DeserializeOwned, Deserialize, Serialize};

const GAME_KEY: &str = "jieqi.game.v1";
const ASIDE_KEY: &str = "jieqi.game.unreadable";
const SETTINGS_KEY: &str = "jieqi.settings.v1";

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedGame {
    pub version: u32,
    pub rules: String,
    /// "easy" | "medium" | "hard" | "human"
    pub opponent: String,
    /// "red" | "black"
    pub human: String,
    /// The referee's move text (identities that were drawn).
    pub moves: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Settings {
    pub lang: String,
    pub labels: String,
    pub notation: String,
    pub sound: bool,
    pub anim_ms: f64,
    pub coords: bool,
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

fn save<T: Serialize>(key: &str, value: &T) {
    let Some(s) = storage() else { return };
    let text = serde_wasm_bindgen::to_value(value)
        .ok()
        .and_then(|v| js_sys::JSON::stringify(&v).ok())
        .and_then(|t| t.as_string());
    if let Some(t) = text {
        let _ = s.set_item(key, &t);
    }
}

/// The saved game's text and what it reads as (`None` if there is none).
pub fn load_game() -> Option<(String, Result<SavedGame, String>)> {
    let raw = load_raw(GAME_KEY)?;
    let parsed = match parse::<SavedGame>(&raw) {
        Ok(g) if g.version == 1 => Ok(g),
        Ok(g) => Err(format!("saved by another version ({})", g.version)),
        Err(e) => Err(e),
    };
    Some((raw, parsed))
}

pub fn save_game(g: &SavedGame) {
    save(GAME_KEY, g);
}

/// Keep an unreadable saved game aside, so nothing is lost.
pub fn set_aside(raw: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(ASIDE_KEY, raw);
        let _ = s.remove_item(GAME_KEY);
    }
}

pub fn load_settings() -> Option<Settings> {
    parse(&load_raw(SETTINGS_KEY)?).ok()
}

pub fn save_settings(s: &Settings) {
    save(SETTINGS_KEY, s);
}
