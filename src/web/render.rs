//! Canvas drawing. Reads a `Scene`, changes nothing else. Everything is
//! drawn in device pixels on an integer grid so lines stay sharp.

use std::f64::consts::PI;

use web_sys::CanvasRenderingContext2d as Ctx;

use crate::rules::{Color, Piece, Square};

/// Which label set the discs carry.
pub use crate::params::Labels;

/// Board geometry in device pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    pub css_w: f64,
    pub css_h: f64,
    pub dpr: f64,
    /// Device pixels between two lines.
    pub cell: f64,
    /// Device pixel of the top-left line crossing.
    pub ox: f64,
    pub oy: f64,
    pub flipped: bool,
}

/// Width and height of the board in cells, margins included.
pub const BOARD_W: f64 = 9.7;
pub const BOARD_H: f64 = 10.7;

impl Geometry {
    /// Largest xiangqi board that fits `avail_w` x `avail_h` CSS pixels.
    pub fn fit(avail_w: f64, avail_h: f64, dpr: f64, flipped: bool) -> Geometry {
        Geometry::fit_span(
            avail_w,
            avail_h,
            dpr,
            flipped,
            (BOARD_W, BOARD_H),
            (8.0, 9.0),
        )
    }

    /// Largest board of `span` cells (margins included) that fits `avail_w`
    /// x `avail_h` CSS pixels, its `extent` cells centred in it (either
    /// board: `cell` and `ox`, `oy` mean what the board's drawing makes of them).
    pub fn fit_span(
        avail_w: f64,
        avail_h: f64,
        dpr: f64,
        flipped: bool,
        span: (f64, f64),
        extent: (f64, f64),
    ) -> Geometry {
        let dpr = if dpr.is_finite() && dpr > 0.0 {
            dpr
        } else {
            1.0
        };
        let css_cell = (avail_w / span.0).min(avail_h / span.1).max(16.0);
        let cell = (css_cell * dpr).floor();
        let css_w = (cell * span.0 / dpr).floor();
        let css_h = (cell * span.1 / dpr).floor();
        let ox = ((css_w * dpr - cell * extent.0) / 2.0).round();
        let oy = ((css_h * dpr - cell * extent.1) / 2.0).round();
        Geometry {
            css_w,
            css_h,
            dpr,
            cell,
            ox,
            oy,
            flipped,
        }
    }

    /// Centre of a point, device pixels.
    pub fn center(&self, sq: Square) -> (f64, f64) {
        let (col, row) = if self.flipped {
            (8 - sq.file(), sq.rank())
        } else {
            (sq.file(), 9 - sq.rank())
        };
        (
            self.ox + col as f64 * self.cell,
            self.oy + row as f64 * self.cell,
        )
    }

    /// The point under a CSS-pixel position, if within reach of one.
    pub fn square_at(&self, css_x: f64, css_y: f64) -> Option<Square> {
        let x = css_x * self.dpr;
        let y = css_y * self.dpr;
        let col = ((x - self.ox) / self.cell).round();
        let row = ((y - self.oy) / self.cell).round();
        if !(0.0..=8.0).contains(&col) || !(0.0..=9.0).contains(&row) {
            return None;
        }
        let dx = x - (self.ox + col * self.cell);
        let dy = y - (self.oy + row * self.cell);
        if dx * dx + dy * dy > (self.cell * 0.55).powi(2) {
            return None;
        }
        let (file, rank) = if self.flipped {
            (8 - col as u8, row as u8)
        } else {
            (col as u8, 9 - row as u8)
        };
        Some(Square::new(file, rank))
    }
}

/// A slide of the session with its progress (0..1 slides, 1..2 flips).
pub type Slide = (crate::session::Slide, f64);

/// Everything the renderer needs for one frame.
pub struct Scene<'a> {
    pub pieces: &'a [(Square, Piece)],
    pub selected: Option<Square>,
    pub dests: &'a [Square],
    pub last: Option<(Square, Square)>,
    pub check: Option<Square>,
    pub labels: Labels,
    pub coordinates: bool,
    pub slide: Option<Slide>,
    pub dark: bool,
}

struct Palette {
    board: &'static str,
    line: &'static str,
    text: &'static str,
    disc: &'static str,
    red: &'static str,
    black: &'static str,
    back_red: &'static str,
    back_black: &'static str,
    last: &'static str,
    select: &'static str,
    dot: &'static str,
}

const LIGHT: Palette = Palette {
    board: "#e9c98f",
    line: "#5a3b1c",
    text: "#4a2f14",
    disc: "#fbf3e2",
    red: "#b3261e",
    black: "#1f1f1f",
    back_red: "#9d2b22",
    back_black: "#2f3a48",
    last: "rgba(40,120,200,0.35)",
    select: "#1d6fd1",
    dot: "rgba(20,90,180,0.75)",
};

const DARK: Palette = Palette {
    board: "#8a6a3e",
    line: "#2b1c0c",
    text: "#201408",
    disc: "#f3e7cf",
    red: "#b3261e",
    black: "#1a1a1a",
    back_red: "#8e241c",
    back_black: "#27313d",
    last: "rgba(90,170,255,0.4)",
    select: "#7fb8ff",
    dot: "rgba(140,200,255,0.85)",
};

pub fn draw(ctx: &Ctx, g: &Geometry, s: &Scene) {
    let pal = if s.dark { &DARK } else { &LIGHT };
    clear(ctx, g, pal.board);
    draw_grid(ctx, g, pal);
    if s.coordinates {
        draw_coordinates(ctx, g, pal);
    }
    if let Some((a, b)) = s.last {
        mark_last(ctx, pal.last, [g.center(a), g.center(b)], g.cell * 0.48);
    }
    if let Some(k) = s.check {
        let stops = [(0.0, "rgba(255,0,0,0.9)"), (1.0, "rgba(255,0,0,0)")];
        let c = g.cell;
        glow(ctx, g.center(k), (c * 0.2, c * 0.62), &stops, c);
    }
    let sliding_to = s.slide.map(|(sl, _)| sl.to);
    for &(sq, p) in s.pieces {
        if Some(sq) == sliding_to {
            continue;
        }
        let (x, y) = g.center(sq);
        draw_piece(ctx, g, pal, x, y, p, s.labels);
    }
    if let Some(sq) = s.selected {
        let (x, y) = g.center(sq);
        ctx.set_stroke_style_str(pal.select);
        ctx.set_line_width((g.cell * 0.07).max(2.0));
        ctx.begin_path();
        let _ = ctx.arc(x, y, g.cell * 0.5, 0.0, 2.0 * PI);
        ctx.stroke();
    }
    for &d in s.dests {
        let (x, y) = g.center(d);
        let occupied = s.pieces.iter().any(|(q, _)| *q == d);
        draw_dest(ctx, g.cell, pal.dot, (x, y), occupied, (0.47, 0.08), 0.14);
    }
    if let Some((sl, t)) = s.slide {
        draw_slide(
            ctx,
            g.center(sl.from),
            g.center(sl.to),
            t,
            &|x, y, after| {
                let face = if after { sl.after } else { sl.piece };
                draw_piece(ctx, g, pal, x, y, face, s.labels)
            },
        );
    }
}

/// Start a frame (either board): no transform, the whole canvas `colour`.
pub fn clear(ctx: &Ctx, g: &Geometry, colour: &str) {
    ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0).ok();
    ctx.set_fill_style_str(colour);
    ctx.fill_rect(0.0, 0.0, g.css_w * g.dpr, g.css_h * g.dpr);
}

/// The last move's two ends (device pixels): squares of side `2 * half`.
pub fn mark_last(ctx: &Ctx, colour: &str, ends: [(f64, f64); 2], half: f64) {
    ctx.set_fill_style_str(colour);
    for (x, y) in ends {
        ctx.fill_rect(x - half, y - half, 2.0 * half, 2.0 * half);
    }
}

/// The glow of a king (general) in check at `(x, y)`: a radial gradient
/// from radius `radii.0` to `radii.1` through `stops`, filling a square
/// of side `2 * half`.
pub fn glow(ctx: &Ctx, (x, y): (f64, f64), radii: (f64, f64), stops: &[(f32, &str)], half: f64) {
    if let Ok(grad) = ctx.create_radial_gradient(x, y, radii.0, x, y, radii.1) {
        for &(at, colour) in stops {
            let _ = grad.add_color_stop(at, colour);
        }
        ctx.set_fill_style_canvas_gradient(&grad);
        ctx.fill_rect(x - half, y - half, 2.0 * half, 2.0 * half);
    }
}

/// A legal destination at (`x`, `y`) on a board of `cell`: a ring round
/// an occupied one (`ring`: its radius and line width in cells), a dot of
/// radius `dot` cells on an empty one. Both boards draw theirs so.
pub fn draw_dest(
    ctx: &Ctx,
    cell: f64,
    colour: &str,
    (x, y): (f64, f64),
    occupied: bool,
    ring: (f64, f64),
    dot: f64,
) {
    ctx.begin_path();
    if occupied {
        ctx.set_stroke_style_str(colour);
        ctx.set_line_width((cell * ring.1).max(2.0));
        let _ = ctx.arc(x, y, cell * ring.0, 0.0, 2.0 * PI);
        ctx.stroke();
    } else {
        ctx.set_fill_style_str(colour);
        let _ = ctx.arc(x, y, cell * dot, 0.0, 2.0 * PI);
        ctx.fill();
    }
}

/// A slide's frame on either board: at `t` in 0..1 the piece on its way
/// from `from` to `to` (device pixels), then in 1..2 its flip at `to` (it
/// narrows to an edge, then opens on its other face). `piece(x, y, after)`
/// draws it at (`x`, `y`), with its face after the reveal if `after`.
pub fn draw_slide(
    ctx: &Ctx,
    (x0, y0): (f64, f64),
    (x1, y1): (f64, f64),
    t: f64,
    piece: &dyn Fn(f64, f64, bool),
) {
    if t < 1.0 {
        let t = ease(t);
        piece(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, false);
    } else {
        let f = (t - 1.0).clamp(0.0, 1.0);
        let scale = js_sys::Math::cos(PI * f).abs().max(0.02);
        ctx.save();
        let _ = ctx.translate(x1, y1);
        let _ = ctx.scale(scale, 1.0);
        piece(0.0, 0.0, f >= 0.5);
        ctx.restore();
    }
}

fn ease(t: f64) -> f64 {
    let t = t.clamp(0.0, 1.0);
    1.0 - (1.0 - t).powi(3)
}

fn line(ctx: &Ctx, x0: f64, y0: f64, x1: f64, y1: f64) {
    ctx.move_to(x0, y0);
    ctx.line_to(x1, y1);
}

fn draw_grid(ctx: &Ctx, g: &Geometry, pal: &Palette) {
    let lw = g.dpr.round().max(1.0);
    // Odd widths sit on half pixels to stay crisp.
    let off = if lw as i64 % 2 == 1 { 0.5 } else { 0.0 };
    let c = g.cell;
    let (ox, oy) = (g.ox + off, g.oy + off);
    ctx.set_stroke_style_str(pal.line);
    ctx.set_line_width(lw);
    ctx.begin_path();
    for row in 0..10 {
        let y = oy + row as f64 * c;
        line(ctx, ox, y, ox + 8.0 * c, y);
    }
    for col in 0..9 {
        let x = ox + col as f64 * c;
        if col == 0 || col == 8 {
            line(ctx, x, oy, x, oy + 9.0 * c);
        } else {
            line(ctx, x, oy, x, oy + 4.0 * c);
            line(ctx, x, oy + 5.0 * c, x, oy + 9.0 * c);
        }
    }
    // Palace diagonals.
    for top in [0.0, 7.0] {
        line(
            ctx,
            ox + 3.0 * c,
            oy + top * c,
            ox + 5.0 * c,
            oy + (top + 2.0) * c,
        );
        line(
            ctx,
            ox + 5.0 * c,
            oy + top * c,
            ox + 3.0 * c,
            oy + (top + 2.0) * c,
        );
    }
    ctx.stroke();
    // Outer frame.
    ctx.set_line_width(lw * 2.0);
    ctx.stroke_rect(
        ox - c * 0.12,
        oy - c * 0.12,
        8.0 * c + c * 0.24,
        9.0 * c + c * 0.24,
    );
    // River text.
    ctx.set_fill_style_str(pal.text);
    ctx.set_font(&format!("{}px serif", (c * 0.5).round() as i64));
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    let y = oy + 4.5 * c;
    let (left, right) = if g.flipped {
        ("漢 界", "楚 河")
    } else {
        ("楚 河", "漢 界")
    };
    let _ = ctx.fill_text(left, ox + 2.0 * c, y);
    let _ = ctx.fill_text(right, ox + 6.0 * c, y);
}

fn draw_coordinates(ctx: &Ctx, g: &Geometry, pal: &Palette) {
    let c = g.cell;
    ctx.set_fill_style_str(pal.text);
    ctx.set_font(&format!(
        "{}px system-ui, sans-serif",
        // An integer: formatting a float would add kilobytes to the wasm.
        (c * 0.26).round().max(9.0) as i64
    ));
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    for f in 0..9u8 {
        let (x, _) = g.center(Square::new(f, 0));
        let label = ((b'a' + f) as char).to_string();
        let _ = ctx.fill_text(&label, x, g.oy + 9.0 * c + c * 0.7);
        let _ = ctx.fill_text(&label, x, g.oy - c * 0.7);
    }
    for r in 0..10u8 {
        let (_, y) = g.center(Square::new(0, r));
        let _ = ctx.fill_text(&r.to_string(), g.ox - c * 0.7, y);
        let _ = ctx.fill_text(&r.to_string(), g.ox + 8.0 * c + c * 0.7, y);
    }
}

fn draw_piece(ctx: &Ctx, g: &Geometry, pal: &Palette, x: f64, y: f64, p: Piece, labels: Labels) {
    let r = g.cell * 0.44;
    let side = if p.color == Color::Red {
        pal.red
    } else {
        pal.black
    };
    // Shadow
    ctx.begin_path();
    ctx.set_fill_style_str("rgba(0,0,0,0.25)");
    let _ = ctx.arc(x + r * 0.06, y + r * 0.1, r, 0.0, 2.0 * PI);
    ctx.fill();
    ctx.begin_path();
    let _ = ctx.arc(x, y, r, 0.0, 2.0 * PI);
    if p.hidden {
        // The back face: the side's colour, a ring and a diamond.
        ctx.set_fill_style_str(if p.color == Color::Red {
            pal.back_red
        } else {
            pal.back_black
        });
        ctx.fill();
        ctx.set_stroke_style_str("rgba(255,255,255,0.55)");
        ctx.set_line_width((r * 0.07).max(1.0));
        ctx.begin_path();
        let _ = ctx.arc(x, y, r * 0.78, 0.0, 2.0 * PI);
        ctx.stroke();
        ctx.begin_path();
        let d = r * 0.4;
        ctx.move_to(x, y - d);
        ctx.line_to(x + d, y);
        ctx.line_to(x, y + d);
        ctx.line_to(x - d, y);
        ctx.close_path();
        ctx.set_fill_style_str("rgba(255,255,255,0.35)");
        ctx.fill();
        return;
    }
    ctx.set_fill_style_str(pal.disc);
    ctx.fill();
    ctx.set_stroke_style_str(side);
    ctx.set_line_width((r * 0.09).max(1.0));
    ctx.stroke();
    ctx.begin_path();
    let _ = ctx.arc(x, y, r * 0.8, 0.0, 2.0 * PI);
    ctx.set_line_width((r * 0.04).max(1.0));
    ctx.stroke();
    let text = labels.text(p);
    let size = if text.chars().count() > 1 {
        r * 0.9
    } else if labels == Labels::Chinese {
        r * 1.15
    } else {
        r * 1.05
    };
    ctx.set_fill_style_str(side);
    let family = if labels == Labels::Chinese {
        "'Noto Serif CJK SC', 'Songti SC', 'SimSun', serif"
    } else {
        "system-ui, sans-serif"
    };
    ctx.set_font(&format!("bold {}px {}", size.round() as i64, family));
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    let _ = ctx.fill_text(text, x, y + r * 0.05);
}

/// One piece at a device-pixel position (a dragged piece).
pub fn draw_piece_at(
    ctx: &Ctx,
    g: &Geometry,
    x: f64,
    y: f64,
    p: Piece,
    labels: Labels,
    dark: bool,
) {
    draw_piece(ctx, g, if dark { &DARK } else { &LIGHT }, x, y, p, labels);
}
