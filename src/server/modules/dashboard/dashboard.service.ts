import { sql } from 'drizzle-orm';
import {
  DASHBOARD_ORDER_DAYS,
  type DashboardCount,
  type DashboardSummary,
  POOL_LOW_DAYS,
  POOL_LOW_MIN,
  UNREMITTED_DAYS,
} from '../../../shared/contract/dashboard.ts';
import { AccountType, type Locale } from '../../../shared/domain/enums.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { addDays, dayInZone, dayStart } from '../../../shared/domain/zoned-time.ts';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../http/context.ts';

/** Staff holding `perm` (the Administrator role holds every one). */
const holds = (user: AuthUser, perm: string) => user.isAdmin || user.perms.has(perm);

const num = (v: unknown) => Number(v ?? 0);

/**
 * The caller's home dashboard. Each figure is read only when the caller may open the list behind
 * it, so the figures never say more than the lists would. All reads go through indexes that exist
 * for the lists (arrival, pending marks and requests, free pool numbers, carrier assignment).
 */
export async function dashboardSummary(
  db: Db,
  user: AuthUser,
  timeZone: string,
  locale: Locale,
  now = new Date(),
): Promise<DashboardSummary> {
  const day = dayInZone(now, timeZone);
  const start = dayStart(day, timeZone);
  const end = dayStart(addDays(day, 1), timeZone);
  const out: DashboardSummary = {
    today: { day, start: start.toISOString(), end: end.toISOString() },
    counts: [],
    scansByHour: null,
    pools: null,
    unsettled: null,
    ordersByStatus: null,
  };
  const count = async (key: DashboardCount, query: ReturnType<typeof sql>) => {
    const r = await db.execute<{ n: string }>(query);
    out.counts.push({ key, count: num(r.rows[0]?.n) });
  };

  if (user.type === AccountType.main || user.type === AccountType.sub) {
    const customerId = user.customerId ?? -1;
    const since = dayStart(addDays(day, 1 - DASHBOARD_ORDER_DAYS), timeZone);
    const r = await db.execute<{ status: number; n: string }>(sql`
      SELECT status, count(*) AS n FROM orders
      WHERE customer_id = ${customerId} AND created_at >= ${since.toISOString()}
      GROUP BY status ORDER BY status`);
    out.ordersByStatus = r.rows.map((x) => ({ status: Number(x.status), count: num(x.n) }));
    await count(
      'myExceptions',
      sql`SELECT count(*) AS n FROM orders WHERE abnormal_flags <> 0 AND customer_id = ${customerId}`,
    );
    return out;
  }
  if (user.type !== AccountType.admin) return out;

  if (holds(user, 'order:view'))
    await count(
      'receivedToday',
      sql`SELECT count(*) AS n FROM orders WHERE arrived_at >= ${start.toISOString()} AND arrived_at < ${end.toISOString()}`,
    );
  if (holds(user, 'lading:view')) {
    await count(
      'pickedUpToday',
      sql`SELECT count(*) AS n FROM lading_bills WHERE pickup_status = 2 AND picked_up_at >= ${start.toISOString()} AND picked_up_at < ${end.toISOString()}`,
    );
    await count('openBills', sql`SELECT count(*) AS n FROM lading_bills WHERE confirm_state = 0`);
  }
  if (holds(user, 'abnormal:view'))
    await count('exceptionsOpen', sql`SELECT count(*) AS n FROM order_abnormals WHERE state = 0`);
  if (holds(user, 'cod:view'))
    await count('codPending', sql`SELECT count(*) AS n FROM cod_modifications WHERE status = 0`);

  if (holds(user, 'order:scan')) {
    const r = await db.execute<{ hour: number; n: string }>(sql`
      SELECT extract(hour FROM arrived_at AT TIME ZONE ${timeZone})::int AS hour, count(*) AS n FROM orders
      WHERE arrived_at >= ${start.toISOString()} AND arrived_at < ${end.toISOString()}
      GROUP BY 1 ORDER BY 1`);
    const byHour = new Map(r.rows.map((x) => [Number(x.hour), num(x.n)]));
    out.scansByHour = Array.from({ length: 24 }, (_, hour) => ({ hour, count: byHour.get(hour) ?? 0 }));
  }

  if (holds(user, 'trackingNo:view')) {
    const week = new Date(now.getTime() - 7 * 86_400_000).toISOString();
    const r = await db.execute<{ id: number; name: string; name_en: string; free: string; used: string }>(sql`
      WITH pooled AS (SELECT DISTINCT carrier_id FROM tracking_numbers)
      SELECT c.id, c.name, c.name_en,
        (SELECT count(*) FROM tracking_numbers tn WHERE tn.carrier_id = c.id AND tn.order_id IS NULL) AS free,
        (SELECT count(*) FROM orders o WHERE o.carrier_id = c.id AND o.carrier_assigned_at >= ${week}) AS used
      FROM carriers c JOIN pooled p ON p.carrier_id = c.id
      ORDER BY c.id`);
    out.pools = r.rows.map((x) => {
      const free = num(x.free);
      const usedLast7Days = num(x.used);
      return {
        carrierId: Number(x.id),
        carrierName: (locale === 'cn' ? x.name : x.name_en) || x.name,
        free,
        usedLast7Days,
        low: free < POOL_LOW_MIN || free < (usedLast7Days / 7) * POOL_LOW_DAYS,
      };
    });
  }

  if (holds(user, 'closedLoop:view')) {
    const since = dayStart(addDays(day, 1 - UNREMITTED_DAYS), timeZone);
    const r = await db.execute<{ currency: string; amount: string; n: string }>(sql`
      SELECT o.cod_currency AS currency, sum(o.cod_amount)::numeric(14, 2)::text AS amount, count(*) AS n
      FROM orders o
      WHERE o.finished_at >= ${since.toISOString()} AND o.status = ${OrderStatus.signed} AND o.is_cod
        AND NOT EXISTS (SELECT 1 FROM cod_remittances r WHERE r.order_id = o.id)
      GROUP BY o.cod_currency ORDER BY o.cod_currency`);
    out.unsettled = r.rows.map((x) => ({ currency: x.currency, amount: x.amount, orderCount: num(x.n) }));
  }
  return out;
}
