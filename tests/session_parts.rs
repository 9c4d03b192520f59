//! The session's building blocks: settings, clocks, export and import of a
//! game (text and link), the saved game's version 2, and the `undo` and
//! `clock` parameters.

use jieqi::ai::Level;
use jieqi::params::{parse_message, parse_query, MessageFields};
use jieqi::rules::xiangqi::notation::Notation;
use jieqi::rules::{Color, Game, Outcome, Reason, RestoreError, RuleSet, Seat};
use jieqi::saved::{SavedError, SavedGame};
use jieqi::session::clock::{Clock, ClockError, TimeControl, MAX_REMAINING_MS};
use jieqi::session::config::{Opponent, Takebacks};
use jieqi::session::export::{
    from_fragment, parse_text, to_fragment, to_text, ExportError, GameRecord, ResultError,
};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

const ALL_RULES: [RuleSet; 4] = [
    RuleSet::Jieqi,
    RuleSet::ChessPlayX,
    RuleSet::Vietnam,
    RuleSet::Xiangqi,
];

struct Rng(Xoshiro256PlusPlus);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(Xoshiro256PlusPlus::seed_from_u64(seed))
    }
    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n.max(1) as u64) as usize
    }
}

/// A seeded game of up to `plies` random legal moves (fewer if it ends).
fn random_game(rules: RuleSet, seed: u64, plies: usize) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::seeded(rules, seed);
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal.as_slice()[rng.below(legal.len())];
        game.play(m).expect("a legal move plays");
    }
    game
}

// ---- settings ----

#[test]
fn opponents_and_takeback_policies_read_back_their_ids() {
    let mut all = vec![Opponent::Human];
    all.extend(Level::ALL.map(Opponent::Ai));
    for o in all {
        assert_eq!(Opponent::parse(o.id()), Some(o));
    }
    assert_eq!(Opponent::Human.level(), None);
    assert_eq!(Opponent::Ai(Level::Hard).level(), Some(Level::Hard));
    for bad in ["", "god", "humans"] {
        assert_eq!(Opponent::parse(bad), None, "{bad}");
    }
    assert_eq!(Takebacks::default(), Takebacks::Fair);
    let ids: Vec<_> = Takebacks::ALL.iter().map(|t| t.id()).collect();
    assert_eq!(ids, ["fair", "casual", "off"]);
    for t in Takebacks::ALL {
        assert_eq!(Takebacks::from_id(t.id()), Some(t));
    }
    assert_eq!(Takebacks::from_id("always"), None);
}

// ---- clocks ----

#[test]
fn time_controls_are_minutes_plus_seconds() {
    let ids: Vec<_> = TimeControl::PRESETS.iter().map(|c| c.id()).collect();
    assert_eq!(ids, ["3+2", "5+3", "10+5", "15+10"]);
    assert_eq!(
        TimeControl::PRESETS[1],
        TimeControl {
            base_ms: 300_000,
            increment_ms: 3_000
        }
    );
    for c in TimeControl::PRESETS {
        assert_eq!(TimeControl::from_id(&c.id()), Some(c));
    }
    assert_eq!(TimeControl::from_id("1+0"), Some(TimeControl::new(1, 0)));
    assert_eq!(
        TimeControl::from_id(" 180+180 "),
        Some(TimeControl::new(180, 180))
    );
    for bad in [
        "",
        "+",
        "5",
        "5+",
        "+3",
        "0+5",
        "181+0",
        "5+181",
        "-1+2",
        "5+-2",
        "5+3+1",
        "5.5+3",
        "1e2+0",
        "５+3",
        "5 +3",
        "0005+3",
        "99999999999999999999999+1",
    ] {
        assert_eq!(TimeControl::from_id(bad), None, "{bad:?}");
    }
}

#[test]
fn a_move_charges_the_mover_adds_the_increment_and_starts_the_other_clock() {
    let mut c = Clock::new(TimeControl::new(5, 3));
    assert_eq!(c.remaining(Color::Red, 1e9), 300_000, "nothing runs yet");
    c.start(Color::Red, 1_000.0);
    assert_eq!(c.remaining(Color::Red, 3_000.0), 298_000);
    assert_eq!(c.remaining(Color::Black, 3_000.0), 300_000);
    assert_eq!(c.moved(3_000.0), Ok(()));
    assert_eq!(c.remaining_ms, [301_000, 300_000]);
    assert_eq!(c.running, Some((Color::Black, 3_000.0)));
    // Part of a millisecond is charged as a whole one: never given away.
    assert_eq!(c.remaining(Color::Black, 4_000.5), 298_999);
    c.pause(4_000.5);
    assert_eq!(c.running, None);
    assert_eq!(c.remaining_ms, [301_000, 298_999]);
    assert_eq!(
        c.remaining(Color::Black, 1e9),
        298_999,
        "a paused clock stands"
    );
    c.start(Color::Black, 10_000.0);
    assert_eq!(c.remaining(Color::Black, 10_999.0), 298_000);
}

#[test]
fn a_side_that_runs_out_loses_on_its_move_or_when_asked() {
    let mut c = Clock::new(TimeControl::new(3, 2));
    c.start(Color::Red, 0.0);
    assert_eq!(c.flagged(179_999.0), None);
    assert_eq!(c.remaining(Color::Red, 179_999.0), 1);
    assert_eq!(c.flagged(180_000.0), Some(Color::Red));
    assert_eq!(c.remaining(Color::Red, 1e12), 0, "saturates at 0");
    assert_eq!(c.moved(180_000.0), Err(Color::Red));
    assert_eq!(c.running, None);
    assert_eq!(c.remaining_ms[Color::Red.index()], 0);
    assert_eq!(c.flagged(0.0), Some(Color::Red), "a flag stays down");
    // A move just in time gets the increment.
    let mut c = Clock::new(TimeControl::new(3, 2));
    c.start(Color::Black, 0.0);
    assert_eq!(c.moved(179_999.0), Ok(()));
    assert_eq!(c.remaining_ms[Color::Black.index()], 2_001);
    // No clock runs: a move changes nothing.
    let mut c = Clock::new(TimeControl::new(3, 2));
    assert_eq!(c.moved(5.0), Ok(()));
    assert_eq!(c, Clock::new(TimeControl::new(3, 2)));
}

#[test]
fn bad_or_backward_readings_never_give_time() {
    let mut c = Clock::new(TimeControl::new(5, 0));
    c.start(Color::Red, 10_000.0);
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 9_000.0, -1.0] {
        assert_eq!(c.remaining(Color::Red, bad), 300_000, "{bad}");
        assert_eq!(c.flagged(bad), None);
    }
    // A backward reading does not move the running clock's start back.
    c.start(Color::Red, 5_000.0);
    assert_eq!(c.running, Some((Color::Red, 10_000.0)));
    c.pause(f64::NAN);
    assert_eq!(c.remaining_ms, [300_000, 300_000]);
    // No clock starts at an unknown time.
    c.start(Color::Black, f64::NAN);
    assert_eq!(c.running, None);

    // Random operations with random readings: never more time than the
    // base plus the increments of the moves made.
    let control = TimeControl::new(1, 1);
    let mut rng = Rng::new(11);
    for _ in 0..200 {
        let mut c = Clock::new(control);
        let mut moves = 0u64;
        for _ in 0..40 {
            let now = match rng.below(6) {
                0 => f64::NAN,
                1 => f64::INFINITY,
                2 => -(rng.below(1000) as f64),
                _ => rng.below(200_000) as f64 + 0.25,
            };
            match rng.below(5) {
                0 => c.start(Color::ALL[rng.below(2)], now),
                1 => c.pause(now),
                2 => {
                    if c.running.is_some() && c.moved(now).is_ok() {
                        moves += 1;
                    }
                }
                _ => {
                    let _ = c.flagged(now);
                }
            }
            let total: u64 = Color::ALL.iter().map(|&s| c.remaining(s, now)).sum();
            assert!(
                total <= 2 * control.base_ms + moves * control.increment_ms,
                "{c:?}"
            );
        }
    }
}

#[test]
fn a_clock_from_outside_is_checked() {
    let mut c = Clock::new(TimeControl::PRESETS[0]);
    c.start(Color::Red, 12.5);
    assert_eq!(c.check(), Ok(()));
    let json = serde_json::to_string(&c).unwrap();
    assert_eq!(serde_json::from_str::<Clock>(&json).unwrap(), c);
    let bad = Clock::new(TimeControl {
        base_ms: 0,
        increment_ms: 0,
    });
    assert!(matches!(bad.check(), Err(ClockError::Control(_))));
    let bad = Clock::new(TimeControl {
        base_ms: 61_500,
        increment_ms: 0,
    });
    assert!(matches!(bad.check(), Err(ClockError::Control(_))));
    let mut bad = c.clone();
    bad.remaining_ms[1] = MAX_REMAINING_MS + 1;
    assert!(matches!(
        bad.check(),
        Err(ClockError::Remaining {
            side: Color::Black,
            ..
        })
    ));
    let mut bad = c.clone();
    bad.running = Some((Color::Red, f64::INFINITY));
    assert_eq!(bad.check(), Err(ClockError::Start));
}

// ---- export ----

/// Every record a page can export: each seat's and the referee's.
fn records(game: &Game, takebacks: u32) -> Vec<GameRecord> {
    [
        Some(Seat::Red),
        Some(Seat::Black),
        Some(Seat::Spectator),
        None,
    ]
    .into_iter()
    .map(|seat| GameRecord::from_game(game, seat, takebacks))
    .collect()
}

#[test]
fn random_games_of_every_rule_set_survive_text_and_link() {
    let mut finished = 0;
    for rules in ALL_RULES {
        for seed in 0..6u64 {
            let plies = [0, 1, 7, 40, 300, 800][seed as usize];
            let mut game = random_game(rules, seed * 31 + 5, plies);
            if seed == 3 {
                game.resign(game.turn());
            }
            finished += usize::from(game.outcome().is_some());
            for (i, r) in records(&game, seed as u32).into_iter().enumerate() {
                let n = Notation::ALL[i % 4];
                let text = to_text(&r, n);
                assert_eq!(parse_text(&text), Ok(r.clone()), "{rules:?} {seed}\n{text}");
                let link = to_fragment(&r);
                assert!(
                    link.bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b"=/_-.".contains(&b)),
                    "{link}"
                );
                assert_eq!(from_fragment(&link), Ok(r.clone()), "{link}");
                assert_eq!(from_fragment(&format!("#{link}")), Ok(r.clone()));
                let again = r.to_game().expect("restores");
                assert_eq!(again.outcome(), game.outcome());
                assert_eq!(again.ply(), game.ply());
            }
        }
    }
    assert!(finished >= 8, "too few finished games: {finished}");
}

fn record_of(rules: RuleSet, moves: &[&str], result: Option<Outcome>) -> GameRecord {
    let game = Game::seeded(rules, 1);
    GameRecord {
        result,
        moves: moves.iter().map(|m| m.to_string()).collect(),
        ..GameRecord::from_game(&game, None, 0)
    }
}

#[test]
fn the_text_has_headers_numbered_moves_and_the_exact_moves() {
    let resigned = Outcome {
        winner: Some(Color::Black),
        reason: Reason::Resignation,
    };
    let r = GameRecord {
        takebacks: 2,
        ..record_of(RuleSet::Xiangqi, &["h2e2", "h9g7", "h0g2"], Some(resigned))
    };
    let text = to_text(&r, Notation::Wxf);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], r#"[Game "Jieqi"]"#);
    assert_eq!(lines[1], r#"[Rules "xiangqi"]"#);
    assert!(
        lines[2].starts_with(r#"[FEN "rnbakabnr/9/1c5c1/"#),
        "{text}"
    );
    assert!(lines.contains(&r#"[Result "0-1"]"#), "{text}");
    assert!(lines.contains(&r#"[Reason "resignation"]"#), "{text}");
    assert!(lines.contains(&r#"[Takebacks "2"]"#), "{text}");
    assert!(lines.contains(&"1. C2.5 H8+7 2. H2+3"), "{text}");
    assert_eq!(*lines.last().unwrap(), "Moves: h2e2 h9g7 h0g2");
    let zh = to_text(&r, Notation::Chinese);
    assert!(zh.contains("1. 炮二平五"), "{zh}");
    // Jieqi: a face-down mover has its mark; an unfinished game is `*`.
    let r = record_of(RuleSet::Jieqi, &["h2e2C", "h7e7c"], None);
    let text = to_text(&r, Notation::Wxf);
    assert!(text.contains("1. XC2.5 XC8.5"), "{text}");
    assert!(text.contains(r#"[Result "*"]"#) && !text.contains("Reason"));
    // A record that does not replay is still written, in move text.
    let r = record_of(RuleSet::Xiangqi, &["h2e2", "zz"], None);
    assert!(to_text(&r, Notation::Wxf).contains("1. h2e2 zz"));
}

#[test]
fn import_tolerates_line_ends_blank_lines_and_missing_headers() {
    let text = "\u{feff}[Rules \"xiangqi\"]\r\n\r\n\r\n[Event \"club\"]\r\n1. C2.5 H8+7\r\nmoves: h2e2\r\n  h9g7  \r\n\r\n";
    let r = parse_text(text).expect("reads");
    assert_eq!(r, record_of(RuleSet::Xiangqi, &["h2e2", "h9g7"], None));
    let empty = parse_text("[Rules \"jieqi\"]\nMoves:").expect("no moves is a game");
    assert!(empty.moves.is_empty());
}

#[test]
fn import_says_which_move_or_field_is_wrong() {
    let err = |t: &str| parse_text(t).unwrap_err();
    let head = "[Rules \"xiangqi\"]\n";
    match err(&format!("{head}Moves: h2e2 h9g7 h2e3")) {
        ExportError::Move(RestoreError::Text { ply: 2, .. }) => {}
        e => panic!("{e:?}"),
    }
    let e = err(&format!("{head}Moves: h2e2 h9g7 h2e3"));
    assert!(e.to_string().starts_with("move 3 (h2e3)"), "{e}");
    // Without [Game] or [Rules] the reader cannot tell which game it is,
    // and says so; with [Game "Jieqi"] the missing header is [Rules].
    assert!(matches!(err("Moves: h2e2"), ExportError::NoGame));
    assert!(err("Moves: h2e2").to_string().contains("[Game \"chess\"]"));
    assert!(matches!(
        err("[Game \"Jieqi\"]\nMoves: h2e2"),
        ExportError::MissingHeader("Rules")
    ));
    // A chess export whose [Game] line was lost.
    assert!(matches!(
        err("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n[Winner \"white\"]\n\nMoves: e2e4"),
        ExportError::NoGame
    ));
    assert!(matches!(err(head), ExportError::NoMoves));
    assert!(matches!(
        err("[Rules \"chess\"]\nMoves:"),
        ExportError::Rules(_)
    ));
    assert!(matches!(
        err("[Game \"Chess\"]\n[Rules \"jieqi\"]\nMoves:"),
        ExportError::NotJieqi(_)
    ));
    assert!(matches!(
        err("[Rules \"jieqi\"]\n[Rules xiangqi]\nMoves:"),
        ExportError::Header { line: 2, .. }
    ));
    assert!(matches!(
        err("[Rules \"jieqi\"]\n[rules \"jieqi\"]\nMoves:"),
        ExportError::DuplicateHeader(_)
    ));
    assert!(matches!(
        err(&format!("{head}[FEN \"9/9 w\"]\nMoves:")),
        ExportError::Fen(_)
    ));
    assert!(matches!(
        err(&format!("{head}[Result \"2-0\"]\nMoves:")),
        ExportError::Result(_)
    ));
    assert!(matches!(
        err(&format!(
            "{head}[Result \"1-0\"]\n[Reason \"boredom\"]\nMoves:"
        )),
        ExportError::Reason(_)
    ));
    assert!(matches!(
        err(&format!("{head}[Takebacks \"-1\"]\nMoves:")),
        ExportError::Takebacks(_)
    ));
    // A result the moves do not reach, or that needs a reason.
    assert!(matches!(
        err(&format!(
            "{head}[Result \"1-0\"]\n[Reason \"checkmate\"]\nMoves: h2e2"
        )),
        ExportError::Outcome(ResultError::NotImplied(_))
    ));
    assert!(matches!(
        err(&format!("{head}[Result \"1-0\"]\nMoves: h2e2")),
        ExportError::MissingHeader("Reason")
    ));
    // Bounds.
    let huge = format!("{head}Moves: {}", "h2e2 ".repeat(60_000));
    assert!(matches!(err(&huge), ExportError::TooLarge(_)));
    let long = format!("{head}Moves: {}", "h2e2 ".repeat(4001));
    assert!(matches!(err(&long), ExportError::TooLong(_)));
}

/// A finished game: random plies until the moves end it.
fn finished_game(rules: RuleSet) -> Game {
    (0..)
        .map(|seed| random_game(rules, seed, 2000))
        .find(|g| g.outcome().is_some())
        .unwrap()
}

#[test]
fn a_result_must_agree_with_the_moves() {
    let game = finished_game(RuleSet::Xiangqi);
    let implied = game.outcome().unwrap();
    let r = GameRecord::from_game(&game, None, 0);
    // "*" for a game the moves ended.
    let text = to_text(
        &GameRecord {
            result: None,
            ..r.clone()
        },
        Notation::Wxf,
    );
    assert!(matches!(
        parse_text(&text),
        Err(ExportError::Outcome(ResultError::Contradicts {
            record: None,
            ..
        }))
    ));
    // Another result than the moves'.
    let other = Outcome {
        winner: implied.winner.map(Color::other).or(Some(Color::Red)),
        reason: Reason::Resignation,
    };
    let wrong = GameRecord {
        result: Some(other),
        ..r.clone()
    };
    assert!(matches!(
        parse_text(&to_text(&wrong, Notation::Wxf)),
        Err(ExportError::Outcome(ResultError::Contradicts { .. }))
    ));
    assert!(matches!(
        wrong.to_game(),
        Err(ExportError::Outcome(ResultError::Contradicts { .. }))
    ));
    let link = to_fragment(&GameRecord {
        result: None,
        ..r.clone()
    });
    assert!(matches!(
        from_fragment(&link),
        Err(ExportError::Outcome(ResultError::Contradicts {
            record: None,
            ..
        }))
    ));
    // Without a Result header, the moves say.
    let text = to_text(&r, Notation::Wxf);
    let bare: String = text
        .lines()
        .filter(|l| !l.starts_with("[Result") && !l.starts_with("[Reason"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(parse_text(&bare).unwrap().result, Some(implied));
    // A loss on time is adjudicated where the moves end nothing.
    let timed = GameRecord {
        result: Some(Outcome {
            winner: Some(Color::Black),
            reason: Reason::Time,
        }),
        ..record_of(RuleSet::Jieqi, &["h2e2C"], None)
    };
    assert_eq!(timed.to_game().unwrap().outcome(), timed.result);
    assert_eq!(from_fragment(&to_fragment(&timed)), Ok(timed.clone()));
    let draw_by_resigning = GameRecord {
        result: Some(Outcome {
            winner: None,
            reason: Reason::Resignation,
        }),
        ..timed
    };
    assert!(matches!(
        draw_by_resigning.to_game(),
        Err(ExportError::Outcome(ResultError::NotImplied(_)))
    ));
}

#[test]
fn the_link_is_compact_versioned_and_strict() {
    let r = record_of(RuleSet::Jieqi, &["h2e2C", "h7e7c"], None);
    assert_eq!(to_fragment(&r), "game=v1.jieqi.start.u.0.h2e2C.h7e7c");
    let r = record_of(RuleSet::Xiangqi, &[], None);
    assert_eq!(to_fragment(&r), "game=v1.xiangqi.start.u.0");
    // Another start position: its FEN, spaces as '_'.
    let pos = "5k3/9/9/9/9/9/9/9/4R4/3K5 w - 0 1";
    let r = GameRecord {
        start_fen: pos.into(),
        ..record_of(RuleSet::Xiangqi, &["e1e2"], None)
    };
    let link = to_fragment(&r);
    assert_eq!(
        link,
        "game=v1.xiangqi.5k3/9/9/9/9/9/9/9/4R4/3K5_w_-_0_1.u.0.e1e2"
    );
    assert_eq!(from_fragment(&link), Ok(r));

    let bad = |s: &str| from_fragment(s).unwrap_err();
    assert!(matches!(bad("gamez=v1"), ExportError::NotALink));
    assert!(matches!(
        bad("game=v2.jieqi.start.u.0"),
        ExportError::Version(_)
    ));
    assert!(matches!(bad("game="), ExportError::Version(_)));
    assert!(matches!(
        bad("game=v1.jieqi.start.u.0.h2e2C%20"),
        ExportError::LinkChar('%')
    ));
    assert!(matches!(
        bad("game=v1.jieqi.start.u.0.h2e2C..h7e7c"),
        ExportError::LinkField(_)
    ));
    assert!(matches!(
        bad("game=v1.jieqi.start.u"),
        ExportError::LinkField(_)
    ));
    assert!(matches!(bad("game=v1.jieqi"), ExportError::LinkField(_)));
    assert!(matches!(
        bad("game=v1.chess.start.u.0"),
        ExportError::Rules(_)
    ));
    assert!(matches!(
        bad("game=v1.jieqi.start.x.0"),
        ExportError::Result(_)
    ));
    assert!(matches!(
        bad("game=v1.jieqi.start.rz.0"),
        ExportError::Result(_)
    ));
    assert!(matches!(
        bad("game=v1.jieqi.start.u.-1"),
        ExportError::Takebacks(_)
    ));
    assert!(matches!(bad("game=v1.jieqi.9_w.u.0"), ExportError::Fen(_)));
    assert!(matches!(
        bad("game=v1.jieqi.start.u.0.h2e2C.h7e7"),
        ExportError::Move(RestoreError::Text { ply: 1, .. })
    ));
    let long = format!("game=v1.jieqi.start.u.0{}", ".h2e2".repeat(4001));
    assert!(matches!(bad(&long), ExportError::TooLong(_)));
}

/// One to three random changes to a text: a character replaced, inserted
/// or removed (often next to a character the readers split on, or near
/// the start of a line, where they look for keys), a cut, a line doubled.
fn mutate(s: &str, rng: &mut Rng) -> String {
    const ODD: [char; 14] = [
        '.', ' ', '\n', '"', '[', ']', '#', '_', '9', 'x', 'é', '炮', '炮', '\u{0}',
    ];
    let mut c: Vec<char> = s.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let marks: Vec<usize> = (0..c.len())
            .filter(|&i| matches!(c[i], ':' | '.' | '"' | '[' | ']' | '=' | '\n'))
            .collect();
        let line_starts: Vec<usize> = std::iter::once(0)
            .chain(marks.iter().filter(|&&i| c[i] == '\n').map(|i| i + 1))
            .collect();
        let at = match rng.below(3) {
            0 if !marks.is_empty() => marks[rng.below(marks.len())] + rng.below(2),
            1 => line_starts[rng.below(line_starts.len())] + rng.below(8),
            _ => rng.below(c.len() + 1),
        }
        .min(c.len());
        let odd = ODD[rng.below(ODD.len())];
        match rng.below(5) {
            0 if at < c.len() => c[at] = odd,
            1 => c.insert(at, odd),
            2 if at < c.len() => {
                c.remove(at);
            }
            3 => c.truncate(at),
            _ => {
                let text: String = c.iter().collect();
                let mut lines: Vec<&str> = text.lines().collect();
                if !lines.is_empty() {
                    let k = rng.below(lines.len());
                    lines.insert(k, lines[k]);
                    c = lines.join("\n").chars().collect();
                }
            }
        }
    }
    c.into_iter().collect()
}

#[test]
fn mutated_texts_and_links_never_panic() {
    let mut rng = Rng::new(2026);
    let (mut read, mut refused) = (0, 0);
    for i in 0..1000u64 {
        let rules = ALL_RULES[i as usize % 4];
        let game = random_game(rules, i, rng.below(60));
        let r = GameRecord::from_game(&game, Some(Seat::Red), 0);
        let text = mutate(&to_text(&r, Notation::ALL[rng.below(4)]), &mut rng);
        let link = mutate(&to_fragment(&r), &mut rng);
        for got in [parse_text(&text), from_fragment(&link)] {
            match got {
                Ok(again) => {
                    read += 1;
                    // What is read is a game that writes and reads again.
                    assert_eq!(from_fragment(&to_fragment(&again)), Ok(again.clone()));
                }
                Err(e) => {
                    refused += 1;
                    assert!(!e.to_string().is_empty());
                }
            }
        }
    }
    assert!(
        read > 100 && refused > 500,
        "read {read}, refused {refused}"
    );
}

// ---- saved games ----

#[test]
fn a_version_1_save_still_resumes() {
    let json =
        r#"{"version":1,"rules":"jieqi","opponent":"hard","human":"black","moves":["h2e2C"]}"#;
    let saved: SavedGame = serde_json::from_str(json).unwrap();
    let r = saved.resume().expect("resumes");
    assert_eq!(r.opponent, Opponent::Ai(Level::Hard));
    assert_eq!(r.human, Color::Black);
    assert_eq!(r.takebacks_policy, Takebacks::Fair);
    assert_eq!(r.takebacks, 0);
    assert_eq!(r.clock, None);
    assert_eq!(r.game.ply(), 1);
    assert_eq!(r.game.outcome(), None);
    let v3 = SavedGame {
        version: 3,
        ..saved
    };
    assert!(matches!(v3.resume(), Err(SavedError::Version(3))));
}

#[test]
fn a_version_2_save_keeps_takebacks_clock_and_result() {
    let mut clock = Clock::new(TimeControl::new(10, 5));
    clock.start(Color::Red, 100.0);
    let resigned = Outcome {
        winner: Some(Color::Red),
        reason: Reason::Resignation,
    };
    let saved = SavedGame::new(
        RuleSet::Vietnam,
        Opponent::Human,
        Color::Red,
        vec!["h2e2C".into()],
    )
    .with_takebacks(Takebacks::Casual, 3)
    .with_clock(Some(clock.clone()))
    .with_result(Some(resigned));
    let json = serde_json::to_string(&saved).unwrap();
    let back: SavedGame = serde_json::from_str(&json).unwrap();
    assert_eq!(back, saved);
    assert_eq!(back.version, 2);
    let r = back.resume().expect("resumes");
    assert_eq!(r.opponent, Opponent::Human);
    assert_eq!(r.takebacks_policy, Takebacks::Casual);
    assert_eq!(r.takebacks, 3);
    assert_eq!(r.game.outcome(), Some(resigned));
    // Resumed stopped, with the time it had.
    let c = r.clock.expect("a clock");
    assert_eq!(c.running, None);
    assert_eq!(c.remaining_ms, clock.remaining_ms);

    // Strict: a policy, a clock or a result that cannot be.
    let bad = SavedGame {
        takebacks_policy: "sometimes".into(),
        ..saved.clone()
    };
    assert!(matches!(bad.resume(), Err(SavedError::Takebacks(_))));
    let mut absurd = clock.clone();
    absurd.remaining_ms = [u64::MAX, 0];
    let bad = saved.clone().with_clock(Some(absurd));
    assert!(matches!(
        bad.resume(),
        Err(SavedError::Clock(ClockError::Remaining { .. }))
    ));
    let bad = saved.clone().with_result(Some(Outcome {
        winner: Some(Color::Red),
        reason: Reason::Checkmate,
    }));
    assert!(matches!(
        bad.resume(),
        Err(SavedError::Result(ResultError::NotImplied(_)))
    ));
}

#[test]
fn a_result_the_moves_imply_is_recomputed_and_must_agree() {
    let game = finished_game(RuleSet::Jieqi);
    let implied = game.outcome().unwrap();
    let moves = GameRecord::from_game(&game, None, 0).moves;
    let saved = SavedGame::new(RuleSet::Jieqi, Opponent::Human, Color::Red, moves);
    assert_eq!(saved.resume().unwrap().game.outcome(), Some(implied));
    let same = saved.clone().with_result(Some(implied));
    assert_eq!(same.resume().unwrap().game.outcome(), Some(implied));
    let other = saved.with_result(Some(Outcome {
        winner: Some(implied.winner.map_or(Color::Red, Color::other)),
        reason: Reason::Time,
    }));
    assert!(matches!(
        other.resume(),
        Err(SavedError::Result(ResultError::Contradicts { .. }))
    ));
}

// ---- parameters ----

#[test]
fn undo_and_clock_parameters_are_read_or_ignored_with_a_warning() {
    let (p, w) = parse_query("?undo=casual&clock=5+3");
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(p.takebacks, Some(Takebacks::Casual));
    assert_eq!(p.clock, Some(Some(TimeControl::new(5, 3))));
    let (p, _) = parse_query("?clock=10%2B5&undo=off");
    assert_eq!(p.clock, Some(Some(TimeControl::new(10, 5))));
    assert_eq!(p.takebacks, Some(Takebacks::Off));
    let (p, _) = parse_query("?clock=none");
    assert_eq!(p.clock, Some(None));
    let (p, w) = parse_query("?undo=sometimes&clock=0+0&rules=xiangqi");
    assert_eq!((p.takebacks, p.clock), (None, None));
    assert_eq!(p.rules, Some(RuleSet::Xiangqi));
    assert_eq!(w.len(), 2, "{w:?}");

    let msg = MessageFields {
        version: Some(1.0),
        kind: Some("newGame".into()),
        undo: Some("fair".into()),
        clock: Some("15+10".into()),
        ..MessageFields::default()
    };
    let (g, w) = parse_message(&msg);
    let g = g.expect("a request");
    assert!(w.is_empty());
    assert_eq!(g.takebacks, Some(Takebacks::Fair));
    assert_eq!(g.clock, Some(Some(TimeControl::new(15, 10))));
    let msg = MessageFields {
        undo: Some("FAIR".into()),
        clock: Some("5+3 minutes".into()),
        ..msg
    };
    let (g, w) = parse_message(&msg);
    let g = g.expect("a request");
    assert_eq!((g.takebacks, g.clock), (None, None));
    assert_eq!(w.len(), 2, "{w:?}");
}
