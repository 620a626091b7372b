import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { BillRemark } from '../../../shared/contract/lading-records.ts';
import { MovementNode, type ScanRefusal } from '../../../shared/domain/lading.ts';
import { canMove, canReleaseFromLading, isHeldByIntercept } from '../../../shared/domain/order-rules.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import type { Db } from '../../db/client.ts';
import { billRemarks, orderEvents, orders, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { statusName } from '../order/order-names.ts';
import type { OrderRow } from '../order/order-read.ts';
import { changeStatus } from '../order/order-store.ts';

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

/** Why an order may not move on at all (cancelled, held by an interception), or null. */
export function heldReason(
  o: Pick<OrderRow, 'status' | 'interceptState'>,
): 'cancelled' | 'intercepted' | null {
  if (o.status === OrderStatus.cancelled) return 'cancelled';
  if (isHeldByIntercept(o.interceptState)) return 'intercepted';
  return null;
}

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
  await db
    .update(orders)
    .set({ status: OrderStatus.received, updatedAt: now })
    .where(and(eq(orders.id, o.id), eq(orders.status, o.status)));
  await db.insert(orderEvents).values({
    orderId: o.id,
    node: MovementNode.ladingReleased,
    status: OrderStatus.received,
    fromStatus: o.status,
    isPublic: false,
    operatorId: user.id,
    occurredAt: now,
  });
  return true;
}

/** What the answers of a pickup list as taken out. */
export const droppedOut = (t: Translate, dropped: readonly Dropped[]) =>
  dropped.map((d) => ({
    trackingNo: d.order.trackingNo,
    reason: d.reason,
    message: t(heldMessage(d.reason), { trackingNo: d.order.trackingNo }),
  }));

export const orderStatusValues = (t: Translate, o: Pick<OrderRow, 'trackingNo' | 'status'>) => ({
  trackingNo: o.trackingNo,
  status: statusName(t, o.status),
});

// ---- remarks of the four kinds of bill ----

export type BillKind = 'lading' | 'batch' | 'overseas' | 'package';

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
