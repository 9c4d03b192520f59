//! Property tests over random games and random text.

use jieqi::rules::{fen, Color, Game, Move, MoveList, Position, RuleSet, Seat};
use proptest::prelude::*;

/// Legal moves the slow, obvious way: every pseudo-move, made on a copy,
/// must not leave the mover's general attacked.
fn legal_by_brute_force(p: &Position) -> Vec<Move> {
    let mut pseudo = MoveList::new();
    p.pseudo_moves(&mut pseudo);
    let mut v: Vec<Move> = pseudo
        .iter()
        .copied()
        .filter(|&m| {
            let mut q = p.clone();
            let hidden = q.piece_at(m.from).unwrap().hidden;
            let r = if hidden {
                q.pool(q.turn()).entries().next().map(|(r, _)| r)
            } else {
                None
            };
            q.make(m, r, None);
            !q.is_check_on(p.turn())
        })
        .collect();
    v.sort();
    v
}

fn rules_strategy() -> impl Strategy<Value = RuleSet> {
    prop_oneof![
        Just(RuleSet::ChessPlayX),
        Just(RuleSet::Jieqi),
        Just(RuleSet::Vietnam),
        Just(RuleSet::Xiangqi)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(rules in rules_strategy(), seed in any::<u64>(), picks in prop::collection::vec(any::<u16>(), 1..160)) {
        let mut g = Game::seeded(rules, seed);
        for pick in picks {
            if g.outcome().is_some() {
                break;
            }
            let pos = g.board().clone();
            let legal = g.legal_moves();
            // The fast legality path agrees with brute force.
            let mut fast: Vec<Move> = legal.iter().copied().collect();
            fast.sort();
            prop_assert_eq!(&fast, &legal_by_brute_force(&pos));
            // No legal move leaves the mover's general attacked; make/unmake is exact.
            let mut scratch = pos.clone();
            for &m in legal.iter() {
                let p = scratch.piece_at(m.from).unwrap();
                let reveal = if p.hidden { scratch.pool(p.color).entries().last().map(|(r, _)| r) } else { None };
                let u = scratch.make(m, reveal, None);
                prop_assert!(!scratch.is_check_on(pos.turn()));
                scratch.unmake(m, u);
                prop_assert_eq!(&scratch, &pos);
                prop_assert_eq!(scratch.hash(), pos.hash());
            }
            // FEN round trip keeps the position and its keys.
            let back = fen::parse(&fen::write(&pos), rules).unwrap();
            prop_assert_eq!(back.public_hash(), pos.public_hash());
            prop_assert_eq!(back.hash(), pos.hash());
            let m = legal.as_slice()[pick as usize % legal.len()];
            g.play(m).unwrap();
            // Views hold nothing a seat may not know, and pools stay consistent.
            for seat in [Seat::Red, Seat::Black, Seat::Spectator] {
                let v = g.view(seat);
                for c in [Color::Red, Color::Black] {
                    prop_assert!(v.position.pool(c).total() >= v.position.hidden_count(c));
                    let unknown = v.captured[c.index()].iter().filter(|x| x.role.is_none()).count() as u32;
                    prop_assert_eq!(v.position.pool(c).total(), v.position.hidden_count(c) + unknown);
                }
                for (sq, p) in v.position.pieces() {
                    if p.hidden {
                        prop_assert_eq!(Some(p.role), sq.start_role(p.color));
                    }
                }
            }
        }
        // Undo all the way back restores the start exactly.
        while g.undo().is_some() {}
        prop_assert_eq!(g.board(), &Position::start(rules));
    }
}
