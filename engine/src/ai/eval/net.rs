//! A small learnt correction on top of the linear evaluation: one hidden
//! layer of clipped-ReLU units over the hand-made features (those before
//! the piece-square tables), seen from the side to move. The linear terms
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

use super::PST;

/// Inputs: the features before the piece-square tables.
pub const INPUTS: usize = PST;
/// Hidden units.
pub const HIDDEN: usize = 16;
/// The inputs' fixed point: a count of 1 is this.
pub const INPUT_SCALE: i32 = 16;
/// A hidden unit's fixed point: 1.0 is this.
pub const ONE: i32 = 4096;
/// First-layer weights' fixed point: `W1 = round(w * W1_SCALE)`, so that
/// `W1 . x` is in units of `1 / (W1_SCALE * INPUT_SCALE) = 1 / ONE`.
pub const W1_SCALE: i32 = ONE / INPUT_SCALE;

/// The correction in centipawns for the side to move, from inputs already
/// signed for the side to move and scaled by [`INPUT_SCALE`]. Most inputs
/// are zero in a given position; each other one adds its row of `W1`.
#[inline]
pub fn forward(x: &[i32; INPUTS]) -> i32 {
    let mut acc = B1;
    for (row, &xi) in W1.iter().zip(x) {
        if xi != 0 {
            for (a, &w) in acc.iter_mut().zip(row) {
                *a += w as i32 * xi;
            }
        }
    }
    let mut out = 0;
    for (a, &o) in acc.iter().zip(&OUT) {
        out += o as i32 * (*a).clamp(0, ONE);
    }
    OUT_BIAS + out / ONE
}
