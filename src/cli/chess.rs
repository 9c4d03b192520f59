//! `perft`, `moves`, `result` and `bench` for chess and hidden chess
//! (`--rules chess` or `--rules hidden-chess`).

use crate::rules::chess::{fen, movetext, perft, Game, Kind, Outcome, Step, Variant};
use crate::rules::Color;

/// Per-move divide, then the total and the speed.
pub fn perft_command(
    depth: u32,
    fen_text: Option<&str>,
    variant: Variant,
) -> Result<String, String> {
    let mut pos = match fen_text {
        Some(t) => fen::parse(t, variant).map_err(|e| e.to_string())?,
        None => variant.start(),
    };
    let start = std::time::Instant::now();
    let (rows, total) = perft::divide(&mut pos, depth);
    let secs = start.elapsed().as_secs_f64();
    let mut s = String::new();
    for (m, n) in rows {
        s.push_str(&format!("{m}: {n}\n"));
    }
    s.push_str(&format!("\nNodes searched: {total}\n"));
    s.push_str(&format!(
        "Time: {:.3} s, {:.1} M nodes/s\n",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    ));
    Ok(s)
}

/// `FEN [moves MOVE...]`: the legal moves, sorted, one line, after playing
/// the given move texts (with their reveal letters) from the FEN.
pub fn moves_command(args: &[String], variant: Variant) -> Result<String, String> {
    let split = args.iter().position(|a| a == "moves").unwrap_or(args.len());
    let fen_text = args[..split].join(" ");
    let mut pos = fen::parse(&fen_text, variant).map_err(|e| e.to_string())?;
    for (i, text) in args.iter().skip(split + 1).enumerate() {
        let (m, reveal, capture_id) =
            movetext::resolve(&pos, text).map_err(|e| format!("move {}: {e}", i + 1))?;
        pos.play(m, reveal, capture_id)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
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
         default 1); a face-down mover revealed a pawn on the last rank
         promotes to the piece its text names, else a queen.";

/// `result --rules chess|hidden-chess`: the verdict line after the moves.
pub fn result_command(args: &[String], variant: Variant, seed: u64) -> Result<String, String> {
    let mut rest = args.iter().map(String::as_str).peekable();
    let mut head = Vec::new();
    while let Some(&a) = rest.peek() {
        if a == "moves" {
            rest.next();
            break;
        }
        if movetext::parse(a).is_ok() {
            break;
        }
        head.push(a);
        rest.next();
    }
    let fen_text = head.join(" ");
    let start = match fen_text.as_str() {
        "startpos" => variant.start(),
        "" => return Err("result needs a FEN or 'startpos'".into()),
        t => fen::parse(t, variant).map_err(|e| format!("bad FEN '{t}': {e}"))?,
    };
    let mut game = Game::from_position_seeded(variant, start, seed);
    for (i, text) in rest.enumerate() {
        let n = i + 1;
        if let Some(o) = game.outcome() {
            return Err(format!(
                "move {n} ({text}): the game is already over ({})",
                verdict(Some(o))
            ));
        }
        play_text(&mut game, text).map_err(|why| format!("move {n} ({text}): {why}"))?;
    }
    Ok(verdict(game.outcome()))
}

/// Play one move text on the referee's game; letters left out are drawn.
fn play_text(game: &mut Game, text: &str) -> Result<(), String> {
    let mt = movetext::parse(text).map_err(|e| e.to_string())?;
    let board = game.board();
    let hidden_mover = board.piece_at(mt.mv.from).is_some_and(|p| p.hidden);
    if mt.reveal.is_none() && board.revealed_by(mt.mv.base()).is_some() {
        // The referee draws the reveal (and a captured identity).
        let listed = if hidden_mover { mt.mv.base() } else { mt.mv };
        if let Step::ChoosePromotion(_) = game.play(listed).map_err(|e| e.to_string())? {
            game.promote(mt.mv.promotion.unwrap_or(Kind::Queen))
                .map_err(|e| e.to_string())?;
        }
        return Ok(());
    }
    game.replay(mt.mv, mt.reveal, mt.capture)
        .map(|_| ())
        .map_err(|e| e.to_string())
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
