import { eq, sql } from 'drizzle-orm';
import { Enabled } from '../../../shared/domain/enums.ts';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import type { OrderRow } from './order-read.ts';

export type AssignFailure = 'noChannelCarrier' | 'volumeLimit' | 'poolEmpty';
export type AssignOutcome =
  | { ok: true; carrierId: number; carrierCode: string; trackingNo: string }
  | { ok: false; reason: AssignFailure };

/** Advisory-lock namespace of volume limits (the second key is the limit's id). */
const VOLUME_LOCK = 727_100;

type Assignable = Pick<
  OrderRow,
  | 'id'
  | 'channelId'
  | 'consigneeCountryId'
  | 'consigneeProvinceId'
  | 'consigneeCityId'
  | 'consigneeDistrictId'
>;

/**
 * Gives a received order its last-mile carrier and number: the channel's enabled carriers in the
 * channel's order, skipping one whose daily volume limit for any region of the destination
 * (country, province, city or district) is reached today (business time zone), then one free
 * number from that carrier's pool; a carrier with an empty pool is skipped too.
 *
 * Concurrency: the volume limits that may apply are locked (transaction advisory locks, in id
 * order, so two receipts cannot both take the last place), and the number is taken with
 * FOR UPDATE SKIP LOCKED, so concurrent receipts never draw the same one. Runs in the caller's
 * transaction, which holds the order's row lock.
 */
export async function assignCarrier(db: Db, order: Assignable, timeZone: string): Promise<AssignOutcome> {
  const candidates = (
    await db.execute<{ id: number; code: string }>(sql`
      SELECT c.id, c.code FROM channel_carriers cc JOIN carriers c ON c.id = cc.carrier_id
      WHERE cc.channel_id = ${order.channelId} AND c.status = ${Enabled.enabled}
      ORDER BY cc.sort, c.code`)
  ).rows;
  if (candidates.length === 0) return { ok: false, reason: 'noChannelCarrier' };

  const regionIds = [
    order.consigneeCountryId,
    order.consigneeProvinceId,
    order.consigneeCityId,
    order.consigneeDistrictId,
  ].filter((r): r is number => r !== null);
  const idList = (ids: number[]) =>
    sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    );
  const limits = (
    await db.execute<{ id: number; carrier_id: number; region_id: number; daily_limit: number }>(sql`
      SELECT id, carrier_id, region_id, daily_limit FROM volume_limits
      WHERE carrier_id IN (${idList(candidates.map((c) => c.id))}) AND region_id IN (${idList(regionIds)})
      ORDER BY id`)
  ).rows;
  for (const l of limits) await db.execute(sql`SELECT pg_advisory_xact_lock(${VOLUME_LOCK}, ${l.id})`);

  const dayStart = sql`(date_trunc('day', now() AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone})`;
  let limited = false;
  for (const carrier of candidates) {
    let full = false;
    for (const l of limits.filter((x) => x.carrier_id === carrier.id)) {
      const [used] = (
        await db.execute<{ n: number }>(sql`
          SELECT count(*)::int AS n FROM orders
          WHERE carrier_id = ${carrier.id} AND carrier_assigned_at >= ${dayStart}
            AND ${l.region_id} IN (consignee_country_id, consignee_province_id, consignee_city_id, consignee_district_id)`)
      ).rows;
      if ((used?.n ?? 0) >= l.daily_limit) {
        full = true;
        break;
      }
    }
    if (full) {
      limited = true;
      continue;
    }
    const [drawn] = (
      await db.execute<{ tracking_no: string }>(sql`
        UPDATE tracking_numbers SET order_id = ${order.id}, used_at = now()
        WHERE id = (
          SELECT id FROM tracking_numbers
          WHERE carrier_id = ${carrier.id} AND order_id IS NULL
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING tracking_no`)
    ).rows;
    if (!drawn) continue;
    await db
      .update(orders)
      .set({ carrierId: carrier.id, carrierTrackingNo: drawn.tracking_no, carrierAssignedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    return { ok: true, carrierId: carrier.id, carrierCode: carrier.code, trackingNo: drawn.tracking_no };
  }
  return { ok: false, reason: limited ? 'volumeLimit' : 'poolEmpty' };
}
