//! Static evaluation of chess and hidden chess, from the side to move, in
//! centipawns. Hand-set values, tapered between middle game and end game
//! by the material left (a face-down piece counts its pool's expectation).
//!
//! Terms: face-up material and piece-square tables; face-down pieces at
//! their side's pool-weighted mean value, plus a small term for the piece
//! they move as until revealed (their start square's); bishop pair; light
//! mobility of knights, bishops, rooks and queens; pawn structure
//! (doubled, isolated, passed: true pawns only, but a face-down piece on an
//! enemy pawn square may be a pawn, so it stops a passer); king safety in
//! the middle game (the shield in front of a king on its back ranks, open
//! files next to it, and each castling still possible: the king and an
//! unmoved corner piece together are worth a safer king later); tempo.

use crate::rules::chess::bitboard::{bishop_attacks, rook_attacks, squares, FILE_A, KNIGHT};
use crate::rules::chess::position::{
    BLACK_KING_SIDE, BLACK_QUEEN_SIDE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};
use crate::rules::chess::{Kind, Piece, Pool, Position, Square};
use crate::rules::Color;

/// Material (middle, end) by kind: pawn, knight, bishop, rook, queen, king.
pub const VALUES: [(i32, i32); 6] = [
    (82, 100),
    (337, 290),
    (365, 305),
    (477, 520),
    (1025, 950),
    (0, 0),
];

/// Phase weights by kind; the full phase is [`PHASE_MAX`].
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub const PHASE_MAX: i32 = 24;

/// A face-down piece's extra for the piece it moves as until revealed
/// (start kind: pawn, knight, bishop, rook, queen).
const HIDDEN_HOME: [(i32, i32); 5] = [(0, 0), (8, 0), (8, 0), (-4, 0), (4, 0)];
const BISHOP_PAIR: (i32, i32) = (30, 50);
const TEMPO: i32 = 12;
const DOUBLED: (i32, i32) = (-10, -20);
const ISOLATED: (i32, i32) = (-12, -15);
/// Passed pawn by its rank counted from its own side.
const PASSED: [(i32, i32); 8] = [
    (0, 0),
    (5, 10),
    (8, 15),
    (14, 25),
    (25, 45),
    (40, 75),
    (60, 115),
    (0, 0),
];
/// Mobility per attacked square not held by an own piece, around a
/// typical count (knight, bishop, rook, queen).
const MOBILITY: [(i32, i32, i32); 4] = [(4, 4, 4), (5, 5, 6), (2, 4, 7), (1, 2, 13)];
const SHIELD_NEAR: i32 = 12;
const SHIELD_FAR: i32 = 6;
const OPEN_FILE_NEAR_KING: i32 = -15;
/// Each castling still possible (king and corner piece unmoved).
const CASTLE_RIGHT: i32 = 14;

/// Piece-square tables, white's view, rank 8 first (index by [`pst_index`]).
#[rustfmt::skip]
const PST_MG: [[i32; 64]; 6] = [
    [
          0,   0,   0,   0,   0,   0,   0,   0,
         50,  50,  50,  50,  50,  50,  50,  50,
         10,  10,  20,  30,  30,  20,  10,  10,
          5,   5,  10,  25,  25,  10,   5,   5,
          0,   0,   0,  20,  20,   0,   0,   0,
          5,  -5, -10,   0,   0, -10,  -5,   5,
          5,  10,  10, -20, -20,  10,  10,   5,
          0,   0,   0,   0,   0,   0,   0,   0,
    ],
    [
        -50, -40, -30, -30, -30, -30, -40, -50,
        -40, -20,   0,   0,   0,   0, -20, -40,
        -30,   0,  10,  15,  15,  10,   0, -30,
        -30,   5,  15,  20,  20,  15,   5, -30,
        -30,   0,  15,  20,  20,  15,   0, -30,
        -30,   5,  10,  15,  15,  10,   5, -30,
        -40, -20,   0,   5,   5,   0, -20, -40,
        -50, -40, -30, -30, -30, -30, -40, -50,
    ],
    [
        -20, -10, -10, -10, -10, -10, -10, -20,
        -10,   0,   0,   0,   0,   0,   0, -10,
        -10,   0,   5,  10,  10,   5,   0, -10,
        -10,   5,   5,  10,  10,   5,   5, -10,
        -10,   0,  10,  10,  10,  10,   0, -10,
        -10,  10,  10,  10,  10,  10,  10, -10,
        -10,   5,   0,   0,   0,   0,   5, -10,
        -20, -10, -10, -10, -10, -10, -10, -20,
    ],
    [
          0,   0,   0,   0,   0,   0,   0,   0,
          5,  10,  10,  10,  10,  10,  10,   5,
         -5,   0,   0,   0,   0,   0,   0,  -5,
         -5,   0,   0,   0,   0,   0,   0,  -5,
         -5,   0,   0,   0,   0,   0,   0,  -5,
         -5,   0,   0,   0,   0,   0,   0,  -5,
         -5,   0,   0,   0,   0,   0,   0,  -5,
          0,   0,   0,   5,   5,   0,   0,   0,
    ],
    [
        -20, -10, -10,  -5,  -5, -10, -10, -20,
        -10,   0,   0,   0,   0,   0,   0, -10,
        -10,   0,   5,   5,   5,   5,   0, -10,
         -5,   0,   5,   5,   5,   5,   0,  -5,
          0,   0,   5,   5,   5,   5,   0,  -5,
        -10,   5,   5,   5,   5,   5,   0, -10,
        -10,   0,   5,   0,   0,   0,   0, -10,
        -20, -10, -10,  -5,  -5, -10, -10, -20,
    ],
    [
        -30, -40, -40, -50, -50, -40, -40, -30,
        -30, -40, -40, -50, -50, -40, -40, -30,
        -30, -40, -40, -50, -50, -40, -40, -30,
        -30, -40, -40, -50, -50, -40, -40, -30,
        -20, -30, -30, -40, -40, -30, -30, -20,
        -10, -20, -20, -20, -20, -20, -20, -10,
         20,  20,   0,   0,   0,   0,  20,  20,
         20,  30,  10,   0,   0,  10,  30,  20,
    ],
];

/// End-game tables: pawns by rank (passers add more), pieces towards the
/// centre, the king active.
#[rustfmt::skip]
const PST_EG: [[i32; 64]; 6] = [
    [
          0,   0,   0,   0,   0,   0,   0,   0,
         60,  60,  60,  60,  60,  60,  60,  60,
         35,  35,  35,  35,  35,  35,  35,  35,
         20,  20,  20,  20,  20,  20,  20,  20,
         10,  10,  10,  10,  10,  10,  10,  10,
          3,   3,   3,   3,   3,   3,   3,   3,
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
    ],
    [
        -50, -40, -30, -30, -30, -30, -40, -50,
        -40, -20,   0,   0,   0,   0, -20, -40,
        -30,   0,  10,  15,  15,  10,   0, -30,
        -30,   5,  15,  20,  20,  15,   5, -30,
        -30,   0,  15,  20,  20,  15,   0, -30,
        -30,   5,  10,  15,  15,  10,   5, -30,
        -40, -20,   0,   5,   5,   0, -20, -40,
        -50, -40, -30, -30, -30, -30, -40, -50,
    ],
    [
        -20, -10, -10, -10, -10, -10, -10, -20,
        -10,   0,   0,   0,   0,   0,   0, -10,
        -10,   0,   5,  10,  10,   5,   0, -10,
        -10,   5,   5,  10,  10,   5,   5, -10,
        -10,   0,  10,  10,  10,  10,   0, -10,
        -10,  10,  10,  10,  10,  10,  10, -10,
        -10,   5,   0,   0,   0,   0,   5, -10,
        -20, -10, -10, -10, -10, -10, -10, -20,
    ],
    [
          5,   5,   5,   5,   5,   5,   5,   5,
         10,  10,  10,  10,  10,  10,  10,  10,
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
    ],
    [
        -20, -10, -10,  -5,  -5, -10, -10, -20,
        -10,   0,   5,   5,   5,   5,   0, -10,
        -10,   5,  10,  10,  10,  10,   5, -10,
         -5,   5,  10,  15,  15,  10,   5,  -5,
         -5,   5,  10,  15,  15,  10,   5,  -5,
        -10,   5,  10,  10,  10,  10,   5, -10,
        -10,   0,   5,   5,   5,   5,   0, -10,
        -20, -10, -10,  -5,  -5, -10, -10, -20,
    ],
    [
        -50, -40, -30, -20, -20, -30, -40, -50,
        -30, -20, -10,   0,   0, -10, -20, -30,
        -30, -10,  20,  30,  30,  20, -10, -30,
        -30, -10,  30,  40,  40,  30, -10, -30,
        -30, -10,  30,  40,  40,  30, -10, -30,
        -30, -10,  20,  30,  30,  20, -10, -30,
        -30, -30,   0,   0,   0,   0, -30, -30,
        -50, -30, -30, -30, -30, -30, -30, -50,
    ],
];

/// The table index of `sq` for a piece of `c` (tables are white's view,
/// rank 8 first).
#[inline]
fn pst_index(sq: Square, c: Color) -> usize {
    let rank = match c {
        Color::Red => 7 - sq.rank(),
        Color::Black => sq.rank(),
    };
    rank as usize * 8 + sq.file() as usize
}

/// The (middle, end) value a face-down piece of a side with `pool` is
/// expected to have, and its expected phase weight x 16.
pub fn hidden_value(pool: &Pool) -> (i32, i32, i32) {
    let total = pool.total() as i32;
    if total == 0 {
        return (VALUES[0].0, VALUES[0].1, 0);
    }
    let (mut mg, mut eg, mut ph) = (0, 0, 0);
    for (k, n) in pool.entries() {
        let n = n as i32;
        mg += VALUES[k.index()].0 * n;
        eg += VALUES[k.index()].1 * n;
        ph += PHASE[k.index()] * 16 * n;
    }
    (mg / total, eg / total, ph / total)
}

/// Value used to order captures and for quick exchange estimates.
pub fn piece_value(pos: &Position, p: Piece) -> i32 {
    if p.hidden {
        hidden_value(pos.pool(p.color)).0
    } else if p.kind == Kind::King {
        5000
    } else {
        VALUES[p.kind.index()].0
    }
}

/// The identity of `pool` whose value is nearest the pool's mean (the one
/// the search follows where a full chance node is too dear).
pub fn typical_identity(pool: &Pool) -> Kind {
    let mean = hidden_value(pool).0;
    pool.entries()
        .min_by_key(|(k, _)| (VALUES[k.index()].0 - mean).abs())
        .map(|(k, _)| k)
        .unwrap_or(Kind::Pawn)
}

fn file_mask(file: u8) -> u64 {
    FILE_A << file
}

fn adjacent_files(file: u8) -> u64 {
    let mut m = 0;
    if file > 0 {
        m |= file_mask(file - 1);
    }
    if file < 7 {
        m |= file_mask(file + 1);
    }
    m
}

/// Squares strictly in front of `sq` for `c` on the files in `files`.
fn ahead(sq: Square, c: Color, files: u64) -> u64 {
    let r = sq.rank() as u32;
    let mask = match c {
        Color::Red if r < 7 => !0u64 << ((r + 1) * 8),
        Color::Black if r > 0 => !0u64 >> ((8 - r) * 8),
        _ => 0,
    };
    mask & files
}

/// The evaluation from White's side: (middle, end, phase x 16).
fn white_terms(pos: &Position) -> (i32, i32, i32) {
    let occ = pos.occupied();
    let hidden = pos.hidden_bb();
    let (mut mg, mut eg, mut phase) = (0i32, 0i32, 0i32);
    for c in Color::ALL {
        let sign = if c == Color::Red { 1 } else { -1 };
        let own = pos.color_bb(c);
        let enemy = pos.color_bb(c.other());
        let (mut m, mut e, mut ph) = (0, 0, 0);
        // Face-down pieces: the pool's expectation, plus their start kind.
        let hid = own & hidden;
        if hid != 0 {
            let (hm, he, hp) = hidden_value(pos.pool(c));
            let n = hid.count_ones() as i32;
            m += hm * n;
            e += he * n;
            ph += hp * n;
            for sq in squares(hid) {
                let k = pos.piece_at(sq).map_or(Kind::Pawn, |p| p.kind);
                let h = HIDDEN_HOME[k.index().min(4)];
                m += h.0;
                e += h.1;
            }
        }
        // Face-up pieces.
        let up = own & !hidden;
        for k in Kind::ALL {
            let bb = up & pos.kind_bb(k);
            if bb == 0 {
                continue;
            }
            let n = bb.count_ones() as i32;
            m += VALUES[k.index()].0 * n;
            e += VALUES[k.index()].1 * n;
            ph += PHASE[k.index()] * 16 * n;
            for sq in squares(bb) {
                let i = pst_index(sq, c);
                m += PST_MG[k.index()][i];
                e += PST_EG[k.index()][i];
                let attacks = match k {
                    Kind::Knight => KNIGHT[sq.index()],
                    Kind::Bishop => bishop_attacks(sq, occ),
                    Kind::Rook => rook_attacks(sq, occ),
                    Kind::Queen => bishop_attacks(sq, occ) | rook_attacks(sq, occ),
                    _ => continue,
                };
                let (wm, we, typical) = MOBILITY[k.index() - 1];
                let n = (attacks & !own).count_ones() as i32 - typical;
                m += wm * n;
                e += we * n;
            }
            if k == Kind::Bishop && n >= 2 {
                m += BISHOP_PAIR.0;
                e += BISHOP_PAIR.1;
            }
        }
        // Pawn structure (true pawns; a face-down piece on a pawn square
        // may be one, so it blocks enemy passers).
        let pawns = up & pos.kind_bb(Kind::Pawn);
        let enemy_pawnlike = enemy & pos.kind_bb(Kind::Pawn);
        for sq in squares(pawns) {
            let f = sq.file();
            let fm = file_mask(f);
            if (pawns & fm).count_ones() > 1 {
                m += DOUBLED.0;
                e += DOUBLED.1;
            }
            if pawns & adjacent_files(f) == 0 {
                m += ISOLATED.0;
                e += ISOLATED.1;
            }
            let front = ahead(sq, c, fm | adjacent_files(f));
            if enemy_pawnlike & front == 0 && pawns & ahead(sq, c, fm) == 0 {
                let p = PASSED[sq.relative_rank(c) as usize];
                m += p.0;
                e += p.1;
            }
        }
        // King safety (middle game): shield, open files, castling.
        let king = pos.king(c);
        if king.relative_rank(c) <= 1 {
            let shield = own & pos.kind_bb(Kind::Pawn);
            let kf = king.file();
            for f in kf.saturating_sub(1)..=(kf + 1).min(7) {
                let fm = file_mask(f);
                let near = ahead(king, c, fm) & shield;
                if near == 0 {
                    m += OPEN_FILE_NEAR_KING;
                    continue;
                }
                let first = if c == Color::Red {
                    Square::from_index(near.trailing_zeros() as usize)
                } else {
                    Square::from_index(63 - near.leading_zeros() as usize)
                };
                let dist = first.rank().abs_diff(king.rank());
                m += match dist {
                    1 => SHIELD_NEAR,
                    2 => SHIELD_FAR,
                    _ => 0,
                };
            }
        }
        let rights = pos.castling();
        let mine = match c {
            Color::Red => [WHITE_KING_SIDE, WHITE_QUEEN_SIDE],
            Color::Black => [BLACK_KING_SIDE, BLACK_QUEEN_SIDE],
        };
        for r in mine {
            if rights & r != 0 {
                m += CASTLE_RIGHT;
            }
        }
        mg += sign * m;
        eg += sign * e;
        phase += ph;
    }
    (mg, eg, phase)
}

/// The evaluation of `pos` from the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let (mg, eg, phase16) = white_terms(pos);
    let phase = (phase16 / 16).clamp(0, PHASE_MAX);
    let v = (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;
    let v = if pos.turn() == Color::Red { v } else { -v };
    v + TEMPO
}
