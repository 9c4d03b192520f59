//! What the page shows, derived from the session: the status line, the
//! move list and the player strips. Typed, so the page only translates.

use super::{Family, GameSession, Opponent, Purpose, Worker};
use crate::rules::{Color, Role, Seat};

/// A message for the player (the page words it in its language).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Message {
    NothingToUndo,
    /// Fair take-backs: a move that disclosed something stays.
    TakebackRefused,
    TakebacksOff,
    /// A finished game against the AI stays finished.
    GameFinished,
    /// A tap while reviewing.
    BackToGame,
    LookingForHint,
    /// The hint is ready (shown on the board and in the status).
    Hint,
    WorkerRestarting,
    WorkerFailed,
    SavedGameSetAside,
    /// The game in a shared link could not be read: it was not opened.
    LinkRefused,
    /// Another tab of this page moved on: the game was read again.
    OtherTab,
    NoRandomness,
    /// Said (not shown) after a take-back, so that the live region no
    /// longer holds the move taken back.
    TakenBack,
    /// As [`Message::TakenBack`], for the player's move and the AI's reply.
    TakenBackBoth,
    /// Said when a new game starts, so that the live region no longer
    /// holds the last game's last words.
    NewGameStarted,
}

/// The status line.
#[derive(Clone, Debug, PartialEq)]
pub enum GameStatus<F: Family> {
    Reviewing {
        ply: usize,
        of: usize,
    },
    Over(F::Outcome),
    /// The player picks the promotion of a pawn (chess).
    ChoosePromotion,
    /// A hint, with the numbers of its search (from the player's own view).
    Hint {
        text: String,
        depth: u32,
        score: i32,
    },
    /// Looking for a hint: the search's progress so far.
    Analysing {
        depth: u32,
        score: i32,
    },
    Message(Message),
    /// The AI thinks; only the time is shown, never its score.
    Thinking {
        seconds: u32,
    },
    StartingAi,
    /// Whose move it is. `yours`: against the AI, is it the player's?
    ToMove {
        color: Color,
        yours: Option<bool>,
        check: bool,
    },
}

/// How a search's score stands for the side it was searched for (a
/// hint: the player asking), in words a player reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Mates in this many moves.
    Mating(u32),
    Winning,
    Ahead,
    SlightlyAhead,
    Equal,
    SlightlyBehind,
    Behind,
    Losing,
    /// Is mated in this many moves.
    Mated(u32),
}

impl Standing {
    /// Up to this many hundredths of a pawn either way the game is level.
    pub const EQUAL: i32 = 25;
    /// Up to this, slightly ahead (or behind).
    pub const SLIGHT: i32 = 80;
    /// Up to this, ahead (or behind); beyond, winning (or losing).
    pub const CLEAR: i32 = 250;

    /// The standing of `score` (the search's units: a pawn or soldier is
    /// about 100; beyond `MATE_BOUND` a mate, counted in plies).
    pub fn of(score: i32) -> Standing {
        use crate::ai::eval::{MATE, MATE_BOUND};
        let moves = |s: i32| ((MATE - s.abs()).max(1) as u32).div_ceil(2);
        match score {
            s if s > MATE_BOUND => Standing::Mating(moves(s)),
            s if s < -MATE_BOUND => Standing::Mated(moves(s)),
            s if s > Standing::CLEAR => Standing::Winning,
            s if s > Standing::SLIGHT => Standing::Ahead,
            s if s > Standing::EQUAL => Standing::SlightlyAhead,
            s if s >= -Standing::EQUAL => Standing::Equal,
            s if s >= -Standing::SLIGHT => Standing::SlightlyBehind,
            s if s >= -Standing::CLEAR => Standing::Behind,
            _ => Standing::Losing,
        }
    }

    /// The score in pawns with its sign (`+0.35`, `-1.20`); `None` for a
    /// mate, which the words say.
    pub fn pawns(score: i32) -> Option<String> {
        match Standing::of(score) {
            Standing::Mating(_) | Standing::Mated(_) => None,
            _ => {
                let sign = if score < 0 { '-' } else { '+' };
                let a = score.unsigned_abs();
                Some(format!("{sign}{}.{:02}", a / 100, a % 100))
            }
        }
    }
}

/// One ply in the move list, as the viewing seat may know it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEntry<F: Family> {
    pub text: String,
    pub color: Color,
    /// The identity a face-down mover turned into.
    pub reveal: Option<F::Piece>,
    /// A face-down piece was captured: its identity if this seat knows it.
    pub captured_hidden: Option<Option<F::Piece>>,
}

/// One side's strip beside the board.
#[derive(Clone, Debug, PartialEq)]
pub struct GameStrip<F: Family> {
    pub color: Color,
    /// Against the AI: is this the player (else the AI)? Two players: `None`.
    pub you: Option<bool>,
    /// Pieces this side has taken, as the viewer may know them: `(ply,
    /// piece, was face down)`; `None` piece: an unknown identity.
    pub taken: Vec<(usize, Option<F::Piece>, bool)>,
    /// Material balance in points (positive: ahead), known pieces only.
    pub material: i32,
    /// Remaining time (ms) if there is a clock.
    pub clock_ms: Option<u64>,
    /// Is this side's clock running?
    pub running: bool,
}

/// Points of a piece for the material balance (a soldier is 1).
pub fn points(r: Role) -> i32 {
    match r {
        Role::Chariot => 9,
        Role::Cannon | Role::Horse => 4,
        Role::Advisor | Role::Elephant => 2,
        Role::Soldier => 1,
        Role::General => 0,
    }
}

impl<F: Family> GameSession<F> {
    /// The move list, rewritten from the record (notation, knowledge).
    pub(super) fn rebuild_log(&mut self) {
        let seat = self.seat();
        // The identity this seat knows of the piece captured at each ply.
        let mut known: Vec<Option<F::Piece>> = vec![None; F::ply(&self.game)];
        for c in F::captured(&self.game, seat).iter().flatten() {
            if let Some(k) = known.get_mut(c.ply) {
                *k = c.piece;
            }
        }
        let texts = F::move_list(&self.game, self.notation);
        self.log = F::history(&self.game)
            .into_iter()
            .zip(texts)
            .enumerate()
            .map(|(ply, (p, text))| GameEntry {
                text,
                color: F::color_of(p.piece),
                reveal: p.reveal,
                captured_hidden: p
                    .captured
                    .filter(|&c| F::is_hidden(c))
                    .map(|_| known.get(ply).copied().flatten()),
            })
            .collect();
    }

    /// The status line now.
    pub fn status(&self) -> GameStatus<F> {
        let turn = self.turn();
        if let Some(k) = self.review {
            // A tap on the board while reviewing says how to get back.
            if let Some(m @ Message::BackToGame) = self.message {
                return GameStatus::Message(m);
            }
            return GameStatus::Reviewing {
                ply: k,
                of: self.ply(),
            };
        }
        if let Some(o) = self.outcome() {
            return GameStatus::Over(o);
        }
        if self.choosing().is_some() && self.human_to_move() {
            return GameStatus::ChoosePromotion;
        }
        if let Some((_, text)) = &self.hint {
            let (depth, score) = self.analysis.unwrap_or((0, 0));
            return GameStatus::Hint {
                text: text.clone(),
                depth,
                score,
            };
        }
        let hinting = self
            .pending
            .as_ref()
            .is_some_and(|p| p.request.purpose == Purpose::Hint);
        if hinting {
            if let Some((depth, score)) = self.analysis {
                return GameStatus::Analysing { depth, score };
            }
        }
        if let Some(m) = self.message {
            return GameStatus::Message(m);
        }
        // A worker given up on thinks about nothing: say so, whatever waits.
        if self.vs_ai() && self.worker == Worker::Failed {
            return GameStatus::Message(Message::WorkerFailed);
        }
        if let Some(p) = self
            .pending
            .as_ref()
            .filter(|p| p.request.purpose == Purpose::Move)
        {
            let since = p.sent_at.unwrap_or(self.now);
            return GameStatus::Thinking {
                seconds: ((self.now - since).max(0.0) / 1000.0) as u32,
            };
        }
        if self.vs_ai() && self.worker == Worker::Starting {
            return GameStatus::StartingAi;
        }
        GameStatus::ToMove {
            color: turn,
            yours: match self.config.opponent {
                Opponent::Ai(_) => Some(turn == self.config.human),
                Opponent::Human => None,
            },
            check: F::in_check(F::board(&self.game)),
        }
    }

    /// Is the AI's move awaited (for the page's "thinking" indicator)?
    pub fn thinking(&self) -> bool {
        self.pending
            .as_ref()
            .is_some_and(|p| p.request.purpose == Purpose::Move)
            || self.held.is_some()
    }

    /// The strip of `color`: its captures, material and clock.
    pub fn strip(&self, color: Color) -> GameStrip<F> {
        let captured = F::captured(&self.game, self.seat());
        // `captured[c]` holds pieces taken FROM colour c.
        let taken: Vec<(usize, Option<F::Piece>, bool)> = captured[color.other().index()]
            .iter()
            .map(|c| (c.ply, c.piece, c.was_hidden))
            .collect();
        let worth = |c: Color| -> i32 {
            captured[c.other().index()]
                .iter()
                .filter_map(|x| x.piece)
                .map(F::points)
                .sum()
        };
        let (clock_ms, running) = match &self.clock {
            Some(c) => (
                Some(c.remaining(color, self.now)),
                c.running.is_some_and(|(s, _)| s == color),
            ),
            None => (None, false),
        };
        GameStrip {
            color,
            you: match self.config.opponent {
                Opponent::Ai(_) => Some(color == self.config.human),
                Opponent::Human => None,
            },
            taken,
            material: worth(color) - worth(color.other()),
            clock_ms,
            running,
        }
    }

    /// The true identity of a captured face-down piece, for the capturer's
    /// private look on a shared screen (two players only; `None` when the
    /// rules already show it to both, or nothing was drawn).
    pub fn private_capture(&self, ply: usize) -> Option<F::Piece> {
        if self.vs_ai() {
            return None;
        }
        let r = F::history(&self.game).into_iter().nth(ply)?;
        r.captured.filter(|&c| F::is_hidden(c))?;
        let capturer = F::color_of(r.piece);
        let private = F::sees_capture(&self.game, Seat::of(capturer), capturer)
            && !F::sees_capture(&self.game, Seat::Spectator, capturer);
        private.then_some(r.capture_id).flatten()
    }
}
