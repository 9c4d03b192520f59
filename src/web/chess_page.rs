//! The page playing chess or hidden chess: the same shell, panels and
//! effects as a Jieqi game, around a `ChessSession`, an 8x8 board drawn by
//! `chess_render` and 64 accessible squares. The shell is in this mode
//! while `Shell::chess` holds a game.

use wasm_bindgen::JsCast;

use super::a11y;
use super::chess_render::{self, Scene};
use super::dom::*;
use super::i18n::{self, ChessText};
use super::play::{hex_keys, kind_of_choice, seed, ChessPlay, Drag};
use super::shell::Shell;
use super::storage;
use super::view;
use crate::protocol::ToWorker;
use crate::rules::chess::{self, Kind, Piece, Square, Variant};
use crate::session::chess_record::ChessRecord;
use crate::session::{ChessEffect, ChessEvent, ChessPost, ChessSession, Effect};

impl Shell {
    /// Play chess from now on (a new game, a restored one, the embed's).
    pub fn start_chess(&mut self, session: ChessSession) {
        let ready = self.worker_ready();
        self.drag = None;
        self.chess = Some(ChessPlay::new(session));
        self.chess_feed(ChessEvent::SetAnimation(self.prefs.anim_ms));
        self.chess_feed(ChessEvent::SetRotate(self.prefs.rotate));
        if ready {
            self.chess_feed(ChessEvent::WorkerReady);
        }
        a11y::build_chess(&self.doc);
        view::language(&self.doc, &self.prefs);
        // The layout's square board first: the board is fitted into it.
        if let Some(root) = self.doc.document_element() {
            let _ = root.set_attribute("data-board", "chess");
        }
        self.resize();
        self.render();
    }

    pub fn chess_dispatch(&mut self, ev: ChessEvent) {
        self.chess_feed(ev);
        self.mark_dirty();
        self.schedule();
    }

    /// Hand an event to the chess session and carry out its effects;
    /// returns whether there were any besides animating.
    pub fn chess_feed(&mut self, ev: ChessEvent) -> bool {
        let Some(c) = self.chess.as_mut() else {
            return false;
        };
        let fx = c.session.handle(ev, now());
        let changed = fx.iter().any(|e| *e != ChessEffect::Animate);
        for e in fx {
            self.chess_apply(e);
        }
        changed
    }

    fn chess_apply(&mut self, e: ChessEffect) {
        // What the families share goes through the Jieqi path.
        let shared = match e {
            ChessEffect::Think(req) => {
                let msg = ToWorker::ThinkChess {
                    id: req.id,
                    fen: req.fen,
                    variant: req.rules,
                    recent: hex_keys(&req.recent),
                    level: req.level,
                    seed: seed(),
                    purpose: req.purpose,
                    clock: req.clock,
                };
                if !self.ask_worker(&msg) {
                    self.chess_feed(ChessEvent::WorkerFailed);
                }
                return;
            }
            ChessEffect::AnnounceMove { ply } => return self.chess_announce_move(ply),
            ChessEffect::Save => return self.save(),
            ChessEffect::ShowResult => {
                if let Some(c) = &self.chess {
                    view::result(&self.doc, &c.session, &self.prefs);
                }
                Effect::ShowResult
            }
            ChessEffect::Post(p) => {
                if self.embed {
                    self.chess_post(p);
                }
                return;
            }
            ChessEffect::Cancel { id } => Effect::Cancel { id },
            ChessEffect::RestartWorker { delay_ms } => Effect::RestartWorker { delay_ms },
            ChessEffect::Animate => return,
            ChessEffect::Sound(s) => Effect::Sound(s),
            ChessEffect::Announce(m) => Effect::Announce(m),
        };
        self.apply_shared(shared);
    }

    fn chess_post(&self, p: ChessPost) {
        match p {
            ChessPost::Ready { rules } => self.post_ready(rules.id()),
            ChessPost::Move {
                ply,
                movetext,
                notation,
                color,
            } => self.post_move(ply, movetext, notation, chess::color_name(color)),
            ChessPost::GameOver { outcome, takebacks } => self.post_game_over(
                outcome.winner.map(chess::color_name),
                outcome.reason.text(),
                takebacks,
            ),
        }
    }

    pub fn chess_save(&mut self) -> Option<String> {
        let c = self.chess.as_ref()?;
        storage::save_chess(&c.session.saved())
    }

    fn chess_announce_move(&self, ply: usize) {
        let Some(c) = &self.chess else { return };
        let s = &c.session;
        let Some(e) = ply.checked_sub(1).and_then(|i| s.log().get(i)) else {
            return;
        };
        let history = s.history();
        let Some(p) = history.get(ply - 1) else {
            return;
        };
        let lang = self.prefs.lang;
        let captured = match e.captured_hidden {
            Some(cap) => Some(cap.map_or(i18n::t(lang, i18n::Key::Unknown), |c| {
                i18n::chess_kind(lang, c.kind)
            })),
            None => p.captured.map(|c| i18n::chess_kind(lang, c.kind)),
        };
        let live = s.ply() == ply;
        self.tell_move(
            format!(
                "{}: {} ({})",
                i18n::chess_color(lang, e.color),
                e.text,
                p.mv
            ),
            e.reveal.map(|r| i18n::chess_kind(lang, r.kind)),
            captured,
            live && p.check,
            s.outcome()
                .filter(|_| live)
                .map(|o| view::outcome_text(s, &self.prefs, o)),
        );
    }

    /// Everything on screen for a chess game.
    pub fn chess_render(&mut self) {
        let Some(c) = &self.chess else { return };
        if c.session.flipped() != c.geom.flipped {
            self.resize();
        }
        self.draw_board();
        let Some(c) = &self.chess else { return };
        let (doc, s, p) = (&self.doc, &c.session, &self.prefs);
        view::header(doc, s, p);
        view::board_settings(doc, true);
        view::strips(doc, s, p);
        view::moves(doc, s, p);
        view::pools(doc, s, p);
        let shown = s.shown();
        self.mark_canvas(
            s.selected().map(|q| q.to_string()),
            &mut s.dests().iter().map(|d| d.to_string()),
            s.ply(),
            s.review(),
        );
        a11y::update_chess(doc, &shown, s.selected(), s.dests(), p.lang, c.focus);
        view::set_text(
            doc,
            "move-label",
            i18n::chess_text(p.lang, ChessText::TypeMove),
        );
        if let Some(e) = el(doc, "move-input") {
            let _ = e.set_attribute("placeholder", "e4 · Nf3 · e2e4");
        }
        promotion_picker(doc, s, p.lang);
        if let Ok(Some(h)) = doc.query_selector("#dlg-result [data-i18n=taken-from-red]") {
            let text = i18n::chess_text(p.lang, ChessText::TakenFromWhite);
            if h.text_content().as_deref() != Some(text) {
                h.set_text_content(Some(text));
            }
        }
        if let Some(d) = dialog(doc, "dlg-result").filter(|d| d.open()) {
            if s.outcome().is_some() {
                view::result(doc, s, p);
            } else {
                d.close();
            }
        }
    }

    pub fn chess_draw_board(&self) {
        let Some(c) = &self.chess else { return };
        let s = &c.session;
        let shown = s.shown();
        let mut pieces: Vec<(Square, Piece)> = shown.pieces().collect();
        let check = shown.in_check().then(|| shown.king(shown.turn()));
        let now = now();
        let slide = s.slide().map(|sl| (sl, sl.t(now)));
        if let Some(d) = c.drag.as_ref().filter(|d| d.active) {
            pieces.retain(|(q, _)| *q != d.from);
        }
        let scene = Scene {
            pieces: &pieces,
            selected: s.selected(),
            dests: s.dests(),
            last: s.last_move(),
            check,
            coordinates: self.prefs.coords,
            slide,
            dark: self.dark(),
        };
        chess_render::draw(&self.ctx, &c.geom, &scene);
        if let Some(d) = c.drag.as_ref().filter(|d| d.active) {
            if let Some(p) = shown.piece_at(d.from) {
                chess_render::draw_piece_at(
                    &self.ctx,
                    &c.geom,
                    d.x * c.geom.dpr,
                    d.y * c.geom.dpr,
                    p,
                    d.from,
                );
            }
        }
        let _ = self
            .canvas
            .set_attribute("data-pieces", &pieces.len().to_string());
    }

    // ---- input on the 8x8 board ----

    pub fn chess_pointer_down(&mut self, x: f64, y: f64) {
        let Some(c) = self.chess.as_mut() else { return };
        let sq = chess_render::square_at(&c.geom, x, y);
        if let Some(sel) = c.session.selected().filter(|q| Some(*q) == sq) {
            c.drag = Some(Drag::new(sel, x, y, true));
            return;
        }
        let before = c.session.selected();
        if let Some(q) = sq {
            c.focus = q;
        }
        self.chess_dispatch(ChessEvent::Tap(sq));
        let Some(c) = self.chess.as_mut() else { return };
        if let Some(sel) = c.session.selected().filter(|q| Some(*q) != before) {
            c.drag = Some(Drag::new(sel, x, y, false));
        }
    }

    pub fn chess_pointer_up(&mut self, x: f64, y: f64) {
        let Some(c) = self.chess.as_mut() else { return };
        let Some(d) = c.drag.take() else { return };
        if !d.active {
            if d.tap_on_release {
                self.chess_dispatch(ChessEvent::Tap(Some(d.from)));
            }
            return;
        }
        match chess_render::square_at(&c.geom, x, y) {
            Some(to) => self.chess_dispatch(ChessEvent::Drop { from: d.from, to }),
            None => self.schedule(),
        }
    }

    /// An arrow key on the accessible squares.
    pub fn chess_step_focus(&mut self, from: Square, dx: i32, dy: i32) {
        let Some(c) = self.chess.as_mut() else { return };
        let at = (from.file(), from.rank());
        if let Some((f, r)) = a11y::step(c.session.flipped(), at, (dx, dy), (8, 8)) {
            let to = Square::new(f, r);
            c.focus = to;
            self.render();
            a11y::focus(&self.doc, &to);
        }
    }

    /// The promotion picked in its dialog.
    pub fn chess_promote(&mut self, value: &str) {
        match kind_of_choice(value) {
            Some(k) => self.chess_dispatch(ChessEvent::Promote(k)),
            // Closed without a choice: a tap off the board (a pawn that
            // was only moved, not revealed, stays where it was).
            None => self.chess_dispatch(ChessEvent::Tap(None)),
        }
    }

    /// A new chess game from the new-game dialog or the embed.
    pub fn new_chess_game(&mut self, config: crate::session::ChessConfig) {
        match &mut self.chess {
            Some(_) => self.chess_dispatch(ChessEvent::NewGame(config)),
            None => match ChessSession::new(config, now()) {
                Ok(s) => {
                    self.start_chess(s);
                    self.save();
                }
                Err(e) => warn(&e.to_string()),
            },
        }
    }

    /// The chess game as text (export).
    pub fn chess_export(&self) -> Option<String> {
        Some(self.chess.as_ref()?.session.record_text())
    }

    /// The chess game as a link's fragment.
    pub fn chess_fragment(&self) -> Option<String> {
        Some(ChessRecord::of(&self.chess.as_ref()?.session).to_fragment())
    }

    /// An exported chess game, opened for review (not saved over the
    /// player's game until a new one starts). `None`: not a chess record.
    pub fn chess_import(&mut self, text: &str) -> Option<Result<(), String>> {
        let r = ChessRecord::read(text)?
            .and_then(|r| ChessSession::from_record(&r, now()))
            .map_err(|e| e.to_string());
        Some(r.map(|s| {
            self.transient = true;
            self.start_chess(s);
        }))
    }
}

/// Open the promotion picker while the player chooses, close it after.
fn promotion_picker(doc: &web_sys::Document, s: &ChessSession, lang: i18n::Lang) {
    let Some(d) = dialog(doc, "dlg-promote") else {
        return;
    };
    let choosing = s.choosing().is_some() && s.human_to_move();
    view::promotion_words(doc, lang);
    let color = s.turn();
    for (v, k) in [
        ("q", Kind::Queen),
        ("r", Kind::Rook),
        ("b", Kind::Bishop),
        ("n", Kind::Knight),
    ] {
        if let Some(b) = doc
            .query_selector(&format!("#dlg-promote button[value={v}]"))
            .ok()
            .flatten()
        {
            let fig = super::look::figurine(Piece::new(color, k));
            if b.text_content().as_deref() != Some(fig) {
                b.set_text_content(Some(fig));
            }
        }
    }
    if choosing && !d.open() {
        let _ = d.show_modal();
        if let Ok(Some(b)) = d.query_selector("button[value=q]") {
            if let Ok(b) = b.dyn_into::<web_sys::HtmlElement>() {
                let _ = b.focus();
            }
        }
    } else if !choosing && d.open() {
        d.close();
    }
}

/// Is `v` a chess variant id (`chess`, `hidden-chess`)?
pub fn variant_of(v: &str) -> Option<Variant> {
    Variant::from_id(v)
}
