//! The fast move generator against the independent referee in
//! `tests/oracle/` (written from the rules text, sharing no code).

mod oracle;

use jieqi::rules::xiangqi::fen;
use jieqi::rules::xiangqi::perft::perft;
use jieqi::rules::{Game, Position, RuleSet};
use oracle::Board;

fn fast_text(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

#[test]
fn start_positions_agree() {
    for rules in RuleSet::ALL {
        let p = Position::start(rules);
        let b = Board::parse(&fen::write(&p), rules == RuleSet::Xiangqi);
        assert_eq!(fast_text(&p), b.legal_text(), "{rules:?}");
    }
}

#[test]
fn jieqi_perft_beyond_depth_one_agrees() {
    let p = Position::start(RuleSet::Jieqi);
    let b = Board::parse(&fen::write(&p), false);
    for depth in 1..=2 {
        assert_eq!(
            perft(&mut p.clone(), depth),
            b.perft(depth),
            "Jieqi start depth {depth}"
        );
    }
}

/// Positions reached by random play (seeded), every rule set.
fn random_positions(rules: RuleSet, games: u64, plies: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut g = Game::seeded(rules, seed * 7919 + 13);
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..plies {
            if g.outcome().is_some() {
                break;
            }
            out.push(g.board().clone());
            let legal = g.legal_moves();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = legal.as_slice()[(x % legal.len() as u64) as usize];
            g.play(m).unwrap();
        }
    }
    out
}

#[test]
fn random_game_positions_agree_in_every_rule_set() {
    let mut checked = 0;
    for rules in RuleSet::ALL {
        for p in random_positions(rules, 12, 150) {
            let text = fen::write(&p);
            let b = Board::parse(&text, rules == RuleSet::Xiangqi);
            assert_eq!(fast_text(&p), b.legal_text(), "{rules:?} {text}");
            checked += 1;
        }
    }
    assert!(checked > 4000, "only {checked} positions");
}

#[test]
fn is_legal_agrees_with_legal_moves_for_every_pair() {
    use jieqi::rules::{Move, Square};
    let squares: Vec<Square> = Square::all().collect();
    for rules in [RuleSet::Jieqi, RuleSet::Xiangqi] {
        for p in random_positions(rules, 3, 80).into_iter().step_by(7) {
            let legal = p.legal_moves();
            for &f in &squares {
                for &t in &squares {
                    let m = Move::new(f, t);
                    assert_eq!(p.is_legal(m), legal.contains(&m), "{} {m}", fen::write(&p));
                }
            }
        }
    }
}

#[test]
fn jieqi_perft_depth_three_agrees_in_play() {
    for p in random_positions(RuleSet::Jieqi, 2, 40)
        .into_iter()
        .step_by(13)
    {
        let text = fen::write(&p);
        let b = Board::parse(&text, false);
        assert_eq!(perft(&mut p.clone(), 3), b.perft(3), "{text}");
    }
}
