//! Perpetual chase: which enemy pieces a move chases, and whether one side
//! chased the same piece with every move of a repetition cycle.
//!
//! The definition (RULES.md section 4, this project's own):
//!
//! - A move **chases** an enemy piece when, after it, the mover's side could
//!   take that piece with a *legal* capture that was not possible before the
//!   move: made possible by the piece that moved (from its new point) or by
//!   one whose way the move opened (a chariot or cannon line, a horse leg, an
//!   elephant eye, a cannon's screen). A standing attack that the move did not
//!   create is no chase, even when the move makes it legal (for example by
//!   lifting a pin); a capture that is illegal after the move (a pinned
//!   attacker) is no chase either.
//! - The capturing piece is not a general or a soldier: they never chase.
//!   A face-down piece attacks as the role of its start point (RULES.md
//!   section 3); that it would be turned face up by capturing does not matter,
//!   only that the capture is legal.
//! - The chased piece is not the general, and a face-up soldier that has not
//!   crossed the river is never chased. A face-down piece is chased as an
//!   ordinary piece: its identity is unknown, so it counts neither as a
//!   soldier nor as a chariot.
//! - The chased piece is **unprotected**: after the capture, its side has no
//!   legal capture on that point. The one exception is a face-up chariot
//!   attacked by a horse or a cannon, which is chased even when protected.
//! - A side **perpetually chases** when, in the repeated cycle, every one of
//!   its moves chases one and the same enemy piece, followed as it moves.
//!   Perpetual check outranks chase; both sides checking, or both chasing, is
//!   a draw (the caller, `Game`, applies this order).

use super::piece::{Color, Role};
use super::position::{Move, MoveList, Position};

/// One ply of a repetition cycle, as the chase rule reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CyclePly {
    /// The side that moved.
    pub mover: Color,
    pub mv: Move,
    /// What the move chased (`chased_by_move`).
    pub chased: u128,
}

/// Enemy pieces (bit per square index) that the move `m` chases.
/// `before` is the position the move was played from, `after` the one it
/// led to.
pub fn chased_by_move(before: &Position, m: Move, after: &Position) -> u128 {
    let chaser = before.turn();
    // Captures the chaser could already make, legal or not, each named by the
    // point its attacker stands on after the move.
    let mut standing = MoveList::new();
    for (from, p) in before.pieces().filter(|(_, p)| p.color == chaser) {
        let mut l = MoveList::new();
        before.piece_moves(from, p, &mut l);
        let now_from = if from == m.from { m.to } else { from };
        for c in l.iter().filter(|c| before.piece_at(c.to).is_some()) {
            standing.push(Move::new(now_from, c.to));
        }
    }
    // The chaser to move again: its legal captures now.
    let mut probe = after.clone();
    probe.make_null();
    let mut set = 0u128;
    for &c in probe.legal_moves().iter() {
        let bit = 1u128 << c.to.index();
        let (Some(attacker), Some(target)) = (probe.piece_at(c.from), probe.piece_at(c.to)) else {
            continue;
        };
        if set & bit != 0
            || matches!(attacker.role, Role::General | Role::Soldier)
            || target.role == Role::General
            || (!target.hidden && target.role == Role::Soldier && c.to.on_own_half(target.color))
            || standing.contains(&c)
        {
            continue;
        }
        let chariot_by_minor = !target.hidden
            && target.role == Role::Chariot
            && matches!(attacker.role, Role::Horse | Role::Cannon);
        if chariot_by_minor || !protected_after(&probe, c) {
            set |= bit;
        }
    }
    set
}

/// After the capture `c` (legal in `pos`), can the captured side take back
/// on that point with a legal move?
fn protected_after(pos: &Position, c: Move) -> bool {
    let mut p = pos.clone();
    // A face-down capturer would be turned face up; what it turns into does
    // not change whether the recapture is legal (it is the piece taken).
    p.make(c, None, None);
    p.legal_moves().iter().any(|r| r.to == c.to)
}

/// Did `chaser` chase one and the same enemy piece with each of its moves in
/// `cycle`? The chased piece is followed as it moves.
pub fn chases_through(cycle: impl IntoIterator<Item = CyclePly>, chaser: Color) -> bool {
    let mut candidates: Option<u128> = None;
    for ply in cycle {
        if ply.mover == chaser {
            candidates = Some(candidates.map_or(ply.chased, |s| s & ply.chased));
        } else if let Some(s) = candidates.as_mut() {
            let (f, t) = (1u128 << ply.mv.from.index(), 1u128 << ply.mv.to.index());
            if *s & f != 0 {
                *s = (*s & !f) | t;
            }
        }
        if candidates == Some(0) {
            return false;
        }
    }
    candidates.is_some_and(|s| s != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::xiangqi::{fen, RuleSet, Square};

    fn chased(text: &str, m: &str) -> Vec<String> {
        let before = fen::parse(text, RuleSet::Jieqi).unwrap();
        let sq = |s: &str| Square::parse(s).unwrap();
        let m = Move::new(sq(&m[0..2]), sq(&m[2..4]));
        let mut after = before.clone();
        after.play(m, None, None).unwrap();
        let set = chased_by_move(&before, m, &after);
        Square::all()
            .filter(|s| set >> s.index() & 1 == 1)
            .map(|s| s.to_string())
            .collect()
    }

    #[test]
    fn a_new_attack_chases_a_standing_one_does_not() {
        // Chariot a5 stands on the horse a8; the general's move creates nothing.
        assert!(chased("3k5/n8/9/9/R8/9/9/9/9/4K4 w - 0 1", "e0e1").is_empty());
        // Chariot i5 -> i8 creates an attack on the horse a8; i5 -> i6 does not.
        assert_eq!(
            chased("3k5/n8/9/9/8R/9/9/9/9/4K4 w - 0 1", "i5i6"),
            Vec::<String>::new()
        );
        assert_eq!(
            chased("3k5/n8/9/9/8R/9/9/9/9/4K4 w - 0 1", "i5i8"),
            vec!["a8"]
        );
    }
}
