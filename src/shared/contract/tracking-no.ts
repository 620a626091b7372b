import { z } from 'zod';
import { endpoint, fileOf, id, isoTime, listRequest, optionalText, pageOf, SHEET_FILE } from './core.ts';

export const poolRecord = z.object({
  recId: z.number().int(),
  carrierId: z.number().int(),
  carrierCode: z.string(),
  carrierName: z.string(),
  trackingNo: z.string(),
  /** Assigned to an order (each number is assigned once). */
  used: z.boolean(),
  orderId: z.number().int().nullable(),
  usedAt: isoTime.nullable(),
  importId: z.number().int().nullable(),
  createdAt: isoTime,
});
export type PoolRecord = z.infer<typeof poolRecord>;

export const trackingNoImportLog = z.object({
  recId: z.number().int(),
  fileName: z.string(),
  carrierId: z.number().int().nullable(),
  carrierCode: z.string().nullable(),
  carrierName: z.string().nullable(),
  rowCount: z.number().int(),
  errorCount: z.number().int(),
  /** ImportStatus: 0 writing, 1 imported, 2 refused, 3 failed (2 and 3: nothing written). */
  status: z.number().int(),
  importedBy: z.string(),
  createdAt: isoTime,
});
export type TrackingNoImportLog = z.infer<typeof trackingNoImportLog>;

export const carrierStock = z.object({
  carrierId: z.number().int(),
  carrierCode: z.string(),
  carrierName: z.string(),
  total: z.number().int(),
  free: z.number().int(),
  used: z.number().int(),
  /** Fewer free numbers than the threshold. */
  low: z.boolean(),
});
export type CarrierStock = z.infer<typeof carrierStock>;

/** The text fields of the import form: the carrier chosen on the screen. */
export const trackingNoImportFields = z.object({ carrierId: id }).strict();

/** What an import answers; a refusal answers 400 with `data.errors` (row, column, reason). */
export const importResult = z.object({ importId: z.number().int(), rowCount: z.number().int() });

export const trackingNo = {
  list: endpoint({
    method: 'POST',
    path: '/trackingNo/list',
    kind: 'json',
    summary:
      'The tracking-number pool, newest first, by carrier, number (prefix) and used/free; the total is capped at 100,000 (`totalCapped`).',
    body: listRequest({
      carrierId: id.optional(),
      trackingNo: optionalText(40),
      used: z.boolean().optional(),
    }),
    data: pageOf(poolRecord),
    access: { staff: 'trackingNo:view' },
  }),
  importLogList: endpoint({
    method: 'POST',
    path: '/trackingNo/importLogList',
    kind: 'json',
    summary: 'Tracking-number imports (file, carrier, rows, result, importer), newest first.',
    body: listRequest({
      carrierId: id.optional(),
      status: z.coerce.number().int().min(0).max(3).optional(),
    }),
    data: pageOf(trackingNoImportLog),
    access: { staff: 'trackingNo:view' },
  }),
  import: {
    ...endpoint({
      method: 'POST',
      path: '/trackingNo/import',
      kind: 'multipart',
      summary:
        'Import tracking numbers into the pool of the carrier named by the `carrierId` field; every row is checked (format, duplicates in the file and in the pool) and nothing is written unless all are valid.',
      data: importResult,
      access: { staff: 'trackingNo:import' },
    }),
    file: SHEET_FILE,
  },
  stock: endpoint({
    method: 'POST',
    path: '/trackingNo/stock',
    kind: 'json',
    summary:
      'Not in the spec: free and used numbers per carrier, flagged low below the threshold, so operators refill a pool before order assignment runs dry (the issue asks for a low-stock figure per carrier).',
    body: z.object({ threshold: z.coerce.number().int().min(0).max(1_000_000).optional() }).strict(),
    data: z.object({ threshold: z.number().int(), carriers: z.array(carrierStock) }),
    access: { staff: 'trackingNo:view' },
    beyondSpec: true,
  }),
  downloadTemplate: endpoint({
    method: 'GET',
    path: '/trackingNo/download/template',
    kind: 'blob',
    summary:
      'Not in the spec: the tracking-number import template (headers in the caller language), as every import has one.',
    ...fileOf('xlsx'),
    access: { staff: 'trackingNo:import' },
    beyondSpec: true,
  }),
};
