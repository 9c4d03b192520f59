//! Clocks in the game flow: they start with the first move, charge the side
//! to move, add the increment, flag a side that runs out (a loss on time,
//! saved and restored), go to the AI with its request, and survive a reload
//! without charging the time the page was closed.

use jieqi::ai::Level;
use jieqi::rules::{Color, Reason, RuleSet};
use jieqi::session::{Config, Effect, Event, Opponent, Post, Session, Takebacks, TimeControl};

const THREE_TWO: TimeControl = TimeControl {
    base_ms: 180_000,
    increment_ms: 2_000,
};

fn config(opponent: Opponent) -> Config {
    Config {
        rules: RuleSet::Xiangqi,
        opponent,
        human: Color::Red,
        takebacks: Takebacks::Fair,
        clock: Some(THREE_TWO),
    }
}

fn ready(c: Config) -> Session {
    let mut s = Session::seeded(c, 5, 0.0);
    s.handle(Event::SetAnimation(0.0), 0.0);
    s.handle(Event::WorkerReady, 0.0);
    s
}

fn typed(s: &mut Session, text: &str, now: f64) -> Vec<Effect> {
    s.handle(Event::Typed(text.into()), now)
}

fn remaining(s: &Session, c: Color) -> u64 {
    s.clock().expect("a clock").remaining(c, s.now())
}

#[test]
fn the_first_move_starts_the_other_clock_and_each_move_adds_the_increment() {
    let mut s = ready(config(Opponent::Human));
    // Thinking before the first move costs nothing.
    typed(&mut s, "h2e2", 50_000.0);
    assert_eq!(s.game().ply(), 1);
    assert_eq!(remaining(&s, Color::Red), 180_000);
    // Black thinks 10 s: charged, then the increment.
    typed(&mut s, "h7e7", 60_000.0);
    assert_eq!(remaining(&s, Color::Black), 180_000 - 10_000 + 2_000);
    // Red's clock runs now, Black's stands.
    s.handle(Event::Tick, 65_000.0);
    assert_eq!(remaining(&s, Color::Red), 175_000);
    assert_eq!(remaining(&s, Color::Black), 172_000);
    let strip = s.strip(Color::Red);
    assert!(strip.running && !s.strip(Color::Black).running);
}

#[test]
fn a_flag_fall_loses_on_time_and_stays_lost_after_a_reload() {
    let mut s = ready(config(Opponent::Human));
    typed(&mut s, "h2e2", 1_000.0);
    // Black never moves: after 3 minutes its flag falls.
    let fx = s.handle(Event::Tick, 1_000.0 + 180_000.0 + 1.0);
    let o = s.game().outcome().expect("lost on time");
    assert_eq!((o.winner, o.reason), (Some(Color::Red), Reason::Time));
    assert!(fx.contains(&Effect::ShowResult));
    assert!(fx.contains(&Effect::Save));
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::Post(Post::GameOver { .. }))));
    // No move after the flag.
    typed(&mut s, "h7e7", 200_000.0);
    assert_eq!(s.game().ply(), 1);
    // Saved and restored: still lost on time, the clock stopped.
    let saved = s.saved();
    let back = Session::restore(&saved, 500_000.0).expect("restores");
    let o2 = back.game().outcome().expect("still over");
    assert_eq!((o2.winner, o2.reason), (Some(Color::Red), Reason::Time));
    assert!(back.clock().unwrap().running.is_none());
}

#[test]
fn a_reload_keeps_the_times_and_does_not_charge_the_time_away() {
    let mut s = ready(config(Opponent::Human));
    typed(&mut s, "h2e2", 0.0);
    typed(&mut s, "h7e7", 30_000.0); // Black used 30 s
    s.handle(Event::Tick, 40_000.0); // Red has used 10 s so far
    let saved = s.saved();
    // The page comes back an hour later.
    let mut back = Session::restore(&saved, 3_600_000.0).expect("restores");
    assert_eq!(back.game().outcome(), None);
    let c = back.clock().unwrap();
    assert_eq!(
        c.remaining(Color::Black, back.now()),
        180_000 - 30_000 + 2_000
    );
    let red = c.remaining(Color::Red, back.now());
    assert!(
        (170_000..=180_000).contains(&red),
        "Red keeps what it had ({red} ms), not minus an hour"
    );
    // Red's clock runs again from the reload.
    back.handle(Event::Tick, 3_605_000.0);
    assert_eq!(
        back.clock().unwrap().remaining(Color::Red, back.now()),
        red - 5_000
    );
}

#[test]
fn the_ai_gets_its_own_clock_with_its_request() {
    let mut s = ready(config(Opponent::Ai(Level::Hard)));
    let fx = typed(&mut s, "h2e2", 0.0);
    let req = fx
        .iter()
        .find_map(|e| match e {
            Effect::Think(r) => Some(r.clone()),
            _ => None,
        })
        .expect("the AI is asked");
    let clock = req.clock.expect("the request carries the AI's clock");
    assert_eq!(clock.remaining_ms, 180_000.0);
    assert_eq!(clock.increment_ms, 2_000.0);
    // Its time on this clock is a slice, never the whole.
    let budget = Level::Hard.time_ms(Some(&clock));
    assert!(budget <= 180_000.0 / 5.0, "{budget}");
}
