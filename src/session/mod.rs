//! Game flow, pure and natively tested: the building blocks the session
//! uses (settings, clocks, export and import of a game).

pub mod clock;
pub mod config;
pub mod export;
