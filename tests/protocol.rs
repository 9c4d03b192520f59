//! The worker's message handling, natively: the page sends a seat's FEN and
//! gets a legal move back; bad input gets an error, never a panic.

use jieqi::ai::Level;
use jieqi::protocol::{Engine, FromWorker, Purpose, ToWorker};
use jieqi::rules::xiangqi::{fen, movetext};
use jieqi::rules::{Game, RuleSet, Seat};

#[test]
fn think_answers_with_a_legal_move_and_reports_progress() {
    let g = Game::seeded(RuleSet::Jieqi, 3);
    let view = g.view(Seat::Red);
    let msg = ToWorker::Think {
        id: 7,
        fen: fen::write(&view.position),
        rules: RuleSet::Jieqi,
        recent: view.recent.iter().map(|k| format!("{k:x}")).collect(),
        level: Level::Easy,
        seed: 1,
        purpose: Purpose::Move,
        clock: None,
    };
    let mut progress = Vec::new();
    let reply = Engine::with_sizes(1, 1).handle(msg, &mut |p| progress.push(p));
    let FromWorker::BestMove {
        id: 7,
        mv: Some(text),
    } = reply
    else {
        panic!("{reply:?}")
    };
    let m = movetext::parse(&text).unwrap().mv;
    assert!(g.legal_moves().contains(&m));
    assert!(
        progress
            .iter()
            .all(|p| matches!(p, FromWorker::Progress { id: 7, .. }))
            && !progress.is_empty()
    );
}

#[test]
fn a_bad_position_is_an_error_message() {
    let msg = ToWorker::Think {
        id: 2,
        fen: "not a fen".into(),
        rules: RuleSet::Jieqi,
        recent: vec!["zz".into()],
        level: Level::Hard,
        seed: 0,
        purpose: Purpose::Move,
        clock: None,
    };
    let reply = Engine::with_sizes(1, 1).handle(msg, &mut |_| {});
    assert!(
        matches!(reply, FromWorker::Error { id: 2, .. }),
        "{reply:?}"
    );
}
