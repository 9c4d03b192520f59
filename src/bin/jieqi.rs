//! `jieqi`: perft, legal moves, game results, UCI engine, bench and match runner.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn main() {
    // A write past a file-size limit (`ulimit -f`) then fails like a full
    // disk, with an error that names the file and a run that cleans up,
    // instead of killing the program with its output half made.
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to "ignore" before any
    // thread starts; no handler runs.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
    // An argument that is not UTF-8 is refused, never read lossily: a file
    // name would silently become another file's.
    let mut args = Vec::new();
    let mut unreadable = None;
    for (i, a) in std::env::args_os().skip(1).enumerate() {
        match a.into_string() {
            Ok(a) => args.push(a),
            Err(a) => {
                // The bytes that are not text shown as `\xFF`, the rest as text.
                let mut text = String::new();
                for chunk in a.as_encoded_bytes().utf8_chunks() {
                    text.push_str(chunk.valid());
                    for b in chunk.invalid() {
                        text.push_str(&format!("\\x{b:02X}"));
                    }
                }
                unreadable = Some(format!(
                    "argument {} is not UTF-8 text: '{}'",
                    i + 1,
                    jieqi::rules::shown(&text, 60)
                ));
                break;
            }
        }
    }
    std::process::exit(cli::main(args, unreadable));
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn main() {}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
mod cli {
    use jieqi::cli::{self, matches::MatchConfig};
    use jieqi::rules::xiangqi::notation::Notation;
    use jieqi::rules::RuleSet;

    const USAGE: &str = "usage:
  jieqi [uci]                          UCI engine (Jieqi FEN and move text)
  jieqi perft DEPTH [FEN] [--rules R]  per-move divide, then total
  jieqi moves FEN [--rules R]          legal moves, sorted, one line
  jieqi result [--rules R] FEN|startpos [MOVE...]
                                       play the moves, print the result and its reason
                                       (jieqi result --help for details)
  jieqi moves FEN --notation N         one move a line: coordinates, tab, text in
                                       N: wxf | chinese | vietnamese | coords
  jieqi soak [--games N] [--rules R] [--seed S] [--jobs J]
                                       random and engine games, every invariant at every ply
  jieqi fuzz [--cases N] [--seed S]    mutated position, move and notation texts
                                       through every reader; counts per outcome
  jieqi bench [DEPTH]                  fixed search: total nodes and nodes/s
  jieqi datagen --out FILE [...]       self-play positions with results, for tune
  jieqi rescore FILE --out FILE [...]  datagen positions searched again, deeper
  jieqi tune FILE [...]                fit the evaluation's weights, print them as Rust
  jieqi match ENGINE1 ENGINE2 [...]    games between two engines (levels or UCI engines)
  jieqi CMD --help                     one command's options in full
  R: jieqi | chessplayx | vietnam | xiangqi (default: xiangqi for perft without FEN
     only if given; jieqi otherwise)
  perft, moves, result, match and bench also take --rules chess | hidden-chess
     (8x8, RULES.md section 5); FEN may then be startpos, and moves reads
     FEN|startpos [moves] [MOVE...] (one quoted argument or many) and lists the
     moves after those";

    const DATAGEN_USAGE: &str =
        "usage: jieqi datagen --out FILE [--games N] [--nodes N] [--seed S] [--jobs J] [--rules R]
  Self-play by the engine at N nodes a move (default 100 games, 2000 nodes, seed 1),
  random root offsets on the first 8 plies, random reveals from the seed. Writes
  '# rules R', then one quiet position a line: 'FEN; RESULT; SCORE' (result 1 / 0.5 / 0
  and search score for the side to move). The same seed writes the same file,
  whatever --jobs is.";
    const RESCORE_USAGE: &str =
        "usage: jieqi rescore FILE --out FILE [--nodes N] [--jobs J] [--rules R]
  Searches every position of a datagen FILE again at N nodes (default 20 000), each
  from a cleared table, and writes its line with the new score (results kept; a
  position now scored as a mate is dropped). The same input and N write the same
  file, whatever --jobs is. For fitting on a deeper search's scores.";
    const TUNE_USAGE: &str =
        "usage: jieqi tune FILE [--iterations N] [--rate R] [--score-weight W] [--l2 L] [--rules R]
                 [--free FIRST-LAST] [--with-net]
       jieqi tune FILE --net [--epochs N] [--rate R] [--score-weight W] [--batch B] [--seed S]
                 [--rules R] [--from-engine]
  Texel fit of the evaluation's weights on datagen output: K first (on the results),
  then Adam on the mean squared error (default 1000 iterations, rate 1 cp).
  --score-weight W blends the search score's prediction into the target (0: game
  results only). --l2 L adds L times the squared distance from the current weights
  (in units of 100 cp) to the error. One block of 500 positions in ten is held out;
  the weights kept are those with the lowest error on it (checked every 100
  iterations; up to 4500 positions nothing is held out and the last are kept).
  Progress goes to stderr; stdout is the new engine/src/ai/eval/weights.rs.
  --free FIRST-LAST fits only the features FIRST to LAST (indices, as the output's
  order), the others held; --with-net adds the learnt correction to every
  prediction, so new features learn what the whole evaluation misses.
  --net fits the learnt correction instead, the linear weights fixed (default 30
  epochs of mini-batches of 1024, rate 0.001 falling along half a cosine over
  the epochs towards a twentieth, seed 1; the pass with the lowest held-out
  error is kept, so it needs at least 5000 positions; --from-engine starts from
  the engine's network instead of a random one, and prints nothing unless a pass
  does better than it); stdout is the new engine/src/ai/eval/net_weights.rs. A
  fit that diverges (a --rate too large) is refused, nothing printed.";

    /// The usage of one subcommand, for `jieqi CMD --help` and `jieqi help CMD`.
    fn usage_of(cmd: &str) -> Option<String> {
        use cli::matches::{MARGIN_MS, MAX_LINE};
        Some(match cmd {
            "uci" => "usage: jieqi [uci]\n  UCI engine on stdin/stdout (Jieqi FEN and move text)",
            "perft" => "usage: jieqi perft DEPTH [FEN] [--rules R]\n  per-move divide, then total (DEPTH 0 to 9)\n  FEN may be startpos: the start of the rule set (Jieqi unless --rules says);\n  with no FEN, the start of --rules, xiangqi's if none; --rules chess|hidden-chess: chess FEN",
            "moves" => "usage: jieqi moves FEN|startpos [--rules R] [--notation N]\n  legal moves, sorted, one line (startpos: the rule set's start)\n  --notation wxf|chinese|vietnamese|coords: one move a line, its text after a tab\n  --rules chess|hidden-chess: FEN|startpos [moves] [MOVE...], the moves after those",
            "bench" => "usage: jieqi bench [DEPTH] [--rules chess|hidden-chess]\n  fixed search (DEPTH 1 to 30, default 5, 6 for chess): total nodes and nodes/s\n  (the Jieqi bench's positions have their own rule sets; either --rules\n  runs the chess family's bench, standard and hidden chess positions both)",
            "match" => return Some(format!("usage: jieqi match ENGINE1 ENGINE2 [--rules R] [--games N] [--movetime MS | --nodes N | --tc B+I]
              [--seed S] [--jobs J] [--out DIR] [--openings FILE] [--random-plies N]
              [--sprt ELO0 ELO1 [--alpha A] [--beta B]]
  ENGINE: beginner | easy | medium | hard | random | uci:COMMAND; a level may carry its own
          node budget instead of its clock, e.g. hard:90000, and @N (1 to 8) searches
          side by side, on threads, that share out the root moves (each with the budget
          or the clock), e.g. hard:90000@2
  --seed: default random, printed; the same seed replays the same games when every
          engine has a node budget
  --tc BASE+INC: a Fischer clock for each side, in seconds (--tc 10+0.1, --tc 60); UCI
          engines get wtime/btime/winc/binc, built-in levels manage the clock as in the
          game, and a side whose clock runs out loses on time
  A move past its time (--movetime, default 1000 ms; 10000 ms under --nodes) plus a
  {MARGIN_MS} ms margin, an unreadable or illegal move, a line of output over {MAX_LINE} bytes,
  or a crash forfeits the game. Each UCI engine runs in its own process group, killed
  after each game and when the match is interrupted (Ctrl-C, SIGTERM, SIGHUP); an interrupted
  match prints the summary of the games counted so far, then exits with status 130.
  --out DIR: one record a game (game-0001.txt, ...): tags, with Termination (normal,
          adjudication, time forfeit, rules infraction, abandoned), then the moves; after
          a forfeit, a closing comment says who forfeited and why
  --openings FILE: one FEN (or startpos) a line (blank lines and # comments skipped); game pairs
          cycle through them, each position played with colours swapped
  --random-plies N (0 to 40, default 0): the referee opens both games of each pair with
          the same N random legal plies (after the --openings position); the record's
          RandomPlies tag counts them
  Games are played in pairs, colours swapped; both games of a pair draw the identities
  from one seed, a stream for each colour (each engine gets each colour's luck once).
  The summary counts complete pairs by engine 1's points (0, 1/2, 1, 3/2, 2), and the
  Elo interval takes each pair as one observation (pentanomial; by games while no pair
  is complete; no interval where they do not vary: one pair, or all alike).
  --sprt ELO0 ELO1: stop once a sequential probability ratio test (logistic Elo,
          pentanomial, over complete pairs) accepts H0 (Elo <= ELO0) or H1 (Elo >=
          ELO1), ELO0 < ELO1, both from -1600 to 1600; --alpha and --beta are its
          error rates (default 0.05 each, alpha + beta < 1). The LLR and
          its bounds are shown after every game; the verdict (or inconclusive) closes
          the summary. Games past the one it decided on are played out, not counted
          (their lines say so), and their --out records say so in a closing comment.")),
            "datagen" => DATAGEN_USAGE,
            "soak" => "usage: jieqi soak [--games N] [--rules R] [--seed S] [--jobs J]\n\nPlays N games (random play biased to captures; one in ten by the engine),\ncycling through every rule set unless --rules is given, and checks at every\nply: make/unmake of every legal move, each seat's FEN reading back, move\ntexts unique per notation and reading back; at a random ply and at the end,\neach seat's record restoring to the same public record. The first failure\nstops the run, naming the game, its seed and the ply.",
            "fuzz" => "usage: jieqi fuzz [--cases N] [--seed S]\n\nFeeds N mutated valid texts (positions of every rule set, each seat's\nmove texts, display notations) through the readers, checks that what\nthey accept is usable, and prints how many inputs reached each outcome.\nA failure stops the run with a message naming the input.",
            "result" => cli::result::HELP,
            "tune" => TUNE_USAGE,
            "rescore" => RESCORE_USAGE,
            "help" => USAGE,
            _ => return None,
        }
        .to_string())
    }

    /// Take the flag `--name` (no value) out of `args`: was it given?
    fn switch(args: &mut Vec<String>, name: &str) -> bool {
        let given = args.iter().any(|a| a == name);
        args.retain(|a| a != name);
        given
    }

    /// Take `--name value` out of `args`.
    fn flag(args: &mut Vec<String>, name: &str) -> Option<String> {
        let i = args.iter().position(|a| a == name)?;
        if i + 1 >= args.len() {
            args.remove(i);
            return Some(String::new());
        }
        let v = args.remove(i + 1);
        args.remove(i);
        Some(v)
    }

    fn rules_flag(
        args: &mut Vec<String>,
        default: RuleSet,
        chess: bool,
    ) -> Result<RuleSet, String> {
        Ok(rules_given(args, chess)?.unwrap_or(default))
    }

    /// `--rules R` of the Jieqi family, if given. The commands that also play
    /// chess (`chess`) take a chess variant out first ([`chess_flag`]); an
    /// unknown value is refused with the values the command takes.
    fn rules_given(args: &mut Vec<String>, chess: bool) -> Result<Option<RuleSet>, String> {
        let Some(r) = flag(args, "--rules") else {
            return Ok(None);
        };
        let mut ids = cli::rule_set_ids();
        if chess {
            let variants = jieqi::rules::chess::Variant::ALL.map(jieqi::rules::chess::Variant::id);
            ids = format!("{ids}, {}", variants.join(", "));
        }
        match RuleSet::from_id(&r) {
            Some(rules) => Ok(Some(rules)),
            None if jieqi::rules::chess::Variant::from_id(&r).is_some() => Err(format!(
                "'{}' is not a rule set of this command (it takes {ids})",
                cli::shown(&r)
            )),
            None => Err(format!("unknown rules '{}' (one of {ids})", cli::shown(&r))),
        }
    }

    /// `--rules chess|hidden-chess`: taken out of `args` when it names a chess variant.
    fn chess_flag(args: &mut Vec<String>) -> Option<jieqi::rules::chess::Variant> {
        let i = args.iter().position(|a| a == "--rules")?;
        let v = jieqi::rules::chess::Variant::from_id(args.get(i + 1)?)?;
        args.drain(i..=i + 1);
        Some(v)
    }

    /// `--jobs`: threads, 1 to [`cli::MAX_JOBS`] (each a game or a search).
    fn jobs_flag(args: &mut Vec<String>, default: usize) -> Result<usize, String> {
        num_in(flag(args, "--jobs"), "--jobs", default, 1..=cli::MAX_JOBS)
    }

    /// Perft's depth, its first argument, read as every number is ("-0" is 0).
    fn perft_depth(args: &[String]) -> Result<u32, String> {
        given_in(args.first().cloned(), "perft's depth", 0..=9)?
            .ok_or_else(|| "perft needs a depth from 0 to 9".to_string())
    }

    /// `--free FIRST-LAST`: the features a linear fit may move.
    fn free_range(text: &str) -> Result<std::ops::RangeInclusive<usize>, String> {
        let features = jieqi::ai::eval::FEATURES;
        text.split_once('-')
            .and_then(|(a, b)| Some((cli::unsigned::<usize>(a)?, cli::unsigned::<usize>(b)?)))
            .filter(|(a, b)| a <= b && *b < features)
            .map(|(a, b)| a..=b)
            .ok_or_else(|| {
                format!(
                    "--free needs FIRST-LAST, feature indices from 0 to {}, not '{}'",
                    features - 1,
                    cli::shown(text)
                )
            })
    }

    /// A text file's contents; one that is not UTF-8 is named with the
    /// line where it stops being text. `what` names the file's role.
    fn read_text(path: &str, what: &str) -> Result<String, String> {
        let bytes = std::fs::read(path)
            .map_err(|e| format!("cannot read {what}'{}': {e}", cli::shown_path(path)))?;
        let mut text = String::from_utf8(bytes).map_err(|e| {
            let valid = e.utf8_error().valid_up_to();
            let line = 1 + e.as_bytes()[..valid]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            format!(
                "cannot read {what}'{}': line {line} is not UTF-8 text",
                cli::shown_path(path)
            )
        })?;
        // A byte-order mark (as some editors save UTF-8) is not text: at
        // the start, and at the start of a line (files joined with `cat`).
        if text.starts_with('\u{feff}') {
            text.drain(..'\u{feff}'.len_utf8());
        }
        if text.contains("\n\u{feff}") {
            text = text.replace("\n\u{feff}", "\n");
        }
        Ok(text)
    }

    /// Does the usage text `u` name the option `name` (as a whole word:
    /// `--net` is not named by `--nets`)?
    fn names(u: &str, name: &str) -> bool {
        u.match_indices(name).any(|(k, _)| {
            !u[k + name.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-')
        })
    }

    /// An option the usage of `cmd` does not name.
    fn unknown_option(cmd: &str, name: &str) -> String {
        format!(
            "unknown {cmd} option '{}' (jieqi {cmd} --help)",
            cli::shown(name)
        )
    }

    /// What a command has not read from its arguments is a mistake, not ignored.
    fn nothing_left(rest: &[String], cmd: &str) -> Result<(), String> {
        match rest.first() {
            Some(a) => Err(format!(
                "unexpected argument '{}' (jieqi {cmd} --help)",
                cli::shown(a)
            )),
            None => Ok(()),
        }
    }

    fn num<T: std::str::FromStr>(v: Option<String>, name: &str, default: T) -> Result<T, String> {
        v.map_or(Ok(default), |s| number(&s, name))
    }

    /// [`num`] within `range` (`default` when not given).
    fn num_in<T>(
        v: Option<String>,
        name: &str,
        default: T,
        range: impl std::ops::RangeBounds<T>,
    ) -> Result<T, String>
    where
        T: std::str::FromStr + PartialOrd + std::fmt::Display,
    {
        Ok(given_in(v, name, range)?.unwrap_or(default))
    }

    /// The value `v` of option `name`, if given, read by [`number`] and
    /// checked against `range`; a value outside it is refused, quoted as
    /// written (`--jobs must be 1 to 256, not '300'`, `--games must be at
    /// least 1, not '-0'`).
    fn given_in<T>(
        v: Option<String>,
        name: &str,
        range: impl std::ops::RangeBounds<T>,
    ) -> Result<Option<T>, String>
    where
        T: std::str::FromStr + PartialOrd + std::fmt::Display,
    {
        use std::ops::Bound::{Included, Unbounded};
        let Some(text) = v else {
            return Ok(None);
        };
        let n = number::<T>(&text, name)?;
        if range.contains(&n) {
            return Ok(Some(n));
        }
        let within = match (range.start_bound(), range.end_bound()) {
            (Included(lo), Unbounded) => format!("at least {lo}"),
            (Included(lo), Included(hi)) => format!("{lo} to {hi}"),
            (Unbounded, Included(hi)) => format!("at most {hi}"),
            _ => "in its range".to_string(),
        };
        Err(format!(
            "{name} must be {within}, not '{}'",
            cli::shown(&text)
        ))
    }

    /// The value `s` of option `name`: a number written without a sign
    /// ("-0" is 0); a negative number is named as such, and so is one past
    /// the largest value (digits past the type's range, or a decimal such
    /// as `1e400` past a float's); `inf` and `NaN` are not numbers.
    fn number<T: std::str::FromStr>(s: &str, name: &str) -> Result<T, String> {
        // Digits after the sign (not `-inf`): negative however large
        // (`-1e400`); `-0`, `-0.0` are 0, read as the rest.
        let negative = s
            .strip_prefix('-')
            .filter(|r| r.starts_with(|c: char| c.is_ascii_digit() || c == '.'))
            .and_then(|r| r.parse::<f64>().ok());
        let text = if negative == Some(0.0) { &s[1..] } else { s };
        let float = text.parse::<f64>().ok();
        let digits = text.bytes().next().is_some_and(|b| b.is_ascii_digit());
        // A fraction reads: the option takes decimals (`1e400` is then too
        // large), else whole numbers only (`1e20` is no whole number).
        let decimal = "0.5".parse::<T>().is_ok();
        let read = cli::unsigned::<T>(text).filter(|_| float.is_none_or(f64::is_finite));
        read.ok_or_else(|| match negative.filter(|v| *v != 0.0) {
            Some(_) => format!("{name} cannot be negative: '{}'", cli::shown(s)),
            None if decimal && digits && float.is_some_and(f64::is_infinite) => {
                format!("{name} is too large: '{}'", cli::shown(s))
            }
            // Digits only, yet not read: past the type's largest value.
            None if digits && s.bytes().all(|b| b.is_ascii_digit()) => {
                format!("{name} is too large: '{}'", cli::shown(s))
            }
            None => {
                let kind = if decimal {
                    "a number"
                } else {
                    "a whole number"
                };
                format!("{name} needs {kind}, not '{}'", cli::shown(s))
            }
        })
    }

    /// A line on stderr; a stderr that cannot be written (closed, full)
    /// loses the line but never stops the command.
    fn tell(line: &dyn std::fmt::Display) {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "{line}");
    }

    fn run(mut args: Vec<String>) -> Result<String, String> {
        let cmd = match args.first().map(String::as_str) {
            None => "uci".to_string(),
            // `jieqi --help [COMMAND]` is `jieqi help [COMMAND]`.
            Some("--help" | "-h") => {
                args.remove(0);
                "help".to_string()
            }
            Some(_) => args.remove(0),
        };
        // An option the command's usage does not name is unknown, however
        // it is written (`--x`, `--x=v`), and with --help too.
        if let Some(u) = usage_of(&cmd) {
            for a in args.iter().filter(|a| a.starts_with("--")) {
                let name = a.split_once('=').map_or(a.as_str(), |(n, _)| n);
                if name != "--help" && !names(&u, name) {
                    return Err(unknown_option(&cmd, name));
                }
            }
            if args.iter().any(|a| a == "--help" || a == "-h") {
                return Ok(u);
            }
        }
        // Every option is read once: a second copy would be silently ignored.
        // Each takes a value (but these), which cannot be empty or another
        // option, written after a space or after '=' (`--games=3`).
        const NO_VALUE: [&str; 4] = ["--net", "--with-net", "--from-engine", "--help"];
        let mut split = Vec::with_capacity(args.len());
        for a in args {
            match a.split_once('=').filter(|_| a.starts_with("--")) {
                Some((name, v)) => {
                    if NO_VALUE.contains(&name) {
                        return Err(format!("{name} takes no value (not '{}')", cli::shown(v)));
                    }
                    split.push(name.to_string());
                    split.push(v.to_string());
                }
                None => split.push(a),
            }
        }
        let mut args = split;
        for (i, a) in args.iter().enumerate() {
            if !a.starts_with("--") {
                continue;
            }
            if args[..i].contains(a) {
                return Err(format!("'{a}' is given twice"));
            }
            if NO_VALUE.contains(&a.as_str()) {
                continue;
            }
            match args.get(i + 1).map(String::as_str) {
                None | Some("") => return Err(format!("{a} needs a value")),
                // `--seed --jobs 2`, `--rules=--help`: an option's name.
                Some(v) if v.starts_with("--") => {
                    return Err(format!(
                        "{a} needs a value, not the option '{}'",
                        cli::shown(v)
                    ))
                }
                Some(_) => {}
            }
        }
        match cmd.as_str() {
            "uci" => {
                nothing_left(&args, "uci")?;
                cli::uci::run();
                Ok(String::new())
            }
            "perft" => {
                if let Some(v) = chess_flag(&mut args) {
                    let depth = perft_depth(&args)?;
                    let fen = (args.len() > 1).then(|| args[1..].join(" "));
                    return cli::chess::perft_command(depth, fen.as_deref(), v);
                }
                let has_fen = args.len() > 1 && !args[1].starts_with("--");
                let default = if has_fen {
                    RuleSet::Jieqi
                } else {
                    RuleSet::Xiangqi
                };
                let rules = rules_flag(&mut args, default, true)?;
                let depth = perft_depth(&args)?;
                let fen = (args.len() > 1).then(|| args[1..].join(" "));
                cli::perft_command(depth, fen.as_deref(), rules)
            }
            "moves" => {
                if let Some(v) = chess_flag(&mut args) {
                    if args.iter().any(|a| a == "--notation") {
                        return Err("--notation names a xiangqi notation; chess moves are \
                                    listed as they are written (no --notation)"
                            .into());
                    }
                    return cli::chess::moves_command(&args, v);
                }
                let rules = rules_flag(&mut args, RuleSet::Jieqi, true)?;
                let notation = match flag(&mut args, "--notation") {
                    None => None,
                    Some(n) => Some(Notation::from_id(&n).ok_or_else(|| {
                        format!(
                            "unknown notation '{}' (one of {})",
                            cli::shown(&n),
                            Notation::ALL.map(Notation::id).join(", ")
                        )
                    })?),
                };
                if args.is_empty() {
                    return Err("moves needs a FEN".into());
                }
                match notation {
                    Some(n) => cli::moves_notation_command(&args.join(" "), rules, n),
                    None => cli::moves_command(&args.join(" "), rules),
                }
            }
            "soak" => {
                let rules = rules_given(&mut args, false)?;
                let games = num_in(flag(&mut args, "--games"), "--games", 1000u64, 1..)?;
                let seed = num(flag(&mut args, "--seed"), "--seed", 1u64)?;
                let jobs = jobs_flag(&mut args, 1)?;
                nothing_left(&args, "soak")?;
                cli::soak::soak(games, rules, seed, jobs).map(|r| r.to_string())
            }
            "fuzz" => {
                let cases = num_in(flag(&mut args, "--cases"), "--cases", 100_000u64, 1..)?;
                let seed = num(flag(&mut args, "--seed"), "--seed", 1u64)?;
                nothing_left(&args, "fuzz")?;
                Ok(cli::fuzz::fuzz_command(cases, seed))
            }
            "result" => {
                if let Some(v) = chess_flag(&mut args) {
                    let seed = num(flag(&mut args, "--seed"), "--seed", 1u64)?;
                    return cli::chess::result_command(&args, v, seed);
                }
                let rules = rules_flag(&mut args, RuleSet::Jieqi, true)?;
                let seed = num(flag(&mut args, "--seed"), "--seed", 1u64)?;
                cli::result::result_command(&args, rules, seed)
            }
            "bench" => {
                let chess = chess_flag(&mut args).is_some();
                if let Some(i) = args.iter().position(|a| a == "--rules") {
                    let r = args.get(i + 1).map_or("", String::as_str);
                    return Err(format!(
                        "bench takes --rules chess or hidden-chess, not '{}' (the Jieqi \
                         bench's positions have their own rule sets)",
                        cli::shown(r)
                    ));
                }
                // An option where the depth goes is no depth (`--depth 3`).
                if args.first().is_some_and(|a| a.starts_with("--")) {
                    nothing_left(&args, "bench")?;
                }
                // A search of depth 0 counts no node: no rate to give; past
                // 30 a bench would not end in a lifetime.
                let depth = num_in(
                    args.first().cloned(),
                    "bench's depth",
                    if chess { 6 } else { 5u32 },
                    1..=30,
                )?;
                nothing_left(args.get(1..).unwrap_or_default(), "bench")?;
                let (nodes, ms) = if chess {
                    cli::chess::bench(depth)?
                } else {
                    cli::bench(depth)
                };
                Ok(format!("bench depth {depth}\nNodes searched: {nodes}\nNodes/second: {:.0}\nTime: {:.0} ms", nodes as f64 / (ms.max(1.0) / 1000.0), ms))
            }
            "datagen" => {
                let rules = rules_flag(&mut args, RuleSet::Jieqi, false)?;
                let mut cfg = cli::datagen::DatagenConfig::new(
                    num_in(flag(&mut args, "--games"), "--games", 100u64, 1..)?,
                    num_in(flag(&mut args, "--nodes"), "--nodes", 2000u64, 1..)?,
                    num(flag(&mut args, "--seed"), "--seed", 1u64)?,
                );
                cfg.jobs = jobs_flag(&mut args, 1)?;
                cfg.rules = rules;
                let path = flag(&mut args, "--out").ok_or("datagen needs --out FILE")?;
                nothing_left(&args, "datagen")?;
                cfg.check()?;
                let report = cli::write_new_file(&path, |out| {
                    cli::datagen::generate(&cfg, out, &mut |r| tell(&r))
                })?;
                Ok(format!("{report}\nwritten to '{}'", cli::shown_path(&path)))
            }
            "rescore" => {
                let rules = rules_flag(&mut args, RuleSet::Jieqi, false)?;
                let nodes = num_in(flag(&mut args, "--nodes"), "--nodes", 20_000u64, 1..)?;
                let jobs = jobs_flag(&mut args, 1)?;
                let path = flag(&mut args, "--out").ok_or("rescore needs --out FILE")?;
                let [input] = args.as_slice() else {
                    return Err("rescore needs one datagen FILE".into());
                };
                let text = read_text(input, "")?;
                let report = cli::write_new_file(&path, |out| {
                    cli::rescore::rescore(&text, nodes, jobs, rules, out, &mut |r| tell(&r))
                        .map_err(|e| format!("'{}': {e}", cli::shown_path(input)))
                })?;
                Ok(format!(
                    "written to '{}' ({report})",
                    cli::shown_path(&path)
                ))
            }
            "tune" => {
                let net = switch(&mut args, "--net");
                let with_net = switch(&mut args, "--with-net");
                if net && with_net {
                    return Err("'--with-net' is a flag of the linear fit, not of --net".into());
                }
                // Left in `args` without --net, to be refused as the linear fit's.
                let from_engine = net && switch(&mut args, "--from-engine");
                let rules = rules_flag(&mut args, RuleSet::Jieqi, false)?;
                // A refusal quotes the value as written (`1e-400` reads as 0).
                let rate_text = flag(&mut args, "--rate");
                let rate = num(
                    rate_text.clone(),
                    "--rate",
                    if net { 0.001f64 } else { 1.0 },
                )?;
                let weight_text = flag(&mut args, "--score-weight");
                let score_weight = num(weight_text.clone(), "--score-weight", 0.0f64)?;
                if !(rate.is_finite() && rate > 0.0) {
                    return Err(format!(
                        "--rate must be a positive number, not '{}'",
                        cli::shown(&rate_text.unwrap_or_default())
                    ));
                }
                if !(0.0..=1.0).contains(&score_weight) {
                    return Err(format!(
                        "--score-weight must be between 0 and 1, not '{}'",
                        cli::shown(&weight_text.unwrap_or_default())
                    ));
                }
                // Each fit takes its own flags; the other's are left over
                // and refused with the arguments.
                enum Fit {
                    Linear(cli::tune::FitOptions),
                    Net(cli::tune_net::NetOptions),
                }
                let fit = if net {
                    let opts = cli::tune_net::NetOptions {
                        // No pass would leave the all-zero network to be printed.
                        epochs: num_in(flag(&mut args, "--epochs"), "--epochs", 30usize, 1..)?,
                        rate,
                        score_weight,
                        batch: num_in(flag(&mut args, "--batch"), "--batch", 1024usize, 1..)?,
                        seed: num(flag(&mut args, "--seed"), "--seed", 1u64)?,
                        from_engine,
                    };
                    Fit::Net(opts)
                } else {
                    let opts = cli::tune::FitOptions {
                        iterations: num_in(
                            flag(&mut args, "--iterations"),
                            "--iterations",
                            1000usize,
                            1..,
                        )?,
                        rate,
                        score_weight,
                        l2: num(flag(&mut args, "--l2"), "--l2", 0.0f64)?,
                        frozen: match flag(&mut args, "--free") {
                            None => Vec::new(),
                            Some(range) => {
                                let free = free_range(&range)?;
                                (0..jieqi::ai::eval::FEATURES)
                                    .filter(|i| !free.contains(i))
                                    .collect()
                            }
                        },
                        with_net,
                    };
                    if !(opts.l2.is_finite() && opts.l2 >= 0.0) {
                        return Err("--l2 must be a number, 0 or more".into());
                    }
                    Fit::Linear(opts)
                };
                if let Some(f) = args.iter().find(|a| a.starts_with("--")) {
                    let fit = if net { "the --net" } else { "the linear" };
                    return Err(format!("'{f}' is not a flag of {fit} fit"));
                }
                let [path] = args.as_slice() else {
                    return Err(match args.len() {
                        0 => "tune needs one data FILE".into(),
                        n => format!(
                            "tune needs one data FILE, got {n}: {}",
                            args.iter()
                                .map(|a| format!("'{}'", cli::shown_path(a)))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    });
                };
                let text = read_text(path, "")?;
                let log = &mut |l: &str| tell(&l);
                match fit {
                    Fit::Linear(opts) => cli::tune::tune_command(&text, rules, &opts, log),
                    Fit::Net(opts) => cli::tune_net::tune_net_command(&text, rules, &opts, log),
                }
                .map_err(|e| format!("'{}': {e}", cli::shown_path(path)))
            }
            "match" => {
                let chess = chess_flag(&mut args);
                let rules = rules_flag(&mut args, RuleSet::Jieqi, true)?;
                let games = num_in(flag(&mut args, "--games"), "--games", 20usize, 1..)?;
                // Up to a day a move: a longer wait is a mistake, and past
                // u64 milliseconds an engine would be told nonsense.
                const DAY_MS: f64 = 86_400_000.0;
                let movetime_text = flag(&mut args, "--movetime");
                let movetime = given_in(movetime_text.clone(), "--movetime", 1.0..=DAY_MS)?;
                // Engines are told whole milliseconds: 1.5 would be cut to 1.
                if let (Some(ms), Some(text)) = (movetime, &movetime_text) {
                    if ms.fract() != 0.0 {
                        return Err(format!(
                            "--movetime needs a whole number of milliseconds, not '{}'",
                            cli::shown(text)
                        ));
                    }
                }
                let nodes = given_in(flag(&mut args, "--nodes"), "--nodes", 1u64..)?;
                let tc = flag(&mut args, "--tc")
                    .map(|v| cli::matches::TimeControl::parse(&v))
                    .transpose()?;
                if tc.is_some() && (movetime.is_some() || nodes.is_some()) {
                    return Err(
                        "--tc is a game clock: give it without --movetime and --nodes".into(),
                    );
                }
                let seed = match flag(&mut args, "--seed") {
                    None => cli::matches::random_seed(),
                    v => num(v, "--seed", 0u64)?,
                };
                let jobs = jobs_flag(&mut args, 2)?;
                let out_dir = flag(&mut args, "--out");
                if !args.iter().any(|a| a == "--sprt") {
                    if let Some(a) = args.iter().find(|a| *a == "--alpha" || *a == "--beta") {
                        return Err(format!(
                            "{a} is an error rate of --sprt: give it with --sprt"
                        ));
                    }
                }
                // A refusal quotes the values as written (`1e-400` reads as 0).
                let alpha_text = flag(&mut args, "--alpha");
                let beta_text = flag(&mut args, "--beta");
                let alpha = num(alpha_text.clone(), "--alpha", 0.05f64)?;
                let beta = num(beta_text.clone(), "--beta", 0.05f64)?;
                let sprt = match args.iter().position(|a| a == "--sprt") {
                    None => None,
                    Some(i) => {
                        let vals: Vec<String> = args.drain(i..(i + 3).min(args.len())).collect();
                        let elo = |k: usize| {
                            vals.get(k)
                                .and_then(|v| v.parse::<f64>().ok())
                                .filter(|v| v.is_finite())
                                .ok_or_else(|| match vals.get(k) {
                                    Some(v) => format!(
                                        "--sprt needs two Elo numbers: --sprt ELO0 ELO1, not '{}'",
                                        cli::shown(v)
                                    ),
                                    None => "--sprt needs two Elo numbers: --sprt ELO0 ELO1".into(),
                                })
                        };
                        let quoted = |v: Option<&String>, default: &str| {
                            v.map_or(default.to_string(), |v| format!("'{}'", cli::shown(v)))
                        };
                        Some(
                            cli::sprt::Sprt::new(elo(1)?, elo(2)?, alpha, beta).map_err(|e| {
                                let (a, b) = match e {
                                    cli::sprt::SprtError::Hypotheses { .. } => {
                                        (quoted(vals.get(1), ""), quoted(vals.get(2), ""))
                                    }
                                    cli::sprt::SprtError::ErrorRates { .. } => (
                                        quoted(alpha_text.as_ref(), "'0.05' (the default)"),
                                        quoted(beta_text.as_ref(), "'0.05' (the default)"),
                                    ),
                                };
                                e.explain([&a, &b])
                            })?,
                        )
                    }
                };
                // A few dozen plies at most: past that a random game is lost
                // before the engines play.
                let random_plies = num_in(
                    flag(&mut args, "--random-plies"),
                    "--random-plies",
                    0usize,
                    0..=40,
                )?;
                let openings = match flag(&mut args, "--openings") {
                    None => Vec::new(),
                    Some(path) => {
                        let text = read_text(&path, "openings ")?;
                        match chess {
                            Some(v) => cli::chess_match::parse_openings(&text, v),
                            None => cli::matches::parse_openings(&text, rules),
                        }
                        .map_err(|e| format!("'{}': {e}", cli::shown_path(&path)))?
                    }
                };
                if args.len() != 2 {
                    return Err(format!(
                        "match needs two engines, got {}: {}",
                        args.len(),
                        if args.is_empty() {
                            "none".to_string()
                        } else {
                            args.iter()
                                .map(|a| format!("'{}'", cli::shown(a)))
                                .collect::<Vec<_>>()
                                .join(", ")
                        }
                    ));
                }
                let cfg = MatchConfig {
                    engines: [args[0].clone(), args[1].clone()],
                    rules,
                    games,
                    movetime_ms: movetime,
                    nodes,
                    tc,
                    seed,
                    jobs,
                    out_dir,
                    max_plies: 400,
                    sprt,
                    openings,
                    random_plies,
                };
                match chess {
                    Some(v) => cli::chess_match::run(&cfg, v)?,
                    None => cli::matches::run(&cfg)?,
                };
                Ok(String::new())
            }
            "help" => match args.first() {
                None => Ok(USAGE.to_string()),
                Some(c) => {
                    let u = usage_of(c)
                        .ok_or_else(|| format!("unknown command '{}'\n{USAGE}", cli::shown(c)))?;
                    nothing_left(&args[1..], "help")?;
                    Ok(u)
                }
            },
            other => Err(format!("unknown command '{}'\n{USAGE}", cli::shown(other))),
        }
    }

    /// Run the command `args`, or refuse the argument that could not be
    /// read (`unreadable`, the arguments before it in `args`).
    pub fn main(args: Vec<String>, unreadable: Option<String>) -> i32 {
        let is_match = args.first().is_some_and(|a| a == "match");
        let ran = match unreadable {
            Some(e) => Err(e),
            None => run(args),
        };
        let ran = ran.map_err(|e| {
            // Every refusal of a match before its first game says so (here
            // only: no message says it itself).
            if is_match && !cli::matches::any_game_started() {
                format!("{e}; no game played")
            } else {
                e
            }
        });
        match ran {
            Ok(s) => {
                if s.is_empty() {
                    return 0;
                }
                use std::io::Write;
                let mut out = std::io::stdout().lock();
                match writeln!(out, "{s}").and_then(|_| out.flush()) {
                    Ok(()) => 0,
                    // A closed pipe (`jieqi perft 5 | head`) is the reader's choice.
                    Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
                    // A full disk must not pass for a complete `weights.rs`.
                    Err(e) => {
                        // (For datagen and rescore, their file is complete by now:
                        // only the summary is lost.)
                        tell(&format!("error: cannot write to standard output: {e}"));
                        2
                    }
                }
            }
            Err(e) => {
                tell(&format!("error: {e}"));
                2
            }
        }
    }
}
