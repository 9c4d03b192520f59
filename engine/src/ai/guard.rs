//! The blunder guard of the weaker levels: a mate in one is never missed
//! and never allowed, whatever the noise says. It reads only the seat's
//! position: a face-down mover may turn into any identity of the pool the
//! seat knows, so a move counts as mating only if it mates for every one
//! of them, and as allowing a mate if some reveal lets the opponent mate.

use super::game::Game;

/// What a move may turn out to be: `[(m, None)]` for a move that reveals
/// nothing (or with an empty pool), else the move as played with each
/// distinct identity left (with a promotion's choices after a late reveal).
fn outcomes<G: Game>(pos: &G, m: G::Move) -> Vec<(G::Move, Option<G::Id>)> {
    match pos.reveal_pool(m) {
        Some(pool) if G::pool_total(&pool) > 0 => G::pool_entries(&pool)
            .flat_map(|(r, _)| {
                let (first, second) = pos.with_reveal(m, r);
                std::iter::once((first, Some(r))).chain(second.map(|s| (s, Some(r))))
            })
            .collect(),
        _ => vec![(m, None)],
    }
}

/// Play `m` as each identity it may reveal; `test` answers for each
/// position after it. `all`: must hold for every one; else for some.
fn after_each<G: Game>(
    pos: &mut G,
    m: G::Move,
    all: bool,
    mut test: impl FnMut(&mut G) -> bool,
) -> bool {
    for (played, r) in outcomes(pos, m) {
        let u = pos.make(played, r);
        let t = test(pos);
        pos.unmake(played, u);
        if t != all {
            return t;
        }
    }
    all
}

/// The side to move has no legal move: it has lost (mate or no move).
fn lost<G: Game>(pos: &G) -> bool {
    G::list_slice(&pos.legal_moves()).is_empty() && (pos.in_check() || !pos.stalemate_draws())
}

/// Does `m` end the game at once, whatever it reveals?
pub fn mates<G: Game>(pos: &mut G, m: G::Move) -> bool {
    after_each(pos, m, true, |p| lost(p))
}

/// Can the opponent answer `m` with a mate (a check with no answer, for
/// some identity the reply reveals), for some identity `m` reveals? A
/// reply that leaves us without a move but not in check (rare) is not
/// looked for: testing every reply for it would cost a move generation each.
pub fn allows_mate<G: Game>(pos: &mut G, m: G::Move) -> bool {
    after_each(pos, m, false, |p| {
        let replies = p.legal_moves();
        G::list_slice(&replies).iter().any(|&r| {
            // A mate gives check: most replies are rejected by that alone.
            after_each(p, r, false, |q| q.in_check() && lost(q))
        })
    })
}

/// The moves that end the game at once, whatever they reveal.
pub fn mating_moves<G: Game>(pos: &G) -> Vec<G::Move> {
    legal_where(pos, mates)
}

/// The moves that give the opponent no mate in one. Empty when every move
/// does (nothing is safe, so nothing is filtered out then).
pub fn safe_moves<G: Game>(pos: &G) -> Vec<G::Move> {
    legal_where(pos, |p, m| !allows_mate(p, m))
}

/// The legal moves of `pos` for which `keep` holds.
fn legal_where<G: Game>(pos: &G, mut keep: impl FnMut(&mut G, G::Move) -> bool) -> Vec<G::Move> {
    let mut p = pos.clone();
    let moves = p.legal_moves();
    G::list_slice(&moves)
        .iter()
        .copied()
        .filter(|&m| keep(&mut p, m))
        .collect()
}
