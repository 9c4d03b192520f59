//! The DOM around the board: status, move list, pools, captures, result
//! dialog, words of the chosen language, and the accessible points' labels.

use wasm_bindgen::JsCast;

use super::a11y;
use super::i18n::{self, Key};
use super::render::Labels;
use crate::rules::notation::{self, Notation};
use crate::rules::ruleset::CaptureKnowledge;
use crate::rules::{Color, Outcome};

use super::app::*;
use super::dom::*;

impl App {
    /// Put the chosen language's words into every `data-i18n` element.
    pub(super) fn apply_language(&self) {
        let w = i18n::words(self.lang);
        if let Some(e) = el(&self.doc, "move-label") {
            e.set_text_content(Some(w.type_move));
        }
        // The example in the move box follows the chosen notation.
        if let Some(e) = el(&self.doc, "move-input") {
            let example = match self.notation {
                Notation::Wxf => "h2e2 · C2.5",
                Notation::Chinese => "h2e2 · 炮二平五",
                Notation::Vietnamese => "h2e2 · P2-5",
                Notation::Coordinates => "h2e2",
            };
            let _ = e.set_attribute("placeholder", example);
        }
        if let Some(e) = el(&self.doc, "move-play") {
            e.set_text_content(Some(w.play));
        }
        if let Some(e) = el(&self.doc, "btn-update") {
            e.set_text_content(Some(w.update));
        }
        if let Some(root) = self.doc.document_element() {
            let _ = root.set_attribute("lang", self.lang.id());
        }
        if let Ok(list) = self.doc.query_selector_all("[data-i18n]") {
            for i in 0..list.length() {
                let Some(e) = list
                    .item(i)
                    .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
                else {
                    continue;
                };
                if let Some(k) = e
                    .get_attribute("data-i18n")
                    .and_then(|n| i18n::key_from_name(&n))
                {
                    e.set_text_content(Some(self.t(k)));
                }
            }
        }
    }

    /// Mirror the selection into data attributes and the accessible points.
    pub(super) fn publish_selection(&self) {
        let sel = self.selected.map(|s| s.to_string()).unwrap_or_default();
        let dests: Vec<String> = self.dests.iter().map(|d| d.to_string()).collect();
        let _ = self.canvas.set_attribute("data-selected", &sel);
        let _ = self.canvas.set_attribute("data-dests", &dests.join(" "));
        let live = self.review.is_none();
        a11y::update(
            &self.doc,
            &self.shown(),
            self.selected.filter(|_| live),
            if live { &self.dests } else { &[] },
            self.lang,
            self.focus,
        );
    }

    pub(super) fn outcome_text(&self, o: Outcome) -> String {
        let reason = i18n::reason(self.lang, o.reason);
        match o.winner {
            Some(c) => format!(
                "{} {} · {}",
                i18n::color(self.lang, c),
                self.t(Key::Wins),
                reason
            ),
            None => format!("{} · {}", self.t(Key::Draw), reason),
        }
    }

    pub(super) fn show_result(&self, o: Outcome) {
        if let Some(p) = el(&self.doc, "result-text") {
            p.set_text_content(Some(&self.outcome_text(o)));
            let _ = p.set_attribute("data-winner", o.winner.map_or("none", |c| c.name()));
            let _ = p.set_attribute("data-reason", o.reason.text());
        }
        // Captured face-down identities the rules now disclose to this seat.
        let view = self.game.view(self.seat());
        let disclosed: Vec<String> = view
            .captured
            .iter()
            .flatten()
            .filter(|c| c.was_hidden)
            .map(|c| match c.role {
                Some(r) => self.label(c.color, r).to_string(),
                None => format!("? ({})", self.t(Key::Unknown)),
            })
            .collect();
        if let Some(p) = el(&self.doc, "result-detail") {
            let t = if disclosed.is_empty() {
                String::new()
            } else {
                format!("{} {}", self.t(Key::CapturedFaceDown), disclosed.join(" "))
            };
            p.set_text_content(Some(&t));
        }
        if let Some(d) = dialog(&self.doc, "dlg-result") {
            if !d.open() {
                let _ = d.show_modal();
            }
        }
    }

    pub(super) fn label(&self, c: Color, r: crate::rules::Role) -> &'static str {
        notation::role_label(
            r,
            c,
            self.labels == Labels::Chinese,
            self.labels == Labels::Vietnamese,
        )
    }

    pub(super) fn refresh_status(&self) {
        let Some(s) = el(&self.doc, "status") else {
            return;
        };
        let turn = self.game.turn();
        let text = if let Some(k) = self.review {
            format!(
                "{} {}/{} — {}",
                self.t(Key::Reviewing),
                k,
                self.game.ply(),
                self.t(Key::BackToGame)
            )
        } else if let Some(o) = self.game.outcome() {
            self.outcome_text(o)
        } else if let Some(m) = self.message {
            format!("{}{}", self.t(m), self.message_extra)
        } else if self.waiting != 0 {
            format!("{}{}", self.t(Key::Thinking), self.message_extra)
        } else if !self.worker_ready && self.opponent.is_some() {
            self.t(Key::StartingAi).to_string()
        } else {
            let who = match (self.opponent, turn) {
                (Some(_), c) if c == self.human => self.t(Key::YourMove),
                (Some(_), _) => self.t(Key::AiToMove),
                (None, Color::Red) => self.t(Key::RedToMove),
                (None, Color::Black) => self.t(Key::BlackToMove),
            };
            let check = if self.game.board().in_check() {
                format!(" · {}", self.t(Key::Check))
            } else {
                String::new()
            };
            match self.opponent {
                Some(_) => format!("{who} ({}){check}", i18n::color(self.lang, turn)),
                None => format!("{who}{check}"),
            }
        };
        s.set_text_content(Some(&text));
        let _ = s.set_attribute("title", &text);
        let _ = s.set_attribute("data-thinking", if self.waiting != 0 { "1" } else { "0" });
        let _ = s.set_attribute("data-turn", turn.name());
        let _ = s.set_attribute(
            "data-ready",
            if self.worker_ready || self.opponent.is_none() {
                "1"
            } else {
                "0"
            },
        );
    }

    pub(super) fn refresh_panels(&self) {
        self.refresh_status();
        self.publish_selection();
        let doc = &self.doc;
        // Move list: one row per move pair, each ply a button to review it.
        if let Some(ol) = el(doc, "moves") {
            ol.set_text_content(None);
            let current = self.review.unwrap_or(self.game.ply());
            for (row, pair) in self.log.chunks(2).enumerate() {
                let Ok(li) = doc.create_element("li") else {
                    continue;
                };
                for (j, m) in pair.iter().enumerate() {
                    let ply = row * 2 + j + 1;
                    if let Ok(b) = doc.create_element("button") {
                        b.set_class_name("mv");
                        b.set_text_content(Some(m));
                        let _ = b.set_attribute("type", "button");
                        let _ = b.set_attribute("data-ply", &ply.to_string());
                        if ply == current && self.review.is_some() {
                            let _ = b.set_attribute("aria-current", "true");
                        }
                        let _ = li.append_child(&b);
                    }
                }
                let _ = ol.append_child(&li);
            }
            if self.review.is_none() {
                ol.set_scroll_top(ol.scroll_height());
            }
        }
        let view = self.game.view(self.seat());
        if let Some(div) = el(doc, "pools") {
            div.set_text_content(None);
            for c in [Color::Red, Color::Black] {
                let hidden = view.position.hidden_count(c);
                let pool = view.position.pool(c);
                let total = pool.total().max(1) as f64;
                let parts: Vec<String> = pool
                    .entries()
                    .map(|(r, n)| {
                        format!(
                            "{} {}%",
                            self.label(c, r),
                            (n as f64 / total * 100.0).round() as i64
                        )
                    })
                    .collect();
                let line = format!(
                    "{} · {}: {}",
                    i18n::color(self.lang, c),
                    hidden,
                    if hidden == 0 {
                        "—".into()
                    } else {
                        parts.join("  ")
                    }
                );
                if let Ok(d) = doc.create_element("div") {
                    d.set_class_name("pool-row");
                    d.set_text_content(Some(&line));
                    let _ = div.append_child(&d);
                }
            }
        }
        if let Some(div) = el(doc, "captured") {
            div.set_text_content(None);
            // Two players share this device: what only the capturer may know
            // stays behind a cover until that player taps it.
            let private = self.opponent.is_none()
                && match self.game.rules().capture_knowledge() {
                    CaptureKnowledge::Nobody => false,
                    CaptureKnowledge::CapturerOnly => true,
                    CaptureKnowledge::CapturerThenAll => self.game.outcome().is_none(),
                };
            for c in [Color::Red, Color::Black] {
                let Ok(d) = doc.create_element("div") else {
                    continue;
                };
                d.set_class_name("pool-row");
                let _ = d.append_child(
                    &doc.create_text_node(&format!("{}: ", i18n::color(self.lang, c))),
                );
                let list = &view.captured[c.index()];
                if list.is_empty() {
                    let _ = d.append_child(&doc.create_text_node("—"));
                }
                for x in list {
                    let truth = self.game.history()[x.ply].played.capture_id;
                    if private && x.was_hidden && truth.is_some() {
                        let capturer = c.other();
                        let Ok(b) = doc.create_element("button") else {
                            continue;
                        };
                        b.set_class_name("private");
                        let _ = b.set_attribute("type", "button");
                        let _ = b.set_attribute("data-peek", &x.ply.to_string());
                        let text = match (self.peek == Some(x.ply), truth) {
                            (true, Some(r)) => self.label(c, r).to_string(),
                            _ => format!(
                                "🔒 {} {} · {}",
                                i18n::color(self.lang, capturer),
                                self.t(Key::EyesOnly),
                                self.t(Key::TapToSee)
                            ),
                        };
                        b.set_text_content(Some(&text));
                        let _ = d.append_child(&b);
                    } else {
                        let text = x.role.map_or("?", |r| self.label(c, r));
                        let _ = d.append_child(&doc.create_text_node(&format!("{text} ")));
                    }
                }
                let _ = div.append_child(&d);
            }
        }
    }
}
