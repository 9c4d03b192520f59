//! The position's derived views stay in step with its board: the occupied
//! points behind `pieces()` and `pseudo_moves` through `make`/`unmake`, and
//! the moves tried without making them (`gives_check`, `recapturable_after`,
//! the legality filter) against the same moves really made.

use jieqi::cli::BENCH_POSITIONS;
use jieqi::rules::xiangqi::fen;
use jieqi::rules::{Move, MoveList, Piece, Position, RuleSet, Square};

/// Small deterministic generator (no dependency, same games on every run).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize % n
    }
}

fn starts() -> Vec<Position> {
    let mut v: Vec<Position> = BENCH_POSITIONS
        .iter()
        .map(|&(text, rules)| fen::parse(text, rules).expect("bench position"))
        .collect();
    for rules in [RuleSet::Jieqi, RuleSet::Xiangqi] {
        v.push(Position::start(rules));
    }
    v
}

/// Every piece by scanning all 90 points: what `pieces()` must list, in order.
fn scanned(pos: &Position) -> Vec<(Square, Piece)> {
    Square::all()
        .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p)))
        .collect()
}

/// Random games from each start; `visit` sees every position on the way.
fn playouts(games: usize, plies: usize, mut visit: impl FnMut(&Position)) {
    let mut rng = Lcg(0x5eed);
    for start in starts() {
        for _ in 0..games {
            let mut pos = start.clone();
            let mut line = Vec::new();
            for _ in 0..plies {
                visit(&pos);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves.as_slice()[rng.below(moves.len())];
                line.push((m, pos.make(m, None, None)));
            }
            while let Some((m, undo)) = line.pop() {
                pos.unmake(m, undo);
                assert_eq!(scanned(&pos), pos.pieces().collect::<Vec<_>>());
            }
            assert_eq!(pos, start, "unmake restores the position exactly");
        }
    }
}

#[test]
fn pieces_follow_make_and_unmake() {
    let mut seen = 0;
    playouts(12, 80, |pos| {
        assert_eq!(
            scanned(pos),
            pos.pieces().collect::<Vec<_>>(),
            "{}",
            fen::write(pos)
        );
        seen += 1;
    });
    assert!(seen > 1000, "the games were played ({seen} positions)");
}

#[test]
fn pseudo_moves_are_those_of_the_side_to_move_by_point() {
    playouts(4, 60, |pos| {
        let mut expected = MoveList::new();
        for (sq, p) in scanned(pos) {
            if p.color == pos.turn() {
                pos.piece_moves(sq, p, &mut expected);
            }
        }
        let mut got = MoveList::new();
        pos.pseudo_moves(&mut got);
        assert_eq!(expected.as_slice(), got.as_slice(), "{}", fen::write(pos));
    });
}

/// `m` made on a copy (identities as `make` picks them).
fn after(pos: &Position, m: Move) -> Position {
    let mut next = pos.clone();
    next.make(m, None, None);
    next
}

#[test]
fn moves_tried_in_place_agree_with_moves_made() {
    let mut captures = 0;
    // Long games too: pins and discovered checks come with open lines.
    playouts(12, 120, |pos| {
        let us = pos.turn();
        let mut pseudo = MoveList::new();
        pos.pseudo_moves(&mut pseudo);
        let legal: Vec<Move> = pseudo
            .iter()
            .copied()
            .filter(|&m| !after(pos, m).is_check_on(us))
            .collect();
        assert_eq!(legal, pos.legal_moves().as_slice(), "{}", fen::write(pos));
        for &m in &legal {
            let next = after(pos, m);
            assert_eq!(
                pos.recapturable_after(m),
                next.attacked_by(m.to, us.other()),
                "recapture after {m} in {}",
                fen::write(pos)
            );
            if pos.piece_at(m.to).is_some() {
                captures += 1;
            }
            // A face-down mover's identity is unknown before it moves.
            if !pos.piece_at(m.from).is_some_and(|p| p.hidden) {
                assert_eq!(
                    pos.gives_check(m),
                    next.is_check_on(us.other()),
                    "check by {m} in {}",
                    fen::write(pos)
                );
            }
        }
    });
    assert!(captures > 100, "captures were tried ({captures})");
}
