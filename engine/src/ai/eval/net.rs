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

/// Inputs tested for zero together in [`forward`]. In wasm every turn of
/// a loop costs a stack check and reloads of what did not fit in
/// registers: one test per four inputs, not one per input, took 3.7% off
/// the wasm engine's instructions in `jieqi bench 5` (0.8% natively;
/// callgrind, the wasm run under Node with its start-up subtracted).
const SKIP: usize = 4;
const _: () = assert!(SIDE_INPUTS % SKIP == 0, "no input left out of the blocks");

/// The correction in centipawns for the side to move, from the counts of
/// the side to move (`us`) and of the other side (`them`), scaled by
/// [`INPUT_SCALE`]. Many inputs are zero in a given position; each other
/// one adds its row of `W1`.
#[inline]
pub fn forward(us: &[i32; SIDE_INPUTS], them: &[i32; SIDE_INPUTS]) -> i32 {
    let mut acc = B1_PACKED;
    let (rows_us, rows_them) = W1_PACKED.split_at(SIDE_INPUTS);
    for (rows, x) in [(rows_us, us), (rows_them, them)] {
        // Four inputs at a time: most are zero, and a block of four zeros
        // is passed over in one test.
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
    let mut out = 0;
    for (k, &a) in acc.iter().enumerate() {
        let (low, high) = unpack(a);
        out += OUT[2 * k] as i32 * low.clamp(0, ONE) + OUT[2 * k + 1] as i32 * high.clamp(0, ONE);
    }
    OUT_BIAS + out / ONE
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The unit-by-unit arithmetic the packed words stand for.
    fn forward_unpacked(x: &[i32; INPUTS]) -> i32 {
        let mut acc = B1;
        for (row, &xi) in W1.iter().zip(x) {
            for (a, &w) in acc.iter_mut().zip(row) {
                *a += w as i32 * xi;
            }
        }
        let out: i32 = acc
            .iter()
            .zip(&OUT)
            .map(|(a, &o)| o as i32 * (*a).clamp(0, ONE))
            .sum();
        OUT_BIAS + out / ONE
    }

    #[test]
    fn packed_pairs_compute_what_each_unit_would() {
        for (low, high) in [
            (0, 0),
            (-1, 1),
            (i32::MIN, i32::MAX),
            (12345, -54321),
            (-7, -9),
        ] {
            assert_eq!(unpack(pack(low, high)), (low, high));
        }
        // Inputs of both signs and sizes well past real positions'.
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..2000 {
            let mut x = [0; INPUTS];
            for v in x.iter_mut() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                if seed % 3 == 0 {
                    *v = (seed >> 20) as i32 % 4000;
                }
            }
            let (us, them) = x.split_at(SIDE_INPUTS);
            assert_eq!(
                forward(us.try_into().unwrap(), them.try_into().unwrap()),
                forward_unpacked(&x)
            );
        }
    }
}
