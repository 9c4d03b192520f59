//! The saved game and settings in localStorage. A saved game that cannot be
//! read is set aside under another key, never lost and never fatal.

use serde::{Deserialize, Serialize};

const GAME_KEY: &str = "jieqi.game.v1";
const ASIDE_KEY: &str = "jieqi.game.unreadable";

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedGame {
    pub version: u32,
    pub rules: String,
    /// "easy" | "medium" | "hard" | "human"
    pub opponent: String,
    /// "red" | "black"
    pub human: String,
    pub labels: String,
    /// The referee's move text (identities that were drawn).
    pub moves: Vec<String>,
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

pub fn load_raw() -> Option<String> {
    storage()?.get_item(GAME_KEY).ok()?
}

pub fn parse(raw: &str) -> Result<SavedGame, String> {
    let v = js_sys::JSON::parse(raw).map_err(|_| "not JSON".to_string())?;
    let g: SavedGame = serde_wasm_bindgen::from_value(v).map_err(|e| e.to_string())?;
    if g.version != 1 {
        return Err(format!("saved by another version ({})", g.version));
    }
    Ok(g)
}

pub fn save(g: &SavedGame) {
    let Some(s) = storage() else { return };
    if let Ok(v) = serde_wasm_bindgen::to_value(g) {
        if let Ok(text) = js_sys::JSON::stringify(&v) {
            if let Some(t) = text.as_string() {
                let _ = s.set_item(GAME_KEY, &t);
            }
        }
    }
}

/// Keep an unreadable saved game aside, so nothing is lost.
pub fn set_aside(raw: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(ASIDE_KEY, raw);
        let _ = s.remove_item(GAME_KEY);
    }
}
