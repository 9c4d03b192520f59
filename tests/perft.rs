//! Perft: standard xiangqi from the start and from published positions
//! (tests/data/xiangqi_perft.txt names its source), plus Jieqi counts.

use jieqi::rules::xiangqi::fen;
use jieqi::rules::xiangqi::perft::perft;
use jieqi::rules::{Position, RuleSet};

#[test]
fn xiangqi_start_perft_1_to_4() {
    let mut pos = Position::start(RuleSet::Xiangqi);
    let expected = [44u64, 1920, 79666, 3290240];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&mut pos, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
#[ignore = "slow in debug builds: run with `make perft5` (release)"]
fn perft_depth_5() {
    let mut pos = Position::start(RuleSet::Xiangqi);
    assert_eq!(perft(&mut pos, 5), 133_312_995);
}

#[test]
fn published_xiangqi_positions() {
    let data = include_str!("data/xiangqi_perft.txt");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (text, counts) = line.split_once(';').unwrap();
        let mut pos =
            fen::parse(text.trim(), RuleSet::Xiangqi).unwrap_or_else(|e| panic!("{text}: {e}"));
        for (d, n) in counts.split_whitespace().enumerate() {
            let n: u64 = n.parse().unwrap();
            // Depth 4 only where it is quick enough for every test run.
            if d >= 3 && n > 3_000_000 {
                continue;
            }
            assert_eq!(perft(&mut pos, d as u32 + 1), n, "{text} depth {}", d + 1);
            checked += 1;
        }
    }
    assert!(checked >= 30);
}

#[test]
fn jieqi_start_counts() {
    // 44 moves: each of the 43 moves by a face-down piece branches into its 6
    // possible identities; the general move (e0e1) does not.
    let mut pos = Position::start(RuleSet::Jieqi);
    assert_eq!(pos.legal_moves().len(), 44);
    assert_eq!(perft(&mut pos, 1), 43 * 6 + 1);
    // make/unmake leaves the position exactly as it was
    let before = pos.clone();
    perft(&mut pos, 3);
    assert_eq!(pos, before);
}

#[test]
fn depth_zero_is_one_leaf() {
    let mut pos = Position::start(RuleSet::Jieqi);
    assert_eq!(perft(&mut pos, 0), 1);
    let (rows, total) = jieqi::rules::xiangqi::perft::divide(&mut pos, 0);
    assert!(rows.is_empty());
    assert_eq!(total, 1);
}
