import { z } from 'zod';
import { decimalOut, endpoint, id, isoTime, listRequest, pageOf, staffOrCustomer } from './core.ts';
import { exportStarted } from './export-task.ts';
import { dateRange, granularity, trackingNoFilter } from './report-shapes.ts';

/**
 * COD collected (report/collecting): the COD of signed COD orders, counted on the business day
 * they were signed (orders.finished_at), per customer, day or month and currency — the amount, the
 * COD service fee charged on it (in the same currency) and the net to remit — with the orders
 * behind a row. Customer accounts read their own customer's only.
 */

const currency = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/)
  .optional();

export const collectingFilters = { ...dateRange, customerId: id.optional(), currency };
export const collectingListRequest = listRequest({ ...collectingFilters, granularity });
export type CollectingListRequest = z.input<typeof collectingListRequest>;
export type CollectingFilters = Omit<z.output<typeof collectingListRequest>, 'pageNo' | 'pageSize'>;

export const collectingDetailFilters = { ...collectingFilters, trackingNos: trackingNoFilter };
export const collectingDetailRequest = listRequest(collectingDetailFilters);
export type CollectingDetailRequest = z.input<typeof collectingDetailRequest>;
export type CollectingDetailFilters = Omit<z.output<typeof collectingDetailRequest>, 'pageNo' | 'pageSize'>;

const int = z.number().int();

/** COD of some orders in one currency. */
export const collectedAmounts = z.object({
  currency: z.string(),
  orderCount: int,
  codAmount: decimalOut,
  codFee: decimalOut,
  /** codAmount − codFee: what is remitted to the customer. */
  net: decimalOut,
});
export type CollectedAmounts = z.infer<typeof collectedAmounts>;

export const collectingRow = collectedAmounts.extend({
  /** periodKey and currency: unique per row. */
  id: z.string(),
  customerId: int,
  customerCode: z.string(),
  customerName: z.string(),
  /** YYYY-MM-DD (day) or YYYY-MM (month). */
  period: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export type CollectingRow = z.infer<typeof collectingRow>;

export const collectingOrder = z.object({
  orderId: int,
  trackingNo: z.string(),
  customerNo: z.string(),
  customerId: int,
  customerCode: z.string(),
  customerName: z.string(),
  signedAt: isoTime,
  statementDate: z.string(),
  countryName: z.string(),
  carrierName: z.string().nullable(),
  carrierTrackingNo: z.string().nullable(),
  currency: z.string(),
  codAmount: decimalOut,
  codFee: decimalOut,
  net: decimalOut,
});
export type CollectingOrder = z.infer<typeof collectingOrder>;

export const codCollecting = {
  collectingList: endpoint({
    method: 'POST',
    path: '/statement/collectingList',
    readFrom: 'replica',
    kind: 'json',
    summary:
      'COD collected: one row per customer, day or month of the range (business dates, at most 366 days; the day the order was signed) and currency, newest first — signed COD orders, COD amount, COD service fee and net; `totals` per currency over every row the filters select. Customers see their own.',
    body: collectingListRequest,
    data: pageOf(collectingRow).extend({ totals: z.array(collectedAmounts) }),
    access: { ...staffOrCustomer('collecting:view', 'statements:read'), key: 'statements' },
  }),
  collectingDetail: endpoint({
    method: 'POST',
    path: '/statement/collectingDetail',
    readFrom: 'replica',
    kind: 'json',
    summary:
      'The signed COD orders of a range (a row: its customer, dates and currency), oldest first, by tracking nos too, with `totals` per currency.',
    body: collectingDetailRequest,
    data: pageOf(collectingOrder).extend({ totals: z.array(collectedAmounts) }),
    access: { ...staffOrCustomer('collecting:view', 'statements:read'), key: 'statements' },
  }),
  collectingDetailExport: endpoint({
    method: 'POST',
    path: '/statement/collectingDetailExport',
    kind: 'json',
    summary: 'Export the signed COD orders the detail’s filters select.',
    body: z.object(collectingDetailFilters).strict(),
    data: exportStarted,
    access: staffOrCustomer('collecting:export', 'statements:read'),
  }),
};
