import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { MovementNode, type ScanRefusal } from '../../../shared/domain/lading.ts';
import { canMove, canReleaseFromLading } from '../../../shared/domain/order-rules.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { heldReason as sharedHeldReason } from '../../../shared/domain/scan-rule.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import type { Db } from '../../db/client.ts';
import {
  ladingBills,
  ladingItems,
  orderEvents,
  orders,
  packageItems,
  packages,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { statusName } from '../order-core/order-names.ts';
import type { OrderRow } from '../order-core/order-read.ts';
import { changeStatus, writeStatusMove } from '../order-core/order-store.ts';

/**
 * What the four kinds of bill share: transactions, scan refusals, numbers, weights, moving and
 * freeing orders (always with their tracking event). The bills that hold orders are holding.ts,
 * their remarks bill-remarks.ts, and what their records show bill-read.ts.
 */

/**
 * A transaction, or the caller's when it is in one already (a replayed PDA call runs in the
 * transaction that records its answer): a savepoint there would add two round trips and undo
 * nothing the caller's rollback does not.
 */
export const tx = <T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> =>
  db instanceof PgTransaction ? fn(db) : db.transaction((x) => fn(x as unknown as Db));

/** A refused scan: 409 with the translated reason and `data` {reason, trackingNo, billNo}. */
export const refuse = (
  reason: ScanRefusal,
  descriptor: MessageDescriptor,
  values: Record<string, unknown>,
  trackingNo: string,
  billNo: string | null,
): AppError => new AppError(409, descriptor, { values, data: { reason, trackingNo, billNo } });

/** A bill's number: prefix, the business day (YYMMDD) and a sequence, e.g. LD2611230001. */
export async function nextNo(
  db: Db,
  prefix: 'LD' | 'BT' | 'OS' | 'PK',
  sequence: string,
  timeZone: string,
): Promise<string> {
  const r = await db.execute<{ no: string }>(
    sql`SELECT ${prefix} || to_char(now() AT TIME ZONE ${timeZone}, 'YYMMDD') || lpad(nextval(${sequence}::regclass)::text, 4, '0') AS no`,
  );
  return r.rows[0]!.no;
}

/** What an order adds to a bill: kg checked, else declared; its volume weight; its pieces. */
export const parcelOf = (
  o: Pick<OrderRow, 'checkedWeight' | 'declaredWeight' | 'volumeWeight' | 'packageCount'>,
) => ({
  weight: o.checkedWeight ?? o.declaredWeight,
  volumeWeight: o.volumeWeight,
  pieceCount: o.packageCount,
});

/** Why an order may not move on at all (cancelled, held by an interception), or null: scan-rule.ts. */
export const heldReason: (
  o: Pick<OrderRow, 'status' | 'interceptState'>,
) => 'cancelled' | 'intercepted' | null = sharedHeldReason;

export const heldMessage = (reason: 'cancelled' | 'intercepted') =>
  reason === 'cancelled' ? m.refusedCancelled : m.refusedIntercepted;

/** The orders of ids, locked in id order (the one lock order every bill operation takes). */
export async function lockOrders(db: Db, ids: readonly number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]))
    .orderBy(asc(orders.id))
    .for('update');
}

/** The order of a tracking no, locked. */
export async function lockOrderByNo(db: Db, trackingNo: string): Promise<OrderRow | undefined> {
  const [o] = await db.select().from(orders).where(eq(orders.trackingNo, trackingNo)).for('update');
  return o;
}

export interface Dropped {
  order: OrderRow;
  reason: 'cancelled' | 'intercepted';
  /** Where it was taken out of (a bill's or package's number, "LD… / PK…" for a package in a bill). */
  from?: string;
}

/**
 * Moves locked orders forward to `to` (a tracking event each, through the orders core); orders
 * cancelled or held by an interception are answered as dropped; orders already there or beyond
 * are left as they are.
 */
export async function moveOrders(
  db: Db,
  t: Translate,
  locked: readonly OrderRow[],
  to: number,
  node: string,
  user: AuthUser,
  now: Date,
  location = '',
): Promise<{ moved: OrderRow[]; dropped: Dropped[] }> {
  const moved: OrderRow[] = [];
  const dropped: Dropped[] = [];
  for (const o of locked) {
    const held = heldReason(o);
    if (held) {
      dropped.push({ order: o, reason: held });
      continue;
    }
    if (!canMove(o.status, to)) continue;
    await changeStatus(db, t, o, to, { node, operatorId: user.id, occurredAt: now, location });
    moved.push(o);
  }
  return { moved, dropped };
}

/**
 * The one way back (order-rules.ts `canReleaseFromLading`): an order in lading whose bill lets it
 * go returns to received, with its (internal) event. Other statuses are left as they are.
 */
export async function releaseFromLading(db: Db, o: OrderRow, user: AuthUser, now: Date): Promise<boolean> {
  if (!canReleaseFromLading(o.status)) return false;
  await writeStatusMove(db, o, OrderStatus.received, {
    node: MovementNode.ladingReleased,
    isPublic: false,
    operatorId: user.id,
    occurredAt: now,
  });
  return true;
}

/** What the answers of a pickup list as dropped: taken out of where they were, to be set aside. */
export const droppedOut = (t: Translate, dropped: readonly Dropped[]) =>
  dropped.map((d) => ({
    trackingNo: d.order.trackingNo,
    reason: d.reason,
    message:
      d.from === undefined
        ? t(heldMessage(d.reason), { trackingNo: d.order.trackingNo })
        : t(d.reason === 'cancelled' ? m.takenOutCancelled : m.takenOutIntercepted, {
            trackingNo: d.order.trackingNo,
            from: d.from,
          }),
  }));

/** The orders of the live items of lading bills (their own, and their packages'), as `order_id`. */
export const ladingOrdersOf = (billIds: readonly number[]): SQL => sql`
  SELECT coalesce(li.order_id, pi.order_id) AS order_id
  FROM ${ladingItems} li
  LEFT JOIN ${packageItems} pi ON pi.package_id = li.package_id AND pi.active
  WHERE li.bill_id = ANY(${sql.param([...billIds])}::bigint[]) AND li.active
    AND coalesce(li.order_id, pi.order_id) IS NOT NULL`;

/** Orders by id, as `order_id`. */
export const ordersByIds = (ids: readonly number[]): SQL =>
  sql`SELECT unnest(${sql.param([...ids])}::bigint[]) AS order_id`;

/**
 * One internal (staff-only) event of a node, without a status change, for every order a SELECT of
 * `order_id` answers, in one statement however many orders the bills hold.
 */
export async function recordEventsFor(
  db: Db,
  orderIds: SQL,
  e: { node: string; description: string; operatorId: number; occurredAt: Date },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${orderEvents} (order_id, node, description, is_public, operator_id, occurred_at)
    SELECT s.order_id, ${e.node}::text, ${e.description}::text, false, ${e.operatorId}::int,
      ${e.occurredAt}::timestamptz
    FROM (${orderIds}) s`);
}

/** What taking an order out of a lading bill took off its totals, and the package it was in. */
export interface TakenOut {
  pieceCount: number;
  weight: string;
  volumeWeight: string;
  /** The package it was taken out of (null: an order item of the bill). */
  packageNo: string | null;
}

/**
 * Takes an order out of a lading bill's live items: its own item is released, or, in a package of
 * the bill, its package item, the package's totals and the bill's item of the package lose it (the
 * item is released with the package's last order). The bill's totals lose it either way. Answers
 * what was taken off, or null when the bill does not hold the order. No event: the caller writes
 * them (the order's status decides which).
 */
export async function takeOutOfLading(
  db: Db,
  billId: number,
  orderId: number,
  now: Date,
): Promise<TakenOut | null> {
  const own = await db.execute<{ piece_count: number; weight: string; volume_weight: string }>(sql`
    WITH item AS (
      UPDATE ${ladingItems} SET active = false, released_at = ${now}::timestamptz
      WHERE bill_id = ${billId} AND order_id = ${orderId} AND active RETURNING *
    ), bill AS (
      UPDATE ${ladingBills} b SET item_count = b.item_count - 1, order_count = b.order_count - item.order_count,
        piece_count = b.piece_count - item.piece_count, weight = b.weight - item.weight,
        volume_weight = b.volume_weight - item.volume_weight, updated_at = ${now}::timestamptz
      FROM item WHERE b.id = ${billId} RETURNING b.id
    )
    SELECT piece_count, weight, volume_weight FROM item`);
  const o = own.rows[0];
  if (o)
    return { pieceCount: o.piece_count, weight: o.weight, volumeWeight: o.volume_weight, packageNo: null };
  const packed = await db.execute<{
    piece_count: number;
    weight: string;
    volume_weight: string;
    package_no: string;
  }>(sql`
    WITH pkg_item AS (
      UPDATE ${packageItems} x SET active = false, released_at = ${now}::timestamptz
      FROM ${ladingItems} li
      WHERE li.bill_id = ${billId} AND li.active AND li.package_id = x.package_id
        AND x.order_id = ${orderId} AND x.active
      RETURNING x.*
    ), pkg AS (
      UPDATE ${packages} p SET order_count = p.order_count - 1, piece_count = p.piece_count - pkg_item.piece_count,
        weight = p.weight - pkg_item.weight, volume_weight = p.volume_weight - pkg_item.volume_weight,
        updated_at = ${now}::timestamptz
      FROM pkg_item WHERE p.id = pkg_item.package_id RETURNING p.id, p.no
    ), bill_item AS (
      UPDATE ${ladingItems} li SET order_count = li.order_count - 1,
        piece_count = li.piece_count - pkg_item.piece_count, weight = li.weight - pkg_item.weight,
        volume_weight = li.volume_weight - pkg_item.volume_weight, active = li.order_count > 1,
        released_at = CASE WHEN li.order_count > 1 THEN li.released_at ELSE ${now}::timestamptz END
      FROM pkg_item WHERE li.bill_id = ${billId} AND li.package_id = pkg_item.package_id AND li.active
      RETURNING li.active
    ), bill AS (
      UPDATE ${ladingBills} b SET order_count = b.order_count - 1,
        piece_count = b.piece_count - pkg_item.piece_count, weight = b.weight - pkg_item.weight,
        volume_weight = b.volume_weight - pkg_item.volume_weight,
        item_count = b.item_count - (SELECT count(*)::int FROM bill_item WHERE NOT bill_item.active),
        updated_at = ${now}::timestamptz
      FROM pkg_item WHERE b.id = ${billId} RETURNING b.id
    )
    SELECT pkg_item.piece_count, pkg_item.weight, pkg_item.volume_weight, pkg.no AS package_no
    FROM pkg_item JOIN pkg ON pkg.id = pkg_item.package_id`);
  const p = packed.rows[0];
  return p
    ? { pieceCount: p.piece_count, weight: p.weight, volumeWeight: p.volume_weight, packageNo: p.package_no }
    : null;
}

export const orderStatusValues = (t: Translate, o: Pick<OrderRow, 'trackingNo' | 'status'>) => ({
  trackingNo: o.trackingNo,
  status: statusName(t, o.status),
});
