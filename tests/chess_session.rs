//! Chess and hidden chess through the same game flow as Jieqi (issue 12
//! section 4): taps, drops and typed SAN/UCI moves, promotion choices
//! (also after a late reveal), castling both ways, take-backs, clocks,
//! resigning, review, hotseat privacy, save and restore, the AI's request
//! and reply, and random events that must never panic.

use jieqi::ai::Level;
use jieqi::rules::chess::{self, fen, Kind, Piece, Reason, Square, Variant};
use jieqi::rules::{Color, Seat};
use jieqi::saved::{self, SavedChess, SavedGame};
use jieqi::session::{
    ChessConfig, ChessEffect, ChessEvent, ChessPost, ChessSession, ChessStatus, Message, Opponent,
    Purpose, Step, Takebacks, TimeControl, TypedError, Worker,
};

// ---- helpers ----

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap_or_else(|| panic!("bad square {s}"))
}

fn config(variant: Variant, opponent: Opponent, takebacks: Takebacks) -> ChessConfig {
    ChessConfig {
        rules: variant,
        opponent,
        human: Color::Red,
        takebacks,
        clock: None,
    }
}

fn hotseat(variant: Variant) -> ChessConfig {
    config(variant, Opponent::Human, Takebacks::Fair)
}

/// A session from a FEN, two players on one device.
fn from_fen(text: &str, variant: Variant, opponent: Opponent, seed: u64) -> ChessSession {
    let game = chess::Game::from_fen_seeded(text, variant, seed).expect("test FEN");
    ChessSession::with_game(config(variant, opponent, Takebacks::Casual), game, 0.0)
}

/// Tap `from` then `to` (slides never block: animation is off).
fn tap_move(s: &mut ChessSession, from: &str, to: &str, now: f64) -> Vec<ChessEffect> {
    s.handle(ChessEvent::Tap(Some(sq(from))), now);
    s.handle(ChessEvent::Tap(Some(sq(to))), now)
}

fn typed(s: &mut ChessSession, text: &str, now: f64) -> Vec<ChessEffect> {
    s.handle(ChessEvent::Typed(text.into()), now)
}

fn piece(s: &ChessSession, at: &str) -> Option<Piece> {
    s.game().board().piece_at(sq(at))
}

fn no_anim(s: &mut ChessSession) {
    s.handle(ChessEvent::SetAnimation(0.0), 0.0);
}

// ---- whole games ----

/// Seed 23 draws a fool's mate in hidden chess: the face-down d8 piece
/// is revealed a bishop on h4, and that is mate.
#[test]
fn a_hidden_chess_game_ends_in_checkmate_through_taps_drops_and_typing() {
    let mut s = ChessSession::seeded(hotseat(Variant::HiddenChess), 23, 0.0);
    no_anim(&mut s);
    assert_eq!(
        s.status(),
        ChessStatus::ToMove {
            color: Color::Red,
            yours: None,
            check: false
        }
    );
    // A face-down pawn-square piece moves as a pawn: one or two steps.
    s.handle(ChessEvent::Tap(Some(sq("f2"))), 1.0);
    let mut dests = s.dests().to_vec();
    dests.sort();
    assert_eq!(dests, vec![sq("f3"), sq("f4")]);
    s.handle(ChessEvent::Tap(Some(sq("f3"))), 2.0);
    s.handle(
        ChessEvent::Drop {
            from: sq("e7"),
            to: sq("e5"),
        },
        3.0,
    );
    typed(&mut s, "g4", 4.0);
    assert_eq!(s.typed_error(), None);
    let fx = typed(&mut s, "d8h4", 5.0);
    assert!(fx.contains(&ChessEffect::ShowResult), "{fx:?}");
    let over = chess::Outcome {
        winner: Some(Color::Black),
        reason: Reason::Checkmate,
    };
    assert_eq!(s.status(), ChessStatus::Over(over));
    assert!(fx.iter().any(
        |e| matches!(e, ChessEffect::Post(ChessPost::GameOver { outcome, .. }) if *outcome == over)
    ));
    // The move list is SAN with the reveals beside it, and mate marked.
    let texts: Vec<&str> = s.log().iter().map(|e| e.text.as_str()).collect();
    assert_eq!(texts, ["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(
        s.log()[3].reveal,
        Some(Piece::new(Color::Black, Kind::Bishop))
    );
    assert!(s.log().iter().all(|e| e.reveal.is_some()));
    // Nothing moves after the end.
    s.handle(ChessEvent::Tap(Some(sq("a2"))), 6.0);
    assert_eq!(s.selected(), None);
}

#[test]
fn standard_chess_fools_mate_typed_in_san_and_uci() {
    let mut s = ChessSession::seeded(hotseat(Variant::Chess), 1, 0.0);
    no_anim(&mut s);
    let mut posted = Vec::new();
    for (t, now) in [("f3", 1.0), ("e7e5", 2.0), ("g2-g4", 3.0), ("Qh4#", 4.0)] {
        for e in typed(&mut s, t, now) {
            if let ChessEffect::Post(ChessPost::Move { notation, .. }) = e {
                posted.push(notation);
            }
        }
        assert_eq!(s.typed_error(), None, "{t}");
    }
    // The embedding page is told each move as the move list shows it.
    assert_eq!(posted, ["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(
        s.outcome(),
        Some(chess::Outcome {
            winner: Some(Color::Black),
            reason: Reason::Checkmate
        })
    );
    assert!(s.log().iter().all(|e| e.reveal.is_none()));
}

#[test]
fn wrong_ambiguous_and_untimely_text_plays_nothing() {
    let mut s = from_fen(
        "4k3/8/8/8/8/8/4K3/R6R w - - 0 1",
        Variant::Chess,
        Opponent::Human,
        1,
    );
    typed(&mut s, "Rd1", 1.0);
    assert!(matches!(s.typed_error(), Some(TypedError::Ambiguous(c)) if c.len() == 2));
    typed(&mut s, "Qd8", 1.0);
    assert_eq!(s.typed_error(), Some(&TypedError::Unknown));
    typed(&mut s, &"e".repeat(500), 1.0);
    assert_eq!(s.typed_error(), Some(&TypedError::Unknown));
    typed(&mut s, "Rad1", 1.0);
    assert_eq!(s.typed_error(), None);
    assert_eq!(s.ply(), 1);
    // A legal text while reviewing: not now.
    s.handle(ChessEvent::Review(Step::First), 2.0);
    typed(&mut s, "Kf7", 2.0);
    assert_eq!(s.typed_error(), Some(&TypedError::NotNow));
}

// ---- promotion ----

#[test]
fn a_face_up_pawn_promotes_through_the_picker_after_a_tap_or_a_drop() {
    let mut s = from_fen(
        "7k/P7/8/8/8/8/1p6/4K3 w - - 0 1",
        Variant::Chess,
        Opponent::Human,
        1,
    );
    no_anim(&mut s);
    tap_move(&mut s, "a7", "a8", 1.0);
    assert_eq!(s.choosing(), Some((sq("a7"), sq("a8"))));
    assert_eq!(s.status(), ChessStatus::ChoosePromotion);
    assert_eq!(s.ply(), 0, "nothing is played before the choice");
    // A tap instead of a choice takes the move back before it is made.
    s.handle(ChessEvent::Tap(Some(sq("e1"))), 1.5);
    assert_eq!(s.choosing(), None);
    assert_eq!(s.selected(), None);
    tap_move(&mut s, "a7", "a8", 1.6);
    assert_eq!(s.choosing(), Some((sq("a7"), sq("a8"))));
    s.handle(ChessEvent::Promote(Kind::Knight), 2.0);
    assert_eq!(piece(&s, "a8"), Some(Piece::new(Color::Red, Kind::Knight)));
    assert_eq!(s.log()[0].text, "a8=N");
    // Black's pawn by a drop, then a queen.
    s.handle(
        ChessEvent::Drop {
            from: sq("b2"),
            to: sq("b1"),
        },
        3.0,
    );
    assert_eq!(s.choosing(), Some((sq("b2"), sq("b1"))));
    s.handle(ChessEvent::Promote(Kind::Queen), 4.0);
    assert_eq!(piece(&s, "b1"), Some(Piece::new(Color::Black, Kind::Queen)));
    assert_eq!(s.log()[1].text, "b1=Q+");
}

/// The white face-down piece on a1 can only be a pawn (its pool): moving
/// as a rook to a8 it is revealed a pawn on the last rank and must promote.
#[test]
fn a_piece_revealed_a_pawn_on_the_last_rank_chooses_its_promotion() {
    let fen = "7k/8/8/8/8/8/8/X3K3 w - - 0 1 P1";
    let mut s = from_fen(fen, Variant::HiddenChess, Opponent::Human, 3);
    no_anim(&mut s);
    let fx = tap_move(&mut s, "a1", "a8", 1.0);
    assert!(fx.contains(&ChessEffect::Save), "{fx:?}");
    assert_eq!(s.choosing(), Some((sq("a1"), sq("a8"))));
    assert_eq!(s.status(), ChessStatus::ChoosePromotion);
    assert_eq!(s.turn(), Color::Red);
    // The board shows the pawn face up where it arrived before the choice.
    let shown = s.shown();
    assert_eq!(
        shown.piece_at(sq("a8")),
        Some(Piece::new(Color::Red, Kind::Pawn))
    );
    assert_eq!(shown.piece_at(sq("a1")), None);
    // Nor is it counted face down any more.
    let [(pool, hidden), _] = s.game().shown_pools(Seat::Spectator);
    assert_eq!((pool.total(), hidden), (0, 0));
    // The pawn has been seen: a tap does not cancel its promotion.
    s.handle(ChessEvent::Tap(None), 1.5);
    assert_eq!(s.choosing(), Some((sq("a1"), sq("a8"))));
    // No take-back while the pawn waits, no other move, no typed move.
    s.handle(ChessEvent::Undo, 2.0);
    assert_eq!(s.choosing(), Some((sq("a1"), sq("a8"))));
    typed(&mut s, "Kd2", 2.0);
    assert_eq!(s.typed_error(), Some(&TypedError::NotNow));
    // A king is no promotion.
    s.handle(ChessEvent::Promote(Kind::King), 2.5);
    assert_eq!(s.ply(), 0);
    let fx = s.handle(ChessEvent::Promote(Kind::Rook), 3.0);
    assert!(fx
        .iter()
        .any(|e| matches!(e, ChessEffect::AnnounceMove { ply: 1 })));
    assert_eq!(piece(&s, "a8"), Some(Piece::new(Color::Red, Kind::Rook)));
    assert_eq!(s.log()[0].reveal, Some(Piece::new(Color::Red, Kind::Pawn)));
    assert_eq!(s.log()[0].text, "Ra8=R+");
    assert_eq!(s.game().moves_text(Seat::Spectator), ["a1a8rP"]);
    assert_eq!(s.choosing(), None);
}

#[test]
fn the_ai_promotes_a_late_revealed_pawn_as_it_says() {
    // Black (the AI) has one face-down piece on h8, which can only be a pawn.
    let fen = "4k2x/8/8/8/8/K7/8/8 b - - 0 1 p1";
    let mut s = from_fen(fen, Variant::HiddenChess, Opponent::Ai(Level::Easy), 5);
    no_anim(&mut s);
    let fx = s.handle(ChessEvent::WorkerReady, 1.0);
    let Some(ChessEffect::Think(req)) = fx.iter().find(|e| matches!(e, ChessEffect::Think(_)))
    else {
        panic!("no request: {fx:?}")
    };
    assert_eq!(req.rules, Variant::HiddenChess);
    assert_eq!(req.purpose, Purpose::Move);
    s.handle(
        ChessEvent::AiReply {
            id: req.id,
            mv: Some("h8h1n".into()),
        },
        2.0,
    );
    assert_eq!(
        piece(&s, "h1"),
        Some(Piece::new(Color::Black, Kind::Knight))
    );
    assert_eq!(s.turn(), Color::Red);
}

// ---- castling ----

#[test]
fn castling_by_the_king_two_squares_or_onto_its_rook() {
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let mut s = from_fen(fen, Variant::Chess, Opponent::Human, 1);
    no_anim(&mut s);
    s.handle(ChessEvent::Tap(Some(sq("e1"))), 1.0);
    for d in ["c1", "d1", "f1", "g1", "a1", "h1"] {
        assert!(s.dests().contains(&sq(d)), "{d} in {:?}", s.dests());
    }
    // Onto the rook.
    s.handle(ChessEvent::Tap(Some(sq("h1"))), 2.0);
    assert_eq!(piece(&s, "g1"), Some(Piece::new(Color::Red, Kind::King)));
    assert_eq!(piece(&s, "f1"), Some(Piece::new(Color::Red, Kind::Rook)));
    // Two squares, by a drop.
    s.handle(
        ChessEvent::Drop {
            from: sq("e8"),
            to: sq("c8"),
        },
        3.0,
    );
    assert_eq!(piece(&s, "c8"), Some(Piece::new(Color::Black, Kind::King)));
    assert_eq!(piece(&s, "d8"), Some(Piece::new(Color::Black, Kind::Rook)));
    let texts: Vec<&str> = s.log().iter().map(|e| e.text.as_str()).collect();
    assert_eq!(texts, ["O-O", "O-O-O"]);
    // Typed castling: SAN, and the king onto its rook in UCI.
    let mut t = from_fen(fen, Variant::Chess, Opponent::Human, 1);
    typed(&mut t, "0-0-0", 1.0);
    assert_eq!(t.typed_error(), None);
    assert_eq!(piece(&t, "c1"), Some(Piece::new(Color::Red, Kind::King)));
    typed(&mut t, "e8h8", 2.0);
    assert_eq!(piece(&t, "g8"), Some(Piece::new(Color::Black, Kind::King)));
}

#[test]
fn castling_reveals_a_face_down_corner_piece() {
    // White's corner piece on h1 is face down and can only be a knight.
    let fen = "4k3/8/8/8/8/8/8/4K2X w K - 0 1 N1";
    let mut s = from_fen(fen, Variant::HiddenChess, Opponent::Human, 1);
    no_anim(&mut s);
    tap_move(&mut s, "e1", "h1", 1.0);
    assert_eq!(piece(&s, "g1"), Some(Piece::new(Color::Red, Kind::King)));
    assert_eq!(piece(&s, "f1"), Some(Piece::new(Color::Red, Kind::Knight)));
    assert_eq!(
        s.log()[0].reveal,
        Some(Piece::new(Color::Red, Kind::Knight))
    );
}

// ---- knowledge ----

/// White's rook takes Black's face-down a7 piece (a queen, by its pool):
/// on a shared screen only the capturer may look at it.
#[test]
fn a_captured_face_down_identity_is_the_capturers_alone() {
    let fen = "7k/x7/8/8/8/8/8/R3K3 w - - 0 1 q1";
    let mut s = from_fen(fen, Variant::HiddenChess, Opponent::Human, 1);
    no_anim(&mut s);
    tap_move(&mut s, "a1", "a7", 1.0);
    assert_eq!(
        s.log()[0].captured_hidden,
        Some(None),
        "hidden from the shared screen"
    );
    assert_eq!(s.strip(Color::Red).taken, vec![(0, None, true)]);
    assert_eq!(
        s.private_capture(0),
        Some(Piece::new(Color::Black, Kind::Queen))
    );
    s.handle(ChessEvent::Peek(0), 2.0);
    assert_eq!(s.peek(), Some(0));
    s.handle(ChessEvent::Tick, 10_000.0);
    assert_eq!(s.peek(), None);
    // The hotseat save keeps the referee's record (both players' knowledge
    // comes back on this device), and the material counts no unknown piece.
    assert_eq!(s.saved().moves, ["a1a7xQ"]);
    assert_eq!(s.strip(Color::Red).material, 0);

    // Against the AI, the player who captured learns it in the list.
    let mut p = from_fen(fen, Variant::HiddenChess, Opponent::Ai(Level::Easy), 1);
    no_anim(&mut p);
    tap_move(&mut p, "a1", "a7", 1.0);
    let queen = Piece::new(Color::Black, Kind::Queen);
    assert_eq!(p.log()[0].captured_hidden, Some(Some(queen)));
    assert_eq!(p.strip(Color::Red).material, 9);
    assert_eq!(p.private_capture(0), None);
}

#[test]
fn the_ai_is_sent_only_its_own_view_and_its_capture_stays_hidden_from_the_player() {
    // The AI (Black) will take White's face-down a2 piece with its rook.
    let fen = "r6k/8/8/8/8/8/X7/4K3 b - - 0 1 Q1";
    let mut s = from_fen(fen, Variant::HiddenChess, Opponent::Ai(Level::Easy), 1);
    no_anim(&mut s);
    let fx = s.handle(ChessEvent::WorkerReady, 1.0);
    let req = fx
        .iter()
        .find_map(|e| match e {
            ChessEffect::Think(r) => Some(r.clone()),
            _ => None,
        })
        .expect("the AI is asked");
    // Its FEN is its own view: it does not know White's a2 piece.
    let pos = fen::parse(&req.fen, Variant::HiddenChess).expect("the request's FEN reads back");
    assert_eq!(pos.pool(Color::Red).get(Kind::Queen), 1);
    let fx = s.handle(
        ChessEvent::AiReply {
            id: req.id,
            mv: Some("a8a2".into()),
        },
        2.0,
    );
    assert!(fx.iter().any(
        |e| matches!(e, ChessEffect::Post(ChessPost::Move { movetext, .. }) if movetext == "a8a2")
    ));
    assert_eq!(s.log()[0].captured_hidden, Some(None));
    assert_eq!(
        s.saved().moves,
        ["a8a2"],
        "the saved record is the player's"
    );
    assert_eq!(s.private_capture(0), None);
}

// ---- the AI ----

#[test]
fn the_ai_flow_asks_after_the_players_move_and_survives_errors_and_junk() {
    let mut c = config(
        Variant::HiddenChess,
        Opponent::Ai(Level::Medium),
        Takebacks::Fair,
    );
    c.human = Color::Red;
    let mut s = ChessSession::seeded(c, 7, 0.0);
    no_anim(&mut s);
    assert!(s
        .handle(ChessEvent::WorkerReady, 0.0)
        .iter()
        .all(|e| !matches!(e, ChessEffect::Think(_))));
    let fx = tap_move(&mut s, "e2", "e4", 1.0);
    let req = fx
        .iter()
        .find_map(|e| match e {
            ChessEffect::Think(r) => Some(r.clone()),
            _ => None,
        })
        .expect("asked after the player's move");
    assert!(req.fen.contains(" b "), "{}", req.fen);
    assert_eq!(req.recent.len(), 1, "a reveal is irreversible");
    assert!(s.thinking());
    // The worker answers with an error (the chess engine is not there yet).
    let fx = s.handle(
        ChessEvent::AiError {
            id: req.id,
            message: "no chess engine".into(),
        },
        2.0,
    );
    assert!(
        fx.iter()
            .any(|e| matches!(e, ChessEffect::RestartWorker { .. })),
        "{fx:?}"
    );
    assert!(matches!(s.worker(), Worker::Restarting { attempt: 1 }));
    // A fresh worker is asked again, with a new id.
    let fx = s.handle(ChessEvent::WorkerReady, 3.0);
    let again = fx
        .iter()
        .find_map(|e| match e {
            ChessEffect::Think(r) => Some(r.clone()),
            _ => None,
        })
        .expect("asked again");
    assert_ne!(again.id, req.id);
    // A stale reply is ignored; junk from the current one still moves.
    s.handle(
        ChessEvent::AiReply {
            id: req.id,
            mv: Some("e7e5".into()),
        },
        4.0,
    );
    assert_eq!(s.ply(), 1);
    s.handle(
        ChessEvent::AiReply {
            id: again.id,
            mv: Some("zz".into()),
        },
        5.0,
    );
    assert_eq!(
        s.ply(),
        2,
        "an unreadable answer plays the first legal move"
    );
    assert_eq!(s.turn(), Color::Red);
    // A hint is asked of the worker and shown as a selection.
    let fx = s.handle(ChessEvent::Hint, 6.0);
    let hint = fx
        .iter()
        .find_map(|e| match e {
            ChessEffect::Think(r) if r.purpose == Purpose::Hint => Some(r.clone()),
            _ => None,
        })
        .expect("hint asked");
    s.handle(
        ChessEvent::AiReply {
            id: hint.id,
            mv: Some("g1f3".into()),
        },
        7.0,
    );
    assert_eq!(s.selected(), Some(sq("g1")));
    assert_eq!(s.dests(), &[sq("f3")]);
    assert!(matches!(s.status(), ChessStatus::Hint { text, .. } if text == "Nf3"));
}

// ---- take-backs, clocks, resigning, review ----

#[test]
fn fair_takebacks_keep_reveals_casual_ones_undo_them() {
    let mut fair = ChessSession::seeded(hotseat(Variant::HiddenChess), 2, 0.0);
    no_anim(&mut fair);
    tap_move(&mut fair, "e2", "e4", 1.0);
    fair.handle(ChessEvent::Undo, 2.0);
    assert_eq!(fair.ply(), 1);
    assert_eq!(
        fair.status(),
        ChessStatus::Message(Message::TakebackRefused)
    );

    let mut casual = ChessSession::seeded(
        config(Variant::HiddenChess, Opponent::Human, Takebacks::Casual),
        2,
        0.0,
    );
    no_anim(&mut casual);
    tap_move(&mut casual, "e2", "e4", 1.0);
    casual.handle(ChessEvent::Undo, 2.0);
    assert_eq!(casual.ply(), 0);
    assert!(piece(&casual, "e2").is_some_and(|p| p.hidden));
    assert_eq!(casual.takebacks(), 1);

    // Standard chess: a fair take-back of a plain move is allowed.
    let mut plain = ChessSession::seeded(hotseat(Variant::Chess), 2, 0.0);
    tap_move(&mut plain, "e2", "e4", 1.0);
    plain.handle(ChessEvent::Undo, 2.0);
    assert_eq!(plain.ply(), 0);
}

#[test]
fn a_takeback_is_announced_not_the_move_taken_back() {
    let mut s = ChessSession::seeded(hotseat(Variant::Chess), 2, 0.0);
    no_anim(&mut s);
    tap_move(&mut s, "e2", "e4", 1.0);
    let fx = s.handle(ChessEvent::Undo, 2.0);
    assert_eq!(s.ply(), 0);
    assert!(
        fx.contains(&ChessEffect::Announce(Message::TakenBack)),
        "{fx:?}"
    );
    assert!(
        !fx.iter()
            .any(|e| matches!(e, ChessEffect::AnnounceMove { .. })),
        "{fx:?}"
    );
    // Said, not shown: the status line says whose move it is.
    assert!(
        matches!(s.status(), ChessStatus::ToMove { .. }),
        "{:?}",
        s.status()
    );
}

#[test]
fn the_clock_runs_out_and_resigning_ends_the_game() {
    let mut c = hotseat(Variant::Chess);
    c.clock = Some(TimeControl {
        base_ms: 60_000,
        increment_ms: 0,
    });
    let mut s = ChessSession::seeded(c, 1, 0.0);
    no_anim(&mut s);
    tap_move(&mut s, "e2", "e4", 1_000.0);
    assert_eq!(s.clock().and_then(|c| c.running_side()), Some(Color::Black));
    let fx = s.handle(ChessEvent::Tick, 62_000.0);
    assert!(fx.contains(&ChessEffect::ShowResult));
    assert_eq!(
        s.outcome(),
        Some(chess::Outcome {
            winner: Some(Color::Red),
            reason: Reason::Time
        })
    );
    let mut r = ChessSession::seeded(hotseat(Variant::HiddenChess), 1, 0.0);
    let fx = r.handle(ChessEvent::Resign, 1.0);
    assert!(fx.contains(&ChessEffect::ShowResult));
    assert_eq!(
        r.outcome(),
        Some(chess::Outcome {
            winner: Some(Color::Black),
            reason: Reason::Resignation
        })
    );
}

#[test]
fn review_shows_earlier_positions_and_a_tap_says_how_to_get_back() {
    let mut s = ChessSession::seeded(hotseat(Variant::HiddenChess), 4, 0.0);
    no_anim(&mut s);
    tap_move(&mut s, "e2", "e4", 1.0);
    tap_move(&mut s, "e7", "e5", 2.0);
    s.handle(ChessEvent::Review(Step::First), 3.0);
    assert!(s.shown().piece_at(sq("e2")).is_some_and(|p| p.hidden));
    assert_eq!(s.last_move(), None);
    s.handle(ChessEvent::Review(Step::Next), 3.0);
    assert_eq!(s.last_move(), Some((sq("e2"), sq("e4"))));
    s.handle(ChessEvent::Tap(Some(sq("d2"))), 3.0);
    assert_eq!(s.status(), ChessStatus::Message(Message::BackToGame));
    s.handle(ChessEvent::Review(Step::Last), 4.0);
    assert_eq!(s.review(), None);
}

// ---- saving ----

#[test]
fn a_saved_chess_game_restores_and_old_jieqi_saves_still_do() {
    let mut c = config(Variant::HiddenChess, Opponent::Human, Takebacks::Casual);
    c.clock = Some(TimeControl {
        base_ms: 300_000,
        increment_ms: 2_000,
    });
    let mut s = ChessSession::seeded(c, 9, 0.0);
    no_anim(&mut s);
    for (f, t) in [("e2", "e4"), ("d7", "d5"), ("b1", "c3"), ("g8", "f6")] {
        tap_move(&mut s, f, t, 1_000.0);
    }
    s.handle(ChessEvent::Undo, 2_000.0);
    let saved = s.saved();
    assert_eq!(saved.rules, "hidden-chess");
    assert!(saved::is_chess_rules(&saved.rules));
    let json = serde_json::to_string(&saved).expect("serialises");
    let back: SavedChess = serde_json::from_str(&json).expect("reads back");
    let r = ChessSession::restore(&back, 5_000.0).expect("restores");
    assert_eq!(r.game().board(), s.game().board());
    assert_eq!(r.log(), s.log());
    assert_eq!(r.takebacks(), 1);
    assert_eq!(r.config(), s.config());
    assert_eq!(r.clock().map(|c| c.control), c.clock);

    // A resignation is kept; a result the moves contradict is refused.
    s.handle(ChessEvent::Resign, 6_000.0);
    let done = s.saved();
    let r = ChessSession::restore(&done, 7_000.0).expect("restores");
    assert_eq!(r.outcome().map(|o| o.reason), Some(Reason::Resignation));
    let mut bad = done.clone();
    bad.result = Some(chess::Outcome {
        winner: Some(Color::Red),
        reason: Reason::Checkmate,
    });
    assert!(ChessSession::restore(&bad, 0.0).is_err());
    let mut bad = done.clone();
    bad.moves.push("e1e8".into());
    assert!(ChessSession::restore(&bad, 0.0).is_err());
    let mut bad = done;
    bad.rules = "jieqi".into();
    assert!(ChessSession::restore(&bad, 0.0).is_err());

    // An old Jieqi save (version 1, no result field) still restores, and a
    // chess save is no Jieqi game.
    let old = r#"{"version":1,"rules":"jieqi","opponent":"human","human":"red","moves":[]}"#;
    let g: SavedGame = serde_json::from_str(old).expect("old save reads");
    assert!(g.resume().is_ok());
    assert!(!saved::is_chess_rules(&g.rules));
    let chess_json = serde_json::to_string(&back).expect("serialises");
    let as_jieqi: SavedGame = serde_json::from_str(&chess_json).expect("same shape");
    assert!(as_jieqi.resume().is_err());
}

#[test]
fn a_new_game_event_and_a_rematch_start_chess_games() {
    let mut s = ChessSession::seeded(hotseat(Variant::Chess), 1, 0.0);
    let fx = s.handle(ChessEvent::NewGame(hotseat(Variant::HiddenChess)), 1.0);
    assert!(fx.contains(&ChessEffect::Save));
    assert_eq!(s.config().rules, Variant::HiddenChess);
    assert!(piece(&s, "a2").is_some_and(|p| p.hidden));
    let mut a = ChessSession::seeded(
        config(Variant::Chess, Opponent::Ai(Level::Easy), Takebacks::Fair),
        1,
        0.0,
    );
    a.handle(ChessEvent::Rematch, 1.0);
    assert_eq!(a.config().human, Color::Black);
    assert!(a.flipped());
}

// ---- hostile input ----

/// A small deterministic generator (no dependency on the rules' draws).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[test]
fn random_events_never_panic_nor_break_the_session() {
    let texts = [
        "", "e4", "Nf3", "O-O", "0-0-0", "e7e8q", "a1a8", "zzzz", "Qxh7#", "e2e4e4", "ü", "K",
    ];
    for seed in 0..12u64 {
        let mut rng = Lcg(seed);
        let variant = Variant::ALL[(seed % 2) as usize];
        let opponent = if seed % 3 == 0 {
            Opponent::Ai(Level::Easy)
        } else {
            Opponent::Human
        };
        let mut s = ChessSession::seeded(config(variant, opponent, Takebacks::Casual), seed, 0.0);
        let mut now = 0.0;
        let mut last_id = 0;
        for _ in 0..400 {
            now += rng.below(500) as f64;
            let square = Square::from_index(rng.below(64) as usize);
            let other = Square::from_index(rng.below(64) as usize);
            let ev = match rng.below(16) {
                0..=4 => ChessEvent::Tap(Some(square)),
                5 => ChessEvent::Tap(None),
                6 | 7 => ChessEvent::Drop {
                    from: square,
                    to: other,
                },
                8 => ChessEvent::Typed(texts[rng.below(texts.len() as u64) as usize].into()),
                9 => ChessEvent::Promote(Kind::ALL[rng.below(6) as usize]),
                10 => ChessEvent::Undo,
                11 => ChessEvent::Review(
                    [
                        Step::First,
                        Step::Prev,
                        Step::Next,
                        Step::Last,
                        Step::To(rng.below(9) as usize),
                    ][rng.below(5) as usize],
                ),
                12 => ChessEvent::WorkerReady,
                13 => ChessEvent::AiReply {
                    id: last_id,
                    mv: [
                        None,
                        Some("e7e5".to_string()),
                        Some("h8h1q".into()),
                        Some("junk".into()),
                    ][rng.below(4) as usize]
                        .clone(),
                },
                14 => ChessEvent::Tick,
                _ => ChessEvent::Flip,
            };
            for e in s.handle(ev, now) {
                if let ChessEffect::Think(r) = e {
                    last_id = r.id;
                }
            }
            // Invariants: the shown board has both kings, destinations only
            // with a selection, and the log follows the record.
            let board = s.shown();
            assert!(board.pieces().filter(|(_, p)| p.kind == Kind::King).count() == 2);
            assert!(s.selected().is_some() || s.dests().is_empty());
            assert_eq!(s.log().len(), s.ply());
        }
        if s.outcome().is_none() && s.choosing().is_none() {
            s.handle(ChessEvent::Resign, now + 1.0);
            assert!(s.outcome().is_some());
        }
    }
}

// ---- export and import ----

#[test]
fn an_exported_chess_game_imports_back_and_bad_records_are_refused() {
    use jieqi::session::chess_record::{ChessRecord, RecordError};
    let mut s = ChessSession::seeded(hotseat(Variant::HiddenChess), 11, 0.0);
    no_anim(&mut s);
    for (f, t) in [("e2", "e4"), ("d7", "d5"), ("e4", "d5")] {
        tap_move(&mut s, f, t, 1.0);
    }
    s.handle(ChessEvent::Resign, 2.0);
    let text = s.record_text();
    assert!(
        text.starts_with("[Game \"hidden-chess\"]\n[Winner \"white\"]\n[Reason \"resignation\"]"),
        "{text}"
    );
    let r = ChessRecord::parse(&text).expect("reads back");
    assert_eq!(r.moves, s.game().moves_text(Seat::Spectator));
    let back = ChessSession::from_record(&r, 3.0).expect("replays");
    assert_eq!(back.game().board(), s.game().board());
    assert_eq!(back.outcome(), s.outcome());
    assert_eq!(back.log(), s.log());
    assert_eq!(back.config().takebacks, Takebacks::Off);
    // The game's name is read in any case, as Jieqi's is ([Game "Jieqi"]).
    let shouted = text.replace("[Game \"hidden-chess\"]", "[Game \"Hidden-Chess\"]");
    assert!(ChessRecord::is_chess_text(&shouted));
    assert_eq!(
        ChessRecord::parse(&shouted).expect("any case").moves,
        r.moves
    );
    assert!(!ChessRecord::is_chess_text(
        "[Game \"Jieqi\"]\n[Rules \"jieqi\"]"
    ));
    assert!(!ChessRecord::is_chess_text("Moves: e2e4 [Game \"chess\"]"));
    // What the page's import box reads: the text, a link, or neither.
    assert_eq!(
        ChessRecord::read(&shouted)
            .expect("chess")
            .expect("reads")
            .moves,
        r.moves
    );
    let link = format!("https://example.org/game/#{}", r.to_fragment());
    assert_eq!(
        ChessRecord::read(&link)
            .expect("chess")
            .expect("reads")
            .moves,
        r.moves
    );
    assert!(ChessRecord::read("[Game \"Jieqi\"]\n[Rules \"jieqi\"]\n\nMoves:").is_none());

    // Every broken record is an error, never a panic.
    let cases = [
        ("", RecordError::NoGame),
        ("[Game \"go\"]\nMoves: e2e4", RecordError::NoGame),
        ("[Game \"chess\"]", RecordError::NoMoves),
        (
            "[Game \"chess\"]\n[Winner \"green\"]\nMoves:",
            RecordError::BadWinner("green".into()),
        ),
        (
            "[Game \"chess\"]\n[Winner \"white\"]\n[Reason \"boredom\"]\nMoves:",
            RecordError::BadReason("boredom".into()),
        ),
        (
            "[Game \"chess\"]\n[Winner \"white\"]\n[Reason \"checkmate\"]\nMoves: e2e4",
            RecordError::Result,
        ),
    ];
    for (text, want) in cases {
        let got = ChessRecord::parse(text).and_then(|r| r.to_game().map(|_| r));
        assert_eq!(got.err(), Some(want), "{text:?}");
    }
    let bad_move = ChessRecord::parse("[Game \"chess\"]\nMoves: e2e5").expect("reads");
    assert!(matches!(bad_move.to_game(), Err(RecordError::Replay(_))));
    let long = format!("[Game \"chess\"]\nMoves: {}", "e2e4 ".repeat(5000));
    assert!(matches!(
        ChessRecord::parse(&long),
        Err(RecordError::TooLong(_))
    ));
    for junk in [
        "[Game \"",
        "[Game \"chess\"]\n[Winner \"",
        "Moves:\u{0}",
        "[Reason \"x",
    ] {
        let _ = ChessRecord::parse(junk);
    }
}

/// A game from a position exports its `[FEN]`, and both the text and the
/// link bring it back; a finished two-player game keeps each captured
/// face-down identity, so it replays exactly as it was played.
#[test]
fn chess_links_and_fen_headers_bring_the_game_back() {
    use jieqi::session::chess_record::{ChessRecord, RecordError};
    let fen = "7k/x7/8/8/8/8/8/R3K3 w - - 0 1 q1";
    let mut s = from_fen(fen, Variant::HiddenChess, Opponent::Human, 1);
    no_anim(&mut s);
    tap_move(&mut s, "a1", "a7", 1.0);
    // While it goes on the shared export holds no captured letter.
    let r = ChessRecord::of(&s);
    assert_eq!(r.moves, ["a1a7"]);
    s.handle(ChessEvent::Resign, 2.0);
    let r = ChessRecord::of(&s);
    assert_eq!(r.moves, ["a1a7xQ"], "after the game, every identity");
    assert_eq!(r.start_fen.as_deref(), Some(fen));
    let text = s.record_text();
    assert!(text.contains(&format!("[FEN \"{fen}\"]")), "{text}");
    let link = r.to_fragment();
    assert!(link.starts_with("game=v1.hidden-chess."), "{link}");
    assert!(ChessRecord::is_chess_fragment(&link));
    assert!(ChessRecord::is_chess_fragment(&format!("#{link}")));
    for back in [ChessRecord::parse(&text), ChessRecord::from_fragment(&link)] {
        let back = back.expect("reads back");
        assert_eq!(back, r);
        let g = ChessSession::from_record(&back, 3.0).expect("replays");
        assert_eq!(g.game().board(), s.game().board());
        assert_eq!(g.outcome(), s.outcome());
        assert_eq!(g.private_capture(0), s.private_capture(0));
    }

    // A standard game from the start: `start` in the link, no [FEN] line.
    let mut c = ChessSession::seeded(hotseat(Variant::Chess), 3, 0.0);
    no_anim(&mut c);
    for m in ["f3", "e5", "g4", "Qh4#"] {
        typed(&mut c, m, 1.0);
    }
    let r = ChessRecord::of(&c);
    let link = r.to_fragment();
    assert_eq!(link, "game=v1.chess.start.bm.0.f2f3.e7e5.g2g4.d8h4");
    assert!(!c.record_text().contains("[FEN"));
    assert_eq!(ChessRecord::from_fragment(&link), Ok(r));

    // A bad [FEN] and bad links are refused with their reason.
    let bad = ChessRecord::parse("[Game \"chess\"]\n[FEN \"8/8/8 w\"]\nMoves:");
    assert!(matches!(bad, Err(RecordError::BadFen(_))), "{bad:?}");
    for (link, what) in [
        ("game=v2.chess.start.u.0", "version"),
        ("game=v1.checkers.start.u.0", "variant"),
        ("game=v1.chess..u.0", "start position"),
        ("game=v1.chess.start.zz.0", "result"),
        ("game=v1.chess.start.wm9.0", "result"),
        ("game=v1.chess.start.u.x", "take-back count"),
        ("game=v1.chess.start.u.0..e2e4", "move list"),
        ("game=v1.chess.start.u.0.e2e4 ", "text"),
    ] {
        match ChessRecord::from_fragment(link) {
            Err(RecordError::BadLink(w)) => assert!(w.starts_with(what), "{link}: {w}"),
            other => panic!("{link}: {other:?}"),
        }
    }
    // The moves must agree with the result.
    assert_eq!(
        ChessRecord::from_fragment("game=v1.chess.start.u.0.f2f3.e7e5.g2g4.d8h4"),
        Err(RecordError::Result)
    );
    assert!(matches!(
        ChessRecord::from_fragment("game=v1.chess.start.u.0.e2e5"),
        Err(RecordError::Replay(_))
    ));
    assert!(!ChessRecord::is_chess_fragment("game=v1.jieqi.start.u.0"));
}

/// A typed promotion without its piece (`a7a8`, `a8`) opens the picker,
/// as a tap does; with the piece it is played at once.
#[test]
fn a_typed_promotion_without_its_piece_opens_the_picker() {
    for text in ["a7a8", "a8", "A7-A8"] {
        let mut s = from_fen(
            "7k/P7/8/8/8/8/1p6/4K3 w - - 0 1",
            Variant::Chess,
            Opponent::Human,
            1,
        );
        no_anim(&mut s);
        typed(&mut s, text, 1.0);
        assert_eq!(s.typed_error(), None, "{text}");
        assert_eq!(s.choosing(), Some((sq("a7"), sq("a8"))), "{text}");
        assert_eq!(s.ply(), 0, "{text}");
        s.handle(ChessEvent::Promote(Kind::Rook), 2.0);
        assert_eq!(
            piece(&s, "a8"),
            Some(Piece::new(Color::Red, Kind::Rook)),
            "{text}"
        );
    }
    let mut s = from_fen(
        "7k/P7/8/8/8/8/1p6/4K3 w - - 0 1",
        Variant::Chess,
        Opponent::Human,
        1,
    );
    no_anim(&mut s);
    typed(&mut s, "a7a8n", 1.0);
    assert_eq!(piece(&s, "a8"), Some(Piece::new(Color::Red, Kind::Knight)));
    // A move that is no promotion stays an error.
    typed(&mut s, "b2c1", 2.0);
    assert!(s.typed_error().is_some());
    assert_eq!(s.choosing(), None);
}
