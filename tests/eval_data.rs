//! `jieqi datagen` and `jieqi tune`: reproducible data, a fit that finds
//! known weights again, clear errors on bad input.

mod common;

use std::process::Command;

use common::scratch;

use jieqi::ai::eval::{self, WEIGHTS};
use jieqi::cli::datagen::{generate, DatagenConfig};
use jieqi::cli::rescore::rescore;
use jieqi::cli::tune::{self, FitOptions, Sample};
use jieqi::cli::tune_net::{self, NetOptions};
use jieqi::rules::xiangqi::fen;
use jieqi::rules::{Game, RuleSet, Seat};

fn datagen(games: u64, seed: u64, jobs: usize) -> (String, u64) {
    let mut cfg = DatagenConfig::new(games, 300, seed);
    cfg.jobs = jobs;
    cfg.max_plies = 120;
    let mut out = Vec::new();
    let report = generate(&cfg, &mut out, &mut |_| {}).unwrap();
    assert_eq!(report.games, games);
    (String::from_utf8(out).unwrap(), report.positions)
}

#[test]
fn datagen_is_reproducible_whatever_the_jobs() {
    let (a, n) = datagen(4, 7, 1);
    let (b, _) = datagen(4, 7, 2);
    assert!(n > 20, "too few positions kept: {n}");
    assert_eq!(a, b);
    // First the rule set, then a line a position.
    assert_eq!(a.lines().next(), Some("# rules jieqi"));
    assert_eq!(a.lines().count() as u64, n + 1);
    let (c, _) = datagen(4, 8, 1);
    assert_ne!(a, c, "another seed, other games");
    // Every line reads back: a quiet position, a result, a score.
    let samples = tune::parse_data(&a, RuleSet::Jieqi).unwrap();
    assert_eq!(samples.len() as u64, n);
    for line in a.lines().skip(1) {
        let text = line.split(';').next().unwrap();
        let pos = fen::parse(text, RuleSet::Jieqi).unwrap();
        assert!(!pos.in_check(), "{line}");
    }
}

/// Counts the lines that reached it, behind a buffer.
struct Lines(std::rc::Rc<std::cell::Cell<u64>>);

impl std::io::Write for Lines {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = buf.iter().filter(|&&b| b == b'\n').count() as u64;
        self.0.set(self.0.get() + n);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn progress_counts_only_what_went_through_the_buffer() {
    let reached = std::rc::Rc::new(std::cell::Cell::new(0));
    let mut out = std::io::BufWriter::new(Lines(reached.clone()));
    let mut cfg = DatagenConfig::new(3, 300, 7);
    cfg.max_plies = 120;
    cfg.progress_every = 1;
    let mut reports = 0;
    let last = generate(&cfg, &mut out, &mut |r| {
        reports += 1;
        // The rule set's line, then the positions.
        assert_eq!(reached.get(), r.positions + 1, "after {} games", r.games);
    })
    .unwrap();
    // A report a game but the last, which is the result.
    assert_eq!(reports, 2);
    assert_eq!(last.games, 3);
    assert_eq!(reached.get(), last.positions + 1);
    // Every tenth game by default: none in three.
    let mut reports = 0;
    let mut cfg = DatagenConfig::new(3, 300, 7);
    cfg.max_plies = 120;
    generate(&cfg, &mut Vec::new(), &mut |_| reports += 1).unwrap();
    assert_eq!(reports, 0);
    let reached = std::rc::Rc::new(std::cell::Cell::new(0));
    let mut out = std::io::BufWriter::new(Lines(reached.clone()));
    // Past a thousand lines, so that a block's report comes before the
    // last one's, which is the result and not a progress line.
    let (text, _) = datagen(3, 7, 1);
    let positions: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let copies = 1000 / positions.len() + 1;
    let text = format!("{}\n", vec![positions.join("\n"); copies].join("\n"));
    let lines = (positions.len() * copies) as u64;
    let mut reports = 0;
    let report = rescore(&text, 50, 1, RuleSet::Jieqi, &mut out, &mut |r| {
        reports += 1;
        assert_eq!(reached.get(), r.written + 1, "after {} read", r.read);
        assert!(
            r.read < lines,
            "the result is reported once, by the command"
        );
    })
    .unwrap();
    assert_eq!(report.read, lines);
    assert_eq!(reports, lines.div_ceil(1000) - 1);
}

#[test]
fn a_failed_rescore_leaves_its_target_as_it_was() {
    let me = env!("CARGO_BIN_EXE_jieqi");
    let dir = scratch("rescore");
    let data = dir.join("data.txt");
    let good = format!("{}; 1; 20\n", fen::JIEQI_START);
    for bad in [
        "xx; 1; 3",
        "START; abc; 5",
        "START; 2; 5",
        "START;;",
        "START; 1; 2; 3",
    ] {
        let text = format!("{good}{}\n", bad.replace("START", fen::JIEQI_START));
        std::fs::write(&data, &text).unwrap();
        // The output is the input itself: a failure must not wipe it.
        let o = Command::new(me)
            .args([
                "rescore",
                data.to_str().unwrap(),
                "--out",
                data.to_str().unwrap(),
            ])
            .args(["--nodes", "200"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{bad}: {err}");
        assert!(err.contains("line 2"), "{bad}: {err}");
        assert_eq!(std::fs::read_to_string(&data).unwrap(), text, "{bad}");
        assert!(!dir.join("data.txt.part").exists());
    }
}

/// What a command prints must reach its reader whole: `tune` into a full
/// disk (`/dev/full`) fails rather than leaving a cut `weights.rs`, and
/// `datagen` and `rescore` refuse to write into a directory, a pipe, a device
/// or a link, or through an unfinished file left beside the target.
#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_is_an_error() {
    let me = env!("CARGO_BIN_EXE_jieqi");
    let dir = scratch("full");
    let data = dir.join("data.txt");
    std::fs::write(&data, format!("{}; 1; 20\n", fen::JIEQI_START)).unwrap();
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
    if let Ok(full) = full {
        let o = Command::new(me)
            .args(["tune", "--help"])
            .stdout(full)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains("cannot write to standard output"), "{err}");
    }
    // Nor does a stderr that cannot be written turn an error into an abort:
    // the status still says what happened.
    for (stderr, args) in [
        (
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .ok(),
            vec!["tune", "/nonexistent"],
        ),
        (
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .ok(),
            vec!["datagen", "--games", "0"],
        ),
    ] {
        let Some(stderr) = stderr else { continue };
        let o = Command::new(me)
            .args(&args)
            .stderr(stderr)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
    }
    // A write that fails half way (a file-size limit standing for a full
    // disk; the program ignores the signal such a limit sends) is named by
    // its file, and leaves what was there as it was.
    let target = dir.join("kept.txt");
    std::fs::write(&target, "precious\n").unwrap();
    let t = target.to_str().unwrap();
    for command in [
        format!("{me} datagen --games 20 --nodes 200 --out {t}"),
        format!("{me} rescore {} --nodes 10 --out {t}", data.display()),
    ] {
        // rescore's one line fits in the limit: give it more to write (less
        // than its write buffer holds, so only the flush finds the limit).
        std::fs::write(&data, format!("{}; 1; 20\n", fen::JIEQI_START).repeat(50)).unwrap();
        let o = Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -f 1; exec {command}"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{command}: {err}");
        assert!(
            err.contains(&format!("cannot write '{t}'")),
            "{command}: {err}"
        );
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious\n");
        assert!(!dir.join("kept.txt.part").exists(), "{command}");
        // Progress counts no line as written before its write went through.
        assert!(!err.contains("written"), "{command}: {err}");
    }
    std::fs::write(&data, format!("{}; 1; 20\n", fen::JIEQI_START)).unwrap();
    // A named pipe stands for a device: renaming over it would replace it.
    let fifo = dir.join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    // A link would be replaced by the renamed file, its file left as it was.
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "keep").unwrap();
    let link = dir.join("link.txt");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let out = |command: &str, target: &std::path::Path| {
        let o = Command::new(me)
            .arg(command)
            .args(match command {
                "rescore" => vec![data.to_str().unwrap()],
                _ => vec!["--games", "1"],
            })
            .args(["--nodes", "200", "--out"])
            .arg(target)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{command} {target:?}");
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    for target in [&*dir, fifo.as_path(), link.as_path()] {
        // datagen would wait on the pipe for a reader.
        for command in ["rescore", "datagen"] {
            let err = out(command, target);
            assert!(err.contains("is not a regular file"), "{err}");
        }
    }
    // The unfinished file beside the target is made new, never followed:
    // a link there would send the data to another file.
    let target = dir.join("target.txt");
    std::os::unix::fs::symlink(&victim, dir.join("target.txt.part")).unwrap();
    assert!(out("rescore", &target).contains("already exists"));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
    assert!(!target.exists());
    use std::os::unix::fs::FileTypeExt;
    let kind = std::fs::metadata(&fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "the pipe was replaced");
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(!dir.join("pipe.part").exists());
}

#[cfg(unix)]
#[test]
fn an_interrupted_rescore_or_datagen_leaves_nothing_behind() {
    let me = env!("CARGO_BIN_EXE_jieqi");
    let dir = scratch("rescore-int");
    let data = dir.join("data.txt");
    let target = dir.join("target.txt");
    let part = dir.join("target.txt.part");
    // Enough deep searches to be interrupted long before the end.
    let text = format!("{}; 1; 20\n", fen::JIEQI_START).repeat(400);
    std::fs::write(&data, &text).unwrap();
    for args in [
        vec!["rescore", data.to_str().unwrap()],
        vec!["datagen", "--games", "1000"],
    ] {
        std::fs::write(&target, "kept\n").unwrap();
        let child = Command::new(me)
            .args(&args)
            .args(["--out", target.to_str().unwrap(), "--nodes", "2000000"])
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let out = common::interrupt_once_made(child, &part);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{args:?}: {err}");
        assert!(err.contains("interrupted"), "{err}");
        assert!(!part.exists(), "{args:?}: {err}");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "kept\n");
    }
}

#[test]
fn rescore_keeps_each_line_but_its_score_whatever_the_jobs() {
    let (data, n) = datagen(3, 11, 1);
    let run = |jobs: usize, nodes: u64| {
        let mut out = Vec::new();
        let r = rescore(&data, nodes, jobs, RuleSet::Jieqi, &mut out, &mut |_| {}).unwrap();
        assert_eq!(r.read, n);
        assert_eq!(r.written + r.decided, n);
        String::from_utf8(out).unwrap()
    };
    let (a, b) = (run(1, 2000), run(2, 2000));
    assert_eq!(a, b, "the same file whatever --jobs is");
    assert!(a.lines().count() as u64 > n * 9 / 10, "few dropped");
    assert_eq!(a.lines().next(), Some("# rules jieqi"));
    // Same positions and results, in order; the scores come from the new search.
    let old: Vec<&str> = data.lines().collect();
    let mut changed = 0;
    let mut k = 0;
    for line in a.lines().skip(1) {
        let (fen_result, score) = line.rsplit_once(';').unwrap();
        while !old[k].starts_with(fen_result) {
            k += 1;
        }
        changed += (old[k].rsplit_once(';').unwrap().1 != score) as usize;
        k += 1;
    }
    assert!(changed > 0, "a deeper search moves some scores");
    assert_ne!(a, run(1, 500), "the budget matters");
    // Data of another rule set is refused, by rescore and by the fit,
    // naming the line and the rule set to give.
    let other = data.replace("# rules jieqi", "\n# rules vietnam");
    let mut out = Vec::new();
    let err = rescore(&other, 100, 1, RuleSet::Jieqi, &mut out, &mut |_| {}).unwrap_err();
    assert_eq!(
        err,
        "line 2: the data is of rules vietnam, not jieqi: read it with --rules vietnam"
    );
    let err = tune::parse_data(&other, RuleSet::Jieqi)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("line 2") && err.contains("--rules vietnam"),
        "{err}"
    );
    assert!(tune::parse_data(&other, RuleSet::Vietnam).is_ok());
    let err = tune::parse_data("# rules shogi\n", RuleSet::Jieqi)
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown rules 'shogi'"), "{err}");
    // Files of two rule sets joined: refused whatever --rules says, naming both.
    let mixed = format!("{data}{}", data.replace("# rules jieqi", "# rules xiangqi"));
    for r in [RuleSet::Jieqi, RuleSet::Xiangqi] {
        let err = tune::parse_data(&mixed, r).unwrap_err().to_string();
        assert!(
            err.contains("the data mixes rule sets: xiangqi here, jieqi on line 1"),
            "{err}"
        );
    }
    for (text, want) in [
        ("# rules chess\n", "a chess rule set"),
        ("# rules\n", "names one rule set"),
        ("# rules jieqi xiangqi\n", "names one rule set"),
        ("#rules\tvietnam\n", "--rules vietnam"),
        ("# RULES vietnam\n", "--rules vietnam"),
        ("# rules: vietnam\n", "--rules vietnam"),
        (
            "# rules shogi\n",
            "(one of chessplayx, jieqi, vietnam, xiangqi)",
        ),
        ("KEEP\n", "expected 'FEN; RESULT[; SCORE]', not 'KEEP'"),
        ("x\u{a0}x; 1\n", "bad FEN 'x\\u{a0}x'"),
    ] {
        let err = tune::parse_data(text, RuleSet::Jieqi)
            .unwrap_err()
            .to_string();
        assert!(err.contains(want), "{text:?}: {err}");
    }
    assert!(tune::parse_data("# rulesets differ\n", RuleSet::Jieqi).is_ok());
}

/// Positions from seeded random games.
fn positions(n: usize) -> Vec<jieqi::rules::Position> {
    let mut out = Vec::new();
    let mut g = 0;
    while out.len() < n {
        let mut game = Game::seeded(RuleSet::Jieqi, 500 + g);
        let mut state = 0x2545_F491_4F6C_DD1Du64 ^ g;
        g += 1;
        for _ in 0..100 {
            if game.outcome().is_some() {
                break;
            }
            out.push(game.view(Seat::of(game.turn())).position);
            let moves = game.legal_moves();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            game.play(moves.as_slice()[(state % moves.len() as u64) as usize])
                .unwrap();
        }
    }
    out.truncate(n);
    out
}

#[test]
fn the_fit_finds_known_weights_again() {
    // Results drawn as the exact win probability under "true" weights that
    // differ from the starting ones in a few terms: the fit must move those
    // terms back to their true values.
    let k = 1.0;
    let start = tune::to_f64(&WEIGHTS);
    let mut truth = start.clone();
    let moved = [
        eval::MATERIAL + 3, // chariot
        eval::HIDDEN_HOME + 3,
        eval::HORSE_MOBILITY,
    ];
    truth[moved[0]] = (1500.0, 1700.0);
    truth[moved[1]] = (120.0, 90.0);
    truth[moved[2]] = (14.0, 6.0);
    let samples: Vec<Sample> = positions(3000)
        .iter()
        .map(|p| {
            let mut s = Sample::of(p, 0.0, 0.0);
            s.result = tune::predict(k, s.eval(&truth)) as f32;
            s
        })
        .collect();
    let opts = FitOptions {
        iterations: 800,
        rate: 4.0,
        score_weight: 0.0,
        l2: 0.0,
        frozen: (0..eval::FEATURES).filter(|i| !moved.contains(i)).collect(),
        with_net: false,
    };
    let before = tune::mean_error(&samples, &start, k, 0.0);
    let fitted = tune::fit(&samples, &[], &start, k, &opts, &mut |_, _, _| {});
    let after = tune::mean_error(&samples, &fitted, k, 0.0);
    assert!(after < before / 50.0, "error {before} -> {after}");
    for &i in &moved {
        let (t, f) = (truth[i], fitted[i]);
        let tol = |x: f64| 0.08 * x.abs() + 3.0;
        assert!(
            (t.0 - f.0).abs() <= tol(t.0) && (t.1 - f.1).abs() <= tol(t.1),
            "{}: true {t:?}, fitted {f:?}",
            eval::name(i)
        );
    }
    // Frozen weights stay.
    for i in 0..eval::FEATURES {
        if !moved.contains(&i) {
            assert_eq!(fitted[i], start[i], "{}", eval::name(i));
        }
    }
}

#[test]
fn k_is_found_where_the_data_says() {
    let truth = tune::to_f64(&WEIGHTS);
    let samples: Vec<Sample> = positions(600)
        .iter()
        .map(|p| {
            let mut s = Sample::of(p, 0.0, 0.0);
            s.result = tune::predict(1.7, s.eval(&truth)) as f32;
            s
        })
        .collect();
    let k = tune::fit_k(&samples, &truth, 0.0);
    assert!((k - 1.7).abs() < 0.05, "K = {k}");
    assert_eq!(tune::k_warning(k), None);
    // Near an end is not at it; at the low end the results are draws or
    // against the evaluation.
    assert_eq!(tune::k_warning(0.0593), None);
    assert_eq!(tune::k_warning(4.98), None);
    let low = tune::k_warning(0.050001).unwrap();
    assert!(low.contains("all draws or go against"), "{low}");
    // One position cannot pin K: it runs to an end of its range, and both
    // fits say so (they still run: tiny data is how a pipeline is tried).
    let dir = scratch("k-edge");
    let (one, same) = (dir.join("one.txt"), dir.join("same.txt"));
    let line = format!("{}; 1; 20\n", fen::JIEQI_START);
    std::fs::write(&one, &line).unwrap();
    // The network's fit needs 5000 positions: the same one, 5000 times.
    std::fs::write(&same, line.repeat(5000)).unwrap();
    let (one, same) = (one.to_str().unwrap(), same.to_str().unwrap());
    for args in [
        vec!["tune", one, "--iterations", "1"],
        vec!["tune", same, "--net", "--epochs", "1"],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_jieqi"))
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("warning: K ran to 5.0000, an end of its range"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn the_printed_weights_are_the_source_of_the_table() {
    let src = tune::weights_source(&WEIGHTS, "header");
    assert!(src.contains("pub const WEIGHTS: [Weight; FEATURES] = ["));
    let rows: Vec<&str> = src
        .lines()
        .filter(|l| l.trim_start().starts_with('('))
        .collect();
    assert_eq!(rows.len(), eval::FEATURES);
    for (i, (row, w)) in rows.iter().zip(WEIGHTS.iter()).enumerate() {
        let name = eval::name(i);
        assert!(
            row.starts_with(&format!("    ({}, {}),", w.0, w.1)),
            "{row}"
        );
        assert!(row.ends_with(&format!("// {name}")), "{row}");
    }
}

#[test]
fn bad_data_lines_are_named() {
    let good = format!("{}; 1; 35", fen::JIEQI_START);
    assert_eq!(tune::parse_data(&good, RuleSet::Jieqi).unwrap().len(), 1);
    for (text, what) in [
        (
            format!("# comment\n\n{good}\n{}; 2", fen::JIEQI_START),
            "line 4: result",
        ),
        (fen::JIEQI_START.to_string(), "line 1: expected"),
        (format!("{}; 0.5; abc", fen::JIEQI_START), "line 1: score"),
        (format!("{}; 0.5; NaN", fen::JIEQI_START), "line 1: score"),
        (format!("{}; 0; 1; 2", fen::JIEQI_START), "line 1: too many"),
        ("not a fen; 1".to_string(), "line 1:"),
    ] {
        let e = tune::parse_data(&text, RuleSet::Jieqi)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with(what), "{e}");
    }
}

#[test]
fn the_commands_refuse_bad_arguments_without_panicking() {
    let me = env!("CARGO_BIN_EXE_jieqi");
    let dir = scratch("eval-data");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, format!("{}; 1\nxx; 1\n", fen::JIEQI_START)).unwrap();
    let out_file = dir.join("out.txt");
    let out_path = out_file.to_str().unwrap();
    let bad_path = bad.to_str().unwrap();
    let small = dir.join("small.txt");
    std::fs::write(&small, format!("{}; 1\n", fen::JIEQI_START)).unwrap();
    let small_path = small.to_str().unwrap();
    // A byte that is not UTF-8, on line 3.
    let binary = dir.join("binary.txt");
    let mut bytes = format!("{0}; 1\n{0}; 0\n", fen::JIEQI_START).into_bytes();
    bytes.extend([b'x', 0xff, b'\n']);
    std::fs::write(&binary, bytes).unwrap();
    let binary_path = binary.to_str().unwrap();
    // A refused run leaves an output file already there as it was.
    let keep = dir.join("keep.txt");
    std::fs::write(&keep, "precious\n").unwrap();
    let keep_path = keep.to_str().unwrap();
    for (args, expect) in [
        (vec!["datagen", "--games", "1"], "needs --out"),
        (
            vec!["datagen", "--out", out_path, "--nodes", "x"],
            "--nodes needs a whole number",
        ),
        (
            vec!["datagen", "--out", out_path, "--nodes", "0"],
            "at least 1",
        ),
        (
            vec!["datagen", "--out", keep_path, "--games", "0"],
            "error: --games must be at least 1",
        ),
        (
            vec!["datagen", "--out", keep_path, "--nodes", "-0"],
            "error: --nodes must be at least 1, not '-0'",
        ),
        (
            vec![
                "datagen",
                "--out",
                keep_path,
                "--games",
                "99999999999999999999",
            ],
            "--games is too large: '99999999999999999999'",
        ),
        (
            vec!["tune", bad_path, "--iterations", "99999999999999999999"],
            "--iterations is too large",
        ),
        (
            vec!["tune", bad_path, "--rate", "1e400"],
            "--rate is too large: '1e400'",
        ),
        (
            vec!["tune", bad_path, "--rate", "inf"],
            "--rate needs a number, not 'inf'",
        ),
        (
            vec!["datagen", "--out", keep_path, "--bogus"],
            "unknown datagen option '--bogus' (jieqi datagen --help)",
        ),
        (
            vec!["datagen", "--out", out_path, "--jobs", "+2"],
            "--jobs needs a whole number, not '+2'",
        ),
        (
            vec!["datagen", "--out", out_path, "--jobs=0"],
            "--jobs must be 1 to 256, not '0'",
        ),
        (
            vec!["datagen", "--out", "/nonexistent/dir/f", "--games", "1"],
            "cannot create",
        ),
        (vec!["tune"], "one data FILE"),
        (vec!["tune", "/nonexistent/file"], "cannot read"),
        (vec!["tune", bad_path], "line 2"),
        (vec!["tune", binary_path], "line 3 is not UTF-8 text"),
        (
            vec!["rescore", binary_path, "--out", out_path],
            "line 3 is not UTF-8 text",
        ),
        (
            vec!["match", "random", "random", "--openings", binary_path],
            "cannot read openings",
        ),
        (
            vec!["tune", bad_path, "--rate", "-1"],
            "--rate cannot be negative: '-1'",
        ),
        (
            vec!["tune", bad_path, "--score-weight", "-0.5"],
            "--score-weight cannot be negative: '-0.5'",
        ),
        // "-0" is 0, refused here as 0 is.
        (
            vec!["tune", bad_path, "--net", "--epochs", "-0"],
            "--epochs must be at least 1, not '-0'",
        ),
        (
            vec!["tune", bad_path, "--score-weight", "2"],
            "--score-weight",
        ),
        (
            vec!["tune", bad_path, "--net", "--batch", "0"],
            "--batch must be at least 1, not '0'",
        ),
        (
            vec!["tune", bad_path, "--net", "--epochs", "0"],
            "--epochs must be at least 1, not '0'",
        ),
        // No block held out: no pass could be chosen (an all-zero network was printed).
        (vec!["tune", small_path, "--net"], "1 positions are too few"),
        (
            vec!["datagen", "--out", keep_path, "--rules"],
            "--rules needs a value",
        ),
        (
            vec!["datagen", "--out", keep_path, "--rules", "chess"],
            "'chess' is not a rule set of this command (it takes chessplayx, jieqi, vietnam, xiangqi)",
        ),
        (
            vec!["tune", bad_path, "--rules=shogi"],
            "unknown rules 'shogi' (one of chessplayx, jieqi, vietnam, xiangqi)",
        ),
        (
            vec!["tune", bad_path, "--free", "5"],
            "--free needs FIRST-LAST",
        ),
        (vec!["tune", bad_path, "--free", "9-3"], "not '9-3'"),
        (
            vec!["tune", bad_path, "--free", "0-100000"],
            "not '0-100000'",
        ),
        (vec!["tune", bad_path, "--free", "+1-3"], "not '+1-3'"),
        (
            vec!["tune", bad_path, "--with-net=1"],
            "--with-net takes no value (not '1')",
        ),
        (
            vec!["tune", bad_path, "--net", "--with-net"],
            "'--with-net' is a flag of the linear fit",
        ),
        (
            vec!["tune", bad_path, "--net", "--free", "0-3"],
            "'--free' is not a flag of the --net fit",
        ),
        (vec!["tune", bad_path, "--net", "--rate", "x"], "--rate"),
        (
            vec!["tune", bad_path, "--net", "--epochs", "1.0"],
            "--epochs needs a whole number, not '1.0'",
        ),
        (
            vec!["tune", bad_path, "--net", "--rate", "0"],
            "--rate must be a positive number, not '0'",
        ),
        (
            vec!["tune", bad_path, "--net", "--rate", "1e-400"],
            "--rate must be a positive number, not '1e-400'",
        ),
        (
            vec!["tune", bad_path, "--score-weight", "2.0"],
            "between 0 and 1, not '2.0'",
        ),
        (
            vec!["tune", bad_path, "--net", "--l2", "1"],
            "'--l2' is not a flag",
        ),
        (
            vec!["tune", bad_path, "--epochs", "3"],
            "'--epochs' is not a flag",
        ),
        (vec!["tune", "/nonexistent/file", "--net"], "cannot read"),
        (vec!["tune", bad_path, "--net"], "line 2"),
        (vec!["rescore", bad_path], "needs --out"),
        (vec!["rescore", "--out", out_path], "one datagen FILE"),
        (
            vec!["rescore", "/nonexistent/file", "--out", out_path],
            "cannot read",
        ),
        (vec!["rescore", bad_path, "--out", out_path], "line 2"),
        // Not the input's fault: named without its path.
        (
            vec!["rescore", bad_path, "--out", keep_path, "--nodes", "0"],
            "error: --nodes must be at least 1",
        ),
        (
            vec!["rescore", bad_path, "--out", out_path, "--jobs", "0"],
            "--jobs must be 1 to 256",
        ),
    ] {
        let o = Command::new(me).args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(expect), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    assert_eq!(std::fs::read_to_string(&keep).unwrap(), "precious\n");
    // A tiny run end to end: datagen writes, tune reads and prints a table.
    let o = Command::new(me)
        .args([
            "datagen", "--games", "2", "--nodes", "200", "--seed", "3", "--out", out_path,
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = Command::new(me)
        .args(["tune", out_path, "--iterations", "20"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let src = String::from_utf8_lossy(&o.stdout);
    assert!(src.contains("pub const WEIGHTS"), "{src}");
    // As rustfmt leaves a file: one newline at the end, no blank line.
    assert!(src.ends_with("];\n") && !src.ends_with("\n\n"), "{src}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("K = "));
    // A rate that throws the weights about: refused, nothing printed (the
    // weights were printed saturated, status 0).
    let o = Command::new(me)
        .args([
            "tune",
            out_path,
            "--iterations",
            "3",
            "--rate",
            "99999999999999999999",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("the fit diverged"), "{err}");
    assert!(o.stdout.is_empty());
    let o = Command::new(me)
        .args([
            "tune",
            out_path,
            "--net",
            "--epochs",
            "2",
            "--score-weight",
            "1",
        ])
        .output()
        .unwrap();
    // Too few positions to hold a block out: refused, nothing printed (the
    // fit printed an all-zero network, which would have replaced the
    // engine's); the network's fit itself is tested below.
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert!(String::from_utf8_lossy(&o.stderr).contains("are too few"));
    // A file name of 255 bytes (the most a name may have; its `.part`
    // would have 260), the option written with '='; and the linear fit's
    // option under --net is refused by the fit, whichever way it is written.
    let long = dir.join("d".repeat(255));
    let o = Command::new(me)
        .args(["datagen", "--games=1", "--nodes=200", "--rules=xiangqi"])
        .arg(format!("--out={}", long.to_str().unwrap()))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::read_to_string(&long).unwrap().lines().count() > 0);
    for it in [&["--iterations", "2"][..], &["--iterations=2"][..]] {
        let o = Command::new(me)
            .args(["tune", long.to_str().unwrap(), "--net"])
            .args(it)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains("--iterations"), "{err}");
        assert!(!err.contains("after a space"), "{err}");
    }
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".part")), "{names:?}");
}

/// Samples whose search score is an interaction no linear term can give:
/// 300 when both of two features are present, 0 otherwise.
fn interaction_samples(n: usize) -> Vec<Sample> {
    let (a, b) = (eval::HANGING_THEM as u16, eval::PALACE_ATTACKS as u16);
    (0..n)
        .map(|i| {
            let (x, y) = (i % 2 == 1, i / 2 % 2 == 1);
            let mut features = vec![(eval::TEMPO as u16, 1.0)];
            if x {
                features.push((a, 1.0));
            }
            if y {
                features.push((b, 2.0));
            }
            Sample {
                inputs: features.clone(),
                features,
                mg: 0.5,
                result: 0.5,
                score: if x && y { 300.0 } else { 0.0 },
                correction: 0.0,
                offset: 0.0,
            }
        })
        .collect()
}

#[test]
fn the_network_learns_what_the_linear_terms_cannot() {
    let samples = interaction_samples(4000);
    let held = interaction_samples(400);
    let zero = vec![(0.0, 0.0); eval::FEATURES];
    let k = 1.0;
    let opts = NetOptions {
        epochs: 60,
        rate: 0.01,
        score_weight: 1.0,
        batch: 64,
        seed: 7,
        from_engine: false,
    };
    let (net, scale) = tune_net::fit_net(&samples, &held, &zero, k, &opts, &mut |_, _, _| {});
    let before = tune_net::net_error(&tune_net::Net::zero(), &scale, &held, &zero, k, 1.0);
    let after = tune_net::net_error(&net, &scale, &held, &zero, k, 1.0);
    // The best linear fit of this target still errs on every sample; the
    // network must do far better than no correction at all.
    assert!(after < before / 20.0, "error {before} -> {after}");
    // Inputs the data never sets keep no weight.
    let src = tune_net::net_source(&net, &scale, "header");
    let row = |f: usize| {
        src.lines()
            .find(|l| l.ends_with(&format!("// us: {}", eval::name(f))))
            .unwrap_or_else(|| panic!("no row for {}", eval::name(f)))
            .to_string()
    };
    assert!(
        row(eval::HORSE_MOBILITY)
            .trim_start()
            .starts_with("[    0,"),
        "{}",
        row(eval::HORSE_MOBILITY)
    );
    assert!(!row(eval::HANGING_THEM).contains("[    0,    0,    0,    0,"));
}

#[test]
fn the_printed_network_is_the_source_of_the_table() {
    use jieqi::ai::eval::net::{HIDDEN, INPUTS, SIDE_INPUTS, W1};
    let src = tune_net::net_source(&tune_net::Net::zero(), &[1.0; INPUTS], "header");
    assert!(src.starts_with("//! header\n"));
    assert!(src.contains("pub const W1: [[i16; HIDDEN]; INPUTS] = ["));
    // The program ends what it prints with a newline, as for weights.rs:
    // one more would leave a blank last line that rustfmt refuses.
    assert!(src.ends_with("];"), "{}", &src[src.len() - 20..]);
    let rows: Vec<&str> = src
        .lines()
        .filter(|l| l.trim_start().starts_with('[') && l.contains("//"))
        .collect();
    assert_eq!(rows.len(), INPUTS);
    for (i, row) in rows.iter().enumerate() {
        // The side to move's features, then the other side's.
        let name = if i < SIDE_INPUTS {
            format!("// us: {}", eval::name(i))
        } else {
            format!("// them: {}", eval::name(i - SIDE_INPUTS))
        };
        assert!(row.ends_with(&name), "{row}");
        let values = row[row.find('[').unwrap() + 1..row.find(']').unwrap()]
            .split(',')
            .count();
        assert_eq!(values, HIDDEN, "{row}");
    }
    assert_eq!(W1.len(), INPUTS);
}

#[test]
fn the_tuner_reads_the_engines_network_back() {
    use jieqi::ai::eval::net::{HIDDEN, INPUTS};
    // Any scale: the tuner's inputs are the sample's inputs divided by it.
    let scale: [f64; INPUTS] = std::array::from_fn(|i| 0.5 + (i % 3) as f64);
    let net = tune_net::Net::shipped(&scale);
    let mut worst = 0.0f64;
    for pos in positions(300) {
        let sample = Sample::of(&pos, 0.5, 0.0);
        let mut x = [0.0f32; INPUTS];
        for &(i, v) in &sample.inputs {
            x[i as usize] = (v as f64 / scale[i as usize]) as f32;
        }
        let mut h = [0.0; HIDDEN];
        let tuner = net.forward(&x, &mut h);
        let f = eval::features(&pos);
        let engine = eval::correction(&f.inputs, f.turn) as f64;
        worst = worst.max((tuner - engine).abs());
    }
    // The samples hold the engine's own inputs, rounded as it rounds
    // them; what is left is the engine's integer units and output.
    assert!(worst <= 1.5, "tuner and engine differ by {worst} cp");
}

#[test]
fn a_fit_from_the_engine_starts_from_its_network_and_keeps_it_unless_beaten() {
    // Targets the engine's own evaluation: its network is already good.
    let mut samples: Vec<Sample> = positions(400)
        .iter()
        .map(|p| Sample::of(p, 0.5, eval::evaluate(p) as f32))
        .collect();
    let held = samples.split_off(300);
    // The linear part as the engine has it; the network's part is the fit's.
    let linear: Vec<(f64, f64)> = WEIGHTS.iter().map(|&(a, b)| (a as f64, b as f64)).collect();
    let k = 0.3;
    let mut opts = NetOptions {
        epochs: 2,
        rate: 0.0,
        score_weight: 1.0,
        batch: 64,
        seed: 3,
        from_engine: true,
    };
    // No step: every pass is the engine's network, which is kept.
    let (net, scale) = tune_net::fit_net(&samples, &held, &linear, k, &opts, &mut |_, _, _| {});
    let shipped = tune_net::Net::shipped(&scale);
    assert_eq!(net.w1, shipped.w1);
    assert_eq!(net.out, shipped.out);
    // With steps, what is kept is never worse on the held-out positions.
    opts.rate = 0.001;
    let (net, scale) = tune_net::fit_net(&samples, &held, &linear, k, &opts, &mut |_, _, _| {});
    let error = |n: &tune_net::Net| tune_net::net_error(n, &scale, &held, &linear, k, 1.0);
    assert!(error(&net) <= error(&tune_net::Net::shipped(&scale)));
    assert!(error(&net) < error(&tune_net::Net::zero()));
}

#[test]
fn a_fit_from_the_engine_that_beats_nothing_prints_nothing() {
    // Data scored by the engine's own evaluation but 40 cp more: its network
    // is close, and a fit need only learn the shift.
    let mut text = String::from("# rules jieqi\n");
    for p in positions(5000) {
        let score = eval::evaluate(&p) + 40;
        text.push_str(&format!("{}; 0.5; {score}\n", fen::write(&p)));
    }
    let opts = |rate| NetOptions {
        epochs: 1,
        rate,
        score_weight: 1.0,
        batch: 1024,
        seed: 1,
        from_engine: true,
    };
    // Diverged (every pass not a number), or too small a step to improve:
    // the engine's network would be printed back as if fitted.
    for rate in [1e12, 1e-30] {
        let r = tune_net::tune_net_command(&text, RuleSet::Jieqi, &opts(rate), &mut |_| {});
        let err = r.expect_err("nothing better than the engine's network to print");
        assert!(err.contains("than the engine's network"), "{err}");
    }
    // A real step on these positions prints, its header saying where it began.
    let src = tune_net::tune_net_command(&text, RuleSet::Jieqi, &opts(0.001), &mut |_| {}).unwrap();
    assert!(src.contains("(1 epoch at most,"), "{src}");
    assert!(src.contains("(`--from-engine`), held-out error"), "{src}");
}

#[test]
fn with_the_net_a_sample_predicts_the_engines_whole_evaluation() {
    let w: Vec<(f64, f64)> = WEIGHTS.iter().map(|&(a, b)| (a as f64, b as f64)).collect();
    let mut samples: Vec<Sample> = positions(60)
        .iter()
        .map(|p| Sample::of(p, 0.5, 0.0))
        .collect();
    tune::with_net(&mut samples);
    let mut corrected = 0;
    for (s, pos) in samples.iter().zip(positions(60)) {
        let f = eval::features(&pos);
        assert_eq!(s.offset as i32, eval::correction(&f.inputs, f.turn));
        corrected += (s.offset != 0.0) as usize;
        // The engine's evaluation, but for integer rounding (as in
        // tests/eval_terms.rs).
        let engine = eval::evaluate(&pos) as f64;
        assert!((s.eval(&w) - engine).abs() <= 13.0, "{}", fen::write(&pos));
    }
    assert!(corrected > 30, "the correction is rarely zero");
}

/// A rate that throws the weights about is refused, even where the
/// held-out choice would keep the weights the fit started from (they were
/// printed unchanged, status 0, with the error gone to NaN).
#[test]
fn a_diverged_linear_fit_is_refused_with_positions_held_out() {
    let text: String = (0..6000)
        .map(|i| {
            format!(
                "{}; {}; {}\n",
                fen::JIEQI_START,
                (i % 3) as f32 / 2.0,
                i % 50
            )
        })
        .collect();
    let opts = FitOptions {
        iterations: 100,
        rate: 1e308,
        ..FitOptions::default()
    };
    let e = tune::tune_command(&text, RuleSet::Jieqi, &opts, &mut |_| {}).unwrap_err();
    assert!(e.contains("the fit diverged"), "{e}");
    let opts = FitOptions {
        iterations: 100,
        ..FitOptions::default()
    };
    assert!(tune::tune_command(&text, RuleSet::Jieqi, &opts, &mut |_| {}).is_ok());
}

/// What a file says is quoted short in an error, with what cannot be seen
/// spelled out; a byte-order mark at a file's start (as some editors save
/// UTF-8) is skipped, not read as part of the first line.
#[test]
fn file_text_is_quoted_short_and_a_byte_order_mark_is_skipped() {
    let me = env!("CARGO_BIN_EXE_jieqi");
    let dir = scratch("eval-quote");
    let long = dir.join("long.txt");
    std::fs::write(
        &long,
        format!("{}; {}\n", fen::JIEQI_START, "y".repeat(300)),
    )
    .unwrap();
    let hidden = dir.join("hidden.txt");
    std::fs::write(
        &hidden,
        format!("{}; 1\n\u{200b}{}; 1\n", fen::JIEQI_START, fen::JIEQI_START),
    )
    .unwrap();
    // A vertical tab where the side to move's field ends.
    let side = dir.join("side.txt");
    let start = fen::JIEQI_START.replacen(" w ", " w\u{b}", 1);
    std::fs::write(&side, format!("{start}; 1\n")).unwrap();
    let bom = dir.join("bom.txt");
    // Two files joined with cat, each with its byte-order mark.
    std::fs::write(
        &bom,
        format!(
            "\u{feff}{0}; 1\n\u{feff}# rules jieqi\n{0}; 0\n",
            fen::JIEQI_START
        ),
    )
    .unwrap();
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "\u{feff}startpos\n").unwrap();
    let run = |args: &[&str]| {
        let o = Command::new(me).args(args).output().unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };

    let (code, err) = run(&["tune", long.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains(&format!("not '{}...'", "y".repeat(60))),
        "{err}"
    );
    assert!(err.len() < 200, "{err}");

    let (code, err) = run(&["tune", hidden.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("line 2: bad FEN '\\u{200b}xxxxkxxxx/")
            && err.contains("...': unexpected character '\\u{200b}'"),
        "{err}"
    );

    let (code, err) = run(&["tune", side.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("found 'w\\u{b}"), "{err}");

    let (code, err) = run(&["tune", bom.to_str().unwrap(), "--iterations", "1"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("2 positions"), "{err}");

    let (code, err) = run(&[
        "match",
        "random",
        "random",
        "--games",
        "1",
        "--openings",
        openings.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");

    assert_eq!(jieqi::cli::shown("a\u{feff}b"), "a\\u{feff}b");
    // Spaces that are not the ASCII one look like it: spelled out.
    assert_eq!(
        jieqi::cli::shown("w\u{a0}b\u{2009}c\u{3000}"),
        "w\\u{a0}b\\u{2009}c\\u{3000}"
    );
    assert_eq!(jieqi::cli::shown(&"z".repeat(60)), "z".repeat(60));
}
