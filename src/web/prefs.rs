//! The player's display settings: typed, with defaults that follow the
//! language, stored (outside an embed) as `storage::Settings`.

use super::storage::{self, Settings};
use crate::params::{Labels, Lang, Theme};
use crate::rules::xiangqi::notation::Notation;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prefs {
    pub lang: Lang,
    pub labels: Labels,
    pub notation: Notation,
    pub sound: bool,
    /// One slide in ms (0: none).
    pub anim_ms: f64,
    pub coords: bool,
    pub theme: Theme,
    /// Two players: turn the board for the side to move.
    pub rotate: bool,
    /// Show the face-down pools as percentages.
    pub percent: bool,
}

impl Prefs {
    /// Defaults for a language: international letters and WXF for English
    /// and French players (Chinese characters one setting away), Vietnamese
    /// letters and notation for Vietnamese, Chinese for Chinese.
    pub fn for_lang(lang: Lang, reduced_motion: bool) -> Prefs {
        let (labels, notation) = match lang {
            Lang::En | Lang::Fr => (Labels::International, Notation::Wxf),
            Lang::Vi => (Labels::Vietnamese, Notation::Vietnamese),
            Lang::Zh => (Labels::Chinese, Notation::Chinese),
        };
        Prefs {
            lang,
            labels,
            notation,
            sound: true,
            anim_ms: if reduced_motion { 0.0 } else { 200.0 },
            coords: true,
            theme: Theme::Auto,
            rotate: false,
            percent: false,
        }
    }

    /// Stored settings over the defaults (unknown values keep the default).
    pub fn with_stored(mut self, s: &Settings) -> Prefs {
        if let Some(l) = Lang::from_tag(&s.lang) {
            self = Prefs {
                lang: l,
                ..Prefs::for_lang(l, self.anim_ms == 0.0)
            };
        }
        self.labels = Labels::from_id(&s.labels).unwrap_or(self.labels);
        self.notation = Notation::from_id(&s.notation).unwrap_or(self.notation);
        self.sound = s.sound;
        if s.anim_ms.is_finite() && (0.0..=1000.0).contains(&s.anim_ms) {
            self.anim_ms = s.anim_ms;
        }
        self.coords = s.coords;
        self.theme = theme_from_id(&s.theme).unwrap_or(self.theme);
        self.rotate = s.rotate;
        self.percent = s.percent;
        self
    }

    pub fn save(&self) {
        storage::save_settings(&Settings {
            lang: self.lang.id().into(),
            labels: self.labels.id().into(),
            notation: self.notation.id().into(),
            sound: self.sound,
            anim_ms: self.anim_ms,
            coords: self.coords,
            theme: theme_id(self.theme).into(),
            rotate: self.rotate,
            percent: self.percent,
        });
    }
}

pub fn theme_id(t: Theme) -> &'static str {
    match t {
        Theme::Auto => "auto",
        Theme::Light => "light",
        Theme::Dark => "dark",
    }
}

pub fn theme_from_id(s: &str) -> Option<Theme> {
    match s {
        "auto" => Some(Theme::Auto),
        "light" => Some(Theme::Light),
        "dark" => Some(Theme::Dark),
        _ => None,
    }
}
