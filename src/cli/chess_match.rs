//! `jieqi match --rules chess|hidden-chess`: the fair referee of
//! [`super::matches`] for the 8x8 games. The referee draws every identity
//! and tells each engine only its seat's view (its move texts leave out the
//! identity of a face-down piece the other side captured).

use super::chess::verdict;
use super::matches::{
    builtin_move, builtin_strength, game_accessors, parse_openings_with, play_game, run_games,
    uci_bestmove, Board, Forfeit, GameClocks, MatchConfig, OpeningsError, Player,
};
use crate::ai::{self, Request};
use crate::rules::chess::movetext::ParseMoveError;
use crate::rules::chess::{
    fen, movetext, Game, Kind, Move, Outcome, Position, Reason, Step, Variant,
};
use crate::rules::{Color, Seat};

/// A game this long is called a draw (the fifty-move rule ends most first).
const MAX_PLIES: usize = 1000;

impl Board for Variant {
    type Game = Game;
    type Position = Position;
    type Move = Move;
    type Outcome = Outcome;
    const ID_TAG: &'static str = "Variant";

    fn id(self) -> &'static str {
        Variant::id(self)
    }

    fn colour(self, c: Color) -> &'static str {
        crate::rules::chess::color_name(c)
    }

    fn setup(self) -> String {
        format!("setoption name UCI_Variant value {}", self.id())
    }

    fn hides_pieces(self) -> bool {
        self == Variant::HiddenChess
    }

    /// The fifty-move rule ends most games long before.
    fn max_plies(self, _: &MatchConfig) -> usize {
        MAX_PLIES
    }

    game_accessors!(Reason::FiftyMoves);

    /// A face-down mover's move may name the promotion it wants should it
    /// turn out a pawn.
    fn choose(
        self,
        player: &mut Player<Position>,
        game: &Game,
        seat: Seat,
        cfg: &MatchConfig,
        clocks: Option<&GameClocks>,
        seed: u64,
    ) -> Result<Move, Forfeit> {
        match player {
            Player::Builtin {
                level,
                searchers,
                nodes,
            } => {
                let strength = builtin_strength(*level, *nodes, cfg);
                let req = Request::from_chess_view(&game.view(seat), strength)
                    .seed(seed)
                    .clock(clocks.map(|k| k.of(game.turn())));
                let m = builtin_move(searchers, &req)?;
                Ok(ai::chess_answer(&req.position, m))
            }
            Player::Random { state } => Self::random_move(game, state),
            Player::Uci(e) => {
                let view = game.view(seat);
                let (line, text) = uci_bestmove(
                    e,
                    cfg,
                    clocks.map(|k| (k, game.turn())),
                    &fen::write(game.start_position()),
                    &view.moves,
                )?;
                match movetext::check_answer(game.board(), &text) {
                    Ok(m) => Ok(m),
                    Err(ParseMoveError::Syntax(_)) => Err(Forfeit::rules(format!(
                        "unreadable bestmove '{}'",
                        super::shown(&line)
                    ))),
                    Err(e) => Err(Forfeit::rules(format!("bestmove {e}"))),
                }
            }
        }
    }

    /// A face-down mover that may turn out a pawn names its promotion (a
    /// queen).
    fn legal_moves(game: &Game) -> Vec<Move> {
        let board = game.board();
        game.legal_moves()
            .as_slice()
            .iter()
            .map(|&m| {
                if board.may_promote_on_reveal(m) {
                    Move::promoting(m.from, m.to, Kind::Queen)
                } else {
                    m
                }
            })
            .collect()
    }

    fn play(game: &mut Game, m: Move) -> Result<(), Forfeit> {
        play(game, m).map_err(Forfeit::rules)
    }

    fn result_text(outcome: Outcome) -> String {
        verdict(Some(outcome))
    }

    fn draw_text(why: &str) -> String {
        format!("1/2-1/2 {why}")
    }
}

/// Play `m` for the side to move: a face-down mover revealed a pawn on the
/// last rank promotes to the piece `m` names (needed whenever the mover may
/// turn out a pawn there; ignored if it turns out something else).
fn play(game: &mut Game, m: Move) -> Result<(), String> {
    let board = *game.board();
    let hidden = board.piece_at(m.from).is_some_and(|p| p.hidden);
    let listed = if hidden { m.base() } else { m };
    if !board.is_legal(listed) {
        return Err(format!("{m} is not a legal move here"));
    }
    if !movetext::promotion_fits_before_reveal(&board, m) {
        return Err(ParseMoveError::Promotion(m.to_string()).to_string());
    }
    if let Step::ChoosePromotion(_) = game.play(listed).map_err(|e| e.to_string())? {
        let k = m
            .promotion
            .ok_or_else(|| format!("{m}: no promotion named"))?;
        game.promote(k).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The openings of `--openings FILE` for a chess match: one chess FEN a
/// line (blank lines and `#` comments skipped), checked as `variant`.
pub fn parse_openings(text: &str, variant: Variant) -> Result<Vec<String>, OpeningsError> {
    parse_openings_with(text, |line| match line {
        "startpos" => Ok(fen::write(&variant.start())),
        _ => {
            let fen = fen::parse(line, variant)
                .map(|pos| fen::write(&pos))
                .map_err(|e| super::bad_fen(line, e))?;
            super::matches::not_over(variant, &fen)?;
            Ok(fen)
        }
    })
}

/// Run the match; prints each game and the summary (wins, draws, losses
/// of engine 1 and the Elo difference with its 95% interval), with
/// `--openings` and `--sprt` as in the Jieqi match.
pub fn run(cfg: &MatchConfig, variant: Variant) -> Result<(usize, usize, usize), String> {
    run_games(cfg, variant, |i| play_game(cfg, variant, i))
}
