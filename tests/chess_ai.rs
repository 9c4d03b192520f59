//! The chess search: mates found, fairness in hidden chess (a seat's search
//! reads only what the seat knows), the bench signature, odd positions.

use std::sync::atomic::AtomicBool;

use jieqi::ai::eval::MATE;
use jieqi::ai::{self, ChessSearcher, Limits, Request, Strength};
use jieqi::rules::chess::{fen, Game, Move, Position, Square, Variant};
use jieqi::rules::Seat;

fn mv(s: &str) -> Move {
    let sq = |t: &str| Square::parse(t).unwrap();
    Move::new(sq(&s[0..2]), sq(&s[2..4]))
}

fn pos(text: &str, v: Variant) -> Position {
    fen::parse(text, v).unwrap()
}

#[test]
fn finds_mate_in_one() {
    let p = pos(
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        Variant::Chess,
    );
    let r = ai::search_to_depth(&p, 3);
    assert_eq!(r.best, Some(mv("h5f7")));
    assert_eq!(r.score, MATE - 1);
}

#[test]
fn finds_mate_in_two() {
    // Kb6 (or a waiting rook move) forces Kb8, then Rh8 mates.
    let p = pos("k7/8/2K5/8/8/8/8/7R w - - 0 1", Variant::Chess);
    let r = ai::search_to_depth(&p, 5);
    assert_eq!(r.score, MATE - 3, "{r:?}");
    let m = r.best.unwrap();
    let mut after = p;
    after.play(m, None, None).unwrap();
    // Every reply leaves a mate in one.
    for &reply in after.legal_moves().iter() {
        let mut q = after;
        q.play(reply, None, None).unwrap();
        assert_eq!(ai::search_to_depth(&q, 2).score, MATE - 1, "{m} {reply}");
    }
}

#[test]
fn stalemate_is_a_draw_not_a_win() {
    // Queen g6 would stalemate; any other sensible move keeps winning.
    let p = pos("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", Variant::Chess);
    let r = ai::search_to_depth(&p, 4);
    assert_ne!(r.best, Some(mv("g1g6")));
    assert!(r.score > MATE - 10, "{r:?}");
    // The stalemated side scores a draw, not a loss.
    let p = pos("7k/8/5KQ1/8/8/8/8/8 b - - 0 1", Variant::Chess);
    let r = ai::search_to_depth(&p, 2);
    assert_eq!((r.best, r.score), (None, 0));
}

/// Two referee games that differ only in what White's capture of a
/// face-down piece turned out to be: Black does not know it, so Black's
/// view and Black's search must be the same in both.
#[test]
fn hidden_chess_search_reads_only_the_seat_s_knowledge() {
    let start = "xxxxkxxx/xxxxxxxx/8/8/8/8/8/3QK3 w - - 0 1 q1r2b2n2p8";
    let play = |seed: u64| {
        let mut g = Game::from_fen_seeded(start, Variant::HiddenChess, seed).unwrap();
        g.play(mv("d1d7")).unwrap();
        g
    };
    let a = play(1);
    let b = (2..200)
        .map(play)
        .find(|g| g.view(Seat::Red).moves != a.view(Seat::Red).moves)
        .expect("two seeds drawing different captured identities");
    // The games differ (White learnt different identities) ...
    assert_ne!(a.view(Seat::Red).moves, b.view(Seat::Red).moves);
    // ... but not for Black.
    let (va, vb) = (a.view(Seat::Black), b.view(Seat::Black));
    assert_eq!(fen::write(&va.position), fen::write(&vb.position));
    let think = |v: &jieqi::rules::chess::View| {
        let limits = Limits {
            nodes: Some(20_000),
            ..Limits::default()
        };
        let req = Request::from_chess_view(v, Strength::Limits { limits, noise: 0 });
        let mut s = ChessSearcher::new(1);
        ai::think(&mut s, &req, &AtomicBool::new(false), &mut |_| {})
    };
    let (ra, rb) = (think(&va), think(&vb));
    assert_eq!((ra.best, ra.score, ra.nodes), (rb.best, rb.score, rb.nodes));
}

#[test]
fn bench_signature() {
    let (nodes, _) = jieqi::cli::chess::bench(4).unwrap();
    assert_eq!(nodes, BENCH_4_NODES);
}
/// Nodes of `jieqi bench 4 --rules chess` (changes only with the search or the evaluation).
const BENCH_4_NODES: u64 = 75201;

#[test]
fn odd_positions_do_not_panic() {
    let odd = [
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Variant::Chess), // stalemated
        ("6k1/5ppp/8/8/8/8/8/3R2K1 b - - 0 1", Variant::Chess), // about to be mated
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Variant::Chess),  // bare kings
        ("7k/PPPPPP2/8/8/8/8/pppppp2/7K w - - 0 1", Variant::Chess),
        ("4k3/8/8/8/8/8/8/X3K2X w K - 0 1 P2", Variant::HiddenChess), // a pawn may reveal on a1/h1
        ("x3k3/8/8/8/8/8/8/X3K3 w - - 0 1 P1p1", Variant::HiddenChess), // a1a8 may promote
        (
            "xxxxkxxx/xxxxxxxx/8/8/8/8/XXXXXXXX/XXXXKXXX w KQkq - 99 80 Q1R2B2N2P8q1r2b2n2p8",
            Variant::HiddenChess,
        ),
    ];
    for (text, v) in odd {
        let p = fen::parse(text, v).unwrap_or_else(|e| panic!("{text}: {e}"));
        for depth in 1..=4 {
            let r = ai::search_to_depth(&p, depth);
            if let Some(m) = r.best {
                assert!(p.is_legal(m), "{text}: {m}");
            } else {
                assert!(p.legal_moves().is_empty(), "{text}");
            }
        }
    }
}

/// Engine games of hidden chess at tiny budgets: every move legal, with the
/// guard and the random moves of the weaker levels.
#[test]
fn levels_play_legal_hidden_chess() {
    for (seed, level) in [
        (1, ai::Level::Beginner),
        (2, ai::Level::Easy),
        (3, ai::Level::Hard),
    ] {
        let mut g = Game::seeded(Variant::HiddenChess, seed);
        let mut s = ChessSearcher::new(1);
        for ply in 0..60 {
            if g.outcome().is_some() {
                break;
            }
            let v = g.view(Seat::of(g.turn()));
            let limits = Limits {
                nodes: Some(400),
                ..Limits::default()
            };
            let req = Request::from_chess_view(&v, Strength::LevelWithin(level, limits)).seed(ply);
            let r = ai::think(&mut s, &req, &AtomicBool::new(false), &mut |_| {});
            let m = r.best.expect("a move");
            if let jieqi::rules::chess::Step::ChoosePromotion(_) = g.play(m).unwrap() {
                g.promote(jieqi::rules::chess::Kind::Queen).unwrap();
            }
        }
    }
}
