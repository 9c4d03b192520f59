//! STUB (replaced by the h-parts branch).
use crate::rules::Color;
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl { pub base_ms: u64, pub increment_ms: u64 }
#[derive(Clone, Debug, PartialEq)]
pub struct Clock { pub control: TimeControl, pub remaining_ms: [u64; 2], pub running: Option<(Color, f64)> }
impl Clock {
    pub fn new(control: TimeControl) -> Clock { Clock { control, remaining_ms: [control.base_ms; 2], running: None } }
    pub fn start(&mut self, side: Color, now: f64) { self.running = Some((side, now)); }
    pub fn pause(&mut self, now: f64) { let _ = now; self.running = None; }
    pub fn remaining(&self, side: Color, now: f64) -> u64 { let _ = now; self.remaining_ms[side.index()] }
    pub fn moved(&mut self, now: f64) -> Result<(), Color> { let _ = now; Ok(()) }
    pub fn flagged(&self, now: f64) -> Option<Color> { let _ = now; None }
}
