//! The four rule sets of RULES.md section 4.

use serde::{Deserialize, Serialize};

/// Who learns a captured face-down piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureKnowledge {
    /// Nobody, ever (its identity is never drawn).
    Nobody,
    /// The capturer at once; the other player when the game ends.
    CapturerThenAll,
    /// The capturer only.
    CapturerOnly,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum RuleSet {
    /// Cờ úp as played on ChessPlayX (seed 000).
    ChessPlayX,
    /// Jieqi (seed 001).
    #[default]
    Jieqi,
    /// Cờ úp as commonly played in Vietnam (seed 003).
    Vietnam,
    /// Standard xiangqi (seed 002).
    Xiangqi,
}

impl RuleSet {
    pub const ALL: [RuleSet; 4] = [
        RuleSet::ChessPlayX,
        RuleSet::Jieqi,
        RuleSet::Vietnam,
        RuleSet::Xiangqi,
    ];

    /// Face-down pieces in play.
    pub fn hidden_pieces(self) -> bool {
        self != RuleSet::Xiangqi
    }

    /// Face-up advisors and elephants leave the palace and cross the river.
    pub fn free_advisors_elephants(self) -> bool {
        self.hidden_pieces()
    }

    pub fn capture_knowledge(self) -> CaptureKnowledge {
        match self {
            RuleSet::ChessPlayX | RuleSet::Xiangqi => CaptureKnowledge::Nobody,
            RuleSet::Jieqi => CaptureKnowledge::CapturerThenAll,
            RuleSet::Vietnam => CaptureKnowledge::CapturerOnly,
        }
    }

    /// Does the capturer learn a captured face-down piece (so it is drawn then)?
    pub fn capturer_learns(self) -> bool {
        self.capture_knowledge() != CaptureKnowledge::Nobody
    }

    /// Perpetual check and chase lose (else every third repetition is a draw).
    pub fn punishes_perpetual(self) -> bool {
        matches!(self, RuleSet::Jieqi | RuleSet::Xiangqi)
    }

    /// Plies without progress that end the game in a draw.
    pub const NO_PROGRESS_PLIES: u32 = 120;

    /// Does this move reset the no-progress counter?
    pub fn resets_progress(self, capture: bool, soldier_move: bool, reveal: bool) -> bool {
        match self {
            RuleSet::ChessPlayX => capture || soldier_move || reveal,
            RuleSet::Vietnam => capture || reveal,
            RuleSet::Jieqi | RuleSet::Xiangqi => capture,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            RuleSet::ChessPlayX => "chessplayx",
            RuleSet::Jieqi => "jieqi",
            RuleSet::Vietnam => "vietnam",
            RuleSet::Xiangqi => "xiangqi",
        }
    }

    pub fn from_id(s: &str) -> Option<RuleSet> {
        RuleSet::ALL
            .into_iter()
            .find(|r| r.id().eq_ignore_ascii_case(s.trim()))
    }

    pub fn name(self) -> &'static str {
        match self {
            RuleSet::ChessPlayX => "Cờ úp · ChessPlayX",
            RuleSet::Jieqi => "Jieqi",
            RuleSet::Vietnam => "Cờ úp · Vietnam",
            RuleSet::Xiangqi => "Xiangqi",
        }
    }
}
