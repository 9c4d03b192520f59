//! Property tests over random games and random text.

use jieqi::rules::xiangqi::fen;
use jieqi::rules::{Color, Game, Move, Position, Reason, RuleSet, Seat};
use proptest::prelude::*;

mod oracle;

/// Legal moves by the independent referee in `tests/oracle/` (written from
/// the rules text; it shares no code with the fast generator).
fn legal_by_oracle(p: &Position) -> Vec<String> {
    oracle::Board::parse(&fen::write(p), p.rules() == RuleSet::Xiangqi).legal_text()
}

/// Pick a move: mostly the `pick`-th legal move, but often a move that
/// takes back the mover's previous move (shuttling), which drives games
/// into repetitions and long stretches without progress.
fn choose(g: &Game, pick: u16) -> Move {
    let legal = g.legal_moves();
    let n = g.history().len();
    if pick % 4 == 0 && n >= 2 {
        let prev = g.history()[n - 2].played.mv;
        let back = Move::new(prev.to, prev.from);
        let quiet = g.board().piece_at(back.to).is_none();
        if quiet && legal.contains(&back) {
            return back;
        }
    }
    legal.as_slice()[pick as usize % legal.len()]
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
    #![proptest_config(ProptestConfig { cases: 160, .. ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(rules in rules_strategy(), seed in any::<u64>(), picks in prop::collection::vec(any::<u16>(), 1..260)) {
        let mut g = Game::seeded(rules, seed);
        for pick in picks {
            if g.outcome().is_some() {
                break;
            }
            let pos = g.board().clone();
            let legal = g.legal_moves();
            // The fast generator agrees with the independent referee.
            let mut fast: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
            fast.sort();
            prop_assert_eq!(&fast, &legal_by_oracle(&pos), "{}", fen::write(&pos));
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
            // The structure key, kept up to date move by move, too.
            prop_assert_eq!(back.structure_key(), pos.structure_key());
            let m = choose(&g, pick);
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

/// The move choice above really reaches the end-of-game rules: many games
/// end by repetition and some run long without progress.
#[test]
fn shuttling_games_reach_repetition_and_long_quiet_stretches() {
    let mut repetitions = 0;
    let mut longest_quiet = 0;
    for i in 0..80u64 {
        let rules = RuleSet::ALL[(i % 4) as usize];
        let mut g = Game::seeded(rules, i);
        let mut x = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        while g.outcome().is_none() && g.ply() < 400 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = choose(&g, x as u16);
            g.play(m).unwrap();
            longest_quiet = longest_quiet.max(g.board().halfmove());
        }
        if g.outcome().is_some_and(|o| {
            matches!(
                o.reason,
                Reason::Repetition | Reason::PerpetualCheck | Reason::PerpetualChase
            )
        }) {
            repetitions += 1;
        }
    }
    println!("repetitions {repetitions}, longest quiet {longest_quiet}");
    assert!(
        repetitions >= 20,
        "only {repetitions} of 80 games ended by repetition"
    );
    assert!(
        longest_quiet >= 40,
        "longest stretch without progress: {longest_quiet} plies"
    );
}
