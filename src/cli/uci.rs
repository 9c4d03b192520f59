//! UCI front end, as Jieqi tools (JieqiBox) speak it: Jieqi FEN and move
//! text with reveal letters.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use crate::ai::{Level, Limits, Noise, Searcher};
use crate::rules::{fen, movetext, perft, Position, RuleSet};

struct State {
    rules: RuleSet,
    position: Position,
    /// Public keys since the last irreversible move (for repetition).
    recent: Vec<u64>,
    level: Level,
    hash_mb: usize,
}

fn say(out: &Mutex<std::io::Stdout>, line: &str) {
    let mut o = out.lock().unwrap();
    let _ = writeln!(o, "{line}");
    let _ = o.flush();
}

/// Run the UCI loop on stdin / stdout until `quit` or end of input.
pub fn run() {
    let out = Arc::new(Mutex::new(std::io::stdout()));
    let searcher = Arc::new(Mutex::new(Searcher::new(64)));
    let stop = Arc::new(AtomicBool::new(false));
    let mut thinking: Option<JoinHandle<()>> = None;
    let mut st = State {
        rules: RuleSet::Jieqi,
        position: Position::start(RuleSet::Jieqi),
        recent: Vec::new(),
        level: Level::Hard,
        hash_mb: 64,
    };
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else { continue };
        let rest: Vec<&str> = words.collect();
        let wait = |t: &mut Option<JoinHandle<()>>| {
            if let Some(h) = t.take() {
                let _ = h.join();
            }
        };
        match cmd {
            "uci" => {
                say(
                    &out,
                    &format!("id name Jieqi {}", env!("CARGO_PKG_VERSION")),
                );
                say(&out, "id author the Jieqi project");
                say(&out, "option name Hash type spin default 64 min 1 max 1024");
                say(&out, "option name Threads type spin default 1 min 1 max 1");
                say(
                    &out,
                    "option name Level type combo default Hard var Easy var Medium var Hard",
                );
                say(&out, "option name Rules type combo default jieqi var jieqi var chessplayx var vietnam var xiangqi");
                say(&out, "uciok");
            }
            "isready" => say(&out, "readyok"),
            "ucinewgame" => {
                wait(&mut thinking);
                searcher.lock().unwrap().clear();
                st.position = Position::start(st.rules);
                st.recent.clear();
            }
            "setoption" => {
                wait(&mut thinking);
                if let Err(e) = set_option(&mut st, &rest, &searcher) {
                    say(&out, &format!("info string error: {e}"));
                }
            }
            "position" => {
                wait(&mut thinking);
                if let Err(e) = set_position(&mut st, &rest) {
                    say(&out, &format!("info string error: {e}"));
                }
            }
            "go" => {
                wait(&mut thinking);
                if rest.first() == Some(&"perft") {
                    match rest.get(1).and_then(|d| d.parse::<u32>().ok()) {
                        Some(d) if d <= 8 => {
                            let (rows, total) = perft::divide(&mut st.position.clone(), d);
                            for (m, n) in rows {
                                say(&out, &format!("{m}: {n}"));
                            }
                            say(&out, "");
                            say(&out, &format!("Nodes searched: {total}"));
                        }
                        _ => say(
                            &out,
                            "info string error: go perft needs a depth from 1 to 8",
                        ),
                    }
                    continue;
                }
                let limits = match parse_go(&rest, st.position.turn() == crate::rules::Color::Red) {
                    Ok(l) => l,
                    Err(e) => {
                        say(&out, &format!("info string error: {e}"));
                        continue;
                    }
                };
                // Weaker levels keep their depth cap and deliberate imperfection.
                let (level_limits, amplitude) = st.level.limits();
                let limits = Limits {
                    depth: limits.depth.or(level_limits.depth),
                    ..limits
                };
                let noise = Noise {
                    amplitude,
                    seed: st.position.hash() ^ 0x9e37,
                };
                let infinite = rest.contains(&"infinite");
                stop.store(false, Ordering::SeqCst);
                let (pos, recent) = (st.position.clone(), st.recent.clone());
                let (out2, searcher2, stop2) = (out.clone(), searcher.clone(), stop.clone());
                thinking = Some(std::thread::spawn(move || {
                    let mut s = searcher2.lock().unwrap();
                    let mut on_info = |i: &crate::ai::Info| {
                        let nps = (i.nodes as f64 / (i.time_ms.max(1.0) / 1000.0)) as u64;
                        let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
                        say(
                            &out2,
                            &format!(
                                "info depth {} score {} nodes {} nps {} time {} pv {}",
                                i.depth,
                                score_text(i.score),
                                i.nodes,
                                nps,
                                i.time_ms as u64,
                                pv.join(" ")
                            ),
                        );
                    };
                    let r = s.search(&pos, &recent, limits, noise, &stop2, &mut on_info);
                    // Under `go infinite` the answer waits for `stop`, as UCI requires.
                    while infinite && !stop2.load(Ordering::SeqCst) {
                        std::thread::sleep(std::time::Duration::from_millis(2));
                    }
                    match r.best {
                        Some(m) => say(&out2, &format!("bestmove {m}")),
                        None => say(&out2, "bestmove (none)"),
                    }
                }));
            }
            "stop" => {
                stop.store(true, Ordering::SeqCst);
                wait(&mut thinking);
            }
            "quit" => {
                stop.store(true, Ordering::SeqCst);
                wait(&mut thinking);
                return;
            }
            "d" => say(&out, &fen::write(&st.position)),
            _ => say(
                &out,
                &format!(
                    "info string error: unknown command '{}'",
                    cmd.chars().take(40).collect::<String>()
                ),
            ),
        }
    }
    stop.store(true, Ordering::SeqCst);
    if let Some(h) = thinking {
        let _ = h.join();
    }
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

fn set_option(st: &mut State, rest: &[&str], searcher: &Mutex<Searcher>) -> Result<(), String> {
    // setoption name <id...> [value <x...>]
    let text = rest.join(" ");
    let body = text
        .strip_prefix("name ")
        .ok_or("expected 'setoption name <id> value <x>'")?;
    let (name, value) = match body.split_once(" value ") {
        Some((n, v)) => (n.trim(), v.trim()),
        None => (body.trim(), ""),
    };
    match name.to_ascii_lowercase().as_str() {
        "hash" => {
            let mb: usize = value
                .parse()
                .map_err(|_| format!("Hash needs a number of MiB, not '{value}'"))?;
            st.hash_mb = mb.clamp(1, 1024);
            searcher.lock().unwrap().resize(st.hash_mb);
        }
        "threads" => {
            let _: u32 = value
                .parse()
                .map_err(|_| format!("Threads needs a number, not '{value}'"))?;
        }
        "level" => st.level = Level::from_id(value).ok_or(format!("unknown level '{value}'"))?,
        "rules" | "uci_variant" => {
            st.rules = RuleSet::from_id(value).ok_or(format!("unknown rules '{value}'"))?;
            st.position = Position::start(st.rules);
            st.recent.clear();
        }
        _ => return Err(format!("unknown option '{name}'")),
    }
    Ok(())
}

fn set_position(st: &mut State, rest: &[&str]) -> Result<(), String> {
    let moves_at = rest.iter().position(|w| *w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let mut pos = match head.first() {
        Some(&"startpos") => Position::start(st.rules),
        Some(&"fen") => fen::parse(&head[1..].join(" "), st.rules).map_err(|e| e.to_string())?,
        _ => return Err("expected 'position startpos|fen <fen> [moves ...]'".into()),
    };
    let mut recent = vec![pos.public_hash()];
    for m in moves {
        let (mv, reveal, cap) = movetext::resolve(&pos, m).map_err(|e| e.to_string())?;
        let played = pos.play(mv, reveal, cap).map_err(|e| e.to_string())?;
        if played.captured.is_some() || played.reveal.is_some() {
            recent.clear();
        }
        recent.push(pos.public_hash());
    }
    st.position = pos;
    st.recent = recent;
    Ok(())
}

fn parse_go(rest: &[&str], red: bool) -> Result<Limits, String> {
    let mut l = Limits::default();
    let (mut wtime, mut btime, mut winc, mut binc) = (None, None, 0.0, 0.0);
    let mut i = 0;
    let num = |i: usize| -> Result<f64, String> {
        rest.get(i + 1)
            .and_then(|v| v.parse::<f64>().ok())
            .filter(|v| *v >= 0.0)
            .ok_or_else(|| format!("'{}' needs a number", rest[i]))
    };
    while i < rest.len() {
        match rest[i] {
            "movetime" => l.movetime_ms = Some(num(i)?),
            "depth" => l.depth = Some(num(i)? as u32),
            "nodes" => l.nodes = Some(num(i)? as u64),
            "wtime" => wtime = Some(num(i)?),
            "btime" => btime = Some(num(i)?),
            "winc" => winc = num(i)?,
            "binc" => binc = num(i)?,
            "movestogo" => {
                num(i)?;
            }
            "infinite" => {
                i += 1;
                continue;
            }
            w => {
                return Err(format!(
                    "unknown go parameter '{}'",
                    w.chars().take(20).collect::<String>()
                ))
            }
        }
        i += 2;
    }
    let (time, inc) = if red { (wtime, winc) } else { (btime, binc) };
    if let Some(t) = time {
        let budget = (t / 25.0 + inc * 0.75).min(t * 0.5).max(5.0);
        l.movetime_ms = Some(l.movetime_ms.map_or(budget, |m| m.min(budget)));
    }
    Ok(l)
}
