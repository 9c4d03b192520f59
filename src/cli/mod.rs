//! The native command-line program: perft, moves, result, UCI, bench, match.

/// `println!` that carries on when stdout is gone (`jieqi match | head`):
/// a long run should not die for its log.
macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

/// `eprintln!` that carries on when stderr is gone.
macro_rules! tell {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($t)*);
    }};
}

pub mod chess;
pub mod chess_match;
pub mod datagen;
pub mod fuzz;
pub mod matches;
mod named;
pub mod rescore;
pub mod result;
pub mod soak;
pub mod sprt;
pub mod tune;
pub mod tune_net;
pub mod uci;

/// On Ctrl-C or SIGTERM, run `clean_up` (which says what it did), print
/// that and exit with status 130. The first call in a process installs it;
/// a later call does nothing (one handler a process).
pub(crate) fn exit_on_interrupt(mut clean_up: impl FnMut() -> String + Send + 'static) {
    #[cfg(unix)]
    {
        let _ = ctrlc::set_handler(move || {
            let said = clean_up();
            tell!("interrupted: {said}");
            std::process::exit(130);
        });
    }
    #[cfg(not(unix))]
    let _ = &mut clean_up;
}

/// Refuse an `--out` path with a name the system cannot hold (over 255
/// bytes), before any work: it would fail only at the end, after it.
pub fn names_fit(path: &str) -> Result<(), String> {
    match path.split('/').map(str::len).max() {
        Some(n) if n > 255 => Err(format!(
            "--out '{}': a file or folder name has at most 255 bytes, this one {n}",
            shown_path(path)
        )),
        _ => Ok(()),
    }
}

/// `PATH.part`, its name cut to fit a file name's 255 bytes (a name of 251
/// to 255 bytes is legal, its `.part` would not be).
fn part_name(path: &str) -> String {
    let name_at = path.rfind('/').map_or(0, |i| i + 1);
    let mut end = path.len().min(name_at + 250);
    while !path.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}.part", &path[..end])
}

/// Write the file `path` with `work`, all or nothing: into a new
/// `PATH.part` beside it, renamed over `path` once complete, so a run that
/// fails, or is stopped with Ctrl-C or SIGTERM (exit status 130), leaves
/// what was at `path` as it was and nothing beside it. A `path` that exists
/// must be a plain file (a link would be replaced by the renamed file, a
/// device or a pipe too), and a `.part` left by an unfinished run is never
/// written through (it could be a link or a pipe): both are refused. A
/// failed write is named by the file it was for.
pub fn write_new_file<R>(
    path: &str,
    work: impl FnOnce(&mut dyn std::io::Write) -> Result<R, String>,
) -> Result<R, String> {
    use std::io::Write;
    /// The writer, remembering its first error.
    struct Tracked<W> {
        inner: W,
        error: Option<String>,
    }
    impl<W: Write> Tracked<W> {
        fn track<T>(&mut self, r: std::io::Result<T>) -> std::io::Result<T> {
            if let Err(e) = &r {
                self.error.get_or_insert_with(|| e.to_string());
            }
            r
        }
    }
    impl<W: Write> Write for Tracked<W> {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            let r = self.inner.write(buf);
            self.track(r)
        }
        fn flush(&mut self) -> std::io::Result<()> {
            let r = self.inner.flush();
            self.track(r)
        }
    }
    match std::fs::symlink_metadata(path) {
        Ok(m) if !m.is_file() => {
            return Err(format!(
                "--out '{}' is not a regular file (a link, a directory, a pipe or a device)",
                shown_path(path)
            ))
        }
        _ => {}
    }
    names_fit(path)?;
    let part = part_name(path);
    let file = create_new(&part).map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => {
            format!(
                "'{}' already exists (an unfinished run's?): remove it first",
                shown_path(&part)
            )
        }
        _ => format!("cannot create '{}': {e}", shown_path(&part)),
    })?;
    // Only the file this run made is removed on an interrupt.
    let removed = part.clone();
    exit_on_interrupt(move || {
        let _ = std::fs::remove_file(&removed);
        format!("'{}' removed", shown_path(&removed))
    });
    let mut out = Tracked {
        inner: std::io::BufWriter::new(file),
        error: None,
    };
    let done = work(&mut out).and_then(|r| out.flush().map(|_| r).map_err(|e| e.to_string()));
    let done = match (done, out.error.take()) {
        (Err(_), Some(e)) => Err(format!("cannot write '{}': {e}", shown_path(path))),
        (done, _) => done,
    };
    drop(out);
    // The new file keeps the old one's permissions (the rename brings the
    // part's own).
    if let Ok(m) = std::fs::metadata(path) {
        let _ = std::fs::set_permissions(&part, m.permissions());
    }
    done.and_then(|r| {
        std::fs::rename(&part, path)
            .map(|_| r)
            .map_err(|e| format!("cannot write '{}': {e}", shown_path(path)))
    })
    .inspect_err(|_| {
        let _ = std::fs::remove_file(&part);
    })
}

/// Text from a file as an error message quotes it (see [`rules::shown`]).
pub fn shown(text: &str) -> String {
    crate::rules::shown(text, 60)
}

/// The refusal of a position text `text`, for every reader of one.
pub fn bad_fen(text: &str, why: impl std::fmt::Display) -> String {
    format!("bad FEN '{}': {why}", shown(text))
}

/// The refusal of move `n` of a command's list, `text` as typed.
pub fn bad_move(n: usize, text: &str, why: impl std::fmt::Display) -> String {
    format!("move {n} ({}): {why}", shown(text))
}

/// The Jieqi family's rule sets, as `--rules` names them, for messages.
pub fn rule_set_ids() -> String {
    crate::rules::RuleSet::ALL
        .map(crate::rules::RuleSet::id)
        .join(", ")
}

/// Create `path` as a new file for writing; one already there is an
/// error, never truncated.
pub fn create_new(path: impl AsRef<std::path::Path>) -> std::io::Result<std::fs::File> {
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
}

/// A path as an error message quotes it: escaped as [`shown`], cut only
/// past 300 characters (a path is a file's name: all of it matters).
pub fn shown_path(path: &str) -> String {
    crate::rules::shown(path, 300)
}

/// The most threads a command runs (`--jobs`; each thread is a game or a
/// search). The flag refuses more, and every command clamps to the same.
pub const MAX_JOBS: usize = 256;

/// A number as written on a command line, without a sign (`+2` and `-1`
/// are refused; an integer is then decimal digits only), in range for `T`.
pub fn unsigned<T: std::str::FromStr>(s: &str) -> Option<T> {
    if s.starts_with(['+', '-']) {
        return None;
    }
    s.parse().ok()
}

use crate::rules::xiangqi::notation::{self, Notation};
use crate::rules::xiangqi::{fen, perft};
use crate::rules::{Position, RuleSet};

/// Positions searched by `bench`, with their rule set.
pub const BENCH_POSITIONS: [(&str, RuleSet); 6] = [
    (fen::JIEQI_START, RuleSet::Jieqi),
    (fen::XIANGQI_START, RuleSet::Xiangqi),
    ("r1bakabr1/9/1cn4c1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R b - - 0 4", RuleSet::Xiangqi),
    ("xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/6P2/X1X1X3X/1X5X1/9/XXXXKXXXX b R2A2C2P4N2B2r2a2c2p5n2b2 0 1", RuleSet::Jieqi),
    ("x1xxkxxxx/9/1x2n2x1/x1x1x1x1x/9/2B6/X1X1X1X1X/1X5X1/9/XXXXK1XXX w R2A2C2P5N2B1r2a2c2p5n1b2 2 2", RuleSet::Jieqi),
    ("4k4/4a4/4ba3/9/2b6/9/9/4B4/3CA4/2N1K4 w - - 0 1", RuleSet::Xiangqi),
];

/// Search every bench position to `depth`; returns (nodes, milliseconds).
pub fn bench(depth: u32) -> (u64, f64) {
    let mut total = 0;
    let start = crate::ai::clock::now_ms();
    for (text, rules) in BENCH_POSITIONS {
        let pos = fen::parse(text, rules).expect("bench position");
        let r = crate::ai::search_to_depth(&pos, depth);
        total += r.nodes;
    }
    (total, crate::ai::clock::now_ms() - start)
}

pub fn perft_command(depth: u32, fen_text: Option<&str>, rules: RuleSet) -> Result<String, String> {
    let mut pos = position_of(fen_text.unwrap_or("startpos"), rules)?;
    let start = std::time::Instant::now();
    let (rows, total) = perft::divide(&mut pos, depth);
    Ok(perft_report(&rows, total, start.elapsed().as_secs_f64()))
}

/// `perft`'s answer for either game: each root move's count, the total and
/// the speed.
pub(crate) fn perft_report<M: std::fmt::Display>(
    rows: &[(M, u64)],
    total: u64,
    secs: f64,
) -> String {
    let mut s = String::new();
    for (m, n) in rows {
        s.push_str(&format!("{m}: {n}\n"));
    }
    s.push_str(&format!("\nNodes searched: {total}\n"));
    // A rate from a time too short to measure would mean nothing.
    if secs >= 0.01 {
        s.push_str(&format!(
            "Time: {:.3} s, {:.1} M nodes/s\n",
            secs,
            total as f64 / secs / 1e6
        ));
    } else {
        s.push_str("Time: under 0.01 s (too short for a rate)\n");
    }
    s
}

/// The position a command names: `startpos` (the rule set's start, as in
/// `result`) or a FEN; words after `startpos` are refused, not read as a
/// board.
pub(crate) fn position_of(text: &str, rules: RuleSet) -> Result<Position, String> {
    match text.split_once(' ') {
        _ if text == "startpos" => Ok(Position::start(rules)),
        Some(("startpos", rest)) => Err(format!(
            "unexpected argument after startpos: '{}'",
            shown(rest)
        )),
        _ => fen::parse(text, rules).map_err(|e| bad_fen(text, e)),
    }
}

pub fn moves_command(fen_text: &str, rules: RuleSet) -> Result<String, String> {
    let pos = position_of(fen_text, rules)?;
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    Ok(moves.join(" "))
}

/// `moves FEN --notation N`: one legal move per line, sorted: the coordinate
/// move, a tab, its text in `notation`.
pub fn moves_notation_command(
    fen_text: &str,
    rules: RuleSet,
    notation: Notation,
) -> Result<String, String> {
    let pos = position_of(fen_text, rules)?;
    let mut moves: Vec<_> = pos.legal_moves().iter().copied().collect();
    moves.sort_by_key(|m| m.to_string());
    let lines: Vec<String> = moves
        .iter()
        .map(|&m| format!("{m}\t{}", notation::write(&pos, m, notation)))
        .collect();
    Ok(lines.join("\n"))
}
