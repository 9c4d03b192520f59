//! `perft`, `moves`, `result` and `bench` for chess and hidden chess
//! (`--rules chess` or `--rules hidden-chess`).

use super::named::{Drawn, Named};
use crate::rules::chess::{
    fen, movetext, perft, Game, Kind, Outcome, PlayError, Position, Variant,
};
use crate::rules::draws::Draws;
use crate::rules::Color;

/// The position a command names: `startpos` (the variant's start) or a FEN.
fn read_position(text: &str, variant: Variant) -> Result<Position, String> {
    match text.trim() {
        "startpos" => Ok(variant.start()),
        "" => Err(super::bad_fen("", "the position text is empty")),
        t => fen::parse(t, variant).map_err(|e| super::bad_fen(t, e)),
    }
}

/// Split arguments into the position and the move texts. The arguments
/// may be one quoted string (`"FEN moves e2e4"`) or many (the FEN quoted
/// or its fields one per argument): they are read as one list of words.
/// `startpos` is the whole position; otherwise the FEN takes words until
/// it has six fields, stopping early at `moves` or a word that reads as
/// move text (a four-field FEN), then a seventh, POOL, when the next word
/// is not a move and reads as a pool or the board has face-down pieces. An optional `moves` follows; every
/// word after is a move.
pub fn split_fen_and_moves(args: &[String]) -> Result<(String, Vec<String>), String> {
    // A blank argument is no word of either: the FEN left empty, or a
    // move left out (its number is where it stands).
    if let Some(i) = args.iter().position(|a| a.trim().is_empty()) {
        return Err(if i == 0 {
            super::bad_fen("", "the position text is empty")
        } else {
            format!(
                "argument {} is empty: a move, or a FEN field, left out",
                i + 1
            )
        });
    }
    let words: Vec<&str> = args
        .iter()
        .flat_map(|a| a.split_ascii_whitespace())
        .collect();
    let is_move = |w: &str| w == "moves" || movetext::parse(w).is_ok();
    let mut n = 0;
    if words.first() == Some(&"startpos") {
        n = 1;
    } else {
        while n < words.len() && n < 6 && (n == 0 || !is_move(words[n])) {
            n += 1;
        }
        // With face-down pieces the seventh word is the pool unless it is
        // a move: one that does not read as a pool is then a bad pool,
        // and the FEN reader says why.
        let face_down = words.first().is_some_and(|b| b.contains(['x', 'X']));
        if n == 6
            && words
                .get(6)
                .is_some_and(|w| !is_move(w) && (face_down || fen::is_pool(w)))
        {
            n = 7;
        }
    }
    let mut rest = &words[n..];
    if rest.first() == Some(&"moves") {
        rest = &rest[1..];
    }
    Ok((
        words[..n].join(" "),
        rest.iter().map(|w| w.to_string()).collect(),
    ))
}

/// Per-move divide, then the total and the speed.
pub fn perft_command(
    depth: u32,
    fen_text: Option<&str>,
    variant: Variant,
) -> Result<String, String> {
    let mut pos = match fen_text {
        Some(t) => read_position(t, variant)?,
        None => variant.start(),
    };
    let start = std::time::Instant::now();
    let (rows, total) = perft::divide(&mut pos, depth);
    Ok(super::perft_report(
        &rows,
        total,
        start.elapsed().as_secs_f64(),
    ))
}

/// `FEN|startpos [moves] [MOVE...]`: the legal moves, sorted, one line,
/// after playing the given move texts (with their reveal letters).
pub fn moves_command(args: &[String], variant: Variant) -> Result<String, String> {
    let (fen_text, moves) = split_fen_and_moves(args)?;
    let mut pos = read_position(&fen_text, variant)?;
    for (i, text) in moves.iter().enumerate() {
        let n = i + 1;
        let (m, reveal, capture_id) =
            movetext::resolve(&pos, text).map_err(|e| super::bad_move(n, text, e))?;
        pos.play(m, reveal, capture_id)
            .map_err(|e| super::bad_move(n, text, e))?;
    }
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    Ok(moves.join(" "))
}

pub const RESULT_HELP: &str =
    "usage: jieqi result --rules chess|hidden-chess [--seed S] FEN|startpos [MOVE...]

Plays the moves from the position and prints one line: the result and its
reason, e.g. '1-0 checkmate', '1/2-1/2 stalemate' or '* ongoing'.

  FEN    chess FEN (RULES.md section 5: six fields, and POOL when pieces
         are face down), best quoted as one argument; 'startpos' is the
         start of the variant.
  MOVE   move text: e2e4, e7e8q, e1g1, b1c3B (a face-down mover revealed a
         bishop), d1d7QxN (captured a face-down knight). A missing reveal or
         captured letter is drawn from the pool (reproducibly, from --seed,
         default 1). A promotion letter is needed when a pawn reaches the
         last rank: a1a8qP (revealed a pawn there); without the reveal
         letter, whenever the face-down mover may turn out a pawn (a1a8q).
         A promotion letter on a mover that turns out something else is
         ignored (a1a8qR is a1a8R).
         Errors name the move by its number; the FEN takes six fields (four
         also do), then POOL when face-down pieces exist.";

/// `result --rules chess|hidden-chess`: the verdict line after the moves.
pub fn result_command(args: &[String], variant: Variant, seed: u64) -> Result<String, String> {
    let (fen_text, moves) = split_fen_and_moves(args)?;
    if fen_text.is_empty() {
        return Err("result needs a FEN or 'startpos'".into());
    }
    let start = read_position(&fen_text, variant)?;
    let named = named_letters(&start, &moves);
    let mut game = Game::from_position_seeded(variant, start, seed);
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
        let parsed = movetext::parse(text).ok();
        let from = parsed.as_ref().map(|mt| mt.mv.from);
        let letter_named = parsed.is_some_and(|mt| mt.reveal.is_some());
        let plies = game.history().len();
        play_text(&mut game, text, &mut rng, |c, pool| named.spare(i, c, pool)).map_err(|why| {
            super::bad_move(n, text, format!("{why}{}", drawn.note(from, Kind::name)))
        })?;
        // The move is on the board (a chosen promotion too): where its
        // mover went, and what the referee drew for it.
        if let Some(r) = game.history().get(plies) {
            let p = &r.played;
            let drew = p.reveal.filter(|_| p.piece.hidden && !letter_named);
            drawn.moved(p.mv.from, p.mv.to, drew.map(|k| (i, k)));
        }
    }
    Ok(verdict(game.outcome()))
}

/// Play one move text on the referee's game. With its reveal letter it is
/// checked as written (RULES.md section 5); without it the referee draws
/// the reveal, and the text must then name the promotion whenever the
/// mover may turn out a pawn on the last rank (`a1a8q`). A captured letter
/// is checked in both cases; one left out is drawn. Draws come from
/// `spare(colour, pool)`: the pool less what later moves name.
fn play_text(
    game: &mut Game,
    text: &str,
    rng: &mut Draws,
    spare: impl Fn(Color, [u8; 5]) -> [u8; 5],
) -> Result<(), String> {
    let board = *game.board();
    let mut draw = |c: Color| -> Option<Kind> {
        let counts = spare(c, board.pool(c).0);
        rng.pick(c, Kind::HIDDEN.into_iter().map(|k| (k, counts[k.index()])))
            .ok()
            .flatten()
    };
    let mt = movetext::parse_lenient(&board, text).map_err(|e| e.to_string())?;
    let hidden_mover = board.piece_at(mt.mv.from).is_some_and(|p| p.hidden);
    let listed = if hidden_mover { mt.mv.base() } else { mt.mv };
    let reveals = board.revealed_by(listed);
    let us = board.turn();
    let (m, reveal, capture) = if mt.reveal.is_some() || reveals.is_none() {
        movetext::resolve(&board, text).map_err(|e| e.to_string())?
    } else {
        if !board.is_legal(listed) {
            return Err(movetext::ParseMoveError::Illegal(text.to_string()).to_string());
        }
        if !movetext::promotion_fits_before_reveal(&board, mt.mv) {
            return Err(movetext::ParseMoveError::Promotion(text.to_string()).to_string());
        }
        let reveal = draw(us).ok_or("no unknown identity left to reveal")?;
        let m = if reveal == Kind::Pawn && mt.mv.to.relative_rank(us) == 7 {
            mt.mv
        } else {
            listed
        };
        (m, Some(reveal), mt.capture)
    };
    board
        .check_identities(m, reveal, capture)
        .map_err(|e| match e {
            PlayError::BadCaptureId(_) => {
                movetext::ParseMoveError::Capture(text.to_string()).to_string()
            }
            e => e.to_string(),
        })?;
    let capture = match (board.piece_at(m.to), capture) {
        (Some(c), None) if c.hidden => draw(c.color),
        _ => capture,
    };
    game.replay(m, reveal, capture)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// The identities each move text names (reveal and captured letters).
fn named_letters(start: &Position, moves: &[String]) -> Named<5> {
    let mut color = start.turn();
    let mut letters = Vec::with_capacity(moves.len());
    for text in moves {
        let mut named = Vec::new();
        if let Ok(mt) = movetext::parse(text) {
            named.extend(mt.reveal.map(|k| (color, k.index())));
            named.extend(mt.capture.map(|k| (color.other(), k.index())));
        }
        letters.push(named);
        color = color.other();
    }
    Named::new(&letters)
}

/// The verdict line: `1-0 checkmate`, `1/2-1/2 stalemate`, `* ongoing`.
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

/// Positions searched by `bench --rules chess`: standard chess (start, a
/// busy middle game, an end game) and hidden chess (start, an opening).
pub const BENCH_POSITIONS: [(&str, Variant); 5] = [
    (fen::CHESS_START, Variant::Chess),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        Variant::Chess,
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", Variant::Chess),
    (fen::HIDDEN_CHESS_START, Variant::HiddenChess),
    (
        "xxxxkxxx/xxx1xxxx/3p4/8/4P3/8/XXXX1XXX/XXXXKXXX w KQkq - 0 2 Q1R2B2N2P7q1r2b2n2p7",
        Variant::HiddenChess,
    ),
];

/// Search every chess bench position to `depth`; returns (nodes, milliseconds).
pub fn bench(depth: u32) -> Result<(u64, f64), String> {
    let mut total = 0;
    let start = crate::ai::clock::now_ms();
    for (text, variant) in BENCH_POSITIONS {
        let pos = fen::parse(text, variant).map_err(|e| format!("bench position '{text}': {e}"))?;
        total += crate::ai::search_to_depth(&pos, depth).nodes;
    }
    Ok((total, crate::ai::clock::now_ms() - start))
}
