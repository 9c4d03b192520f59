//! The AI worker: receives a seat's view, answers with a move. The page
//! learns it is ready only once the message handler is installed.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::protocol::{Engine, FromWorker, ToWorker};

fn post(scope: &DedicatedWorkerGlobalScope, msg: &FromWorker) {
    if let Ok(v) = serde_wasm_bindgen::to_value(msg) {
        let _ = scope.post_message(&v);
    }
}

/// The build tag `scripts/postbuild.mjs` stamps into `worker_loader.js`
/// (`self.JIEQI_BUILD`); empty in a build without it.
fn build_tag() -> String {
    js_sys::Reflect::get(&js_sys::global(), &"JIEQI_BUILD".into())
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

pub fn start() {
    std::panic::set_hook(Box::new(super::dom::log_panic));
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    // Two searchers, the AI's seat (16 MiB) and hints (8 MiB): together
    // they keep the worker under 32 MiB.
    let engine = Rc::new(RefCell::new(Engine::new()));
    let scope2 = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let msg: ToWorker = match serde_wasm_bindgen::from_value(e.data()) {
            Ok(m) => m,
            Err(err) => {
                post(
                    &scope2,
                    &FromWorker::Error {
                        id: 0,
                        message: format!("bad message: {err}"),
                    },
                );
                return;
            }
        };
        let s2 = scope2.clone();
        let reply = engine.borrow_mut().handle(msg, &mut |p| post(&s2, &p));
        post(&scope2, &reply);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&scope, &FromWorker::Ready { build: build_tag() });
}
