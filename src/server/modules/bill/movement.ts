import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias, PgTransaction } from 'drizzle-orm/pg-core';
import type { BillRemark } from '../../../shared/contract/lading-records.ts';
import {
  type BillKind,
  ConfirmState,
  MovementNode,
  PickupStatus,
  type ScanRefusal,
} from '../../../shared/domain/lading.ts';
import { canMove, canReleaseFromLading } from '../../../shared/domain/order-rules.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { heldReason as sharedHeldReason } from '../../../shared/domain/scan-rule.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import type { Db } from '../../db/client.ts';
import {
  billRemarks,
  ladingBills,
  ladingBillTallies,
  ladingItems,
  orderEvents,
  orders,
  overseasItems,
  overseasLadings,
  packageItems,
  packages,
  users,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import { AppError, invalid, notFound, rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { statusName } from '../order-core/order-names.ts';
import type { OrderRow } from '../order-core/order-read.ts';
import { changeStatus, recordEvent, writeStatusMove } from '../order-core/order-store.ts';
import { numberedName } from './bill-names.ts';

/**
 * What the four kinds of bill share: transactions, scan refusals, numbers, weights, moving and
 * freeing orders (always with their tracking event), remarks.
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

// ---- remarks of the four kinds of bill ----

export type { BillKind };

const remarkColumns = {
  r: billRemarks,
  nickname: users.nickname,
  username: users.username,
};

const toRemark = (r: {
  r: typeof billRemarks.$inferSelect;
  nickname: string | null;
  username: string | null;
}) => ({
  recId: r.r.id,
  content: r.r.content,
  createdBy: r.username === null ? null : r.nickname || r.username,
  createdAt: r.r.createdAt.toISOString(),
});

export async function remarksOf(db: Db, kind: BillKind, billId: number): Promise<BillRemark[]> {
  const rows = await db
    .select(remarkColumns)
    .from(billRemarks)
    .leftJoin(users, eq(users.id, billRemarks.createdBy))
    .where(and(eq(billRemarks.kind, kind), eq(billRemarks.billId, billId)))
    .orderBy(desc(billRemarks.createdAt), desc(billRemarks.id));
  return rows.map(toRemark);
}

/** Adds a remark; the caller has checked the bill exists and updates its shown remark. */
export async function insertRemark(
  db: Db,
  kind: BillKind,
  billId: number,
  content: string,
  user: AuthUser,
): Promise<BillRemark> {
  const [row] = await db
    .insert(billRemarks)
    .values({ kind, billId, content, createdBy: user.id })
    .returning();
  return toRemark({ r: row!, nickname: user.nickname, username: user.username });
}

/** A person as the screens show them. */
export const person = (nickname: string | null, username: string | null): string | null =>
  username === null ? null : nickname || username;

export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

// ---- the bills that hold orders: lading bills, overseas ladings, packages ----

/**
 * What a kind of bill is made of: its table, its items and the item's bill column. A lading item
 * holds an order or a package and keeps its order count; the others hold one order each.
 */
export const HOLDING = {
  lading: {
    bills: ladingBills,
    items: ladingItems,
    itemBill: ladingItems.billId,
    itemOrders: sql`item.order_count`,
  },
  overseas: {
    bills: overseasLadings,
    items: overseasItems,
    itemBill: overseasItems.billId,
    itemOrders: sql`1`,
  },
  package: { bills: packages, items: packageItems, itemBill: packageItems.packageId, itemOrders: sql`1` },
} as const;

export type HoldingKind = keyof typeof HOLDING;
export type BillOf<K extends HoldingKind> = (typeof HOLDING)[K]['bills']['$inferSelect'];

/**
 * Folds the tallies of lading bills the caller has locked FOR UPDATE into their columns (a new
 * statement, so it sees every scan that held the bill before the lock). Answers whether any were.
 */
export async function foldTallies(db: Db, billIds: readonly number[]): Promise<boolean> {
  const res = await db.execute(sql`
    WITH t AS (
      DELETE FROM ${ladingBillTallies} WHERE bill_id = ANY(${sql.param([...billIds])}::bigint[]) RETURNING *
    ), s AS (
      SELECT bill_id, sum(item_count) AS ic, sum(order_count) AS oc, sum(piece_count) AS pc,
        sum(weight) AS w, sum(volume_weight) AS vw
      FROM t GROUP BY bill_id
    )
    UPDATE ${ladingBills} b SET item_count = b.item_count + s.ic, order_count = b.order_count + s.oc,
      piece_count = b.piece_count + s.pc, weight = b.weight + s.w, volume_weight = b.volume_weight + s.vw
    FROM s WHERE b.id = s.bill_id RETURNING b.id`);
  return res.rows.length > 0;
}

/**
 * The bills of ids, locked in id order (the one lock order of bill operations); 404 when one is
 * missing. Lading bills come with their scans' tallies folded into their totals (the lock waited
 * for the scans that held them open, and no scan adds to them until this transaction ends).
 */
export async function lockBills<K extends HoldingKind>(
  db: Db,
  kind: K,
  ids: readonly number[],
): Promise<BillOf<K>[]> {
  const bills = HOLDING[kind].bills as typeof packages;
  const unique = [...new Set(ids)];
  const read = () => db.select().from(bills).where(inArray(bills.id, unique)).orderBy(asc(bills.id));
  let rows = await read().for('update');
  if (rows.length !== unique.length) throw notFound();
  if (kind === 'lading' && (await foldTallies(db, unique))) rows = await read();
  return rows as BillOf<K>[];
}

/** confirm: seals open bills that hold an order; one refusal refuses all. Answers their WHERE. */
export async function sealBills(db: Db, kind: HoldingKind, ids: readonly number[], user: AuthUser) {
  const list = await lockBills(db, kind, ids);
  for (const b of list) {
    if (b.confirmState !== ConfirmState.open || b.pickupStatus !== PickupStatus.notPickedUp)
      throw rule(m.notOpen, { no: b.no });
    if (b.orderCount === 0) throw rule(m.empty, { no: b.no });
  }
  const bills = HOLDING[kind].bills as typeof packages;
  const now = new Date();
  const where = inArray(
    bills.id,
    list.map((b) => b.id),
  );
  await db
    .update(bills)
    .set({ confirmState: ConfirmState.confirmed, confirmedAt: now, confirmedBy: user.id, updatedAt: now })
    .where(where);
  return where;
}

export const pickupRefusal = (t: Translate, b: { no: string; pickupStatus: number }) =>
  rule(m.notPickupable, { no: b.no, pickupStatus: numberedName(t, 'pickup', b.pickupStatus) });

/** A bill about to be picked up (it must be confirmed) or cancelled: locked, neither done yet. */
export async function lockForPickup<K extends HoldingKind>(
  db: Db,
  kind: K,
  id: number,
  t: Translate,
  pickup: boolean,
): Promise<BillOf<K>> {
  const [b] = await lockBills(db, kind, [id]);
  if (b!.pickupStatus !== PickupStatus.notPickedUp) throw pickupRefusal(t, b!);
  if (pickup && b!.confirmState !== ConfirmState.confirmed) throw rule(m.notConfirmed, { no: b!.no });
  return b!;
}

/** The items a bill shows: its live ones, or all it held once its pickup is cancelled. */
export function shownItems(kind: HoldingKind, b: { id: number; pickupStatus: number }): SQL {
  const { items, itemBill } = HOLDING[kind] as (typeof HOLDING)['package'];
  return and(
    eq(itemBill, b.id),
    b.pickupStatus === PickupStatus.cancelled ? undefined : eq(items.active, true),
  )!;
}

/** The orders of a bill's live items (overseas ladings and packages: one order an item). */
export const liveOrderIds = async (db: Db, kind: 'overseas' | 'package', id: number) =>
  (
    await db.execute<{ order_id: number }>(
      sql`SELECT order_id FROM ${HOLDING[kind].items} WHERE ${HOLDING[kind].itemBill} = ${id} AND active`,
    )
  ).rows.map((r) => Number(r.order_id));

/**
 * An order's item in a bill of one order an item (overseas lading, package). The unique index on
 * live items decides "already added": the refusal names the bill that holds the order.
 */
export async function insertOrderItem(
  db: Db,
  kind: 'overseas' | 'package',
  billId: number,
  o: Pick<OrderRow, 'id' | 'trackingNo'>,
  parcel: ReturnType<typeof parcelOf>,
  scanned: { at: Date; by: number },
  code: string,
): Promise<number> {
  const values = { orderId: o.id, ...parcel, scannedAt: scanned.at, scannedBy: scanned.by };
  const [item] =
    kind === 'package'
      ? await db
          .insert(packageItems)
          .values({ packageId: billId, ...values })
          .onConflictDoNothing()
          .returning({ id: packageItems.id })
      : await db
          .insert(overseasItems)
          .values({ billId, ...values })
          .onConflictDoNothing()
          .returning({ id: overseasItems.id });
  if (item) return item.id;
  const { bills, items, itemBill } = HOLDING[kind] as (typeof HOLDING)['overseas'];
  const [h] = await db
    .select({ no: bills.no })
    .from(items)
    .innerJoin(bills, eq(bills.id, itemBill))
    .where(and(eq(items.orderId, o.id), eq(items.active, true)));
  throw refuse(
    'alreadyAdded',
    m.refusedAlreadyAdded,
    { trackingNo: o.trackingNo, billNo: h?.no ?? '' },
    code,
    h?.no ?? null,
  );
}

/**
 * A bill's totals grown by one order's parcel while it is still open and not picked up, else the
 * scan is refused; `set` adds what the first order fixes (a package's consignee).
 */
export async function addToTotals<K extends 'overseas' | 'package'>(
  db: Db,
  kind: K,
  bill: { id: number; no: string },
  parcel: ReturnType<typeof parcelOf>,
  now: Date,
  code: string,
  set: Partial<typeof packages.$inferInsert> = {},
): Promise<BillOf<K>> {
  const bills = HOLDING[kind].bills as typeof packages;
  const [totals] = await db
    .update(bills)
    .set({
      ...set,
      orderCount: sql`${bills.orderCount} + 1`,
      pieceCount: sql`${bills.pieceCount} + ${parcel.pieceCount}`,
      weight: sql`${bills.weight} + ${parcel.weight}::numeric`,
      volumeWeight: sql`${bills.volumeWeight} + ${parcel.volumeWeight}::numeric`,
      updatedAt: now,
    })
    .where(
      and(
        eq(bills.id, bill.id),
        eq(bills.confirmState, ConfirmState.open),
        eq(bills.pickupStatus, PickupStatus.notPickedUp),
      ),
    )
    .returning();
  if (!totals) throw refuse('billNotOpen', m.refusedBillNotOpen, { billNo: bill.no }, code, bill.no);
  return totals as BillOf<K>;
}

/**
 * A pickup: the locked orders move to `to`; those cancelled or held by an interception since they
 * were scanned are taken out of the bill (out of their package in a lading bill of packages), their
 * items released and the totals with them, and listed with where they were taken out of. Each
 * taken out gets its internal event, except an order in lading taken out of a lading bill: the
 * caller frees it (releaseFromLading, which writes its event with its return to received).
 * Answers the dropped orders (listed to the user) and those of them taken out.
 */
export async function pickUpOrders(
  db: Db,
  kind: HoldingKind,
  billId: number,
  locked: readonly OrderRow[],
  to: { status: number; node: string },
  user: AuthUser,
  now: Date,
  t: Translate,
): Promise<{ dropped: Dropped[]; takenOut: Dropped[] }> {
  const { bills, items, itemBill, itemOrders } = HOLDING[kind];
  const moved = await moveOrders(db, t, locked, to.status, to.node, user, now);
  if (moved.dropped.length === 0) return { dropped: [], takenOut: [] };
  const [bill] = await db
    .select({ no: (bills as typeof packages).no })
    .from(bills as typeof packages)
    .where(eq((bills as typeof packages).id, billId));
  const billNo = bill?.no ?? '';
  const event = (orderId: number, node: string, description: string) =>
    recordEvent(db, { orderId, node, description, isPublic: false, operatorId: user.id, occurredAt: now });
  const dropped: Dropped[] = [];
  const takenOut: Dropped[] = [];
  for (const d of moved.dropped) {
    if (kind === 'lading') {
      const out = await takeOutOfLading(db, billId, d.order.id, now);
      if (!out) {
        dropped.push(d);
        continue;
      }
      if (out.packageNo !== null) await event(d.order.id, MovementNode.unpacked, out.packageNo);
      if (!canReleaseFromLading(d.order.status)) await event(d.order.id, MovementNode.ladingReleased, billNo);
      const taken = { ...d, from: out.packageNo ?? billNo };
      dropped.push(taken);
      takenOut.push(taken);
      continue;
    }
    const res = await db.execute(sql`
      WITH item AS (
        UPDATE ${items} SET active = false, released_at = ${now}::timestamptz
        WHERE ${itemBill} = ${billId} AND order_id = ${d.order.id} AND active RETURNING *
      )
      UPDATE ${bills} b SET order_count = b.order_count - ${itemOrders},
        piece_count = b.piece_count - item.piece_count, weight = b.weight - item.weight,
        volume_weight = b.volume_weight - item.volume_weight
      FROM item WHERE b.id = ${billId} RETURNING b.id`);
    if (!res.rows.length) {
      dropped.push(d);
      continue;
    }
    await event(
      d.order.id,
      kind === 'overseas' ? MovementNode.overseasReleased : MovementNode.unpacked,
      billNo,
    );
    const taken = { ...d, from: billNo };
    dropped.push(taken);
    takenOut.push(taken);
  }
  return { dropped, takenOut };
}

/** Releases a bill's live items; answers the orders they held (not a lading item's package). */
export async function releaseItems(db: Db, kind: HoldingKind, billId: number, now: Date): Promise<number[]> {
  const { items, itemBill } = HOLDING[kind];
  const res = await db.execute<{ order_id: number | null }>(sql`
    UPDATE ${items} SET active = false, released_at = ${now}::timestamptz
    WHERE ${itemBill} = ${billId} AND active RETURNING order_id`);
  return res.rows
    .map((r) => r.order_id)
    .filter((v): v is number => v !== null)
    .map(Number);
}

/** Ends a bill's pickup: picked up, or cancelled, by the user now. */
export async function endPickup(
  db: Db,
  kind: HoldingKind,
  billId: number,
  state: typeof PickupStatus.pickedUp | typeof PickupStatus.cancelled,
  user: AuthUser,
  now: Date,
): Promise<void> {
  const bills = HOLDING[kind].bills as typeof packages;
  await db
    .update(bills)
    .set(
      state === PickupStatus.pickedUp
        ? { pickupStatus: state, pickedUpAt: now, pickedUpBy: user.id, updatedAt: now }
        : { pickupStatus: state, cancelledAt: now, cancelledBy: user.id, updatedAt: now },
    )
    .where(eq(bills.id, billId));
}

/** A bill's remark: shown on the bill, and kept with the others in bill_remarks. */
export async function setRemark(
  db: Db,
  kind: HoldingKind,
  id: number,
  content: string,
  user: AuthUser,
): Promise<BillRemark> {
  const bills = HOLDING[kind].bills as typeof packages;
  return tx(db, async (tx) => {
    const [b] = await tx
      .update(bills)
      .set({ remark: content, updatedAt: new Date() })
      .where(eq(bills.id, id))
      .returning({ id: bills.id });
    if (!b) throw notFound();
    return insertRemark(tx, kind, id, content, user);
  });
}

// ---- reading held bills: their list filters, pages and the fields of their records ----

/** The filters every list of held bills has. */
export interface BillFilters {
  nos: string[];
  trackingNo?: string | undefined;
  pickupStatus?: number | undefined;
  confirmState?: number | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/**
 * The WHERE parts of those filters (numbers, an order one of its live items holds, pickup and
 * confirm state, creation time) for overseas ladings and packages; a time range that ends before
 * it starts is refused.
 */
export function billConditions(kind: 'overseas' | 'package', f: BillFilters): (SQL | undefined)[] {
  if (f.startTime && f.endTime && Date.parse(f.endTime) <= Date.parse(f.startTime))
    throw invalid([{ path: 'endTime', descriptor: orderMessages.timeRangeInvalid }]);
  const { bills, items, itemBill } = HOLDING[kind] as (typeof HOLDING)['package'];
  return [
    f.nos.length ? inArray(bills.no, f.nos) : undefined,
    f.trackingNo
      ? sql`EXISTS (SELECT 1 FROM ${items} JOIN ${orders} o ON o.id = ${items}.order_id
          WHERE ${itemBill} = ${bills.id} AND ${items}.active AND o.tracking_no = ${f.trackingNo})`
      : undefined,
    f.pickupStatus !== undefined ? eq(bills.pickupStatus, f.pickupStatus) : undefined,
    f.confirmState !== undefined ? eq(bills.confirmState, f.confirmState) : undefined,
    f.startTime ? gte(bills.createdAt, new Date(f.startTime)) : undefined,
    f.endTime ? lt(bills.createdAt, new Date(f.endTime)) : undefined,
  ];
}

/** Who picked a bill up, cancelled it and made it: joined by a bill's select (billPeople). */
export const billPicker = alias(users, 'bill_picker');
export const billCanceller = alias(users, 'bill_canceller');
export const billCreator = alias(users, 'bill_creator');
export const billPeople = {
  pickerNick: billPicker.nickname,
  pickerUser: billPicker.username,
  cancellerNick: billCanceller.nickname,
  cancellerUser: billCanceller.username,
  creatorNick: billCreator.nickname,
  creatorUser: billCreator.username,
};

type HeldBill = Pick<
  BillOf<'package'>,
  | 'confirmState'
  | 'confirmedAt'
  | 'pickupStatus'
  | 'pickedUpAt'
  | 'cancelledAt'
  | 'orderCount'
  | 'pieceCount'
  | 'weight'
  | 'volumeWeight'
  | 'remark'
  | 'createdAt'
>;
type People = { [K in keyof typeof billPeople]: string | null };

/** What the record of every held bill shows of its state, totals and people. */
export const billState = (t: Translate, b: HeldBill, r: People) => ({
  confirmState: b.confirmState,
  confirmedAt: iso(b.confirmedAt),
  pickupStatus: b.pickupStatus,
  pickupStatusName: numberedName(t, 'pickup', b.pickupStatus),
  pickedUpAt: iso(b.pickedUpAt),
  pickedUpBy: person(r.pickerNick, r.pickerUser),
  cancelledAt: iso(b.cancelledAt),
  cancelledBy: person(r.cancellerNick, r.cancellerUser),
  orderCount: b.orderCount,
  pieceCount: b.pieceCount,
  weight: b.weight,
  volumeWeight: b.volumeWeight,
  remark: b.remark,
  createdBy: person(r.creatorNick, r.creatorUser),
  createdAt: b.createdAt.toISOString(),
});
