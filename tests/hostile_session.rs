//! Problems a hostile tester found in the session (issue 10), kept as
//! regression tests: clocks after take-backs and reloads, and a worker
//! given up on that must not look like an AI thinking.

use jieqi::ai::Level;
use jieqi::rules::Color;
use jieqi::session::{
    Config, Effect, Event, Opponent, Purpose, Session, Takebacks, ThinkRequest, TimeControl,
};

fn timed(opponent: Opponent, takebacks: Takebacks) -> Config {
    Config {
        rules: jieqi::rules::RuleSet::Jieqi,
        opponent,
        human: Color::Red,
        takebacks,
        clock: Some(TimeControl::new(3, 2)),
    }
}

fn ready(c: Config, seed: u64) -> Session {
    let mut s = Session::seeded(c, seed, 0.0);
    s.handle(Event::SetAnimation(0.0), 0.0);
    s.handle(Event::WorkerReady, 0.0);
    s
}

fn think(fx: &[Effect]) -> Option<ThinkRequest> {
    fx.iter().find_map(|e| match e {
        Effect::Think(r) => Some(r.clone()),
        _ => None,
    })
}

/// A quiet first move (the general steps up: nothing revealed).
const QUIET: &str = "e0e1";

/// Two players, timed: after a take-back, the clock that runs must be the
/// side to move's. Today the clock of the side that just had its move taken
/// back stops and the OTHER side's keeps running, so from then on each
/// player is charged for the opponent's thinking time.
#[test]
fn takeback_keeps_the_running_clock_on_the_side_to_move_two_players() {
    let mut s = ready(timed(Opponent::Human, Takebacks::Fair), 7);
    s.handle(Event::Typed(QUIET.into()), 1_000.0); // Red; Black's clock starts
    s.handle(Event::Typed("e9e8".into()), 2_000.0); // Black; Red's clock runs
    s.handle(Event::Typed("e1e0".into()), 3_000.0); // Red; Black's clock runs
    assert_eq!(s.game().turn(), Color::Black);
    s.handle(Event::Undo, 4_000.0); // back to Red to move
    assert_eq!(s.game().turn(), Color::Red);
    let running = s.clock().and_then(|c| c.running_side());
    assert_eq!(
        running,
        Some(Color::Red),
        "Red is to move after the take-back, but {running:?}'s clock runs"
    );
}

/// Against the AI, timed: the player takes back a quiet move before the AI
/// answers. The player's clock must run again; today the AI's runs while
/// the player thinks (and the player's while the AI thinks, for the rest
/// of the game): the AI can lose on time through the player's thinking.
#[test]
fn takeback_against_the_ai_gives_the_clock_back_to_the_player() {
    let mut s = ready(timed(Opponent::Ai(Level::Medium), Takebacks::Fair), 11);
    let fx = s.handle(Event::Typed(QUIET.into()), 1_000.0);
    let req = think(&fx).expect("the AI is asked");
    let fx = s.handle(
        Event::AiReply {
            id: req.id,
            mv: Some("e9e8".into()),
        },
        2_000.0,
    );
    assert!(think(&fx).is_none());
    // Red's second quiet move, taken back before the AI answers.
    let fx = s.handle(Event::Typed("e1e0".into()), 3_000.0);
    assert!(think(&fx).is_some());
    s.handle(Event::Undo, 3_500.0);
    assert_eq!(s.game().turn(), Color::Red);
    assert_eq!(
        s.clock().and_then(|c| c.running_side()),
        Some(Color::Red),
        "the player is to move, so the player's clock must run"
    );
    // The player thinks for 170 s: the AI must not lose on time for it.
    s.handle(Event::Tick, 173_500.0);
    assert!(
        s.game().outcome().is_none(),
        "the AI lost on time while the player was thinking: {:?}",
        s.game().outcome()
    );
}

/// Timed game against the AI: a reload must not give the player back the
/// time spent thinking since the last move. Whatever the page stores at the
/// moment of the reload (`saved()` is called at t = 150 s, i.e. as late as
/// possible), the restored clock gives Red the time it had at the last
/// move (about 3 minutes) instead of about 30 s.
#[test]
fn reload_does_not_refill_the_player_clock() {
    let mut s = ready(timed(Opponent::Ai(Level::Medium), Takebacks::Fair), 3);
    let fx = s.handle(Event::Typed(QUIET.into()), 1_000.0);
    let req = think(&fx).expect("the AI is asked");
    assert_eq!(req.purpose, Purpose::Move);
    s.handle(
        Event::AiReply {
            id: req.id,
            mv: Some("e9e8".into()),
        },
        2_000.0,
    );
    // Red thinks for 148 s, then reloads the page.
    let t = 150_000.0;
    s.handle(Event::Tick, t);
    let before = s.clock().unwrap().remaining(Color::Red, t);
    assert!(before < 40_000, "Red used its time: {before}");
    let saved = s.saved();
    let back = Session::restore(&saved, t).expect("restores");
    let after = back.clock().unwrap().remaining(Color::Red, t);
    assert!(
        after <= before,
        "a reload gave Red {} s back ({before} ms left before, {after} ms after)",
        (after - before) / 1000
    );
}

/// After the worker has failed for good, the player moves: the status must
/// keep saying the AI stopped (the contract: "a clear message if it keeps
/// failing"). Today the move wipes the message and the status says
/// "Thinking… 0 s" for ever, although nothing is thinking.
#[test]
fn a_dead_worker_is_not_shown_as_thinking_after_a_move() {
    use jieqi::session::{Message, Status, Worker};
    let mut s = ready(
        Config {
            clock: None,
            ..timed(Opponent::Ai(Level::Medium), Takebacks::Fair)
        },
        5,
    );
    for _ in 0..jieqi::session::WORKER_ATTEMPTS {
        s.handle(Event::WorkerFailed, 100.0);
    }
    assert_eq!(s.worker(), Worker::Failed);
    assert_eq!(s.status(), Status::Message(Message::WorkerFailed));
    let fx = s.handle(Event::Typed(QUIET.into()), 1_000.0);
    assert!(think(&fx).is_none(), "no worker to ask");
    s.handle(Event::Tick, 60_000.0);
    assert_eq!(
        s.status(),
        Status::Message(Message::WorkerFailed),
        "a minute later the status still claims the AI is thinking"
    );
}
