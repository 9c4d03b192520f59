//! `jieqi result`: the built binary judges games; bad input is a clear
//! message on stderr with exit status 2, never a panic.

mod common;

use std::ffi::OsStr;
use std::process::{Command, Output};

/// The built binary run with `args`.
fn jieqi<S: AsRef<OsStr>>(args: impl IntoIterator<Item = S>) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jieqi"))
        .args(args)
        .output()
        .expect("the jieqi binary runs")
}

fn run(args: &[&str]) -> Output {
    jieqi(std::iter::once("result").chain(args.iter().copied()))
}

/// The verdict line of a successful run.
fn verdict(args: &[&str]) -> String {
    let out = run(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    String::from_utf8(out.stdout)
        .unwrap()
        .trim_end()
        .to_string()
}

/// The error message of a refused run (exit status 2, nothing on stdout).
fn refusal(args: &[&str]) -> String {
    let out = run(args);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    stderr
}

fn with_moves<'a>(fen: &'a str, moves: &[&'a str]) -> Vec<&'a str> {
    let mut v = vec![fen];
    v.extend_from_slice(moves);
    v
}

#[test]
fn checkmate() {
    let args = with_moves("4k4/R8/9/9/9/9/9/9/9/1R1K5 w", &["b0b9"]);
    assert_eq!(verdict(&args), "1-0 checkmate");
}

#[test]
fn perpetual_check() {
    let cycle = [
        "a0a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9", "a8a9",
    ];
    let args = with_moves("4k4/9/9/9/9/9/9/9/9/R2K5 w", &cycle);
    assert_eq!(verdict(&args), "0-1 perpetual check");
}

#[test]
fn perpetual_chase_and_its_rule_sets() {
    let cycle = [
        "a7c8", "i7i8", "c8a7", "i8i7", "a7c8", "i7i8", "c8a7", "i8i7",
    ];
    let fen = "4k4/9/n7R/9/9/9/9/9/9/3K5 b";
    assert_eq!(verdict(&with_moves(fen, &cycle)), "0-1 perpetual chase");
    let mut args = vec!["--rules", "vietnam", fen];
    args.extend_from_slice(&cycle);
    assert_eq!(verdict(&args), "1/2-1/2 threefold repetition");
}

#[test]
fn a_standing_attack_repeats_to_a_draw() {
    // The example of RULES.md section 4: Red only moves its general.
    let moves = [
        "e0e1", "d9d8", "e1e0", "d8d9", "e0e1", "d9d8", "e1e0", "d8d9",
    ];
    let args = with_moves("3k5/n8/9/9/R8/9/9/9/9/4K4 w - 0 1", &moves);
    assert_eq!(verdict(&args), "1/2-1/2 threefold repetition");
    // The same with the FEN's fields as separate arguments.
    let mut args = vec!["3k5/n8/9/9/R8/9/9/9/9/4K4", "w", "-", "0", "1"];
    args.extend_from_slice(&moves);
    assert_eq!(verdict(&args), "1/2-1/2 threefold repetition");
}

#[test]
fn ongoing_games_with_and_without_letters() {
    assert_eq!(verdict(&["startpos"]), "* ongoing");
    assert_eq!(verdict(&["startpos", "h2e2C", "h7e7c"]), "* ongoing");
    // Missing reveal and captured letters are drawn from the pool.
    assert_eq!(verdict(&["startpos", "h2e2", "h7e7", "h0g2"]), "* ongoing");
    assert_eq!(verdict(&["startpos", "h2h9Cn"]), "* ongoing");
    assert_eq!(verdict(&["startpos", "h2h9C"]), "* ongoing");
    assert_eq!(
        verdict(&["--rules", "xiangqi", "startpos", "moves", "h2e2", "h9g7"]),
        "* ongoing"
    );
}

#[test]
fn no_progress_limit() {
    let args = with_moves("4k4/9/9/9/9/9/9/P8/9/R2K5 w - 119 80", &["a0a1"]);
    assert_eq!(verdict(&args), "1/2-1/2 no-progress limit");
}

#[test]
fn a_bad_fen_is_refused() {
    let e = refusal(&["4k4/9/9 w", "a0a1"]);
    assert!(e.contains("bad FEN") && e.contains("10 ranks"), "{e}");
    // Every command that reads a FEN says so the same way, the text quoted
    // escaped.
    for cmd in [
        &["moves"][..],
        &["perft", "1"],
        &["perft", "1", "--rules", "chess"],
    ] {
        let out = jieqi(cmd.iter().copied().chain(["4k4/9\t/9 w"]));
        let e = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{cmd:?}: {e}");
        assert!(
            e.starts_with("error: bad FEN '4k4/9\\t/9 w': "),
            "{cmd:?}: {e}"
        );
    }
    let e = refusal(&["4k4/9/9/9/9/9/9/9/9/R2K5 x"]);
    assert!(e.contains("side to move") && e.contains("'x'"), "{e}");
    let e = refusal(&["4k4/9/9/9/9/9/9/9/9/R2K5 w Q9"]);
    assert!(e.contains("pool"), "{e}");
    let e = refusal(&[]);
    assert!(e.contains("FEN"), "{e}");
}

#[test]
fn a_bad_move_is_named() {
    let e = refusal(&["startpos", "h2e2C", "e0e2"]);
    assert!(
        e.contains("move 2 (e0e2)") && e.contains("black is to move"),
        "{e}"
    );
    let e = refusal(&["startpos", "zz"]);
    assert!(
        e.contains("move 1 (zz)") && e.contains("not move text"),
        "{e}"
    );
    let e = refusal(&["startpos", "h2e2C", "h9h8"]);
    assert!(
        e.contains("move 2 (h9h8)") && e.contains("not a legal move"),
        "{e}"
    );
    let e = refusal(&["startpos", "e5e6"]);
    assert!(
        e.contains("move 1 (e5e6)") && e.contains("no piece on e5"),
        "{e}"
    );
    // A reveal letter on a face-up piece, or one the pool no longer holds.
    let e = refusal(&["startpos", "h2e2C", "h7e7c", "e2e6C"]);
    assert!(e.contains("move 3 (e2e6C)") && e.contains("face up"), "{e}");
    let e = refusal(&["startpos", "h2e2C", "h7e7c", "b2b1C", "b7b8c", "a3a4C"]);
    assert!(
        e.contains("move 5 (a3a4C)") && e.contains("no unknown cannon"),
        "{e}"
    );
    // A captured letter where nothing face down is taken.
    let e = refusal(&["startpos", "h2e2Cn"]);
    assert!(
        e.contains("move 1 (h2e2Cn)") && e.contains("no face-down piece"),
        "{e}"
    );
}

#[test]
fn a_captured_identity_is_an_error_where_nobody_learns_it() {
    let e = refusal(&["--rules", "chessplayx", "startpos", "h2h9Cn"]);
    assert!(
        e.contains("move 1 (h2h9Cn)") && e.contains("nobody learns"),
        "{e}"
    );
    assert_eq!(
        verdict(&["--rules", "chessplayx", "startpos", "h2h9C"]),
        "* ongoing"
    );
}

#[test]
fn a_move_after_the_end_is_refused() {
    let e = refusal(&["4k4/R8/9/9/9/9/9/9/9/1R1K5 w", "b0b9", "e9e8"]);
    assert!(
        e.contains("move 2 (e9e8)") && e.contains("already over (1-0 checkmate)"),
        "{e}"
    );
}

#[test]
fn help_names_the_verdicts() {
    let out = run(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("jieqi result") && text.contains("* ongoing"),
        "{text}"
    );
}

#[test]
fn arguments_that_are_not_utf8_are_errors_not_panics() {
    use std::os::unix::ffi::OsStrExt;
    let bad = OsStr::from_bytes(b"e0e1\xff");
    for args in [
        vec![
            OsStr::new("result"),
            OsStr::new("3k5/9/9/9/9/9/9/9/9/4K4 w - 0 1"),
            bad,
        ],
        vec![
            OsStr::new("result"),
            OsStr::new("--rules"),
            OsStr::from_bytes(b"jieqi\xff"),
            OsStr::new("startpos"),
        ],
        vec![OsStr::new("moves"), OsStr::from_bytes(b"startpos\xff")],
    ] {
        let out = jieqi(&args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("is not UTF-8 text: '"), "{args:?}: {err}");
        // The byte that is not text is shown as such, the rest as written.
        assert!(err.contains("\\xFF'"), "{args:?}: {err}");
        assert!(!err.contains('\u{fffd}'), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// A capture without its letter is drawn without using up an identity a
/// later move reveals: whatever the seed, the record plays.
#[test]
fn a_drawn_capture_leaves_what_later_moves_reveal() {
    // Black has two face-down pieces and one chariot and one cannon unknown.
    // Red takes the one on a9 (no letter: drawn), then black reveals the
    // one on h7 as its cannon: the capture must have drawn the chariot.
    let fen = "x8/4k4/7x1/9/9/9/9/9/9/R2K5 w r1c1 0 1";
    for seed in 1..=24 {
        let s = seed.to_string();
        let args = ["--seed", s.as_str(), fen, "a0a9", "h7h4c"];
        assert_eq!(verdict(&args), "* ongoing", "seed {seed}");
    }
    // Likewise for a reveal without its letter before a named one.
    let fen = "4k4/9/9/9/9/9/9/1X7/9/X2K5 w R1C1 0 1";
    for seed in 1..=24 {
        let s = seed.to_string();
        let args = ["--seed", s.as_str(), fen, "a0a1", "e9e8", "b2b5C"];
        assert_eq!(verdict(&args), "* ongoing", "seed {seed}");
    }
}

/// A move the drawn identity of a piece cannot make names the draw and how
/// to choose the identity instead.
#[test]
fn an_illegal_move_after_a_drawn_reveal_says_how_to_name_it() {
    let mut told = 0;
    for seed in 1..=12 {
        let s = seed.to_string();
        let out = run(&["--seed", s.as_str(), "startpos", "i3i4", "a6a5", "i4i5"]);
        if out.status.code() == Some(0) {
            continue;
        }
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("move 3 (i4i5)")
                && err.contains("move 1's text names no identity")
                && err.contains("give its letter at move 1"),
            "seed {seed}: {err}"
        );
        told += 1;
    }
    assert!(told > 0, "some seed draws a piece that cannot step forward");
    // Named, it plays whatever the seed.
    for seed in 1..=12 {
        let s = seed.to_string();
        assert_eq!(
            verdict(&["--seed", s.as_str(), "startpos", "i3i4P", "a6a5", "i4i5"]),
            "* ongoing"
        );
    }
}

/// What a command refuses is quoted escaped (a tab as `\t`) and the
/// message says what it takes instead.
#[test]
fn refusals_quote_escaped_and_list_what_is_taken() {
    let refused = |args: &[&str]| {
        let out = jieqi(args);
        (out.status.code(), String::from_utf8(out.stderr).unwrap())
    };
    let long = std::env::temp_dir().join("x".repeat(256));
    for (args, want) in [
        (
            vec!["perft", "1", "--rules=foo"],
            "unknown rules 'foo' (one of chessplayx, jieqi, vietnam, xiangqi, chess, hidden-chess)",
        ),
        (
            vec!["soak", "--rules", "chess"],
            "'chess' is not a rule set of this command (it takes chessplayx, jieqi, vietnam, xiangqi)",
        ),
        (vec!["soak", "--games=1\t2"], "--games needs a whole number, not '1\\t2'"),
        (
            vec!["moves", "startpos", "--notation", "x\u{a0}"],
            "unknown notation 'x\\u{a0}' (one of wxf, chinese, vietnamese, coords)",
        ),
        (vec!["perft", "1", "--bogus", "--help"], "unknown perft option '--bogus'"),
        (vec!["bo\tgus"], "unknown command 'bo\\tgus'"),
        (vec!["result", "startpos", "h2\te2"], "move 1 (h2\\te2): "),
        (
            vec!["datagen", "--games", "1", "--out", long.to_str().unwrap()],
            "a file or folder name has at most 255 bytes, this one 256",
        ),
        (
            vec!["match", "random", "random", "--out", long.to_str().unwrap()],
            "a file or folder name has at most 255 bytes, this one 256",
        ),
        (vec!["result", "", "--rules", "chess"], "bad FEN '': the position text is empty"),
        (
            vec!["result", "startpos", " ", "--rules", "chess"],
            "argument 2 is empty",
        ),
        (vec!["help", "perft", "x"], "unexpected argument 'x'"),
        (vec!["perft", "a\tb"], "perft's depth needs a whole number, not 'a\\tb'"),
        (
            vec!["match", "random", "random", "ex\tra"],
            "match needs two engines, got 3: 'random', 'random', 'ex\\tra'",
        ),
    ] {
        let (code, err) = refused(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
    // A game record that could not be written (a folder in its way) is
    // seen before any game.
    let dir = common::scratch("records");
    std::fs::create_dir_all(dir.join("game-0001.txt")).unwrap();
    let out = jieqi(
        ["match", "random", "random", "--games", "1", "--out"]
            .map(OsStr::new)
            .into_iter()
            .chain([dir.as_os_str()]),
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("already holds game-0001.txt"), "{err}");
    assert!(!String::from_utf8(out.stdout).unwrap().contains("wins "));
    // Notations are read as rule sets are, whatever the case.
    let (code, err) = refused(&["moves", "startpos", "--notation", "WXF"]);
    assert_eq!(code, Some(0), "{err}");
}
