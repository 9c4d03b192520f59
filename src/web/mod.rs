//! The web shell: it binds browser events to the session's events, carries
//! out the session's effects, and draws its state. Only this module touches
//! the browser; the game flow itself is `crate::session`.
//!
//! Layers (no module imports one above it): `shell` (the page's state
//! around the session) over `view`, `render`, `a11y` (drawing), `worker_link`,
//! `storage`, `prefs`, `embed`, `offline`, `sound`, `i18n`, `dom`; `bind`
//! (event listeners) uses `shell`; `start` here puts them together.

pub mod a11y;
mod bind;
mod chess_page;
pub mod chess_render;
mod dom;
pub mod embed;
pub mod i18n;
mod look;
pub mod offline;
mod play;
mod prefs;
pub mod render;
mod shell;
pub mod sound;
pub mod storage;
mod view;
pub mod worker;
mod worker_link;

use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Document, HtmlCanvasElement};

use crate::params::Lang;
use crate::session::chess_record::ChessRecord;
use crate::session::{export, ChessSession, Config, Message, Opponent, Session};
use dom::{el, now, warn};
use prefs::Prefs;
use shell::Shell;

/// Show a panic to the player instead of a page that silently stops.
fn panic_banner() {
    std::panic::set_hook(Box::new(|info| {
        dom::log_panic(info);
        if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
            if let Some(b) = el(&doc, "banner-crash") {
                b.set_hidden(false);
            }
            if let Some(b) = doc.body() {
                let _ = b.set_attribute("data-crashed", "1");
            }
        }
    }));
}

/// A game shared as a link (`#game=...`, either game) opens for review
/// over the game on the board, which stays stored until a new game starts.
/// One that cannot be read is not opened, and the status line says so (the
/// reason goes to the console).
fn open_link(s: &mut Shell, hash: &str) {
    let Some(frag) = hash.strip_prefix('#').filter(|h| h.starts_with("game=")) else {
        return;
    };
    let opened = if ChessRecord::is_chess_fragment(frag) {
        s.chess_import(frag).unwrap_or(Ok(()))
    } else {
        export::from_fragment(frag)
            .map_err(|e| e.to_string())
            .and_then(|r| bind::open_record(s, &r).map_err(|e| e.to_string()))
    };
    if let Err(e) = opened {
        warn(&format!("the game in the link cannot be opened: {e}"));
        match s.chess.as_mut() {
            Some(c) => c.session.set_message(Message::LinkRefused),
            None => s.session.set_message(Message::LinkRefused),
        }
    }
}

/// Show why the page cannot start (in the status line and the console).
fn refuse_to_start(doc: &Document, e: &dyn std::fmt::Display) {
    let text = e.to_string();
    warn(&text);
    if let Some(status) = el(doc, "status") {
        status.set_text_content(Some(&text));
    }
}

pub fn start() {
    panic_banner();
    let Some(win) = web_sys::window() else { return };
    let Some(doc) = win.document() else { return };
    let Some(canvas) = doc
        .get_element_by_id("board")
        .and_then(|e| e.dyn_into::<HtmlCanvasElement>().ok())
    else {
        return;
    };
    let Some(ctx) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    let reduced_motion = win
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches());
    let browser_lang = win
        .navigator()
        .language()
        .and_then(|l| Lang::from_tag(&l))
        .unwrap_or(Lang::En);
    let params = embed::parse_query(&win.location().search().unwrap_or_default());
    let stored = if params.embed {
        None
    } else {
        storage::load_settings()
    };
    // A newcomer: no settings and no game stored yet.
    let first_visit = stored.is_none() && !params.embed && !storage::has_game();
    let mut prefs = Prefs::for_lang(params.lang.unwrap_or(browser_lang), reduced_motion);
    if let Some(s) = &stored {
        prefs = prefs.with_stored(s);
    }
    if let Some(l) = params.lang {
        if l != prefs.lang {
            prefs = Prefs {
                anim_ms: prefs.anim_ms,
                ..Prefs::for_lang(l, reduced_motion)
            };
        }
    }
    if let Some(l) = params.labels {
        prefs.labels = l;
    }
    if let Some(n) = params.notation {
        prefs.notation = n;
    }
    if let Some(t) = params.theme {
        prefs.theme = t;
    }
    // The game: the embed's parameters, or the saved game, or a new one.
    // Without the system's random source no identity can be drawn fairly:
    // refuse to start rather than play a predictable game.
    let mut message = None;
    let config = Config {
        rules: params.rules.unwrap_or_default(),
        opponent: params
            .opponent
            .unwrap_or(Opponent::Ai(crate::ai::Level::Medium)),
        human: params.side.flatten().unwrap_or(
            if params.side.is_some() && js_sys::Math::random() < 0.5 {
                crate::rules::Color::Black
            } else {
                crate::rules::Color::Red
            },
        ),
        takebacks: params.takebacks.unwrap_or_default(),
        clock: params.clock.flatten(),
    };
    let mut session = None;
    let mut chess = None;
    // A chess game asked for in the address starts afresh, unless the saved
    // game is one of that variant (reloading the link resumes it).
    let resume_chess = params.chess.is_some_and(|v| {
        !params.embed
            && matches!(storage::load_game(), Some((_, Ok(storage::Stored::Chess(g)))) if g.rules == v.id())
    });
    if !params.embed && (params.chess.is_none() || resume_chess) {
        match storage::load_game() {
            None => {}
            Some((raw, parsed)) => {
                let restored = parsed.and_then(|g| match g {
                    storage::Stored::Jieqi(g) => Session::restore(&g, now())
                        .map(|s| session = Some(s))
                        .map_err(|e| e.to_string()),
                    storage::Stored::Chess(g) => ChessSession::restore(&g, now())
                        .map(|s| chess = Some(s))
                        .map_err(|e| e.to_string()),
                });
                match restored {
                    Ok(()) => {}
                    Err(e) => {
                        message = Some(Message::SavedGameSetAside);
                        if storage::set_aside(&raw, &e) {
                            warn(&format!("saved game set aside: {e}"));
                        } else {
                            warn(&format!(
                                "saved game unreadable ({e}), and no room to set it aside"
                            ));
                        }
                    }
                }
            }
        }
    }
    if let (Some(v), false) = (params.chess, resume_chess) {
        match ChessSession::new(config.with_rules(v), now()) {
            Ok(s) => chess = Some(s),
            Err(e) => return refuse_to_start(&doc, &e),
        }
    }
    // The Jieqi game waits behind a chess game (a new one of the settings).
    let session = match session {
        Some(s) => s,
        None => match Session::new(config, now()) {
            Ok(s) => s,
            Err(e) => return refuse_to_start(&doc, &e),
        },
    };
    let mut shell = Shell::new(doc.clone(), canvas.clone(), ctx, session, prefs);
    shell.embed = params.embed;
    shell.origins = params.origins.clone();
    if let Some(m) = message {
        shell.session.set_message(m);
    }
    shell::install(shell);
    shell::with(|s| {
        s.dispatch(crate::session::Event::SetNotation(s.prefs.notation));
        s.dispatch(crate::session::Event::SetAnimation(s.prefs.anim_ms));
        s.dispatch(crate::session::Event::SetRotate(s.prefs.rotate));
        if s.embed {
            if let Some(e) = doc.document_element() {
                let _ = e.set_attribute("data-embed", "1");
            }
        } else {
            offline::register();
        }
        s.apply_theme();
        a11y::build(&doc);
        view::language(&doc, &s.prefs);
        bind::show_prefs(&doc, &s.prefs);
        if let Some(c) = chess.take() {
            s.start_chess(c);
        }
        // A game shared as a link opens for review (over the resumed game,
        // which stays stored until a new game starts).
        let hash = web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .unwrap_or_default();
        open_link(s, &hash);
        s.spawn_worker();
        s.resize();
        s.render();
        if first_visit {
            // How to play, once: the settings stored now mark the visit.
            s.open_help();
            s.prefs.save();
        }
    });
    bind::install(&doc, &canvas);
    // A link pasted into this tab changes only the fragment: open it too.
    if let Some(win) = web_sys::window() {
        dom::listen(&win, "hashchange", |_| {
            let hash = web_sys::window()
                .and_then(|w| w.location().hash().ok())
                .unwrap_or_default();
            shell::with(|s| {
                open_link(s, &hash);
                s.resize();
                s.render();
            });
        });
    }
    if params.embed {
        bind::embed_listener();
    }
}
