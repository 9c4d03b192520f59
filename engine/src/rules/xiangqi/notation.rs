//! Display notations for people: WXF (`C2.5`), Chinese (炮二平五) and
//! Vietnamese (`P2-5`), written by [`write`] and read back by [`parse`].
//!
//! Files count from the mover's right. A face-down mover is written with the
//! role of its start point and a mark of its own in front: `X` in WXF
//! (`XC2.5`, the FEN letter of a face-down piece; no WXF role uses it), `暗`
//! in Chinese (暗炮二平五) and `U` in Vietnamese (`UP2-5`, for *úp*; no
//! Vietnamese role uses it). So a face-down piece never shares a text with a
//! face-up piece of its start role.
//!
//! Pieces of one kind (colour, role, face-down or not) on one file are told
//! apart by their place, counting from the mover's front:
//!
//! | on the file | WXF | Chinese | Vietnamese |
//! |---|---|---|---|
//! | 2 | `R+` `R-` | 前 后 | `Xt` `Xs` |
//! | 3 | `P+` `P3` `P-` | 前 中 后 | `Bt` `B3` `Bs` |
//! | 4 | `++` `P+` `P-` `--` | 一 二 三 四 | `Btt` `Bt` `Bs` `Bss` |
//! | 5 | `++` `P+` `P3` `P-` `--` | 一 二 三 四 五 | `Btt` `Bt` `B3` `Bs` `Bss` |
//!
//! (WXF as the federation writes tandem pawns; the middle one keeps its
//! file number.) When two files hold such tandems (soldiers only), the file
//! is named too: WXF `3+` `33` `3-` (no role letter), Chinese 前三 中三 后三,
//! Vietnamese `B3t` `B33` `B3s`. Only soldiers can be more than two of a kind,
//! so every legal move has a text of its own in every notation.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::movetext;
use super::piece::{Color, Piece, Role};
use super::position::{Move, Position};
use super::square::Square;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Notation {
    #[default]
    Wxf,
    Chinese,
    Vietnamese,
    /// Machine coordinates, `h2e2`.
    Coordinates,
}

impl Notation {
    pub const ALL: [Notation; 4] = [
        Notation::Wxf,
        Notation::Chinese,
        Notation::Vietnamese,
        Notation::Coordinates,
    ];
    pub fn id(self) -> &'static str {
        match self {
            Notation::Wxf => "wxf",
            Notation::Chinese => "chinese",
            Notation::Vietnamese => "vietnamese",
            Notation::Coordinates => "coords",
        }
    }
    pub fn from_id(s: &str) -> Option<Notation> {
        Notation::ALL
            .into_iter()
            .find(|n| n.id().eq_ignore_ascii_case(s.trim()))
    }
    /// A few well-formed texts, for error messages.
    fn examples(self) -> &'static str {
        match self {
            Notation::Wxf => "C2.5, R+.8 or XC2.5",
            Notation::Chinese => "炮二平五, 前俥平八 or 暗炮二平五",
            Notation::Vietnamese => "P2-5, Xt-8 or UP2-5",
            Notation::Coordinates => "h2e2",
        }
    }
}

/// Why a text names no single legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// Nothing but blanks.
    Empty,
    /// The text is not written in this notation.
    Malformed { text: String, notation: Notation },
    /// The text is well formed, but no legal move is written so here.
    NoMove { text: String },
    /// Several legal moves fit the text (e.g. the face-down mark was left
    /// out); each candidate with its own text.
    Ambiguous {
        text: String,
        candidates: Vec<(Move, String)>,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Empty => write!(f, "no move was given"),
            NotationError::Malformed { text, notation } => write!(
                f,
                "'{text}' is not a move in {} notation (e.g. {})",
                notation.id(),
                notation.examples()
            ),
            NotationError::NoMove { text } => write!(f, "no legal move is written '{text}' here"),
            NotationError::Ambiguous { text, candidates } => {
                write!(f, "'{text}' fits several moves:")?;
                for (i, (m, t)) in candidates.iter().enumerate() {
                    let sep = if i == 0 { " " } else { ", " };
                    write!(f, "{sep}{t} ({m})")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for NotationError {}

/// File number 1..9 counted from `c`'s right.
fn file_number(sq: Square, c: Color) -> u8 {
    match c {
        Color::Red => 9 - sq.file(),
        Color::Black => sq.file() + 1,
    }
}

/// How a move goes, from the mover's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Forward,
    Backward,
    Traverse,
}

/// Where a piece stands among the pieces of its kind on its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// First of four or five (WXF `++`).
    Foremost,
    Front,
    Middle,
    Rear,
    /// Last of four or five (WXF `--`).
    Rearmost,
    /// Chinese ordinal among four or five, front first (一兵 .. 五兵).
    Nth(u8),
}

/// How the text names the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Who {
    /// By its file number.
    File(u8),
    /// By its place on its file.
    Place(Place),
    /// By its file and its place on it (tandems on two files).
    FilePlace(u8, Place),
}

/// One move's text, split into its parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Words {
    /// The face-down mark.
    hidden: bool,
    role: Role,
    who: Who,
    action: Action,
    amount: u8,
}

/// The words of a move in one notation, with what writing them needs.
struct Described {
    words: Words,
    /// The mover's file number, from its side's right.
    file: u8,
    color: Color,
}

/// The words of `m` in `notation` (not `Coordinates`); `None` when no piece
/// stands on `m.from`.
fn describe(pos: &Position, m: Move, notation: Notation) -> Option<Described> {
    let p: Piece = pos.piece_at(m.from)?;
    let c = p.color;
    let forward = |sq: Square| match c {
        Color::Red => sq.rank() as i32,
        Color::Black => 9 - sq.rank() as i32,
    };
    let dr = forward(m.to) - forward(m.from);
    let action = match dr.cmp(&0) {
        std::cmp::Ordering::Greater => Action::Forward,
        std::cmp::Ordering::Less => Action::Backward,
        std::cmp::Ordering::Equal => Action::Traverse,
    };
    let straight = matches!(
        p.role,
        Role::General | Role::Chariot | Role::Cannon | Role::Soldier
    );
    let amount = if action != Action::Traverse && straight && m.from.file() == m.to.file() {
        dr.unsigned_abs() as u8
    } else {
        file_number(m.to, c)
    };
    let file = file_number(m.from, c);
    // Pieces of the mover's kind (colour, role, face-down or not) on a file,
    // as ranks counted forward, front first.
    let column = |f: u8| -> Vec<i32> {
        let mut v: Vec<i32> = (0..10)
            .map(|r| Square::new(f, r))
            .filter(|&sq| pos.piece_at(sq) == Some(p))
            .map(forward)
            .collect();
        v.sort_unstable_by(|a, b| b.cmp(a));
        v
    };
    let mine = column(m.from.file());
    let who = if mine.len() < 2 {
        Who::File(file)
    } else {
        let index = mine.iter().position(|&r| r == forward(m.from)).unwrap_or(0);
        let several = (0..9).filter(|&f| column(f).len() >= 2).count() >= 2;
        tandem(notation, index, mine.len(), several, file)
    };
    let words = Words {
        hidden: p.hidden,
        role: p.role,
        who,
        action,
        amount,
    };
    Some(Described {
        words,
        file,
        color: c,
    })
}

/// How `notation` names piece `index` (front first) of the `count` pieces of
/// one kind on file `file`; `several`: another file also holds such a tandem.
fn tandem(notation: Notation, index: usize, count: usize, several: bool, file: u8) -> Who {
    let three = if index == 0 {
        Place::Front
    } else if index + 1 == count {
        Place::Rear
    } else {
        Place::Middle
    };
    if several {
        return Who::FilePlace(file, three);
    }
    match notation {
        Notation::Chinese if count > 3 => Who::Place(Place::Nth(index as u8 + 1)),
        Notation::Chinese => Who::Place(three),
        _ if count <= 3 && three == Place::Middle => Who::File(file),
        _ if count <= 3 => Who::Place(three),
        _ => match (index, count - 1 - index) {
            (0, _) => Who::Place(Place::Foremost),
            (_, 0) => Who::Place(Place::Rearmost),
            (1, _) => Who::Place(Place::Front),
            (_, 1) => Who::Place(Place::Rear),
            _ => Who::File(file),
        },
    }
}

fn wxf_role(r: Role, _: Color) -> &'static str {
    match r {
        Role::General => "K",
        Role::Advisor => "A",
        Role::Elephant => "E",
        Role::Horse => "H",
        Role::Chariot => "R",
        Role::Cannon => "C",
        Role::Soldier => "P",
    }
}

fn vn_role(r: Role, _: Color) -> &'static str {
    match r {
        Role::General => "Tg",
        Role::Advisor => "S",
        Role::Elephant => "T",
        Role::Horse => "M",
        Role::Chariot => "X",
        Role::Cannon => "P",
        Role::Soldier => "B",
    }
}

fn zh_role(r: Role, c: Color) -> &'static str {
    match (r, c) {
        (Role::General, Color::Red) => "帥",
        (Role::General, Color::Black) => "將",
        (Role::Advisor, Color::Red) => "仕",
        (Role::Advisor, Color::Black) => "士",
        (Role::Elephant, Color::Red) => "相",
        (Role::Elephant, Color::Black) => "象",
        (Role::Horse, Color::Red) => "傌",
        (Role::Horse, Color::Black) => "馬",
        (Role::Chariot, Color::Red) => "俥",
        (Role::Chariot, Color::Black) => "車",
        (Role::Cannon, Color::Red) => "炮",
        (Role::Cannon, Color::Black) => "砲",
        (Role::Soldier, Color::Red) => "兵",
        (Role::Soldier, Color::Black) => "卒",
    }
}

const ZH_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const FULL_WIDTH_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// Red writes numbers as Chinese numerals, Black as full-width digits.
fn zh_number(n: u8, c: Color) -> String {
    let table = match c {
        Color::Red => &ZH_NUMERALS,
        Color::Black => &FULL_WIDTH_DIGITS,
    };
    match (n as usize).checked_sub(1).and_then(|i| table.get(i)) {
        Some(ch) => ch.to_string(),
        None => n.to_string(),
    }
}

fn zh_place(p: Place) -> Option<String> {
    Some(match p {
        Place::Front => "前".into(),
        Place::Middle => "中".into(),
        Place::Rear => "后".into(),
        Place::Nth(k) => zh_number(k, Color::Red),
        Place::Foremost | Place::Rearmost => return None,
    })
}

fn render(d: &Described, notation: Notation) -> String {
    let w = d.words;
    let c = d.color;
    let soldier = w.role == Role::Soldier;
    let file = d.file;
    match notation {
        Notation::Wxf => {
            let mark = if w.hidden { "X" } else { "" };
            let role = wxf_role(w.role, c);
            let head = match w.who {
                Who::Place(Place::Front) => format!("{role}+"),
                Who::Place(Place::Rear) => format!("{role}-"),
                Who::Place(Place::Foremost) if soldier => "++".into(),
                Who::Place(Place::Rearmost) if soldier => "--".into(),
                Who::FilePlace(f, Place::Front) if soldier => format!("{f}+"),
                Who::FilePlace(f, Place::Middle) if soldier => format!("{f}{f}"),
                Who::FilePlace(f, Place::Rear) if soldier => format!("{f}-"),
                _ => format!("{role}{file}"),
            };
            let act = ["+", "-", "."][w.action as usize];
            format!("{mark}{head}{act}{}", w.amount)
        }
        Notation::Vietnamese => {
            let mark = if w.hidden { "U" } else { "" };
            let role = vn_role(w.role, c);
            let which = match w.who {
                Who::Place(Place::Front) => "t".into(),
                Who::Place(Place::Rear) => "s".into(),
                Who::Place(Place::Foremost) => "tt".into(),
                Who::Place(Place::Rearmost) => "ss".into(),
                Who::FilePlace(f, Place::Front) => format!("{f}t"),
                Who::FilePlace(f, Place::Middle) => format!("{f}{f}"),
                Who::FilePlace(f, Place::Rear) => format!("{f}s"),
                _ => file.to_string(),
            };
            let act = [".", "/", "-"][w.action as usize];
            format!("{mark}{role}{which}{act}{}", w.amount)
        }
        // `write` answers coordinates itself; they never get here.
        Notation::Chinese | Notation::Coordinates => {
            let mark = if w.hidden { "暗" } else { "" };
            let role = zh_role(w.role, c);
            let head = match w.who {
                Who::Place(p) => zh_place(p).map(|pl| format!("{pl}{role}")),
                Who::FilePlace(f, p) if soldier => zh_place(p).map(|pl| pl + &zh_number(f, c)),
                _ => None,
            };
            let head = head.unwrap_or_else(|| format!("{role}{}", zh_number(file, c)));
            let act = ["进", "退", "平"][w.action as usize];
            format!("{mark}{head}{act}{}", zh_number(w.amount, c))
        }
    }
}

/// Write `m` (legal in `pos`, before it is played) in `notation`.
pub fn write(pos: &Position, m: Move, notation: Notation) -> String {
    if notation == Notation::Coordinates {
        return m.to_string();
    }
    match describe(pos, m, notation) {
        Some(d) => render(&d, notation),
        None => m.to_string(),
    }
}

/// A cursor over the characters of a text.
struct Scan {
    chars: Vec<char>,
    at: usize,
}

impl Scan {
    fn new(chars: impl Iterator<Item = char>) -> Scan {
        Scan {
            chars: chars.collect(),
            at: 0,
        }
    }
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }
    fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        Some(c)
    }
    fn eat(&mut self, c: char) -> bool {
        let hit = self.peek() == Some(c);
        if hit {
            self.at += 1;
        }
        hit
    }
    fn end(&self) -> Option<()> {
        (self.at == self.chars.len()).then_some(())
    }
}

/// `1`..`9`.
fn digit(c: char) -> Option<u8> {
    c.to_digit(10).filter(|&d| d >= 1).map(|d| d as u8)
}

/// A number 1..9 in any form Chinese records use: 一..九, １..９ or 1..9.
fn zh_digit(c: char) -> Option<u8> {
    let pos = |t: &[char; 9]| t.iter().position(|&x| x == c).map(|i| i as u8 + 1);
    pos(&ZH_NUMERALS)
        .or_else(|| pos(&FULL_WIDTH_DIGITS))
        .or_else(|| digit(c))
}

fn zh_role_of(c: char) -> Option<Role> {
    Some(match c {
        '帥' | '帅' | '將' | '将' => Role::General,
        '仕' | '士' => Role::Advisor,
        '相' | '象' => Role::Elephant,
        '傌' | '馬' | '马' => Role::Horse,
        '俥' | '車' | '车' => Role::Chariot,
        '炮' | '砲' | '包' => Role::Cannon,
        '兵' | '卒' => Role::Soldier,
        _ => return None,
    })
}

fn zh_place_of(c: char) -> Option<Place> {
    Some(match c {
        '前' => Place::Front,
        '中' => Place::Middle,
        '后' | '後' => Place::Rear,
        _ => return None,
    })
}

/// Full-width ASCII forms (`Ｃ２．５`) as plain ASCII.
fn narrow(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        _ => c,
    }
}

/// The last part of a text: the amount (one digit, read by `read`), then
/// nothing more.
fn finish(
    s: &mut Scan,
    read: fn(char) -> Option<u8>,
    hidden: bool,
    role: Role,
    who: Who,
    action: Action,
) -> Option<Words> {
    let amount = read(s.next()?)?;
    s.end()?;
    Some(Words {
        hidden,
        role,
        who,
        action,
        amount,
    })
}

fn lex_wxf(text: &str) -> Option<Words> {
    let mut s = Scan::new(text.chars().map(|c| narrow(c).to_ascii_uppercase()));
    let hidden = s.eat('X');
    let (role, who) = match s.next()? {
        '+' if s.eat('+') => (Role::Soldier, Who::Place(Place::Foremost)),
        '-' if s.eat('-') => (Role::Soldier, Who::Place(Place::Rearmost)),
        d if digit(d).is_some() => {
            let f = digit(d)?;
            let place = match s.next()? {
                '+' => Place::Front,
                '-' => Place::Rear,
                e if e == d => Place::Middle,
                _ => return None,
            };
            (Role::Soldier, Who::FilePlace(f, place))
        }
        r => {
            let role = Role::from_char(r)?;
            let who = match s.next()? {
                '+' => Who::Place(Place::Front),
                '-' => Who::Place(Place::Rear),
                d => Who::File(digit(d)?),
            };
            (role, who)
        }
    };
    let action = match s.next()? {
        '+' => Action::Forward,
        '-' => Action::Backward,
        '.' | '=' => Action::Traverse,
        _ => return None,
    };
    finish(&mut s, digit, hidden, role, who, action)
}

fn lex_vietnamese(text: &str) -> Option<Words> {
    // ASCII case only (with Ú): Unicode case tables would weigh on the
    // page's wasm, and every other letter is refused below anyway.
    let lower = text.chars().map(|c| match narrow(c) {
        'ú' | 'Ú' => 'u',
        c => c.to_ascii_lowercase(),
    });
    let mut s = Scan::new(lower);
    let hidden = s.eat('u');
    let role = match s.next()? {
        't' if s.eat('g') => Role::General,
        't' => Role::Elephant,
        's' => Role::Advisor,
        'm' => Role::Horse,
        'x' => Role::Chariot,
        'p' => Role::Cannon,
        'b' => Role::Soldier,
        _ => return None,
    };
    let who = match s.next()? {
        't' if s.eat('t') => Who::Place(Place::Foremost),
        't' => Who::Place(Place::Front),
        's' if s.eat('s') => Who::Place(Place::Rearmost),
        's' => Who::Place(Place::Rear),
        d => {
            let f = digit(d)?;
            if s.eat('t') {
                Who::FilePlace(f, Place::Front)
            } else if s.eat('s') {
                Who::FilePlace(f, Place::Rear)
            } else if s.eat(d) {
                Who::FilePlace(f, Place::Middle)
            } else {
                Who::File(f)
            }
        }
    };
    let action = match s.next()? {
        '.' => Action::Forward,
        '/' => Action::Backward,
        '-' => Action::Traverse,
        _ => return None,
    };
    finish(&mut s, digit, hidden, role, who, action)
}

fn lex_chinese(text: &str) -> Option<Words> {
    let mut s = Scan::new(text.chars());
    let hidden = s.eat('暗');
    let first = s.next()?;
    let (role, who) = if let Some(place) = zh_place_of(first) {
        let c = s.next()?;
        match zh_role_of(c) {
            Some(role) => (role, Who::Place(place)),
            None => (Role::Soldier, Who::FilePlace(zh_digit(c)?, place)),
        }
    } else if let Some(n) = zh_digit(first) {
        (zh_role_of(s.next()?)?, Who::Place(Place::Nth(n)))
    } else {
        let role = zh_role_of(first)?;
        (role, Who::File(zh_digit(s.next()?)?))
    };
    let action = match s.next()? {
        '进' | '進' => Action::Forward,
        '退' => Action::Backward,
        '平' => Action::Traverse,
        _ => return None,
    };
    finish(&mut s, zh_digit, hidden, role, who, action)
}

/// Does `want` (typed) fit `got` (a legal move's words) once the tolerated
/// omissions are allowed: the face-down mark left out, or a file number
/// given where the piece's place on its file is written?
fn fits_loosely(want: &Words, got: &Described) -> bool {
    let g = &got.words;
    want.role == g.role
        && want.action == g.action
        && want.amount == g.amount
        && (want.hidden == g.hidden || !want.hidden)
        && (want.who == g.who || want.who == Who::File(got.file))
}

/// Read `text` as a legal move of `pos` written in `notation`.
///
/// Blanks are ignored; letters in any case, full-width forms, WXF `=` for
/// `.`, and Chinese numbers as 一, １ or 1 are accepted. A text that is
/// exactly some move's text gives that move. Otherwise the face-down mark may
/// be left out and a file number may stand for a piece's place on its file,
/// as long as exactly one legal move then fits; several give
/// [`NotationError::Ambiguous`], never a guess.
pub fn parse(pos: &Position, text: &str, notation: Notation) -> Result<Move, NotationError> {
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if text.is_empty() {
        return Err(NotationError::Empty);
    }
    let shown = || crate::rules::shown(&text, 40);
    let malformed = || NotationError::Malformed {
        text: shown(),
        notation,
    };
    let legal = pos.legal_moves();
    let want = match notation {
        Notation::Coordinates => {
            let m = movetext::parse(&text).map_err(|_| malformed())?.mv;
            return if legal.contains(&m) {
                Ok(m)
            } else {
                Err(NotationError::NoMove { text: shown() })
            };
        }
        Notation::Wxf => lex_wxf(&text),
        Notation::Chinese => lex_chinese(&text),
        Notation::Vietnamese => lex_vietnamese(&text),
    }
    .ok_or_else(malformed)?;
    let described: Vec<(Move, Described)> = legal
        .iter()
        .filter_map(|&m| describe(pos, m, notation).map(|d| (m, d)))
        .collect();
    let pick = |keep: &dyn Fn(&Described) -> bool| -> Vec<Move> {
        described
            .iter()
            .filter(|(_, d)| keep(d))
            .map(|&(m, _)| m)
            .collect()
    };
    let mut found = pick(&|d| d.words == want);
    if found.is_empty() {
        found = pick(&|d| fits_loosely(&want, d));
    }
    match found.as_slice() {
        [] => Err(NotationError::NoMove { text: shown() }),
        [m] => Ok(*m),
        _ => {
            let mut candidates: Vec<(Move, String)> = found
                .iter()
                .map(|&m| (m, write(pos, m, notation)))
                .collect();
            candidates.sort_by(|a, b| a.1.cmp(&b.1));
            Err(NotationError::Ambiguous {
                text: shown(),
                candidates,
            })
        }
    }
}

/// The label of a piece for people: Chinese character, Vietnamese letter(s)
/// or international letter.
pub fn role_label(r: Role, c: Color, chinese: bool, vietnamese: bool) -> &'static str {
    if chinese {
        zh_role(r, c)
    } else if vietnamese {
        vn_role(r, c)
    } else {
        wxf_role(r, c)
    }
}
