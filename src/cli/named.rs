//! What a record names later: for `result`, which draws the identities a
//! move text leaves out. A draw takes from the pool less the identities
//! the later moves name (revealed or captured), so it never uses up one a
//! later move needs. Each face-down piece is revealed or captured at most
//! once, so for a record that can be played the pool less those still
//! holds one identity for the piece drawn now.

use crate::rules::side::Color;

/// Per ply, the identities the plies after it name, per colour, counted
/// by identity index (`N` identities).
pub(crate) struct Named<const N: usize> {
    after: Vec<[[u8; N]; 2]>,
}

impl<const N: usize> Named<N> {
    /// `letters[ply]`: the (colour, identity index) pairs that ply names.
    pub(crate) fn new(letters: &[Vec<(Color, usize)>]) -> Named<N> {
        let mut after = vec![[[0u8; N]; 2]; letters.len()];
        let mut acc = [[0u8; N]; 2];
        for (ply, named) in letters.iter().enumerate().rev() {
            after[ply] = acc;
            for &(c, i) in named {
                if let Some(n) = acc[c.index()].get_mut(i) {
                    *n = n.saturating_add(1);
                }
            }
        }
        Named { after }
    }

    /// The counts to draw from at `ply` for `color`: `pool` less what the
    /// later plies name, or the whole pool if that leaves nothing (the
    /// record is then inconsistent, and its later move says so).
    pub(crate) fn spare(&self, ply: usize, color: Color, pool: [u8; N]) -> [u8; N] {
        let Some(later) = self.after.get(ply) else {
            return pool;
        };
        let mut left = pool;
        for (n, &k) in left.iter_mut().zip(later[color.index()].iter()) {
            *n = n.saturating_sub(k);
        }
        if left.iter().all(|&n| n == 0) {
            pool
        } else {
            left
        }
    }
}

/// Pieces whose identity the referee drew because their move text named
/// none: where each stands now, the ply that drew it and what it was drawn.
/// A later move the drawn piece cannot make is then explained.
pub(crate) struct Drawn<S, I> {
    pieces: Vec<(S, usize, I)>,
}

impl<S: Copy + PartialEq + std::fmt::Display, I: Copy> Drawn<S, I> {
    pub(crate) fn new() -> Self {
        Drawn { pieces: Vec::new() }
    }

    /// After a move from `from` to `to`; `drew`: the ply and the identity
    /// drawn for its mover, if its text named none.
    pub(crate) fn moved(&mut self, from: S, to: S, drew: Option<(usize, I)>) {
        self.pieces.retain(|&(sq, _, _)| sq != to);
        for p in self.pieces.iter_mut().filter(|p| p.0 == from) {
            p.0 = to;
        }
        if let Some((ply, id)) = drew {
            self.pieces.push((to, ply, id));
        }
    }

    /// What to add to the error of a move from `from` (empty unless the
    /// piece there was drawn).
    pub(crate) fn note(&self, from: Option<S>, name: impl Fn(I) -> &'static str) -> String {
        self.pieces
            .iter()
            .find(|&&(sq, _, _)| Some(sq) == from)
            .map(|&(sq, ply, id)| {
                format!(
                    " (move {}'s text names no identity, so the piece now on {sq} was drawn: \
                     it is the {}; give its letter at move {} to choose it)",
                    ply + 1,
                    name(id),
                    ply + 1
                )
            })
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_letters_are_kept_back() {
        // Ply 0 names nothing; ply 1 names a red identity 2; ply 2 a black 0.
        let named = Named::<3>::new(&[vec![], vec![(Color::Red, 2)], vec![(Color::Black, 0)]]);
        assert_eq!(named.spare(0, Color::Red, [1, 1, 1]), [1, 1, 0]);
        assert_eq!(
            named.spare(0, Color::Black, [1, 0, 0]),
            [1, 0, 0],
            "nothing else left: the whole pool"
        );
        assert_eq!(
            named.spare(1, Color::Red, [0, 0, 1]),
            [0, 0, 1],
            "a ply's own letter is not kept back"
        );
        assert_eq!(named.spare(1, Color::Black, [2, 1, 0]), [1, 1, 0]);
        assert_eq!(named.spare(2, Color::Black, [2, 1, 0]), [2, 1, 0]);
        assert_eq!(named.spare(9, Color::Black, [2, 1, 0]), [2, 1, 0]);
    }
}
