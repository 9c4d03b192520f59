//! Fischer clocks, pure: every time is a number of milliseconds the caller
//! reads (the page's `performance.now()`); nothing here reads a system
//! clock, so every case is tested natively and exactly.
//!
//! A reading that is not finite, or earlier than the moment the running
//! clock started, charges nothing: a bad reading never gives anyone time,
//! and the running clock's start never moves back.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rules::Color;

const MINUTE_MS: u64 = 60_000;
const SECOND_MS: u64 = 1_000;
/// The longest base time `from_id` accepts, in minutes.
pub const MAX_BASE_MINUTES: u64 = 180;
/// The largest increment `from_id` accepts, in seconds.
pub const MAX_INCREMENT_SECONDS: u64 = 180;
/// More time than any clock can hold (120 hours): a base of three hours
/// plus the largest increment at each of a side's 2000 moves in the
/// longest game stays below it.
pub const MAX_REMAINING_MS: u64 = 120 * 60 * MINUTE_MS;

/// Base time and Fischer increment (added after each move of the side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeControl {
    pub base_ms: u64,
    pub increment_ms: u64,
}

impl TimeControl {
    /// 3+2, 5+3, 10+5 and 15+10 (minutes + seconds).
    pub const PRESETS: [TimeControl; 4] = [
        TimeControl::new(3, 2),
        TimeControl::new(5, 3),
        TimeControl::new(10, 5),
        TimeControl::new(15, 10),
    ];

    /// `minutes` of base time, `seconds` of increment.
    pub const fn new(minutes: u64, seconds: u64) -> TimeControl {
        TimeControl {
            base_ms: minutes * MINUTE_MS,
            increment_ms: seconds * SECOND_MS,
        }
    }

    /// `M+S` (`5+3`). A control that is not whole minutes and seconds is
    /// written in milliseconds (`90500ms+0ms`), which `from_id` refuses.
    pub fn id(self) -> String {
        if self.base_ms % MINUTE_MS == 0 && self.increment_ms % SECOND_MS == 0 {
            format!(
                "{}+{}",
                self.base_ms / MINUTE_MS,
                self.increment_ms / SECOND_MS
            )
        } else {
            format!("{}ms+{}ms", self.base_ms, self.increment_ms)
        }
    }

    /// `M+S` with whole minutes `M` in 1..=180 and seconds `S` in 0..=180.
    pub fn from_id(s: &str) -> Option<TimeControl> {
        let (m, s) = s.trim().split_once('+')?;
        let number = |t: &str| -> Option<u64> {
            if t.is_empty() || t.len() > 3 || !t.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            t.parse().ok()
        };
        let (m, s) = (number(m)?, number(s)?);
        ((1..=MAX_BASE_MINUTES).contains(&m) && s <= MAX_INCREMENT_SECONDS)
            .then(|| TimeControl::new(m, s))
    }

    /// Whether `from_id` could have produced it (whole units in range).
    pub fn is_sane(self) -> bool {
        TimeControl::from_id(&self.id()) == Some(self)
    }
}

/// Why a clock (read from a saved game) cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClockError {
    /// Not whole minutes + seconds in range (`M+S`, M 1..=180, S 0..=180).
    Control(TimeControl),
    /// More time left than a game can give.
    Remaining { side: Color, ms: u64 },
    /// The running clock's start is not a finite time.
    Start,
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockError::Control(c) => write!(
                f,
                "time control {} is not minutes 1-180 plus seconds 0-180",
                c.id()
            ),
            ClockError::Remaining { side, ms } => {
                write!(
                    f,
                    "{} has {ms} ms left, more than a game can give",
                    side.name()
                )
            }
            ClockError::Start => write!(f, "the running clock has no valid start time"),
        }
    }
}

impl std::error::Error for ClockError {}

/// Both sides' clocks: time left, and which one runs since when.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Clock {
    pub control: TimeControl,
    /// Time left at the last charge (index `Color::index`).
    pub remaining_ms: [u64; 2],
    /// The side whose clock runs, and the reading when it started.
    pub running: Option<(Color, f64)>,
}

impl Clock {
    /// Both sides with the base time; nothing runs.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            remaining_ms: [control.base_ms; 2],
            running: None,
        }
    }

    /// The side whose clock runs.
    pub fn running_side(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    /// Whole milliseconds the running clock has used by `now` (rounded up,
    /// so time is never given away); 0 for a bad or earlier reading.
    fn elapsed(&self, now: f64) -> u64 {
        match self.running {
            // `as` saturates: a huge difference is charged as `u64::MAX`.
            Some((_, since)) if now.is_finite() && now > since => (now - since).ceil() as u64,
            _ => 0,
        }
    }

    /// Charge the running clock up to `now`; keep it running.
    fn charge(&mut self, now: f64) {
        let used = self.elapsed(now);
        if let Some((side, since)) = self.running {
            let left = &mut self.remaining_ms[side.index()];
            *left = left.saturating_sub(used);
            if now.is_finite() && now > since {
                self.running = Some((side, now));
            }
        }
    }

    /// Start `side`'s clock at `now`, charging a clock that was running.
    /// A start with a reading that is not finite starts nothing unless a
    /// clock was running, whose start it then keeps.
    pub fn start(&mut self, side: Color, now: f64) {
        self.charge(now);
        let since = match self.running {
            Some((_, since)) => since.max(if now.is_finite() { now } else { since }),
            None if now.is_finite() => now,
            None => return,
        };
        self.running = Some((side, since));
    }

    /// Charge the running clock up to `now` and stop it.
    pub fn pause(&mut self, now: f64) {
        self.charge(now);
        self.running = None;
    }

    /// Time `side` has left at `now` (0 at the least).
    pub fn remaining(&self, side: Color, now: f64) -> u64 {
        let left = self.remaining_ms[side.index()];
        if self.running_side() == Some(side) {
            left.saturating_sub(self.elapsed(now))
        } else {
            left
        }
    }

    /// The running side moved at `now`: its clock is charged; if it ran
    /// out it has lost (`Err(side)`, and the clock stops), else it gets the
    /// increment and the other side's clock starts. Nothing happens when
    /// no clock runs.
    pub fn moved(&mut self, now: f64) -> Result<(), Color> {
        let Some((side, _)) = self.running else {
            return Ok(());
        };
        self.charge(now);
        let left = &mut self.remaining_ms[side.index()];
        if *left == 0 {
            self.running = None;
            return Err(side);
        }
        *left = left
            .saturating_add(self.control.increment_ms)
            .min(MAX_REMAINING_MS);
        self.start(side.other(), now);
        Ok(())
    }

    /// A side whose time is up at `now` (the running one first).
    pub fn flagged(&self, now: f64) -> Option<Color> {
        let running = self.running_side().into_iter();
        running
            .chain(Color::ALL)
            .find(|&c| self.remaining(c, now) == 0)
    }

    /// Check a clock read from outside (a saved game).
    pub fn check(&self) -> Result<(), ClockError> {
        if !self.control.is_sane() {
            return Err(ClockError::Control(self.control));
        }
        for side in Color::ALL {
            let ms = self.remaining_ms[side.index()];
            if ms > MAX_REMAINING_MS {
                return Err(ClockError::Remaining { side, ms });
            }
        }
        match self.running {
            Some((_, since)) if !since.is_finite() => Err(ClockError::Start),
            _ => Ok(()),
        }
    }
}
