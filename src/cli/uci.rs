//! UCI front end, as Jieqi tools (JieqiBox) speak it: Jieqi FEN (every form
//! `fen::parse` reads) and move text with reveal letters. With
//! `setoption name UCI_Variant value chess` (or `hidden-chess`, or the same
//! values of the Rules option) it speaks chess as chess GUIs do: standard
//! FEN, `e1g1` castling, `e7e8q` promotion; in hidden chess, the FEN of
//! RULES.md section 5 and move texts with their reveal letters.
//!
//! The command loop never waits for a search: a search (and `go perft`) runs
//! on its own thread; `isready` is answered at once, `stop` and `quit` end the
//! search, and a command that changes or reads the state stops it first (its
//! `bestmove` is still sent), so that every `go` gets exactly one `bestmove`;
//! unknown input leaves the search running.
//!
//! A build without threads (wasm32-wasip1, the engine as the page runs it,
//! driven under Node by `scripts/uci-wasm.mjs`) searches in the command
//! loop instead: `go` answers before the next command is read, so nothing
//! can stop a search, and a `go` without a limit searches
//! [`NO_THREADS_MOVETIME_MS`] (it says so).

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

use crate::ai::game::Game as AiGame;
use crate::ai::{
    self, ChessSearcher, Clock, GameSearcher, Info, Level, Limits, Request, RootOptions, Searcher,
    Strength,
};
use crate::rules::chess::{self, Variant};
use crate::rules::xiangqi::{fen, movetext, perft};
use crate::rules::{repetition_key, shown, Color, Move, Position, Role, RuleSet};

/// Whether searches run beside the command loop (see the module doc).
const THREADS: bool = cfg!(not(target_os = "wasi"));

/// What a `go` without a limit searches where nothing can stop it.
pub const NO_THREADS_MOVETIME_MS: f64 = 10_000.0;

/// Run `work` beside the command loop, or, in a build without threads, now.
fn start(work: impl FnOnce() + Send + 'static) -> Option<JoinHandle<()>> {
    if THREADS {
        Some(std::thread::spawn(work))
    } else {
        work();
        None
    }
}

/// The limits a search runs under: `go`'s, except that where nothing can
/// stop a search (no `threads`), a `go` without a limit gets one, with a
/// warning saying so.
fn bounded(mut limits: Limits, threads: bool) -> (Limits, Option<String>) {
    if threads || !limits.unbounded() {
        return (limits, None);
    }
    limits.movetime_ms = Some(NO_THREADS_MOVETIME_MS);
    let warning = format!(
        "this build has no threads, so 'stop' cannot end a search: searching {NO_THREADS_MOVETIME_MS} ms"
    );
    (limits, Some(warning))
}

/// Longest command line read; longer lines are refused whole.
pub const MAX_LINE: usize = 1 << 20;
/// Largest `MultiPV`.
pub const MAX_MULTIPV: usize = 16;

type Out = Arc<Mutex<Box<dyn Write + Send>>>;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn say(out: &Out, line: &str) {
    let mut o = lock(out);
    let _ = writeln!(o, "{line}");
    let _ = o.flush();
}

struct State {
    rules: RuleSet,
    /// Chess or hidden chess instead of `rules` (UCI_Variant).
    chess: Option<Variant>,
    /// The chess position (`None` after a refused `position`).
    chess_position: Option<chess::Position>,
    /// `None` after a refused `position`: `go` then answers `bestmove (none)`.
    position: Option<Position>,
    /// Repetition keys (`rules::repetition_key`) since the last irreversible move.
    recent: Vec<u64>,
    level: Level,
    hash_mb: usize,
    multipv: usize,
    show_wdl: bool,
    /// The last `position` command's arguments (`None`: the start), read
    /// again when the rules change.
    last_position: Option<String>,
}

impl State {
    fn new_game(&mut self) {
        if let Some(v) = self.chess {
            let pos = v.start();
            self.recent = vec![repetition_key(pos.public_hash(), pos.in_check())];
            self.chess_position = Some(pos);
            return;
        }
        let pos = Position::start(self.rules);
        self.recent = vec![repetition_key(pos.public_hash(), pos.in_check())];
        self.position = Some(pos);
    }
}

struct Engine {
    out: Out,
    searcher: Arc<Mutex<Searcher>>,
    /// Chess's search: a small table until a chess variant is chosen.
    chess_searcher: Arc<Mutex<ChessSearcher>>,
    stop: Arc<AtomicBool>,
    thinking: Option<JoinHandle<()>>,
    st: State,
}

/// Run the UCI loop on stdin / stdout until `quit` or end of input.
pub fn run() {
    serve(std::io::stdin().lock(), Box::new(std::io::stdout()));
}

/// Run the UCI loop on any input and output.
pub fn serve(mut input: impl BufRead, output: Box<dyn Write + Send>) {
    let mut e = Engine {
        out: Arc::new(Mutex::new(output)),
        searcher: Arc::new(Mutex::new(Searcher::new(64))),
        chess_searcher: Arc::new(Mutex::new(ChessSearcher::new(1))),
        stop: Arc::new(AtomicBool::new(false)),
        thinking: None,
        st: State {
            rules: RuleSet::Jieqi,
            chess: None,
            chess_position: None,
            position: None,
            recent: Vec::new(),
            level: Level::Hard,
            hash_mb: 64,
            multipv: 1,
            show_wdl: false,
            last_position: None,
        },
    };
    e.st.new_game();
    let mut buf = Vec::new();
    // End of input or a read error ends the loop.
    while let Ok(Some(too_long)) = read_line(&mut input, &mut buf) {
        if too_long {
            say(
                &e.out,
                &format!("info string error: a command longer than {MAX_LINE} bytes was ignored"),
            );
            continue;
        }
        // Invalid UTF-8 becomes U+FFFD: it cannot end the engine.
        let text = String::from_utf8_lossy(&buf);
        if !e.command(text.trim()) {
            break;
        }
    }
    e.stop_search();
}

/// Read one line into `buf` (without its end of line). `Ok(None)` at end of
/// input; `Ok(Some(true))` when the line was longer than [`MAX_LINE`] (the
/// rest of it is skipped, never stored).
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<Option<bool>> {
    buf.clear();
    let (mut any, mut too_long) = (false, false);
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            // Node hands a WASI program its stdin without blocking: wait.
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                std::thread::sleep(std::time::Duration::from_millis(1));
                continue;
            }
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(any.then_some(too_long));
        }
        any = true;
        let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1, true),
            None => (chunk, chunk.len(), false),
        };
        let room = MAX_LINE.saturating_sub(buf.len());
        if part.len() > room {
            too_long = true;
        } else {
            buf.extend_from_slice(part);
        }
        input.consume(used);
        if done {
            return Ok(Some(too_long));
        }
    }
}

impl Engine {
    /// Handle one command line; `false` on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let (cmd, rest) = match line.split_once(|c: char| c.is_ascii_whitespace()) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        match cmd {
            "" => return true,
            "isready" => {
                say(&self.out, "readyok");
                return true;
            }
            "stop" => {
                self.stop_search();
                return true;
            }
            "quit" => {
                self.stop_search();
                return false;
            }
            "uci" | "debug" | "ucinewgame" | "setoption" | "position" | "go" | "d" => {
                // These change or read the state: the search ends first.
                self.stop_search();
            }
            // Unknown input (junk, `register`, `ponderhit`) leaves a search running.
            _ => {}
        }
        match cmd {
            "uci" => self.identify(),
            "debug" => {}
            "ucinewgame" => {
                lock(&self.searcher).clear();
                lock(&self.chess_searcher).clear();
                self.st.last_position = None;
                self.st.new_game();
            }
            "setoption" => {
                if let Err(e) = self.set_option(rest) {
                    say(&self.out, &format!("info string error: {e}"));
                }
            }
            "position" => {
                self.st.last_position = Some(rest.to_string());
                if let Err(e) = self.set_any_position(rest) {
                    self.st.position = None;
                    self.st.chess_position = None;
                    say(&self.out, &format!("info string error: {e}"));
                }
            }
            "go" if self.st.chess.is_some() => self.go_chess(rest),
            "go" => self.go(rest),
            "d" if self.st.chess.is_some() => match &self.st.chess_position {
                Some(p) => say(&self.out, &chess::fen::write(p)),
                None => say(
                    &self.out,
                    "info string no position (the last one was refused)",
                ),
            },
            "d" => match &self.st.position {
                Some(p) => say(&self.out, &fen::write(p)),
                None => say(
                    &self.out,
                    "info string no position (the last one was refused)",
                ),
            },
            _ => say(
                &self.out,
                &format!("info string error: unknown command '{}'", shown(cmd, 40)),
            ),
        }
        true
    }

    /// Stop the running search (if any) and wait for its `bestmove`.
    fn stop_search(&mut self) {
        if let Some(h) = self.thinking.take() {
            self.stop.store(true, Ordering::SeqCst);
            let _ = h.join();
        }
    }

    fn identify(&self) {
        let out = &self.out;
        say(out, &format!("id name Jieqi {}", env!("CARGO_PKG_VERSION")));
        say(out, "id author the Jieqi project");
        say(out, "option name Hash type spin default 64 min 1 max 1024");
        say(out, "option name Clear Hash type button");
        say(out, "option name Threads type spin default 1 min 1 max 1");
        say(
            out,
            &format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
        );
        say(out, "option name UCI_ShowWDL type check default false");
        say(
            out,
            "option name Level type combo default Hard var Beginner var Easy var Medium var Hard",
        );
        say(out, "option name Rules type combo default jieqi var jieqi var chessplayx var vietnam var xiangqi var chess var hidden-chess");
        say(out, "option name UCI_Variant type combo default jieqi var jieqi var chessplayx var vietnam var xiangqi var chess var hidden-chess");
        say(out, "uciok");
    }

    fn set_option(&mut self, rest: &str) -> Result<(), String> {
        // setoption name <id...> [value <x...>]
        let body = rest
            .strip_prefix("name")
            .filter(|b| b.is_empty() || b.starts_with(|c: char| c.is_ascii_whitespace()))
            .ok_or("expected 'setoption name <id> value <x>'")?
            .trim();
        let (name, value) = match body.find(" value") {
            Some(i) if body[i + 6..].is_empty() || body[i + 6..].starts_with(' ') => {
                (body[..i].trim(), body[i + 6..].trim())
            }
            _ => (body, ""),
        };
        let st = &mut self.st;
        let number = |what: &str| -> Result<usize, String> {
            value
                .parse::<usize>()
                .map_err(|_| format!("{what} needs a number, not '{}'", shown(value, 20)))
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let asked = number("Hash")?;
                st.hash_mb = asked.clamp(1, 1024);
                match st.chess {
                    Some(_) => lock(&self.chess_searcher).resize(st.hash_mb),
                    None => lock(&self.searcher).resize(st.hash_mb),
                }
                if asked != st.hash_mb {
                    say(
                        &self.out,
                        &format!(
                            "info string Hash {asked} is out of range: using {}",
                            st.hash_mb
                        ),
                    );
                }
            }
            "clear hash" => {
                lock(&self.searcher).clear();
                lock(&self.chess_searcher).clear();
            }
            "threads" => {
                number("Threads")?;
            }
            "multipv" => {
                let asked = number("MultiPV")?;
                st.multipv = asked.clamp(1, MAX_MULTIPV);
                if asked != st.multipv {
                    say(
                        &self.out,
                        &format!(
                            "info string MultiPV {asked} is out of range: using {}",
                            st.multipv
                        ),
                    );
                }
            }
            "uci_showwdl" => {
                st.show_wdl = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => {
                        return Err(format!(
                            "UCI_ShowWDL is true or false, not '{}'",
                            shown(value, 20)
                        ))
                    }
                }
            }
            "level" => {
                st.level = Level::from_id(value)
                    .ok_or_else(|| format!("unknown level '{}'", shown(value, 20)))?
            }
            "rules" | "uci_variant" => {
                let lower = value.to_ascii_lowercase();
                let chess = Variant::from_id(&lower);
                let rules = match chess {
                    Some(_) => st.rules,
                    None => RuleSet::from_id(value)
                        .ok_or_else(|| format!("unknown rules '{}'", shown(value, 20)))?,
                };
                if rules != st.rules || chess != st.chess {
                    // The table goes to the game being played.
                    if chess.is_some() && st.chess.is_none() {
                        lock(&self.searcher).resize(1);
                        lock(&self.chess_searcher).resize(st.hash_mb);
                    } else if chess.is_none() && st.chess.is_some() {
                        lock(&self.chess_searcher).resize(1);
                        lock(&self.searcher).resize(st.hash_mb);
                    }
                    // Between the board games (9x10 and 8x8) the position
                    // cannot carry over: a new game starts.
                    if chess.is_some() != st.chess.is_some() {
                        st.last_position = None;
                    }
                    st.rules = rules;
                    st.chess = chess;
                    // The position given stays the position, read under the
                    // new rules (or refused, if it does not fit them).
                    match st.last_position.clone() {
                        None => st.new_game(),
                        Some(args) => {
                            if let Err(e) = self.set_any_position(&args) {
                                self.st.position = None;
                                self.st.chess_position = None;
                                return Err(format!(
                                    "the last position does not fit these rules: {e}"
                                ));
                            }
                        }
                    }
                }
            }
            _ => return Err(format!("unknown option '{}'", shown(name, 40))),
        }
        Ok(())
    }

    fn set_any_position(&mut self, rest: &str) -> Result<(), String> {
        match self.st.chess {
            Some(v) => self.set_chess_position(rest, v),
            None => self.set_position(rest),
        }
    }

    /// `position startpos|fen <fen> [moves ...]` in chess: plain UCI moves
    /// (`e2e4`, `e7e8q`, `e1g1`); in hidden chess, move texts with their
    /// reveal letters (`b1c3N`, `a1a8qP`, `d1d7QxN`).
    fn set_chess_position(&mut self, rest: &str, variant: Variant) -> Result<(), String> {
        let (head, moves) = match find_word(rest, "moves") {
            Some(i) => (rest[..i].trim(), &rest[i + "moves".len()..]),
            None => (rest.trim(), ""),
        };
        let mut pos = if head == "startpos" {
            variant.start()
        } else if let Some(text) = head
            .strip_prefix("fen")
            .filter(|t| t.starts_with(|c: char| c.is_ascii_whitespace()))
        {
            chess::fen::parse(text.trim(), variant).map_err(|e| e.to_string())?
        } else {
            return Err("expected 'position startpos|fen <fen> [moves ...]'".into());
        };
        let mut recent = vec![repetition_key(pos.public_hash(), pos.in_check())];
        for (i, m) in moves.split_whitespace().enumerate() {
            let refuse =
                |e: &dyn std::fmt::Display| format!("move {} '{}': {e}", i + 1, shown(m, 20));
            let (mv, reveal, cap) = chess::movetext::resolve(&pos, m).map_err(|e| refuse(&e))?;
            let played = pos.play(mv, reveal, cap).map_err(|e| refuse(&e))?;
            if played.is_irreversible() {
                recent.clear();
            }
            recent.push(repetition_key(pos.public_hash(), pos.in_check()));
        }
        self.st.chess_position = Some(pos);
        self.st.recent = recent;
        Ok(())
    }

    fn go_chess(&mut self, rest: &str) {
        let Some(pos) = self.st.chess_position else {
            say(
                &self.out,
                "info string error: no position to search (the last 'position' was refused)",
            );
            say(&self.out, "bestmove (none)");
            return;
        };
        let req = parse_go_with(rest, pos.turn(), |w| {
            let mt = chess::movetext::parse_lenient(&pos, w).ok()?;
            // A face-down mover's move is listed without its promotion.
            let hidden = pos.piece_at(mt.mv.from).is_some_and(|p| p.hidden);
            let m = if hidden { mt.mv.base() } else { mt.mv };
            Some(
                pos.is_legal(m)
                    .then_some(m)
                    .ok_or_else(|| "not a legal move here".to_string()),
            )
        });
        for w in &req.warnings {
            say(&self.out, &format!("info string {w}"));
        }
        if req.perft.is_some() || req.perft_refused {
            say(
                &self.out,
                "info string go perft is for Jieqi; in chess use 'jieqi perft --rules chess'",
            );
            return;
        }
        let searcher = self.chess_searcher.clone();
        // Plain UCI: the referee (or the GUI) draws what a reveal is; a
        // face-down mover that may turn out a pawn on the last rank names
        // its promotion (`a1a8q`).
        self.search(searcher, pos, req, move |m| {
            ai::chess_answer(&pos, m).to_string()
        });
    }

    fn set_position(&mut self, rest: &str) -> Result<(), String> {
        let (head, moves) = match find_word(rest, "moves") {
            Some(i) => (rest[..i].trim(), &rest[i + "moves".len()..]),
            None => (rest.trim(), ""),
        };
        let rules = self.st.rules;
        let mut pos = if head == "startpos" {
            Position::start(rules)
        } else if let Some(text) = head
            .strip_prefix("fen")
            .filter(|t| t.starts_with(|c: char| c.is_ascii_whitespace()))
        {
            // The FEN keeps its inner spacing: two spaces are an empty pool.
            fen::parse(text, rules).map_err(|e| e.to_string())?
        } else {
            return Err("expected 'position startpos|fen <fen> [moves ...]'".into());
        };
        let mut recent = vec![repetition_key(pos.public_hash(), pos.in_check())];
        for (i, m) in moves.split_whitespace().enumerate() {
            let refuse =
                |e: &dyn std::fmt::Display| format!("move {} '{}': {e}", i + 1, shown(m, 20));
            let (mv, reveal, cap) = movetext::resolve(&pos, m).map_err(|e| refuse(&e))?;
            if cap.is_some() && !rules.capturer_learns() {
                return Err(refuse(
                    &"under these rules nobody learns a captured face-down piece",
                ));
            }
            let played = pos.play(mv, reveal, cap).map_err(|e| refuse(&e))?;
            if played.is_irreversible() {
                recent.clear();
            }
            recent.push(repetition_key(pos.public_hash(), pos.in_check()));
        }
        self.st.position = Some(pos);
        self.st.recent = recent;
        Ok(())
    }

    fn go(&mut self, rest: &str) {
        let Some(pos) = self.st.position.clone() else {
            say(
                &self.out,
                "info string error: no position to search (the last 'position' was refused)",
            );
            if !rest.split_whitespace().any(|w| w == "perft") {
                say(&self.out, "bestmove (none)");
            }
            return;
        };
        let req = parse_go(rest, &pos);
        for w in &req.warnings {
            say(&self.out, &format!("info string {w}"));
        }
        if req.perft_refused {
            return;
        }
        self.stop.store(false, Ordering::SeqCst);
        let (out, stop) = (self.out.clone(), self.stop.clone());
        if let Some(depth) = req.perft {
            self.thinking = start(move || run_perft(pos, depth, &out, &stop));
            return;
        }
        let searcher = self.searcher.clone();
        self.search(searcher, pos, req, |m| m.to_string());
    }

    /// Search `pos` on a thread of its own under `go`'s limits, for either
    /// game: info lines as it deepens, then `bestmove` in `answer`'s text.
    fn search<G>(
        &mut self,
        searcher: Arc<Mutex<GameSearcher<G>>>,
        pos: G,
        req: GoRequest<G::Move>,
        answer: impl Fn(G::Move) -> String + Send + 'static,
    ) where
        G: AiGame + Send + 'static,
        G::Move: Send,
    {
        self.stop.store(false, Ordering::SeqCst);
        let (out, stop) = (self.out.clone(), self.stop.clone());
        let (limits, warning) = bounded(req.limits, THREADS);
        if let Some(w) = warning {
            say(&out, &format!("info string {w}"));
        }
        let infinite = req.infinite && THREADS;
        // The `go` limits rule the time; weaker levels keep their depth cap,
        // noise and blunder guard.
        let strength = match self.st.level {
            Level::Hard => Strength::Limits { limits, noise: 0 },
            level => Strength::LevelWithin(level, limits),
        };
        let seed = pos.hash() ^ 0x9e37;
        let request = Request {
            root: RootOptions {
                searchmoves: req.searchmoves,
                multipv: self.st.multipv,
            },
            ..Request::new(pos, self.st.recent.clone(), strength).seed(seed)
        };
        let show_wdl = self.st.show_wdl;
        self.thinking = start(move || {
            let mut s = lock(&searcher);
            let mut on_info = |i: &Info<G::Move>| say(&out, &info_line(i, show_wdl));
            let r = ai::think(&mut s, &request, &stop, &mut on_info);
            // Under `go infinite` the answer waits for `stop`, as UCI requires.
            while infinite && !stop.load(Ordering::SeqCst) {
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
            match r.best {
                Some(m) => say(&out, &format!("bestmove {}", answer(m))),
                None => say(&out, "bestmove (none)"),
            }
        });
    }
}

/// Byte offset of `word` standing alone (between spaces) in `text`.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    text.match_indices(word).map(|(i, _)| i).find(|&i| {
        let before = i == 0 || bytes[i - 1].is_ascii_whitespace();
        let end = i + word.len();
        let after = end == bytes.len() || bytes[end].is_ascii_whitespace();
        before && after
    })
}

fn info_line<M: std::fmt::Display>(i: &Info<M>, show_wdl: bool) -> String {
    let nps = (i.nodes as f64 / (i.time_ms.max(1.0) / 1000.0)) as u64;
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {}",
        i.depth,
        i.seldepth.max(i.depth),
        i.multipv,
        score_text(i.score)
    );
    if show_wdl {
        let (w, d, l) = wdl(i.score);
        s.push_str(&format!(" wdl {w} {d} {l}"));
    }
    s.push_str(&format!(
        " nodes {} nps {} hashfull {} time {}",
        i.nodes, nps, i.hashfull, i.time_ms as u64
    ));
    if !i.pv.is_empty() {
        // Plain four-character moves: JieqiBox reads letters after the
        // squares as a revealed identity.
        let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
        s.push_str(" pv ");
        s.push_str(&pv.join(" "));
    }
    s
}

fn score_text(s: i32) -> String {
    use crate::ai::eval::{MATE, MATE_BOUND};
    if s > MATE_BOUND {
        format!("mate {}", (MATE - s + 1) / 2)
    } else if s < -MATE_BOUND {
        format!("mate -{}", (MATE + s) / 2)
    } else {
        format!("cp {s}")
    }
}

/// Win, draw and loss per mille for the side to move, from its score: a
/// logistic model, W = 1000·σ((s − 60) / 100), L = 1000·σ((−s − 60) / 100),
/// D = 1000 − W − L (σ(x) = 1 / (1 + e^−x), s in centipawns). A level score
/// gives 354 / 292 / 354, +300 gives 917 / 56 / 27. Mate scores are certain.
pub fn wdl(score: i32) -> (u32, u32, u32) {
    use crate::ai::eval::MATE_BOUND;
    if score > MATE_BOUND {
        return (1000, 0, 0);
    }
    if score < -MATE_BOUND {
        return (0, 0, 1000);
    }
    let sigma = |x: f64| 1.0 / (1.0 + (-x).exp());
    let s = score as f64;
    let w = (1000.0 * sigma((s - 60.0) / 100.0)).round() as u32;
    let l = ((1000.0 * sigma((-s - 60.0) / 100.0)).round() as u32).min(1000 - w);
    (w, 1000 - w - l, l)
}

/// A `go` command, read leniently: what cannot be used is reported.
struct GoRequest<M = Move> {
    limits: Limits,
    infinite: bool,
    searchmoves: Vec<M>,
    perft: Option<u32>,
    /// `go perft` with a missing or out-of-range depth: nothing to run.
    perft_refused: bool,
    warnings: Vec<String>,
}

/// Read `go` parameters for `pos`. A clock is read as the page's AI reads
/// its own ([`Clock::slice_ms`] to aim at, [`Clock::hard_ms`] at most);
/// `movetime` with a clock: the smaller wins.
fn parse_go(rest: &str, pos: &Position) -> GoRequest {
    parse_go_with(rest, pos.turn(), |w| {
        let mt = movetext::parse(w).ok()?;
        // Plain moves as JieqiBox sends them; letters, when given, must fit
        // (a reveal in the pool, a capture the rules let the mover learn).
        let fits = if w.len() == 4 {
            pos.is_legal(mt.mv)
                .then_some(())
                .ok_or_else(|| "not a legal move here".to_string())
        } else {
            movetext::resolve(pos, w)
                .map(|_| ())
                .map_err(|e| e.to_string())
        };
        Some(fits.map(|()| mt.mv))
    })
}

/// [`parse_go`] for any game: `turn` picks the clock, `read_move` reads a
/// `searchmoves` word (`None`: not a move, the list ends; `Err`: a move
/// that does not fit, skipped with a warning).
fn parse_go_with<M>(
    rest: &str,
    turn: Color,
    read_move: impl Fn(&str) -> Option<Result<M, String>>,
) -> GoRequest<M> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let mut req = GoRequest {
        limits: Limits::default(),
        infinite: false,
        searchmoves: Vec::new(),
        perft: None,
        perft_refused: false,
        warnings: Vec::new(),
    };
    let (mut wtime, mut btime, mut winc, mut binc, mut movestogo) = (None, None, 0.0, 0.0, None);
    let mut searchmoves_given = false;
    // A limit was given but could not be read (it is then absent).
    let mut bad_value = false;
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        i += 1;
        let takes_number = matches!(
            key,
            "movetime"
                | "depth"
                | "nodes"
                | "wtime"
                | "btime"
                | "winc"
                | "binc"
                | "movestogo"
                | "mate"
                | "perft"
        );
        if takes_number {
            // Whole numbers, and times in milliseconds with a fraction too
            // (`wtime 500.5`). Clocks may be negative when a GUI's clock
            // ran out: read as 0, and said so; counts must not be negative.
            let clock = matches!(key, "movetime" | "wtime" | "btime" | "winc" | "binc");
            let value = words.get(i).and_then(|v| match v.parse::<i64>() {
                Ok(n) => Some(n),
                Err(_) if clock => v
                    .parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && x.abs() < 1e15)
                    .map(|x| x.floor() as i64),
                Err(_) => None,
            });
            let Some(v) = value else {
                req.perft_refused |= key == "perft";
                bad_value = true;
                // A number too large for the reader is still a number: skip it.
                if words
                    .get(i)
                    .is_some_and(|v| v.bytes().all(|b| b.is_ascii_digit()))
                {
                    req.warnings.push(format!(
                        "'{key} {}' is out of range; ignored",
                        shown(words[i], 24)
                    ));
                    i += 1;
                } else {
                    let wants = if clock {
                        "milliseconds"
                    } else {
                        "a whole number"
                    };
                    req.warnings.push(format!("'{key}' needs {wants}; ignored"));
                }
                continue;
            };
            i += 1;
            if v < 0 && !clock || (key == "mate" && v == 0) {
                req.perft_refused |= key == "perft";
                bad_value = true;
                req.warnings
                    .push(format!("'{key} {v}' is out of range; ignored"));
                continue;
            }
            if v < 0 {
                req.warnings
                    .push(format!("'{key} {v}' is negative: read as 0"));
            }
            let v = (v.max(0) as f64).min(1e12);
            match key {
                "movetime" => req.limits.movetime_ms = Some(v),
                "depth" => req.limits.depth = Some(v as u32),
                "nodes" => req.limits.nodes = Some(v as u64),
                "mate" => req.limits.depth = Some((2.0 * v).min(1000.0) as u32),
                "wtime" => wtime = Some(v),
                "btime" => btime = Some(v),
                "winc" => winc = v,
                "binc" => binc = v,
                "movestogo" if v < 1.0 => req
                    .warnings
                    .push("'movestogo 0' is out of range; read as none".into()),
                "movestogo" => movestogo = Some(v),
                _ => {
                    if (1.0..=8.0).contains(&v) {
                        req.perft = Some(v as u32);
                    } else {
                        req.perft_refused = true;
                    }
                }
            }
            continue;
        }
        match key {
            "infinite" => req.infinite = true,
            "searchmoves" => {
                searchmoves_given = true;
                while let Some(fits) = words.get(i).and_then(|w| read_move(w)) {
                    let w = words[i];
                    match fits {
                        Ok(m) => req.searchmoves.push(m),
                        Err(e) => req
                            .warnings
                            .push(format!("searchmoves: {}: {e}; ignored", shown(w, 12))),
                    }
                    i += 1;
                }
            }
            w => req
                .warnings
                .push(format!("unknown go parameter '{}' ignored", shown(w, 20))),
        }
    }
    if searchmoves_given && req.searchmoves.is_empty() {
        req.warnings
            .push("searchmoves: no legal move given; searching every move".into());
    }
    if req.perft_refused {
        req.warnings
            .push("error: go perft needs a depth from 1 to 8".into());
    }
    let (time, inc) = if turn == Color::Red {
        (wtime, winc)
    } else {
        (btime, binc)
    };
    let clocks_given = wtime.is_some() || btime.is_some();
    if req.infinite {
        req.limits.movetime_ms = None;
    } else if time.is_none() && clocks_given && req.limits.unbounded() {
        req.warnings
            .push("no clock for the side to move: searching until 'stop'".into());
    } else if let Some(t) = time {
        // The engine's one time manager, as the page's AI uses it.
        let clock = Clock {
            remaining_ms: t,
            increment_ms: inc,
            moves_to_go: movestogo.map(|n: f64| n.ceil().clamp(1.0, 100.0) as u32),
        };
        let (budget, hard) = (clock.slice_ms(), clock.hard_ms());
        let fixed = req.limits.movetime_ms;
        req.limits.movetime_ms = Some(fixed.map_or(hard, |m| m.min(hard)));
        req.limits.soft_ms = Some(fixed.map_or(budget, |m| m.min(budget)));
    }
    let unlimited = req.limits.unbounded() && !clocks_given;
    if bad_value && !req.infinite && unlimited && req.perft.is_none() && !req.perft_refused {
        // A bad limit must not turn into a search until 'stop'.
        req.limits.movetime_ms = Some(BAD_LIMIT_MOVETIME_MS);
        req.warnings.push(format!(
            "no usable limit left: searching {BAD_LIMIT_MOVETIME_MS} ms"
        ));
    }
    req
}

/// Time searched when every limit a `go` gave was unreadable.
const BAD_LIMIT_MOVETIME_MS: f64 = 1000.0;

/// `go perft` on the search thread: per-move counts, then the total;
/// `stop` ends it early (no total then).
fn run_perft(mut pos: Position, depth: u32, out: &Out, stop: &AtomicBool) {
    let mut rows = Vec::new();
    for &m in pos.legal_moves().iter() {
        match perft_move(&mut pos, m, depth, stop) {
            Some(n) => rows.push((m, n)),
            None => {
                say(out, "info string perft stopped");
                return;
            }
        }
    }
    rows.sort_by_key(|(m, _)| m.to_string());
    for (m, n) in &rows {
        say(out, &format!("{m}: {n}"));
    }
    say(out, "");
    say(
        out,
        &format!(
            "Nodes searched: {}",
            rows.iter().map(|(_, n)| n).sum::<u64>()
        ),
    );
}

/// `perft::perft_move` that checks `stop` above its last two plies.
fn perft_move(pos: &mut Position, m: Move, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= 2 {
        return Some(perft::perft_move(pos, m, depth));
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let piece = pos.piece_at(m.from)?;
    let outcomes: Vec<Option<Role>> = if piece.hidden {
        pos.pool(piece.color)
            .entries()
            .map(|(r, _)| Some(r))
            .collect()
    } else {
        vec![None]
    };
    let mut n = 0;
    for r in outcomes {
        let u = pos.make(m, r, None);
        let mut sub = Some(0);
        for &next in pos.legal_moves().iter() {
            sub = sub.and_then(|k| Some(k + perft_move(pos, next, depth - 1, stop)?));
            if sub.is_none() {
                break;
            }
        }
        pos.unmake(m, u);
        n += sub?;
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The time aimed at (the soft limit, or the fixed time), after
    /// checking that the hard limit is at least that and within the clock.
    fn budget(go: &str) -> Option<f64> {
        let l = parse_go(go, &Position::start(RuleSet::Jieqi)).limits;
        if let (Some(soft), Some(hard)) = (l.soft_ms, l.movetime_ms) {
            assert!(soft <= hard, "{go}: soft {soft} > hard {hard}");
        }
        l.soft_ms.or(l.movetime_ms)
    }

    #[test]
    fn clock_budgets() {
        // movestogo 1: nearly all the time, less a margin (not 4% of it).
        assert_eq!(budget("wtime 10000 btime 10000 movestogo 1"), Some(9450.0));
        assert_eq!(budget("wtime 10000 btime 1 movestogo 10"), Some(945.0));
        // Sudden death: a 40th of the time above the reserve (50 ms and
        // 5%) plus most of the increment.
        assert_eq!(
            budget("wtime 10000 btime 10000 winc 100 binc 100"),
            Some(9450.0 / 40.0 + 75.0)
        );
        // The smaller of movetime and the clock.
        assert_eq!(budget("movetime 100000 wtime 1000 btime 1000"), Some(22.5));
        assert_eq!(budget("movetime 30 wtime 100000 btime 100000"), Some(30.0));
        // Times with a fraction are read (down to whole milliseconds);
        // movestogo 0 is no movestogo (not "one move to go").
        assert_eq!(budget("wtime 1000.9 btime 1e3"), Some(22.5));
        let r = parse_go(
            "wtime 10000 btime 10000 movestogo 0",
            &Position::start(RuleSet::Jieqi),
        );
        assert_eq!(r.limits.soft_ms, Some(236.25));
        assert!(
            r.warnings.iter().any(|w| w.contains("movestogo 0")),
            "{:?}",
            r.warnings
        );
        // A clock at (or below) zero: no time to aim at (the search still
        // plays the best move it has looked at).
        assert_eq!(budget("wtime -5 btime -5"), Some(0.0));
        assert_eq!(budget("infinite wtime 1000 btime 1000"), None);
        // Black uses its own clock.
        let black = play_one();
        let r = parse_go("wtime 100000 btime 10000 movestogo 1", &black);
        assert_eq!(r.limits.soft_ms, Some(9450.0));
        assert_eq!(r.limits.movetime_ms, Some(9450.0));
        // Sudden death: up to three budgets when unsettled, within 40% of
        // the usable time.
        let r = parse_go("wtime 10000 btime 10000", &Position::start(RuleSet::Jieqi));
        assert_eq!(
            (r.limits.soft_ms, r.limits.movetime_ms),
            (Some(236.25), Some(708.75))
        );
    }

    fn play_one() -> Position {
        let mut p = Position::start(RuleSet::Jieqi);
        let (mv, rev, cap) = movetext::resolve(&p, "h2e2C").unwrap();
        p.play(mv, rev, cap).unwrap();
        p
    }

    #[test]
    fn without_threads_every_search_has_a_limit() {
        let pos = Position::start(RuleSet::Jieqi);
        for go in ["", "infinite", "btime 1000", "searchmoves a3a4"] {
            let limits = parse_go(go, &pos).limits;
            assert_eq!(bounded(limits, true), (limits, None), "go {go}");
            let (bound, warning) = bounded(limits, false);
            assert_eq!(bound.movetime_ms, Some(NO_THREADS_MOVETIME_MS), "go {go}");
            assert!(warning.is_some_and(|w| w.contains("no threads")));
        }
        for go in [
            "movetime 50",
            "depth 3",
            "nodes 1000",
            "wtime 1000 btime 1000",
        ] {
            let limits = parse_go(go, &pos).limits;
            assert_eq!(bounded(limits, false), (limits, None), "go {go}");
        }
    }

    #[test]
    fn go_is_read_leniently() {
        let start = Position::start(RuleSet::Jieqi);
        let r = parse_go("depth x searchmoves a3a4 a3a5 zz depth 3", &start);
        assert_eq!(r.limits.depth, Some(3));
        assert_eq!(r.searchmoves.len(), 1);
        assert_eq!(r.warnings.len(), 4, "{:?}", r.warnings);
        let r = parse_go("perft 99", &start);
        assert!(r.perft_refused && r.perft.is_none());
        assert_eq!(parse_go("perft 3", &start).perft, Some(3));
    }

    #[test]
    fn wdl_model() {
        assert_eq!(wdl(0), (354, 292, 354));
        assert_eq!(wdl(300), (917, 56, 27));
        assert_eq!(wdl(crate::ai::eval::MATE - 3), (1000, 0, 0));
        assert_eq!(wdl(-crate::ai::eval::MATE + 3), (0, 0, 1000));
        let mut last = 0;
        for s in (-3000..=3000).step_by(7) {
            let (w, d, l) = wdl(s);
            assert_eq!(w + d + l, 1000);
            assert_eq!(wdl(-s), (l, d, w));
            assert!(w >= last);
            last = w;
        }
    }

    #[test]
    fn long_lines_and_bad_bytes_are_read_safely() {
        let mut text = b"isready\n\xff\xfe\n".to_vec();
        text.extend(std::iter::repeat_n(b'x', MAX_LINE + 5));
        text.extend(b"\nlast");
        let mut input = std::io::Cursor::new(text);
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(false));
        assert_eq!(buf, b"isready");
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(false));
        assert_eq!(String::from_utf8_lossy(&buf), "\u{fffd}\u{fffd}");
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(true));
        assert!(buf.len() <= MAX_LINE);
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(false));
        assert_eq!(buf, b"last");
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), None);
    }
}
