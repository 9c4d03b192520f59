//! `jieqi match --rules chess|hidden-chess`: the fair referee of
//! [`super::matches`] for the 8x8 games. The referee draws every identity
//! and tells each engine only its seat's view (its move texts leave out the
//! identity of a face-down piece the other side captured).

use super::chess::verdict;
use super::matches::{
    builtin_move, builtin_strength, on_clock, parse_openings_with, random_pick, run_games,
    termination, uci_bestmove, Forfeit, GameClocks, GameReport, MatchConfig, OpeningsError, Player,
    TimeControl,
};
use crate::ai::{self, Request};
use crate::rules::chess::movetext::ParseMoveError;
use crate::rules::chess::{
    fen, movetext, Game, Kind, Move, Outcome, Position, Reason, Step, Variant,
};
use crate::rules::{Color, Seat};

/// A game this long is called a draw (the fifty-move rule ends most first).
const MAX_PLIES: usize = 1000;

/// Ask `player` for a move from `seat`'s view (`Err`: forfeit). A face-down
/// mover's move may name the promotion it wants should it turn out a pawn.
fn choose(
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
        Player::Random { state } => {
            let moves = game.legal_moves();
            if moves.is_empty() {
                return Err(Forfeit::rules("no move".into()));
            }
            let m = moves.as_slice()[random_pick(state, moves.len())];
            // A face-down mover that may turn out a pawn names its promotion.
            Ok(if game.board().may_promote_on_reveal(m) {
                Move::promoting(m.from, m.to, Kind::Queen)
            } else {
                m
            })
        }
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
                Err(ParseMoveError::Syntax(_)) => {
                    Err(Forfeit::rules(format!("unreadable bestmove '{line}'")))
                }
                Err(e) => Err(Forfeit::rules(format!("bestmove {e}"))),
            }
        }
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

struct GameResult {
    score: f64,
    outcome: Outcome,
    record: String,
}

fn play_game(cfg: &MatchConfig, variant: Variant, index: usize) -> Result<GameResult, String> {
    let seed = cfg
        .seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(index as u64 * 2 + 1);
    let white_is_0 = index % 2 == 0;
    let specs = if white_is_0 {
        [&cfg.engines[0], &cfg.engines[1]]
    } else {
        [&cfg.engines[1], &cfg.engines[0]]
    };
    // Both games of a pair (2k, 2k+1) start from the same opening, colours swapped.
    let mut game = match cfg.openings.get((index / 2) % cfg.openings.len().max(1)) {
        None => Game::seeded(variant, seed),
        Some(text) => Game::from_fen_seeded(text, variant, seed)
            .map_err(|e| format!("opening '{text}': {e}"))?,
    };
    let setup = format!("setoption name UCI_Variant value {}", variant.id());
    let mut players = [
        Player::<Position>::new(specs[0], seed ^ 1, &setup),
        Player::<Position>::new(specs[1], seed ^ 2, &setup),
    ];
    let mut clocks = cfg.tc.map(TimeControl::start);
    let (mut forfeit, mut adjudicated) = (None, false);
    for c in Color::ALL {
        if let Err(e) = &players[c.index()] {
            tell!("game {}: {} forfeits: {e}", index + 1, color(c));
            if game.outcome().is_none() {
                forfeit = Some((color(c), Forfeit::from(e.clone())));
                game.adjudicate(Outcome {
                    winner: Some(c.other()),
                    reason: Reason::Forfeit,
                });
            }
        }
    }
    while game.outcome().is_none() {
        let c = game.turn();
        if game.ply() >= MAX_PLIES {
            tell!("game {}: {MAX_PLIES} plies, called a draw", index + 1);
            adjudicated = true;
            game.adjudicate(Outcome {
                winner: None,
                reason: Reason::FiftyMoves,
            });
            break;
        }
        let Ok(player) = players[c.index()].as_mut() else {
            break;
        };
        let m = on_clock(&mut clocks, c, |k| {
            choose(
                player,
                &game,
                Seat::of(c),
                cfg,
                k,
                seed.wrapping_add(game.ply() as u64),
            )
        });
        if let Err(e) = m.and_then(|m| play(&mut game, m).map_err(Forfeit::rules)) {
            tell!("game {}: {} forfeits: {e}", index + 1, color(c));
            forfeit = Some((color(c), e));
            game.adjudicate(Outcome {
                winner: Some(c.other()),
                reason: Reason::Forfeit,
            });
        }
    }
    let outcome = game.outcome().unwrap_or(Outcome {
        winner: None,
        reason: Reason::FiftyMoves,
    });
    let color0 = if white_is_0 { Color::Red } else { Color::Black };
    let score = match outcome.winner {
        None => 0.5,
        Some(w) if w == color0 => 1.0,
        Some(_) => 0.0,
    };
    let (end, moves) = termination(
        forfeit.as_ref(),
        adjudicated,
        &game.moves_text(Seat::Spectator),
    );
    let record = format!(
        "[White \"{}\"]\n[Black \"{}\"]\n[Variant \"{}\"]\n{}[Result \"{}\"]\n{end}[FEN \"{}\"]\n{moves}\n",
        specs[0],
        specs[1],
        variant.id(),
        TimeControl::tag(cfg.tc),
        verdict(Some(outcome)),
        fen::write(game.start_position()),
    );
    Ok(GameResult {
        score,
        outcome,
        record,
    })
}

fn color(c: Color) -> &'static str {
    crate::rules::chess::color_name(c)
}

/// The openings of `--openings FILE` for a chess match: one chess FEN a
/// line (blank lines and `#` comments skipped), checked as `variant`.
pub fn parse_openings(text: &str, variant: Variant) -> Result<Vec<String>, OpeningsError> {
    parse_openings_with(text, |line| {
        fen::parse(line, variant)
            .map(|pos| fen::write(&pos))
            .map_err(|e| e.to_string())
    })
}

/// Run the match; prints each game and the summary (wins, draws, losses
/// of engine 1 and the Elo difference with its 95% interval), with
/// `--openings` and `--sprt` as in the Jieqi match.
pub fn run(cfg: &MatchConfig, variant: Variant) -> Result<(usize, usize, usize), String> {
    run_games(cfg, variant.id(), "white", |i| {
        play_game(cfg, variant, i).map(|r| GameReport {
            score: r.score,
            outcome: r.outcome.to_string(),
            record: r.record,
        })
    })
}
