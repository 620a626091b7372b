import { type SQL, sql } from 'drizzle-orm';
import type { AnalysisFilters } from '../../../shared/contract/analysis.ts';
import { daysOf } from '../../../shared/domain/analysis.ts';
import type { Db } from '../../db/client.ts';
import { plannedRows } from '../../db/planner.ts';
import { customerScope } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';

/**
 * What every analysis query shares, over the orders table aliased `o`: the condition selecting the
 * orders (their business days, the filters, and a customer account's own customer whatever the
 * filters say), the expression of an order's day as an index into `days`, and what the answer
 * repeats of the request.
 */
export interface AnalysisScope {
  cond: SQL;
  /** The order's day as 0 … days.length - 1. */
  day: SQL;
  /** The customer the orders are confined to (the filter or the caller's own), for side tables. */
  customerId: number | null;
  echo: {
    startDate: string;
    endDate: string;
    timeZone: string;
    timeBasis: 'create' | 'arrival';
    days: string[];
  };
}

export function analysisScope(f: AnalysisFilters, user: AuthUser, timeZone: string): AnalysisScope {
  const time = f.timeBasis === 'arrival' ? sql.raw('o.arrived_at') : sql.raw('o.created_at');
  // Midnight of the first day and of the day after the last, in the business time zone (constants
  // to the planner, so the time indexes serve the range).
  const from = sql`(${f.startDate}::date::timestamp AT TIME ZONE ${timeZone})`;
  const to = sql`((${f.endDate}::date + 1)::timestamp AT TIME ZONE ${timeZone})`;
  const where: SQL[] = [sql`${time} >= ${from}`, sql`${time} < ${to}`];
  const scope = customerScope(user);
  if (scope !== null) where.push(sql`o.customer_id = ${scope}`);
  if (f.customerId !== undefined) where.push(sql`o.customer_id = ${f.customerId}`);
  if (f.channelId !== undefined) where.push(sql`o.channel_id = ${f.channelId}`);
  if (f.countryId !== undefined) where.push(sql`o.consignee_country_id = ${f.countryId}`);
  return {
    cond: sql.join(where, sql` AND `),
    day: sql`((${time} AT TIME ZONE ${timeZone})::date - ${f.startDate}::date)`,
    customerId: scope ?? f.customerId ?? null,
    echo: {
      startDate: f.startDate,
      endDate: f.endDate,
      timeZone,
      timeBasis: f.timeBasis,
      days: daysOf(f.startDate, f.endDate),
    },
  };
}

/**
 * Up to about this many orders, their fee lines are read one order at a time from the fee index
 * (fee_details_order_amount_idx); beyond, in one pass over the fee lines joined by hash. Measured on
 * 1,000,000 orders (bench/reports.ts): a month of the whole business (81,000 orders) costs 130 ms
 * of CPU the first way and 360 ms the second; a year (1,000,000) 1.47 s and 1.2 s.
 */
const FEES_BY_ORDER_MAX = 300_000;

/**
 * `fd`, the fee lines of the orders `o`. The planner, reckoning with random reads, joins them by
 * hash even for a month (reading all of them); the fenced lateral subquery (OFFSET 0 keeps it from
 * being flattened into that join) makes it probe the index per order while they are few enough.
 */
export async function feeLinesOf(db: Db, s: AnalysisScope): Promise<SQL> {
  const estimate = await plannedRows(db, sql`SELECT 1 FROM orders o WHERE ${s.cond}`);
  return estimate <= FEES_BY_ORDER_MAX
    ? sql`CROSS JOIN LATERAL (SELECT x.fee_type, x.currency, x.amount FROM fee_details x WHERE x.order_id = o.id OFFSET 0) fd`
    : sql`JOIN fee_details fd ON fd.order_id = o.id`;
}

/**
 * Runs analysis reads in one read-only transaction (one snapshot: the statistics read the rollup,
 * its dirty days and the live orders consistently) without JIT compilation. The planner cannot
 * estimate groups by expressions (a day in a time zone), reckons tens of thousands where there are
 * hundreds, and so compiles the query: on PostgreSQL 15 that cost 0.6 s of CPU on a month of the
 * whole business, whose figures take 0.18 s to read (bench/reports.ts).
 */
export function analysisReads<T>(db: Db, read: (db: Db) => Promise<T>): Promise<T> {
  return db.transaction(
    async (x) => {
      const tx = x as unknown as Db;
      await tx.execute(sql`SET LOCAL jit = off`);
      return read(tx);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Exact sums of decimal strings (weights, amounts), as PostgreSQL's numeric would give them. */
export function addDecimals(values: readonly string[], scale: number): string {
  const unit = 10n ** BigInt(scale);
  let total = 0n;
  for (const v of values) {
    const negative = v.startsWith('-');
    const [whole = '0', part = ''] = (negative ? v.slice(1) : v).split('.');
    const n = BigInt(whole || '0') * unit + BigInt((part + '0'.repeat(scale)).slice(0, scale) || '0');
    total += negative ? -n : n;
  }
  const sign = total < 0n ? '-' : '';
  const abs = total < 0n ? -total : total;
  const frac = (abs % unit).toString().padStart(scale, '0');
  return `${sign}${abs / unit}${scale ? `.${frac}` : ''}`;
}

/** The map's value of a key, made and added when missing. */
export function entryOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let v = map.get(key);
  if (v === undefined) {
    v = make();
    map.set(key, v);
  }
  return v;
}
