//! The DOM around the board, drawn from the session's state: header,
//! status, player strips, move list, pools, the accessible points, banners
//! and the result dialog. Reads the session, changes nothing in it.

use wasm_bindgen::JsCast;
use web_sys::{Document, Element};

use super::dom::*;
use super::i18n::{self, Key, Lang};
use super::look::Look;
use super::prefs::Prefs;
use crate::ai::Level;
use crate::rules::Color;
use crate::session::{GameSession, GameStatus, GameStrip, Message, Opponent, TypedError, Worker};

fn t(p: &Prefs, k: Key) -> &'static str {
    i18n::t(p.lang, k)
}

pub fn level_name(lang: Lang, l: Level) -> &'static str {
    i18n::t(
        lang,
        match l {
            Level::Beginner => Key::Beginner,
            Level::Easy => Key::Easy,
            Level::Medium => Key::Medium,
            Level::Hard => Key::Hard,
        },
    )
}

pub fn message_text(p: &Prefs, m: Message) -> String {
    let k = match m {
        Message::NothingToUndo => Key::NothingToUndo,
        Message::TakebackRefused => Key::TakebackRefused,
        Message::TakebacksOff => {
            return format!("{}: {}", t(p, Key::TakebacksLabel), t(p, Key::TakebacksOff))
        }
        Message::GameFinished => Key::NoTakebackAfterEnd,
        Message::BackToGame => Key::BackToGame,
        Message::LookingForHint => Key::LookingForHint,
        Message::Hint => Key::HintIs,
        Message::WorkerRestarting => Key::WorkerRestarting,
        Message::WorkerFailed => Key::WorkerFailed,
        Message::SavedGameSetAside => Key::SavedGameSetAside,
        Message::LinkRefused => Key::LinkRefused,
        Message::OtherTab => Key::OtherTab,
        Message::NoRandomness => Key::SomethingWrong,
        Message::TakenBack => Key::TakenBack,
        Message::TakenBackBoth => Key::TakenBackBoth,
        Message::NewGameStarted => Key::NewGame,
    };
    t(p, k).to_string()
}

/// "You won" / "You lost" against the AI, "Red wins" between two players,
/// "Draw"; then the reason.
pub fn outcome_title<F: Look>(s: &GameSession<F>, p: &Prefs, o: F::Outcome) -> String {
    match (F::winner(o), s.config().opponent) {
        (None, _) => t(p, Key::DrawTitle).to_string(),
        (Some(w), Opponent::Ai(_)) if w == s.config().human => t(p, Key::YouWon).to_string(),
        (Some(_), Opponent::Ai(_)) => t(p, Key::YouLost).to_string(),
        (Some(w), Opponent::Human) => format!("{} {}", F::color(p.lang, w), t(p, Key::Wins)),
    }
}

pub fn outcome_text<F: Look>(s: &GameSession<F>, p: &Prefs, o: F::Outcome) -> String {
    format!("{} · {}", outcome_title(s, p, o), F::reason(p.lang, o))
}

pub fn status_text<F: Look>(s: &GameSession<F>, p: &Prefs) -> String {
    match s.status() {
        GameStatus::Reviewing { ply, of } => format!(
            "{} {ply}/{of} — {}",
            t(p, Key::Reviewing),
            t(p, Key::BackToGame)
        ),
        GameStatus::Over(o) => outcome_text(s, p, o),
        GameStatus::ChoosePromotion => {
            i18n::chess_text(p.lang, i18n::ChessText::ChoosePromotion).to_string()
        }
        // Searched for the player asking: the score is from their side.
        GameStatus::Hint { text, depth, score } => {
            i18n::hint_line(p.lang, &text, (depth > 0).then_some(score))
        }
        GameStatus::Analysing { depth, .. } => i18n::hint_search(p.lang, depth),
        GameStatus::Message(m) => message_text(p, m),
        GameStatus::Thinking { seconds } => format!("{} {seconds} s", t(p, Key::ThinkingFor)),
        GameStatus::StartingAi => t(p, Key::StartingAi).to_string(),
        GameStatus::ToMove {
            color,
            yours,
            check,
        } => {
            let who = match (yours, color) {
                (Some(true), _) => {
                    format!("{} ({})", t(p, Key::YourMove), F::color(p.lang, color))
                }
                (Some(false), _) => {
                    format!("{} ({})", t(p, Key::AiToMove), F::color(p.lang, color))
                }
                (None, _) => F::to_move(p.lang, color).to_string(),
            };
            if check {
                format!("{who} · {}", t(p, Key::Check))
            } else {
                who
            }
        }
    }
}

/// Header: rule set and opponent; status line.
pub fn header<F: Look>(doc: &Document, s: &GameSession<F>, p: &Prefs) {
    let c = s.config();
    let opp = match c.opponent {
        Opponent::Ai(l) => level_name(p.lang, l).to_string(),
        Opponent::Human => t(p, Key::TwoPlayers).to_string(),
    };
    let clock = c
        .clock
        .map(|tc| format!(" · {}", tc.id()))
        .unwrap_or_default();
    let info = format!("{} · {opp}{clock}", F::rules_name(p.lang, c.rules));
    set_text(doc, "game-info", &info);
    if let Some(e) = el(doc, "game-info") {
        if e.title() != info {
            e.set_title(&info);
        }
    }
    // Hint and Resign mean nothing once the game is over.
    let over = s.outcome().is_some();
    for id in ["btn-hint", "btn-resign"] {
        if let Some(b) = el(doc, id) {
            if b.has_attribute("disabled") != over {
                let _ = b.toggle_attribute_with_force("disabled", over);
            }
        }
    }
    // The heading names the game on screen.
    let (title, sub) = F::title(p.lang, c.rules);
    set_text(doc, "title-main", &title);
    set_text(doc, "title-sub", sub);
    let page_title = match sub {
        "" => title,
        _ => format!("{title} · {sub}"),
    };
    if doc.title() != page_title {
        doc.set_title(&page_title);
    }
    // The face-down panel only where pieces hide.
    if let Some(panel) = doc.query_selector(".panel-pools").ok().flatten() {
        let hide = !F::has_hidden(c.rules);
        if panel.has_attribute("hidden") != hide {
            let _ = panel.toggle_attribute_with_force("hidden", hide);
        }
    }
    if let Some(e) = el(doc, "status") {
        let text = status_text(s, p);
        if e.text_content().as_deref() != Some(text.as_str()) {
            e.set_text_content(Some(&text));
            let _ = e.set_attribute("title", &text);
        }
        let _ = e.set_attribute("data-thinking", if s.thinking() { "1" } else { "0" });
        let _ = e.set_attribute("data-turn", s.turn().name());
        let ready = s.worker() == Worker::Ready || !s.vs_ai();
        let _ = e.set_attribute("data-ready", if ready { "1" } else { "0" });
    }
    let typed = match s.typed_error() {
        None => String::new(),
        Some(TypedError::Unknown) => i18n::words(p.lang).bad_move.to_string(),
        Some(TypedError::NotNow) => t(p, Key::NotYourMove).to_string(),
        Some(TypedError::Ambiguous(c)) => {
            format!("{} {}", i18n::words(p.lang).ambiguous_move, c.join(" · "))
        }
    };
    set_text(doc, "move-error", &typed);
    // Banners: a failing worker, with a way on.
    if let Some(b) = el(doc, "banner-worker") {
        b.set_hidden(s.worker() != Worker::Failed || !s.vs_ai());
    }
    set_text(doc, "banner-worker-text", t(p, Key::WorkerFailed));
}

pub fn set_text(doc: &Document, id: &str, text: &str) {
    if let Some(e) = el(doc, id) {
        if e.text_content().as_deref() != Some(text) {
            e.set_text_content(Some(text));
        }
    }
}

fn clock_text(ms: u64) -> String {
    let s = ms.div_ceil(1000);
    if ms < 10_000 {
        // The last seconds in tenths.
        let tenths = ms / 100;
        format!("0:{:02}.{}", tenths / 10, tenths % 10)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The strips above and below the board: the side seen at the bottom is
/// the one the board is turned towards.
pub fn strips<F: Look>(doc: &Document, s: &GameSession<F>, p: &Prefs) {
    let bottom = if s.flipped() {
        Color::Black
    } else {
        Color::Red
    };
    for (id, color) in [("strip-bottom", bottom), ("strip-top", bottom.other())] {
        let Some(root) = el(doc, id) else { continue };
        strip(doc, &root, s, p, &s.strip(color));
    }
}

fn child(root: &Element, class: &str) -> Option<web_sys::HtmlElement> {
    root.query_selector(&format!(".{class}"))
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into().ok())
}

/// What a strip shows, whatever the board (built once per family, drawn
/// by one function).
struct StripData {
    color: Color,
    who: String,
    to_move: bool,
    material: i32,
    clock_ms: Option<u64>,
    running: bool,
    /// Changes when the captures' content changes.
    key: String,
    caps_label: String,
    caps: Vec<CapData>,
}

struct CapData {
    ply: usize,
    text: String,
    class: &'static str,
    was_hidden: bool,
    /// A private identity (two players): the button's label.
    private: Option<String>,
    /// Drawn as a lock: a private identity not shown now.
    lock: bool,
}

fn strip<F: Look>(
    doc: &Document,
    root: &Element,
    s: &GameSession<F>,
    p: &Prefs,
    st: &GameStrip<F>,
) {
    let color = F::color(p.lang, st.color);
    let who = match (st.you, s.config().opponent) {
        (Some(true), _) => format!("{} ({color})", t(p, Key::You)),
        (Some(false), Opponent::Ai(l)) => format!("{} ({color})", level_name(p.lang, l)),
        _ => color.to_string(),
    };
    let mut key = format!(
        "{}{}{}",
        p.labels.id(),
        p.lang.id(),
        s.peek().map_or(0, |k| k + 1)
    );
    for &(ply, piece, hidden) in &st.taken {
        key.push_str(&format!(
            ",{ply}{}{}",
            piece.map_or('?', F::key),
            u8::from(hidden)
        ));
    }
    let caps = st
        .taken
        .iter()
        .map(|&(ply, piece, was_hidden)| {
            let private = s.private_capture(ply);
            let shown = private.filter(|_| s.peek() == Some(ply));
            let (text, class) = match (piece, private) {
                (_, Some(truth)) if shown.is_some() => {
                    (F::label(p, truth).to_string(), "cap private")
                }
                // A lock drawn in SVG: an emoji needs a font many lack.
                (_, Some(_)) => (String::new(), "cap private"),
                (Some(pc), None) => (F::label(p, pc).to_string(), "cap"),
                (None, None) => ("?".to_string(), "cap unknown"),
            };
            CapData {
                ply,
                text,
                class,
                was_hidden,
                private: private
                    .map(|_| i18n::peek_label(p.lang, color, shown.map(|q| F::name(p.lang, q)))),
                lock: private.is_some() && shown.is_none(),
            }
        })
        .collect();
    let data = StripData {
        color: st.color,
        who,
        to_move: s.outcome().is_none() && s.turn() == st.color,
        material: st.material,
        clock_ms: st.clock_ms,
        running: st.running,
        key,
        // The pieces this side took: "Taken from Black".
        caps_label: F::taken_from(p.lang, st.color.other()).to_string(),
        caps,
    };
    draw_strip(doc, root, &data);
}

/// A padlock in the text colour, for a captured identity kept private.
const LOCK_SVG: &str = concat!(
    r#"<svg class="lock" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">"#,
    r#"<path d="M5 7.5V5a3 3 0 0 1 6 0v2.5" fill="none" stroke="currentColor" stroke-width="1.8"/>"#,
    r#"<rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor"/></svg>"#
);

#[inline(never)]
fn draw_strip(doc: &Document, root: &Element, st: &StripData) {
    let _ = root.set_attribute("data-color", st.color.name());
    let _ = root.set_attribute("data-active", if st.to_move { "1" } else { "0" });
    if let Some(e) = child(root, "who") {
        e.set_text_content(Some(&st.who));
    }
    if let Some(e) = child(root, "material") {
        let m = if st.material > 0 {
            format!("+{}", st.material)
        } else {
            String::new()
        };
        e.set_text_content(Some(&m));
    }
    if let Some(e) = child(root, "clock") {
        match st.clock_ms {
            Some(ms) => {
                e.set_hidden(false);
                e.set_text_content(Some(&clock_text(ms)));
                let low = ms < 20_000;
                let _ = e.set_attribute(
                    "class",
                    match (low, st.running) {
                        (true, true) => "clock low running",
                        (true, false) => "clock low",
                        (false, true) => "clock running",
                        (false, false) => "clock",
                    },
                );
            }
            None => e.set_hidden(true),
        }
    }
    let Some(caps) = child(root, "caps") else {
        return;
    };
    // Rebuilt only when what it shows changes.
    if caps.get_attribute("data-key").as_deref() == Some(st.key.as_str()) {
        return;
    }
    let _ = caps.set_attribute("data-key", &st.key);
    caps.set_text_content(None);
    let _ = caps.set_attribute("role", "group");
    let _ = caps.set_attribute("aria-label", &st.caps_label);
    let victim = st.color.other();
    for c in &st.caps {
        let tag = if c.private.is_some() {
            "button"
        } else {
            "span"
        };
        let Ok(span) = doc.create_element(tag) else {
            continue;
        };
        span.set_class_name(c.class);
        let _ = span.set_attribute("data-color", victim.name());
        if c.was_hidden {
            let _ = span.set_attribute("data-hidden", "1");
        }
        if let Some(label) = &c.private {
            let _ = span.set_attribute("type", "button");
            let _ = span.set_attribute("data-peek", &c.ply.to_string());
            let _ = span.set_attribute("aria-label", label);
        }
        if c.lock {
            span.set_inner_html(LOCK_SVG);
        } else {
            span.set_text_content(Some(&c.text));
        }
        let _ = caps.append_child(&span);
    }
}

/// One ply of the move list, worded.
struct EntryData {
    text: String,
    /// The reveal's label and name.
    reveal: Option<(&'static str, &'static str)>,
    /// A captured face-down piece: its badge and what is said of it.
    captured: Option<(String, &'static str)>,
}

/// The move list: a button per ply, with badges for reveals and for
/// captured face-down pieces.
pub fn moves<F: Look>(doc: &Document, s: &GameSession<F>, p: &Prefs) {
    let log = s.log();
    let key = format!(
        "{}|{}|{}|{}|{}",
        log.len(),
        s.review().map_or(0, |k| k + 1),
        log.last().map_or("", |e| e.text.as_str()),
        p.labels.id(),
        s.notation().id()
    );
    if el(doc, "moves")
        .and_then(|ol| ol.get_attribute("data-key"))
        .as_deref()
        == Some(key.as_str())
    {
        return;
    }
    let entries: Vec<EntryData> = log
        .iter()
        .map(|e| EntryData {
            text: e.text.clone(),
            reveal: e.reveal.map(|r| (F::label(p, r), F::name(p.lang, r))),
            captured: e.captured_hidden.map(|c| {
                (
                    format!("×{}", c.map_or("?", |c| F::label(p, c))),
                    c.map_or(t(p, Key::Unknown), |c| F::name(p.lang, c)),
                )
            }),
        })
        .collect();
    draw_moves(doc, p, &key, &entries, s.review());
}

#[inline(never)]
fn draw_moves(doc: &Document, p: &Prefs, key: &str, log: &[EntryData], current: Option<usize>) {
    let Some(ol) = el(doc, "moves") else { return };
    let _ = ol.set_attribute("data-key", key);
    ol.set_text_content(None);
    for (row, pair) in log.chunks(2).enumerate() {
        let Ok(li) = doc.create_element("li") else {
            continue;
        };
        for (j, e) in pair.iter().enumerate() {
            let ply = row * 2 + j + 1;
            if let Ok(b) = entry_button(doc, p, e, ply) {
                if current == Some(ply) {
                    let _ = b.set_attribute("aria-current", "true");
                }
                let _ = li.append_child(&b);
            }
        }
        let _ = ol.append_child(&li);
    }
    if current.is_none() {
        ol.set_scroll_top(ol.scroll_height());
    }
}

fn entry_button(doc: &Document, p: &Prefs, e: &EntryData, ply: usize) -> Result<Element, ()> {
    let b = doc.create_element("button").map_err(|_| ())?;
    b.set_class_name("mv");
    let _ = b.set_attribute("type", "button");
    let _ = b.set_attribute("data-ply", &ply.to_string());
    let _ = b.append_child(&doc.create_text_node(&e.text));
    let w = i18n::words(p.lang);
    let mut spoken = e.text.clone();
    if let Some((label, name)) = e.reveal {
        let badge = doc.create_element("span").map_err(|_| ())?;
        badge.set_class_name("badge reveal");
        badge.set_text_content(Some(label));
        let _ = badge.set_attribute("data-ply", &ply.to_string());
        let _ = b.append_child(&badge);
        spoken.push_str(&format!(", {} {name}", w.revealed));
    }
    if let Some((text, what)) = &e.captured {
        let badge = doc.create_element("span").map_err(|_| ())?;
        badge.set_class_name("badge capture-hidden");
        badge.set_text_content(Some(text));
        let _ = badge.set_attribute("data-ply", &ply.to_string());
        let _ = b.append_child(&badge);
        spoken.push_str(&format!(", {} {what}", w.captured));
    }
    if spoken != e.text {
        let _ = b.set_attribute("aria-label", &spoken);
    }
    Ok(b)
}

/// One side's row of the pools panel.
struct PoolRow {
    color: Color,
    head: String,
    hidden: u32,
    /// Label, amount, spoken text.
    items: Vec<(&'static str, String, String)>,
}

/// The face-down pools as this seat knows them: counts, or percentages.
pub fn pools<F: Look>(doc: &Document, s: &GameSession<F>, p: &Prefs) {
    let key = format!(
        "{}|{}|{}|{}|{}|{}|{}",
        s.ply(),
        s.choosing().is_some(),
        p.percent,
        p.labels.id(),
        p.lang.id(),
        s.outcome().is_some(),
        F::rules_id(s.config().rules)
    );
    if el(doc, "pools")
        .and_then(|d| d.get_attribute("data-key"))
        .as_deref()
        == Some(key.as_str())
    {
        return;
    }
    let rows: Vec<PoolRow> = F::pools(s)
        .into_iter()
        .map(|(c, hidden, items)| {
            let total = items.iter().map(|&(_, n)| u32::from(n)).sum::<u32>().max(1) as f64;
            PoolRow {
                color: c,
                head: format!("{} · {hidden}: ", F::color(p.lang, c)),
                hidden,
                items: items
                    .into_iter()
                    .map(|(piece, n)| {
                        let amount = if p.percent {
                            format!("{}%", (f64::from(n) / total * 100.0).round() as i64)
                        } else {
                            format!("×{n}")
                        };
                        let spoken = format!("{} {amount}", F::name(p.lang, piece));
                        (F::label(p, piece), amount, spoken)
                    })
                    .collect(),
            }
        })
        .collect();
    draw_pools(doc, &key, &rows);
}

#[inline(never)]
fn draw_pools(doc: &Document, key: &str, rows: &[PoolRow]) {
    let Some(div) = el(doc, "pools") else { return };
    let _ = div.set_attribute("data-key", key);
    div.set_text_content(None);
    for r in rows {
        let Ok(row) = doc.create_element("div") else {
            continue;
        };
        row.set_class_name("pool-row");
        let _ = row.set_attribute("data-color", r.color.name());
        let _ = row.append_child(&doc.create_text_node(&r.head));
        if r.hidden == 0 {
            let _ = row.append_child(&doc.create_text_node("—"));
        }
        for (label, amount, spoken) in r.items.iter().filter(|_| r.hidden > 0) {
            let Ok(item) = doc.create_element("span") else {
                continue;
            };
            item.set_class_name("pool-item");
            if let Ok(icon) = doc.create_element("span") {
                icon.set_class_name("pool-icon");
                let _ = icon.set_attribute("data-color", r.color.name());
                icon.set_text_content(Some(label));
                let _ = item.append_child(&icon);
            }
            let _ = item.append_child(&doc.create_text_node(amount));
            let _ = item.set_attribute("aria-label", spoken);
            let _ = row.append_child(&item);
        }
        let _ = div.append_child(&row);
    }
}

/// The result dialog's content.
pub fn result<F: Look>(doc: &Document, s: &GameSession<F>, p: &Prefs) {
    let Some(o) = s.outcome() else { return };
    // Pieces taken from each side, as this seat may know them now.
    let captured = F::captured(s.game(), s.seat());
    let lists = [Color::Red, Color::Black].map(|c| {
        let list: Vec<String> = captured[c.index()]
            .iter()
            .map(|x| {
                let name = x.piece.map_or("?", |q| F::label(p, q));
                if x.was_hidden {
                    format!("{name}*")
                } else {
                    name.to_string()
                }
            })
            .collect();
        // The list only: its heading ("Taken from Red") is in the page.
        if list.is_empty() {
            "—".to_string()
        } else {
            list.join(" ")
        }
    });
    let tb = if s.takebacks() == 0 {
        t(p, Key::TakebacksNone).to_string()
    } else {
        format!("{}: {}", t(p, Key::TakebacksUsed), s.takebacks())
    };
    let winner = F::winner(o).map_or("none", |c| c.name());
    draw_result(
        doc,
        &outcome_title(s, p, o),
        [F::reason(p.lang, o), winner, F::reason_id(o)],
        &lists,
        &tb,
    );
}

#[inline(never)]
fn draw_result(doc: &Document, title: &str, reason: [&str; 3], lists: &[String; 2], tb: &str) {
    set_text(doc, "result-title", title);
    if let Some(e) = el(doc, "result-text") {
        e.set_text_content(Some(reason[0]));
        let _ = e.set_attribute("data-winner", reason[1]);
        let _ = e.set_attribute("data-reason", reason[2]);
    }
    for (c, text) in [Color::Red, Color::Black].into_iter().zip(lists) {
        set_text(doc, &format!("result-caps-{}", c.name()), text);
    }
    set_text(doc, "result-takebacks", tb);
}

/// The words of every `data-i18n` element, the move box and the page's language.
pub fn language(doc: &Document, p: &Prefs) {
    let w = i18n::words(p.lang);
    if let Some(e) = el(doc, "move-label") {
        e.set_text_content(Some(w.type_move));
    }
    if let Some(e) = el(doc, "move-input") {
        let example = match p.notation {
            crate::rules::xiangqi::notation::Notation::Wxf => "h2e2 · C2.5",
            crate::rules::xiangqi::notation::Notation::Chinese => "h2e2 · 炮二平五",
            crate::rules::xiangqi::notation::Notation::Vietnamese => "h2e2 · P2-5",
            crate::rules::xiangqi::notation::Notation::Coordinates => "h2e2",
        };
        let _ = e.set_attribute("placeholder", example);
    }
    if let Some(e) = el(doc, "move-play") {
        e.set_text_content(Some(w.play));
    }
    if let Some(e) = el(doc, "btn-update") {
        e.set_text_content(Some(w.update));
    }
    if let Some(root) = doc.document_element() {
        let _ = root.set_attribute("lang", p.lang.id());
    }
    for_each_key(
        doc,
        "data-i18n",
        |e, text| e.set_text_content(Some(text)),
        p.lang,
    );
    for_each_key(
        doc,
        "data-i18n-label",
        |e, text| {
            let _ = e.set_attribute("aria-label", text);
            let _ = e.set_attribute("title", text);
        },
        p.lang,
    );
    // Names of groups and lists: said, not shown as a tooltip.
    for_each_key(
        doc,
        "data-i18n-aria",
        |e, text| {
            let _ = e.set_attribute("aria-label", text);
        },
        p.lang,
    );
    for (attr, label) in [("data-i18n-chess", false), ("data-i18n-chess-group", true)] {
        let Ok(list) = doc.query_selector_all(&format!("[{attr}]")) else {
            continue;
        };
        for i in 0..list.length() {
            let Some(e) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
                continue;
            };
            let Some(k) = e
                .get_attribute(attr)
                .and_then(|n| i18n::chess_text_from_name(&n))
            else {
                continue;
            };
            let text = i18n::chess_text(p.lang, k);
            if label {
                let _ = e.set_attribute("label", text);
            } else {
                e.set_text_content(Some(text));
            }
        }
    }
    promotion_words(doc, p.lang);
    // How to play, for the game it shows.
    let chess = el(doc, "dlg-help")
        .and_then(|d| d.get_attribute("data-game"))
        .is_some_and(|g| g == "chess");
    help(doc, p.lang, chess);
    side_labels(doc, p.lang);
}

/// The promotion dialog's title and the names of its four choices.
pub fn promotion_words(doc: &Document, lang: Lang) {
    use crate::rules::chess::Kind;
    set_text(
        doc,
        "promote-title",
        i18n::chess_text(lang, i18n::ChessText::ChoosePromotion),
    );
    for (v, k) in [
        ("q", Kind::Queen),
        ("r", Kind::Rook),
        ("b", Kind::Bishop),
        ("n", Kind::Knight),
    ] {
        if let Ok(Some(b)) = doc.query_selector(&format!("#dlg-promote button[value={v}]")) {
            let name = i18n::chess_kind(lang, k);
            if b.get_attribute("aria-label").as_deref() != Some(name) {
                let _ = b.set_attribute("aria-label", name);
                let _ = b.set_attribute("title", name);
            }
        }
    }
}

/// How to play, for the xiangqi board's games or (`chess`) for chess and
/// hidden chess; the switch at its top shows which and offers the other.
pub fn help(doc: &Document, lang: Lang, chess: bool) {
    if let Some(d) = el(doc, "dlg-help") {
        let _ = d.set_attribute("data-game", if chess { "chess" } else { "xiangqi" });
    }
    for (id, on) in [("help-xiangqi", !chess), ("help-chess", chess)] {
        if let Some(b) = el(doc, id) {
            let _ = b.set_attribute("aria-pressed", if on { "true" } else { "false" });
        }
    }
    let Some(body) = el(doc, "help-body") else {
        return;
    };
    body.set_text_content(None);
    for (head, text) in i18n::help(lang, chess) {
        if let (Ok(h), Ok(para)) = (doc.create_element("h3"), doc.create_element("p")) {
            h.set_text_content(Some(head));
            para.set_text_content(Some(text));
            let _ = body.append_child(&h);
            let _ = body.append_child(&para);
        }
    }
}

/// The new-game dialog's sides, named for the game picked in it: White
/// and Black for chess, Red and Black for the xiangqi board.
pub fn side_labels(doc: &Document, lang: Lang) {
    let chess = crate::rules::chess::Variant::from_id(&select_value(doc, "opt-rules")).is_some();
    for (value, color) in [("red", Color::Red), ("black", Color::Black)] {
        let text = if chess {
            i18n::chess_color(lang, color)
        } else {
            i18n::color(lang, color)
        };
        if let Ok(Some(o)) = doc.query_selector(&format!("#opt-side option[value={value}]")) {
            if o.text_content().as_deref() != Some(text) {
                o.set_text_content(Some(text));
            }
        }
    }
}

/// Settings that apply only to the xiangqi board (pieces, notation):
/// hidden (and off) while chess is on screen, back for a xiangqi game.
pub fn board_settings(doc: &Document, chess: bool) {
    for id in ["set-labels", "set-notation"] {
        let Some(e) = el(doc, id) else { continue };
        if e.has_attribute("disabled") != chess {
            let _ = e.toggle_attribute_with_force("disabled", chess);
        }
        // The whole row: its name and its choice.
        if let Ok(Some(row)) = e.closest("label") {
            if row.has_attribute("hidden") != chess {
                let _ = row.toggle_attribute_with_force("hidden", chess);
            }
        }
    }
}

/// Every element whose attribute `attr` names a text key: `f` gets it and
/// the text in `lang`.
fn for_each_key(doc: &Document, attr: &str, f: impl Fn(&Element, &str), lang: Lang) {
    let Ok(list) = doc.query_selector_all(&format!("[{attr}]")) else {
        return;
    };
    for i in 0..list.length() {
        let Some(e) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
            continue;
        };
        if let Some(k) = e.get_attribute(attr).and_then(|n| i18n::key_from_name(&n)) {
            f(&e, i18n::t(lang, k));
        }
    }
}
