import { z } from 'zod';
import { MAX_BULK_ITEMS, splitBulkNumbers } from '../domain/bulk-split.ts';
import { GRANULARITIES, isBusinessDate } from '../domain/report-period.ts';
import { reportMessages as m } from '../i18n/report-messages.ts';
import { decimalOut, isoTime } from './core.ts';

/**
 * What the waybill report, the logistics bills and the COD collected share: business dates
 * (YYYY-MM-DD in the business time zone, both ends included), period ids, money by currency and
 * the order lines behind a row. Money is a decimal string summed in SQL numeric, never a float;
 * amounts of different currencies are never added together (there are no exchange rates), so
 * every total comes per currency.
 */

export const businessDate = z
  .string(m.dateRequired.id)
  .trim()
  .refine(isBusinessDate, { error: m.dateRequired.id });

/** The range every report asks for; at most MAX_REPORT_DAYS days, end not before start. */
export const dateRange = { startDate: businessDate, endDate: businessDate };

export const granularity = z.enum(GRANULARITIES).default('day');

/** A customer's period: `<customer id>-<YYYYMMDD>-<YYYYMMDD>` (report-period.ts periodKey). */
export const periodId = z
  .string()
  .trim()
  .regex(/^\d{1,10}-\d{8}-\d{8}$/)
  .max(30);

/** Bulk text of tracking nos (ours), one a line or separated by commas or spaces. */
export const trackingNoFilter = z
  .string()
  .max(100_000)
  .optional()
  .transform(splitBulkNumbers)
  .pipe(z.array(z.string().max(64)).max(MAX_BULK_ITEMS));

export const money = z.object({ amount: decimalOut, currency: z.string() });
export type Money = z.infer<typeof money>;

/** The fees of some orders in one currency, by fee type (fee_details: 1 freight, 2 COD service fee). */
export const feeTotals = z.object({
  currency: z.string(),
  freight: decimalOut,
  codFee: decimalOut,
  /** Every other fee type. */
  otherFee: decimalOut,
  totalFee: decimalOut,
});

const int = z.number().int();

/** One order behind a report row or in a bill, with its fees (one line per fee type) and COD. */
export const orderLine = z.object({
  orderId: int,
  trackingNo: z.string(),
  customerNo: z.string(),
  customerId: int,
  customerCode: z.string(),
  customerName: z.string(),
  status: int,
  statusName: z.string(),
  createdAt: isoTime,
  arrivedAt: isoTime.nullable(),
  /** Signed, returned or lost at (orders.finished_at). */
  finishedAt: isoTime.nullable(),
  /** The business day of finishedAt: the order's statement date. */
  statementDate: z.string().nullable(),
  countryCode: z.string(),
  countryName: z.string(),
  channelCode: z.string(),
  channelName: z.string(),
  carrierName: z.string().nullable(),
  carrierTrackingNo: z.string().nullable(),
  packageCount: int,
  declaredWeight: decimalOut,
  chargeableWeight: decimalOut,
  freight: money.nullable(),
  codFee: money.nullable(),
  /** Fees of other types, one per currency (usually none). */
  otherFees: z.array(money),
  /** The waybill report: the order's COD amount; a bill: the COD collected (signed COD orders). */
  cod: money.nullable(),
});
export type OrderLine = z.infer<typeof orderLine>;

/** The counts and weights of some orders. */
export const orderCounts = {
  orderCount: int,
  packageCount: int,
  codOrderCount: int,
  signedCount: int,
  returnedCount: int,
  declaredWeight: decimalOut,
  chargeableWeight: decimalOut,
};
