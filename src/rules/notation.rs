//! Display notations for people: WXF (`C2.5`), Chinese (炮二平五) and
//! Vietnamese (`P2-5`). Files count from the mover's right; a face-down
//! mover is written with the role of its start point.

use serde::{Deserialize, Serialize};

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
        Notation::ALL.into_iter().find(|n| n.id() == s)
    }
}

/// File number 1..9 counted from `c`'s right.
fn file_number(sq: Square, c: Color) -> u8 {
    match c {
        Color::Red => 9 - sq.file(),
        Color::Black => sq.file() + 1,
    }
}

/// How a move goes, from the mover's point of view.
enum Action {
    Forward,
    Backward,
    Traverse,
}

/// Letters and words of one notation.
struct Style {
    role: fn(Role, Color) -> &'static str,
    number: fn(u8, Color) -> String,
    action: [&'static str; 3],
    /// Front / middle / rear markers for pieces sharing a file.
    tandem: [&'static str; 3],
    /// Does the tandem marker replace the file (WXF) or precede the piece (Chinese)?
    marker_first: bool,
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

fn digits(n: u8, _: Color) -> String {
    n.to_string()
}

fn zh_number(n: u8, c: Color) -> String {
    const RED: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    const BLACK: [&str; 10] = ["", "１", "２", "３", "４", "５", "６", "７", "８", "９"];
    match c {
        Color::Red => RED[n as usize].to_string(),
        Color::Black => BLACK[n as usize].to_string(),
    }
}

const WXF: Style = Style {
    role: wxf_role,
    number: digits,
    action: ["+", "-", "."],
    tandem: ["+", "", "-"],
    marker_first: false,
};
const VIETNAMESE: Style = Style {
    role: vn_role,
    number: digits,
    action: [".", "/", "-"],
    tandem: ["t", "", "s"],
    marker_first: false,
};
const CHINESE: Style = Style {
    role: zh_role,
    number: zh_number,
    action: ["进", "退", "平"],
    tandem: ["前", "中", "后"],
    marker_first: true,
};

/// Write `m` (legal in `pos`, before it is played) in `notation`.
pub fn write(pos: &Position, m: Move, notation: Notation) -> String {
    let style = match notation {
        Notation::Wxf => &WXF,
        Notation::Chinese => &CHINESE,
        Notation::Vietnamese => &VIETNAMESE,
        Notation::Coordinates => return m.to_string(),
    };
    let Some(p) = pos.piece_at(m.from) else {
        return m.to_string();
    };
    let c = p.color;
    let forward = |sq: Square| {
        if c == Color::Red {
            sq.rank() as i32
        } else {
            9 - sq.rank() as i32
        }
    };
    let dr = forward(m.to) - forward(m.from);
    let action = if dr > 0 {
        Action::Forward
    } else if dr < 0 {
        Action::Backward
    } else {
        Action::Traverse
    };
    let straight = matches!(
        p.role,
        Role::General | Role::Chariot | Role::Cannon | Role::Soldier
    );
    let amount = match action {
        Action::Traverse => file_number(m.to, c),
        _ if straight && m.from.file() == m.to.file() => dr.unsigned_abs() as u8,
        _ => file_number(m.to, c),
    };
    let role = (style.role)(p.role, c);
    let file = (style.number)(file_number(m.from, c), c);
    let act = style.action[action as usize];
    let amount = (style.number)(amount, c);

    // Pieces looking the same on the same file: front / middle / rear.
    let same = |q: Piece| q.color == c && q.role == p.role && q.hidden == p.hidden;
    let mut tandem: Vec<i32> = (0..10)
        .filter_map(|r| {
            let sq = Square::new(m.from.file(), r);
            pos.piece_at(sq).filter(|q| same(*q)).map(|_| forward(sq))
        })
        .collect();
    tandem.sort_unstable_by(|a, b| b.cmp(a)); // front first
    let marker = if tandem.len() >= 2 {
        let idx = tandem
            .iter()
            .position(|&r| r == forward(m.from))
            .unwrap_or(0);
        if idx == 0 {
            Some(style.tandem[0])
        } else if idx + 1 == tandem.len() {
            Some(style.tandem[2])
        } else if style.marker_first {
            Some(style.tandem[1])
        } else {
            None
        }
    } else {
        None
    };
    match (marker, style.marker_first) {
        (Some(mk), true) => format!("{mk}{role}{act}{amount}"),
        (Some(mk), false) => format!("{role}{mk}{act}{amount}"),
        (None, _) => format!("{role}{file}{act}{amount}"),
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
