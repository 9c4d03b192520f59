//! Where a referee's identity draws come from (both games): the system's
//! random source, asked afresh at every draw, or a fixed seed. A draw is
//! exactly uniform over the identities still unknown.

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

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
    /// A fixed seed: reproducible games for tests and the match runner.
    Seeded(Xoshiro256PlusPlus),
}

impl Draws {
    /// The system source, if it answers now.
    pub fn system() -> Result<Draws, NoRandomness> {
        let mut probe = [0u8; 8];
        getrandom::getrandom(&mut probe).map_err(|_| NoRandomness)?;
        Ok(Draws::System)
    }

    pub fn seeded(seed: u64) -> Draws {
        Draws::Seeded(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    fn next_u64(&mut self) -> Result<u64, NoRandomness> {
        match self {
            Draws::System => {
                let mut b = [0u8; 8];
                getrandom::getrandom(&mut b).map_err(|_| NoRandomness)?;
                Ok(u64::from_le_bytes(b))
            }
            Draws::Seeded(rng) => Ok(rng.next_u64()),
        }
    }

    /// One identity uniformly from a pool given as (identity, count)
    /// entries (`None` if it is empty).
    pub fn pick<T>(
        &mut self,
        entries: impl IntoIterator<Item = (T, u8)>,
    ) -> Result<Option<T>, NoRandomness> {
        let entries: Vec<(T, u8)> = entries.into_iter().collect();
        let n: u64 = entries.iter().map(|&(_, c)| u64::from(c)).sum();
        if n == 0 {
            return Ok(None);
        }
        // Rejection sampling: exactly uniform.
        let zone = u64::MAX - (u64::MAX % n);
        let mut x = self.next_u64()?;
        while x >= zone {
            x = self.next_u64()?;
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
