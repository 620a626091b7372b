import { z } from 'zod';
import { SETTLEMENT_CYCLES } from '../domain/customer.ts';
import { decimalOut, endpoint, id, listRequest, pageOf, staffOrCustomer } from './core.ts';
import { exportStarted } from './export-task.ts';
import { dateRange, feeTotals, orderCounts, orderLine, periodId, trackingNoFilter } from './report-shapes.ts';

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
