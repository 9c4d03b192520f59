//! `jieqi fuzz`: structured random input through every text reader.
//!
//! Random bytes almost never get past a parser's first check, so the
//! inputs here start from valid texts taken from random games (positions
//! in every rule set, each seat's move texts) and are then mutated: fields
//! swapped, dropped or doubled, counters made huge, pools changed, letters
//! replaced, texts cut short. Every reader must answer without panicking;
//! what it accepts must be usable (a parsed position is played on and
//! written back; a resolved move is legal). The report counts how far the
//! inputs got (accepted, and each kind of refusal), so a generator that
//! stops reaching deep into a parser shows up as a failed threshold in the
//! tests rather than as silent coverage loss.

use std::collections::BTreeMap;

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::ai::Level;
use crate::rules::xiangqi::notation::{self, Notation};
use crate::rules::xiangqi::{fen, movetext};
use crate::rules::{Color, Game, RuleSet, Seat};
use crate::saved::SavedGame;
use crate::session::config::Opponent;

/// How many inputs reached each outcome, per reader.
#[derive(Clone, Debug, Default)]
pub struct FuzzReport {
    /// reader -> outcome ("accepted" or the refusal's kind) -> count
    pub stages: BTreeMap<&'static str, BTreeMap<String, u64>>,
}

impl FuzzReport {
    fn hit(&mut self, reader: &'static str, outcome: impl Into<String>) {
        *self
            .stages
            .entry(reader)
            .or_default()
            .entry(outcome.into())
            .or_default() += 1;
    }

    /// Inputs a reader saw in all.
    pub fn total(&self, reader: &str) -> u64 {
        self.stages.get(reader).map_or(0, |m| m.values().sum())
    }

    /// Inputs with this outcome.
    pub fn count(&self, reader: &str, outcome: &str) -> u64 {
        self.stages
            .get(reader)
            .and_then(|m| m.get(outcome))
            .copied()
            .unwrap_or(0)
    }

    /// Distinct outcomes a reader produced (accepted plus each refusal kind).
    pub fn kinds(&self, reader: &str) -> usize {
        self.stages.get(reader).map_or(0, |m| m.len())
    }
}

impl std::fmt::Display for FuzzReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (reader, outcomes) in &self.stages {
            let total: u64 = outcomes.values().sum();
            writeln!(f, "{reader}: {total} inputs")?;
            for (o, n) in outcomes {
                writeln!(f, "  {n:>9}  {o}")?;
            }
        }
        Ok(())
    }
}

/// The variant name of an error's Debug form (`RankWidth { .. }` -> `RankWidth`).
fn kind(e: &impl std::fmt::Debug) -> String {
    let d = format!("{e:?}");
    d.split(|c: char| !c.is_ascii_alphanumeric())
        .next()
        .unwrap_or("")
        .to_string()
}

struct Rng(Xoshiro256PlusPlus);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }
}

/// A random game of `rules` played for up to `plies` moves.
fn random_game(rules: RuleSet, rng: &mut Rng, plies: usize) -> Game {
    let mut g = Game::seeded(rules, rng.0.next_u64());
    for _ in 0..plies {
        if g.outcome().is_some() {
            break;
        }
        let legal = g.legal_moves();
        let m = *rng.pick(legal.as_slice());
        g.play(m).expect("a legal move");
    }
    g
}

const FEN_ALPHABET: &[u8] = b"xXkKaAbBnNrRcCpPqQ0123456789/- wbr";
const HUGE: [&str; 6] = [
    "4294967296",
    "18446744073709551616",
    "99999999999999999999999",
    "-1",
    "4294967295",
    "1e9",
];

/// One mutation of a valid position text.
fn mutate_fen(text: &str, rng: &mut Rng) -> String {
    let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
    match rng.below(12) {
        0 => {
            let (i, j) = (rng.below(fields.len()), rng.below(fields.len()));
            fields.swap(i, j);
        }
        1 => {
            let i = rng.below(fields.len());
            fields.remove(i);
        }
        2 => {
            let i = rng.below(fields.len());
            let f = fields[i].clone();
            fields.insert(i, f);
        }
        3 => {
            // A huge or odd counter where a counter (or any field) was.
            let i = if fields.len() > 3 && rng.chance(2) {
                fields.len() - 1 - rng.below(2)
            } else {
                rng.below(fields.len())
            };
            fields[i] = rng.pick(&HUGE).to_string();
        }
        4 => {
            // Change a pool count or letter.
            if let Some(i) = fields.iter().position(|f| {
                f.len() > 2 && f.chars().any(|c| c.is_ascii_digit()) && !f.contains('/')
            }) {
                let mut b: Vec<u8> = fields[i].bytes().collect();
                let k = rng.below(b.len());
                b[k] = *rng.pick(b"0123456789ABNRCPKXanbrcpkx-");
                fields[i] = String::from_utf8_lossy(&b).into_owned();
            }
        }
        5 => {
            // The JieqiBox forms: an extra captured field, or the legacy order.
            if fields.len() >= 5 {
                if rng.chance(2) {
                    fields.insert(3, rng.pick(&["-", "N1", "r1a1", "P9", ""]).to_string());
                } else {
                    let pool = fields.remove(2);
                    fields.insert(1, pool);
                    fields.insert(3, "-".into());
                    fields.insert(3, "-".into());
                }
            }
        }
        6 | 7 => {
            // Replace one board character.
            let mut b: Vec<u8> = fields[0].bytes().collect();
            if !b.is_empty() {
                let k = rng.below(b.len());
                b[k] = *rng.pick(FEN_ALPHABET);
            }
            fields[0] = String::from_utf8_lossy(&b).into_owned();
        }
        8 => {
            // Cut the text short anywhere.
            let s = fields.join(" ");
            let cut = rng.below(s.len() + 1);
            return s.get(..cut).unwrap_or(&s).to_string();
        }
        9 if fields.len() > 1 => {
            fields[1] = rng.pick(&["w", "b", "r", "W", "", "x", "wb"]).to_string();
        }
        10 => {
            // Double spaces (an empty field), tabs, or a trailing space.
            let s = fields.join(" ");
            return match rng.below(3) {
                0 => s.replacen(' ', "  ", 1 + rng.below(2)),
                1 => s.replace(' ', "\t"),
                _ => format!("{s} "),
            };
        }
        _ => {
            // Swap two ranks of the board.
            let mut ranks: Vec<&str> = fields[0].split('/').collect();
            let (i, j) = (rng.below(ranks.len()), rng.below(ranks.len()));
            ranks.swap(i, j);
            fields[0] = ranks.join("/");
        }
    }
    fields.join(" ")
}

/// One mutation of a valid move text.
fn mutate_move(text: &str, rng: &mut Rng) -> String {
    let mut b: Vec<u8> = text.bytes().collect();
    match rng.below(7) {
        0 => {
            if !b.is_empty() {
                let k = rng.below(b.len());
                b[k] = *rng.pick(b"abcdefghij0123456789ARBNCPKXarbncpkx ");
            }
        }
        1 => b.push(*rng.pick(b"ARBNCPKXarbncpkx")),
        2 => {
            b.truncate(rng.below(b.len() + 1));
        }
        3 => {
            if b.len() >= 4 {
                let (from, to) = (b[0..2].to_vec(), b[2..4].to_vec());
                b[0..2].copy_from_slice(&to);
                b[2..4].copy_from_slice(&from);
            }
        }
        4 => {
            for c in b.iter_mut().skip(4) {
                *c = if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                };
            }
        }
        5 => {
            if b.len() > 4 {
                b.truncate(4);
            }
        }
        _ => return format!("{text}{}", rng.pick(&["", " ", "\u{00e9}", "RR", "e2"])),
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// One mutation of a display-notation text (character-wise, Unicode-aware).
fn mutate_text(text: &str, n: Notation, rng: &mut Rng) -> String {
    let alphabet: &[char] = match n {
        Notation::Chinese => &[
            '车', '马', '相', '仕', '帅', '炮', '兵', '将', '暗', '前', '后', '中', '进', '退',
            '平', '一', '五', '九', '1', '9', '１', 'x',
        ],
        _ => &[
            'R', 'H', 'E', 'A', 'K', 'C', 'P', 'X', 'U', 'M', 'T', 'S', 'B', 'V', '+', '-', '.',
            '=', '1', '5', '9', '0', 't', 's', '３',
        ],
    };
    let mut c: Vec<char> = text.chars().collect();
    match rng.below(5) {
        0 if !c.is_empty() => {
            let k = rng.below(c.len());
            c[k] = *rng.pick(alphabet);
        }
        1 => {
            let k = rng.below(c.len() + 1);
            c.insert(k, *rng.pick(alphabet));
        }
        2 => c.truncate(rng.below(c.len() + 1)),
        3 if !c.is_empty() => {
            c.remove(rng.below(c.len()));
        }
        _ => c.reverse(),
    }
    c.into_iter().collect()
}

/// A saved game of `game` as the page writes it: against the AI the
/// player's own record, between two people the referee's.
fn saved_game(game: &Game, rng: &mut Rng) -> SavedGame {
    let human = *rng.pick(&[Color::Red, Color::Black]);
    let opponent = *rng.pick(&[
        Opponent::Human,
        Opponent::Ai(Level::Easy),
        Opponent::Ai(Level::Medium),
        Opponent::Ai(Level::Hard),
    ]);
    let moves = match opponent {
        Opponent::Ai(_) => game.view(Seat::of(human)).moves,
        Opponent::Human => game
            .history()
            .iter()
            .map(|r| movetext::write(&r.played, true))
            .collect(),
    };
    SavedGame::new(game.rules(), opponent, human, moves)
}

/// One mutation of a saved game, as a field change or on its JSON text.
fn mutate_saved(saved: &SavedGame, rng: &mut Rng) -> String {
    let mut g = saved.clone();
    match rng.below(9) {
        0 => g.version = *rng.pick(&[0, 3, u32::MAX]),
        1 => g.rules = rng.pick(&["Jieqi", "", "xiangqi ", "chess"]).to_string(),
        2 => g.opponent = rng.pick(&["HARD", "expert", "", "human "]).to_string(),
        3 => g.human = rng.pick(&["white", "", "Red", "blue"]).to_string(),
        4 if !g.moves.is_empty() => {
            let k = rng.below(g.moves.len());
            let m = g.moves[k].clone();
            g.moves[k] = mutate_move(&m, rng);
        }
        5 if !g.moves.is_empty() => {
            let k = rng.below(g.moves.len());
            g.moves.remove(k);
        }
        6 if !g.moves.is_empty() => {
            let k = rng.below(g.moves.len());
            let m = g.moves[k].clone();
            g.moves.insert(k, m);
        }
        _ => {
            // Damage the JSON text itself.
            let text = serde_json::to_string(&g).unwrap_or_default();
            let mut b: Vec<u8> = text.into_bytes();
            match rng.below(3) {
                0 => b.truncate(rng.below(b.len() + 1)),
                1 if !b.is_empty() => {
                    let k = rng.below(b.len());
                    b[k] = *rng.pick(b"{}[]\",:0123456789abcxyz ");
                }
                _ => {
                    let k = rng.below(b.len() + 1);
                    b.splice(
                        k..k,
                        rng.pick(&[&b"null"[..], b"\"x\":1,", b"[", b"\\u0000"])
                            .iter()
                            .copied(),
                    );
                }
            }
            return String::from_utf8_lossy(&b).into_owned();
        }
    }
    serde_json::to_string(&g).unwrap_or_default()
}

const QUERY_PARTS: [&str; 24] = [
    "embed=1",
    "embed=0",
    "rules=jieqi",
    "rules=vietnam",
    "rules=xiangqi",
    "opponent=hard",
    "opponent=human",
    "side=black",
    "side=random",
    "labels=chinese",
    "lang=vi",
    "lang=zh-Hans",
    "notation=chinese",
    "theme=dark",
    "origin=https://example.org",
    "origin=http://localhost:8080,https://a.b",
    "origin=https%3A%2F%2Fx.org",
    "level=easy",
    "pieces=international",
    "lang=fr-CA",
    "notation=coords",
    "theme=auto",
    "rules=chessplayx",
    "side=red",
];

/// A URL query from valid parts, then mutated.
fn query(rng: &mut Rng) -> String {
    let n = 1 + rng.below(5);
    let parts: Vec<&str> = (0..n).map(|_| *rng.pick(&QUERY_PARTS)).collect();
    let mut q: Vec<char> = format!("?{}", parts.join("&")).chars().collect();
    for _ in 0..rng.below(3) {
        let k = rng.below(q.len() + 1);
        match rng.below(4) {
            0 if k < q.len() => {
                q[k] = *rng.pick(&[
                    '%', '+', '&', '=', ',', ':', '/', '@', '[', ']', 'é', '\0', 'A', '9', 'e',
                ]);
            }
            1 => q.insert(k, *rng.pick(&['%', '%', '&', '=', ',', '.', '#'])),
            2 => q.truncate(k),
            _ => {
                let tail: String = rng
                    .pick(&[
                        "%E0%A4",
                        "%zz",
                        "%",
                        "%2",
                        "=%",
                        ",http://[::1]:0",
                        ",https://u@h",
                        ",ftp://x",
                    ])
                    .to_string();
                q.extend(tail.chars());
            }
        }
    }
    q.into_iter().collect()
}

/// Run `cases` inputs per reader from `seed`.
pub fn fuzz(cases: u64, seed: u64) -> FuzzReport {
    let mut rng = Rng(Xoshiro256PlusPlus::seed_from_u64(seed));
    let mut report = FuzzReport::default();
    let mut game = random_game(RuleSet::Jieqi, &mut rng, 0);
    for i in 0..cases {
        if i % 64 == 0 {
            let rules = *rng.pick(&RuleSet::ALL);
            let plies = rng.below(120);
            game = random_game(rules, &mut rng, plies);
        }
        let rules = game.rules();
        // ---- position text ----
        let seat = *rng.pick(&[Seat::Red, Seat::Black, Seat::Spectator]);
        let view = game.view(seat);
        let valid = fen::write(&view.position);
        let mut text = valid.clone();
        for _ in 0..rng.below(3) {
            text = mutate_fen(&text, &mut rng);
        }
        let read_as = if rng.chance(4) {
            *rng.pick(&RuleSet::ALL)
        } else {
            rules
        };
        match fen::parse(&text, read_as) {
            Ok(p) => {
                report.hit("fen", "accepted");
                // What is accepted is playable and writes back to itself.
                let text_back = fen::write(&p);
                let back = fen::parse(&text_back, read_as)
                    .unwrap_or_else(|e| panic!("'{text}' parsed but its own text did not: {e}"));
                assert_eq!(back, p, "round trip of '{text}'");
                assert_eq!(fen::write(&back), text_back, "round trip of '{text}'");
                let mut g = Game::from_position_seeded(p, rng.0.next_u64());
                for _ in 0..4 {
                    if g.outcome().is_some() {
                        break;
                    }
                    let legal = g.legal_moves();
                    let m = *rng.pick(legal.as_slice());
                    g.play(m).expect("a legal move from a parsed position");
                }
                report.hit("fen (accepted, then played on)", "played");
            }
            Err(e) => report.hit("fen", kind(&e)),
        }
        // ---- move text ----
        let moves = &view.moves;
        if !moves.is_empty() {
            let k = rng.below(moves.len());
            let before = game.position_at(k);
            let mut t = moves[k].clone();
            if !rng.chance(5) {
                t = mutate_move(&t, &mut rng);
            }
            match movetext::resolve(&before, &t) {
                Ok((m, reveal, capture)) => {
                    assert!(before.is_legal(m), "resolve accepted an illegal move '{t}'");
                    if t == moves[k] {
                        // The seat's own text means the move that was played.
                        let played = game.history()[k].played;
                        assert_eq!((m, reveal), (played.mv, played.reveal), "'{t}'");
                        if capture.is_some() {
                            assert_eq!(capture, played.capture_id, "'{t}'");
                        }
                    }
                    report.hit("move text", "accepted");
                }
                Err(e) => report.hit("move text", kind(&e)),
            }
        }
        // ---- saved games ----
        let saved = saved_game(&game, &mut rng);
        let text = if rng.chance(4) {
            serde_json::to_string(&saved).expect("a saved game writes")
        } else {
            mutate_saved(&saved, &mut rng)
        };
        match serde_json::from_str::<SavedGame>(&text) {
            Err(_) => report.hit("saved game", "not a saved game (JSON)"),
            Ok(g) => match g.resume() {
                Ok(r) => {
                    // An untouched record resumes to the same record.
                    if g == saved {
                        let seat = if g.opponent == "human" {
                            None
                        } else {
                            Some(Seat::of(r.human))
                        };
                        let again = match seat {
                            Some(seat) => r.game.view(seat).moves,
                            None => r
                                .game
                                .history()
                                .iter()
                                .map(|x| movetext::write(&x.played, true))
                                .collect(),
                        };
                        assert_eq!(again, g.moves, "a saved game resumed to another record");
                    }
                    report.hit("saved game", "resumed");
                }
                Err(e) => report.hit("saved game", kind(&e)),
            },
        }
        // ---- URL parameters and embed messages ----
        let q = query(&mut rng);
        let (p, warnings) = crate::params::parse_query(&q);
        for o in &p.origins {
            assert_eq!(
                crate::params::origin_of(o).as_deref(),
                Some(o.as_str()),
                "origin '{o}' from '{q}' is not canonical"
            );
        }
        report.hit(
            "url parameters",
            if warnings.is_empty() {
                "accepted"
            } else {
                "accepted with warnings"
            },
        );
        let text = |rng: &mut Rng| -> Option<String> {
            rng.chance(4).then(|| {
                rng.pick(&[
                    "jieqi", "vietnam", "hard", "human", "red", "black", "newGame", "", "x\u{0}",
                    "random",
                ])
                .to_string()
            })
        };
        let fields = crate::params::MessageFields {
            version: rng
                .pick(&[
                    Some(1.0),
                    Some(1.0),
                    Some(2.0),
                    None,
                    Some(f64::NAN),
                    Some(-0.0),
                ])
                .to_owned(),
            kind: if rng.chance(3) {
                text(&mut rng)
            } else {
                Some("newGame".into())
            },
            rules: text(&mut rng),
            opponent: text(&mut rng),
            side: text(&mut rng),
            undo: None,
            clock: None,
        };
        let (g, _) = crate::params::parse_message(&fields);
        report.hit(
            "embed message",
            if g.is_some() { "accepted" } else { "refused" },
        );
        // ---- display notation ----
        let pos = game.board();
        let legal = pos.legal_moves();
        if !legal.is_empty() {
            let n = *rng.pick(&[Notation::Wxf, Notation::Chinese, Notation::Vietnamese]);
            let m = *rng.pick(legal.as_slice());
            let written = notation::write(pos, m, n);
            let t = if rng.chance(4) {
                written.clone()
            } else {
                mutate_text(&written, n, &mut rng)
            };
            match notation::parse(pos, &t, n) {
                Ok(found) => {
                    assert!(
                        pos.is_legal(found),
                        "notation accepted an illegal move '{t}'"
                    );
                    if t == written {
                        assert_eq!(found, m, "'{t}' read back as another move");
                    }
                    report.hit("notation", "accepted");
                }
                Err(e) => report.hit("notation", kind(&e)),
            }
        }
    }
    report
}

/// Text for `jieqi fuzz`.
pub fn fuzz_command(cases: u64, seed: u64) -> String {
    let r = fuzz(cases, seed);
    format!("fuzz: {cases} cases per reader, seed {seed}, 0 failures\n{r}")
}
