//! A chess position as one reader knows it: the public board, the side to
//! move, castling rights, the en-passant square, the counters and the
//! reader's pools of unknown identities. The referee's game and every
//! seat's view are both `Position`s; only their pools differ.
//!
//! Bitboards (one `u64` per kind and per colour, one for face-down pieces)
//! plus a mailbox for `piece_at`. A face-down piece is stored under the
//! kind of its start square, so it moves, attacks, checks and pins as that
//! piece with no special case.

use std::fmt;

use crate::rules::Color;

use super::bitboard::{
    between, bishop_attacks, pawn_attacks, rook_attacks, squares, KING, KNIGHT, LIGHT,
};
use super::types::{Kind, Move, MoveList, Piece, Pool, Square};
use super::zobrist::KEYS;

/// Castling-right bits.
pub const WHITE_KING_SIDE: u8 = 1;
pub const WHITE_QUEEN_SIDE: u8 = 2;
pub const BLACK_KING_SIDE: u8 = 4;
pub const BLACK_QUEEN_SIDE: u8 = 8;

/// The rights a move from or to each square keeps (king and corner squares
/// lose theirs).
const CASTLE_KEEP: [u8; 64] = {
    let mut t = [0xFu8; 64];
    t[0] = !WHITE_QUEEN_SIDE & 0xF;
    t[4] = !(WHITE_KING_SIDE | WHITE_QUEEN_SIDE) & 0xF;
    t[7] = !WHITE_KING_SIDE & 0xF;
    t[56] = !BLACK_QUEEN_SIDE & 0xF;
    t[60] = !(BLACK_KING_SIDE | BLACK_QUEEN_SIDE) & 0xF;
    t[63] = !BLACK_KING_SIDE & 0xF;
    t
};

/// One castling: the right's bit, the king's squares and the corner
/// piece's squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castle {
    pub right: u8,
    pub king_from: Square,
    pub king_to: Square,
    pub corner: Square,
    pub corner_to: Square,
}

impl Castle {
    /// The four castlings: white king side, white queen side, black king
    /// side, black queen side (the order of the FEN letters `KQkq`).
    pub const ALL: [Castle; 4] = [
        Castle::of(Color::Red, true),
        Castle::of(Color::Red, false),
        Castle::of(Color::Black, true),
        Castle::of(Color::Black, false),
    ];

    pub const fn of(c: Color, king_side: bool) -> Castle {
        let rank = match c {
            Color::Red => 0,
            Color::Black => 7,
        };
        let right = match (c, king_side) {
            (Color::Red, true) => WHITE_KING_SIDE,
            (Color::Red, false) => WHITE_QUEEN_SIDE,
            (Color::Black, true) => BLACK_KING_SIDE,
            (Color::Black, false) => BLACK_QUEEN_SIDE,
        };
        let (king_to, corner, corner_to) = if king_side { (6, 7, 5) } else { (2, 0, 3) };
        Castle {
            right,
            king_from: Square::new(4, rank),
            king_to: Square::new(king_to, rank),
            corner: Square::new(corner, rank),
            corner_to: Square::new(corner_to, rank),
        }
    }

    pub fn color(self) -> Color {
        if self.king_from.rank() == 0 {
            Color::Red
        } else {
            Color::Black
        }
    }

    /// The castling a king move `m` is, if it is one.
    pub fn by_king_move(from: Square, to: Square) -> Option<Castle> {
        Castle::ALL
            .into_iter()
            .find(|c| c.king_from == from && c.king_to == to)
    }
}

/// What `make` needs to undo a move: the position as it was (copy-make;
/// a plain copy, no allocation).
#[derive(Clone, Copy, Debug)]
pub struct Undo(Position);

/// What a played move made known, for move text and history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Played {
    /// The move as played (with the promotion chosen, if any).
    pub mv: Move,
    /// The piece as it stood before moving (face-down or not).
    pub piece: Piece,
    /// What a face-down mover (or, for castling, a face-down corner piece)
    /// turned out to be.
    pub reveal: Option<Kind>,
    /// The captured piece as it stood on the board (a pawn for en passant).
    pub captured: Option<Piece>,
    /// The identity of a captured face-down piece, when drawn.
    pub capture_id: Option<Kind>,
}

impl Played {
    /// Can no earlier position come back after this move? Captures, pawn
    /// moves, reveals, and moves that change castling rights.
    pub fn is_irreversible(&self) -> bool {
        self.captured.is_some() || self.reveal.is_some() || self.piece.kind == Kind::Pawn
    }

    /// Did this move disclose a hidden identity (a reveal, or a face-down
    /// piece taken)? A fair take-back refuses such a move.
    pub fn discloses(&self) -> bool {
        self.reveal.is_some() || self.captured.is_some_and(|c| c.hidden)
    }
}

/// Why a move cannot be played here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    Illegal(Move),
    /// A face-down mover (or a face-down corner piece in castling) without
    /// an identity, with one its side's pool lacks, or an identity where
    /// nothing is face down.
    BadReveal(Move),
    /// A promotion piece missing where a pawn reaches the last rank, given
    /// where none does, or not a queen, rook, bishop or knight.
    BadPromotion(Move),
    /// A captured identity the pool does not hold, or one where nothing
    /// face down is captured.
    BadCaptureId(Move),
    /// The game has ended.
    GameOver,
    /// The game waits for the promotion of a piece revealed a pawn on the
    /// last rank; nothing else can be played until it is chosen.
    PromotionPending,
    /// No promotion is waiting to be chosen.
    NoPromotionPending,
    /// The system's random source failed, so no identity can be drawn fairly.
    NoRandomness,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Illegal(m) => write!(f, "{m} is not a legal move here"),
            PlayError::BadReveal(m) => write!(
                f,
                "{m}: a face-down piece needs an identity its side still has unknown, \
                 and only a face-down piece takes one"
            ),
            PlayError::BadPromotion(m) => write!(
                f,
                "{m}: a pawn reaching the last rank must promote to a queen, rook, bishop \
                 or knight, and nothing else promotes"
            ),
            PlayError::BadCaptureId(m) => {
                write!(f, "{m}: the captured identity does not fit this position")
            }
            PlayError::GameOver => write!(f, "the game is over: no more moves can be played"),
            PlayError::PromotionPending => write!(
                f,
                "the piece just revealed a pawn on the last rank: choose its promotion first"
            ),
            PlayError::NoPromotionPending => write!(f, "no promotion is waiting to be chosen"),
            PlayError::NoRandomness => write!(
                f,
                "the system's random number source is unavailable, so the hidden identity \
                 cannot be drawn fairly"
            ),
        }
    }
}
impl std::error::Error for PlayError {}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    kinds: [u64; 6],
    colors: [u64; 2],
    hidden: u64,
    board: [u8; 64],
    turn: Color,
    castling: u8,
    en_passant: Option<Square>,
    halfmove: u32,
    fullmove: u32,
    pool: [Pool; 2],
    public_hash: u64,
    pool_hash: u64,
}

impl Position {
    /// An empty board, White to move (for building positions piece by piece;
    /// not a playable position until both kings stand on it).
    pub(crate) fn empty() -> Position {
        Position {
            kinds: [0; 6],
            colors: [0; 2],
            hidden: 0,
            board: [0; 64],
            turn: Color::Red,
            castling: 0,
            en_passant: None,
            halfmove: 0,
            fullmove: 1,
            pool: [Pool::default(); 2],
            public_hash: 0,
            pool_hash: 0,
        }
    }

    /// The start position: with `hidden`, every piece but the kings face
    /// down and full pools (hidden chess); else standard chess.
    pub fn start(hidden: bool) -> Position {
        let mut pos = Position::empty();
        for sq in Square::all() {
            for c in Color::ALL {
                if let Some(k) = sq.start_kind(c) {
                    let p = Piece {
                        color: c,
                        kind: k,
                        hidden: hidden && k != Kind::King,
                    };
                    pos.put(sq, p);
                }
            }
        }
        if hidden {
            pos.pool = [Pool::full(); 2];
        }
        pos.castling = 0xF;
        pos.rehash();
        pos
    }

    /// Recompute both keys from scratch.
    pub(crate) fn rehash(&mut self) {
        let mut h = 0;
        for sq in Square::all() {
            let c = self.board[sq.index()];
            if c != 0 {
                h ^= KEYS.piece[c as usize][sq.index()];
            }
        }
        if self.turn == Color::Black {
            h ^= KEYS.black_to_move;
        }
        h ^= KEYS.castling[self.castling as usize];
        if let Some(ep) = self.en_passant {
            h ^= KEYS.en_passant[ep.file() as usize];
        }
        self.public_hash = h;
        let mut p = 0;
        for c in 0..2 {
            for k in 0..5 {
                p ^= KEYS.pool[c][k][self.pool[c].0[k].min(8) as usize];
            }
        }
        self.pool_hash = p;
    }

    // ---- building (FEN) ----

    pub(crate) fn set_piece(&mut self, sq: Square, p: Piece) {
        if self.board[sq.index()] != 0 {
            self.remove(sq);
        }
        self.put(sq, p);
    }
    /// For display only: `p` on `m.to`, nothing on `m.from`.
    pub(crate) fn show_arrival(&mut self, m: Move, p: Piece) {
        self.remove(m.from);
        self.set_piece(m.to, p);
    }
    pub(crate) fn set_turn(&mut self, c: Color) {
        self.turn = c;
    }
    pub(crate) fn set_castling(&mut self, rights: u8) {
        self.castling = rights & 0xF;
    }
    pub(crate) fn set_en_passant(&mut self, ep: Option<Square>) {
        self.en_passant = ep;
    }
    pub(crate) fn set_counters(&mut self, halfmove: u32, fullmove: u32) {
        self.halfmove = halfmove;
        self.fullmove = fullmove.max(1);
    }

    /// Replace a side's pool (a seat's knowledge). Counts are capped at
    /// the start counts.
    pub fn set_pool(&mut self, c: Color, pool: Pool) {
        let mut p = Pool::default();
        for k in Kind::HIDDEN {
            p.0[k.index()] = pool.get(k).min(k.count());
        }
        self.pool[c.index()] = p;
        self.rehash();
    }

    // ---- accessors ----

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }
    #[inline]
    pub fn pool(&self, c: Color) -> &Pool {
        &self.pool[c.index()]
    }
    /// Castling-right bits (`WHITE_KING_SIDE` ...).
    #[inline]
    pub fn castling(&self) -> u8 {
        self.castling
    }
    /// The square a pawn may take en passant now. Set only after a true
    /// pawn's double step next to an enemy pawn that could take it.
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }
    /// Plies since the last capture, pawn move or reveal.
    #[inline]
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }
    /// Has the fifty-move count (100 plies) run out (a draw, unless the
    /// side to move is mated)?
    #[inline]
    pub fn no_progress_reached(&self) -> bool {
        self.halfmove >= 100
    }
    #[inline]
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }
    /// Key of the public position (squares, colours, face-up kinds,
    /// face-down marks, side to move, castling rights, en-passant square):
    /// what repetition compares.
    #[inline]
    pub fn public_hash(&self) -> u64 {
        self.public_hash
    }
    /// Key of everything this reader knows, pools included (for the search).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.public_hash ^ self.pool_hash
    }
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }
    /// Squares of `c`'s pieces.
    #[inline]
    pub fn color_bb(&self, c: Color) -> u64 {
        self.colors[c.index()]
    }
    /// Squares of pieces of `k` (face-down pieces count as their start kind).
    #[inline]
    pub fn kind_bb(&self, k: Kind) -> u64 {
        self.kinds[k.index()]
    }
    /// Squares of face-down pieces.
    #[inline]
    pub fn hidden_bb(&self) -> u64 {
        self.hidden
    }
    /// The king of `c` (a1 if it has none, which no valid position allows).
    #[inline]
    pub fn king(&self, c: Color) -> Square {
        let bb = self.kinds[Kind::King.index()] & self.colors[c.index()];
        Square::from_index(bb.trailing_zeros() as usize & 63)
    }
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        squares(self.occupied()).filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }
    /// Face-down pieces of a side still on the board.
    pub fn hidden_count(&self, c: Color) -> u32 {
        (self.hidden & self.colors[c.index()]).count_ones()
    }

    // ---- board edits ----

    #[inline]
    fn put(&mut self, sq: Square, p: Piece) {
        let b = sq.bit();
        self.kinds[p.kind.index()] |= b;
        self.colors[p.color.index()] |= b;
        if p.hidden {
            self.hidden |= b;
        }
        let code = p.code();
        self.board[sq.index()] = code;
        self.public_hash ^= KEYS.piece[code as usize][sq.index()];
    }

    #[inline]
    fn remove(&mut self, sq: Square) -> Option<Piece> {
        let code = self.board[sq.index()];
        let p = Piece::from_code(code)?;
        let b = !sq.bit();
        self.kinds[p.kind.index()] &= b;
        self.colors[p.color.index()] &= b;
        self.hidden &= b;
        self.board[sq.index()] = 0;
        self.public_hash ^= KEYS.piece[code as usize][sq.index()];
        Some(p)
    }

    #[inline]
    fn pool_take(&mut self, c: Color, k: Kind) {
        let (ci, ki) = (c.index(), k.index());
        if ki < 5 && self.pool[ci].0[ki] > 0 {
            let n = self.pool[ci].0[ki] as usize;
            self.pool_hash ^= KEYS.pool[ci][ki][n.min(8)] ^ KEYS.pool[ci][ki][(n - 1).min(8)];
            self.pool[ci].take(k);
        }
    }

    // ---- attacks ----

    /// Pieces of `by` attacking `sq` on occupancy `occ`, counting only
    /// pieces in `mask` (a move tried without making it). Face-down pieces
    /// attack as the kind of their start square.
    #[inline]
    fn attackers(&self, sq: Square, by: Color, occ: u64, mask: u64) -> u64 {
        let them = self.colors[by.index()] & mask;
        let k = &self.kinds;
        let i = sq.index();
        let queens = k[Kind::Queen.index()];
        ((KNIGHT[i] & k[Kind::Knight.index()])
            | (pawn_attacks(by.other(), sq) & k[Kind::Pawn.index()])
            | (KING[i] & k[Kind::King.index()])
            | (bishop_attacks(sq, occ) & (k[Kind::Bishop.index()] | queens))
            | (rook_attacks(sq, occ) & (k[Kind::Rook.index()] | queens)))
            & them
    }

    /// Is `sq` attacked by a piece of `by`?
    #[inline]
    pub fn attacked_by(&self, sq: Square, by: Color) -> bool {
        self.attackers(sq, by, self.occupied(), !0) != 0
    }

    /// Is the side to move in check?
    #[inline]
    pub fn in_check(&self) -> bool {
        self.is_check_on(self.turn)
    }

    /// Is `c`'s king attacked?
    #[inline]
    pub fn is_check_on(&self, c: Color) -> bool {
        self.attacked_by(self.king(c), c.other())
    }

    // ---- move generation ----

    /// Moves that follow the pieces' rules (castling only when fully legal);
    /// they may leave the own king attacked.
    pub fn pseudo_moves(&self, out: &mut MoveList) {
        let us = self.turn;
        let own = self.colors[us.index()];
        let enemy = self.colors[us.other().index()];
        let occ = own | enemy;
        let targets = !own;
        let k = &self.kinds;
        // Pawns (face-down pieces on the second rank among them).
        let pawns = k[Kind::Pawn.index()] & own;
        for from in squares(pawns) {
            let fwd: i8 = if us == Color::Red { 8 } else { -8 };
            let one = (from.index() as i8 + fwd) as usize;
            let mut to_bb = pawn_attacks(us, from) & enemy;
            if one < 64 && occ & (1 << one) == 0 {
                to_bb |= 1 << one;
                let two = one as i8 + fwd;
                if from.relative_rank(us) == 1 && (0..64).contains(&two) && occ & (1 << two) == 0 {
                    to_bb |= 1 << two;
                }
            }
            if let Some(ep) = self.en_passant {
                to_bb |= pawn_attacks(us, from) & ep.bit();
            }
            for to in squares(to_bb) {
                if to.relative_rank(us) == 7 {
                    for p in Kind::PROMOTIONS {
                        out.push(Move::promoting(from, to, p));
                    }
                } else {
                    out.push(Move::new(from, to));
                }
            }
        }
        let queens = k[Kind::Queen.index()];
        for from in squares(k[Kind::Knight.index()] & own) {
            push_all(out, from, KNIGHT[from.index()] & targets);
        }
        for from in squares((k[Kind::Bishop.index()] | queens) & own) {
            push_all(out, from, bishop_attacks(from, occ) & targets);
        }
        for from in squares((k[Kind::Rook.index()] | queens) & own) {
            push_all(out, from, rook_attacks(from, occ) & targets);
        }
        let king = self.king(us);
        push_all(out, king, KING[king.index()] & targets);
        self.castlings(out);
    }

    /// Legal castlings: the right kept (king and corner piece unmoved), the
    /// corner holding an own rook or face-down piece, the path clear, the
    /// king not in check, not crossing or landing on an attacked square.
    fn castlings(&self, out: &mut MoveList) {
        let us = self.turn;
        for c in Castle::ALL {
            if self.castling & c.right == 0 || c.color() != us || self.king(us) != c.king_from {
                continue;
            }
            let corner_ok = self
                .piece_at(c.corner)
                .is_some_and(|p| p.color == us && (p.hidden || p.kind == Kind::Rook));
            if !corner_ok || between(c.king_from, c.corner) & self.occupied() != 0 {
                continue;
            }
            let them = us.other();
            let crossed = between(c.king_from, c.king_to) | c.king_to.bit() | c.king_from.bit();
            if squares(crossed).any(|s| self.attacked_by(s, them)) {
                continue;
            }
            out.push(Move::new(c.king_from, c.king_to));
        }
    }

    /// Own pieces that stand alone between the king and an enemy slider.
    fn pinned(&self) -> u64 {
        let us = self.turn;
        let k = self.king(us);
        let enemy = self.colors[us.other().index()];
        let queens = self.kinds[Kind::Queen.index()];
        let snipers = ((rook_attacks(k, 0) & (self.kinds[Kind::Rook.index()] | queens))
            | (bishop_attacks(k, 0) & (self.kinds[Kind::Bishop.index()] | queens)))
            & enemy;
        let occ = self.occupied();
        let mut pinned = 0;
        for s in squares(snipers) {
            let b = between(k, s) & occ;
            if b.count_ones() == 1 {
                pinned |= b & self.colors[us.index()];
            }
        }
        pinned
    }

    /// Would the mover's king be attacked after the pseudo move `m`?
    fn leaves_king_attacked(&self, m: Move) -> bool {
        let us = self.turn;
        let them = us.other();
        let Some(p) = self.piece_at(m.from) else {
            return true;
        };
        let mut cap = m.to.bit() & self.colors[them.index()];
        if self.is_en_passant(m, p) {
            cap = Square::new(m.to.file(), m.from.rank()).bit();
        }
        let occ = (self.occupied() & !m.from.bit() & !cap) | m.to.bit();
        let king = if p.kind == Kind::King {
            m.to
        } else {
            self.king(us)
        };
        self.attackers(king, them, occ, !cap) != 0
    }

    #[inline]
    fn is_en_passant(&self, m: Move, p: Piece) -> bool {
        p.kind == Kind::Pawn
            && Some(m.to) == self.en_passant
            && m.from.file() != m.to.file()
            && self.board[m.to.index()] == 0
    }

    /// All legal moves of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.pseudo_moves(&mut list);
        let us = self.turn;
        let king = self.king(us);
        if self.in_check() {
            list.retain(|m| !self.leaves_king_attacked(m));
        } else {
            let pinned = self.pinned();
            let ep = self.en_passant;
            list.retain(|m| {
                let risky = m.from == king
                    || pinned & m.from.bit() != 0
                    || (Some(m.to) == ep && self.kinds[Kind::Pawn.index()] & m.from.bit() != 0);
                // Castling was fully checked when generated.
                let castle = m.from == king && m.from.file().abs_diff(m.to.file()) == 2;
                castle || !risky || !self.leaves_king_attacked(m)
            });
        }
        list
    }

    /// Legal moves of the piece on `from`.
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = self.legal_moves();
        list.retain(|m| m.from == from);
        list
    }

    /// Is `m` one of the legal moves (as listed: a face-down mover's move
    /// has no promotion piece)?
    pub fn is_legal(&self, m: Move) -> bool {
        self.piece_at(m.from).is_some_and(|p| p.color == self.turn)
            && self.legal_moves_from(m.from).contains(&m)
    }

    /// The castling `m` is, if the king makes it.
    pub fn castle_of(&self, m: Move) -> Option<Castle> {
        let p = self.piece_at(m.from)?;
        if p.kind != Kind::King {
            return None;
        }
        Castle::by_king_move(m.from, m.to)
    }

    /// The face-down piece that `m` reveals: the mover, or for castling the
    /// corner piece.
    pub fn revealed_by(&self, m: Move) -> Option<Piece> {
        let p = self.piece_at(m.from)?;
        if p.hidden {
            return Some(p);
        }
        let c = self.castle_of(m)?;
        self.piece_at(c.corner).filter(|q| q.hidden)
    }

    /// May `m` (a listed move) need a promotion once its reveal is known?
    /// True for a face-down mover landing on the last rank.
    pub fn may_promote_on_reveal(&self, m: Move) -> bool {
        self.piece_at(m.from)
            .is_some_and(|p| p.hidden && m.to.relative_rank(p.color) == 7)
    }

    /// Must the text of `m`, written before its reveal is known (an
    /// engine's answer, a move whose reveal the referee draws), name a
    /// promotion? True for a face-down mover landing on the last rank
    /// while its side's pool still holds a pawn.
    pub fn needs_promotion_before_reveal(&self, m: Move) -> bool {
        self.may_promote_on_reveal(m)
            && self
                .piece_at(m.from)
                .is_some_and(|p| self.pool(p.color).get(Kind::Pawn) > 0)
    }

    // ---- making moves ----

    /// Play `m`, unchecked: the fast path for search and perft. `reveal` is
    /// what the face-down mover (for castling: the face-down corner piece)
    /// turns into (`None`: its start kind); `capture_id` the identity of a
    /// captured face-down piece if this reader learns it. A pawn landing on
    /// the last rank becomes `m.promotion` (a queen if none is given).
    ///
    /// The caller must pass a legal move and identities the pools hold
    /// (checked in debug builds). `unmake` with the returned `Undo` restores
    /// the position exactly in any case. Input that is not trusted goes
    /// through [`Position::try_make`] or [`Position::play`].
    pub fn make(&mut self, m: Move, reveal: Option<Kind>, capture_id: Option<Kind>) -> Undo {
        let undo = Undo(*self);
        let us = self.turn;
        let them = us.other();
        let Some(mover) = self.piece_at(m.from) else {
            debug_assert!(false, "make({m}): no piece on the from square");
            return undo;
        };
        debug_assert!(
            self.pools_hold(m, reveal, capture_id),
            "make({m}, {reveal:?}, {capture_id:?}): an identity the pool does not hold"
        );
        // Fifty-move rule as in chess: pawn moves and captures only. A
        // face-down piece on its second rank moves as a pawn (its kind is
        // its start square's); a reveal alone does not reset the counter.
        let mut progress = mover.kind == Kind::Pawn;
        // The capture (en passant takes the pawn beside).
        let cap_sq = if self.is_en_passant(m, mover) {
            Square::new(m.to.file(), m.from.rank())
        } else {
            m.to
        };
        if let Some(c) = self.remove(cap_sq) {
            progress = true;
            if let (true, Some(id)) = (c.hidden, capture_id) {
                self.pool_take(them, id);
            }
        }
        self.remove(m.from);
        let mut placed = mover;
        if mover.hidden {
            let id = reveal.unwrap_or(mover.kind);
            self.pool_take(us, id);
            placed = Piece::new(us, id);
            // A pawn moved (it is one, though it moved as its square's piece).
            progress |= id == Kind::Pawn;
        }
        if placed.kind == Kind::Pawn && m.to.relative_rank(us) == 7 {
            placed.kind = m
                .promotion
                .filter(|k| Kind::PROMOTIONS.contains(k))
                .unwrap_or(Kind::Queen);
        }
        self.put(m.to, placed);
        // Castling: the corner piece jumps over, revealed if face down.
        if mover.kind == Kind::King {
            if let Some(c) = Castle::by_king_move(m.from, m.to) {
                if let Some(corner) = self.remove(c.corner) {
                    let mut piece = corner;
                    if corner.hidden {
                        let id = reveal.unwrap_or(corner.kind);
                        self.pool_take(us, id);
                        piece = Piece::new(us, id);
                    }
                    self.put(c.corner_to, piece);
                }
            }
        }
        // Castling rights, en passant, counters, turn.
        let rights = self.castling & CASTLE_KEEP[m.from.index()] & CASTLE_KEEP[m.to.index()];
        self.public_hash ^= KEYS.castling[self.castling as usize] ^ KEYS.castling[rights as usize];
        self.castling = rights;
        if let Some(ep) = self.en_passant.take() {
            self.public_hash ^= KEYS.en_passant[ep.file() as usize];
        }
        let double_step = mover.kind == Kind::Pawn
            && placed.kind == Kind::Pawn
            && m.from.rank().abs_diff(m.to.rank()) == 2;
        if double_step {
            let ep = Square::new(m.from.file(), (m.from.rank() + m.to.rank()) / 2);
            let takers =
                pawn_attacks(us, ep) & self.kinds[Kind::Pawn.index()] & self.colors[them.index()];
            if takers != 0 {
                self.en_passant = Some(ep);
                self.public_hash ^= KEYS.en_passant[ep.file() as usize];
            }
        }
        self.halfmove = if progress {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = them;
        self.public_hash ^= KEYS.black_to_move;
        undo
    }

    /// The cheap part of `check_identities` (for `make`'s debug check;
    /// `make` may also be given pseudo-legal moves, to test them): each
    /// named identity is held by its side's pool, for a piece that takes it.
    fn pools_hold(&self, m: Move, reveal: Option<Kind>, capture_id: Option<Kind>) -> bool {
        let reveal_ok = reveal.is_none_or(|k| {
            self.revealed_by(m)
                .is_some_and(|p| self.pool(p.color).get(k) > 0)
        });
        let capture_ok = capture_id.is_none_or(|k| {
            self.piece_at(m.to)
                .is_some_and(|c| c.hidden && self.pool(c.color).get(k) > 0)
        });
        reveal_ok && capture_ok
    }

    /// Take back the move whose `make` returned `u`.
    #[inline]
    pub fn unmake(&mut self, u: Undo) {
        *self = u.0;
    }

    /// Check a move with its identities: legal (a face-down mover's move as
    /// listed, without promotion), a reveal exactly when a face-down piece
    /// is turned up (the mover, or the corner piece in castling) and held
    /// by its side's pool, a promotion exactly when a pawn lands on the
    /// last rank (a face-down mover: needed when it is revealed a pawn
    /// there, allowed and ignored when it lands there as something else),
    /// and a captured identity only for a face-down piece, held by the pool.
    pub fn check_identities(
        &self,
        m: Move,
        reveal: Option<Kind>,
        capture_id: Option<Kind>,
    ) -> Result<(), PlayError> {
        let mover = self
            .piece_at(m.from)
            .filter(|p| p.color == self.turn)
            .ok_or(PlayError::Illegal(m))?;
        let listed = if mover.hidden { m.base() } else { m };
        if !self.is_legal(listed) {
            // A face-up pawn's move with a missing or wrong promotion piece.
            let promotes = Kind::PROMOTIONS
                .iter()
                .any(|&k| self.is_legal(Move::promoting(m.from, m.to, k)));
            if promotes || (m.promotion.is_some() && self.is_legal(m.base())) {
                return Err(PlayError::BadPromotion(m));
            }
            return Err(PlayError::Illegal(m));
        }
        let us = self.turn;
        match (self.revealed_by(m), reveal) {
            (Some(_), Some(k)) if self.pool(us).get(k) > 0 => {}
            (None, None) => {}
            _ => return Err(PlayError::BadReveal(m)),
        }
        if mover.hidden {
            // A face-down mover reaching the last rank may name the
            // promotion it wants should it turn out a pawn (the engine's
            // `a1a8q`); the letter is needed when it is revealed a pawn
            // there (`a1a8qP`) and ignored otherwise (`a1a8qR` = `a1a8R`).
            let last = m.to.relative_rank(us) == 7;
            let ok = match m.promotion {
                None => !(last && reveal == Some(Kind::Pawn)),
                Some(k) => last && Kind::PROMOTIONS.contains(&k),
            };
            if !ok {
                return Err(PlayError::BadPromotion(m));
            }
        }
        if let Some(k) = capture_id {
            match self.piece_at(m.to) {
                Some(c) if c.hidden && c.color != us && self.pool(c.color).get(k) > 0 => {}
                _ => return Err(PlayError::BadCaptureId(m)),
            }
        }
        Ok(())
    }

    /// `make` for input that is not trusted: checks the move and its
    /// identities first and changes nothing on error.
    pub fn try_make(
        &mut self,
        m: Move,
        reveal: Option<Kind>,
        capture_id: Option<Kind>,
    ) -> Result<Undo, PlayError> {
        self.check_identities(m, reveal, capture_id)?;
        Ok(self.make(m, reveal, capture_id))
    }

    /// Check a move with its identities and play it, reporting what it made known.
    pub fn play(
        &mut self,
        m: Move,
        reveal: Option<Kind>,
        capture_id: Option<Kind>,
    ) -> Result<Played, PlayError> {
        self.play_undo(m, reveal, capture_id).map(|(p, _)| p)
    }

    /// `play`, also returning the `Undo` (for the referee's history).
    pub(crate) fn play_undo(
        &mut self,
        m: Move,
        reveal: Option<Kind>,
        capture_id: Option<Kind>,
    ) -> Result<(Played, Undo), PlayError> {
        let piece = self.piece_at(m.from).ok_or(PlayError::Illegal(m))?;
        let captured = match piece.kind {
            Kind::Pawn if self.is_en_passant(m, piece) => {
                self.piece_at(Square::new(m.to.file(), m.from.rank()))
            }
            _ => self.piece_at(m.to),
        };
        let undo = self.try_make(m, reveal, capture_id)?;
        let played = Played {
            mv: m,
            piece,
            reveal,
            captured,
            capture_id,
        };
        Ok((played, undo))
    }

    /// Pass the turn (null move, for the search).
    pub fn make_null(&mut self) -> Undo {
        let u = Undo(*self);
        if let Some(ep) = self.en_passant.take() {
            self.public_hash ^= KEYS.en_passant[ep.file() as usize];
        }
        self.public_hash ^= KEYS.black_to_move;
        self.turn = self.turn.other();
        u
    }

    // ---- draws by material ----

    /// Can neither side ever mate? Only kings, or kings with one knight or
    /// one bishop, or with bishops all on squares of one colour. Any pawn,
    /// rook, queen or face-down piece is mating material.
    pub fn insufficient_material(&self) -> bool {
        let k = &self.kinds;
        let heavy = k[Kind::Pawn.index()] | k[Kind::Rook.index()] | k[Kind::Queen.index()];
        if heavy != 0 || self.hidden != 0 {
            return false;
        }
        let knights = k[Kind::Knight.index()];
        let bishops = k[Kind::Bishop.index()];
        let minors = knights | bishops;
        match minors.count_ones() {
            0 | 1 => true,
            _ => knights == 0 && (bishops & LIGHT == 0 || bishops & !LIGHT == 0),
        }
    }
}

#[inline]
fn push_all(out: &mut MoveList, from: Square, to_bb: u64) {
    for to in squares(to_bb) {
        out.push(Move::new(from, to));
    }
}
