import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { ConfirmState, MovementNode, PickupStatus } from '../../../shared/domain/lading.ts';
import { canReleaseFromLading } from '../../../shared/domain/order-rules.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import type { Db } from '../../db/client.ts';
import {
  ladingBills,
  ladingBillTallies,
  ladingItems,
  overseasItems,
  overseasLadings,
  packageItems,
  packages,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import { notFound, rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import type { OrderRow } from '../order-core/order-read.ts';
import { recordEvent } from '../order-core/order-store.ts';
import { numberedName } from './bill-names.ts';
import { type Dropped, moveOrders, type parcelOf, refuse, takeOutOfLading } from './movement.ts';

/**
 * The bills that hold orders, lading bills, overseas ladings and packages: their tables, locks,
 * confirm and pickup, and the items an order is held by.
 */

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
