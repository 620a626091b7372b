import type { SettlementCycle } from './customer.ts';

/**
 * Periods of the reports (waybill report, logistics bills, COD collected), on business dates
 * (YYYY-MM-DD in the business time zone). The server groups by the same rules in SQL
 * (src/server/modules/report/report-sql.ts); these are the rules' reference and serve the screens.
 *
 * - The waybill report and the COD collected group by day or by month, clipped to the range asked.
 * - A logistics bill covers one period of its customer's settlement cycle (customer property
 *   `settlementCycle`): per order → a business day, weekly → Monday to Sunday, semi-monthly → the
 *   1st to the 15th and the 16th to the month's end, monthly → the calendar month.
 */

export type BusinessDate = string;

/** A report's range may span at most this many days (the ends included). */
export const MAX_REPORT_DAYS = 366;

export const GRANULARITIES = ['day', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const toUtc = (d: BusinessDate): Date => new Date(`${d}T00:00:00Z`);
const fromUtc = (d: Date): BusinessDate => d.toISOString().slice(0, 10);

/** A real calendar date written YYYY-MM-DD. */
export function isBusinessDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = toUtc(s);
  return !Number.isNaN(d.getTime()) && fromUtc(d) === s;
}

export function addDays(d: BusinessDate, n: number): BusinessDate {
  const x = toUtc(d);
  x.setUTCDate(x.getUTCDate() + n);
  return fromUtc(x);
}

/** Days from `a` to `b` (0 when equal, negative when b is earlier). */
export const daysBetween = (a: BusinessDate, b: BusinessDate): number =>
  Math.round((toUtc(b).getTime() - toUtc(a).getTime()) / 86_400_000);

// ISO dates compare as text.
const earlier = (a: BusinessDate, b: BusinessDate) => (a <= b ? a : b);
const later = (a: BusinessDate, b: BusinessDate) => (a >= b ? a : b);

export const monthStart = (d: BusinessDate): BusinessDate => `${d.slice(0, 8)}01`;

export function monthEnd(d: BusinessDate): BusinessDate {
  const x = toUtc(monthStart(d));
  x.setUTCMonth(x.getUTCMonth() + 1);
  x.setUTCDate(0);
  return fromUtc(x);
}

/** The Monday of the ISO week of a date. */
export function weekStart(d: BusinessDate): BusinessDate {
  const day = toUtc(d).getUTCDay();
  return addDays(d, -((day + 6) % 7));
}

export interface Period {
  start: BusinessDate;
  end: BusinessDate;
}

/** The settlement period of a cycle that holds a date. */
export function cyclePeriod(cycle: SettlementCycle, d: BusinessDate): Period {
  switch (cycle) {
    case 'perOrder':
      return { start: d, end: d };
    case 'weekly': {
      const start = weekStart(d);
      return { start, end: addDays(start, 6) };
    }
    case 'semiMonthly':
      return Number(d.slice(8)) <= 15
        ? { start: monthStart(d), end: `${d.slice(0, 8)}15` }
        : { start: `${d.slice(0, 8)}16`, end: monthEnd(d) };
    default:
      return { start: monthStart(d), end: monthEnd(d) };
  }
}

/**
 * The dates whose orders decide every settlement period (of any cycle) that overlaps a range:
 * from the earlier of the first day's month and week starts to the later of the last day's month
 * and week ends. A bill that overlaps the range is then summed whole, never cut at the range's edge.
 */
export function cycleWindow(range: Period): Period {
  return {
    start: earlier(monthStart(range.start), weekStart(range.start)),
    end: later(monthEnd(range.end), addDays(weekStart(range.end), 6)),
  };
}

/** The day or month a date falls in, clipped to a range (the waybill report's and COD collected's rows). */
export function granularPeriod(g: Granularity, d: BusinessDate, range: Period): Period & { label: string } {
  if (g === 'day') return { start: d, end: d, label: d };
  return {
    start: later(monthStart(d), range.start),
    end: earlier(monthEnd(d), range.end),
    label: d.slice(0, 7),
  };
}

/**
 * The id of one customer's period (a logistics bill, a row of the waybill report):
 * `<customer id>-<start YYYYMMDD>-<end YYYYMMDD>`, e.g. `3-20260501-20260531`. Readable in an
 * address and a tab, and enough to draw the bill again.
 */
export function periodKey(customerId: number, p: Period): string {
  return `${customerId}-${p.start.replaceAll('-', '')}-${p.end.replaceAll('-', '')}`;
}

const KEY = /^(\d{1,10})-(\d{4})(\d{2})(\d{2})-(\d{4})(\d{2})(\d{2})$/;

/** The customer and period of a key, or null when it names none (bad dates, reversed, too long). */
export function parsePeriodKey(key: string): ({ customerId: number } & Period) | null {
  const m = KEY.exec(key);
  if (!m) return null;
  const customerId = Number(m[1]);
  const start = `${m[2]}-${m[3]}-${m[4]}`;
  const end = `${m[5]}-${m[6]}-${m[7]}`;
  if (customerId < 1 || customerId > 2_147_483_647 || !isBusinessDate(start) || !isBusinessDate(end))
    return null;
  const days = daysBetween(start, end);
  if (days < 0 || days >= MAX_REPORT_DAYS) return null;
  return { customerId, start, end };
}
