//! `cargo bench`: move generation speed (perft) from the start positions.
use jieqi::rules::xiangqi::perft::perft;
use jieqi::rules::{Position, RuleSet};

fn main() {
    divan::main();
}

#[divan::bench(args = [3, 4])]
fn xiangqi_start(depth: u32) -> u64 {
    let mut pos = Position::start(RuleSet::Xiangqi);
    perft(divan::black_box(&mut pos), depth)
}

#[divan::bench(args = [2, 3])]
fn jieqi_start(depth: u32) -> u64 {
    let mut pos = Position::start(RuleSet::Jieqi);
    perft(divan::black_box(&mut pos), depth)
}
