import { PDFDocument } from 'pdf-lib';
import type { InvoiceRecord, PrintParty } from '../../../../shared/contract/order-print.ts';
import type { Locale } from '../../../../shared/domain/enums.ts';
import { printMessages as m } from '../../../../shared/i18n/print-messages.ts';
import { mm, pdfBarcode } from '../../../files/pdf-frame.ts';
import { drawParagraph, embedFonts, type Fonts, wrapText } from '../../../files/pdf-text.ts';
import { type PdfColumn, PdfWriter } from '../../../files/pdf-writer.ts';
import type { Translate } from '../../../i18n.ts';

const W = 210;
const H = 297;
const L = 15;
const INNER = W - 2 * L;
/** Rows below this line go on to the next page (the footer sits under it). */
const BOTTOM = 272;
/** What Code128 can encode (a platform's invoice no may hold anything). */
const CODE128_TEXT = /^[\x20-\x7e]{1,80}$/;

const COLUMNS: PdfColumn[] = [
  { width: 10, align: 'center' },
  { width: 66, align: 'start' },
  { width: 22, align: 'start' },
  { width: 14, align: 'end' },
  { width: 22, align: 'end' },
  { width: 18, align: 'center' },
  { width: 28, align: 'end' },
];

/**
 * Commercial invoices on A4, one per order (a long goods list goes on over more pages, with the
 * table header again): shipper, consignee, the goods with HS codes, quantities and values,
 * totals per currency, parcels and weight, the declaration and a signature line.
 */
export async function invoicePdf(
  invoices: InvoiceRecord[],
  t: Translate,
  locale: Locale,
): Promise<{ bytes: Uint8Array; pages: number }> {
  const doc = await PDFDocument.create();
  doc.setTitle(t(m.invoiceFile), { showInWindowTitleBar: true });
  doc.setCreator('Parcel Back Office');
  const fonts = await embedFonts(doc);
  for (const invoice of invoices) await new InvoiceWriter(doc, fonts, t, locale === 'ar').write(invoice);
  return { bytes: await doc.save(), pages: doc.getPageCount() };
}

class InvoiceWriter extends PdfWriter {
  private readonly t: Translate;

  constructor(doc: PDFDocument, fonts: Fonts, t: Translate, rtl: boolean) {
    super(doc, fonts, rtl, { width: W, height: H });
    this.t = t;
  }

  async write(inv: InvoiceRecord) {
    const t = this.t;
    this.newPage(0);
    this.text(t(m.invoiceTitle).toUpperCase(), L, INNER, 22, 18, { bold: true, align: 'center' });

    const facts: [string, string][] = [
      [t(m.invoiceNo), inv.invoiceNo],
      [t(m.date), inv.date],
      ...(inv.trackingNo && inv.trackingNo !== inv.invoiceNo
        ? [[t(m.trackingNo), inv.trackingNo] as [string, string]]
        : []),
      inv.platformOrderNo === null
        ? [t(m.customerNo), inv.customerNo ?? '—']
        : [t(m.platformOrderNo), inv.platformOrderNo],
      [t(m.carrier), inv.carrierName ?? '—'],
      [t(m.carrierTrackingNo), inv.carrierTrackingNo ?? '—'],
    ];
    facts.forEach(([k, v], i) => {
      this.text(k, L, 38, 31 + i * 4.6, 8.5, { grey: true });
      this.text(v, L + 38, 70, 31 + i * 4.6, 9, { bold: i === 0 });
    });
    // Our number when there is one: what the warehouse scans; else the invoice's own.
    const code = inv.trackingNo ?? inv.invoiceNo;
    if (CODE128_TEXT.test(code)) {
      await pdfBarcode(this.doc, this.f, code, W - L - 70, 30, 70, 14);
      this.text(code, W - L - 70, 70, 48, 9, { align: 'center' });
    }

    this.party(t(m.shipper), inv.shipper, L, 58);
    this.party(t(m.consignee), inv.consignee, L + INNER / 2 + 2, 58);

    this.y = 100;
    this.tableHeader();
    for (const line of inv.lines) {
      const description = [line.nameEn, line.nameCn, line.specification].filter(Boolean).join(' / ');
      const lines = wrapText(this.fonts, description, { size: 8 }, mm(COLUMNS[1]!.width - 3), 3);
      const height = Math.max(1, lines.length) * 3.6 + 2.6;
      if (this.y + height > BOTTOM) {
        this.newPage(20);
        this.tableHeader();
      }
      const cells = [
        String(line.lineNo),
        '',
        line.hsCode,
        String(line.quantity),
        line.unitPrice,
        line.currency,
        line.amount,
      ];
      this.row(cells, this.y, height, false);
      lines.forEach((l, i) => {
        const [x, w] = this.col(1);
        this.text(l, x + 1.5, w - 3, this.y + 4.2 + i * 3.6, 8);
      });
      this.y += height;
    }

    for (const total of inv.totals) {
      if (this.y + 7 > BOTTOM) {
        this.newPage(20);
      }
      const [x] = this.col(0);
      const [qx, qw] = this.col(3);
      const [ax, aw] = this.col(6);
      const [cx, cw] = this.col(5);
      this.f.rect(x, this.y, INNER, 7, 0.6);
      this.text(t(m.total, { currency: total.currency }), x + 1.5, qx - x - 3, this.y + 4.8, 9, {
        bold: true,
      });
      this.text(String(total.quantity), qx + 1.5, qw - 3, this.y + 4.8, 9, { bold: true, align: 'end' });
      this.text(total.currency, cx + 1.5, cw - 3, this.y + 4.8, 9, { bold: true, align: 'center' });
      this.text(total.amount, ax + 1.5, aw - 3, this.y + 4.8, 9, { bold: true, align: 'end' });
      this.y += 7;
    }

    if (this.y + 40 > BOTTOM) {
      this.newPage(20);
    }
    this.y += 7;
    this.text(
      `${t(m.pieces)}: ${inv.packageCount}     ${t(m.weight)}: ${inv.weight} kg`,
      L,
      INNER,
      this.y,
      9,
    );
    this.y += 8;
    drawParagraph(this.f.page, this.fonts, t(m.declaration), {
      x: this.f.x(L, INNER),
      y: this.f.y(this.y),
      width: mm(INNER),
      size: 9,
      lineHeight: mm(4.4),
      align: this.f.start,
    });
    this.y += 22;
    this.f.hLine(W - L - 70, 70, this.y);
    this.text(t(m.signature), W - L - 70, 70, this.y + 4.5, 8, { grey: true, align: 'center' });

    this.footers((page, pages) => {
      this.text(inv.invoiceNo, L, 80, H - 12, 8, { grey: true });
      this.text(t(m.page, { page, pages }), W - L - 60, 60, H - 12, 8, { grey: true, align: 'end' });
    });
  }

  private party(title: string, p: PrintParty, x: number, y: number) {
    const w = INNER / 2 - 2;
    this.f.rect(x, y, w, 38, 0.6);
    this.text(title, x + 2, w - 4, y + 5, 8, { bold: true, grey: true });
    this.text(p.name, x + 2, w - 4, y + 10.5, 10.5, { bold: true });
    let line = y + 15.5;
    for (const s of [p.company, p.phone].filter(Boolean)) {
      this.text(s, x + 2, w - 4, line, 8.5);
      line += 4.2;
    }
    drawParagraph(this.f.page, this.fonts, p.lines, {
      x: this.f.x(x + 2, w - 4),
      y: this.f.y(line),
      width: mm(w - 4),
      size: 8.5,
      lineHeight: mm(4.2),
      maxLines: Math.max(1, Math.floor((y + 37 - line) / 4.2) + 1),
      align: this.f.start,
    });
  }

  /** A column's x (from the reading start) and width, in mm. */
  private col(i: number): [number, number] {
    return this.column(COLUMNS, L, i);
  }

  private row(cells: string[], y: number, height: number, header: boolean) {
    if (header) this.shade(L, INNER, height);
    cells.forEach((cell, i) => {
      const [x, w] = this.col(i);
      this.f.rect(x, y, w, height, 0.5);
      if (cell)
        this.text(cell, x + 1.5, w - 3, y + (header ? height / 2 + 1.2 : 4.2), header ? 7.5 : 8, {
          bold: header,
          align: header ? 'center' : COLUMNS[i]!.align,
        });
    });
  }

  private tableHeader() {
    const t = this.t;
    this.row(
      [t(m.lineNo), t(m.description), t(m.hsCode), t(m.quantity), t(m.unitValue), t(m.currency), t(m.amount)],
      this.y,
      8,
      true,
    );
    this.y += 8;
  }
}
