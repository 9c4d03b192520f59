//! The web shell: canvas rendering, input, DOM panels, the worker client
//! and storage. Only this module touches the browser.

pub mod a11y;
pub mod app;
mod dom;
pub mod embed;
pub mod i18n;
mod input;
pub mod offline;
mod panels;
pub mod render;
pub mod sound;
pub mod storage;
pub mod worker;
mod worker_client;
