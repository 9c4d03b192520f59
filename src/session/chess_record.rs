//! A chess or hidden-chess game as text, to export and import: its
//! variant, its result, the moves in SAN (to read) and in the move text of
//! RULES.md section 5 (to replay), as the exporting seat knows them.
//!
//! ```text
//! [Game "hidden-chess"]
//! [Winner "black"]
//! [Reason "resignation"]
//!
//! 1. e4 e5 2. Nf3
//!
//! Moves: e2e4P e7e5P g1f3N
//! ```

use std::fmt;

use crate::rules::chess::{self, Outcome, Reason, Variant};
use crate::rules::Color;

use super::export::MAX_MOVES;
use super::{Chess, ChessSession, Family, GameConfig};

const REASONS: [Reason; 8] = [
    Reason::Checkmate,
    Reason::Stalemate,
    Reason::Repetition,
    Reason::FiftyMoves,
    Reason::InsufficientMaterial,
    Reason::Resignation,
    Reason::Time,
    Reason::Forfeit,
];

/// Why a chess record cannot be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// No `[Game "chess"]` or `[Game "hidden-chess"]` line.
    NoGame,
    /// No `Moves:` line.
    NoMoves,
    BadWinner(String),
    BadReason(String),
    TooLong(usize),
    Replay(chess::ReplayError),
    /// The result does not follow from the moves, nor can end a game.
    Result,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::NoGame => write!(f, "no [Game \"chess\"] or [Game \"hidden-chess\"] line"),
            RecordError::NoMoves => write!(f, "no 'Moves:' line"),
            RecordError::BadWinner(w) => write!(f, "unknown winner '{w}'"),
            RecordError::BadReason(r) => write!(f, "unknown reason '{r}'"),
            RecordError::TooLong(n) => write!(f, "{n} moves is more than a game can hold"),
            RecordError::Replay(e) => write!(f, "{e}"),
            RecordError::Result => write!(f, "the result does not follow from the moves"),
        }
    }
}

impl std::error::Error for RecordError {}

/// Give a replayed game its recorded result (see
/// [`export::settle_result`](super::export::settle_result)).
pub fn settle_result(game: &mut chess::Game, result: Option<Outcome>) -> Result<(), RecordError> {
    super::export::settle::<Chess>(game, result).map_err(|_| RecordError::Result)
}

/// A chess game as one seat knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessRecord {
    pub variant: Variant,
    pub moves: Vec<String>,
    pub result: Option<Outcome>,
}

/// Text between the first pair of double quotes.
fn quoted(line: &str) -> Option<&str> {
    let a = line.find('"')?;
    let rest = &line[a + 1..];
    Some(&rest[..rest.find('"')?])
}

fn clip(s: &str) -> String {
    s.chars()
        .take(24)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

impl ChessRecord {
    /// The session's game as its player may share it.
    pub fn of(s: &ChessSession) -> ChessRecord {
        ChessRecord {
            variant: s.config().rules,
            moves: Chess::seat_moves(s.game(), s.seat()),
            result: s.outcome(),
        }
    }

    /// The text form; `san` is the move list to show (it is not read back).
    pub fn to_text(&self, san: &[String]) -> String {
        let mut out = format!("[Game \"{}\"]\n", self.variant.id());
        if let Some(o) = self.result {
            let winner = o.winner.map_or("none", chess::color_name);
            out.push_str(&format!(
                "[Winner \"{winner}\"]\n[Reason \"{}\"]\n",
                o.reason.text()
            ));
        }
        out.push('\n');
        for (i, m) in san.iter().enumerate() {
            if i % 2 == 0 {
                out.push_str(&format!("{}. ", i / 2 + 1));
            }
            out.push_str(m);
            out.push(' ');
        }
        out.push_str(&format!("\n\nMoves: {}\n", self.moves.join(" ")));
        out
    }

    /// Read the text form (untrusted: every field checked).
    pub fn parse(text: &str) -> Result<ChessRecord, RecordError> {
        let mut variant = None;
        let mut winner: Option<Option<Color>> = None;
        let mut reason = None;
        let mut moves = None;
        for line in text.lines().map(str::trim) {
            if line.starts_with("[Game ") {
                variant = quoted(line).and_then(Variant::from_id);
            } else if line.starts_with("[Winner ") {
                let w = quoted(line).unwrap_or_default();
                winner = Some(match w {
                    "white" => Some(Color::Red),
                    "black" => Some(Color::Black),
                    "none" => None,
                    _ => return Err(RecordError::BadWinner(clip(w))),
                });
            } else if line.starts_with("[Reason ") {
                let r = quoted(line).unwrap_or_default();
                reason = Some(
                    REASONS
                        .into_iter()
                        .find(|x| x.text() == r)
                        .ok_or_else(|| RecordError::BadReason(clip(r)))?,
                );
            } else if let Some(rest) = line.strip_prefix("Moves:") {
                let list: Vec<String> = rest.split_whitespace().map(String::from).collect();
                if list.len() > MAX_MOVES {
                    return Err(RecordError::TooLong(list.len()));
                }
                moves = Some(list);
            }
        }
        let variant = variant.ok_or(RecordError::NoGame)?;
        let moves = moves.ok_or(RecordError::NoMoves)?;
        let result = match (winner, reason) {
            (Some(winner), Some(reason)) => Some(Outcome { winner, reason }),
            (None, None) => None,
            (Some(_), None) => return Err(RecordError::BadReason(String::new())),
            (None, Some(r)) => return Err(RecordError::BadWinner(r.text().into())),
        };
        Ok(ChessRecord {
            variant,
            moves,
            result,
        })
    }

    /// The game again (identities the record leaves out drawn afresh).
    pub fn to_game(&self) -> Result<chess::Game, RecordError> {
        let mut game = chess::Game::restore(self.variant, self.variant.start(), &self.moves)
            .map_err(RecordError::Replay)?;
        settle_result(&mut game, self.result)?;
        Ok(game)
    }
}

impl ChessSession {
    /// The game as text to export (the player's knowledge only).
    pub fn record_text(&self) -> String {
        let san: Vec<String> = self.log().iter().map(|e| e.text.clone()).collect();
        ChessRecord::of(self).to_text(&san)
    }

    /// An imported game, between two players on this device, take-backs off.
    pub fn from_record(r: &ChessRecord, now: f64) -> Result<ChessSession, RecordError> {
        let config = GameConfig::review(r.variant);
        Ok(ChessSession::with_game(config, r.to_game()?, now))
    }
}
