//! Canvas drawing of the 8x8 board: light and dark squares, coordinates,
//! the pieces as our own vector drawings, face-down pieces as a plain back
//! in the side's colour with the start square's role in a corner, the last
//! move, check, the selection, legal destinations and the reveal's flip.

use std::f64::consts::PI;

use web_sys::CanvasRenderingContext2d as Ctx;

use super::render::{clear, draw_dest, draw_slide, glow, mark_last};
use crate::rules::chess::{Kind, Piece, Square};
use crate::rules::Color;
use crate::session::ChessSlide;

/// Board geometry in device pixels (the one type both boards use): here
/// `cell` is a square's side, `ox`, `oy` the top-left corner of the
/// squares (the frame and coordinates are outside).
pub use super::render::Geometry;

/// The board with its margins, in squares.
const SPAN: f64 = 8.8;

/// Largest 8x8 board that fits `avail_w` x `avail_h` CSS pixels.
pub fn fit(avail_w: f64, avail_h: f64, dpr: f64, flipped: bool) -> Geometry {
    Geometry::fit_span(avail_w, avail_h, dpr, flipped, (SPAN, SPAN), (8.0, 8.0))
}

/// Column and row on screen (0..8, top-left first).
fn cell_of(g: &Geometry, sq: Square) -> (f64, f64) {
    let (col, row) = if g.flipped {
        (7 - sq.file(), sq.rank())
    } else {
        (sq.file(), 7 - sq.rank())
    };
    (f64::from(col), f64::from(row))
}

/// Centre of a square, device pixels.
pub fn center(g: &Geometry, sq: Square) -> (f64, f64) {
    let (c, r) = cell_of(g, sq);
    (g.ox + (c + 0.5) * g.cell, g.oy + (r + 0.5) * g.cell)
}

/// The square under a CSS-pixel position.
pub fn square_at(g: &Geometry, css_x: f64, css_y: f64) -> Option<Square> {
    let col = ((css_x * g.dpr - g.ox) / g.cell).floor();
    let row = ((css_y * g.dpr - g.oy) / g.cell).floor();
    if !(0.0..8.0).contains(&col) || !(0.0..8.0).contains(&row) {
        return None;
    }
    let (col, row) = (col as u8, row as u8);
    Some(if g.flipped {
        Square::new(7 - col, row)
    } else {
        Square::new(col, 7 - row)
    })
}

/// Everything drawn in one frame.
pub struct Scene<'a> {
    pub pieces: &'a [(Square, Piece)],
    pub selected: Option<Square>,
    pub dests: &'a [Square],
    pub last: Option<(Square, Square)>,
    pub check: Option<Square>,
    pub coordinates: bool,
    /// The slide and its progress (0..1 slides, 1..2 flips).
    pub slide: Option<(ChessSlide, f64)>,
    pub dark: bool,
}

struct Palette {
    frame: &'static str,
    light: &'static str,
    dark: &'static str,
    text_on_light: &'static str,
    text_on_dark: &'static str,
    last: &'static str,
    select: &'static str,
    dot: &'static str,
}

const LIGHT: Palette = Palette {
    frame: "#6b4a2b",
    light: "#f0d9b5",
    dark: "#b58863",
    text_on_light: "#8a5f3c",
    text_on_dark: "#f6e8d2",
    last: "rgba(215,190,40,0.45)",
    select: "#1d6fd1",
    dot: "rgba(20,90,180,0.7)",
};

const DARK: Palette = Palette {
    frame: "#2b2118",
    light: "#c8b08c",
    dark: "#7d5a3c",
    text_on_light: "#5a3d25",
    text_on_dark: "#efe0c8",
    last: "rgba(230,200,60,0.45)",
    select: "#7fb8ff",
    dot: "rgba(140,200,255,0.85)",
};

pub fn draw(ctx: &Ctx, g: &Geometry, s: &Scene) {
    let pal = if s.dark { &DARK } else { &LIGHT };
    let c = g.cell;
    clear(ctx, g, pal.frame);
    for sq in Square::all() {
        let (x, y) = center(g, sq);
        let light = (sq.file() + sq.rank()) % 2 == 1;
        ctx.set_fill_style_str(if light { pal.light } else { pal.dark });
        ctx.fill_rect(x - c / 2.0, y - c / 2.0, c, c);
    }
    if let Some((a, b)) = s.last {
        mark_last(ctx, pal.last, [center(g, a), center(g, b)], c / 2.0);
    }
    if let Some(k) = s.check {
        let stops = [
            (0.0, "rgba(230,0,0,0.95)"),
            (0.6, "rgba(230,0,0,0.45)"),
            (1.0, "rgba(230,0,0,0)"),
        ];
        glow(ctx, center(g, k), (c * 0.1, c * 0.7), &stops, c / 2.0);
    }
    if s.coordinates {
        draw_coordinates(ctx, g, pal);
    }
    if let Some(sq) = s.selected {
        let (x, y) = center(g, sq);
        ctx.set_stroke_style_str(pal.select);
        let lw = (c * 0.06).max(2.0);
        ctx.set_line_width(lw);
        ctx.stroke_rect(
            x - c / 2.0 + lw / 2.0,
            y - c / 2.0 + lw / 2.0,
            c - lw,
            c - lw,
        );
    }
    let sliding_to = s.slide.map(|(sl, _)| sl.to);
    for &(sq, p) in s.pieces {
        if Some(sq) == sliding_to {
            continue;
        }
        let (x, y) = center(g, sq);
        draw_piece(ctx, c, x, y, p, sq);
    }
    for &d in s.dests {
        let occupied = s.pieces.iter().any(|(q, _)| *q == d);
        draw_dest(ctx, c, pal.dot, center(g, d), occupied, (0.46, 0.07), 0.15);
    }
    if let Some((sl, t)) = s.slide {
        // A face-down mover keeps the start square it moves as.
        draw_slide(
            ctx,
            center(g, sl.from),
            center(g, sl.to),
            t,
            &|x, y, after| {
                let face = if after { sl.after } else { sl.piece };
                draw_piece(ctx, c, x, y, face, sl.from)
            },
        );
    }
}

fn draw_coordinates(ctx: &Ctx, g: &Geometry, pal: &Palette) {
    let c = g.cell;
    ctx.set_font(&format!(
        "bold {}px system-ui, sans-serif",
        (c * 0.17).round().max(9.0) as i64
    ));
    // Files along the bottom edge, ranks along the left edge, inside the
    // corner squares (in the colour that reads on each square).
    for i in 0..8u8 {
        let file_sq = if g.flipped {
            Square::new(7 - i, 7)
        } else {
            Square::new(i, 0)
        };
        let (x, y) = center(g, file_sq);
        let light = (file_sq.file() + file_sq.rank()) % 2 == 1;
        ctx.set_fill_style_str(if light {
            pal.text_on_light
        } else {
            pal.text_on_dark
        });
        ctx.set_text_align("right");
        ctx.set_text_baseline("bottom");
        let _ = ctx.fill_text(
            &((b'a' + file_sq.file()) as char).to_string(),
            x + c * 0.46,
            y + c * 0.48,
        );
        let rank_sq = if g.flipped {
            Square::new(7, i)
        } else {
            Square::new(0, i)
        };
        let (x, y) = center(g, rank_sq);
        let light = (rank_sq.file() + rank_sq.rank()) % 2 == 1;
        ctx.set_fill_style_str(if light {
            pal.text_on_light
        } else {
            pal.text_on_dark
        });
        ctx.set_text_align("left");
        ctx.set_text_baseline("top");
        let _ = ctx.fill_text(
            &(rank_sq.rank() + 1).to_string(),
            x - c * 0.46,
            y - c * 0.47,
        );
    }
}

fn colors(c: Color) -> (&'static str, &'static str) {
    match c {
        Color::Red => ("#fbfaf6", "#1c1c1c"),
        Color::Black => ("#26221f", "#f2efe8"),
    }
}

/// One piece centred at (`x`, `y`) on a square of side `c`; `at` is where
/// a face-down piece stands (its start square names how it moves).
fn draw_piece(ctx: &Ctx, c: f64, x: f64, y: f64, p: Piece, at: Square) {
    let (fill, edge) = colors(p.color);
    if p.hidden {
        draw_back(ctx, c, x, y, p, at);
        return;
    }
    ctx.save();
    let _ = ctx.translate(x, y);
    let u = c / 100.0;
    let _ = ctx.scale(u, u);
    ctx.set_line_join("round");
    ctx.set_line_cap("round");
    ctx.set_line_width(4.0);
    ctx.set_fill_style_str(fill);
    ctx.set_stroke_style_str(edge);
    shape(ctx, p.kind, edge);
    ctx.restore();
}

/// Fill and outline the current path.
fn paint(ctx: &Ctx) {
    ctx.fill();
    ctx.stroke();
}

/// A piece's silhouette in a 100-unit square centred on the origin.
fn shape(ctx: &Ctx, k: Kind, edge: &str) {
    // Every piece stands on the same base.
    let base = |ctx: &Ctx, w: f64| {
        ctx.begin_path();
        ctx.move_to(-w, 36.0);
        ctx.line_to(w, 36.0);
        ctx.line_to(w - 4.0, 26.0);
        ctx.line_to(-w + 4.0, 26.0);
        ctx.close_path();
        paint(ctx);
    };
    match k {
        Kind::Pawn => {
            ctx.begin_path();
            ctx.move_to(-16.0, 28.0);
            ctx.quadratic_curve_to(-14.0, 4.0, -6.0, -4.0);
            ctx.line_to(6.0, -4.0);
            ctx.quadratic_curve_to(14.0, 4.0, 16.0, 28.0);
            ctx.close_path();
            paint(ctx);
            ctx.begin_path();
            let _ = ctx.arc(0.0, -16.0, 13.0, 0.0, 2.0 * PI);
            paint(ctx);
            base(ctx, 24.0);
        }
        Kind::Rook => {
            ctx.begin_path();
            ctx.move_to(-18.0, 28.0);
            ctx.line_to(-15.0, -14.0);
            ctx.line_to(15.0, -14.0);
            ctx.line_to(18.0, 28.0);
            ctx.close_path();
            paint(ctx);
            // The battlements.
            ctx.begin_path();
            ctx.move_to(-24.0, -14.0);
            ctx.line_to(-24.0, -34.0);
            ctx.line_to(-14.0, -34.0);
            ctx.line_to(-14.0, -26.0);
            ctx.line_to(-5.0, -26.0);
            ctx.line_to(-5.0, -34.0);
            ctx.line_to(5.0, -34.0);
            ctx.line_to(5.0, -26.0);
            ctx.line_to(14.0, -26.0);
            ctx.line_to(14.0, -34.0);
            ctx.line_to(24.0, -34.0);
            ctx.line_to(24.0, -14.0);
            ctx.close_path();
            paint(ctx);
            base(ctx, 28.0);
        }
        Kind::Knight => {
            ctx.begin_path();
            ctx.move_to(-18.0, 28.0);
            ctx.line_to(-20.0, 6.0);
            ctx.bezier_curve_to(-22.0, -14.0, -12.0, -30.0, 2.0, -36.0);
            ctx.line_to(6.0, -28.0);
            ctx.bezier_curve_to(18.0, -24.0, 28.0, -8.0, 30.0, 4.0);
            ctx.line_to(24.0, 12.0);
            ctx.line_to(12.0, 4.0);
            ctx.line_to(4.0, 6.0);
            ctx.bezier_curve_to(12.0, 14.0, 18.0, 20.0, 20.0, 28.0);
            ctx.close_path();
            paint(ctx);
            // The eye.
            ctx.begin_path();
            let _ = ctx.arc(4.0, -14.0, 3.0, 0.0, 2.0 * PI);
            ctx.set_fill_style_str(edge);
            ctx.fill();
            let (fill, _) = if edge == "#1c1c1c" {
                colors(Color::Red)
            } else {
                colors(Color::Black)
            };
            ctx.set_fill_style_str(fill);
            base(ctx, 28.0);
        }
        Kind::Bishop => {
            ctx.begin_path();
            ctx.move_to(-16.0, 26.0);
            ctx.bezier_curve_to(-26.0, 4.0, -14.0, -20.0, 0.0, -30.0);
            ctx.bezier_curve_to(14.0, -20.0, 26.0, 4.0, 16.0, 26.0);
            ctx.close_path();
            paint(ctx);
            ctx.begin_path();
            let _ = ctx.arc(0.0, -34.0, 6.0, 0.0, 2.0 * PI);
            paint(ctx);
            // The mitre's cut.
            ctx.begin_path();
            ctx.move_to(-3.0, -4.0);
            ctx.line_to(9.0, -16.0);
            ctx.stroke();
            base(ctx, 26.0);
        }
        Kind::Queen => {
            ctx.begin_path();
            ctx.move_to(-20.0, 28.0);
            ctx.line_to(-30.0, -20.0);
            ctx.line_to(-15.0, -2.0);
            ctx.line_to(-8.0, -28.0);
            ctx.line_to(0.0, -4.0);
            ctx.line_to(8.0, -28.0);
            ctx.line_to(15.0, -2.0);
            ctx.line_to(30.0, -20.0);
            ctx.line_to(20.0, 28.0);
            ctx.close_path();
            paint(ctx);
            for (bx, by) in [(-30.0, -24.0), (-8.0, -32.0), (8.0, -32.0), (30.0, -24.0)] {
                ctx.begin_path();
                let _ = ctx.arc(bx, by, 5.0, 0.0, 2.0 * PI);
                paint(ctx);
            }
            base(ctx, 28.0);
        }
        Kind::King => {
            ctx.begin_path();
            ctx.move_to(-20.0, 28.0);
            ctx.bezier_curve_to(-34.0, 6.0, -26.0, -16.0, -10.0, -10.0);
            ctx.line_to(0.0, -2.0);
            ctx.line_to(10.0, -10.0);
            ctx.bezier_curve_to(26.0, -16.0, 34.0, 6.0, 20.0, 28.0);
            ctx.close_path();
            paint(ctx);
            // The cross.
            ctx.begin_path();
            ctx.move_to(-4.0, -6.0);
            ctx.line_to(-4.0, -24.0);
            ctx.line_to(-12.0, -24.0);
            ctx.line_to(-12.0, -32.0);
            ctx.line_to(-4.0, -32.0);
            ctx.line_to(-4.0, -40.0);
            ctx.line_to(4.0, -40.0);
            ctx.line_to(4.0, -32.0);
            ctx.line_to(12.0, -32.0);
            ctx.line_to(12.0, -24.0);
            ctx.line_to(4.0, -24.0);
            ctx.line_to(4.0, -6.0);
            ctx.close_path();
            paint(ctx);
            base(ctx, 28.0);
        }
    }
}

/// A face-down piece: a plain back in its side's colour, a ring, and the
/// start square's role in the top-right corner (it moves as that; the
/// top-left corner holds the rank numbers on the a-file).
fn draw_back(ctx: &Ctx, c: f64, x: f64, y: f64, p: Piece, at: Square) {
    let (fill, edge) = colors(p.color);
    let r = c * 0.4;
    ctx.begin_path();
    ctx.set_fill_style_str("rgba(0,0,0,0.22)");
    let _ = ctx.arc(x + r * 0.05, y + r * 0.09, r, 0.0, 2.0 * PI);
    ctx.fill();
    ctx.begin_path();
    let _ = ctx.arc(x, y, r, 0.0, 2.0 * PI);
    ctx.set_fill_style_str(fill);
    ctx.fill();
    ctx.set_stroke_style_str(edge);
    ctx.set_line_width((c * 0.035).max(1.0));
    ctx.stroke();
    // A hatched ring marks the back.
    ctx.begin_path();
    let _ = ctx.arc(x, y, r * 0.7, 0.0, 2.0 * PI);
    ctx.set_line_width((c * 0.02).max(1.0));
    let _ = ctx.set_line_dash(&js_sys::Array::of2(&(c * 0.05).into(), &(c * 0.04).into()));
    ctx.stroke();
    let _ = ctx.set_line_dash(&js_sys::Array::new());
    ctx.set_fill_style_str(edge);
    ctx.set_font(&format!(
        "bold {}px system-ui, sans-serif",
        (c * 0.3).round() as i64
    ));
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    let _ = ctx.fill_text("?", x, y + c * 0.02);
    // The role of the start square, small, in the corner.
    let role = at.start_kind(p.color).unwrap_or(p.kind);
    let (bx, by) = (x + c * 0.33, y - c * 0.33);
    ctx.begin_path();
    let _ = ctx.arc(bx, by, c * 0.13, 0.0, 2.0 * PI);
    ctx.set_fill_style_str("#fff8e6");
    ctx.fill();
    ctx.set_stroke_style_str("#3a2a18");
    ctx.set_line_width((c * 0.015).max(1.0));
    ctx.stroke();
    ctx.set_fill_style_str("#3a2a18");
    ctx.set_font(&format!(
        "bold {}px system-ui, sans-serif",
        (c * 0.17).round() as i64
    ));
    let _ = ctx.fill_text(&role.char().to_string(), bx, by + c * 0.01);
}

/// One piece at a device-pixel position (a dragged piece).
pub fn draw_piece_at(ctx: &Ctx, g: &Geometry, x: f64, y: f64, p: Piece, from: Square) {
    draw_piece(ctx, g.cell, x, y, p, from);
}
