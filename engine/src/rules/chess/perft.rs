//! Move-path enumeration, the standard check of a move generator.
//!
//! Each reveal branches into one child per distinct identity in the
//! reader's pool of the revealed piece's side (as the Jieqi perft does);
//! a face-down mover revealed a pawn on the last rank branches once more
//! per promotion piece (the mover chooses after the reveal). A captured
//! face-down piece stays unknown. With nothing face down this is standard
//! chess perft.

use super::position::Position;
use super::types::{Kind, Move};

/// Number of leaf nodes `depth` plies below `pos`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.iter().map(|&m| branches(pos, m)).sum();
    }
    moves.iter().map(|&m| perft_move(pos, m, depth)).sum()
}

/// Leaves below one listed move (all its reveal and promotion outcomes).
pub fn perft_move(pos: &mut Position, m: Move, depth: u32) -> u64 {
    if depth <= 1 {
        return branches(pos, m);
    }
    let mut n = 0;
    let mut child = |pos: &mut Position, m: Move, reveal: Option<Kind>| {
        let u = pos.make(m, reveal, None);
        n += perft(pos, depth - 1);
        pos.unmake(u);
    };
    match pos.revealed_by(m) {
        Some(p) if pos.pool(p.color).total() > 0 => {
            let pool = *pos.pool(p.color);
            let promotes = pos.may_promote_on_reveal(m);
            for (k, _) in pool.entries() {
                if promotes && k == Kind::Pawn {
                    for promo in Kind::PROMOTIONS {
                        child(pos, Move::promoting(m.from, m.to, promo), Some(k));
                    }
                } else {
                    child(pos, m, Some(k));
                }
            }
        }
        _ => child(pos, m, None),
    }
    n
}

/// Children of one listed move.
#[inline]
fn branches(pos: &Position, m: Move) -> u64 {
    match pos.revealed_by(m) {
        Some(p) if pos.pool(p.color).total() > 0 => {
            let pool = pos.pool(p.color);
            let mut n = pool.entries().count() as u64;
            if pool.get(Kind::Pawn) > 0 && pos.may_promote_on_reveal(m) {
                n += Kind::PROMOTIONS.len() as u64 - 1;
            }
            n
        }
        _ => 1,
    }
}

/// Per-move counts sorted by move text, then the total.
pub fn divide(pos: &mut Position, depth: u32) -> (Vec<(Move, u64)>, u64) {
    let moves = pos.legal_moves();
    crate::rules::divide(moves.as_slice(), depth, |m| perft_move(pos, m, depth))
}
