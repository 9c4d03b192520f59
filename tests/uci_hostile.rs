//! UCI inputs a hostile tester found mishandled, kept as regressions.

mod common;

use common::Engine;
use jieqi::rules::xiangqi::{fen, movetext};
use jieqi::rules::{Position, RuleSet};

#[test]
fn setting_the_rules_keeps_the_position_given() {
    let mut e = Engine::start();
    e.send(b"position startpos moves h2e2C");
    e.send(b"setoption name Rules value jieqi");
    e.send(b"go depth 1");
    let best = e.until("bestmove").pop().unwrap();
    let mut p = Position::start(RuleSet::Jieqi);
    let (m, r, c) = movetext::resolve(&p, "h2e2C").unwrap();
    p.make(m, r, c);
    let best = best.strip_prefix("bestmove ").unwrap();
    assert!(
        p.legal_moves().iter().any(|m| m.to_string() == best),
        "{best} is not Black's move"
    );
    // Rules the position does not fit: refused, and `go` says so.
    e.send(b"setoption name Rules value xiangqi");
    e.send(b"go depth 1");
    let lines = e.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove (none)", "{lines:?}");
}

#[test]
fn junk_during_go_infinite_does_not_end_the_search() {
    let mut e = Engine::start();
    e.send(b"position fen 3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    e.send(b"go infinite");
    e.send(b"xyzzy");
    e.send(b"\xff\xfe");
    e.send(b"ponderhit");
    e.send(b"isready");
    let lines = e.until("readyok");
    let early = e.quiet_for(300);
    assert!(
        !lines
            .iter()
            .chain(&early)
            .any(|l| l.starts_with("bestmove")),
        "{lines:?} {early:?}"
    );
    e.send(b"stop");
    e.until("bestmove");
}

#[test]
fn a_search_cut_short_reports_no_false_score_and_bad_numbers_are_named() {
    let mut e = Engine::start();
    e.send(b"setoption name UCI_ShowWDL value true");
    e.send(b"position startpos");
    e.send(b"go nodes 1");
    let lines = e.until("bestmove");
    for l in lines.iter().filter(|l| l.starts_with("info depth")) {
        assert!(!l.contains("score mate"), "a mate score from one node: {l}");
        let cp: i32 = l
            .split_whitespace()
            .skip_while(|w| *w != "cp")
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        assert!(cp.abs() < jieqi::ai::eval::MATE_BOUND, "{l}");
    }
    for (go, says) in [
        ("go depth -3 nodes 200", "out of range"),
        ("go depth 2.5 nodes 200", "whole number"),
        ("go mate 0 nodes 200", "out of range"),
    ] {
        e.send(go);
        let lines = e.until("bestmove");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string") && l.contains(says)),
            "{go}: {lines:?}"
        );
    }
    e.send(b"setoption name MultiPV value 0");
    e.send(b"isready");
    let lines = e.until("readyok");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("MultiPV 0 is out of range")),
        "{lines:?}"
    );
}

#[test]
fn searchmoves_letters_must_fit_the_position_and_rules() {
    let mut e = Engine::start();
    e.send(b"setoption name Rules value chessplayx");
    e.send(format!("position fen {}", fen::JIEQI_START));
    e.send(b"go depth 1 searchmoves h2h9Cn b2e2");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.contains("searchmoves: h2h9Cn")),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "bestmove b2e2");
}
