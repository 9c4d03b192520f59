//! What the page's shell holds and shares between the two boards: a
//! pointer drag, a chess game on the page and the events it shares with
//! Jieqi, and the small pieces of a worker request.

use crate::rules::chess::{Kind, Square as ChessSquare};
use crate::rules::Square;
use crate::session::{ChessEvent, ChessSession, Event};

use super::chess_render::{self, Geometry};

/// Drag starts only after this many CSS pixels, so a shaky tap never drags.
const DRAG_SLOP: f64 = 4.0;

pub struct Drag<S = Square> {
    pub from: S,
    pub x0: f64,
    pub y0: f64,
    pub active: bool,
    pub x: f64,
    pub y: f64,
    /// Pressed on the piece already selected: released without moving, it
    /// is a tap (which deselects it).
    pub tap_on_release: bool,
}

impl<S> Drag<S> {
    /// A press on the piece at `from`, at (`x`, `y`) CSS pixels.
    pub fn new(from: S, x: f64, y: f64, tap_on_release: bool) -> Drag<S> {
        Drag {
            from,
            x0: x,
            y0: y,
            active: false,
            x,
            y,
            tap_on_release,
        }
    }

    /// The pointer moved to (`x`, `y`): the piece follows it once it is
    /// past the slop. Returns whether it is being dragged.
    pub fn follow(&mut self, x: f64, y: f64) -> bool {
        if !self.active && ((x - self.x0).powi(2) + (y - self.y0).powi(2)).sqrt() > DRAG_SLOP {
            self.active = true;
        }
        if self.active {
            self.x = x;
            self.y = y;
        }
        self.active
    }
}

/// A seed for the AI's random choices.
pub fn seed() -> u32 {
    (js_sys::Math::random() * f64::from(u32::MAX)) as u32
}

/// Position keys as the worker reads them (hex).
pub fn hex_keys(keys: &[u64]) -> Vec<String> {
    keys.iter().map(|k| format!("{k:x}")).collect()
}

/// A chess game on the page.
pub struct ChessPlay {
    pub session: ChessSession,
    pub geom: Geometry,
    /// The square that holds the keyboard tab stop.
    pub focus: ChessSquare,
    pub drag: Option<Drag<ChessSquare>>,
}

impl ChessPlay {
    pub fn new(session: ChessSession) -> ChessPlay {
        ChessPlay {
            session,
            geom: chess_render::fit(360.0, 360.0, 1.0, false),
            focus: ChessSquare::new(4, 1),
            drag: None,
        }
    }
}

/// A Jieqi page event that means the same in a chess game (`Err`: one
/// about the xiangqi board's points, or a Jieqi new game).
pub fn to_chess(ev: Event) -> Result<ChessEvent, Event> {
    Ok(match ev {
        Event::Typed(t) => ChessEvent::Typed(t),
        Event::Undo => ChessEvent::Undo,
        Event::Resign => ChessEvent::Resign,
        Event::Rematch => ChessEvent::Rematch,
        Event::Hint => ChessEvent::Hint,
        Event::Review(s) => ChessEvent::Review(s),
        Event::Flip => ChessEvent::Flip,
        Event::Peek(p) => ChessEvent::Peek(p),
        Event::AiProgress { id, depth, score } => ChessEvent::AiProgress { id, depth, score },
        Event::AiReply { id, mv } => ChessEvent::AiReply { id, mv },
        Event::AiError { id, message } => ChessEvent::AiError { id, message },
        Event::WorkerReady => ChessEvent::WorkerReady,
        Event::WorkerFailed => ChessEvent::WorkerFailed,
        Event::RetryAi => ChessEvent::RetryAi,
        Event::TwoPlayers => ChessEvent::TwoPlayers,
        Event::Tick => ChessEvent::Tick,
        Event::SetNotation(n) => ChessEvent::SetNotation(n),
        Event::SetAnimation(ms) => ChessEvent::SetAnimation(ms),
        Event::SetRotate(r) => ChessEvent::SetRotate(r),
        other => return Err(other),
    })
}

/// The promotion picker's button values.
pub fn kind_of_choice(v: &str) -> Option<Kind> {
    match v {
        "q" => Some(Kind::Queen),
        "r" => Some(Kind::Rook),
        "b" => Some(Kind::Bishop),
        "n" => Some(Kind::Knight),
        _ => None,
    }
}
