use jieqi::rules::{fen, perft::perft, Position, RuleSet};

#[test]
fn xiangqi_start_perft_1_to_4() {
    let mut pos = Position::start(RuleSet::Xiangqi);
    let expected = [44u64, 1920, 79666, 3290240];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&mut pos, d as u32 + 1), n, "depth {}", d + 1);
    }
}
