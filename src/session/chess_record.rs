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
//!
//! A game from another position has a `[FEN "..."]` line. As a link (the
//! part after `#`, as for xiangqi in [`export`](super::export)):
//! `game=v1.VARIANT.FEN.RESULT.0.MOVE.MOVE...`, where FEN is `start` or
//! the FEN with `_` for each space, and RESULT is `u` while the game goes
//! on, or the winner (`w`, `b`, `d` for a draw) then the reason's letter.

use std::fmt;

use crate::rules::chess::{self, Outcome, Reason, Variant};
use crate::rules::Color;

use super::export::{FRAGMENT_KEY, FRAGMENT_VERSION, MAX_MOVES, MAX_TEXT_BYTES};
use super::{Chess, ChessSession, Family, GameConfig};

/// Each reason and its letter in a link's result code.
const REASONS: [(Reason, char); 8] = [
    (Reason::Checkmate, 'm'),
    (Reason::Stalemate, 's'),
    (Reason::Repetition, 'r'),
    (Reason::FiftyMoves, 'p'),
    (Reason::InsufficientMaterial, 'i'),
    (Reason::Resignation, 'g'),
    (Reason::Time, 't'),
    (Reason::Forfeit, 'f'),
];

/// Why a chess record cannot be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// No `[Game "chess"]` or `[Game "hidden-chess"]` line.
    NoGame,
    /// No `Moves:` line.
    NoMoves,
    /// The `[FEN]` line is not a position of the variant.
    BadFen(String),
    /// A link that is not a chess game's (`game=v1.chess...`), or one of
    /// its fields is wrong (named).
    BadLink(&'static str),
    TooLarge(usize),
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
            RecordError::BadFen(e) => write!(f, "bad [FEN]: {e}"),
            RecordError::BadLink(what) => write!(f, "the link's {what} is wrong"),
            RecordError::TooLarge(n) => write!(f, "{n} bytes is more than a game can hold"),
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
    /// The start position's FEN when it is not the variant's start.
    pub start_fen: Option<String>,
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
    clip_to(s, 24)
}

/// At most `n` characters of `s`, control characters shown as `?`.
fn clip_to(s: &str, n: usize) -> String {
    s.chars()
        .take(n)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

impl ChessRecord {
    /// The session's game as its player may share it.
    ///
    /// Between two players on one device, once the game is over, that is
    /// every identity (each captured face-down piece with its letter, so
    /// the record replays as it was played); while it goes on, only what
    /// both may see.
    pub fn of(s: &ChessSession) -> ChessRecord {
        let game = s.game();
        let start = chess::fen::write(game.start_position());
        let moves = if !s.vs_ai() && s.outcome().is_some() {
            Chess::referee_moves(game)
        } else {
            Chess::seat_moves(game, s.seat())
        };
        ChessRecord {
            variant: s.config().rules,
            start_fen: (start != s.config().rules.start_fen()).then_some(start),
            moves,
            result: s.outcome(),
        }
    }

    /// The text form; `san` is the move list to show (it is not read back).
    pub fn to_text(&self, san: &[String]) -> String {
        let mut out = format!("[Game \"{}\"]\n", self.variant.id());
        if let Some(fen) = &self.start_fen {
            out.push_str(&format!("[FEN \"{fen}\"]\n"));
        }
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
        if text.len() > MAX_TEXT_BYTES {
            return Err(RecordError::TooLarge(text.len()));
        }
        let mut variant = None;
        let mut start_fen = None;
        let mut winner: Option<Option<Color>> = None;
        let mut reason = None;
        let mut moves = None;
        for line in text.lines().map(str::trim) {
            if line.starts_with("[Game ") {
                variant = quoted(line).and_then(Variant::from_id);
            } else if line.starts_with("[FEN ") {
                start_fen = Some(quoted(line).unwrap_or_default().to_string());
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
                        .map(|(x, _)| x)
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
        let start_fen = start_fen.filter(|f| f.as_str() != variant.start_fen());
        let record = ChessRecord {
            variant,
            start_fen,
            moves,
            result,
        };
        record.start()?;
        Ok(record)
    }

    /// The start position.
    fn start(&self) -> Result<chess::Position, RecordError> {
        match &self.start_fen {
            None => Ok(self.variant.start()),
            Some(f) => chess::fen::parse(f, self.variant)
                .map_err(|e| RecordError::BadFen(format!("'{}': {e}", clip_to(f, 100)))),
        }
    }

    /// The link's fragment (after `#`) that opens the game for review.
    pub fn to_fragment(&self) -> String {
        let fen = match &self.start_fen {
            None => "start".to_string(),
            Some(f) => f.replace(' ', "_"),
        };
        let result = match self.result {
            None => "u".to_string(),
            Some(o) => {
                let who = match o.winner {
                    Some(Color::Red) => 'w',
                    Some(Color::Black) => 'b',
                    None => 'd',
                };
                let why = REASONS
                    .iter()
                    .find(|&&(r, _)| r == o.reason)
                    .map_or('f', |&(_, c)| c);
                format!("{who}{why}")
            }
        };
        let mut s = format!(
            "{FRAGMENT_KEY}{FRAGMENT_VERSION}.{}.{fen}.{result}.0",
            self.variant.id()
        );
        for m in &self.moves {
            s.push('.');
            s.push_str(m);
        }
        s
    }

    /// An exported chess game, as a link, its fragment or text. `None`:
    /// not a chess game (it may be a Jieqi one).
    pub fn read(text: &str) -> Option<Result<ChessRecord, RecordError>> {
        let link = text.trim().rsplit('#').next().unwrap_or_default();
        if Self::is_chess_fragment(link) {
            Some(Self::from_fragment(link))
        } else {
            Self::is_chess_text(text).then(|| Self::parse(text))
        }
    }

    /// Does this exported text name a chess game (`[Game "chess"]` or
    /// `[Game "hidden-chess"]`, in any case)?
    pub fn is_chess_text(text: &str) -> bool {
        text.lines()
            .map(str::trim)
            .filter(|l| l.starts_with("[Game "))
            .any(|l| quoted(l).and_then(Variant::from_id).is_some())
    }

    /// Does this link's fragment (with or without `#`) hold a chess game?
    pub fn is_chess_fragment(s: &str) -> bool {
        let s = s.strip_prefix('#').unwrap_or(s);
        let Some(body) = s.strip_prefix(FRAGMENT_KEY) else {
            return false;
        };
        let mut fields = body.split('.');
        fields.next();
        fields.next().is_some_and(|v| Variant::from_id(v).is_some())
    }

    /// Read a link's fragment that [`ChessRecord::to_fragment`] wrote.
    /// Strict, like the xiangqi reader: every field checked, every move
    /// replayed, the result the moves imply or one that can end a game.
    pub fn from_fragment(s: &str) -> Result<ChessRecord, RecordError> {
        if s.len() > MAX_TEXT_BYTES {
            return Err(RecordError::TooLarge(s.len()));
        }
        let s = s.strip_prefix('#').unwrap_or(s);
        let body = s
            .strip_prefix(FRAGMENT_KEY)
            .ok_or(RecordError::BadLink("start ('game=')"))?;
        if body
            .chars()
            .any(|c| !(c.is_ascii_alphanumeric() || matches!(c, '/' | '_' | '-' | '.')))
        {
            return Err(RecordError::BadLink(
                "text (a character a link cannot carry)",
            ));
        }
        let mut fields = body.split('.');
        if fields.next() != Some(FRAGMENT_VERSION) {
            return Err(RecordError::BadLink("version"));
        }
        let variant = fields
            .next()
            .and_then(Variant::from_id)
            .ok_or(RecordError::BadLink("variant"))?;
        let start_fen = match fields.next() {
            Some("start") => None,
            Some(f) if !f.is_empty() => Some(f.replace('_', " ")),
            _ => return Err(RecordError::BadLink("start position")),
        };
        let result = match fields.next().unwrap_or("") {
            "u" => None,
            code => {
                let mut cs = code.chars();
                let winner = match cs.next() {
                    Some('w') => Some(Color::Red),
                    Some('b') => Some(Color::Black),
                    Some('d') => None,
                    _ => return Err(RecordError::BadLink("result")),
                };
                let why = cs.next();
                let reason = REASONS
                    .iter()
                    .find(|&&(_, c)| Some(c) == why)
                    .map(|&(r, _)| r)
                    .filter(|_| cs.next().is_none())
                    .ok_or(RecordError::BadLink("result"))?;
                Some(Outcome { winner, reason })
            }
        };
        if !fields
            .next()
            .is_some_and(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
        {
            return Err(RecordError::BadLink("take-back count"));
        }
        let mut moves = Vec::new();
        for m in fields {
            if m.is_empty() {
                return Err(RecordError::BadLink("move list (a move between two dots)"));
            }
            if moves.len() == MAX_MOVES {
                return Err(RecordError::TooLong(MAX_MOVES + 1));
            }
            moves.push(m.to_string());
        }
        let start_fen = start_fen.filter(|f| f.as_str() != variant.start_fen());
        let record = ChessRecord {
            variant,
            start_fen,
            moves,
            result,
        };
        let game = record.to_game()?;
        if result.is_none() && game.outcome().is_some() {
            return Err(RecordError::Result);
        }
        Ok(record)
    }

    /// The game again (identities the record leaves out drawn afresh).
    pub fn to_game(&self) -> Result<chess::Game, RecordError> {
        let mut game = chess::Game::restore(self.variant, self.start()?, &self.moves)
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
