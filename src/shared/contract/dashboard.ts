import { z } from 'zod';
import { decimalOut, endpoint, isoTime } from './core.ts';

/**
 * The home dashboard's counts. Each opens the list behind it, filtered as counted (the web knows
 * the list of each key); the server counts only those whose list the caller may open.
 */
export const DASHBOARD_COUNTS = [
  /** Staff: orders that arrived at the warehouse today (arrival scan). */
  'receivedToday',
  /** Staff: lading bills picked up by their carrier today. */
  'pickedUpToday',
  /** Staff: abnormal marks still pending. */
  'exceptionsOpen',
  /** Staff: COD modification requests waiting for approval. */
  'codPending',
  /** Staff: lading bills still open (scans go in). */
  'openBills',
  /** A customer: its orders with a pending abnormal mark, to act on. */
  'myExceptions',
] as const;
export type DashboardCount = (typeof DASHBOARD_COUNTS)[number];

/** How far back a customer's orders per status look, in business days (today included)… */
export const DASHBOARD_ORDER_DAYS = 30;
/** …and the COD signed for and not remitted. */
export const UNREMITTED_DAYS = 90;

/** A carrier's pool holds fewer free numbers than this many days of its recent use: a warning. */
export const POOL_LOW_DAYS = 3;
/** …or fewer than this, whatever its use. */
export const POOL_LOW_MIN = 100;

export const dashboardSummary = z.object({
  /** Today in the business time zone, as the instants its lists filter on. */
  today: z.object({ day: z.string(), start: isoTime, end: isoTime }),
  counts: z.array(z.object({ key: z.enum(DASHBOARD_COUNTS), count: z.number().int() })),
  /** Staff with the warehouse scan: scans today per hour of the business day (0–23). */
  scansByHour: z.array(z.object({ hour: z.number().int(), count: z.number().int() })).nullable(),
  /** Staff with the tracking-number pool: free numbers per carrier, and the last 7 days' use. */
  pools: z
    .array(
      z.object({
        carrierId: z.number().int(),
        carrierName: z.string(),
        free: z.number().int(),
        usedLast7Days: z.number().int(),
        low: z.boolean(),
      }),
    )
    .nullable(),
  /** Finance (the closed loop): COD signed for and not yet remitted, per currency. */
  unsettled: z
    .array(z.object({ currency: z.string(), amount: decimalOut, orderCount: z.number().int() }))
    .nullable(),
  /** A customer: its orders per status (statuses with none are left out). */
  ordersByStatus: z.array(z.object({ status: z.number().int(), count: z.number().int() })).nullable(),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

export const dashboard = {
  summary: endpoint({
    method: 'POST',
    path: '/dashboard/summary',
    kind: 'json',
    summary:
      'Beyond the spec: the home dashboard of the caller. Staff get the counts of today and of what waits for them, scans per hour and the tracking-number pools, each only where they may open the list behind it; finance the COD not yet remitted per currency; a customer its orders per status and its exceptions.',
    body: z.object({}).strict(),
    data: dashboardSummary,
    access: { staff: true, customer: true },
    beyondSpec: true,
    readFrom: 'replica',
  }),
};
