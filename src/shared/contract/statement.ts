import { z } from 'zod';
import { SETTLEMENT_CYCLES } from '../domain/customer.ts';
import { decimalOut, endpoint, id, isoTime, listRequest, pageOf, staffOrCustomer } from './core.ts';
import { exportStarted } from './export-task.ts';
import { promptRecordCalls } from './prompt-record.ts';
import {
  dateRange,
  feeTotals,
  granularity,
  orderCounts,
  orderLine,
  periodId,
  trackingNoFilter,
} from './report-shapes.ts';

/**
 * Statements (spec: "Reports and statements", the calls under /statement): the logistics bills
 * (report/logisticsbill), the COD collected (report/collecting) and the prompt delivery/return
 * records (prompt-record.ts). Server module `statement`, web folder `admin/statement`, queries
 * `api/queries/statement.ts`.
 */

/**
 * Logistics bills (report/logisticsbill): a customer's bill for one period of its settlement cycle
 * (customer property settlementCycle; report-period.ts cyclePeriod). An order enters the bill of
 * the business day it was signed or returned (its statement date, orders.finished_at), with its
 * fees; a signed COD order also with the COD collected. Per currency: freight, COD service fee,
 * other fees, total fees, COD collected and the net amount (COD collected − total fees: positive,
 * we owe the customer; negative, the customer owes us). Bills are drawn from the orders whenever
 * asked, so they always agree with them. Customer accounts read their own customer's only.
 */

export const billFilters = { ...dateRange, customerId: id.optional() };
export const billListRequest = listRequest(billFilters);
export type BillListRequest = z.input<typeof billListRequest>;
export type BillFilters = Omit<z.output<typeof billListRequest>, 'pageNo' | 'pageSize'>;
export const billExportRequest = z.object(billFilters).strict();

export const billAmounts = feeTotals.extend({ codCollected: decimalOut, net: decimalOut });
export type BillAmounts = z.infer<typeof billAmounts>;

export const billRecord = z.object({
  /** periodKey: the id of report/logisticsbill/{id}. */
  id: z.string(),
  customerId: z.number().int(),
  customerCode: z.string(),
  customerName: z.string(),
  cycle: z.enum(SETTLEMENT_CYCLES),
  cycleName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** The period has not ended yet (business today is within it): the bill may still grow. */
  open: z.boolean(),
  ...orderCounts,
  amounts: z.array(billAmounts),
});
export type BillRecord = z.infer<typeof billRecord>;

export const billTotals = z.object({ ...orderCounts, amounts: z.array(billAmounts) });
export type BillTotals = z.infer<typeof billTotals>;

/** Statuses of the orders a bill holds: '9' signed, '10' returned. */
const lineStatus = z.enum(['9', '10']).optional();

export const billDetailRequest = listRequest({
  id: periodId,
  trackingNos: trackingNoFilter,
  status: lineStatus,
});
export type BillDetailRequest = z.input<typeof billDetailRequest>;

export const logisticsBill = {
  trackingStatementDate: endpoint({
    method: 'POST',
    path: '/statement/trackingStatementDate',
    readFrom: 'replica',
    kind: 'json',
    summary:
      'Logistics bills: one per customer and period of its settlement cycle that overlaps the range (business dates, at most 366 days) and holds orders signed or returned in it, newest period first, each summed whole; `totals` sums every bill the filters select. Customers see their own.',
    body: billListRequest,
    data: pageOf(billRecord).extend({ totals: billTotals }),
    access: { ...staffOrCustomer('statement:view', 'statements:read'), key: 'statements' },
  }),
  listExport: endpoint({
    method: 'POST',
    path: '/statement/list/export',
    kind: 'json',
    summary:
      'Export the bills the filters select, one line per bill and currency (the counts on its first line only).',
    body: billExportRequest,
    data: exportStarted,
    access: staffOrCustomer('statement:export', 'statements:read'),
  }),
  listDetailExport: endpoint({
    method: 'POST',
    path: '/statement/list/detail/export',
    kind: 'json',
    summary: 'Export the orders of every bill the filters select, one line per order with its bill.',
    body: billExportRequest,
    data: exportStarted,
    access: staffOrCustomer('statement:export', 'statements:read'),
  }),
  detail: endpoint({
    method: 'POST',
    path: '/statement/detail',
    readFrom: 'replica',
    kind: 'json',
    summary:
      'One bill (its id: customer and period) — `summary` with its totals per currency — and its orders by statement date, with fees and COD collected, filtered by tracking nos and status. Another customer’s bill answers 404.',
    body: billDetailRequest,
    data: pageOf(orderLine).extend({ summary: billRecord }),
    access: { ...staffOrCustomer('statement:view', 'statements:read'), key: 'statements' },
  }),
  detailExport: endpoint({
    method: 'POST',
    path: '/statement/detail/export',
    kind: 'json',
    summary: 'Export one bill: its orders, then a total line per currency.',
    body: z.object({ id: periodId }).strict(),
    data: exportStarted,
    access: staffOrCustomer('statement:export', 'statements:read'),
  }),
};

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

/** The statement calls: the bills, the COD collected, and the prompt delivery/return records. */
export const statement = {
  ...logisticsBill,
  ...codCollecting,
  ...promptRecordCalls,
};
