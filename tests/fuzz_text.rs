//! Structured fuzzing reaches deep into every reader (see `cli::fuzz`):
//! these thresholds fail if the generator stops getting past the first
//! checks, which is how the old random-byte tests went vacuous.

use jieqi::cli::fuzz::fuzz;

#[test]
fn mutated_texts_reach_every_stage_of_the_readers() {
    let r = fuzz(6000, 7);
    println!("{r}");
    let fen = r.total("fen");
    assert_eq!(fen, 6000);
    // A good share parses and is played on; many distinct refusals show
    // the inputs got past the syntax checks into the semantic ones.
    assert!(r.count("fen", "accepted") * 5 > fen, "{r}");
    assert_eq!(
        r.count("fen (accepted, then played on)", "played"),
        r.count("fen", "accepted")
    );
    assert!(r.kinds("fen") >= 10, "{r}");
    for deep in [
        "TooMany",
        "PoolTooSmall",
        "CounterTooLarge",
        "Counter",
        "RankWidth",
        "Pool",
        "OpponentInCheck",
    ] {
        assert!(r.count("fen", deep) > 0, "no input reached {deep}: {r}");
    }
    let mv = r.total("move text");
    assert!(r.count("move text", "accepted") * 5 > mv, "{r}");
    for deep in ["Illegal", "Reveal", "Syntax", "NoPiece"] {
        assert!(
            r.count("move text", deep) > 0,
            "no input reached {deep}: {r}"
        );
    }
    let sg = r.total("saved game");
    assert!(r.count("saved game", "resumed") * 5 > sg, "{r}");
    for deep in [
        "not a saved game (JSON)",
        "Version",
        "Rules",
        "Opponent",
        "Side",
        "Record",
    ] {
        assert!(
            r.count("saved game", deep) > 0,
            "no saved game reached {deep}: {r}"
        );
    }
    assert!(
        r.count("url parameters", "accepted") > 0
            && r.count("url parameters", "accepted with warnings") > 0,
        "{r}"
    );
    assert!(
        r.count("embed message", "accepted") > 0 && r.count("embed message", "refused") > 0,
        "{r}"
    );
    let nt = r.total("notation");
    assert!(r.count("notation", "accepted") * 5 > nt, "{r}");
    assert!(r.kinds("notation") >= 3, "{r}");
}

#[test]
#[ignore = "long: run with `cargo test --release --test fuzz_text -- --ignored` (FUZZ_CASES=1000000)"]
fn a_million_mutated_texts() {
    let n = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let r = fuzz(n, 2026);
    println!("{r}");
}
