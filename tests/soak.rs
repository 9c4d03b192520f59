//! A short soak in every run (the long one is `jieqi soak --games 100000`).

use jieqi::cli::soak::soak;
use jieqi::rules::RuleSet;

#[test]
fn a_short_soak_of_every_rule_set_keeps_every_invariant() {
    let r = soak(24, None, 11, 2).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.games, 24);
    assert!(r.engine_games >= 2);
    assert!(r.plies > 1000, "{r}");
    assert!(r.restores >= 24 * 3, "{r}");
}

#[test]
fn the_soak_report_does_not_depend_on_threads() {
    // Xiangqi from the soak's own start always passes; the report is stable
    // whatever the number of threads.
    let a = soak(6, Some(RuleSet::Xiangqi), 5, 1).unwrap();
    let b = soak(6, Some(RuleSet::Xiangqi), 5, 3).unwrap();
    assert_eq!(a, b);
}
