//! How each family of games is worded and labelled on the page: what the
//! panels (`view`) need besides the session's state.

use super::i18n::{self, ChessText, Key, Lang};
use super::prefs::Prefs;
use crate::rules::chess::{self, Kind, Variant};
use crate::rules::{Color, Piece, RuleSet};
use crate::session::{Chess, Family, GameSession, Xiangqi};

/// For each side: its colour, its face-down pieces, and the identities
/// the viewing seat does not know with their counts.
pub type Pools<P> = Vec<(Color, u32, Vec<(P, u8)>)>;

/// A family's words and labels.
pub trait Look: Family {
    /// The short label of a piece (move list badges, captures, pools).
    fn label(p: &Prefs, piece: Self::Piece) -> &'static str;
    /// The name of a piece's kind.
    fn name(lang: Lang, piece: Self::Piece) -> &'static str;
    /// One letter for change detection.
    fn key(piece: Self::Piece) -> char;
    fn color(lang: Lang, c: Color) -> &'static str;
    /// "Taken from Red" or "Taken from White": the pieces `c` lost.
    fn taken_from(lang: Lang, c: Color) -> &'static str;
    /// "Red to move" or "White to move".
    fn to_move(lang: Lang, c: Color) -> &'static str;
    fn reason(lang: Lang, o: Self::Outcome) -> &'static str;
    fn reason_id(o: Self::Outcome) -> &'static str;
    fn rules_name(lang: Lang, r: Self::Rules) -> String;
    fn rules_id(r: Self::Rules) -> &'static str;
    /// The page's heading for a game of `r`: its name and a subtitle.
    fn title(lang: Lang, r: Self::Rules) -> (String, &'static str);
    /// Does `r` hide pieces (else the face-down panel has nothing to say)?
    fn has_hidden(r: Self::Rules) -> bool;
    /// For each side: its face-down pieces and the identities the viewing
    /// seat does not know.
    fn pools(s: &GameSession<Self>) -> Pools<Self::Piece>;
}

impl Look for Xiangqi {
    fn label(p: &Prefs, piece: Piece) -> &'static str {
        p.labels.text(piece)
    }
    fn name(lang: Lang, piece: Piece) -> &'static str {
        i18n::role(lang, piece.role)
    }
    fn key(piece: Piece) -> char {
        piece.role.char()
    }
    fn color(lang: Lang, c: Color) -> &'static str {
        i18n::color(lang, c)
    }
    fn taken_from(lang: Lang, c: Color) -> &'static str {
        i18n::t(
            lang,
            match c {
                Color::Red => Key::TakenFromRed,
                Color::Black => Key::TakenFromBlack,
            },
        )
    }
    fn to_move(lang: Lang, c: Color) -> &'static str {
        i18n::t(
            lang,
            match c {
                Color::Red => Key::RedToMove,
                Color::Black => Key::BlackToMove,
            },
        )
    }
    fn reason(lang: Lang, o: crate::rules::Outcome) -> &'static str {
        i18n::reason(lang, o.reason)
    }
    fn reason_id(o: crate::rules::Outcome) -> &'static str {
        o.reason.text()
    }
    fn rules_name(lang: Lang, r: RuleSet) -> String {
        i18n::rules_name(lang, r).to_string()
    }
    fn rules_id(r: RuleSet) -> &'static str {
        r.id()
    }
    fn title(_: Lang, r: RuleSet) -> (String, &'static str) {
        match r {
            RuleSet::Xiangqi => ("Xiangqi".into(), "象棋 · Cờ tướng"),
            _ => ("Jieqi".into(), "揭棋 · Cờ úp"),
        }
    }
    fn has_hidden(r: RuleSet) -> bool {
        r.hidden_pieces()
    }
    fn pools(s: &GameSession<Self>) -> Pools<Piece> {
        let view = s.game().view(s.seat());
        Color::ALL
            .into_iter()
            .map(|c| {
                let pool = view.position.pool(c);
                let items = pool.entries().map(|(r, n)| (Piece::new(c, r), n)).collect();
                (c, view.position.hidden_count(c), items)
            })
            .collect()
    }
}

/// Chess figurines for the panels (the board draws its own pieces).
pub fn figurine(p: chess::Piece) -> &'static str {
    match (p.color, p.kind) {
        (Color::Red, Kind::King) => "♔",
        (Color::Red, Kind::Queen) => "♕",
        (Color::Red, Kind::Rook) => "♖",
        (Color::Red, Kind::Bishop) => "♗",
        (Color::Red, Kind::Knight) => "♘",
        (Color::Red, Kind::Pawn) => "♙",
        (Color::Black, Kind::King) => "♚",
        (Color::Black, Kind::Queen) => "♛",
        (Color::Black, Kind::Rook) => "♜",
        (Color::Black, Kind::Bishop) => "♝",
        (Color::Black, Kind::Knight) => "♞",
        (Color::Black, Kind::Pawn) => "♟",
    }
}

impl Look for Chess {
    fn label(_: &Prefs, piece: chess::Piece) -> &'static str {
        figurine(piece)
    }
    fn name(lang: Lang, piece: chess::Piece) -> &'static str {
        i18n::chess_kind(lang, piece.kind)
    }
    fn key(piece: chess::Piece) -> char {
        piece.kind.char()
    }
    fn color(lang: Lang, c: Color) -> &'static str {
        i18n::chess_color(lang, c)
    }
    fn taken_from(lang: Lang, c: Color) -> &'static str {
        match c {
            Color::Red => i18n::chess_text(lang, ChessText::TakenFromWhite),
            Color::Black => i18n::t(lang, Key::TakenFromBlack),
        }
    }
    fn to_move(lang: Lang, c: Color) -> &'static str {
        i18n::chess_text(
            lang,
            match c {
                Color::Red => ChessText::WhiteToMove,
                Color::Black => ChessText::BlackToMove,
            },
        )
    }
    fn reason(lang: Lang, o: chess::Outcome) -> &'static str {
        i18n::chess_reason(lang, o.reason)
    }
    fn reason_id(o: chess::Outcome) -> &'static str {
        o.reason.text()
    }
    fn rules_name(lang: Lang, v: Variant) -> String {
        i18n::chess_text(
            lang,
            match v {
                Variant::Chess => ChessText::Chess,
                Variant::HiddenChess => ChessText::HiddenChess,
            },
        )
        .to_string()
    }
    fn rules_id(v: Variant) -> &'static str {
        v.id()
    }
    fn title(lang: Lang, v: Variant) -> (String, &'static str) {
        (Self::rules_name(lang, v), "")
    }
    fn has_hidden(v: Variant) -> bool {
        v == Variant::HiddenChess
    }
    fn pools(s: &GameSession<Self>) -> Pools<chess::Piece> {
        let shown = s.game().shown_pools(s.seat());
        Color::ALL
            .into_iter()
            .map(|c| {
                let (pool, hidden) = shown[c.index()];
                let items = pool
                    .entries()
                    .map(|(k, n)| (chess::Piece::new(c, k), n))
                    .collect();
                (c, hidden, items)
            })
            .collect()
    }
}
