//! The `jieqi` program as a user runs it: help for every subcommand, and the
//! match referee against misbehaving fake UCI engines (small shell scripts).

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{fake_engine, scratch};

const ME: &str = env!("CARGO_BIN_EXE_jieqi");

fn run(args: &[&str]) -> Output {
    Command::new(ME).args(args).output().expect("run jieqi")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// What a run printed, stdout then stderr.
fn all_output(out: &Output) -> String {
    text(&out.stdout) + &text(&out.stderr)
}

/// A fake engine (as [`fake_engine`]) that starts a helper process first,
/// writing the helper's pid to `child.pid` in `dir`; returns the engine and
/// that file.
fn engine_with_helper(dir: &Path, name: &str, on_go: &str) -> (String, PathBuf) {
    let pidfile = dir.join("child.pid");
    let start = format!("sleep 300 & echo $! > {}", pidfile.display());
    (fake_engine(dir, name, &start, on_go), pidfile)
}

/// One game of `engine` (Red) against a quick built-in.
fn one_game(engine: &str, movetime: &str) -> (String, String) {
    one_game_with(engine, movetime, &[])
}

/// [`one_game`] with more arguments.
fn one_game_with(engine: &str, movetime: &str, more: &[&str]) -> (String, String) {
    let mut args = vec![
        "match",
        engine,
        "easy:200",
        "--games",
        "1",
        "--movetime",
        movetime,
        "--jobs",
        "1",
        "--seed",
        "5",
    ];
    args.extend_from_slice(more);
    let out = run(&args);
    (text(&out.stdout), text(&out.stderr))
}

/// Whether process `pid` has ended (gone, or a zombie nobody reaped yet).
fn ended(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit(')')
            .next()
            .and_then(|rest| rest.split_whitespace().next())
            .is_some_and(|state| state == "Z" || state == "X"),
    }
}

fn read_pid(file: &Path) -> u32 {
    std::fs::read_to_string(file)
        .unwrap_or_else(|e| panic!("{}: {e}", file.display()))
        .trim()
        .parse()
        .unwrap()
}

/// The child has been sent SIGKILL by the time `jieqi` exits; give the
/// kernel a moment to finish it off.
fn assert_ended(pid: u32) {
    for _ in 0..100 {
        if ended(pid) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let _ = Command::new("kill").arg(pid.to_string()).status();
    panic!("process {pid} outlived the match");
}

#[test]
fn every_subcommand_has_help() {
    for cmd in ["uci", "perft", "moves", "bench", "match", "help"] {
        for flag in ["--help", "-h"] {
            let out = run(&[cmd, flag]);
            assert_eq!(out.status.code(), Some(0), "{cmd} {flag}");
            let usage = text(&out.stdout);
            assert!(usage.starts_with("usage:"), "{cmd} {flag}: {usage}");
            if cmd != "help" {
                assert!(
                    usage.contains(&format!("jieqi {cmd}")) || cmd == "uci",
                    "{usage}"
                );
            }
        }
    }
    let out = run(&["help", "match"]);
    assert!(text(&out.stdout).contains("--movetime"));
    assert!(text(&run(&["match", "--help"]).stdout).contains("margin"));
    assert_eq!(run(&["--help"]).status.code(), Some(0));
}

#[test]
fn the_seed_is_printed_and_replays_the_match() {
    let (a, b) = (scratch("seed-a"), scratch("seed-b"));
    let first = run(&[
        "match",
        "easy:200",
        "random",
        "--games",
        "2",
        "--jobs",
        "2",
        "--out",
        a.to_str().unwrap(),
    ]);
    let stdout = text(&first.stdout);
    let seed = stdout
        .lines()
        .find_map(|l| l.strip_prefix("seed "))
        .and_then(|l| l.split_whitespace().next())
        .unwrap_or_else(|| panic!("no seed in {stdout}"))
        .to_string();
    assert!(
        stdout.contains(&format!("--seed {seed} reproduces this match")),
        "{stdout}"
    );
    let again = run(&[
        "match",
        "easy:200",
        "random",
        "--games",
        "2",
        "--jobs",
        "2",
        "--seed",
        &seed,
        "--out",
        b.to_str().unwrap(),
    ]);
    assert_eq!(stdout, text(&again.stdout));
    for game in ["game-0001.txt", "game-0002.txt"] {
        let (x, y) = (
            std::fs::read_to_string(a.join(game)).unwrap(),
            std::fs::read_to_string(b.join(game)).unwrap(),
        );
        assert_eq!(x, y, "{game}");
    }
    // Two runs without a seed draw different ones.
    let other = text(&run(&["match", "random", "random", "--games", "1"]).stdout);
    assert!(!other.contains(&format!("seed {seed} ")), "{other}");
}

#[test]
fn an_engine_past_its_time_forfeits_and_its_process_group_is_killed() {
    let dir = scratch("slow");
    // The engine starts a helper process, then sleeps far past its time.
    let (engine, pidfile) = engine_with_helper(&dir, "slow.sh", "sleep 300; echo bestmove h2e2");
    let (stdout, stderr) = one_game(&engine, "50");
    assert!(
        stdout.contains("wins 0  draws 0  losses 1"),
        "{stdout}{stderr}"
    );
    assert!(
        stdout.contains("50 ms per move + 250 ms margin"),
        "the rule is stated: {stdout}"
    );
    assert!(
        stderr.contains("red forfeits: no 'bestmove' within 300 ms"),
        "{stderr}"
    );
    assert_ended(read_pid(&pidfile));
}

#[test]
fn a_polite_engine_leaves_no_process_behind() {
    let dir = scratch("polite");
    // Plays a legal first move, then resigns by exiting; its helper lingers.
    let (engine, pidfile) = engine_with_helper(&dir, "polite.sh", "echo bestmove h2e2; exit 0");
    let (stdout, stderr) = one_game(&engine, "200");
    assert!(stdout.contains("(jieqi, 1 game)"), "{stdout}{stderr}");
    assert_ended(read_pid(&pidfile));
}

#[test]
fn an_endless_line_is_bounded_and_forfeits() {
    let dir = scratch("flood");
    let engine = fake_engine(&dir, "flood.sh", "", "tr '\\0' x < /dev/zero");
    // A long move time: on a loaded machine the flood may be slow to start,
    // and the test is about the line, not the clock (it ends at once).
    let (stdout, stderr) = one_game(&engine, "30000");
    assert!(
        stdout.contains("wins 0  draws 0  losses 1"),
        "{stdout}{stderr}"
    );
    assert!(
        stderr.contains("red forfeits: printed a line longer than 65536 bytes"),
        "{stderr}"
    );
}

#[test]
fn a_flood_of_lines_without_a_move_forfeits_on_time() {
    let dir = scratch("lines");
    let engine = fake_engine(&dir, "lines.sh", "", "yes 'info string flood'");
    let (stdout, stderr) = one_game(&engine, "100");
    assert!(
        stdout.contains("wins 0  draws 0  losses 1"),
        "{stdout}{stderr}"
    );
    assert!(
        stderr.contains("red forfeits: no 'bestmove' within 350 ms"),
        "{stderr}"
    );
}

/// Our own engine behind a wrapper that logs every command it is sent.
fn logging_engine(dir: &Path) -> (String, PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let log = dir.join("sent.log");
    let script = dir.join("logging-engine.sh");
    std::fs::write(
        &script,
        format!("#!/bin/sh\ntee -a '{}' | '{ME}' uci\n", log.display()),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    (format!("uci:{}", script.display()), log)
}

#[test]
fn colours_alternate_and_each_engine_sees_only_its_seats_knowledge() {
    use jieqi::rules::xiangqi::{fen, movetext};
    use jieqi::rules::{Color, Position, RuleSet};
    let dir = scratch("knowledge");
    let (engine, log) = logging_engine(&dir);
    let out = run(&[
        "match", &engine, "easy:150", "--games", "4", "--rules", "vietnam", "--nodes", "150",
        "--jobs", "1", "--seed", "9",
    ]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(stdout.contains("(vietnam, 4 games)"), "{stdout}{stderr}");
    let sent = std::fs::read_to_string(&log).unwrap();
    // Each `go` follows a `position` line: the side to move is the engine's.
    let mut colours = Vec::new();
    let mut hidden_captures = [0, 0]; // by the engine, by its opponent
    let mut last_position = None;
    for line in sent.lines() {
        if let Some(rest) = line.strip_prefix("position ") {
            last_position = Some(rest.to_string());
        } else if line.starts_with("go") {
            let rest = last_position.clone().expect("a position before go");
            let (start, moves) = match rest.split_once(" moves ") {
                Some((s, m)) => (
                    s.to_string(),
                    m.split_whitespace().map(str::to_string).collect::<Vec<_>>(),
                ),
                None => (rest.clone(), Vec::new()),
            };
            let start = start
                .strip_prefix("fen ")
                .map(str::to_string)
                .unwrap_or_else(|| fen::JIEQI_START.to_string());
            let mut p: Position = fen::parse(&start, RuleSet::Vietnam).unwrap();
            let engine_colour = if moves.len() % 2 == 0 {
                p.turn()
            } else {
                p.turn().other()
            };
            if moves.len() <= 1 {
                colours.push(engine_colour);
            }
            for t in &moves {
                let mover = p.turn();
                let (m, r, c) = movetext::resolve(&p, t).unwrap_or_else(|e| panic!("{t}: {e}"));
                if p.piece_at(m.to).is_some_and(|x| x.hidden) {
                    // Vietnam: only the capturer learns a captured face-down identity.
                    let by_engine = mover == engine_colour;
                    assert_eq!(
                        c.is_some(),
                        by_engine,
                        "{t}: the engine was told {} it may not know",
                        if by_engine { "nothing" } else { "what" }
                    );
                    hidden_captures[usize::from(!by_engine)] += 1;
                }
                p.make(m, r, c);
            }
        }
    }
    // One first `go` per game, the colours alternating game by game.
    assert_eq!(colours.len(), 4, "{colours:?}");
    for pair in colours.windows(2) {
        assert_ne!(pair[0], pair[1], "{colours:?}");
    }
    assert!(colours.contains(&Color::Red) && colours.contains(&Color::Black));
    assert!(
        hidden_captures[0] > 0 && hidden_captures[1] > 0,
        "no captures of face-down pieces to check: {hidden_captures:?}"
    );
}

#[test]
fn searches_side_by_side_share_out_the_root_and_play() {
    let out = run(&[
        "match",
        "easy:300@2",
        "easy:300",
        "--games",
        "2",
        "--seed",
        "4",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("easy:300@2 vs easy:300"),
        "{}",
        text(&out.stdout)
    );
    for bad in ["easy@0", "easy@9", "easy:300@x"] {
        let out = run(&["match", bad, "easy", "--games", "1"]);
        assert!(!out.status.success(), "{bad}");
        assert!(
            text(&out.stderr).contains("number of searches"),
            "{bad}: {}",
            text(&out.stderr)
        );
    }
}

/// One game of `engine` (Red) against a quick built-in on a game clock.
fn one_clock_game(engine: &str, tc: &str) -> (String, String) {
    let out = run(&[
        "match", engine, "easy:200", "--games", "1", "--tc", tc, "--jobs", "1", "--seed", "5",
    ]);
    (text(&out.stdout), text(&out.stderr))
}

#[test]
fn on_a_clock_each_engine_is_sent_both_clocks_and_its_own_runs_down() {
    let dir = scratch("clock");
    let (engine, log) = logging_engine(&dir);
    let records = dir.join("records");
    let out = run(&[
        "match",
        &engine,
        "easy:150",
        "--games",
        "2",
        // Two seconds: room enough that a loaded machine (a build beside
        // the tests) does not make a side run out.
        "--tc",
        "2+0.05",
        "--jobs",
        "1",
        "--seed",
        "9",
        "--out",
        records.to_str().unwrap(),
    ]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(stdout.contains("(jieqi, 2 games)"), "{stdout}{stderr}");
    assert!(
        stdout.contains("each side 2 s + 0.05 s a move; a side whose clock runs out loses on time"),
        "the rule is stated: {stdout}"
    );
    assert!(!stderr.contains("forfeits"), "{stderr}");
    let sent = std::fs::read_to_string(&log).unwrap();
    // The engine's own clock (white's time when it moves first in a game,
    // black's otherwise), game by game: never above the start plus the
    // increments, and running down as it thinks.
    let mut games: Vec<Vec<u64>> = Vec::new();
    let mut moves_before = 0;
    for line in sent.lines() {
        if line == "ucinewgame" {
            games.push(Vec::new());
        } else if let Some(rest) = line.strip_prefix("position ") {
            moves_before = rest
                .split_once(" moves ")
                .map_or(0, |(_, m)| m.split_whitespace().count());
        } else if line.starts_with("go") {
            let w: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(w.len(), 9, "{line}");
            assert_eq!(
                (w[1], w[3], w[5], w[7]),
                ("wtime", "btime", "winc", "binc"),
                "{line}"
            );
            assert_eq!((w[6], w[8]), ("50", "50"), "{line}");
            let red_to_move = moves_before % 2 == 0;
            let own: u64 = w[if red_to_move { 2 } else { 4 }].parse().unwrap();
            games.last_mut().expect("ucinewgame first").push(own);
        }
    }
    assert_eq!(games.len(), 2, "{sent}");
    let mut tagged = 0;
    for f in std::fs::read_dir(&records).unwrap() {
        let record = std::fs::read_to_string(f.unwrap().path()).unwrap();
        assert!(record.contains("[TimeControl \"2+0.05\"]"), "{record}");
        tagged += 1;
    }
    assert_eq!(tagged, 2, "one record a game");
    for own in &games {
        assert!(own.len() >= 3, "{own:?}");
        // A full clock at the first move, less what the referee's `isready`
        // took (slow on a loaded machine): the engine is told its clock as
        // it stands when `go` is sent.
        assert!(
            (1_500..=2_000).contains(&own[0]),
            "a full clock at the first move: {own:?}"
        );
        for (k, t) in own.iter().enumerate() {
            assert!(*t <= 2_000 + 50 * k as u64, "{own:?}");
        }
        assert!(
            own.windows(2).any(|p| p[1] < p[0] + 50),
            "thinking costs clock time: {own:?}"
        );
    }
}

#[test]
fn a_side_whose_clock_runs_out_loses_on_time() {
    let dir = scratch("flag");
    // Answers after its clock (0.5 s) has run out, within the referee's wait.
    let engine = fake_engine(&dir, "flag.sh", "", "sleep 0.6; echo bestmove h2e2");
    let (stdout, stderr) = one_clock_game(&engine, "0.5");
    assert!(
        stdout.contains("wins 0  draws 0  losses 1"),
        "{stdout}{stderr}"
    );
    assert!(
        stderr.contains("game 1: red forfeits: lost on time: took 6")
            && stderr.contains("with 500 ms on its clock"),
        "{stderr}"
    );
    // Never answers: the referee stops waiting soon after the flag falls.
    let engine = fake_engine(&dir, "mute.sh", "", "sleep 300");
    let (stdout, stderr) = one_clock_game(&engine, "0.5");
    assert!(
        stdout.contains("wins 0  draws 0  losses 1"),
        "{stdout}{stderr}"
    );
    assert!(
        stderr.contains(
            "red forfeits: lost on time: no 'bestmove' within 750 ms (500 ms on its clock + 250 ms grace)"
        ),
        "{stderr}"
    );
    // A crash on a clock is a crash, not a time loss.
    let engine = fake_engine(&dir, "crash.sh", "", "exit 3");
    let (stdout, stderr) = one_clock_game(&engine, "3+0");
    assert!(
        stdout.contains("wins 0  draws 0  losses 1"),
        "{stdout}{stderr}"
    );
    assert!(
        stderr.contains("game 1: red forfeits: engine exited"),
        "{stderr}"
    );
    assert!(!stderr.contains("on time"), "{stderr}");
    // The clock is kept in whole milliseconds, and said so in seconds.
    let (stdout, _) = one_clock_game(&engine, "0.1504+0.0101");
    assert!(
        stdout.contains("each side 0.15 s + 0.01 s a move"),
        "{stdout}"
    );
}

#[test]
fn a_bad_time_control_is_refused_before_any_game() {
    for (args, want) in [
        (vec!["--tc", "1+x"], "--tc needs BASE+INC in seconds"),
        (vec!["--tc", "-1"], "--tc needs BASE+INC in seconds"),
        (vec!["--tc", "0"], "--tc needs BASE+INC in seconds"),
        (vec!["--tc", "0.0004"], "BASE 0.001 to 86400"),
        (vec!["--tc", "100000"], "BASE 0.001 to 86400"),
        (vec!["--tc", "NaN"], "--tc needs BASE+INC in seconds"),
        (
            vec!["--tc", "10", "--movetime", "100"],
            "--tc is a game clock",
        ),
        (vec!["--tc", "10", "--nodes", "100"], "--tc is a game clock"),
    ] {
        let mut all = vec!["match", "random", "random", "--games", "1"];
        all.extend(args.iter());
        let out = run(&all);
        assert!(!out.status.success(), "{args:?}");
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert!(stderr.contains(want), "{args:?}: {stderr}");
        assert!(
            !stdout.contains("game "),
            "{args:?}: no game is played: {stdout}"
        );
    }
}

/// The record `--out` wrote (into `dir/name`) for game 1 of `engine`
/// (Red) against a quick built-in, at 300 ms a move.
fn one_record(dir: &Path, name: &str, engine: &str) -> String {
    let out_dir = dir.join(name);
    let (stdout, stderr) = one_game_with(engine, "300", &["--out", out_dir.to_str().unwrap()]);
    assert!(stdout.contains("(jieqi, 1 game)"), "{stdout}{stderr}");
    std::fs::read_to_string(out_dir.join("game-0001.txt")).unwrap()
}

#[test]
fn a_record_says_how_its_game_ended_and_who_forfeited_why() {
    let dir = scratch("termination");
    for (name, on_go, tag, why) in [
        (
            "late.sh",
            "sleep 0.7; echo bestmove h2e2",
            "time forfeit",
            "{red forfeits: no 'bestmove' within 550 ms (300 ms per move + 250 ms margin)}",
        ),
        (
            "illegal.sh",
            "echo bestmove a0a5",
            "rules infraction",
            "{red forfeits: ",
        ),
        (
            "crash.sh",
            "exit 3",
            "abandoned",
            "{red forfeits: engine exited}",
        ),
        // A line past the limit breaks the protocol: no abandonment.
        (
            "flood.sh",
            "tr '\\0' x < /dev/zero",
            "rules infraction",
            "{red forfeits: printed a line longer than 65536 bytes}",
        ),
        // Loose words after the move, or a glued first word, name no move.
        (
            "loose.sh",
            "echo bestmove h2e2 now",
            "rules infraction",
            "{red forfeits: unreadable bestmove 'bestmove h2e2 now'}",
        ),
        (
            "glued.sh",
            "echo bestmovex h2e2",
            "rules infraction",
            "{red forfeits: unreadable bestmove 'bestmovex h2e2'}",
        ),
    ] {
        let engine = fake_engine(&dir, name, "", on_go);
        let record = one_record(&dir, &format!("out-{name}"), &engine);
        assert!(
            record.contains(&format!("[Termination \"{tag}\"]")),
            "{name}: {record}"
        );
        let last = record.trim_end().lines().last().unwrap();
        assert!(
            last.starts_with('{') || last.contains(" {"),
            "{name}: {record}"
        );
        assert!(last.ends_with('}'), "{name}: {record}");
        assert!(record.contains(why), "{name}: {record}");
    }
    // A game played out ends normally, with no comment.
    let record = one_record(&dir, "out-easy", "easy:200");
    assert!(record.contains("[Termination \"normal\"]"), "{record}");
    assert!(!record.contains('{'), "{record}");
}

#[test]
fn a_second_bestmove_is_not_taken_for_the_answer_to_the_next_position() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("stale");
    // Our engine, with a stray `bestmove` printed after each real one.
    let script = dir.join("twice.sh");
    std::fs::write(
        &script,
        format!("#!/bin/sh\n'{ME}' uci | sed -u 's/^bestmove .*/&\\nbestmove i9i9/'\n"),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let engine = format!("uci:{}", script.display());
    let out = run(&[
        "match", &engine, "easy:200", "--games", "2", "--nodes", "300", "--jobs", "1", "--seed",
        "5",
    ]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(stdout.contains("(jieqi, 2 games)"), "{stdout}{stderr}");
    assert!(!stderr.contains("forfeits"), "{stderr}");
}

/// `perft` and `bench` read their depths as every number is read, and
/// `perft` and `moves` read `startpos`.
#[test]
fn perft_and_moves_read_startpos_and_depths_as_numbers() {
    refused(&["perft", "10"], "perft's depth must be 0 to 9, not '10'");
    refused(&["perft"], "perft needs a depth from 0 to 9");
    refused(&["bench", "0"], "bench's depth must be 1 to 30, not '0'");
    refused(&["bench", "31"], "bench's depth must be 1 to 30, not '31'");
    // Read as 0, quoted as written.
    refused(&["bench", "-0"], "bench's depth must be 1 to 30, not '-0'");
    refused(
        &["bench", "x"],
        "bench's depth needs a whole number, not 'x'",
    );
    // 'startpos' is the rule set's start, as in `result`: Jieqi's unless
    // --rules names another.
    let jieqi_start = jieqi::rules::xiangqi::fen::JIEQI_START;
    for (a, b) in [
        (
            vec!["perft", "2", "startpos"],
            vec!["perft", "2", jieqi_start],
        ),
        (
            vec!["perft", "2", "startpos", "--rules", "xiangqi"],
            vec!["perft", "2"],
        ),
    ] {
        let (x, y) = (run(&a), run(&b));
        assert!(x.status.success(), "{a:?}: {}", all_output(&x));
        let counts = |o: &Output| {
            text(&o.stdout)
                .lines()
                .filter(|l| !l.starts_with("Time"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(counts(&x), counts(&y), "{a:?}");
    }
    // And in `moves`; words after it are refused, not read as a board.
    let start_moves = run(&["moves", "startpos", "--rules", "xiangqi"]);
    assert!(start_moves.status.success(), "{}", all_output(&start_moves));
    assert_eq!(text(&start_moves.stdout).split_whitespace().count(), 44);
    refused(
        &["perft", "1", "startpos", "extra"],
        "unexpected argument after startpos: 'extra'",
    );
    // "-0" is 0 for perft's depth as for every other number.
    let (zero, minus_zero) = (run(&["perft", "0"]), run(&["perft", "-0"]));
    assert!(minus_zero.status.success(), "{}", all_output(&minus_zero));
    assert_eq!(text(&minus_zero.stdout), text(&zero.stdout));
}

#[test]
fn limits_and_budgets_are_plain_numbers_refused_before_any_game() {
    // Below a millisecond a move time became 0; past a day, an engine was
    // told nonsense and forfeited every game.
    // Each refusal says what is wrong, quoting the value as written.
    for (v, want) in [
        ("+5", "--movetime needs a number, not '+5'"),
        ("nan", "--movetime needs a number, not 'nan'"),
        ("inf", "--movetime needs a number, not 'inf'"),
        ("-5", "--movetime cannot be negative: '-5'"),
        ("-1e400", "--movetime cannot be negative: '-1e400'"),
        ("1e400", "--movetime is too large: '1e400'"),
        ("0", "--movetime must be 1 to 86400000, not '0'"),
        ("-0", "--movetime must be 1 to 86400000, not '-0'"),
        ("0.4", "--movetime must be 1 to 86400000, not '0.4'"),
        ("1e30", "--movetime must be 1 to 86400000, not '1e30'"),
        (
            "1.5",
            "--movetime needs a whole number of milliseconds, not '1.5'",
        ),
    ] {
        let out = refused(&["match", "random", "random", "--movetime", v], want);
        assert!(!text(&out.stdout).contains("game "), "{v}");
    }
    // The same reading for the test's error rates and hypotheses.
    for (args, want) in [
        (
            vec!["--sprt", "0", "5", "--alpha", "1e-400"],
            "not '1e-400' and '0.05' (the default)",
        ),
        (
            vec!["--sprt", "0", "5", "--beta", "0.99", "--alpha", "0.5"],
            "not '0.5' and '0.99'",
        ),
        (vec!["--sprt", "0", "1e4"], "not '0' and '1e4'"),
    ] {
        let mut all = vec!["match", "random", "random", "--games", "1"];
        all.extend(args.iter());
        refused(&all, want);
    }
    // A clock's parts are unsigned too.
    for tc in ["1++1", "1+-0", "+1", "-0+1"] {
        refused(
            &["match", "random", "random", "--tc", tc],
            &format!("--tc needs BASE+INC in seconds (10+0.1, or 60; BASE 0.001 to 86400, INC 0 to 3600), not '{tc}'"),
        );
    }
    for (args, want) in [
        (
            vec!["random", "random", "--nodes", "0"],
            "--nodes must be at least 1",
        ),
        (
            vec!["hard:0", "random"],
            "the node budget in 'hard:0' must be at least 1",
        ),
        (
            vec!["hard:99999999999999999999", "random"],
            "the node budget in 'hard:99999999999999999999' is too large",
        ),
        (
            vec!["random", "random", "--alpha", "0.1"],
            "--alpha is an error rate of --sprt: give it with --sprt",
        ),
        (
            vec!["random", "random", "--sprt", "0", "99999"],
            "--sprt needs ELO0 < ELO1, both from -1600 to 1600",
        ),
        (
            vec!["random", "random", "--seed", "99999999999999999999"],
            "--seed is too large",
        ),
        (
            vec!["random", "random", "--bogus"],
            "unknown match option '--bogus'",
        ),
        (
            vec!["random", "random", "--nodes", "+5"],
            "--nodes needs a whole number, not '+5'",
        ),
        (
            vec!["hard:+900", "random"],
            "bad node budget in 'hard:+900'",
        ),
        (vec!["hard:900@+2", "random"], "bad number of searches"),
        (
            vec!["random", "random", "--seed=-1"],
            "--seed cannot be negative: '-1'",
        ),
        (
            vec!["random", "random", "--seed=--jobs"],
            "--seed needs a value, not the option '--jobs'",
        ),
        (
            vec!["random", "random", "--rules=--help"],
            "--rules needs a value, not the option '--help'",
        ),
        (
            vec!["random", "random", "--games="],
            "--games needs a value",
        ),
    ] {
        let mut all = vec!["match"];
        all.extend(args.iter());
        all.extend(["--games", "1"]);
        let out = refused(&all, want);
        let stdout = text(&out.stdout);
        assert!(!stdout.contains("game "), "{args:?}: no game: {stdout}");
    }
    refused(
        &["perft", "+2"],
        "perft's depth needs a whole number, not '+2'",
    );
    // What a command does not read is refused, not ignored.
    for (args, want) in [
        (vec!["bench", "1", "--rules"], "--rules needs a value"),
        (
            vec!["bench", "1", "--rules", "xiangqi"],
            "bench takes --rules chess or hidden-chess, not 'xiangqi'",
        ),
        (
            vec!["soak", "--x"],
            "unknown soak option '--x' (jieqi soak --help)",
        ),
        (vec!["fuzz", "--x"], "unknown fuzz option '--x'"),
        (
            vec!["result", "startpos", "--x"],
            "unknown result option '--x'",
        ),
        (
            vec!["match", "random", "random", "--sprt", "0", "inf"],
            "--sprt needs two Elo numbers",
        ),
        (
            vec!["soak", "--games", "1e20"],
            "--games needs a whole number, not '1e20'",
        ),
        (
            vec!["soak", "--games", "1e400"],
            "--games needs a whole number, not '1e400'",
        ),
        (
            vec!["soak", "--games", "-inf"],
            "--games needs a whole number, not '-inf'",
        ),
        (
            vec!["bench", "1", "--nodes", "-1"],
            "unknown bench option '--nodes' (jieqi bench --help)",
        ),
        (vec!["bench", "1", "2"], "unexpected argument '2'"),
        (
            vec!["bench", "--depth", "1"],
            "unknown bench option '--depth' (jieqi bench --help)",
        ),
        // However an option is written, one the usage does not name is unknown.
        (
            vec!["--help", "--bogus"],
            "unknown help option '--bogus' (jieqi help --help)",
        ),
        (vec!["help", "bogus"], "unknown command 'bogus'"),
        (
            vec!["uci", "foo"],
            "unexpected argument 'foo' (jieqi uci --help)",
        ),
        (
            vec!["soak", "--games", "0"],
            "--games must be at least 1, not '0'",
        ),
        (
            vec!["fuzz", "--cases", "0"],
            "--cases must be at least 1, not '0'",
        ),
        (
            vec!["bench", "--de\u{200b}pth"],
            "unknown bench option '--de\\u{200b}pth'",
        ),
        (
            vec!["moves", "startpos", "--rules", "chess", "--notation", "wxf"],
            "--notation names a xiangqi notation",
        ),
        (
            vec!["bench", "--depth=3"],
            "unknown bench option '--depth' (jieqi bench --help)",
        ),
        (
            vec!["soak", "--gmes", "3"],
            "unknown soak option '--gmes' (jieqi soak --help)",
        ),
        (
            vec!["fuzz", "--case", "3"],
            "unknown fuzz option '--case' (jieqi fuzz --help)",
        ),
    ] {
        let out = refused(&args, want);
        assert!(!text(&out.stdout).contains("Nodes searched"), "{args:?}");
    }
}

#[test]
fn a_repeated_or_unknown_option_is_refused_by_name() {
    let out = run(&["match", "random", "random", "--tc", "10", "--tc", "20"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("'--tc' is given twice"),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["match", "random", "random", "--movtime", "100"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("unknown match option '--movtime'"),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["match", "random"]);
    assert!(
        text(&out.stderr).contains("match needs two engines, got 1: 'random'"),
        "{}",
        text(&out.stderr)
    );
}

/// Run `jieqi ARGS`, press Ctrl-C once `made` exists, and check that it
/// exited with status 130.
fn interrupted(args: &[&str], made: &Path) -> std::process::Output {
    let referee = Command::new(ME)
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let out = common::interrupt_once_made(referee, made);
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    out
}

/// Run `jieqi ARGS`, press Ctrl-C once `pidfile` (written by its one UCI
/// engine's helper) exists, and check that the match stopped that engine,
/// the helper with it, and said so.
fn interrupt_match(args: &[&str], pidfile: &Path) {
    let out = interrupted(args, pidfile);
    assert!(
        text(&out.stderr).contains("interrupted: 1 engine(s) stopped"),
        "{}",
        text(&out.stderr)
    );
    assert_ended(read_pid(pidfile));
}

#[test]
fn an_interrupted_match_stops_its_engines() {
    let dir = scratch("interrupt");
    // An engine that starts a helper and thinks for ever; Ctrl-C once it
    // is thinking.
    let (engine, pidfile) = engine_with_helper(&dir, "forever.sh", "sleep 300");
    let args = [
        "match",
        &engine,
        "easy:200",
        "--games",
        "1",
        "--movetime",
        "60000",
    ];
    interrupt_match(&args, &pidfile);
}

/// The games an interrupted match's summary says were played and not
/// counted, waiting for an earlier one: `(N more game(s) played ...`.
fn waiting_games(summary: &str) -> Option<usize> {
    summary.lines().find_map(|l| {
        l.strip_prefix('(')?
            .split_once(" more game")?
            .0
            .parse()
            .ok()
    })
}

/// Games that finished while an earlier one was under way are not counted
/// when Ctrl-C comes: the summary says so, and so does each one's record,
/// in a closing comment naming the game they waited for. No game starts
/// more than 64 past the one they wait for (their records stay open).
#[test]
fn records_waiting_for_an_earlier_game_say_an_interrupt_left_them_uncounted() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("interrupt-waiting");
    let out_dir = dir.join("records");
    // Our engine, except that the first `go` any of its processes reads
    // (game 1's or game 2's) is never passed on: that game stays under way.
    let script = dir.join("first-go-hangs.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nwhile read l; do\n  case \"$l\" in go*) if [ -z \"$seen\" ]; then \
             seen=1; mkdir '{0}/hung' 2>/dev/null && sleep 300; fi;; esac\n  \
             echo \"$l\"\ndone | '{ME}' uci\n",
            dir.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let engine = format!("uci:{}", script.display());
    let args = [
        "match",
        &engine,
        "random",
        "--games",
        "1000",
        "--jobs",
        "2",
        "--nodes",
        "300",
        // The hung game does not forfeit before the interrupt.
        "--movetime",
        "60000",
        "--out",
        out_dir.to_str().unwrap(),
    ];
    // Game 64 is played whichever game hung; the games waiting for it
    // stop there, 63 past it.
    let out = interrupted(&args, &out_dir.join("game-0064.txt"));
    let stdout = text(&out.stdout);
    // Game 1 hung and none was counted, or game 2 did and game 1 was.
    let counted = if stdout.contains("(jieqi, 0 games)") {
        0
    } else {
        assert!(stdout.contains("(jieqi, 1 game)"), "{stdout}");
        1
    };
    let waiting = waiting_games(&stdout).unwrap_or_else(|| panic!("{stdout}"));
    assert!((2..=63).contains(&waiting), "{stdout}");
    assert!(!out_dir.join("game-0066.txt").exists(), "{stdout}");
    let records: Vec<String> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    assert_eq!(records.len(), counted + waiting, "{stdout}");
    let comment = format!(
        "{{not counted: the match was interrupted while game {} was under way}}",
        counted + 1
    );
    let closed = records
        .iter()
        .filter(|r| r.trim_end().ends_with(&comment))
        .count();
    assert_eq!(closed, waiting, "{records:?}");
    assert!(records
        .iter()
        .all(|r| r.matches("{not counted").count() <= 1));
}

/// Ctrl-C after some games prints the summary of those counted so far
/// (the per-game lines alone leave the Elo to work out).
#[test]
fn an_interrupted_match_says_how_the_games_counted_stand() {
    let dir = scratch("interrupt-standing");
    let out_dir = dir.join("records");
    let args = [
        "match",
        "random",
        "random",
        "--games",
        "1000000",
        "--seed",
        "3",
        "--out",
        out_dir.to_str().unwrap(),
        // A test far from deciding between two random players.
        "--sprt",
        "-10",
        "10",
        "--alpha",
        "0.001",
        "--beta",
        "0.001",
    ];
    let out = interrupted(&args, &out_dir.join("game-0003.txt"));
    // No game's line after the interrupt's.
    let stderr = text(&out.stderr);
    assert!(
        stderr
            .trim_end()
            .lines()
            .last()
            .unwrap()
            .starts_with("interrupted: "),
        "{stderr}"
    );
    let stdout = text(&out.stdout);
    let standing = stdout
        .split_once("interrupted: the games counted so far\n")
        .unwrap_or_else(|| panic!("no standing in {stdout}"))
        .1;
    let games: usize = standing
        .strip_prefix("random vs random (jieqi, ")
        .and_then(|r| r.split_once(" games)"))
        .unwrap_or_else(|| panic!("{standing}"))
        .0
        .parse()
        .unwrap();
    assert!(games >= 2, "{standing}");
    // Every game counted or waiting has its record and its line, and no
    // other game has either: a game is counted, said and recorded whole,
    // or not at all.
    let waiting_n = waiting_games(standing).unwrap_or(0);
    let records = std::fs::read_dir(&out_dir).unwrap().count();
    assert_eq!(records, games + waiting_n, "{standing}");
    // The records of those waiting, and only they, say they were not
    // counted.
    let closed = std::fs::read_dir(&out_dir)
        .unwrap()
        .filter(|e| {
            std::fs::read_to_string(e.as_ref().unwrap().path())
                .unwrap()
                .contains("{not counted: the match was interrupted while game ")
        })
        .count();
    assert_eq!(closed, waiting_n, "{standing}");
    let said = stderr
        .lines()
        .filter_map(|l| l.strip_prefix("game ")?.split_once(": "))
        .filter(|(_, r)| r.starts_with(['0', '1']))
        .count();
    assert_eq!(said, games + waiting_n, "{standing}");
    // Its wins, draws and losses add up to the games it names.
    // Games finished while an earlier one was under way wait for it.
    let waiting = standing
        .lines()
        .find(|l| l.starts_with('('))
        .map(|l| l.ends_with("they wait for an earlier game, under way when the match stopped)"));
    assert_ne!(waiting, Some(false), "{standing}");
    let wdl: Vec<usize> = standing
        .lines()
        .find(|l| l.starts_with("wins "))
        .unwrap()
        .split_whitespace()
        .skip(1)
        .step_by(2)
        .take(3)
        .map(|n| n.parse().unwrap_or_else(|_| panic!("{n} in {standing}")))
        .collect();
    assert_eq!(wdl.iter().sum::<usize>(), games, "{standing}");
    assert!(standing.contains("Elo "), "{standing}");
    assert!(
        standing.trim_end().ends_with("inconclusive so far"),
        "{standing}"
    );
}

/// Ctrl-C while an engine is still starting, before the first game (the
/// match tries each engine first), stops it too, and leaves no directory
/// made for `--out`.
#[test]
fn a_match_interrupted_before_its_first_game_stops_its_engines() {
    let dir = scratch("interrupt-early");
    let pidfile = dir.join("child.pid");
    // A helper, then a long wait before it answers anything.
    let start = format!("sleep 300 & echo $! > {}; sleep 30", pidfile.display());
    let engine = fake_engine(&dir, "slow-start.sh", &start, "echo bestmove a0a1");
    let out_dir = dir.join("new").join("records");
    let out_dir = out_dir.to_str().unwrap();
    let args = ["match", &engine, "random", "--games", "1", "--out", out_dir];
    interrupt_match(&args, &pidfile);
    assert!(!dir.join("new").exists(), "nothing made for --out is left");
}

#[test]
fn a_stalled_engine_loses_on_time_and_a_move_is_exactly_its_text() {
    let dir = scratch("stalled");
    // Answers the first `isready` (the handshake) and no other.
    let stalled = dir.join("stalled.sh");
    std::fs::write(
        &stalled,
        "#!/bin/sh\nn=0\nwhile read l; do case \"$l\" in\n  uci) echo uciok;;\n  \
         isready) n=$((n+1)); [ $n -eq 1 ] && echo readyok;;\n  quit) exit 0;;\nesac; done\n",
    )
    .unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&stalled, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let record = one_record(&dir, "out-stalled", &format!("uci:{}", stalled.display()));
    assert!(
        record.contains("[Termination \"time forfeit\"]"),
        "{record}"
    );
    assert!(record.contains("no 'readyok' within 550 ms"), "{record}");
    // Text after a move's four characters is no move.
    let engine = fake_engine(&dir, "trailing.sh", "", "echo bestmove h2e2xyz");
    let record = one_record(&dir, "out-trailing", &engine);
    assert!(
        record.contains("[Termination \"rules infraction\"]")
            && record.contains("unreadable bestmove 'bestmove h2e2xyz'"),
        "{record}"
    );
    // Spaces around the answer are only spaces.
    let engine = fake_engine(&dir, "spaced.sh", "", "echo '   bestmove h2e2  '; exit 0");
    let record = one_record(&dir, "out-spaced", &engine);
    assert!(record.contains("\nh2e2"), "the move is played: {record}");
    // UCI's `ponder MOVE` after the move is allowed.
    let engine = fake_engine(
        &dir,
        "ponder.sh",
        "",
        "echo 'bestmove h2e2 ponder h9g7'; exit 0",
    );
    let record = one_record(&dir, "out-ponder", &engine);
    assert!(record.contains("\nh2e2"), "the move is played: {record}");
}

#[test]
fn a_closed_output_does_not_stop_the_match() {
    let mut child = Command::new(ME)
        .args(["match", "random", "random", "--games", "2", "--jobs", "1"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        !text(&out.stderr).contains("panicked"),
        "{}",
        text(&out.stderr)
    );
    assert!(
        text(&out.stderr).contains("game    2"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn options_need_values_and_counts_at_least_one() {
    for (args, want) in [
        (vec!["--out"], "--out needs a value"),
        (vec!["--out", ""], "--out needs a value"),
        (vec!["--out", "--games", "1"], "--out needs a value"),
        (vec!["--games", "0"], "--games must be at least 1, not '0'"),
        (
            vec!["--games", "-0"],
            "--games must be at least 1, not '-0'",
        ),
        (
            vec!["--nodes", "00"],
            "--nodes must be at least 1, not '00'",
        ),
        // -0.0 is no more a whole number than 0.0; a negative number is
        // one however large.
        (
            vec!["--games", "-0.0"],
            "--games needs a whole number, not '-0.0'",
        ),
        (
            vec!["--games", "-1e400"],
            "--games cannot be negative: '-1e400'",
        ),
        (vec!["--jobs", "0"], "--jobs must be 1 to 256, not '0'"),
        (
            vec!["--jobs", "99999999999"],
            "--jobs must be 1 to 256, not '99999999999'",
        ),
    ] {
        let mut all = vec!["match", "random", "random"];
        all.extend(args.iter());
        let out = refused(&all, want);
        // Every refusal of a match before its first game says so.
        assert!(
            text(&out.stderr).trim_end().ends_with("; no game played"),
            "{all:?}: {}",
            text(&out.stderr)
        );
    }
}

/// Run the program with `args`, which must be refused (status 2) with
/// `want` in what it says; returns its output.
fn refused(args: &[&str], want: &str) -> Output {
    let out = run(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(
        text(&out.stderr).contains(want),
        "{args:?}: {}",
        text(&out.stderr)
    );
    out
}

#[test]
fn a_game_past_the_ply_limit_is_called_a_draw_and_its_record_says_so() {
    // Random movers wander: with this seed, games 1, 2, 4 and 5 reach the
    // match's limit of 400 plies without a result.
    let dir = scratch("ply-limit");
    let out = run(&[
        "match",
        "random",
        "random",
        "--games",
        "6",
        "--seed",
        "7",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let said = all_output(&out);
    for game in [1, 2, 4, 5] {
        assert!(
            said.contains(&format!("game {game}: 400 plies, called a draw")),
            "{said}"
        );
        let record = std::fs::read_to_string(dir.join(format!("game-{game:04}.txt"))).unwrap();
        assert!(
            record.contains("[Result \"draw by adjudication at 400 plies\"]")
                && record.contains("[Termination \"adjudication\"]"),
            "{record}"
        );
        // Exactly 400 moves were played.
        let moves = record.lines().last().unwrap().split(' ').count();
        assert_eq!(moves, 400, "{record}");
    }
}

#[test]
fn an_engine_that_does_not_start_stops_the_match_and_tags_are_escaped() {
    let dir = scratch("no-start");
    let out = run(&[
        "match",
        "uci:/nonexistent/a",
        "uci:/nonexistent/b",
        "--games",
        "2",
        "--jobs",
        "1",
    ]);
    // Neither starts: a mistake in the command, refused before any game.
    let said = all_output(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains("engine 1 'uci:/nonexistent/a' does not start as a UCI engine")
            && said.contains("no game played"),
        "{said}"
    );
    assert!(!said.contains("game 1"), "{said}");
    // Nor does a bare name that is no level: read as a command, it does not
    // start either (it forfeited every game, status 0).
    // A level is named exactly: ` hard` and `hard\t` are commands' names.
    for engines in [
        ["random", "hardd"],
        ["random:100", "random"],
        ["random", " hard"],
        ["hard\t", "random"],
    ] {
        let out = run(&["match", engines[0], engines[1], "--games", "2"]);
        let said = all_output(&out);
        assert_eq!(out.status.code(), Some(2), "{engines:?}: {said}");
        assert!(said.contains("does not start as a UCI engine"), "{said}");
    }
    // A quote in an engine's command is escaped in the record's tag.
    let engine = fake_engine(&dir, "we\"ird", "", "echo bestmove a0a1");
    let out = run(&[
        "match",
        &engine,
        "random",
        "--games",
        "2",
        "--jobs",
        "1",
        "--seed",
        "1",
        "--out",
        dir.join("out").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", all_output(&out));
    let record = std::fs::read_to_string(dir.join("out/game-0001.txt")).unwrap();
    assert!(record.contains("we\\\"ird"), "{record}");
}

/// Standard xiangqi and standard chess have nothing face down to vary their
/// games: a match without `--openings` or `--random-plies` says once that
/// its pairs will repeat; Jieqi, hidden chess and a match with openings or
/// random plies do not.
#[test]
fn standard_match_without_openings_says_its_games_repeat() {
    let args = |rules: &'static str| {
        vec![
            "match", "random", "random", "--rules", rules, "--games", "2", "--seed", "3", "--jobs",
            "1",
        ]
    };
    let note = "--openings FILE or --random-plies N for variety";
    let dir = scratch("standard-openings");
    let file = dir.join("openings.txt");
    std::fs::write(&file, "startpos\n").unwrap();
    for (rules, hidden) in [
        ("xiangqi", false),
        ("chess", false),
        ("jieqi", true),
        ("hidden-chess", true),
    ] {
        let out = run(&args(rules));
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{rules}: {err}");
        let said = format!("note: standard {rules} has no face-down pieces");
        let times = if hidden { 0 } else { 1 };
        assert_eq!(err.matches(&said).count(), times, "{rules}: {err}");
        assert_eq!(err.contains(note), !hidden, "{rules}: {err}");
        let mut with = args(rules);
        with.extend(["--openings", file.to_str().unwrap()]);
        let out = run(&with);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{rules} --openings: {err}");
        assert!(!err.contains(note), "{rules} --openings: {err}");
        let mut with = args(rules);
        with.extend(["--random-plies", "2"]);
        let out = run(&with);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{rules} --random-plies: {err}");
        assert!(!err.contains(note), "{rules} --random-plies: {err}");
    }
}

/// The moves of a game record (the last line before the blank one), and
/// its `RandomPlies` tag's value.
fn record_moves(path: &Path) -> (Vec<String>, Option<String>) {
    let record = std::fs::read_to_string(path).unwrap();
    let tag = record
        .lines()
        .find_map(|l| l.strip_prefix("[RandomPlies \""))
        .map(|v| v.trim_end_matches("\"]").to_string());
    let moves = record
        .lines()
        .filter(|l| !l.starts_with('[') && !l.trim().is_empty() && !l.starts_with('{'))
        .flat_map(|l| l.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .collect();
    (moves, tag)
}

/// `--random-plies N` opens both games of a pair with the same N random
/// legal plies and each pair with its own; the records count them; the
/// same seed replays the same openings; values outside 0 to 40 are refused.
#[test]
fn random_plies_open_a_pair_alike_and_the_pairs_apart() {
    let dir = scratch("random-plies");
    for (rules, plies) in [("xiangqi", "5"), ("chess", "4")] {
        let records = |name: &str| {
            let out = dir.join(format!("{rules}-{name}"));
            let got = run(&[
                "match",
                "hard:300",
                "hard:400",
                "--rules",
                rules,
                "--games",
                "4",
                "--random-plies",
                plies,
                "--seed",
                "11",
                "--jobs",
                "2",
                "--out",
                out.to_str().unwrap(),
            ]);
            assert_eq!(got.status.code(), Some(0), "{}", all_output(&got));
            let said = text(&got.stdout);
            assert!(
                said.contains(&format!("then {plies} random plies")),
                "{rules}: {said}"
            );
            (1..=4)
                .map(|n| record_moves(&out.join(format!("game-{n:04}.txt"))))
                .collect::<Vec<_>>()
        };
        let first = records("a");
        let n: usize = plies.parse().unwrap();
        for (moves, tag) in &first {
            assert_eq!(tag.as_deref(), Some(plies), "{rules}: {moves:?}");
            assert!(
                moves.len() > n,
                "{rules}: the engines played too: {moves:?}"
            );
        }
        let opening = |k: usize| &first[k].0[..n];
        assert_eq!(opening(0), opening(1), "{rules}: a pair opens alike");
        assert_eq!(opening(2), opening(3), "{rules}: a pair opens alike");
        assert_ne!(opening(0), opening(2), "{rules}: the pairs open apart");
        // Node budgets and one seed: the same games again.
        assert_eq!(first, records("b"), "{rules}: the seed replays the match");
    }
    for bad in ["41", "-1", "x", ""] {
        let got = run(&["match", "random", "random", "--random-plies", bad]);
        assert_eq!(got.status.code(), Some(2), "{bad}: {}", all_output(&got));
        let said = text(&got.stderr);
        assert!(said.contains("--random-plies"), "{bad}: {said}");
    }
}

/// In Jieqi the two games of a pair draw different identities, so their
/// random plies can part: the second game plays the pair's plies for as
/// long as its own identities let it, so where they part, the first game's
/// ply is not legal in the second's position.
#[test]
fn random_plies_of_a_jieqi_pair_are_the_same_plies_and_identities() {
    let dir = scratch("random-plies-jieqi");
    let out = dir.join("records");
    let got = run(&[
        "match",
        "random",
        "random",
        "--games",
        "12",
        "--random-plies",
        "10",
        "--seed",
        "33",
        "--jobs",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(got.status.code(), Some(0), "{}", all_output(&got));
    let mut openings = Vec::new();
    for pair in 0..6 {
        let game = |k: usize| record_moves(&out.join(format!("game-{:04}.txt", 2 * pair + k))).0;
        let (a, b) = (game(1), game(2));
        // The pair's games draw from one seed, a stream a side: the same
        // plies turn up the same identities (the move texts' letters).
        assert_eq!(a[..10], b[..10], "pair {pair}");
        assert!(a[..10].iter().any(|m| m.len() > 4), "pair {pair}: {a:?}");
        openings.push(a[..10].to_vec());
    }
    openings.dedup();
    assert_eq!(openings.len(), 6, "every pair has its own plies");
}

/// `match random random --rules R --openings FILE --random-plies N`, and
/// `more`.
fn from_openings(rules: &str, file: &Path, plies: &str, more: &[&str]) -> Output {
    let file = file.to_str().unwrap();
    let mut args = vec![
        "match",
        "random",
        "random",
        "--rules",
        rules,
        "--openings",
        file,
        "--random-plies",
        plies,
    ];
    args.extend_from_slice(more);
    run(&args)
}

/// An openings position that is already over would be a game no engine
/// plays, scored: the match is refused before it starts. Random plies
/// never end the game: where no line of the asked plies goes on, a game
/// gets the longest there is and says how many.
#[test]
fn openings_already_over_are_refused_and_short_plies_are_said() {
    let dir = scratch("openings-over");
    let file = dir.join("openings.txt");
    for (rules, fen, why) in [
        ("chess", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "checkmate"),
        ("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "stalemate"),
        ("xiangqi", "R3k4/R8/9/9/9/9/9/9/9/3K5 b - 0 1", "checkmate"),
        (
            "xiangqi",
            "4k4/9/9/9/9/9/9/9/9/3K4R w - 200 1",
            "no-progress",
        ),
        ("jieqi", "R3k4/R8/9/9/9/9/X8/9/9/3K5 b P1 0 1", "checkmate"),
    ] {
        std::fs::write(&file, format!("startpos\n# finished:\n{fen}\n")).unwrap();
        let records = dir.join("records");
        let got = from_openings(rules, &file, "3", &["--out", records.to_str().unwrap()]);
        let said = all_output(&got);
        assert_eq!(got.status.code(), Some(2), "{fen}: {said}");
        assert!(
            said.contains("openings line 3") && said.contains("already over") && said.contains(why),
            "{fen}: {said}"
        );
        assert!(said.contains("no game played"), "{fen}: {said}");
        assert!(
            !records.exists(),
            "{fen}: nothing is made for a refused match"
        );
    }
    // Two plies from a fifty-move count of 98: every second ply ends it.
    std::fs::write(&file, "4k3/8/8/8/8/8/8/4K2R w - - 98 80\n").unwrap();
    let got = from_openings("chess", &file, "2", &["--games", "2"]);
    let said = all_output(&got);
    assert_eq!(got.status.code(), Some(0), "{said}");
    let short = "1 of 2 random plies: no longer line that goes on was found";
    assert_eq!(said.matches(short).count(), 2, "{said}");
    // Three plies from a no-progress count of 117 (the third reaches 120),
    // with a mate in one among the first plies: every game gets two.
    std::fs::write(&file, "3k5/9/9/9/9/9/9/9/9/R3K4 w - 117 80\n").unwrap();
    let more = ["--games", "10", "--seed", "2"];
    let said = all_output(&from_openings("xiangqi", &file, "3", &more));
    let short = "2 of 3 random plies: no longer line that goes on was found";
    assert_eq!(said.matches(short).count(), 10, "{said}");
    // Bare generals: forty plies that never repeat a position three times.
    std::fs::write(&file, "3k5/9/9/9/9/9/9/9/9/5K3 w - 0 1\n").unwrap();
    let more = ["--games", "4", "--seed", "1"];
    let said = all_output(&from_openings("xiangqi", &file, "40", &more));
    assert!(!said.contains("of 40 random plies"), "{said}");
    // None fits: the records still say how many (none).
    std::fs::write(&file, "4k3/8/8/8/8/8/8/4K2R w - - 99 80\n").unwrap();
    let records = dir.join("none");
    let more = ["--games", "2", "--out", records.to_str().unwrap()];
    let got = from_openings("chess", &file, "2", &more);
    assert_eq!(got.status.code(), Some(0), "{}", all_output(&got));
    for n in 1..=2 {
        let (_, tag) = record_moves(&records.join(format!("game-{n:04}.txt")));
        assert_eq!(tag.as_deref(), Some("0"));
    }
    // Whether a line goes on can hang on the identity it reveals (a
    // face-down piece that is a pawn resets the count, a knight does not):
    // a line drawn again draws its identities again, so it finds one.
    std::fs::write(&file, "4k3/8/8/8/8/8/8/1X2K1X1 w - - 99 80 P1N1\n").unwrap();
    let got = from_openings(
        "hidden-chess",
        &file,
        "1",
        &["--games", "12", "--seed", "1"],
    );
    let said = all_output(&got);
    assert_eq!(got.status.code(), Some(0), "{said}");
    assert!(!said.contains("of 1 random plies"), "{said}");
}

/// `match random random --games N --out DIR`.
fn into_dir<'a>(games: &'a str, dir: &'a Path) -> [&'a str; 7] {
    let dir = dir.to_str().unwrap();
    ["match", "random", "random", "--games", games, "--out", dir]
}

/// A directory the run made for `--out` and then refused is not left
/// behind, and one that was there before is never removed. The second
/// half needs refusals after the directory is made, so a user the file
/// modes bind: it runs as `nobody` where the tests run as root and
/// `setpriv` can switch (root itself could write anywhere); elsewhere it
/// says so and passes.
#[test]
fn a_directory_made_for_records_and_refused_is_removed() {
    let dir = scratch("out-made");
    // Only what the run made goes: not a directory that was there before,
    // however the path names it (here `new/../empty` is `empty`).
    std::fs::create_dir(dir.join("empty")).unwrap();
    let full = dir.join("full");
    std::fs::create_dir(&full).unwrap();
    std::fs::write(full.join("game-0001.txt"), "mine").unwrap();
    let roundabout = dir.join("new/../empty/deeper/../../full");
    refused(&into_dir("1", &roundabout), "already holds game-0001.txt");
    assert!(
        dir.join("empty").is_dir(),
        "a directory there before is kept"
    );
    assert!(!dir.join("new").exists() && !dir.join("empty/deeper").exists());
    assert_eq!(
        std::fs::read_to_string(full.join("game-0001.txt")).unwrap(),
        "mine"
    );
    // A new directory named with a trailing `/.` is made as any other.
    let dotted = format!("{}/.", dir.join("made").display());
    let out = run(&[
        "match", "random", "random", "--games", "1", "--out", &dotted,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", all_output(&out));
    assert!(dir.join("made/game-0001.txt").is_file());
    std::fs::remove_dir_all(dir.join("made")).unwrap();
    std::fs::remove_dir_all(&full).unwrap();
    std::fs::remove_dir(dir.join("empty")).unwrap();
    let as_nobody = |script: &str| {
        Command::new("setpriv")
            .args([
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                "sh",
                "-c",
            ])
            .arg(script)
            .output()
    };
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| text(&o.stdout).trim() == "0");
    if !root || !as_nobody(&format!("'{ME}' help >/dev/null")).is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: needs root, setpriv, and {ME} runnable by nobody");
        return;
    }
    std::fs::set_permissions(&dir, std::os::unix::fs::PermissionsExt::from_mode(0o777)).unwrap();
    // Under umask 0277 a made directory takes no entry (no write bit), and
    // under 0177 it cannot be entered: the run is refused either way, when
    // trying a file in the last level. The levels on the way are made as
    // `mkdir -p` makes them, writable and searchable by their owner, so the
    // refusal names the directory that takes no file.
    for umask in ["0277", "0177"] {
        for out in [dir.join("a").join("b"), dir.join("c")] {
            let got = as_nobody(&format!(
                "umask {umask}; exec '{ME}' match random random --games 1 --out '{}'",
                out.display()
            ))
            .unwrap();
            let said = all_output(&got);
            assert_eq!(got.status.code(), Some(2), "{said}");
            assert!(said.contains("cannot write into"), "{umask}: {said}");
            let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
            assert!(left.is_empty(), "{umask}: {left:?} left; {said}");
        }
    }
}

#[test]
fn records_of_an_earlier_match_are_not_written_over() {
    let dir = scratch("out-kept");
    let out = dir.join("records");
    let first = run(&into_dir("2", &out));
    assert_eq!(first.status.code(), Some(0), "{}", all_output(&first));
    let kept = std::fs::read_to_string(out.join("game-0002.txt")).unwrap();
    // A second match into the same directory is refused before any game,
    // whichever of its records is already there.
    std::fs::remove_file(out.join("game-0001.txt")).unwrap();
    let again = refused(
        &into_dir("3", &out),
        "already holds game-0002.txt, a record this match would write over",
    );
    assert!(
        !text(&again.stdout).contains("game "),
        "{}",
        all_output(&again)
    );
    assert_eq!(
        std::fs::read_to_string(out.join("game-0002.txt")).unwrap(),
        kept
    );
    assert!(!out.join("game-0001.txt").exists());
    // Other files, and records past the match's games, are no obstacle.
    std::fs::write(out.join("notes.txt"), "mine").unwrap();
    let fresh = run(&into_dir("1", &out));
    assert_eq!(fresh.status.code(), Some(0), "{}", all_output(&fresh));
    assert!(out.join("game-0001.txt").exists());
    assert_eq!(
        std::fs::read_to_string(out.join("notes.txt")).unwrap(),
        "mine"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("game-0002.txt")).unwrap(),
        kept
    );
    // A record is found whatever it is (here a link to nowhere), and in one
    // reading of the directory however many games are asked for.
    std::os::unix::fs::symlink(dir.join("nowhere"), out.join("game-99999999.txt")).unwrap();
    let many = |want: &str| {
        refused(&into_dir("100000000", &out), want);
    };
    many("already holds game-0001.txt");
    std::fs::remove_file(out.join("game-0001.txt")).unwrap();
    std::fs::remove_file(out.join("game-0002.txt")).unwrap();
    many("already holds game-99999999.txt");
    // --out must be a directory.
    let file = out.join("notes.txt");
    refused(&into_dir("1", &file), "is not a directory");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
    let dangling = dir.join("dangling");
    std::os::unix::fs::symlink(dir.join("gone"), &dangling).unwrap();
    refused(&into_dir("1", &dangling), "is a link to nothing");
    let slashed = format!("{}/", dangling.display());
    refused(
        &["match", "random", "random", "--out", &slashed],
        "is a link to nothing",
    );
    // A path on through a file or a link to nothing says which.
    refused(
        &into_dir("1", &file.join("x")),
        "notes.txt' is not a directory",
    );
    refused(
        &into_dir("1", &dangling.join("x")),
        "dangling' is a link to nothing",
    );
    assert!(!dir.join("gone").exists());
    // A record that cannot be written whole is said so and not left behind
    // (under a file-size limit of 0 every write fails).
    let cut = dir.join("cut");
    let limited = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -f 0; exec '{ME}' match random random --games 2 --out '{}'",
            cut.display()
        ))
        .output()
        .unwrap();
    let said = all_output(&limited);
    assert_eq!(limited.status.code(), Some(2), "{said}");
    assert!(said.contains("game 2: cannot write"), "{said}");
    assert!(
        said.contains("2 game record(s) could not be written"),
        "{said}"
    );
    assert_eq!(std::fs::read_dir(&cut).unwrap().count(), 0, "{said}");
}
