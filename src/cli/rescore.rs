//! `jieqi rescore`: search the positions of a `jieqi datagen` file again,
//! deeper, and write each line with the new search score. The evaluation
//! can then be fitted on a deeper search's scores (`jieqi tune
//! --score-weight`) without replaying the games.
//!
//! Each position is searched from a cleared table and histories, so a
//! line's new score depends only on that line and the node budget: the
//! same command writes the same file, whatever `--jobs` is. Lines keep
//! their order, FEN and result; a position the deeper search finds decided
//! (a mate score) is dropped, as datagen drops them.

use std::io::Write;
use std::sync::atomic::AtomicBool;

use super::tune::{check_rules, read_line, rules_comment, skipped};
use crate::ai::eval::MATE_BOUND;
use crate::ai::{self, Limits, Request, Searcher, Strength};
use crate::rules::RuleSet;

/// Totals of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RescoreReport {
    pub read: u64,
    pub written: u64,
    /// Lines dropped: a mate score at the new depth.
    pub decided: u64,
}

/// The new line for `line` (`FEN; RESULT[; SCORE]`, read as `jieqi tune`
/// reads it) after a search of `nodes` nodes with `searcher`; `Ok(None)`
/// when the search finds a mate.
fn rescore_line(
    searcher: &mut Searcher,
    line: &str,
    nodes: u64,
    rules: RuleSet,
) -> Result<Option<String>, String> {
    let Some(d) = read_line(line, rules)? else {
        return Ok(None);
    };
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    searcher.clear();
    let req = Request::new(
        d.position,
        Vec::new(),
        Strength::Limits { limits, noise: 0 },
    );
    let r = ai::think(searcher, &req, &AtomicBool::new(false), &mut |_| {});
    if r.best.is_none() || r.score.abs() >= MATE_BOUND {
        return Ok(None);
    }
    Ok(Some(format!("{}; {}; {}", d.fen, d.result, r.score)))
}

/// Rescore every line of `text` (but those [`skipped`]) at `nodes` nodes on `jobs`
/// threads, writing the new lines to `out` in the input's order;
/// `progress` gets the running report every 1000 lines but the last
/// block's (the result).
pub fn rescore(
    text: &str,
    nodes: u64,
    jobs: usize,
    rules: RuleSet,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(&RescoreReport),
) -> Result<RescoreReport, String> {
    if nodes == 0 {
        return Err("--nodes must be at least 1".into());
    }
    check_rules(text, rules).map_err(|e| e.to_string())?;
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !skipped(l))
        .collect();
    writeln!(out, "{}", rules_comment(rules)).map_err(|e| format!("cannot write: {e}"))?;
    let jobs = jobs.clamp(1, super::MAX_JOBS);
    let mut report = RescoreReport::default();
    // Blocks of lines, each searched by one thread, written in order.
    for block in lines.chunks(1000) {
        let parts: Vec<Result<Vec<Option<String>>, String>> = std::thread::scope(|scope| {
            let share = block.len().div_ceil(jobs);
            let handles: Vec<_> = block
                .chunks(share.max(1))
                .map(|part| {
                    scope.spawn(move || {
                        let mut searcher = Searcher::new(4);
                        part.iter()
                            .map(|&(n, l)| {
                                rescore_line(&mut searcher, l, nodes, rules)
                                    .map_err(|e| format!("line {}: {e}", n + 1))
                            })
                            .collect()
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a rescore thread panicked"))
                .collect()
        });
        for part in parts {
            for new in part? {
                report.read += 1;
                match new {
                    Some(l) => {
                        writeln!(out, "{l}").map_err(|e| format!("cannot write: {e}"))?;
                        report.written += 1;
                    }
                    None => report.decided += 1,
                }
            }
        }
        // What progress calls written has been written.
        out.flush().map_err(|e| format!("cannot write: {e}"))?;
        // The last block's report is the command's result, printed once.
        if report.read < lines.len() as u64 {
            progress(&report);
        }
    }
    Ok(report)
}

impl std::fmt::Display for RescoreReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "rescore: {} positions read, {} written, {} dropped as decided",
            self.read, self.written, self.decided
        )
    }
}
