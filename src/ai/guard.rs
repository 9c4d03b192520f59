//! The blunder guard of the weaker levels: a mate in one is never missed
//! and never allowed, whatever the noise says. It reads only the seat's
//! position: a face-down mover may turn into any identity of the pool the
//! seat knows, so a move counts as mating only if it mates for every one
//! of them, and as allowing a mate if some reveal lets the opponent mate.

use crate::rules::{Move, MoveList, Position, Role};

/// The identities a move of the piece on `m.from` may reveal: `[None]` for
/// a face-up mover (or an empty pool), else each distinct identity left.
fn outcomes(pos: &Position, m: Move) -> Vec<Option<Role>> {
    match pos.piece_at(m.from) {
        Some(p) if p.hidden && pos.pool(p.color).total() > 0 => {
            pos.pool(p.color).entries().map(|(r, _)| Some(r)).collect()
        }
        _ => vec![None],
    }
}

/// Play `m` as each identity it may reveal; `test` answers for each
/// position after it. `all`: must hold for every one; else for some.
fn after_each(
    pos: &mut Position,
    m: Move,
    all: bool,
    mut test: impl FnMut(&mut Position) -> bool,
) -> bool {
    for r in outcomes(pos, m) {
        let u = pos.make(m, r, None);
        let t = test(pos);
        pos.unmake(m, u);
        if t != all {
            return t;
        }
    }
    all
}

/// The side to move has no legal move: it has lost (mate or no move).
fn lost(pos: &Position) -> bool {
    pos.legal_moves().is_empty()
}

/// Does `m` end the game at once, whatever it reveals?
pub fn mates(pos: &mut Position, m: Move) -> bool {
    after_each(pos, m, true, |p| lost(p))
}

/// Can the opponent answer `m` with a mate (a check with no answer, for
/// some identity the reply reveals), for some identity `m` reveals? A
/// reply that leaves us without a move but not in check (rare) is not
/// looked for: testing every reply for it would cost a move generation each.
pub fn allows_mate(pos: &mut Position, m: Move) -> bool {
    after_each(pos, m, false, |p| {
        let replies = p.legal_moves();
        replies.iter().any(|&r| {
            // A mate gives check: most replies are rejected by that alone.
            after_each(p, r, false, |q| q.in_check() && lost(q))
        })
    })
}

/// The moves that end the game at once, whatever they reveal.
pub fn mating_moves(pos: &Position) -> Vec<Move> {
    legal_where(pos, mates)
}

/// The moves that give the opponent no mate in one. Empty when every move
/// does (nothing is safe, so nothing is filtered out then).
pub fn safe_moves(pos: &Position) -> Vec<Move> {
    legal_where(pos, |p, m| !allows_mate(p, m))
}

/// The legal moves of `pos` for which `keep` holds.
fn legal_where(pos: &Position, mut keep: impl FnMut(&mut Position, Move) -> bool) -> Vec<Move> {
    let mut p = pos.clone();
    let moves: MoveList = p.legal_moves();
    moves.iter().copied().filter(|&m| keep(&mut p, m)).collect()
}
