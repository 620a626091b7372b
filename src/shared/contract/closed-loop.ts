import { z } from 'zod';
import { LIST_SORTS } from '../domain/list-sort.ts';
import { bulkNos, codeFilter } from './bill-shapes.ts';
import { endpoint, id, isoTime, listRequest, pageOf, SHEET_FILE, sortable, staff } from './core.ts';
import { exportStarted } from './export-task.ts';
import { template } from './order-staff.ts';
import { promptImportDone } from './prompt-record.ts';

/**
 * Closed-loop data (report/closedLoopData): the orders the carrier has taken, each with its
 * delivery and its COD remittance; closed when signed and remitted (or without COD). The overseas
 * reconciliation import records the partner's remittances. Loop state (src/shared/domain/closed-loop.ts):
 * 1 not delivered yet, 2 awaiting remittance, 3 closed, 4 returned, 5 lost. Staff only.
 */

const int = z.number().int();

const code = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.enum(values));

/** The list's (and the export's) filters. Times: start inclusive, end exclusive, on the time basis. */
export const closedLoopFilters = {
  /** Bulk text: our tracking nos or the carriers'. */
  trackingNos: bulkNos,
  customerId: id.optional(),
  /** '-1' all (default), '1' closed, '0' not closed. */
  closed: code(['-1', '0', '1']).default('-1'),
  state: codeFilter([1, 2, 3, 4, 5]),
  /** '2' all (default), '1' COD, '0' prepaid. */
  payment: code(['2', '1', '0']).default('2'),
  /** The order's creation, its sign time, or the remittance day. */
  timeBasis: z.enum(['create', 'sign', 'remit']).default('create'),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
};
export const closedLoopListRequest = listRequest({
  ...closedLoopFilters,
  ...sortable(LIST_SORTS.closedLoop),
}).prefault({});
export type ClosedLoopListRequest = z.input<typeof closedLoopListRequest>;
export type ClosedLoopFilters = Omit<z.output<typeof closedLoopListRequest>, 'pageNo' | 'pageSize'>;

const exportSchema = z.object({ ...closedLoopFilters, ids: z.array(id).min(1).max(500).optional() }).strict();
export const closedLoopExportRequest = exportSchema.prefault({} as z.input<typeof exportSchema>);

/** One order of the loop (recId is the order's id). */
export const closedLoopRecord = z.object({
  recId: int,
  trackingNo: z.string(),
  customerNo: z.string(),
  customerId: int,
  customerCode: z.string(),
  customerName: z.string(),
  channelName: z.string(),
  carrierName: z.string().nullable(),
  carrierTrackingNo: z.string().nullable(),
  destination: z.string(),
  status: int,
  statusName: z.string(),
  createdAt: isoTime,
  /** The delivery confirmation's sign time. */
  signedAt: isoTime.nullable(),
  isCod: z.boolean(),
  codAmount: z.string(),
  codCurrency: z.string(),
  remittedAmount: z.string().nullable(),
  remittedCurrency: z.string().nullable(),
  /** YYYY-MM-DD. */
  remittedOn: z.string().nullable(),
  remittanceReference: z.string().nullable(),
  state: int,
  stateName: z.string(),
  closed: z.boolean(),
  /** When the last of delivery and remittance became known. */
  closedAt: isoTime.nullable(),
});
export type ClosedLoopRecord = z.infer<typeof closedLoopRecord>;

export const closedLoop = {
  list: endpoint({
    method: 'POST',
    path: '/order/closed/list',
    kind: 'json',
    summary:
      'Closed-loop data: the orders picked up or later (not cancelled), newest first, each with its sign time, COD, remittance and loop state; by tracking nos (ours or the carriers’), customer, closed or not, loop state, payment and a time range on the creation, sign or remittance time.',
    body: closedLoopListRequest,
    data: pageOf(closedLoopRecord),
    access: staff('closedLoop:view'),
  }),
  detailExport: endpoint({
    method: 'POST',
    path: '/order/closed/detail/export',
    kind: 'json',
    summary:
      'Export the closed-loop rows the filters select (or the chosen orders among them) as an export task.',
    body: closedLoopExportRequest,
    data: exportStarted,
    access: staff('closedLoop:export'),
  }),
  overseasImport: {
    ...endpoint({
      method: 'POST',
      path: '/order/closed/overseas/import',
      kind: 'multipart',
      summary:
        'Import the overseas partner’s COD remittances (tracking no ours or the carrier’s, amount, currency, remittance date and reference, remarks): a signed COD order whose COD is matched exactly is remitted and, being delivered, closed (with an internal event). Every row is checked first (unknown order, no COD, not signed, another currency or amount, remitted already with other figures, a date in the future); one bad row writes nothing and each is reported. The same remittance again changes nothing. Logged like every import.',
      data: promptImportDone,
      access: staff('closedLoop:import'),
    }),
    file: SHEET_FILE,
  },
  overseasTemplate: template(
    '/order/closed/overseas/template',
    'The overseas reconciliation template, headers in the caller’s language, with an example row.',
    staff('closedLoop:import'),
  ),
};
