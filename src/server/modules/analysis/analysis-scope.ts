import { type SQL, sql } from 'drizzle-orm';
import type { AnalysisFilters } from '../../../shared/contract/order-analysis.ts';
import { daysOf } from '../../../shared/domain/analysis.ts';
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
