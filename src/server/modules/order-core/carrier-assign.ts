import { and, eq, sql } from 'drizzle-orm';
import { Enabled } from '../../../shared/domain/enums.ts';
import {
  AbnormalKind,
  FINAL_STATUSES,
  InterceptState,
  OrderNode,
} from '../../../shared/domain/order-rules.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { Segment } from '../../../shared/domain/segments.ts';
import type { Db } from '../../db/client.ts';
import { orderAbnormals, orders } from '../../db/schema/index.ts';
import type { Ctx } from '../../http/context.ts';
import type { OrderRow } from './order-read.ts';
import { recordEvent, resolveAbnormal } from './order-store.ts';

export type AssignFailure = 'noChannelCarrier' | 'volumeLimit' | 'poolEmpty';
export type AssignOutcome =
  | { ok: true; carrierId: number; carrierCode: string; trackingNo: string }
  | { ok: false; reason: AssignFailure }
  /** The channel does not deliver the last mile: there is nothing to assign and nothing is wrong. */
  | { ok: false; reason: 'notLastMile' };

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
 * Whether a shipping channel (the alias `ch` of shipping_channels) delivers the last mile, i.e.
 * whether its orders get a last-mile carrier and number from the pool on receipt:
 * - its segments include delivery or full (door to door, which includes the delivery);
 * - a channel whose segments were never recorded (the column's default '{}': rows written before
 *   segments existed or outside the channel editor, which always requires one) is judged by its
 *   service type instead: the routes that include the delivery (segments.ts: 2 delivery, 3 full
 *   route, 5 clearance plus delivery, 6 transit port).
 *
 * A channel without the delivery (e.g. CN-AE-AIR-FL, first leg and clearance: "the customer books
 * its own last mile") never gets a carrier number and is never marked "No carrier number". Its
 * orders do not go through our destination hand-over either: the overseas lading hands parcels to
 * OUR last-mile carrier and the exchange scan relabels them with that carrier's number (DOMAIN.md),
 * so both keep refusing an order without a carrier (noCarrier). That is the intended answer for
 * such an order: it leaves our flow after clearance, with the customer's own last mile.
 */
export const deliversLastMile = sql`(
  ch.segments && ARRAY[${Segment.delivery}, ${Segment.full}]::smallint[]
  OR (cardinality(ch.segments) = 0 AND ch.service_type IN (2, 3, 5, 6)))`;

/** Whether an order's channel delivers the last mile (see `deliversLastMile`). */
export async function channelDeliversLastMile(db: Db, channelId: number): Promise<boolean> {
  const [row] = (
    await db.execute<{ yes: boolean }>(
      sql`SELECT ${deliversLastMile} AS yes FROM shipping_channels ch WHERE ch.id = ${channelId}`,
    )
  ).rows;
  return row?.yes === true;
}

/**
 * Gives a received order its last-mile carrier and number, when its channel delivers the last mile
 * (`deliversLastMile`; else it answers `notLastMile` and changes nothing): the channel's enabled
 * last-mile carriers (carriers.last_mile: a line-haul carrier on the channel never delivers) in
 * the channel's order, skipping one whose daily volume limit for any region of the destination
 * (country, province, city or district) is reached today (business time zone), then one free
 * number from that carrier's pool; a carrier with an empty pool is skipped too. A failure writes
 * nothing.
 *
 * Concurrency: the volume limits that may apply are locked (transaction advisory locks, in id
 * order, so two receipts cannot both take the last place), and the number is taken with
 * FOR UPDATE SKIP LOCKED, so concurrent receipts never draw the same one. Runs in the caller's
 * transaction, which holds the order's row lock.
 */
export async function assignCarrier(db: Db, order: Assignable, timeZone: string): Promise<AssignOutcome> {
  if (!(await channelDeliversLastMile(db, order.channelId))) return { ok: false, reason: 'notLastMile' };
  const candidates = (
    await db.execute<{ id: number; code: string }>(sql`
      SELECT c.id, c.code FROM channel_carriers cc JOIN carriers c ON c.id = cc.carrier_id
      WHERE cc.channel_id = ${order.channelId} AND c.status = ${Enabled.enabled} AND c.last_mile = 1
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

/**
 * assignCarrier, and on success the order's CARRIER_ASSIGNED event (staff only), as on receipt.
 * The caller holds the order's row lock in its transaction.
 */
export async function assignAndRecord(
  db: Db,
  order: Assignable,
  timeZone: string,
  operatorId: number | null,
  now = new Date(),
): Promise<AssignOutcome> {
  const assigned = await assignCarrier(db, order, timeZone);
  if (assigned.ok)
    await recordEvent(db, {
      orderId: order.id,
      node: OrderNode.carrierAssigned,
      description: `${assigned.carrierCode} ${assigned.trackingNo}`,
      isPublic: false,
      operatorId,
      occurredAt: now,
    });
  return assigned;
}

/**
 * Whether an order still waits for a carrier number: it has none and is received and still in the
 * flow (a cancelled, returned, lost or signed one needs none any more; a created one gets it on
 * receipt).
 */
export const awaitsCarrier = (o: Pick<OrderRow, 'carrierId' | 'status'>): boolean =>
  o.carrierId === null &&
  o.status !== OrderStatus.created &&
  !(FINAL_STATUSES as readonly number[]).includes(o.status);

/** How many pending "No carrier number" marks one retry looks at, at most (oldest first). */
export const RETRY_BATCH = 500;

/**
 * Retries the assignment of the orders whose "No carrier number" mark is pending on the channels
 * one of `carrierIds` serves (as an enabled last-mile carrier, on a channel that delivers the last
 * mile): run after numbers are imported into a carrier's pool and after a volume limit is changed
 * or removed, once that write has committed. At most `RETRY_BATCH` marks, oldest first; each
 * order in its own transaction under its row lock (checked again there), so a receipt, a handling
 * or another retry of the same order waits for it. An order that gets a carrier and number has its
 * CARRIER_ASSIGNED event and its mark handled (by `userId`, with no remark: closed by the system);
 * one that still gets none is left as it was. Orders held by an interception are left to customer
 * service. Once a channel's pools are found empty, its further orders are not tried in this run.
 * Answers how many orders got a carrier.
 */
export async function retryNoCarrier(
  db: Db,
  carrierIds: readonly number[],
  timeZone: string,
  userId: number | null,
  limit = RETRY_BATCH,
): Promise<number> {
  const ids = [...new Set(carrierIds)];
  if (ids.length === 0) return 0;
  const { rows } = await db.execute<{ order_id: number; channel_id: number }>(sql`
    SELECT a.order_id, o.channel_id
    FROM order_abnormals a
    JOIN orders o ON o.id = a.order_id
    JOIN shipping_channels ch ON ch.id = o.channel_id
    WHERE a.state = 0 AND a.kind = ${AbnormalKind.noCarrier}
      AND o.carrier_id IS NULL
      AND o.status <> ${OrderStatus.created}
      AND o.status <> ALL(${sql.param([...FINAL_STATUSES])}::smallint[])
      AND o.intercept_state NOT IN (${InterceptState.requested}, ${InterceptState.succeeded})
      AND ${deliversLastMile}
      AND EXISTS (
        SELECT 1 FROM channel_carriers cc JOIN carriers c ON c.id = cc.carrier_id
        WHERE cc.channel_id = o.channel_id AND c.id = ANY(${sql.param(ids)}::int[])
          AND c.status = ${Enabled.enabled} AND c.last_mile = 1)
    ORDER BY a.created_at, a.id
    LIMIT ${limit}`);
  const exhausted = new Set<number>();
  let assignedCount = 0;
  for (const r of rows) {
    if (exhausted.has(r.channel_id)) continue;
    const outcome = await db.transaction(async (x) => {
      const tx = x as unknown as Db;
      const [o] = await tx.select().from(orders).where(eq(orders.id, r.order_id)).for('update');
      if (!o || !awaitsCarrier(o)) return null;
      if (o.interceptState === InterceptState.requested || o.interceptState === InterceptState.succeeded)
        return null;
      const [mark] = await tx
        .select({ id: orderAbnormals.id })
        .from(orderAbnormals)
        .where(
          and(
            eq(orderAbnormals.orderId, o.id),
            eq(orderAbnormals.kind, AbnormalKind.noCarrier),
            eq(orderAbnormals.state, 0),
          ),
        );
      if (!mark) return null;
      const assigned = await assignAndRecord(tx, o, timeZone, userId);
      if (assigned.ok) await resolveAbnormal(tx, o.id, AbnormalKind.noCarrier, userId);
      return assigned;
    });
    if (outcome?.ok) assignedCount++;
    else if (outcome && (outcome.reason === 'poolEmpty' || outcome.reason === 'noChannelCarrier'))
      exhausted.add(r.channel_id);
  }
  return assignedCount;
}

/**
 * retryNoCarrier for a call whose write (a pool import, a volume limit change) has committed: a
 * failure of the retry is logged and does not turn the call's answer into an error (what it wrote
 * stays written; the marks left pending are retried by the next such change or by their handling).
 */
export async function retryNoCarrierAfter(ctx: Ctx, carrierIds: readonly number[]): Promise<void> {
  try {
    await retryNoCarrier(ctx.db, carrierIds, ctx.config.businessTimeZone, ctx.user.id);
  } catch (err) {
    ctx.req.log.error({ err, carrierIds }, 'retrying the carrier assignment of pending orders failed');
  }
}
