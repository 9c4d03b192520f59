//! `perft` and `moves` for chess and hidden chess (`--rules chess` or
//! `--rules hidden-chess`).

use crate::rules::chess::{fen, movetext, perft, Variant};

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
