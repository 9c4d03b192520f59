//! The chess and hidden-chess command line against a hostile tester's
//! inputs: late-reveal promotions, the FEN/move boundary of `result`, the
//! letters of move text, bad `go` numbers, the referee's forfeit messages,
//! `startpos` and one-argument input, and GUI-style UCI moves.

mod common;

use std::path::Path;
use std::process::Command;

use common::{scratch, Engine};
use jieqi::ai::Level;
use jieqi::protocol::{self, FromWorker, ToWorker};
use jieqi::rules::chess::{fen, Variant};

const HIDDEN_START: &str =
    "xxxxkxxx/xxxxxxxx/8/8/8/8/XXXXXXXX/XXXXKXXX w KQkq - 0 1 Q1R2B2N2P8q1r2b2n2p8";
/// White's face-down a1 piece may turn out a pawn: a1a8 mates or promotes.
const LATE_PAWN: &str = "7k/6pp/8/8/8/8/8/X3K3 w - - 0 1 P1";

fn jieqi(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_jieqi"))
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

fn bestmove(lines: &[String]) -> String {
    let last = lines.last().unwrap();
    last.strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("{lines:?}"))
        .to_string()
}

fn hidden_engine() -> Engine {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e.send("setoption name Hash value 4");
    e.send("setoption name UCI_Variant value hidden-chess");
    e
}

// ---- 1. late-reveal promotion ----

#[test]
fn engine_names_the_promotion_of_a_face_down_mover() {
    let mut e = hidden_engine();
    e.send(format!("position fen {LATE_PAWN}"));
    e.send("go depth 4");
    assert_eq!(bestmove(&e.until("bestmove")), "a1a8q");
    // Its own answer, with the reveal letter, is accepted back.
    e.send(format!("position fen {LATE_PAWN} moves a1a8qP"));
    e.send("d");
    assert_eq!(
        e.until("Q6k").last().unwrap(),
        "Q6k/6pp/8/8/8/8/8/4K3 b - - 0 1"
    );
    e.send("quit");
}

#[test]
fn worker_answers_with_the_promotion_letter() {
    let mut engine = protocol::Engine::with_sizes(1, 1);
    let reply = engine.handle(
        ToWorker::ThinkChess {
            id: 7,
            fen: LATE_PAWN.to_string(),
            variant: Variant::HiddenChess,
            recent: Vec::new(),
            level: Level::Medium,
            seed: 1,
            purpose: protocol::Purpose::Move,
            clock: None,
        },
        &mut |_| {},
    );
    assert_eq!(
        reply,
        FromWorker::BestMove {
            id: 7,
            mv: Some("a1a8q".into())
        }
    );
}

// ---- 4. one rule for promotion letters ----

#[test]
fn promotion_letters_follow_one_rule_in_result() {
    let ok = |fen: &str, mv: &str| {
        let (out, err, code) = jieqi(&["result", "--rules", "hidden-chess", fen, mv]);
        assert_eq!(code, 0, "{fen} {mv}: {err}");
        out.trim().to_string()
    };
    let refused = |fen: &str, mv: &str| {
        let (_, err, code) = jieqi(&["result", "--rules", "hidden-chess", fen, mv]);
        assert_eq!(code, 2, "{fen} {mv} was accepted");
        assert!(err.contains("promotion letter"), "{fen} {mv}: {err}");
    };
    // May turn out a pawn: the letter is needed, with or without the reveal.
    refused(LATE_PAWN, "a1a8");
    refused(LATE_PAWN, "a1a8P");
    assert_eq!(ok(LATE_PAWN, "a1a8q"), "1-0 checkmate");
    assert_eq!(ok(LATE_PAWN, "a1a8qP"), "1-0 checkmate");
    // Cannot turn out a pawn: the letter is allowed and ignored.
    let rook = "7k/6pp/8/8/8/8/8/X3K3 w - - 0 1 R1";
    assert_eq!(ok(rook, "a1a8"), "1-0 checkmate");
    assert_eq!(ok(rook, "a1a8q"), "1-0 checkmate");
    assert_eq!(ok(rook, "a1a8qR"), "1-0 checkmate");
    assert_eq!(ok(rook, "a1a8R"), "1-0 checkmate");
    // A face-up pawn always needs it; a move off the last rank never takes one.
    let (_, err, code) = jieqi(&[
        "result",
        "--rules",
        "chess",
        "7k/4P3/8/8/8/8/8/4K3 w - - 0 1",
        "e7e8",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("promotion letter"), "{err}");
    refused(rook, "a1a7q");
}

// ---- 2. the FEN/move boundary of result ----

#[test]
fn a_bad_first_move_is_named_as_a_move() {
    let (_, err, code) = jieqi(&["result", "--rules", "chess", "startpos", "zzz"]);
    assert_eq!(code, 2);
    assert!(err.contains("move 1 (zzz)"), "{err}");
    let (_, err, code) = jieqi(&[
        "result",
        "--rules",
        "chess",
        "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
        "e1c1k",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("move 1 (e1c1k)"), "{err}");
    // The fields one per argument, then a pool, then the moves.
    let mut args = vec!["result", "--rules", "hidden-chess"];
    args.extend(HIDDEN_START.split(' '));
    args.extend(["e2e4P", "zz"]);
    let (_, err, code) = jieqi(&args);
    assert_eq!(code, 2);
    assert!(err.contains("move 2 (zz)"), "{err}");
    let (out, err, code) = jieqi(&[
        "result",
        "--rules",
        "chess",
        "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
        "e1c1",
    ]);
    assert_eq!((out.trim(), code), ("* ongoing", 0), "{err}");
}

// ---- 3. a captured letter on a face-up victim ----

#[test]
fn captured_letter_on_a_face_up_piece_is_refused() {
    for last in ["d8d5xQ", "d8d5QxP"] {
        let (out, err, code) = jieqi(&[
            "result",
            "--rules",
            "hidden-chess",
            HIDDEN_START,
            "e2e4P",
            "d7d5P",
            "e4d5",
            last,
        ]);
        assert_eq!(code, 2, "{last}: {out}");
        assert!(
            err.contains(&format!("move 4 ({last})")) && err.contains("captured letter"),
            "{err}"
        );
    }
    // Without the letter it is fine.
    let (out, err, code) = jieqi(&[
        "result",
        "--rules",
        "hidden-chess",
        HIDDEN_START,
        "e2e4P",
        "d7d5P",
        "e4d5",
        "d8d5",
    ]);
    assert_eq!((out.trim(), code), ("* ongoing", 0), "{err}");
}

// ---- 6. fifty-move counter ----

#[test]
fn a_reveal_does_not_reset_the_fifty_move_counter() {
    let mut e = hidden_engine();
    e.send("position fen 4k3/8/8/8/8/8/8/X3K3 w - - 90 1 R1 moves a1a2R");
    e.send("d");
    assert_eq!(
        e.until("4k3/").last().unwrap(),
        "4k3/8/8/8/8/8/R7/4K3 b - - 91 1"
    );
    e.send("quit");
}

// ---- 7. bad numbers in go ----

#[test]
fn a_bad_go_number_still_gives_a_bounded_search() {
    for variant in ["hidden-chess", "chess", "jieqi"] {
        let mut e = Engine::start();
        e.send("uci");
        e.until("uciok");
        e.send("setoption name Hash value 4");
        e.send(format!("setoption name UCI_Variant value {variant}"));
        e.send("position startpos");
        for go in ["go depth abc", "go movetime 99999999999999999999"] {
            e.send(go);
            // No 'stop' is sent: the search must end by itself.
            let lines = e.until("bestmove");
            assert!(
                lines.iter().any(|l| l.contains("no usable limit left")),
                "{variant} {go}: {lines:?}"
            );
            assert_ne!(bestmove(&lines), "(none)");
        }
        e.send("quit");
    }
}

// ---- 8. the referee's forfeit message ----

fn fake_engine(dir: &Path, answer: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let script = dir.join("engine.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nwhile read l; do case \"$l\" in\n  uci) echo uciok;;\n  \
             isready) echo readyok;;\n  go*) echo 'bestmove {answer}';;\n  quit) exit 0;;\nesac; done\n"
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    format!("uci:{}", script.display())
}

#[test]
fn an_engine_sending_identity_letters_is_told_so() {
    let dir = scratch("hostile-letters");
    let engine = fake_engine(&dir, "e2e4P");
    let (_, err, _) = jieqi(&[
        "match",
        &engine,
        "random",
        "--rules",
        "hidden-chess",
        "--games",
        "1",
        "--seed",
        "1",
        "--jobs",
        "1",
        "--movetime",
        "2000",
    ]);
    let forfeit = err
        .lines()
        .find(|l| l.contains("forfeits"))
        .unwrap_or_else(|| panic!("{err}"));
    assert!(forfeit.contains("without identity letters"), "{forfeit}");
    assert!(!forfeit.contains("not a legal move"), "{forfeit}");
}

// ---- 9. help, startpos, one quoted argument ----

#[test]
fn startpos_and_one_argument_work_everywhere() {
    let (out, err, code) = jieqi(&["perft", "2", "startpos", "--rules", "chess"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Nodes searched: 400"), "{out}");
    let (out, err, code) = jieqi(&["moves", "--rules", "chess", "startpos"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.split_whitespace().count(), 20);
    let one = format!("{HIDDEN_START} moves e2e4Q");
    let (a, err, code) = jieqi(&["moves", "--rules", "hidden-chess", &one]);
    assert_eq!(code, 0, "{err}");
    let mut args = vec!["moves", "--rules", "hidden-chess"];
    args.extend(one.split(' '));
    let (b, err, code) = jieqi(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(a, b);
    assert!(a.contains("d7d5"), "{a}");
    let (out, _, _) = jieqi(&["help"]);
    assert!(
        out.contains("perft, moves, result, match and bench also take --rules chess"),
        "{out}"
    );
}

// ---- 10. GUI-style castling and promotion ----

#[test]
fn king_onto_its_rook_castles_and_uppercase_promotes() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e.send("setoption name UCI_Variant value chess");
    e.send("position fen r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1 moves e1h1 e8a8");
    e.send("d");
    assert_eq!(
        e.until("2kr4/").last().unwrap(),
        "2kr4/8/8/8/8/8/8/5RK1 w - - 2 2"
    );
    e.send("position fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8Q");
    e.send("d");
    assert_eq!(
        e.until("Q3k3/").last().unwrap(),
        "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
    // A king taking its own rook without the castling right stays refused.
    e.send("position fen 4k3/8/8/8/8/8/8/4K2R w - - 0 1 moves e1h1");
    let lines = e.until("info string error");
    assert!(lines.last().unwrap().contains("e1h1"), "{lines:?}");
    e.send("quit");
    // The standard FEN still reads.
    assert!(fen::parse("4k3/8/8/8/8/8/8/4K2R w K - 0 1", Variant::Chess).is_ok());
}

// ---- 5. openings and SPRT in a chess match ----

#[test]
fn chess_match_takes_openings_and_sprt() {
    let dir = scratch("hostile-openings");
    let opening =
        "xxxxkxxx/xxx1xxxx/3p4/8/4P3/8/XXXX1XXX/XXXXKXXX w KQkq - 0 2 Q1R2B2N2P7q1r2b2n2p7";
    let file = dir.join("openings.txt");
    std::fs::write(&file, format!("# one opening\n\n{opening}\n")).unwrap();
    let out_dir = dir.join("games");
    let (out, err, code) = jieqi(&[
        "match",
        "random",
        "random",
        "--rules",
        "hidden-chess",
        "--games",
        "2",
        "--seed",
        "4",
        "--jobs",
        "1",
        "--openings",
        file.to_str().unwrap(),
        "--sprt",
        "0",
        "10",
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("openings: 1 position(s)"), "{out}");
    assert!(out.contains("SPRT [0, 10]: LLR"), "{out}");
    assert!(err.contains("LLR"), "{err}");
    for g in ["game-0001.txt", "game-0002.txt"] {
        let record = std::fs::read_to_string(out_dir.join(g)).unwrap();
        assert!(record.contains(&format!("[FEN \"{opening}\"]")), "{record}");
    }
    // A Jieqi FEN is not a chess opening: the line is named.
    std::fs::write(
        &file,
        "# bad\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n",
    )
    .unwrap();
    let (_, err, code) = jieqi(&[
        "match",
        "random",
        "random",
        "--rules",
        "chess",
        "--openings",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("openings line 2"), "{err}");
}

// ---- a drawn capture leaves what later moves reveal ----

#[test]
fn a_drawn_capture_leaves_what_later_moves_reveal() {
    // Black has a rook and a knight unknown; White takes a8 without a
    // letter, then Black reveals b8 as its knight: the capture drew the rook.
    let fen = "xx6/7k/8/8/8/8/8/R3K3 w - - 0 1 r1n1";
    for seed in 1..=24 {
        let s = seed.to_string();
        let (out, err, code) = jieqi(&[
            "result",
            "--rules",
            "hidden-chess",
            "--seed",
            &s,
            fen,
            "a1a8",
            "b8c6N",
        ]);
        assert_eq!((out.trim(), code), ("* ongoing", 0), "seed {seed}: {err}");
    }
}

/// A bad pool is named as the pool, quoted or not, in `moves` and `result`.
#[test]
fn a_bad_pool_is_named_as_the_pool() {
    let fen = "xxxxkxxx/xxxxxxxx/8/8/8/8/XXXXXXXX/XXXXKXXX w - - 0 1";
    for pool in ["Q2", "Z2", "q9"] {
        for cmd in ["moves", "result"] {
            let quoted = format!("{fen} {pool}");
            let mut split = vec![cmd, "--rules", "hidden-chess"];
            split.extend(fen.split(' '));
            split.push(pool);
            for args in [vec![cmd, "--rules", "hidden-chess", quoted.as_str()], split] {
                let (_, err, code) = jieqi(&args);
                assert_eq!(code, 2, "{args:?}");
                assert!(
                    err.contains(pool) && !err.contains("need the seventh"),
                    "{args:?}: {err}"
                );
            }
        }
    }
}

/// A move the drawn identity of a piece cannot make names the draw.
#[test]
fn an_illegal_move_after_a_drawn_reveal_says_how_to_name_it() {
    let mut told = 0;
    for seed in 1..=40 {
        let s = seed.to_string();
        let (_, err, code) = jieqi(&[
            "result",
            "--rules",
            "hidden-chess",
            "--seed",
            &s,
            "startpos",
            "e2e4",
            "d7d5",
            "e4d5",
        ]);
        if code == 0 {
            continue;
        }
        assert!(
            err.contains("move 3 (e4d5)") && err.contains("move 1's text names no identity"),
            "seed {seed}: {err}"
        );
        told += 1;
    }
    assert!(told > 0, "some seed draws a piece that cannot take on d5");
}
