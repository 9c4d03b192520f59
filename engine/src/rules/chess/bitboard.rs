//! Attack tables of the 8x8 board, built at compile time. Sliding pieces
//! use rays: the squares from a square outwards in one direction, cut at
//! the first occupied one.

use crate::rules::Color;

use super::types::Square;

pub const RANK_1: u64 = 0xFF;
pub const RANK_8: u64 = 0xFF << 56;
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
pub const FILE_H: u64 = FILE_A << 7;

/// Directions as (file step, rank step). The first four increase the
/// square index, the last four decrease it.
const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (-1, 1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (1, -1),
];
const ROOK_DIRS: [usize; 4] = [0, 2, 4, 6];
const BISHOP_DIRS: [usize; 4] = [1, 3, 5, 7];

const fn step(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let f = (sq % 8) as i8 + df;
    let r = (sq / 8) as i8 + dr;
    if f >= 0 && f < 8 && r >= 0 && r < 8 {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}

const fn leaper(steps: &[(i8, i8)]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < steps.len() {
            if let Some(s) = step(sq, steps[i].0, steps[i].1) {
                t[sq] |= 1 << s;
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

const fn rays() -> [[u64; 64]; 8] {
    let mut t = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let mut s = sq;
            while let Some(n) = step(s, DIRS[d].0, DIRS[d].1) {
                t[d][sq] |= 1 << n;
                s = n;
            }
            sq += 1;
        }
        d += 1;
    }
    t
}

const fn between_table() -> [[u64; 64]; 64] {
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let mut s = a;
            let mut acc = 0u64;
            while let Some(n) = step(s, DIRS[d].0, DIRS[d].1) {
                t[a][n] = acc;
                acc |= 1 << n;
                s = n;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

pub static KNIGHT: [u64; 64] = leaper(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
pub static KING: [u64; 64] = leaper(&[
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
]);
/// Squares a pawn of each colour attacks from a square (index `Color::index`).
pub static PAWN: [[u64; 64]; 2] = [leaper(&[(-1, 1), (1, 1)]), leaper(&[(-1, -1), (1, -1)])];
static RAYS: [[u64; 64]; 8] = rays();
/// Squares strictly between two squares on a line (empty if not on one).
static BETWEEN: [[u64; 64]; 64] = between_table();

#[inline]
fn ray_attacks(sq: usize, occ: u64, d: usize) -> u64 {
    let ray = RAYS[d][sq];
    let blockers = ray & occ;
    if blockers == 0 {
        return ray;
    }
    let first = if d < 4 {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    };
    ray ^ RAYS[d][first as usize]
}

#[inline]
pub fn rook_attacks(sq: Square, occ: u64) -> u64 {
    let s = sq.index();
    ROOK_DIRS
        .iter()
        .fold(0, |acc, &d| acc | ray_attacks(s, occ, d))
}

#[inline]
pub fn bishop_attacks(sq: Square, occ: u64) -> u64 {
    let s = sq.index();
    BISHOP_DIRS
        .iter()
        .fold(0, |acc, &d| acc | ray_attacks(s, occ, d))
}

#[inline]
pub fn pawn_attacks(c: Color, sq: Square) -> u64 {
    PAWN[c.index()][sq.index()]
}

#[inline]
pub fn between(a: Square, b: Square) -> u64 {
    BETWEEN[a.index()][b.index()]
}

/// The squares of a bitboard, lowest first.
#[inline]
pub fn squares(mut bb: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if bb == 0 {
            None
        } else {
            let s = bb.trailing_zeros();
            bb &= bb - 1;
            Some(Square::from_index(s as usize))
        }
    })
}

/// Light squares (b1, a2, ...), for bishops of the same colour.
pub const LIGHT: u64 = 0x55AA_55AA_55AA_55AA;
