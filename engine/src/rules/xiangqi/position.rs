//! A position as one reader knows it: the public board, the side to move and
//! the reader's pool of unknown identities. The referee's game and every
//! seat's view are both `Position`s; only their pools differ.

use serde::{Deserialize, Serialize};

use super::attacks::{Tables, TABLES};
use super::piece::{Color, Piece, Role};
use super::ruleset::RuleSet;
use super::square::{Square, SQUARES};
use super::zobrist::KEYS;

/// A move: from a point to a point. What it reveals is not part of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// A fixed-capacity move list (no allocation in search).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MoveList::CAP],
    len: usize,
}

impl MoveList {
    /// More than the most moves any position can have (about 120).
    pub const CAP: usize = 192;

    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::new(Square::from_index(0), Square::from_index(0)); Self::CAP],
            len: 0,
        }
    }
    #[inline]
    pub fn push(&mut self, m: Move) {
        if self.len < Self::CAP {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
    pub fn contains(&self, m: &Move) -> bool {
        self.as_slice().contains(m)
    }
    pub fn clear(&mut self) {
        self.len = 0;
    }
    fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(m) {
                self.moves[j] = m;
                j += 1;
            }
        }
        self.len = j;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Checks on one general that [`Position::check_breaks`] sets out one by
/// one (more is never seen in play: the legality test then tries every move).
const MAX_CHECKS: usize = 4;

/// A set of points, one bit per point in two 64-bit words (points 0..63,
/// then 64..89). Two words rather than a `u128`: wasm has 64-bit integers
/// but emulates 128-bit shifts with library calls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Points {
    lo: u64,
    hi: u64,
}

impl Points {
    #[inline]
    fn word(&mut self, sq: Square) -> &mut u64 {
        if sq.index() < 64 {
            &mut self.lo
        } else {
            &mut self.hi
        }
    }
    #[inline]
    fn bit(sq: Square) -> u64 {
        1 << (sq.index() & 63)
    }
    #[inline]
    fn insert(&mut self, sq: Square) {
        *self.word(sq) |= Self::bit(sq);
    }
    #[inline]
    fn remove(&mut self, sq: Square) {
        *self.word(sq) &= !Self::bit(sq);
    }
    #[inline]
    fn contains(self, sq: Square) -> bool {
        let w = if sq.index() < 64 { self.lo } else { self.hi };
        w & Self::bit(sq) != 0
    }
    #[inline]
    fn union(self, other: Points) -> Points {
        Points {
            lo: self.lo | other.lo,
            hi: self.hi | other.hi,
        }
    }
    /// The points in increasing order.
    #[inline]
    fn iter(self) -> PointsIter {
        PointsIter(self)
    }
}

/// The points of a [`Points`], lowest first.
struct PointsIter(Points);

impl Iterator for PointsIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let p = &mut self.0;
        if p.lo != 0 {
            let i = p.lo.trailing_zeros() as usize;
            p.lo &= p.lo - 1;
            Some(Square::from_index(i))
        } else if p.hi != 0 {
            let i = p.hi.trailing_zeros() as usize;
            p.hi &= p.hi - 1;
            Some(Square::from_index(64 + i))
        } else {
            None
        }
    }
}

/// Unknown identities of one side: count per role (index `Role::index`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pool(pub [u8; 7]);

impl Pool {
    /// A full pool: every identity but the general.
    pub fn full() -> Pool {
        let mut p = Pool::default();
        for r in Role::HIDDEN {
            p.0[r.index()] = r.count();
        }
        p
    }
    #[inline]
    pub fn get(&self, r: Role) -> u8 {
        self.0[r.index()]
    }
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| c as u32).sum()
    }
    /// Roles with a non-zero count, with their counts.
    pub fn entries(&self) -> impl Iterator<Item = (Role, u8)> + '_ {
        Role::HIDDEN
            .into_iter()
            .map(|r| (r, self.get(r)))
            .filter(|&(_, n)| n > 0)
    }
}

/// What `make` needs to undo a move. It keeps the pools as they were, so
/// `unmake` restores them exactly whatever `make` was given.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    moved: u8,
    captured: u8,
    halfmove: u32,
    public_hash: u64,
    pool_hash: u64,
    structure_hash: u64,
    pool: [Pool; 2],
}

impl Undo {
    pub fn captured(&self) -> Option<Piece> {
        Piece::from_code(self.captured)
    }
}

/// What a played move made known, for move text and history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    pub mv: Move,
    /// The piece as it stood before moving (face-down or not).
    pub piece: Piece,
    /// The identity a face-down mover turned into.
    pub reveal: Option<Role>,
    /// The captured piece as it stood on the board.
    pub captured: Option<Piece>,
    /// The identity of a captured face-down piece, when drawn.
    pub capture_id: Option<Role>,
}

impl Played {
    /// Can the game never come back to the position before this move? A
    /// capture removes a piece and a reveal turns one face up for good, so
    /// no earlier position can repeat after either.
    pub fn is_irreversible(&self) -> bool {
        self.captured.is_some() || self.reveal.is_some()
    }

    /// Did this move disclose a hidden identity: did it turn a piece face up,
    /// or take a face-down piece (whose identity the capturer may have
    /// learnt)? A fair take-back refuses to take such a move back: the
    /// identity has been seen, and a replay would draw it afresh, so taking
    /// it back would let a player peek and choose again (RULES.md section 3).
    pub fn discloses(&self) -> bool {
        self.reveal.is_some() || self.captured.is_some_and(|c| c.hidden)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: [u8; SQUARES],
    turn: Color,
    pool: [Pool; 2],
    rules: RuleSet,
    generals: [Square; 2],
    halfmove: u32,
    fullmove: u32,
    public_hash: u64,
    pool_hash: u64,
    /// [`Position::structure_key`], kept up to date by `make`.
    structure_hash: u64,
    /// The occupied points of each colour (index `Color::index`), kept in
    /// step with `board`: the search walks pieces, not all 90 points.
    occupied: [Points; 2],
}

/// A piece code's share of [`Position::structure_key`] on point `i`: its
/// Zobrist key if it is face down, a soldier, general, advisor or elephant;
/// else (and for an empty point) 0.
#[inline]
fn structure_piece_key(code: u8, i: usize) -> u64 {
    match Piece::from_code(code) {
        Some(p) if p.hidden || !matches!(p.role, Role::Chariot | Role::Horse | Role::Cannon) => {
            KEYS.piece[code as usize][i]
        }
        _ => 0,
    }
}

/// Error for a move that cannot be played here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    Illegal(Move),
    /// A face-down piece moved without an identity, or with one its pool lacks.
    BadReveal(Move),
    /// A captured identity that the pool does not hold, a letter where
    /// nothing was captured face down, or one where the rule set draws none.
    BadCaptureId(Move),
    /// The game has ended: no move can be played any more.
    GameOver,
    /// The system's random source failed, so no identity can be drawn fairly.
    NoRandomness,
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Illegal(m) => write!(f, "{m} is not a legal move here"),
            PlayError::BadReveal(m) => write!(
                f,
                "{m}: the face-down piece needs an identity that its side still has unknown"
            ),
            PlayError::BadCaptureId(m) => {
                write!(f, "{m}: the captured identity does not fit this position")
            }
            PlayError::GameOver => write!(f, "the game is over: no more moves can be played"),
            PlayError::NoRandomness => write!(
                f,
                "the system's random number source is unavailable, so the hidden identity cannot be drawn fairly"
            ),
        }
    }
}
impl std::error::Error for PlayError {}

impl Position {
    /// The start of a game under `rules`: face-down pieces (or the xiangqi setup).
    pub fn start(rules: RuleSet) -> Position {
        let mut board = [0u8; SQUARES];
        for sq in Square::all() {
            for c in Color::ALL {
                if let Some(role) = sq.start_role(c) {
                    let hidden = rules.hidden_pieces() && role != Role::General;
                    board[sq.index()] = Piece {
                        color: c,
                        role,
                        hidden,
                    }
                    .code();
                }
            }
        }
        let pool = if rules.hidden_pieces() {
            [Pool::full(); 2]
        } else {
            [Pool::default(); 2]
        };
        Position::from_parts(board, Color::Red, pool, rules, 0, 1).expect("start position is valid")
    }

    /// Build from parts; checks only what the engine relies on (one general
    /// each). Full validation lives in the FEN parser.
    pub(crate) fn from_parts(
        board: [u8; SQUARES],
        turn: Color,
        pool: [Pool; 2],
        rules: RuleSet,
        halfmove: u32,
        fullmove: u32,
    ) -> Option<Position> {
        let mut generals = [None, None];
        let mut occupied = [Points::default(); 2];
        for sq in Square::all() {
            if let Some(p) = Piece::from_code(board[sq.index()]) {
                occupied[p.color.index()].insert(sq);
                if p.role == Role::General && !p.hidden {
                    if generals[p.color.index()].is_some() {
                        return None;
                    }
                    generals[p.color.index()] = Some(sq);
                }
            }
        }
        let mut pos = Position {
            board,
            turn,
            pool,
            rules,
            generals: [generals[0]?, generals[1]?],
            halfmove,
            fullmove: fullmove.max(1),
            public_hash: 0,
            pool_hash: 0,
            structure_hash: 0,
            occupied,
        };
        pos.public_hash = pos.compute_public_hash();
        pos.structure_hash = pos.compute_structure_hash();
        pos.pool_hash = pos.compute_pool_hash();
        Some(pos)
    }

    fn compute_public_hash(&self) -> u64 {
        let mut h = 0;
        for (i, &c) in self.board.iter().enumerate() {
            if c != 0 {
                h ^= KEYS.piece[c as usize][i];
            }
        }
        if self.turn == Color::Black {
            h ^= KEYS.black_to_move;
        }
        h
    }

    fn compute_structure_hash(&self) -> u64 {
        let mut h = 0;
        for (i, &c) in self.board.iter().enumerate() {
            h ^= structure_piece_key(c, i);
        }
        h
    }

    fn compute_pool_hash(&self) -> u64 {
        let mut h = 0;
        for c in 0..2 {
            for r in 0..7 {
                h ^= KEYS.pool[c][r][self.pool[c].0[r].min(5) as usize];
            }
        }
        h
    }

    // ---- accessors ----

    /// The occupied points, lowest first.
    #[inline]
    pub(crate) fn occupied_squares(&self) -> impl Iterator<Item = Square> {
        self.occupied[0].union(self.occupied[1]).iter()
    }

    /// Every point's piece code (0: empty; `Piece::from_code`), for the
    /// evaluation's hot loops.
    #[inline]
    pub(crate) fn board_codes(&self) -> &[u8; SQUARES] {
        &self.board
    }
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }
    #[inline]
    pub fn rules(&self) -> RuleSet {
        self.rules
    }
    #[inline]
    pub fn pool(&self, c: Color) -> &Pool {
        &self.pool[c.index()]
    }
    #[inline]
    pub fn general(&self, c: Color) -> Square {
        self.generals[c.index()]
    }
    /// Plies since the last move that resets the no-progress counter.
    #[inline]
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }
    /// Has the no-progress count reached its limit (a draw, unless the
    /// side to move has no legal move)?
    #[inline]
    pub fn no_progress_reached(&self) -> bool {
        self.halfmove >= RuleSet::NO_PROGRESS_PLIES
    }
    #[inline]
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }
    /// Key of the public position (squares, colours, face-up identities,
    /// face-down marks, side to move): what repetition compares.
    #[inline]
    pub fn public_hash(&self) -> u64 {
        self.public_hash
    }
    /// Key of everything this reader knows, pools included (for the search).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.public_hash ^ self.pool_hash
    }
    /// Key of the slow-moving part of the position: face-down pieces,
    /// soldiers, generals, advisors and elephants (what a chariot, horse or
    /// cannon move leaves as it was). The search's correction history
    /// learns by it how far the evaluation errs in such structures.
    #[inline]
    pub fn structure_key(&self) -> u64 {
        self.structure_hash
    }
    /// The pieces on the board, by increasing point index.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied[0]
            .union(self.occupied[1])
            .iter()
            .filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }
    /// Face-down pieces of a side still on the board.
    pub fn hidden_count(&self, c: Color) -> u32 {
        self.pieces()
            .filter(|(_, p)| p.color == c && p.hidden)
            .count() as u32
    }

    /// Replace a side's pool (a seat's knowledge). Counts are clamped to the set.
    pub fn set_pool(&mut self, c: Color, pool: Pool) {
        let mut p = pool;
        for r in Role::ALL {
            p.0[r.index()] = p.0[r.index()].min(if r == Role::General { 0 } else { r.count() });
        }
        self.pool[c.index()] = p;
        self.pool_hash = self.compute_pool_hash();
    }

    // ---- attacks ----

    #[inline]
    fn code(&self, sq: Square) -> u8 {
        self.board[sq.index()]
    }

    /// Can advisors/elephants of this piece move freely (face up, rule set allows)?
    #[inline]
    fn is_free(&self, p: Piece) -> bool {
        !p.hidden && self.rules.free_advisors_elephants()
    }

    /// Is `sq` attacked by a piece of colour `by`? Face-down pieces attack as
    /// the role of their start point (which is what they carry). Includes the
    /// flying general along an open file.
    pub fn attacked_by(&self, sq: Square, by: Color) -> bool {
        let board = |s: Square| self.code(s);
        self.attacked_on(board, sq, by, self.generals[by.other().index()] == sq)
    }

    /// The board codes after `m` (board only: the mover keeps its code), read
    /// through the unchanged board rather than a copy of it (a copy is a
    /// library call in wasm).
    #[inline]
    fn codes_after(&self, m: Move) -> impl Fn(Square) -> u8 + Copy + '_ {
        let moved = self.code(m.from);
        move |s: Square| {
            if s == m.to {
                moved
            } else if s == m.from {
                0
            } else {
                self.code(s)
            }
        }
    }

    /// `attacked_by` on another board, given by its codes (a move tried
    /// without making it). `facing`: `sq` holds the general of `by`'s opponent.
    #[inline]
    fn attacked_on(
        &self,
        code: impl Fn(Square) -> u8 + Copy,
        sq: Square,
        by: Color,
        facing: bool,
    ) -> bool {
        let t: &Tables = &TABLES;
        let i = sq.index();
        let piece_at = |s: Square| Piece::from_code(code(s));
        // Chariots, cannons and the facing general along the four lines.
        if (0..4).any(|d| self.line_attack(code, sq, d, by, facing)) {
            return true;
        }
        // Soldiers and the general one step away.
        for &s in &t.orthogonal[i] {
            if let Some(p) = piece_at(s) {
                if p.color == by
                    && ((p.role == Role::Soldier && self.soldier_reaches(p, s, sq))
                        || (p.role == Role::General && sq.in_palace(by)))
                {
                    return true;
                }
            }
        }
        for &(h, leg) in &t.horse_from[i] {
            if code(leg) == 0 && self.horse_of(code, h, by) {
                return true;
            }
        }
        for &a in &t.diagonal[i] {
            if let Some(p) = piece_at(a) {
                if p.color == by && p.role == Role::Advisor && (self.is_free(p) || sq.in_palace(by))
                {
                    return true;
                }
            }
        }
        for &(e, eye) in &t.elephant[i] {
            if code(eye) == 0 && self.elephant_reaches(code, e, sq, by) {
                return true;
            }
        }
        false
    }

    /// Along line `d` from `sq` (see `attacks::DIRS`), does a chariot of `by`
    /// (or, with `facing`, its general along a file) see `sq`, or a cannon
    /// of `by` take on it over one screen?
    #[inline]
    fn line_attack(
        &self,
        code: impl Fn(Square) -> u8,
        sq: Square,
        d: usize,
        by: Color,
        facing: bool,
    ) -> bool {
        let mut screened = false;
        for &s in &TABLES.rays[sq.index()][d] {
            let c = code(s);
            if c == 0 {
                continue;
            }
            let Some(p) = Piece::from_code(c) else {
                return false;
            };
            if screened {
                return p.color == by && p.role == Role::Cannon;
            }
            if p.color == by
                && (p.role == Role::Chariot || (facing && d < 2 && p.role == Role::General))
            {
                return true;
            }
            screened = true;
        }
        false
    }

    /// Is a horse of `by` on `h`?
    #[inline]
    fn horse_of(&self, code: impl Fn(Square) -> u8, h: Square, by: Color) -> bool {
        Piece::from_code(code(h)).is_some_and(|p| p.color == by && p.role == Role::Horse)
    }

    /// Could an elephant of `by` on `e` step to `sq` (its eye aside)?
    #[inline]
    fn elephant_reaches(
        &self,
        code: impl Fn(Square) -> u8,
        e: Square,
        sq: Square,
        by: Color,
    ) -> bool {
        Piece::from_code(code(e)).is_some_and(|p| {
            p.color == by && p.role == Role::Elephant && (self.is_free(p) || sq.on_own_half(by))
        })
    }

    /// The line (`attacks::DIRS` index) from `sq` through `s`, if they share
    /// a file or a rank.
    #[inline]
    fn line_to(sq: Square, s: Square) -> Option<usize> {
        if s == sq {
            None
        } else if s.file() == sq.file() {
            Some(if s.rank() > sq.rank() { 0 } else { 1 })
        } else if s.rank() == sq.rank() {
            Some(if s.file() > sq.file() { 2 } else { 3 })
        } else {
            None
        }
    }

    /// Does `m` open or close a way to `sq` for a piece of `by` (a chariot,
    /// cannon or general on a line through its from or to point, a horse
    /// whose leg or an elephant whose eye it leaves)? With the mover's own
    /// attacks from its new point, this is everything `m` changes for `sq`:
    /// where `by` did not attack `sq` before, it does after `m` exactly when
    /// this (or the mover's attack, if the mover is of `by`) says so.
    #[inline]
    fn opens_way(&self, m: Move, sq: Square, by: Color, facing: bool) -> bool {
        let code = self.codes_after(m);
        let t: &Tables = &TABLES;
        let (df, dt) = (Self::line_to(sq, m.from), Self::line_to(sq, m.to));
        if df.is_some_and(|d| self.line_attack(code, sq, d, by, facing)) {
            return true;
        }
        if dt != df && dt.is_some_and(|d| self.line_attack(code, sq, d, by, facing)) {
            return true;
        }
        t.horse_from[sq.index()]
            .iter()
            .any(|&(h, leg)| leg == m.from && self.horse_of(code, h, by))
            || t.elephant[sq.index()]
                .iter()
                .any(|&(e, eye)| eye == m.from && self.elephant_reaches(code, e, sq, by))
    }

    /// Can soldier `p` on `from` step to the neighbouring point `to`?
    #[inline]
    fn soldier_reaches(&self, p: Piece, from: Square, to: Square) -> bool {
        let fwd: i32 = if p.color == Color::Red { 1 } else { -1 };
        let dr = to.rank() as i32 - from.rank() as i32;
        if dr == fwd && to.file() == from.file() {
            return true;
        }
        dr == 0 && !from.on_own_half(p.color)
    }

    /// Is the side to move in check (or facing the other general)?
    pub fn in_check(&self) -> bool {
        self.attacked_by(self.general(self.turn), self.turn.other())
    }

    /// Is `c`'s general attacked?
    pub fn is_check_on(&self, c: Color) -> bool {
        self.attacked_by(self.general(c), c.other())
    }

    // ---- move generation ----

    /// Moves that follow the pieces' rules and do not land on an own piece;
    /// they may leave the own general attacked.
    pub fn pseudo_moves(&self, out: &mut MoveList) {
        for sq in self.occupied[self.turn.index()].iter() {
            if let Some(p) = self.piece_at(sq) {
                self.piece_moves(sq, p, out);
            }
        }
    }

    #[inline]
    fn target_ok(&self, to: Square, us: Color) -> bool {
        match Piece::from_code(self.code(to)) {
            None => true,
            Some(q) => q.color != us,
        }
    }

    /// Pseudo-legal moves of the piece `p` on `from`.
    pub fn piece_moves(&self, from: Square, p: Piece, out: &mut MoveList) {
        let t: &Tables = &TABLES;
        let us = p.color;
        let i = from.index();
        match p.role {
            Role::Chariot => {
                for d in 0..4 {
                    for &s in &t.rays[i][d] {
                        let c = self.code(s);
                        if c == 0 {
                            out.push(Move::new(from, s));
                        } else {
                            if Piece::from_code(c).unwrap().color != us {
                                out.push(Move::new(from, s));
                            }
                            break;
                        }
                    }
                }
            }
            Role::Cannon => {
                for d in 0..4 {
                    let mut screened = false;
                    for &s in &t.rays[i][d] {
                        let c = self.code(s);
                        if !screened {
                            if c == 0 {
                                out.push(Move::new(from, s));
                            } else {
                                screened = true;
                            }
                        } else if c != 0 {
                            if Piece::from_code(c).unwrap().color != us {
                                out.push(Move::new(from, s));
                            }
                            break;
                        }
                    }
                }
            }
            Role::Horse => {
                for &(to, leg) in &t.horse[i] {
                    if self.code(leg) == 0 && self.target_ok(to, us) {
                        out.push(Move::new(from, to));
                    }
                }
            }
            Role::Elephant => {
                let free = self.is_free(p);
                for &(to, eye) in &t.elephant[i] {
                    if self.code(eye) == 0 && (free || to.on_own_half(us)) && self.target_ok(to, us)
                    {
                        out.push(Move::new(from, to));
                    }
                }
            }
            Role::Advisor => {
                let free = self.is_free(p);
                for &to in &t.diagonal[i] {
                    if (free || to.in_palace(us)) && self.target_ok(to, us) {
                        out.push(Move::new(from, to));
                    }
                }
            }
            Role::General => {
                for &to in &t.orthogonal[i] {
                    if to.in_palace(us) && self.target_ok(to, us) {
                        out.push(Move::new(from, to));
                    }
                }
            }
            Role::Soldier => {
                for &to in &t.orthogonal[i] {
                    if self.soldier_reaches(p, from, to) && self.target_ok(to, us) {
                        out.push(Move::new(from, to));
                    }
                }
            }
        }
    }

    /// Would the mover's general be attacked after `m` (board only)?
    fn leaves_general_attacked(&self, m: Move) -> bool {
        let us = self.turn;
        let k = if m.from == self.generals[us.index()] {
            m.to
        } else {
            self.generals[us.index()]
        };
        self.attacked_on(self.codes_after(m), k, us.other(), true)
    }

    /// `leaves_general_attacked` for a move by another piece than the
    /// general while it is not in check: only the ways `m` opens to it count.
    #[inline]
    fn exposes_general(&self, m: Move, k: Square) -> bool {
        self.opens_way(m, k, self.turn.other(), true)
    }

    /// Each check on the general on `k` (the side to move's) as the points
    /// a move must touch to parry it: the checking piece's point (taking
    /// it), the points between it and `k` on its line (blocking it, or
    /// moving or adding a cannon's screen), a horse's leg, an elephant's
    /// eye. A move by another piece than the general that leaves one of
    /// these sets untouched leaves that check standing. The count may pass
    /// [`MAX_CHECKS`]; then only the first sets are filled.
    fn check_breaks(&self, k: Square) -> ([Points; MAX_CHECKS], usize) {
        let t: &Tables = &TABLES;
        let by = self.turn.other();
        let i = k.index();
        let board = |s: Square| self.code(s);
        let mut out = [Points::default(); MAX_CHECKS];
        let mut n = 0;
        let mut add = |points: &[Square]| {
            if let Some(b) = out.get_mut(n) {
                for &s in points {
                    b.insert(s);
                }
            }
            n += 1;
        };
        for d in 0..4 {
            let ray = &t.rays[i][d];
            let mut screened = false;
            for (j, &s) in ray.iter().enumerate() {
                let Some(p) = self.piece_at(s) else {
                    continue;
                };
                let ours = p.color == by;
                if !screened {
                    if ours && (p.role == Role::Chariot || (d < 2 && p.role == Role::General)) {
                        add(&ray[..=j]);
                    }
                    screened = true;
                } else {
                    if ours && p.role == Role::Cannon {
                        add(&ray[..=j]);
                    }
                    break;
                }
            }
        }
        for &s in &t.orthogonal[i] {
            if let Some(p) = self.piece_at(s) {
                if p.color == by
                    && ((p.role == Role::Soldier && self.soldier_reaches(p, s, k))
                        || (p.role == Role::General && k.in_palace(by)))
                {
                    add(&[s]);
                }
            }
        }
        for &(h, leg) in &t.horse_from[i] {
            if board(leg) == 0 && self.horse_of(board, h, by) {
                add(&[h, leg]);
            }
        }
        for &a in &t.diagonal[i] {
            if let Some(p) = self.piece_at(a) {
                if p.color == by && p.role == Role::Advisor && (self.is_free(p) || k.in_palace(by))
                {
                    add(&[a]);
                }
            }
        }
        for &(e, eye) in &t.elephant[i] {
            if board(eye) == 0 && self.elephant_reaches(board, e, k, by) {
                add(&[e, eye]);
            }
        }
        (out, n)
    }

    /// Points where a move from or to them might expose the own general:
    /// its lines that hold an enemy chariot, cannon or general, and its
    /// diagonal neighbours that are the leg of an enemy horse or the eye of
    /// an enemy elephant aimed at it. A move touching none of them is legal
    /// unless the general is already in check.
    fn risky_points(&self, k: Square) -> Points {
        let t: &Tables = &TABLES;
        let them = self.turn.other();
        let mut risky = Points::default();
        for d in 0..4 {
            let ray = &t.rays[k.index()][d];
            let dangerous = ray.iter().any(|&s| {
                Piece::from_code(self.code(s)).is_some_and(|p| {
                    p.color == them
                        && (matches!(p.role, Role::Chariot | Role::Cannon)
                            || (p.role == Role::General && d < 2))
                })
            });
            if dangerous {
                for &s in ray {
                    risky.insert(s);
                }
            }
        }
        let enemy = |s: Square, r: Role| {
            Piece::from_code(self.code(s)).is_some_and(|p| p.color == them && p.role == r)
        };
        for &(h, leg) in &t.horse_from[k.index()] {
            if enemy(h, Role::Horse) {
                risky.insert(leg);
            }
        }
        for &(e, eye) in &t.elephant[k.index()] {
            if enemy(e, Role::Elephant) {
                risky.insert(eye);
            }
        }
        risky
    }

    /// All legal moves of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        self.legal_moves_in(self.in_check())
    }

    /// [`Position::legal_moves`] where the caller knows whether the side to
    /// move is in check (`in_check` must be [`Position::in_check`]).
    pub fn legal_moves_in(&self, in_check: bool) -> MoveList {
        let mut list = MoveList::new();
        self.pseudo_moves(&mut list);
        self.keep_legal(&mut list, in_check);
        list
    }

    /// The legal captures of the side to move (quiescence search).
    pub fn legal_captures(&self) -> MoveList {
        self.legal_captures_in(self.in_check())
    }

    /// [`Position::legal_captures`] where the caller knows whether the side
    /// to move is in check (`in_check` must be [`Position::in_check`]).
    pub fn legal_captures_in(&self, in_check: bool) -> MoveList {
        let mut list = MoveList::new();
        self.pseudo_moves(&mut list);
        list.retain(|m| self.board[m.to.index()] != 0);
        self.keep_legal(&mut list, in_check);
        list
    }

    /// Drop the moves of `list` (pseudo-legal moves of the side to move)
    /// that leave the own general attacked.
    fn keep_legal(&self, list: &mut MoveList, in_check: bool) {
        debug_assert_eq!(in_check, self.in_check());
        let k = self.general(self.turn);
        if in_check {
            // A move by another piece than the general must touch what
            // makes every check (see `check_breaks`) to be worth the full
            // test.
            let (breaks, n) = self.check_breaks(k);
            let breaks = breaks.get(..n).unwrap_or(&[]);
            let all_known = n <= MAX_CHECKS;
            list.retain(|m| {
                let may_parry = m.from == k
                    || !all_known
                    || breaks
                        .iter()
                        .all(|b| b.contains(m.from) || b.contains(m.to));
                may_parry && !self.leaves_general_attacked(m)
            });
        } else {
            let risky = self.risky_points(k);
            let touches = |m: Move| m.from == k || risky.contains(m.from) || risky.contains(m.to);
            // The general's own moves get the full test; another piece's
            // only asks whether it opens a line to the general.
            list.retain(|m| {
                !touches(m)
                    || !(if m.from == k {
                        self.leaves_general_attacked(m)
                    } else {
                        self.exposes_general(m, k)
                    })
            });
        }
    }

    /// After `m` (board only), does the opponent attack `m.to`? A cheap
    /// exchange test for the search: can the mover be taken back at once?
    pub fn recapturable_after(&self, m: Move) -> bool {
        let facing = m.from == self.generals[self.turn.index()];
        self.attacked_on(self.codes_after(m), m.to, self.turn.other(), facing)
    }

    /// Does `m` (by a face-up piece; a face-down mover's identity is not
    /// known before it moves) attack the opponent's general?
    ///
    /// The opponent is not in check before `m` (it is the side to move's
    /// turn: true after any legal move, and the FEN reader refuses a
    /// position where the side not to move is in check), so only what `m`
    /// changes can give check: the mover's own attack from its new point,
    /// and the ways it opens ([`Self::opens_way`]). The search takes this
    /// as the check state of the position after `m`.
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.turn;
        let k = self.generals[us.other().index()];
        self.opens_way(m, k, us, true) || self.attacks_from(m, k)
    }

    /// Whether the side to move after `m` is in check, where `gives_check`
    /// knows it exactly (a face-up mover): without looking for every
    /// attacker. `None`: ask the position after.
    pub fn check_after(&self, m: Move) -> Option<bool> {
        match self.piece_at(m.from) {
            Some(p) if !p.hidden => Some(self.gives_check(m)),
            _ => None,
        }
    }

    /// After `m` (board only), does the mover attack `sq` by a step (soldier,
    /// general, advisor, horse or elephant; the lines are for `opens_way`)?
    #[inline]
    fn attacks_from(&self, m: Move, sq: Square) -> bool {
        let Some(p) = self.piece_at(m.from) else {
            return false;
        };
        let code = self.codes_after(m);
        let t: &Tables = &TABLES;
        let by = p.color;
        let i = sq.index();
        match p.role {
            Role::Soldier => t.orthogonal[i].contains(&m.to) && self.soldier_reaches(p, m.to, sq),
            Role::General => t.orthogonal[i].contains(&m.to) && sq.in_palace(by),
            Role::Advisor => t.diagonal[i].contains(&m.to) && (self.is_free(p) || sq.in_palace(by)),
            Role::Horse => t.horse_from[i]
                .iter()
                .any(|&(h, leg)| h == m.to && code(leg) == 0),
            Role::Elephant => t.elephant[i].iter().any(|&(e, eye)| {
                e == m.to && code(eye) == 0 && (self.is_free(p) || sq.on_own_half(by))
            }),
            Role::Chariot | Role::Cannon => false,
        }
    }

    /// Legal moves of the piece on `from` (for the page's destination dots).
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = self.legal_moves();
        list.retain(|m| m.from == from);
        list
    }

    pub fn is_legal(&self, m: Move) -> bool {
        match self.piece_at(m.from) {
            Some(p) if p.color == self.turn => {
                let mut l = MoveList::new();
                self.piece_moves(m.from, p, &mut l);
                l.contains(&m) && !self.leaves_general_attacked(m)
            }
            _ => false,
        }
    }

    // ---- making moves ----

    /// Play `m`, unchecked: the fast path for search and perft. `reveal` is
    /// the identity a face-down mover turns into (`None`: its start role, taken
    /// from the pool if the pool holds it); `capture_id` the identity of a
    /// captured face-down piece if this reader learns it.
    ///
    /// The caller must pass a legal move and only identities the pool holds
    /// (checked in debug builds). `unmake` with the returned `Undo` restores
    /// the position exactly in any case, pools included. Input that is not
    /// trusted goes through [`Position::try_make`] or [`Position::play`].
    pub fn make(&mut self, m: Move, reveal: Option<Role>, capture_id: Option<Role>) -> Undo {
        debug_assert!(
            self.pools_hold(m, reveal, capture_id),
            "make({m}, {reveal:?}, {capture_id:?}): an identity the pool does not hold"
        );
        let us = self.turn;
        let them = us.other();
        let from = m.from.index();
        let to = m.to.index();
        let moved = self.board[from];
        let captured = self.board[to];
        let undo = Undo {
            moved,
            captured,
            halfmove: self.halfmove,
            public_hash: self.public_hash,
            pool_hash: self.pool_hash,
            structure_hash: self.structure_hash,
            pool: self.pool,
        };
        let mut p = Piece::from_code(moved).expect("a piece on the from point");
        let was_hidden = p.hidden;
        if was_hidden {
            let r = reveal.unwrap_or(p.role);
            self.pool_take(us, r);
            p = Piece::new(us, r);
        }
        let new_code = p.code();
        let mut h =
            self.public_hash ^ KEYS.piece[moved as usize][from] ^ KEYS.piece[new_code as usize][to];
        if captured != 0 {
            h ^= KEYS.piece[captured as usize][to];
            if let Some(r) = capture_id {
                self.pool_take(them, r);
            }
        }
        h ^= KEYS.black_to_move;
        self.public_hash = h;
        self.structure_hash ^= structure_piece_key(moved, from)
            ^ structure_piece_key(new_code, to)
            ^ structure_piece_key(captured, to);
        self.board[to] = new_code;
        self.board[from] = 0;
        if let Some(c) = Piece::from_code(captured) {
            self.occupied[c.color.index()].remove(m.to);
        }
        self.occupied[p.color.index()].remove(m.from);
        self.occupied[p.color.index()].insert(m.to);
        if p.role == Role::General {
            self.generals[us.index()] = m.to;
        }
        let soldier = !was_hidden && p.role == Role::Soldier;
        if self
            .rules
            .resets_progress(captured != 0, soldier, was_hidden)
        {
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
        }
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = them;
        undo
    }

    /// The cheap part of `check_identities` (for `make`'s debug check): every
    /// named identity is one its side's pool holds, for a piece that can take it.
    fn pools_hold(&self, m: Move, reveal: Option<Role>, capture_id: Option<Role>) -> bool {
        let mover = self.piece_at(m.from);
        let reveal_ok =
            reveal.is_none_or(|r| mover.is_some_and(|p| p.hidden && self.pool(p.color).get(r) > 0));
        let capture_ok = capture_id.is_none_or(|r| {
            self.piece_at(m.to).is_some_and(|c| {
                c.hidden && self.rules.capturer_learns() && self.pool(c.color).get(r) > 0
            })
        });
        reveal_ok && capture_ok
    }

    #[inline]
    fn pool_take(&mut self, c: Color, r: Role) {
        let cnt = &mut self.pool[c.index()].0[r.index()];
        if *cnt > 0 {
            self.pool_hash ^= KEYS.pool[c.index()][r.index()][(*cnt).min(5) as usize];
            *cnt -= 1;
            self.pool_hash ^= KEYS.pool[c.index()][r.index()][(*cnt).min(5) as usize];
        }
    }

    /// Take back `m`, made with `make` (or `try_make`) which returned `u`.
    pub fn unmake(&mut self, m: Move, u: Undo) {
        let us = self.turn.other();
        let from = m.from.index();
        let to = m.to.index();
        self.pool = u.pool;
        self.board[from] = u.moved;
        self.board[to] = u.captured;
        if let Some(p) = Piece::from_code(u.moved) {
            self.occupied[p.color.index()].remove(m.to);
            self.occupied[p.color.index()].insert(m.from);
            if p.role == Role::General && !p.hidden {
                self.generals[us.index()] = m.from;
            }
        }
        if let Some(c) = Piece::from_code(u.captured) {
            self.occupied[c.color.index()].insert(m.to);
        }
        self.halfmove = u.halfmove;
        self.public_hash = u.public_hash;
        self.pool_hash = u.pool_hash;
        self.structure_hash = u.structure_hash;
        if us == Color::Black {
            self.fullmove -= 1;
        }
        self.turn = us;
    }

    /// Check a move with its identities: legal, a reveal exactly when the
    /// mover is face down, each named identity held by its side's pool, and
    /// a captured identity only for a face-down piece under a rule set that
    /// draws it (never in ChessPlayX, where nobody learns it).
    pub fn check_identities(
        &self,
        m: Move,
        reveal: Option<Role>,
        capture_id: Option<Role>,
    ) -> Result<(), PlayError> {
        if !self.is_legal(m) {
            return Err(PlayError::Illegal(m));
        }
        let Some(piece) = self.piece_at(m.from) else {
            return Err(PlayError::Illegal(m));
        };
        match (piece.hidden, reveal) {
            (true, Some(r)) if self.pool(piece.color).get(r) > 0 => {}
            (false, None) => {}
            _ => return Err(PlayError::BadReveal(m)),
        }
        if let Some(r) = capture_id {
            match self.piece_at(m.to) {
                Some(c)
                    if c.hidden
                        && self.rules.capturer_learns()
                        && self.pool(c.color).get(r) > 0 => {}
                _ => return Err(PlayError::BadCaptureId(m)),
            }
        }
        Ok(())
    }

    /// `make` for input that is not trusted: checks the move and its
    /// identities first ([`Position::check_identities`]) and changes nothing
    /// on error.
    pub fn try_make(
        &mut self,
        m: Move,
        reveal: Option<Role>,
        capture_id: Option<Role>,
    ) -> Result<Undo, PlayError> {
        self.check_identities(m, reveal, capture_id)?;
        Ok(self.make(m, reveal, capture_id))
    }

    /// Check a move with its identities and play it, reporting what it made known.
    pub fn play(
        &mut self,
        m: Move,
        reveal: Option<Role>,
        capture_id: Option<Role>,
    ) -> Result<Played, PlayError> {
        let piece = self.piece_at(m.from).ok_or(PlayError::Illegal(m))?;
        let captured = self.piece_at(m.to);
        self.try_make(m, reveal, capture_id)?;
        Ok(Played {
            mv: m,
            piece,
            reveal,
            captured,
            capture_id,
        })
    }

    /// Pass the turn (null move, for the search). Returns the old hash part.
    pub fn make_null(&mut self) -> u64 {
        let h = self.public_hash;
        self.public_hash ^= KEYS.black_to_move;
        self.turn = self.turn.other();
        h
    }
    pub fn unmake_null(&mut self, h: u64) {
        self.public_hash = h;
        self.turn = self.turn.other();
    }
}
