//! Perpetual chase (RULES.md section 4, `rules::xiangqi::chase`): only attacks a move
//! creates count, only legal captures count, protection is a legal
//! recapture, check outranks chase, mutual chases are drawn. Each test plays
//! a whole repetition cycle through `Game` and checks the verdict.

use jieqi::rules::{Color, Game, Move, Outcome, Reason, RuleSet, Square};

/// The rule sets that punish perpetual chase, and those that draw it.
const PUNISHING: [RuleSet; 2] = [RuleSet::Jieqi, RuleSet::Xiangqi];
const LENIENT: [RuleSet; 2] = [RuleSet::ChessPlayX, RuleSet::Vietnam];

fn mv(s: &str) -> Move {
    let sq = |t: &str| Square::parse(t).unwrap_or_else(|| panic!("bad square {t}"));
    Move::new(sq(&s[0..2]), sq(&s[2..4]))
}

/// Play a four-ply cycle twice from `fen` (the start position then occurs a
/// third time); the game must last until the last ply. Returns the verdict.
fn verdict(fen: &str, rules: RuleSet, cycle: [&str; 4]) -> (Option<Color>, Reason) {
    let mut g = Game::from_fen_seeded(fen, rules, 7).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let moves: Vec<&str> = cycle.iter().chain(cycle.iter()).copied().collect();
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(
            g.outcome(),
            None,
            "{rules:?}: game over before ply {i} ({m})"
        );
        g.play(mv(m))
            .unwrap_or_else(|e| panic!("{rules:?}: ply {i} {m}: {e}"));
    }
    let Outcome { winner, reason } = g.outcome().expect("the third occurrence ends the game");
    (winner, reason)
}

const DRAW: (Option<Color>, Reason) = (None, Reason::Repetition);
const RED_CHASES: (Option<Color>, Reason) = (Some(Color::Black), Reason::PerpetualChase);
const BLACK_CHASES: (Option<Color>, Reason) = (Some(Color::Red), Reason::PerpetualChase);

#[test]
fn a_standing_attack_is_no_chase() {
    // The chariot a5 stands on the unprotected horse a8; Red only moves its
    // general, Black only its general.
    let fen = "3k5/n8/9/9/R8/9/9/9/9/4K4 w - 0 1";
    for rules in RuleSet::ALL {
        assert_eq!(
            verdict(fen, rules, ["e0e1", "d9d8", "e1e0", "d8d9"]),
            DRAW,
            "{rules:?}"
        );
    }
    // The chariot itself slides along the file it attacks on: still the
    // same standing attack.
    for rules in PUNISHING {
        assert_eq!(
            verdict(fen, rules, ["a5a4", "d9d8", "a4a5", "d8d9"]),
            DRAW,
            "{rules:?}"
        );
    }
}

#[test]
fn a_true_chase_loses_where_the_rules_punish_it() {
    // The chariot attacks the unprotected horse anew on every move.
    let fen = "4k4/9/n7R/9/9/9/9/9/9/3K5 b";
    let cycle = ["a7c8", "i7i8", "c8a7", "i8i7"];
    for rules in PUNISHING {
        assert_eq!(verdict(fen, rules, cycle), RED_CHASES, "{rules:?}");
    }
    for rules in LENIENT {
        assert_eq!(verdict(fen, rules, cycle), DRAW, "{rules:?}");
    }
}

#[test]
fn a_pinned_attacker_does_not_chase() {
    // The red chariot may not leave the e-file (the black chariot e8 would
    // attack the general e1): its attacks on the cannon a3 / a2 are not
    // legal captures.
    let fen = "3k5/4r4/9/9/9/9/c8/4R4/4K4/4C4 w";
    for rules in PUNISHING {
        assert_eq!(
            verdict(fen, rules, ["e2e3", "a3a2", "e3e2", "a2a3"]),
            DRAW,
            "{rules:?}"
        );
    }
}

#[test]
fn a_pinned_protector_does_not_protect() {
    // The black chariot b9 sees the cannon (b7 / b6) but may not leave rank 9
    // (the red chariot a9 would attack the general d9): the cannon is
    // unprotected, so the red chariot chases it.
    let fen = "Rr1k5/9/1c7/8R/9/9/9/9/9/4K4 w";
    for rules in PUNISHING {
        assert_eq!(
            verdict(fen, rules, ["i6i7", "b7b6", "i7i6", "b6b7"]),
            RED_CHASES,
            "{rules:?}"
        );
    }
}

#[test]
fn moving_a_blocker_uncovers_a_chase() {
    // The red horse steps between c1 and d3, each time opening the line of
    // one chariot (c0 or i3) onto the black horse c3 and closing the other.
    let fen = "3k5/9/9/9/9/9/2n5R/9/2N6/2R1K4 w";
    let cycle = ["c1d3", "d9d8", "d3c1", "d8d9"];
    for rules in PUNISHING {
        assert_eq!(verdict(fen, rules, cycle), RED_CHASES, "{rules:?}");
    }
    for rules in LENIENT {
        assert_eq!(verdict(fen, rules, cycle), DRAW, "{rules:?}");
    }
}

#[test]
fn a_face_down_piece_chases_as_its_start_role() {
    // The face-down piece on a0 attacks as a chariot: opening its file is a
    // chase, although capturing would turn it face up.
    let fen = "3k5/9/9/9/9/9/n7R/9/N8/X3K4 w";
    let cycle = ["a1b3", "d9d8", "b3a1", "d8d9"];
    assert_eq!(verdict(fen, RuleSet::Jieqi, cycle), RED_CHASES);
    assert_eq!(verdict(fen, RuleSet::ChessPlayX, cycle), DRAW);
}

#[test]
fn mutual_chases_are_drawn() {
    // Both sides open a chariot line onto an unprotected horse with every
    // move (Red on c3 as above, Black on g6 the same way).
    let fen = "3k2r2/6n2/9/r5N2/9/9/2n5R/9/2N6/2R1K4 w";
    for rules in PUNISHING {
        assert_eq!(
            verdict(fen, rules, ["c1d3", "g8f6", "d3c1", "f6g8"]),
            DRAW,
            "{rules:?}"
        );
    }
}

#[test]
fn perpetual_check_outranks_perpetual_chase() {
    // Red checks with every move; every black general move uncovers a black
    // chariot (i9 or i8) onto the unprotected red chariot. The checker loses.
    let fen = "4k3r/R7r/9/9/9/9/9/9/9/3K5 w";
    for rules in PUNISHING {
        assert_eq!(
            verdict(fen, rules, ["a8a9", "e9e8", "a9a8", "e8e9"]),
            (Some(Color::Black), Reason::PerpetualCheck),
            "{rules:?}"
        );
    }
    for rules in LENIENT {
        assert_eq!(
            verdict(fen, rules, ["a8a9", "e9e8", "a9a8", "e8e9"]),
            DRAW,
            "{rules:?}"
        );
    }
}

#[test]
fn a_chariot_is_chased_by_a_horse_or_cannon_even_when_protected() {
    // Horse c3 / d5 attacks the red chariot a4 / b4, which the chariot i4
    // protects along rank 4.
    let horse = "3k5/9/9/9/9/R7R/2n6/9/9/4K4 w";
    // Cannon i4 / i5 attacks the red chariot a4 / a5 over the soldier e4 /
    // e5; the chariot a0 protects it along the file.
    let cannon = "3k5/9/9/9/4P4/R3P3c/9/9/9/R3K4 w";
    for rules in PUNISHING {
        assert_eq!(
            verdict(horse, rules, ["a4b4", "c3d5", "b4a4", "d5c3"]),
            BLACK_CHASES,
            "horse {rules:?}"
        );
        assert_eq!(
            verdict(cannon, rules, ["a4a5", "i4i5", "a5a4", "i5i4"]),
            BLACK_CHASES,
            "cannon {rules:?}"
        );
    }
    for rules in LENIENT {
        assert_eq!(
            verdict(horse, rules, ["a4b4", "c3d5", "b4a4", "d5c3"]),
            DRAW,
            "horse {rules:?}"
        );
    }
}

#[test]
fn a_protected_piece_is_not_chased() {
    // As the cannon above, but onto a red cannon (a4 / a5), which the
    // chariot a0 protects: no chase.
    let fen = "3k5/9/9/9/4P4/C3P3c/9/9/9/R3K4 w";
    for rules in PUNISHING {
        assert_eq!(
            verdict(fen, rules, ["a4a5", "i4i5", "a5a4", "i5i4"]),
            DRAW,
            "{rules:?}"
        );
    }
}

#[test]
fn an_uncrossed_soldier_is_never_chased_a_crossed_one_is() {
    // The same uncovering manoeuvre as above, onto a black soldier.
    let uncrossed = "3k5/9/9/2p5R/9/2N6/9/9/9/2R1K4 w";
    let crossed = "3k5/9/9/9/9/9/2p5R/9/2N6/2R1K4 w";
    for rules in PUNISHING {
        assert_eq!(
            verdict(uncrossed, rules, ["c4d6", "d9d8", "d6c4", "d8d9"]),
            DRAW,
            "{rules:?}"
        );
        assert_eq!(
            verdict(crossed, rules, ["c1d3", "d9d8", "d3c1", "d8d9"]),
            RED_CHASES,
            "{rules:?}"
        );
    }
    // A face-down piece on a soldier's start point is not known to be a
    // soldier: it is chased like any other piece.
    let face_down = "3k5/9/9/2x5R/9/2N6/9/9/9/2R1K4 w";
    assert_eq!(
        verdict(face_down, RuleSet::Jieqi, ["c4d6", "d9d8", "d6c4", "d8d9"]),
        RED_CHASES
    );
}

#[test]
fn general_and_soldier_chasers_do_not_count() {
    // A crossed red soldier steps d5 / e5 and attacks the black cannon
    // d6 / e6 anew each time.
    let soldier = "3k5/9/9/4c4/3P5/9/9/9/9/5K3 w";
    // The red general steps e0 / e1 and attacks the black cannon d1 / d0.
    let general = "5k3/9/9/9/9/9/9/9/3c5/4K4 w";
    for rules in PUNISHING {
        assert_eq!(
            verdict(soldier, rules, ["d5e5", "e6d6", "e5d5", "d6e6"]),
            DRAW,
            "soldier {rules:?}"
        );
        assert_eq!(
            verdict(general, rules, ["e0e1", "d1d0", "e1e0", "d0d1"]),
            DRAW,
            "general {rules:?}"
        );
    }
}
