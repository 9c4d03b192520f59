//! The web shell: canvas rendering, input, DOM panels, the worker client
//! and storage. Only this module touches the browser.

pub mod a11y;
pub mod app;
pub mod embed;
pub mod i18n;
pub mod offline;
pub mod render;
pub mod sound;
pub mod storage;
pub mod worker;
