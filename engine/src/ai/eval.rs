//! Static evaluation from the side to move, in centipawns.
//!
//! The evaluation is mostly linear in its weights: [`terms`] walks a position once
//! and reports every feature it sees (a count, signed by the owner: Red +,
//! Black -) to a [`Sink`]. The engine's sink sums weight x count on the fly
//! ([`evaluate`]); the tuner's sink records the counts ([`features`]) so a
//! fit on data computes exactly the evaluation the engine plays with.
//! Each feature has a middle-game and an end-game weight, blended by the
//! [`phase`] of the position.
//!
//! Features (see [`name`]): face-up material; face-down pieces at the
//! pool-weighted mean of a separate hidden-value table, plus a bonus by the
//! role of the start point they still hold (keeping a long-range start
//! point hidden is worth something); identities captured unseen (what this
//! reader does not know); soldier crossing, advance and structure; horse
//! legs and mobility; chariot files and mobility; cannon screens towards
//! the enemy general; palace defenders and attacks on the palace; hanging,
//! under-attacked and doubly attacked pieces; the face-down pieces'
//! mobility and the general's room in its palace (fitted later, with the
//! rest held); and a piece-square table per role for face-up pieces
//! ([`pst_index`]), which the fit on data fills in around the hand-made
//! terms.
//!
//! On top of the linear sum, a small learnt correction ([`net`]) reads the
//! hand-made features (those before the tables), each side's apart, from
//! the side to move, and learns how they combine; [`correction`] gives it
//! from the inputs either sink collects.

pub mod net;
mod weights;

pub use weights::WEIGHTS;

use crate::rules::xiangqi::attacks::{Tables, TABLES};
use crate::rules::xiangqi::square::{FILES, SQUARES};
use crate::rules::{Color, Piece, Position, Role, Square};

pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// The full game phase: [`phase`] runs from 0 (bare) to this.
pub const PHASE_MAX: i32 = 24;

/// A middle-game and an end-game weight.
pub type Weight = (i32, i32);

// ---- feature indices ----

/// Face-up material by role (index `Role::index() - 1`: advisor, elephant,
/// horse, chariot, cannon, soldier) in rule sets with free advisors and
/// elephants.
pub const MATERIAL: usize = 0;
/// Advisor and elephant where they are bound to palace and river (xiangqi).
pub const MATERIAL_BOUND: usize = 6;
/// Hidden-value table by identity: each face-down piece counts the
/// pool-weighted mean of these.
pub const HIDDEN_POOL: usize = 8;
/// Face-down piece by the role of the start point it stands on.
pub const HIDDEN_HOME: usize = 14;
pub const TEMPO: usize = 20;
pub const SOLDIER_CROSSED: usize = 21;
pub const SOLDIER_ADVANCE: usize = 22;
pub const SOLDIER_PALACE: usize = 23;
pub const SOLDIER_LAST_RANK: usize = 24;
pub const SOLDIER_CONNECTED: usize = 25;
pub const SOLDIER_CENTER: usize = 26;
pub const SOLDIER_RIVER: usize = 27;
pub const HORSE_MOBILITY: usize = 28;
pub const HORSE_CENTER: usize = 29;
pub const HORSE_ACTIVE: usize = 30;
pub const HORSE_EDGE: usize = 31;
pub const HORSE_TRAPPED: usize = 32;
pub const CHARIOT_MOBILITY: usize = 33;
pub const CHARIOT_OPEN_FILE: usize = 34;
pub const CHARIOT_CROSSED: usize = 35;
pub const CHARIOT_PALACE_FILE: usize = 36;
pub const CANNON_MOBILITY: usize = 37;
pub const CANNON_GENERAL_FILE: usize = 38;
pub const CANNON_HOLLOW: usize = 39;
pub const CANNON_DOUBLE_SCREEN: usize = 40;
pub const CANNON_HOME: usize = 41;
pub const DEFENDER_HOME: usize = 42;
pub const GENERAL_HOME: usize = 43;
pub const GENERAL_RANK: usize = 44;
pub const PALACE_ATTACKS: usize = 45;
pub const PALACE_ATTACKS_SHORTFALL: usize = 46;
pub const ATTACKERS_SHORTFALL: usize = 47;
pub const HANGING_US: usize = 48;
pub const HANGING_THEM: usize = 49;
pub const THREAT_LOWER_US: usize = 50;
pub const THREAT_LOWER_THEM: usize = 51;
pub const DOUBLE_ATTACK_US: usize = 52;
pub const DOUBLE_ATTACK_THEM: usize = 53;
pub const UNSEEN_CAPTURED: usize = 54;
/// Points a face-down piece reaches (not its own pieces).
pub const HIDDEN_MOBILITY: usize = 55;
/// Points of the palace next to the general it may step to: not its own
/// piece's, not attacked.
pub const GENERAL_MOBILITY: usize = 56;
/// Points of the palace next to the general that the other side attacks.
pub const GENERAL_ESCAPES_ATTACKED: usize = 57;
/// A chariot on the other general's file or rank with one piece between
/// (a pin, or a discovered attack).
pub const CHARIOT_XRAY: usize = 58;
/// The one piece between the two generals on a file (it may not leave it).
pub const GENERALS_SCREEN: usize = 59;
/// The most a side's threatened pieces are worth (hanging, or attacked by
/// a lower piece), in hundreds of centipawns: side to move, then the other.
pub const THREATENED_US: usize = 60;
/// The second most: a side can save only one.
pub const THREATENED_SECOND_US: usize = 61;
/// The most the other side's threatened pieces are worth, and the second
/// most (what the side to move may win), in hundreds of centipawns.
pub const THREATENED_THEM: usize = 62;
pub const THREATENED_SECOND_THEM: usize = 63;
/// Moves of face-up chariots, cannons and horses that would give check
/// ([`checks_by`]): the side to move's, then the other side's.
pub const CHECKS_US: usize = 64;
pub const CHECKS_THEM: usize = 65;
/// Of those, the checks from a point the checked side does not attack
/// ([`Position::attacked_by`]): the side to move's, then the other side's.
pub const SAFE_CHECKS_US: usize = 66;
pub const SAFE_CHECKS_THEM: usize = 67;
/// Piece-square tables of face-up pieces: by role (general first), then by
/// the point seen from the piece's own side, mirrored onto files 0..=4
/// (`rank * 5 + file`, 50 points a role).
pub const PST: usize = 68;
/// Points in one role's piece-square table.
pub const PST_POINTS: usize = 50;
/// Number of features (and weights).
pub const FEATURES: usize = PST + Role::ALL.len() * PST_POINTS;

/// The piece-square feature of a face-up `role` on `rel`, the point seen
/// from its own side.
#[inline(always)]
pub fn pst_index(role: Role, rel: Square) -> usize {
    let f = rel.file() as usize;
    PST + role.index() * PST_POINTS + rel.rank() as usize * 5 + f.min(8 - f)
}

/// A feature's name, for the tuner's output.
pub fn name(i: usize) -> String {
    if i < PST {
        return NAMES[i].to_string();
    }
    let j = i - PST;
    let role = Role::ALL.get(j / PST_POINTS).map_or("?", |r| r.name());
    let point = j % PST_POINTS;
    format!("square {role} rank {} file {}", point / 5, point % 5)
}

/// Names of the features before the piece-square tables.
const NAMES: [&str; PST] = [
    "material advisor",
    "material elephant",
    "material horse",
    "material chariot",
    "material cannon",
    "material soldier",
    "material bound advisor",
    "material bound elephant",
    "hidden pool advisor",
    "hidden pool elephant",
    "hidden pool horse",
    "hidden pool chariot",
    "hidden pool cannon",
    "hidden pool soldier",
    "hidden on advisor point",
    "hidden on elephant point",
    "hidden on horse point",
    "hidden on chariot point",
    "hidden on cannon point",
    "hidden on soldier point",
    "tempo",
    "soldier crossed",
    "soldier advance",
    "soldier near palace",
    "soldier last rank",
    "soldiers connected",
    "soldier centre",
    "soldier at river",
    "horse mobility",
    "horse centre",
    "horse active ranks",
    "horse edge",
    "horse trapped",
    "chariot mobility",
    "chariot open file",
    "chariot crossed",
    "chariot palace file",
    "cannon mobility",
    "cannon on general file",
    "cannon hollow",
    "cannon double screen",
    "cannon home",
    "defender home",
    "general home",
    "general rank",
    "palace attacks",
    "palace attacks x shortfall",
    "attackers x shortfall",
    "hanging (side to move)",
    "hanging (side not to move)",
    "attacked by lower (side to move)",
    "attacked by lower (side not to move)",
    "doubly attacked (side to move)",
    "doubly attacked (side not to move)",
    "captured unseen",
    "hidden mobility",
    "general mobility",
    "general escapes attacked",
    "chariot x-ray on general",
    "screen between generals",
    "threatened value (side to move)",
    "second threatened value (side to move)",
    "threatened value (side not to move)",
    "second threatened value (side not to move)",
    "checks (side to move)",
    "checks (side not to move)",
    "safe checks (side to move)",
    "safe checks (side not to move)",
];

/// Receives the features of a position: `add(f, c, n)` adds `n` times
/// feature `f` for side `c` (a count, never negative; Red's count +, Black's
/// -); `add_ratio(f, c, num, den)` adds `num / den` for `c`.
pub trait Sink {
    fn add(&mut self, f: usize, c: Color, n: i32);
    fn add_ratio(&mut self, f: usize, c: Color, num: i32, den: i32);
}

/// `n` with its owner's sign: Red +, Black -.
#[inline(always)]
fn signed(c: Color, n: i32) -> i32 {
    if c == Color::Red {
        n
    } else {
        -n
    }
}

/// The inputs of the learnt correction ([`net`]) as both sinks collect
/// them: the counts of the features before the piece-square tables in
/// [`net::INPUT_SCALE`] fixed point, Red's and Black's apart (by
/// [`Color::index`]). Every count a sink receives is one side's (signed by
/// its owner: Red +, Black -), so its sign says whose it is.
pub type NetInputs = [[i32; net::SIDE_INPUTS]; 2];

#[inline(always)]
fn add_input(inputs: &mut NetInputs, f: usize, c: Color, num: i32, den: i32) {
    debug_assert!(num >= 0 && den > 0, "a count is never negative");
    if f < net::SIDE_INPUTS {
        inputs[c.index()][f] += num * net::INPUT_SCALE / den;
    }
}

/// The learnt correction for the side to move `turn`.
#[inline]
pub fn correction(inputs: &NetInputs, turn: Color) -> i32 {
    net::forward(&inputs[turn.index()], &inputs[turn.other().index()])
}

/// The learnt correction's inputs as it reads them for the side to move
/// `turn`: the side to move's counts, then the other side's.
pub fn net_view(inputs: &NetInputs, turn: Color) -> [i32; net::INPUTS] {
    let (us, them) = (&inputs[turn.index()], &inputs[turn.other().index()]);
    std::array::from_fn(|i| {
        if i < net::SIDE_INPUTS {
            us[i]
        } else {
            them[i - net::SIDE_INPUTS]
        }
    })
}

/// The engine's sink: weighted sums, middle and end game, and the inputs
/// of the learnt correction.
struct Weighted {
    /// The middle-game and end-game sums, packed as [`PACKED`].
    sum: i64,
    inputs: NetInputs,
}

/// [`WEIGHTS`] with each pair in one word ([`net::pack`]: middle game low,
/// end game high), so a feature costs one multiply-add.
static PACKED: [i64; FEATURES] = {
    let mut out = [0; FEATURES];
    let mut i = 0;
    while i < FEATURES {
        out[i] = net::pack(WEIGHTS[i].0, WEIGHTS[i].1);
        i += 1;
    }
    out
};

impl Sink for Weighted {
    #[inline(always)]
    fn add(&mut self, f: usize, c: Color, n: i32) {
        self.sum = self
            .sum
            .wrapping_add(PACKED[f].wrapping_mul(signed(c, n) as i64));
        add_input(&mut self.inputs, f, c, n, 1);
    }
    #[inline(always)]
    fn add_ratio(&mut self, f: usize, c: Color, num: i32, den: i32) {
        // Each half rounds on its own (towards zero), as two separate sums
        // would.
        // (The weights from the static table: indexing the constant one
        // copies it to the stack first.)
        let (mg, eg) = net::unpack(PACKED[f]);
        let part = net::pack(signed(c, mg * num / den), signed(c, eg * num / den));
        self.sum = self.sum.wrapping_add(part);
        add_input(&mut self.inputs, f, c, num, den);
    }
}

/// The features of a position: signed counts (Red +, Black -) and the phase.
#[derive(Clone, Debug, PartialEq)]
pub struct Features {
    pub counts: [f32; FEATURES],
    /// The learnt correction's inputs, exactly as the engine sees them.
    pub inputs: NetInputs,
    pub phase: i32,
    /// The side to move (the evaluation is Red's score negated for Black).
    pub turn: Color,
}

impl Sink for Features {
    fn add(&mut self, f: usize, c: Color, n: i32) {
        self.counts[f] += signed(c, n) as f32;
        add_input(&mut self.inputs, f, c, n, 1);
    }
    fn add_ratio(&mut self, f: usize, c: Color, num: i32, den: i32) {
        self.counts[f] += signed(c, num) as f32 / den as f32;
        add_input(&mut self.inputs, f, c, num, den);
    }
}

impl Features {
    /// The linear evaluation these features give under `w`, from the side
    /// to move (as [`evaluate`] with `w` for weights, without its integer
    /// rounding and without the learnt correction, which is [`correction`]
    /// of `self.inputs`).
    pub fn eval(&self, w: &[(f64, f64)]) -> f64 {
        let (mut mg, mut eg) = (0.0, 0.0);
        for (c, w) in self.counts.iter().zip(w) {
            mg += *c as f64 * w.0;
            eg += *c as f64 * w.1;
        }
        let red = taper_f(mg, eg, self.phase);
        if self.turn == Color::Red {
            red
        } else {
            -red
        }
    }
}

/// The blend of middle- and end-game values at `phase`.
pub fn taper_f(mg: f64, eg: f64, phase: i32) -> f64 {
    (mg * phase as f64 + eg * (PHASE_MAX - phase) as f64) / PHASE_MAX as f64
}

/// What a piece adds to the [`phase`]: face down 1, chariot 4, horse and
/// cannon 2, others 0.
#[inline(always)]
fn phase_weight(p: Piece) -> i32 {
    match (p.hidden, p.role) {
        (true, _) => 1,
        (false, Role::Chariot) => 4,
        (false, Role::Horse | Role::Cannon) => 2,
        _ => 0,
    }
}

/// Game phase 0 (bare) ..= [`PHASE_MAX`] (full attacking material).
pub fn phase(pos: &Position) -> i32 {
    let mut ph = 0;
    for (_, p) in pos.pieces() {
        ph += phase_weight(p);
    }
    ph.min(PHASE_MAX)
}

/// The features of `pos` (for the tuner).
pub fn features(pos: &Position) -> Features {
    let mut f = Features {
        counts: [0.0; FEATURES],
        inputs: [[0; net::SIDE_INPUTS]; 2],
        phase: 0,
        turn: pos.turn(),
    };
    f.phase = terms(pos, &mut f);
    f
}

/// Evaluate `pos` from the side to move: the linear sum of [`WEIGHTS`] and
/// the learnt correction.
pub fn evaluate(pos: &Position) -> i32 {
    let mut s = Weighted {
        sum: 0,
        inputs: [[0; net::SIDE_INPUTS]; 2],
    };
    let ph = terms(pos, &mut s);
    let (mg, eg) = net::unpack(s.sum);
    let red = (mg * ph + eg * (PHASE_MAX - ph)) / PHASE_MAX;
    let linear = if pos.turn() == Color::Red { red } else { -red };
    linear + correction(&s.inputs, pos.turn())
}

fn material_index(pos: &Position, r: Role) -> usize {
    if !pos.rules().free_advisors_elephants() && matches!(r, Role::Advisor | Role::Elephant) {
        MATERIAL_BOUND + r.index() - 1
    } else {
        MATERIAL + r.index() - 1
    }
}

/// Expected value of a face-down piece of `c` (middle, end): the
/// pool-weighted mean of the hidden-value table.
pub fn hidden_value(pos: &Position, c: Color) -> (i32, i32) {
    let pool = pos.pool(c);
    let total = pool.total() as i32;
    if total == 0 {
        let w = WEIGHTS[HIDDEN_POOL + Role::Soldier.index() - 1];
        return w;
    }
    let (mut mg, mut eg) = (0, 0);
    for (r, n) in pool.entries() {
        let w = WEIGHTS[HIDDEN_POOL + r.index() - 1];
        mg += w.0 * n as i32;
        eg += w.1 * n as i32;
    }
    (mg / total, eg / total)
}

/// Value used to order captures (victim) and for quick exchange estimates.
pub fn piece_value(pos: &Position, p: Piece) -> i32 {
    if p.hidden {
        hidden_value(pos, p.color).0
    } else if p.role == Role::General {
        5000
    } else {
        WEIGHTS[material_index(pos, p.role)].0
    }
}

/// Rough rank of a piece as an attacker or victim (for "attacked by a
/// lower piece"): soldier 1, advisor/elephant 2, face-down 3, horse and
/// cannon 3, chariot 5, general 6.
#[inline]
fn rank_of(p: Piece) -> u8 {
    if p.hidden {
        return 3;
    }
    match p.role {
        Role::Soldier => 1,
        Role::Advisor | Role::Elephant => 2,
        Role::Horse | Role::Cannon => 3,
        Role::Chariot => 5,
        Role::General => 6,
    }
}

/// Who attacks each point: counts per colour and the lowest attacker.
struct AttackMap {
    count: [[u8; SQUARES]; 2],
    lowest: [[u8; SQUARES]; 2],
}

/// Call `visit(target, attacks)` for every point the piece `p` on `from`
/// reaches by its rule (own pieces included: it defends them); `attacks`
/// is false for a cannon's quiet moves (points it moves to, not captures).
#[inline(always)]
fn reach(
    t: &Tables,
    board: &[u8; SQUARES],
    free: bool,
    from: Square,
    p: Piece,
    mut visit: impl FnMut(Square, bool),
) {
    let i = from.index();
    match p.role {
        Role::Chariot => {
            for ray in &t.rays[i] {
                for &s in ray {
                    visit(s, true);
                    if board[s.index()] != 0 {
                        break;
                    }
                }
            }
        }
        Role::Cannon => {
            for ray in &t.rays[i] {
                let mut screened = false;
                for &s in ray {
                    let occupied = board[s.index()] != 0;
                    if !screened {
                        if occupied {
                            screened = true;
                        } else {
                            visit(s, false);
                        }
                    } else if occupied {
                        visit(s, true);
                        break;
                    }
                }
            }
        }
        Role::Horse => {
            for &(to, leg) in &t.horse[i] {
                if board[leg.index()] == 0 {
                    visit(to, true);
                }
            }
        }
        Role::Soldier => {
            let fwd = if p.color == Color::Red { 1 } else { -1 };
            if let Some(s) = Square::try_new(from.file() as i32, from.rank() as i32 + fwd) {
                visit(s, true);
            }
            if !from.on_own_half(p.color) {
                for df in [-1, 1] {
                    if let Some(s) = Square::try_new(from.file() as i32 + df, from.rank() as i32) {
                        visit(s, true);
                    }
                }
            }
        }
        Role::General => {
            for &s in &t.orthogonal[i] {
                if s.in_palace(p.color) {
                    visit(s, true);
                }
            }
        }
        Role::Advisor => {
            let roams = free && !p.hidden;
            for &s in &t.diagonal[i] {
                if roams || s.in_palace(p.color) {
                    visit(s, true);
                }
            }
        }
        Role::Elephant => {
            let roams = free && !p.hidden;
            for &(s, eye) in &t.elephant[i] {
                if board[eye.index()] == 0 && (roams || s.on_own_half(p.color)) {
                    visit(s, true);
                }
            }
        }
    }
}

/// The moves that would give check, by side ([`Color::index`]), of its
/// face-up chariots, cannons and horses ([`checks_by`]). Kept out of
/// [`terms`]: inlined there, it cost more than its own work in the rest.
#[inline(never)]
fn checks_by_side(
    pos: &Position,
    t: &Tables,
    board: &[u8; SQUARES],
    list: &[(u8, Piece)],
    generals: [Square; 2],
) -> [Checks; 2] {
    // Where a horse of each side would check the other general from: a
    // bit per point.
    let mut horse_at = [HorsePoints::default(); 2];
    for c in Color::ALL {
        for &(from, leg) in &t.horse_from[generals[c.other().index()].index()] {
            if board[leg.index()] == 0 {
                horse_at[c.index()].insert(from);
            }
        }
    }
    let mut checks = [Checks::default(); 2];
    for &(i, p) in list {
        if !p.hidden && matches!(p.role, Role::Chariot | Role::Cannon | Role::Horse) {
            let (ci, oi) = (p.color.index(), p.color.other().index());
            let from = Square::from_index(i as usize);
            checks_by(t, board, from, p, generals[oi], horse_at[ci], |x| {
                checks[ci].all += 1;
                if !pos.attacked_by(x, p.color.other()) {
                    checks[ci].safe += 1;
                }
            });
        }
    }
    checks
}

/// Points a horse checks a general from: a bit per point in two 64-bit
/// words, since wasm shifts a `u128` by a library call.
#[derive(Clone, Copy, Default)]
struct HorsePoints([u64; 2]);

impl HorsePoints {
    #[inline(always)]
    fn insert(&mut self, s: Square) {
        self.0[s.index() / 64] |= 1 << (s.index() % 64);
    }
    #[inline(always)]
    fn contains(self, s: Square) -> bool {
        self.0[s.index() / 64] >> (s.index() % 64) & 1 != 0
    }
}

/// A side's checks ([`checks_by`]): all of them, and those from a point
/// the checked side does not attack.
#[derive(Clone, Copy, Default)]
struct Checks {
    all: i32,
    safe: i32,
}

/// Call `check(x)` for each move of the face-up piece `p` on `from` that
/// would give check to the general on `g`, with the point `x` it moves to
/// (`horse_at`: the points a horse checks it from). A chariot or cannon
/// checks from where its lines cross the general's (a piece already on
/// the general's line is not counted).
#[inline(always)]
fn checks_by(
    t: &Tables,
    board: &[u8; SQUARES],
    from: Square,
    p: Piece,
    g: Square,
    horse_at: HorsePoints,
    mut check: impl FnMut(Square),
) {
    match p.role {
        Role::Horse => {
            // Two horse steps reach at most four files or ranks away.
            if from.file().abs_diff(g.file()) > 4 || from.rank().abs_diff(g.rank()) > 4 {
                return;
            }
            for &(to, leg) in &t.horse[from.index()] {
                if board[leg.index()] == 0
                    && !is_own(board[to.index()], p.color)
                    && horse_at.contains(to)
                {
                    check(to);
                }
            }
        }
        Role::Chariot | Role::Cannon => {
            if from.file() == g.file() || from.rank() == g.rank() {
                return;
            }
            let cannon = p.role == Role::Cannon;
            for x in [
                Square::new(from.file(), g.rank()),
                Square::new(g.file(), from.rank()),
            ] {
                let code = board[x.index()];
                if is_own(code, p.color) {
                    continue;
                }
                // To reach x: a clear line, or for a cannon's capture one screen.
                let path = if cannon && code != 0 { 1 } else { 0 };
                let screens = if cannon { 1 } else { 0 };
                if between(board, x, g) == Some(screens) && between(board, from, x) == Some(path) {
                    check(x);
                }
            }
        }
        _ => {}
    }
}

/// Is the board code `code` a piece of `c` (face up or down)?
#[inline(always)]
fn is_own(code: u8, c: Color) -> bool {
    code != 0 && (code - 1) >> 4 == c as u8
}

/// Pieces on a line between two points of one file or rank (`None` when
/// they share neither).
#[inline]
fn between(board: &[u8; SQUARES], a: Square, b: Square) -> Option<u32> {
    if a.file() != b.file() && a.rank() != b.rank() {
        return None;
    }
    let (a, b) = (a.index().min(b.index()), a.index().max(b.index()));
    // Points of one rank are 1 apart, of one file a rank's width.
    let step = if b - a < FILES as usize {
        1
    } else {
        FILES as usize
    };
    let mut n = 0;
    let mut i = a + step;
    while i < b {
        n += (board[i] != 0) as u32;
        i += step;
    }
    Some(n)
}

/// Report every feature of `pos` to `sink`; returns the phase.
pub fn terms(pos: &Position, sink: &mut impl Sink) -> i32 {
    let free = pos.rules().free_advisors_elephants();
    // The board's piece codes (0: empty); see `Piece::code`.
    let board = pos.board_codes();
    let tables = &*TABLES;
    // The pieces and their points, in point order (at most 32 pieces),
    // decoded once.
    let mut list = [(0u8, Piece::new(Color::Red, Role::General)); 32];
    let mut len = 0;
    let mut phase = 0;
    for sq in pos.occupied_squares() {
        let i = sq.index();
        let Some(p) = Piece::from_code(board[i]) else {
            continue;
        };
        phase += phase_weight(p);
        if len < list.len() {
            list[len] = (i as u8, p);
            len += 1;
        }
    }
    let list = &list[..len];
    let phase = phase.min(PHASE_MAX);
    let us = pos.turn();
    sink.add(TEMPO, us, 1);

    let mut map = AttackMap {
        count: [[0; SQUARES]; 2],
        lowest: [[u8::MAX; SQUARES]; 2],
    };
    let mut hidden = [0i32; 2];
    let mut hidden_mobility = [0i32; 2];
    let mut defenders = [0i32; 2];
    let mut attackers = [0i32; 2];
    let mut palace_attacks = [0i32; 2];
    let generals = [pos.general(Color::Red), pos.general(Color::Black)];

    for &(i, p) in list {
        let i = i as usize;
        let sq = Square::from_index(i);
        let c = p.color;
        let ci = c.index();
        let enemy_general = generals[c.other().index()];
        // Attacks and mobility.
        let rank = rank_of(p);
        let mut mobility = 0;
        let mut on_palace = 0;
        reach(tables, board, free, sq, p, |t, attacks| {
            let code = board[t.index()];
            if !is_own(code, c) {
                mobility += 1;
            }
            if attacks {
                let palace = t.in_palace(c.other());
                // Only points with a piece on them, and the palace's, are
                // read back.
                if code != 0 || palace {
                    // At most 16 pieces of a side: no overflow.
                    map.count[ci][t.index()] += 1;
                    let low = &mut map.lowest[ci][t.index()];
                    *low = (*low).min(rank);
                }
                if palace {
                    on_palace += 1;
                }
            }
        });
        if p.role != Role::General && p.role != Role::Advisor && p.role != Role::Elephant {
            palace_attacks[ci] += on_palace;
        }
        let rel = if c == Color::Red { sq } else { sq.flip_rank() };
        let (f, r) = (rel.file() as i32, rel.rank() as i32);
        let center = 4 - (f - 4).abs();
        if p.hidden {
            hidden_mobility[ci] += mobility;
            hidden[ci] += 1;
            sink.add(HIDDEN_HOME + p.role.index() - 1, c, 1);
            if matches!(p.role, Role::Advisor | Role::Elephant) {
                defenders[ci] += 1;
            }
            continue;
        }
        if p.role != Role::General {
            sink.add(material_index(pos, p.role), c, 1);
        }
        sink.add(pst_index(p.role, rel), c, 1);
        match p.role {
            Role::Soldier => {
                if r >= 5 {
                    sink.add(SOLDIER_CROSSED, c, 1);
                    if r == 9 {
                        sink.add(SOLDIER_LAST_RANK, c, 1);
                    } else {
                        sink.add(SOLDIER_ADVANCE, c, r - 5);
                        if (3..=5).contains(&f) && r >= 6 {
                            sink.add(SOLDIER_PALACE, c, 1);
                        }
                    }
                    sink.add(SOLDIER_CENTER, c, center);
                    // A crossed neighbour on the same rank, counted once.
                    if let Some(n) = Square::try_new(sq.file() as i32 + 1, sq.rank() as i32) {
                        if board[n.index()] == Piece::new(c, Role::Soldier).code() {
                            sink.add(SOLDIER_CONNECTED, c, 1);
                        }
                    }
                } else if r == 4 {
                    sink.add(SOLDIER_RIVER, c, 1);
                }
            }
            Role::Horse => {
                sink.add(HORSE_MOBILITY, c, mobility);
                sink.add(HORSE_CENTER, c, center);
                if (3..=7).contains(&r) {
                    sink.add(HORSE_ACTIVE, c, 1);
                }
                if f == 0 || f == 8 {
                    sink.add(HORSE_EDGE, c, 1);
                }
                if mobility <= 1 {
                    sink.add(HORSE_TRAPPED, c, 1);
                }
            }
            Role::Chariot => {
                sink.add(CHARIOT_MOBILITY, c, mobility);
                if r >= 5 {
                    sink.add(CHARIOT_CROSSED, c, 1);
                }
                if (3..=5).contains(&f) {
                    sink.add(CHARIOT_PALACE_FILE, c, 1);
                }
                // No own piece ahead on its file.
                let fwd = if c == Color::Red { 0 } else { 1 };
                let open = tables.rays[i][fwd]
                    .iter()
                    .all(|t| !is_own(board[t.index()], c));
                if open {
                    sink.add(CHARIOT_OPEN_FILE, c, 1);
                }
                if between(board, sq, enemy_general) == Some(1) {
                    sink.add(CHARIOT_XRAY, c, 1);
                }
            }
            Role::Cannon => {
                sink.add(CANNON_MOBILITY, c, mobility);
                if r <= 3 {
                    sink.add(CANNON_HOME, c, 1);
                }
                if sq.file() == enemy_general.file() {
                    sink.add(CANNON_GENERAL_FILE, c, 1);
                }
                match between(board, sq, enemy_general) {
                    Some(0) => sink.add(CANNON_HOLLOW, c, 1),
                    Some(2) => sink.add(CANNON_DOUBLE_SCREEN, c, 1),
                    _ => {}
                }
            }
            Role::Advisor | Role::Elephant => {
                if r <= 2 && (2..=6).contains(&f) {
                    sink.add(DEFENDER_HOME, c, 1);
                }
                if sq.in_palace(c) {
                    defenders[ci] += 1;
                }
            }
            Role::General => {
                if r == 0 {
                    sink.add(GENERAL_HOME, c, 1);
                }
                sink.add(GENERAL_RANK, c, r);
            }
        }
        if matches!(p.role, Role::Chariot | Role::Horse | Role::Cannon) && !sq.on_own_half(c) {
            attackers[ci] += 1;
        }
    }

    // Face-down pieces at the pool's mean; identities captured unseen.
    for c in Color::ALL {
        let ci = c.index();
        let pool = pos.pool(c);
        let total = pool.total() as i32;
        if hidden[ci] > 0 {
            if total == 0 {
                sink.add(HIDDEN_POOL + Role::Soldier.index() - 1, c, hidden[ci]);
            } else {
                for (r, n) in pool.entries() {
                    sink.add_ratio(HIDDEN_POOL + r.index() - 1, c, hidden[ci] * n as i32, total);
                }
            }
        }
        let unseen = total - hidden[ci];
        if unseen > 0 {
            sink.add(UNSEEN_CAPTURED, c, unseen);
        }
    }

    // Face-down pieces' mobility, the general's room in its palace, and
    // the attacks on the other palace.
    for c in Color::ALL {
        let (ci, oi) = (c.index(), c.other().index());
        sink.add(HIDDEN_MOBILITY, c, hidden_mobility[ci]);
        let g = generals[ci];
        let (mut room, mut escapes_attacked) = (0, 0);
        for &t in &tables.orthogonal[g.index()] {
            if !t.in_palace(c) {
                continue;
            }
            let hit = map.count[oi][t.index()] != 0;
            escapes_attacked += hit as i32;
            if !hit && !is_own(board[t.index()], c) {
                room += 1;
            }
        }
        sink.add(GENERAL_MOBILITY, c, room);
        sink.add(GENERAL_ESCAPES_ATTACKED, c, escapes_attacked);
        // Attacks on the other palace, worse when its defenders are missing.
        let shortfall = (2 - defenders[oi]).max(0);
        sink.add(PALACE_ATTACKS, c, palace_attacks[ci]);
        sink.add(PALACE_ATTACKS_SHORTFALL, c, palace_attacks[ci] * shortfall);
        sink.add(ATTACKERS_SHORTFALL, c, attackers[ci] * shortfall);
    }

    // Hanging, threatened and doubly attacked pieces.
    let mut threatened = [[0i32; 2]; 2];
    let mut hidden_values = [None; 2];
    for &(i, p) in list {
        let i = i as usize;
        if p.role == Role::General && !p.hidden {
            continue;
        }
        let c = p.color;
        let (ci, oi) = (c.index(), c.other().index());
        let attacked = map.count[oi][i];
        if attacked == 0 {
            continue;
        }
        let defended = map.count[ci][i];
        let mover = c == us;
        if defended == 0 {
            sink.add(if mover { HANGING_US } else { HANGING_THEM }, c, 1);
        } else if attacked >= 2 && defended < attacked {
            sink.add(
                if mover {
                    DOUBLE_ATTACK_US
                } else {
                    DOUBLE_ATTACK_THEM
                },
                c,
                1,
            );
        }
        let lower = map.lowest[oi][i] < rank_of(p);
        if defended == 0 || lower {
            // A face-down piece's value is its pool's mean, worked out once
            // a side.
            let v = if p.hidden {
                *hidden_values[ci].get_or_insert_with(|| hidden_value(pos, c).0)
            } else {
                piece_value(pos, p)
            };
            let t = &mut threatened[ci];
            if v > t[0] {
                *t = [v, t[0]];
            } else if v > t[1] {
                t[1] = v;
            }
        }
        if lower {
            sink.add(
                if mover {
                    THREAT_LOWER_US
                } else {
                    THREAT_LOWER_THEM
                },
                c,
                1,
            );
        }
    }
    let checks = checks_by_side(pos, tables, board, list, generals);
    let them = us.other();
    sink.add(CHECKS_US, us, checks[us.index()].all);
    sink.add(CHECKS_THEM, them, checks[them.index()].all);
    sink.add(SAFE_CHECKS_US, us, checks[us.index()].safe);
    sink.add(SAFE_CHECKS_THEM, them, checks[them.index()].safe);
    // What each side stands to lose: the side to move can save one of its
    // pieces; the other side's are what the side to move may win.
    let [first, second] = threatened[us.index()];
    sink.add_ratio(THREATENED_US, us, first, 100);
    sink.add_ratio(THREATENED_SECOND_US, us, second, 100);
    let [first, second] = threatened[them.index()];
    sink.add_ratio(THREATENED_THEM, them, first, 100);
    sink.add_ratio(THREATENED_SECOND_THEM, them, second, 100);
    // The one piece between generals facing each other on a file: one
    // walk up the file, counting the pieces and keeping the last.
    let [gr, gb] = generals;
    if gr.file() == gb.file() {
        let (lo, hi) = (gr.rank().min(gb.rank()), gr.rank().max(gb.rank()));
        let mut screen = (0, None);
        for r in lo + 1..hi {
            if let Some(p) = Piece::from_code(board[Square::new(gr.file(), r).index()]) {
                screen = (screen.0 + 1, Some(p));
            }
        }
        if let (1, Some(p)) = screen {
            sink.add(GENERALS_SCREEN, p.color, 1);
        }
    }
    phase
}
