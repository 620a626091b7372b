import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PackageLabel } from '../../../shared/contract/package.ts';
import type { PrintJobRecord } from '../../../shared/contract/printer.ts';
import type { LabelSize } from '../../../shared/domain/printing.ts';
import { printMessages as m } from '../../../shared/i18n/print-messages.ts';
import type { Db } from '../../db/client.ts';
import { orders, packageItems, packages } from '../../db/schema/index.ts';
import type { LabelCanvas, LabelFrame } from '../../files/label-canvas.ts';
import { DESIGN_MM, type ZplDpi } from '../../files/zpl.ts';
import type { AuthUser, FileResult } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import type { JobEngine } from '../../jobs/engine.ts';
import { drawnLabelKind, type LabelCtx, labelFile, printLabels } from '../../printing/label-kind.ts';
import { selectPackages, toPackageRecord } from './package-read.ts';

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayOf = (d: Date, timeZone: string) => {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f.format(d);
};

/** The packages' labels in the order asked (each once); 404 when one does not exist. */
export async function packageLabelContent(db: Db, ids: number[], c: LabelCtx): Promise<PackageLabel[]> {
  const [rows, cod] = await Promise.all([
    selectPackages(db).where(inArray(packages.id, ids)),
    db
      .select({
        packageId: packageItems.packageId,
        currency: orders.codCurrency,
        amount: sql<string>`sum(${orders.codAmount})::numeric(14,2)::text`,
      })
      .from(packageItems)
      .innerJoin(orders, eq(orders.id, packageItems.orderId))
      .where(and(inArray(packageItems.packageId, ids), eq(packageItems.active, true), eq(orders.isCod, true)))
      .groupBy(packageItems.packageId, orders.codCurrency)
      .orderBy(packageItems.packageId, orders.codCurrency),
  ]);
  const byId = new Map(rows.map((r) => [r.b.id, r]));
  if (ids.some((id) => !byId.has(id))) throw notFound();
  return [...new Set(ids)].map((id) => {
    const r = byId.get(id)!;
    const p = toPackageRecord(r, c.t, c.locale);
    return {
      recId: p.recId,
      no: p.no,
      customerCode: p.customerCode,
      channelCode: p.channelCode,
      channelName: p.channelName,
      countryCode: p.countryCode,
      countryName: p.countryName,
      consigneeName: p.consigneeName,
      consigneePhone: p.consigneePhone,
      consigneeAddress: p.consigneeAddress,
      orderCount: r.b.orderCount,
      pieceCount: r.b.pieceCount,
      weight: String(r.b.weight),
      cod: cod.filter((x) => x.packageId === id).map((x) => `${x.amount} ${x.currency}`),
      ladingNo: p.ladingNo,
      date: dayOf(r.b.createdAt, c.timeZone),
    };
  });
}

/**
 * A package's label on any canvas (PDF page or ZPL), 100 × 150 mm design: channel and destination,
 * "Package" and the customer, the package no's Code128, the consignee, orders / pieces / weight,
 * COD per currency (or prepaid), the lading bill holding it and the date.
 */
export function drawPackageLabel(f: LabelFrame<LabelCanvas>, label: PackageLabel, t: Translate) {
  const { z, L, R, inner, PAD, cell, caption } = f;
  const W = DESIGN_MM.width;
  for (const y of [20, 31, 73, 108, 128]) z.hLine(L, inner, y, 0.6);

  const split = 65;
  z.vLine(split, L, 20 - L);
  z.text(label.channelCode ?? '—', ...cell(L, split), 11, 14, { bold: true });
  z.text(label.channelName ?? '', ...cell(L, split), 17, 7);
  z.text(label.countryCode ?? '—', split, R - split, 13, 24, { bold: true, align: 'center' });
  z.text(label.countryName ?? '', split, R - split, 17.8, 6.5, { align: 'center' });

  const half = inner / 2 - PAD;
  z.text(t(m.package), L + PAD, half, 27.5, 12, { bold: true });
  z.text(`${t(m.customer)}: ${label.customerCode ?? '—'}`, L + inner / 2, half, 27, 8, { align: 'end' });

  z.barcode(label.no, 7, 34, W - 14, 25);
  z.text(label.no, L, inner, 68.5, 16, { bold: true, align: 'center' });

  const [x, w] = cell(L, R);
  caption(t(m.to), x, w, 77);
  z.text(label.consigneeName || '—', x, w, 83, 12, { bold: true });
  z.text(label.consigneePhone, x, w, 88.5, 10);
  z.paragraph(label.consigneeAddress, x, w, 93.5, 9, { lineHeight: 4.1, maxLines: 3 });

  const cols = [L, L + inner / 3, L + (2 * inner) / 3, R];
  const figures: [string, string][] = [
    [t(m.orders), String(label.orderCount)],
    [t(m.pieces), String(label.pieceCount)],
    [t(m.weightKg), label.weight],
  ];
  for (const [i, [name, value]] of figures.entries()) {
    if (i > 0) z.vLine(cols[i]!, 108, 20);
    caption(name, ...cell(cols[i]!, cols[i + 1]!), 112);
    z.text(value, ...cell(cols[i]!, cols[i + 1]!), 124, 20, { bold: true });
  }

  const mid = W / 2;
  z.vLine(mid, 128, 19);
  if (label.cod.length > 0) {
    caption(t(m.cod), ...cell(L, mid), 132);
    z.paragraph(label.cod, ...cell(L, mid), 138, 10, { bold: true, lineHeight: 4.5, maxLines: 2 });
  } else {
    z.text(t(m.prepaid), ...cell(L, mid), 140, 14, { bold: true });
  }
  caption(t(m.ladingBill), ...cell(mid, R), 132);
  z.text(label.ladingNo ?? '—', ...cell(mid, R), 138, 10, { bold: true });
  z.text(`${t(m.date)}: ${label.date}`, ...cell(mid, R), 144, 7);
}

/** The package's label: its ZPL and its PDF, drawn once. */
export const packageLabels = drawnLabelKind<PackageLabel>({
  kind: 'packageLabel',
  title: m.packageLabelFile,
  noOf: (label) => label.no,
  draw: drawPackageLabel,
});

/** package/printLabel: the labels as one PDF, or as ZPL for a printer attached to a PC. */
export async function packageLabelFile(
  db: Db,
  body: { ids: number[]; format: 'pdf' | 'zpl'; dpi: ZplDpi; labelSize: LabelSize },
  c: LabelCtx,
): Promise<FileResult> {
  return labelFile(packageLabels, await packageLabelContent(db, body.ids, c), body, c);
}

/** package/printToPrinter: the labels as ZPL at the printer's resolution and size, queued as a print. */
export function printPackageLabels(
  db: Db,
  jobs: JobEngine,
  user: AuthUser,
  body: { ids: number[]; printerId?: number | undefined },
  c: LabelCtx,
): Promise<PrintJobRecord> {
  return printLabels(db, jobs, user, body.printerId, packageLabels, c, () =>
    packageLabelContent(db, body.ids, c),
  );
}
