//! `jieqi result`: play a game from a position and print the referee's
//! verdict (`1-0`, `0-1`, `1/2-1/2` or `*`) with its reason.

use super::named::{Drawn, Named};
use crate::rules::draws::Draws;
use crate::rules::xiangqi::movetext;
use crate::rules::{Color, Game, Move, Outcome, Position, Role, RuleSet};

pub const HELP: &str = "usage: jieqi result [--rules R] [--seed S] FEN|startpos [MOVE...]

Plays the moves from the position and prints one line: the result and its
reason, e.g. '0-1 perpetual chase', '1/2-1/2 threefold repetition',
'1-0 checkmate' or '* ongoing'.

  FEN    Jieqi FEN (or any form the reader accepts), best quoted as one
         argument; 'startpos' is the start of the rule set.
  MOVE   move text as the reader knows it: h2e2, h2e2C (a face-down mover
         revealed as a red cannon), b2b9Nr (revealed a red horse, captured a
         face-down black chariot). A missing reveal or captured letter is
         drawn from the pool (reproducibly, from --seed, default 1).
  R      jieqi (default) | chessplayx | vietnam | xiangqi | chess | hidden-chess
         (chess: a chess FEN, and moves as chess move text)

Bad input (FEN, a move, a move after the end) is reported on stderr with
exit status 2.";

/// Run `result` on its arguments (flags other than `--rules` and `--seed`
/// already removed). Returns the verdict line.
pub fn result_command(args: &[String], rules: RuleSet, seed: u64) -> Result<String, String> {
    let (fen_text, moves) = split_fen_and_moves(args)?;
    let start = super::position_of(&fen_text, rules)?;
    let named = named_letters(&start, moves);
    let mut game = Game::from_position_seeded(start, seed);
    let mut rng = Draws::seeded(seed ^ 0x7265_7375_6c74);
    let mut drawn = Drawn::new();
    for (i, text) in moves.iter().enumerate() {
        let n = i + 1;
        if let Some(o) = game.outcome() {
            return Err(super::bad_move(
                n,
                text,
                format!("the game is already over ({})", verdict(Some(o))),
            ));
        }
        let (m, reveal, capture) =
            read_move(&game, text, &mut rng, |c, pool| named.spare(i, c, pool)).map_err(|why| {
                let from = movetext::parse(text).ok().map(|mt| mt.mv.from);
                super::bad_move(n, text, format!("{why}{}", drawn.note(from, Role::name)))
            })?;
        let mover_hidden = game.board().piece_at(m.from).is_some_and(|p| p.hidden);
        let letter_named = movetext::parse(text)
            .ok()
            .and_then(|mt| mt.split_letters(game.board().turn()))
            .is_some_and(|(r, _)| r.is_some());
        game.replay(m, reveal, capture)
            .map_err(|e| super::bad_move(n, text, e))?;
        let drew = reveal.filter(|_| mover_hidden && !letter_named);
        drawn.moved(m.from, m.to, drew.map(|r| (i, r)));
    }
    Ok(verdict(game.outcome()))
}

/// The identities each move text names (its reveal and captured letters),
/// for the draws of the letters other moves leave out.
fn named_letters(start: &Position, moves: &[String]) -> Named<7> {
    let mut color = start.turn();
    let mut letters = Vec::with_capacity(moves.len());
    for text in moves {
        let mut named = Vec::new();
        if let Some((reveal, capture)) = movetext::parse(text)
            .ok()
            .and_then(|mt| mt.split_letters(color))
        {
            named.extend(reveal.map(|r| (color, r.index())));
            named.extend(capture.map(|r| (color.other(), r.index())));
        }
        letters.push(named);
        color = color.other();
    }
    Named::new(&letters)
}

/// One identity drawn from `side`'s `counts` (by role index).
fn draw(rng: &mut Draws, side: Color, counts: [u8; 7]) -> Option<Role> {
    rng.pick(
        side,
        Role::HIDDEN.into_iter().map(|r| (r, counts[r.index()])),
    )
    .ok()
    .flatten()
}

/// The verdict line: `1-0 checkmate`, `1/2-1/2 threefold repetition`, `* ongoing`.
pub fn verdict(outcome: Option<Outcome>) -> String {
    match outcome {
        None => "* ongoing".to_string(),
        Some(o) => {
            let score = match o.winner {
                Some(Color::Red) => "1-0",
                Some(Color::Black) => "0-1",
                None => "1/2-1/2",
            };
            format!("{score} {}", o.reason.text())
        }
    }
}

/// The FEN is one argument (`"BOARD w POOL 0 1"` or `startpos`), or its
/// fields one per argument: a field that reads as move text starts the
/// moves. A literal `moves` between them is allowed (as in UCI).
fn split_fen_and_moves(args: &[String]) -> Result<(String, &[String]), String> {
    let first = args
        .first()
        .ok_or("result needs a FEN (or startpos), then the moves")?;
    let mut fields = 1;
    if first != "startpos" && first.split_whitespace().count() == 1 {
        // A pool may read as move text ('a2c2'): quote the FEN to be sure.
        while fields < args.len() && fields < 6 {
            let a = &args[fields];
            if a == "moves" || movetext::parse(a).is_ok() {
                break;
            }
            fields += 1;
        }
    }
    let fen_text = args[..fields].join(" ");
    let mut rest = &args[fields..];
    if rest.first().is_some_and(|a| a == "moves") {
        rest = &rest[1..];
    }
    Ok((fen_text, rest))
}

/// What a move text means in the game: the move, the identity it reveals
/// and the captured identity where the capturer learns it, each drawn
/// from `spare(colour, pool)` when the text leaves it out.
fn read_move(
    game: &Game,
    text: &str,
    rng: &mut Draws,
    spare: impl Fn(Color, [u8; 7]) -> [u8; 7],
) -> Result<(Move, Option<Role>, Option<Role>), String> {
    let pos = game.board();
    let mt = movetext::parse(text).map_err(|e| e.to_string())?;
    let m = mt.mv;
    let us = pos.turn();
    let piece = pos
        .piece_at(m.from)
        .ok_or_else(|| format!("there is no piece on {}", m.from))?;
    if piece.color != us {
        return Err(format!(
            "the piece on {} is {}, but {} is to move",
            m.from,
            piece.color.name(),
            us.name()
        ));
    }
    if !pos.is_legal(m) {
        return Err(format!("{m} is not a legal move here"));
    }
    let captured = pos.piece_at(m.to);
    let (reveal, capture) = mt.split_letters(us).ok_or(
        "the letters must be at most one of the mover's colour (what it reveals), \
         then at most one of the other colour (what it captures)",
    )?;
    let reveal = match (piece.hidden, reveal) {
        (false, Some(r)) => {
            return Err(format!(
                "the piece on {} is face up: it reveals nothing (letter '{}')",
                m.from,
                letter(us, r)
            ))
        }
        (false, None) => None,
        (true, Some(r)) if pos.pool(us).get(r) == 0 => {
            return Err(format!(
                "{} has no unknown {} left to reveal",
                us.name(),
                r.name()
            ))
        }
        (true, Some(r)) => Some(r),
        (true, None) => Some(
            draw(rng, us, spare(us, pos.pool(us).0))
                .ok_or_else(|| format!("{} has no unknown identity left", us.name()))?,
        ),
    };
    let learns = captured.is_some_and(|c| c.hidden) && pos.rules().capturer_learns();
    if capture.is_none() && learns {
        let them = us.other();
        return Ok((m, reveal, draw(rng, them, spare(them, pos.pool(them).0))));
    }
    if let Some(r) = capture {
        let them = us.other();
        match captured {
            Some(c) if c.hidden => {}
            _ => {
                return Err(format!(
                    "no face-down piece is captured on {} (letter '{}')",
                    m.to,
                    letter(them, r)
                ))
            }
        }
        if !pos.rules().capturer_learns() {
            return Err(format!(
                "under {} nobody learns a captured face-down piece: leave out the letter",
                pos.rules().name()
            ));
        }
        if pos.pool(them).get(r) == 0 {
            return Err(format!(
                "{} has no unknown {} left to be captured",
                them.name(),
                r.name()
            ));
        }
    }
    Ok((m, reveal, capture))
}

/// A role's letter in the case of its colour (upper case red).
fn letter(c: Color, r: Role) -> char {
    match c {
        Color::Red => r.char(),
        Color::Black => r.char().to_ascii_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn fen_fields_may_be_separate_arguments() {
        let a = args(&[
            "4k4/9/9/9/9/9/9/9/9/R2K5",
            "w",
            "-",
            "0",
            "1",
            "a0a1",
            "e9e8",
        ]);
        let (f, m) = split_fen_and_moves(&a).unwrap();
        assert_eq!(f, "4k4/9/9/9/9/9/9/9/9/R2K5 w - 0 1");
        assert_eq!(m, &a[5..]);
        let a = args(&["startpos", "moves", "h2e2C"]);
        let (f, m) = split_fen_and_moves(&a).unwrap();
        assert_eq!((f.as_str(), m), ("startpos", &a[2..]));
        let a = args(&["4k4/9/9/9/9/9/9/9/9/R2K5 b", "e9e8"]);
        let (f, m) = split_fen_and_moves(&a).unwrap();
        assert_eq!((f.as_str(), m), ("4k4/9/9/9/9/9/9/9/9/R2K5 b", &a[1..]));
    }
}
