//! Issue 12, the page's defects a hostile tester found in chess and hidden
//! chess, where the game flow is concerned: nothing the player does while
//! the AI thinks is played or kept for later (either game), and the hint's
//! score reads as a standing from the player's side.

use jieqi::ai::eval::MATE;
use jieqi::ai::Level;
use jieqi::rules::chess::{Kind, Square as ChessSquare, Variant};
use jieqi::rules::{Color, RuleSet, Square};
use jieqi::session::{
    ChessConfig, ChessEffect, ChessEvent, ChessSession, ChessStatus, Config, Effect, Event,
    Opponent, Purpose, Session, Standing, Takebacks, TypedError,
};

fn csq(s: &str) -> ChessSquare {
    ChessSquare::parse(s).unwrap_or_else(|| panic!("bad square {s}"))
}

fn xsq(s: &str) -> Square {
    Square::parse(s).unwrap_or_else(|| panic!("bad point {s}"))
}

fn chess_vs_ai(variant: Variant, anim_ms: f64) -> ChessSession {
    let c = ChessConfig {
        rules: variant,
        opponent: Opponent::Ai(Level::Medium),
        human: Color::Red,
        takebacks: Takebacks::Fair,
        clock: None,
    };
    let mut s = ChessSession::seeded(c, 5, 0.0);
    s.handle(ChessEvent::SetAnimation(anim_ms), 0.0);
    s.handle(ChessEvent::WorkerReady, 0.0);
    s
}

/// The AI's move request among `fx`.
fn chess_think(fx: &[ChessEffect]) -> Option<u32> {
    fx.iter().find_map(|e| match e {
        ChessEffect::Think(r) if r.purpose == Purpose::Move => Some(r.id),
        _ => None,
    })
}

fn board_text(s: &ChessSession) -> String {
    jieqi::rules::chess::fen::write(s.game().board())
}

/// Everything the player can do to the board while the AI thinks: taps on
/// their own pieces and on the AI's, drops, keyboard moves (a tap), typed
/// text for either side, a promotion and a hint. None may be played, kept
/// for later, or select anything that would play once the AI has moved.
fn poke_while_thinking(s: &mut ChessSession, now: f64) {
    let before = board_text(s);
    let ply = s.ply();
    let steps: Vec<ChessEvent> = vec![
        ChessEvent::Tap(Some(csq("d2"))),
        ChessEvent::Tap(Some(csq("d4"))),
        ChessEvent::Drop {
            from: csq("d2"),
            to: csq("d4"),
        },
        ChessEvent::Tap(Some(csq("g1"))),
        ChessEvent::Tap(Some(csq("f3"))),
        ChessEvent::Tap(Some(csq("e7"))),
        ChessEvent::Tap(Some(csq("e5"))),
        ChessEvent::Drop {
            from: csq("e7"),
            to: csq("e5"),
        },
        ChessEvent::Promote(Kind::Queen),
    ];
    for ev in steps {
        let fx = s.handle(ev.clone(), now);
        assert_eq!(s.ply(), ply, "{ev:?} played while the AI thinks");
        assert_eq!(s.selected(), None, "{ev:?} selected while the AI thinks");
        assert!(
            s.dests().is_empty(),
            "{ev:?}: destinations while the AI thinks"
        );
        assert!(
            fx.iter().all(|e| !matches!(e, ChessEffect::Think(_))),
            "{ev:?} asked the worker: {fx:?}"
        );
    }
    for text in ["d4", "Nf3", "e5", "e7e5"] {
        s.handle(ChessEvent::Typed(text.into()), now);
        assert_eq!(s.ply(), ply, "typed {text} played while the AI thinks");
        assert_eq!(s.typed_error(), Some(&TypedError::NotNow), "{text}");
    }
    let fx = s.handle(ChessEvent::Hint, now);
    assert!(
        fx.iter().all(|e| !matches!(e, ChessEffect::Think(_))),
        "a hint asked while the AI thinks: {fx:?}"
    );
    assert_eq!(
        board_text(s),
        before,
        "the board changed while the AI thinks"
    );
    assert!(s.thinking());
}

#[test]
fn chess_taps_drops_keys_and_typing_while_the_ai_thinks_play_nothing() {
    for variant in [Variant::Chess, Variant::HiddenChess] {
        let mut s = chess_vs_ai(variant, 0.0);
        s.handle(ChessEvent::Tap(Some(csq("e2"))), 1.0);
        let fx = s.handle(ChessEvent::Tap(Some(csq("e4"))), 1.0);
        let id = chess_think(&fx).expect("the AI is asked after the player's move");
        poke_while_thinking(&mut s, 2.0);
        // The AI answers: its move is played, and nothing else.
        s.handle(
            ChessEvent::AiReply {
                id,
                mv: Some("e7e5".into()),
            },
            3.0,
        );
        assert_eq!(s.ply(), 2, "{variant:?}: the AI's move and only it");
        assert_eq!(s.last_move(), Some((csq("e7"), csq("e5"))));
        assert_eq!(s.turn(), Color::Red);
        assert_eq!(s.selected(), None, "{variant:?}: no selection left over");
        assert!(s.game().board().piece_at(csq("d2")).is_some());
        assert!(s.game().board().piece_at(csq("d4")).is_none());
        // A tap on a square the player poked at before does not play.
        s.handle(ChessEvent::Tap(Some(csq("d4"))), 4.0);
        assert_eq!(s.ply(), 2);
        // The player's own turn: taps play again.
        s.handle(ChessEvent::Tap(Some(csq("d2"))), 5.0);
        assert_eq!(s.selected(), Some(csq("d2")));
        s.handle(ChessEvent::Tap(Some(csq("d4"))), 5.0);
        assert_eq!(s.ply(), 3, "{variant:?}");
    }
}

/// The AI's answer may arrive while the player's own move still slides:
/// it is held until the slide ends, and the player's taps meanwhile are
/// not theirs to make.
#[test]
fn taps_while_the_ais_answer_waits_for_the_players_slide_play_nothing() {
    let mut s = chess_vs_ai(Variant::HiddenChess, 200.0);
    s.handle(ChessEvent::Tap(Some(csq("e2"))), 0.0);
    let fx = s.handle(ChessEvent::Tap(Some(csq("e4"))), 0.0);
    let id = chess_think(&fx).expect("asked");
    s.handle(
        ChessEvent::AiReply {
            id,
            mv: Some("e7e5".into()),
        },
        50.0,
    );
    assert_eq!(s.ply(), 1, "held until the player's move has slid");
    poke_while_thinking(&mut s, 60.0);
    // Slide and flip done: the AI's move is played, nothing else.
    s.handle(ChessEvent::Tick, 1000.0);
    assert_eq!(s.ply(), 2);
    assert_eq!(s.last_move(), Some((csq("e7"), csq("e5"))));
    assert_eq!(s.selected(), None);
    assert!(s.game().board().piece_at(csq("d2")).is_some());
}

#[test]
fn xiangqi_taps_drops_and_typing_while_the_ai_thinks_play_nothing() {
    for rules in [RuleSet::Xiangqi, RuleSet::Jieqi] {
        let c = Config {
            rules,
            opponent: Opponent::Ai(Level::Medium),
            human: Color::Red,
            takebacks: Takebacks::Fair,
            clock: None,
        };
        let mut s = Session::seeded(c, 9, 0.0);
        s.handle(Event::SetAnimation(0.0), 0.0);
        s.handle(Event::WorkerReady, 0.0);
        s.handle(Event::Tap(Some(xsq("h2"))), 1.0);
        let fx = s.handle(Event::Tap(Some(xsq("e2"))), 1.0);
        let id = fx
            .iter()
            .find_map(|e| match e {
                Effect::Think(r) if r.purpose == Purpose::Move => Some(r.id),
                _ => None,
            })
            .expect("the AI is asked");
        let before = jieqi::rules::xiangqi::fen::write(s.game().board());
        for ev in [
            Event::Tap(Some(xsq("b2"))),
            Event::Tap(Some(xsq("b9"))),
            Event::Drop {
                from: xsq("b2"),
                to: xsq("e2"),
            },
            Event::Tap(Some(xsq("h9"))),
            Event::Tap(Some(xsq("g7"))),
            Event::Drop {
                from: xsq("h9"),
                to: xsq("g7"),
            },
            Event::Typed("b2b9".into()),
            Event::Typed("h9g7".into()),
        ] {
            s.handle(ev.clone(), 2.0);
            assert_eq!(s.game().ply(), 1, "{rules:?}: {ev:?} played");
            assert_eq!(s.selected(), None, "{rules:?}: {ev:?} selected");
        }
        assert_eq!(jieqi::rules::xiangqi::fen::write(s.game().board()), before);
        s.handle(
            Event::AiReply {
                id,
                mv: Some("h9g7".into()),
            },
            3.0,
        );
        assert_eq!(s.game().ply(), 2, "{rules:?}: the AI's move only");
        assert_eq!(s.last_move(), Some((xsq("h9"), xsq("g7"))));
        assert_eq!(s.selected(), None);
    }
}

// ---- the hint's standing ----

#[test]
fn a_score_reads_as_a_standing_and_as_signed_pawns() {
    for (score, want) in [
        (0, Standing::Equal),
        (-6, Standing::Equal),
        (25, Standing::Equal),
        (-25, Standing::Equal),
        (26, Standing::SlightlyAhead),
        (-26, Standing::SlightlyBehind),
        (80, Standing::SlightlyAhead),
        (81, Standing::Ahead),
        (-81, Standing::Behind),
        (250, Standing::Ahead),
        (251, Standing::Winning),
        (-251, Standing::Losing),
        (5000, Standing::Winning),
        (MATE - 1, Standing::Mating(1)),
        (MATE - 3, Standing::Mating(2)),
        (-(MATE - 2), Standing::Mated(1)),
        (-(MATE - 4), Standing::Mated(2)),
    ] {
        assert_eq!(Standing::of(score), want, "score {score}");
    }
    assert_eq!(Standing::pawns(-6).as_deref(), Some("-0.06"));
    assert_eq!(Standing::pawns(0).as_deref(), Some("+0.00"));
    assert_eq!(Standing::pawns(135).as_deref(), Some("+1.35"));
    assert_eq!(Standing::pawns(-1200).as_deref(), Some("-12.00"));
    assert_eq!(Standing::pawns(MATE - 1), None, "a mate is said in words");
}

/// The hint is searched for the player asking, so its score is theirs
/// (to move): the status carries the last score the search reported.
#[test]
fn the_hint_carries_the_players_score() {
    let mut s = chess_vs_ai(Variant::Chess, 0.0);
    let fx = s.handle(ChessEvent::Hint, 1.0);
    let req = fx
        .iter()
        .find_map(|e| match e {
            ChessEffect::Think(r) if r.purpose == Purpose::Hint => Some(r.clone()),
            _ => None,
        })
        .expect("a hint is asked");
    assert!(req.fen.contains(" w "), "searched for White, the player");
    for (depth, score) in [(1, 40), (2, -6)] {
        s.handle(
            ChessEvent::AiProgress {
                id: req.id,
                depth,
                score,
            },
            2.0,
        );
    }
    s.handle(
        ChessEvent::AiReply {
            id: req.id,
            mv: Some("g1f3".into()),
        },
        3.0,
    );
    match s.status() {
        ChessStatus::Hint { text, depth, score } => {
            assert_eq!((text.as_str(), depth, score), ("Nf3", 2, -6));
            assert_eq!(Standing::of(score), Standing::Equal);
        }
        other => panic!("a hint is shown: {other:?}"),
    }
}
