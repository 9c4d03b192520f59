//! Standard chess perft on the published positions (chessprogramming wiki,
//! "Perft Results"), and the hidden-chess perft convention.

use jieqi::rules::chess::fen::{self, CHESS_START, HIDDEN_CHESS_START};
use jieqi::rules::chess::perft::{divide, perft};
use jieqi::rules::chess::Variant;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_4_MIRRORED: &str =
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POSITION_6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

fn counts(fen_text: &str, expected: &[u64]) {
    let mut pos = fen::parse(fen_text, Variant::Chess).expect("valid FEN");
    for (d, &n) in expected.iter().enumerate() {
        let depth = d as u32 + 1;
        assert_eq!(perft(&mut pos, depth), n, "{fen_text} depth {depth}");
    }
    // perft leaves the position as it found it.
    assert_eq!(
        fen::write(&pos),
        fen::write(&fen::parse(fen_text, Variant::Chess).unwrap())
    );
}

#[test]
fn start_position_to_depth_4() {
    counts(CHESS_START, &[20, 400, 8902, 197_281]);
}

/// Under a second in the test profile (opt-level 2), so in the normal run.
#[test]
fn start_position_depth_5() {
    let mut pos = Variant::Chess.start();
    assert_eq!(perft(&mut pos, 5), 4_865_609);
}

#[test]
fn kiwipete_to_depth_3() {
    counts(KIWIPETE, &[48, 2039, 97_862]);
}

#[test]
#[ignore = "deep: run with --ignored"]
fn kiwipete_depth_4() {
    let mut pos = fen::parse(KIWIPETE, Variant::Chess).unwrap();
    assert_eq!(perft(&mut pos, 4), 4_085_603);
}

#[test]
fn position_3_to_depth_4() {
    counts(POSITION_3, &[14, 191, 2812, 43_238]);
}

#[test]
#[ignore = "deep: run with --ignored"]
fn position_3_depth_5_and_6() {
    let mut pos = fen::parse(POSITION_3, Variant::Chess).unwrap();
    assert_eq!(perft(&mut pos, 5), 674_624);
    assert_eq!(perft(&mut pos, 6), 11_030_083);
}

#[test]
fn position_4_to_depth_3() {
    counts(POSITION_4, &[6, 264, 9467]);
    counts(POSITION_4_MIRRORED, &[6, 264, 9467]);
}

#[test]
#[ignore = "deep: run with --ignored"]
fn position_4_depth_4() {
    let mut pos = fen::parse(POSITION_4, Variant::Chess).unwrap();
    assert_eq!(perft(&mut pos, 4), 422_333);
}

#[test]
fn position_5_to_depth_3() {
    counts(POSITION_5, &[44, 1486, 62_379]);
}

#[test]
#[ignore = "deep: run with --ignored"]
fn position_5_depth_4() {
    let mut pos = fen::parse(POSITION_5, Variant::Chess).unwrap();
    assert_eq!(perft(&mut pos, 4), 2_103_487);
}

#[test]
fn position_6_to_depth_3() {
    counts(POSITION_6, &[46, 2079, 89_890]);
}

#[test]
fn divide_sums_to_perft() {
    let mut pos = fen::parse(KIWIPETE, Variant::Chess).unwrap();
    let (rows, total) = divide(&mut pos, 2);
    assert_eq!(rows.len(), 48);
    assert_eq!(total, 2039);
    assert_eq!(rows.iter().map(|(_, n)| n).sum::<u64>(), total);
}

/// Hidden chess at the start: each of the 16 pawn-square moves (8 single
/// steps, 8 double steps) and the 4 knight-square moves reveals one of 5
/// identities (P N B R Q): 20 x 5 = 100 children.
#[test]
fn hidden_start_counts_each_identity_once() {
    let mut pos = fen::parse(HIDDEN_CHESS_START, Variant::HiddenChess).unwrap();
    assert_eq!(pos.legal_moves().len(), 20);
    assert_eq!(perft(&mut pos, 1), 100);
}

#[test]
fn depth_zero_is_one_leaf() {
    for v in [Variant::Chess, Variant::HiddenChess] {
        let mut pos = v.start();
        assert_eq!(perft(&mut pos, 0), 1);
        let (rows, total) = divide(&mut pos, 0);
        assert!(rows.is_empty(), "{v:?}");
        assert_eq!(total, 1, "{v:?}");
    }
}
