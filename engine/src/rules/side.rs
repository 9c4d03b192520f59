//! The two sides and who is looking: shared by both games.

use serde::{Deserialize, Serialize};

/// A side. Red (White in chess) is at the bottom and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Color {
    Red,
    Black,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

/// Who is looking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Seat {
    Red,
    Black,
    Spectator,
}

impl Seat {
    pub fn of(c: Color) -> Seat {
        match c {
            Color::Red => Seat::Red,
            Color::Black => Seat::Black,
        }
    }
    pub fn color(self) -> Option<Color> {
        match self {
            Seat::Red => Some(Color::Red),
            Seat::Black => Some(Color::Black),
            Seat::Spectator => None,
        }
    }
}
