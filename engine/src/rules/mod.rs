//! The rules of both games: pure, no web code.
//!
//! - `xiangqi/`: Jieqi, Cờ úp and standard xiangqi (RULES.md sections 1-4).
//! - `chess/`: hidden chess and standard chess (RULES.md section 5).
//! - shared by both: the sides and seats (`side`), the fair identity
//!   draws (`draws`) and the repetition keys the search reads
//!   ([`repetition_key`]).
//!
//! The xiangqi family was the first game: its main types are re-exported
//! here (`rules::Position` is the xiangqi position, `rules::chess::Position`
//! the chess one).

pub mod chess;
pub mod draws;
pub mod side;
pub mod xiangqi;

pub use draws::NoRandomness;
pub use side::{Color, Seat};
pub use xiangqi::{
    Captured, Game, Move, MoveList, Outcome, Piece, PlayError, Played, Pool, Position, Reason,
    RestoreError, Role, RuleSet, Square, View,
};

/// A position's key for the search's repetition rule: its public key with
/// bit 0 telling whether the side to move is in check (so whether the move
/// into it gave check). The in-check state is a property of the position,
/// so equal positions still have equal keys; and a search whose repetition
/// reaches back before its root can still tell a perpetual check, which
/// loses under some rule sets, from a plain repetition.
#[inline]
pub fn repetition_key(public_hash: u64, in_check: bool) -> u64 {
    public_hash & !1 | in_check as u64
}

/// `key(public key, side to move in check)` of each position of a game
/// since its last irreversible move, oldest first, current last (either
/// game): `start` and `now` are its first and current positions' (key,
/// check), `history` its moves, each irreversible or not and followed by a
/// position with its (key, check).
pub(crate) fn recent_keys<R>(
    start: (u64, bool),
    now: (u64, bool),
    history: &[R],
    irreversible: impl Fn(&R) -> bool,
    after: impl Fn(&R) -> (u64, bool),
    key: impl Fn(u64, bool) -> u64,
) -> Vec<u64> {
    let mut keys = vec![key(now.0, now.1)];
    for i in (0..history.len()).rev() {
        if irreversible(&history[i]) {
            break;
        }
        let (k, check) = if i == 0 {
            start
        } else {
            after(&history[i - 1])
        };
        keys.push(key(k, check));
    }
    keys.reverse();
    keys
}

/// A perft divide (either game): each of `moves` with `count(move)`, its
/// leaves, sorted by move text, then the total. Depth 0 is the position
/// itself: one leaf, no moves.
pub(crate) fn divide<M: Copy + std::fmt::Display>(
    moves: &[M],
    depth: u32,
    mut count: impl FnMut(M) -> u64,
) -> (Vec<(M, u64)>, u64) {
    if depth == 0 {
        return (Vec::new(), 1);
    }
    let mut rows: Vec<(M, u64)> = moves.iter().map(|&m| (m, count(m))).collect();
    rows.sort_by_key(|(m, _)| m.to_string());
    let total = rows.iter().map(|(_, n)| n).sum();
    (rows, total)
}

/// Untrusted text as an error message quotes it: at most `max` characters
/// (a longer text ends in `...`), with control and invisible characters
/// spelled out (a byte-order mark shows as `\u{feff}`, a tab as `\t`).
/// Written out rather than `char::escape_debug`, whose Unicode tables
/// would add several KiB to the page.
pub fn shown(text: &str, max: usize) -> String {
    let mut out = String::new();
    for c in text.chars().take(max) {
        match c {
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if invisible(c) => out.extend(c.escape_unicode()),
            c => out.push(c),
        }
    }
    if text.chars().nth(max).is_some() {
        out.push_str("...");
    }
    out
}

/// One character as [`shown`] quotes it.
pub fn shown_char(c: char) -> String {
    shown(c.encode_utf8(&mut [0; 4]), 1)
}

/// Control characters, those that print as nothing (soft hyphen,
/// fillers, zero-width spaces and joiners, direction marks and
/// overrides, invisible operators, the byte-order mark, tags), and the
/// spaces that are not the ASCII one (they look like it: a FEN with a
/// no-break space would be quoted as a good one).
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{a0}'
                | '\u{1680}'
                | '\u{2000}'..='\u{200a}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{ad}'
                | '\u{34f}'
                | '\u{115f}'
                | '\u{1160}'
                | '\u{17b4}'
                | '\u{17b5}'
                | '\u{180b}'..='\u{180f}'
                | '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202f}'
                | '\u{2060}'..='\u{206f}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{fe00}'..='\u{fe0f}'
                | '\u{feff}'
                | '\u{ffa0}'
                | '\u{fff0}'..='\u{fffb}'
                | '\u{1d173}'..='\u{1d17a}'
                | '\u{e0000}'..='\u{e0fff}'
        )
}
