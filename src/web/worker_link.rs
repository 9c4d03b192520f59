//! The AI worker as a browser object: start it, post to it, stop it. It
//! knows nothing of the game: the shell hands it a callback for what the
//! worker says, and what goes wrong with it.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

use crate::protocol::{FromWorker, ToWorker};

/// What the worker said, or that it failed.
pub enum Heard {
    Message(FromWorker),
    /// It could not load, threw, or sent something unreadable.
    Failed(String),
}

/// Start a worker of this build; `on` hears everything it says.
pub fn spawn(build: &str, on: impl Fn(Heard) + 'static) -> Option<Worker> {
    let opts = WorkerOptions::new();
    // A module worker: `worker_loader.js` imports the page's own wasm
    // glue (scripts/postbuild.mjs writes it), so the site ships one wasm.
    opts.set_type(WorkerType::Module);
    // The build tag in the URL keeps an HTTP cache from serving another build.
    let url = if build.is_empty() {
        "./worker_loader.js".to_string()
    } else {
        format!("./worker_loader.js?build={build}")
    };
    let worker = match Worker::new_with_options(&url, &opts) {
        Ok(w) => w,
        Err(e) => {
            web_sys::console::error_2(&"cannot start the AI worker".into(), &e);
            return None;
        }
    };
    let on = std::rc::Rc::new(on);
    let on_msg = on.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        match serde_wasm_bindgen::from_value::<FromWorker>(e.data()) {
            Ok(msg) => on_msg(Heard::Message(msg)),
            Err(err) => on_msg(Heard::Failed(format!("unexpected worker message: {err}"))),
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let on_err = on.clone();
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        let text = e
            .dyn_ref::<web_sys::ErrorEvent>()
            .map(|e| e.message())
            .unwrap_or_else(|| "the AI worker failed".into());
        on_err(Heard::Failed(text));
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    worker.set_onmessageerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    Some(worker)
}

pub fn post(worker: &Worker, msg: &ToWorker) -> bool {
    serde_wasm_bindgen::to_value(msg)
        .ok()
        .is_some_and(|v| worker.post_message(&v).is_ok())
}
