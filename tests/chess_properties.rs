//! Property tests of chess and hidden chess over random games and random text.

use jieqi::rules::chess::fen::{self, HIDDEN_CHESS_START};
use jieqi::rules::chess::movetext;
use jieqi::rules::chess::{Game, Kind, Move, Position, Seat, Square, Step, Variant};
use jieqi::rules::Color;
use proptest::prelude::*;

/// Legal moves by brute force, written here from the rules text with no
/// bitboards: every piece's steps and rays on the mailbox, then each
/// candidate made and the mover's king tested.
fn brute_force_legal(pos: &Position) -> Vec<String> {
    let us = pos.turn();
    let them = us.other();
    let at = |f: i32, r: i32| {
        ((0..8).contains(&f) && (0..8).contains(&r)).then(|| Square::new(f as u8, r as u8))
    };
    let mut cands: Vec<Move> = Vec::new();
    for (from, p) in pos.pieces().filter(|(_, p)| p.color == us) {
        let (f, r) = (from.file() as i32, from.rank() as i32);
        let free_or_enemy = |s: Square| pos.piece_at(s).is_none_or(|q| q.color == them);
        let slide = |dirs: &[(i32, i32)], out: &mut Vec<Square>| {
            for &(df, dr) in dirs {
                let mut k = 1;
                while let Some(s) = at(f + df * k, r + dr * k) {
                    match pos.piece_at(s) {
                        None => out.push(s),
                        Some(q) => {
                            if q.color == them {
                                out.push(s);
                            }
                            break;
                        }
                    }
                    k += 1;
                }
            }
        };
        const ORTHO: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let mut to = Vec::new();
        match p.kind {
            Kind::Knight => {
                for (df, dr) in [
                    (1, 2),
                    (2, 1),
                    (2, -1),
                    (1, -2),
                    (-1, -2),
                    (-2, -1),
                    (-2, 1),
                    (-1, 2),
                ] {
                    to.extend(at(f + df, r + dr).filter(|&s| free_or_enemy(s)));
                }
            }
            Kind::King => {
                for (df, dr) in ORTHO.iter().chain(DIAG.iter()) {
                    to.extend(at(f + df, r + dr).filter(|&s| free_or_enemy(s)));
                }
            }
            Kind::Bishop => slide(&DIAG, &mut to),
            Kind::Rook => slide(&ORTHO, &mut to),
            Kind::Queen => {
                slide(&ORTHO, &mut to);
                slide(&DIAG, &mut to);
            }
            Kind::Pawn => {
                let dr = if us == Color::Red { 1 } else { -1 };
                if let Some(s) = at(f, r + dr).filter(|&s| pos.piece_at(s).is_none()) {
                    to.push(s);
                    if from.relative_rank(us) == 1 {
                        to.extend(at(f, r + 2 * dr).filter(|&s| pos.piece_at(s).is_none()));
                    }
                }
                for df in [-1, 1] {
                    if let Some(s) = at(f + df, r + dr) {
                        let enemy = pos.piece_at(s).is_some_and(|q| q.color == them);
                        if enemy || pos.en_passant() == Some(s) {
                            to.push(s);
                        }
                    }
                }
                for s in to.drain(..) {
                    if s.relative_rank(us) == 7 {
                        for k in Kind::PROMOTIONS {
                            cands.push(Move::promoting(from, s, k));
                        }
                    } else {
                        cands.push(Move::new(from, s));
                    }
                }
            }
        }
        cands.extend(to.into_iter().map(|s| Move::new(from, s)));
    }
    // Castling, from its definition.
    let rank = if us == Color::Red { 0 } else { 7 };
    let king = Square::new(4, rank);
    for (right, corner, path, crossed, dest) in [
        (0, 7, &[5, 6][..], &[4, 5, 6][..], 6),
        (1, 0, &[1, 2, 3][..], &[4, 3, 2][..], 2),
    ] {
        let bit = 1 << (right + if us == Color::Red { 0 } else { 2 });
        let corner_ok = pos
            .piece_at(Square::new(corner, rank))
            .is_some_and(|p| p.color == us && (p.hidden || p.kind == Kind::Rook));
        if pos.castling() & bit != 0
            && pos
                .piece_at(king)
                .is_some_and(|p| p.kind == Kind::King && p.color == us)
            && corner_ok
            && path
                .iter()
                .all(|&f| pos.piece_at(Square::new(f, rank)).is_none())
            && crossed
                .iter()
                .all(|&f| !pos.attacked_by(Square::new(f, rank), them))
        {
            cands.push(Move::new(king, Square::new(dest, rank)));
        }
    }
    let mut legal: Vec<String> = cands
        .into_iter()
        .filter(|&m| {
            let mut p = *pos;
            let reveal = p.revealed_by(m).map(|_| first_identity(pos, us));
            p.make(m, reveal.flatten(), None);
            !p.is_check_on(us)
        })
        .map(|m| m.to_string())
        .collect();
    legal.sort();
    legal
}

fn first_identity(pos: &Position, c: Color) -> Option<Kind> {
    pos.pool(c).entries().next().map(|(k, _)| k)
}

fn variant() -> impl Strategy<Value = Variant> {
    prop_oneof![Just(Variant::Chess), Just(Variant::HiddenChess)]
}

/// Check the invariants of one position of a game.
fn check_position(pos: &Position) -> Result<(), TestCaseError> {
    let legal = pos.legal_moves();
    let mut fast: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
    fast.sort();
    prop_assert_eq!(&fast, &brute_force_legal(pos), "{}", fen::write(pos));
    // make/unmake restores exactly, for every legal move and reveal.
    let mut scratch = *pos;
    for &m in legal.iter() {
        let reveals: Vec<Option<Kind>> = match pos.revealed_by(m) {
            Some(p) => pos.pool(p.color).entries().map(|(k, _)| Some(k)).collect(),
            None => vec![None],
        };
        for reveal in reveals {
            let m = match reveal {
                Some(Kind::Pawn) if pos.may_promote_on_reveal(m) => {
                    Move::promoting(m.from, m.to, Kind::Knight)
                }
                _ => m,
            };
            prop_assert!(
                pos.check_identities(m, reveal, None).is_ok(),
                "{} {:?}",
                m,
                reveal
            );
            let u = scratch.make(m, reveal, None);
            prop_assert!(!scratch.is_check_on(pos.turn()));
            // The incremental keys equal keys computed afresh.
            let fresh = fen::parse(&fen::write(&scratch), Variant::HiddenChess).unwrap();
            prop_assert_eq!(
                fresh.hash(),
                scratch.hash(),
                "after {} in {}",
                m,
                fen::write(pos)
            );
            scratch.unmake(u);
            prop_assert_eq!(&scratch, pos);
        }
    }
    // FEN round trip.
    let text = fen::write(pos);
    let back = fen::parse(&text, Variant::HiddenChess).unwrap();
    prop_assert_eq!(&back, pos, "{}", text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, .. ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(
        v in variant(),
        seed in any::<u64>(),
        picks in prop::collection::vec(any::<u16>(), 1..160),
    ) {
        let mut g = Game::seeded(v, seed);
        for pick in picks {
            if g.outcome().is_some() {
                break;
            }
            let pos = *g.board();
            check_position(&pos)?;
            let legal = g.legal_moves();
            let m = legal.as_slice()[pick as usize % legal.len()];
            let played = match g.play(m).unwrap() {
                Step::Played(p) => p,
                Step::ChoosePromotion(_) => {
                    g.promote(Kind::PROMOTIONS[pick as usize % 4]).unwrap()
                }
            };
            // Move text round trip, as the capturer reads it.
            let text = movetext::write(&played, true);
            let (m2, reveal, cap) = movetext::resolve(&pos, &text).unwrap();
            prop_assert_eq!((m2, reveal, cap), (played.mv, played.reveal, played.capture_id));
            // Views hold nothing a seat did not see.
            for seat in [Seat::Red, Seat::Black, Seat::Spectator] {
                let view = g.view(seat);
                for c in Color::ALL {
                    let truth = g.board().pool(c);
                    let mine = view.position.pool(c);
                    let unknown_captures = view.captured[c.index()].iter().filter(|x| x.kind.is_none()).count() as u32;
                    // Unknown: the face-down pieces on the board and the captures
                    // the seat did not make, nothing else.
                    prop_assert_eq!(mine.total(), view.position.hidden_count(c) + unknown_captures);
                    prop_assert_eq!(mine.total(), truth.total() + unknown_captures);
                    for k in Kind::HIDDEN {
                        prop_assert!(mine.get(k) >= truth.get(k));
                    }
                    // A seat knows captures only of its own making.
                    for x in &view.captured[c.index()] {
                        if x.was_hidden && x.kind.is_some() {
                            prop_assert_eq!(Seat::of(c.other()), seat);
                        }
                    }
                }
                for (i, text) in view.moves.iter().enumerate() {
                    let mover = g.history()[i].played.piece.color;
                    if text.contains('x') {
                        prop_assert_eq!(Seat::of(mover), seat);
                    }
                }
                // A seat's record restores the same public game.
                let back = Game::restore_seeded(v, *g.start_position(), &view.moves, seed ^ 1);
                prop_assert!(back.is_ok(), "{:?}: {:?}", seat, back.err());
                prop_assert_eq!(back.unwrap().board().public_hash(), g.board().public_hash());
            }
        }
    }

    #[test]
    fn no_panic_on_random_fen(text in "\\PC{0,90}") {
        let _ = fen::parse(&text, Variant::HiddenChess);
        let _ = fen::parse(&text, Variant::Chess);
    }

    #[test]
    fn no_panic_on_mutated_fen(pos in 0usize..80, ch in "[ -~]", drop in any::<bool>()) {
        for start in [HIDDEN_CHESS_START, fen::CHESS_START, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"] {
            let mut s: Vec<char> = start.chars().collect();
            let i = pos % s.len();
            if drop { s.remove(i); } else { s[i] = ch.chars().next().unwrap(); }
            let text: String = s.into_iter().collect();
            if let Ok(p) = fen::parse(&text, Variant::HiddenChess) {
                // Whatever is accepted writes back to an equal position.
                prop_assert_eq!(fen::parse(&fen::write(&p), Variant::HiddenChess).unwrap(), p);
                let _ = p.legal_moves();
            }
        }
    }

    #[test]
    fn no_panic_on_random_move_text(text in "\\PC{0,12}", shaped in "[a-h][1-8][a-h][1-8][qrbnPNBRQx]{0,4}") {
        for variant in Variant::ALL {
            let pos = variant.start();
            for t in [&text, &shaped] {
                let _ = movetext::parse(t);
                if let Ok((m, reveal, cap)) = movetext::resolve(&pos, t) {
                    prop_assert!(pos.check_identities(m, reveal, cap).is_ok());
                }
                let mut g = Game::seeded(variant, 1);
                let _ = g.replay_text(t);
            }
        }
    }
}
