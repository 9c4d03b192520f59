//! Move-path enumeration, the standard check of a move generator.
//!
//! With face-down pieces a move that reveals branches into one child per
//! distinct identity in the mover's pool (the reader's chance outcomes); a
//! captured face-down piece stays unknown. For standard xiangqi this is
//! plain perft.

use super::position::{Move, Position};

/// Number of leaf nodes `depth` plies below `pos`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.iter().map(|&m| branches(pos, m)).sum();
    }
    let mut n = 0;
    for &m in moves.iter() {
        n += perft_move(pos, m, depth);
    }
    n
}

/// Leaves below one move (all its reveal outcomes).
pub fn perft_move(pos: &mut Position, m: Move, depth: u32) -> u64 {
    let piece = pos.piece_at(m.from).expect("a piece to move");
    if depth <= 1 {
        return branches(pos, m);
    }
    let mut n = 0;
    if piece.hidden {
        let pool = *pos.pool(piece.color);
        for (r, _) in pool.entries() {
            let u = pos.make(m, Some(r), None);
            n += perft(pos, depth - 1);
            pos.unmake(m, u);
        }
    } else {
        let u = pos.make(m, None, None);
        n += perft(pos, depth - 1);
        pos.unmake(m, u);
    }
    n
}

#[inline]
fn branches(pos: &Position, m: Move) -> u64 {
    match pos.piece_at(m.from) {
        Some(p) if p.hidden => pos.pool(p.color).entries().count().max(1) as u64,
        _ => 1,
    }
}

/// Per-move counts, sorted by move text, then the total.
pub fn divide(pos: &mut Position, depth: u32) -> (Vec<(Move, u64)>, u64) {
    let moves = pos.legal_moves();
    crate::rules::divide(moves.as_slice(), depth, |m| perft_move(pos, m, depth))
}
