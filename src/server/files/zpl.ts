import bwipjs from 'bwip-js/node';
import { type Bitmap, emWidth, rasterLine } from './raster-text.ts';
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

export type ZplAlign = 'start' | 'end' | 'center';

export interface ZplText {
  bold?: boolean;
  align?: ZplAlign;
  /** Printed reversed over what is under it (^FR). */
  reverse?: boolean;
}

/** Printable ASCII the printer's own font draws; anything else is rasterised. */
const PRINTER_TEXT = /^[\x20-\x7E]*$/;
/** Widest Code128 module (mm): wider adds nothing to scanning and makes long numbers overflow. */
const MAX_MODULE_MM = 0.5;
/** The printer's font 0 sits a little lower in its cell than the em square's ascent. */
const A0_ASCENT = 0.78;

export class ZplLabel {
  private readonly out: string[] = [];
  readonly dpi: ZplDpi;
  readonly widthMm: number;
  readonly heightMm: number;
  readonly rtl: boolean;

  constructor(dpi: ZplDpi, widthMm: number, heightMm: number, rtl: boolean) {
    this.dpi = dpi;
    this.widthMm = widthMm;
    this.heightMm = heightMm;
    this.rtl = rtl;
  }

  dots(mm: number): number {
    return Math.round((mm * this.dpi) / 25.4);
  }

  /** Points (1/72 in) to dots. */
  ptDots(pt: number): number {
    return Math.max(1, Math.round((pt * this.dpi) / 72));
  }

  /** The left edge (dots) of a box starting `x` mm from the reading start, `w` mm wide. */
  private left(x: number, w: number): number {
    return this.dots(this.rtl ? this.widthMm - x - w : x);
  }

  rect(x: number, y: number, w: number, h: number, pt = 0.8) {
    this.out.push(
      `^FO${this.left(x, w)},${this.dots(y)}^GB${this.dots(w)},${this.dots(h)},${this.ptDots(pt)}^FS`,
    );
  }

  hLine(x: number, w: number, y: number, pt = 0.6) {
    const t = this.ptDots(pt);
    this.out.push(`^FO${this.left(x, w)},${this.dots(y) - (t >> 1)}^GB${this.dots(w)},${t},${t}^FS`);
  }

  vLine(x: number, y: number, h: number, pt = 0.6) {
    const t = this.ptDots(pt);
    this.out.push(`^FO${this.left(x, 0) - (t >> 1)},${this.dots(y)}^GB${t},${this.dots(h)},${t}^FS`);
  }

  /** The width (mm) of a line at `size` points, as the PDF measures it. */
  measure(text: string, size: number, bold?: boolean): number {
    return (emWidth(text, { bold }) * size * 25.4) / 72;
  }

  /** One line with its baseline `y` mm from the top, cut to its box and aligned in it. */
  text(text: string, x: number, w: number, y: number, size: number, o: ZplText = {}) {
    const line = fitWith((s) => this.measure(s, size, o.bold), text, w);
    if (!line.trim()) return;
    const align = o.align ?? 'start';
    const left = this.left(x, w);
    const width = this.dots(w);
    const em = this.ptDots(size);
    const fr = o.reverse ? '^FR' : '';
    if (PRINTER_TEXT.test(line)) {
      const just = align === 'center' ? 'C' : (align === 'end') !== this.rtl ? 'R' : 'L';
      const top = this.dots(y) - Math.round(em * A0_ASCENT);
      this.out.push(
        `^FO${left},${top}${fr}^A0N,${em},${em}^FB${width},1,0,${just}^FH^FD${fieldHex(line)}^FS`,
      );
      return;
    }
    const bitmap = rasterLine(line, { sizeDots: em, bold: o.bold });
    const drawn = Math.min(bitmap.width, width);
    const at =
      align === 'center'
        ? left + ((width - drawn) >> 1)
        : (align === 'end') !== this.rtl
          ? left + width - drawn
          : left;
    const top = this.dots(y) - Math.round(1.05 * em);
    this.out.push(`^FO${at},${Math.max(0, top)}${fr}${graphicField(bitmap)}^FS`);
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
    const lines = paragraphLines((s) => this.measure(s, size, o.bold), text, w, o.maxLines);
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
    const box = this.dots(w);
    const module = Math.max(
      1,
      Math.min(Math.floor(box / modules), Math.floor((MAX_MODULE_MM * this.dpi) / 25.4)),
    );
    const left = this.left(x, w) + Math.max(0, (box - modules * module) >> 1);
    this.out.push(
      `^FO${left},${this.dots(y)}^BY${module}^BCN,${this.dots(h)},N,N,N,A^FH^FD${fieldHex(value)}^FS`,
    );
  }

  /** The label, ^XA … ^XZ: UTF-8, the page's width and length in dots, one copy. */
  toString(): string {
    return `^XA^CI28^PW${this.dots(this.widthMm)}^LL${this.dots(this.heightMm)}^LH0,0${this.out.join('')}^XZ\n`;
  }
}

/** ^FH escapes: `_` starts a hex byte, so it and the command prefixes travel as hex. */
const fieldHex = (s: string) =>
  s.replace(/[_^~\\]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

/** Data modules of a Code128 symbol (bars and spaces, without quiet zones). */
function code128Modules(value: string): number {
  const [symbol] = bwipjs.raw('code128', value, '') as { sbs: number[] }[];
  return symbol!.sbs.reduce((a, b) => a + b, 0);
}

const HEX = '0123456789ABCDEF';
/** ZPL's repeat counts: G–Y are 1–19, g–z 20–400 by twenties. */
function repeat(count: number, ch: string): string {
  let out = '';
  let n = count;
  while (n >= 20) {
    const twenties = Math.min(20, Math.floor(n / 20));
    out += String.fromCharCode(0x66 + twenties);
    n -= twenties * 20;
  }
  if (n > 0) out += String.fromCharCode(0x46 + n);
  return out + ch;
}

/**
 * ^GFA with ZPL's ASCII compression: a row equal to the one before is ":", a row's trailing zeros
 * ",", runs of one hex digit a count letter before it.
 */
export function graphicField(b: Bitmap): string {
  const total = b.bytesPerRow * b.height;
  let body = '';
  let previous = '';
  for (let r = 0; r < b.height; r++) {
    let hex = '';
    for (let i = r * b.bytesPerRow; i < (r + 1) * b.bytesPerRow; i++) {
      const v = b.data[i]!;
      hex += HEX[v >> 4]! + HEX[v & 15]!;
    }
    if (hex === previous) {
      body += ':';
      continue;
    }
    previous = hex;
    const trimmed = hex.replace(/0+$/, '');
    let row = '';
    for (let i = 0; i < trimmed.length; ) {
      let j = i + 1;
      while (j < trimmed.length && trimmed[j] === trimmed[i]) j++;
      row += j - i > 2 ? repeat(j - i, trimmed[i]!) : trimmed.slice(i, j);
      i = j;
    }
    body += trimmed.length < hex.length ? `${row},` : row;
  }
  return `^GFA,${total},${total},${b.bytesPerRow},${body}`;
}
