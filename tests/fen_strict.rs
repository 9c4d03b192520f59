//! Every accepted form of position text, and every way it is refused.

use jieqi::rules::xiangqi::fen::{self, ParseFenError, MAX_MOVE_COUNTER};
use jieqi::rules::{Color, Pool, Position, Role, RuleSet};

const BOARD: &str = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX";
/// The face-down piece on b7 was revealed as a cannon and took the face-down
/// piece on b0, known to the reader as a red horse.
const AFTER_CAPTURE: &str = "xxxxkxxxx/9/7x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XcXXKXXXX";

fn parse(text: &str) -> Result<Position, ParseFenError> {
    fen::parse(text, RuleSet::Jieqi)
}

fn pool(p: &Position, c: Color) -> Pool {
    *p.pool(c)
}

fn red(role: Role, p: &Position) -> u8 {
    p.pool(Color::Red).get(role)
}

#[test]
fn jieqibox_six_field_start_equals_the_five_field_start() {
    let six = parse(&format!("{BOARD} w A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1")).unwrap();
    assert_eq!(six, Position::start(RuleSet::Jieqi));
    assert_eq!(parse(fen::JIEQI_START).unwrap(), six);
}

#[test]
fn six_field_pool_is_read_not_rebuilt_from_the_board() {
    // Red's pool misses the captured horse (known as N); black's the cannon.
    let text = format!("{AFTER_CAPTURE} b A2B2N1R2C2P5a2b2n2r2c1p5 N1 3 2");
    let p = parse(&text).unwrap();
    assert_eq!(
        red(Role::Horse, &p),
        1,
        "the captured horse stays out of the pool"
    );
    assert_eq!(p.pool(Color::Black).get(Role::Cannon), 1);
    assert_eq!(p.pool(Color::Red).total(), 14);
    // Read as xiangqi-like text, the old guess put the horse back: never again.
    let five = parse(&format!("{AFTER_CAPTURE} b A2B2N1R2C2P5a2b2n2r2c1p5 3 2")).unwrap();
    assert_eq!(five, p);
    assert_eq!((p.turn(), p.halfmove(), p.fullmove()), (Color::Black, 3, 2));
}

#[test]
fn empty_pool_written_as_two_spaces() {
    let board = "3k5/9/9/9/9/9/9/9/9/4K4";
    let p = parse(&format!("{board} w  N1 12 30")).unwrap();
    assert_eq!(pool(&p, Color::Red), Pool::default());
    assert_eq!((p.halfmove(), p.fullmove()), (12, 30));
    // Both fields empty.
    let q = parse(&format!("{board} w   12 30")).unwrap();
    assert_eq!(q, p);
    // An empty pool with face-down pieces on the board is too small.
    let e = parse(&format!("{AFTER_CAPTURE} w  N1 12 30")).unwrap_err();
    assert!(matches!(e, ParseFenError::PoolTooSmall(_)), "{e}");
}

#[test]
fn legacy_seven_field_form() {
    let legacy = parse(&format!("{BOARD} A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1")).unwrap();
    assert_eq!(legacy, Position::start(RuleSet::Jieqi));
    let p = parse(&format!(
        "{AFTER_CAPTURE} R2A2C2P5N1B2r2a2c1p5n2b2 b - - 4 9"
    ))
    .unwrap();
    assert_eq!(red(Role::Horse, &p), 1);
    assert_eq!((p.turn(), p.halfmove(), p.fullmove()), (Color::Black, 4, 9));
    // Legacy with an empty pool (two spaces).
    let e = parse(&format!("{AFTER_CAPTURE}  b - - 4 9")).unwrap_err();
    assert!(matches!(e, ParseFenError::PoolTooSmall(_)), "{e}");
    let ok = parse("3k5/9/9/9/9/9/9/9/9/4K4  b - - 4 9").unwrap();
    assert_eq!(ok.turn(), Color::Black);
}

#[test]
fn limited_knowledge_form_with_pool_last() {
    let p = parse(&format!("{BOARD} w - - 0 1 A2B2N2R2C2P5a2b2n2r2c2p5")).unwrap();
    assert_eq!(p, Position::start(RuleSet::Jieqi));
}

#[test]
fn pools_in_any_letter_order() {
    let orders = [
        "A2B2N2R2C2P5a2b2n2r2c2p5",
        "p5c2r2n2b2a2P5C2R2N2B2A2",
        "R2A2C2P5N2B2r2a2c2p5n2b2",
        "RRAACCPPPPPNNBBrraaccpppppnnbb",
        "R1A2C2P5N2B2r2a2c2p5n2b2R1",
    ];
    for o in orders {
        let p = parse(&format!("{BOARD} w {o} 0 1")).unwrap_or_else(|e| panic!("{o}: {e}"));
        assert_eq!(p, Position::start(RuleSet::Jieqi), "{o}");
        let q = parse(&format!("{BOARD} w {o} - 0 1")).unwrap_or_else(|e| panic!("{o}: {e}"));
        assert_eq!(q, p, "{o}");
    }
}

#[test]
fn standard_xiangqi_fen_has_nothing_face_down() {
    let x = fen::parse(fen::XIANGQI_START, RuleSet::Xiangqi).unwrap();
    assert_eq!(x, Position::start(RuleSet::Xiangqi));
    // The same text under Jieqi rules: every piece face up, empty pools.
    let j = parse(fen::XIANGQI_START).unwrap();
    assert_eq!(j.pool(Color::Red).total() + j.pool(Color::Black).total(), 0);
    assert_eq!(j.hidden_count(Color::Red), 0);
    // `- -` with face-down pieces is an empty pool, never a guessed one.
    let e = parse(&format!("{BOARD} w - - 0 1")).unwrap_err();
    assert!(matches!(e, ParseFenError::PoolTooSmall(Color::Red)), "{e}");
}

#[test]
fn pool_too_small_in_every_form() {
    for text in [
        format!("{BOARD} w A2B2N2R2C2P4a2b2n2r2c2p5 0 1"),
        format!("{BOARD} w A2B2N2R2C2P4a2b2n2r2c2p5 - 0 1"),
        format!("{BOARD} A2B2N2R2C2P4a2b2n2r2c2p5 w - - 0 1"),
        format!("{BOARD} w - - 0 1 A2B2N2R2C2P4a2b2n2r2c2p5"),
        format!("{BOARD} w A2B2N2R2C2P5a2b2n2r2c2p4"),
    ] {
        let e = parse(&text).unwrap_err();
        assert!(matches!(e, ParseFenError::PoolTooSmall(_)), "{text}: {e}");
        assert!(e.to_string().contains("more face-down pieces"), "{e}");
    }
}

#[test]
fn captured_field_must_be_consistent() {
    // A captured red chariot, but both chariots are still in the pool.
    let e = parse(&format!("{BOARD} w A2B2N2R2C2P5a2b2n2r2c2p5 R1 0 1")).unwrap_err();
    assert!(
        matches!(
            e,
            ParseFenError::TooMany {
                color: Color::Red,
                role: Role::Chariot
            }
        ),
        "{e}"
    );
    // 15 face-down red pieces plus a captured horse: more horses than a side has.
    let e = parse(&format!("{BOARD} w A2B2N2R2C2P5a2b2n2r2c2p5 N1 0 1")).unwrap_err();
    assert!(
        matches!(
            e,
            ParseFenError::TooMany {
                role: Role::Horse,
                ..
            }
        ),
        "{e}"
    );
    // Not a pool at all.
    let e = parse(&format!("{BOARD} w A2B2N2R2C2P5a2b2n2r2c2p5 KQkq 0 1")).unwrap_err();
    assert!(matches!(e, ParseFenError::Pool(_)), "{e}");
    // A third field that is not a pool is refused, never dropped.
    let e = parse(&format!("{BOARD} w zz - 0 1")).unwrap_err();
    assert!(matches!(e, ParseFenError::Pool(_)), "{e}");
}

#[test]
fn chessplayx_never_knows_a_captured_identity() {
    let text = "3k5/9/9/9/9/9/9/9/9/4K4 w - N1 0 1";
    assert!(parse(text).is_ok());
    let e = fen::parse(text, RuleSet::ChessPlayX).unwrap_err();
    assert_eq!(e, ParseFenError::CapturedUnknowable);
    assert!(fen::parse("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", RuleSet::ChessPlayX).is_ok());
}

#[test]
fn move_counters_are_bounded() {
    let b = "3k5/9/9/9/9/9/9/9/9/4K4 w";
    let p = parse(&format!("{b} - - {MAX_MOVE_COUNTER} {MAX_MOVE_COUNTER}")).unwrap();
    assert_eq!(p.fullmove(), MAX_MOVE_COUNTER);
    for bad in [
        format!("{}", MAX_MOVE_COUNTER + 1),
        "4294967295".to_string(),
        "4294967296".to_string(),
        "99999999999999999999999999".to_string(),
    ] {
        let e = parse(&format!("{b} - - 0 {bad}")).unwrap_err();
        assert!(matches!(e, ParseFenError::CounterTooLarge(_)), "{bad}: {e}");
        let e = parse(&format!("{b} {bad} 1")).unwrap_err();
        assert!(matches!(e, ParseFenError::CounterTooLarge(_)), "{bad}: {e}");
    }
    // Leading zeros are fine; signs and other text are not numbers.
    assert_eq!(parse(&format!("{b} - - 0007 0012")).unwrap().halfmove(), 7);
    for bad in ["+5", "-1", "1e3", "x"] {
        let e = parse(&format!("{b} - - {bad} 1")).unwrap_err();
        assert!(matches!(e, ParseFenError::Counter(_)), "{bad}: {e}");
    }
}

#[test]
fn ambiguous_or_malformed_shapes_are_refused() {
    let b = "3k5/9/9/9/9/9/9/9/9/4K4";
    let cases = [
        format!("{b}  - - 0 1"),      // empty side field
        format!("{b} w - - 0  1"),    // empty counter field
        format!("{b} w - - 0 1 - -"), // 8 fields
        format!("{b} w R2 - - 0 1"),  // 7 fields of no known form
        format!("{b} w - 5"),         // pool and a lone counter
    ];
    for text in cases {
        assert!(parse(&text).is_err(), "{text:?} was accepted");
    }
    assert_eq!(parse("   ").unwrap_err(), ParseFenError::Empty);
}

#[test]
fn every_error_has_a_readable_message() {
    let b = "3k5/9/9/9/9/9/9/9/9/4K4";
    let cases = [
        (format!("{b}  - - 0 1"), "field 2 is empty"),
        (format!("{b} w - - 0 1 - -"), "fields"),
        (format!("{b} w - - 0 123456789"), "above the limit"),
        (format!("{b} w - - a 1"), "not a number"),
        (format!("{b} w - N1 0 1"), ""),
    ];
    for (text, want) in cases {
        match fen::parse(&text, RuleSet::ChessPlayX) {
            Err(e) => assert!(e.to_string().contains(want), "{text}: {e}"),
            Ok(_) => panic!("{text} was accepted"),
        }
    }
    let e = fen::parse(&format!("{b} w - N1 0 1"), RuleSet::ChessPlayX).unwrap_err();
    assert!(e.to_string().contains("never reveal"), "{e}");
}
