//! The AI: finds mates, never plays an illegal move, takes only a view,
//! and speaks UCI.

use std::process::Command;
use std::sync::atomic::AtomicBool;

mod common;

use common::Engine;
use jieqi::ai::{self, Level, Limits, Noise, Searcher};
use jieqi::rules::xiangqi::fen;
use jieqi::rules::{Game, Move, Position, RuleSet, Seat, Square};

fn best(text: &str, rules: RuleSet, depth: u32) -> (Option<Move>, i32) {
    let r = ai::search_to_depth(&fen::parse(text, rules).unwrap(), depth);
    (r.best, r.score)
}

/// A search of a seat's view (its position and repetition keys), no noise.
fn search_view(
    s: &mut Searcher,
    view: &jieqi::rules::View,
    limits: Limits,
    stop: &AtomicBool,
) -> ai::SearchResult {
    s.search(
        &view.position,
        &view.recent,
        limits,
        Noise::default(),
        stop,
        &mut |_| {},
    )
}

fn mv(s: &str) -> Move {
    Move::new(
        Square::parse(&s[0..2]).unwrap(),
        Square::parse(&s[2..4]).unwrap(),
    )
}

#[test]
fn finds_mate_in_one() {
    // Chariot b8 to b9 mates (the other chariot holds rank 8... a9 holds rank 9).
    let (m, score) = best("4k4/R8/1R7/9/9/9/9/9/9/3K5 w", RuleSet::Xiangqi, 3);
    let m = m.unwrap();
    let mut p = fen::parse("4k4/R8/1R7/9/9/9/9/9/9/3K5 w", RuleSet::Xiangqi).unwrap();
    p.make(m, None, None);
    assert!(
        p.legal_moves().is_empty() && p.in_check(),
        "{m} does not mate"
    );
    assert!(score > ai::eval::MATE_BOUND);
}

/// A search stopped by its limit before the first iteration ends plays the
/// best root move it has searched (the capture tried first), not the first
/// legal move (a general's step).
#[test]
fn a_search_cut_short_in_its_first_iteration_plays_its_best_move_so_far() {
    let p = fen::parse("4k4/9/9/9/4r4/9/9/9/4R4/3K5 w", RuleSet::Xiangqi).unwrap();
    let first = p.legal_moves().as_slice()[0];
    assert_ne!(first, mv("e1e5"));
    let stop = AtomicBool::new(false);
    for nodes in [8, 16, 32] {
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let r = Searcher::new(1).search(&p, &[], limits, Noise::default(), &stop, &mut |_| {});
        // Far fewer nodes than the general and chariot have moves.
        assert!(r.nodes <= nodes + 8, "{} nodes", r.nodes);
        assert_eq!(r.best, Some(mv("e1e5")), "{nodes} nodes");
    }
}

/// The no-progress rule (120 plies without a capture) is a draw the search
/// sees coming: a chariot up with one ply left and nothing to take is 0.
#[test]
fn no_progress_draw_is_scored_as_a_draw() {
    let text = "3k5/9/9/9/9/9/9/9/R8/5K3 w";
    let (_, fresh) = best(text, RuleSet::Xiangqi, 4);
    assert!(fresh > 500, "a chariot up: {fresh}");
    let (m, score) = best(&format!("{text} 119 60"), RuleSet::Xiangqi, 4);
    assert!(m.is_some());
    assert_eq!(score, 0, "every move ends the game drawn");
}

/// A mate on the last ply of the no-progress count wins: the game ends by
/// the mate first.
#[test]
fn mate_on_the_no_progress_limit_still_wins() {
    let (m, score) = best("4k4/R8/1R7/9/9/9/9/9/9/3K5 w 119 60", RuleSet::Xiangqi, 3);
    assert!(m.is_some());
    assert!(score > ai::eval::MATE_BOUND, "score {score}");
}

/// Does the side to move have a move that mates at once?
fn has_mate_in_one(p: &Position) -> bool {
    p.legal_moves().iter().any(|&m| {
        let mut q = p.clone();
        q.make(m, None, None);
        q.legal_moves().is_empty()
    })
}

#[test]
fn finds_mate_in_two() {
    // Red: two chariots against a bare general; mate in two moves.
    let text = "4k4/9/9/9/9/9/9/9/R8/1R1K5 w";
    let (m, score) = best(text, RuleSet::Xiangqi, 5);
    let m = m.expect("a move");
    assert!(score > ai::eval::MATE_BOUND, "score {score}");
    assert_eq!(
        ai::eval::MATE - score,
        3,
        "mate in two = 3 plies, got score {score}"
    );
    // The move forces mate: it does not mate at once (no shorter mate
    // exists), and every reply leaves Red a mate in one.
    let mut p = fen::parse(text, RuleSet::Xiangqi).unwrap();
    assert!(!has_mate_in_one(&p), "the position has no mate in one");
    p.make(m, None, None);
    let replies = p.legal_moves();
    assert!(!replies.is_empty(), "{m} mates at once");
    for &r in replies.iter() {
        let mut q = p.clone();
        q.make(r, None, None);
        assert!(has_mate_in_one(&q), "after {m} {r} Red has no mate");
    }
}

#[test]
fn never_plays_an_illegal_move_from_random_positions() {
    let mut searcher = Searcher::new(4);
    let stop = AtomicBool::new(false);
    let mut checked = 0;
    for (i, rules) in RuleSet::ALL.into_iter().cycle().take(240).enumerate() {
        let mut g = Game::seeded(rules, i as u64);
        // Random walk to a random position.
        let mut x = i as u64 * 2654435761 + 1;
        for _ in 0..(i % 60) {
            let legal = g.legal_moves();
            if legal.is_empty() {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            g.play(legal.as_slice()[(x % legal.len() as u64) as usize])
                .unwrap();
        }
        if g.outcome().is_some() {
            continue;
        }
        let view = g.view(Seat::of(g.turn()));
        let limits = Limits {
            nodes: Some(300 + (i as u64 % 5) * 400),
            ..Limits::default()
        };
        let r = search_view(&mut searcher, &view, limits, &stop);
        let m = r.best.expect("a move while legal moves exist");
        assert!(
            g.legal_moves().contains(&m),
            "{m} illegal in {}",
            fen::write(g.board())
        );
        checked += 1;
    }
    assert!(checked > 150);
}

#[test]
fn tiny_time_still_returns_a_legal_move() {
    let g = Game::seeded(RuleSet::Jieqi, 4);
    let view = g.view(Seat::Red);
    let mut s = Searcher::new(1);
    let stop = AtomicBool::new(true); // asked to stop before it starts
    let r = s.search(
        &view.position,
        &[],
        Limits {
            movetime_ms: Some(0.0),
            ..Limits::default()
        },
        Noise::default(),
        &stop,
        &mut |_| {},
    );
    assert!(g.legal_moves().contains(&r.best.unwrap()));
}

#[test]
fn levels_take_a_view_and_answer() {
    // Every level, for each seat, from a position with a capture of a
    // face-down piece only one seat knows.
    let mut g = Game::seeded(RuleSet::Vietnam, 8);
    g.play(mv("a3a4")).unwrap();
    g.play(mv("b7b0")).unwrap();
    for level in Level::ALL {
        let view = g.view(Seat::of(g.turn()));
        let mut s = Searcher::new(4);
        let stop = AtomicBool::new(false);
        let mut infos = 0;
        let req = ai::Request::from_view(&view, ai::Strength::Level(level)).seed(1);
        let m = ai::think(&mut s, &req, &stop, &mut |_| infos += 1)
            .best
            .unwrap_or_else(|| panic!("{level:?} gives no move"));
        assert!(g.legal_moves().contains(&m), "{level:?}: {m}");
        assert!(infos > 0, "{level:?} reports progress");
    }
    // The levels really differ: more nodes (Hard: no cap), never less time,
    // never more deliberate noise.
    let levels = Level::ALL.map(Level::settings);
    for w in levels.windows(2) {
        let (weak, strong) = (w[0], w[1]);
        let budget = |n: Option<u64>| n.unwrap_or(u64::MAX);
        assert!(budget(weak.nodes) < budget(strong.nodes), "{levels:?}");
        assert!(weak.movetime_ms <= strong.movetime_ms, "{levels:?}");
        assert!(weak.noise >= strong.noise, "{levels:?}");
    }
    assert_eq!(levels[3].nodes, None, "Hard has no node cap");
    assert_eq!(levels[3].noise, 0, "Hard plays without noise");
}

#[test]
fn the_search_only_sees_the_seats_pools() {
    // Under Vietnam rules Black's face-down cannon takes Red's face-down
    // piece on b0; only Black learns what it was. Two games that differ
    // only in that identity give Red identical views and identical
    // searches (move, score, nodes, principal variation).
    use jieqi::rules::Role;
    let play = |id: Role| {
        let mut g = Game::seeded(RuleSet::Vietnam, 5);
        g.replay(mv("a3a4"), Some(Role::Soldier), None).unwrap();
        g.replay(mv("b7b0"), Some(Role::Cannon), Some(id)).unwrap();
        g
    };
    let (g1, g2) = (play(Role::Horse), play(Role::Chariot));
    let search = |g: &Game, seat: Seat| {
        let view = g.view(seat);
        let mut s = Searcher::new(4);
        let stop = AtomicBool::new(false);
        let limits = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        let r = search_view(&mut s, &view, limits, &stop);
        (
            fen::write(&view.position),
            view.moves.clone(),
            view.recent.clone(),
            format!("{:?}", view.captured),
            r.best,
            r.score,
            r.nodes,
            r.pv,
        )
    };
    let (r1, r2) = (search(&g1, Seat::Red), search(&g2, Seat::Red));
    assert_eq!(r1, r2, "Red's search depends on what only Black knows");
    // The two games really differ, and Black's knowledge shows it.
    assert_ne!(
        g1.board().pool(jieqi::rules::Color::Red),
        g2.board().pool(jieqi::rules::Color::Red)
    );
    assert_ne!(search(&g1, Seat::Black).0, search(&g2, Seat::Black).0);
    let red = g1.view(Seat::Red);
    let black = g1.view(Seat::Black);
    assert_eq!(
        red.position.pool(jieqi::rules::Color::Red).total(),
        black.position.pool(jieqi::rules::Color::Red).total() + 1
    );
}

fn bestmove_of(lines: &[String]) -> String {
    lines
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn uci_session() {
    use jieqi::rules::xiangqi::movetext;
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e.send("setoption name Hash value 8");
    e.send("setoption name Rules value jieqi");
    e.send("ucinewgame");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");

    // A move with its reveal letter; the answer is legal for Black there.
    e.send("position startpos moves h2e2C");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3 ")),
        "{lines:?}"
    );
    let mut after = fen::parse(fen::JIEQI_START, RuleSet::Jieqi).unwrap();
    let (m, r, c) = movetext::resolve(&after, "h2e2C").unwrap();
    after.make(m, r, c);
    let best = bestmove_of(&lines);
    assert!(
        after.legal_moves().iter().any(|m| m.to_string() == best),
        "{best} illegal"
    );

    // `moves b2b9Nr` (reveal a horse, capture a black chariot) is accepted:
    // perft 1 counts the moves of exactly that position.
    e.send("position fen xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1 moves b2b9Nr");
    e.send("go perft 1");
    let lines = e.until("Nodes searched");
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    let mut p = fen::parse(fen::JIEQI_START, RuleSet::Jieqi).unwrap();
    let (m, r, c) = movetext::resolve(&p, "b2b9Nr").unwrap();
    p.make(m, r, c);
    let expected = jieqi::rules::xiangqi::perft::perft(&mut p.clone(), 1);
    assert_eq!(
        lines.last().unwrap(),
        &format!("Nodes searched: {expected}"),
        "{lines:?}"
    );
    let divided = lines
        .iter()
        .filter(|l| l.len() > 5 && l.as_bytes()[4] == b':')
        .count();
    assert_eq!(divided, p.legal_moves().len(), "{lines:?}");

    // Errors are reported and every go still answers once.
    e.send("bogus command");
    e.send("position fen nonsense");
    e.send("go wibble 3");
    let lines = e.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    assert!(
        lines.iter().any(|l| l.contains("unknown command 'bogus'")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("the board needs 10 ranks")),
        "{lines:?}"
    );
    e.send("position startpos moves h2e2");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        lines.iter().any(|l| l.contains("reveal letter is missing")),
        "{lines:?}"
    );

    // `go infinite` answers only after `stop`, and `isready` is answered
    // while it searches. Two bare generals: the search reaches its depth
    // cap at once, so only the wait for `stop` keeps the answer back.
    let bare = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    e.send(format!("position fen {bare}"));
    e.send("go infinite");
    let early = e.quiet_for(400);
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "answered before stop: {early:?}"
    );
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    e.send("stop");
    let lines = e.until("bestmove");
    let best = bestmove_of(&lines);
    let bare = fen::parse(bare, RuleSet::Jieqi).unwrap();
    assert!(
        bare.legal_moves().iter().any(|m| m.to_string() == best),
        "{best}"
    );
    e.send("quit");
    let status = e.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn cli_perft_and_moves() {
    let out = Command::new(env!("CARGO_BIN_EXE_jieqi"))
        .args(["perft", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("h2e2: 45") && text.contains("Nodes searched: 1920"),
        "{text}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_jieqi"))
        .args(["moves", fen::JIEQI_START])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.split_whitespace().count(), 44);
    let out = Command::new(env!("CARGO_BIN_EXE_jieqi"))
        .args(["moves", "garbage"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("error:"));
}

#[test]
fn match_runner_plays_a_short_fair_match() {
    let dir = common::scratch("match");
    let out = Command::new(env!("CARGO_BIN_EXE_jieqi"))
        .args([
            "match", "easy:200", "random", "--games", "4", "--jobs", "2", "--seed", "3", "--out",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("wins ") && text.contains("Elo"), "{text}");
    // Fair: each engine plays Red in half the games, and every game counts.
    let mut red_games = 0;
    for i in 1..=4 {
        let record = std::fs::read_to_string(dir.join(format!("game-{i:04}.txt"))).unwrap();
        red_games += record.contains("[Red \"easy:200\"]") as usize;
        assert!(record.contains("[Result "), "{record}");
    }
    assert_eq!(red_games, 2, "colours alternate");
    let n = |key: &str| -> usize {
        text.split_whitespace()
            .skip_while(|w| *w != key)
            .nth(1)
            .and_then(|v| v.parse().ok())
            .unwrap()
    };
    assert_eq!(n("wins") + n("draws") + n("losses"), 4, "{text}");
}

const BENCH_DEPTH_3_SIGNATURE: u64 = 42_775;

#[test]
fn bench_signature_is_deterministic() {
    // Pinned: a search change that alters the node count must update this
    // number on purpose (after a match shows the change wins).
    let (a, _) = jieqi::cli::bench(3);
    let (b, _) = jieqi::cli::bench(3);
    assert_eq!(a, b);
    assert_eq!(a, BENCH_DEPTH_3_SIGNATURE, "bench signature changed");
}

#[test]
fn match_runner_drives_uci_engines_and_forfeits_broken_ones() {
    let me = env!("CARGO_BIN_EXE_jieqi");
    // Our own UCI engine as an external command against a built-in level.
    let out = Command::new(me)
        .args([
            "match",
            "easy:300",
            &format!("uci:{me} uci"),
            "--games",
            "2",
            "--nodes",
            "300",
            "--jobs",
            "1",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("(jieqi, 2 games)"),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("forfeits"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // An engine that dies at its first move loses every game; the match
    // goes on.
    let dir = common::scratch("dies");
    let dies = common::fake_engine(&dir, "dies.sh", "", "exit 1");
    let out = Command::new(me)
        .args(["match", "easy:200", &dies, "--games", "2", "--jobs", "1"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("wins 2  draws 0  losses 0"), "{text}");
    // One that dies before the first game stops the match: no game played.
    let out = Command::new(me)
        .args(["match", "easy:200", "uci:/bin/false", "--games", "2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("does not start"));
}

#[test]
fn an_engine_that_hangs_past_its_time_loses() {
    use std::os::unix::fs::PermissionsExt;
    let dir = common::scratch("hang");
    let script = dir.join("mute-engine.sh");
    // Answers the handshake, then never a bestmove.
    std::fs::write(&script, "#!/bin/sh\nwhile read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; quit) exit 0;; esac; done\n").unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_jieqi"))
        .args([
            "match",
            &format!("uci:{}", script.display()),
            "easy:200",
            "--games",
            "1",
            "--movetime",
            "50",
            "--jobs",
            "1",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("wins 0  draws 0  losses 1"), "{text}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("forfeits"));
}

/// A perpetual check whose cycle began before the root: after a9, e8, a8,
/// e9 (every Red move a check), a8a9 brings back the position after the
/// first move. Where perpetual check loses, the search must score that
/// move as a loss for Red (the game's earlier checks come with its
/// repetition keys); where it is a draw, as a draw.
#[test]
fn perpetual_check_reaching_back_before_the_root() {
    for (rules, loses) in [
        (RuleSet::Jieqi, true),
        (RuleSet::Xiangqi, true),
        (RuleSet::ChessPlayX, false),
        (RuleSet::Vietnam, false),
    ] {
        let mut g = Game::from_fen_seeded("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", rules, 1).unwrap();
        for m in ["a0a9", "e9e8", "a9a8", "e8e9"] {
            g.play(mv(m)).unwrap();
        }
        let view = g.view(Seat::Red);
        let mut s = Searcher::new(4);
        let stop = AtomicBool::new(false);
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        let root = ai::RootOptions {
            searchmoves: vec![mv("a8a9")],
            multipv: 1,
        };
        let r = s.search_with(
            &view.position,
            &view.recent,
            limits,
            Noise::default(),
            &root,
            &stop,
            &mut |_| {},
        );
        assert_eq!(r.best, Some(mv("a8a9")));
        if loses {
            assert!(
                r.score < -ai::eval::MATE_BOUND + 1000,
                "{rules:?}: a8a9 scored {}",
                r.score
            );
        } else {
            assert_eq!(r.score, 0, "{rules:?}: a8a9 repeats, a draw");
        }
        // The winning side is not fooled either: with Red's other moves
        // allowed, Red (a chariot up) does not repeat where that loses.
        let r = s.search(
            &view.position,
            &view.recent,
            limits,
            Noise::default(),
            &stop,
            &mut |_| {},
        );
        if loses {
            assert_ne!(r.best, Some(mv("a8a9")), "{rules:?}");
        }
    }
}
