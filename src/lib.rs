//! Jieqi / Cờ úp (hidden-piece xiangqi): the rules engine and the AI.
//! Both are pure Rust and test natively; the web shell lives in `web`.

pub mod ai;
pub mod params;
pub mod protocol;
pub mod rules;
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
