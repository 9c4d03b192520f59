//! Squares, piece kinds, pieces, pools and moves of the 8x8 board.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rules::Color;

/// One of the 64 squares: `rank * 8 + file`, `a1` = 0, `h8` = 63. Rank 0
/// is White's edge (`Color::Red`, who moves first, is White).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = rank 1); both below 8.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Square {
        debug_assert!(file < 8 && rank < 8);
        Square((rank & 7) * 8 + (file & 7))
    }

    /// The square of index `i` (taken modulo 64).
    #[inline]
    pub const fn from_index(i: usize) -> Square {
        Square((i & 63) as u8)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }

    /// Rank counted from `c`'s own edge (0 = its back rank).
    #[inline]
    pub fn relative_rank(self, c: Color) -> u8 {
        match c {
            Color::Red => self.rank(),
            Color::Black => 7 - self.rank(),
        }
    }

    /// Parse `a1`..`h8` (lower case file).
    pub fn parse(s: &str) -> Option<Square> {
        match s.as_bytes() {
            &[f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(Square::new(f - b'a', r - b'1')),
            _ => None,
        }
    }

    /// The kind of piece that starts on this square for `c`, if any.
    pub fn start_kind(self, c: Color) -> Option<Kind> {
        match self.relative_rank(c) {
            1 => Some(Kind::Pawn),
            0 => Some(Kind::BACK_RANK[self.file() as usize]),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// What a piece is (for a face-down piece: the kind of its start square,
/// which is how it moves and attacks until it is revealed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
    ];
    /// The identities a face-down piece can have (every kind but the king).
    pub const HIDDEN: [Kind; 5] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
    ];
    /// What a pawn may promote to.
    pub const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];
    /// The back rank from file a to file h.
    pub const BACK_RANK: [Kind; 8] = [
        Kind::Rook,
        Kind::Knight,
        Kind::Bishop,
        Kind::Queen,
        Kind::King,
        Kind::Bishop,
        Kind::Knight,
        Kind::Rook,
    ];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// How many of this kind each side starts with.
    pub const fn count(self) -> u8 {
        match self {
            Kind::Pawn => 8,
            Kind::Knight | Kind::Bishop | Kind::Rook => 2,
            Kind::Queen | Kind::King => 1,
        }
    }

    /// FEN letter, upper case.
    pub const fn char(self) -> char {
        match self {
            Kind::Pawn => 'P',
            Kind::Knight => 'N',
            Kind::Bishop => 'B',
            Kind::Rook => 'R',
            Kind::Queen => 'Q',
            Kind::King => 'K',
        }
    }

    /// The kind of a FEN letter, either case.
    pub fn from_char(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'P' => Kind::Pawn,
            'N' => Kind::Knight,
            'B' => Kind::Bishop,
            'R' => Kind::Rook,
            'Q' => Kind::Queen,
            'K' => Kind::King,
            _ => return None,
        })
    }

    pub const fn name(self) -> &'static str {
        match self {
            Kind::Pawn => "pawn",
            Kind::Knight => "knight",
            Kind::Bishop => "bishop",
            Kind::Rook => "rook",
            Kind::Queen => "queen",
            Kind::King => "king",
        }
    }
}

/// The name of a side on the chess board: `Color::Red` is White.
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::Red => "white",
        Color::Black => "black",
    }
}

/// A piece on the board. A face-down piece carries the kind of its start
/// square (how it moves), never a secret identity: there is none to carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
    pub hidden: bool,
}

impl Piece {
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece {
            color,
            kind,
            hidden: false,
        }
    }

    pub const fn hidden(color: Color, kind: Kind) -> Piece {
        Piece {
            color,
            kind,
            hidden: true,
        }
    }

    /// Compact code for the mailbox: 0 is reserved for "empty".
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        1 + (self.color as u8) * 16 + (self.hidden as u8) * 8 + self.kind as u8
    }

    #[inline]
    pub(crate) const fn from_code(c: u8) -> Option<Piece> {
        if c == 0 || c > 32 || (c - 1) & 7 > 5 {
            return None;
        }
        let c = c - 1;
        Some(Piece {
            color: if c & 16 != 0 {
                Color::Black
            } else {
                Color::Red
            },
            hidden: c & 8 != 0,
            kind: Kind::ALL[(c & 7) as usize],
        })
    }

    /// FEN letter: `X`/`x` for a face-down piece.
    pub fn char(self) -> char {
        let c = if self.hidden { 'X' } else { self.kind.char() };
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
}

/// Identities of one side that a reader does not know: count per kind
/// (index `Kind::index`; the king's slot stays 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pool(pub [u8; 5]);

impl Pool {
    /// A full pool: every identity but the king (Q1 R2 B2 N2 P8).
    pub fn full() -> Pool {
        let mut p = Pool::default();
        for k in Kind::HIDDEN {
            p.0[k.index()] = k.count();
        }
        p
    }

    #[inline]
    pub fn get(&self, k: Kind) -> u8 {
        self.0.get(k.index()).copied().unwrap_or(0)
    }

    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| c as u32).sum()
    }

    /// Kinds with a non-zero count, with their counts.
    pub fn entries(&self) -> impl Iterator<Item = (Kind, u8)> + '_ {
        Kind::HIDDEN
            .into_iter()
            .map(|k| (k, self.get(k)))
            .filter(|&(_, n)| n > 0)
    }

    /// Take one `k` out (no-op if there is none).
    #[inline]
    pub(crate) fn take(&mut self, k: Kind) {
        if let Some(n) = self.0.get_mut(k.index()) {
            *n = n.saturating_sub(1);
        }
    }

    /// Put one `k` back (capped at the start count).
    #[inline]
    pub(crate) fn put(&mut self, k: Kind) {
        if let Some(n) = self.0.get_mut(k.index()) {
            *n = (*n + 1).min(k.count());
        }
    }
}

/// A move: from, to, and the promotion piece. Castling is the king's two-
/// square move (`e1g1`). What it reveals is not part of the move.
///
/// A face-down piece that may land on the last rank (a back-rank piece
/// moving as a rook, bishop or queen) is listed once without a promotion;
/// if it is revealed a pawn there, the mover then chooses the promotion
/// and the move is played with it (`a1a8q` + reveal `P`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Kind>,
}

impl Move {
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: None,
        }
    }

    pub const fn promoting(from: Square, to: Square, k: Kind) -> Move {
        Move {
            from,
            to,
            promotion: Some(k),
        }
    }

    /// The same move without its promotion piece.
    #[inline]
    pub const fn base(self) -> Move {
        Move::new(self.from, self.to)
    }
}

/// UCI text of the move (`e2e4`, `e7e8q`).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(k) = self.promotion {
            write!(f, "{}", k.char().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

/// A fixed-capacity move list (no allocation in search).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MoveList::CAP],
    len: usize,
}

impl MoveList {
    /// More than the most legal moves of any chess position (218).
    pub const CAP: usize = 256;

    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::new(Square(0), Square(0)); Self::CAP],
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

    /// The moves, to reorder in place (the search's move picker).
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

    pub(crate) fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
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
