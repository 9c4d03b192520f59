//! The game flow (`session`) as a player must get it (issue 10): taps,
//! drags and typed moves, the AI and its worker, hints, take-backs,
//! resigning, reviewing, new games, hotseat privacy and the strips, and a
//! property-style run of random events that must never panic nor break
//! the session's invariants. Time is always given by the test.

use std::collections::BTreeSet;

use jieqi::ai::Level;
use jieqi::rules::xiangqi::fen;
use jieqi::rules::xiangqi::notation::{self, Notation};
use jieqi::rules::{Color, Game, Move, Outcome, Piece, Reason, Role, RuleSet, Square};
use jieqi::session::{
    Config, Effect, Event, Message, Opponent, Post, Purpose, Session, Status, Step, Takebacks,
    ThinkRequest, TypedError, Worker,
};

// ---- helpers ----

/// The worker answers request `id` with `mv` (move text) at `now`.
fn reply(s: &mut Session, id: u32, mv: Option<String>, now: f64) -> Vec<Effect> {
    s.handle(Event::AiReply { id, mv }, now)
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap_or_else(|| panic!("bad square {s}"))
}

fn mv(s: &str) -> Move {
    Move::new(sq(&s[..2]), sq(&s[2..4]))
}

fn config(rules: RuleSet, opponent: Opponent, human: Color, takebacks: Takebacks) -> Config {
    Config {
        rules,
        opponent,
        human,
        takebacks,
        clock: None,
    }
}

fn vs_ai(rules: RuleSet) -> Config {
    config(
        rules,
        Opponent::Ai(Level::Medium),
        Color::Red,
        Takebacks::Fair,
    )
}

fn two_players(rules: RuleSet) -> Config {
    config(rules, Opponent::Human, Color::Red, Takebacks::Fair)
}

/// A seeded session with a ready worker and no animation.
fn ready(c: Config, seed: u64) -> Session {
    let mut s = Session::seeded(c, seed, 0.0);
    s.handle(Event::SetAnimation(0.0), 0.0);
    s.handle(Event::WorkerReady, 0.0);
    s
}

/// A session around a position, ready worker, no animation.
fn at(c: Config, fen_text: &str, seed: u64) -> Session {
    let game = Game::from_fen_seeded(fen_text, c.rules, seed).expect("test FEN");
    let mut s = Session::with_game(c, game, 0.0);
    s.handle(Event::SetAnimation(0.0), 0.0);
    s.handle(Event::WorkerReady, 0.0);
    s
}

fn thinks(fx: &[Effect]) -> Vec<ThinkRequest> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Think(r) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

fn one_think(fx: &[Effect]) -> ThinkRequest {
    let t = thinks(fx);
    assert_eq!(t.len(), 1, "exactly one search expected: {fx:?}");
    t[0].clone()
}

/// Tap a move's two points; returns the effects of both taps.
fn tap_move(s: &mut Session, m: &str, now: f64) -> Vec<Effect> {
    let m = mv(m);
    let mut fx = s.handle(Event::Tap(Some(m.from)), now);
    fx.extend(s.handle(Event::Tap(Some(m.to)), now));
    fx
}

fn last_move(s: &Session) -> Option<Move> {
    s.game().history().last().map(|r| r.played.mv)
}

fn legal_from(s: &Session, from: Square) -> BTreeSet<Square> {
    s.game()
        .legal_moves()
        .iter()
        .filter(|m| m.from == from)
        .map(|m| m.to)
        .collect()
}

/// A face-up red chariot on a4 facing Black's face-down soldier on a6
/// (Jieqi-family rules): `a4a6` captures a face-down piece without a reveal.
const CHARIOT_FACES_HIDDEN: &str =
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/R8/X1X1X1X1X/1X5X1/9/1XXXKXXXX w R1A2C2P5N2B2r2a2c2p5n2b2 0 1";

// ---- taps, drags, typed moves ----

#[test]
fn tapping_selects_lists_exact_destinations_deselects_switches_and_plays() {
    let mut s = ready(two_players(RuleSet::Jieqi), 1);
    s.handle(Event::Tap(Some(sq("h2"))), 1.0);
    assert_eq!(s.selected(), Some(sq("h2")));
    let dests: BTreeSet<Square> = s.dests().iter().copied().collect();
    assert_eq!(dests, legal_from(&s, sq("h2")));
    assert_eq!(dests.len(), s.dests().len(), "no destination twice");
    assert!(dests.contains(&sq("e2")) && dests.contains(&sq("h9")));
    // Again: deselect.
    s.handle(Event::Tap(Some(sq("h2"))), 2.0);
    assert_eq!(s.selected(), None);
    assert!(s.dests().is_empty());
    // Another own piece switches.
    s.handle(Event::Tap(Some(sq("h2"))), 3.0);
    s.handle(Event::Tap(Some(sq("b2"))), 3.0);
    assert_eq!(s.selected(), Some(sq("b2")));
    let dests: BTreeSet<Square> = s.dests().iter().copied().collect();
    assert_eq!(dests, legal_from(&s, sq("b2")));
    // An enemy piece or an empty point that is no destination: nothing selected.
    s.handle(Event::Tap(Some(sq("e9"))), 4.0);
    assert_eq!(s.selected(), None);
    s.handle(Event::Tap(Some(sq("b2"))), 4.0);
    s.handle(Event::Tap(None), 4.0);
    assert_eq!(s.selected(), None);
    assert_eq!(s.game().ply(), 0);
    // A destination plays.
    tap_move(&mut s, "h2e2", 5.0);
    assert_eq!(last_move(&s), Some(mv("h2e2")));
    assert_eq!(s.selected(), None);
    assert!(s.dests().is_empty());
    // An illegal destination does not.
    s.handle(Event::Tap(Some(sq("h7"))), 6.0);
    s.handle(Event::Tap(Some(sq("a4"))), 6.0);
    assert_eq!(s.game().ply(), 1);
}

#[test]
fn drops_play_only_legal_destinations_selected_or_not() {
    let mut s = ready(two_players(RuleSet::Xiangqi), 2);
    // A drop to a point that is no legal destination is refused.
    s.handle(
        Event::Drop {
            from: sq("h2"),
            to: sq("h8"),
        },
        1.0,
    );
    s.handle(
        Event::Drop {
            from: sq("e0"),
            to: sq("e3"),
        },
        1.0,
    );
    s.handle(
        Event::Drop {
            from: sq("h7"),
            to: sq("e7"),
        },
        1.0,
    );
    assert_eq!(s.game().ply(), 0);
    // A piece dragged without a tap first moves.
    s.handle(
        Event::Drop {
            from: sq("h2"),
            to: sq("e2"),
        },
        2.0,
    );
    assert_eq!(last_move(&s), Some(mv("h2e2")));
    // A press on the selected piece (a tap) and then a drag moves too.
    s.handle(Event::Tap(Some(sq("h7"))), 3.0);
    s.handle(Event::Tap(Some(sq("h7"))), 3.0);
    s.handle(
        Event::Drop {
            from: sq("h7"),
            to: sq("e7"),
        },
        3.0,
    );
    assert_eq!(last_move(&s), Some(mv("h7e7")));
}

#[test]
fn no_move_on_the_ais_turn_while_reviewing_or_after_the_end() {
    let mut s = ready(vs_ai(RuleSet::Jieqi), 3);
    tap_move(&mut s, "h2e2", 1.0);
    assert_eq!(s.game().ply(), 1);
    // The AI's turn: Black's pieces cannot be moved by the player.
    s.handle(Event::Tap(Some(sq("h7"))), 2.0);
    assert_eq!(s.selected(), None);
    s.handle(
        Event::Drop {
            from: sq("h7"),
            to: sq("e7"),
        },
        2.0,
    );
    s.handle(Event::Typed("h7e7".into()), 2.0);
    assert_eq!(s.typed_error(), Some(&TypedError::NotNow));
    assert_eq!(s.game().ply(), 1);
    // Reviewing: taps show a message, never move.
    let id = s.pending().unwrap().request.id;
    s.handle(
        Event::AiReply {
            id,
            mv: Some("h7e7".into()),
        },
        3.0,
    );
    assert_eq!(s.game().ply(), 2);
    s.handle(Event::Review(Step::First), 4.0);
    s.handle(Event::Tap(Some(sq("b2"))), 4.0);
    assert_eq!(s.selected(), None);
    assert_eq!(s.status(), Status::Message(Message::BackToGame));
    s.handle(
        Event::Drop {
            from: sq("b2"),
            to: sq("b9"),
        },
        4.0,
    );
    s.handle(Event::Typed("b2e2".into()), 4.0);
    assert_eq!(s.game().ply(), 2);
    s.handle(Event::Review(Step::Last), 5.0);
    // After the end.
    s.handle(Event::Resign, 6.0);
    s.handle(Event::Tap(Some(sq("b2"))), 7.0);
    assert_eq!(s.selected(), None);
    s.handle(
        Event::Drop {
            from: sq("b2"),
            to: sq("b9"),
        },
        7.0,
    );
    s.handle(Event::Typed("b2b9".into()), 7.0);
    assert_eq!(s.game().ply(), 2);
}

#[test]
fn typed_moves_in_every_notation_and_as_coordinates() {
    for n in Notation::ALL {
        for rules in [RuleSet::Xiangqi, RuleSet::Jieqi] {
            let mut s = ready(two_players(rules), 4);
            s.handle(Event::SetNotation(n), 0.0);
            let text = notation::write(s.game().board(), mv("h2e2"), n);
            s.handle(Event::Typed(text.clone()), 1.0);
            assert_eq!(last_move(&s), Some(mv("h2e2")), "{n:?} {rules:?} '{text}'");
            assert_eq!(s.typed_error(), None);
            // Black's answer as coordinates, whatever the notation.
            s.handle(Event::Typed(" h7e7 ".into()), 2.0);
            assert_eq!(last_move(&s), Some(mv("h7e7")), "{n:?} {rules:?}");
        }
    }
    // Hand-written forms of the same move.
    for (n, text) in [
        (Notation::Wxf, "C2.5"),
        (Notation::Chinese, "炮二平五"),
        (Notation::Vietnamese, "P2-5"),
        (Notation::Coordinates, "h2e2"),
    ] {
        let mut s = ready(two_players(RuleSet::Xiangqi), 4);
        s.handle(Event::SetNotation(n), 0.0);
        s.handle(Event::Typed(text.into()), 1.0);
        assert_eq!(last_move(&s), Some(mv("h2e2")), "{n:?} '{text}'");
    }
}

#[test]
fn wrong_or_ambiguous_text_plays_nothing() {
    let mut s = ready(two_players(RuleSet::Jieqi), 5);
    for bad in ["zz", "C2.0", "h2h8", "e0e3", "炮二进九", "🙂", "h2e2e2e2"] {
        s.handle(Event::Typed(bad.into()), 1.0);
        assert_eq!(s.typed_error(), Some(&TypedError::Unknown), "'{bad}'");
        assert_eq!(s.game().ply(), 0, "'{bad}'");
    }
    // Two face-up chariots and a face-down one on the same file.
    let mut s = at(
        two_players(RuleSet::Jieqi),
        "3k5/9/9/9/R8/9/R8/9/9/X3K4 w P1 0 1",
        5,
    );
    s.handle(Event::Typed("R9+1".into()), 1.0);
    match s.typed_error() {
        Some(TypedError::Ambiguous(c)) => {
            let c: BTreeSet<&str> = c.iter().map(String::as_str).collect();
            assert_eq!(c, BTreeSet::from(["R++1", "R-+1", "XR9+1"]));
        }
        e => panic!("expected an ambiguity, got {e:?}"),
    }
    assert_eq!(s.game().ply(), 0);
    // A tap clears the error.
    s.handle(Event::Tap(Some(sq("a5"))), 2.0);
    assert_eq!(s.typed_error(), None);
}

// ---- the AI ----

#[test]
fn the_ai_is_asked_once_and_only_when_its_worker_is_ready() {
    let mut s = Session::seeded(vs_ai(RuleSet::Jieqi), 6, 0.0);
    s.handle(Event::SetAnimation(0.0), 0.0);
    let fx = tap_move(&mut s, "h2e2", 100.0);
    assert!(thinks(&fx).is_empty(), "the worker is not ready yet");
    assert!(s.thinking());
    let fx = s.handle(Event::WorkerReady, 500.0);
    let req = one_think(&fx);
    assert_eq!(req.purpose, Purpose::Move);
    assert_eq!(req.rules, RuleSet::Jieqi);
    assert!(
        req.fen.contains(" b "),
        "Black (the AI) to move: {}",
        req.fen
    );
    // Ready again, or ticks: no second request.
    assert!(thinks(&s.handle(Event::WorkerReady, 600.0)).is_empty());
    assert!(thinks(&s.handle(Event::Tick, 700.0)).is_empty());
    // With a ready worker, the request goes out with the move.
    let mut s = ready(vs_ai(RuleSet::Jieqi), 6);
    let fx = tap_move(&mut s, "h2e2", 100.0);
    let req = one_think(&fx);
    assert_eq!(req.purpose, Purpose::Move);
    assert_eq!(s.pending().unwrap().request.id, req.id);
    // The reply plays it.
    reply(&mut s, req.id, Some("h7e7".into()), 200.0);
    assert_eq!(last_move(&s), Some(mv("h7e7")));
    assert!(s.pending().is_none());
    assert_eq!(
        s.status(),
        Status::ToMove {
            color: Color::Red,
            yours: Some(true),
            check: false
        }
    );
}

/// For each colour, the pool the seat must see, from first principles:
/// every identity of the colour less the face-up ones on the board, the
/// face-up ones captured, and the face-down ones captured that this seat
/// learnt.
fn expected_pools(game: &Game, seat: Color) -> [[u8; 7]; 2] {
    let mut pools = [[0u8; 7]; 2];
    for c in Color::ALL {
        for r in Role::HIDDEN {
            pools[c.index()][r.index()] = r.count();
        }
    }
    for (_, p) in game.board().pieces() {
        if !p.hidden && p.role != Role::General {
            pools[p.color.index()][p.role.index()] -= 1;
        }
    }
    for rec in game.history() {
        let Some(c) = rec.played.captured else {
            continue;
        };
        let capturer = rec.played.piece.color;
        let known = if !c.hidden {
            Some(c.role)
        } else {
            let learns = match game.rules() {
                RuleSet::Jieqi => capturer == seat || game.outcome().is_some(),
                RuleSet::Vietnam => capturer == seat,
                _ => false,
            };
            if learns {
                rec.played.capture_id
            } else {
                None
            }
        };
        if let Some(r) = known {
            pools[c.color.index()][r.index()] -= 1;
        }
    }
    pools
}

fn check_request_knowledge(s: &Session, req: &ThinkRequest, seat: Color) {
    let pos = fen::parse(&req.fen, req.rules).expect("the request's FEN reads back");
    assert_eq!(pos.turn(), seat, "the seat searched is the side to move");
    let want = expected_pools(s.game(), seat);
    for c in Color::ALL {
        assert_eq!(
            pos.pool(c).0,
            want[c.index()],
            "{:?} pool of {c:?} as {seat:?} sees it, after {:?}: {}",
            req.rules,
            s.game().moves_text(jieqi::rules::Seat::of(seat)),
            req.fen
        );
    }
    // The board is the public one.
    let board = fen::write(s.game().board());
    assert_eq!(
        req.fen.split(' ').next(),
        board.split(' ').next(),
        "the public board"
    );
}

/// Plays whole games against the AI where many face-down pieces are taken,
/// checking each request (the AI's move and the player's hint) holds only
/// what its seat may know.
#[test]
fn requests_hold_only_what_the_searching_seat_may_know() {
    let mut captures = 0;
    for rules in [RuleSet::ChessPlayX, RuleSet::Jieqi, RuleSet::Vietnam] {
        for seed in 0..12u64 {
            let mut s = ready(vs_ai(rules), seed);
            let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut next = || {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                rng
            };
            for step in 0..120 {
                if s.game().outcome().is_some() {
                    break;
                }
                let now = step as f64 * 10.0;
                // Prefer captures, so that face-down pieces are taken.
                let legal = s.game().legal_moves();
                let caps: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|m| s.game().board().piece_at(m.to).is_some())
                    .collect();
                let pick = |r: u64| {
                    if !caps.is_empty() && r % 4 != 0 {
                        caps[(r as usize / 4) % caps.len()]
                    } else {
                        legal.as_slice()[r as usize % legal.len()]
                    }
                };
                if s.game().turn() == Color::Red {
                    if step % 7 == 3 {
                        let fx = s.handle(Event::Hint, now);
                        let req = one_think(&fx);
                        assert_eq!(req.purpose, Purpose::Hint);
                        check_request_knowledge(&s, &req, Color::Red);
                        reply(&mut s, req.id, None, now);
                    }
                    let m = pick(next());
                    let fx = s.handle(
                        Event::Drop {
                            from: m.from,
                            to: m.to,
                        },
                        now,
                    );
                    assert_eq!(last_move(&s), Some(m));
                    if s.game().outcome().is_none() {
                        let req = one_think(&fx);
                        assert_eq!(req.purpose, Purpose::Move);
                        check_request_knowledge(&s, &req, Color::Black);
                    }
                } else {
                    let m = pick(next());
                    let id = s.pending().expect("the AI is asked").request.id;
                    s.handle(
                        Event::AiReply {
                            id,
                            mv: Some(m.to_string()),
                        },
                        now,
                    );
                    assert_eq!(last_move(&s), Some(m));
                }
            }
            captures += s
                .game()
                .history()
                .iter()
                .filter(|r| r.played.captured.is_some_and(|c| c.hidden))
                .count();
        }
    }
    assert!(
        captures > 50,
        "too few face-down captures to test: {captures}"
    );
}

#[test]
fn stale_replies_are_ignored_and_bad_replies_still_move() {
    // After a take-back.
    let mut s = at(vs_ai(RuleSet::Xiangqi), fen_start(RuleSet::Xiangqi), 7);
    let first = one_think(&tap_move(&mut s, "h2e2", 1.0));
    let fx = s.handle(Event::Undo, 2.0);
    assert!(fx.contains(&Effect::Cancel { id: first.id }));
    assert_eq!(s.game().ply(), 0);
    reply(&mut s, first.id, Some("h7e7".into()), 3.0);
    assert_eq!(s.game().ply(), 0, "a stale reply after a take-back");
    // After a new game.
    let req = one_think(&tap_move(&mut s, "h2e2", 4.0));
    let fx = s.handle(Event::NewGame(vs_ai(RuleSet::Xiangqi)), 5.0);
    assert!(fx.contains(&Effect::Cancel { id: req.id }));
    // The live region says the new game, not the last game's last move.
    assert!(fx.contains(&Effect::Announce(Message::NewGameStarted)));
    reply(&mut s, req.id, Some("h7e7".into()), 6.0);
    assert_eq!(s.game().ply(), 0, "a stale reply after a new game");
    // A reply to an id never asked.
    let req = one_think(&tap_move(&mut s, "h2e2", 7.0));
    reply(&mut s, req.id + 100, Some("h7e7".into()), 8.0);
    reply(&mut s, 0, Some("h7e7".into()), 8.0);
    assert_eq!(s.game().ply(), 1);
    // Illegal, garbage and missing moves still move (the game never hangs).
    for answer in [
        Some("h2e2"),
        Some("e9e7"),
        Some("garbage"),
        Some(""),
        None,
        Some("h7e7Xx"),
    ] {
        let mut s = at(vs_ai(RuleSet::Xiangqi), fen_start(RuleSet::Xiangqi), 7);
        let req = one_think(&tap_move(&mut s, "h2e2", 1.0));
        reply(&mut s, req.id, answer.map(String::from), 2.0);
        assert_eq!(s.game().ply(), 2, "{answer:?}");
        assert_eq!(s.game().history()[1].played.piece.color, Color::Black);
        assert_eq!(s.game().turn(), Color::Red);
        assert!(s.human_to_move());
    }
}

fn fen_start(rules: RuleSet) -> &'static str {
    match rules {
        RuleSet::Xiangqi => "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - 0 1",
        _ => "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1",
    }
}

#[test]
fn the_ais_reply_waits_for_the_players_animation() {
    // A reveal: slide 200 ms then flip 200 ms.
    let mut s = Session::seeded(vs_ai(RuleSet::Jieqi), 8, 0.0);
    s.handle(Event::SetAnimation(200.0), 0.0);
    s.handle(Event::WorkerReady, 0.0);
    let fx = tap_move(&mut s, "h2e2", 1000.0);
    assert!(fx.contains(&Effect::Animate));
    let req = one_think(&fx);
    reply(&mut s, req.id, Some("h7e7".into()), 1100.0);
    assert_eq!(s.game().ply(), 1, "held while the player's move slides");
    assert!(s.thinking());
    assert!(!s.human_to_move());
    s.handle(Event::Tap(Some(sq("b2"))), 1200.0);
    assert_eq!(s.selected(), None);
    s.handle(Event::Tick, 1399.0);
    assert_eq!(s.game().ply(), 1, "held while the revealed piece flips");
    // A clock going back does not play it either.
    s.handle(Event::Tick, 10.0);
    s.handle(Event::Tick, f64::NAN);
    assert_eq!(s.game().ply(), 1);
    s.handle(Event::Tick, 1400.0);
    assert_eq!(last_move(&s), Some(mv("h7e7")));
    assert!(!s.thinking());
    // A reply arriving during the flip waits for its end too.
    let mut s = Session::seeded(vs_ai(RuleSet::Jieqi), 8, 0.0);
    s.handle(Event::SetAnimation(200.0), 0.0);
    s.handle(Event::WorkerReady, 0.0);
    let req = one_think(&tap_move(&mut s, "h2e2", 1000.0));
    reply(&mut s, req.id, Some("h7e7".into()), 1300.0);
    assert_eq!(s.game().ply(), 1, "played while the revealed piece flips");
    s.handle(Event::Tick, 1400.0);
    assert_eq!(s.game().ply(), 2);
    // A quiet move: the slide only.
    let mut s = at(vs_ai(RuleSet::Xiangqi), fen_start(RuleSet::Xiangqi), 8);
    s.handle(Event::SetAnimation(200.0), 0.0);
    let req = one_think(&tap_move(&mut s, "h2e2", 1000.0));
    reply(&mut s, req.id, Some("h7e7".into()), 1050.0);
    s.handle(Event::Tick, 1199.0);
    assert_eq!(s.game().ply(), 1);
    s.handle(Event::Tick, 1200.0);
    assert_eq!(s.game().ply(), 2);
    // No animation: at once.
    let mut s = ready(vs_ai(RuleSet::Jieqi), 8);
    let req = one_think(&tap_move(&mut s, "h2e2", 1000.0));
    reply(&mut s, req.id, Some("h7e7".into()), 1000.0);
    assert_eq!(s.game().ply(), 2);
}

// ---- hints ----

#[test]
fn hints_search_the_players_view_and_select_without_playing() {
    let mut s = ready(vs_ai(RuleSet::Jieqi), 9);
    let req = one_think(&s.handle(Event::Hint, 100.0));
    assert_eq!(req.purpose, Purpose::Hint);
    check_request_knowledge(&s, &req, Color::Red);
    assert_eq!(s.status(), Status::Message(Message::LookingForHint));
    // A second hint while one is searched: no second request.
    assert!(thinks(&s.handle(Event::Hint, 150.0)).is_empty());
    s.handle(
        Event::AiProgress {
            id: req.id,
            depth: 5,
            score: 42,
        },
        200.0,
    );
    assert_eq!(
        s.status(),
        Status::Analysing {
            depth: 5,
            score: 42
        }
    );
    reply(&mut s, req.id, Some("h2e2".into()), 300.0);
    assert_eq!(s.game().ply(), 0, "a hint is not played");
    assert_eq!(s.hint(), Some(mv("h2e2")));
    assert_eq!(s.selected(), Some(sq("h2")));
    assert_eq!(s.dests(), &[sq("e2")]);
    assert!(matches!(
        s.status(),
        Status::Hint {
            depth: 5,
            score: 42,
            ..
        }
    ));
    // Tapping its destination plays it.
    let ai = one_think(&s.handle(Event::Tap(Some(sq("e2"))), 400.0));
    assert_eq!(last_move(&s), Some(mv("h2e2")));
    assert_eq!(s.hint(), None);
    // The AI's turn: no hint, and no numbers while the AI thinks.
    assert!(thinks(&s.handle(Event::Hint, 500.0)).is_empty());
    s.handle(
        Event::AiProgress {
            id: ai.id,
            depth: 9,
            score: -300,
        },
        600.0,
    );
    assert_eq!(s.status(), Status::Thinking { seconds: 0 });
    s.handle(Event::Tick, 2900.0);
    assert_eq!(s.status(), Status::Thinking { seconds: 2 });
}

#[test]
fn asking_again_drops_the_shown_hint_and_its_selection() {
    let mut s = ready(two_players(RuleSet::Jieqi), 9);
    let req = one_think(&s.handle(Event::Hint, 100.0));
    reply(&mut s, req.id, Some("h2g2".into()), 200.0);
    assert_eq!(s.dests(), &[sq("g2")]);
    let again = one_think(&s.handle(Event::Hint, 300.0));
    assert_eq!(s.hint(), None);
    assert_eq!(
        (s.selected(), s.dests()),
        (None, &[][..]),
        "a hint's selection without the hint"
    );
    reply(&mut s, again.id, Some("b2e2".into()), 400.0);
    assert_eq!(s.hint(), Some(mv("b2e2")));
    // Tapping the hinted piece again: deselected, then its every destination.
    s.handle(Event::Tap(Some(sq("b2"))), 500.0);
    assert_eq!(s.selected(), None);
    s.handle(Event::Tap(Some(sq("b2"))), 500.0);
    let dests: BTreeSet<Square> = s.dests().iter().copied().collect();
    assert_eq!(dests, legal_from(&s, sq("b2")));
}

#[test]
fn thinking_time_counts_from_when_the_request_was_sent() {
    let mut s = Session::seeded(vs_ai(RuleSet::Jieqi), 10, 0.0);
    s.handle(Event::SetAnimation(0.0), 0.0);
    tap_move(&mut s, "h2e2", 1000.0);
    s.handle(Event::Tick, 5000.0);
    assert_eq!(s.status(), Status::Thinking { seconds: 0 });
    let req = one_think(&s.handle(Event::WorkerReady, 6000.0));
    s.handle(
        Event::AiProgress {
            id: req.id,
            depth: 12,
            score: 777,
        },
        7000.0,
    );
    s.handle(Event::Tick, 8900.0);
    assert_eq!(s.status(), Status::Thinking { seconds: 2 });
}

#[test]
fn a_hint_arriving_after_the_player_moved_is_ignored() {
    // Against the AI.
    let mut s = ready(vs_ai(RuleSet::Jieqi), 11);
    let hint = one_think(&s.handle(Event::Hint, 100.0));
    let fx = tap_move(&mut s, "b2e2", 200.0);
    assert!(fx.contains(&Effect::Cancel { id: hint.id }));
    let ai = one_think(&fx);
    reply(&mut s, hint.id, Some("h2e2".into()), 300.0);
    assert_eq!(s.game().ply(), 1);
    assert_eq!(s.hint(), None);
    assert_eq!(s.pending().unwrap().request.id, ai.id);
    // Two players on one device.
    let mut s = ready(two_players(RuleSet::Jieqi), 11);
    let hint = one_think(&s.handle(Event::Hint, 100.0));
    s.handle(
        Event::AiProgress {
            id: hint.id,
            depth: 3,
            score: 10,
        },
        150.0,
    );
    tap_move(&mut s, "b2e2", 200.0);
    s.handle(
        Event::AiProgress {
            id: hint.id,
            depth: 4,
            score: 20,
        },
        250.0,
    );
    assert!(
        !matches!(s.status(), Status::Analysing { .. } | Status::Hint { .. }),
        "Red's search shown to Black: {:?}",
        s.status()
    );
    reply(&mut s, hint.id, Some("h2e2".into()), 300.0);
    assert_eq!(s.hint(), None);
    assert_eq!(s.game().ply(), 1);
    // Black may ask for its own hint.
    let again = one_think(&s.handle(Event::Hint, 400.0));
    assert_eq!(again.purpose, Purpose::Hint);
    check_request_knowledge(&s, &again, Color::Black);
}

// ---- take-backs ----

#[test]
fn fair_takebacks_refuse_what_disclosed_and_allow_quiet_moves() {
    // Quiet moves of face-up pieces (the generals) can be taken back.
    let mut s = ready(vs_ai(RuleSet::Jieqi), 12);
    let req = one_think(&tap_move(&mut s, "e0e1", 1.0));
    reply(&mut s, req.id, Some("e9e8".into()), 2.0);
    assert_eq!(s.game().ply(), 2);
    let fx = s.handle(Event::Undo, 3.0);
    assert_eq!(s.game().ply(), 0, "back to the player's previous turn");
    assert_eq!(s.takebacks(), 1);
    assert!(fx.contains(&Effect::Save));
    // The live region says the take-back, not the move taken back.
    // Two plies went back: the player's move and the AI's reply.
    assert!(fx.contains(&Effect::Announce(Message::TakenBackBoth)));
    assert!(!fx.iter().any(|e| matches!(e, Effect::AnnounceMove { .. })));
    assert!(
        matches!(s.status(), Status::ToMove { .. }),
        "{:?}",
        s.status()
    );
    assert!(s.human_to_move());
    // A reveal cannot.
    let req = one_think(&tap_move(&mut s, "h2e2", 4.0));
    reply(&mut s, req.id, Some("e9e8".into()), 5.0);
    let board = fen::write(s.game().board());
    let fx = s.handle(Event::Undo, 6.0);
    assert!(fx.contains(&Effect::Announce(Message::TakebackRefused)));
    assert_eq!(s.status(), Status::Message(Message::TakebackRefused));
    assert_eq!(s.game().ply(), 2);
    assert_eq!(fen::write(s.game().board()), board);
    assert_eq!(s.takebacks(), 1);
    // Nor can the AI's reveal alone (one take-back removes both plies).
    let mut s = ready(vs_ai(RuleSet::Jieqi), 12);
    let req = one_think(&tap_move(&mut s, "e0e1", 1.0));
    reply(&mut s, req.id, Some("h7e7".into()), 2.0);
    s.handle(Event::Undo, 3.0);
    assert_eq!(s.game().ply(), 2);
    assert_eq!(s.takebacks(), 0);
    // A capture of a face-down piece by a face-up one cannot.
    for rules in [RuleSet::ChessPlayX, RuleSet::Jieqi, RuleSet::Vietnam] {
        let mut s = at(vs_ai(rules), CHARIOT_FACES_HIDDEN, 12);
        let req = one_think(&tap_move(&mut s, "a4a6", 1.0));
        assert!(s.game().history()[0].played.reveal.is_none());
        reply(&mut s, req.id, Some("e9e8".into()), 2.0);
        let fx = s.handle(Event::Undo, 3.0);
        assert!(
            fx.contains(&Effect::Announce(Message::TakebackRefused)),
            "{rules:?}"
        );
        assert_eq!(s.game().ply(), 2, "{rules:?}");
    }
    // Two players: one ply per take-back.
    let mut s = ready(two_players(RuleSet::Jieqi), 12);
    tap_move(&mut s, "h2e2", 1.0);
    tap_move(&mut s, "e9e8", 2.0);
    s.handle(Event::Undo, 3.0);
    assert_eq!(s.game().ply(), 1);
    s.handle(Event::Undo, 4.0);
    assert_eq!(s.game().ply(), 1, "the reveal stays");
    assert_eq!(s.takebacks(), 1);
}

#[test]
fn nothing_to_take_back_and_off_refuses_everything() {
    let mut s = ready(vs_ai(RuleSet::Jieqi), 13);
    let fx = s.handle(Event::Undo, 1.0);
    assert!(fx.contains(&Effect::Announce(Message::NothingToUndo)));
    let mut c = vs_ai(RuleSet::Xiangqi);
    c.takebacks = Takebacks::Off;
    let mut s = ready(c, 13);
    let req = one_think(&tap_move(&mut s, "h2e2", 1.0));
    reply(&mut s, req.id, Some("h7e7".into()), 2.0);
    let fx = s.handle(Event::Undo, 3.0);
    assert!(fx.contains(&Effect::Announce(Message::TakebacksOff)));
    assert_eq!(s.game().ply(), 2);
    assert_eq!(s.takebacks(), 0);
}

#[test]
fn casual_takebacks_redraw_a_replayed_reveal() {
    let mut differ = 0;
    let mut seen = BTreeSet::new();
    let n = 40;
    for seed in 0..n {
        let mut c = vs_ai(RuleSet::Jieqi);
        c.takebacks = Takebacks::Casual;
        let mut s = ready(c, seed);
        let req = one_think(&tap_move(&mut s, "h2e2", 1.0));
        let first = s.game().history()[0].played.reveal.unwrap();
        reply(&mut s, req.id, Some("h7e7".into()), 2.0);
        s.handle(Event::Undo, 3.0);
        assert_eq!(s.game().ply(), 0, "casual: a reveal can be taken back");
        assert_eq!(s.takebacks(), 1);
        assert!(s.game().board().piece_at(sq("h2")).unwrap().hidden);
        tap_move(&mut s, "h2e2", 4.0);
        let again = s.game().history()[0].played.reveal.unwrap();
        seen.insert(again);
        if again != first {
            differ += 1;
        }
    }
    // 4/5 of replays differ by chance; never differing would be fishing.
    assert!(
        differ >= n / 4,
        "the replayed reveal differs only {differ} times in {n}"
    );
    assert!(
        differ < n,
        "the replayed reveal always differs: it remembers the first"
    );
    assert!(
        seen.len() >= 4,
        "replayed reveals are drawn from the whole pool: {seen:?}"
    );
}

#[test]
fn a_finished_game_against_the_ai_stays_finished() {
    // Checkmate by the player.
    let mate = "3k5/R8/9/9/9/9/9/9/9/4K3R w - 0 1";
    let mut s = at(vs_ai(RuleSet::Xiangqi), mate, 14);
    let fx = tap_move(&mut s, "i0i9", 1.0);
    let o = s.game().outcome().expect("checkmate");
    assert_eq!(o.winner, Some(Color::Red));
    assert!(fx.contains(&Effect::ShowResult));
    assert!(thinks(&fx).is_empty());
    let fx = s.handle(Event::Undo, 2.0);
    assert!(fx.contains(&Effect::Announce(Message::GameFinished)));
    assert_eq!(s.game().outcome(), Some(o));
    assert_eq!(s.status(), Status::Over(o));
    // Resignation while the AI thinks: whatever follows, it stays.
    for takebacks in [Takebacks::Fair, Takebacks::Casual] {
        let mut c = vs_ai(RuleSet::Jieqi);
        c.takebacks = takebacks;
        let mut s = ready(c, 14);
        let req = one_think(&tap_move(&mut s, "e0e1", 1.0));
        let fx = s.handle(Event::Resign, 2.0);
        assert!(fx.contains(&Effect::Cancel { id: req.id }));
        let o = s.game().outcome().unwrap();
        assert_eq!(
            o,
            Outcome {
                winner: Some(Color::Black),
                reason: Reason::Resignation
            }
        );
        let evs = [
            Event::Undo,
            Event::AiReply {
                id: req.id,
                mv: Some("e9e8".into()),
            },
            Event::Tap(Some(sq("e1"))),
            Event::Tap(Some(sq("e0"))),
            Event::Typed("e1e0".into()),
            Event::Drop {
                from: sq("e1"),
                to: sq("e0"),
            },
            Event::Hint,
            Event::Resign,
            Event::WorkerFailed,
            Event::WorkerReady,
            Event::TwoPlayers,
            Event::Undo,
            Event::Tick,
        ];
        for (i, e) in evs.into_iter().enumerate() {
            let fx = s.handle(e.clone(), 3.0 + i as f64);
            assert!(thinks(&fx).is_empty(), "{e:?}");
            assert_eq!(s.game().outcome(), Some(o), "{e:?}");
            assert_eq!(s.game().ply(), 1, "{e:?}");
        }
        assert_eq!(s.takebacks(), 0);
    }
}

// ---- resigning ----

#[test]
fn resigning_loses_for_the_player_or_the_side_to_move() {
    // Against the AI, as Black, on the AI's turn: the player loses.
    let mut c = vs_ai(RuleSet::Jieqi);
    c.human = Color::Black;
    let mut s = ready(c, 15);
    assert_eq!(s.game().turn(), Color::Red);
    let fx = s.handle(Event::Resign, 1.0);
    let o = s.game().outcome().unwrap();
    assert_eq!(
        o,
        Outcome {
            winner: Some(Color::Red),
            reason: Reason::Resignation
        }
    );
    assert!(fx.contains(&Effect::ShowResult));
    assert!(fx.contains(&Effect::Post(Post::GameOver {
        outcome: o,
        takebacks: 0
    })));
    // Two players: the side to move loses; the count of take-backs is posted.
    let mut s = ready(two_players(RuleSet::Xiangqi), 15);
    tap_move(&mut s, "h2e2", 1.0);
    tap_move(&mut s, "h7e7", 2.0);
    s.handle(Event::Undo, 3.0);
    assert_eq!(s.takebacks(), 1);
    assert_eq!(s.game().turn(), Color::Black);
    let fx = s.handle(Event::Resign, 4.0);
    let o = Outcome {
        winner: Some(Color::Red),
        reason: Reason::Resignation,
    };
    assert_eq!(s.game().outcome(), Some(o));
    assert!(fx.contains(&Effect::ShowResult));
    assert!(fx.contains(&Effect::Post(Post::GameOver {
        outcome: o,
        takebacks: 1
    })));
    assert_eq!(s.status(), Status::Over(o));
    // Again: nothing more.
    let fx = s.handle(Event::Resign, 5.0);
    assert!(!fx.contains(&Effect::ShowResult));
    let fx = s.handle(Event::Undo, 6.0);
    assert!(fx.contains(&Effect::Announce(Message::GameFinished)));
    assert_eq!(s.game().outcome(), Some(o));
}

// ---- review ----

#[test]
fn review_steps_clamp_and_show_the_record() {
    let mut s = ready(two_players(RuleSet::Jieqi), 16);
    for m in ["h2e2", "h7e7", "b2b6", "e9e8"] {
        tap_move(&mut s, m, 1.0);
    }
    let n = s.game().ply();
    assert_eq!(n, 4);
    let live = fen::write(s.game().board());
    let shown = |s: &Session| fen::write(&s.shown());
    s.handle(Event::Review(Step::Next), 2.0);
    assert_eq!(s.review(), None, "Next at the end stays live");
    s.handle(Event::Review(Step::Prev), 2.0);
    assert_eq!(s.review(), Some(3));
    assert_eq!(shown(&s), fen::write(&s.game().position_at(3)));
    assert_eq!(s.status(), Status::Reviewing { ply: 3, of: 4 });
    assert_eq!(s.last_move(), Some((sq("b2"), sq("b6"))));
    s.handle(Event::Review(Step::First), 3.0);
    assert_eq!(s.review(), Some(0));
    assert_eq!(shown(&s), fen::write(&s.game().position_at(0)));
    assert_eq!(s.last_move(), None);
    s.handle(Event::Review(Step::Prev), 3.0);
    assert_eq!(s.review(), Some(0), "Prev at the start stays");
    s.handle(Event::Review(Step::Next), 3.0);
    assert_eq!(s.review(), Some(1));
    s.handle(Event::Review(Step::To(2)), 3.0);
    assert_eq!(s.review(), Some(2));
    assert_eq!(shown(&s), fen::write(&s.game().position_at(2)));
    // Taps do not move.
    s.handle(Event::Tap(Some(sq("e2"))), 4.0);
    s.handle(Event::Tap(Some(sq("e5"))), 4.0);
    assert_eq!(s.game().ply(), 4);
    assert_eq!(s.selected(), None);
    s.handle(Event::Review(Step::To(usize::MAX)), 5.0);
    assert_eq!(s.review(), None);
    s.handle(Event::Review(Step::To(1)), 5.0);
    s.handle(Event::Review(Step::Last), 5.0);
    assert_eq!(s.review(), None);
    assert_eq!(shown(&s), live);
    assert!(matches!(
        s.status(),
        Status::ToMove {
            color: Color::Red,
            ..
        }
    ));
    // Live again: taps move.
    s.handle(Event::Tap(Some(sq("e0"))), 6.0);
    assert_eq!(s.selected(), Some(sq("e0")));
}

// ---- the worker ----

#[test]
fn a_failing_worker_is_restarted_with_growing_delays_then_given_up() {
    let mut s = ready(vs_ai(RuleSet::Jieqi), 17);
    let req = one_think(&tap_move(&mut s, "h2e2", 1000.0));
    let mut delays = Vec::new();
    let mut ids = vec![req.id];
    let mut now = 1000.0;
    for attempt in 1..=3u32 {
        // The watchdog: level time x 3 + 2 s after the request was sent.
        let sent = s.pending().unwrap().sent_at.unwrap();
        let deadline = sent + Level::Medium.time_ms(None) * 3.0 + 2000.0;
        let fx = s.handle(Event::Tick, deadline - 1.0);
        assert!(!fx.iter().any(|e| matches!(e, Effect::RestartWorker { .. })));
        now = deadline;
        let fx = s.handle(Event::Tick, now);
        let restarts: Vec<f64> = fx
            .iter()
            .filter_map(|e| match e {
                Effect::RestartWorker { delay_ms } => Some(*delay_ms),
                _ => None,
            })
            .collect();
        if attempt == 3 {
            assert!(restarts.is_empty(), "given up after 3 failures: {fx:?}");
            break;
        }
        assert_eq!(restarts.len(), 1, "attempt {attempt}: {fx:?}");
        delays.push(restarts[0]);
        assert!(matches!(s.worker(), Worker::Restarting { .. }));
        assert_eq!(s.status(), Status::Message(Message::WorkerRestarting));
        // The same search, under a new id, once the new worker is ready.
        now += restarts[0];
        let again = one_think(&s.handle(Event::WorkerReady, now));
        assert_eq!((again.purpose, &again.fen), (Purpose::Move, &req.fen));
        assert!(!ids.contains(&again.id), "a new id");
        ids.push(again.id);
    }
    assert!(
        delays.windows(2).all(|w| w[1] > w[0]),
        "growing delays: {delays:?}"
    );
    assert_eq!(s.worker(), Worker::Failed);
    assert_eq!(s.status(), Status::Message(Message::WorkerFailed));
    // Late answers to the old ids are ignored.
    for id in ids {
        s.handle(
            Event::AiReply {
                id,
                mv: Some("h7e7".into()),
            },
            now + 1.0,
        );
    }
    assert_eq!(s.game().ply(), 1);
    // Retry: restart at once; the search is asked again.
    let fx = s.handle(Event::RetryAi, now + 2.0);
    assert!(fx.iter().any(|e| matches!(e, Effect::RestartWorker { .. })));
    let req = one_think(&s.handle(Event::WorkerReady, now + 3.0));
    reply(&mut s, req.id, Some("h7e7".into()), now + 4.0);
    assert_eq!(last_move(&s), Some(mv("h7e7")));
    assert_eq!(s.worker(), Worker::Ready);
}

#[test]
fn worker_crashes_in_a_row_give_up_and_two_players_go_on() {
    let mut s = ready(vs_ai(RuleSet::Jieqi), 18);
    let req = one_think(&tap_move(&mut s, "h2e2", 10.0));
    let mut delays = Vec::new();
    for _ in 0..3 {
        let fx = s.handle(Event::WorkerFailed, 20.0);
        delays.extend(fx.iter().filter_map(|e| match e {
            Effect::RestartWorker { delay_ms } => Some(*delay_ms),
            _ => None,
        }));
    }
    assert_eq!(s.worker(), Worker::Failed);
    assert_eq!(delays.len(), 2, "{delays:?}");
    assert!(delays[1] > delays[0]);
    assert_eq!(s.status(), Status::Message(Message::WorkerFailed));
    reply(&mut s, req.id, Some("h7e7".into()), 30.0);
    assert_eq!(s.game().ply(), 1);
    // Two players: the player moves Black too.
    s.handle(Event::TwoPlayers, 40.0);
    assert!(s.pending().is_none());
    let fx = tap_move(&mut s, "h7e7", 50.0);
    assert_eq!(last_move(&s), Some(mv("h7e7")));
    assert!(thinks(&fx).is_empty());
    tap_move(&mut s, "b2d2", 60.0);
    assert_eq!(s.game().ply(), 3);
    // An error from the worker is a failure too.
    let mut s = ready(vs_ai(RuleSet::Jieqi), 18);
    let req = one_think(&tap_move(&mut s, "h2e2", 10.0));
    let fx = s.handle(
        Event::AiError {
            id: req.id,
            message: "boom".into(),
        },
        20.0,
    );
    assert!(fx.iter().any(|e| matches!(e, Effect::RestartWorker { .. })));
    let again = one_think(&s.handle(Event::WorkerReady, 600.0));
    assert_ne!(again.id, req.id);
    reply(&mut s, req.id, Some("h7e7".into()), 700.0);
    assert_eq!(s.game().ply(), 1);
    reply(&mut s, again.id, Some("h7e7".into()), 700.0);
    assert_eq!(s.game().ply(), 2);
    assert_eq!(s.worker(), Worker::Ready);
}

// ---- new games ----

#[test]
fn rematch_swaps_colours_and_the_ai_opens_with_red() {
    let mut s = ready(vs_ai(RuleSet::Jieqi), 19);
    let req = one_think(&tap_move(&mut s, "h2e2", 1.0));
    s.handle(Event::Resign, 2.0);
    let fx = s.handle(Event::Rematch, 3.0);
    assert_eq!(s.config().human, Color::Black);
    assert_eq!(s.game().ply(), 0);
    assert_eq!(s.game().outcome(), None);
    assert_eq!(s.takebacks(), 0);
    let first = one_think(&fx);
    assert_eq!(first.purpose, Purpose::Move);
    assert!(first.fen.contains(" w "));
    assert_ne!(first.id, req.id);
    assert!(!s.human_to_move());
    // A new game while the AI thinks cancels its search.
    let fx = s.handle(Event::NewGame(vs_ai(RuleSet::Xiangqi)), 4.0);
    assert!(fx.contains(&Effect::Cancel { id: first.id }));
    assert!(thinks(&fx).is_empty(), "the player has Red");
    assert_eq!(s.game().rules(), RuleSet::Xiangqi);
    assert!(s.human_to_move());
    reply(&mut s, first.id, Some("h2e2".into()), 5.0);
    assert_eq!(s.game().ply(), 0);
    // Rematch twice: back to Red.
    s.handle(Event::Rematch, 6.0);
    s.handle(Event::Rematch, 7.0);
    assert_eq!(s.config().human, Color::Red);
    // Two players: a rematch keeps the seats.
    let mut s = ready(two_players(RuleSet::Jieqi), 19);
    let fx = s.handle(Event::Rematch, 1.0);
    assert!(thinks(&fx).is_empty());
    assert_eq!(s.config().human, Color::Red);
}

// ---- hotseat privacy and strips ----

#[test]
fn private_captures_only_for_the_capturer_on_a_shared_screen() {
    for rules in [RuleSet::ChessPlayX, RuleSet::Jieqi, RuleSet::Vietnam] {
        // Two players: the capture of a face-down soldier point.
        let mut s = at(two_players(rules), CHARIOT_FACES_HIDDEN, 20);
        tap_move(&mut s, "a4a6", 1.0);
        let id = s.game().history()[0].played.capture_id;
        let private = s.private_capture(0);
        match rules {
            RuleSet::ChessPlayX => assert_eq!(private, None),
            _ => assert_eq!(
                private,
                id.map(|r| Piece::new(Color::Black, r)),
                "{rules:?}"
            ),
        }
        // The shared screen never shows it.
        let e = &s.log()[0];
        assert_eq!(e.captured_hidden, Some(None), "{rules:?}");
        let red = s.strip(Color::Red);
        assert_eq!(red.taken, vec![(0, None, true)], "{rules:?}");
        assert_eq!(red.material, 0);
        assert!(s.strip(Color::Black).taken.is_empty());
        // Nor anything else's private look.
        assert_eq!(s.private_capture(1), None);
        assert_eq!(s.private_capture(usize::MAX), None);
        // Against the AI: nothing private; the player's own capture is
        // the player's to know where the rules say so.
        let mut s = at(vs_ai(rules), CHARIOT_FACES_HIDDEN, 20);
        tap_move(&mut s, "a4a6", 1.0);
        assert_eq!(s.private_capture(0), None);
        let known = match rules {
            RuleSet::ChessPlayX => None,
            _ => s.game().history()[0].played.capture_id,
        };
        assert_eq!(
            s.log()[0].captured_hidden,
            Some(known.map(|r| Piece::new(Color::Black, r)))
        );
        let red = s.strip(Color::Red);
        assert_eq!(
            red.taken,
            vec![(0, known.map(|r| Piece::new(Color::Black, r)), true)]
        );
        assert_eq!(red.material, known.map_or(0, points));
        assert_eq!(s.strip(Color::Black).material, -red.material);
    }
}

#[test]
fn jieqi_discloses_captures_to_both_when_the_game_ends() {
    let mut s = at(two_players(RuleSet::Jieqi), CHARIOT_FACES_HIDDEN, 21);
    tap_move(&mut s, "a4a6", 1.0);
    let id = s.game().history()[0].played.capture_id.unwrap();
    s.handle(Event::Resign, 2.0);
    let p = Piece::new(Color::Black, id);
    assert_eq!(s.log()[0].captured_hidden, Some(Some(p)));
    assert_eq!(s.strip(Color::Red).taken, vec![(0, Some(p), true)]);
    assert_eq!(s.private_capture(0), None, "no longer private");
    // Vietnam: never.
    let mut s = at(two_players(RuleSet::Vietnam), CHARIOT_FACES_HIDDEN, 21);
    tap_move(&mut s, "a4a6", 1.0);
    s.handle(Event::Resign, 2.0);
    assert_eq!(s.log()[0].captured_hidden, Some(None));
    assert!(s.private_capture(0).is_some());
}

#[test]
fn strips_list_pieces_taken_by_each_side_and_the_material_difference() {
    // Red's chariot takes Black's chariot; Black's cannon takes Red's horse.
    let mut s = at(
        two_players(RuleSet::Xiangqi),
        "r2ak3r/9/9/9/9/9/9/9/8N/R2K5 w - 0 1",
        22,
    );
    tap_move(&mut s, "a0a9", 1.0);
    tap_move(&mut s, "i9i1", 2.0);
    let red = s.strip(Color::Red);
    let black = s.strip(Color::Black);
    assert_eq!(
        red.taken,
        vec![(0, Some(Piece::new(Color::Black, Role::Chariot)), false)]
    );
    assert_eq!(
        black.taken,
        vec![(1, Some(Piece::new(Color::Red, Role::Horse)), false)]
    );
    assert_eq!(red.material, 9 - 4);
    assert_eq!(black.material, 4 - 9);
    assert_eq!(red.you, None);
    let ai = at(vs_ai(RuleSet::Xiangqi), fen_start(RuleSet::Xiangqi), 22);
    assert_eq!(ai.strip(Color::Red).you, Some(true));
    assert_eq!(ai.strip(Color::Black).you, Some(false));
}

// ---- never panics: random events ----

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn square(&mut self) -> Square {
        Square::from_index(self.below(90))
    }
}

fn random_event(r: &mut Rng, s: &Session, rules: RuleSet) -> Event {
    let legal = s.game().legal_moves();
    let a_legal = |r: &mut Rng| (!legal.is_empty()).then(|| legal.as_slice()[r.below(legal.len())]);
    let pending = s.pending().map(|p| p.request.id);
    let any_id = |r: &mut Rng| match pending {
        Some(id) if r.chance(70) => id,
        Some(id) => id.wrapping_add(r.below(5) as u32).wrapping_sub(2),
        None => r.below(40) as u32,
    };
    match r.below(30) {
        0..=4 => Event::Tap(Some(r.square())),
        5 => Event::Tap(None),
        6..=7 => match a_legal(r) {
            Some(m) if r.chance(80) => Event::Drop {
                from: m.from,
                to: m.to,
            },
            _ => Event::Drop {
                from: r.square(),
                to: r.square(),
            },
        },
        8 => {
            let text = match a_legal(r) {
                Some(m) if r.chance(50) => {
                    notation::write(s.game().board(), m, Notation::ALL[r.below(4)])
                }
                _ => [
                    "",
                    " ",
                    "zz",
                    "C2.5",
                    "XC2.5",
                    "炮二平五",
                    "h2e2",
                    "a0a9",
                    "\u{0}",
                    "R9+1",
                    "暗",
                ][r.below(11)]
                .to_string(),
            };
            Event::Typed(text)
        }
        9 => Event::Undo,
        10 => {
            if r.chance(15) {
                Event::Resign
            } else {
                Event::Hint
            }
        }
        11..=15 => {
            let mv = match r.below(6) {
                0 => None,
                1 => {
                    Some(["", "garbage", "h2e2", "a0a0", "e9e8Xr", "z9z9"][r.below(6)].to_string())
                }
                _ => a_legal(r).map(|m| m.to_string()),
            };
            Event::AiReply { id: any_id(r), mv }
        }
        16 => Event::AiProgress {
            id: any_id(r),
            depth: r.below(30) as u32,
            score: r.next() as i32,
        },
        17 => Event::AiError {
            id: any_id(r),
            message: "x".into(),
        },
        18 => Event::WorkerReady,
        19 => {
            if r.chance(30) {
                Event::WorkerFailed
            } else {
                Event::WorkerReady
            }
        }
        20 => [
            Event::RetryAi,
            Event::TwoPlayers,
            Event::Flip,
            Event::SetRotate(r.chance(50)),
        ][r.below(4)]
        .clone(),
        21 => {
            let k = r.below(12);
            Event::Review(
                [
                    Step::First,
                    Step::Prev,
                    Step::Next,
                    Step::Last,
                    Step::To(k),
                    Step::To(usize::MAX),
                ][r.below(6)],
            )
        }
        22 => {
            if r.chance(20) {
                let opp = [
                    Opponent::Human,
                    Opponent::Ai(Level::Easy),
                    Opponent::Ai(Level::Hard),
                ][r.below(3)];
                let c = config(
                    [rules, RuleSet::ALL[r.below(4)]][r.below(2)],
                    opp,
                    Color::ALL[r.below(2)],
                    [Takebacks::Fair, Takebacks::Casual, Takebacks::Off][r.below(3)],
                );
                Event::NewGame(c)
            } else if r.chance(10) {
                Event::Rematch
            } else {
                Event::Tick
            }
        }
        23 => Event::SetNotation(Notation::ALL[r.below(4)]),
        24 => Event::SetAnimation(
            [0.0, 1.0, 200.0, 5000.0, -3.0, f64::NAN, f64::INFINITY][r.below(7)],
        ),
        25 => Event::Peek([0, 1, 5, usize::MAX][r.below(4)]),
        _ => Event::Tick,
    }
}

fn random_now(r: &mut Rng, now: f64) -> f64 {
    match r.below(20) {
        0 => f64::NAN,
        1 => f64::INFINITY,
        2 => f64::NEG_INFINITY,
        3 => now - 5000.0,
        4 => -1.0,
        5 => now + 20_000.0,
        _ => now + r.below(500) as f64,
    }
}

/// The history replays legally from the start to the same board.
fn check_history(s: &Session, ctx: &str) {
    let g = s.game();
    let mut again = Game::from_position_seeded(g.start_position().clone(), 0);
    for (i, rec) in g.history().iter().enumerate() {
        let p = &rec.played;
        again
            .replay(p.mv, p.reveal, p.capture_id)
            .unwrap_or_else(|e| panic!("{ctx}: ply {i} does not replay: {e}"));
    }
    assert_eq!(fen::write(again.board()), fen::write(g.board()), "{ctx}");
}

fn check_selection(s: &Session, ctx: &str) {
    match s.selected() {
        None => assert!(
            s.dests().is_empty(),
            "{ctx}: destinations without a selection"
        ),
        Some(from) => {
            assert!(s.review().is_none(), "{ctx}");
            assert!(
                s.human_to_move(),
                "{ctx}: a selection when the player may not move"
            );
            let p = s.game().board().piece_at(from);
            assert!(
                p.is_some_and(|p| p.color == s.game().turn()),
                "{ctx}: selected {from} is not the mover's"
            );
            let legal = legal_from(s, from);
            let dests: BTreeSet<Square> = s.dests().iter().copied().collect();
            assert!(
                dests.is_subset(&legal),
                "{ctx}: a destination that is not legal"
            );
            if s.hint().is_none() {
                assert_eq!(dests, legal, "{ctx}: not every legal destination");
            }
        }
    }
}

#[test]
fn random_events_never_panic_nor_break_the_session() {
    let opponents = [
        Opponent::Human,
        Opponent::Ai(Level::Easy),
        Opponent::Ai(Level::Medium),
        Opponent::Ai(Level::Hard),
    ];
    let mut ended = 0;
    let mut played = 0;
    for rules in RuleSet::ALL {
        for (oi, &opponent) in opponents.iter().enumerate() {
            for run in 0..6u64 {
                let seed = run * 97 + oi as u64 * 13 + rules as u64;
                let mut r = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
                let c = config(
                    rules,
                    opponent,
                    Color::ALL[r.below(2)],
                    [Takebacks::Fair, Takebacks::Casual, Takebacks::Off][r.below(3)],
                );
                let mut s = Session::seeded(c, seed, 0.0);
                let mut now = 0.0;
                // Request ids sent and not yet answered, cancelled or lost
                // with a restarted worker.
                let mut live: BTreeSet<u32> = BTreeSet::new();
                let mut trail: Vec<String> = Vec::new();
                for _ in 0..400 {
                    let ev = random_event(&mut r, &s, rules);
                    now = random_now(&mut r, now);
                    if !now.is_finite() && r.chance(50) {
                        now = 0.0;
                    }
                    trail.push(format!("{ev:?} @ {now}"));
                    let ctx =
                        || format!("{rules:?} {opponent:?} seed {seed}: {}", trail.join("\n  "));
                    let before = s.game().outcome();
                    let before_ply = s.game().ply();
                    let vs_human = !s.vs_ai();
                    if let Event::AiReply { id, .. } = &ev {
                        live.remove(id);
                    }
                    let fx = s.handle(ev.clone(), now);
                    for e in &fx {
                        match e {
                            Effect::Think(t) => {
                                live.insert(t.id);
                                let seat = match t.purpose {
                                    Purpose::Move => s.config().human.other(),
                                    Purpose::Hint => s.game().turn(),
                                };
                                check_request_knowledge(&s, t, seat);
                            }
                            Effect::Cancel { id } => {
                                live.remove(id);
                            }
                            Effect::RestartWorker { .. } => live.clear(),
                            _ => {}
                        }
                    }
                    if s.pending().is_none() || matches!(s.worker(), Worker::Failed) {
                        live.clear();
                    }
                    assert!(live.len() <= 1, "{}: searches {live:?}", ctx());
                    if let Some(p) = s.pending() {
                        if p.sent_at.is_some() {
                            assert!(live.contains(&p.request.id), "{}", ctx());
                        }
                    }
                    check_history(&s, &ctx());
                    check_selection(&s, &ctx());
                    // A finished game stays finished, except by a new game,
                    // or (two players) a take-back of a result the moves made.
                    if let Some(o) = before {
                        let renewed = matches!(ev, Event::NewGame(_) | Event::Rematch);
                        let undone = vs_human
                            && ev == Event::Undo
                            && !matches!(o.reason, Reason::Resignation | Reason::Time)
                            && s.game().ply() < before_ply;
                        if !renewed && !undone {
                            assert_eq!(s.game().outcome(), Some(o), "{}", ctx());
                            assert_eq!(s.game().ply(), before_ply, "{}", ctx());
                        }
                    }
                    if s.thinking() {
                        assert!(
                            !matches!(s.status(), Status::Analysing { .. } | Status::Hint { .. }),
                            "{}: numbers while the AI thinks",
                            ctx()
                        );
                    }
                    let _ = (
                        s.status(),
                        s.strip(Color::Red),
                        s.strip(Color::Black),
                        s.log(),
                    );
                    let _ = (s.shown(), s.last_move(), s.flipped(), s.slide(), s.peek());
                    for ply in 0..=s.game().ply() {
                        let _ = s.private_capture(ply);
                    }
                    assert_eq!(s.log().len(), s.game().ply(), "{}", ctx());
                }
                played += s.game().ply();
                ended += usize::from(s.game().outcome().is_some());
            }
        }
    }
    assert!(played > 100, "the random runs hardly moved: {played} plies");
    let _ = ended;
}

/// Points for the material balance, as the issue gives them.
fn points(r: Role) -> i32 {
    match r {
        Role::Chariot => 9,
        Role::Cannon | Role::Horse => 4,
        Role::Advisor | Role::Elephant => 2,
        Role::Soldier => 1,
        Role::General => 0,
    }
}

/// Between two players, the shared export holds no captured face-down
/// identity while the game goes on; once it is over it holds every one,
/// so an import replays the game as it was played.
#[test]
fn a_finished_two_player_export_keeps_captured_identities() {
    let mut s = at(
        two_players(RuleSet::Jieqi),
        "x3k4/9/7x1/9/9/9/9/9/9/R2K5 w r1c1 0 1",
        5,
    );
    tap_move(&mut s, "a0a9", 1.0);
    let during = s.record();
    assert_eq!(during.moves.len(), 1);
    let letter = s.game().history()[0].played.capture_id.expect("drawn");
    assert_eq!(during.moves[0], "a0a9", "the shared screen's record");
    s.handle(Event::Resign, 2.0);
    let after = s.record();
    let want = format!("a0a9{}", letter.char().to_ascii_lowercase());
    assert_eq!(after.moves, [want.as_str()]);
    let back = after.to_game().expect("replays");
    assert_eq!(back.history()[0].played.capture_id, Some(letter));
}
