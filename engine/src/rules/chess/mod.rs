//! The rules of chess and hidden chess (RULES.md section 5) on an 8x8
//! board: pure, no web code. Everything about these two games lives in
//! this folder; what they share with the xiangqi side is the colours
//! ([`Color`]: `Red` is White, the side that moves first), the seats
//! ([`Seat`]), the referee's fair lazy draws and the move counters' limit.
//!
//! - [`types`]: squares, kinds, pieces, pools, moves.
//! - [`bitboard`]: attack tables.
//! - [`position`]: the board as one reader knows it; move generation,
//!   legality, make/unmake (no allocation), draws by material.
//! - [`fen`], [`movetext`]: the text forms of section 5.
//! - [`perft`]: move-path counts.
//! - [`game`]: the referee (draws identities, ends the game, per-seat views).
//!
//! # How the contract is read where it leaves room
//!
//! - A face-down piece moves and attacks as the piece of its start square
//!   until it moves: on the second rank it is a pawn (one or two steps
//!   forward, diagonal captures, and it gives check and pins like one); on
//!   the back rank it is the rook, knight, bishop or queen of that square.
//!   Kings are never face down. It is revealed when its move ends and from
//!   then on moves as what it is.
//! - A face-down piece on the second rank moves as a pawn and cannot reach
//!   the last rank on its first move. Promotion on reveal arises when a
//!   face-down back-rank piece (a rook, bishop or queen square piece) moves
//!   to the opposite last rank and turns out a pawn: the move is listed
//!   once without promotion, the identity is drawn, and then the mover
//!   chooses the promotion (text `a1a8qP`). In perft each promotion of such
//!   a pawn is a child of its own. Text written before the reveal is known
//!   (an engine's `bestmove`, a move whose reveal the referee draws) names
//!   the promotion wanted whenever the mover may turn out a pawn (`a1a8q`);
//!   a promotion letter on a face-down mover that turns out something else
//!   is ignored (`a1a8qR` is `a1a8R`).
//! - Castling needs the right (king and corner piece never moved; the FEN
//!   letters), an own rook or own face-down piece in the corner, a clear
//!   path, and the king not in check, not crossing or landing on an
//!   attacked square. The corner piece lands on the f- or d-file as what
//!   it turns out to be (text `e1g1P`); a pawn there is a pawn on its own
//!   back rank.
//! - En passant: only after a true pawn's double step. A face-down piece
//!   on the second rank stepping two squares sets the en-passant square
//!   only if it is revealed a pawn. The square is kept only when an enemy
//!   pawn stands ready to take (so that repetition compares like with like).
//! - A pawn on its own back rank (revealed there by a sideways rook or
//!   queen move, or by castling) steps one square, never two; a pawn on
//!   its own second rank may step one or two when the path is clear.
//! - Fifty-move rule: as in chess (section 5: draws follow chess), the
//!   counter is reset only by captures and pawn moves (a face-down piece
//!   on its second rank moves as a pawn, and a mover revealed a pawn is
//!   one; any other reveal does not reset it), and the game is drawn when
//!   it reaches 100 plies. Threefold repetition compares the
//!   public position (squares, colours, face-up kinds, face-down marks,
//!   side to move, castling rights, en-passant square). Both end the game
//!   at once, like checkmate and stalemate.
//! - Insufficient material: no pawn, rook, queen or face-down piece on the
//!   board, and at most one minor piece, or only bishops all on squares of
//!   one colour.
//! - Captured face-down pieces: the identity is drawn at the capture and
//!   only the capturer learns it (its move text carries `xN`; the other
//!   seat's text does not, and that seat's pool keeps the identity).

pub mod bitboard;
pub mod fen;
pub mod game;
pub mod movetext;
pub mod perft;
pub mod position;
pub mod san;
pub mod types;
mod zobrist;

pub use crate::rules::{Color, Seat};
pub use game::{Captured, Game, Outcome, Reason, Record, ReplayError, Step, View};
pub use position::{Castle, PlayError, Played, Position, Undo};
pub use types::{color_name, Kind, Move, MoveList, Piece, Pool, Square};

use serde::{Deserialize, Serialize};

/// Which of the two games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Variant {
    /// Standard chess: every piece face up.
    Chess,
    /// Hidden chess: every piece but the kings starts face down.
    HiddenChess,
}

impl Variant {
    pub const ALL: [Variant; 2] = [Variant::Chess, Variant::HiddenChess];

    /// The name used on the command line and in saved games.
    pub fn id(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::HiddenChess => "hidden-chess",
        }
    }

    pub fn from_id(id: &str) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.id().eq_ignore_ascii_case(id))
    }

    /// The start position.
    pub fn start(self) -> Position {
        Position::start(self == Variant::HiddenChess)
    }

    /// The start position's FEN.
    pub fn start_fen(self) -> &'static str {
        match self {
            Variant::Chess => fen::CHESS_START,
            Variant::HiddenChess => fen::HIDDEN_CHESS_START,
        }
    }
}
