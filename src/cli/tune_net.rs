//! `jieqi tune --net`: fit the evaluation's learnt correction
//! (`engine/src/ai/eval/net.rs`) on datagen output, the linear weights
//! staying as they are. The target is the one the linear fit uses
//! ([`super::tune`]: the result blended with the search score's
//! prediction); the model is the linear evaluation plus the network, and
//! Adam fits the network on mini-batches. The inputs are scaled to unit
//! size while fitting and the scale is folded into the printed weights.

use jieqi_engine::ai::eval::net::{self, HIDDEN, INPUTS, ONE, SIDE_INPUTS, W1_SCALE};
use jieqi_engine::ai::eval::{self, FEATURES};
use jieqi_engine::rules::RuleSet;
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::tune::{k_warning, predict, prepare, target, Adam, Prepared, Sample};

/// Settings of the network fit.
#[derive(Clone, Debug)]
pub struct NetOptions {
    /// Passes over the data.
    pub epochs: usize,
    /// Adam's step for the first layer (unit-scaled inputs).
    pub rate: f64,
    pub score_weight: f64,
    pub batch: usize,
    pub seed: u64,
    /// Start from the engine's network (`net_weights.rs`) instead of a
    /// random one: a further fit on new data, or of new inputs, whose
    /// rows start at zero.
    pub from_engine: bool,
}

/// The network in floating point, on unit-scaled inputs.
#[derive(Clone, Debug)]
pub struct Net {
    /// `w1[j * INPUTS + i]`.
    pub w1: Vec<f64>,
    pub b1: Vec<f64>,
    /// Output weights, centipawns.
    pub out: Vec<f64>,
    pub out_bias: f64,
}

/// One position, dense inputs (side to move), the linear evaluation and
/// the target.
struct Row {
    x: [f32; INPUTS],
    linear: f32,
    target: f32,
}

impl Net {
    /// The network that corrects nothing.
    pub fn zero() -> Net {
        Net {
            w1: vec![0.0; HIDDEN * INPUTS],
            b1: vec![0.0; HIDDEN],
            out: vec![0.0; HIDDEN],
            out_bias: 0.0,
        }
    }

    /// The engine's network (`net_weights.rs`) in this form, for inputs
    /// unit-scaled by `scale` (floating point: the engine's inputs are
    /// rounded toward zero, so its values differ by a rounding).
    pub fn shipped(scale: &[f64; INPUTS]) -> Net {
        let mut w1 = vec![0.0; HIDDEN * INPUTS];
        for (i, row) in net::W1.iter().enumerate() {
            for (j, &w) in row.iter().enumerate() {
                w1[j * INPUTS + i] = w as f64 / W1_SCALE as f64 * scale[i];
            }
        }
        Net {
            w1,
            b1: net::B1.iter().map(|&b| b as f64 / ONE as f64).collect(),
            out: net::OUT.iter().map(|&o| o as f64).collect(),
            out_bias: net::OUT_BIAS as f64,
        }
    }

    fn params(&self) -> usize {
        self.w1.len() + self.b1.len() + self.out.len() + 1
    }

    /// The correction for unit-scaled inputs `x`; the units' sums before
    /// clipping are left in `h`.
    pub fn forward(&self, x: &[f32; INPUTS], h: &mut [f64; HIDDEN]) -> f64 {
        let mut e = self.out_bias;
        for (j, hj) in h.iter_mut().enumerate() {
            let w = &self.w1[j * INPUTS..(j + 1) * INPUTS];
            let a = self.b1[j] + w.iter().zip(x).map(|(w, &x)| w * x as f64).sum::<f64>();
            *hj = a;
            e += self.out[j] * a.clamp(0.0, 1.0);
        }
        e
    }
}

/// The network's inputs of a sample before scaling: the features before
/// the piece-square tables as the engine rounds them, as it reads them for
/// the side to move.
fn raw_inputs(s: &Sample) -> [f64; INPUTS] {
    let mut x = [0.0; INPUTS];
    for &(i, c) in &s.inputs {
        if (i as usize) < INPUTS {
            x[i as usize] = c as f64;
        }
    }
    x
}

fn rows(
    samples: &[Sample],
    linear: &[(f64, f64)],
    scale: &[f64; INPUTS],
    k: f64,
    sw: f64,
) -> Vec<Row> {
    samples
        .iter()
        .map(|s| {
            let raw = raw_inputs(s);
            let x: [f32; INPUTS] = std::array::from_fn(|i| (raw[i] / scale[i]) as f32);
            Row {
                x,
                linear: s.eval(linear) as f32,
                target: target(s, k, sw) as f32,
            }
        })
        .collect()
}

/// The mean squared error of the linear evaluation under `linear` plus
/// `net` (unit-scaled by `scale`) on `samples`, for the target of
/// [`NetOptions::score_weight`] `sw`.
pub fn net_error(
    net: &Net,
    scale: &[f64; INPUTS],
    samples: &[Sample],
    linear: &[(f64, f64)],
    k: f64,
    sw: f64,
) -> f64 {
    mean_error(net, &rows(samples, linear, scale, k, sw), k)
}

fn mean_error(net: &Net, rows: &[Row], k: f64) -> f64 {
    if rows.is_empty() {
        return 0.0;
    }
    let mut h = [0.0; HIDDEN];
    let sum: f64 = rows
        .iter()
        .map(|r| {
            let e = r.linear as f64 + net.forward(&r.x, &mut h);
            (r.target as f64 - predict(k, e)).powi(2)
        })
        .sum();
    sum / rows.len() as f64
}

/// The per-input scale: the root mean square of each input over the data
/// (at least 0.25, so that rare inputs are not blown up), and whether the
/// data sets the input at all.
fn input_scale(samples: &[Sample]) -> ([f64; INPUTS], [bool; INPUTS]) {
    let mut sq = [0f64; INPUTS];
    for s in samples {
        for (q, x) in sq.iter_mut().zip(raw_inputs(s)) {
            *q += x * x;
        }
    }
    let n = samples.len().max(1) as f64;
    (sq.map(|v| (v / n).sqrt().max(0.25)), sq.map(|v| v > 0.0))
}

/// Fit the network; `report(epoch, error, held-out error)` after each pass.
/// Returns the network of the pass with the lowest held-out error, in
/// unit-scaled form, and the input scale.
pub fn fit_net(
    samples: &[Sample],
    held_out: &[Sample],
    linear: &[(f64, f64)],
    k: f64,
    opts: &NetOptions,
    report: &mut dyn FnMut(usize, f64, f64),
) -> (Net, [f64; INPUTS]) {
    let (scale, seen) = input_scale(samples);
    let train = rows(samples, linear, &scale, k, opts.score_weight);
    let held = rows(held_out, linear, &scale, k, opts.score_weight);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(opts.seed);
    let mut uniform =
        |amp: f64| (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 * amp - amp;
    let random = Net {
        // An input the data never sets gets no weight (it would keep its
        // random start: advisors and elephants bound to the palace and the
        // river, for example, in Jieqi data).
        w1: (0..HIDDEN * INPUTS)
            .map(|p| {
                let w = uniform(0.1);
                if seen[p % INPUTS] {
                    w
                } else {
                    0.0
                }
            })
            .collect(),
        b1: vec![0.5; HIDDEN],
        out: (0..HIDDEN).map(|_| uniform(1.0)).collect(),
        out_bias: 0.0,
    };
    let mut net = if opts.from_engine {
        Net::shipped(&scale)
    } else {
        random
    };
    let mut order: Vec<usize> = (0..train.len()).collect();
    let n = net.params();
    let mut adam = Adam::new(n);
    let mut t = 0;
    let a = k * std::f64::consts::LN_10 / 400.0;
    // No network is better than one that does worse on held-out data, nor,
    // from the engine's, than the engine's.
    let mut best = (mean_error(&Net::zero(), &held, k), Net::zero());
    if opts.from_engine {
        let e = mean_error(&net, &held, k);
        if e < best.0 {
            best = (e, net.clone());
        }
    }
    let out_at = HIDDEN * INPUTS + HIDDEN;
    for epoch in 1..=opts.epochs {
        // The rate falls along half a cosine, from the full rate at the
        // first pass to a twentieth at the last: large steps find the
        // valley, small ones settle in it (the held-out error no longer
        // jumps from pass to pass at the end).
        let progress = (epoch - 1) as f64 / opts.epochs.max(1) as f64;
        let schedule = 0.05 + 0.95 * 0.5 * (1.0 + (std::f64::consts::PI * progress).cos());
        // Shuffle (Fisher-Yates, from the seed).
        for i in (1..order.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        for batch in order.chunks(opts.batch.max(1)) {
            let mut grad = vec![0.0f64; n];
            let mut h = [0.0; HIDDEN];
            for &r in batch {
                let row = &train[r];
                let e = row.linear as f64 + net.forward(&row.x, &mut h);
                let p = predict(k, e);
                let g = -2.0 * (row.target as f64 - p) * a * p * (1.0 - p);
                grad[n - 1] += g;
                for j in 0..HIDDEN {
                    grad[out_at + j] += g * h[j].clamp(0.0, 1.0);
                    if h[j] > 0.0 && h[j] < 1.0 {
                        let d = g * net.out[j];
                        grad[HIDDEN * INPUTS + j] += d;
                        let gw = &mut grad[j * INPUTS..(j + 1) * INPUTS];
                        for (g, &x) in gw.iter_mut().zip(&row.x) {
                            *g += d * x as f64;
                        }
                    }
                }
            }
            t += 1;
            let inv = 1.0 / batch.len() as f64;
            for (p, &g) in grad.iter().enumerate() {
                // The output layer is in centipawns: a larger step.
                let rate = schedule
                    * if p >= out_at {
                        opts.rate * 500.0
                    } else {
                        opts.rate
                    };
                let step = adam.step(p, g * inv, rate, t);
                if p < HIDDEN * INPUTS {
                    net.w1[p] -= step;
                } else if p < out_at {
                    net.b1[p - HIDDEN * INPUTS] -= step;
                } else if p < n - 1 {
                    net.out[p - out_at] -= step;
                } else {
                    net.out_bias -= step;
                }
            }
        }
        let held_err = mean_error(&net, &held, k);
        report(epoch, mean_error(&net, &train, k), held_err);
        if held_err < best.0 {
            best = (held_err, net.clone());
        }
    }
    (best.1, scale)
}

/// The network's weights in the engine's fixed point, as the source of
/// `net_weights.rs`.
pub fn net_source(net: &Net, scale: &[f64; INPUTS], header: &str) -> String {
    let mut s = String::new();
    for line in header.lines() {
        s.push_str(&format!("//! {line}\n").replace("//! \n", "//!\n"));
    }
    s.push_str("\nuse super::{HIDDEN, INPUTS};\n\n");
    s.push_str(&format!(
        "pub const OUT_BIAS: i32 = {};\n",
        net.out_bias.round() as i32
    ));
    let out: Vec<String> = net
        .out
        .iter()
        .map(|v| (v.round() as i32).clamp(-32767, 32767).to_string())
        .collect();
    s.push_str(&format!(
        "#[rustfmt::skip]\npub const OUT: [i16; HIDDEN] = [{}];\n",
        out.join(", ")
    ));
    let b1: Vec<String> = net
        .b1
        .iter()
        .map(|b| ((b * ONE as f64).round() as i32).to_string())
        .collect();
    s.push_str(&format!(
        "#[rustfmt::skip]\npub const B1: [i32; HIDDEN] = [{}];\n",
        b1.join(", ")
    ));
    s.push_str("#[rustfmt::skip]\npub const W1: [[i16; HIDDEN]; INPUTS] = [\n");
    for (i, scale) in scale.iter().enumerate() {
        let row: Vec<String> = (0..HIDDEN)
            .map(|j| {
                let w = net.w1[j * INPUTS + i] / scale * W1_SCALE as f64;
                format!("{:>5}", (w.round() as i32).clamp(-32767, 32767))
            })
            .collect();
        s.push_str(&format!("    [{}], // {}\n", row.join(","), input_name(i)));
    }
    // No final newline: the program adds one when it prints it.
    s.push_str("];");
    s
}

/// The name of input `i`: a feature of the side to move's or the other
/// side's.
fn input_name(i: usize) -> String {
    if i < SIDE_INPUTS {
        format!("us: {}", eval::name(i))
    } else {
        format!("them: {}", eval::name(i - SIDE_INPUTS))
    }
}

/// `jieqi tune FILE --net`: fit the network on the data of `text` and
/// return the source of `net_weights.rs`.
pub fn tune_net_command(
    text: &str,
    rules: RuleSet,
    opts: &NetOptions,
    log: &mut dyn FnMut(&str),
) -> Result<String, String> {
    let Prepared {
        samples,
        held,
        weights: linear,
        k,
    } = prepare(text, rules, false)?;
    // The network kept is the pass that does best on the held-out block;
    // without a whole one there is nothing sound to choose by (a handful of
    // positions would choose by chance).
    if held.len() < 500 {
        return Err(format!(
            "{} positions are too few: the fit keeps the pass that does best on \
             held-out positions, and needs at least 5000 (the 500 after the first \
             4500 are the first held out)",
            samples.len() + held.len()
        ));
    }
    let (scale, _) = input_scale(&samples);
    let linear_held = net_error(&Net::zero(), &scale, &held, &linear, k, opts.score_weight);
    let shipped_held = net_error(
        &Net::shipped(&scale),
        &scale,
        &held,
        &linear,
        k,
        opts.score_weight,
    );
    log(&format!(
        "{} positions ({} held out), {INPUTS} of {FEATURES} features into {HIDDEN} units; \
         K = {k:.4}; held-out error of the linear evaluation alone {linear_held:.6}, \
         with the engine's network {shipped_held:.6}",
        samples.len() + held.len(),
        held.len()
    ));
    if let Some(w) = k_warning(k) {
        log(&w);
    }
    let (net, scale) = fit_net(&samples, &held, &linear, k, opts, &mut |e, err, h| {
        log(&format!("epoch {e}: error {err:.6}, held out {h:.6}"))
    });
    let best = net_error(&net, &scale, &held, &linear, k, opts.score_weight);
    // Printed, a diverged network (its integers clamped) would replace the
    // engine's with nonsense.
    let int16 = |v: f64| v.round().abs() <= 32767.0;
    let fits = best.is_finite()
        && int16(net.out_bias)
        && net.out.iter().all(|&v| int16(v))
        && net
            .b1
            .iter()
            .all(|&b| (b * ONE as f64).round().abs() <= i32::MAX as f64)
        && (0..INPUTS).all(|i| {
            (0..HIDDEN).all(|j| int16(net.w1[j * INPUTS + i] / scale[i] * W1_SCALE as f64))
        });
    // What a pass must beat to be printed: the network of zeros (it would
    // take the engine's correction away) and, from the engine's network,
    // that one (it would be the engine's own, printed as a fit).
    let (bar, what) = if opts.from_engine && shipped_held < linear_held {
        (shipped_held, "the engine's network")
    } else {
        (linear_held, "the linear evaluation alone")
    };
    if best.is_nan() || best >= bar {
        return Err(format!(
            "no pass did better on the held-out positions than {what} ({bar:.6}): \
             nothing to print (a smaller --rate if the error grew or was not a number, \
             more data or epochs if it barely moved)"
        ));
    }
    if !fits {
        return Err(
            "the fit diverged (a weight past its integer's range or not a number): \
                    try a smaller --rate"
                .into(),
        );
    }
    log(&format!(
        "held out: linear {linear_held:.6} -> with the network {best:.6}"
    ));
    let header = format!(
        "The weights of the evaluation's learnt correction ([`super`]), as\n\
         printed by `jieqi tune --net`. Fitted on {} positions ({} held out),\n\
         the linear weights fixed: K = {k:.4}; held-out mean squared error\n\
         {linear_held:.6} (linear alone) -> {best:.6}\n\
         ({} at most, batch {}, rate {} on a cosine towards a twentieth, score weight {}, seed {}).",
        samples.len() + held.len(),
        held.len(),
        if opts.epochs == 1 { "1 epoch".to_string() } else { format!("{} epochs", opts.epochs) },
        opts.batch,
        opts.rate,
        opts.score_weight,
        opts.seed
    );
    let header = if opts.from_engine {
        format!(
            "{header}\nStarted from the engine's network before it (`--from-engine`), \
             held-out error {shipped_held:.6}."
        )
    } else {
        header
    };
    Ok(net_source(&net, &scale, &header))
}
