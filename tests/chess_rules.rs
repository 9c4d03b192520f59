//! The special rules of chess and hidden chess (RULES.md section 5), one
//! example each.

use jieqi::rules::chess::fen::{self, HIDDEN_CHESS_START};
use jieqi::rules::chess::movetext;
use jieqi::rules::chess::perft::perft_move;
use jieqi::rules::chess::{
    Game, Kind, Move, Outcome, Piece, PlayError, Position, Reason, Seat, Square, Step, Variant,
};
use jieqi::rules::Color;

const WHITE: Color = Color::Red;
const BLACK: Color = Color::Black;

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn mv(s: &str) -> Move {
    movetext::parse(s).unwrap().mv
}

fn hidden(text: &str) -> Position {
    fen::parse(text, Variant::HiddenChess).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn game(text: &str, seed: u64) -> Game {
    Game::from_fen_seeded(text, Variant::HiddenChess, seed)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn targets(pos: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves_from(sq(from))
        .iter()
        .map(|m| m.to.to_string())
        .collect();
    v.sort();
    v
}

fn played(step: Step) -> jieqi::rules::chess::Played {
    match step {
        Step::Played(p) => p,
        Step::ChoosePromotion(m) => panic!("{m} waits for a promotion"),
    }
}

// ---- face-down pieces move, attack and pin as their start square's piece ----

#[test]
fn face_down_back_rank_piece_moves_as_its_start_piece() {
    let pos = hidden("4k3/8/8/8/8/8/8/1X2K3 w - - 0 1 Q1");
    assert_eq!(targets(&pos, "b1"), ["a3", "c3", "d2"]);
}

#[test]
fn face_down_second_rank_piece_moves_as_a_pawn() {
    let pos = hidden("4k3/8/8/8/8/3p4/4X3/4K3 w - - 0 1 N1");
    assert_eq!(targets(&pos, "e2"), ["d3", "e3", "e4"]);
}

#[test]
fn face_down_pieces_attack_and_pin_as_their_start_piece() {
    // The black face-down piece on c8 is a bishop there: it pins the knight.
    let pos = hidden("2x1k3/3N4/4K3/8/8/8/8/8 w - - 0 1 r1");
    assert!(targets(&pos, "d7").is_empty());
    // The black face-down piece on f7 attacks e6 and g6 as a pawn.
    let pos = hidden("4k3/5x2/8/8/8/8/8/4K3 w - - 0 1 n1");
    assert!(pos.attacked_by(sq("e6"), BLACK));
    assert!(pos.attacked_by(sq("g6"), BLACK));
    assert!(!pos.attacked_by(sq("f6"), BLACK));
}

#[test]
fn a_reveal_draws_from_the_side_pool_and_the_piece_then_moves_as_itself() {
    let mut g = game(HIDDEN_CHESS_START, 7);
    let p = played(g.play(mv("b1c3")).unwrap());
    let k = p.reveal.expect("a reveal");
    assert_eq!(g.board().piece_at(sq("c3")), Some(Piece::new(WHITE, k)));
    assert_eq!(g.board().pool(WHITE).get(k) + 1, k.count());
    assert_eq!(g.view(Seat::Black).moves, [format!("b1c3{}", k.char())]);
}

// ---- castling ----

#[test]
fn castling_reveals_the_corner_piece() {
    let text = "xxxxkxxx/xxxxxxxx/8/8/8/8/XXXXXXXX/XXXXK2X w KQkq - 0 1 Q1R2B2N2P8q1r2b2n2p8";
    for seed in 0..8 {
        let mut g = game(text, seed);
        let p = played(g.play(mv("e1g1")).unwrap());
        let k = p.reveal.expect("the corner piece is revealed");
        let b = g.board();
        assert_eq!(b.piece_at(sq("g1")), Some(Piece::new(WHITE, Kind::King)));
        assert_eq!(b.piece_at(sq("f1")), Some(Piece::new(WHITE, k)));
        assert_eq!(b.piece_at(sq("h1")), None);
        assert_eq!(b.castling() & 3, 0, "white lost both rights");
        assert_eq!(g.view(Seat::Spectator).moves, [format!("e1g1{}", k.char())]);
    }
    // The text form replays exactly.
    let mut pos = hidden(text);
    let (m, reveal, cap) = movetext::resolve(&pos, "e1g1P").unwrap();
    assert_eq!((reveal, cap), (Some(Kind::Pawn), None));
    pos.play(m, reveal, cap).unwrap();
    assert_eq!(pos.piece_at(sq("f1")), Some(Piece::new(WHITE, Kind::Pawn)));
    // Castling with a face-down corner needs the reveal letter.
    let pos = hidden(text);
    assert!(movetext::resolve(&pos, "e1g1").is_err());
}

#[test]
fn castling_refused_through_or_onto_attacked_squares_and_out_of_check() {
    // The black rook on f8 attacks f1: no king-side castling; queen side is fine.
    let pos = hidden("4kr2/8/8/8/8/8/8/X3K2X w KQ - 0 1 R2");
    assert!(!pos.is_legal(mv("e1g1")));
    assert!(pos.is_legal(mv("e1c1")));
    // Landing on an attacked square (c1, by the rook on c8).
    let pos = hidden("2r1k3/8/8/8/8/8/8/X3K2X w KQ - 0 1 R2");
    assert!(!pos.is_legal(mv("e1c1")));
    assert!(pos.is_legal(mv("e1g1")));
    // b1 attacked does not matter (the king does not cross it).
    let pos = hidden("1r2k3/8/8/8/8/8/8/X3K2X w KQ - 0 1 R2");
    assert!(pos.is_legal(mv("e1c1")));
    // In check: no castling at all.
    let pos = hidden("4r1k1/8/8/8/8/8/8/X3K2X w KQ - 0 1 R2");
    assert!(!pos.is_legal(mv("e1g1")));
    assert!(!pos.is_legal(mv("e1c1")));
    // A piece in the path, or the right gone.
    let pos = hidden("4k3/8/8/8/8/8/8/XX2K2X w KQ - 0 1 R2N1");
    assert!(!pos.is_legal(mv("e1c1")));
    let pos = hidden("4k3/8/8/8/8/8/8/X3K2X w K - 0 1 R2");
    assert!(!pos.is_legal(mv("e1c1")));
    assert!(pos.is_legal(mv("e1g1")));
}

#[test]
fn moving_the_corner_piece_or_the_king_loses_the_right() {
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 1);
    g.play(mv("h1h2")).unwrap();
    g.play(mv("a8a7")).unwrap();
    g.play(mv("h2h1")).unwrap();
    g.play(mv("a7a8")).unwrap();
    assert!(!g.board().is_legal(mv("e1g1")));
    assert!(g.board().is_legal(mv("e1c1")));
    assert_eq!(fen::write(g.board()), "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 4 3");
}

// ---- en passant ----

#[test]
fn en_passant_only_after_a_true_pawn_double_step() {
    let text = "4k3/8/8/8/5p2/8/4X3/4K3 w - - 0 1 P1N1";
    let mut pos = hidden(text);
    pos.make(mv("e2e4"), Some(Kind::Pawn), None);
    assert_eq!(pos.en_passant(), Some(sq("e3")));
    assert!(pos.is_legal(mv("f4e3")));
    let mut pos = hidden(text);
    pos.make(mv("e2e4"), Some(Kind::Knight), None);
    assert_eq!(pos.en_passant(), None);
    assert!(!pos.is_legal(mv("f4e3")));
    // The capture takes the pawn beside.
    let mut pos = hidden(text);
    pos.play(mv("e2e4"), Some(Kind::Pawn), None).unwrap();
    let p = pos.play(mv("f4e3"), None, None).unwrap();
    assert_eq!(p.captured, Some(Piece::new(WHITE, Kind::Pawn)));
    assert_eq!(pos.piece_at(sq("e4")), None);
    assert_eq!(pos.piece_at(sq("e3")), Some(Piece::new(BLACK, Kind::Pawn)));
    // A referee game: whatever is drawn, en passant exists exactly after a pawn.
    let mut g = game(text, 3);
    let p = played(g.play(mv("e2e4")).unwrap());
    assert_eq!(g.board().is_legal(mv("f4e3")), p.reveal == Some(Kind::Pawn));
}

#[test]
fn en_passant_only_on_the_very_next_move() {
    let mut pos = hidden("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1");
    pos.make(mv("e2e4"), None, None);
    assert!(pos.is_legal(mv("f4e3")));
    pos.make(mv("e8d8"), None, None);
    pos.make(mv("e1d1"), None, None);
    assert!(!pos.is_legal(mv("f4e3")));
}

// ---- promotion ----

#[test]
fn late_reveal_promotion_a1a8q_p() {
    let text = "2k5/8/8/8/8/8/8/X3K3 w - - 0 1 P1";
    let mut g = game(text, 5);
    // The move is listed once, without promotion; the choice comes after the reveal.
    assert!(g.legal_moves().contains(&mv("a1a8")));
    assert_eq!(
        g.play(mv("a1a8q")),
        Err(PlayError::BadPromotion(mv("a1a8q")))
    );
    assert_eq!(g.play(mv("a1a8")), Ok(Step::ChoosePromotion(mv("a1a8"))));
    assert_eq!(g.pending_promotion(), Some(mv("a1a8")));
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.play(mv("c8b7")), Err(PlayError::PromotionPending));
    assert_eq!(g.undo(), None, "the pawn has been seen");
    assert!(matches!(
        g.promote(Kind::King),
        Err(PlayError::BadPromotion(_))
    ));
    let p = g.promote(Kind::Queen).unwrap();
    assert_eq!(p.mv, mv("a1a8q"));
    assert_eq!(p.reveal, Some(Kind::Pawn));
    assert_eq!(
        g.board().piece_at(sq("a8")),
        Some(Piece::new(WHITE, Kind::Queen))
    );
    assert_eq!(g.moves_text(Seat::Black), ["a1a8qP"]);
    assert_eq!(g.promote(Kind::Queen), Err(PlayError::NoPromotionPending));

    // Text: the promotion letter is required when the reveal is a pawn, and
    // ignored on a face-down mover reaching the last rank as something else
    // (section 5: the UCI move, `a1a8q` from an engine, then the reveal).
    let pos = hidden("2k5/8/8/8/8/8/8/X3K3 w - - 0 1 P1R1");
    assert!(movetext::resolve(&pos, "a1a8qP").is_ok());
    assert!(movetext::resolve(&pos, "a1a8nP").is_ok());
    assert!(matches!(
        movetext::resolve(&pos, "a1a8P"),
        Err(movetext::ParseMoveError::Promotion(_))
    ));
    assert_eq!(
        movetext::resolve(&pos, "a1a8qR"),
        Ok((mv("a1a8"), Some(Kind::Rook), None))
    );
    assert!(matches!(
        movetext::resolve(&pos, "a1a7qR"),
        Err(movetext::ParseMoveError::Promotion(_))
    ));
    assert!(movetext::resolve(&pos, "a1a8R").is_ok());
    // Perft: R, and P with each of its four promotions.
    let mut pos = pos;
    assert_eq!(perft_move(&mut pos, mv("a1a8"), 1), 5);
    // Black's king on c8 then has: after R (check) b7 c7 d7; after =Q c7 d7;
    // =R b7 c7 d7; =B b8 c7 d7 d8; =N b8 b7 d7 d8: 3 + 2 + 3 + 4 + 4.
    assert_eq!(perft_move(&mut pos, mv("a1a8"), 2), 16);
}

#[test]
fn a_face_up_pawn_must_promote() {
    let pos = hidden("8/1P2k3/8/8/8/8/8/4K3 w - - 0 1");
    assert!(!pos.is_legal(mv("b7b8")));
    for k in ["q", "r", "b", "n"] {
        assert!(pos.is_legal(mv(&format!("b7b8{k}"))));
    }
    assert!(matches!(
        movetext::resolve(&pos, "b7b8"),
        Err(movetext::ParseMoveError::Promotion(_))
    ));
}

// ---- pawns revealed on their own back or second rank ----

#[test]
fn a_pawn_revealed_on_its_own_back_rank_steps_one_square() {
    let mut g = game("4k3/8/8/8/8/8/8/X3K3 w - - 0 1 P1", 1);
    let p = played(g.play(mv("a1b1")).unwrap());
    assert_eq!(p.reveal, Some(Kind::Pawn));
    g.play(mv("e8d8")).unwrap();
    assert_eq!(targets(g.board(), "b1"), ["b2"]);
    // Also a pawn standing there in a FEN.
    let pos = hidden("4k3/8/8/8/8/8/8/1P2K3 w - - 0 1");
    assert_eq!(targets(&pos, "b1"), ["b2"]);
    let pos = hidden("4k3/8/8/8/8/8/2p5/1P2K3 w - - 0 1");
    assert_eq!(targets(&pos, "b1"), ["b2", "c2"]);
}

#[test]
fn a_pawn_revealed_on_its_own_second_rank_may_step_two() {
    let mut g = game("4k3/8/8/8/8/8/8/1X2K3 w - - 0 1 P1", 1);
    let p = played(g.play(mv("b1d2")).unwrap());
    assert_eq!(p.reveal, Some(Kind::Pawn));
    g.play(mv("e8d8")).unwrap();
    assert_eq!(targets(g.board(), "d2"), ["d3", "d4"]);
    // Blocked path: no double step.
    let pos = hidden("4k3/8/8/8/8/3n4/3P4/4K3 w - - 0 1");
    assert!(targets(&pos, "d2").is_empty());
}

// ---- the end of the game ----

fn outcome(text: &str) -> Option<Outcome> {
    game(text, 0).outcome()
}

#[test]
fn checkmate_and_stalemate() {
    assert_eq!(
        outcome("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"),
        Some(Outcome {
            winner: Some(WHITE),
            reason: Reason::Checkmate
        })
    );
    assert_eq!(
        outcome("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
        Some(Outcome {
            winner: None,
            reason: Reason::Stalemate
        })
    );
    assert_eq!(outcome("7k/8/5QK1/8/8/8/8/8 b - - 0 1"), None);
    assert_eq!(
        outcome("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
            .unwrap()
            .to_string(),
        "white wins by checkmate"
    );
}

#[test]
fn threefold_repetition_of_the_public_position() {
    // A face-down piece stays on e2 throughout: the public position repeats.
    let mut g = game("4k3/8/8/8/8/8/4X3/R3K3 w - - 0 1 P1N1", 2);
    let cycle = ["a1a2", "e8d8", "a2a1", "d8e8"];
    for m in cycle {
        g.play(mv(m)).unwrap();
        assert_eq!(g.outcome(), None);
    }
    for (i, m) in cycle.iter().enumerate() {
        g.play(mv(m)).unwrap();
        let expect = (i == 3).then_some(Outcome {
            winner: None,
            reason: Reason::Repetition,
        });
        assert_eq!(g.outcome(), expect, "after {m}");
    }
    // The key ignores the pools: every seat's view has the same public key.
    let keys: Vec<u64> = [Seat::Red, Seat::Black, Seat::Spectator]
        .iter()
        .map(|&s| g.view(s).position.public_hash())
        .collect();
    assert!(keys.iter().all(|&k| k == g.board().public_hash()));
}

#[test]
fn fifty_moves() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 98 60", 0);
    g.play(mv("a1a2")).unwrap();
    assert_eq!(g.outcome(), None);
    g.play(mv("e8d8")).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: None,
            reason: Reason::FiftyMoves
        })
    );
    // Draws follow chess (RULES.md section 5): a reveal by a piece move
    // does not reset the counter; only pawn moves and captures do.
    let mut g = game("4k3/8/8/8/8/8/8/R2XK3 w - - 98 60 N1", 0);
    g.play(mv("d1c2")).unwrap();
    assert_eq!(g.board().halfmove(), 99);
    // A face-down piece on its second rank moves as a pawn: reset.
    let mut g = game("4k3/8/8/8/8/8/3X4/R3K3 w - - 98 60 N1", 0);
    g.play(mv("d2d3")).unwrap();
    assert_eq!(g.board().halfmove(), 0);
}

#[test]
fn insufficient_material() {
    let draw = Some(Outcome {
        winner: None,
        reason: Reason::InsufficientMaterial,
    });
    assert_eq!(outcome("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), draw);
    assert_eq!(outcome("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), draw);
    assert_eq!(outcome("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1"), draw);
    // Bishops all on dark squares (c1, f8).
    assert_eq!(outcome("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"), draw);
    // Bishops on both colours, two knights, a pawn: play on.
    assert_eq!(outcome("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), None);
    assert_eq!(outcome("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"), None);
    assert_eq!(outcome("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"), None);
    // A face-down piece counts as mating material, even one that can only be a knight.
    assert_eq!(outcome("4k3/8/8/8/8/8/8/1X2K3 w - - 0 1 N1"), None);
}

// ---- what each seat knows ----

#[test]
fn only_the_capturer_learns_a_captured_face_down_piece() {
    let text = "3xk3/8/8/8/8/8/8/3QK3 w - - 0 1 q1r1";
    let mut g = game(text, 11);
    let p = played(g.play(mv("d1d8")).unwrap());
    let id = p.capture_id.expect("drawn at capture");
    let white = g.view(Seat::Red);
    assert_eq!(white.moves, [format!("d1d8x{}", id.char())]);
    assert_eq!(white.captured[BLACK.index()][0].kind, Some(id));
    assert_eq!(white.position.pool(BLACK).total(), 1);
    assert_eq!(white.position.pool(BLACK).get(id), 0);
    for seat in [Seat::Black, Seat::Spectator] {
        let v = g.view(seat);
        assert_eq!(v.moves, ["d1d8"]);
        assert_eq!(v.captured[BLACK.index()][0].kind, None);
        assert_eq!(
            v.position.pool(BLACK).total(),
            2,
            "{seat:?} keeps it unknown"
        );
        assert!(!fen::write(&v.position).contains(&format!("x{}", id.char())));
    }
    // A capturer's text carries the letter and replays to the same board.
    let mut again = game(text, 99);
    again.replay_text(&white.moves[0]).unwrap();
    assert_eq!(again.board(), g.board());
}

#[test]
fn undo_restores_the_referee_position_and_pool() {
    let mut g = game(HIDDEN_CHESS_START, 4);
    let before = *g.board();
    g.play(mv("e2e4")).unwrap();
    g.play(mv("g8f6")).unwrap();
    g.undo().unwrap();
    g.undo().unwrap();
    assert_eq!(*g.board(), before);
}
