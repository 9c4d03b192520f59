//! Sequential probability ratio test on a match's wins, draws and losses,
//! as engine authors use it to stop a match once the answer is known.
//!
//! The model is the generalized SPRT in logistic Elo that fishtest uses:
//! under each hypothesis, the most likely distribution over the outcomes
//! seen whose expected score is that hypothesis's (`s_i`), found by
//! reweighting the empirical one (`p_k / (1 + lambda (v_k - s_i))`), and the
//! LLR is the log-likelihood of the results under the one against the
//! other. The match runner plays games in pairs, colours swapped, that
//! share their opening and their identity draws, so a pair's two games are
//! not independent: it counts complete pairs (pentanomial: engine 1 scored
//! 0, 1/2, 1, 3/2 or 2) and takes each pair's mean score as one
//! observation, as fishtest does. The per-game (trinomial) form is kept for
//! a plain count of wins, draws and losses.

use std::fmt;

/// What a test concludes from its log-likelihood ratio.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The LLR fell to the lower bound: the difference is at most `elo0`.
    H0,
    /// The LLR rose to the upper bound: the difference is at least `elo1`.
    H1,
    /// Neither bound reached yet (or the games ran out).
    Inconclusive,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::H0 => "H0 accepted",
            Verdict::H1 => "H1 accepted",
            Verdict::Inconclusive => "inconclusive",
        })
    }
}

/// The largest Elo difference a hypothesis may name: a 99.99% score, past
/// which no match of a reasonable length tells two hypotheses apart.
pub const MAX_ELO: f64 = 1600.0;

/// Parameters of a test that cannot give a meaningful answer.
#[derive(Clone, Debug, PartialEq)]
pub enum SprtError {
    /// `elo0` and `elo1` must lie within ±[`MAX_ELO`] with `elo0 < elo1`.
    Hypotheses { elo0: f64, elo1: f64 },
    /// Error rates must lie strictly between 0 and 1, with `alpha + beta < 1`.
    ErrorRates { alpha: f64, beta: f64 },
}

impl SprtError {
    /// The message, with the two values at fault as `shown` gives them
    /// (the command line quotes them as written).
    pub fn explain(&self, shown: [&str; 2]) -> String {
        let [a, b] = shown;
        match self {
            SprtError::Hypotheses { .. } => format!(
                "--sprt needs ELO0 < ELO1, both from -{MAX_ELO} to {MAX_ELO}, not {a} and {b}"
            ),
            SprtError::ErrorRates { .. } => format!(
                "--alpha and --beta must lie between 0 and 1 with alpha + beta < 1, \
                 not {a} and {b}"
            ),
        }
    }
}

impl fmt::Display for SprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = match *self {
            SprtError::Hypotheses { elo0, elo1 } => (elo0, elo1),
            SprtError::ErrorRates { alpha, beta } => (alpha, beta),
        };
        f.write_str(&self.explain([&shown_number(a), &shown_number(b)]))
    }
}

impl std::error::Error for SprtError {}

/// A number of the test's (an Elo, an error rate) as printed: as `{}`
/// prints it within 1e-4 to 1e15 (`0.05`, `-5`, `2.5`), in exponent form
/// past that (`1e-300`, not three hundred digits), never `-0`.
pub fn shown_number(x: f64) -> String {
    let x = x + 0.0;
    if x != 0.0 && !(1e-4..1e15).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// Pseudo-count that stands in for an outcome not seen yet (fishtest's),
/// so that a run of only wins gives a finite, growing LLR.
pub const EMPTY_COUNT: f64 = 1e-3;

/// Expected score of a side `elo` logistic Elo stronger than its opponent.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// A game's score for engine 1, by outcome: loss, draw, win.
pub const GAME: [f64; 3] = [0.0, 0.5, 1.0];
/// A pair's mean score for engine 1, by its points from 0 to 2 in halves.
pub const PAIR: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Observations, mean and variance of an observation for `counts[k]`
/// observations of `values[k]`.
fn moments(counts: &[f64], values: &[f64]) -> (f64, f64, f64) {
    let n: f64 = counts.iter().sum();
    let mean = counts.iter().zip(values).map(|(c, v)| c * v).sum::<f64>() / n;
    let var = counts
        .iter()
        .zip(values)
        .map(|(c, v)| c * (v - mean).powi(2))
        .sum::<f64>()
        / n;
    (n, mean, var)
}

/// The distribution closest to `p` (over outcomes scoring `values`, which
/// span 0 to 1) whose expected score is `s` (strictly between 0 and 1):
/// `p_k / (1 + lambda (v_k - s))`, with `lambda` found by bisection where
/// every weight stays positive (the expectation falls as `lambda` grows).
fn most_likely(p: &[f64], values: &[f64], s: f64) -> Vec<f64> {
    let (lo_v, hi_v) = values
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| {
            (a.min(v), b.max(v))
        });
    let weighted = |lambda: f64| -> Vec<f64> {
        p.iter()
            .zip(values)
            .map(|(p, v)| p / (1.0 + lambda * (v - s)))
            .collect()
    };
    let excess = |lambda: f64| -> f64 {
        p.iter()
            .zip(values)
            .map(|(p, v)| p * (v - s) / (1.0 + lambda * (v - s)))
            .sum()
    };
    let (mut lo, mut hi) = (-1.0 / (hi_v - s), 1.0 / (s - lo_v));
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if excess(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    weighted(0.5 * (lo + hi))
}

/// Elo difference and its 95% interval from `counts[k]` observations of
/// the score `values[k]` (per game, [`GAME`], or per pair, [`PAIR`]).
/// No interval (`None`) where the observations do not vary (one of them,
/// or all alike): their spread is the only measure of the noise, and a
/// spread of zero would claim an interval of no width.
pub fn elo_of(counts: &[usize], values: &[f64]) -> (f64, Option<(f64, f64)>) {
    let counts: Vec<f64> = counts.iter().map(|&k| k as f64).collect();
    if counts.iter().sum::<f64>() == 0.0 {
        return (0.0, None);
    }
    let (n, s, var) = moments(&counts, values);
    let to_elo = |x: f64| {
        let x = x.clamp(1e-4, 1.0 - 1e-4);
        -400.0 * (1.0 / x - 1.0).log10()
    };
    if var <= 0.0 {
        return (to_elo(s), None);
    }
    let se = (var / n).sqrt();
    (
        to_elo(s),
        Some((to_elo(s - 1.96 * se), to_elo(s + 1.96 * se))),
    )
}

/// A sequential test of H0 "Elo difference = elo0" against H1 "= elo1".
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl Sprt {
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        let elo = |e: f64| (-MAX_ELO..=MAX_ELO).contains(&e);
        if !(elo(elo0) && elo(elo1) && elo0 < elo1) {
            return Err(SprtError::Hypotheses { elo0, elo1 });
        }
        let rate = |r: f64| r > 0.0 && r < 1.0;
        if !(rate(alpha) && rate(beta) && alpha + beta < 1.0) {
            return Err(SprtError::ErrorRates { alpha, beta });
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// (lower, upper): `ln(beta / (1 - alpha))` and `ln((1 - beta) / alpha)`.
    pub fn bounds(&self) -> (f64, f64) {
        // Differences of logarithms: a tiny rate's quotient would overflow.
        (
            self.beta.ln() - (1.0 - self.alpha).ln(),
            (1.0 - self.beta).ln() - self.alpha.ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after `w` wins, `d` draws
    /// and `l` losses, each game one observation. Zero before any game; an
    /// outcome not seen yet counts as [`EMPTY_COUNT`] games.
    pub fn llr(&self, w: usize, d: usize, l: usize) -> f64 {
        self.llr_of(&[l, d, w], &GAME)
    }

    /// The same after `pairs[k]` pairs in which engine 1 scored `k / 2`
    /// (0, 1/2, 1, 3/2, 2), each pair one observation ([`PAIR`]).
    pub fn llr_pairs(&self, pairs: [usize; 5]) -> f64 {
        self.llr_of(&pairs, &PAIR)
    }

    fn llr_of(&self, counts: &[usize], values: &[f64]) -> f64 {
        if counts.iter().sum::<usize>() == 0 {
            return 0.0;
        }
        let seen: Vec<f64> = counts
            .iter()
            .map(|&k| if k == 0 { EMPTY_COUNT } else { k as f64 })
            .collect();
        // As fishtest: the observations counted with the unseen outcomes'
        // share.
        let n: f64 = seen.iter().sum();
        let p: Vec<f64> = seen.iter().map(|k| k / n).collect();
        let q0 = most_likely(&p, values, score_of_elo(self.elo0));
        let q1 = most_likely(&p, values, score_of_elo(self.elo1));
        n * p
            .iter()
            .zip(q1.iter().zip(&q0))
            .map(|(p, (a, b))| p * (a / b).ln())
            .sum::<f64>()
    }

    /// The bounds as printed: in hundredths, rounded outwards, so that an
    /// LLR printed by [`Sprt::llr_text`] is inside them exactly while the
    /// test has not decided (at -2.944 a bound printed -2.94 would show an
    /// undecided LLR of -2.9405 as on it).
    pub fn bounds_text(&self) -> String {
        let (lo, hi) = self.bounds();
        format!(
            "[{:.2}, {:.2}]",
            (lo * 100.0).floor() / 100.0 + 0.0,
            (hi * 100.0).ceil() / 100.0 + 0.0
        )
    }

    /// `llr` as printed beside [`Sprt::bounds_text`], in hundredths: past a
    /// bound rounded outwards, so it shows on or past that bound; inside
    /// rounded towards zero, so it shows inside (and never as -0.00).
    pub fn llr_text(&self, llr: f64) -> String {
        let x = llr * 100.0;
        let rounded = match self.verdict(llr) {
            Verdict::H1 => x.ceil(),
            Verdict::H0 => x.floor(),
            Verdict::Inconclusive => x.trunc(),
        };
        format!("{:.2}", rounded / 100.0 + 0.0)
    }

    /// `H0` or `H1` once `llr` reaches a bound, otherwise `Inconclusive`.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Verdict::H1
        } else if llr <= lo {
            Verdict::H0
        } else {
            Verdict::Inconclusive
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn values_of_an_independent_computation() {
        let t = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        // The same model computed apart (Python, bisection on lambda).
        assert!((t.llr(60, 20, 20) - 1.389_822_163_939_287_8).abs() < 1e-6);
        assert!((t.llr(20, 20, 60) + 1.488_185_755_527_142).abs() < 1e-6);
        let (lo, hi) = t.bounds();
        assert!(close(lo, -2.9444389791664403) && close(hi, -lo));
    }

    #[test]
    fn numbers_print_short_and_without_a_negative_zero() {
        for (x, shown) in [
            (0.05, "0.05"),
            (-5.0, "-5"),
            (2.5, "2.5"),
            (-0.0, "0"),
            (0.0, "0"),
            (1e-4, "0.0001"),
            (1e-300, "1e-300"),
            (5e-324, "5e-324"),
            (-1e-320, "-1e-320"),
            (1e20, "1e20"),
        ] {
            assert_eq!(shown_number(x), shown, "{x:e}");
        }
    }

    /// An undecided LLR prints inside the bounds, a decided one on or past
    /// its bound, and none as -0.00.
    #[test]
    fn the_printed_llr_agrees_with_the_verdict() {
        let t = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let (lo, hi) = t.bounds();
        assert_eq!(t.bounds_text(), "[-2.95, 2.95]");
        for (llr, shown) in [
            (-2.9405, "-2.94"),
            (lo + 1e-9, "-2.94"),
            (lo, "-2.95"),
            (-2.9445, "-2.95"),
            (-3.001, "-3.01"),
            (hi - 1e-9, "2.94"),
            (hi, "2.95"),
            (-0.004, "0.00"),
            (0.009, "0.00"),
            (-0.011, "-0.01"),
        ] {
            assert_eq!(t.llr_text(llr), shown, "{llr}");
        }
    }

    #[test]
    fn symmetric_hypotheses_and_results_give_zero() {
        let t = Sprt::new(-5.0, 5.0, 0.05, 0.05).unwrap();
        assert!(t.llr(30, 40, 30).abs() < 1e-9);
        assert_eq!(t.verdict(0.0), Verdict::Inconclusive);
    }
}
