//! `jieqi tune`: a Texel-style logistic fit of the evaluation's weights on
//! positions with known results (the output of `jieqi datagen`).
//!
//! The evaluation is linear in its weights (see [`crate::ai::eval`]), so
//! each position is read once into its feature counts and phase; the
//! predicted result is `sigmoid(K x eval)` with
//! `sigmoid(x) = 1 / (1 + 10^(-x / 400))`. `K` is fitted first with the
//! starting weights and then kept, so the fitted weights stay on the same
//! centipawn scale; then full-batch gradient descent (Adam) lowers the mean
//! squared error between prediction and target. The target is the game's
//! result, or a blend with the search score's prediction (`--score-weight`).
//! The output is the Rust source of the weights table.

use crate::ai::eval::{self, name, Weight, FEATURES, PHASE_MAX};
use crate::rules::xiangqi::fen;
use crate::rules::{Color, RuleSet};

/// One position, as the fit sees it.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Non-zero feature counts, signed for the side to move.
    pub features: Vec<(u16, f32)>,
    /// The learnt correction's non-zero inputs as the engine computes them
    /// (in [`eval::net::INPUT_SCALE`] fixed point, so a fraction is rounded
    /// toward zero), divided back to counts, as it reads them for the side
    /// to move ([`eval::net_view`]).
    pub inputs: Vec<(u16, f32)>,
    /// Middle-game share: phase / PHASE_MAX.
    pub mg: f32,
    /// Game result for the side to move: 1, 0.5 or 0.
    pub result: f32,
    /// Search score for the side to move, in centipawns (0 if absent).
    pub score: f32,
    /// The engine's learnt correction for this position (side to move).
    pub correction: f32,
    /// Added to the linear evaluation: the correction when a fit reads the
    /// whole evaluation ([`with_net`]), else 0.
    pub offset: f32,
}

/// A line of the data that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for DataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for DataError {}

impl Sample {
    /// The sample of a position with a result (and a score) for its side to move.
    pub fn of(pos: &crate::rules::Position, result: f32, score: f32) -> Sample {
        let f = eval::features(pos);
        let sign = if f.turn == Color::Red { 1.0 } else { -1.0 };
        Sample {
            features: f
                .counts
                .iter()
                .enumerate()
                .filter(|(_, c)| **c != 0.0)
                .map(|(i, c)| (i as u16, c * sign))
                .collect(),
            inputs: eval::net_view(&f.inputs, f.turn)
                .iter()
                .enumerate()
                .filter(|(_, x)| **x != 0)
                .map(|(i, &x)| (i as u16, x as f32 / eval::net::INPUT_SCALE as f32))
                .collect(),
            mg: f.phase as f32 / PHASE_MAX as f32,
            result,
            score,
            correction: eval::correction(&f.inputs, f.turn) as f32,
            offset: 0.0,
        }
    }

    /// The evaluation under `w` (side to move, centipawns), plus the
    /// sample's offset.
    pub fn eval(&self, w: &[(f64, f64)]) -> f64 {
        let mg = self.mg as f64;
        self.features
            .iter()
            .map(|&(i, c)| c as f64 * (w[i as usize].0 * mg + w[i as usize].1 * (1.0 - mg)))
            .sum::<f64>()
            + self.offset as f64
    }
}

/// Give every sample the engine's learnt correction as its offset, so a
/// fit of some linear weights ([`FitOptions::frozen`] the others) learns
/// what the whole evaluation misses, not what the correction already says.
pub fn with_net(samples: &mut [Sample]) {
    for s in samples {
        s.offset = s.correction;
    }
}

/// One line of data, read.
pub struct DataLine<'a> {
    pub fen: &'a str,
    pub position: crate::rules::Position,
    /// For the side to move: 1, 0.5 or 0.
    pub result: f32,
    /// The search score for the side to move (0 if absent).
    pub score: f32,
}

/// Whether a line of data is no data: blank, or a `#` comment.
pub fn skipped(line: &str) -> bool {
    let line = line.trim();
    line.is_empty() || line.starts_with('#')
}

/// The comment `datagen` and `rescore` write first: the rule set the
/// positions were played under, which every reader checks.
pub fn rules_comment(rules: RuleSet) -> String {
    format!("# rules {}", rules.id())
}

/// The rule set a `# rules R` comment names; `None` for any other line.
fn rules_named(line: &str) -> Option<Result<RuleSet, String>> {
    let rest = line.trim().strip_prefix('#')?;
    let mut words = rest.split_whitespace();
    let first = words.next()?;
    let first = first.strip_suffix(':').unwrap_or(first);
    if !first.eq_ignore_ascii_case("rules") {
        return None;
    }
    Some(match (words.next(), words.next()) {
        (Some(id), None) => RuleSet::from_id(id).ok_or_else(|| {
            if crate::rules::chess::Variant::from_id(id).is_some() {
                format!(
                    "the data is of rules {}: a chess rule set, not one of the Jieqi \
                     family these fits read",
                    super::shown(id)
                )
            } else {
                format!(
                    "unknown rules '{}' (one of {})",
                    super::shown(id),
                    super::rule_set_ids()
                )
            }
        }),
        _ => Err("a '# rules' line names one rule set: '# rules R'".into()),
    })
}

/// Check the data's [`rules_comment`]s against `rules`: positions read,
/// and fitted, under rules they were not played under would be wrong
/// without a word. Data without one is read under `rules`; data naming
/// two rule sets (files joined) is refused, naming both lines.
pub fn check_rules(text: &str, rules: RuleSet) -> Result<(), DataError> {
    let mut first: Option<(usize, RuleSet)> = None;
    for (n, line) in text.lines().enumerate() {
        let Some(named) = rules_named(line) else {
            continue;
        };
        let err = |message| DataError {
            line: n + 1,
            message,
        };
        let r = named.map_err(err)?;
        match first {
            None => first = Some((n + 1, r)),
            Some((at, f)) if f != r => {
                return Err(err(format!(
                    "the data mixes rule sets: {} here, {} on line {at}; a fit reads one",
                    r.id(),
                    f.id()
                )))
            }
            Some(_) => {}
        }
    }
    match first {
        Some((line, r)) if r != rules => Err(DataError {
            line,
            message: format!(
                "the data is of rules {0}, not {1}: read it with --rules {0}",
                r.id(),
                rules.id()
            ),
        }),
        _ => Ok(()),
    }
}

/// Read one `FEN; RESULT[; SCORE]` line under `rules`; `Ok(None)` when it
/// is [`skipped`] (the file's rule set is [`check_rules`]'s to check).
pub fn read_line(line: &str, rules: RuleSet) -> Result<Option<DataLine<'_>>, String> {
    if skipped(line) {
        return Ok(None);
    }
    let line = line.trim();
    let mut fields = line.split(';').map(str::trim);
    let fen_text = fields.next().unwrap_or("");
    let result: f32 = match fields.next() {
        Some("1") | Some("1.0") => 1.0,
        Some("0.5") => 0.5,
        Some("0") | Some("0.0") => 0.0,
        Some(r) => {
            return Err(format!(
                "result must be 1, 0.5 or 0, not '{}'",
                super::shown(r)
            ))
        }
        None => {
            return Err(format!(
                "expected 'FEN; RESULT[; SCORE]', not '{}'",
                super::shown(line)
            ))
        }
    };
    let score: f32 = match fields.next() {
        None => 0.0,
        Some(s) => s
            .parse()
            .ok()
            .filter(|v: &f32| v.is_finite())
            .ok_or_else(|| format!("score must be a number, not '{}'", super::shown(s)))?,
    };
    if fields.next().is_some() {
        return Err("too many fields".into());
    }
    let position = fen::parse(fen_text, rules).map_err(|e| super::bad_fen(fen_text, e))?;
    Ok(Some(DataLine {
        fen: fen_text,
        position,
        result,
        score,
    }))
}

/// Read `FEN; RESULT[; SCORE]` lines (blank lines and `#` comments skipped).
pub fn parse_data(text: &str, rules: RuleSet) -> Result<Vec<Sample>, DataError> {
    check_rules(text, rules)?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let read = read_line(line, rules).map_err(|message| DataError {
            line: n + 1,
            message,
        })?;
        if let Some(d) = read {
            out.push(Sample::of(&d.position, d.result, d.score));
        }
    }
    Ok(out)
}

/// `sigmoid(k x eval)` on the 400-centipawn scale.
#[inline]
pub fn predict(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// The target of a sample: its result, blended with its score's prediction.
#[inline]
pub fn target(s: &Sample, k: f64, score_weight: f64) -> f64 {
    let r = s.result as f64;
    if score_weight == 0.0 {
        r
    } else {
        score_weight * predict(k, s.score as f64) + (1.0 - score_weight) * r
    }
}

/// Mean squared error of the predictions under `w`.
pub fn mean_error(samples: &[Sample], w: &[(f64, f64)], k: f64, score_weight: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| (target(s, k, score_weight) - predict(k, s.eval(w))).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// The `K` that minimises the error under `w` (golden-section search on
/// 0.05..5; the error is unimodal in `K` in practice).
pub fn fit_k(samples: &[Sample], w: &[(f64, f64)], score_weight: f64) -> f64 {
    let (mut a, mut b) = (0.05f64, 5.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let err = |k: f64| mean_error(samples, w, k, score_weight);
    let (mut c, mut d) = (b - g * (b - a), a + g * (b - a));
    let (mut fc, mut fd) = (err(c), err(d));
    for _ in 0..40 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = err(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = err(d);
        }
    }
    (a + b) / 2.0
}

/// Settings of the gradient descent.
#[derive(Clone, Debug)]
pub struct FitOptions {
    pub iterations: usize,
    /// Adam's step size, in centipawns.
    pub rate: f64,
    pub score_weight: f64,
    /// Ridge penalty towards the starting weights: this times the sum of
    /// squared differences in units of 100 centipawns is added to the error
    /// (weights the data says little about stay where they were).
    pub l2: f64,
    /// Features whose weights stay as given.
    pub frozen: Vec<usize>,
    /// Predict with the engine's learnt correction added ([`with_net`]).
    pub with_net: bool,
}

impl Default for FitOptions {
    fn default() -> FitOptions {
        FitOptions {
            iterations: 1000,
            rate: 1.0,
            score_weight: 0.0,
            l2: 0.0,
            frozen: Vec::new(),
            with_net: false,
        }
    }
}

/// Adam's moments, one pair per parameter (both fits use it).
pub struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
}

impl Adam {
    const B1: f64 = 0.9;
    const B2: f64 = 0.999;
    const EPS: f64 = 1e-8;

    pub fn new(params: usize) -> Adam {
        Adam {
            m: vec![0.0; params],
            v: vec![0.0; params],
        }
    }

    /// The step to take off parameter `j`, whose gradient is `g`, at
    /// step number `t` (from 1).
    #[inline]
    pub fn step(&mut self, j: usize, g: f64, rate: f64, t: i32) -> f64 {
        let (m, v) = (&mut self.m[j], &mut self.v[j]);
        *m = Self::B1 * *m + (1.0 - Self::B1) * g;
        *v = Self::B2 * *v + (1.0 - Self::B2) * g * g;
        let mh = *m / (1.0 - Self::B1.powi(t));
        let vh = *v / (1.0 - Self::B2.powi(t));
        rate * mh / (vh.sqrt() + Self::EPS)
    }
}

/// Fit the weights from `start` with `K` fixed (Adam on the mean squared
/// error, full batch); `report(iteration, error, held-out error)` every 100
/// iterations. With held-out samples, the weights returned are those of
/// the check (every 100 iterations) where the held-out error was lowest:
/// the fit stops improving on data it has not seen before it overfits.
pub fn fit(
    samples: &[Sample],
    held_out: &[Sample],
    start: &[(f64, f64)],
    k: f64,
    opts: &FitOptions,
    report: &mut dyn FnMut(usize, f64, f64),
) -> Vec<(f64, f64)> {
    let n = start.len();
    let mut w = start.to_vec();
    if samples.is_empty() {
        return w;
    }
    let mut best = (mean_error(held_out, &w, k, opts.score_weight), w.clone());
    let mut adam = Adam::new(2 * n);
    let a = k * std::f64::consts::LN_10 / 400.0;
    let scale = 1.0 / samples.len() as f64;
    for it in 1..=opts.iterations {
        let mut grad = vec![0.0f64; 2 * n];
        for s in samples {
            let p = predict(k, s.eval(&w));
            // d(error)/d(eval) for this sample.
            let g = -2.0 * (target(s, k, opts.score_weight) - p) * a * p * (1.0 - p);
            let mg = s.mg as f64;
            for &(i, c) in &s.features {
                let gc = g * c as f64;
                grad[2 * i as usize] += gc * mg;
                grad[2 * i as usize + 1] += gc * (1.0 - mg);
            }
        }
        for j in 0..2 * n {
            if opts.frozen.contains(&(j / 2)) {
                continue;
            }
            let (wj, sj) = if j % 2 == 0 {
                (w[j / 2].0, start[j / 2].0)
            } else {
                (w[j / 2].1, start[j / 2].1)
            };
            let gj = grad[j] * scale + 2.0 * opts.l2 * (wj - sj) / 1e4;
            let step = adam.step(j, gj, opts.rate, it as i32);
            if j % 2 == 0 {
                w[j / 2].0 -= step;
            } else {
                w[j / 2].1 -= step;
            }
        }
        if it % 100 == 0 || it == opts.iterations {
            let held = mean_error(held_out, &w, k, opts.score_weight);
            report(it, mean_error(samples, &w, k, opts.score_weight), held);
            if held_out.is_empty() || held < best.0 {
                best = (held, w.clone());
            }
        }
    }
    best.1
}

/// The weights as floats.
pub fn to_f64(w: &[Weight]) -> Vec<(f64, f64)> {
    w.iter().map(|&(a, b)| (a as f64, b as f64)).collect()
}

/// The weights rounded to whole centipawns.
pub fn rounded(w: &[(f64, f64)]) -> Vec<Weight> {
    w.iter()
        .map(|&(a, b)| (a.round() as i32, b.round() as i32))
        .collect()
}

/// The Rust source of `engine/src/ai/eval/weights.rs` holding `w` (without its
/// final newline).
pub fn weights_source(w: &[Weight], header: &str) -> String {
    let mut s = String::from(
        "//! The evaluation's weights (middle game, end game), one per feature of\n\
         //! [`super::name`], as printed by `jieqi tune`.\n",
    );
    for line in header.lines() {
        s.push_str(&format!("//! {line}\n"));
    }
    s.push_str("\nuse super::{Weight, FEATURES};\n\n#[rustfmt::skip]\npub const WEIGHTS: [Weight; FEATURES] = [\n");
    for (i, (a, b)) in w.iter().enumerate() {
        let pair = format!("({a}, {b}),");
        s.push_str(&format!("    {pair:<14}// {}\n", name(i)));
    }
    // No final newline: the program adds one when it prints it.
    s.push_str("];");
    s
}

/// `jieqi tune`: read the data, fit K then the weights, return the source.
/// The positions of `text`, split into those to fit and those held out:
/// one block of 500 positions in ten (whole games, mostly) is held out to
/// check the fit on data it has not seen.
pub fn read_split(text: &str, rules: RuleSet) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let all = parse_data(text, rules).map_err(|e| e.to_string())?;
    if all.is_empty() {
        return Err("no positions to fit".into());
    }
    let (mut samples, mut held) = (Vec::new(), Vec::new());
    for (i, s) in all.into_iter().enumerate() {
        if (i / 500) % 10 == 9 {
            held.push(s);
        } else {
            samples.push(s);
        }
    }
    Ok((samples, held))
}

/// What both fits start from: the data, split; the current linear weights;
/// and K, which maps centipawns to the expected result, fitted on the
/// results alone whatever the target's blend (fitted on a blend with the
/// search scores, it would shrink towards 0 as the blend leans on them).
pub struct Prepared {
    pub samples: Vec<Sample>,
    pub held: Vec<Sample>,
    pub weights: Vec<(f64, f64)>,
    pub k: f64,
}

/// A warning when `K` ran to an end of [`fit_k`]'s range: it was cut off
/// there, not found, so the fit rests on a scale the data never said.
pub fn k_warning(k: f64) -> Option<String> {
    // The search closes in on an end to well within this.
    let why = if k > 4.999 {
        "results that all agree with the evaluation's sign"
    } else if k < 0.0501 {
        "results that are all draws or go against the evaluation's sign"
    } else {
        return None;
    };
    Some(format!(
        "warning: K ran to {k:.4}, an end of its range (0.05 to 5): the results do not \
         pin the evaluation's scale (too few positions, or {why}); what follows rests \
         on that guess"
    ))
}

pub fn prepare(text: &str, rules: RuleSet, net: bool) -> Result<Prepared, String> {
    let (mut samples, mut held) = read_split(text, rules)?;
    if net {
        with_net(&mut samples);
        with_net(&mut held);
    }
    let weights = to_f64(&eval::WEIGHTS);
    let k = fit_k(&samples, &weights, 0.0);
    Ok(Prepared {
        samples,
        held,
        weights,
        k,
    })
}

pub fn tune_command(
    text: &str,
    rules: RuleSet,
    opts: &FitOptions,
    log: &mut dyn FnMut(&str),
) -> Result<String, String> {
    let Prepared {
        samples,
        held,
        weights: start,
        k,
    } = prepare(text, rules, opts.with_net)?;
    let err = |w: &[(f64, f64)], set: &[Sample]| mean_error(set, w, k, opts.score_weight);
    let (before, held_before) = (err(&start, &samples), err(&start, &held));
    log(&format!(
        "{} positions ({} held out), {FEATURES} features; K = {k:.4}; \
         error {before:.6}, held out {held_before:.6}",
        samples.len() + held.len(),
        held.len()
    ));
    if let Some(w) = k_warning(k) {
        log(&w);
    }
    // An error that is no longer a number says the steps threw the weights
    // about, even where the held-out choice kept the weights it started from.
    let mut lost = false;
    let w = fit(&samples, &held, &start, k, opts, &mut |it, e, h| {
        lost |= !(e.is_finite() && h.is_finite());
        log(&format!("iteration {it}: error {e:.6}, held out {h:.6}"))
    });
    // A rate too large for the data throws the weights about: printed,
    // they would replace the engine's with nonsense.
    let sane = |v: f64| v.is_finite() && v.abs() <= eval::MATE as f64;
    if lost || !w.iter().all(|&(a, b)| sane(a) && sane(b)) {
        return Err(format!(
            "the fit diverged (its error or a weight past {} or not a number): \
             try a smaller --rate (or --l2)",
            eval::MATE
        ));
    }
    let w = rounded(&w);
    let wf = to_f64(&w);
    let (after, held_after) = (err(&wf, &samples), err(&wf, &held));
    log(&format!(
        "error {before:.6} -> {after:.6}, held out {held_before:.6} -> {held_after:.6} \
         (rounded weights)"
    ));
    let header = format!(
        "Fitted on {} positions ({} held out): K = {k:.4}; mean squared error\n\
         {before:.6} -> {after:.6}, held out {held_before:.6} -> {held_after:.6}\n\
         ({} iterations at most, rate {}, score weight {}, l2 {}{}).",
        samples.len() + held.len(),
        held.len(),
        opts.iterations,
        opts.rate,
        opts.score_weight,
        opts.l2,
        [
            (opts.with_net, "with the learnt correction".to_string()),
            (
                !opts.frozen.is_empty(),
                format!("{} weights held", opts.frozen.len())
            ),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, text)| format!("; {text}"))
        .collect::<String>()
    );
    Ok(weights_source(&w, &header))
}
