//! The evaluation: colour and file symmetry, the engine's sum equals the
//! tuner's features times weights, and the terms see what they claim.

use jieqi::ai::eval::{self, evaluate, features, WEIGHTS};
use jieqi::rules::xiangqi::fen;
use jieqi::rules::{Game, Position, RuleSet, Seat};

/// Positions from seeded random games, as the side to move sees them.
fn sample_positions(rules: RuleSet, games: u64, plies: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for g in 0..games {
        let mut game = Game::seeded(rules, 1000 + g);
        let mut state = 0x9E37_79B9_7F4A_7C15u64 ^ g;
        for _ in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            out.push(game.view(Seat::of(game.turn())).position);
            let moves = game.legal_moves();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Prefer captures now and then, so material changes hands.
            let caps: Vec<_> = moves
                .iter()
                .filter(|m| game.board().piece_at(m.to).is_some())
                .copied()
                .collect();
            let m = if !caps.is_empty() && state % 3 == 0 {
                caps[(state as usize / 3) % caps.len()]
            } else {
                moves.as_slice()[(state as usize / 7) % moves.len()]
            };
            game.play(m).unwrap();
        }
    }
    out
}

/// Swap the colours: ranks reversed, case swapped, the other side to move,
/// the pools exchanged.
fn colour_mirror(text: &str) -> String {
    let f: Vec<&str> = text.split(' ').collect();
    let swap = |s: &str| {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect::<String>()
    };
    let board: Vec<String> = f[0].split('/').rev().map(swap).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let mut pool = swap(f[2]);
    if pool == "-" {
        pool = "-".into();
    }
    format!("{} {side} {pool} {} {}", board.join("/"), f[3], f[4])
}

/// Mirror left and right.
fn file_mirror(text: &str) -> String {
    let f: Vec<&str> = text.split(' ').collect();
    let board: Vec<String> = f[0]
        .split('/')
        .map(|rank| {
            let mut cells = String::new();
            for c in rank.chars() {
                match c.to_digit(10) {
                    Some(n) => cells.extend(std::iter::repeat_n('1', n as usize)),
                    None => cells.push(c),
                }
            }
            cells.chars().rev().collect::<String>()
        })
        .collect();
    format!("{} {}", board.join("/"), f[1..].join(" "))
}

#[test]
fn swapping_colours_keeps_the_score_for_the_side_to_move() {
    for rules in [RuleSet::Jieqi, RuleSet::Xiangqi] {
        for pos in sample_positions(rules, 12, 120) {
            let text = fen::write(&pos);
            let mirrored = fen::parse(&colour_mirror(&text), rules).unwrap();
            assert_eq!(
                evaluate(&pos),
                evaluate(&mirrored),
                "{text} vs {}",
                fen::write(&mirrored)
            );
        }
    }
}

#[test]
fn the_score_is_the_other_sides_score_negated() {
    // The same board with the other side to move: the tempo and the
    // side-to-move terms aside, one side's gain is the other's loss, so
    // the colour-mirrored board with the original side to move negates.
    for pos in sample_positions(RuleSet::Jieqi, 6, 120) {
        let text = fen::write(&pos);
        let mirrored = colour_mirror(&text);
        let f: Vec<&str> = mirrored.split(' ').collect();
        let same_side = format!(
            "{} {} {} {} {}",
            f[0],
            &text.split(' ').nth(1).unwrap(),
            f[2],
            f[3],
            f[4]
        );
        let Ok(other) = fen::parse(&same_side, RuleSet::Jieqi) else {
            continue; // the other side may be in check: not a position
        };
        let a = eval::features(&pos);
        let b = eval::features(&other);
        for i in 0..eval::FEATURES {
            if matches!(
                i,
                eval::TEMPO
                    | eval::HANGING_US
                    | eval::HANGING_THEM
                    | eval::THREAT_LOWER_US
                    | eval::THREAT_LOWER_THEM
                    | eval::DOUBLE_ATTACK_US
                    | eval::DOUBLE_ATTACK_THEM
                    | eval::THREATENED_US
                    | eval::THREATENED_SECOND_US
                    | eval::THREATENED_THEM
                    | eval::THREATENED_SECOND_THEM
                    | eval::CHECKS_US
                    | eval::CHECKS_THEM
                    | eval::SAFE_CHECKS_US
                    | eval::SAFE_CHECKS_THEM
            ) {
                continue;
            }
            assert_eq!(a.counts[i], -b.counts[i], "{} in {text}", eval::name(i));
        }
        // What the side to move stands to lose on one board, the side not
        // to move stands to lose on the other.
        for (us, them) in [
            (eval::THREATENED_US, eval::THREATENED_THEM),
            (eval::THREATENED_SECOND_US, eval::THREATENED_SECOND_THEM),
            (eval::CHECKS_US, eval::CHECKS_THEM),
            (eval::SAFE_CHECKS_US, eval::SAFE_CHECKS_THEM),
        ] {
            assert_eq!(
                a.counts[us],
                -b.counts[them],
                "{} in {text}",
                eval::name(us)
            );
            assert_eq!(
                a.counts[them],
                -b.counts[us],
                "{} in {text}",
                eval::name(them)
            );
        }
    }
}

#[test]
fn mirroring_left_and_right_keeps_the_score() {
    for pos in sample_positions(RuleSet::Jieqi, 12, 120) {
        let text = fen::write(&pos);
        let mirrored = fen::parse(&file_mirror(&text), RuleSet::Jieqi).unwrap();
        assert_eq!(evaluate(&pos), evaluate(&mirrored), "{text}");
    }
}

#[test]
fn the_engine_sum_is_the_tuners_features_times_weights() {
    let w: Vec<(f64, f64)> = WEIGHTS.iter().map(|&(a, b)| (a as f64, b as f64)).collect();
    for rules in [RuleSet::Jieqi, RuleSet::Vietnam, RuleSet::Xiangqi] {
        for pos in sample_positions(rules, 8, 150) {
            let f = features(&pos);
            let exact = f.eval(&w) + eval::correction(&f.inputs, f.turn) as f64;
            let engine = evaluate(&pos) as f64;
            // Integer rounding only: one centipawn per division (six pool roles a
            // side, middle and end game), one for the blend.
            assert!(
                (exact - engine).abs() <= 13.0,
                "{exact} vs {engine} in {}",
                fen::write(&pos)
            );
        }
    }
}

#[test]
fn the_start_position_is_balanced_but_for_the_tempo() {
    // Everything but the tempo cancels out in the linear terms, and the
    // learnt correction's inputs are the same for both sides but for it.
    for rules in [RuleSet::Jieqi, RuleSet::Xiangqi] {
        let pos = Position::start(rules);
        let f = features(&pos);
        let [red, black] = f.inputs;
        let mut red_without_tempo = red;
        red_without_tempo[eval::TEMPO] -= eval::net::INPUT_SCALE;
        assert_eq!(red_without_tempo, black);
        assert_eq!(black[eval::TEMPO], 0);
        assert!(f.counts[..eval::TEMPO].iter().all(|&c| c == 0.0));
        let correction = eval::correction(&f.inputs, f.turn);
        assert_eq!(evaluate(&pos), WEIGHTS[eval::TEMPO].0 + correction);
    }
}

fn counts(text: &str) -> [f32; eval::FEATURES] {
    features(&fen::parse(text, RuleSet::Jieqi).unwrap()).counts
}

#[test]
fn terms_see_hanging_pieces_screens_and_hidden_points() {
    // Red chariot on a5 attacks the black horse on a8, which nothing defends.
    let c = counts("3k5/9/R8/n8/9/9/9/9/9/4K4 b - 0 1");
    assert_eq!(
        c[eval::HANGING_US],
        -1.0,
        "black horse hangs, black to move"
    );
    assert_eq!(
        c[eval::THREAT_LOWER_US],
        0.0,
        "a chariot is not lower than a horse"
    );
    // The same with Red to move: Black's horse hangs for the side not to move.
    let c = counts("3k5/9/R8/n8/9/9/9/9/9/4K4 w - 0 1");
    assert_eq!(c[eval::HANGING_THEM], -1.0);
    // A red cannon on e2 facing the black general on e9 with nothing between.
    let c = counts("4k4/9/9/9/9/9/9/4C4/9/3K5 w - 0 1");
    assert_eq!(c[eval::CANNON_HOLLOW], 1.0);
    assert_eq!(c[eval::CANNON_GENERAL_FILE], 1.0);
    // Two screens between: a double screen, no longer hollow.
    let c = counts("4k4/9/4p4/9/4p4/9/9/4C4/9/3K5 w - 0 1");
    assert_eq!(c[eval::CANNON_HOLLOW], 0.0);
    assert_eq!(c[eval::CANNON_DOUBLE_SCREEN], 1.0);
    // Face-down pieces count by the role of their point, and at the pool's
    // mean: with a pool of one chariot and one soldier, each hidden piece is
    // half a chariot and half a soldier.
    let c = counts("3k5/9/9/9/9/9/X8/9/9/X3K4 w R1P1 0 1");
    assert_eq!(c[eval::HIDDEN_HOME + 3], 1.0, "on a chariot point");
    assert_eq!(c[eval::HIDDEN_HOME + 5], 1.0, "on a soldier point");
    assert_eq!(c[eval::HIDDEN_POOL + 3], 1.0);
    assert_eq!(c[eval::HIDDEN_POOL + 5], 1.0);
    // A pool larger than the face-down pieces: an identity captured unseen.
    let c = counts("3k5/9/9/9/9/9/9/9/9/X3K4 w R1P1 0 1");
    assert_eq!(c[eval::UNSEEN_CAPTURED], 1.0);
}

#[test]
fn the_generals_room_and_face_down_mobility_are_counted() {
    // Red's general on e0 may step to f0 and e1; d0 is attacked by the black
    // chariot on d5. Black's on d9 may step to d8 only: e9 is its own.
    let c = counts("3ka4/9/9/9/3r5/9/9/9/9/4K4 w - 0 1");
    assert_eq!(c[eval::GENERAL_MOBILITY], 2.0 - 1.0);
    assert_eq!(c[eval::GENERAL_ESCAPES_ATTACKED], 1.0);
    assert_eq!(c[eval::HIDDEN_MOBILITY], 0.0);
    // A face-down piece on a0 moves as a chariot: up the file to a9, and
    // along the rank to d0 (its own general on e0 stops it).
    let c = counts("3ka4/9/9/9/3r5/9/9/9/9/X3K4 w R1 0 1");
    assert_eq!(c[eval::HIDDEN_MOBILITY], 12.0);
    // The learnt correction reads them too, as it reads every hand-made
    // feature (all but the piece-square tables).
    assert_eq!(eval::net::SIDE_INPUTS, eval::PST);
    let pos = fen::parse("3ka4/9/9/9/3r5/9/9/9/9/X3K4 w R1 0 1", RuleSet::Jieqi).unwrap();
    let [red, black] = features(&pos).inputs;
    let scale = eval::net::INPUT_SCALE;
    assert_eq!(red[eval::HIDDEN_MOBILITY], 12 * scale);
    assert_eq!(red[eval::GENERAL_MOBILITY], 2 * scale);
    assert_eq!(black[eval::GENERAL_MOBILITY], scale);
    assert_eq!(red[eval::GENERAL_ESCAPES_ATTACKED], scale);
    assert_eq!(black[eval::GENERAL_ESCAPES_ATTACKED], 0);
}

#[test]
fn hidden_value_is_the_pool_mean_of_the_hidden_table() {
    let pos = fen::parse("3k5/9/9/9/9/9/9/9/9/X3K4 w R1P1 0 1", RuleSet::Jieqi).unwrap();
    let (mg, eg) = eval::hidden_value(&pos, jieqi::rules::Color::Red);
    let r = WEIGHTS[eval::HIDDEN_POOL + 3];
    let p = WEIGHTS[eval::HIDDEN_POOL + 5];
    assert_eq!((mg, eg), ((r.0 + p.0) / 2, (r.1 + p.1) / 2));
}

#[test]
fn face_up_pieces_count_on_their_square_seen_from_their_own_side() {
    use jieqi::rules::{Role, Square};
    // A red chariot on a5 and a black one on i4: both on their own fifth
    // rank (index 5 from their side), both on an edge file.
    let c = counts("3k5/9/9/9/R8/8r/9/9/9/4K4 w - 0 1");
    let red = eval::pst_index(Role::Chariot, Square::new(0, 5));
    assert_eq!(
        red,
        eval::pst_index(Role::Chariot, Square::new(8, 5)),
        "files mirrored"
    );
    assert_eq!(c[red], 0.0, "the two cancel");
    // The red one alone counts +1 there, the generals on their own points.
    let c = counts("3k5/9/9/9/R8/9/9/9/9/4K4 w - 0 1");
    assert_eq!(c[red], 1.0);
    assert_eq!(c[eval::pst_index(Role::General, Square::new(4, 0))], 1.0);
    assert_eq!(
        c[eval::pst_index(Role::General, Square::new(3, 0))],
        -1.0,
        "d9 is Black's d0"
    );
    // Face-down pieces have no square term; each role has its own table.
    let c = counts("3k5/9/9/9/9/9/X8/9/9/X3K4 w R1P1 0 1");
    let squares: f32 = (eval::PST..eval::FEATURES)
        .filter(|&i| i != eval::pst_index(Role::General, Square::new(4, 0)))
        .filter(|&i| i != eval::pst_index(Role::General, Square::new(3, 0)))
        .map(|i| c[i].abs())
        .sum();
    assert_eq!(squares, 0.0);
    assert_eq!(eval::FEATURES, eval::PST + 7 * eval::PST_POINTS);
    assert_eq!(
        eval::name(eval::pst_index(Role::Soldier, Square::new(6, 3))),
        "square soldier rank 3 file 2"
    );
}

#[test]
fn terms_count_the_checks_each_side_could_give() {
    // A red chariot on a5 checks the black general on e9 from a9 and
    // from e5: two checks, the side to move's.
    let c = counts("4k4/9/9/9/R8/9/9/9/9/3K5 w - 0 1");
    assert_eq!((c[eval::CHECKS_US], c[eval::CHECKS_THEM]), (2.0, 0.0));
    // Both from points Black does not attack: both safe.
    assert_eq!(
        (c[eval::SAFE_CHECKS_US], c[eval::SAFE_CHECKS_THEM]),
        (2.0, 0.0)
    );
    // A black horse on c8 guards a9 (its leg b8 is free): one safe check,
    // from e5; the side not to move's, seen from Black's turn.
    let c = counts("4k4/2n6/9/9/R8/9/9/9/9/3K5 w - 0 1");
    assert_eq!((c[eval::CHECKS_US], c[eval::SAFE_CHECKS_US]), (2.0, 1.0));
    let c = counts("4k4/2n6/9/9/R8/9/9/9/9/3K5 b - 0 1");
    assert_eq!(
        (c[eval::CHECKS_THEM], c[eval::SAFE_CHECKS_THEM]),
        (2.0, 1.0)
    );
    // A black horse on e7 closes the e-file: from a9 only.
    let c = counts("4k4/9/4n4/9/R8/9/9/9/9/3K5 w - 0 1");
    assert_eq!(c[eval::CHECKS_US], 1.0);
    // A cannon there checks from e5, over the horse, and not from a9.
    let c = counts("4k4/9/4n4/9/C8/9/9/9/9/3K5 w - 0 1");
    assert_eq!(c[eval::CHECKS_US], 1.0);
    // A capture that checks: over a red soldier on c5 the cannon takes
    // a black one on e5, then checks over the horse on e7.
    let c = counts("4k4/9/4n4/9/C1P1p4/9/9/9/9/3K5 w - 0 1");
    assert_eq!(c[eval::CHECKS_US], 1.0);
    // A horse on b6 checks from c8 and d7; with a piece on d8 (the leg
    // of both checks), from neither.
    let c = counts("4k4/9/9/1N7/9/9/9/9/9/3K5 w - 0 1");
    assert_eq!(c[eval::CHECKS_US], 2.0);
    let c = counts("4k4/3n5/9/1N7/9/9/9/9/9/3K5 w - 0 1");
    assert_eq!(c[eval::CHECKS_US], 0.0);
    // The side not to move's checks, counted as its (negative): a black
    // chariot on a1 checks the red general on d0 from a0 and d1.
    let c = counts("4k4/9/9/9/9/9/9/9/r8/3K5 w - 0 1");
    assert_eq!((c[eval::CHECKS_US], c[eval::CHECKS_THEM]), (0.0, -2.0));
    // A piece already on the general's line is not counted, nor is a
    // face-down piece (it turns into what its move reveals).
    let c = counts("4k4/9/4n4/9/4R4/9/9/9/9/3K5 w - 0 1");
    assert_eq!(c[eval::CHECKS_US], 0.0);
    let c = counts("4k4/9/9/9/9/9/9/9/9/R2K5 w - 0 1");
    assert_eq!(c[eval::CHECKS_US], 1.0, "from a9");
    let c = counts("4k4/9/9/9/9/9/9/9/9/X2K5 w R1 0 1");
    assert_eq!(c[eval::CHECKS_US], 0.0, "face down");
}

#[test]
fn terms_see_x_rays_the_generals_screen_and_threatened_pieces() {
    // A red chariot on e3 sees the black general on e9 through one black
    // soldier on e6: a pin.
    let c = counts("4k4/9/9/4p4/9/9/4R4/9/9/3K5 w - 0 1");
    assert_eq!(c[eval::CHARIOT_XRAY], 1.0);
    // Through two pieces it is no x-ray.
    let c = counts("4k4/9/9/4p4/4p4/9/4R4/9/9/3K5 w - 0 1");
    assert_eq!(c[eval::CHARIOT_XRAY], 0.0);
    // The one piece between generals facing on a file is its owner's
    // (a black soldier: Black's, counted negative).
    let c = counts("4k4/9/9/9/4p4/9/9/9/9/4K4 w - 0 1");
    assert_eq!(c[eval::GENERALS_SCREEN], -1.0);
    let c = counts("4k4/9/9/9/4p4/4P4/9/9/9/4K4 w - 0 1");
    assert_eq!(c[eval::GENERALS_SCREEN], 0.0, "two pieces between");
    // Red to move: its chariot on e3 is attacked by a lower piece, the
    // black soldier on e4, which nothing defends. What Red stands to lose
    // is the chariot (in hundreds of centipawns, face-up middle-game
    // value); what it may win, the soldier (Black's: negative).
    let c = counts("3k5/9/9/9/9/4p4/4R4/9/9/5K3 w - 0 1");
    let value = |role: usize| WEIGHTS[eval::MATERIAL + role].0 as f32 / 100.0;
    assert_eq!(c[eval::THREATENED_US], value(3), "a chariot");
    assert_eq!(c[eval::THREATENED_SECOND_US], 0.0);
    assert_eq!(c[eval::THREATENED_THEM], -value(5), "a soldier");
    assert_eq!(c[eval::THREATENED_SECOND_THEM], 0.0);
}
