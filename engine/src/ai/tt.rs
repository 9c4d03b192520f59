//! Transposition table: one entry per slot, replaced by depth and age.

use std::marker::PhantomData;

use crate::rules::chess;
use crate::rules::{Move, Square};

use super::eval::MATE_BOUND;

/// A move as the table packs it: 16 bits, 0 for none.
pub trait TtMove: Sized {
    fn pack(self) -> u16;
    /// The move of a non-zero code (a code from another position may give
    /// a move that is not legal there: the search checks).
    fn unpack(code: u16) -> Self;
}

impl TtMove for Move {
    #[inline]
    fn pack(self) -> u16 {
        (self.from.index() * 90 + self.to.index() + 1) as u16
    }
    #[inline]
    fn unpack(code: u16) -> Move {
        let x = (code - 1) as usize;
        Move::new(Square::from_index(x / 90), Square::from_index(x % 90))
    }
}

impl TtMove for chess::Move {
    #[inline]
    fn pack(self) -> u16 {
        let promo = self.promotion.map_or(0, |k| k.index());
        ((promo * 64 + self.from.index()) * 64 + self.to.index() + 1) as u16
    }
    #[inline]
    fn unpack(code: u16) -> chess::Move {
        let x = (code - 1) as usize;
        let (from, to) = (
            chess::Square::from_index(x / 64 % 64),
            chess::Square::from_index(x % 64),
        );
        match x / 4096 {
            0 => chess::Move::new(from, to),
            k => chess::Move::promoting(from, to, chess::Kind::ALL[k.min(4)]),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

impl Bound {
    /// What a node's `best` score says about its value, searched with the
    /// window (`alpha`, `beta`) it was given.
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Entry<M = Move> {
    pub mv: Option<M>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

impl<M> Entry<M> {
    /// The score that ends a node at `ply` with the window (`alpha`,
    /// `beta`), if the entry's bound settles it.
    pub fn cutoff(&self, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
        let s = score_from(self.score, ply);
        match self.bound {
            Bound::Exact => Some(s),
            Bound::Lower if s >= beta => Some(s),
            Bound::Upper if s <= alpha => Some(s),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    /// The move's [`TtMove`] code; 0 = none.
    mv: u16,
    score: i16,
    depth: i8,
    /// bound (2 bits) | age << 2
    meta: u8,
}

pub struct Tt<M = Move> {
    slots: Vec<Slot>,
    age: u8,
    moves: PhantomData<M>,
}

impl<M: TtMove + Copy> Tt<M> {
    /// A table of at most `mb` MiB.
    pub fn new(mb: usize) -> Tt<M> {
        let n = (mb.max(1) * 1024 * 1024 / std::mem::size_of::<Slot>()).next_power_of_two() / 2;
        Tt {
            slots: vec![Slot::default(); n.max(1024)],
            age: 0,
            moves: PhantomData,
        }
    }

    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = Slot::default());
    }

    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & 63;
    }

    /// Permille of the table's first slots written by the current search.
    pub fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| s.key != 0 && s.meta >> 2 == self.age)
            .count();
        (used * 1000 / n.max(1)) as u32
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let s = &self.slots[self.index(key)];
        if s.key != key || s.meta == 0 && s.mv == 0 && s.depth == 0 {
            return None;
        }
        let mv = (s.mv != 0).then(|| M::unpack(s.mv));
        let bound = match s.meta & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            mv,
            score: s.score as i32,
            depth: s.depth as i32,
            bound,
        })
    }

    pub fn store(
        &mut self,
        key: u64,
        mv: Option<M>,
        score: i32,
        depth: i32,
        bound: Bound,
        ply: usize,
    ) {
        let i = self.index(key);
        let age = self.age;
        let s = &mut self.slots[i];
        let old_age = s.meta >> 2;
        if s.key == key || old_age != age || depth >= s.depth as i32 {
            let mv = mv.map_or(0, M::pack);
            *s = Slot {
                key,
                mv: if mv == 0 && s.key == key { s.mv } else { mv },
                score: score_to(score, ply).clamp(i16::MIN as i32 + 1, i16::MAX as i32) as i16,
                depth: depth.clamp(-1, 127) as i8,
                meta: (match bound {
                    Bound::Exact => 0,
                    Bound::Lower => 1,
                    Bound::Upper => 2,
                }) | (age << 2),
            };
        }
    }
}

/// Mate scores are stored relative to the node, not the root.
fn score_to(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s + ply as i32
    } else if s < -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

/// A stored score back relative to the root, from a node at `ply`.
fn score_from(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s - ply as i32
    } else if s < -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
