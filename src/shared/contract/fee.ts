import { z } from 'zod';
import { MAX_BULK_ITEMS, splitBulkNumbers } from '../domain/bulk-split.ts';
import { LIST_SORTS } from '../domain/list-sort.ts';
import { FEE_TYPES, FeeExceptionReason } from '../domain/order-fees.ts';
import { endpoint, id, isoTime, listRequest, optionalText, pageOf, sortable, staff } from './core.ts';
import { exportStarted } from './export-task.ts';
import {
  feeDetailRecord,
  feeExceptionListRecord,
  feeInfoRecord,
  feeTypeOption,
  recalcResult,
} from './fee-records.ts';

export * from './fee-records.ts';

/**
 * Fees (priceManage): every fee line of every received order, the fee sheet of an order, and the
 * orders whose fees could not be computed, recalculated after the price rules are fixed. Staff
 * only; the server confines any customer account to its own customer all the same. Times:
 * `startTime` inclusive, `endTime` exclusive. Bulk fields take pasted text (one number a line, or
 * separated by commas or spaces).
 */

const trackingNos = z
  .string()
  .max(100_000)
  .optional()
  .transform(splitBulkNumbers)
  .pipe(z.array(z.string().max(64)).max(MAX_BULK_ITEMS));

const feeType = z.coerce
  .number()
  .int()
  .refine((v) => (FEE_TYPES as readonly number[]).includes(v));

const currency = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/);

const REASONS = Object.values(FeeExceptionReason) as number[];

/** Which orders' fees: by our tracking nos, customer, channel and destination country. */
const orderFilters = {
  trackingNos,
  customerId: id.optional(),
  channelId: id.optional(),
  /** Destination country (a level-0 region). */
  countryId: id.optional(),
};

/** The fee detail list's (and its export's) filters; the time is when the fee was computed. */
export const feeDetailFilters = {
  ...orderFilters,
  feeType: feeType.optional(),
  currency: currency.optional(),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
};
export const feeDetailListRequest = listRequest({
  ...feeDetailFilters,
  ...sortable(LIST_SORTS.feeDetail),
}).prefault({});
export type FeeDetailListRequest = z.input<typeof feeDetailListRequest>;
export type FeeDetailFilters = Omit<z.output<typeof feeDetailListRequest>, 'pageNo' | 'pageSize'>;

const withIds = <S extends z.ZodRawShape>(filters: S) => {
  const schema = z.object({ ...filters, ids: z.array(id).min(1).max(500).optional() }).strict();
  return schema.prefault({} as z.input<typeof schema>);
};

/** feeInfo/list: received orders (with `orderId`, that one), newest arrival first. */
export const feeInfoListRequest = listRequest({ ...orderFilters, orderId: id.optional() }).prefault({});
export type FeeInfoListRequest = z.input<typeof feeInfoListRequest>;

/** The fee exception list's (and export's) filters; the time is the first failure. */
export const feeExceptionFilters = {
  ...orderFilters,
  reason: z.coerce
    .number()
    .int()
    .refine((v) => REASONS.includes(v))
    .optional(),
  /** '0' pending (default), '1' resolved, '-1' all. */
  state: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.enum(['-1', '0', '1']))
    .default('0'),
  /** Whether the order's channel has a rule for its destination now (recalculable). */
  ruleAvailable: z.boolean().optional(),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
};
export const feeExceptionListRequest = listRequest({
  ...feeExceptionFilters,
  ...sortable(LIST_SORTS.feeException),
}).prefault({});
export type FeeExceptionListRequest = z.input<typeof feeExceptionListRequest>;
export type FeeExceptionFilters = Omit<z.output<typeof feeExceptionListRequest>, 'pageNo' | 'pageSize'>;

export const recalcBody = z.object({ ids: z.array(id).min(1).max(500) }).strict();
export type RecalcBody = z.input<typeof recalcBody>;

export const exportByTrackingNoBody = z
  .object({
    trackingNos: z
      .string()
      .max(100_000)
      .transform(splitBulkNumbers)
      .pipe(z.array(z.string().max(64)).min(1).max(MAX_BULK_ITEMS)),
  })
  .strict();

export const fee = {
  detailList: endpoint({
    method: 'POST',
    path: '/feeDetail/list',
    kind: 'json',
    summary:
      'Fee lines of received orders, newest computation first: fee type, amount and currency, and the basis (actual, volume and chargeable weight, the price rule, the time); by tracking nos (bulk), customer, channel, destination, fee type, currency and computation time.',
    body: feeDetailListRequest,
    data: pageOf(feeDetailRecord),
    access: staff('fee:view'),
  }),
  exportFeeDetail: endpoint({
    method: 'POST',
    path: '/feeDetail/exportFeeDetail',
    kind: 'json',
    summary:
      'Export the fee lines the list’s filters select (or the chosen ids among them) as an export task, one row per line with its basis.',
    body: withIds(feeDetailFilters),
    data: exportStarted,
    access: staff('fee:export'),
  }),
  exportByTrackingNo: endpoint({
    method: 'POST',
    path: '/feeDetail/exportByTrackingNo',
    kind: 'json',
    summary:
      'Export the fees of the given tracking nos (at most 1,000) as an export task, in the order given: each fee line, or one row saying why a number has none (unknown number, not received yet, or its fee exception).',
    body: exportByTrackingNoBody,
    data: exportStarted,
    access: staff('fee:export'),
  }),
  feeTypeSearchList: endpoint({
    method: 'POST',
    path: '/feeType/searchList',
    kind: 'json',
    summary:
      'The fee types in the caller’s language (for pickers), optionally those whose name contains a keyword.',
    body: z
      .object({ keyword: optionalText(50) })
      .strict()
      .prefault({}),
    data: z.array(feeTypeOption),
    access: { staff: true },
  }),
  feeInfoList: endpoint({
    method: 'POST',
    path: '/feeInfo/list',
    kind: 'json',
    summary:
      'The fee sheet of received orders (with orderId, of that one), newest arrival first: the weights and sides the fees were computed on, the rule applied and the channel’s rule now, each fee line with its computation, totals per currency and the order’s fee exceptions.',
    body: feeInfoListRequest,
    data: pageOf(feeInfoRecord),
    access: staff('fee:view'),
  }),
  exceptionList: endpoint({
    method: 'POST',
    path: '/feeException/list',
    kind: 'json',
    summary:
      'Orders whose fees could not be computed, newest first, with the reason in the caller’s language and whether the channel has a rule for the destination now; by tracking nos, customer, channel, destination, reason, state (pending by default), rule availability and time.',
    body: feeExceptionListRequest,
    data: pageOf(feeExceptionListRecord),
    access: staff('feeException:view'),
  }),
  exportFeeException: endpoint({
    method: 'POST',
    path: '/feeException/exportFeeException',
    kind: 'json',
    summary:
      'Export the fee exceptions the list’s filters select (or the chosen ids among them) as an export task.',
    body: withIds(feeExceptionFilters),
    data: exportStarted,
    access: staff('feeException:export'),
  }),
  feeRecalculate: endpoint({
    method: 'POST',
    path: '/feeException/feeRecalculate',
    kind: 'json',
    summary:
      'Recalculate the fees of the selected fee exceptions with the channels’ rules now, in one transaction: each order answers what changed (before and after), recalculated or still failing with the reason; one resolved before is skipped, so recalculating twice changes nothing. An unknown id answers 404 and changes nothing.',
    body: recalcBody,
    data: recalcResult,
    access: staff('feeException:recalc'),
  }),
};
