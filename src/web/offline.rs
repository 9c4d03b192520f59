//! The service worker: precaches the built site (see scripts/postbuild.mjs)
//! so the game plays offline; a new deployment waits until the player
//! accepts "update available", so versions are never mixed.
//!
//! One update path: the button asks the waiting worker to take over, and the
//! `controllerchange` that follows reloads the page, once. `?sw=off` retires
//! the worker (index.html unregisters it and deletes its caches) and
//! registers nothing.

use std::cell::Cell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ServiceWorker, ServiceWorkerRegistration, ServiceWorkerState};

thread_local! {
    static RELOADING: Cell<bool> = const { Cell::new(false) };
    /// The player accepted the update: the next `controllerchange` reloads.
    static UPDATING: Cell<bool> = const { Cell::new(false) };
}

/// The build tag `scripts/postbuild.mjs` stamps into the page
/// (`<meta name="jieqi-build">`); empty in a build without it.
pub fn build_tag() -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("meta[name=jieqi-build]").ok().flatten())
        .and_then(|m| m.get_attribute("content"))
        .unwrap_or_default()
}

/// Whether the page was opened with the retire switch `?sw=off`.
fn retired(win: &web_sys::Window) -> bool {
    let search = win.location().search().unwrap_or_default();
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()
        .and_then(|p| p.get("sw"))
        .is_some_and(|v| v == "off")
}

/// Reload the page, at most once however many events ask for it.
fn reload_once() {
    if RELOADING.with(|r| r.replace(true)) {
        return;
    }
    if let Some(w) = web_sys::window() {
        let _ = w.location().reload();
    }
}

fn show_update_button(waiting: ServiceWorker) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(b) = doc
        .get_element_by_id("btn-update")
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    b.set_hidden(false);
    let cb = Closure::<dyn FnMut()>::new(move || {
        // The new worker takes over; `controllerchange` then reloads the page.
        UPDATING.with(|u| u.set(true));
        let _ = waiting.post_message(&"skipWaiting".into());
    });
    b.set_onclick(Some(cb.as_ref().unchecked_ref()));
    cb.forget();
}

fn watch(reg: ServiceWorkerRegistration) {
    if let Some(w) = reg.waiting() {
        show_update_button(w);
    }
    let reg2 = reg.clone();
    let on_found = Closure::<dyn FnMut()>::new(move || {
        let Some(installing) = reg2.installing() else {
            return;
        };
        let inst = installing.clone();
        let on_state = Closure::<dyn FnMut()>::new(move || {
            let controlled = web_sys::window()
                .and_then(|w| w.navigator().service_worker().controller())
                .is_some();
            if inst.state() == ServiceWorkerState::Installed && controlled {
                show_update_button(inst.clone());
            }
        });
        installing.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
        on_state.forget();
    });
    reg.set_onupdatefound(Some(on_found.as_ref().unchecked_ref()));
    on_found.forget();
}

pub fn register() {
    let Some(win) = web_sys::window() else { return };
    let nav = win.navigator();
    if !js_sys::Reflect::has(&nav, &"serviceWorker".into()).unwrap_or(false) {
        return; // not a secure context, or no support
    }
    if retired(&win) {
        return; // index.html has unregistered it and deleted its caches
    }
    let container = nav.service_worker();
    let on_change = Closure::<dyn FnMut()>::new(move || {
        // Only the update the player accepted reloads; a first install
        // claiming the page changes nothing it shows.
        if UPDATING.with(Cell::get) {
            reload_once();
        }
    });
    container.set_oncontrollerchange(Some(on_change.as_ref().unchecked_ref()));
    on_change.forget();
    let on_ok = Closure::<dyn FnMut(JsValue)>::new(move |r: JsValue| {
        if let Ok(reg) = r.dyn_into::<ServiceWorkerRegistration>() {
            let _ = win
                .document()
                .and_then(|d| d.document_element())
                .map(|e| e.set_attribute("data-sw", "registered"));
            watch(reg);
        }
    });
    let on_err = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
        web_sys::console::warn_2(&"service worker not registered".into(), &e);
    });
    // A stable URL: the worker's bytes carry the build (its cache name), so a
    // new deployment is found by the browser's byte check. A URL that changed
    // with each build would install the same worker a second time after the
    // update, and offer "update available" twice.
    let _ = container.register("./sw.js").then2(&on_ok, &on_err);
    on_ok.forget();
    on_err.forget();
}
