import { type PDFDocument, rgb } from 'pdf-lib';
import { BLACK, Frame, GREY, mm } from './pdf-frame.ts';
import { type Align, drawLine, type Fonts } from './pdf-text.ts';

/** The light shade behind a table's header and totals. */
export const SHADE = rgb(0.92, 0.93, 0.95);

export type CellAlign = 'start' | 'end' | 'center';

export interface PdfColumn {
  width: number;
  align: CellAlign;
}

export interface TextOptions {
  bold?: boolean | undefined;
  align?: CellAlign | undefined;
  grey?: boolean | undefined;
}

/**
 * A document of pages of one size, written top to bottom in millimetres (mirrored for a
 * right-to-left language): the current page and line, text in the reading direction, a table's
 * columns from a left margin, and the page footers once every page is known. The invoice and the
 * carrier's manifest are written with it.
 */
export class PdfWriter {
  protected readonly pages: Frame[] = [];
  protected f!: Frame;
  /** The current line, in mm from the top of the page. */
  protected y = 0;
  protected readonly doc: PDFDocument;
  protected readonly fonts: Fonts;
  protected readonly rtl: boolean;
  private readonly size: { width: number; height: number };

  constructor(doc: PDFDocument, fonts: Fonts, rtl: boolean, size: { width: number; height: number }) {
    this.doc = doc;
    this.fonts = fonts;
    this.rtl = rtl;
    this.size = size;
  }

  /** A new page, its first line at `top` mm. */
  protected newPage(top: number) {
    this.f = new Frame(
      this.doc.addPage([mm(this.size.width), mm(this.size.height)]),
      this.size.width,
      this.size.height,
      this.rtl,
    );
    this.pages.push(this.f);
    this.y = top;
  }

  protected align(a: CellAlign): Align {
    return a === 'center' ? 'center' : a === 'end' ? this.f.end : this.f.start;
  }

  /** One line of text in the box `x`, `w` at `y` (its baseline), cut to the box. */
  protected text(s: string, x: number, w: number, y: number, size: number, o: TextOptions = {}) {
    drawLine(this.f.page, this.fonts, s, {
      x: this.f.x(x, w),
      y: this.f.y(y),
      width: mm(w),
      size,
      bold: o.bold,
      align: this.align(o.align ?? 'start'),
      color: o.grey ? GREY : BLACK,
    });
  }

  /** A shaded band `height` mm high across `x`, `w` at the current line. */
  protected shade(x: number, w: number, height: number) {
    this.f.page.drawRectangle({
      x: this.f.x(x, w),
      y: this.f.y(this.y + height),
      width: mm(w),
      height: mm(height),
      color: SHADE,
    });
  }

  /** Column `i`'s x (from the reading start, `left` being the first's) and width, in mm. */
  protected column(columns: readonly PdfColumn[], left: number, i: number): [number, number] {
    let x = left;
    for (let j = 0; j < i; j++) x += columns[j]!.width;
    return [x, columns[i]!.width];
  }

  /** Each page's footer, drawn once the number of pages is known. */
  protected footers(draw: (page: number, pages: number) => void) {
    this.pages.forEach((f, i) => {
      this.f = f;
      draw(i + 1, this.pages.length);
    });
  }
}
