//! `jieqi match --sprt` and `--openings`: the test's arithmetic through the
//! library, then the program as a user runs it (quick random and
//! crashing engines only).

mod common;

use std::process::{Command, Output};

use common::{fake_engine, scratch};

use jieqi::cli::matches::parse_openings;
use jieqi::cli::sprt::{elo_of, score_of_elo, Sprt, SprtError, Verdict, GAME, PAIR};
use jieqi::rules::xiangqi::fen;
use jieqi::rules::RuleSet;

const ME: &str = env!("CARGO_BIN_EXE_jieqi");
/// Jieqi openings: the start, and one after a first move.
const OPENING_A: &str = fen::JIEQI_START;
const OPENING_B: &str =
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/6P2/X1X1X3X/1X5X1/9/XXXXKXXXX b R2A2C2P4N2B2r2a2c2p5n2b2 0 1";

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

fn standard() -> Sprt {
    Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap()
}

/// The generalized SPRT's LLR as fishtest computes it: values from an
/// independent computation (Python, bisection), and near the hypotheses
/// the normal approximation `N (s1 - s0) (2x - s0 - s1) / (2v)`.
#[test]
fn llr_matches_an_independent_computation() {
    let t = standard();
    let s1 = score_of_elo(10.0);
    assert!(close(s1, 0.514_387_184_165_987_6));
    assert!((t.llr(60, 20, 20) - 1.389_822_163_939_287_8).abs() < 1e-6);
    assert!((t.llr(20, 20, 60) + 1.488_185_755_527_142).abs() < 1e-6);
    // 520-0-480: x = 0.52, v = 0.2496.
    let normal = 1000.0 * (s1 - 0.5) * (1.04 - 0.5 - s1) / (2.0 * 0.2496);
    assert!((t.llr(520, 0, 480) - 0.737_139_257_507_858_2).abs() < 1e-6);
    assert!((t.llr(520, 0, 480) - normal).abs() < 0.002, "{normal}");
    assert_eq!(t.llr(0, 0, 0), 0.0);
}

/// Pairs of games (pentanomial): each pair's mean score is one
/// observation. 5-2-10-28-15 pairs (engine 1 scoring 0 to 2): mean
/// 0.691666..., variance 0.077847... a pair, over 60 pairs.
#[test]
fn pairs_are_counted_as_one_observation_each() {
    let t = standard();
    assert!((t.llr_pairs([5, 2, 10, 28, 15]) - 1.199_903_161_811_408_2).abs() < 1e-6);
    assert!((t.llr_pairs([10, 20, 40, 20, 10]) + 0.137_899_221_754_643_14).abs() < 1e-6);
    // Only won pairs, against hypotheses far up: fishtest's LLR, +0.38 for
    // 18 pairs (an unseen outcome counts a thousandth of a pair, so a short
    // one-sided run is not pulled towards 50%).
    let far = Sprt::new(600.0, 800.0, 0.4, 0.4).unwrap();
    assert!((far.llr_pairs([0, 0, 0, 0, 18]) - 0.380_206_231_954_461_3).abs() < 1e-6);
    assert_eq!(t.llr_pairs([0; 5]), 0.0);
    let (e, Some((lo, hi))) = elo_of(&[5, 2, 10, 28, 15], &PAIR) else {
        panic!("no interval");
    };
    assert!(close(e, 140.350_547_323_631_56), "{e}");
    assert!(close(lo, 85.830_487_585_336_13) && close(hi, 202.406_319_695_744_57));
    // The per-game form is the trinomial one.
    let (e, Some((lo, hi))) = elo_of(&[20, 20, 60], &GAME) else {
        panic!("no interval");
    };
    assert!(close(e, -400.0 * (1.0f64 / 0.7 - 1.0).log10()) && lo < e && e < hi);
    // Observations that do not vary give no interval, not one of no width.
    assert_eq!(elo_of(&[0, 0, 1, 0, 0], &PAIR), (0.0, None));
    assert_eq!(elo_of(&[0, 0, 40, 0, 0], &PAIR), (0.0, None));
    let (e, none) = elo_of(&[0, 0, 7], &GAME);
    assert!(e > 1000.0 && none.is_none(), "{e}");
    assert_eq!(elo_of(&[0, 0, 0], &GAME), (0.0, None));
}

#[test]
fn bounds_follow_the_error_rates() {
    let (lo, hi) = standard().bounds();
    assert!(close(lo, (0.05f64 / 0.95).ln()) && close(hi, (0.95f64 / 0.05).ln()));
    assert!(close(lo, -2.944_438_979_166_440_3));
    // A tiny error rate gives a large bound, not an overflow.
    let (_, hi) = Sprt::new(0.0, 10.0, 1e-320, 0.05).unwrap().bounds();
    assert!(
        (hi - (0.95f64.ln() - 1e-320f64.ln())).abs() < 1e-9 && hi < 740.0,
        "{hi}"
    );
    let (lo, hi) = Sprt::new(0.0, 10.0, 0.1, 0.2).unwrap().bounds();
    assert!(close(lo, (0.2f64 / 0.9).ln()) && close(hi, 8f64.ln()));
}

#[test]
fn symmetric_results_sit_in_the_middle() {
    let t = Sprt::new(-5.0, 5.0, 0.05, 0.05).unwrap();
    assert!(t.llr(30, 40, 30).abs() < 1e-9);
    assert!(t.llr(7, 0, 7).abs() < 1e-9);
    assert_eq!(t.verdict(t.llr(30, 40, 30)), Verdict::Inconclusive);
}

#[test]
fn wins_without_losses_raise_the_llr_to_h1() {
    // A win is worth at most ln(s1 / s0) (0.25 here): the bounds need a
    // dozen straight wins.
    let t = Sprt::new(0.0, 100.0, 0.05, 0.05).unwrap();
    let mut last = t.llr(0, 0, 0);
    for w in 1..=40 {
        let llr = t.llr(w, 0, 0);
        assert!(
            llr.is_finite() && llr > last,
            "{w} wins: {llr} after {last}"
        );
        last = llr;
    }
    assert_eq!(t.verdict(last), Verdict::H1);
    assert_eq!(t.verdict(t.llr(0, 0, 40)), Verdict::H0);
    assert_eq!(t.verdict(t.llr(3, 0, 0)), Verdict::Inconclusive);
}

#[test]
fn meaningless_parameters_are_refused() {
    assert!(matches!(
        Sprt::new(10.0, 0.0, 0.05, 0.05),
        Err(SprtError::Hypotheses { .. })
    ));
    assert!(matches!(
        Sprt::new(0.0, f64::NAN, 0.05, 0.05),
        Err(SprtError::Hypotheses { .. })
    ));
    for (a, b) in [(0.0, 0.05), (0.05, 1.0), (0.6, 0.5)] {
        assert!(matches!(
            Sprt::new(0.0, 10.0, a, b),
            Err(SprtError::ErrorRates { .. })
        ));
    }
}

#[test]
fn openings_skip_comments_and_name_a_bad_line() {
    let text = format!("# openings\n\n{OPENING_A}\n  \n{OPENING_B}\n");
    let got = parse_openings(&text, RuleSet::Jieqi).unwrap();
    assert_eq!(got.len(), 2);
    let e =
        parse_openings(&format!("{OPENING_A}\n# fine\nnot a fen\n"), RuleSet::Jieqi).unwrap_err();
    assert_eq!(e.line, 3);
    assert!(e.to_string().contains("line 3"), "{e}");
    assert!(parse_openings("# nothing\n\n", RuleSet::Jieqi).is_err());
    // 'startpos' is the rule set's start, in either game's file.
    let start = parse_openings("startpos\n", RuleSet::Xiangqi).unwrap();
    assert_eq!(
        start,
        vec![jieqi::rules::xiangqi::fen::write(
            &jieqi::rules::Position::start(RuleSet::Xiangqi)
        )]
    );
    let chess =
        jieqi::cli::chess_match::parse_openings("startpos\n", jieqi::rules::chess::Variant::Chess)
            .unwrap();
    assert_eq!(
        chess,
        vec![jieqi::rules::chess::fen::CHESS_START.to_string()]
    );
}

fn run(args: &[&str]) -> Output {
    Command::new(ME).args(args).output().expect("run jieqi")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn match_cycles_openings_by_pair_and_names_the_verdict() {
    let dir = scratch("openings");
    let file = dir.join("openings.txt");
    std::fs::write(&file, format!("# two\n{OPENING_A}\n\n{OPENING_B}\n")).unwrap();
    let games = dir.join("games");
    let out = run(&[
        "match",
        "random",
        "random",
        "--games",
        "4",
        "--sprt",
        "0",
        "10",
        "--openings",
        file.to_str().unwrap(),
        "--jobs",
        "1",
        "--seed",
        "7",
        "--out",
        games.to_str().unwrap(),
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(stdout.contains("(jieqi, 4 games)"), "{stdout}");
    assert!(stdout.contains("95% interval"), "{stdout}");
    // Four games are two pairs: the interval is by pairs.
    let pairs = stdout
        .lines()
        .find_map(|l| l.strip_prefix("pairs 2, engine 1 scoring 0, 1/2, 1, 3/2, 2: "))
        .unwrap_or_else(|| panic!("no pairs line in\n{stdout}"));
    let counted: usize = pairs.split(' ').map(|k| k.parse::<usize>().unwrap()).sum();
    assert_eq!(counted, 2, "{pairs}");
    assert!(stdout.contains("(by 2 pairs)"), "{stdout}");
    let summary = stdout
        .lines()
        .find(|l| l.starts_with("SPRT [0, 10]: LLR"))
        .unwrap_or_else(|| panic!("no SPRT summary in\n{stdout}"));
    assert!(
        ["H0 accepted", "H1 accepted", "inconclusive"]
            .iter()
            .any(|v| summary.contains(v)),
        "{summary}"
    );
    assert!(text(&out.stderr).contains("LLR"), "progress shows the LLR");
    // Games 1-2 start from the first opening, 3-4 from the second.
    let a = fen::write(&fen::parse(OPENING_A, RuleSet::Jieqi).unwrap());
    let b = fen::write(&fen::parse(OPENING_B, RuleSet::Jieqi).unwrap());
    for (game, want) in [(1, &a), (2, &a), (3, &b), (4, &b)] {
        let record = std::fs::read_to_string(games.join(format!("game-{game:04}.txt"))).unwrap();
        assert!(
            record.contains(&format!("[FEN \"{want}\"]")),
            "game {game}:\n{record}"
        );
    }
}

#[test]
fn match_stops_when_a_bound_is_reached() {
    // An engine that crashes at its first move loses every game at once.
    let dir = scratch("crash");
    let crash = fake_engine(&dir, "crash.sh", "", "exit 3");
    for (engines, verdict) in [
        (["random", crash.as_str()], "H1 accepted"),
        ([crash.as_str(), "random"], "H0 accepted"),
    ] {
        let out = run(&[
            "match", engines[0], engines[1], "--games", "40", "--sprt", "0", "400", "--jobs", "1",
            "--seed", "1",
        ]);
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{stdout}");
        let summary = stdout.lines().find(|l| l.starts_with("SPRT [")).unwrap();
        assert!(summary.contains(verdict), "{summary}");
        assert!(
            !stdout.contains("40 games"),
            "the match did not stop:\n{stdout}"
        );
    }
}

/// The test decides on the games in their order: the same seed gives the
/// same verdict and summary with one job or two (games under way when it
/// decides are played out, said, and not counted).
#[test]
fn the_verdict_replays_whatever_the_jobs() {
    let summary = |jobs: &str| {
        let out = run(&[
            "match", "hard:300", "easy:200", "--games", "100", "--seed", "8", "--sprt", "-100",
            "100", "--alpha", "0.3", "--beta", "0.3", "--jobs", jobs,
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        assert!(stdout.contains("accepted (bound reached after"), "{stdout}");
        stdout
            .lines()
            .filter(|l| !l.contains("played and not counted"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let one = summary("1");
    for _ in 0..3 {
        assert_eq!(summary("2"), one);
    }
}

/// Games played past the verdict are not counted, and their records say
/// so; a single pair gives an Elo but no interval (its spread is no
/// measure of the noise).
#[test]
fn records_of_games_past_the_verdict_say_they_were_not_counted() {
    let dir = scratch("late");
    let games = dir.join("games");
    let out = run(&[
        "match",
        "hard:500",
        "medium:500",
        "--games",
        "8",
        "--seed",
        "3",
        "--sprt",
        "0",
        "600",
        "--alpha",
        "0.3",
        "--beta",
        "0.3",
        "--jobs",
        "2",
        "--out",
        games.to_str().unwrap(),
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    // The first pair decides. The third game started when the first of
    // them ended, so it is played out (and more, while the second lasts).
    assert!(stdout.contains("bound reached after 2 games"), "{stdout}");
    let late: usize = stdout
        .split_once("\n(")
        .and_then(|(_, rest)| rest.split_once(" more game(s) played and not counted"))
        .and_then(|(n, _)| n.parse().ok())
        .unwrap_or_else(|| panic!("no game past the verdict:\n{stdout}"));
    assert!(
        stdout.contains("Elo +0  no interval: one observation (by 1 pair)"),
        "{stdout}"
    );
    let record = |n: usize| games.join(format!("game-000{n}.txt"));
    let read = |n: usize| std::fs::read_to_string(record(n)).unwrap();
    for n in [1, 2] {
        assert!(!read(n).contains("not counted"), "{}", read(n));
    }
    for n in 3..3 + late {
        assert!(
            read(n).ends_with("\n{not counted: played past game 2, where the test decided}\n"),
            "{}",
            read(n)
        );
    }
    assert!(!record(3 + late).exists());
}

/// Engines that start for the check before the first game and never
/// again: no game is scored, and the summary gives no Elo.
#[test]
fn no_game_scored_gives_no_elo() {
    let dir = scratch("once");
    let once = |name: &str| {
        let mark = dir.join(format!("{name}.started"));
        let mark = mark.display();
        fake_engine(
            &dir,
            &format!("{name}.sh"),
            &format!("[ -e {mark} ] && exit 1; touch {mark}"),
            "echo bestmove a0a1",
        )
    };
    let (a, b) = (once("a"), once("b"));
    let out = run(&[
        "match", &a, &b, "--games", "4", "--sprt", "0", "10", "--jobs", "1",
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("(jieqi, 0 games)"), "{stdout}");
    assert!(
        stdout.contains("no game was scored: no Elo to give"),
        "{stdout}"
    );
    assert!(!stdout.contains("Elo +0"), "{stdout}");
    assert!(
        stdout.contains("inconclusive (--games ran out)"),
        "{stdout}"
    );
}

#[test]
fn a_bad_openings_line_stops_before_any_game() {
    let dir = scratch("bad");
    let file = dir.join("openings.txt");
    std::fs::write(&file, format!("{OPENING_A}\n# ok\n\nxxxx/9 w\n")).unwrap();
    let out = run(&[
        "match",
        "random",
        "random",
        "--games",
        "2",
        "--openings",
        file.to_str().unwrap(),
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("line 4"), "{stderr}");
    assert!(
        !stderr.lines().any(|l| l.starts_with("game ")),
        "a game started:\n{stderr}"
    );
    assert!(stderr.contains("; no game played"), "{stderr}");
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
}

/// One game is one observation, counted as a game: the summary says so.
#[test]
fn a_single_game_is_counted_by_one_game() {
    let out = run(&["match", "random", "random", "--games", "1", "--seed", "4"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("(by 1 game)"), "{stdout}");
}

/// The test's numbers print short: a tiny error rate in exponent form (not
/// three hundred digits), no `-0`, bounds rounded outwards.
#[test]
fn the_tests_numbers_print_short() {
    let out = run(&[
        "match", "random", "random", "--games", "2", "--seed", "4", "--sprt", "-0", "10",
        "--alpha", "1e-300",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let all = text(&out.stdout) + &text(&out.stderr);
    assert!(
        all.contains("SPRT: H0 Elo 0 vs H1 Elo 10, alpha 1e-300 beta 0.05, bounds [-3.00, 690.73]"),
        "{all}"
    );
    assert!(all.contains("SPRT [0, 10]: LLR "), "{all}");
    assert!(!all.contains("-0,") && !all.contains("0.0000"), "{all}");
}
