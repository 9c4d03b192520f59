//! The web shell: canvas rendering, input, DOM panels, the worker client
//! and storage. Only this module touches the browser.

pub mod app;
pub mod render;
pub mod storage;
pub mod worker;
