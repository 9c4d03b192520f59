//! Display notations: every legal move has a text of its own in every
//! notation, and `notation::parse` reads it back (or says why it cannot).

use std::collections::HashMap;
use std::process::Command;

use jieqi::rules::xiangqi::fen;
use jieqi::rules::xiangqi::notation::{parse, write, Notation, NotationError};
use jieqi::rules::{Game, Move, Position, RuleSet, Square};
use proptest::prelude::*;

const ALL: [Notation; 4] = Notation::ALL;

fn pos(text: &str, rules: RuleSet) -> Position {
    fen::parse(text, rules).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(s: &str) -> Move {
    Move::new(
        Square::parse(&s[0..2]).unwrap(),
        Square::parse(&s[2..4]).unwrap(),
    )
}

/// Every legal move's text is unique in `n` and parses back to the move;
/// returns the texts by move.
fn check_all(p: &Position, n: Notation) -> Result<HashMap<Move, String>, String> {
    let mut seen: HashMap<String, Move> = HashMap::new();
    let mut texts = HashMap::new();
    for &m in p.legal_moves().iter() {
        let t = write(p, m, n);
        if let Some(other) = seen.insert(t.clone(), m) {
            return Err(format!("{n:?}: {m} and {other} are both written {t}"));
        }
        match parse(p, &t, n) {
            Ok(back) if back == m => {}
            r => return Err(format!("{n:?}: {m} is written {t}, which parses as {r:?}")),
        }
        texts.insert(m, t);
    }
    Ok(texts)
}

/// The position of the issue: a face-up chariot and a face-down piece on a
/// chariot point share Red's ninth file.
const SHARED_FILE: &str = "3k5/9/9/9/9/R8/9/9/9/X3K4 w A2B2N2R1C2P5 0 1";

#[test]
fn a_face_down_mover_has_a_mark_of_its_own() {
    let p = pos(SHARED_FILE, RuleSet::Jieqi);
    let expected = [
        (Notation::Wxf, "R9+1", "XR9+1"),
        (Notation::Chinese, "俥九进一", "暗俥九进一"),
        (Notation::Vietnamese, "X9.1", "UX9.1"),
        (Notation::Coordinates, "a4a5", "a0a1"),
    ];
    for (n, up, down) in expected {
        assert_eq!(write(&p, mv("a4a5"), n), up);
        assert_eq!(write(&p, mv("a0a1"), n), down);
        assert_eq!(parse(&p, up, n), Ok(mv("a4a5")), "{n:?}");
        assert_eq!(parse(&p, down, n), Ok(mv("a0a1")), "{n:?}");
        check_all(&p, n).unwrap();
    }
    // Tolerated: blanks, case, full-width forms, WXF `=`, Chinese digits.
    assert_eq!(parse(&p, " xr9 +1 ", Notation::Wxf), Ok(mv("a0a1")));
    assert_eq!(parse(&p, "ＸＲ９＋１", Notation::Wxf), Ok(mv("a0a1")));
    assert_eq!(parse(&p, "R9=8", Notation::Wxf), Ok(mv("a4b4")));
    assert_eq!(parse(&p, "暗车9进1", Notation::Chinese), Ok(mv("a0a1")));
    assert_eq!(parse(&p, "ux9.1", Notation::Vietnamese), Ok(mv("a0a1")));
    // Black writes full-width digits, and the start of a Jieqi game marks every mover.
    let start = Position::start(RuleSet::Jieqi);
    assert_eq!(write(&start, mv("h2e2"), Notation::Chinese), "暗炮二平五");
    // The mark may be left out when only a face-down piece fits.
    assert_eq!(parse(&start, "C2.5", Notation::Wxf), Ok(mv("h2e2")));
    assert_eq!(parse(&start, "炮二平五", Notation::Chinese), Ok(mv("h2e2")));
    let black = pos(
        "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/4C4/X1X1X1X1X/7X1/9/XXXXKXXXX b R2A2C1P5N2B2r2a2c2p5n2b2 0 1",
        RuleSet::Jieqi,
    );
    assert_eq!(write(&black, mv("h7e7"), Notation::Chinese), "暗砲８平５");
    assert_eq!(write(&black, mv("h7e7"), Notation::Wxf), "XC8.5");
    check_all(&black, Notation::Chinese).unwrap();
}

#[test]
fn tandems_are_told_apart() {
    let fx = |board: &str| pos(&format!("{board} w - - 0 1"), RuleSet::Xiangqi);
    // Two chariots on one file: front and rear.
    let two = fx("4k4/9/9/9/9/R8/9/R8/9/3K5");
    let cases: &[(&Position, &str, [&str; 3])] = &[
        (&two, "a4b4", ["R+.8", "前俥平八", "Xt-8"]),
        (&two, "a2a1", ["R--1", "后俥退一", "Xs/1"]),
    ];
    // Three soldiers on file 7: front, middle (by its file in WXF), rear.
    let three = fx("3k5/9/2P6/2P6/2P6/9/9/9/9/4K4");
    // Four, then five.
    let four = fx("3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4");
    let five = fx("2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4");
    // Tandems on two files: three on file 7, two on file 3.
    let two_files = fx("3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4");
    let more: &[(&Position, &str, [&str; 3])] = &[
        (&three, "c7c8", ["P++1", "前兵进一", "Bt.1"]),
        (&three, "c6b6", ["P7.8", "中兵平八", "B7-8"]),
        (&three, "c5b5", ["P-.8", "后兵平八", "Bs-8"]),
        (&four, "c8c9", ["+++1", "一兵进一", "Btt.1"]),
        (&four, "c7b7", ["P+.8", "二兵平八", "Bt-8"]),
        (&four, "c6b6", ["P-.8", "三兵平八", "Bs-8"]),
        (&four, "c5b5", ["--.8", "四兵平八", "Bss-8"]),
        (&five, "c9b9", ["++.8", "一兵平八", "Btt-8"]),
        (&five, "c7b7", ["P7.8", "三兵平八", "B7-8"]),
        (&five, "c5b5", ["--.8", "五兵平八", "Bss-8"]),
        (&two_files, "c7c8", ["7++1", "前七进一", "B7t.1"]),
        (&two_files, "c6b6", ["77.8", "中七平八", "B77-8"]),
        (&two_files, "c5b5", ["7-.8", "后七平八", "B7s-8"]),
        (&two_files, "g6g7", ["3++1", "前三进一", "B3t.1"]),
        (&two_files, "g5f5", ["3-.4", "后三平四", "B3s-4"]),
    ];
    let notations = [Notation::Wxf, Notation::Chinese, Notation::Vietnamese];
    for (p, m, texts) in cases.iter().chain(more) {
        for (n, t) in notations.into_iter().zip(texts) {
            assert_eq!(write(p, mv(m), n), *t, "{m} in {n:?}");
            assert_eq!(parse(p, t, n), Ok(mv(m)), "{t} in {n:?}");
        }
    }
    for p in [&two, &three, &four, &five, &two_files] {
        for n in ALL {
            check_all(p, n).unwrap();
        }
    }
    // Black's tandems count from Black's front.
    let black = pos(
        "3k5/9/9/9/9/2p3p2/2p3p2/9/9/4K4 b - - 0 1",
        RuleSet::Xiangqi,
    );
    assert_eq!(write(&black, mv("c3c2"), Notation::Wxf), "3++1");
    assert_eq!(write(&black, mv("c4b4"), Notation::Chinese), "后３平２");
    for n in ALL {
        check_all(&black, n).unwrap();
    }
}

#[test]
fn kinds_sharing_a_file_never_collide() {
    // Face-down pieces on a chariot point and a soldier point and a face-up
    // chariot on one file; a face-down and a face-up soldier on another.
    let p = pos(
        "3k5/9/9/9/R1P6/9/X1X6/9/9/X3K4 w A2B2N2R1C2P4 0 1",
        RuleSet::Jieqi,
    );
    for n in ALL {
        let texts = check_all(&p, n).unwrap();
        assert!(!texts.is_empty());
    }
    assert_eq!(write(&p, mv("c3c4"), Notation::Wxf), "XP7+1");
    assert_eq!(write(&p, mv("c5c6"), Notation::Wxf), "P7+1");
    assert_eq!(write(&p, mv("a3a4"), Notation::Wxf), "XP9+1");
    assert_eq!(write(&p, mv("a0a1"), Notation::Wxf), "XR9+1");
    assert_eq!(write(&p, mv("a5a6"), Notation::Wxf), "R9+1");
}

#[test]
fn ambiguous_text_lists_its_candidates() {
    // Two face-up chariots and a face-down one on Red's ninth file: "R9+1"
    // is none of their texts, and fits all three once loosely read.
    let p = pos("3k5/9/9/9/R8/9/R8/9/9/X3K4 w P1 0 1", RuleSet::Jieqi);
    let err = parse(&p, "R9+1", Notation::Wxf).unwrap_err();
    let expected = vec![
        (mv("a5a6"), "R++1".to_string()),
        (mv("a3a4"), "R-+1".to_string()),
        (mv("a0a1"), "XR9+1".to_string()),
    ];
    assert_eq!(
        err,
        NotationError::Ambiguous {
            text: "R9+1".into(),
            candidates: expected.clone()
        }
    );
    let shown = err.to_string();
    for (m, t) in &expected {
        assert!(
            shown.contains(t) && shown.contains(&m.to_string()),
            "{shown}"
        );
    }
    // Naming the face-up pieces narrows it to them; each exact text is one move.
    let err = parse(&p, "俥九进一", Notation::Chinese).unwrap_err();
    assert!(matches!(&err, NotationError::Ambiguous { candidates, .. } if candidates.len() == 3));
    for (m, t) in expected {
        assert_eq!(parse(&p, &t, Notation::Wxf), Ok(m));
    }
}

#[test]
fn malformed_and_impossible_text_is_refused() {
    let p = Position::start(RuleSet::Xiangqi);
    for (n, bad) in [
        (Notation::Wxf, "C2.0"),
        (Notation::Wxf, "C2.55"),
        (Notation::Wxf, "Z2.5"),
        (Notation::Wxf, "C2*5"),
        (Notation::Wxf, "+-.5"),
        (Notation::Wxf, "炮二平五"),
        (Notation::Chinese, "炮十平五"),
        (Notation::Chinese, "炮二走五"),
        (Notation::Chinese, "C2.5"),
        (Notation::Vietnamese, "Q2-5"),
        (Notation::Vietnamese, "P2+5"),
        (Notation::Coordinates, "h2"),
    ] {
        assert!(
            matches!(parse(&p, bad, n), Err(NotationError::Malformed { .. })),
            "{bad} in {n:?}: {:?}",
            parse(&p, bad, n)
        );
    }
    assert_eq!(parse(&p, "  ", Notation::Wxf), Err(NotationError::Empty));
    // Well formed, but no such move here.
    for (n, text) in [
        (Notation::Wxf, "C2+9"),
        (Notation::Wxf, "XC2.5"),
        (Notation::Chinese, "兵二进一"),
        (Notation::Vietnamese, "B2.1"),
        (Notation::Coordinates, "a0a5"),
    ] {
        assert_eq!(
            parse(&p, text, n),
            Err(NotationError::NoMove { text: text.into() }),
            "{n:?}"
        );
    }
    let long = "C2.5".repeat(100);
    let e = parse(&p, &long, Notation::Wxf).unwrap_err().to_string();
    assert!(e.len() < 200, "{e}");
}

fn rules_strategy() -> impl Strategy<Value = RuleSet> {
    prop_oneof![
        Just(RuleSet::ChessPlayX),
        Just(RuleSet::Jieqi),
        Just(RuleSet::Vietnam),
        Just(RuleSet::Xiangqi)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    /// Along random games (reveals drawn by the referee), every legal move's
    /// text is unique in every notation and parses back to that move.
    #[test]
    fn every_text_is_unique_and_reads_back(
        rules in rules_strategy(),
        seed in any::<u64>(),
        picks in prop::collection::vec(any::<u16>(), 1..140),
    ) {
        let mut g = Game::seeded(rules, seed);
        for pick in picks {
            if g.outcome().is_some() {
                break;
            }
            let pos = g.board().clone();
            for n in ALL {
                if let Err(e) = check_all(&pos, n) {
                    return Err(TestCaseError::fail(format!("{e} in {}", fen::write(&pos))));
                }
            }
            let legal = g.legal_moves();
            let m = legal.as_slice()[pick as usize % legal.len()];
            g.play(m).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, .. ProptestConfig::default() })]

    /// Any text at all, and text close to move text (cut short, overlong,
    /// mixed up), gives a move or a typed error, never a panic.
    #[test]
    fn any_text_is_answered(
        text in "\\PC{0,12}",
        near in "[XxUu暗]?[KARCPBEHNMtsg炮俥兵卒前中后一二1-9+-]{0,3}[+=./进退平-]?[0-9一二１]{0,2}",
        n in 0..4usize,
    ) {
        let p = Position::start(RuleSet::Jieqi);
        let _ = parse(&p, &text, ALL[n]);
        let _ = parse(&p, &near, ALL[n]);
    }
}

#[test]
fn the_command_line_writes_each_move_in_a_notation() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_jieqi"))
            .args(args)
            .output()
            .unwrap()
    };
    let p = pos(SHARED_FILE, RuleSet::Jieqi);
    for (id, n) in [
        ("wxf", Notation::Wxf),
        ("chinese", Notation::Chinese),
        ("vietnamese", Notation::Vietnamese),
    ] {
        let out = run(&["moves", SHARED_FILE, "--rules", "jieqi", "--notation", id]);
        assert!(out.status.success());
        let stdout = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), p.legal_moves().len());
        let mut moves = Vec::new();
        for line in &lines {
            let (m, text) = line.split_once('\t').unwrap();
            assert_eq!(
                parse(&p, text, n).map(|x| x.to_string()),
                Ok(m.to_string()),
                "{line}"
            );
            moves.push(m);
        }
        assert!(moves.windows(2).all(|w| w[0] < w[1]), "sorted and unique");
    }
    let out = run(&["moves", SHARED_FILE, "--notation", "wxf"]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.lines().any(|l| l == "a0a1\tXR9+1"), "{stdout}");
    assert!(stdout.lines().any(|l| l == "a4a5\tR9+1"), "{stdout}");
    let out = run(&["moves", SHARED_FILE, "--notation", "klingon"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("klingon"));
}
