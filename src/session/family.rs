//! The games a session can run: the Jieqi family on the xiangqi board and
//! chess / hidden chess on the 8x8 board. [`Family`] is everything the
//! game flow asks of a referee, so one `GameSession` runs both.

use std::fmt::Debug;

use crate::rules::chess::{self, san, Kind, Variant};
use crate::rules::xiangqi::notation::{self, Notation, NotationError};
use crate::rules::xiangqi::{fen, movetext};
use crate::rules::{Color, Game, NoRandomness, Outcome, Piece, Reason, RuleSet, Seat};

use super::TypedError;

/// One ply as the game flow needs it, whatever the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply<F: Family> {
    pub mv: F::Move,
    /// The mover as it stood (face down or not).
    pub piece: F::Piece,
    /// What a face-down mover (or castling's corner piece) turned out to be.
    pub reveal: Option<F::Piece>,
    /// The captured piece as it stood on the board.
    pub captured: Option<F::Piece>,
    /// The referee's identity of a captured face-down piece.
    pub capture_id: Option<F::Piece>,
    /// Did the move disclose a hidden identity (fair take-backs refuse it)?
    pub discloses: bool,
    /// Did it give check?
    pub check: bool,
}

/// A piece taken from one side, as one seat knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Taken<P> {
    pub ply: usize,
    /// `None`: a face-down piece whose identity this seat does not know.
    pub piece: Option<P>,
    pub was_hidden: bool,
}

/// What a referee's `play` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Played<F: Family> {
    Done(Ply<F>),
    /// A face-down mover was revealed a pawn on the last rank: its player
    /// now chooses the promotion.
    Choose,
}

/// One game family: its referee, board and texts. Implemented by the
/// marker types [`Xiangqi`] and [`Chess`].
pub trait Family: Copy + Debug + PartialEq + Eq + 'static {
    type Game;
    /// The rule set (Jieqi family) or variant (chess, hidden chess).
    type Rules: Copy + Debug + PartialEq + Eq;
    type Position: Clone;
    type Square: Copy + Debug + PartialEq + Eq;
    type Move: Copy + Debug + PartialEq + Eq;
    type Piece: Copy + Debug + PartialEq + Eq;
    /// What a pawn may promote to (chess); the xiangqi side never asks.
    type Choice: Copy + Debug + PartialEq + Eq;
    type Outcome: Copy + Debug + PartialEq + Eq;

    fn new_game(rules: Self::Rules) -> Result<Self::Game, NoRandomness>;
    fn seeded_game(rules: Self::Rules, seed: u64) -> Self::Game;
    fn rules(g: &Self::Game) -> Self::Rules;
    fn turn(g: &Self::Game) -> Color;
    fn outcome(g: &Self::Game) -> Option<Self::Outcome>;
    fn ply(g: &Self::Game) -> usize;
    fn board(g: &Self::Game) -> &Self::Position;
    /// The live board to show (chess: a late-revealed pawn waiting for
    /// its promotion stands face up on its destination).
    fn shown_board(g: &Self::Game) -> Self::Position {
        Self::board(g).clone()
    }
    fn start_position(g: &Self::Game) -> &Self::Position;
    fn position_at(g: &Self::Game, ply: usize) -> Self::Position;
    fn piece_at(p: &Self::Position, sq: Self::Square) -> Option<Self::Piece>;
    fn color_of(p: Self::Piece) -> Color;
    fn is_hidden(p: Self::Piece) -> bool;
    fn in_check(p: &Self::Position) -> bool;
    fn ends(m: Self::Move) -> (Self::Square, Self::Square);
    fn choice_of(m: Self::Move) -> Option<Self::Choice>;

    fn legal_moves(g: &Self::Game) -> Vec<Self::Move>;
    /// Where a tap or a drop from `from` may go.
    fn targets(g: &Self::Game, from: Self::Square) -> Vec<Self::Square>;
    /// The legal moves a tap or drop from `from` to `to` means (several
    /// for a pawn's promotion).
    fn moves_for(g: &Self::Game, from: Self::Square, to: Self::Square) -> Vec<Self::Move>;
    /// Play a legal move (`None`: refused).
    fn play(g: &mut Self::Game, m: Self::Move) -> Option<Played<Self>>;
    /// The move waiting for its promotion after a late reveal.
    fn awaiting_choice(g: &Self::Game) -> Option<Self::Move>;
    fn choose(g: &mut Self::Game, c: Self::Choice) -> Option<Ply<Self>>;
    /// The default promotion when the AI's text names none.
    fn default_choice() -> Option<Self::Choice>;
    fn undo(g: &mut Self::Game);
    fn resign(g: &mut Self::Game, loser: Color);
    fn time_out(g: &mut Self::Game, loser: Color);
    fn adjudicate(g: &mut Self::Game, o: Self::Outcome);
    fn winner(o: Self::Outcome) -> Option<Color>;
    /// Did the moves end the game (not a resignation, time or forfeit)?
    fn by_moves(o: Self::Outcome) -> bool;

    fn history(g: &Self::Game) -> Vec<Ply<Self>>;
    fn sees_capture(g: &Self::Game, seat: Seat, capturer: Color) -> bool;
    /// The move texts (RULES.md) `seat` may read.
    fn seat_moves(g: &Self::Game, seat: Seat) -> Vec<String>;
    /// The move texts with every identity (two players on one device).
    fn referee_moves(g: &Self::Game) -> Vec<String>;
    /// Pieces taken from each colour (index `Color::index`) as `seat` knows them.
    fn captured(g: &Self::Game, seat: Seat) -> [Vec<Taken<Self::Piece>>; 2];
    /// `seat`'s FEN (its own pools) and the public keys since the last
    /// irreversible move: what the AI is sent.
    fn seat_fen(g: &Self::Game, seat: Seat) -> (String, Vec<u64>);
    /// The game again from `moves` (identities not in them drawn afresh).
    fn restore(g: &Self::Game, moves: &[String]) -> Option<Self::Game>;

    /// The move in the player's notation.
    fn write_move(p: &Self::Position, m: Self::Move, notation: Notation) -> String;
    /// Each ply of the record in the player's notation (chess: SAN with
    /// check marks).
    fn move_list(g: &Self::Game, notation: Notation) -> Vec<String>;
    /// A typed move: the player's notation or coordinates.
    fn parse_typed(
        g: &Self::Game,
        text: &str,
        notation: Notation,
    ) -> Result<Self::Move, TypedError>;
    /// An engine's move text (`None`: unreadable).
    fn parse_engine(text: &str) -> Option<Self::Move>;
    /// Does the engine's `said` name the legal `m` (chess: a face-down
    /// mover's promotion is chosen only after its reveal)?
    fn same_move(said: Self::Move, m: Self::Move) -> bool;
    /// The move text for the embedding page (no private identity).
    fn public_text(p: &Ply<Self>) -> String;
    /// Points of a piece for the material balance.
    fn points(p: Self::Piece) -> i32;
}

// ---- the Jieqi family ----

/// Jieqi, Cờ úp and xiangqi on the 9x10 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Xiangqi;

fn xq_ply(r: &crate::rules::xiangqi::game::Record) -> Ply<Xiangqi> {
    xq_played(&r.played, r.check)
}

fn xq_played(p: &crate::rules::Played, check: bool) -> Ply<Xiangqi> {
    Ply {
        mv: p.mv,
        piece: p.piece,
        reveal: p.reveal.map(|r| Piece::new(p.piece.color, r)),
        captured: p.captured,
        capture_id: p
            .captured
            .zip(p.capture_id)
            .map(|(c, r)| Piece::new(c.color, r)),
        discloses: p.discloses(),
        check,
    }
}

impl Family for Xiangqi {
    type Game = Game;
    type Rules = RuleSet;
    type Position = crate::rules::Position;
    type Square = crate::rules::Square;
    type Move = crate::rules::Move;
    type Piece = Piece;
    type Choice = std::convert::Infallible;
    type Outcome = Outcome;

    fn new_game(rules: RuleSet) -> Result<Game, NoRandomness> {
        Game::new(rules)
    }
    fn seeded_game(rules: RuleSet, seed: u64) -> Game {
        Game::seeded(rules, seed)
    }
    fn rules(g: &Game) -> RuleSet {
        g.rules()
    }
    fn turn(g: &Game) -> Color {
        g.turn()
    }
    fn outcome(g: &Game) -> Option<Outcome> {
        g.outcome()
    }
    fn ply(g: &Game) -> usize {
        g.ply()
    }
    fn board(g: &Game) -> &Self::Position {
        g.board()
    }
    fn start_position(g: &Game) -> &Self::Position {
        g.start_position()
    }
    fn position_at(g: &Game, ply: usize) -> Self::Position {
        g.position_at(ply)
    }
    fn piece_at(p: &Self::Position, sq: Self::Square) -> Option<Piece> {
        p.piece_at(sq)
    }
    fn color_of(p: Piece) -> Color {
        p.color
    }
    fn is_hidden(p: Piece) -> bool {
        p.hidden
    }
    fn in_check(p: &Self::Position) -> bool {
        p.in_check()
    }
    fn ends(m: Self::Move) -> (Self::Square, Self::Square) {
        (m.from, m.to)
    }
    fn choice_of(_: Self::Move) -> Option<Self::Choice> {
        None
    }
    fn legal_moves(g: &Game) -> Vec<Self::Move> {
        g.legal_moves().iter().copied().collect()
    }
    fn targets(g: &Game, from: Self::Square) -> Vec<Self::Square> {
        g.legal_moves_from(from).iter().map(|m| m.to).collect()
    }
    fn moves_for(g: &Game, from: Self::Square, to: Self::Square) -> Vec<Self::Move> {
        let m = crate::rules::Move::new(from, to);
        if g.legal_moves().contains(&m) {
            vec![m]
        } else {
            Vec::new()
        }
    }
    fn play(g: &mut Game, m: Self::Move) -> Option<Played<Self>> {
        let p = g.play(m).ok()?;
        let check = g.board().in_check();
        Some(Played::Done(xq_played(&p, check)))
    }
    fn awaiting_choice(_: &Game) -> Option<Self::Move> {
        None
    }
    fn choose(_: &mut Game, c: Self::Choice) -> Option<Ply<Self>> {
        match c {}
    }
    fn default_choice() -> Option<Self::Choice> {
        None
    }
    fn undo(g: &mut Game) {
        g.undo();
    }
    fn resign(g: &mut Game, loser: Color) {
        g.resign(loser);
    }
    fn time_out(g: &mut Game, loser: Color) {
        g.adjudicate(Outcome {
            winner: Some(loser.other()),
            reason: Reason::Time,
        });
    }
    fn adjudicate(g: &mut Game, o: Outcome) {
        g.adjudicate(o);
    }
    fn winner(o: Outcome) -> Option<Color> {
        o.winner
    }
    fn by_moves(o: Outcome) -> bool {
        !matches!(
            o.reason,
            Reason::Resignation | Reason::Time | Reason::Forfeit
        )
    }
    fn history(g: &Game) -> Vec<Ply<Self>> {
        g.history().iter().map(xq_ply).collect()
    }
    fn sees_capture(g: &Game, seat: Seat, capturer: Color) -> bool {
        g.sees_capture(seat, capturer)
    }
    fn seat_moves(g: &Game, seat: Seat) -> Vec<String> {
        g.view(seat).moves
    }
    fn referee_moves(g: &Game) -> Vec<String> {
        g.history()
            .iter()
            .map(|r| movetext::write(&r.played, true))
            .collect()
    }
    fn captured(g: &Game, seat: Seat) -> [Vec<Taken<Piece>>; 2] {
        g.view(seat).captured.map(|side| {
            side.iter()
                .map(|c| Taken {
                    ply: c.ply,
                    piece: c.role.map(|r| Piece::new(c.color, r)),
                    was_hidden: c.was_hidden,
                })
                .collect()
        })
    }
    fn seat_fen(g: &Game, seat: Seat) -> (String, Vec<u64>) {
        let v = g.view(seat);
        (fen::write(&v.position), v.recent)
    }
    fn restore(g: &Game, moves: &[String]) -> Option<Game> {
        Game::restore(g.start_position().clone(), moves).ok()
    }
    fn write_move(p: &Self::Position, m: Self::Move, notation: Notation) -> String {
        notation::write(p, m, notation)
    }
    fn move_list(g: &Game, n: Notation) -> Vec<String> {
        let mut pos = g.start_position().clone();
        g.history()
            .iter()
            .map(|r| {
                let p = &r.played;
                let text = notation::write(&pos, p.mv, n);
                pos.make(p.mv, p.reveal, p.capture_id);
                text
            })
            .collect()
    }
    fn parse_typed(g: &Game, text: &str, n: Notation) -> Result<Self::Move, TypedError> {
        let pos = g.board();
        let found = match notation::parse(pos, text, n) {
            Err(e) if !matches!(e, NotationError::Ambiguous { .. }) => {
                notation::parse(pos, text, Notation::Coordinates).map_err(|_| e)
            }
            r => r,
        };
        found.map_err(|e| match e {
            NotationError::Ambiguous { candidates, .. } => {
                TypedError::Ambiguous(candidates.into_iter().map(|(_, t)| t).collect())
            }
            _ => TypedError::Unknown,
        })
    }
    fn parse_engine(text: &str) -> Option<Self::Move> {
        movetext::parse(text).ok().map(|t| t.mv)
    }
    fn same_move(said: Self::Move, m: Self::Move) -> bool {
        said == m
    }
    fn public_text(p: &Ply<Self>) -> String {
        let played = crate::rules::Played {
            mv: p.mv,
            piece: p.piece,
            reveal: p.reveal.map(|r| r.role),
            captured: p.captured,
            capture_id: p.capture_id.map(|c| c.role),
        };
        movetext::write(&played, false)
    }
    fn points(p: Piece) -> i32 {
        super::show::points(p.role)
    }
}

// ---- chess and hidden chess ----

/// Chess and hidden chess on the 8x8 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chess;

fn ch_ply(p: &chess::Played, check: bool) -> Ply<Chess> {
    Ply {
        mv: p.mv,
        piece: p.piece,
        reveal: p.reveal.map(|k| chess::Piece::new(p.piece.color, k)),
        captured: p.captured,
        capture_id: p
            .captured
            .zip(p.capture_id)
            .map(|(c, k)| chess::Piece::new(c.color, k)),
        discloses: p.discloses(),
        check,
    }
}

impl Family for Chess {
    type Game = chess::Game;
    type Rules = Variant;
    type Position = chess::Position;
    type Square = chess::Square;
    type Move = chess::Move;
    type Piece = chess::Piece;
    type Choice = Kind;
    type Outcome = chess::Outcome;

    fn new_game(v: Variant) -> Result<chess::Game, NoRandomness> {
        chess::Game::new(v)
    }
    fn seeded_game(v: Variant, seed: u64) -> chess::Game {
        chess::Game::seeded(v, seed)
    }
    fn rules(g: &chess::Game) -> Variant {
        g.variant()
    }
    fn turn(g: &chess::Game) -> Color {
        g.turn()
    }
    fn outcome(g: &chess::Game) -> Option<chess::Outcome> {
        g.outcome()
    }
    fn ply(g: &chess::Game) -> usize {
        g.ply()
    }
    fn board(g: &chess::Game) -> &chess::Position {
        g.board()
    }
    fn shown_board(g: &chess::Game) -> chess::Position {
        g.shown_board()
    }
    fn start_position(g: &chess::Game) -> &chess::Position {
        g.start_position()
    }
    fn position_at(g: &chess::Game, ply: usize) -> chess::Position {
        g.position_at(ply)
    }
    fn piece_at(p: &chess::Position, sq: chess::Square) -> Option<chess::Piece> {
        p.piece_at(sq)
    }
    fn color_of(p: chess::Piece) -> Color {
        p.color
    }
    fn is_hidden(p: chess::Piece) -> bool {
        p.hidden
    }
    fn in_check(p: &chess::Position) -> bool {
        p.in_check()
    }
    fn ends(m: chess::Move) -> (chess::Square, chess::Square) {
        (m.from, m.to)
    }
    fn choice_of(m: chess::Move) -> Option<Kind> {
        m.promotion
    }
    fn legal_moves(g: &chess::Game) -> Vec<chess::Move> {
        g.legal_moves().iter().copied().collect()
    }
    fn targets(g: &chess::Game, from: chess::Square) -> Vec<chess::Square> {
        let pos = g.board();
        let mut out = Vec::new();
        for m in g.legal_moves_from(from).iter() {
            if !out.contains(&m.to) {
                out.push(m.to);
            }
            // Castling may also be played onto the king's own rook.
            if let Some(c) = pos.castle_of(*m) {
                if !out.contains(&c.corner) {
                    out.push(c.corner);
                }
            }
        }
        out
    }
    fn moves_for(g: &chess::Game, from: chess::Square, to: chess::Square) -> Vec<chess::Move> {
        let pos = g.board();
        let legal = g.legal_moves_from(from);
        if let Some(c) = san::castle_onto_rook(pos, from, to) {
            let m = chess::Move::new(c.king_from, c.king_to);
            return if legal.contains(&m) {
                vec![m]
            } else {
                Vec::new()
            };
        }
        legal.iter().copied().filter(|m| m.to == to).collect()
    }
    fn play(g: &mut chess::Game, m: chess::Move) -> Option<Played<Self>> {
        match g.play(m).ok()? {
            chess::Step::Played(p) => {
                let check = g.board().in_check();
                Some(Played::Done(ch_ply(&p, check)))
            }
            chess::Step::ChoosePromotion(_) => Some(Played::Choose),
        }
    }
    fn awaiting_choice(g: &chess::Game) -> Option<chess::Move> {
        g.pending_promotion()
    }
    fn choose(g: &mut chess::Game, k: Kind) -> Option<Ply<Self>> {
        let p = g.promote(k).ok()?;
        let check = g.board().in_check();
        Some(ch_ply(&p, check))
    }
    fn default_choice() -> Option<Kind> {
        Some(Kind::Queen)
    }
    fn undo(g: &mut chess::Game) {
        g.undo();
    }
    fn resign(g: &mut chess::Game, loser: Color) {
        g.resign(loser);
    }
    fn time_out(g: &mut chess::Game, loser: Color) {
        g.adjudicate(chess::Outcome {
            winner: Some(loser.other()),
            reason: chess::Reason::Time,
        });
    }
    fn adjudicate(g: &mut chess::Game, o: chess::Outcome) {
        g.adjudicate(o);
    }
    fn winner(o: chess::Outcome) -> Option<Color> {
        o.winner
    }
    fn by_moves(o: chess::Outcome) -> bool {
        !matches!(
            o.reason,
            chess::Reason::Resignation | chess::Reason::Time | chess::Reason::Forfeit
        )
    }
    fn history(g: &chess::Game) -> Vec<Ply<Self>> {
        g.history()
            .iter()
            .map(|r| ch_ply(&r.played, r.check))
            .collect()
    }
    fn sees_capture(g: &chess::Game, seat: Seat, capturer: Color) -> bool {
        g.sees_capture(seat, capturer)
    }
    fn seat_moves(g: &chess::Game, seat: Seat) -> Vec<String> {
        g.view(seat).moves
    }
    fn referee_moves(g: &chess::Game) -> Vec<String> {
        g.history()
            .iter()
            .map(|r| chess::movetext::write(&r.played, true))
            .collect()
    }
    fn captured(g: &chess::Game, seat: Seat) -> [Vec<Taken<chess::Piece>>; 2] {
        g.view(seat).captured.map(|side| {
            side.iter()
                .map(|c| Taken {
                    ply: c.ply,
                    piece: c.kind.map(|k| chess::Piece::new(c.color, k)),
                    was_hidden: c.was_hidden,
                })
                .collect()
        })
    }
    fn seat_fen(g: &chess::Game, seat: Seat) -> (String, Vec<u64>) {
        let v = g.view(seat);
        (chess::fen::write(&v.position), v.recent)
    }
    fn restore(g: &chess::Game, moves: &[String]) -> Option<chess::Game> {
        chess::Game::restore(g.variant(), *g.start_position(), moves).ok()
    }
    fn write_move(p: &chess::Position, m: chess::Move, _: Notation) -> String {
        san::write(p, m)
    }
    fn move_list(g: &chess::Game, _: Notation) -> Vec<String> {
        let history = g.history();
        let mut pos = *g.start_position();
        let last = history.len();
        history
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let p = &r.played;
                let mut text = san::write(&pos, p.mv);
                pos.make(p.mv, p.reveal, p.capture_id);
                let mate = i + 1 == last
                    && g.outcome()
                        .is_some_and(|o| o.reason == chess::Reason::Checkmate);
                text.push_str(san::suffix(r.check, mate));
                text
            })
            .collect()
    }
    fn parse_typed(g: &chess::Game, text: &str, _: Notation) -> Result<chess::Move, TypedError> {
        san::parse(g.board(), text).map_err(|e| match e {
            san::SanError::Unknown(_) => TypedError::Unknown,
            san::SanError::Ambiguous(c) => TypedError::Ambiguous(c),
        })
    }
    fn parse_engine(text: &str) -> Option<chess::Move> {
        chess::movetext::parse(text).ok().map(|t| t.mv)
    }
    fn same_move(said: chess::Move, m: chess::Move) -> bool {
        said == m || (m.promotion.is_none() && said.base() == m)
    }
    fn public_text(p: &Ply<Self>) -> String {
        let played = chess::Played {
            mv: p.mv,
            piece: p.piece,
            reveal: p.reveal.map(|r| r.kind),
            captured: p.captured,
            capture_id: p.capture_id.map(|c| c.kind),
        };
        chess::movetext::write(&played, false)
    }
    fn points(p: chess::Piece) -> i32 {
        match p.kind {
            Kind::Queen => 9,
            Kind::Rook => 5,
            Kind::Bishop | Kind::Knight => 3,
            Kind::Pawn => 1,
            Kind::King => 0,
        }
    }
}
