//! TEMPORARY until the h-rules branch lands.
use crate::rules::{Color, Game, MoveList, Played, Seat, Square};
pub trait GameExt {
    fn legal_moves_from(&self, from: Square) -> MoveList;
    fn sees_capture(&self, seat: Seat, capturer: Color) -> bool;
}
impl GameExt for Game {
    fn legal_moves_from(&self, from: Square) -> MoveList {
        if self.outcome().is_some() { return MoveList::new(); }
        self.board().legal_moves_from(from)
    }
    fn sees_capture(&self, seat: Seat, capturer: Color) -> bool {
        use crate::rules::ruleset::CaptureKnowledge::*;
        match self.rules().capture_knowledge() {
            Nobody => false,
            CapturerOnly => seat == Seat::of(capturer),
            CapturerThenAll => seat == Seat::of(capturer) || self.outcome().is_some(),
        }
    }
}
pub trait PlayedExt { fn discloses(&self) -> bool; }
impl PlayedExt for Played {
    fn discloses(&self) -> bool { self.reveal.is_some() || self.captured.is_some_and(|c| c.hidden) }
}
