import { z } from 'zod';
import { decimalOut, endpoint, id, listRequest, pageOf, staffOrCustomer } from './core.ts';
import { exportStarted } from './export-task.ts';
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
 * The waybill report (report/waybill): per customer and day or month, the orders created (or
 * received at the warehouse, by `timeBasis`) — counts, weights, fees by type and COD amounts by
 * currency — with the orders behind one row (report/waybill/{id}). Cancelled orders are left out.
 * Customer accounts read their own customer's only.
 */

const timeBasis = z.enum(['create', 'arrival']).default('create');

/** The filters of the report, its exports and (with a row's id) its orders. */
const rowFilters = {
  timeBasis,
  channelId: id.optional(),
  countryId: id.optional(),
};
export const reportFilters = {
  ...dateRange,
  ...rowFilters,
  granularity,
  customerId: id.optional(),
};

export const reportListRequest = listRequest(reportFilters);
export type ReportListRequest = z.input<typeof reportListRequest>;
export type ReportFilters = Omit<z.output<typeof reportListRequest>, 'pageNo' | 'pageSize'>;
export const reportExportRequest = z.object(reportFilters).strict();

/** Fees and COD amounts of the orders in one currency. */
export const reportAmounts = feeTotals.extend({ codAmount: decimalOut });

export const reportRow = z.object({
  /** The customer and the row's dates (periodKey): the id of report/waybill/{id}. */
  id: z.string(),
  customerId: z.number().int(),
  customerCode: z.string(),
  customerName: z.string(),
  /** YYYY-MM-DD (day) or YYYY-MM (month). */
  period: z.string(),
  /** The row's first and last day: its day, or its month clipped to the range asked. */
  startDate: z.string(),
  endDate: z.string(),
  ...orderCounts,
  amounts: z.array(reportAmounts),
});
export type ReportRow = z.infer<typeof reportRow>;

export const reportTotals = z.object({ ...orderCounts, amounts: z.array(reportAmounts) });
export type ReportTotals = z.infer<typeof reportTotals>;

export const reportDetailRequest = listRequest({
  id: periodId,
  ...rowFilters,
  trackingNos: trackingNoFilter,
});
export type ReportDetailRequest = z.input<typeof reportDetailRequest>;
export const reportDetailExportRequest = z.object({ id: periodId, ...rowFilters }).strict();

export const report = {
  list: endpoint({
    method: 'POST',
    path: '/report/list',
    readFrom: 'replica',
    kind: 'json',
    summary:
      'The waybill report: one row per customer and day or month of the range (business dates, at most 366 days) by creation or arrival time, newest first — order, package, COD, signed and returned counts, declared and chargeable weight, and per currency the freight, COD service fee, other fees, total fees and COD amount; `totals` sums every row the filters select. Cancelled orders are left out. Customers see their own.',
    body: reportListRequest,
    data: pageOf(reportRow).extend({ totals: reportTotals }),
    access: staffOrCustomer('report:view', 'reports:read'),
  }),
  listExport: endpoint({
    method: 'POST',
    path: '/report/list/export',
    kind: 'json',
    summary:
      'Export the waybill report rows the filters select, one line per row and currency (the counts on its first line only, so the columns add up).',
    body: reportExportRequest,
    data: exportStarted,
    access: staffOrCustomer('report:export', 'orders:export'),
  }),
  listDetailExport: endpoint({
    method: 'POST',
    path: '/report/list/detail/export',
    kind: 'json',
    summary: 'Export the orders behind every row the filters select, one line per order with its fees.',
    body: reportExportRequest,
    data: exportStarted,
    access: staffOrCustomer('report:export', 'orders:export'),
  }),
  detail: endpoint({
    method: 'POST',
    path: '/report/detail',
    readFrom: 'replica',
    kind: 'json',
    summary:
      'The orders behind one row of the waybill report (its id, with the time basis, channel and country it was drawn with), oldest first, with their fees and COD; `summary` is the row. Another customer’s row answers 404.',
    body: reportDetailRequest,
    data: pageOf(orderLine).extend({ summary: reportRow }),
    access: staffOrCustomer('report:view', 'reports:read'),
  }),
  detailExport: endpoint({
    method: 'POST',
    path: '/report/detail/export',
    kind: 'json',
    summary: 'Export the orders behind one row of the waybill report.',
    body: reportDetailExportRequest,
    data: exportStarted,
    access: staffOrCustomer('report:export', 'orders:export'),
  }),
};
