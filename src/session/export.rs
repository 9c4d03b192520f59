//! A game as text and as a link: export for people and import back.
//!
//! The text is PGN-like: header lines, the moves numbered in a display
//! notation for people, and a last `Moves:` line with the exact move text
//! (RULES.md section 1), which is all that import reads of the moves:
//!
//! ```text
//! [Game "Jieqi"]
//! [Rules "jieqi"]
//! [FEN "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1"]
//! [Result "0-1"]
//! [Reason "resignation"]
//! [Takebacks "0"]
//! [Notation "wxf"]
//!
//! 1. XC2.5 xc8.5 2. ...
//!
//! Moves: h2e2C h7e7c ...
//! ```
//!
//! The link is the part after `#` that opens the game for review:
//! `game=v1.RULES.FEN.RESULT.TAKEBACKS.MOVE.MOVE...`, where FEN is `start`
//! for the rule set's start position, or the position text with `_` for
//! each space; RESULT is `u` for an unfinished game, or the winner (`r`,
//! `b`, `d` for a draw) followed by the reason's letter (see [`REASONS`]).
//! Every character is a letter, a digit or one of `/ _ - .`, all of which
//! a link carries without escaping.
//!
//! Both readers are strict and bounded: every move is replayed
//! (`Game::restore`), a result must agree with the moves, and an error
//! says which move or field is wrong and why. They never panic.

use std::fmt;

use super::{Family, Xiangqi};
use crate::rules::xiangqi::fen::{self, ParseFenError};
use crate::rules::xiangqi::movetext;
use crate::rules::xiangqi::notation::{self, Notation};
use crate::rules::{Color, Game, Outcome, Position, Reason, RestoreError, RuleSet, Seat};

/// Longer texts (and links) are refused.
pub const MAX_TEXT_BYTES: usize = 256 * 1024;
/// Records with more moves are refused, here and in saved games (a game
/// ends long before: 120 plies without progress, threefold repetition).
pub const MAX_MOVES: usize = 4000;
/// The version of the link format, its first field.
pub const FRAGMENT_VERSION: &str = "v1";
/// What the link's fragment starts with.
pub const FRAGMENT_KEY: &str = "game=";

/// Each reason and its letter in a link's result code.
pub const REASONS: [(Reason, char); 9] = [
    (Reason::Checkmate, 'm'),
    (Reason::NoLegalMove, 'n'),
    (Reason::Repetition, 'r'),
    (Reason::PerpetualCheck, 'c'),
    (Reason::PerpetualChase, 'h'),
    (Reason::NoProgress, 'p'),
    (Reason::Resignation, 'g'),
    (Reason::Time, 't'),
    (Reason::Forfeit, 'f'),
];

/// A game as one seat knows it: enough to replay it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub rules: RuleSet,
    /// The position the game started from (Jieqi FEN).
    pub start_fen: String,
    /// Move text (RULES.md section 1), as the exporting seat knows it.
    pub moves: Vec<String>,
    /// How the game ended; `None` while it goes on.
    pub result: Option<Outcome>,
    /// How many moves were taken back.
    pub takebacks: u32,
}

/// A result that cannot stand with the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultError {
    /// The moves end the game otherwise (`record: None`: the record says
    /// the game goes on).
    Contradicts {
        moves: Outcome,
        record: Option<Outcome>,
    },
    /// The moves do not end the game, and only a resignation, a loss on
    /// time or a forfeit, each with a winner, can end it otherwise.
    NotImplied(Outcome),
}

impl fmt::Display for ResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResultError::Contradicts {
                moves,
                record: Some(r),
            } => write!(f, "the moves end the game ({moves}), not as recorded ({r})"),
            ResultError::Contradicts {
                moves,
                record: None,
            } => write!(
                f,
                "the moves end the game ({moves}), but the record says it goes on"
            ),
            ResultError::NotImplied(r) => write!(
                f,
                "the moves do not end the game, and '{r}' cannot end it otherwise \
                 (only a resignation, time or forfeit with a winner can)"
            ),
        }
    }
}

impl std::error::Error for ResultError {}

/// Give `game` (restored from its moves) a recorded result: one the moves
/// imply must be the same; any other must be a resignation, a loss on time
/// or a forfeit with a winner, and is adjudicated. `None` leaves the game
/// as its moves leave it.
pub fn settle_result(game: &mut Game, result: Option<Outcome>) -> Result<(), ResultError> {
    settle::<Xiangqi>(game, result).map_err(|(moves, r)| match moves {
        Some(moves) => ResultError::Contradicts {
            moves,
            record: Some(r),
        },
        None => ResultError::NotImplied(r),
    })
}

/// [`settle_result`] for either family. Refused: the result the moves
/// imply (if they end the game) and the recorded one.
pub fn settle<F: Family>(
    game: &mut F::Game,
    result: Option<F::Outcome>,
) -> Result<(), (Option<F::Outcome>, F::Outcome)> {
    let Some(r) = result else { return Ok(()) };
    match F::outcome(game) {
        Some(m) if m == r => Ok(()),
        None if F::winner(r).is_some() && !F::by_moves(r) => {
            F::adjudicate(game, r);
            Ok(())
        }
        moves => Err((moves, r)),
    }
}

/// Why a text or a link is not a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportError {
    /// Longer than [`MAX_TEXT_BYTES`] (the length in bytes).
    TooLarge(usize),
    /// More than [`MAX_MOVES`] moves (at least this many).
    TooLong(usize),
    /// A line starting with `[` that is not `[Key "value"]` (line from 1).
    Header {
        line: usize,
        text: String,
    },
    DuplicateHeader(String),
    MissingHeader(&'static str),
    /// Neither a `Game` nor a `Rules` header: which game this is cannot
    /// be told.
    NoGame,
    /// A `Game` header naming another game.
    NotJieqi(String),
    Rules(String),
    Fen(ParseFenError),
    Result(String),
    Reason(String),
    Takebacks(String),
    /// No `Moves:` line.
    NoMoves,
    /// A move that cannot be read or played: which one, and why.
    Move(RestoreError),
    /// The result does not fit the moves.
    Outcome(ResultError),
    /// A link that does not start with `game=`.
    NotALink,
    /// A link of another version.
    Version(String),
    /// A link with a character it never holds.
    LinkChar(char),
    /// A link with a field missing or empty.
    LinkField(&'static str),
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::TooLarge(n) => write!(
                f,
                "the text is {n} bytes long, more than a game record can be ({MAX_TEXT_BYTES})"
            ),
            ExportError::TooLong(n) => {
                write!(f, "{n} moves is more than a game can hold ({MAX_MOVES})")
            }
            ExportError::Header { line, text } => write!(
                f,
                "line {line}: '{text}' is not a header (expected e.g. [Rules \"jieqi\"])"
            ),
            ExportError::DuplicateHeader(k) => write!(f, "the header '{k}' is given twice"),
            ExportError::MissingHeader(k) => write!(f, "the header '{k}' is missing"),
            ExportError::NoGame => write!(
                f,
                "no [Game] or [Rules] header: expected [Game \"Jieqi\"] with [Rules \"jieqi\"] (or chessplayx, vietnam, xiangqi), or [Game \"chess\"] or [Game \"hidden-chess\"]"
            ),
            ExportError::NotJieqi(g) => write!(f, "'{g}' is not a Jieqi game record"),
            ExportError::Rules(r) => write!(f, "unknown rules '{r}'"),
            ExportError::Fen(e) => write!(f, "start position: {e}"),
            ExportError::Result(r) => {
                write!(f, "unknown result '{r}' (expected 1-0, 0-1, 1/2-1/2 or *)")
            }
            ExportError::Reason(r) => write!(f, "unknown reason '{r}'"),
            ExportError::Takebacks(t) => write!(f, "'{t}' is not a number of take-backs"),
            ExportError::NoMoves => write!(f, "no 'Moves:' line"),
            ExportError::Move(e) => write!(f, "{e}"),
            ExportError::Outcome(e) => write!(f, "{e}"),
            ExportError::NotALink => write!(f, "not a game link (expected '#{FRAGMENT_KEY}...')"),
            ExportError::Version(v) => write!(
                f,
                "game link of another version ('{v}', this page reads {FRAGMENT_VERSION})"
            ),
            ExportError::LinkChar(c) => write!(f, "a game link holds no '{}'", crate::rules::shown_char(*c)),
            ExportError::LinkField(what) => write!(f, "the game link has no {what}"),
        }
    }
}

impl std::error::Error for ExportError {}

/// A short, printable excerpt of untrusted text for an error.
fn excerpt(s: &str) -> String {
    s.chars()
        .take(40)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

impl GameRecord {
    /// The record of `game` as `seat` knows it; `None`: the referee's
    /// record, with every identity (two people on one device).
    pub fn from_game(game: &Game, seat: Option<Seat>, takebacks: u32) -> GameRecord {
        let moves = match seat {
            Some(seat) => game.view(seat).moves,
            None => game
                .history()
                .iter()
                .map(|r| movetext::write(&r.played, true))
                .collect(),
        };
        GameRecord {
            rules: game.rules(),
            start_fen: fen::write(game.start_position()),
            moves,
            result: game.outcome(),
            takebacks,
        }
    }

    /// The game again: the start position, every move replayed
    /// (`Game::restore` draws identities the record leaves out), then the
    /// result (see [`settle_result`]).
    pub fn to_game(&self) -> Result<Game, ExportError> {
        let mut game = self.replay()?;
        settle_result(&mut game, self.result).map_err(ExportError::Outcome)?;
        Ok(game)
    }

    /// The moves replayed, without the recorded result.
    fn replay(&self) -> Result<Game, ExportError> {
        if self.moves.len() > MAX_MOVES {
            return Err(ExportError::TooLong(self.moves.len()));
        }
        let start = self.start_position()?;
        Game::restore(start, &self.moves).map_err(ExportError::Move)
    }

    fn start_position(&self) -> Result<Position, ExportError> {
        fen::parse(&self.start_fen, self.rules).map_err(ExportError::Fen)
    }
}

/// The start position's text for `rules`.
fn start_fen(rules: RuleSet) -> String {
    fen::write(&Position::start(rules))
}

fn result_text(result: Option<Outcome>) -> &'static str {
    match result.map(|o| o.winner) {
        None => "*",
        Some(Some(Color::Red)) => "1-0",
        Some(Some(Color::Black)) => "0-1",
        Some(None) => "1/2-1/2",
    }
}

/// The winner a `Result` header names: `None` for `*`, `Some(None)` a draw.
fn parse_result_text(s: &str) -> Option<Option<Option<Color>>> {
    match s {
        "*" => Some(None),
        "1-0" => Some(Some(Some(Color::Red))),
        "0-1" => Some(Some(Some(Color::Black))),
        "1/2-1/2" | "½-½" => Some(Some(None)),
        _ => None,
    }
}

fn parse_reason_text(s: &str) -> Option<Reason> {
    REASONS
        .iter()
        .map(|&(r, _)| r)
        .find(|r| r.text().eq_ignore_ascii_case(s))
}

/// A take-back count: decimal digits only.
fn parse_count(s: &str) -> Option<u32> {
    if s.is_empty() || s.len() > 9 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// A header value as written: no quotes, brackets or line breaks.
fn header_value(s: &str) -> String {
    s.chars()
        .filter(|&c| !c.is_control() && c != '"' && c != ']')
        .collect()
}

/// The moves in `notation`, each written in the position before it; the
/// exact move text where the record cannot be replayed.
fn display_moves(r: &GameRecord, notation: Notation) -> (Vec<String>, Color, u32) {
    let Ok(start) = fen::parse(&r.start_fen, r.rules) else {
        return (r.moves.clone(), Color::Red, 1);
    };
    let (turn, fullmove) = (start.turn(), start.fullmove());
    let Ok(game) = Game::restore(start.clone(), &r.moves) else {
        return (r.moves.clone(), turn, fullmove);
    };
    let mut pos = start;
    let written = game
        .history()
        .iter()
        .map(|rec| {
            let p = &rec.played;
            let text = notation::write(&pos, p.mv, notation);
            pos.make(p.mv, p.reveal, p.capture_id);
            text
        })
        .collect();
    (written, turn, fullmove)
}

/// The game as text (see the module's documentation), the moves numbered
/// in `notation`.
pub fn to_text(r: &GameRecord, notation: Notation) -> String {
    let mut s = String::new();
    let mut header = |k: &str, v: &str| s.push_str(&format!("[{k} \"{}\"]\n", header_value(v)));
    header("Game", "Jieqi");
    header("Rules", r.rules.id());
    header("FEN", &r.start_fen);
    header("Result", result_text(r.result));
    if let Some(o) = r.result {
        header("Reason", o.reason.text());
    }
    header("Takebacks", &r.takebacks.to_string());
    header("Notation", notation.id());
    s.push('\n');

    let (written, mut turn, mut number) = display_moves(r, notation);
    let mut line = String::new();
    for (i, m) in written.iter().enumerate() {
        let token = match turn {
            Color::Red => format!("{number}. {m}"),
            Color::Black if i == 0 => format!("{number}... {m}"),
            Color::Black => m.clone(),
        };
        if turn == Color::Black {
            number = number.saturating_add(1);
        }
        turn = turn.other();
        if !line.is_empty() && line.chars().count() + 1 + token.chars().count() > 78 {
            s.push_str(&line);
            s.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    if !line.is_empty() {
        s.push_str(&line);
        s.push_str("\n\n");
    }

    s.push_str("Moves:");
    for m in &r.moves {
        s.push(' ');
        s.push_str(m);
    }
    s.push('\n');
    s
}

/// `[Key "value"]`: the key and the value.
fn parse_header(line: &str) -> Option<(&str, &str)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (key, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let key_ok = !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    (key_ok && !value.contains('"')).then_some((key, value.trim()))
}

/// Read a text that [`to_text`] wrote (or a person edited): CRLF, blank
/// lines and missing optional headers are fine (`Rules` is required; the
/// start position defaults to the rule set's); any other line before the
/// `Moves:` line (the numbered moves) is ignored, and every word after it
/// is a move. Each move is replayed and the result checked against them.
pub fn parse_text(text: &str) -> Result<GameRecord, ExportError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(ExportError::TooLarge(text.len()));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut headers: Vec<(String, &str)> = Vec::new();
    let mut moves: Option<Vec<String>> = None;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(ms) = moves.as_mut() {
            ms.extend(line.split_whitespace().map(str::to_string));
            if ms.len() > MAX_MOVES {
                return Err(ExportError::TooLong(ms.len()));
            }
        } else if line.starts_with('[') {
            let (key, value) = parse_header(line).ok_or_else(|| ExportError::Header {
                line: i + 1,
                text: excerpt(line),
            })?;
            let key = key.to_ascii_lowercase();
            if headers.iter().any(|(k, _)| *k == key) {
                return Err(ExportError::DuplicateHeader(excerpt(&key)));
            }
            headers.push((key, value));
        } else if let Some(rest) = line
            .get(..6)
            .filter(|h| h.eq_ignore_ascii_case("moves:"))
            .and_then(|_| line.get(6..))
        {
            let ms: Vec<String> = rest.split_whitespace().map(str::to_string).collect();
            if ms.len() > MAX_MOVES {
                return Err(ExportError::TooLong(ms.len()));
            }
            moves = Some(ms);
        }
    }
    let get = |k: &str| headers.iter().find(|(h, _)| h == k).map(|(_, v)| *v);

    if let Some(g) = get("game") {
        if !g.eq_ignore_ascii_case("jieqi") {
            return Err(ExportError::NotJieqi(excerpt(g)));
        }
    }
    let rules = match (get("rules"), get("game")) {
        (Some(r), _) => r,
        (None, Some(_)) => return Err(ExportError::MissingHeader("Rules")),
        (None, None) => return Err(ExportError::NoGame),
    };
    let rules = RuleSet::from_id(&rules.to_ascii_lowercase())
        .ok_or_else(|| ExportError::Rules(excerpt(rules)))?;
    let start_fen = get("fen").map_or_else(|| start_fen(rules), str::to_string);
    let claimed = match get("result") {
        Some(r) => Some(parse_result_text(r).ok_or_else(|| ExportError::Result(excerpt(r)))?),
        None => None,
    };
    let reason = match get("reason") {
        Some(r) => Some(parse_reason_text(r).ok_or_else(|| ExportError::Reason(excerpt(r)))?),
        None => None,
    };
    let takebacks = match get("takebacks") {
        Some(t) => parse_count(t).ok_or_else(|| ExportError::Takebacks(excerpt(t)))?,
        None => 0,
    };
    let moves = moves.ok_or(ExportError::NoMoves)?;

    let mut record = GameRecord {
        rules,
        start_fen,
        moves,
        result: None,
        takebacks,
    };
    let mut game = record.replay()?;
    let implied = game.outcome();
    let result = match (claimed, reason) {
        // No Result header: the moves say.
        (None, None) => implied,
        (None, Some(_)) => return Err(ExportError::MissingHeader("Result")),
        // `*`: the game goes on.
        (Some(None), _) => {
            if let Some(moves) = implied {
                return Err(ExportError::Outcome(ResultError::Contradicts {
                    moves,
                    record: None,
                }));
            }
            None
        }
        (Some(Some(winner)), Some(reason)) => Some(Outcome { winner, reason }),
        // A winner without a reason: the moves must give one.
        (Some(Some(winner)), None) => match implied {
            Some(o) if o.winner == winner => Some(o),
            Some(moves) => {
                return Err(ExportError::Outcome(ResultError::Contradicts {
                    moves,
                    record: Some(Outcome { winner, ..moves }),
                }))
            }
            None => return Err(ExportError::MissingHeader("Reason")),
        },
    };
    settle_result(&mut game, result).map_err(ExportError::Outcome)?;
    record.result = game.outcome();
    Ok(record)
}

fn result_code(result: Option<Outcome>) -> String {
    let Some(o) = result else {
        return "u".into();
    };
    let who = match o.winner {
        Some(Color::Red) => 'r',
        Some(Color::Black) => 'b',
        None => 'd',
    };
    let why = REASONS
        .iter()
        .find(|(r, _)| *r == o.reason)
        .map_or('?', |&(_, c)| c);
    format!("{who}{why}")
}

/// `None`: the code is not one; `Some(None)`: unfinished.
fn parse_result_code(s: &str) -> Option<Option<Outcome>> {
    if s == "u" {
        return Some(None);
    }
    let mut cs = s.chars();
    let (who, why) = (cs.next()?, cs.next()?);
    if cs.next().is_some() {
        return None;
    }
    let winner = match who {
        'r' => Some(Color::Red),
        'b' => Some(Color::Black),
        'd' => None,
        _ => return None,
    };
    let reason = REASONS.iter().find(|&&(_, c)| c == why)?.0;
    Some(Some(Outcome { winner, reason }))
}

/// The link's fragment (after `#`) that opens the game for review.
pub fn to_fragment(r: &GameRecord) -> String {
    let fen = if r.start_fen == start_fen(r.rules) {
        "start".to_string()
    } else {
        r.start_fen.replace(' ', "_")
    };
    let mut s = format!(
        "{FRAGMENT_KEY}{FRAGMENT_VERSION}.{}.{fen}.{}.{}",
        r.rules.id(),
        result_code(r.result),
        r.takebacks
    );
    for m in &r.moves {
        s.push('.');
        s.push_str(m);
    }
    s
}

/// Read a link's fragment (with or without its `#`) that [`to_fragment`]
/// wrote. Strict: one version, no other characters, no empty field, and
/// every move replayed; the result must be the one the moves imply, or a
/// resignation, time or forfeit where they imply none.
pub fn from_fragment(s: &str) -> Result<GameRecord, ExportError> {
    if s.len() > MAX_TEXT_BYTES {
        return Err(ExportError::TooLarge(s.len()));
    }
    let s = s.strip_prefix('#').unwrap_or(s);
    let body = s.strip_prefix(FRAGMENT_KEY).ok_or(ExportError::NotALink)?;
    let version = body.split('.').next().unwrap_or("");
    if version != FRAGMENT_VERSION {
        return Err(ExportError::Version(excerpt(version)));
    }
    if let Some(c) = body
        .chars()
        .find(|&c| !(c.is_ascii_alphanumeric() || matches!(c, '/' | '_' | '-' | '.')))
    {
        return Err(ExportError::LinkChar(c));
    }
    let mut fields = body.split('.').skip(1);
    let mut field = |what: &'static str| {
        fields
            .next()
            .filter(|f| !f.is_empty())
            .ok_or(ExportError::LinkField(what))
    };
    let rules = field("rule set")?;
    let rules = RuleSet::from_id(rules).ok_or_else(|| ExportError::Rules(excerpt(rules)))?;
    let start_fen = match field("start position")? {
        "start" => start_fen(rules),
        f => f.replace('_', " "),
    };
    let result = field("result")?;
    let result = parse_result_code(result).ok_or_else(|| ExportError::Result(excerpt(result)))?;
    let takebacks = field("take-back count")?;
    let takebacks =
        parse_count(takebacks).ok_or_else(|| ExportError::Takebacks(excerpt(takebacks)))?;
    let mut moves = Vec::new();
    for m in fields {
        if m.is_empty() {
            return Err(ExportError::LinkField("move between two dots"));
        }
        if moves.len() == MAX_MOVES {
            return Err(ExportError::TooLong(MAX_MOVES + 1));
        }
        moves.push(m.to_string());
    }
    let record = GameRecord {
        rules,
        start_fen,
        moves,
        result,
        takebacks,
    };
    let game = record.to_game()?;
    if let (Some(moves), None) = (game.outcome(), result) {
        return Err(ExportError::Outcome(ResultError::Contradicts {
            moves,
            record: None,
        }));
    }
    Ok(record)
}
