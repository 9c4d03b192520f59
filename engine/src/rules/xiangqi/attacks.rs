//! Precomputed move tables: rays, horse legs, elephant eyes.
//!
//! Where is the horse's leg checked? Here the leg of every horse step is
//! stored next to its target; `Position` tests that the leg point is empty.

use std::sync::LazyLock;

use super::square::{Square, SQUARES};

/// Orthogonal directions: up (towards Black), down, right, left.
pub const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAGS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// At most `N` steps, stored in place: the hot loops read a step list and
/// its length from one place instead of following a pointer.
#[derive(Clone, Copy)]
pub struct Steps<T, const N: usize> {
    len: u8,
    items: [T; N],
}

impl<T: Copy, const N: usize> Steps<T, N> {
    fn new(fill: T) -> Self {
        Steps {
            len: 0,
            items: [fill; N],
        }
    }

    fn push(&mut self, x: T) {
        self.items[self.len as usize] = x;
        self.len += 1;
    }
}

impl<T, const N: usize> std::ops::Deref for Steps<T, N> {
    type Target = [T];
    #[inline(always)]
    fn deref(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

impl<'a, T, const N: usize> IntoIterator for &'a Steps<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    #[inline(always)]
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Points along a line from a point: at most 9 (a file has 10 points).
pub type Ray = Steps<Square, 9>;
/// Steps with the point that can block them (a horse's leg, an elephant's eye).
pub type Blockable<const N: usize> = Steps<(Square, Square), N>;

pub struct Tables {
    /// `rays[sq][dir]`: squares from `sq` outwards, nearest first.
    pub rays: [[Ray; 4]; SQUARES],
    /// Horse steps from a square: (target, leg).
    pub horse: [Blockable<8>; SQUARES],
    /// Horses that could reach a square: (horse square, leg).
    pub horse_from: [Blockable<8>; SQUARES],
    /// Elephant steps: (target, eye). Symmetric, so also "elephants reaching".
    pub elephant: [Blockable<4>; SQUARES],
    /// Diagonal neighbours (advisor steps). Symmetric.
    pub diagonal: [Steps<Square, 4>; SQUARES],
    /// Orthogonal neighbours (general steps). Symmetric.
    pub orthogonal: [Steps<Square, 4>; SQUARES],
}

pub static TABLES: LazyLock<Tables> = LazyLock::new(build);

fn build() -> Tables {
    let none = Square::from_index(0);
    let mut t = Tables {
        rays: [[Steps::new(none); 4]; SQUARES],
        horse: [Steps::new((none, none)); SQUARES],
        horse_from: [Steps::new((none, none)); SQUARES],
        elephant: [Steps::new((none, none)); SQUARES],
        diagonal: [Steps::new(none); SQUARES],
        orthogonal: [Steps::new(none); SQUARES],
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
        // A copy of the steps (they are `Copy`): the loop writes to `t`.
        let steps = t.horse[sq.index()];
        for &(to, leg) in &steps {
            t.horse_from[to.index()].push((sq, leg));
        }
    }
    t
}
