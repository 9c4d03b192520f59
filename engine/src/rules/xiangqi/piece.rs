//! Roles and pieces of xiangqi (the colours are shared: `rules::side`).

use serde::{Deserialize, Serialize};

pub use crate::rules::side::Color;

/// What a piece is (or, for a face-down piece, the role of the start point it
/// stands on, which is how it moves until it is turned face up).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Role {
    General,
    Advisor,
    Elephant,
    Horse,
    Chariot,
    Cannon,
    Soldier,
}

impl Role {
    pub const ALL: [Role; 7] = [
        Role::General,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ];
    /// The identities a face-down piece can have.
    pub const HIDDEN: [Role; 6] = [
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ];

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub fn from_index(i: usize) -> Role {
        Role::ALL[i]
    }

    /// How many of this role each side starts with.
    pub fn count(self) -> u8 {
        match self {
            Role::General => 1,
            Role::Soldier => 5,
            _ => 2,
        }
    }

    /// Pikafish / JieqiBox letter, upper case.
    pub fn char(self) -> char {
        match self {
            Role::General => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'B',
            Role::Horse => 'N',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Soldier => 'P',
        }
    }

    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'K' => Role::General,
            'A' => Role::Advisor,
            'B' | 'E' => Role::Elephant,
            'N' | 'H' => Role::Horse,
            'R' => Role::Chariot,
            'C' => Role::Cannon,
            'P' => Role::Soldier,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Role::General => "general",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Soldier => "soldier",
        }
    }
}

/// A piece on the board. A face-down piece carries the role of its start
/// point (how it moves), never a secret identity: there is none to carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
    pub hidden: bool,
}

impl Piece {
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece {
            color,
            role,
            hidden: false,
        }
    }
    pub const fn hidden(color: Color, role: Role) -> Piece {
        Piece {
            color,
            role,
            hidden: true,
        }
    }

    /// Compact code: 0 is reserved for "empty" in the board array.
    #[inline]
    pub(crate) fn code(self) -> u8 {
        1 + (self.color as u8) * 16 + (self.hidden as u8) * 8 + self.role as u8
    }

    /// The piece of a board code (`None`: empty, or no piece has that code).
    /// A table lookup: the search decodes board points in its hottest loops.
    #[inline]
    pub(crate) fn from_code(c: u8) -> Option<Piece> {
        DECODE[c as usize]
    }

    /// FEN letter: `X`/`x` for a face-down piece.
    pub fn char(self) -> char {
        let c = if self.hidden { 'X' } else { self.role.char() };
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
}

/// `Piece::from_code` for every byte: the inverse of `Piece::code`.
static DECODE: [Option<Piece>; 256] = {
    let mut table = [None; 256];
    let mut i = 0;
    while i < 32 {
        let role = i & 7;
        if role < Role::ALL.len() {
            table[i + 1] = Some(Piece {
                color: if i & 16 != 0 {
                    Color::Black
                } else {
                    Color::Red
                },
                role: Role::ALL[role],
                hidden: i & 8 != 0,
            });
        }
        i += 1;
    }
    table
};
