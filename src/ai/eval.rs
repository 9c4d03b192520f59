//! Static evaluation from the side to move, in centipawns.
//!
//! Face-down pieces are worth the mean of their side's pool (as this seat
//! knows it), scaled down because their first move is forced to their start
//! role, plus a bonus for the long-range start points (chariot, cannon).

use crate::rules::{Color, Piece, Position, Role, Square};

/// Face-up values (middle game, end game).
const VALUE_FREE: [(i32, i32); 7] = [
    (0, 0),       // general
    (230, 190),   // advisor (free when face up)
    (220, 200),   // elephant (free when face up)
    (620, 700),   // horse
    (1150, 1300), // chariot
    (700, 650),   // cannon
    (130, 160),   // soldier (more once across the river)
];
/// Standard xiangqi: advisors and elephants are bound to palace and river.
const VALUE_BOUND: [(i32, i32); 7] = [
    (0, 0),
    (200, 180),
    (200, 190),
    (620, 700),
    (1150, 1300),
    (700, 650),
    (100, 140),
];

pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;

fn values(pos: &Position) -> &'static [(i32, i32); 7] {
    if pos.rules().free_advisors_elephants() {
        &VALUE_FREE
    } else {
        &VALUE_BOUND
    }
}

/// Game phase 0 (bare) ..= 24 (full attacking material).
fn phase(pos: &Position) -> i32 {
    let mut ph = 0;
    for (_, p) in pos.pieces() {
        ph += match (p.hidden, p.role) {
            (true, _) => 1,
            (false, Role::Chariot) => 4,
            (false, Role::Horse | Role::Cannon) => 2,
            _ => 0,
        };
    }
    ph.min(24)
}

/// Expected value of a face-down piece of `c` (middle, end).
pub fn hidden_value(pos: &Position, c: Color) -> (i32, i32) {
    let pool = pos.pool(c);
    let total = pool.total() as i32;
    if total == 0 {
        return (300, 300);
    }
    let v = values(pos);
    let (mut mg, mut eg) = (0, 0);
    for (r, n) in pool.entries() {
        mg += v[r.index()].0 * n as i32;
        eg += v[r.index()].1 * n as i32;
    }
    (mg * 85 / 100 / total, eg * 85 / 100 / total)
}

/// Value used to order captures (victim) and for quick exchange estimates.
pub fn piece_value(pos: &Position, p: Piece) -> i32 {
    if p.hidden {
        hidden_value(pos, p.color).0
    } else if p.role == Role::General {
        5000
    } else {
        values(pos)[p.role.index()].0
    }
}

/// Position bonus for a face-up piece, from `c`'s side (rank 0 = own edge).
fn placement(p: Piece, sq: Square) -> i32 {
    let rel = if p.color == Color::Red {
        sq
    } else {
        sq.flip_rank()
    };
    let (f, r) = (rel.file() as i32, rel.rank() as i32);
    let center = 4 - (f - 4).abs(); // 0..4
    match p.role {
        Role::Soldier => {
            if r >= 5 {
                // Across the river: better near the enemy palace, worse on the last rank.
                let near_palace = if (3..=5).contains(&f) { 20 } else { 0 };
                let last = if r == 9 { -40 } else { 0 };
                30 + (r - 5) * 12 + near_palace + last + center * 4
            } else {
                (r - 3) * 4
            }
        }
        Role::Horse => {
            center * 8 + (if (3..=7).contains(&r) { 20 } else { 0 })
                - (if f == 0 || f == 8 { 15 } else { 0 })
        }
        Role::Chariot => {
            (if r >= 5 { 20 } else { 0 }) + (if (3..=5).contains(&f) { 10 } else { 0 })
        }
        Role::Cannon => (if f == 4 { 15 } else { 0 }) + (if r <= 3 { 5 } else { 0 }),
        Role::Advisor | Role::Elephant => {
            // Near the own general, they defend.
            if r <= 2 && (2..=6).contains(&f) {
                15
            } else {
                0
            }
        }
        Role::General => {
            if r == 0 {
                10
            } else {
                -10 * r
            }
        }
    }
}

/// Bonus for a face-down piece still on its start point, by role of the point.
fn hidden_placement(p: Piece) -> i32 {
    match p.role {
        Role::Chariot => 40,
        Role::Cannon => 30,
        Role::Horse => 5,
        Role::Soldier => 0,
        _ => 10,
    }
}

/// Evaluate `pos` from the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let v = values(pos);
    let ph = phase(pos);
    let hv = [
        hidden_value(pos, Color::Red),
        hidden_value(pos, Color::Black),
    ];
    let mut score = [0i32; 2];
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    let mut defenders = [0i32; 2];
    let mut attackers = [0i32; 2];
    for (sq, p) in pos.pieces() {
        let c = p.color.index();
        if p.hidden {
            mg[c] += hv[c].0;
            eg[c] += hv[c].1;
            score[c] += hidden_placement(p);
            if matches!(p.role, Role::Advisor | Role::Elephant) {
                defenders[c] += 1;
            }
        } else {
            mg[c] += v[p.role.index()].0;
            eg[c] += v[p.role.index()].1;
            score[c] += placement(p, sq);
            if matches!(p.role, Role::Advisor | Role::Elephant) && sq.in_palace(p.color) {
                defenders[c] += 1;
            }
            if matches!(p.role, Role::Chariot | Role::Horse | Role::Cannon)
                && !sq.on_own_half(p.color)
            {
                attackers[c] += 1;
            }
        }
    }
    for c in Color::ALL {
        let i = c.index();
        let o = c.other().index();
        // A bare palace under attack is dangerous; advisors may be far away.
        let shortfall = (2 - defenders[i]).max(0);
        score[i] -= shortfall * attackers[o] * 25;
        score[i] += (mg[i] * ph + eg[i] * (24 - ph)) / 24;
    }
    let us = pos.turn().index();
    score[us] - score[1 - us] + 10
}
