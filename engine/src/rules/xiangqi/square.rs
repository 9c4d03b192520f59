//! Points of the 9x10 board.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::piece::{Color, Role};

pub const FILES: u8 = 9;
pub const RANKS: u8 = 10;
pub const SQUARES: usize = 90;

/// File and rank of each index (256 entries: a `u8` index needs no bounds
/// check): division by 9 costs more than a load, and these run in the
/// evaluation's inner loops. Two tables, not one of pairs: they compress
/// better in the site's wasm.
const FILE_OF: [u8; 256] = index_table(false);
const RANK_OF: [u8; 256] = index_table(true);

/// Each index's file, or with `rank` its rank.
const fn index_table(rank: bool) -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (if rank {
            i / FILES as usize
        } else {
            i % FILES as usize
        }) as u8;
        i += 1;
    }
    t
}
/// The palaces by index: bit 0 Red's, bit 1 Black's (a table, not a
/// 128-bit mask: wasm emulates 128-bit shifts with calls).
const PALACE_OF: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut f = 3;
    while f <= 5 {
        let mut r = 0;
        while r <= 2 {
            t[r * FILES as usize + f] |= 1;
            t[(RANKS as usize - 1 - r) * FILES as usize + f] |= 2;
            r += 1;
        }
        f += 1;
    }
    t
};

/// One of the 90 intersections: `rank * 9 + file`, file `a`..`i` = 0..8,
/// rank 0..9 from Red's edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square(u8);

impl Square {
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Square {
        debug_assert!(file < FILES && rank < RANKS);
        Square(rank * FILES + file)
    }

    #[inline]
    pub fn try_new(file: i32, rank: i32) -> Option<Square> {
        if (0..FILES as i32).contains(&file) && (0..RANKS as i32).contains(&rank) {
            Some(Square::new(file as u8, rank as u8))
        } else {
            None
        }
    }

    #[inline]
    pub const fn from_index(i: usize) -> Square {
        Square(i as u8)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn file(self) -> u8 {
        FILE_OF[self.0 as usize]
    }

    #[inline]
    pub const fn rank(self) -> u8 {
        RANK_OF[self.0 as usize]
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }

    /// The square as the other side sees it (rank mirrored, file kept).
    #[inline]
    pub fn flip_rank(self) -> Square {
        Square::new(self.file(), RANKS - 1 - self.rank())
    }

    /// Is this point on `color`'s own half (Red: ranks 0-4)?
    #[inline]
    pub fn on_own_half(self, color: Color) -> bool {
        // Ranks 0-4 are the first 45 points.
        match color {
            Color::Red => self.0 < 45,
            Color::Black => self.0 >= 45,
        }
    }

    /// Is this point inside `color`'s palace?
    #[inline]
    pub fn in_palace(self, color: Color) -> bool {
        PALACE_OF[self.0 as usize] & (1 << color as u8) != 0
    }

    /// Parse `a0`..`i9`.
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].to_ascii_lowercase();
        if !(b'a'..=b'i').contains(&f) || !b[1].is_ascii_digit() {
            return None;
        }
        Some(Square::new(f - b'a', b[1] - b'0'))
    }

    /// The role whose start point this is for `color`, if any.
    pub fn start_role(self, color: Color) -> Option<Role> {
        let sq = if color == Color::Red {
            self
        } else {
            self.flip_rank()
        };
        let (f, r) = (sq.file(), sq.rank());
        match (r, f) {
            (0, 0 | 8) => Some(Role::Chariot),
            (0, 1 | 7) => Some(Role::Horse),
            (0, 2 | 6) => Some(Role::Elephant),
            (0, 3 | 5) => Some(Role::Advisor),
            (0, 4) => Some(Role::General),
            (2, 1 | 7) => Some(Role::Cannon),
            (3, 0 | 2 | 4 | 6 | 8) => Some(Role::Soldier),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}
