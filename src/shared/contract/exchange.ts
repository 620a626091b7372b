import { z } from 'zod';
import { SCAN_REFUSALS } from '../domain/lading.ts';
import { LIST_SORTS } from '../domain/list-sort.ts';
import { bulkNos, codeFilter, scanCode } from './bill-shapes.ts';
import { endpoint, id, isoTime, listRequest, pageOf, sortable, staff, staffOrPda } from './core.ts';
import { exportStarted } from './export-task.ts';

const int = z.number().int();

/** What the relabel shows for one order: the last-mile carrier and its number. */
export const exchangeLabel = z.object({
  orderId: int,
  trackingNo: z.string(),
  customerNo: z.string(),
  carrierId: int.nullable(),
  carrierCode: z.string().nullable(),
  carrierName: z.string().nullable(),
  carrierTrackingNo: z.string().nullable(),
  consigneeName: z.string(),
  consigneePhone: z.string(),
  countryName: z.string(),
  city: z.string(),
  address: z.string(),
  isCod: z.boolean(),
  codAmount: z.string(),
  codCurrency: z.string(),
  pieceCount: int,
  weight: z.string(),
  exchangedAt: isoTime.nullable(),
  scanCount: int,
});
export type ExchangeLabel = z.infer<typeof exchangeLabel>;

/**
 * One exchange scan: `ok` first time (marked exchanged now), `already` on a repeat (the label
 * again, for a reprint). A refused scan answers 409 with data {reason, trackingNo, billNo}.
 */
export const exchangeScanResult = exchangeLabel.extend({
  result: z.enum(['ok', 'already']),
  message: z.string(),
});
export type ExchangeScanResult = z.infer<typeof exchangeScanResult>;

/** scanCombined: every order of the package, each with its own result (a refused one says why). */
export const exchangeCombinedResult = z.object({
  packageId: int,
  packageNo: z.string(),
  results: z.array(
    z.object({
      trackingNo: z.string(),
      result: z.enum(['ok', 'already', 'refused']),
      reason: z.enum(SCAN_REFUSALS).nullable(),
      message: z.string(),
      label: exchangeLabel.nullable(),
    }),
  ),
});
export type ExchangeCombinedResult = z.infer<typeof exchangeCombinedResult>;

export const exchangeFilters = {
  trackingNos: bulkNos,
  carrierTrackingNos: bulkNos,
  /** '-1' all, '0' not exchanged, '1' exchanged. */
  exchanged: codeFilter([0, 1]),
  carrierId: id.optional(),
  channelId: id.optional(),
  /** Exchange time (not yet exchanged ones have none): `startTime` inclusive, `endTime` exclusive. */
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
};
export const exchangeListRequest = listRequest({
  ...exchangeFilters,
  ...sortable(LIST_SORTS.exchange),
}).prefault({});
export type ExchangeListRequest = z.input<typeof exchangeListRequest>;
export type ExchangeFilters = Omit<z.output<typeof exchangeListRequest>, 'pageNo' | 'pageSize'>;

export const exchangeRecord = z.object({
  recId: int,
  orderId: int,
  trackingNo: z.string(),
  customerCode: z.string(),
  channelName: z.string(),
  carrierName: z.string().nullable(),
  carrierTrackingNo: z.string().nullable(),
  consigneeName: z.string(),
  countryName: z.string(),
  status: int,
  statusName: z.string(),
  /** 0 not exchanged, 1 exchanged */
  exchanged: int,
  exchangedName: z.string(),
  exchangedAt: isoTime.nullable(),
  exchangedBy: z.string().nullable(),
  packageNo: z.string().nullable(),
  scanCount: int,
  /** When the order reached the destination (its overseas lading scan) or was first scanned. */
  createdAt: isoTime,
});
export type ExchangeRecord = z.infer<typeof exchangeRecord>;

const scanParams = z.object({ trackingNo: scanCode }).strict();

/** Exchange (relabel) scans at the destination. */
export const exchange = {
  scan: endpoint({
    method: 'GET',
    path: '/exchange/scan/{trackingNo}',
    kind: 'json',
    summary:
      'Exchange scan of our tracking no at the destination: answers the last-mile carrier and carrier tracking no to relabel with, and marks the order exchanged (a tracking event; `already` on a repeat). The order must have left the origin (picked up … out for delivery), not be cancelled or intercepted, and have a carrier number. GET as the spec has it; the PDA replays it with an Idempotency-Key.',
    params: scanParams,
    data: exchangeScanResult,
    access: staffOrPda('exchange:scan'),
    replayable: true,
  }),
  scanCombined: endpoint({
    method: 'GET',
    path: '/exchange/scanCombined/{trackingNo}',
    kind: 'json',
    summary:
      'Exchange scan of a package (its no, or the tracking no of any order in it): every order of the package is exchanged as by the single scan, each answered with its own result.',
    params: scanParams,
    data: exchangeCombinedResult,
    access: staffOrPda('exchange:scan'),
    replayable: true,
  }),
  scanList: endpoint({
    method: 'POST',
    path: '/exchange/scan/list',
    kind: 'json',
    summary:
      'Exchange records, newest first: orders that reached the destination (overseas lading) or were exchange-scanned, by exchange status, tracking and carrier numbers, carrier, channel and exchange time.',
    body: exchangeListRequest,
    data: pageOf(exchangeRecord),
    access: staff('exchange:view'),
  }),
  scanExport: endpoint({
    method: 'POST',
    path: '/exchange/scan/export',
    kind: 'json',
    summary: 'Export the exchange records the filters select as an export task.',
    body: z.object(exchangeFilters).strict().prefault({}),
    data: exportStarted,
    access: staff('exchange:export'),
  }),
};
