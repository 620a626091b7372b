import { inArray } from 'drizzle-orm';
import type { PrintJobRecord } from '../../../shared/contract/printer.ts';
import type { LabelSize } from '../../../shared/domain/printing.ts';
import { printMessages as m } from '../../../shared/i18n/print-messages.ts';
import type { Db } from '../../db/client.ts';
import { batches } from '../../db/schema/index.ts';
import type { LabelCanvas, LabelFrame } from '../../files/label-canvas.ts';
import { DESIGN_MM, type ZplDpi } from '../../files/zpl.ts';
import type { AuthUser, FileResult } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import type { JobEngine } from '../../jobs/engine.ts';
import { drawnLabelKind, type LabelCtx, labelFile, printLabels } from '../../printing/label-kind.ts';
import { dayOf } from '../lading/lading-print.service.ts';
import { batchLadings, selectBatches } from './batch-read.ts';

/** What a batch's summary label shows. */
export interface BatchLabel {
  batchNo: string;
  airlineBillNo: string;
  departurePort: string;
  destinationPort: string;
  ladingCount: number;
  orderCount: number;
  pieceCount: number;
  weight: string;
  /** Its lading bills' nos, in the order they were added. */
  ladingNos: string[];
  date: string;
}

/** The batches' labels in the order asked (each once); 404 when one does not exist. */
export async function batchLabelContent(db: Db, ids: number[], c: LabelCtx): Promise<BatchLabel[]> {
  const unique = [...new Set(ids)];
  const rows = await selectBatches(db).where(inArray(batches.id, unique));
  const byId = new Map(rows.map((r) => [r.b.id, r]));
  if (unique.some((id) => !byId.has(id))) throw notFound();
  const out: BatchLabel[] = [];
  for (const id of unique) {
    const { b } = byId.get(id)!;
    const ladings = await batchLadings(db, b, c.t, c.locale);
    out.push({
      batchNo: b.batchNo,
      airlineBillNo: b.airlineBillNo,
      departurePort: b.departurePort,
      destinationPort: b.destinationPort,
      ladingCount: ladings.length,
      orderCount: b.orderCount,
      pieceCount: b.pieceCount,
      weight: String(b.weight),
      ladingNos: ladings.map((l) => l.no),
      date: dayOf(b.createdAt, c.timeZone),
    });
  }
  return out;
}

/** Rows and columns of lading bill nos the label lists; the last place says how many more there are. */
const LIST_ROWS = 10;
const LIST_COLUMNS = 2;

/**
 * The nos a list of `places` shows: all when they fit, else the first ones and "+N more" in the
 * last place.
 */
export function listed(nos: readonly string[], places: number, more: (count: number) => string): string[] {
  if (nos.length <= places) return [...nos];
  const shown = nos.slice(0, places - 1);
  return [...shown, more(nos.length - shown.length)];
}

/**
 * A batch's summary label (100 × 150 mm design) on any canvas: "Batch", the ports and the airline
 * bill no, the batch no's Code128, lading bills / orders / pieces / weight, its lading bills (the
 * first 19, then "+N more"), the date. The A4 batch sheet lists every parcel; this is what goes on
 * the pallet.
 */
export function drawBatchLabel(f: LabelFrame<LabelCanvas>, label: BatchLabel, t: Translate) {
  const { z, L, R, inner, cell, caption } = f;
  const W = DESIGN_MM.width;
  for (const y of [22, 66, 88, 140]) z.hLine(L, inner, y, 0.6);

  const split = 62;
  z.vLine(split, L, 22 - L);
  caption(t(m.batch), ...cell(L, split), 8);
  const route = [label.departurePort, label.destinationPort].filter(Boolean).join(' - ');
  z.text(route || '—', ...cell(L, split), 17, 14, { bold: true });
  caption(t(m.airlineBillNo), ...cell(split, R), 8);
  z.text(label.airlineBillNo || '—', ...cell(split, R), 16.5, 10, { bold: true });

  z.barcode(label.batchNo, 7, 26, W - 14, 26);
  z.text(label.batchNo, L, inner, 61, 16, { bold: true, align: 'center' });

  // Counts take four digits; the weight gets the rest ("1234.500").
  const cols = [L, L + 21, L + 42, L + 63, R];
  const figures: [string, string][] = [
    [t(m.ladingBills), String(label.ladingCount)],
    [t(m.orders), String(label.orderCount)],
    [t(m.pieces), String(label.pieceCount)],
    [t(m.weightKg), label.weight],
  ];
  for (const [i, [name, value]] of figures.entries()) {
    if (i > 0) z.vLine(cols[i]!, 66, 22);
    caption(name, ...cell(cols[i]!, cols[i + 1]!), 70);
    z.text(value, ...cell(cols[i]!, cols[i + 1]!), 83, 16, { bold: true });
  }

  caption(t(m.ladingBills), ...cell(L, R), 92.5);
  const nos = listed(label.ladingNos, LIST_ROWS * LIST_COLUMNS, (count) => t(m.more, { count }));
  const [x, w] = cell(L, R);
  const colW = w / LIST_COLUMNS;
  const cut = label.ladingNos.length > nos.length;
  nos.forEach((no, i) => {
    const col = Math.floor(i / LIST_ROWS);
    const y = 97.5 + (i % LIST_ROWS) * 4.2;
    z.text(no, x + col * colW, colW - 2, y, 9, { bold: cut && i === nos.length - 1 });
  });
  if (nos.length === 0) z.text('—', x, w, 97.5, 9);

  z.text(`${t(m.date)}: ${label.date}`, ...cell(L, R), 145, 8);
}

/** The batch's summary label: its ZPL and its PDF, drawn once. */
export const batchLabels = drawnLabelKind<BatchLabel>({
  kind: 'batchLabel',
  title: m.batchLabelFile,
  noOf: (label) => label.batchNo,
  draw: drawBatchLabel,
});

/** batch/printLabel: the labels as a PDF (100 × 150 mm pages) or as ZPL, the same content. */
export async function batchLabelFile(
  db: Db,
  body: { ids: number[]; format: 'pdf' | 'zpl'; dpi: ZplDpi; labelSize: LabelSize },
  c: LabelCtx,
): Promise<FileResult> {
  return labelFile(batchLabels, await batchLabelContent(db, body.ids, c), body, c);
}

/** batch/printToPrinter: the labels as ZPL at the printer's resolution and size, queued as a print. */
export function printBatchLabels(
  db: Db,
  jobs: JobEngine,
  user: AuthUser,
  body: { ids: number[]; printerId?: number | undefined },
  c: LabelCtx,
): Promise<PrintJobRecord> {
  return printLabels(db, jobs, user, body.printerId, batchLabels, c, () =>
    batchLabelContent(db, body.ids, c),
  );
}
