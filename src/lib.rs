//! Jieqi / Cờ úp (hidden-piece xiangqi) and hidden chess: the game flow
//! (`session`), saved games, the worker protocol, the command line and
//! the web shell (`web`), on the rules and the AI of the `jieqi-engine`
//! crate (re-exported here as `rules` and `ai`).

pub use jieqi_engine::{ai, rules};
pub mod params;
pub mod protocol;
pub mod saved;
pub mod session;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub mod web;

/// The page's words are pure: built on the host too when testing, so
/// that their tests run with `cargo test`.
#[cfg(all(test, not(all(target_arch = "wasm32", target_os = "unknown"))))]
#[allow(dead_code)]
#[path = "web/i18n.rs"]
mod i18n;

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub mod cli;
