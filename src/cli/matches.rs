//! `jieqi match`: a fair referee between two engines (built-in levels, a
//! random mover, or any UCI command). It draws every identity itself and
//! tells each engine only what its seat may know.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, sync_channel, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::sprt::{elo_of, shown_number, Sprt, Verdict, GAME, PAIR};
use crate::ai::game::Game as AiGame;
use crate::ai::{self, Clock, GameSearcher, Level, Limits, Request, Strength};
use crate::rules::xiangqi::fen;
use crate::rules::{Color, Game, Move, Outcome, Position, Reason, RuleSet, Seat, Square};

#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub engines: [String; 2],
    pub rules: RuleSet,
    pub games: usize,
    pub movetime_ms: Option<f64>,
    pub nodes: Option<u64>,
    /// A game clock for each side instead of a time per move (`--tc`).
    pub tc: Option<TimeControl>,
    pub seed: u64,
    pub jobs: usize,
    pub out_dir: Option<String>,
    pub max_plies: usize,
    /// Stop as soon as this test reaches a verdict.
    pub sprt: Option<Sprt>,
    /// Start positions (FEN), cycled by game pair; empty: the rule set's start.
    pub openings: Vec<String>,
    /// Random legal plies the referee plays from the start before the
    /// engines take over (`--random-plies`; see [`random_opening`]).
    pub random_plies: usize,
}

/// A Fischer clock for each side: `base_ms` at the start, `inc_ms` added
/// after each move. Written `BASE+INC` in seconds (`--tc 10+0.1`, `--tc 60`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeControl {
    pub base_ms: f64,
    pub inc_ms: f64,
}

impl TimeControl {
    /// Read `BASE+INC` (or `BASE`) in seconds, kept to whole milliseconds:
    /// BASE from 0.001 to 86 400, INC from 0 to 3 600.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad = || {
            format!(
                "--tc needs BASE+INC in seconds (10+0.1, or 60; BASE 0.001 to 86400, \
                 INC 0 to 3600), not '{}'",
                super::shown(text)
            )
        };
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        // Written without a sign, as every number of the command line
        // (`1++1`, `1+-0` are no clocks).
        let ms = |v: &str| {
            super::unsigned::<f64>(v)
                .filter(|x| x.is_finite() && *x >= 0.0)
                .map(|x| (x * 1000.0).round())
        };
        match (ms(base), ms(inc)) {
            (Some(b), Some(i)) if (1.0..=86_400_000.0).contains(&b) && i <= 3_600_000.0 => {
                Ok(TimeControl {
                    base_ms: b,
                    inc_ms: i,
                })
            }
            _ => Err(bad()),
        }
    }

    /// The time left for both sides at the start of a game.
    pub(crate) fn start(self) -> GameClocks {
        GameClocks {
            left_ms: [self.base_ms; 2],
            inc_ms: self.inc_ms,
        }
    }

    /// The record's tag, as PGN writes a Fischer clock (seconds).
    pub(crate) fn tag(tc: Option<TimeControl>) -> String {
        tc.map_or(String::new(), |tc| {
            format!(
                "[TimeControl \"{}+{}\"]\n",
                tc.base_ms / 1000.0,
                tc.inc_ms / 1000.0
            )
        })
    }

    pub(crate) fn rule(self) -> String {
        format!(
            "each side {} s + {} s a move; a side whose clock runs out loses on time",
            self.base_ms / 1000.0,
            self.inc_ms / 1000.0
        )
    }
}

/// Both sides' clocks in a game under a [`TimeControl`], by colour index.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GameClocks {
    pub left_ms: [f64; 2],
    pub inc_ms: f64,
}

impl GameClocks {
    /// The mover's clock as the engine's time manager reads it.
    pub(crate) fn of(&self, c: Color) -> Clock {
        Clock {
            remaining_ms: self.left_ms[c.index()],
            increment_ms: self.inc_ms,
            moves_to_go: None,
        }
    }

    /// The UCI `go` line for these clocks.
    fn go(&self) -> String {
        let ms = |x: f64| x.max(0.0) as u64;
        format!(
            "go wtime {} btime {} winc {} binc {}",
            ms(self.left_ms[0]),
            ms(self.left_ms[1]),
            ms(self.inc_ms),
            ms(self.inc_ms)
        )
    }

    /// Charge `c` for a move that took `took`: `Err` (lost on time) when it
    /// took more than was left, else the time is taken off and the
    /// increment added.
    pub(crate) fn charge(&mut self, c: Color, took: Duration) -> Result<(), Forfeit> {
        let took = took.as_secs_f64() * 1000.0;
        let left = &mut self.left_ms[c.index()];
        if took > *left {
            return Err(Forfeit::time(format!(
                "lost on time: took {} ms with {} ms on its clock",
                took as u64, *left as u64
            )));
        }
        *left += self.inc_ms - took;
        Ok(())
    }
}

/// What ends a game by forfeit, named as PGN's `Termination` tag names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cause {
    /// Past its clock, its time per move, or its node budget.
    Time,
    /// An unreadable or illegal move.
    Rules,
    /// A crash, an engine that cannot start, or one that breaks the protocol.
    Abandoned,
}

/// A side's forfeit: its cause and the referee's words for it.
#[derive(Clone, Debug)]
pub(crate) struct Forfeit {
    pub cause: Cause,
    pub message: String,
}

impl Forfeit {
    pub(crate) fn time(message: String) -> Forfeit {
        Forfeit {
            cause: Cause::Time,
            message,
        }
    }

    pub(crate) fn rules(message: String) -> Forfeit {
        Forfeit {
            cause: Cause::Rules,
            message,
        }
    }
}

/// Any other failure (an engine gone, a broken pipe) abandons the game.
impl From<String> for Forfeit {
    fn from(message: String) -> Forfeit {
        Forfeit {
            cause: Cause::Abandoned,
            message,
        }
    }
}

impl std::fmt::Display for Forfeit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// How a game ended, for its record: a `Termination` tag (PGN's values)
/// and the line of `moves`, closed after a forfeit by a comment saying who
/// forfeited and why.
pub(crate) fn termination(
    forfeit: Option<&(&str, Forfeit)>,
    adjudicated: bool,
    moves: &[String],
) -> (String, String) {
    let name = match (forfeit, adjudicated) {
        (Some((_, f)), _) => match f.cause {
            Cause::Time => "time forfeit",
            Cause::Rules => "rules infraction",
            Cause::Abandoned => "abandoned",
        },
        (None, true) => "adjudication",
        (None, false) => "normal",
    };
    let mut line = moves.join(" ");
    if let Some((side, f)) = forfeit {
        // A comment ends at the first '}'; the message cannot end it early
        // (braces become parentheses: an escape `\u{1b}` reads `\u(1b)`).
        let why: String = f
            .message
            .chars()
            .map(|c| match c {
                '{' => '(',
                '}' => ')',
                c => c,
            })
            .collect();
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&format!("{{{side} forfeits: {why}}}"));
    }
    (format!("[Termination \"{name}\"]\n"), line)
}

/// A move chosen by `choose` (given the clocks) for `c`, whose clock, when
/// the game has one, is charged the time it took.
pub(crate) fn on_clock<M>(
    clocks: &mut Option<GameClocks>,
    c: Color,
    choose: impl FnOnce(Option<&GameClocks>) -> Result<M, Forfeit>,
) -> Result<M, Forfeit> {
    let begin = Instant::now();
    let m = choose(clocks.as_ref())?;
    match clocks {
        Some(k) => k.charge(c, begin.elapsed()).map(|_| m),
        None => Ok(m),
    }
}

/// A line of an openings file that is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningsError {
    /// 1-based line number; 0 when the file as a whole is at fault.
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for OpeningsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            0 => write!(f, "openings: {}", self.message),
            n => write!(f, "openings line {n}: {}", self.message),
        }
    }
}

impl std::error::Error for OpeningsError {}

/// The positions of an openings file: one FEN a line; blank lines and lines
/// starting with `#` are skipped. Each is checked under `rules`.
pub fn parse_openings(text: &str, rules: RuleSet) -> Result<Vec<String>, OpeningsError> {
    parse_openings_with(text, |line| {
        let fen = super::position_of(line, rules).map(|pos| fen::write(&pos))?;
        not_over(rules, &fen)?;
        Ok(fen)
    })
}

/// Refuse an opening `fen` that is already over (checkmate, stalemate, the
/// no-progress limit): it would be a game no engine plays, scored.
pub(crate) fn not_over<B: Board>(board: B, fen: &str) -> Result<(), String> {
    match B::outcome(&board.start(Some(fen), 0)?) {
        Some(o) => Err(format!(
            "the game is already over there ({})",
            B::result_text(o)
        )),
        None => Ok(()),
    }
}

/// [`parse_openings`] for any game: `read` turns a line into the FEN kept
/// (or says why it is not a position).
pub fn parse_openings_with(
    text: &str,
    read: impl Fn(&str) -> Result<String, String>,
) -> Result<Vec<String>, OpeningsError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let pos = read(line).map_err(|e| OpeningsError {
            line: i + 1,
            // The readers quote what they could not read.
            message: e,
        })?;
        out.push(pos);
    }
    if out.is_empty() {
        return Err(OpeningsError {
            line: 0,
            message: "no positions in the file".into(),
        });
    }
    Ok(out)
}

/// One side's engine during a game of either board: `G` is the AI's game
/// (the xiangqi or the chess position).
pub(crate) enum Player<G: AiGame> {
    Builtin {
        level: Level,
        /// One searcher per share of the root moves (see [`ai::split`]).
        searchers: Vec<GameSearcher<G>>,
        nodes: Option<u64>,
    },
    Random {
        state: u64,
    },
    Uci(Box<UciEngine>),
}

impl<G: AiGame> Player<G> {
    /// `spec`: a level, optionally with its own node budget (`hard:90000`)
    /// and a number of searches that share out the root moves, as workers
    /// without shared memory could (`hard@2`, `hard:90000@2`: each search
    /// has the budget, and they run side by side); `random`, or `uci:COMMAND` (a
    /// bare command is a UCI engine too); `setup` is the option line that
    /// tells a UCI engine which game it plays.
    pub(crate) fn new(spec: &str, seed: u64, setup: &str) -> Result<Self, String> {
        if let Some(b) = builtin_spec(spec) {
            let (level, nodes, parts) = b?;
            return Ok(Player::Builtin {
                level,
                searchers: (0..parts).map(|_| GameSearcher::new(16)).collect(),
                nodes,
            });
        }
        if spec == "random" {
            return Ok(Player::Random { state: seed | 1 });
        }
        let cmd = spec.strip_prefix("uci:").unwrap_or(spec);
        let mut e = UciEngine::start(cmd)?;
        e.send(setup)?;
        e.send("ucinewgame")?;
        Ok(Player::Uci(Box::new(e)))
    }
}

/// A built-in level as a spec names it: the level, its own node budget,
/// and how many searches share out the root moves.
pub(crate) type BuiltinSpec = (Level, Option<u64>, usize);

/// A built-in level's spec read (see [`Player::new`]); `None` when `spec`
/// names no level.
pub(crate) fn builtin_spec(spec: &str) -> Option<Result<BuiltinSpec, String>> {
    let head = spec.split([':', '@']).next().unwrap_or("");
    // A level is named exactly (any case): ` hard` is a command's name.
    if head.trim() != head {
        return None;
    }
    let level = Level::from_id(head)?;
    let (rest, parts) = match spec.split_once('@') {
        Some((rest, n)) => match super::unsigned::<usize>(n) {
            Some(n @ 1..=8) => (rest, n),
            _ => {
                return Some(Err(format!(
                    "bad number of searches in '{}' (1 to 8)",
                    super::shown(spec)
                )))
            }
        },
        None => (spec, 1),
    };
    let nodes = match rest.split_once(':') {
        Some((_, b)) => match super::unsigned::<u64>(b) {
            Some(0) => {
                return Some(Err(format!(
                    "the node budget in '{}' must be at least 1",
                    super::shown(spec)
                )))
            }
            Some(n) => Some(n),
            None if !b.is_empty() && b.bytes().all(|c| c.is_ascii_digit()) => {
                return Some(Err(format!(
                    "the node budget in '{}' is too large",
                    super::shown(spec)
                )))
            }
            None => return Some(Err(format!("bad node budget in '{}'", super::shown(spec)))),
        },
        None => None,
    };
    Some(Ok((level, nodes, parts)))
}

/// How hard a built-in level plays under the match's limits: its own node
/// budget or the match's (reproducible on any machine), else its clock,
/// never longer than the match's move time.
pub(crate) fn builtin_strength(level: Level, nodes: Option<u64>, cfg: &MatchConfig) -> Strength {
    match nodes.or(cfg.nodes) {
        Some(n) => Strength::LevelWithin(
            level,
            Limits {
                nodes: Some(n),
                movetime_ms: cfg.movetime_ms,
                depth: None,
                soft_ms: None,
            },
        ),
        None => match cfg.movetime_ms {
            Some(t) => Strength::LevelWithin(
                level,
                Limits {
                    movetime_ms: Some(level.time_ms(None).min(t)),
                    ..Limits::default()
                },
            ),
            None => Strength::Level(level),
        },
    }
}

/// A built-in's move for `req`, held to its limits: a search over its node
/// budget, or past its time when it has no budget, forfeits. With several
/// searchers, each searches its part of the root moves on its own thread
/// and the best answer is played.
pub(crate) fn builtin_move<G: AiGame + Send>(
    searchers: &mut [GameSearcher<G>],
    req: &Request<G>,
) -> Result<G::Move, Forfeit>
where
    GameSearcher<G>: Send,
    G::Move: Send,
{
    let limits = req.plan().limits;
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let of = searchers.len() as u32;
    // Each searcher's share of the root moves (a single share is every
    // root move), then one thread a searcher; a searcher left without a
    // move (more searchers than moves) does not search.
    let shares = ai::split(req, of);
    let results: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = searchers
            .iter_mut()
            .zip(shares)
            .filter_map(|(s, share)| share.map(|req| (s, req)))
            .map(|(s, req)| {
                let stop = &stop;
                scope.spawn(move || ai::think(s, &req, stop, &mut |_| {}))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a search thread panicked"))
            .collect()
    });
    if let Some(n) = limits.nodes {
        if let Some(r) = results.iter().find(|r| r.nodes > n + BUDGET_SLACK) {
            return Err(Forfeit::time(format!(
                "searched {} nodes, over its budget of {n}",
                r.nodes
            )));
        }
    } else if let Some(t) = limits.movetime_ms {
        check_time(start, t)?;
    }
    let answers: Vec<_> = results.iter().map(|r| (r.best, r.score)).collect();
    ai::best_part(&answers)
        .and_then(|i| results[i].best)
        .ok_or_else(|| Forfeit::rules("no move".to_string()))
}

/// The random mover's pick among `n` legal moves (xorshift; `n` > 0).
pub(crate) fn random_pick(state: &mut u64, n: usize) -> usize {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state % n as u64) as usize
}

/// A UCI engine's answer from `start` after `moves` (its seat's move
/// texts), within the match's limits: the whole `bestmove` line and its
/// move text.
/// On a clock (`clock`: both clocks and the mover's colour) the engine is
/// sent both clocks and waited for as long as its own has left; the caller
/// charges the clock.
pub(crate) fn uci_bestmove(
    e: &mut UciEngine,
    cfg: &MatchConfig,
    clock: Option<(&GameClocks, Color)>,
    start: &str,
    moves: &[String],
) -> Result<(String, String), Forfeit> {
    let moves = if moves.is_empty() {
        String::new()
    } else {
        format!(" moves {}", moves.join(" "))
    };
    let t = match clock {
        Some((k, c)) => k.left_ms[c.index()],
        None => uci_movetime_ms(cfg),
    };
    let begin = Instant::now();
    let allowed = time_allowed(t);
    // A wait past the move's time is a time loss: a crash or an overlong
    // line is no matter of time.
    let timed = |what: &str, err: Forfeit| {
        if begin.elapsed() < allowed {
            return err;
        }
        let err = format!("no '{what}' within {} ms", allowed.as_millis());
        Forfeit::time(match clock {
            Some(_) => format!(
                "lost on time: {err} ({} ms on its clock + {MARGIN_MS} ms grace)",
                t as u64
            ),
            None => format!("{err} ({})", time_rule(t)),
        })
    };
    // In step first: whatever the engine printed since its last answer (a
    // second `bestmove` from a misbehaving engine) is read and dropped here,
    // so it cannot pass for the answer to this position. The wait counts
    // against the move's time.
    e.send("isready")?;
    e.wait_for("readyok", allowed)
        .map_err(|err| timed("readyok", err))?;
    e.send(&format!("position fen {start}{moves}"))?;
    // The engine is told its time as it stands after that wait.
    let waited = begin.elapsed().as_secs_f64() * 1000.0;
    match (clock, cfg.nodes) {
        (Some((k, c)), _) => {
            let mut now = *k;
            now.left_ms[c.index()] -= waited;
            e.send(&now.go())?
        }
        (None, Some(n)) => e.send(&format!("go nodes {n}"))?,
        (None, None) => e.send(&format!("go movetime {}", (t - waited).max(1.0) as u64))?,
    }
    let line = e
        .wait_for("bestmove", allowed.saturating_sub(begin.elapsed()))
        .map_err(|err| timed("bestmove", err))?;
    if clock.is_none() {
        check_time(begin, t)?;
    }
    let text = bestmove_text(&line).unwrap_or("").to_string();
    Ok((line, text))
}

/// The move of a `bestmove` line: `bestmove MOVE`, or `bestmove MOVE ponder
/// MOVE`. Any other line (another first word, loose words after the move)
/// names no move.
pub(crate) fn bestmove_text(line: &str) -> Option<&str> {
    let mut words = line.split_whitespace();
    if words.next()? != "bestmove" {
        return None;
    }
    let m = words.next()?;
    match (words.next(), words.next(), words.next()) {
        (None, _, _) | (Some("ponder"), Some(_), None) => Some(m),
        _ => None,
    }
}

/// Grace the referee allows past each move's time before it calls a forfeit
/// (process start-up, pipes, a loaded machine).
pub const MARGIN_MS: u64 = 250;
/// Time a UCI engine may take per move under a node budget and no `--movetime`.
pub const NODES_MOVETIME_MS: f64 = 10_000.0;
/// Default time per move for a UCI engine when neither clock nor budget is given.
pub const DEFAULT_MOVETIME_MS: f64 = 1_000.0;
/// Nodes a built-in search may count past its budget: it counts the node
/// at which it notices the budget is spent, and stops there.
pub(crate) const BUDGET_SLACK: u64 = 8;
/// Longest line an engine may print; a longer one is a forfeit.
pub const MAX_LINE: usize = 64 * 1024;
/// Lines read ahead of the referee; past that the engine waits on its pipe.
const QUEUE_LINES: usize = 1024;

/// A seed from the system; the match prints it so it can be replayed.
pub fn random_seed() -> u64 {
    let mut b = [0u8; 8];
    if getrandom::getrandom(&mut b).is_ok() {
        return u64::from_le_bytes(b);
    }
    use std::hash::{BuildHasher, Hasher};
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
}

/// The referee's time for one UCI move, before the margin.
pub fn uci_movetime_ms(cfg: &MatchConfig) -> f64 {
    match (cfg.movetime_ms, cfg.nodes) {
        (Some(t), _) => t,
        (None, Some(_)) => NODES_MOVETIME_MS,
        (None, None) => DEFAULT_MOVETIME_MS,
    }
}

/// An external engine: its own process group, a writer thread (a full pipe
/// never blocks the referee) and a reader thread with bounded lines and queue.
pub(crate) struct UciEngine {
    child: Child,
    commands: Option<Sender<String>>,
    lines: Receiver<Result<String, Forfeit>>,
}

/// Read `stdout` line by line into `tx`; a line over `MAX_LINE` bytes ends
/// the stream with a rules forfeit, so an endless line cannot exhaust memory.
fn read_lines(stdout: impl Read, tx: SyncSender<Result<String, Forfeit>>) {
    let mut reader = BufReader::new(stdout);
    let mut line = Vec::with_capacity(256);
    loop {
        line.clear();
        match (&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut line)
        {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if line.last() == Some(&b'\n') {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        } else if line.len() > MAX_LINE {
            let _ = tx.send(Err(Forfeit::rules(format!(
                "printed a line longer than {MAX_LINE} bytes"
            ))));
            return;
        }
        if tx
            .send(Ok(String::from_utf8_lossy(&line).into_owned()))
            .is_err()
        {
            return;
        }
    }
}

impl UciEngine {
    pub(crate) fn start(cmd: &str) -> Result<UciEngine, String> {
        let mut parts = cmd.split_whitespace();
        let prog = parts.next().ok_or("empty engine command")?;
        let mut command = Command::new(prog);
        command
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // Its own process group, so everything it starts can be stopped with it.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        // Started and listed under the list's lock: an interrupt in
        // between would not stop it.
        #[cfg(unix)]
        let mut groups = live();
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start '{}': {e}", super::shown(cmd)))?;
        #[cfg(unix)]
        {
            if let Ok(pid) = i32::try_from(child.id()) {
                groups.push(pid);
            }
            drop(groups);
        }
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => {
                kill_tree(&mut child);
                return Err(format!("cannot talk to '{}'", super::shown(cmd)));
            }
        };
        let (tx, rx) = sync_channel(QUEUE_LINES);
        std::thread::spawn(move || read_lines(stdout, tx));
        let (cmd_tx, cmd_rx) = channel::<String>();
        std::thread::spawn(move || {
            let mut stdin = stdin;
            for c in cmd_rx {
                if writeln!(stdin, "{c}").and_then(|_| stdin.flush()).is_err() {
                    return;
                }
            }
        });
        let mut e = UciEngine {
            child,
            commands: Some(cmd_tx),
            lines: rx,
        };
        let ten = Duration::from_secs(10);
        e.send("uci")?;
        e.wait_for("uciok", ten).map_err(|f| f.message)?;
        e.send("isready")?;
        e.wait_for("readyok", ten).map_err(|f| f.message)?;
        Ok(e)
    }

    pub(crate) fn send(&mut self, s: &str) -> Result<(), String> {
        self.commands
            .as_ref()
            .and_then(|c| c.send(s.to_string()).ok())
            .ok_or_else(|| "engine gone".to_string())
    }

    /// The first line starting with `prefix` within `timeout`. An engine
    /// that is silent or gone has abandoned; one whose line is too long
    /// has broken the protocol's rules.
    pub(crate) fn wait_for(&mut self, prefix: &str, timeout: Duration) -> Result<String, Forfeit> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Ok(l)) if l.trim_start().starts_with(prefix) => return Ok(l.trim().to_string()),
                Ok(Ok(_)) => {}
                Ok(Err(e)) => return Err(e),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(Forfeit::from(format!(
                        "no '{prefix}' within {} ms",
                        timeout.as_millis()
                    )))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Forfeit::from("engine exited".to_string()))
                }
            }
        }
    }
}

/// The process groups of the engines running now, by their leader's pid.
/// A group leaves the list before its leader is reaped, so a pid listed
/// here is never one the system has handed to another process.
#[cfg(unix)]
static LIVE: Mutex<Vec<i32>> = Mutex::new(Vec::new());

#[cfg(unix)]
fn live() -> std::sync::MutexGuard<'static, Vec<i32>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// The game records this run has created and is still writing (and the
/// file that tries `--out`).
static WRITING: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// The directories this run is making for `--out`, until it is ready (an
/// interrupt removes them, each only if empty).
static MAKING: Mutex<Vec<std::path::PathBuf>> = Mutex::new(Vec::new());

/// Held while a game's line is written (and while a finished game is
/// counted and recorded), and for good by an interrupt, so that no game's
/// line (an engine the interrupt killed read as a forfeit) comes after
/// the interrupt's.
static PRINTING: Mutex<()> = Mutex::new(());

/// Set by an interrupt first: a game that ends after it is not counted.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Records of finished games not counted yet, each waiting for an
/// earlier game: closed as not counted if the test decides first or the
/// match is interrupted. Changed only under [`PRINTING`].
struct Pending {
    /// The first game not counted (an index from 0): the one they wait for.
    waited: usize,
    /// Game index to the record written, open at its end.
    files: std::collections::BTreeMap<usize, std::fs::File>,
}

impl Pending {
    /// Games up to `next` (an index) are counted: their records wait no
    /// more.
    fn counted_to(&mut self, next: usize) {
        self.waited = next;
        self.files.retain(|&k, _| k >= next);
    }

    /// Close every record waiting with `comment`; the games whose record
    /// could not take it, with the error.
    fn close(&mut self, comment: &str) -> Vec<(usize, std::io::Error)> {
        std::mem::take(&mut self.files)
            .into_iter()
            .filter_map(|(i, mut file)| file.write_all(comment.as_bytes()).err().map(|e| (i, e)))
            .collect()
    }
}

static PENDING: Mutex<Pending> = Mutex::new(Pending {
    waited: 0,
    files: std::collections::BTreeMap::new(),
});

fn pending() -> std::sync::MutexGuard<'static, Pending> {
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

/// The closing comment of a record left uncounted by an interrupt while
/// game `waited` (from 1), an earlier one, was under way.
fn interrupted_before(waited: usize) -> String {
    format!("{{not counted: the match was interrupted while game {waited} was under way}}\n")
}

/// Games that may start past the first one not counted yet (at least
/// twice `--jobs`), so that at most this many records wait, open.
const AHEAD: usize = 64;

fn printing() -> std::sync::MutexGuard<'static, ()> {
    PRINTING.lock().unwrap_or_else(|e| e.into_inner())
}

/// `tell!` for a game's line: under [`PRINTING`].
macro_rules! game_tell {
    ($($t:tt)*) => {{
        let _printing = printing();
        tell!($($t)*);
    }};
}

/// The summary of the games counted so far, printed if the match is
/// interrupted (empty before the first game starts).
static STANDING: Mutex<String> = Mutex::new(String::new());

fn standing() -> std::sync::MutexGuard<'static, String> {
    STANDING.lock().unwrap_or_else(|e| e.into_inner())
}

fn making() -> std::sync::MutexGuard<'static, Vec<std::path::PathBuf>> {
    MAKING.lock().unwrap_or_else(|e| e.into_inner())
}

fn writing() -> std::sync::MutexGuard<'static, Vec<String>> {
    WRITING.lock().unwrap_or_else(|e| e.into_inner())
}

/// Write game record `path` as a new file (a file already there is kept,
/// an error): one cut short, by an error or an interrupt, is removed.
/// Returns the file, open at its end, for a closing comment later.
fn write_record(path: &str, record: &str) -> std::io::Result<std::fs::File> {
    // Made and listed under the list's lock: an interrupt in between would
    // find it unlisted and leave it behind, empty.
    let mut file = {
        let mut list = writing();
        let file = super::create_new(path)?;
        list.push(path.to_string());
        file
    };
    let written = file.write_all(record.as_bytes());
    let mut list = writing();
    if written.is_err() {
        let _ = std::fs::remove_file(path);
    }
    list.retain(|p| p != path);
    written.map(|()| file)
}

/// Send SIGKILL to process group `pid`.
#[cfg(unix)]
fn kill_group(pid: i32) {
    extern "C" {
        fn kill(pid: i32, sig: i32) -> i32;
    }
    const SIGKILL: i32 = 9;
    // SAFETY: kill(2) takes plain integers and touches no memory of ours.
    // The group id is the leader's pid; the kernel keeps it reserved while
    // any process of the group lives, and we have not reaped the leader.
    unsafe {
        kill(-pid, SIGKILL);
    }
}

/// On Ctrl-C or SIGTERM, stop every engine's process group before leaving
/// (the engines run in their own groups, so the terminal's signal does not
/// reach them). Installed once per process; exits with status 130.
pub(crate) fn stop_engines_on_interrupt() {
    #[cfg(unix)]
    {
        super::exit_on_interrupt(|| {
            // No game's line from here on: one would read the engines
            // stopped below as forfeits (the guard is never dropped).
            INTERRUPTED.store(true, Ordering::SeqCst);
            std::mem::forget(printing());
            // The list stays locked until the process is gone (its guard
            // is never dropped): no game reaps an engine in between.
            let groups = live();
            for &pid in groups.iter() {
                kill_group(pid);
            }
            let n = groups.len();
            std::mem::forget(groups);
            // A record being written is not left behind cut short (the
            // list, too, stays locked: no writer finishes in between).
            let records = writing();
            for path in records.iter() {
                let _ = std::fs::remove_file(path);
            }
            std::mem::forget(records);
            // Records of games that waited for an earlier one say they
            // were not counted (no game thread holds them: each changes
            // them under the printing lock, kept above).
            let mut waiting = pending();
            let comment = interrupted_before(waiting.waited + 1);
            let _ = waiting.close(&comment);
            // Nor a directory made for `--out` before the first game.
            let dirs = making();
            for d in dirs.iter().rev() {
                let _ = std::fs::remove_dir(d);
            }
            std::mem::forget(dirs);
            // What the games counted so far say (a game under way is not
            // one of them).
            let standing = standing();
            if !standing.is_empty() {
                say!(
                    "interrupted: the games counted so far\n{}",
                    standing.trim_end()
                );
            }
            format!("{n} engine(s) stopped")
        });
    }
}

/// Stop `child` and, on Unix, every process of its group.
fn kill_tree(child: &mut Child) {
    #[cfg(unix)]
    if let Ok(pid) = i32::try_from(child.id()) {
        let mut groups = live();
        groups.retain(|&p| p != pid);
        kill_group(pid);
    }
    let _ = child.kill();
    let _ = child.wait();
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // Closing stdin after `quit` lets a polite engine leave by itself.
        self.commands = None;
        let deadline = Instant::now() + Duration::from_millis(100);
        while Instant::now() < deadline && matches!(self.child.try_wait(), Ok(None)) {
            std::thread::sleep(Duration::from_millis(5));
        }
        kill_tree(&mut self.child);
    }
}

/// The wall-clock time allowed for a move of `t` ms: `t` plus the margin.
pub(crate) fn time_allowed(t: f64) -> Duration {
    Duration::from_millis(t.max(0.0) as u64 + MARGIN_MS)
}

pub(crate) fn time_rule(t: f64) -> String {
    format!("{} ms per move + {MARGIN_MS} ms margin", t.max(0.0) as u64)
}

/// `Err` (a forfeit, with the rule stated) when a move started at `start`
/// took longer than `t` ms plus the margin.
pub(crate) fn check_time(start: Instant, t: f64) -> Result<(), Forfeit> {
    let took = start.elapsed();
    if took > time_allowed(t) {
        return Err(Forfeit::time(format!(
            "took {} ms, over its time ({})",
            took.as_millis(),
            time_rule(t)
        )));
    }
    Ok(())
}

/// The [`Board`] methods that start, read and end a game, the same for
/// every board's `Game` (`draw`: the reason a game called a draw ends for).
macro_rules! game_accessors {
    ($draw:expr) => {
        fn start(self, opening: Option<&str>, seed: u64) -> Result<Game, String> {
            match opening {
                None => Ok(Game::seeded(self, seed)),
                Some(text) => Game::from_fen_seeded(text, self, seed)
                    .map_err(|e| format!("opening '{}': {e}", super::shown(text))),
            }
        }

        fn outcome(game: &Game) -> Option<Outcome> {
            game.outcome()
        }

        fn winner(outcome: Outcome) -> Option<Color> {
            outcome.winner
        }

        fn turn(game: &Game) -> Color {
            game.turn()
        }

        fn ply(game: &Game) -> usize {
            game.ply()
        }

        fn adjudicate(game: &mut Game, loser: Option<Color>) {
            game.adjudicate(Outcome {
                winner: loser.map(Color::other),
                reason: if loser.is_some() {
                    Reason::Forfeit
                } else {
                    $draw
                },
            });
        }

        fn moves_text(game: &Game) -> Vec<String> {
            game.moves_text(Seat::Spectator)
        }

        fn start_fen(game: &Game) -> String {
            fen::write(game.start_position())
        }

        fn face_down(game: &Game) -> bool {
            Color::ALL
                .into_iter()
                .any(|c| game.board().hidden_count(c) > 0)
        }
    };
}
pub(crate) use game_accessors;

/// One board's part in the referee's game loop ([`play_game`]): the
/// Jieqi family here (by its [`RuleSet`]), chess and hidden chess in
/// `chess_match` (by their variant). The loop, the clocks, forfeits and
/// the record's ending are the same for every board.
pub(crate) trait Board: Copy + Sync {
    type Game;
    /// The AI's position, for the built-in players.
    type Position: AiGame;
    type Move: Copy + PartialEq;
    type Outcome: Copy + std::fmt::Display;
    /// The board's id, as the summary and the record name it.
    fn id(self) -> &'static str;
    /// The record's tag that names the board.
    const ID_TAG: &'static str;
    /// A colour's name in messages and records ("red", "white").
    fn colour(self, c: Color) -> &'static str;
    /// The UCI option line that tells an engine which game it plays.
    fn setup(self) -> String;
    /// Does the game start with pieces face down (whose random identities
    /// make every game different)?
    fn hides_pieces(self) -> bool;
    /// A game from `opening` (a FEN; `None`: the start), its identities
    /// drawn from `seed`.
    fn start(self, opening: Option<&str>, seed: u64) -> Result<Self::Game, String>;
    /// Plies after which the game is called a draw.
    fn max_plies(self, cfg: &MatchConfig) -> usize;
    fn outcome(game: &Self::Game) -> Option<Self::Outcome>;
    fn winner(outcome: Self::Outcome) -> Option<Color>;
    fn turn(game: &Self::Game) -> Color;
    fn ply(game: &Self::Game) -> usize;
    /// End the game: `loser` forfeits, or (`None`) it is called a draw.
    fn adjudicate(game: &mut Self::Game, loser: Option<Color>);
    /// `player`'s move from `seat`'s view; `Err` means forfeit.
    fn choose(
        self,
        player: &mut Player<Self::Position>,
        game: &Self::Game,
        seat: Seat,
        cfg: &MatchConfig,
        clocks: Option<&GameClocks>,
        seed: u64,
    ) -> Result<Self::Move, Forfeit>;
    /// Play an engine's move; `Err`: it is not legal here.
    fn play(game: &mut Self::Game, m: Self::Move) -> Result<(), Forfeit>;
    /// The moves as a spectator reads them.
    fn moves_text(game: &Self::Game) -> Vec<String>;
    /// The start position's FEN.
    fn start_fen(game: &Self::Game) -> String;
    /// The legal moves of the side to move (the referee's, who knows every
    /// identity).
    fn legal_moves(game: &Self::Game) -> Vec<Self::Move>;
    /// Is any piece face down?
    fn face_down(game: &Self::Game) -> bool;
    /// The `random` engine's move: any legal move.
    fn random_move(game: &Self::Game, state: &mut u64) -> Result<Self::Move, Forfeit> {
        let moves = Self::legal_moves(game);
        if moves.is_empty() {
            return Err(Forfeit::rules("no move".into()));
        }
        Ok(moves[random_pick(state, moves.len())])
    }
    /// The record's `Result` tag's value.
    fn result_text(outcome: Self::Outcome) -> String;
    /// The same for a draw no rule of the game called, for `why`.
    fn draw_text(why: &str) -> String;
}

impl Board for RuleSet {
    type Game = Game;
    type Position = Position;
    type Move = Move;
    type Outcome = Outcome;
    const ID_TAG: &'static str = "Rules";

    fn id(self) -> &'static str {
        RuleSet::id(self)
    }

    fn colour(self, c: Color) -> &'static str {
        c.name()
    }

    fn setup(self) -> String {
        format!("setoption name Rules value {}", self.id())
    }

    fn hides_pieces(self) -> bool {
        self.hidden_pieces()
    }

    fn max_plies(self, cfg: &MatchConfig) -> usize {
        cfg.max_plies
    }

    game_accessors!(Reason::NoProgress);

    fn choose(
        self,
        player: &mut Player<Position>,
        game: &Game,
        seat: Seat,
        cfg: &MatchConfig,
        clocks: Option<&GameClocks>,
        seed: u64,
    ) -> Result<Move, Forfeit> {
        match player {
            Player::Builtin {
                level,
                searchers,
                nodes,
            } => {
                let strength = builtin_strength(*level, *nodes, cfg);
                let req = Request::from_view(&game.view(seat), strength)
                    .seed(seed)
                    .clock(clocks.map(|k| k.of(game.turn())));
                builtin_move(searchers, &req)
            }
            Player::Random { state } => Self::random_move(game, state),
            Player::Uci(e) => {
                let view = game.view(seat);
                let (line, text) = uci_bestmove(
                    e,
                    cfg,
                    clocks.map(|k| (k, game.turn())),
                    &fen::write(game.start_position()),
                    &view.moves,
                )?;
                // Exactly a move's four characters: anything after them is no move.
                let (from, to) = match text.len() {
                    4 => (
                        text.get(0..2).and_then(Square::parse),
                        text.get(2..4).and_then(Square::parse),
                    ),
                    _ => (None, None),
                };
                match (from, to) {
                    (Some(f), Some(t)) => Ok(Move::new(f, t)),
                    _ => Err(Forfeit::rules(format!(
                        "unreadable bestmove '{}'",
                        super::shown(&line)
                    ))),
                }
            }
        }
    }

    fn legal_moves(game: &Game) -> Vec<Move> {
        game.legal_moves().as_slice().to_vec()
    }

    fn play(game: &mut Game, m: Move) -> Result<(), Forfeit> {
        game.play(m)
            .map(|_| ())
            .map_err(|e| Forfeit::rules(e.to_string()))
    }

    fn result_text(outcome: Outcome) -> String {
        outcome.to_string()
    }

    fn draw_text(why: &str) -> String {
        format!("draw by {why}")
    }
}

/// Play game `index` of the match on `board`: engine 1 has the first
/// colour in even games; both games of a pair start from the same opening.
/// Engine 1's score (1, 0.5 or 0), the outcome and the game's record.
pub(crate) fn play_game<B: Board>(
    cfg: &MatchConfig,
    board: B,
    index: usize,
) -> Result<GameReport, String> {
    let seed = game_seed(cfg, index);
    // Engine 1 moves first in even games.
    let first_is_0 = index % 2 == 0;
    let specs = if first_is_0 {
        [&cfg.engines[0], &cfg.engines[1]]
    } else {
        [&cfg.engines[1], &cfg.engines[0]]
    };
    // Both games of a pair (2k, 2k+1) start from the same opening, colours swapped.
    let opening = cfg.openings.get((index / 2) % cfg.openings.len().max(1));
    let (mut game, random_plies) = random_opening(cfg, board, opening.map(String::as_str), index)?;
    if random_plies < cfg.random_plies {
        game_tell!(
            "game {}: {random_plies} of {} random plies: no longer line that goes on was found",
            index + 1,
            cfg.random_plies
        );
    }
    // An engine that cannot even start loses the game, like one that crashes later.
    let setup = board.setup();
    let mut players = [
        Player::<B::Position>::new(specs[0], seed ^ 1, &setup),
        Player::<B::Position>::new(specs[1], seed ^ 2, &setup),
    ];
    // Neither engine started: no game was played, and none is scored.
    if let [Err(a), Err(b)] = &players {
        return Err(format!("neither engine started ({a}; {b})"));
    }
    let mut clocks = cfg.tc.map(TimeControl::start);
    let (mut forfeit, mut adjudicated) = (None, false);
    for c in Color::ALL {
        if let Err(e) = &players[c.index()] {
            game_tell!("game {}: {} forfeits: {e}", index + 1, board.colour(c));
            if forfeit.is_none() {
                forfeit = Some((board.colour(c), Forfeit::from(e.clone())));
                B::adjudicate(&mut game, Some(c));
            }
        }
    }
    while B::outcome(&game).is_none() {
        let c = B::turn(&game);
        if B::ply(&game) >= board.max_plies(cfg) {
            game_tell!("game {}: {} plies, called a draw", index + 1, B::ply(&game));
            adjudicated = true;
            B::adjudicate(&mut game, None);
            break;
        }
        let Ok(player) = players[c.index()].as_mut() else {
            break;
        };
        let ply = B::ply(&game) as u64;
        let m = on_clock(&mut clocks, c, |k| {
            board.choose(player, &game, Seat::of(c), cfg, k, seed.wrapping_add(ply))
        });
        if let Err(e) = m.and_then(|m| B::play(&mut game, m)) {
            game_tell!("game {}: {} forfeits: {e}", index + 1, board.colour(c));
            forfeit = Some((board.colour(c), e));
            B::adjudicate(&mut game, Some(c));
        }
    }
    let outcome = match B::outcome(&game) {
        Some(o) => o,
        None => {
            B::adjudicate(&mut game, None);
            B::outcome(&game).ok_or("the game did not end")?
        }
    };
    let colour0 = if first_is_0 { Color::Red } else { Color::Black };
    let score = match B::winner(outcome) {
        None => 0.5,
        Some(w) if w == colour0 => 1.0,
        Some(_) => 0.0,
    };
    let (end, moves) = termination(forfeit.as_ref(), adjudicated, &B::moves_text(&game));
    // A game stopped at the ply limit ended by no rule of the game.
    let result = if adjudicated {
        B::draw_text(&format!("adjudication at {} plies", B::ply(&game)))
    } else {
        B::result_text(outcome)
    };
    let [first, second] = [Color::Red, Color::Black].map(|c| {
        let mut name = board.colour(c).to_string();
        name[..1].make_ascii_uppercase();
        name
    });
    // A tag's value is quoted: a quote or backslash in it is escaped, and
    // control characters spelled out (as `rules::shown` does, uncut).
    let tag = |v: &str| {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        crate::rules::shown(&v, usize::MAX)
    };
    // The first moves were the referee's, not the engines'.
    let random = if cfg.random_plies > 0 {
        format!("[RandomPlies \"{random_plies}\"]\n")
    } else {
        String::new()
    };
    let record = format!(
        "[{first} \"{}\"]\n[{second} \"{}\"]\n[{} \"{}\"]\n{}[Result \"{}\"]\n{end}[FEN \"{}\"]\n{random}{moves}\n",
        tag(specs[0]),
        tag(specs[1]),
        B::ID_TAG,
        board.id(),
        TimeControl::tag(cfg.tc),
        result,
        B::start_fen(&game),
    );
    Ok(GameReport {
        score,
        outcome: if adjudicated {
            result
        } else {
            outcome.to_string()
        },
        record,
    })
}

/// The seed of game `index`: its engines' noise, and for the first game of
/// a pair the identities of both (`random_opening`).
fn game_seed(cfg: &MatchConfig, index: usize) -> u64 {
    cfg.seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(index as u64 * 2 + 1)
}

/// Game `index` as the engines get it, and the random plies it begins
/// with: `opening` (`None`: the board's start) and then `cfg.random_plies`
/// random legal plies, none of them ending the game. Both games of a pair
/// draw their identities from the pair's seed ([`Draws`]' stream a side:
/// the same luck for each colour) and begin with the same plies. Where no
/// line of that many plies goes on (a ply that would end the game is
/// taken back and another tried, and where every line ends it whatever is
/// revealed, the identities are drawn again, a few times), the longest
/// line found is played.
///
/// [`Draws`]: crate::rules::draws::Draws
fn random_opening<B: Board>(
    cfg: &MatchConfig,
    board: B,
    opening: Option<&str>,
    index: usize,
) -> Result<(B::Game, usize), String> {
    let pair = index - index % 2;
    let seed = game_seed(cfg, pair);
    if cfg.random_plies == 0 {
        return Ok((board.start(opening, seed)?, 0));
    }
    let mut state = (cfg.seed ^ 0x9e37_79b9_7f4a_7c15)
        .wrapping_mul(0xbf58_476d_1ce4_e5b9)
        .wrapping_add(pair as u64 + 1)
        | 1;
    let lines = Lines {
        board,
        opening,
        plies: cfg.random_plies,
    };
    // Drawn alike in both games of the pair.
    let (game, line) = lines.longest(seed, &mut state)?;
    Ok((game, line.len()))
}

/// The random plies of [`random_opening`] on one board from one opening.
struct Lines<'a, B> {
    board: B,
    opening: Option<&'a str>,
    plies: usize,
}

impl<B: Board> Lines<'_, B> {
    /// The game after `line` from the opening, its identities drawn from
    /// `seed`; `Err` if a ply is not legal there.
    fn replay(&self, seed: u64, line: &[B::Move]) -> Result<B::Game, String> {
        let mut game = self.board.start(self.opening, seed)?;
        for &m in line {
            B::play(&mut game, m).map_err(|e| format!("a random opening ply: {e}"))?;
        }
        Ok(game)
    }

    /// The longest line found of up to `self.plies` plies that does not end
    /// the game, with the game after it. The identities are drawn from
    /// `seed`, and where there are pieces face down, again from seeds of its
    /// own (up to 20 times) while no line is long enough.
    fn longest(&self, seed: u64, state: &mut u64) -> Result<(B::Game, Vec<B::Move>), String> {
        let mut best: Option<(u64, Vec<B::Move>)> = None;
        // Without pieces face down, drawing again changes nothing.
        let draws: u64 = match B::face_down(&self.board.start(self.opening, seed)?) {
            true => 20,
            false => 1,
        };
        for tries in 0..draws {
            let seed = match tries {
                0 => seed,
                _ => seed ^ tries.wrapping_mul(0x9e37_79b9_7f4a_7c15),
            };
            let game = self.board.start(self.opening, seed)?;
            // The opening is never over (`not_over`).
            let line = self.deepen(seed, game, state)?;
            let full = line.len() == self.plies;
            if best.as_ref().is_none_or(|(_, b)| line.len() > b.len()) {
                best = Some((seed, line));
            }
            if full {
                break;
            }
        }
        let (seed, line) = best.expect("at least one try");
        Ok((self.replay(seed, &line)?, line))
    }

    /// Random plies from `game` (the opening, drawn from `seed`) up to
    /// `self.plies`, depth first: a ply that ends the game is taken back and
    /// another tried, and where every ply does, the one before. Returns the
    /// longest line found within 2 000 plies tried.
    fn deepen(
        &self,
        seed: u64,
        mut game: B::Game,
        state: &mut u64,
    ) -> Result<Vec<B::Move>, String> {
        let mut line = Vec::with_capacity(self.plies);
        let mut best = Vec::new();
        let shuffled = |game: &B::Game, state: &mut u64| {
            let mut moves = B::legal_moves(game);
            for i in (1..moves.len()).rev() {
                moves.swap(i, random_pick(state, i + 1));
            }
            moves
        };
        let mut untried = vec![shuffled(&game, state)];
        let mut budget = 2_000;
        while line.len() < self.plies && budget > 0 {
            let Some(candidates) = untried.last_mut() else {
                break;
            };
            match candidates.pop() {
                Some(m) => {
                    budget -= 1;
                    B::play(&mut game, m).map_err(|e| format!("a random opening ply: {e}"))?;
                    if B::outcome(&game).is_some() {
                        game = self.replay(seed, &line)?;
                        continue;
                    }
                    line.push(m);
                    if line.len() > best.len() {
                        best = line.clone();
                    }
                    if line.len() < self.plies {
                        untried.push(shuffled(&game, state));
                    }
                }
                None => {
                    // Every ply from here ends the game: back up one.
                    untried.pop();
                    if line.is_empty() {
                        break;
                    }
                    line.pop();
                    game = self.replay(seed, &line)?;
                }
            }
        }
        Ok(best)
    }
}

/// Whether this process has started a game of a match: a refusal before
/// then says "no game played".
static STARTED: AtomicBool = AtomicBool::new(false);

/// Has a match in this process started a game?
pub fn any_game_started() -> bool {
    STARTED.load(Ordering::SeqCst)
}

pub fn run(cfg: &MatchConfig) -> Result<(usize, usize, usize), String> {
    run_games(cfg, cfg.rules, |i| play_game(cfg, cfg.rules, i))
}

/// What a match has scored, counted in the games' order: its games by
/// engine 1's result (loss, draw, win) and its complete pairs by engine
/// 1's points (0 to 2 in halves), and the test's verdict on them. A game
/// that finishes before one it follows waits to be counted, and none is
/// counted past the verdict: the verdict and the counts are the same
/// whatever order `--jobs` finishes the games in.
#[derive(Default)]
struct Tally {
    games: [usize; 3],
    pairs: [usize; 5],
    /// Every game that finished with a score, counted or not.
    played: usize,
    /// The game counted next.
    next: usize,
    /// Engine 1's score in the pair's first game, once it is counted.
    first: Option<f64>,
    /// Finished games not counted yet, by index (`None`: not played).
    waiting: std::collections::BTreeMap<usize, Option<f64>>,
    /// The LLR after the last game counted, and the verdict with the
    /// number of games it was reached at.
    llr: f64,
    verdict: Option<(Verdict, usize)>,
}

impl Tally {
    /// Game `index` ended with engine 1 scoring `score` (1, 0.5 or 0), or
    /// was not played (`None`); count it and any it let through, testing
    /// after each. Whether the test has decided (no new game should start).
    fn finish(&mut self, index: usize, score: Option<f64>, test: Option<&Sprt>) -> bool {
        self.played += score.is_some() as usize;
        self.waiting.insert(index, score);
        while self.verdict.is_none() {
            let Some(score) = self.waiting.remove(&self.next) else {
                break;
            };
            if let Some(s) = score {
                self.games[(s * 2.0).round() as usize] += 1;
            }
            if self.next % 2 == 0 {
                self.first = score;
            } else if let (Some(a), Some(b)) = (self.first.take(), score) {
                self.pairs[((a + b) * 2.0).round() as usize] += 1;
            }
            self.next += 1;
            if let Some(test) = test {
                self.llr = test.llr_pairs(self.pairs);
                let v = test.verdict(self.llr);
                if v != Verdict::Inconclusive {
                    self.verdict = Some((v, self.counted()));
                }
            }
        }
        self.verdict.is_some()
    }

    fn counted(&self) -> usize {
        self.games.iter().sum()
    }

    /// Wins, draws and losses counted.
    fn wdl(&self) -> (usize, usize, usize) {
        (self.games[2], self.games[1], self.games[0])
    }
}

/// The summary of the games counted in `t`: the engines, the score, the
/// Elo with its interval, the SPRT's verdict. Printed at the end, and
/// (`so_far`) of the games counted so far when the match is interrupted.
fn summary(cfg: &MatchConfig, board_id: &str, t: &Tally, so_far: bool) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    macro_rules! put {
        ($($a:tt)*) => {{
            let _ = writeln!(out, $($a)*);
        }};
    }
    let (w, d, l) = t.wdl();
    let n = (w + d + l).max(1) as f64;
    put!(
        "{} vs {} ({}, {} game{})",
        cfg.engines[0],
        cfg.engines[1],
        board_id,
        w + d + l,
        if w + d + l == 1 { "" } else { "s" }
    );
    if t.played > t.counted() {
        // Games are counted in order: a game that finished early waits
        // for those before it, which an interrupt may have stopped.
        let why = if t.verdict.is_some() {
            "they come after the one the test decided on"
        } else {
            "they wait for an earlier game, under way when the match stopped"
        };
        put!(
            "({} more game(s) played and not counted: {why})",
            t.played - t.counted()
        );
    }
    if w + d + l == 0 {
        put!("no game was scored: no Elo to give");
    } else {
        put!(
            "wins {w}  draws {d}  losses {l}  score {:.1}%",
            (w as f64 + d as f64 / 2.0) / n * 100.0
        );
        // Both games of a pair share their opening and their draws: the
        // interval (and the test) count complete pairs, not games.
        let paired: usize = t.pairs.iter().sum();
        let (e, interval, observations) = match paired {
            0 => {
                let (e, interval) = elo_of(&t.games, &GAME);
                (e, interval, w + d + l)
            }
            _ => {
                let (e, interval) = elo_of(&t.pairs, &PAIR);
                (e, interval, paired)
            }
        };
        let by = match (paired, w + d + l) {
            (0, 1) => "1 game".to_string(),
            (0, n) => format!("{n} games"),
            (1, _) => "1 pair".to_string(),
            (n, _) => format!("{n} pairs"),
        };
        if paired > 0 {
            let p = t.pairs;
            put!(
                "pairs {paired}, engine 1 scoring 0, 1/2, 1, 3/2, 2: {} {} {} {} {}",
                p[0],
                p[1],
                p[2],
                p[3],
                p[4]
            );
        }
        // Rounded first, so that -0.3 reads as 0, not "-0".
        let round = |x: f64| x.round() + 0.0;
        match interval {
            Some((lo, hi)) => put!(
                "Elo {:+.0}  95% interval [{:+.0}, {:+.0}] (by {by})",
                round(e),
                round(lo),
                round(hi)
            ),
            None => put!(
                "Elo {:+.0}  no interval: {} (by {by})",
                round(e),
                if observations == 1 {
                    "one observation"
                } else {
                    "every observation scored the same"
                }
            ),
        }
    }
    if let Some(test) = &cfg.sprt {
        let verdict = match t.verdict {
            Some((v, at)) => format!("{v} (bound reached after {at} games)"),
            None if so_far => format!("{} so far", Verdict::Inconclusive),
            None => format!("{} (--games ran out)", Verdict::Inconclusive),
        };
        put!(
            "SPRT [{}, {}]: LLR {} bounds {}  {verdict}",
            shown_number(test.elo0),
            shown_number(test.elo1),
            test.llr_text(t.llr),
            test.bounds_text()
        );
    }
    out
}

/// One finished game, as the match loop counts and prints it.
pub(crate) struct GameReport {
    /// Engine 1's score: 1, 0.5 or 0.
    pub score: f64,
    pub outcome: String,
    pub record: String,
}

/// The closing comment of the record of a game played past the test's
/// verdict, which came at game `at` (a number from 1; the summary's
/// "after N games" counts the games scored, fewer where some could not
/// start).
fn not_counted(at: usize) -> String {
    format!("{{not counted: played past game {at}, where the test decided}}\n")
}

/// The test has just decided at game `at`: close the records in `pending`
/// (all of games after it) as not counted, through the files themselves,
/// whatever has been put at their paths since.
fn mark_late(dir: &str, pending: &mut Pending, at: usize, unwritten: &AtomicUsize) {
    for (i, e) in pending.close(&not_counted(at)) {
        let path = format!("{dir}/{}", record_name(i + 1));
        tell!(
            "game {}: cannot close '{}' as not counted: {e}",
            i + 1,
            super::shown_path(&path)
        );
        unwritten.fetch_add(1, Ordering::Relaxed);
    }
}

/// The file `--out` keeps game `n`'s record in (from 1).
fn record_name(n: usize) -> String {
    format!("game-{n:04}.txt")
}

/// The game number of a file name [`record_name`] would write.
fn record_number(name: &str) -> Option<usize> {
    let n = name
        .strip_prefix("game-")?
        .strip_suffix(".txt")?
        .parse()
        .ok()?;
    (record_name(n) == name).then_some(n)
}

/// Make `--out`'s directory ready for `games` records, before any game: a
/// directory (made if missing) that this run can write into, holding no
/// record the match would write (an earlier match's are never written
/// over), read once however many games there are.
///
/// A directory this run made and then refused is removed again, with the
/// parents it made (each only if still empty).
fn prepare_out_dir(dir: &str, games: usize) -> Result<(), String> {
    let shown = super::shown_path(dir);
    // Read by its parts, so a trailing `/` or `/.` follows no link.
    let path: std::path::PathBuf = std::path::Path::new(dir).components().collect();
    let ready = make_dirs(&path)
        .map_err(|e| format!("cannot create '{shown}': {e}"))
        .and_then(|()| check_out_dir(&path, &shown, games));
    let mut made = making();
    if ready.is_err() {
        for d in made.iter().rev() {
            let _ = std::fs::remove_dir(d);
        }
    }
    made.clear();
    ready
}

/// `mkdir -p`, one level at a time, listing in [`MAKING`] the directories
/// this call created (and only those: a level that already exists, however
/// its name is spelt, e.g. `new/../old`, is not listed), each as it is
/// made, under the list's lock.
fn make_dirs(path: &std::path::Path) -> std::io::Result<()> {
    let mut at = std::path::PathBuf::new();
    let parts = path.components().count();
    for (k, part) in path.components().enumerate() {
        at.push(part);
        if let std::path::Component::Normal(_) = part {
            let mut made = making();
            match std::fs::create_dir(&at) {
                Ok(()) => {
                    made.push(at.clone());
                    drop(made);
                    if k + 1 < parts {
                        on_the_way(&at)?;
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    // Something is there: a directory (or a link to one) to
                    // go on through, or the reason the path cannot be made.
                    let why = match at.metadata() {
                        Ok(meta) if meta.is_dir() => continue,
                        Ok(_) => "is not a directory".to_string(),
                        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                            "is a link to nothing".to_string()
                        }
                        Err(e) => format!("cannot be followed: {e}"),
                    };
                    let at = super::shown_path(&at.to_string_lossy());
                    return Err(std::io::Error::other(format!("'{at}' {why}")));
                }
                Err(e) => return Err(e),
            }
        }
    }
    Ok(())
}

/// A level made on the way to `--out` takes what comes after it, as
/// `mkdir -p` makes it: its owner may always write and search it, whatever
/// the umask (0277 would leave it unwritable). The last level keeps the
/// umask's mode.
fn on_the_way(dir: &std::path::Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mut perms = std::fs::metadata(dir)?.permissions();
        if perms.mode() & 0o300 != 0o300 {
            perms.set_mode(perms.mode() | 0o300);
            std::fs::set_permissions(dir, perms)?;
        }
    }
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// [`prepare_out_dir`]'s checks of a directory that exists.
fn check_out_dir(path: &std::path::Path, shown: &str, games: usize) -> Result<(), String> {
    let unreadable = |e: std::io::Error| format!("cannot read '{shown}' to look for records: {e}");
    let mut first = None;
    for entry in std::fs::read_dir(path).map_err(unreadable)? {
        let name = entry.map_err(unreadable)?.file_name();
        if let Some(n) = name.to_str().and_then(record_number) {
            if (1..=games).contains(&n) && first.is_none_or(|f| n < f) {
                first = Some(n);
            }
        }
    }
    if let Some(n) = first {
        return Err(format!(
            "'{shown}' already holds {}, a record this match would write over: \
             give --out a new or empty directory",
            record_name(n)
        ));
    }
    // A directory that takes no file fails now, not after the match: a
    // probe file of a name nobody uses is made and removed.
    // It is listed with the records being written while it exists, so an
    // interrupt removes it too.
    let mut n = 0;
    let probe = loop {
        let probe = path.join(format!(".jieqi-match-{}-{n}", std::process::id()));
        let probe = probe.to_string_lossy().into_owned();
        let mut list = writing();
        match super::create_new(&probe) {
            Ok(_) => {
                list.push(probe.clone());
                break probe;
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
            Err(e) => return Err(format!("cannot write into '{shown}': {e}")),
        }
    };
    let removed = std::fs::remove_file(&probe);
    writing().retain(|p| *p != probe);
    removed.map_err(|e| {
        format!(
            "cannot remove '{}', made to see that '{shown}' takes files: {e}",
            super::shown_path(&probe)
        )
    })?;
    Ok(())
}

/// The match loop shared by every game: `cfg.jobs` threads play games
/// `0..cfg.games` with `play_game` (engine 1 has the first colour in even
/// games), print each and the tally, stop early on an SPRT verdict, write
/// the records to `--out`, and print the summary for `board`.
pub(crate) fn run_games(
    cfg: &MatchConfig,
    board: impl Board,
    play_game: impl Fn(usize) -> Result<GameReport, String> + Sync,
) -> Result<(usize, usize, usize), String> {
    // From the first engine started and the first directory made on.
    stop_engines_on_interrupt();
    // An engine that does not start before any game is a mistake in the
    // command (a misspelt name, a missing program), not a match it loses.
    for (k, spec) in cfg.engines.iter().enumerate() {
        match builtin_spec(spec) {
            Some(Err(e)) => return Err(e),
            Some(Ok(_)) => {}
            None if spec == "random" => {}
            None => {
                UciEngine::start(spec.strip_prefix("uci:").unwrap_or(spec)).map_err(|e| {
                    format!(
                        "engine {} '{}' does not start as a UCI engine ({e})",
                        k + 1,
                        super::shown(spec)
                    )
                })?;
            }
        }
    }
    if let Some(dir) = &cfg.out_dir {
        super::names_fit(dir)?;
        prepare_out_dir(dir, cfg.games)?;
    }
    say!(
        "seed {} (--seed {} reproduces this match when every engine has a node budget)",
        cfg.seed,
        cfg.seed
    );
    match cfg.tc {
        Some(tc) => say!("time: {}", tc.rule()),
        None => say!(
            "time: a UCI engine {}, a built-in level without a node budget its own clock \
             + {MARGIN_MS} ms; past it the engine forfeits",
            time_rule(uci_movetime_ms(cfg))
        ),
    }
    if let Some(t) = &cfg.sprt {
        say!(
            "SPRT: H0 Elo {} vs H1 Elo {}, alpha {} beta {}, bounds {}",
            shown_number(t.elo0),
            shown_number(t.elo1),
            shown_number(t.alpha),
            shown_number(t.beta),
            t.bounds_text()
        );
    }
    let then = match cfg.random_plies {
        0 => String::new(),
        1 => ", then a random ply".to_string(),
        n => format!(", then {n} random plies"),
    };
    if !cfg.openings.is_empty() {
        say!(
            "openings: {} position(s){then}, each played with colours swapped",
            cfg.openings.len()
        );
    } else if cfg.random_plies > 0 {
        say!("openings: the start{then}, drawn for each pair of games and played with colours swapped");
    } else if !board.hides_pieces() {
        // Nothing face down draws the games apart.
        tell!(
            "note: standard {} has no face-down pieces to vary its games; engines that search the \
             same way each time (a node budget) repeat the first pair of games: give \
             --openings FILE or --random-plies N for variety",
            board.id()
        );
    }
    let next = AtomicUsize::new(0);
    let tally = Mutex::new(Tally::default());
    // Game records that could not be written to --out.
    let unwritten = AtomicUsize::new(0);
    // No record waits yet.
    pending().counted_to(0);
    // How far past the first game not counted a game may start.
    let ahead = AHEAD.max(2 * cfg.jobs);
    let stop = AtomicBool::new(false);
    // Count game `i` (`None`: not played) and what it lets through; once
    // the test decides, no new game starts and the records written past
    // its verdict are closed as not counted. The tally stays locked for
    // the caller.
    let count = |i: usize, score: Option<f64>| {
        let mut t = tally.lock().unwrap();
        let undecided = t.verdict.is_none();
        if t.finish(i, score, cfg.sprt.as_ref()) {
            stop.store(true, Ordering::SeqCst);
        }
        pending().counted_to(t.next);
        if let (Some(dir), true) = (&cfg.out_dir, undecided && t.verdict.is_some()) {
            mark_late(dir, &mut pending(), t.next, &unwritten);
        }
        *standing() = summary(cfg, board.id(), &t, true);
        t
    };
    *standing() = summary(cfg, board.id(), &Tally::default(), true);
    std::thread::scope(|s| {
        for _ in 0..cfg.jobs.max(1) {
            s.spawn(|| loop {
                // No game starts far past the first one not counted yet:
                // the records of the games waiting for it stay open (to be
                // closed as not counted if need be), and a long game
                // would otherwise let them take every file handle.
                while next.load(Ordering::SeqCst) >= pending().waited + ahead
                    && !stop.load(Ordering::SeqCst)
                {
                    std::thread::sleep(Duration::from_millis(10));
                }
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= cfg.games {
                    break;
                }
                STARTED.store(true, Ordering::SeqCst);
                let result = play_game(i);
                // A game is counted, said and recorded under the lock an
                // interrupt takes for good: all of it, or (interrupted
                // first) none of it.
                let _printing = printing();
                if INTERRUPTED.load(Ordering::SeqCst) {
                    return;
                }
                match result {
                    Ok(r) => {
                        let t = count(i, Some(r.score));
                        let (w, d, l) = t.wdl();
                        // Played past the verdict, or waiting for an
                        // earlier game (counted with it, unless the test
                        // decides first).
                        let uncounted = i >= t.next;
                        let late = uncounted && t.verdict.is_some();
                        let waiting = if uncounted && !late {
                            format!("  (not counted yet: waits for game {})", t.next + 1)
                        } else {
                            String::new()
                        };
                        let sprt = cfg.sprt.map(|test| {
                            if late {
                                "  not counted: past the test's verdict".to_string()
                            } else {
                                format!("  LLR {} {}", test.llr_text(t.llr), test.bounds_text())
                            }
                        });
                        tell!(
                            "game {:>4}: {} ({} {})  [{}-{}-{}]{}{waiting}",
                            i + 1,
                            r.score,
                            r.outcome,
                            if i % 2 == 0 {
                                format!("engine 1 {}", board.colour(Color::Red))
                            } else {
                                "engine 1 black".to_string()
                            },
                            w,
                            d,
                            l,
                            sprt.unwrap_or_default()
                        );
                        if let Some(dir) = &cfg.out_dir {
                            let path = format!("{dir}/{}", record_name(i + 1));
                            // Played past the verdict: closed as not counted
                            // from the start.
                            let mut record = r.record;
                            if late {
                                record.push_str(&not_counted(t.next));
                            }
                            match write_record(&path, &record) {
                                Err(e) => {
                                    tell!(
                                        "game {}: cannot write '{}': {e}",
                                        i + 1,
                                        super::shown_path(&path)
                                    );
                                    unwritten.fetch_add(1, Ordering::Relaxed);
                                }
                                // Not counted yet: closed later if the test
                                // decides before it is.
                                Ok(file) if uncounted && !late => {
                                    pending().files.insert(i, file);
                                }
                                Ok(_) => {}
                            }
                        }
                    }
                    Err(e) => {
                        tell!("game {}: could not start: {e}", i + 1);
                        // It may let finished games be counted, and decide.
                        drop(count(i, None));
                    }
                }
            });
        }
    });
    let t = tally.lock().unwrap();
    say!("{}", summary(cfg, board.id(), &t, false).trim_end());
    let (w, d, l) = t.wdl();
    // A record lost is a run that did not do what it was asked.
    match unwritten.load(Ordering::Relaxed) {
        0 => Ok((w, d, l)),
        n => Err(format!(
            "{n} game record(s) could not be written in full to '{}'",
            super::shown_path(cfg.out_dir.as_deref().unwrap_or(""))
        )),
    }
}
