//! What the search needs to know about a game: the one search
//! ([`super::search::GameSearcher`]) is generic over [`Game`], implemented
//! here for the xiangqi family (`rules::Position`: Jieqi and its cousins)
//! and for chess and hidden chess (`rules::chess::Position`). Everything
//! is monomorphised: no dynamic dispatch in the hot path.
//!
//! A position is one seat's knowledge. A move that turns a piece face up
//! (a face-down mover; in chess also the corner piece of a castling) is a
//! chance node: the search plays it once per identity left in the pool of
//! the revealing side ([`Game::reveal_pool`]), weighted by its count.

use std::fmt;

use super::eval;
use super::eval_chess;
use super::tt::TtMove;
use crate::rules::chess;
use crate::rules::{self, Color};

/// The game-specific side of the search.
pub trait Game: Clone {
    type Move: TtMove + Copy + Eq + fmt::Debug + fmt::Display;
    type Piece: Copy + Eq;
    /// An identity a face-down piece may turn into.
    type Id: Copy + Send;
    type Undo;
    type NullUndo;
    /// A fixed-capacity move list.
    type List;
    /// Ordering scores, one per move of a list.
    type Scores: AsMut<[i32]> + AsRef<[i32]>;
    /// Unknown identities of one side.
    type Pool: Copy + PartialEq + Send;

    /// Squares of the board (history tables).
    const SQUARES: usize;
    /// Are late reveals that take nothing reduced like quiet moves? Kept
    /// where a match said it wins: Jieqi +36 [+9, +64] (600 games at 20 000
    /// nodes); hidden chess +13 [-20, +46] (400 games) did not show it.
    const REDUCE_CALM_REVEALS: bool;

    fn list_slice(l: &Self::List) -> &[Self::Move];
    fn list_slice_mut(l: &mut Self::List) -> &mut [Self::Move];
    fn list_new() -> Self::List;
    fn list_push(l: &mut Self::List, m: Self::Move);
    fn new_scores() -> Self::Scores;
    /// A placeholder for unused slots of move arrays.
    fn no_move() -> Self::Move;

    fn turn(&self) -> Color;
    fn legal_moves(&self) -> Self::List;
    /// Legal captures (and, in chess, promotions): quiescence.
    fn legal_captures(&self) -> Self::List;
    /// `legal_moves` where the search already knows whether the side to
    /// move is in check (`in_check` is [`Game::in_check`]).
    #[inline]
    fn legal_moves_in(&self, in_check: bool) -> Self::List {
        let _ = in_check;
        self.legal_moves()
    }
    /// `legal_captures`, the check known as for [`Game::legal_moves_in`].
    #[inline]
    fn legal_captures_in(&self, in_check: bool) -> Self::List {
        let _ = in_check;
        self.legal_captures()
    }
    fn is_legal(&self, m: Self::Move) -> bool;
    fn in_check(&self) -> bool;
    /// Does `m` give check (cheaply; may answer `false` for face-down movers)?
    fn gives_check(&self, m: Self::Move) -> bool;
    /// Whether the side to move after `m` is in check, where that is known
    /// exactly and more cheaply than [`Game::in_check`] after it; `None`
    /// otherwise (the search then asks the position).
    #[inline]
    fn check_after(&self, m: Self::Move) -> Option<bool> {
        let _ = m;
        None
    }
    /// Everything this reader knows, pools included.
    fn hash(&self) -> u64;
    /// The public position (repetition).
    fn public_hash(&self) -> u64;
    /// Does a repeated cycle of checks lose (xiangqi's perpetual check)?
    fn punishes_perpetual(&self) -> bool;
    /// Is the game drawn here by a rule that is not repetition (fifty
    /// moves, insufficient material)?
    fn drawn_by_rule(&self) -> bool;
    /// Is having no legal move while not in check a draw (chess's
    /// stalemate) rather than a loss (xiangqi)?
    fn stalemate_draws(&self) -> bool;
    fn make(&mut self, m: Self::Move, reveal: Option<Self::Id>) -> Self::Undo;
    fn unmake(&mut self, m: Self::Move, u: Self::Undo);
    /// Pass the turn; returns the public key before it (for repetition).
    fn make_null(&mut self) -> (u64, Self::NullUndo);
    fn unmake_null(&mut self, u: Self::NullUndo);
    /// Enough material for the null move to be safe (no zugzwang).
    fn null_move_ok(&self) -> bool;

    /// The piece on `m`'s from square (a legal move has one).
    fn mover(&self, m: Self::Move) -> Self::Piece;
    /// The piece `m` takes, if any.
    fn victim(&self, m: Self::Move) -> Option<Self::Piece>;
    /// Colour x (kind, or face down): below 16.
    fn kind_index(p: Self::Piece) -> usize;
    fn from_index(m: Self::Move) -> usize;
    fn to_index(m: Self::Move) -> usize;
    /// Does `m` turn a piece face up (`mover` is the piece on its from square)?
    fn is_reveal(&self, m: Self::Move, mover: Self::Piece) -> bool;
    /// Is `m` neither a capture nor a reveal nor anything else loud?
    #[inline]
    fn is_quiet(&self, m: Self::Move, mover: Self::Piece, victim: Option<Self::Piece>) -> bool {
        victim.is_none() && !self.is_reveal(m, mover)
    }
    /// Should this reveal be tried early (a face-down piece going forward)?
    fn early_reveal(&self, m: Self::Move, mover: Self::Piece) -> bool;

    fn evaluate(&self) -> i32;
    /// Key of the slow-moving structure the correction history learns by
    /// (`None`: no correction).
    fn structure_key(&self) -> Option<u64> {
        None
    }
    /// Value for ordering captures and quick exchanges.
    fn piece_value(&self, p: Self::Piece) -> i32;
    /// After `m`, can the opponent take the mover back at once?
    fn recapturable_after(&self, m: Self::Move) -> bool;

    /// The pool of the side whose piece `m` turns face up, if it does.
    fn reveal_pool(&self, m: Self::Move) -> Option<Self::Pool>;
    fn pool_total(p: &Self::Pool) -> u32;
    fn pool_entries(p: &Self::Pool) -> impl Iterator<Item = (Self::Id, u8)>;
    /// The one identity followed where a full chance node is too dear: a
    /// function of the mover's pool (and the rule set) alone.
    fn typical_identity(&self, m: Self::Move) -> Self::Id;
    /// The move as played once its reveal is `id`, and a second choice the
    /// mover has then (chess: a pawn revealed on the last rank promotes to
    /// a queen or, second choice, a knight).
    #[inline]
    fn with_reveal(&self, m: Self::Move, _id: Self::Id) -> (Self::Move, Option<Self::Move>) {
        (m, None)
    }
}

// ---- the xiangqi family ----

impl Game for rules::Position {
    type Move = rules::Move;
    type Piece = rules::Piece;
    type Id = rules::Role;
    type Undo = rules::xiangqi::position::Undo;
    type NullUndo = u64;
    type List = rules::MoveList;
    type Scores = [i32; rules::MoveList::CAP];
    type Pool = rules::Pool;

    const SQUARES: usize = 90;
    const REDUCE_CALM_REVEALS: bool = true;

    #[inline]
    fn list_slice(l: &Self::List) -> &[Self::Move] {
        l.as_slice()
    }
    #[inline]
    fn list_slice_mut(l: &mut Self::List) -> &mut [Self::Move] {
        l.as_mut_slice()
    }
    #[inline]
    fn list_new() -> Self::List {
        rules::MoveList::new()
    }
    #[inline]
    fn list_push(l: &mut Self::List, m: Self::Move) {
        l.push(m)
    }
    #[inline]
    fn new_scores() -> Self::Scores {
        [0; rules::MoveList::CAP]
    }
    #[inline]
    fn no_move() -> Self::Move {
        let a = rules::Square::from_index(0);
        rules::Move::new(a, a)
    }
    #[inline]
    fn turn(&self) -> Color {
        rules::Position::turn(self)
    }
    #[inline]
    fn legal_moves(&self) -> Self::List {
        rules::Position::legal_moves(self)
    }
    #[inline]
    fn legal_captures(&self) -> Self::List {
        rules::Position::legal_captures(self)
    }
    #[inline]
    fn legal_moves_in(&self, in_check: bool) -> Self::List {
        rules::Position::legal_moves_in(self, in_check)
    }
    #[inline]
    fn legal_captures_in(&self, in_check: bool) -> Self::List {
        rules::Position::legal_captures_in(self, in_check)
    }
    #[inline]
    fn is_legal(&self, m: Self::Move) -> bool {
        rules::Position::is_legal(self, m)
    }
    #[inline]
    fn in_check(&self) -> bool {
        rules::Position::in_check(self)
    }
    #[inline]
    fn gives_check(&self, m: Self::Move) -> bool {
        rules::Position::gives_check(self, m)
    }
    #[inline]
    fn check_after(&self, m: Self::Move) -> Option<bool> {
        rules::Position::check_after(self, m)
    }
    #[inline]
    fn hash(&self) -> u64 {
        rules::Position::hash(self)
    }
    #[inline]
    fn public_hash(&self) -> u64 {
        rules::Position::public_hash(self)
    }
    #[inline]
    fn structure_key(&self) -> Option<u64> {
        Some(rules::Position::structure_key(self))
    }
    #[inline]
    fn punishes_perpetual(&self) -> bool {
        self.rules().punishes_perpetual()
    }
    #[inline]
    fn drawn_by_rule(&self) -> bool {
        self.no_progress_reached()
    }
    #[inline]
    fn stalemate_draws(&self) -> bool {
        false
    }
    #[inline]
    fn make(&mut self, m: Self::Move, reveal: Option<Self::Id>) -> Self::Undo {
        rules::Position::make(self, m, reveal, None)
    }
    #[inline]
    fn unmake(&mut self, m: Self::Move, u: Self::Undo) {
        rules::Position::unmake(self, m, u)
    }
    #[inline]
    fn make_null(&mut self) -> (u64, u64) {
        let h = rules::Position::make_null(self);
        (h, h)
    }
    #[inline]
    fn unmake_null(&mut self, h: u64) {
        rules::Position::unmake_null(self, h)
    }
    fn null_move_ok(&self) -> bool {
        use rules::Role;
        let us = rules::Position::turn(self);
        self.pieces()
            .filter(|(_, p)| {
                p.color == us
                    && (p.hidden || matches!(p.role, Role::Chariot | Role::Horse | Role::Cannon))
            })
            .count()
            >= 2
    }
    #[inline]
    fn mover(&self, m: Self::Move) -> Self::Piece {
        self.piece_at(m.from).expect("mover")
    }
    #[inline]
    fn victim(&self, m: Self::Move) -> Option<Self::Piece> {
        self.piece_at(m.to)
    }
    #[inline]
    fn kind_index(p: Self::Piece) -> usize {
        p.color.index() * 8 + if p.hidden { 7 } else { p.role.index() }
    }
    #[inline]
    fn from_index(m: Self::Move) -> usize {
        m.from.index()
    }
    #[inline]
    fn to_index(m: Self::Move) -> usize {
        m.to.index()
    }
    #[inline]
    fn is_reveal(&self, _m: Self::Move, mover: Self::Piece) -> bool {
        mover.hidden
    }
    #[inline]
    fn early_reveal(&self, m: Self::Move, mover: Self::Piece) -> bool {
        mover.hidden && !m.to.on_own_half(mover.color)
    }
    #[inline]
    fn evaluate(&self) -> i32 {
        eval::evaluate(self)
    }
    #[inline]
    fn piece_value(&self, p: Self::Piece) -> i32 {
        eval::piece_value(self, p)
    }
    #[inline]
    fn recapturable_after(&self, m: Self::Move) -> bool {
        rules::Position::recapturable_after(self, m)
    }
    #[inline]
    fn reveal_pool(&self, m: Self::Move) -> Option<Self::Pool> {
        let piece = self.piece_at(m.from).expect("mover");
        piece.hidden.then(|| *self.pool(piece.color))
    }
    #[inline]
    fn pool_total(p: &Self::Pool) -> u32 {
        p.total()
    }
    #[inline]
    fn pool_entries(p: &Self::Pool) -> impl Iterator<Item = (Self::Id, u8)> {
        p.entries()
    }
    fn typical_identity(&self, m: Self::Move) -> Self::Id {
        use rules::{Piece, Role};
        let c = self.piece_at(m.from).expect("mover").color;
        let mean = eval::hidden_value(self, c).0 * 100 / 85;
        self.pool(c)
            .entries()
            .min_by_key(|(r, _)| (eval::piece_value(self, Piece::new(c, *r)) - mean).abs())
            .map(|(r, _)| r)
            .unwrap_or(Role::Soldier)
    }
}

// ---- chess and hidden chess ----

impl Game for chess::Position {
    type Move = chess::Move;
    type Piece = chess::Piece;
    type Id = chess::Kind;
    type Undo = chess::Undo;
    type NullUndo = chess::Undo;
    type List = chess::MoveList;
    type Scores = [i32; chess::MoveList::CAP];
    type Pool = chess::Pool;

    const SQUARES: usize = 64;
    const REDUCE_CALM_REVEALS: bool = false;

    #[inline]
    fn list_slice(l: &Self::List) -> &[Self::Move] {
        l.as_slice()
    }
    #[inline]
    fn list_slice_mut(l: &mut Self::List) -> &mut [Self::Move] {
        l.as_mut_slice()
    }
    #[inline]
    fn list_new() -> Self::List {
        chess::MoveList::new()
    }
    #[inline]
    fn list_push(l: &mut Self::List, m: Self::Move) {
        l.push(m)
    }
    #[inline]
    fn new_scores() -> Self::Scores {
        [0; chess::MoveList::CAP]
    }
    #[inline]
    fn no_move() -> Self::Move {
        let a = chess::Square::from_index(0);
        chess::Move::new(a, a)
    }
    #[inline]
    fn turn(&self) -> Color {
        chess::Position::turn(self)
    }
    #[inline]
    fn legal_moves(&self) -> Self::List {
        chess::Position::legal_moves(self)
    }
    fn legal_captures(&self) -> Self::List {
        let mut l = chess::Position::legal_moves(self);
        l.retain(|m| {
            self.piece_at(m.to).is_some()
                || m.promotion == Some(chess::Kind::Queen)
                || (Some(m.to) == self.en_passant()
                    && self
                        .piece_at(m.from)
                        .is_some_and(|p| p.kind == chess::Kind::Pawn && !p.hidden))
        });
        l
    }
    #[inline]
    fn is_legal(&self, m: Self::Move) -> bool {
        chess::Position::is_legal(self, m)
    }
    #[inline]
    fn in_check(&self) -> bool {
        chess::Position::in_check(self)
    }
    #[inline]
    fn gives_check(&self, m: Self::Move) -> bool {
        let mut p = *self;
        chess::Position::make(&mut p, m, None, None);
        p.in_check()
    }
    #[inline]
    fn hash(&self) -> u64 {
        chess::Position::hash(self)
    }
    #[inline]
    fn public_hash(&self) -> u64 {
        chess::Position::public_hash(self)
    }
    #[inline]
    fn punishes_perpetual(&self) -> bool {
        false
    }
    #[inline]
    fn drawn_by_rule(&self) -> bool {
        self.no_progress_reached() || self.insufficient_material()
    }
    #[inline]
    fn stalemate_draws(&self) -> bool {
        true
    }
    #[inline]
    fn make(&mut self, m: Self::Move, reveal: Option<Self::Id>) -> Self::Undo {
        chess::Position::make(self, m, reveal, None)
    }
    #[inline]
    fn unmake(&mut self, _m: Self::Move, u: Self::Undo) {
        chess::Position::unmake(self, u)
    }
    #[inline]
    fn make_null(&mut self) -> (u64, Self::Undo) {
        let h = chess::Position::public_hash(self);
        (h, chess::Position::make_null(self))
    }
    #[inline]
    fn unmake_null(&mut self, u: Self::Undo) {
        chess::Position::unmake(self, u)
    }
    fn null_move_ok(&self) -> bool {
        use chess::Kind;
        let us = self.color_bb(chess::Position::turn(self));
        let pieces = self.kind_bb(Kind::Knight)
            | self.kind_bb(Kind::Bishop)
            | self.kind_bb(Kind::Rook)
            | self.kind_bb(Kind::Queen)
            | self.hidden_bb();
        pieces & us != 0
    }
    #[inline]
    fn mover(&self, m: Self::Move) -> Self::Piece {
        self.piece_at(m.from).expect("mover")
    }
    #[inline]
    fn victim(&self, m: Self::Move) -> Option<Self::Piece> {
        self.piece_at(m.to)
    }
    #[inline]
    fn kind_index(p: Self::Piece) -> usize {
        p.color.index() * 8 + if p.hidden { 7 } else { p.kind.index() }
    }
    #[inline]
    fn from_index(m: Self::Move) -> usize {
        m.from.index()
    }
    #[inline]
    fn to_index(m: Self::Move) -> usize {
        m.to.index()
    }
    #[inline]
    fn is_reveal(&self, m: Self::Move, mover: Self::Piece) -> bool {
        mover.hidden || (mover.kind == chess::Kind::King && self.revealed_by(m).is_some())
    }
    #[inline]
    fn is_quiet(&self, m: Self::Move, mover: Self::Piece, victim: Option<Self::Piece>) -> bool {
        victim.is_none() && m.promotion.is_none() && !self.is_reveal(m, mover)
    }
    #[inline]
    fn early_reveal(&self, m: Self::Move, mover: Self::Piece) -> bool {
        // Face-down pieces come out towards the centre first.
        mover.hidden && (2..=5).contains(&m.to.file()) && m.to.relative_rank(mover.color) >= 2
    }
    #[inline]
    fn evaluate(&self) -> i32 {
        eval_chess::evaluate(self)
    }
    #[inline]
    fn piece_value(&self, p: Self::Piece) -> i32 {
        eval_chess::piece_value(self, p)
    }
    fn recapturable_after(&self, m: Self::Move) -> bool {
        let mut p = *self;
        chess::Position::make(&mut p, m, None, None);
        p.attacked_by(m.to, p.turn())
    }
    #[inline]
    fn reveal_pool(&self, m: Self::Move) -> Option<Self::Pool> {
        self.revealed_by(m).map(|p| *self.pool(p.color))
    }
    #[inline]
    fn pool_total(p: &Self::Pool) -> u32 {
        p.total()
    }
    #[inline]
    fn pool_entries(p: &Self::Pool) -> impl Iterator<Item = (Self::Id, u8)> {
        p.entries()
    }
    fn typical_identity(&self, _m: Self::Move) -> Self::Id {
        // The mover's side reveals (a face-down mover or its corner piece).
        let c = chess::Position::turn(self);
        eval_chess::typical_identity(self.pool(c))
    }
    #[inline]
    fn with_reveal(&self, m: Self::Move, id: Self::Id) -> (Self::Move, Option<Self::Move>) {
        if id == chess::Kind::Pawn && self.may_promote_on_reveal(m) {
            let q = chess::Move::promoting(m.from, m.to, chess::Kind::Queen);
            let n = chess::Move::promoting(m.from, m.to, chess::Kind::Knight);
            (q, Some(n))
        } else {
            (m, None)
        }
    }
}
