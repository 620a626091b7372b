import { z } from 'zod';
import { endpoint, fileOf, id, staff } from './core.ts';
import { zplDpi, zplLabelSize } from './order-print.ts';
import { printJobRecord } from './printer.ts';

/** Batches' summary labels in one file or print. */
const batchLabelIds = z.array(id).min(1).max(50);

/** A batch's summary label for its pallet (batch.ts spreads these into `batch`). */
export const batchLabelCalls = {
  printLabel: {
    ...endpoint({
      method: 'POST',
      path: '/batch/printLabel',
      kind: 'blob',
      summary:
        'Beyond the spec: the batches\' summary labels (at most 50), one per batch: the batch no as Code128, ports, airline bill no, counts, weight and its lading bills (the first ones, then "+N more"). `format` pdf (100 × 150 mm pages) or zpl (at `dpi` on `labelSize`), the same content.',
      body: z
        .object({
          ids: batchLabelIds,
          format: z.enum(['pdf', 'zpl']).default('pdf'),
          dpi: zplDpi,
          labelSize: zplLabelSize,
        })
        .strict(),
      ...fileOf('pdf', 'zpl'),
      access: staff('batch:print'),
    }),
    beyondSpec: true as const,
  },
  printToPrinter: {
    ...endpoint({
      method: 'POST',
      path: '/batch/printToPrinter',
      kind: 'json',
      summary:
        "Beyond the spec: print batches' summary labels (as batch/printLabel makes them, at most 50) as ZPL on a network printer: the chosen one, else the caller's preferred one. Answers the print, queued (printer/myPrints follows it).",
      body: z.object({ ids: batchLabelIds, printerId: id.optional() }).strict(),
      data: printJobRecord,
      access: staff('batch:print'),
    }),
    beyondSpec: true as const,
  },
};
