//! The rules of both games and the AI: pure Rust, no web code, tested
//! natively. The page, the worker and the command line (the `jieqi`
//! crate) sit on top.
//!
//! A crate of its own so that the one wasm of the site can hold the page
//! optimised for size and this crate, the search, optimised for speed
//! (Cargo's per-package `opt-level`, see the workspace's Cargo.toml).

pub mod ai;
pub mod rules;
