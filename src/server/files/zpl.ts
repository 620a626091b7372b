import { DESIGN_MM, frameOn, type LabelCanvas, type LabelSizeMm, type LabelText } from './label-canvas.ts';
import { asciiWidthAbove, type Bitmap, emWidth, rasterLine } from './raster-text.ts';
import { fitWith, paragraphLines } from './text-fit.ts';

/**
 * A ZPL II label laid out in millimetres from its top-left corner, mirrored for a right-to-left
 * language as the PDF's Frame is. Printable ASCII goes out as the printer's scalable font (^A0);
 * anything else (Arabic, which needs shaping and right-to-left order, Chinese) as a ^GFA graphic
 * field rasterised from the same font files the PDF embeds. Lines are cut and wrapped with the PDF's
 * metrics, so both carry the same text.
 */

export const ZPL_DPIS = [203, 300] as const;
export type ZplDpi = (typeof ZPL_DPIS)[number];

type ZplText = LabelText;

/** Printable ASCII the printer's own font draws; anything else is rasterised. */
const PRINTER_TEXT = /^[\x20-\x7E]*$/;
/** Widest Code128 module (mm): wider adds nothing to scanning and makes long numbers overflow. */
const MAX_MODULE_MM = 0.5;
/** The printer's font 0 sits a little lower in its cell than the em square's ascent. */
const A0_ASCENT = 0.78;

export { DESIGN_MM, type LabelSizeMm };

/**
 * A label designed in millimetres on DESIGN_MM and printed on `size`: x is scaled by the width's
 * ratio and y by the height's, text (and rule weights) by the smaller of the two, so a line cut to
 * its box on the design still fits it, and a barcode still spans its box's whole width. On
 * 100 × 150 it is the design itself.
 */
export class ZplLabel implements LabelCanvas {
  private readonly out: string[] = [];
  readonly dpi: ZplDpi;
  readonly widthMm: number;
  readonly heightMm: number;
  readonly rtl: boolean;
  private readonly sx: number;
  private readonly sy: number;
  /** Text's scale. */
  private readonly st: number;

  constructor(dpi: ZplDpi, size: LabelSizeMm, rtl: boolean) {
    this.dpi = dpi;
    this.widthMm = size.width;
    this.heightMm = size.height;
    this.rtl = rtl;
    this.sx = size.width / DESIGN_MM.width;
    this.sy = size.height / DESIGN_MM.height;
    this.st = Math.min(this.sx, this.sy);
  }

  /** Millimetres on the printed label to dots. */
  dots(mm: number): number {
    return Math.round((mm * this.dpi) / 25.4);
  }

  private dx(mm: number): number {
    return this.dots(mm * this.sx);
  }

  private dy(mm: number): number {
    return this.dots(mm * this.sy);
  }

  /** Points (1/72 in) of the design to dots. */
  ptDots(pt: number): number {
    return Math.max(1, Math.round((pt * this.st * this.dpi) / 72));
  }

  /** The left edge (dots) of a box starting `x` mm from the reading start, `w` mm wide. */
  private left(x: number, w: number): number {
    return this.dx(this.rtl ? DESIGN_MM.width - x - w : x);
  }

  rect(x: number, y: number, w: number, h: number, pt = 0.8) {
    this.out.push(`^FO${this.left(x, w)},${this.dy(y)}^GB${this.dx(w)},${this.dy(h)},${this.ptDots(pt)}^FS`);
  }

  hLine(x: number, w: number, y: number, pt = 0.6) {
    const t = this.ptDots(pt);
    this.out.push(`^FO${this.left(x, w)},${this.dy(y) - (t >> 1)}^GB${this.dx(w)},${t},${t}^FS`);
  }

  vLine(x: number, y: number, h: number, pt = 0.6) {
    const t = this.ptDots(pt);
    this.out.push(`^FO${this.left(x, 0) - (t >> 1)},${this.dy(y)}^GB${t},${this.dy(h)},${t}^FS`);
  }

  /** The width (mm) of a line at `size` points, as the PDF measures it. */
  measure(text: string, size: number, bold?: boolean): number {
    return (emWidth(text, { bold }) * size * 25.4) / 72;
  }

  /**
   * A measure for fitting text to `width` mm (cutting and wrapping only compare with it): printable
   * ASCII that fits even at its widest bound is not shaped; anything else is measured.
   */
  private fitting(size: number, bold: boolean | undefined, width: number) {
    const k = (size * 25.4) / 72;
    return (s: string) => {
      if (PRINTER_TEXT.test(s)) {
        const above = asciiWidthAbove(s, bold) * k;
        if (above <= width) return above;
      }
      return this.measure(s, size, bold);
    };
  }

  /** One line with its baseline `y` mm from the top, cut to its box and aligned in it. */
  text(text: string, x: number, w: number, y: number, size: number, o: ZplText = {}) {
    const line = fitWith(this.fitting(size, o.bold, w), text, w);
    if (!line.trim()) return;
    const align = o.align ?? 'start';
    const left = this.left(x, w);
    const width = this.dx(w);
    const em = this.ptDots(size);
    const fr = o.reverse ? '^FR' : '';
    if (PRINTER_TEXT.test(line)) {
      const just = align === 'center' ? 'C' : (align === 'end') !== this.rtl ? 'R' : 'L';
      const top = this.dy(y) - Math.round(em * A0_ASCENT);
      this.out.push(
        `^FO${left},${top}${fr}^A0N,${em},${em}^FB${width},1,0,${just}^FH^FD${fieldHex(line)}^FS`,
      );
      return;
    }
    const bitmap = rasterField(line, em, o.bold);
    const drawn = Math.min(bitmap.width, width);
    const at =
      align === 'center'
        ? left + ((width - drawn) >> 1)
        : (align === 'end') !== this.rtl
          ? left + width - drawn
          : left;
    const top = this.dy(y) - Math.round(1.05 * em);
    this.out.push(`^FO${at},${Math.max(0, top)}${fr}${bitmap.field}^FS`);
  }

  /** Wrapped lines from the baseline `y` downwards, `lineHeight` mm apart, at most `maxLines`. */
  paragraph(
    text: string | readonly string[],
    x: number,
    w: number,
    y: number,
    size: number,
    o: ZplText & { lineHeight: number; maxLines: number },
  ) {
    const lines = paragraphLines(this.fitting(size, o.bold, w), text, w, o.maxLines);
    lines.forEach((line, i) => {
      this.text(line, x, w, y + i * o.lineHeight, size, o);
    });
  }

  /**
   * A Code128 of `value` centred in the box: the widest whole-dot module that fits the box (at most
   * MAX_MODULE_MM), the module count taken from the same encoder the PDF uses.
   */
  barcode(value: string, x: number, y: number, w: number, h: number) {
    const modules = code128Modules(value);
    const box = this.dx(w);
    const module = Math.max(
      1,
      Math.min(Math.floor(box / modules), Math.floor((MAX_MODULE_MM * this.dpi) / 25.4)),
    );
    const left = this.left(x, w) + Math.max(0, (box - modules * module) >> 1);
    this.out.push(
      `^FO${left},${this.dy(y)}^BY${module}^BCN,${this.dy(h)},N,N,N,A^FH^FD${fieldHex(value)}^FS`,
    );
  }

  /** The label, ^XA … ^XZ: UTF-8, the page's width and length in dots, one copy. */
  toString(): string {
    return `^XA^CI28^PW${this.dots(this.widthMm)}^LL${this.dots(this.heightMm)}^LH0,0${this.out.join('')}^XZ\n`;
  }
}

/**
 * The frame all labels share (label-canvas.ts `frameOn`) on a ZPL label at the printer's size and
 * resolution, mirrored for a right-to-left language.
 */
export function labelFrame(dpi: ZplDpi, size: LabelSizeMm, rtl: boolean) {
  return frameOn(new ZplLabel(dpi, size, rtl));
}

/**
 * Rasterised lines as ^GFA fields, by size, weight and text: a batch repeats its captions, senders
 * and cities on every label. Cleared when full rather than kept in order (a batch is ≤ 500 labels).
 */
const fields = new Map<string, { width: number; field: string }>();
const MAX_FIELDS = 5_000;

function rasterField(line: string, em: number, bold?: boolean): { width: number; field: string } {
  const key = `${em}${bold ? 'b' : 'r'}\u0000${line}`;
  let f = fields.get(key);
  if (!f) {
    const bitmap = rasterLine(line, { sizeDots: em, bold });
    f = { width: bitmap.width, field: graphicField(bitmap) };
    if (fields.size >= MAX_FIELDS) fields.clear();
    fields.set(key, f);
  }
  return f;
}

/** ^FH escapes: `_` starts a hex byte, so it and the command prefixes travel as hex. */
const fieldHex = (s: string) =>
  s.replace(/[_^~\\]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

/**
 * Data modules of a Code128 symbol (bars and spaces, without quiet zones): start, the fewest
 * codewords that encode `value` with code sets A, B and C (switches and shifts counted, as the
 * printer's automatic mode ^BC…,A picks them), the check character at 11 modules each, and the
 * stop's 13. Equal to what bwip-js draws for the numbers labels carry (tests/api/label-zpl.test.ts),
 * without encoding a symbol for every label.
 */
export function code128Modules(value: string): number {
  const n = value.length;
  const code = (i: number) => value.charCodeAt(i);
  const inA = (c: number) => c < 96;
  const inB = (c: number) => c >= 32 && c < 128;
  const digit = (i: number) => i < n && code(i) >= 48 && code(i) <= 57;
  const INF = Number.POSITIVE_INFINITY;
  // cost[i * 3 + s]: the fewest data codewords for value[0, i) ending in set s (0 A, 1 B, 2 C).
  const cost = new Array<number>((n + 1) * 3).fill(INF);
  cost[0] = cost[1] = cost[2] = 0;
  const relax = (i: number, s: number, c: number) => {
    if (c < cost[i * 3 + s]!) cost[i * 3 + s] = c;
  };
  for (let i = 0; i <= n; i++) {
    for (let s = 0; s < 3; s++) for (let t = 0; t < 3; t++) relax(i, t, cost[i * 3 + s]! + 1);
    if (i === n) break;
    const c = code(i);
    const a = cost[i * 3]!;
    const b = cost[i * 3 + 1]!;
    if (inA(c)) relax(i + 1, 0, a + 1);
    if (inB(c)) relax(i + 1, 1, b + 1);
    if (inB(c)) relax(i + 1, 0, a + 2);
    if (inA(c)) relax(i + 1, 1, b + 2);
    if (digit(i) && digit(i + 1)) relax(i + 2, 2, cost[i * 3 + 2]! + 1);
  }
  const data = Math.min(cost[n * 3]!, cost[n * 3 + 1]!, cost[n * 3 + 2]!);
  return 11 * (data + 2) + 13;
}

const HEX = '0123456789ABCDEF';
/** ZPL's repeat counts: G–Y are 1–19, g–z 20–400 by twenties; longer runs take several. */
const REPEAT: string[] = [''];
for (let n = 1; n <= 400; n++) {
  const twenties = Math.floor(n / 20);
  REPEAT.push(
    (twenties ? String.fromCharCode(0x66 + twenties) : '') +
      (n % 20 ? String.fromCharCode(0x46 + (n % 20)) : ''),
  );
}
const repeat = (count: number): string => {
  let out = '';
  let n = count;
  for (; n > 400; n -= 400) out += REPEAT[400];
  return out + REPEAT[n];
};

/**
 * ^GFA with ZPL's ASCII compression: a row equal to the one before is ":", a row's trailing zeros
 * ",", runs of one hex digit a count letter before it.
 */
export function graphicField(b: Bitmap): string {
  const total = b.bytesPerRow * b.height;
  const per = b.bytesPerRow;
  const d = b.data;
  let body = '';
  for (let r = 0; r < b.height; r++) {
    const o = r * per;
    if (r > 0) {
      let same = true;
      for (let i = 0; i < per; i++)
        if (d[o + i] !== d[o - per + i]) {
          same = false;
          break;
        }
      if (same) {
        body += ':';
        continue;
      }
    }
    // The row's hex digits up to its last non-zero one.
    let last = 2 * per;
    while (last > 0 && (last & 1 ? d[o + (last >> 1)]! >> 4 : d[o + (last >> 1) - 1]! & 15) === 0) last--;
    const nibble = (i: number) => (i & 1 ? d[o + (i >> 1)]! & 15 : d[o + (i >> 1)]! >> 4);
    let row = '';
    for (let i = 0; i < last; ) {
      const v = nibble(i);
      let j = i + 1;
      while (j < last && nibble(j) === v) j++;
      const ch = HEX[v]!;
      const run = j - i;
      row += run > 2 ? repeat(run) + ch : run === 2 ? ch + ch : ch;
      i = j;
    }
    body += last < 2 * per ? `${row},` : row;
  }
  return `^GFA,${total},${total},${b.bytesPerRow},${body}`;
}
