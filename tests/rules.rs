//! The rules contract (RULES.md sections 2-4) as tests: every worked example,
//! each hidden-piece rule, each rule set's knowledge and draw behaviour.

use jieqi::rules::xiangqi::{fen, movetext};
use jieqi::rules::{Color, Game, Move, Piece, Reason, Role, RuleSet, Seat, Square};

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}
fn mv(s: &str) -> Move {
    Move::new(sq(&s[0..2]), sq(&s[2..4]))
}
fn pos(text: &str, rules: RuleSet) -> jieqi::rules::Position {
    fen::parse(text, rules).unwrap_or_else(|e| panic!("{text}: {e}"))
}
fn dests(p: &jieqi::rules::Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves_from(sq(from))
        .iter()
        .map(|m| m.to.to_string())
        .collect();
    v.sort();
    v
}
fn game(text: &str, rules: RuleSet) -> Game {
    Game::from_fen_seeded(text, rules, 1).unwrap()
}
fn play_all(g: &mut Game, moves: &[&str]) {
    for m in moves {
        g.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

// ---- Section 2: standard xiangqi worked examples (seed 002) ----

#[test]
fn horse_leg_blocks() {
    // Horse b3 -> c5 is illegal when b4 is occupied, legal when it is empty.
    let blocked = pos("4k4/9/9/9/9/1P7/1N7/9/9/3K5 w", RuleSet::Xiangqi);
    assert!(!blocked.is_legal(mv("b3c5")));
    let free = pos("4k4/9/9/9/9/9/1N7/9/9/3K5 w", RuleSet::Xiangqi);
    assert!(free.is_legal(mv("b3c5")));
    // The block depends on the direction: sideways steps stay open.
    assert!(blocked.is_legal(mv("b3d4")));
}

#[test]
fn elephant_eye_blocks_and_river_stops() {
    let blocked = pos("3k5/9/9/9/9/9/9/9/3P5/2B1K4 w", RuleSet::Xiangqi);
    assert!(!blocked.is_legal(mv("c0e2")));
    let free = pos("3k5/9/9/9/9/9/9/9/9/2B1K4 w", RuleSet::Xiangqi);
    assert!(free.is_legal(mv("c0e2")));
    // Never across the river in xiangqi.
    let at_river = pos("4k4/9/9/9/9/2B6/9/9/9/3K5 w", RuleSet::Xiangqi);
    assert_eq!(dests(&at_river, "c4"), vec!["a2", "e2"]);
}

#[test]
fn soldier_sideways_only_beyond_river() {
    let p = pos("4k4/9/9/9/4P4/9/P8/9/9/3K5 w", RuleSet::Xiangqi);
    assert_eq!(dests(&p, "a3"), vec!["a4"]);
    assert_eq!(dests(&p, "e5"), vec!["d5", "e6", "f5"]);
}

#[test]
fn cannon_needs_exactly_one_screen() {
    let one = pos("4k4/9/1r7/9/1P7/9/9/1C7/9/3K5 w", RuleSet::Xiangqi);
    assert!(one.is_legal(mv("b2b7")));
    let none = pos("4k4/9/1r7/9/9/9/9/1C7/9/3K5 w", RuleSet::Xiangqi);
    assert!(!none.is_legal(mv("b2b7")));
    let two = pos("4k4/9/1r7/9/1P7/1P7/9/1C7/9/3K5 w", RuleSet::Xiangqi);
    assert!(!two.is_legal(mv("b2b7")));
}

#[test]
fn general_stays_in_palace_and_never_faces_the_other() {
    let p = pos("3k5/9/9/9/9/9/9/4K4/9/9 w", RuleSet::Xiangqi);
    assert_eq!(dests(&p, "e2"), vec!["e1", "f2"]); // d2 would face the black general on d9
    assert!(!p.is_legal(mv("e2e3")));
    // From e0: e1 or d0 when empty (seed 002).
    let p = pos("3k5/9/9/9/9/9/9/9/9/4K4 w", RuleSet::Xiangqi);
    assert_eq!(dests(&p, "e0"), vec!["e1", "f0"]);
    // A move that removes the last screen between the generals is illegal.
    let p = pos("4k4/9/9/9/4P4/9/9/9/9/4K4 w", RuleSet::Xiangqi);
    assert_eq!(dests(&p, "e5"), vec!["e6"]);
}

#[test]
fn advisor_in_palace_and_chariot_blocked() {
    let p = pos("3k5/9/9/9/9/9/9/9/9/3AK4 w", RuleSet::Xiangqi);
    assert_eq!(dests(&p, "d0"), vec!["e1"]);
    let p = pos("3k5/9/9/9/9/9/9/P8/9/R3K4 w", RuleSet::Xiangqi);
    assert_eq!(dests(&p, "a0"), vec!["a1", "b0", "c0", "d0"]);
}

#[test]
fn no_move_may_leave_the_general_attacked() {
    // The red chariot on e4 is pinned by the black chariot on e8.
    let p = pos("3k5/4r4/9/9/9/4R4/9/9/9/4K4 w", RuleSet::Xiangqi);
    assert_eq!(
        dests(&p, "e4"),
        vec!["e1", "e2", "e3", "e5", "e6", "e7", "e8"]
    );
}

// ---- Section 3: face-down pieces ----

#[test]
fn face_down_pieces_move_as_their_start_point() {
    let p = jieqi::rules::Position::start(RuleSet::Jieqi);
    assert_eq!(dests(&p, "d0"), vec!["e1"]); // face-down advisor: palace only
    assert_eq!(dests(&p, "c0"), vec!["a2", "e2"]); // face-down elephant
    assert_eq!(dests(&p, "b0"), vec!["a2", "c2"]); // face-down horse, d1 blocked by its leg c0
    assert_eq!(dests(&p, "e3"), vec!["e4"]); // face-down soldier: forward only
    assert_eq!(dests(&p, "a0"), vec!["a1", "a2"]); // face-down chariot
                                                   // Face-down cannon captures only over exactly one screen.
    let d = dests(&p, "b2");
    assert!(d.contains(&"b9".to_string()) && !d.contains(&"b7".to_string()));
}

#[test]
fn face_down_elephant_obeys_eye_and_river() {
    let p = pos("3k5/9/9/9/9/9/9/9/3P5/2X1K4 w A2B2N2R2C2P4", RuleSet::Jieqi);
    assert_eq!(dests(&p, "c0"), vec!["a2"]); // e2 blocked by the eye d1
                                             // b1 is not a start point: a face-down piece cannot stand there.
    assert!(fen::parse("4k4/9/9/9/9/9/9/9/1X7/4K4 w A2B2N2R2C2P5", RuleSet::Jieqi).is_err());
}

#[test]
fn reveal_at_end_of_move_then_moves_as_itself() {
    let mut g = Game::seeded(RuleSet::Jieqi, 3);
    let played = g.play(mv("h2e2")).unwrap();
    let id = played.reveal.expect("a face-down mover is revealed");
    let now = g.board().piece_at(sq("e2")).unwrap();
    assert_eq!(now, Piece::new(Color::Red, id));
    assert_eq!(g.board().pool(Color::Red).get(id), id.count() - 1);
}

/// A seeded game draws each side's identities from a stream of its own:
/// red turning up its pieces in the same order gets the same identities
/// whatever black does in between (here: three reveals, or general moves
/// that draw nothing). The match runner relies on it to deal a pair of
/// games the same luck a colour.
#[test]
fn seeded_draws_give_each_side_its_own_stream() {
    let red = ["h2e2", "a3a4", "c3c4", "g3g4"];
    let reveals = |black: [&str; 3], seed: u64| {
        let mut g = Game::seeded(RuleSet::Jieqi, seed);
        let mut drawn = Vec::new();
        for (i, r) in red.iter().enumerate() {
            drawn.push(g.play(mv(r)).unwrap().reveal);
            if let Some(b) = black.get(i) {
                g.play(mv(b)).unwrap();
            }
        }
        drawn
    };
    for seed in 0..20 {
        let a = reveals(["a6a5", "c6c5", "e6e5"], seed);
        let b = reveals(["e9e8", "e8e9", "e9e8"], seed);
        assert_eq!(a, b, "seed {seed}");
        assert!(a.iter().all(Option::is_some));
    }
}

#[test]
fn face_up_advisor_and_elephant_are_free() {
    let p = pos(
        "4k4/9/9/9/9/4A4/9/9/9/3K5 w A1B2N2R2C2P5a2b2n2r2c2p5",
        RuleSet::Jieqi,
    );
    assert_eq!(dests(&p, "e4"), vec!["d3", "d5", "f3", "f5"]);
    let p = pos(
        "4k4/9/9/9/9/4B4/9/9/9/3K5 w A2B1N2R2C2P5a2b2n2r2c2p5",
        RuleSet::Jieqi,
    );
    assert_eq!(dests(&p, "e4"), vec!["c2", "c6", "g2", "g6"]);
    // The eye still blocks.
    let p = pos(
        "4k4/9/9/9/3p5/4B4/9/9/9/3K5 w A2B1N2R2C2P5a2b2n2r2c2p4",
        RuleSet::Jieqi,
    );
    assert_eq!(dests(&p, "e4"), vec!["c2", "g2", "g6"]);
    // In standard xiangqi the same elephant may not cross.
    let p = pos("4k4/9/9/9/9/4B4/9/9/9/3K5 w", RuleSet::Xiangqi);
    assert_eq!(dests(&p, "e4"), vec!["c2", "g2"]);
}

#[test]
fn revealed_soldier_on_own_back_rank_steps_forward_only() {
    let p = pos("4k4/9/9/9/9/9/9/9/9/P2K5 w A2B2N2R2C2P4", RuleSet::Jieqi);
    assert_eq!(dests(&p, "a0"), vec!["a1"]);
}

#[test]
fn reveal_frequencies_match_the_shuffle() {
    // 30000 first reveals: each identity 2/15, soldier 5/15, within 4 sigma.
    let n = 30_000u64;
    let mut counts = [0u64; 7];
    for seed in 0..n {
        let mut g = Game::seeded(RuleSet::Jieqi, seed);
        let r = g.play(mv("a0a1")).unwrap().reveal.unwrap();
        counts[r.index()] += 1;
    }
    for r in Role::HIDDEN {
        let p = r.count() as f64 / 15.0;
        let expected = n as f64 * p;
        let sigma = (n as f64 * p * (1.0 - p)).sqrt();
        let got = counts[r.index()] as f64;
        assert!(
            (got - expected).abs() < 4.0 * sigma,
            "{r:?}: {got} vs {expected}"
        );
    }
}

#[test]
fn undo_returns_identities_and_replays_may_differ() {
    let mut seen = std::collections::HashSet::new();
    let mut g = Game::seeded(RuleSet::Jieqi, 9);
    let start_pool = *g.board().pool(Color::Red);
    for _ in 0..40 {
        let r = g.play(mv("h2e2")).unwrap().reveal.unwrap();
        seen.insert(r);
        g.undo().unwrap();
        assert_eq!(*g.board().pool(Color::Red), start_pool);
        assert!(g.board().piece_at(sq("h2")).unwrap().hidden);
    }
    assert!(seen.len() >= 3, "re-hidden pieces are reshuffled: {seen:?}");
}

// ---- Section 4: rule sets, knowledge, end of game ----

/// Red's face-down cannon takes Black's face-down horse-point piece.
fn capture_hidden(rules: RuleSet) -> Game {
    let mut g = Game::seeded(rules, 5);
    play_all(&mut g, &["b2b9"]);
    g
}

#[test]
fn chessplayx_captured_face_down_stays_unknown() {
    let g = capture_hidden(RuleSet::ChessPlayX);
    let p = g.history()[0].played;
    assert!(p.capture_id.is_none(), "never drawn");
    for seat in [Seat::Red, Seat::Black, Seat::Spectator] {
        let v = g.view(seat);
        assert_eq!(v.captured[Color::Black.index()][0].role, None);
        assert_eq!(
            v.moves[0].len(),
            5,
            "only the reveal letter: {}",
            v.moves[0]
        );
        assert_eq!(v.position.pool(Color::Black).total(), 15);
    }
}

#[test]
fn jieqi_capturer_learns_then_everyone_at_the_end() {
    let mut g = capture_hidden(RuleSet::Jieqi);
    let id = g.history()[0].played.capture_id.expect("drawn at capture");
    let red = g.view(Seat::Red);
    let black = g.view(Seat::Black);
    assert_eq!(red.captured[1][0].role, Some(id));
    assert_eq!(black.captured[1][0].role, None);
    assert_eq!(red.moves[0].len(), 6);
    assert_eq!(black.moves[0].len(), 5);
    assert_eq!(red.position.pool(Color::Black).total(), 14);
    assert_eq!(
        black.position.pool(Color::Black).total(),
        15,
        "black does not know what it lost"
    );
    assert_eq!(g.view(Seat::Spectator).captured[1][0].role, None);
    g.resign(Color::Black);
    assert_eq!(g.view(Seat::Black).captured[1][0].role, Some(id));
    assert_eq!(g.view(Seat::Spectator).captured[1][0].role, Some(id));
}

#[test]
fn vietnam_only_the_capturer_ever_knows() {
    let mut g = capture_hidden(RuleSet::Vietnam);
    let id = g.history()[0].played.capture_id.unwrap();
    assert_eq!(g.view(Seat::Red).captured[1][0].role, Some(id));
    g.resign(Color::Red);
    assert_eq!(g.view(Seat::Black).captured[1][0].role, None);
    assert_eq!(g.view(Seat::Spectator).captured[1][0].role, None);
}

#[test]
fn checkmate_and_no_legal_move_lose() {
    let g = game("R3k4/1R7/9/9/9/9/9/9/9/3K5 b", RuleSet::Xiangqi);
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some(Color::Red), Reason::Checkmate));
    let g = game("4k4/9/4P4/9/9/9/9/9/3R1R3/4K4 b", RuleSet::Xiangqi);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Red), Reason::NoLegalMove)
    );
}

const CHECK_CYCLE: [&str; 9] = [
    "a0a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9", "a8a9",
];

#[test]
fn perpetual_check_loses_under_jieqi_and_xiangqi() {
    for rules in [RuleSet::Jieqi, RuleSet::Xiangqi] {
        let mut g = game("4k4/9/9/9/9/9/9/9/9/R2K5 w", rules);
        play_all(&mut g, &CHECK_CYCLE[..8]);
        assert!(g.outcome().is_none());
        play_all(&mut g, &CHECK_CYCLE[8..]);
        let o = g.outcome().unwrap();
        assert_eq!(
            (o.winner, o.reason),
            (Some(Color::Black), Reason::PerpetualCheck),
            "{rules:?}"
        );
    }
}

#[test]
fn perpetual_check_is_a_draw_under_chessplayx_and_vietnam() {
    for rules in [RuleSet::ChessPlayX, RuleSet::Vietnam] {
        let mut g = game("4k4/9/9/9/9/9/9/9/9/R2K5 w", rules);
        play_all(&mut g, &CHECK_CYCLE);
        let o = g.outcome().unwrap();
        assert_eq!(
            (o.winner, o.reason),
            (None, Reason::Repetition),
            "{rules:?}"
        );
    }
}

#[test]
fn perpetual_chase_loses_under_jieqi() {
    let cycle = [
        "i6i7", "a7c8", "i7i8", "c8a7", "i8i7", "a7c8", "i7i8", "c8a7", "i8i7",
    ];
    let text = "4k4/9/n8/8R/9/9/9/9/9/3K5 w";
    let mut g = game(text, RuleSet::Jieqi);
    play_all(&mut g, &cycle);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), Reason::PerpetualChase)
    );
    let mut g = game(text, RuleSet::ChessPlayX);
    play_all(&mut g, &cycle);
    assert_eq!(g.outcome().unwrap().reason, Reason::Repetition);
}

#[test]
fn no_progress_limits_by_rule_set() {
    // 119 plies without progress, then one more quiet chariot move: a draw.
    let text = "4k4/9/9/9/9/9/9/P8/9/R2K5 w - - 119 80";
    for rules in RuleSet::ALL {
        let mut g = game(text, rules);
        g.play(mv("a0b0")).unwrap();
        let o = g.outcome().unwrap();
        assert_eq!(
            (o.winner, o.reason),
            (None, Reason::NoProgress),
            "{rules:?}"
        );
    }
    // A soldier move resets the count under ChessPlayX only.
    for (rules, ends) in [
        (RuleSet::ChessPlayX, false),
        (RuleSet::Jieqi, true),
        (RuleSet::Vietnam, true),
        (RuleSet::Xiangqi, true),
    ] {
        let mut g = game(text, rules);
        g.play(mv("a2a3")).unwrap();
        assert_eq!(g.outcome().is_some(), ends, "{rules:?}");
    }
}

#[test]
fn resignation_names_winner_and_reason() {
    let mut g = Game::seeded(RuleSet::Jieqi, 1);
    g.resign(Color::Red);
    let o = g.outcome().unwrap();
    assert_eq!(o.to_string(), "black wins by resignation");
    assert!(g.legal_moves().is_empty());
}

// ---- Notation ----

#[test]
fn fen_round_trip_and_start_positions() {
    let p = jieqi::rules::Position::start(RuleSet::Jieqi);
    assert_eq!(fen::write(&p), fen::JIEQI_START);
    assert_eq!(pos(fen::JIEQI_START, RuleSet::Jieqi), p);
    let x = jieqi::rules::Position::start(RuleSet::Xiangqi);
    assert_eq!(pos(fen::XIANGQI_START, RuleSet::Xiangqi), x);
    // The plain 4-field xiangqi FEN is accepted too.
    assert_eq!(
        pos(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 0 1",
            RuleSet::Xiangqi
        ),
        x
    );
}

#[test]
fn fen_errors_are_readable() {
    let cases = [
        ("", "empty"),
        ("9/9 w", "10 ranks"),
        ("4k4/9/9/9/9/9/9/9/9/4K3 w", "exactly 9 points"),
        ("4k4/9/9/9/9/9/9/9/9/4K5 w", "exactly 9 points"),
        ("4k4/9/9/9/9/9/9/9/9/4Z4 w", "unexpected character"),
        ("4k4/9/9/9/9/9/9/9/9/9 w", "one general"),
        ("4k4/9/9/9/9/9/9/9/9/4K4 x", "side to move"),
        ("4k4/9/9/9/9/9/9/9/4X4/4K4 w R2", "not a start point"),
        (
            "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R3 0 1",
            "too many",
        ),
        (
            "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2 0 1",
            "more face-down pieces",
        ),
        ("4k4/4R4/9/9/9/9/9/9/9/3K5 w", "not to move is in check"),
        ("3k5/9/9/9/9/9/9/9/9/3K5 w", "not to move is in check"),
    ];
    for (text, want) in cases {
        let e = fen::parse(text, RuleSet::Jieqi)
            .expect_err(text)
            .to_string();
        assert!(e.contains(want), "{text:?}: {e}");
    }
}

#[test]
fn move_text_with_reveal_and_capture_letters() {
    let mut g = Game::seeded(RuleSet::Jieqi, 2);
    let p = g.play(mv("b2b9")).unwrap();
    let t = movetext::write(&p, true);
    assert_eq!(&t[..4], "b2b9");
    assert!(
        t.as_bytes()[4].is_ascii_uppercase() && t.as_bytes()[5].is_ascii_lowercase(),
        "{t}"
    );
    // Resolving the same text replays the same identities.
    let start = jieqi::rules::Position::start(RuleSet::Jieqi);
    let (m, reveal, cap) = movetext::resolve(&start, &t).unwrap();
    assert_eq!((m, reveal, cap), (p.mv, p.reveal, p.capture_id));
    // Errors: syntax, wrong side, missing or wrong reveal letter, illegal.
    use movetext::ParseMoveError::*;
    for (bad, kind) in [
        ("", "Syntax"),
        ("zz", "Syntax"),
        ("h2", "Syntax"),
        ("h2e2Cxx", "Syntax"),
        ("é2e2", "Syntax"),
        ("h2e2K", "Syntax"),
        ("h2e2", "Reveal"),
        ("h7e7C", "NotYourPiece"),
        ("a0a5R", "Illegal"),
        ("e0e2", "Illegal"),
        ("e5e6", "NoPiece"),
    ] {
        let e = movetext::resolve(&start, bad).unwrap_err();
        let got = match e {
            Syntax(_) => "Syntax",
            Reveal(_) => "Reveal",
            NotYourPiece(_) => "NotYourPiece",
            Illegal(_) => "Illegal",
            NoPiece(_) => "NoPiece",
            Capture(_) => "Capture",
        };
        assert_eq!(got, kind, "{bad}: {e}");
    }
}

#[test]
fn display_notations() {
    use jieqi::rules::xiangqi::notation::{write, Notation::*};
    let x = jieqi::rules::Position::start(RuleSet::Xiangqi);
    assert_eq!(write(&x, mv("h2e2"), Wxf), "C2.5");
    assert_eq!(write(&x, mv("h2e2"), Chinese), "炮二平五");
    assert_eq!(write(&x, mv("h2e2"), Vietnamese), "P2-5");
    assert_eq!(write(&x, mv("b0c2"), Wxf), "H8+7");
    assert_eq!(write(&x, mv("b0c2"), Vietnamese), "M8.7");
    assert_eq!(write(&x, mv("b0c2"), Chinese), "傌八进七");
    assert_eq!(write(&x, mv("h2h9"), Wxf), "C2+7");
    let b = pos(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b",
        RuleSet::Xiangqi,
    );
    assert_eq!(write(&b, mv("h9g7"), Wxf), "H8+7");
    assert_eq!(write(&b, mv("h9g7"), Chinese), "馬８进７");
    assert_eq!(write(&b, mv("h7h0"), Wxf), "C8+7");
    // Tandem chariots: front and rear.
    let t = pos("4k4/9/9/9/9/R8/9/R8/9/3K5 w", RuleSet::Xiangqi);
    assert_eq!(write(&t, mv("a4b4"), Wxf), "R+.8");
    assert_eq!(write(&t, mv("a2a1"), Wxf), "R--1");
    assert_eq!(write(&t, mv("a4b4"), Chinese), "前俥平八");
    // A face-down mover is written with the role of its start point and its mark.
    let j = jieqi::rules::Position::start(RuleSet::Jieqi);
    assert_eq!(write(&j, mv("h2e2"), Wxf), "XC2.5");
    assert_eq!(write(&j, mv("a0a1"), Vietnamese), "UX9.1");
}

#[test]
fn replaying_one_seats_record_redraws_what_that_seat_does_not_know() {
    // Black captures a face-down red piece under Vietnam rules; Red's record lacks the letter.
    let mut g = Game::seeded(RuleSet::Vietnam, 11);
    play_all(&mut g, &["a3a4", "b7b0"]);
    let red_text = g.view(Seat::Red).moves;
    assert_eq!(red_text[1].len(), 5, "{red_text:?}");
    let mut replayed = Game::seeded(RuleSet::Vietnam, 99);
    for t in &red_text {
        let (m, reveal, cap) = movetext::resolve(replayed.board(), t).unwrap();
        replayed.replay(m, reveal, cap).unwrap();
    }
    assert_eq!(replayed.board().public_hash(), g.board().public_hash());
    assert!(
        replayed.history()[1].played.capture_id.is_some(),
        "drawn afresh for the capturer"
    );
    // A capture letter where the rules draw none is refused.
    let mut x = Game::seeded(RuleSet::ChessPlayX, 1);
    let start = x.board().clone();
    let (m, reveal, _) = movetext::resolve(&start, "b2b9N").unwrap();
    assert!(x.replay(m, reveal, Some(Role::Chariot)).is_err());
}
