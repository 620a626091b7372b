import { PDFDocument } from 'pdf-lib';
import type { Locale } from '../../../shared/domain/enums.ts';
import { manifestMessages as m } from '../../../shared/i18n/manifest-messages.ts';
import { pdfBarcode } from '../../files/pdf-frame.ts';
import { embedFonts, type Fonts } from '../../files/pdf-text.ts';
import { type PdfColumn, PdfWriter } from '../../files/pdf-writer.ts';
import { businessText } from '../../files/sheet-time.ts';
import type { Translate } from '../../i18n.ts';
import type { Manifest, ManifestParcel } from './manifest-data.ts';

/** A4 landscape, in mm. */
const W = 297;
const H = 210;
const L = 12;
const INNER = W - 2 * L;
/** Rows below this line go on to the next page (the footer sits under it). */
const BOTTOM = 192;
const LINE = 3.6;
const CODE128_TEXT = /^[\x20-\x7e]{1,80}$/;

type Key = 'line' | 'bill' | 'package' | 'tracking' | 'carrierNo' | 'consignee' | 'city' | 'orders';
type ColumnKey = Key | 'pieces' | 'weight' | 'cod';
interface Column extends PdfColumn {
  key: ColumnKey;
}

/** The table's columns; a batch's has the lading bill of each parcel. The consignee takes what is left. */
function columnsOf(kind: Manifest['kind']): Column[] {
  const cols: Column[] = [
    { key: 'line', width: 9, align: 'center' },
    ...(kind === 'batch' ? [{ key: 'bill' as const, width: 30, align: 'start' as const }] : []),
    { key: 'package', width: 28, align: 'start' },
    { key: 'tracking', width: 36, align: 'start' },
    { key: 'carrierNo', width: 36, align: 'start' },
    { key: 'consignee', width: 0, align: 'start' },
    { key: 'city', width: 26, align: 'start' },
    { key: 'orders', width: 13, align: 'end' },
    { key: 'pieces', width: 13, align: 'end' },
    { key: 'weight', width: 19, align: 'end' },
    { key: 'cod', width: 30, align: 'end' },
  ];
  const used = cols.reduce((s, c) => s + c.width, 0);
  return cols.map((c) => (c.key === 'consignee' ? { ...c, width: INNER - used } : c));
}

/** The cell's lines: several tracking nos of a package, one COD amount a currency. */
function cellLines(p: ManifestParcel, key: ColumnKey): string[] {
  switch (key) {
    case 'line':
      return [String(p.lineNo)];
    case 'bill':
      return [p.billNo];
    case 'package':
      return p.packageNo ? [p.packageNo] : [];
    case 'tracking':
      return p.trackingNos;
    case 'carrierNo':
      return p.carrierTrackingNos;
    case 'consignee':
      return [p.consignee];
    case 'city':
      return [p.city];
    case 'orders':
      return [String(p.orderCount)];
    case 'pieces':
      return [String(p.pieceCount)];
    case 'weight':
      return [p.weight];
    case 'cod':
      return p.cod.map((c) => `${c.amount} ${c.currency}`);
  }
}

export interface ManifestContext {
  t: Translate;
  locale: Locale;
  timeZone: string;
}

/**
 * The manifest as a PDF on A4 landscape: the bill's facts and barcode, the parcels (the table's
 * header again on every page), the totals with COD by currency, and the warehouse's and the
 * carrier's signature boxes (name, signature, date). Mirrored for Arabic.
 */
export async function manifestPdf(
  manifest: Manifest,
  c: ManifestContext,
  now = new Date(),
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(c.t(m.file, { no: manifest.no }), { showInWindowTitleBar: true });
  doc.setCreator('Parcel Back Office');
  const fonts = await embedFonts(doc);
  await new ManifestWriter(doc, fonts, c).write(manifest, now);
  return doc.save();
}

class ManifestWriter extends PdfWriter {
  private columns: Column[] = [];
  private readonly c: ManifestContext;

  constructor(doc: PDFDocument, fonts: Fonts, c: ManifestContext) {
    super(doc, fonts, c.locale === 'ar', { width: W, height: H });
    this.c = c;
  }

  async write(mf: Manifest, now: Date) {
    const t = this.c.t;
    const zone = this.c.timeZone;
    this.columns = columnsOf(mf.kind);
    this.newPage(16);
    this.text(t(m.title), L, INNER, 16, 16, { bold: true });
    const facts: [string, string][] = [
      [t(mf.kind === 'batch' ? m.batchNo : m.ladingNo), mf.no],
      ...(mf.airlineBillNo ? [[t(m.airlineBillNo), mf.airlineBillNo] as [string, string]] : []),
      [t(m.carrier), mf.carrier || '—'],
      [t(m.channel), mf.channel || '—'],
      [t(m.destination), mf.destination || '—'],
      [t(m.pickedUpAt, { zone }), businessText(mf.pickedUpAt, zone)],
      [t(m.pickedUpBy), mf.pickedUpBy ?? '—'],
      [t(m.printedAt, { zone }), businessText(now, zone)],
    ];
    const half = Math.ceil(facts.length / 2);
    facts.forEach(([k, v], i) => {
      const x = L + (i < half ? 0 : 97);
      const y = 25 + (i % half) * 5;
      this.text(k, x, 47, y, 8.5, { grey: true });
      this.text(v, x + 47, 46, y, 9.5, { bold: i === 0 });
    });
    if (CODE128_TEXT.test(mf.no)) {
      await pdfBarcode(this.doc, this.f, mf.no, W - L - 75, 19, 75, 13);
      this.text(mf.no, W - L - 75, 75, 36.5, 9, { align: 'center' });
    }
    this.y = 25 + half * 5 + 2;
    this.tableHeader();
    for (const p of mf.parcels) {
      const cells = this.columns.map((col) => cellLines(p, col.key));
      const height = Math.max(1, ...cells.map((l) => l.length)) * LINE + 2.4;
      if (this.y + height > BOTTOM) {
        this.newPage(16);
        this.tableHeader();
      }
      this.row(cells, height);
    }
    this.totals(mf);
    this.signatures();
    this.footers((page, pages) => {
      this.text(`${t(m.title)} ${mf.no}`, L, 120, H - 8, 8, { grey: true });
      this.text(t(m.page, { page, pages }), W - L - 60, 60, H - 8, 8, { grey: true, align: 'end' });
    });
  }

  private totals(mf: Manifest) {
    const t = this.c.t;
    const tot = mf.totals;
    const codLines = tot.cod.map((c) => `${c.amount} ${c.currency}`);
    const height = Math.max(1, codLines.length) * LINE + 2.4;
    if (this.y + height > BOTTOM) {
      this.newPage(16);
      this.tableHeader();
    }
    const first = this.columns.findIndex((col) => col.key === 'orders');
    const [ox] = this.col(first);
    this.shade(L, INNER, height);
    this.f.rect(L, this.y, ox - L, height, 0.5);
    this.text(
      `${t(m.totals)} (${t(m.totalParcels)}: ${tot.parcels})`,
      L + 1.5,
      ox - L - 3,
      this.y + 4.2,
      8.5,
      {
        bold: true,
        align: 'end',
      },
    );
    const values: Partial<Record<ColumnKey, string[]>> = {
      orders: [String(tot.orders)],
      pieces: [String(tot.pieces)],
      weight: [tot.weight],
      cod: codLines,
    };
    this.columns.forEach((col, i) => {
      if (i < first) return;
      const [x, w] = this.col(i);
      this.f.rect(x, this.y, w, height, 0.5);
      (values[col.key] ?? []).forEach((l, j) => {
        this.text(l, x + 1.2, w - 2.4, this.y + 4.2 + j * LINE, 8, { bold: true, align: col.align });
      });
    });
    this.y += height;
    const summary = [
      `${t(m.totalParcels)}: ${tot.parcels}`,
      `${t(m.colOrders)}: ${tot.orders}`,
      `${t(m.colPieces)}: ${tot.pieces}`,
      `${t(m.colWeight)}: ${tot.weight}`,
      ...(tot.cod.length
        ? tot.cod.map((c) => t(m.totalCod, { currency: c.currency, amount: c.amount, count: c.orders }))
        : [t(m.noCod)]),
    ];
    if (this.y + 4 + summary.length * 4.4 > BOTTOM) this.newPage(16);
    this.y += 6;
    for (const s of summary) {
      this.text(s, L, INNER, this.y, 9.5, { bold: true });
      this.y += 4.4;
    }
  }

  /** Two boxes: the warehouse hands over, the carrier takes over; each with name, signature, date. */
  private signatures() {
    const t = this.c.t;
    const h = 30;
    if (this.y + 4 + h > BOTTOM) this.newPage(16);
    const top = this.y + 3;
    const w = (INNER - 10) / 2;
    for (const [i, title] of [t(m.handedOver), t(m.takenOver)].entries()) {
      const x = L + i * (w + 10);
      this.f.rect(x, top, w, h, 0.6);
      this.text(title, x + 3, w - 6, top + 5.5, 9, { bold: true });
      [t(m.signName), t(m.signature), t(m.signDate)].forEach((label, j) => {
        const y = top + 13 + j * 7;
        this.text(label, x + 3, 28, y, 8.5, { grey: true });
        this.f.hLine(x + 32, w - 36, y + 0.8, 0.4);
      });
    }
    this.y = top + h;
  }

  /** A column's x (from the reading start) and width, in mm. */
  private col(i: number): [number, number] {
    return this.column(this.columns, L, i);
  }

  private row(cells: string[][], height: number) {
    cells.forEach((lines, i) => {
      const [x, w] = this.col(i);
      this.f.rect(x, this.y, w, height, 0.5);
      lines.forEach((l, j) => {
        this.text(l, x + 1.2, w - 2.4, this.y + 4.2 + j * LINE, 8, { align: this.columns[i]!.align });
      });
    });
    this.y += height;
  }

  private tableHeader() {
    const t = this.c.t;
    const names: Record<ColumnKey, string> = {
      line: t(m.colLine),
      bill: t(m.colBill),
      package: t(m.colPackage),
      tracking: t(m.colTracking),
      carrierNo: t(m.colCarrierNo),
      consignee: t(m.colConsignee),
      city: t(m.colCity),
      orders: t(m.colOrders),
      pieces: t(m.colPieces),
      weight: t(m.colWeight),
      cod: t(m.colCod),
    };
    const height = 7;
    this.shade(L, INNER, height);
    this.columns.forEach((col, i) => {
      const [x, w] = this.col(i);
      this.f.rect(x, this.y, w, height, 0.5);
      this.text(names[col.key], x + 1, w - 2, this.y + 4.6, 7.5, { bold: true, align: 'center' });
    });
    this.y += height;
  }
}
