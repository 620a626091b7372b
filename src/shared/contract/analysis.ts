import { z } from 'zod';
import { ANALYSIS_GROUPS, ANALYSIS_MAX_DAYS, daySpan, EXCEPTION_KINDS } from '../domain/analysis.ts';
import { analysisMessages as m } from '../i18n/analysis-messages.ts';
import { decimalOut, endpoint, id, isoTime, MAX_PAGE_SIZE, pageOf } from './core.ts';
import { exportStarted } from './export-task.ts';

/**
 * Order analysis (report/analysis): counts, weights and amounts of orders by business day, grouped
 * by customer, channel, destination or status (statistics); the problem orders by kind
 * (exception) and the orders behind each count (exceptionDetail); the status funnel and the shares
 * of destinations, channels, customers and carriers (orderAnalysis); each exportable through the
 * export tasks. src/shared/domain/analysis.ts says what each figure counts. Customer accounts get
 * the figures of their own customer's orders only.
 */

const int = z.number().int();
const businessDay = z.iso.date({ error: m.rangeRequired.id });

/** The filters every analysis call takes: business days (first and last, inclusive), and what to narrow to. */
const filterShape = {
  startDate: businessDay,
  endDate: businessDay,
  /** The day of the order's creation or of its arrival at the warehouse. */
  timeBasis: z.enum(['create', 'arrival']).default('create'),
  customerId: id.optional(),
  channelId: id.optional(),
  /** Destination country (a region of level 0). */
  countryId: id.optional(),
};

/** The last day not before the first, at most ANALYSIS_MAX_DAYS days. */
const checkRange = (v: { startDate: string; endDate: string }, ctx: z.RefinementCtx) => {
  const span = daySpan(v.startDate, v.endDate);
  if (span < 1) ctx.addIssue({ code: 'custom', path: ['endDate'], message: m.rangeInvalid.id });
  else if (span > ANALYSIS_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: m.rangeTooLong.id });
};

export const analysisFiltersRequest = z.object(filterShape).strict().superRefine(checkRange);
export type AnalysisFilters = z.output<typeof analysisFiltersRequest>;
export type AnalysisFiltersBody = z.input<typeof analysisFiltersRequest>;

export const statisticsRequest = z
  .object({ ...filterShape, groupBy: z.enum(ANALYSIS_GROUPS).default('none') })
  .strict()
  .superRefine(checkRange);
export type StatisticsRequest = z.output<typeof statisticsRequest>;
export type StatisticsBody = z.input<typeof statisticsRequest>;

export const exceptionDetailRequest = z
  .object({
    ...filterShape,
    pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
    kind: z.enum(EXCEPTION_KINDS),
    /** Only the orders whose mark is still pending (a returned or lost order is never open). */
    openOnly: z.boolean().default(false),
  })
  .strict()
  .superRefine(checkRange);
export type ExceptionDetailRequest = z.output<typeof exceptionDetailRequest>;
export type ExceptionDetailBody = z.input<typeof exceptionDetailRequest>;

export const exceptionDetailExportRequest = z
  .object({ ...filterShape, kind: z.enum(EXCEPTION_KINDS), openOnly: z.boolean().default(false) })
  .strict()
  .superRefine(checkRange);

/** What every answer repeats of its request, as the server applied it. */
const scope = {
  startDate: z.string(),
  endDate: z.string(),
  /** The IANA zone the days are counted in (BUSINESS_TIME_ZONE). */
  timeZone: z.string(),
  timeBasis: z.enum(['create', 'arrival']),
  /** Every day of the range, in order: the index of each series value. */
  days: z.array(z.string()),
};

/** An amount in one currency (COD amounts and fees are never summed across currencies). */
export const money = z.object({ currency: z.string(), amount: decimalOut });
export type Money = z.infer<typeof money>;

export const figures = z.object({
  orders: int,
  /** Sum of the chargeable weights, kg. */
  weightKg: decimalOut,
  codOrders: int,
  /** COD amounts by currency, largest first. */
  codAmounts: z.array(money),
  /** Freight by currency (fee type 1). */
  freight: z.array(money),
  /** COD service fees by currency (fee type 2). */
  codFees: z.array(money),
});
export type Figures = z.infer<typeof figures>;

/** A group: a customer, channel or country (key: its id), a status (key: the status), or all. */
const groupOf = {
  key: z.string(),
  code: z.string(),
  name: z.string(),
};

export const MONEY_METRICS = ['codAmount', 'freight', 'codFee'] as const;
export type MoneyMetric = (typeof MONEY_METRICS)[number];

/** One group's values by day, each array aligned with `days`. */
export const series = z.object({
  ...groupOf,
  orders: z.array(int),
  weightKg: z.array(decimalOut),
  codOrders: z.array(int),
  money: z.array(
    z.object({ metric: z.enum(MONEY_METRICS), currency: z.string(), values: z.array(decimalOut) }),
  ),
});
export type Series = z.infer<typeof series>;

export const statisticsData = z.object({
  ...scope,
  groupBy: z.enum(ANALYSIS_GROUPS),
  totals: figures,
  /** Every group, most orders first. */
  groups: z.array(z.object({ ...groupOf, figures })),
  /** The largest groups (ANALYSIS_TOP_SERIES) each by day, then the others summed (key `others`). */
  series: z.array(series),
});
export type StatisticsData = z.infer<typeof statisticsData>;

export const exceptionData = z.object({
  ...scope,
  /** The orders the filters select (the base of each kind's rate). */
  orders: int,
  ordersByDay: z.array(int),
  kinds: z.array(
    z.object({
      kind: z.enum(EXCEPTION_KINDS),
      name: z.string(),
      orders: int,
      /** Orders whose mark is still pending; null for an ending (returned, lost). */
      open: int.nullable(),
      byDay: z.array(int),
    }),
  ),
});
export type ExceptionData = z.infer<typeof exceptionData>;

export const exceptionOrder = z.object({
  recId: int,
  trackingNo: z.string(),
  customerNo: z.string(),
  customerCode: z.string(),
  customerName: z.string(),
  channelCode: z.string(),
  channelName: z.string(),
  countryCode: z.string(),
  countryName: z.string(),
  status: int,
  statusName: z.string(),
  createdAt: isoTime,
  arrivedAt: isoTime.nullable(),
  /** When the mark was recorded (the latest of this kind), or the order last changed for an ending. */
  markedAt: isoTime,
  /** The mark is still pending; null for an ending. */
  open: z.boolean().nullable(),
  handledAt: isoTime.nullable(),
});
export type ExceptionOrder = z.infer<typeof exceptionOrder>;

const share = z.object({ ...groupOf, orders: int, weightKg: decimalOut, codOrders: int });
export type Share = z.infer<typeof share>;

export const orderAnalysisData = z.object({
  ...scope,
  orders: int,
  /** The main line's stages, each counting the orders that got at least that far. */
  funnel: z.array(z.object({ status: int, name: z.string(), orders: int })),
  /** Orders by current status, every status in order. */
  statuses: z.array(z.object({ status: int, name: z.string(), orders: int })),
  countries: z.array(share),
  channels: z.array(share),
  /** The ten customers with most orders, then the others summed (key `others`). */
  customers: z.array(share),
  /** Last-mile carriers; key '' for orders without one yet. */
  carriers: z.array(share),
});
export type OrderAnalysisData = z.infer<typeof orderAnalysisData>;

const view = 'analysis:view';
const exporting = 'analysis:export';
const viewers = { staff: view, customer: true, right: 'reports:read' } as const;
const exporters = { staff: exporting, customer: true, right: 'orders:export' } as const;

export const analysis = {
  statistics: endpoint({
    method: 'POST',
    path: '/order/analysis/statistics',
    readFrom: 'replica',
    kind: 'json',
    summary:
      'Orders, chargeable weight, COD orders and amounts, freight and COD fees of the selected business days: totals, per group (customer, channel, destination or status) and by day for the largest groups.',
    body: statisticsRequest,
    data: statisticsData,
    access: viewers,
  }),
  exportStatistics: endpoint({
    method: 'POST',
    path: '/order/analysis/exportStatistics',
    kind: 'json',
    summary: 'Export the statistics: one row per day and group, amounts in a column per currency.',
    body: statisticsRequest,
    data: exportStarted,
    access: exporters,
  }),
  exception: endpoint({
    method: 'POST',
    path: '/order/analysis/exception',
    readFrom: 'replica',
    kind: 'json',
    summary:
      'Problem orders among the selected ones, by kind (abnormal marks of each kind, open or handled, and returned and lost orders): totals, open ones and counts by day.',
    body: analysisFiltersRequest,
    data: exceptionData,
    access: viewers,
  }),
  exportException: endpoint({
    method: 'POST',
    path: '/order/analysis/exportException',
    kind: 'json',
    summary: 'Export the exception statistics: a total row, then one row per day, a column per kind.',
    body: analysisFiltersRequest,
    data: exportStarted,
    access: exporters,
  }),
  orderAnalysis: endpoint({
    method: 'POST',
    path: '/order/analysis/orderAnalysis',
    readFrom: 'replica',
    kind: 'json',
    summary:
      'The selected orders broken down: status funnel, current status, destinations, channels, customers and last-mile carriers.',
    body: analysisFiltersRequest,
    data: orderAnalysisData,
    access: viewers,
  }),
  exportOrderAnalysis: endpoint({
    method: 'POST',
    path: '/order/analysis/exportOrderAnalysis',
    kind: 'json',
    summary: 'Export the order analysis: one row per item of each breakdown.',
    body: analysisFiltersRequest,
    data: exportStarted,
    access: exporters,
  }),
  exceptionDetail: endpoint({
    method: 'POST',
    path: '/order/analysis/exceptionDetail',
    readFrom: 'replica',
    kind: 'json',
    summary: 'The orders behind an exception count, newest first, paged.',
    body: exceptionDetailRequest,
    data: pageOf(exceptionOrder),
    access: viewers,
  }),
  exportExceptionDetail: endpoint({
    method: 'POST',
    path: '/order/analysis/exportExceptionDetail',
    kind: 'json',
    summary: 'Export the orders behind an exception count.',
    body: exceptionDetailExportRequest,
    data: exportStarted,
    access: exporters,
  }),
};
