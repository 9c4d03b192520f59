//! What a page is told from outside, read strictly and purely: URL
//! parameters and the embedding page's `newGame` messages. The web shell
//! only hands over the text (and the message's fields) and prints the
//! warnings; everything here is tested and fuzzed natively.
//!
//! Parameters: `embed=1`, `rules`, `opponent`, `side`, `labels`, `lang`,
//! `notation`, `theme`, `undo` (`fair`, `casual`, `off`), `clock` (`none`
//! or `M+S` such as `5+3`), `origin` (comma-separated origins allowed to
//! send messages). A bad or malformed value is ignored with a warning.

use crate::rules::chess::Variant;
use crate::rules::xiangqi::notation::Notation;
use crate::rules::{Color, Piece, RuleSet};
use crate::session::clock::TimeControl;
pub use crate::session::config::{Opponent, Takebacks};

/// Version of the `postMessage` API.
pub const VERSION: u32 = 1;

/// The page's languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Fr,
    Vi,
    Zh,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Fr, Lang::Vi, Lang::Zh];

    pub fn id(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Vi => "vi",
            Lang::Zh => "zh",
        }
    }

    /// From a BCP 47 tag such as `fr-CA` or `zh-Hans`.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.id() == primary)
    }
}

/// How pieces are labelled on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Labels {
    Chinese,
    Vietnamese,
    International,
}

impl Labels {
    pub fn from_id(s: &str) -> Option<Labels> {
        match s {
            "chinese" => Some(Labels::Chinese),
            "vietnamese" => Some(Labels::Vietnamese),
            "international" => Some(Labels::International),
            _ => None,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Labels::Chinese => "chinese",
            Labels::Vietnamese => "vietnamese",
            Labels::International => "international",
        }
    }

    /// The label of a face-up piece.
    pub fn text(self, p: Piece) -> &'static str {
        crate::rules::xiangqi::notation::role_label(
            p.role,
            p.color,
            self == Labels::Chinese,
            self == Labels::Vietnamese,
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    Auto,
    Light,
    Dark,
}

/// A `clock` value: `Some(None)` for `none` (untimed), `Some(Some(c))`
/// for `M+S`. In a query a `+` reads as a space, so `5 3` is `5+3` too.
pub fn parse_clock(s: &str) -> Option<Option<TimeControl>> {
    match s {
        "none" | "off" => Some(None),
        _ => TimeControl::from_id(&s.replacen(' ', "+", 1)).map(Some),
    }
}

/// The side the player takes; `None` = random.
pub fn parse_side(s: &str) -> Option<Option<Color>> {
    match s {
        "red" => Some(Some(Color::Red)),
        "black" => Some(Some(Color::Black)),
        "random" => Some(None),
        _ => None,
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Params {
    pub embed: bool,
    pub rules: Option<RuleSet>,
    /// `rules=chess` or `rules=hidden-chess`: a game on the 8x8 board.
    pub chess: Option<Variant>,
    pub opponent: Option<Opponent>,
    pub side: Option<Option<Color>>,
    pub labels: Option<Labels>,
    pub lang: Option<Lang>,
    pub notation: Option<Notation>,
    pub theme: Option<Theme>,
    /// `undo=`: which take-backs are allowed.
    pub takebacks: Option<Takebacks>,
    /// `clock=`: `Some(None)` untimed, `Some(Some(c))` timed.
    pub clock: Option<Option<TimeControl>>,
    /// Origins allowed to send messages, as a browser writes them
    /// (`https://example.org`, `http://localhost:8080`).
    pub origins: Vec<String>,
}

/// A short, printable excerpt of untrusted text for a warning.
fn excerpt(s: &str) -> String {
    s.chars()
        .take(40)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

/// `%XX` escapes and `+` decoded; `None` for a malformed escape or bytes
/// that are not UTF-8.
pub fn percent_decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                let hex = b.get(i + 1..i + 3)?;
                let hex = std::str::from_utf8(hex).ok()?;
                out.push(
                    u8::from_str_radix(hex, 16)
                        .ok()
                        .filter(|_| hex.bytes().all(|c| c.is_ascii_hexdigit()))?,
                );
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// The origin of an `http:`/`https:` URL as a browser writes it (scheme and
/// host in lower case, default port left out, path ignored); `None` for
/// anything else (other schemes, user info, non-ASCII or empty hosts, bad ports).
pub fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    let default_port = match scheme.as_str() {
        "http" => 80,
        "https" => 443,
        _ => return None,
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    if authority.contains('@') || authority.is_empty() {
        return None;
    }
    let (host, port) = if let Some(v6) = authority.strip_prefix('[') {
        let (h, after) = v6.split_once(']')?;
        if h.is_empty()
            || !h
                .bytes()
                .all(|c| c.is_ascii_hexdigit() || c == b':' || c == b'.')
        {
            return None;
        }
        let port = match after {
            "" => None,
            p => Some(p.strip_prefix(':')?),
        };
        (format!("[{}]", h.to_ascii_lowercase()), port)
    } else {
        let (h, port) = match authority.rsplit_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (authority, None),
        };
        let ok = !h.is_empty()
            && h.bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'.')
            && !h.starts_with('.')
            && !h.contains("..");
        if !ok {
            return None;
        }
        (h.to_ascii_lowercase(), port)
    };
    let port: Option<u16> = match port {
        None | Some("") => None,
        Some(p) if p.len() <= 5 && p.bytes().all(|c| c.is_ascii_digit()) => Some(p.parse().ok()?),
        Some(_) => return None,
    };
    Some(match port {
        Some(p) if p != default_port => format!("{scheme}://{host}:{p}"),
        _ => format!("{scheme}://{host}"),
    })
}

/// Read and validate `?key=value` parameters: the parameters, and a warning
/// for each bad, malformed or unknown one (which is ignored).
pub fn parse_query(query: &str) -> (Params, Vec<String>) {
    let mut p = Params::default();
    let mut warnings = Vec::new();
    for pair in query
        .trim_start_matches('?')
        .split('&')
        .filter(|s| !s.is_empty())
    {
        let (k, raw) = pair.split_once('=').unwrap_or((pair, ""));
        let Some(v) = percent_decode(raw) else {
            warnings.push(format!(
                "jieqi: malformed value '{}' for URL parameter '{}' ignored",
                excerpt(raw),
                excerpt(k)
            ));
            continue;
        };
        let v = v.trim();
        let ok = match k {
            "embed" => {
                p.embed = matches!(v, "1" | "true" | "");
                matches!(v, "1" | "true" | "" | "0" | "false")
            }
            "rules" => match Variant::from_id(v) {
                Some(c) => {
                    p.chess = Some(c);
                    true
                }
                None => RuleSet::from_id(v).map(|r| p.rules = Some(r)).is_some(),
            },
            "opponent" | "level" => Opponent::parse(v).map(|o| p.opponent = Some(o)).is_some(),
            "side" => parse_side(v).map(|s| p.side = Some(s)).is_some(),
            "labels" | "pieces" => Labels::from_id(v).map(|l| p.labels = Some(l)).is_some(),
            "lang" => Lang::from_tag(v).map(|l| p.lang = Some(l)).is_some(),
            "notation" => Notation::from_id(v).map(|n| p.notation = Some(n)).is_some(),
            "theme" => {
                let t = match v {
                    "auto" => Some(Theme::Auto),
                    "light" => Some(Theme::Light),
                    "dark" => Some(Theme::Dark),
                    _ => None,
                };
                t.map(|t| p.theme = Some(t)).is_some()
            }
            "undo" | "takebacks" => Takebacks::from_id(v)
                .map(|t| p.takebacks = Some(t))
                .is_some(),
            "clock" => parse_clock(v).map(|c| p.clock = Some(c)).is_some(),
            "origin" => {
                for o in v.split(',').map(str::trim).filter(|o| !o.is_empty()) {
                    match origin_of(o) {
                        Some(o) if !p.origins.contains(&o) => p.origins.push(o),
                        Some(_) => {}
                        None => warnings.push(format!(
                            "jieqi embed: ignoring origin '{}' (expected e.g. https://example.org)",
                            excerpt(o)
                        )),
                    }
                }
                true
            }
            _ => {
                warnings.push(format!(
                    "jieqi: unknown URL parameter '{}' ignored",
                    excerpt(k)
                ));
                true
            }
        };
        if !ok {
            warnings.push(format!(
                "jieqi: bad value '{}' for URL parameter '{}' ignored",
                excerpt(v),
                excerpt(k)
            ));
        }
    }
    (p, warnings)
}

/// A `newGame` request from the embedding page, validated field by field.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NewGame {
    pub rules: Option<RuleSet>,
    /// A chess variant instead of a Jieqi-family rule set.
    pub chess: Option<Variant>,
    pub opponent: Option<Opponent>,
    pub side: Option<Option<Color>>,
    pub takebacks: Option<Takebacks>,
    pub clock: Option<Option<TimeControl>>,
}

impl NewGame {
    /// The game this request starts, from `on_board` (the settings of the
    /// game on the board; `chess_now` its variant if it is chess): each
    /// field given replaces the board's; a missing or bad `rules` keeps the
    /// board's game and rules. `coin` decides a random side.
    pub fn settings(
        &self,
        on_board: crate::session::Config,
        chess_now: Option<Variant>,
        coin: bool,
    ) -> (crate::session::Config, Option<Variant>) {
        let chess = self.chess.or(chess_now.filter(|_| self.rules.is_none()));
        let human = match self.side {
            Some(Some(c)) => c,
            Some(None) if coin => Color::Black,
            Some(None) => Color::Red,
            None => on_board.human,
        };
        let config = crate::session::Config {
            rules: self.rules.unwrap_or(on_board.rules),
            opponent: self.opponent.unwrap_or(on_board.opponent),
            human,
            takebacks: self.takebacks.unwrap_or(on_board.takebacks),
            clock: self.clock.unwrap_or(on_board.clock),
        };
        (config, chess)
    }
}

/// The fields of an incoming message, as the shell reads them (`None`: the
/// field is missing or not of the expected type).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MessageFields {
    pub version: Option<f64>,
    pub kind: Option<String>,
    pub rules: Option<String>,
    pub opponent: Option<String>,
    pub side: Option<String>,
    /// `fair` | `casual` | `off`
    pub undo: Option<String>,
    /// `none` | `M+S`
    pub clock: Option<String>,
}

/// Read a message: `None` for anything that is not a `newGame` request of
/// this version; a bad optional field is dropped with a warning.
pub fn parse_message(m: &MessageFields) -> (Option<NewGame>, Vec<String>) {
    let mut warnings = Vec::new();
    if m.kind.as_deref() != Some("newGame") {
        return (None, warnings);
    }
    if m.version != Some(VERSION as f64) {
        warnings.push(format!(
            "jieqi embed: newGame of version {} ignored (this page reads version {VERSION})",
            m.version
                .map_or("none".to_string(), |v| (v as i64).to_string())
        ));
        return (None, warnings);
    }
    let mut g = NewGame::default();
    if let Some(r) = &m.rules {
        g.rules = RuleSet::from_id(r);
        g.chess = Variant::from_id(r);
        if g.rules.is_none() && g.chess.is_none() {
            warnings.push(format!("jieqi embed: bad rules '{}' ignored", excerpt(r)));
        }
    }
    if let Some(o) = &m.opponent {
        g.opponent = Opponent::parse(o);
        if g.opponent.is_none() {
            warnings.push(format!(
                "jieqi embed: bad opponent '{}' ignored",
                excerpt(o)
            ));
        }
    }
    if let Some(s) = &m.side {
        g.side = parse_side(s);
        if g.side.is_none() {
            warnings.push(format!("jieqi embed: bad side '{}' ignored", excerpt(s)));
        }
    }
    if let Some(u) = &m.undo {
        g.takebacks = Takebacks::from_id(u);
        if g.takebacks.is_none() {
            warnings.push(format!("jieqi embed: bad undo '{}' ignored", excerpt(u)));
        }
    }
    if let Some(c) = &m.clock {
        g.clock = parse_clock(c);
        if g.clock.is_none() {
            warnings.push(format!("jieqi embed: bad clock '{}' ignored", excerpt(c)));
        }
    }
    (Some(g), warnings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_rules_in_the_address_and_in_messages() {
        let (p, w) = parse_query("?rules=hidden-chess&opponent=human");
        assert_eq!(
            (p.chess, p.rules, w.len()),
            (Some(Variant::HiddenChess), None, 0)
        );
        let (p, _) = parse_query("?rules=chess");
        assert_eq!(p.chess, Some(Variant::Chess));
        let (p, w) = parse_query("?rules=shogi");
        assert_eq!((p.chess, p.rules, w.len()), (None, None, 1));
        let m = MessageFields {
            version: Some(VERSION as f64),
            kind: Some("newGame".into()),
            rules: Some("hidden-chess".into()),
            ..MessageFields::default()
        };
        let (g, w) = parse_message(&m);
        assert_eq!(
            g.map(|g| (g.chess, g.rules)),
            Some((Some(Variant::HiddenChess), None))
        );
        assert!(w.is_empty());
    }

    #[test]
    fn origins_are_written_as_browsers_write_them() {
        assert_eq!(
            origin_of("https://Example.org/games?x=1").as_deref(),
            Some("https://example.org")
        );
        assert_eq!(
            origin_of("http://localhost:8080").as_deref(),
            Some("http://localhost:8080")
        );
        assert_eq!(
            origin_of("https://a.b:443/").as_deref(),
            Some("https://a.b")
        );
        assert_eq!(
            origin_of("http://[::1]:80").as_deref(),
            Some("http://[::1]")
        );
        for bad in [
            "javascript:alert(1)",
            "https://",
            "https://u@h",
            "ftp://x",
            "https://h:99999",
            "https://ex ample",
            "https://é.fr",
            "https://a..b",
            "null",
        ] {
            assert_eq!(origin_of(bad), None, "{bad}");
        }
    }

    #[test]
    fn percent_escapes_must_be_whole_and_utf8() {
        assert_eq!(percent_decode("a%20b+c").as_deref(), Some("a b c"));
        assert_eq!(percent_decode("%E1%BB%9D").as_deref(), Some("ờ"));
        for bad in ["%", "%2", "%zz", "%E0%A4", "%+1"] {
            assert_eq!(percent_decode(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_bad_parameter_is_ignored_with_a_warning() {
        let (p, w) = parse_query(
            "?rules=vietnam&side=blue&embed=%&origin=https://a.org,nope&lang=fr-CA&x=1",
        );
        assert_eq!(p.rules, Some(RuleSet::Vietnam));
        assert_eq!(p.side, None);
        assert!(!p.embed);
        assert_eq!(p.origins, vec!["https://a.org".to_string()]);
        assert_eq!(p.lang, Some(Lang::Fr));
        assert_eq!(w.len(), 4, "{w:?}");
    }

    #[test]
    fn a_new_game_request_keeps_what_it_does_not_name() {
        use crate::session::Config;
        let board = Config {
            rules: RuleSet::Vietnam,
            opponent: Opponent::Human,
            human: Color::Black,
            takebacks: Takebacks::Off,
            clock: None,
        };
        // Nothing named: the same game, chess staying chess.
        let none = NewGame::default();
        assert_eq!(none.settings(board, None, false), (board, None));
        assert_eq!(
            none.settings(board, Some(Variant::HiddenChess), false).1,
            Some(Variant::HiddenChess)
        );
        // A Jieqi-family rule set leaves chess; a random side takes the coin.
        let jieqi = NewGame {
            rules: Some(RuleSet::Jieqi),
            side: Some(None),
            ..NewGame::default()
        };
        let (c, chess) = jieqi.settings(board, Some(Variant::Chess), false);
        assert_eq!(
            (c.rules, c.human, chess),
            (RuleSet::Jieqi, Color::Red, None)
        );
        assert_eq!(jieqi.settings(board, None, true).0.human, Color::Black);
    }

    #[test]
    fn only_new_game_requests_of_this_version_are_read() {
        let ok = MessageFields {
            version: Some(1.0),
            kind: Some("newGame".into()),
            rules: Some("xiangqi".into()),
            opponent: Some("god".into()),
            side: None,
            undo: None,
            clock: None,
        };
        let (g, w) = parse_message(&ok);
        assert_eq!(
            g,
            Some(NewGame {
                rules: Some(RuleSet::Xiangqi),
                opponent: None,
                ..NewGame::default()
            })
        );
        assert_eq!(w.len(), 1);
        let old = MessageFields {
            version: Some(2.0),
            ..ok.clone()
        };
        let (g, w) = parse_message(&old);
        assert_eq!(g, None);
        assert!(w.len() == 1 && w[0].contains("version 2"), "{w:?}");
        let other = MessageFields {
            kind: Some("move".into()),
            ..ok
        };
        // Not a request to this page at all: ignored without a word.
        assert_eq!(parse_message(&other), (None, vec![]));
    }
}
