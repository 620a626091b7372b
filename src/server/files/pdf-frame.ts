import { type PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { code128Png } from './barcode.ts';
import type { Align } from './pdf-text.ts';

export const mm = (v: number) => (v * 72) / 25.4;
export const BLACK = rgb(0, 0, 0);
export const GREY = rgb(0.35, 0.35, 0.35);

/**
 * Positions on a page in millimetres from its top-left corner, mirrored for a right-to-left
 * language (the first column of a row is then on the right), so one layout serves cn, en and ar.
 */
export class Frame {
  readonly page: PDFPage;
  readonly widthMm: number;
  readonly heightMm: number;
  readonly rtl: boolean;

  constructor(page: PDFPage, widthMm: number, heightMm: number, rtl: boolean) {
    this.page = page;
    this.widthMm = widthMm;
    this.heightMm = heightMm;
    this.rtl = rtl;
  }

  /** The PDF x (points) of a box starting `x` mm from the reading start, `w` mm wide. */
  x(x: number, w: number): number {
    return mm(this.rtl ? this.widthMm - x - w : x);
  }

  /** The PDF y (points) of a line `y` mm from the top. */
  y(y: number): number {
    return mm(this.heightMm - y);
  }

  /** The reading start / end of a box. */
  get start(): Align {
    return this.rtl ? 'right' : 'left';
  }
  get end(): Align {
    return this.rtl ? 'left' : 'right';
  }

  rect(x: number, y: number, w: number, h: number, borderWidth = 0.8) {
    this.page.drawRectangle({
      x: this.x(x, w),
      y: this.y(y + h),
      width: mm(w),
      height: mm(h),
      borderColor: BLACK,
      borderWidth,
    });
  }

  hLine(x: number, w: number, y: number, thickness = 0.6) {
    this.page.drawLine({
      start: { x: this.x(x, w), y: this.y(y) },
      end: { x: this.x(x, w) + mm(w), y: this.y(y) },
      thickness,
      color: BLACK,
    });
  }

  vLine(x: number, y: number, h: number, thickness = 0.6) {
    this.page.drawLine({
      start: { x: this.x(x, 0), y: this.y(y) },
      end: { x: this.x(x, 0), y: this.y(y + h) },
      thickness,
      color: BLACK,
    });
  }
}

/** Widest bar module printed (mm): wider adds nothing to scanning and makes long numbers overflow. */
const MAX_MODULE_MM = 0.5;

/** A Code128 image in the box `w` × `h` mm at `x`, `y` mm (from the top-left, mirrored in RTL), centred. */
export async function pdfBarcode(
  doc: PDFDocument,
  f: Frame,
  value: string,
  x: number,
  y: number,
  w: number,
  h: number,
) {
  const { png, modules } = code128Png(value);
  const image = await doc.embedPng(png);
  const width = Math.min(mm(w), modules * mm(MAX_MODULE_MM));
  f.page.drawImage(image, {
    x: f.x(x, w) + (mm(w) - width) / 2,
    y: f.y(y + h),
    width,
    height: mm(h),
  });
}
