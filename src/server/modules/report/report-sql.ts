import { type SQL, sql } from 'drizzle-orm';
import type { Granularity, Period } from '../../../shared/domain/report-period.ts';
import { daysBetween, MAX_REPORT_DAYS } from '../../../shared/domain/report-period.ts';
import { reportMessages as m } from '../../../shared/i18n/report-messages.ts';
import { invalid } from '../../http/errors.ts';

/**
 * SQL the reports share (waybill report, logistics bills, COD collected): business days in the
 * business time zone, the periods rows group by (report-period.ts states the same rules), money
 * summed in numeric and sent as decimal strings. Every amount is summed per currency.
 */

/** The range of a request, refused (400 on endDate) when reversed or longer than MAX_REPORT_DAYS. */
export function checkRange(range: { startDate: string; endDate: string }): Period {
  const days = daysBetween(range.startDate, range.endDate);
  if (days < 0) throw invalid([{ path: 'endDate', descriptor: m.rangeReversed }]);
  if (days >= MAX_REPORT_DAYS)
    throw invalid([{ path: 'endDate', descriptor: m.rangeTooLong, values: { days: MAX_REPORT_DAYS } }]);
  return { start: range.startDate, end: range.endDate };
}

/** A time column within a range of business days (midnight of the first to midnight after the last). */
export const withinDays = (col: SQL, p: Period, tz: string): SQL =>
  sql`${col} >= (${p.start}::date::timestamp AT TIME ZONE ${tz}) AND ${col} < ((${p.end}::date + 1)::timestamp AT TIME ZONE ${tz})`;

/** The business day of a time. */
export const businessDay = (col: SQL, tz: string): SQL => sql`((${col} AT TIME ZONE ${tz})::date)`;

/** The same, as YYYY-MM-DD text (null stays null). */
export const businessDayText = (col: SQL, tz: string): SQL<string | null> =>
  sql<string | null>`to_char(${col} AT TIME ZONE ${tz}, 'YYYY-MM-DD')`;

const monthOf = (day: SQL) => sql`date_trunc('month', ${day}::timestamp)`;

/** The first and last day of the day or month a business day falls in, the month clipped to the range. */
export function granularBounds(g: Granularity, day: SQL, p: Period): { start: SQL; end: SQL } {
  if (g === 'day') return { start: day, end: day };
  return {
    start: sql`greatest(${monthOf(day)}::date, ${p.start}::date)`,
    end: sql`least((${monthOf(day)} + interval '1 month - 1 day')::date, ${p.end}::date)`,
  };
}

/** The period label of a row: YYYY-MM-DD, or YYYY-MM for a month. */
export const periodLabel = (g: Granularity, start: SQL): SQL =>
  g === 'day' ? sql`to_char(${start}, 'YYYY-MM-DD')` : sql`to_char(${start}, 'YYYY-MM')`;

/**
 * The settlement period of a customer's cycle (customer property settlementCycle, default monthly)
 * holding a business day: per order a day, weekly Monday to Sunday, semi-monthly 1–15 and 16–end,
 * monthly the month.
 */
export function cycleBounds(cycle: SQL, day: SQL): { start: SQL; end: SQL } {
  const month = monthOf(day);
  const start = sql`(CASE ${cycle}
    WHEN 'perOrder' THEN ${day}
    WHEN 'weekly' THEN date_trunc('week', ${day}::timestamp)::date
    WHEN 'semiMonthly' THEN ${month}::date + CASE WHEN extract(day FROM ${day}) > 15 THEN 15 ELSE 0 END
    ELSE ${month}::date END)`;
  const end = sql`(CASE ${cycle}
    WHEN 'perOrder' THEN ${day}
    WHEN 'weekly' THEN date_trunc('week', ${day}::timestamp)::date + 6
    WHEN 'semiMonthly' THEN CASE WHEN extract(day FROM ${day}) > 15
      THEN (${month} + interval '1 month - 1 day')::date ELSE ${month}::date + 14 END
    ELSE (${month} + interval '1 month - 1 day')::date END)`;
  return { start, end };
}

/** A customer's settlement cycle, read where the orders meet their customer. */
export const settlementCycle = (customerId: SQL): SQL<string> =>
  sql<string>`coalesce((SELECT value FROM customer_properties WHERE customer_id = ${customerId} AND key = 'settlementCycle'), 'monthly')`;

/** A sum of money as a decimal string with 2 places ("0.00" for none). */
export const money = (expr: SQL): SQL => sql`coalesce(${expr}, 0)::numeric(18,2)::text`;
/** A sum of weights as a decimal string with 3 places. */
export const kg = (expr: SQL): SQL => sql`coalesce(${expr}, 0)::numeric(18,3)::text`;

/** YYYY-MM-DD of a date expression. */
export const dateText = (d: SQL): SQL => sql`to_char(${d}, 'YYYY-MM-DD')`;
