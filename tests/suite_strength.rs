//! Tests that check what their names promise, through play: face-down
//! attacks that depend on the start role, what each seat's view reveals
//! through every channel, the no-progress limit reached move by move, and
//! identity draws from partly used pools and at capture.

use jieqi::rules::xiangqi::{fen, movetext};
use jieqi::rules::{repetition_key, Color, Game, Move, Position, Role, RuleSet, Seat, Square};
use std::collections::HashMap;

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}
fn mv(s: &str) -> Move {
    Move::new(sq(&s[0..2]), sq(&s[2..4]))
}
fn pos(text: &str) -> Position {
    fen::parse(text, RuleSet::Jieqi).unwrap_or_else(|e| panic!("{text}: {e}"))
}
fn dests(p: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves_from(sq(from))
        .iter()
        .map(|m| m.to.to_string())
        .collect();
    v.sort();
    v
}

// ---- face-down pieces attack as their start role ----

#[test]
fn face_down_cannon_needs_exactly_one_screen() {
    // Black's face-down piece on h7 (a cannon point) over the screen h2 onto h0.
    let start = Position::start(RuleSet::Jieqi);
    assert!(start.attacked_by(sq("h0"), Color::Black));
    // No screen (h2 gone): h0 is the first piece met, so it is not attacked.
    let none = pos(
        "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X7/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 0 1",
    );
    assert!(!none.attacked_by(sq("h0"), Color::Black));
    // Two screens (a red soldier on h4 as well): not attacked either.
    let two = pos("xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/7P1/X1X1X3X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P4a2b2n2r2c2p5 0 1");
    assert!(!two.attacked_by(sq("h0"), Color::Black));
}

#[test]
fn face_down_chariot_attacks_along_its_lines_whatever_the_pool_holds() {
    // The only identity Black's face-down a9 can turn into is a horse, yet
    // until it moves it attacks as a chariot: down the a-file, not as a horse.
    let p = pos("x3k4/9/9/9/R8/9/9/9/9/3K5 w n1 0 1");
    assert!(p.attacked_by(sq("a5"), Color::Black));
    assert!(!p.attacked_by(sq("b7"), Color::Black), "not a horse's jump");
    // A piece on a7 blocks the file.
    let blocked = pos("x3k4/9/P8/9/R8/9/9/9/9/3K5 w n1 0 1");
    assert!(!blocked.attacked_by(sq("a5"), Color::Black));
    // Red may take it: a capture of a face-down piece, legal as for any piece.
    assert!(p.is_legal(mv("a5a9")));
}

#[test]
fn face_down_horse_is_blocked_by_its_leg() {
    let open = pos("1x2k4/9/2R6/9/9/9/9/9/9/3K5 w r1 0 1");
    assert!(open.attacked_by(sq("c7"), Color::Black));
    let leg = pos("1x2k4/1P7/2R6/9/9/9/9/9/9/3K5 w r1 0 1");
    assert!(!leg.attacked_by(sq("c7"), Color::Black));
}

#[test]
fn face_down_blockers_are_pinned_like_any_piece() {
    // Red's face-down advisor on d0 shields the general from a chariot on b0:
    // its only start-role move (d0e1) would expose the general.
    let pinned = pos("5k3/9/9/9/9/9/9/9/9/1r1XK4 w A1 0 1");
    assert!(dests(&pinned, "d0").is_empty());
    let free = pos("5k3/9/9/9/9/9/9/9/9/3XK4 w A1 0 1");
    assert_eq!(dests(&free, "d0"), vec!["e1"]);
    // Black's face-down advisor on f9 shields its general on e9 from a red
    // chariot on i9 (g9, h9 empty): its only start-role move (f9e8) would
    // leave the line.
    let black = pos("4kx3/9/9/9/9/9/9/9/9/3K5 b a1 0 1");
    assert_eq!(dests(&black, "f9"), vec!["e8"]);
    let pinned = pos("4kx2R/9/9/9/9/9/9/9/9/3K5 b a1 0 1");
    assert!(dests(&pinned, "f9").is_empty());
}

// ---- what each seat's view reveals, channel by channel ----

/// Random legal play that prefers captures, so face-down pieces get taken.
fn capture_heavy_game(rules: RuleSet, seed: u64, plies: usize) -> Game {
    let mut g = Game::seeded(rules, seed);
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for _ in 0..plies {
        if g.outcome().is_some() {
            break;
        }
        let legal = g.legal_moves();
        let captures: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| g.board().piece_at(m.to).is_some())
            .collect();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let m = if !captures.is_empty() && x % 3 != 0 {
            captures[(x / 3 % captures.len() as u64) as usize]
        } else {
            legal.as_slice()[(x % legal.len() as u64) as usize]
        };
        g.play(m).unwrap();
    }
    g
}

fn may_know(rules: RuleSet, seat: Seat, capturer: Color, over: bool) -> bool {
    match rules {
        RuleSet::ChessPlayX | RuleSet::Xiangqi => false,
        RuleSet::Jieqi => seat == Seat::of(capturer) || over,
        RuleSet::Vietnam => seat == Seat::of(capturer),
    }
}

#[test]
fn views_reveal_only_what_each_rule_set_allows_through_every_channel() {
    let mut hidden_captures = 0;
    for rules in [RuleSet::ChessPlayX, RuleSet::Jieqi, RuleSet::Vietnam] {
        for seed in 0..6 {
            let mut g = capture_heavy_game(rules, seed, 200);
            for finished in [false, true] {
                if finished && g.outcome().is_none() {
                    g.resign(Color::Red);
                }
                let over = g.outcome().is_some();
                for seat in [Seat::Red, Seat::Black, Seat::Spectator] {
                    let v = g.view(seat);
                    // Expected pools: the true pools plus every captured
                    // identity this seat may not know.
                    let mut pools = [*g.board().pool(Color::Red), *g.board().pool(Color::Black)];
                    let mut caps = 0;
                    for (ply, r) in g.history().iter().enumerate() {
                        let p = r.played;
                        let text = &v.moves[ply];
                        // The reveal letter is always there.
                        if let Some(id) = p.reveal {
                            let letter = if p.piece.color == Color::Red {
                                id.char().to_ascii_uppercase()
                            } else {
                                id.char().to_ascii_lowercase()
                            };
                            assert_eq!(text.chars().nth(4), Some(letter), "{rules:?} {text}");
                        }
                        let Some(c) = p.captured else { continue };
                        let entry = v.captured[c.color.index()][caps_of(&v, c.color, ply)];
                        caps += 1;
                        assert_eq!(entry.ply, ply);
                        if !c.hidden {
                            assert_eq!(entry.role, Some(c.role));
                            continue;
                        }
                        hidden_captures += 1;
                        let knows = may_know(rules, seat, p.piece.color, over);
                        if rules == RuleSet::ChessPlayX {
                            assert_eq!(
                                p.capture_id, None,
                                "ChessPlayX never draws a captured identity"
                            );
                        }
                        assert_eq!(entry.role.is_some(), knows, "{rules:?} {seat:?} ply {ply}");
                        let letters = text.len() - 4;
                        assert_eq!(
                            letters,
                            p.reveal.is_some() as usize + knows as usize,
                            "{rules:?} {seat:?} {text}"
                        );
                        if !knows {
                            if let Some(id) = p.capture_id {
                                let mut pool = pools[c.color.index()];
                                pool.0[id.index()] += 1;
                                pools[c.color.index()] = pool;
                            }
                        }
                    }
                    let _ = caps;
                    for c in Color::ALL {
                        assert_eq!(
                            v.position.pool(c),
                            &pools[c.index()],
                            "{rules:?} {seat:?} pool {c:?}"
                        );
                    }
                    // The seat's FEN carries exactly that pool, and reads back.
                    let text = fen::write(&v.position);
                    let back = fen::parse(&text, rules).unwrap();
                    assert_eq!(back, v.position, "{text}");
                    // The seat's record replays for that seat (move letters are consistent).
                    // Its repetition keys are the public keys of that replay
                    // since the last capture or reveal, and whether the side to
                    // move is in check (nothing private).
                    let mut p = g.start_position().clone();
                    let mut keys = vec![repetition_key(p.public_hash(), p.in_check())];
                    for t in &v.moves {
                        let (m, rev, cap) =
                            movetext::resolve(&p, t).unwrap_or_else(|e| panic!("{t}: {e}"));
                        let irreversible = p.piece_at(m.to).is_some() || rev.is_some();
                        p.make(m, rev, cap);
                        if irreversible {
                            keys.clear();
                        }
                        keys.push(repetition_key(p.public_hash(), p.in_check()));
                    }
                    assert_eq!(p.public_hash(), g.board().public_hash());
                    assert_eq!(v.recent, keys, "{rules:?} {seat:?}: repetition keys");
                }
            }
        }
    }
    assert!(
        hidden_captures > 50,
        "only {hidden_captures} captured face-down pieces"
    );
}

/// Index of the capture made at `ply` in the seat's list of captured pieces of `c`.
fn caps_of(v: &jieqi::rules::View, c: Color, ply: usize) -> usize {
    v.captured[c.index()]
        .iter()
        .position(|x| x.ply == ply)
        .expect("capture listed")
}

// ---- the no-progress limit, reached through play ----

#[derive(Clone, Copy, PartialEq, Debug)]
enum Event {
    None,
    Reveal,
    SoldierMove,
    Capture,
}

/// Quiet chariot and general moves that never repeat a position, with one
/// event played by Red at the first chance from ply 40 on. Returns the ply
/// count at which the game ended and the ply of the event.
fn play_until_no_progress(
    rules: RuleSet,
    event: Event,
) -> (usize, Option<usize>, jieqi::rules::Outcome) {
    // Red: general d0, chariot a1, face-down soldier-point piece on i3,
    // face-up soldier across the river on c5. Black: general f9, chariot i8,
    // a soldier on g4 for Red to take.
    let text = if rules == RuleSet::Xiangqi {
        "5k3/8r/9/9/2P6/6p2/9/9/R8/3K5 w - - 0 1"
    } else {
        "5k3/8r/9/9/2P6/6p2/8X/9/R8/3K5 w A2B2N2R1C2P4 - 0 1"
    };
    let mut g = Game::from_fen_seeded(text, rules, 3).unwrap();
    let mut seen: HashMap<u64, u32> = HashMap::new();
    seen.insert(g.board().public_hash(), 1);
    let mut event_ply = None;
    for ply in 0..400 {
        if let Some(o) = g.outcome() {
            return (ply, event_ply, o);
        }
        let board = g.board().clone();
        let red = board.turn() == Color::Red;
        let wanted = |m: &Move| -> bool {
            let p = board.piece_at(m.from).unwrap();
            let target = board.piece_at(m.to);
            match event {
                Event::Reveal => p.hidden,
                Event::SoldierMove => p.role == Role::Soldier && !p.hidden && target.is_none(),
                Event::Capture => target.is_some_and(|t| t.role == Role::Soldier),
                Event::None => false,
            }
        };
        let legal = g.legal_moves();
        if red && ply >= 40 && event_ply.is_none() && event != Event::None {
            if let Some(&m) = legal.iter().find(|m| wanted(m)) {
                g.play(m).unwrap();
                event_ply = Some(ply);
                *seen.entry(g.board().public_hash()).or_default() += 1;
                continue;
            }
        }
        // A quiet move by a chariot or general to a position never seen.
        let mut quiet: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                let p = board.piece_at(m.from).unwrap();
                !p.hidden
                    && matches!(p.role, Role::Chariot | Role::General)
                    && board.piece_at(m.to).is_none()
            })
            .collect();
        // A fixed shuffle, so the walk wanders instead of shuttling.
        let n = quiet.len().max(1);
        quiet.rotate_left((ply * 7) % n);
        let mut played = false;
        for m in quiet {
            let mut q = board.clone();
            q.make(m, None, None);
            if seen.get(&q.public_hash()).copied().unwrap_or(0) >= 1
                || q.in_check()
                || q.legal_moves().is_empty()
            {
                continue;
            }
            g.play(m).unwrap();
            *seen.entry(g.board().public_hash()).or_default() += 1;
            played = true;
            break;
        }
        assert!(
            played,
            "{rules:?}: no fresh quiet move at ply {ply}: {} {:?}",
            fen::write(&board),
            g.history()
                .iter()
                .map(|r| r.played.mv.to_string())
                .collect::<Vec<_>>()
        );
    }
    panic!("{rules:?}: no result in 400 plies");
}

#[test]
fn no_progress_limit_through_play_by_rule_set() {
    use jieqi::rules::Reason::NoProgress;
    for rules in RuleSet::ALL {
        let (end, _, o) = play_until_no_progress(rules, Event::None);
        assert_eq!(
            (end, o.winner, o.reason),
            (120, None, NoProgress),
            "{rules:?} quiet"
        );
        // A capture resets the count in every rule set.
        let (end, at, o) = play_until_no_progress(rules, Event::Capture);
        let at = at.expect("a capture was played");
        assert_eq!(
            (end, o.reason),
            (at + 1 + 120, NoProgress),
            "{rules:?} capture"
        );
        // A soldier move resets it only under ChessPlayX.
        let (end, at, o) = play_until_no_progress(rules, Event::SoldierMove);
        let at = at.expect("a soldier move was played");
        let expect = if rules == RuleSet::ChessPlayX {
            at + 1 + 120
        } else {
            120
        };
        assert_eq!(
            (end, o.reason),
            (expect, NoProgress),
            "{rules:?} soldier move"
        );
        if rules != RuleSet::Xiangqi {
            // A reveal resets it under ChessPlayX and Vietnam, not Jieqi.
            let (end, at, o) = play_until_no_progress(rules, Event::Reveal);
            let at = at.expect("a reveal was played");
            let expect = if rules == RuleSet::Jieqi {
                120
            } else {
                at + 1 + 120
            };
            assert_eq!((end, o.reason), (expect, NoProgress), "{rules:?} reveal");
        }
    }
}

// ---- identity draws, checked statistically ----

/// Within 4.5 sigma of the binomial expectation for each identity.
fn assert_frequencies(counts: &[u64; 7], n: u64, pool: &[(Role, u32)], what: &str) {
    let total: u32 = pool.iter().map(|&(_, k)| k).sum();
    for &(r, k) in pool {
        let p = k as f64 / total as f64;
        let expected = n as f64 * p;
        let sigma = (n as f64 * p * (1.0 - p)).sqrt();
        let got = counts[r.index()] as f64;
        assert!(
            (got - expected).abs() < 4.5 * sigma,
            "{what}: {r:?} {got} vs {expected:.0} (sigma {sigma:.1})"
        );
    }
    let outside: u64 = Role::HIDDEN
        .iter()
        .filter(|r| !pool.iter().any(|(q, _)| q == *r))
        .map(|r| counts[r.index()])
        .sum();
    assert_eq!(
        outside, 0,
        "{what}: an identity drawn that the pool did not hold"
    );
}

#[test]
fn reveals_from_a_partly_used_pool_follow_the_remaining_counts() {
    // Red's pool holds R2 C1 P4 (other identities used up): 7 unknowns.
    let text = "4k4/9/9/9/9/9/X8/9/9/3K5 w R2C1P4 0 1";
    let n = 14_000u64;
    let mut counts = [0u64; 7];
    for seed in 0..n {
        let mut g = Game::from_fen_seeded(text, RuleSet::Jieqi, seed).unwrap();
        counts[g.play(mv("a3a4")).unwrap().reveal.unwrap().index()] += 1;
    }
    assert_frequencies(
        &counts,
        n,
        &[(Role::Chariot, 2), (Role::Cannon, 1), (Role::Soldier, 4)],
        "partly used pool",
    );
}

#[test]
fn captured_identities_are_drawn_from_the_victims_pool() {
    // Red's chariot takes Black's face-down piece on a6; Black's pool A1 N2 P3.
    let text = "4k4/9/9/x8/9/9/9/9/9/R2K5 w a1n2p3 0 1";
    let n = 12_000u64;
    for rules in [RuleSet::Jieqi, RuleSet::Vietnam] {
        let mut counts = [0u64; 7];
        for seed in 0..n {
            let mut g = Game::from_fen_seeded(text, rules, seed).unwrap();
            counts[g.play(mv("a0a6")).unwrap().capture_id.unwrap().index()] += 1;
        }
        assert_frequencies(
            &counts,
            n,
            &[(Role::Advisor, 1), (Role::Horse, 2), (Role::Soldier, 3)],
            "capture draw",
        );
    }
}

// ---- repetition verdicts ----

#[test]
fn plain_threefold_repetition_is_a_draw_in_every_rule_set() {
    // Only the generals move: no check, no chase.
    for rules in RuleSet::ALL {
        let mut g = Game::from_fen_seeded("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", rules, 1).unwrap();
        let cycle = ["e0e1", "d9d8", "e1e0", "d8d9"];
        for (i, m) in cycle.iter().cycle().take(8).enumerate() {
            assert!(g.outcome().is_none(), "{rules:?}: ended before move {i}");
            g.play(mv(m)).unwrap();
        }
        let o = g.outcome().expect("third occurrence");
        assert_eq!(
            (o.winner, o.reason),
            (None, jieqi::rules::Reason::Repetition),
            "{rules:?}"
        );
    }
}

#[test]
fn both_sides_giving_perpetual_check_is_a_draw() {
    // Each horse move blocks the cannon that checks its own general (a
    // second screen) and gives check by becoming the only screen of its own
    // cannon: black cannon d9 on the d-file, red cannon a7 on rank 7.
    let text = "3c5/9/C4k3/9/2nN5/9/9/9/9/3K5 w - - 0 1";
    let cycle = ["d5c7", "c5d7", "c7d5", "d7c5"];
    for rules in RuleSet::ALL {
        let mut g = Game::from_fen_seeded(text, rules, 1).unwrap();
        assert!(g.board().in_check());
        for m in cycle.iter().cycle().take(8) {
            assert!(g.outcome().is_none());
            g.play(mv(m)).unwrap();
            assert!(g.board().in_check(), "{m} gives check");
        }
        let o = g.outcome().expect("third occurrence");
        assert_eq!(
            (o.winner, o.reason),
            (None, jieqi::rules::Reason::Repetition),
            "{rules:?}"
        );
    }
}
