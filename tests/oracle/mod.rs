//! An independent referee for move generation, written from RULES.md
//! sections 2-3 alone: a plain 9x10 array, no tables, no bitboards, no code
//! shared with `jieqi::rules` (it reads the position text itself). It is
//! slow and obvious on purpose; tests compare the fast generator with it.

#![allow(dead_code)]

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct P {
    pub red: bool,
    /// One of K A B N R C P (the face-up identity, or the start role when hidden).
    pub kind: char,
    pub hidden: bool,
}

#[derive(Clone, Debug)]
pub struct Board {
    /// `sq[rank][file]`, rank 0 at Red's edge, file 0 = `a`.
    pub sq: [[Option<P>; 9]; 10],
    pub red_to_move: bool,
    /// Standard xiangqi: advisors and elephants keep their home limits when face up.
    pub xiangqi: bool,
    /// Unknown identities per side (index 0 Red, 1 Black): counts of A B N R C P.
    pub pool: [[u8; 6]; 2],
}

const KINDS: [char; 6] = ['A', 'B', 'N', 'R', 'C', 'P'];

/// The piece that starts on a point (RULES.md section 1), from Red's side;
/// Black's start points are Red's mirrored across the river.
fn start_kind(file: i32, rank: i32, red: bool) -> Option<char> {
    let r = if red { rank } else { 9 - rank };
    match (r, file) {
        (0, 0) | (0, 8) => Some('R'),
        (0, 1) | (0, 7) => Some('N'),
        (0, 2) | (0, 6) => Some('B'),
        (0, 3) | (0, 5) => Some('A'),
        (0, 4) => Some('K'),
        (2, 1) | (2, 7) => Some('C'),
        (3, 0) | (3, 2) | (3, 4) | (3, 6) | (3, 8) => Some('P'),
        _ => None,
    }
}

impl Board {
    pub fn parse(text: &str, xiangqi: bool) -> Board {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let mut sq = [[None; 9]; 10];
        for (i, row) in fields[0].split('/').enumerate() {
            let rank = 9 - i;
            let mut file = 0;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    file += d as usize;
                    continue;
                }
                let red = ch.is_ascii_uppercase();
                let up = ch.to_ascii_uppercase();
                let (kind, hidden) = if up == 'X' {
                    (
                        start_kind(file as i32, rank as i32, red)
                            .expect("face-down off its start point"),
                        true,
                    )
                } else {
                    (up, false)
                };
                sq[rank][file] = Some(P { red, kind, hidden });
                file += 1;
            }
        }
        let red_to_move = matches!(fields[1], "w" | "r");
        let mut pool = [[0u8; 6]; 2];
        if let Some(p) = fields.get(2) {
            if p.chars().any(|c| c.is_ascii_alphabetic()) {
                let chars: Vec<char> = p.chars().collect();
                let mut i = 0;
                while i < chars.len() {
                    let c = chars[i];
                    i += 1;
                    let mut n = 0u32;
                    let mut digits = false;
                    while i < chars.len() && chars[i].is_ascii_digit() {
                        n = n * 10 + chars[i].to_digit(10).unwrap();
                        i += 1;
                        digits = true;
                    }
                    let n = if digits { n } else { 1 };
                    let k = KINDS
                        .iter()
                        .position(|&k| k == c.to_ascii_uppercase())
                        .expect("pool letter");
                    pool[if c.is_ascii_uppercase() { 0 } else { 1 }][k] += n as u8;
                }
            }
        }
        Board {
            sq,
            red_to_move,
            xiangqi,
            pool,
        }
    }

    fn at(&self, f: i32, r: i32) -> Option<P> {
        if (0..9).contains(&f) && (0..10).contains(&r) {
            self.sq[r as usize][f as usize]
        } else {
            None
        }
    }

    fn on_board(f: i32, r: i32) -> bool {
        (0..9).contains(&f) && (0..10).contains(&r)
    }

    fn in_palace(f: i32, r: i32, red: bool) -> bool {
        (3..=5).contains(&f)
            && if red {
                (0..=2).contains(&r)
            } else {
                (7..=9).contains(&r)
            }
    }

    fn own_half(r: i32, red: bool) -> bool {
        if red {
            r <= 4
        } else {
            r >= 5
        }
    }

    /// Target points of the piece on (f, r) by its movement rule, whether or
    /// not a piece stands there (own pieces are filtered by the caller);
    /// for a cannon, a capture target needs exactly one screen, a quiet one none.
    fn targets(&self, f: i32, r: i32) -> Vec<(i32, i32)> {
        let p = self.at(f, r).unwrap();
        let mut out = Vec::new();
        let fwd = if p.red { 1 } else { -1 };
        // A face-down piece keeps every restriction of its start role; a
        // face-up advisor or elephant is free in Jieqi, bound in xiangqi.
        let bound = p.hidden || self.xiangqi;
        match p.kind {
            'K' => {
                for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (g, s) = (f + df, r + dr);
                    if Self::in_palace(g, s, p.red) {
                        out.push((g, s));
                    }
                }
            }
            'A' => {
                for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    let (g, s) = (f + df, r + dr);
                    if Self::on_board(g, s) && (!bound || Self::in_palace(g, s, p.red)) {
                        out.push((g, s));
                    }
                }
            }
            'B' => {
                for (df, dr) in [(2, 2), (2, -2), (-2, 2), (-2, -2)] {
                    let (g, s) = (f + df, r + dr);
                    let eye = self.at(f + df / 2, r + dr / 2);
                    if Self::on_board(g, s) && eye.is_none() && (!bound || Self::own_half(s, p.red))
                    {
                        out.push((g, s));
                    }
                }
            }
            'N' => {
                for (lf, lr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    if self.at(f + lf, r + lr).is_some() || !Self::on_board(f + lf, r + lr) {
                        continue;
                    }
                    let outs: [(i32, i32); 2] = if lf != 0 {
                        [(2 * lf, 1), (2 * lf, -1)]
                    } else {
                        [(1, 2 * lr), (-1, 2 * lr)]
                    };
                    for (df, dr) in outs {
                        if Self::on_board(f + df, r + dr) {
                            out.push((f + df, r + dr));
                        }
                    }
                }
            }
            'R' | 'C' => {
                for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (mut g, mut s) = (f + df, r + dr);
                    let mut screens = 0;
                    while Self::on_board(g, s) {
                        let occupied = self.at(g, s).is_some();
                        if p.kind == 'R' {
                            out.push((g, s));
                            if occupied {
                                break;
                            }
                        } else if screens == 0 {
                            if occupied {
                                screens = 1;
                            } else {
                                out.push((g, s));
                            }
                        } else if occupied {
                            out.push((g, s));
                            break;
                        }
                        g += df;
                        s += dr;
                    }
                }
            }
            'P' => {
                if Self::on_board(f, r + fwd) {
                    out.push((f, r + fwd));
                }
                if !Self::own_half(r, p.red) {
                    for df in [-1, 1] {
                        if Self::on_board(f + df, r) {
                            out.push((f + df, r));
                        }
                    }
                }
            }
            _ => unreachable!(),
        }
        out
    }

    fn general(&self, red: bool) -> (i32, i32) {
        for r in 0..10 {
            for f in 0..9 {
                if let Some(p) = self.at(f, r) {
                    if p.kind == 'K' && p.red == red && !p.hidden {
                        return (f, r);
                    }
                }
            }
        }
        panic!("no general");
    }

    /// Is `red`'s general attacked, or facing the other general on an open file?
    fn general_in_danger(&self, red: bool) -> bool {
        let (gf, gr) = self.general(red);
        for r in 0..10 {
            for f in 0..9 {
                if let Some(p) = self.at(f, r) {
                    if p.red != red && self.targets(f, r).contains(&(gf, gr)) {
                        return true;
                    }
                }
            }
        }
        let (of, or) = self.general(!red);
        if of == gf {
            let (lo, hi) = (gr.min(or), gr.max(or));
            if (lo + 1..hi).all(|s| self.at(gf, s).is_none()) {
                return true;
            }
        }
        false
    }

    /// Legal moves as (from file, from rank, to file, to rank).
    pub fn legal(&self) -> Vec<(i32, i32, i32, i32)> {
        let mut out = Vec::new();
        for r in 0..10 {
            for f in 0..9 {
                let Some(p) = self.at(f, r) else { continue };
                if p.red != self.red_to_move {
                    continue;
                }
                for (g, s) in self.targets(f, r) {
                    if self.at(g, s).is_some_and(|q| q.red == p.red) {
                        continue;
                    }
                    let mut b = self.clone();
                    b.sq[s as usize][g as usize] = Some(p);
                    b.sq[r as usize][f as usize] = None;
                    if !b.general_in_danger(p.red) {
                        out.push((f, r, g, s));
                    }
                }
            }
        }
        out
    }

    pub fn legal_text(&self) -> Vec<String> {
        let name = |f: i32, r: i32| format!("{}{}", (b'a' + f as u8) as char, r);
        let mut v: Vec<String> = self
            .legal()
            .into_iter()
            .map(|(f, r, g, s)| name(f, r) + &name(g, s))
            .collect();
        v.sort();
        v
    }

    /// Perft with the project's chance convention: a face-down mover
    /// branches once per distinct identity left in its side's pool; a
    /// captured face-down piece stays unknown (pools untouched).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let side = if self.red_to_move { 0 } else { 1 };
        let mut n = 0;
        for (f, r, g, s) in self.legal() {
            let p = self.at(f, r).unwrap();
            let outcomes: Vec<Option<usize>> = if p.hidden {
                let v: Vec<Option<usize>> = (0..6)
                    .filter(|&k| self.pool[side][k] > 0)
                    .map(Some)
                    .collect();
                if v.is_empty() {
                    vec![None]
                } else {
                    v
                }
            } else {
                vec![None]
            };
            for o in outcomes {
                if depth == 1 {
                    n += 1;
                    continue;
                }
                let mut b = self.clone();
                let mut q = p;
                if let Some(k) = o {
                    q = P {
                        red: p.red,
                        kind: KINDS[k],
                        hidden: false,
                    };
                    b.pool[side][k] -= 1;
                }
                b.sq[s as usize][g as usize] = Some(q);
                b.sq[r as usize][f as usize] = None;
                b.red_to_move = !b.red_to_move;
                n += b.perft(depth - 1);
            }
        }
        n
    }
}
