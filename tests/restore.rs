//! Saved games always restore, with the right odds; strict input and exact
//! make/unmake; finished games refuse moves; identity draws.

use std::sync::atomic::AtomicBool;

use jieqi::ai::{Limits, Noise, Searcher};
use jieqi::rules::xiangqi::fen;
use jieqi::rules::xiangqi::movetext::{self, ParseMoveError};
use jieqi::rules::{
    Color, Game, Move, PlayError, Played, Pool, Position, RestoreError, Role, RuleSet, Seat, Square,
};

fn mv(s: &str) -> Move {
    Move::new(
        Square::parse(&s[0..2]).unwrap(),
        Square::parse(&s[2..4]).unwrap(),
    )
}

/// A small xorshift for picking moves (tests only).
struct Pick(u64);
impl Pick {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random game that prefers captures (many face-down pieces are taken).
fn random_game(rules: RuleSet, seed: u64, max_plies: usize) -> Game {
    let mut g = Game::seeded(rules, seed);
    let mut pick = Pick(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    while g.outcome().is_none() && g.ply() < max_plies {
        let legal = g.legal_moves();
        let captures: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| g.board().piece_at(m.to).is_some())
            .collect();
        let m = if !captures.is_empty() && pick.below(10) < 7 {
            captures[pick.below(captures.len())]
        } else {
            legal.as_slice()[pick.below(legal.len())]
        };
        g.play(m).unwrap();
    }
    g
}

/// A game the AI plays against itself on a tiny node budget.
fn ai_game(rules: RuleSet, seed: u64, max_plies: usize) -> Game {
    let mut g = Game::seeded(rules, seed);
    let mut searcher = Searcher::new(1);
    let stop = AtomicBool::new(false);
    while g.outcome().is_none() && g.ply() < max_plies {
        let view = g.view(Seat::of(g.turn()));
        let limits = Limits {
            nodes: Some(150),
            ..Limits::default()
        };
        let noise = Noise {
            amplitude: 30,
            seed: seed ^ g.ply() as u64,
        };
        let r = searcher.search(
            &view.position,
            &view.recent,
            limits,
            noise,
            &stop,
            &mut |_| {},
        );
        g.play(r.best.expect("a move while the game goes on"))
            .unwrap();
    }
    g
}

fn hidden_captures(g: &Game) -> usize {
    g.history()
        .iter()
        .filter(|r| r.played.captured.is_some_and(|c| c.hidden))
        .count()
}

/// Restore every prefix of every seat's record of `g`; each must succeed
/// and give that seat the same view. Returns how many prefixes the old way
/// (drawing a missing identity at its capture ply) could not replay.
fn check_every_prefix(g: &Game, seed: u64) -> usize {
    let start = g.start_position().clone();
    let played: Vec<Played> = g.history().iter().map(|r| r.played).collect();
    let mut reference = Game::from_position_seeded(start.clone(), 0);
    let mut naive_failures = 0;
    for k in 0..=played.len() {
        if k > 0 {
            let p = played[k - 1];
            reference.replay(p.mv, p.reveal, p.capture_id).unwrap();
        }
        for seat in [Seat::Red, Seat::Black, Seat::Spectator] {
            let want = reference.view(seat);
            let restored = Game::restore_seeded(start.clone(), &want.moves, seed ^ k as u64)
                .unwrap_or_else(|e| panic!("{:?} ply {k} {seat:?}: {e}", start.rules()));
            let got = restored.view(seat);
            assert_eq!(got.moves, want.moves, "ply {k} {seat:?}");
            assert_eq!(got.position, want.position, "ply {k} {seat:?}");
            assert_eq!(got.captured, want.captured, "ply {k} {seat:?}");
            assert_eq!(got.outcome, want.outcome, "ply {k} {seat:?}");
            if naive_replay(&start, &want.moves).is_err() {
                naive_failures += 1;
            }
        }
        // The referee's own record (every letter) restores the very game.
        let full: Vec<String> = reference
            .history()
            .iter()
            .map(|r| movetext::write(&r.played, true))
            .collect();
        let exact = Game::restore_seeded(start.clone(), &full, seed).unwrap();
        assert_eq!(exact.board(), reference.board(), "ply {k}");
    }
    naive_failures
}

/// The old resume: replay each move, drawing a missing identity at once.
fn naive_replay(start: &Position, moves: &[String]) -> Result<Game, String> {
    let mut g = Game::from_position_seeded(start.clone(), 7);
    for t in moves {
        let (m, reveal, cap) = movetext::resolve(g.board(), t).map_err(|e| e.to_string())?;
        g.replay(m, reveal, cap).map_err(|e| e.to_string())?;
    }
    Ok(g)
}

#[test]
fn every_prefix_of_every_seats_record_restores() {
    let mut naive_failures = 0;
    for rules in RuleSet::ALL {
        for seed in 1..=3u64 {
            let g = random_game(rules, seed * 31 + rules as u64, 160);
            if rules.hidden_pieces() {
                assert!(hidden_captures(&g) >= 4, "{rules:?} seed {seed}: too few");
            }
            naive_failures += check_every_prefix(&g, seed);
        }
        let g = ai_game(rules, 5 + rules as u64, 120);
        naive_failures += check_every_prefix(&g, 99);
    }
    // The games do reach the case the old resume got wrong.
    assert!(naive_failures > 0);
}

/// Red's record of a Vietnam game where Black takes one face-down red piece
/// (at ply 2, unknown to Red) and Red then reveals many pieces.
fn one_unknown_capture_record() -> (Vec<String>, Pool) {
    let mut g = Game::seeded(RuleSet::Vietnam, 2024);
    g.play(mv("a3a4")).unwrap();
    g.play(mv("b7b0")).unwrap(); // the face-down cannon point takes b0
    let mut pick = Pick(77);
    while g.ply() < 24 && g.outcome().is_none() {
        let legal = g.legal_moves();
        let quiet: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| g.board().piece_at(m.to).is_none())
            .collect();
        // Red reveals when it can; nobody captures.
        let reveals: Vec<Move> = quiet
            .iter()
            .copied()
            .filter(|m| g.turn() == Color::Red && g.board().piece_at(m.from).unwrap().hidden)
            .collect();
        let all: Vec<Move> = legal.iter().copied().collect();
        let from = [&reveals, &quiet, &all]
            .into_iter()
            .find(|l| !l.is_empty())
            .unwrap();
        g.play(from[pick.below(from.len())]).unwrap();
    }
    let view = g.view(Seat::Red);
    assert_eq!(view.captured[Color::Red.index()].len(), 1);
    assert_eq!(view.captured[Color::Red.index()][0].role, None);
    (view.moves, *view.position.pool(Color::Red))
}

#[test]
fn restored_identities_follow_the_posterior() {
    // Given the record, the unknown captured red piece is any identity left
    // in Red's pool at the end (pieces still face down count too), with
    // probability count / total.
    let (moves, pool) = one_unknown_capture_record();
    let total = pool.total() as f64;
    assert!(total <= 8.0, "Red revealed too few pieces: {pool:?}");
    let samples = 20_000u64;
    let mut seen = [0u64; 7];
    for s in 0..samples {
        let g = Game::restore_seeded(Position::start(RuleSet::Vietnam), &moves, s).unwrap();
        let id = g.history()[1].played.capture_id.expect("drawn");
        seen[id.index()] += 1;
    }
    for r in Role::HIDDEN {
        let p = pool.get(r) as f64 / total;
        let freq = seen[r.index()] as f64 / samples as f64;
        // Four standard deviations of the sample frequency.
        let tol = 4.0 * (p * (1.0 - p) / samples as f64).sqrt();
        assert!(
            (freq - p).abs() <= tol,
            "{r:?}: frequency {freq:.4}, posterior {p:.4} (tolerance {tol:.4}); pool {pool:?}"
        );
    }
}

#[test]
fn restore_reports_the_bad_move() {
    let start = Position::start(RuleSet::Jieqi);
    let e = Game::restore(start.clone(), &["h2e2C", "zz"])
        .err()
        .unwrap();
    assert!(matches!(e, RestoreError::Text { ply: 1, .. }), "{e:?}");
    assert!(e.to_string().starts_with("move 2 (zz)"), "{e}");
    // A reveal the record cannot have: a third red cannon.
    let e = Game::restore(start, &["h2e2C", "h7e7c", "b2b4C", "b7b5c", "a3a4C"])
        .err()
        .unwrap();
    assert!(
        matches!(
            e,
            RestoreError::Text {
                ply: 4,
                error: ParseMoveError::Reveal(_),
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn restore_uses_the_system_source() {
    // The record leaves one captured identity unknown: restores draw it
    // from the system source, so repeated restores do not all agree.
    let (record, _) = one_unknown_capture_record();
    let drawn: std::collections::HashSet<_> = (0..24)
        .map(|_| {
            let g = Game::restore(Position::start(RuleSet::Vietnam), &record).unwrap();
            g.history()[1].played.capture_id
        })
        .collect();
    assert!(drawn.len() > 1, "24 restores drew {drawn:?}");
}

// ---- part 4: strict input, exact inverses ----

#[test]
fn chessplayx_refuses_a_captured_identity_everywhere() {
    // b2 (face-down cannon point) takes the face-down b9 over b7.
    let start = Position::start(RuleSet::ChessPlayX);
    let (m, reveal, _) = movetext::resolve(&start, "b2b9N").unwrap();
    assert!(matches!(
        movetext::resolve(&start, "b2b9Nr"),
        Err(ParseMoveError::Capture(_))
    ));
    let mut p = start.clone();
    assert_eq!(
        p.play(m, reveal, Some(Role::Chariot)),
        Err(PlayError::BadCaptureId(m))
    );
    assert_eq!(
        p.try_make(m, reveal, Some(Role::Chariot)).err(),
        Some(PlayError::BadCaptureId(m))
    );
    assert_eq!(p, start, "nothing changed on error");
    let mut g = Game::seeded(RuleSet::ChessPlayX, 1);
    assert_eq!(
        g.replay(m, reveal, Some(Role::Chariot)),
        Err(PlayError::BadCaptureId(m))
    );
    assert!(matches!(
        Game::restore_seeded(start.clone(), &["b2b9Nr"], 1),
        Err(RestoreError::Text { ply: 0, .. })
    ));
    // Without the letter all is well, and nothing is drawn for the capture.
    let g = Game::restore_seeded(start, &["b2b9N"], 1).unwrap();
    assert_eq!(g.history()[0].played.capture_id, None);
    // Jieqi takes the letter.
    let j = Position::start(RuleSet::Jieqi);
    assert!(movetext::resolve(&j, "b2b9Nr").is_ok());
}

#[test]
fn try_make_refuses_identities_the_pool_does_not_hold() {
    // Red's pool without cannons: revealing h2 as a cannon is refused.
    let mut p = Position::start(RuleSet::Jieqi);
    let mut pool = *p.pool(Color::Red);
    pool.0[Role::Cannon.index()] = 0;
    p.set_pool(Color::Red, pool);
    let before = p.clone();
    let m = mv("h2e2");
    assert_eq!(
        p.try_make(m, Some(Role::Cannon), None).err(),
        Some(PlayError::BadReveal(m))
    );
    assert_eq!(
        p.try_make(m, None, None).err(),
        Some(PlayError::BadReveal(m))
    );
    assert_eq!(p, before);
    // Black's pool without chariots: a captured chariot is refused.
    let mut q = Position::start(RuleSet::Jieqi);
    let mut bpool = *q.pool(Color::Black);
    bpool.0[Role::Chariot.index()] = 0;
    q.set_pool(Color::Black, bpool);
    let take = mv("b2b9");
    assert_eq!(
        q.try_make(take, Some(Role::Horse), Some(Role::Chariot))
            .err(),
        Some(PlayError::BadCaptureId(take))
    );
    let u = q
        .try_make(take, Some(Role::Horse), Some(Role::Horse))
        .unwrap();
    q.unmake(take, u);
    assert_eq!(q.pool(Color::Black), &bpool);
}

#[test]
fn make_and_unmake_are_exact_inverses() {
    for rules in RuleSet::ALL {
        let g = random_game(rules, 11 + rules as u64, 140);
        let mut pos = g.start_position().clone();
        for r in g.history() {
            let p = r.played;
            // Every legal move with every identity it may take.
            for &m in pos.legal_moves().iter() {
                let mover = pos.piece_at(m.from).unwrap();
                let reveals: Vec<Option<Role>> = if mover.hidden {
                    pos.pool(mover.color)
                        .entries()
                        .map(|(r, _)| Some(r))
                        .collect()
                } else {
                    vec![None]
                };
                let caps: Vec<Option<Role>> = match pos.piece_at(m.to) {
                    Some(c) if c.hidden && rules.capturer_learns() => std::iter::once(None)
                        .chain(pos.pool(c.color).entries().map(|(r, _)| Some(r)))
                        .collect(),
                    _ => vec![None],
                };
                for &reveal in &reveals {
                    for &cap in &caps {
                        let before = pos.clone();
                        let u = pos.make(m, reveal, cap);
                        pos.unmake(m, u);
                        assert_eq!(pos, before, "{m} {reveal:?} {cap:?}");
                    }
                }
            }
            pos.make(p.mv, p.reveal, p.capture_id);
        }
    }
}

#[test]
fn make_without_a_reveal_on_an_empty_pool_is_undone_exactly() {
    // The search's fallback: a face-down mover whose side has no unknown
    // identity left turns into its start role; unmake must not invent one.
    let mut p = Position::start(RuleSet::Jieqi);
    p.set_pool(Color::Red, Pool::default());
    let before = p.clone();
    let m = mv("h2e2");
    let u = p.make(m, None, None);
    assert_eq!(p.piece_at(m.to).unwrap().role, Role::Cannon);
    p.unmake(m, u);
    assert_eq!(p, before);
    assert_eq!(p.pool(Color::Red).total(), 0);
}

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "the pool does not hold")]
fn make_checks_its_identities_in_debug_builds() {
    let mut p = Position::start(RuleSet::Jieqi);
    p.set_pool(Color::Red, Pool::default());
    p.make(mv("h2e2"), Some(Role::Cannon), None);
}

#[test]
fn a_finished_game_says_it_is_over() {
    // Red mates at once: chariot a8 to a9.
    let mut g = Game::from_fen_seeded("4k4/R8/1R7/9/9/9/9/9/9/3K5 w", RuleSet::Xiangqi, 1).unwrap();
    g.play(mv("b7b9")).unwrap();
    assert!(g.outcome().is_some());
    let e = g.play(mv("e9e8")).unwrap_err();
    assert_eq!(e, PlayError::GameOver);
    assert!(e.to_string().contains("game is over"), "{e}");
    assert_eq!(g.replay(mv("e9e8"), None, None), Err(PlayError::GameOver));
    // A record that goes on after the end is refused at that move.
    let start = fen::parse("4k4/R8/1R7/9/9/9/9/9/9/3K5 w", RuleSet::Xiangqi).unwrap();
    let e = Game::restore_seeded(start, &["b7b9", "e9e8"], 1)
        .err()
        .unwrap();
    assert_eq!(
        e,
        RestoreError::Play {
            ply: 1,
            text: "e9e8".into(),
            error: PlayError::GameOver
        }
    );
    // A game that goes on still calls an illegal move illegal.
    let mut h = Game::seeded(RuleSet::Jieqi, 1);
    assert_eq!(h.play(mv("e0e2")), Err(PlayError::Illegal(mv("e0e2"))));
}

/// The first `n` reveals of a game that only moves face-down pieces.
fn reveals(mut g: Game, n: usize) -> Vec<Role> {
    let mut out = Vec::new();
    while out.len() < n && g.outcome().is_none() {
        let legal = g.legal_moves();
        let m = legal
            .iter()
            .copied()
            .find(|m| {
                g.board().piece_at(m.from).unwrap().hidden && g.board().piece_at(m.to).is_none()
            })
            .unwrap_or(legal.as_slice()[0]);
        if let Some(r) = g.play(m).unwrap().reveal {
            out.push(r);
        }
    }
    out
}

#[test]
fn seeded_games_repeat_and_system_games_vary() {
    let a = reveals(Game::seeded(RuleSet::Jieqi, 42), 20);
    let b = reveals(Game::seeded(RuleSet::Jieqi, 42), 20);
    assert_eq!(a, b);
    // Twenty reveals from the system's source: equal sequences have a
    // probability far below 1e-9.
    let runs: Vec<Vec<Role>> = (0..3)
        .map(|_| reveals(Game::new(RuleSet::Jieqi).unwrap(), 20))
        .collect();
    assert!(runs[0] != runs[1] || runs[1] != runs[2], "{runs:?}");
    assert!(jieqi::rules::NoRandomness
        .to_string()
        .contains("random number source is unavailable"));
}
