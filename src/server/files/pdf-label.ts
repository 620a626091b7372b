import { PDFDocument } from 'pdf-lib';
import { DESIGN_MM, frameOn, type LabelCanvas, type LabelFrame, type LabelText } from './label-canvas.ts';
import { BLACK, Frame, GREY, mm, pdfBarcode } from './pdf-frame.ts';
import { drawLine, drawParagraph, embedFonts, type Fonts } from './pdf-text.ts';

/**
 * A 100 × 150 mm PDF page as a label canvas (label-canvas.ts), so a label laid out once is drawn
 * as PDF and as ZPL alike. Barcodes are images pdf-lib embeds asynchronously: `done()` waits for
 * them.
 */
export class PdfLabel implements LabelCanvas {
  readonly rtl: boolean;
  private readonly f: Frame;
  private readonly pending: Promise<void>[] = [];
  private readonly doc: PDFDocument;
  private readonly fonts: Fonts;

  constructor(doc: PDFDocument, fonts: Fonts, rtl: boolean) {
    this.doc = doc;
    this.fonts = fonts;
    this.rtl = rtl;
    const page = doc.addPage([mm(DESIGN_MM.width), mm(DESIGN_MM.height)]);
    this.f = new Frame(page, DESIGN_MM.width, DESIGN_MM.height, rtl);
  }

  rect(x: number, y: number, w: number, h: number, pt?: number) {
    this.f.rect(x, y, w, h, pt);
  }

  hLine(x: number, w: number, y: number, pt?: number) {
    this.f.hLine(x, w, y, pt);
  }

  vLine(x: number, y: number, h: number, pt?: number) {
    this.f.vLine(x, y, h, pt);
  }

  private line(x: number, w: number, y: number, size: number, o: LabelText) {
    const f = this.f;
    return {
      x: f.x(x, w),
      y: f.y(y),
      width: mm(w),
      size,
      bold: o.bold,
      align: o.align === 'center' ? ('center' as const) : o.align === 'end' ? f.end : f.start,
      color: o.grey ? GREY : BLACK,
    };
  }

  text(text: string, x: number, w: number, y: number, size: number, o: LabelText = {}) {
    drawLine(this.f.page, this.fonts, text, this.line(x, w, y, size, o));
  }

  paragraph(
    text: string | readonly string[],
    x: number,
    w: number,
    y: number,
    size: number,
    o: LabelText & { lineHeight: number; maxLines: number },
  ) {
    drawParagraph(this.f.page, this.fonts, text, {
      ...this.line(x, w, y, size, o),
      lineHeight: mm(o.lineHeight),
      maxLines: o.maxLines,
    });
  }

  barcode(value: string, x: number, y: number, w: number, h: number) {
    this.pending.push(pdfBarcode(this.doc, this.f, value, x, y, w, h));
  }

  async done(): Promise<void> {
    await Promise.all(this.pending);
  }
}

/** One 100 × 150 mm page per item, each drawn by `draw` inside the shared label frame. */
export async function labelsPdf<T>(
  items: readonly T[],
  o: { title: string; rtl: boolean },
  draw: (frame: LabelFrame<PdfLabel>, item: T) => void,
): Promise<{ bytes: Uint8Array; pages: number }> {
  const doc = await PDFDocument.create();
  doc.setTitle(o.title, { showInWindowTitleBar: true });
  doc.setCreator('Parcel Back Office');
  const fonts = await embedFonts(doc);
  for (const item of items) {
    const page = new PdfLabel(doc, fonts, o.rtl);
    draw(frameOn(page), item);
    await page.done();
  }
  return { bytes: await doc.save(), pages: doc.getPageCount() };
}
