//! The command line in chess and hidden chess: UCI, result, match.

mod common;

use std::process::Command;

use common::Engine;
use jieqi::rules::chess::{fen, movetext, Variant};

fn bestmove_of(lines: &[String]) -> String {
    let last = lines.last().unwrap();
    last.strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("{lines:?}"))
        .split_whitespace()
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn uci_session_in_standard_chess() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name UCI_Variant type combo")
            && l.contains("var chess")
            && l.contains("var hidden-chess")));
    e.send("setoption name Hash value 4");
    e.send("setoption name UCI_Variant value chess");
    e.send("ucinewgame");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");

    // startpos with moves: the answer is a legal chess move for White.
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3 ")),
        "{lines:?}"
    );
    let best = bestmove_of(&lines);
    let mut p = fen::parse(Variant::Chess.start_fen(), Variant::Chess).unwrap();
    for t in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        let (m, r, c) = movetext::resolve(&p, t).unwrap();
        p.play(m, r, c).unwrap();
    }
    let (m, _, _) = movetext::resolve(&p, &best).unwrap();
    assert!(p.is_legal(m), "{best}");

    // A FEN with a mate in one, in chess notation.
    e.send("position fen r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert_eq!(bestmove_of(&lines), "h5f7");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );

    // Castling as the king's move and promotion with its letter.
    e.send("position fen 4k3/P7/8/8/8/8/8/4K2R w K - 0 1 moves e1g1 e8d7 a7a8q");
    e.send("d");
    let lines = e.until("Q7/");
    assert_eq!(lines.last().unwrap(), "Q7/3k4/8/8/8/8/8/5RK1 b - - 0 2");

    // A promotion the engine plays is written e7e8q.
    e.send("position fen 8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    e.send("go depth 4");
    let lines = e.until("bestmove");
    assert_eq!(bestmove_of(&lines), "e7e8q");

    // A move that is not legal is refused, and said so.
    e.send("position startpos moves e2e5");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        lines.iter().any(|l| l.starts_with("info string error")),
        "{lines:?}"
    );
    e.send("quit");
}

#[test]
fn uci_session_in_hidden_chess() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e.send("setoption name Hash value 4");
    e.send("setoption name UCI_Variant value hidden-chess");
    e.send("position startpos moves e2e4P");
    e.send("d");
    let lines = e.until("xxxxkxxx");
    assert_eq!(
        lines.last().unwrap(),
        "xxxxkxxx/xxxxxxxx/8/8/4P3/8/XXXX1XXX/XXXXKXXX b KQkq - 0 1 Q1R2B2N2P7q1r2b2n2p8"
    );
    e.send("go nodes 3000");
    let best = bestmove_of(&e.until("bestmove"));
    let p = fen::parse(
        "xxxxkxxx/xxxxxxxx/8/8/4P3/8/XXXX1XXX/XXXXKXXX b KQkq - 0 1 Q1R2B2N2P7q1r2b2n2p8",
        Variant::HiddenChess,
    )
    .unwrap();
    // Plain UCI text: the reveal is the referee's to draw.
    let mt = movetext::parse(&best).unwrap();
    assert_eq!(mt.reveal, None, "{best}");
    assert!(p.is_legal(mt.mv), "{best}");
    // Back to Jieqi: its own start position again.
    e.send("setoption name UCI_Variant value jieqi");
    e.send("d");
    e.until("xxxxkxxxx/");
    e.send("quit");
}

fn jieqi(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_jieqi"))
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn result_in_chess_and_hidden_chess() {
    let (out, _, code) = jieqi(&[
        "result", "--rules", "chess", "startpos", "f2f3", "e7e5", "g2g4", "d8h4",
    ]);
    assert_eq!((out.trim(), code), ("0-1 checkmate", 0));
    let (out, _, _) = jieqi(&[
        "result",
        "--rules",
        "chess",
        "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1",
        "g1g6",
    ]);
    assert_eq!(out.trim(), "1/2-1/2 stalemate");
    let (out, _, code) = jieqi(&[
        "result",
        "--rules",
        "hidden-chess",
        "startpos",
        "e2e4P",
        "e7e5",
    ]);
    assert_eq!((out.trim(), code), ("* ongoing", 0));
    let (_, err, code) = jieqi(&["result", "--rules", "chess", "startpos", "e2e5"]);
    assert_eq!(code, 2);
    assert!(err.contains("move 1 (e2e5)"), "{err}");
}

#[test]
fn tiny_match_in_hidden_chess() {
    let (out, err, code) = jieqi(&[
        "match",
        "hard:300",
        "random",
        "--rules",
        "hidden-chess",
        "--games",
        "2",
        "--seed",
        "3",
        "--jobs",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(hidden-chess, 2 games)"), "{out}");
    assert!(out.contains("Elo "), "{out}");
    assert_eq!(
        err.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{err}"
    );
    assert!(!err.contains("forfeits"), "{err}");
}
