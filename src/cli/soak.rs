//! `jieqi soak`: many random and engine games, every invariant checked at
//! every ply. A failure stops the run with the game's seed, ply and what
//! broke, so it can be replayed.
//!
//! Checked at each ply: make/unmake of every legal move restores the
//! position and both keys; each seat's view writes a FEN that reads back to
//! the same view; every legal move's text is unique in each display
//! notation and reads back to the move. At the end of each game (and at a
//! random earlier ply), each seat's record restores and reproduces that
//! seat's public record.

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::ai::{Limits, Noise, Searcher};
use crate::rules::xiangqi::fen;
use crate::rules::xiangqi::notation::{self, Notation};
use crate::rules::{Game, Position, RuleSet, Seat};

/// Totals of a soak run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SoakReport {
    pub games: u64,
    pub engine_games: u64,
    pub plies: u64,
    pub restores: u64,
    /// Games per reason of their end ("ongoing" when the ply cap stopped them).
    pub endings: std::collections::BTreeMap<String, u64>,
}

impl std::fmt::Display for SoakReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "soak: {} games ({} engine games), {} plies, {} record restores, 0 failures",
            self.games, self.engine_games, self.plies, self.restores
        )?;
        for (reason, n) in &self.endings {
            writeln!(f, "  {n:>8}  {reason}")?;
        }
        Ok(())
    }
}

const SEATS: [Seat; 3] = [Seat::Red, Seat::Black, Seat::Spectator];
const NOTATIONS: [Notation; 3] = [Notation::Wxf, Notation::Chinese, Notation::Vietnamese];

fn check_ply(g: &Game) -> Result<(), String> {
    let pos = g.board();
    let legal = pos.legal_moves();
    // make/unmake restores the position and its keys, for every legal move.
    let mut scratch = pos.clone();
    for &m in legal.iter() {
        let p = scratch
            .piece_at(m.from)
            .ok_or("a legal move from an empty point")?;
        let reveal = if p.hidden {
            scratch.pool(p.color).entries().map(|(r, _)| r).last()
        } else {
            None
        };
        let u = scratch.make(m, reveal, None);
        scratch.unmake(m, u);
        if scratch != *pos
            || scratch.hash() != pos.hash()
            || scratch.public_hash() != pos.public_hash()
        {
            return Err(format!("make/unmake of {m} changed the position"));
        }
    }
    // Each seat's FEN reads back to the same view.
    for seat in SEATS {
        let v = g.view(seat);
        let text = fen::write(&v.position);
        let back = fen::parse(&text, g.rules())
            .map_err(|e| format!("{seat:?}'s FEN '{text}' does not read back: {e}"))?;
        if back != v.position {
            return Err(format!(
                "{seat:?}'s FEN '{text}' reads back as another position"
            ));
        }
    }
    // Texts are unique per notation and read back to their move.
    for n in NOTATIONS {
        let mut seen = HashSet::new();
        for &m in legal.iter() {
            let t = notation::write(pos, m, n);
            if !seen.insert(t.clone()) {
                return Err(format!("two moves are written '{t}' in {n:?}"));
            }
            match notation::parse(pos, &t, n) {
                Ok(back) if back == m => {}
                Ok(back) => return Err(format!("'{t}' ({m}) reads back as {back}")),
                Err(e) => return Err(format!("'{t}' ({m}) does not read back: {e}")),
            }
        }
    }
    Ok(())
}

/// Each seat's record restores and reproduces the seat's public record.
fn check_restore(g: &Game, upto: usize) -> Result<u64, String> {
    let mut n = 0;
    for seat in SEATS {
        let v = g.view(seat);
        let moves = &v.moves[..upto.min(v.moves.len())];
        let restored = Game::restore(g.start_position().clone(), moves)
            .map_err(|e| format!("{seat:?}'s record up to ply {upto} does not restore: {e}"))?;
        let again = restored.view(seat);
        if again.moves != moves {
            return Err(format!("{seat:?}'s restored record differs at ply {upto}"));
        }
        if again.position.public_hash() != g.position_at(moves.len()).public_hash() {
            return Err(format!(
                "{seat:?}'s restored position differs at ply {upto}"
            ));
        }
        n += 1;
    }
    Ok(n)
}

/// Play one game from `seed` and check it; `engine`: an AI plays both sides.
pub fn soak_game(
    rules: RuleSet,
    seed: u64,
    engine: bool,
    report: &mut SoakReport,
) -> Result<(), String> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut g = Game::seeded(rules, rng.next_u64());
    let mut searcher = engine.then(|| Searcher::new(1));
    let stop = AtomicBool::new(false);
    let cap = 300 + (rng.next_u64() % 300) as usize;
    let probe = (rng.next_u64() % 200) as usize;
    while g.outcome().is_none() && g.ply() < cap {
        check_ply(&g).map_err(|e| format!("ply {}: {e}", g.ply()))?;
        if g.ply() == probe {
            report.restores += check_restore(&g, probe)?;
        }
        let legal = g.legal_moves();
        let m = match searcher.as_mut() {
            Some(s) if rng.next_u64() % 4 != 0 => {
                let v = g.view(Seat::of(g.turn()));
                let limits = Limits {
                    nodes: Some(120 + rng.next_u64() % 200),
                    ..Limits::default()
                };
                let r = s.search(
                    &v.position,
                    &v.recent,
                    limits,
                    Noise::default(),
                    &stop,
                    &mut |_| {},
                );
                r.best.ok_or("the engine found no move")?
            }
            // Random play, biased towards captures so face-down pieces get taken.
            _ => {
                let pos: &Position = g.board();
                let caps: Vec<_> = legal
                    .iter()
                    .copied()
                    .filter(|m| pos.piece_at(m.to).is_some())
                    .collect();
                if !caps.is_empty() && rng.next_u64() % 3 == 0 {
                    caps[(rng.next_u64() % caps.len() as u64) as usize]
                } else {
                    legal.as_slice()[(rng.next_u64() % legal.len() as u64) as usize]
                }
            }
        };
        if !legal.contains(&m) {
            return Err(format!(
                "ply {}: the engine chose an illegal move {m}",
                g.ply()
            ));
        }
        g.play(m).map_err(|e| format!("ply {}: {e}", g.ply()))?;
        report.plies += 1;
    }
    report.restores += check_restore(&g, g.ply())?;
    let ending = g.outcome().map_or("ongoing (ply cap)".to_string(), |o| {
        o.reason.text().to_string()
    });
    *report.endings.entry(ending).or_default() += 1;
    report.games += 1;
    report.engine_games += engine as u64;
    Ok(())
}

/// `games` games, cycling through `rules` (all rule sets when `None`); one
/// game in ten is played by the engine. `jobs` threads share the games;
/// the result does not depend on `jobs`.
pub fn soak(
    games: u64,
    rules: Option<RuleSet>,
    seed: u64,
    jobs: usize,
) -> Result<SoakReport, String> {
    let jobs = jobs.clamp(1, super::MAX_JOBS) as u64;
    let results: Vec<Result<SoakReport, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..jobs)
            .map(|j| {
                s.spawn(move || {
                    let mut report = SoakReport::default();
                    for i in (j..games).step_by(jobs as usize) {
                        let r = rules.unwrap_or(RuleSet::ALL[(i % 4) as usize]);
                        let game_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(i);
                        soak_game(r, game_seed, i % 10 == 9, &mut report)
                            .map_err(|e| format!("game {i} ({}, --seed {seed}): {e}", r.id()))?;
                    }
                    Ok(report)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a soak thread panicked".into()))
            })
            .collect()
    });
    let mut total = SoakReport::default();
    for r in results {
        let r = r?;
        total.games += r.games;
        total.engine_games += r.engine_games;
        total.plies += r.plies;
        total.restores += r.restores;
        for (k, v) in r.endings {
            *total.endings.entry(k).or_default() += v;
        }
    }
    Ok(total)
}
