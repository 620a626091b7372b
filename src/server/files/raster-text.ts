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

const ASCII = /^[\x20-\x7E]*$/;

/** The line's runs in visual order, characters the font lacks replaced by "?" as the PDF does. */
function runs(text: string, style: Pick<RasterStyle, 'bold' | 'base'>): Placed[] {
  // Printable ASCII left to right is one run of the Latin font, which has all of it.
  if (style.base !== 'rtl' && ASCII.test(text)) return [{ font: fontOf(false, style.bold), text }];
  const line = clean(text);
  return segments(line, style.base ?? baseDirection(line)).map((s) => {
    const font = fontOf(s.arabicFont, style.bold);
    let drawn = '';
    for (const ch of s.text) drawn += font.hasGlyphForCodePoint(ch.codePointAt(0)!) ? ch : '?';
    return { font, text: drawn };
  });
}

/**
 * Shaping is most of a line's cost, and fitting a line measures it again and again: each font's
 * shaped runs are kept (cleared when full), for the width and then for the raster.
 */
const layouts = new WeakMap<FontkitFont, Map<string, ReturnType<FontkitFont['layout']>>>();
const MAX_LAYOUTS = 2_000;
function layoutOf(font: FontkitFont, text: string) {
  let byText = layouts.get(font);
  if (!byText) {
    byText = new Map();
    layouts.set(font, byText);
  }
  let run = byText.get(text);
  if (!run) {
    run = font.layout(text);
    if (byText.size >= MAX_LAYOUTS) byText.clear();
    byText.set(text, run);
  }
  return run;
}

const widthCache = new Map<string, number>();
const MAX_CACHED = 20_000;

/** The line's width in ems (the PDF's width at size 1, in points, divided by the size). */
export function emWidth(text: string, style: Pick<RasterStyle, 'bold' | 'base'> = {}): number {
  const key = `${style.bold ? 'b' : 'r'}${style.base ?? ''}\u0000${text}`;
  let w = widthCache.get(key);
  if (w === undefined) {
    w = runs(text, style).reduce(
      (sum, r) => sum + layoutOf(r.font, r.text).advanceWidth / r.font.unitsPerEm,
      0,
    );
    if (widthCache.size >= MAX_CACHED) widthCache.clear();
    widthCache.set(key, w);
  }
  return w;
}

/** Each printable ASCII character's own advance (ems) in the Latin fonts, before shaping. */
const nominal = new WeakMap<FontkitFont, Float64Array>();

/**
 * At least the width emWidth answers for printable ASCII text, without shaping it: the characters'
 * own advances, and 2% for kerning that widens (ligatures and most kerning narrow a line). Lines
 * that obviously fit their box are not shaped just to learn so.
 */
export function asciiWidthAbove(text: string, bold?: boolean): number {
  const font = fontOf(false, bold);
  let advances = nominal.get(font);
  if (!advances) {
    advances = new Float64Array(128);
    for (let c = 32; c < 127; c++) advances[c] = font.glyphForCodePoint(c).advanceWidth / font.unitsPerEm;
    nominal.set(font, advances);
  }
  let w = 0;
  for (let i = 0; i < text.length; i++) w += advances[text.charCodeAt(i) & 127]!;
  return w * 1.02 + 0.01;
}

/**
 * A glyph's outline at one size as edges in dots from its origin, y downwards from the baseline
 * (x0, y0, x1, y1; horizontal edges dropped), once per glyph and size. Curves are flattened into as
 * many chords as keep each within FLATNESS of the curve at that size.
 */
const FLATNESS = 0.1;
const MAX_CHORDS = 16;
const outlines = new WeakMap<FontkitFont, Map<number, Float64Array>>();

function chords(deviation: number): number {
  return Math.max(1, Math.min(MAX_CHORDS, Math.ceil(Math.sqrt(deviation / FLATNESS))));
}

function outline(font: FontkitFont, glyph: { id: number; path: { commands: PathCommand[] } }, em: number) {
  let cache = outlines.get(font);
  if (!cache) {
    cache = new Map();
    outlines.set(font, cache);
  }
  const key = glyph.id * 4096 + em;
  const known = cache.get(key);
  if (known) return known;
  const k = em / font.unitsPerEm;
  const edges: number[] = [];
  let startX = 0;
  let startY = 0;
  let x = 0;
  let y = 0;
  let open = false;
  const to = (nx: number, ny: number) => {
    if (ny !== y) edges.push(x, y, nx, ny);
    x = nx;
    y = ny;
  };
  const close = () => {
    if (open) to(startX, startY);
    open = false;
  };
  for (const { command, args } of glyph.path.commands) {
    const a = args.map((v, i) => (i & 1 ? -v * k : v * k));
    if (command === 'moveTo') {
      close();
      [startX, startY, x, y] = [a[0]!, a[1]!, a[0]!, a[1]!];
      open = true;
    } else if (command === 'lineTo') {
      to(a[0]!, a[1]!);
    } else if (command === 'quadraticCurveTo') {
      const [x0, y0] = [x, y];
      const n = chords(Math.hypot(x0 - 2 * a[0]! + a[2]!, y0 - 2 * a[1]! + a[3]!) / 4);
      for (let i = 1; i <= n; i++) {
        const t = i / n;
        const u = 1 - t;
        to(u * u * x0 + 2 * u * t * a[0]! + t * t * a[2]!, u * u * y0 + 2 * u * t * a[1]! + t * t * a[3]!);
      }
    } else if (command === 'bezierCurveTo') {
      const [x0, y0] = [x, y];
      const d =
        (Math.max(
          Math.hypot(x0 - 2 * a[0]! + a[2]!, y0 - 2 * a[1]! + a[3]!),
          Math.hypot(a[0]! - 2 * a[2]! + a[4]!, a[1]! - 2 * a[3]! + a[5]!),
        ) *
          3) /
        4;
      const n = chords(d);
      for (let i = 1; i <= n; i++) {
        const t = i / n;
        const u = 1 - t;
        to(
          u * u * u * x0 + 3 * u * u * t * a[0]! + 3 * u * t * t * a[2]! + t * t * t * a[4]!,
          u * u * u * y0 + 3 * u * u * t * a[1]! + 3 * u * t * t * a[3]! + t * t * t * a[5]!,
        );
      }
    } else {
      close();
    }
  }
  close();
  const out = Float64Array.from(edges);
  cache.set(key, out);
  return out;
}

/** Grown as needed and reused: a line's edges, and its crossings bucketed by row. */
let edgeBuf = new Float64Array(4096);
let xsBuf = new Float64Array(4096);
let wsBuf = new Int8Array(4096);
let rowStart = new Int32Array(256);

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
  let n = 0;
  let pen = 0;
  for (const r of runs(text, style)) {
    const layout = layoutOf(r.font, r.text);
    const k = em / r.font.unitsPerEm;
    for (let i = 0; i < layout.glyphs.length; i++) {
      const p = layout.positions[i]!;
      const ox = pen + p.xOffset * k;
      const oy = baseline - p.yOffset * k;
      const e = outline(r.font, layout.glyphs[i]!, em);
      if (n + e.length > edgeBuf.length) {
        const grown = new Float64Array(Math.max(2 * edgeBuf.length, n + e.length));
        grown.set(edgeBuf.subarray(0, n));
        edgeBuf = grown;
      }
      for (let j = 0; j < e.length; j += 2) {
        edgeBuf[n + j] = e[j]! + ox;
        edgeBuf[n + j + 1] = e[j + 1]! + oy;
      }
      n += e.length;
      pen += p.xAdvance * k;
    }
  }
  fill(edgeBuf, n, data, width, height, bytesPerRow);
  return { width, height, bytesPerRow, data };
}

/** The rows whose centres an edge from y0 to y1 crosses: first, and one past the last. */
const firstRow = (lo: number) => Math.max(0, Math.ceil(lo - 0.5));
const endRow = (hi: number, height: number) => Math.min(height, Math.ceil(hi - 0.5));

/**
 * Non-zero scanline fill, sampling each pixel at its centre: each edge's crossings go into the
 * rows it spans (a row-bucketed edge table), so a row looks only at the edges that cross it.
 */
function fill(
  edges: Float64Array,
  n: number,
  data: Uint8Array,
  width: number,
  height: number,
  bytesPerRow: number,
) {
  if (rowStart.length < height + 1) rowStart = new Int32Array(2 * (height + 1));
  const start = rowStart;
  start.fill(0, 0, height + 1);
  let crossings = 0;
  for (let e = 0; e < n; e += 4) {
    const y0 = edges[e + 1]!;
    const y1 = edges[e + 3]!;
    const from = firstRow(Math.min(y0, y1));
    const to = endRow(Math.max(y0, y1), height);
    for (let row = from; row < to; row++) start[row + 1]!++;
    if (to > from) crossings += to - from;
  }
  if (crossings === 0) return;
  for (let row = 0; row < height; row++) start[row + 1]! += start[row]!;
  if (xsBuf.length < crossings) {
    xsBuf = new Float64Array(2 * crossings);
    wsBuf = new Int8Array(2 * crossings);
  }
  const xs = xsBuf;
  const ws = wsBuf;
  // start[row] counts up to start[row + 1] while filling; it is recomputed below.
  const at = start.slice(0, height);
  for (let e = 0; e < n; e += 4) {
    const x0 = edges[e]!;
    const y0 = edges[e + 1]!;
    const x1 = edges[e + 2]!;
    const y1 = edges[e + 3]!;
    const w = y1 > y0 ? 1 : -1;
    const from = firstRow(Math.min(y0, y1));
    const to = endRow(Math.max(y0, y1), height);
    const slope = (x1 - x0) / (y1 - y0);
    for (let row = from; row < to; row++) {
      const i = at[row]!++;
      xs[i] = x0 + (row + 0.5 - y0) * slope;
      ws[i] = w;
    }
  }
  for (let row = 0; row < height; row++) {
    const lo = start[row]!;
    const hi = start[row + 1]!;
    if (hi - lo < 2) continue;
    // Insertion sort: a row has few crossings.
    for (let i = lo + 1; i < hi; i++) {
      const x = xs[i]!;
      const w = ws[i]!;
      let j = i - 1;
      while (j >= lo && xs[j]! > x) {
        xs[j + 1] = xs[j]!;
        ws[j + 1] = ws[j]!;
        j--;
      }
      xs[j + 1] = x;
      ws[j + 1] = w;
    }
    let winding = 0;
    const base = row * bytesPerRow;
    for (let i = lo; i < hi - 1; i++) {
      winding += ws[i]!;
      if (winding === 0) continue;
      const a = Math.max(0, Math.ceil(xs[i]! - 0.5));
      const b = Math.min(width - 1, Math.floor(xs[i + 1]! - 0.5));
      if (a <= b) span(data, base, a, b);
    }
  }
}

/** Sets pixels a..b (inclusive) of the row starting at byte `base`. */
function span(data: Uint8Array, base: number, a: number, b: number) {
  const ba = a >> 3;
  const bb = b >> 3;
  const head = 0xff >> (a & 7);
  const tail = (0xff00 >> ((b & 7) + 1)) & 0xff;
  if (ba === bb) {
    data[base + ba]! |= head & tail;
    return;
  }
  data[base + ba]! |= head;
  for (let i = ba + 1; i < bb; i++) data[base + i] = 0xff;
  data[base + bb]! |= tail;
}
