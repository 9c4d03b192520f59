//! `jieqi uci` driven as JieqiBox drives an engine: start-up, options, new
//! game, six-field FENs after reveals and captures, move lists, every `go`
//! form, `searchmoves`, MultiPV, options and positions sent mid-analysis,
//! `stop`, refused positions, and hostile input. Every answer is checked;
//! a hang fails the test (reader thread, generous timeouts) instead of
//! blocking it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

use jieqi::rules::xiangqi::{fen, movetext, perft};
use jieqi::rules::{Move, Position, RuleSet};

/// Far above any answer's normal delay: reaching it means a hang.
const TIMEOUT: Duration = Duration::from_secs(120);

const START6: &str =
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1";
/// A game with reveals and captures, as JieqiBox writes its moves.
const GAME: [&str; 5] = ["h2e2C", "h9g7n", "e2e6p", "g7e6", "b2b9Nr"];

struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    log: Vec<String>,
    /// `go` commands sent that must be answered by a `bestmove`.
    gos: usize,
    bestmoves: usize,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_jieqi"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start jieqi uci");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines,
            log: Vec::new(),
            gos: 0,
            bestmoves: 0,
        }
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("engine input open");
        stdin.write_all(bytes).expect("engine reads its input");
        stdin.flush().unwrap();
    }

    fn send(&mut self, line: &str) {
        if line.starts_with("go") && !line.contains("perft") {
            self.gos += 1;
        }
        self.log.push(format!("> {line}"));
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn next_line(&mut self) -> String {
        match self.lines.recv_timeout(TIMEOUT) {
            Ok(l) => {
                if l.starts_with("bestmove") {
                    self.bestmoves += 1;
                }
                self.log.push(l.clone());
                l
            }
            Err(RecvTimeoutError::Timeout) => panic!("engine hung; session:\n{}", self.log()),
            Err(RecvTimeoutError::Disconnected) => {
                panic!("engine output ended; session:\n{}", self.log())
            }
        }
    }

    fn log(&self) -> String {
        let n = self.log.len();
        self.log[n.saturating_sub(60)..].join("\n")
    }

    /// Lines up to and including the first for which `done` holds.
    fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let l = self.next_line();
            let stop = done(&l);
            out.push(l);
            if stop {
                return out;
            }
        }
    }

    /// Send `isready` and return everything up to `readyok`.
    fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until(|l| l == "readyok");
        lines.pop();
        lines
    }

    /// Wait for the `bestmove` of the running search; returns (info lines, move text).
    fn bestmove(&mut self) -> (Vec<String>, String) {
        let mut lines = self.until(|l| l.starts_with("bestmove"));
        let last = lines.pop().unwrap();
        let words: Vec<&str> = last.split_whitespace().collect();
        assert_eq!(words.len(), 2, "plain 'bestmove MOVE', no ponder: {last}");
        (lines, words[1].to_string())
    }

    /// Wait until the running search has reported at least one line.
    fn first_info(&mut self) {
        self.until(|l| l.starts_with("info depth"));
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn play(start: &str, moves: &[&str], rules: RuleSet) -> Position {
    let mut pos = fen::parse(start, rules).unwrap();
    for m in moves {
        let (mv, reveal, cap) = movetext::resolve(&pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.play(mv, reveal, cap).unwrap();
    }
    pos
}

/// A bestmove must be plain `from to` (four characters) and legal in `pos`.
fn legal(pos: &Position, text: &str) -> Move {
    assert_eq!(text.len(), 4, "plain four-character bestmove: {text}");
    let mv = movetext::parse(text).unwrap().mv;
    assert!(
        pos.is_legal(mv),
        "{text} is not legal in {}",
        fen::write(pos)
    );
    mv
}

/// The value after `key` in an info line.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let i = words.iter().position(|w| *w == key)?;
    words.get(i + 1).copied()
}

fn check_info(lines: &[String], wdl: bool) {
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(!infos.is_empty(), "no info lines: {lines:?}");
    for l in infos {
        for key in [
            "depth", "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv",
        ] {
            assert!(field(l, key).is_some(), "'{key}' missing in {l}");
        }
        let hashfull: u32 = field(l, "hashfull").unwrap().parse().unwrap();
        assert!(hashfull <= 1000, "{l}");
        assert!(
            field(l, "seldepth").unwrap().parse::<u32>().unwrap()
                >= field(l, "depth").unwrap().parse().unwrap()
        );
        if wdl {
            let w: Vec<u32> = l
                .split_whitespace()
                .skip_while(|w| *w != "wdl")
                .skip(1)
                .take(3)
                .map(|x| x.parse().unwrap())
                .collect();
            assert_eq!(w.len(), 3, "{l}");
            assert_eq!(w.iter().sum::<u32>(), 1000, "{l}");
        }
        // PV moves are plain four-character moves.
        let pv = l.split(" pv ").nth(1).unwrap();
        assert!(pv.split_whitespace().all(|m| m.len() == 4), "{l}");
    }
}

/// JieqiBox's six-field FEN of `pos`, whose reader knows `captured`.
fn six_field(pos: &Position, captured: &str) -> String {
    let five = fen::write(pos);
    let f: Vec<&str> = five.split(' ').collect();
    format!("{} {} {} {} {} {}", f[0], f[1], f[2], captured, f[3], f[4])
}

#[test]
fn a_jieqibox_session() {
    let mut e = Engine::start();

    // ---- start-up, as JieqiBox loads an engine ----
    e.send("uci");
    let hello = e.until(|l| l == "uciok");
    for opt in ["Hash", "Threads", "MultiPV", "UCI_ShowWDL"] {
        assert!(
            hello
                .iter()
                .any(|l| l.starts_with(&format!("option name {opt} type"))),
            "option {opt} missing: {hello:?}"
        );
    }
    assert!(e.sync().is_empty());
    for opt in [
        "Hash value 32",
        "Threads value 1",
        "MultiPV value 1",
        "UCI_ShowWDL value true",
    ] {
        e.send(&format!("setoption name {opt}"));
    }
    e.send("ucinewgame");
    assert!(e.sync().is_empty(), "options are accepted silently");

    // ---- the six-field start FEN, as JieqiBox sends it ----
    let start = Position::start(RuleSet::Jieqi);
    e.send(&format!("position fen {START6}"));
    e.send("go depth 3");
    let (infos, best) = e.bestmove();
    check_info(&infos, true);
    legal(&start, &best);

    // ---- a game with reveals and captures: moves list, six-field FEN ----
    let after = play(fen::JIEQI_START, &GAME, RuleSet::Jieqi);
    e.send(&format!("position fen {START6} moves {}", GAME.join(" ")));
    e.send("d");
    assert_eq!(
        e.next_line(),
        fen::write(&after),
        "identity letters fix the drawn identities"
    );
    let six = six_field(&after, "r1p1");
    e.send(&format!("position fen {six}"));
    e.send("d");
    assert_eq!(
        e.next_line(),
        fen::write(&after),
        "the pool is read, never rebuilt"
    );
    e.send("go depth 3");
    let (infos, best) = e.bestmove();
    check_info(&infos, true);
    legal(&after, &best);
    // The same position in the legacy seven-field form, then with moves on.
    let f: Vec<String> = fen::write(&after).split(' ').map(String::from).collect();
    let legacy = format!("{} {} {} - - {} {}", f[0], f[2], f[1], f[3], f[4]);
    e.send(&format!("position fen {legacy}"));
    e.send("d");
    assert_eq!(e.next_line(), fen::write(&after));
    let (mut next, mut more) = (after.clone(), Vec::new());
    for _ in 0..2 {
        let m = next.legal_moves().as_slice()[0];
        let piece = next.piece_at(m.from).unwrap();
        let text = match piece.hidden {
            true => {
                let r = next.pool(piece.color).entries().next().unwrap().0;
                let c = if piece.color == jieqi::rules::Color::Red {
                    r.char()
                } else {
                    r.char().to_ascii_lowercase()
                };
                format!("{m}{c}")
            }
            false => m.to_string(),
        };
        let (mv, rev, cap) = movetext::resolve(&next, &text).unwrap();
        next.play(mv, rev, cap).unwrap();
        more.push(text);
    }
    e.send(&format!("position fen {six} moves {}", more.join(" ")));
    e.send("go movetime 300");
    let (_, best) = e.bestmove();
    legal(&next, &best);

    // ---- late in a game: an empty pool written as two spaces ----
    let late_text = "3k5/9/9/9/9/9/9/9/4A4/4K4 w  N1 12 30";
    let late = fen::parse(late_text, RuleSet::Jieqi).unwrap();
    e.send(&format!("position fen {late_text}"));
    e.send("d");
    assert_eq!(e.next_line(), "3k5/9/9/9/9/9/9/9/4A4/4K4 w - 12 30");
    e.send("go depth 2");
    let (_, best) = e.bestmove();
    legal(&late, &best);

    // ---- every clock form: each answers ----
    e.send(&format!("position fen {START6} moves h2e2C h9g7n"));
    let pos = play(fen::JIEQI_START, &GAME[..2], RuleSet::Jieqi);
    for go in [
        "go wtime 3000 btime 3000 movestogo 1",
        "go wtime 3000 btime 3000 winc 100 binc 100",
        "go wtime 3000 btime 3000 winc 100 binc 100 movestogo 20",
        // The smaller limit wins: this must not think for 100 s.
        "go movetime 100000 wtime 400 btime 400",
        "go wtime -50 btime -50",
        "go nodes 2000",
        "go depth 2",
    ] {
        e.send(go);
        let (infos, best) = e.bestmove();
        legal(&pos, &best);
        assert!(e.sync().is_empty(), "{go}: nothing after bestmove");
        if go != "go wtime -50 btime -50" {
            check_info(&infos, true);
        }
    }

    // ---- searchmoves, with an unknown and an illegal token ----
    e.send("position startpos");
    let only = ["a3a4", "i3i4"];
    e.send("go depth 3 searchmoves a3a4 i3i4");
    let (infos, best) = e.bestmove();
    check_info(&infos, true);
    assert!(
        only.contains(&legal(&start, &best).to_string().as_str()),
        "{best}"
    );
    for l in infos.iter().filter(|l| l.contains(" pv ")) {
        let first = l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap();
        assert!(only.contains(&first), "pv outside searchmoves: {l}");
    }
    e.send("go depth 2 searchmoves a3a4 e0e9 i3i4 frobnicate 7");
    let (infos, best) = e.bestmove();
    assert!(
        only.contains(&legal(&start, &best).to_string().as_str()),
        "{best}"
    );
    assert!(infos
        .iter()
        .any(|l| l.starts_with("info string") && l.contains("frobnicate")));
    assert!(infos
        .iter()
        .any(|l| l.starts_with("info string") && l.contains("e0e9")));
    e.send("go depth 1 sideways");
    let (infos, best) = e.bestmove();
    legal(&start, &best);
    assert!(infos
        .iter()
        .any(|l| l.starts_with("info string") && l.contains("sideways")));

    // ---- MultiPV ----
    e.send("setoption name MultiPV value 3");
    e.send("go depth 2");
    let (infos, best) = e.bestmove();
    legal(&start, &best);
    check_info(&infos, true);
    let last_depth: Vec<&String> = infos
        .iter()
        .filter(|l| field(l, "depth") == Some("2"))
        .collect();
    let ids: Vec<&str> = last_depth
        .iter()
        .map(|l| field(l, "multipv").unwrap())
        .collect();
    assert_eq!(ids, ["1", "2", "3"], "{infos:?}");
    let firsts: Vec<&str> = last_depth
        .iter()
        .map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap())
        .collect();
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "{firsts:?}"
    );
    assert_eq!(firsts[0], best, "bestmove is the first line");
    e.send("setoption name MultiPV value 1");

    // ---- commands that arrive mid-analysis never freeze the engine ----
    e.send("position startpos");
    e.send("go infinite");
    e.first_info();
    e.send("isready");
    let lines = e.until(|l| l == "readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "isready does not stop the search"
    );
    e.send("setoption name Hash value 16");
    let (_, best) = e.bestmove();
    legal(&start, &best);
    assert!(e.sync().is_empty());
    for interrupt in [
        "position startpos moves h2e2C",
        "ucinewgame",
        "go depth 1",
        "stop",
    ] {
        e.send("position startpos");
        e.send("go infinite");
        e.first_info();
        e.send(interrupt);
        let (_, best) = e.bestmove();
        legal(&start, &best);
        if interrupt == "go depth 1" {
            // The new search answers too (from the same position).
            let (_, best) = e.bestmove();
            legal(&start, &best);
        }
        assert!(e.sync().is_empty(), "{interrupt}");
    }

    // ---- perft runs on the search thread and honours stop ----
    e.send("position startpos");
    e.send("go perft 2");
    let lines = e.until(|l| l.starts_with("Nodes searched"));
    let total: u64 = lines
        .last()
        .unwrap()
        .rsplit(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(total, perft::perft(&mut start.clone(), 2));
    e.send("go perft 8");
    e.send("isready");
    e.until(|l| l == "readyok");
    e.send("stop");
    let lines = e.sync();
    assert!(
        lines.iter().all(|l| !l.starts_with("Nodes searched")),
        "{lines:?}"
    );

    // ---- a refused position is never searched as the previous one ----
    e.send("position fen xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1");
    e.send("go depth 2");
    let (infos, best) = e.bestmove();
    assert_eq!(best, "(none)");
    assert!(
        infos.iter().any(|l| l.starts_with("info string")),
        "{infos:?}"
    );
    e.send("position startpos moves h2e2C e2e3");
    e.send("go movetime 200");
    assert_eq!(e.bestmove().1, "(none)");
    e.send("position startpos");
    e.send("go depth 1");
    legal(&start, &e.bestmove().1);

    // ---- ChessPlayX: nobody learns a captured face-down identity ----
    e.send("setoption name Rules value chessplayx");
    e.send(&format!("position startpos moves {}", GAME.join(" ")));
    e.send("go depth 1");
    let (infos, best) = e.bestmove();
    assert_eq!(best, "(none)");
    assert!(infos.iter().any(|l| l.contains("captured")), "{infos:?}");
    e.send("position startpos moves h2e2C h9g7n e2e6");
    e.send("go depth 1");
    let cpx = play(
        fen::JIEQI_START,
        &["h2e2C", "h9g7n", "e2e6"],
        RuleSet::ChessPlayX,
    );
    legal(&cpx, &e.bestmove().1);
    e.send("setoption name Rules value jieqi");

    // ---- hostile input: invalid UTF-8, an over-long line ----
    e.send_bytes(b"\xff\xfe\xc3garbage\n");
    e.send_bytes(&vec![b'a'; (1 << 20) + 10]);
    e.send_bytes(b"\n");
    let lines = e.sync();
    assert_eq!(lines.len(), 2, "{lines:?}");
    e.send("position startpos");
    e.send("go depth 1");
    legal(&start, &e.bestmove().1);

    // ---- new game, then quit: every go had exactly one bestmove ----
    e.send("ucinewgame");
    e.send("position startpos");
    e.send("go depth 2");
    legal(&start, &e.bestmove().1);
    e.send("quit");
    e.stdin = None;
    while let Ok(l) = e.lines.recv_timeout(TIMEOUT) {
        if l.starts_with("bestmove") {
            e.bestmoves += 1;
        }
    }
    assert_eq!(e.bestmoves, e.gos, "exactly one bestmove per go");
    let status = e.child.wait().unwrap();
    assert!(status.success());
}
