//! The client side of the AI worker: send a seat's view, take its answer
//! (stale answers are ignored by request id).

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

use super::embed;
use super::i18n::Key;
use crate::ai::Level;
use crate::protocol::{FromWorker, ToWorker};
use crate::rules::notation;
use crate::rules::{fen, movetext, Color, Seat};

use super::app::*;
use super::dom::*;

pub(super) fn start_worker(app: &Rc<RefCell<App>>) {
    let opts = WorkerOptions::new();
    opts.set_type(WorkerType::Classic);
    // The build tag in the URL keeps an HTTP cache from serving another build.
    let build = super::offline::build_tag();
    let url = if build.is_empty() {
        "./worker_loader.js".to_string()
    } else {
        format!("./worker_loader.js?build={build}")
    };
    let worker = match Worker::new_with_options(&url, &opts) {
        Ok(w) => w,
        Err(e) => {
            web_sys::console::error_2(&"cannot start the AI worker".into(), &e);
            return;
        }
    };
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        match serde_wasm_bindgen::from_value::<FromWorker>(e.data()) {
            Ok(msg) => with_app(|a| a.on_worker(msg)),
            Err(err) => warn(&format!("unexpected worker message: {err}")),
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    app.borrow_mut().worker = Some(worker);
}

impl App {
    pub(super) fn maybe_ask_ai(&mut self) {
        if let Some(level) = self.opponent {
            if self.game.turn() != self.human && self.game.outcome().is_none() {
                self.ask(level, self.human.other());
            }
        }
    }

    /// Send `c`'s view to the worker: only what that seat knows.
    pub(super) fn ask(&mut self, level: Level, c: Color) {
        let Some(w) = self.worker.as_ref() else {
            return;
        };
        if !self.worker_ready {
            return; // asked again when the worker says it is ready
        }
        let view = self.game.view(Seat::of(c));
        let id = self.next_id;
        self.next_id += 1;
        self.waiting = id;
        let msg = ToWorker::Think {
            id,
            fen: fen::write(&view.position),
            rules: self.game.rules(),
            recent: view.recent.iter().map(|k| format!("{k:x}")).collect(),
            level,
            seed: (js_sys::Math::random() * u32::MAX as f64) as u32,
            purpose: Default::default(),
            clock: None,
        };
        if let Ok(v) = serde_wasm_bindgen::to_value(&msg) {
            let _ = w.post_message(&v);
        }
        self.refresh_status();
    }

    pub(super) fn on_worker(&mut self, msg: FromWorker) {
        match msg {
            FromWorker::Ready { build } => {
                let mine = super::offline::build_tag();
                if build != mine {
                    // Never mix builds: the page's boot watchdog (index.html)
                    // clears the offline copy and reloads once.
                    web_sys::console::error_1(
                        &format!(
                            "AI worker of build '{build}' refused: this page is build '{mine}'"
                        )
                        .into(),
                    );
                    if let Some(w) = self.worker.take() {
                        w.terminate();
                    }
                    let _ = self
                        .doc
                        .body()
                        .map(|b| b.set_attribute("data-worker", "refused"));
                    return;
                }
                self.worker_ready = true;
                let _ = self
                    .doc
                    .body()
                    .map(|b| b.set_attribute("data-worker", "ready"));
                if self.embed {
                    embed::post(
                        &self.origins,
                        "ready",
                        &[("rules", self.game.rules().id().into())],
                    );
                }
                self.refresh_status();
                self.maybe_ask_ai();
            }
            FromWorker::Progress { id, depth, score } => {
                if id == self.waiting && self.hint_for.is_none() {
                    self.message_extra = format!(" · d{depth} {score:+}");
                    self.refresh_status();
                }
            }
            FromWorker::BestMove { id, mv } => {
                if id != self.waiting {
                    return; // a stale answer (new game, undo): never played
                }
                self.waiting = 0;
                // The answer ends only the wait it was for; a message for the
                // player (a saved game set aside, nothing to undo) stays
                // until the player acts.
                if self.message == Some(Key::LookingForHint) {
                    self.message = None;
                    self.message_extra.clear();
                }
                let m = mv.and_then(|t| movetext::parse(&t).ok()).map(|t| t.mv);
                if self.hint_for == Some(id) {
                    self.hint_for = None;
                    if let Some(m) = m.filter(|m| self.game.legal_moves().contains(m)) {
                        self.selected = Some(m.from);
                        self.dests = vec![m.to];
                        let text = notation::write(self.game.board(), m, self.notation);
                        self.say(Key::HintIs, format!(" {text}"));
                        self.publish_selection();
                    }
                    self.refresh_status();
                    self.redraw();
                    return;
                }
                let legal = self.game.legal_moves();
                let m = m
                    .filter(|m| legal.contains(m))
                    .or_else(|| legal.as_slice().first().copied());
                if let Some(m) = m {
                    self.play(m);
                    self.after_move();
                }
            }
            FromWorker::Error { message, .. } => {
                web_sys::console::error_1(&format!("AI: {message}").into());
                self.waiting = 0;
            }
        }
    }
}
