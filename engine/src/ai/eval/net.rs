//! A small learnt correction on top of the linear evaluation: one hidden
//! layer of clipped-ReLU units over the hand-made features (those before
//! the piece-square tables), each side's counted apart: the side to move's
//! first, then the other side's (so a unit can tell three attacks on one
//! palace and none on the other from five and two). The linear terms
//! can only add features up; the layer learns how they combine (an attack
//! on the palace is worth more when its defenders are gone and there is
//! material to finish it, hidden material counts differently by phase...).
//!
//! Integer inference, the same on every target: inputs are the feature
//! counts times [`INPUT_SCALE`], rounded toward zero (the hidden-pool
//! shares are fractions); a unit is `clamp(B1 + x . W1, 0, ONE)` (`W1` has a row per input) where
//! [`ONE`] stands for 1.0; the output is `OUT_BIAS + (OUT . h) / ONE`
//! centipawns. `jieqi tune --net` fits the weights and prints
//! `net_weights.rs`.

#[path = "net_weights.rs"]
mod weights;

pub use weights::{B1, OUT, OUT_BIAS, W1};

/// The features each side's inputs count: every hand-made feature, those
/// before the piece-square tables ([`super::PST`]; the tables are linear
/// only).
pub const SIDE_INPUTS: usize = super::PST;
/// Inputs: the side to move's features, then the other side's.
pub const INPUTS: usize = 2 * SIDE_INPUTS;
/// Hidden units.
pub const HIDDEN: usize = 16;
/// The inputs' fixed point: a count of 1 is this.
pub const INPUT_SCALE: i32 = 16;
/// A hidden unit's fixed point: 1.0 is this. At 4096 the first layer's
/// rounding (`W1` at 256 a unit of input) cost about 0.8% of the held-out
/// error; at 16384 none shows. The sums stay far inside an `i32` (the
/// largest `W1` is about 3 300, an input rarely above 1 000).
pub const ONE: i32 = 16384;
/// First-layer weights' fixed point: `W1 = round(w * W1_SCALE)`, so that
/// `W1 . x` is in units of `1 / (W1_SCALE * INPUT_SCALE) = 1 / ONE`.
pub const W1_SCALE: i32 = ONE / INPUT_SCALE;

/// Hidden units in pairs: unit `2k` in the low 32 bits of lane `k`, unit
/// `2k + 1` in the high 32 bits (as `high * 2^32 + low`, signed).
const PAIRS: usize = HIDDEN / 2;
const _: () = assert!(HIDDEN % 2 == 0, "hidden units go in pairs");

/// Two `i32` values in one 64-bit word, so one multiply-add moves both
/// ("SIMD within a register"; the scalar wasm the page runs has no vector
/// unit): here two hidden units, in the evaluation a middle-game and an
/// end-game sum. The sum of packed words is the packed sum as long as each
/// value's sum stays an `i32`, as the unpacked arithmetic needs too.
pub(super) const fn pack(low: i32, high: i32) -> i64 {
    ((high as i64) << 32) + low as i64
}

/// The two values of a packed word: the low one is the word's low 32 bits
/// read as signed, the high one what remains.
#[inline(always)]
pub(super) fn unpack(w: i64) -> (i32, i32) {
    let low = w as i32;
    (low, (w.wrapping_sub(low as i64) >> 32) as i32)
}

/// One value per hidden unit, packed by unit pairs.
const fn pack_units(units: [i32; HIDDEN]) -> [i64; PAIRS] {
    let mut out = [0; PAIRS];
    let mut k = 0;
    while k < PAIRS {
        out[k] = pack(units[2 * k], units[2 * k + 1]);
        k += 1;
    }
    out
}

/// The largest input the vector paths take: an `i16` lane. Inputs are
/// counts, never negative, at [`INPUT_SCALE`]; real ones stay below a few
/// thousand (a few hundred attacks, points or pieces at most), and debug
/// builds check every one against this.
pub const INPUT_MAX: i32 = i16::MAX as i32;

/// The correction in centipawns for the side to move, from the counts of
/// the side to move (`us`) and of the other side (`them`), scaled by
/// [`INPUT_SCALE`]. Many inputs are zero in a given position; each other
/// one adds its row of `W1`. The same integers on every target, computed
/// with the target's vectors where it has them: two inputs at a time,
/// four units a vector, on x86-64 (SSE2, [`sse2`]) and in wasm with
/// 128-bit SIMD ([`simd`]); elsewhere in packed unit pairs ([`scalar`]).
#[inline]
pub fn forward(us: &[i32; SIDE_INPUTS], them: &[i32; SIDE_INPUTS]) -> i32 {
    debug_assert!(
        us.iter().chain(them).all(|x| (0..=INPUT_MAX).contains(x)),
        "an input out of the vector lanes' range"
    );
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return simd::forward(us, them);
    // SAFETY: SSE2 is part of every x86-64 processor (the target's baseline).
    #[cfg(target_arch = "x86_64")]
    return unsafe { sse2::forward(us, them) };
    #[allow(unreachable_code)]
    scalar::forward(us, them)
}

/// The output layer over the hidden units' sums `h`:
/// `OUT_BIAS + (OUT . clamp(h, 0, ONE)) / ONE`.
#[inline(always)]
fn output(h: [i32; HIDDEN]) -> i32 {
    let mut out = 0;
    for (&h, &o) in h.iter().zip(&OUT) {
        out += o as i32 * h.clamp(0, ONE);
    }
    OUT_BIAS + out / ONE
}

/// Rows in packed unit pairs ([`pack`]): one 64-bit multiply-add moves two
/// hidden units. For targets without vectors (and the reference the
/// vector paths are tested against).
#[cfg_attr(
    any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    ),
    allow(dead_code)
)]
mod scalar {
    use super::*;

    /// `W1` packed by unit pairs.
    static W1_PACKED: [[i64; PAIRS]; INPUTS] = {
        let mut out = [[0; PAIRS]; INPUTS];
        let mut i = 0;
        while i < INPUTS {
            let mut units = [0; HIDDEN];
            let mut j = 0;
            while j < HIDDEN {
                units[j] = W1[i][j] as i32;
                j += 1;
            }
            out[i] = pack_units(units);
            i += 1;
        }
        out
    };

    /// `B1` packed by unit pairs.
    const B1_PACKED: [i64; PAIRS] = pack_units(B1);

    /// Inputs tested for zero together. In wasm every turn of a loop
    /// costs a stack check and reloads of what did not fit in registers:
    /// one test per four inputs, not one per input, took 3.7% off the
    /// wasm engine's instructions in `jieqi bench 5` (0.8% natively;
    /// callgrind, the wasm run under Node with its start-up subtracted).
    const SKIP: usize = 4;
    const _: () = assert!(SIDE_INPUTS % SKIP == 0, "no input left out of the blocks");

    #[inline]
    pub fn forward(us: &[i32; SIDE_INPUTS], them: &[i32; SIDE_INPUTS]) -> i32 {
        let mut acc = B1_PACKED;
        let (rows_us, rows_them) = W1_PACKED.split_at(SIDE_INPUTS);
        for (rows, x) in [(rows_us, us), (rows_them, them)] {
            // Four inputs at a time: most are zero, and a block of four
            // zeros is passed over in one test.
            for (rows, x) in rows.chunks_exact(SKIP).zip(x.chunks_exact(SKIP)) {
                if x.iter().fold(0, |any, &v| any | v) == 0 {
                    continue;
                }
                for (row, &xi) in rows.iter().zip(x) {
                    if xi != 0 {
                        let xi = xi as i64;
                        for (a, &w) in acc.iter_mut().zip(row) {
                            *a = a.wrapping_add(w.wrapping_mul(xi));
                        }
                    }
                }
            }
        }
        let mut h = [0; HIDDEN];
        for (k, &a) in acc.iter().enumerate() {
            (h[2 * k], h[2 * k + 1]) = unpack(a);
        }
        output(h)
    }
}

/// What the vector paths share: four units a vector, two inputs at a time.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
mod pairs {
    use super::*;

    /// Units in a vector: four `i32` sums in 128 bits.
    pub const LANES: usize = 4;
    pub const VECTORS: usize = HIDDEN / LANES;
    const _: () = assert!(HIDDEN % LANES == 0 && SIDE_INPUTS % 2 == 0);

    /// The weights for inputs `2p` and `2p + 1` and units `4k..4k + 4`:
    /// each unit's two weights side by side, as a 16-bit multiply-add of
    /// pairs (x86 `pmaddwd`, wasm `i32x4.dot_i16x8_s`) reads them against
    /// the two inputs repeated ([`nonzero_pairs`]): lane `u` gets
    /// `x[2p] * W1[2p][u] + x[2p + 1] * W1[2p + 1][u]`.
    pub const fn interleaved(p: usize, k: usize) -> [i16; 8] {
        let mut w = [0; 8];
        let mut j = 0;
        while j < LANES {
            w[2 * j] = W1[2 * p][LANES * k + j];
            w[2 * j + 1] = W1[2 * p + 1][LANES * k + j];
            j += 1;
        }
        w
    }

    /// Call `add(p, ab)` for each pair of inputs `2p`, `2p + 1` (the side
    /// to move's, then the other side's) that is not both zero, with the
    /// two inputs for each 32-bit lane: the first in the low 16 bits, the
    /// second in the high (both in `0..=INPUT_MAX`).
    #[inline(always)]
    pub fn nonzero_pairs(
        us: &[i32; SIDE_INPUTS],
        them: &[i32; SIDE_INPUTS],
        mut add: impl FnMut(usize, i32),
    ) {
        for (first, x) in [(0, us), (SIDE_INPUTS / 2, them)] {
            for (p, x) in x.chunks_exact(2).enumerate() {
                if x[0] | x[1] != 0 {
                    add(first + p, x[0] | x[1] << 16);
                }
            }
        }
    }
}

/// x86-64's SSE2 (every x86-64 processor has it).
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use super::pairs::*;
    use super::*;
    use core::arch::x86_64::*;

    /// [`interleaved`] for every input pair and vector, as two 64-bit
    /// words a vector (the first weight in the low bits): a vector is
    /// built from two words in two loads, where eight 16-bit values took
    /// one load per value.
    static W1_PAIRS: [[[i64; 2]; VECTORS]; INPUTS / 2] = {
        let mut out = [[[0; 2]; VECTORS]; INPUTS / 2];
        let mut p = 0;
        while p < INPUTS / 2 {
            let mut k = 0;
            while k < VECTORS {
                out[p][k] = words(interleaved(p, k));
                k += 1;
            }
            p += 1;
        }
        out
    };

    /// Eight 16-bit weights as two 64-bit words, four each, the first
    /// in the low bits.
    const fn words(w: [i16; 8]) -> [i64; 2] {
        let mut out = [0u64; 2];
        let mut j = 0;
        while j < 8 {
            out[j / 4] |= (w[j] as u16 as u64) << (16 * (j % 4));
            j += 1;
        }
        [out[0] as i64, out[1] as i64]
    }

    #[target_feature(enable = "sse2")]
    #[inline]
    pub fn forward(us: &[i32; SIDE_INPUTS], them: &[i32; SIDE_INPUTS]) -> i32 {
        let mut acc: [__m128i; VECTORS] = core::array::from_fn(|k| {
            let u = LANES * k;
            _mm_set_epi32(B1[u + 3], B1[u + 2], B1[u + 1], B1[u])
        });
        nonzero_pairs(us, them, |p, ab| {
            let ab = _mm_set1_epi32(ab);
            for (acc, w) in acc.iter_mut().zip(&W1_PAIRS[p]) {
                let w = _mm_set_epi64x(w[1], w[0]);
                *acc = _mm_add_epi32(*acc, _mm_madd_epi16(w, ab));
            }
        });
        let mut h = [0; HIDDEN];
        for (h, &v) in h.chunks_exact_mut(LANES).zip(&acc) {
            h[0] = _mm_cvtsi128_si32(v);
            h[1] = _mm_cvtsi128_si32(_mm_shuffle_epi32::<0b01>(v));
            h[2] = _mm_cvtsi128_si32(_mm_shuffle_epi32::<0b10>(v));
            h[3] = _mm_cvtsi128_si32(_mm_shuffle_epi32::<0b11>(v));
        }
        output(h)
    }
}

/// wasm's 128-bit SIMD (built with `-C target-feature=+simd128`,
/// `.cargo/config.toml`).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd {
    use super::pairs::*;
    use super::*;
    use core::arch::wasm32::*;

    /// [`interleaved`] for every input pair and vector.
    static W1_PAIRS: [[v128; VECTORS]; INPUTS / 2] = {
        let mut out = [[i32x4(0, 0, 0, 0); VECTORS]; INPUTS / 2];
        let mut p = 0;
        while p < INPUTS / 2 {
            let mut k = 0;
            while k < VECTORS {
                let w = interleaved(p, k);
                out[p][k] = i16x8(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]);
                k += 1;
            }
            p += 1;
        }
        out
    };

    /// `OUT`, four units a vector.
    static OUT_V: [v128; VECTORS] = {
        let mut out = [i32x4(0, 0, 0, 0); VECTORS];
        let mut k = 0;
        while k < VECTORS {
            let u = LANES * k;
            out[k] = i32x4(
                OUT[u] as i32,
                OUT[u + 1] as i32,
                OUT[u + 2] as i32,
                OUT[u + 3] as i32,
            );
            k += 1;
        }
        out
    };

    #[inline]
    pub fn forward(us: &[i32; SIDE_INPUTS], them: &[i32; SIDE_INPUTS]) -> i32 {
        let mut acc: [v128; VECTORS] = core::array::from_fn(|k| {
            let u = LANES * k;
            i32x4(B1[u], B1[u + 1], B1[u + 2], B1[u + 3])
        });
        nonzero_pairs(us, them, |p, ab| {
            let ab = i32x4_splat(ab);
            for (acc, &w) in acc.iter_mut().zip(&W1_PAIRS[p]) {
                *acc = i32x4_add(*acc, i32x4_dot_i16x8(w, ab));
            }
        });
        // The output layer four units at a time: the same sum as
        // [`output`]'s, in a different order (no step leaves an `i32`: 16
        // units of at most 2^14 times a weight below 2^10).
        let (zero, one) = (i32x4_splat(0), i32x4_splat(ONE));
        let mut sum = zero;
        for (&a, &o) in acc.iter().zip(&OUT_V) {
            sum = i32x4_add(sum, i32x4_mul(i32x4_min(i32x4_max(a, zero), one), o));
        }
        let out = i32x4_extract_lane::<0>(sum)
            + i32x4_extract_lane::<1>(sum)
            + i32x4_extract_lane::<2>(sum)
            + i32x4_extract_lane::<3>(sum);
        OUT_BIAS + out / ONE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The unit-by-unit arithmetic the packed words stand for.
    fn forward_unpacked(x: &[i32; INPUTS]) -> i32 {
        let mut acc = B1.map(i64::from);
        for (row, &xi) in W1.iter().zip(x) {
            for (a, &w) in acc.iter_mut().zip(row) {
                *a += w as i64 * xi as i64;
            }
        }
        let acc = acc.map(|a| i32::try_from(a).expect("a unit's sum is an i32"));
        let out: i32 = acc
            .iter()
            .zip(&OUT)
            .map(|(a, &o)| o as i32 * (*a).clamp(0, ONE))
            .sum();
        OUT_BIAS + out / ONE
    }

    #[test]
    fn every_path_computes_what_each_unit_would() {
        for (low, high) in [
            (0, 0),
            (-1, 1),
            (i32::MIN, i32::MAX),
            (12345, -54321),
            (-7, -9),
        ] {
            assert_eq!(unpack(pack(low, high)), (low, high));
        }
        // Inputs of sizes well past real positions', many of them zero.
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for round in 0..3000 {
            let mut x = [0; INPUTS];
            for v in x.iter_mut() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                if seed % 3 == 0 {
                    *v = ((seed >> 20) % 4000) as i32;
                }
            }
            // And now and then one input at the lanes' limit.
            if round % 10 == 0 {
                x[(seed >> 40) as usize % INPUTS] = INPUT_MAX;
            }
            let (us, them) = x.split_at(SIDE_INPUTS);
            let (us, them) = (us.try_into().unwrap(), them.try_into().unwrap());
            let want = forward_unpacked(&x);
            assert_eq!(scalar::forward(us, them), want, "{x:?}");
            assert_eq!(forward(us, them), want, "{x:?}");
        }
    }
}
