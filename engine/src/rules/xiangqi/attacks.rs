//! Precomputed move tables: rays, horse legs, elephant eyes.
//!
//! Where is the horse's leg checked? Here the leg of every horse step is
//! stored next to its target; `Position` tests that the leg point is empty.

use std::sync::LazyLock;

use super::square::{Square, SQUARES};

/// Orthogonal directions: up (towards Black), down, right, left.
pub const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAGS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

pub struct Tables {
    /// `rays[sq][dir]`: squares from `sq` outwards, nearest first.
    pub rays: [[Vec<Square>; 4]; SQUARES],
    /// Horse steps from a square: (target, leg).
    pub horse: [Vec<(Square, Square)>; SQUARES],
    /// Horses that could reach a square: (horse square, leg).
    pub horse_from: [Vec<(Square, Square)>; SQUARES],
    /// Elephant steps: (target, eye). Symmetric, so also "elephants reaching".
    pub elephant: [Vec<(Square, Square)>; SQUARES],
    /// Diagonal neighbours (advisor steps). Symmetric.
    pub diagonal: [Vec<Square>; SQUARES],
    /// Orthogonal neighbours (general steps). Symmetric.
    pub orthogonal: [Vec<Square>; SQUARES],
}

pub static TABLES: LazyLock<Tables> = LazyLock::new(build);

fn build() -> Tables {
    let mut t = Tables {
        rays: std::array::from_fn(|_| Default::default()),
        horse: std::array::from_fn(|_| Vec::new()),
        horse_from: std::array::from_fn(|_| Vec::new()),
        elephant: std::array::from_fn(|_| Vec::new()),
        diagonal: std::array::from_fn(|_| Vec::new()),
        orthogonal: std::array::from_fn(|_| Vec::new()),
    };
    for sq in Square::all() {
        let (f, r) = (sq.file() as i32, sq.rank() as i32);
        for (d, (df, dr)) in DIRS.iter().enumerate() {
            let mut k = 1;
            while let Some(s) = Square::try_new(f + df * k, r + dr * k) {
                t.rays[sq.index()][d].push(s);
                k += 1;
            }
            if let Some(s) = Square::try_new(f + df, r + dr) {
                t.orthogonal[sq.index()].push(s);
            }
        }
        for (df, dr) in DIAGS {
            if let Some(s) = Square::try_new(f + df, r + dr) {
                t.diagonal[sq.index()].push(s);
                if let Some(e) = Square::try_new(f + 2 * df, r + 2 * dr) {
                    t.elephant[sq.index()].push((e, s));
                }
            }
        }
        for (df, dr) in DIRS {
            // Two steps along (df, dr) ... one step there, then one outward.
            let Some(leg) = Square::try_new(f + df, r + dr) else {
                continue;
            };
            for side in [-1, 1] {
                let (sf, sr) = if df == 0 { (side, 0) } else { (0, side) };
                if let Some(to) = Square::try_new(f + 2 * df + sf, r + 2 * dr + sr) {
                    t.horse[sq.index()].push((to, leg));
                }
            }
        }
    }
    for sq in Square::all() {
        for &(to, leg) in &t.horse[sq.index()].clone() {
            t.horse_from[to.index()].push((sq, leg));
        }
    }
    t
}
