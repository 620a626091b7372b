import { sql } from 'drizzle-orm';
import type { AnalysisFilters, OrderAnalysisData, Share } from '../../../shared/contract/analysis.ts';
import { FUNNEL_STAGES, funnelCounts, OTHERS_KEY } from '../../../shared/domain/analysis.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { ORDER_STATUSES } from '../../../shared/domain/order-status.ts';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../http/context.ts';
import type { Translate } from '../../i18n.ts';
import { statusName } from '../order-core/order-names.ts';
import { type Named, nameOf, namesOf } from './analysis-names.ts';
import { addDecimals, analysisScope } from './analysis-scope.ts';

/** Customers shown one by one; the rest are summed. */
const TOP_CUSTOMERS = 10;

/**
 * GROUPING(status, country, channel, customer, carrier) of each set: a bit for each column left
 * out, status 16 … carrier 1 (the set of the status alone is 0b01111).
 */
const SETS: Record<number, Named | 'total'> = {
  15: 'status',
  23: 'country',
  27: 'channel',
  29: 'customer',
  30: 'carrier',
  31: 'total',
};

interface Row {
  gs: number;
  status: number | null;
  country: number | null;
  channel: number | null;
  customer: number | null;
  carrier: number | null;
  n: number;
  w: string;
  cn: number;
  arrived: number;
}

type Raw = Omit<Share, 'code' | 'name'>;

const keyOf = (r: Row, set: Named): string => {
  const v = r[set];
  return v === null ? '' : String(v);
};

/**
 * order/analysis/orderAnalysis: the selected orders counted once per breakdown in one pass
 * (grouping sets): by current status (and the funnel from it), destination, channel, customer
 * (the ten largest, then the others summed) and last-mile carrier.
 */
export async function orderAnalysis(
  db: Db,
  user: AuthUser,
  f: AnalysisFilters,
  timeZone: string,
  t: Translate,
  locale: Locale,
): Promise<OrderAnalysisData> {
  const s = analysisScope(f, user, timeZone);
  const res = await db.execute<Row & Record<string, unknown>>(sql`
    SELECT GROUPING(o.status, o.consignee_country_id, o.channel_id, o.customer_id, o.carrier_id)::int AS gs,
      o.status, o.consignee_country_id AS country, o.channel_id AS channel, o.customer_id AS customer,
      o.carrier_id AS carrier, count(*)::int AS n, sum(o.chargeable_weight)::text AS w,
      count(*) FILTER (WHERE o.is_cod)::int AS cn, count(*) FILTER (WHERE o.arrived_at IS NOT NULL)::int AS arrived
    FROM orders o WHERE ${s.cond}
    GROUP BY GROUPING SETS ((o.status), (o.consignee_country_id), (o.channel_id), (o.customer_id), (o.carrier_id), ())`);

  const raw: Record<Named, Raw[]> = { status: [], country: [], channel: [], customer: [], carrier: [] };
  let total: Row | undefined;
  for (const r of res.rows) {
    const set = SETS[r.gs];
    if (set === 'total') total = r;
    else if (set) raw[set].push({ key: keyOf(r, set), orders: r.n, weightKg: r.w, codOrders: r.cn });
  }
  const named = async (set: Named, rows: Raw[]): Promise<Share[]> => {
    const names = await namesOf(
      db,
      set,
      rows.map((r) => r.key),
      t,
      locale,
    );
    return rows
      .sort((a, b) => b.orders - a.orders || a.key.localeCompare(b.key))
      .map((r) => ({ ...r, ...nameOf(names, r.key, t) }));
  };

  const byStatus = new Map(raw.status.map((r) => [Number(r.key), r.orders]));
  const funnel = funnelCounts(byStatus, total?.arrived ?? 0);
  const customers = raw.customer.sort((a, b) => b.orders - a.orders || a.key.localeCompare(b.key));
  const rest = customers.slice(TOP_CUSTOMERS);
  // One after the other: they share the read transaction's connection, which runs one query at a time.
  const countries = await named('country', raw.country);
  const channels = await named('channel', raw.channel);
  const topCustomers = await named('customer', customers.slice(0, TOP_CUSTOMERS));
  const carriers = await named('carrier', raw.carrier);
  if (rest.length)
    topCustomers.push({
      key: OTHERS_KEY,
      ...nameOf(new Map(), OTHERS_KEY, t),
      orders: rest.reduce((n, r) => n + r.orders, 0),
      weightKg: addDecimals(
        rest.map((r) => r.weightKg),
        3,
      ),
      codOrders: rest.reduce((n, r) => n + r.codOrders, 0),
    });
  return {
    ...s.echo,
    orders: total?.n ?? 0,
    funnel: FUNNEL_STAGES.map((status, k) => ({ status, name: statusName(t, status), orders: funnel[k]! })),
    statuses: ORDER_STATUSES.map((status) => ({
      status,
      name: statusName(t, status),
      orders: byStatus.get(status) ?? 0,
    })),
    countries,
    channels,
    customers: topCustomers,
    carriers,
  };
}
