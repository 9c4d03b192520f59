//! Where a referee's identity draws come from (both games): the system's
//! random source, asked afresh at every draw, or a fixed seed. A draw is
//! exactly uniform over the identities still unknown.
//!
//! A seed gives each side a stream of its own: the n-th identity drawn from
//! a side's pool takes the n-th number of that side's stream, whatever the
//! other side drew before. So two games from one seed in which a side turns
//! up its pieces in the same order give them the same identities, even
//! where the other side's play differs: a match's pair of games, colours
//! swapped, deals each colour the same luck to each engine in turn.

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::Color;

/// The system's random source is unavailable: a game cannot draw its
/// hidden identities fairly, so it does not start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoRandomness;

impl std::fmt::Display for NoRandomness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the system's random number source is unavailable: hidden identities cannot be drawn fairly, so no game can start"
        )
    }
}
impl std::error::Error for NoRandomness {}

pub enum Draws {
    /// The operating system, asked afresh at every draw: no state in memory
    /// predicts a later reveal.
    System,
    /// A fixed seed: reproducible games for tests and the match runner,
    /// one stream a side ([`Color::index`]).
    Seeded([Xoshiro256PlusPlus; 2]),
}

impl Draws {
    /// The system source, if it answers now.
    pub fn system() -> Result<Draws, NoRandomness> {
        let mut probe = [0u8; 8];
        getrandom::getrandom(&mut probe).map_err(|_| NoRandomness)?;
        Ok(Draws::System)
    }

    pub fn seeded(seed: u64) -> Draws {
        // Red's stream is the one a single stream from `seed` was.
        Draws::Seeded([
            Xoshiro256PlusPlus::seed_from_u64(seed),
            Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x626c_6163_6b00_0000),
        ])
    }

    fn next_u64(&mut self, side: Color) -> Result<u64, NoRandomness> {
        match self {
            Draws::System => {
                let mut b = [0u8; 8];
                getrandom::getrandom(&mut b).map_err(|_| NoRandomness)?;
                Ok(u64::from_le_bytes(b))
            }
            Draws::Seeded(streams) => Ok(streams[side.index()].next_u64()),
        }
    }

    /// One identity uniformly from `side`'s pool given as (identity,
    /// count) entries (`None` if it is empty).
    pub fn pick<T>(
        &mut self,
        side: Color,
        entries: impl IntoIterator<Item = (T, u8)>,
    ) -> Result<Option<T>, NoRandomness> {
        let entries: Vec<(T, u8)> = entries.into_iter().collect();
        let n: u64 = entries.iter().map(|&(_, c)| u64::from(c)).sum();
        if n == 0 {
            return Ok(None);
        }
        // Rejection sampling: exactly uniform.
        let zone = u64::MAX - (u64::MAX % n);
        let mut x = self.next_u64(side)?;
        while x >= zone {
            x = self.next_u64(side)?;
        }
        let mut k = x % n;
        for (r, cnt) in entries {
            if k < u64::from(cnt) {
                return Ok(Some(r));
            }
            k -= u64::from(cnt);
        }
        Ok(None)
    }
}
