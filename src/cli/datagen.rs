//! `jieqi datagen`: self-play positions with their game results, the data
//! `jieqi tune` fits the evaluation on.
//!
//! Each game is played by the engine at a fixed node budget against
//! itself, from the seat of the side to move (its own view and pools), with
//! random reveals drawn by a seeded [`Game`]. The first plies carry random
//! offsets on the root moves so games differ. Everything is derived from
//! the seed and the game's number: the same command writes the same file,
//! whatever `--jobs` is.
//!
//! Kept positions are quiet (the side to move is not in check and the
//! searched best move is no capture), past the first plies, not already
//! decided by a mate score. One line each:
//! `FEN; RESULT; SCORE`, RESULT being the game's result for the side to
//! move (1 win, 0.5 draw, 0 loss) and SCORE the search's score for it, in
//! centipawns.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;

use crate::ai::eval::MATE_BOUND;
use crate::ai::{self, Limits, Request, Searcher, Strength};
use crate::rules::xiangqi::fen;
use crate::rules::{Color, Game, Outcome, Reason, RuleSet, Seat};

/// What to generate.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    pub games: u64,
    /// Node budget of each move's search.
    pub nodes: u64,
    pub seed: u64,
    pub jobs: usize,
    pub rules: RuleSet,
    /// Plies played with random root offsets (and not kept).
    pub random_plies: usize,
    /// Amplitude of those offsets, in centipawns.
    pub noise: i32,
    /// A game still going after this many plies is scored a draw.
    pub max_plies: usize,
    /// Games between two progress reports.
    pub progress_every: u64,
}

impl DatagenConfig {
    pub fn new(games: u64, nodes: u64, seed: u64) -> DatagenConfig {
        DatagenConfig {
            games,
            nodes,
            seed,
            jobs: 1,
            rules: RuleSet::Jieqi,
            random_plies: 8,
            noise: 60,
            max_plies: 300,
            progress_every: 10,
        }
    }

    /// Whether this run would write anything: checked before the output
    /// file is made, so a refused run leaves a file already there as it was.
    pub fn check(&self) -> Result<(), String> {
        if self.games == 0 {
            return Err("--games must be at least 1".into());
        }
        if self.nodes == 0 {
            return Err("--nodes must be at least 1".into());
        }
        Ok(())
    }
}

/// Totals of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DatagenReport {
    pub games: u64,
    pub positions: u64,
    /// Games won by Red, drawn, won by Black.
    pub red_wins: u64,
    pub draws: u64,
    pub black_wins: u64,
}

impl std::fmt::Display for DatagenReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "datagen: {} games (red {} / draw {} / black {}), {} positions",
            self.games, self.red_wins, self.draws, self.black_wins, self.positions
        )
    }
}

/// A number from `seed` and `stream` (SplitMix64's finaliser).
fn mix(seed: u64, stream: u64) -> u64 {
    let mut z = seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One played game: its kept lines and its outcome.
struct Played {
    lines: Vec<String>,
    outcome: Outcome,
}

fn play_game(cfg: &DatagenConfig, index: u64) -> Result<Played, String> {
    let seed = mix(cfg.seed, index);
    let mut game = Game::seeded(cfg.rules, seed);
    let mut searchers = [Searcher::new(4), Searcher::new(4)];
    let stop = AtomicBool::new(false);
    // (FEN, side to move, score) of the kept positions.
    let mut kept: Vec<(String, Color, i32)> = Vec::new();
    while game.outcome().is_none() {
        let ply = game.ply();
        if ply >= cfg.max_plies {
            game.adjudicate(Outcome {
                winner: None,
                reason: Reason::NoProgress,
            });
            break;
        }
        let c = game.turn();
        let view = game.view(Seat::of(c));
        let noise = if ply < cfg.random_plies { cfg.noise } else { 0 };
        let limits = Limits {
            nodes: Some(cfg.nodes),
            ..Limits::default()
        };
        let req = Request::from_view(&view, Strength::Limits { limits, noise })
            .seed(mix(seed, ply as u64 + 1));
        let r = ai::think(&mut searchers[c.index()], &req, &stop, &mut |_| {});
        let m = r
            .best
            .ok_or_else(|| format!("game {index}: no move at ply {ply}"))?;
        let pos = &view.position;
        if ply >= cfg.random_plies
            && !pos.in_check()
            && pos.piece_at(m.to).is_none()
            && r.score.abs() < MATE_BOUND
        {
            kept.push((fen::write(pos), c, r.score));
        }
        game.play(m)
            .map_err(|e| format!("game {index}: ply {ply}: {m}: {e}"))?;
    }
    let outcome = game.outcome().expect("the loop ends with an outcome");
    let lines = kept
        .into_iter()
        .map(|(text, c, score)| {
            let result = match outcome.winner {
                None => "0.5",
                Some(w) if w == c => "1",
                Some(_) => "0",
            };
            format!("{text}; {result}; {score}")
        })
        .collect();
    Ok(Played { lines, outcome })
}

/// Play `cfg.games` games and write their kept positions to `out`, in the
/// order of the games. `progress` gets the running report every
/// `cfg.progress_every` games but the last: the last report is the
/// command's result, returned (and printed once, by the caller).
pub fn generate(
    cfg: &DatagenConfig,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(&DatagenReport),
) -> Result<DatagenReport, String> {
    cfg.check()?;
    let jobs = cfg.jobs.clamp(1, super::MAX_JOBS);
    let next = AtomicU64::new(0);
    let failed = AtomicBool::new(false);
    let mut report = DatagenReport::default();
    writeln!(out, "{}", super::tune::rules_comment(cfg.rules))
        .map_err(|e| format!("cannot write: {e}"))?;
    let (tx, rx) = mpsc::channel::<(u64, Result<Played, String>)>();
    std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (next, failed) = (&next, &failed);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= cfg.games || failed.load(Ordering::Relaxed) {
                    break;
                }
                if tx.send((i, play_game(cfg, i))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        // Write in game order, whatever order the games finish in.
        let mut waiting = BTreeMap::new();
        let mut write_next = 0u64;
        for (i, r) in rx {
            waiting.insert(i, r);
            while let Some(r) = waiting.remove(&write_next) {
                let played = match r {
                    Ok(p) => p,
                    Err(e) => {
                        failed.store(true, Ordering::Relaxed);
                        return Err(e);
                    }
                };
                for line in &played.lines {
                    writeln!(out, "{line}").map_err(|e| format!("cannot write: {e}"))?;
                }
                report.games += 1;
                report.positions += played.lines.len() as u64;
                match played.outcome.winner {
                    Some(Color::Red) => report.red_wins += 1,
                    Some(Color::Black) => report.black_wins += 1,
                    None => report.draws += 1,
                }
                // What progress counts has been written.
                out.flush().map_err(|e| format!("cannot write: {e}"))?;
                if report.games % cfg.progress_every.max(1) == 0 && report.games < cfg.games {
                    progress(&report);
                }
                write_next += 1;
            }
        }
        Ok(())
    })?;
    Ok(report)
}
