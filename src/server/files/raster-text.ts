import type { FontkitFont, PathCommand } from '@foliojs-fork/fontkit';
import { baseDirection, type Direction, type FontKey, fontFile, parsedFont, segments } from './pdf-text.ts';
import { clean } from './text-fit.ts';

/**
 * Text a label printer's own fonts cannot draw (Arabic, which needs shaping and right-to-left
 * order, and Chinese) as a 1-bit raster at the printer's resolution. The line is cut into the same
 * runs, in the same visual order, with the same font files as the PDF draws it (pdf-text.ts), and
 * each glyph's outline is filled with the non-zero rule, sampled at pixel centres.
 */

/** Rows of packed pixels, most significant bit first, 1 = black (what a ^GF field takes). */
export interface Bitmap {
  width: number;
  height: number;
  bytesPerRow: number;
  data: Uint8Array;
}

export interface RasterStyle {
  /** The font size in dots (the em square). */
  sizeDots: number;
  bold?: boolean;
  base?: Direction;
}

/** Above and below the baseline, in ems: room for Arabic marks and descenders. */
export const ASCENT_EM = 1.05;
export const DESCENT_EM = 0.4;

function fontOf(arabic: boolean, bold: boolean | undefined): FontkitFont {
  const key: FontKey = arabic ? (bold ? 'arabicBold' : 'arabic') : bold ? 'bold' : 'regular';
  return parsedFont(fontFile(key));
}

interface Placed {
  font: FontkitFont;
  text: string;
}

/** The line's runs in visual order, characters the font lacks replaced by "?" as the PDF does. */
function runs(text: string, style: Pick<RasterStyle, 'bold' | 'base'>): Placed[] {
  const line = clean(text);
  return segments(line, style.base ?? baseDirection(line)).map((s) => {
    const font = fontOf(s.arabicFont, style.bold);
    let drawn = '';
    for (const ch of s.text) drawn += font.hasGlyphForCodePoint(ch.codePointAt(0)!) ? ch : '?';
    return { font, text: drawn };
  });
}

const widthCache = new Map<string, number>();
const MAX_CACHED = 20_000;

/** The line's width in ems (the PDF's width at size 1, in points, divided by the size). */
export function emWidth(text: string, style: Pick<RasterStyle, 'bold' | 'base'> = {}): number {
  const key = `${style.bold ? 'b' : 'r'}${style.base ?? ''}\u0000${text}`;
  let w = widthCache.get(key);
  if (w === undefined) {
    w = runs(text, style).reduce((sum, r) => sum + r.font.layout(r.text).advanceWidth / r.font.unitsPerEm, 0);
    if (widthCache.size >= MAX_CACHED) widthCache.clear();
    widthCache.set(key, w);
  }
  return w;
}

/** A glyph's outline as closed polygons in font units (curves flattened), once per glyph. */
const outlines = new WeakMap<FontkitFont, Map<number, number[][]>>();

function outline(font: FontkitFont, glyph: { id: number; path: { commands: PathCommand[] } }): number[][] {
  let byId = outlines.get(font);
  if (!byId) {
    byId = new Map();
    outlines.set(font, byId);
  }
  let polys = byId.get(glyph.id);
  if (polys) return polys;
  polys = [];
  let poly: number[] = [];
  let x = 0;
  let y = 0;
  const STEPS = 6;
  for (const { command, args: a } of glyph.path.commands) {
    if (command === 'moveTo') {
      if (poly.length > 2) polys.push(poly);
      poly = [a[0]!, a[1]!];
      [x, y] = [a[0]!, a[1]!];
    } else if (command === 'lineTo') {
      poly.push(a[0]!, a[1]!);
      [x, y] = [a[0]!, a[1]!];
    } else if (command === 'quadraticCurveTo') {
      for (let i = 1; i <= STEPS; i++) {
        const t = i / STEPS;
        const u = 1 - t;
        poly.push(
          u * u * x + 2 * u * t * a[0]! + t * t * a[2]!,
          u * u * y + 2 * u * t * a[1]! + t * t * a[3]!,
        );
      }
      [x, y] = [a[2]!, a[3]!];
    } else if (command === 'bezierCurveTo') {
      for (let i = 1; i <= STEPS; i++) {
        const t = i / STEPS;
        const u = 1 - t;
        poly.push(
          u * u * u * x + 3 * u * u * t * a[0]! + 3 * u * t * t * a[2]! + t * t * t * a[4]!,
          u * u * u * y + 3 * u * u * t * a[1]! + 3 * u * t * t * a[3]! + t * t * t * a[5]!,
        );
      }
      [x, y] = [a[4]!, a[5]!];
    } else if (poly.length > 2) {
      polys.push(poly);
      poly = [];
    }
  }
  if (poly.length > 2) polys.push(poly);
  byId.set(glyph.id, polys);
  return polys;
}

/**
 * One line as a bitmap `ceil(width)` dots wide and (ASCENT_EM + DESCENT_EM) ems high, its baseline
 * ASCENT_EM ems from the top.
 */
export function rasterLine(text: string, style: RasterStyle): Bitmap {
  const em = style.sizeDots;
  const baseline = Math.round(ASCENT_EM * em);
  const height = Math.max(1, baseline + Math.round(DESCENT_EM * em));
  const width = Math.max(1, Math.ceil(emWidth(text, style) * em));
  const bytesPerRow = Math.ceil(width / 8);
  const data = new Uint8Array(bytesPerRow * height);
  // Edges in dots, y downwards: x0, y0, x1, y1, winding.
  const edges: number[] = [];
  let pen = 0;
  for (const r of runs(text, style)) {
    const layout = r.font.layout(r.text);
    const k = em / r.font.unitsPerEm;
    layout.glyphs.forEach((glyph, i) => {
      const p = layout.positions[i]!;
      const ox = pen + p.xOffset * k;
      const oy = p.yOffset * k;
      for (const poly of outline(r.font, glyph)) {
        const n = poly.length / 2;
        for (let j = 0; j < n; j++) {
          const x0 = ox + poly[2 * j]! * k;
          const y0 = baseline - (oy + poly[2 * j + 1]! * k);
          const nj = (j + 1) % n;
          const x1 = ox + poly[2 * nj]! * k;
          const y1 = baseline - (oy + poly[2 * nj + 1]! * k);
          if (y0 !== y1) edges.push(x0, y0, x1, y1);
        }
      }
      pen += p.xAdvance * k;
    });
  }
  fill(edges, data, width, height, bytesPerRow);
  return { width, height, bytesPerRow, data };
}

/** Non-zero scanline fill, sampling each pixel at its centre. */
function fill(edges: number[], data: Uint8Array, width: number, height: number, bytesPerRow: number) {
  const xs: number[] = [];
  const ws: number[] = [];
  for (let row = 0; row < height; row++) {
    const yc = row + 0.5;
    xs.length = 0;
    ws.length = 0;
    for (let e = 0; e < edges.length; e += 4) {
      const y0 = edges[e + 1]!;
      const y1 = edges[e + 3]!;
      if ((y0 <= yc && y1 > yc) || (y1 <= yc && y0 > yc)) {
        const x0 = edges[e]!;
        const x1 = edges[e + 2]!;
        xs.push(x0 + ((yc - y0) * (x1 - x0)) / (y1 - y0));
        ws.push(y1 > y0 ? 1 : -1);
      }
    }
    if (xs.length === 0) continue;
    const order = xs.map((_, i) => i).sort((a, b) => xs[a]! - xs[b]!);
    let winding = 0;
    for (let i = 0; i < order.length - 1; i++) {
      winding += ws[order[i]!]!;
      if (winding === 0) continue;
      const from = Math.max(0, Math.ceil(xs[order[i]!]! - 0.5));
      const to = Math.min(width - 1, Math.floor(xs[order[i + 1]!]! - 0.5));
      for (let x = from; x <= to; x++) data[row * bytesPerRow + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
}
