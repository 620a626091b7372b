import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  ABNORMAL_DEPARTMENT,
  type AbnormalKind,
  abnormalBit,
  canMove,
  endsDelivery,
} from '../../../shared/domain/order-rules.ts';
import { orderMessages as m } from '../../../shared/i18n/order-messages.ts';
import type { Db } from '../../db/client.ts';
import { orderAbnormals, orderEvents, orders } from '../../db/schema/index.ts';
import { requireAccess } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import { AppError, type FieldIssue, notFound, rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { emit, emitEach, type OrderRef } from '../webhook-emit/webhook-emit.ts';
import { exception, statusChanged } from '../webhook-emit/webhook-events.ts';
import { statusName } from './order-names.ts';
import type { OrderRow } from './order-read.ts';

/**
 * The writes every order operation shares: loading an order in the caller's scope, its events,
 * status changes (always with their event, in the caller's transaction) and abnormal marks.
 * Other modules (lading, batch, exchange, tracking imports) move orders through these too.
 */

/** The order if the caller may see it (another customer's answers 404); locked when `forUpdate`. */
export async function orderForCaller(
  db: Db,
  user: AuthUser,
  id: number,
  forUpdate = false,
): Promise<OrderRow> {
  const q = db.select().from(orders).where(eq(orders.id, id));
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row) throw notFound();
  requireAccess(user, row);
  return row;
}

/**
 * Every id names an order the caller may see: one that does not exist or is another customer's
 * refuses the whole call (404), as a bulk action must.
 */
export async function requireOrdersOfCaller(db: Db, user: AuthUser, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: orders.id, customerId: orders.customerId })
    .from(orders)
    .where(inArray(orders.id, unique));
  if (rows.length !== unique.length) throw notFound();
  requireAccess(user, ...rows);
}

export interface EventInput {
  orderId: number;
  node: string;
  carrierId?: number | null;
  location?: string;
  description?: string;
  isPublic?: boolean;
  operatorId?: number | null;
  occurredAt?: Date;
}

/** An event that does not change the status. */
export async function recordEvent(db: Db, e: EventInput): Promise<void> {
  await db.insert(orderEvents).values({
    orderId: e.orderId,
    node: e.node,
    carrierId: e.carrierId ?? null,
    location: e.location ?? '',
    description: e.description ?? '',
    isPublic: e.isPublic ?? true,
    operatorId: e.operatorId ?? null,
    occurredAt: e.occurredAt ?? new Date(),
  });
}

/** The refusal of a status change canMove does not allow. */
export const statusMoveRefused = (t: Translate, order: Pick<OrderRow, 'status' | 'trackingNo'>, to: number) =>
  rule(m.statusMoveRefused, {
    trackingNo: order.trackingNo,
    from: statusName(t, order.status),
    to: statusName(t, to),
  });

/**
 * Moves an order to a status (forward only, order-rules.ts `canMove`; a refusal is a translated
 * 409) and writes its event, with `set` (e.g. the arrival time) in the same UPDATE. A status that
 * ends the delivery (signed, returned, lost) stamps finished_at with the event's time: the order's
 * statement date. The caller holds the order's row lock and runs in a transaction.
 */
export async function changeStatus(
  db: Db,
  t: Translate,
  order: Pick<OrderRow, 'id' | 'status' | 'trackingNo'> &
    Partial<Pick<OrderRow, 'customerId' | 'customerNo'>>,
  to: number,
  event: Omit<EventInput, 'orderId'>,
  set: Partial<typeof orders.$inferInsert> = {},
): Promise<void> {
  if (!canMove(order.status, to)) throw statusMoveRefused(t, order, to);
  await writeStatusMove(db, order, to, event, set);
}

type MovedOrder = Pick<OrderRow, 'id' | 'status' | 'trackingNo'> &
  Partial<Pick<OrderRow, 'customerId' | 'customerNo'>>;

/**
 * Writes a status move the caller's rule allowed (changeStatus's `canMove`, or the one way back,
 * bill/movement.ts `releaseFromLading`): the order, its event and its webhook.
 */
export async function writeStatusMove(
  db: Db,
  order: MovedOrder,
  to: number,
  event: Omit<EventInput, 'orderId'>,
  set: Partial<typeof orders.$inferInsert> = {},
): Promise<void> {
  const now = event.occurredAt ?? new Date();
  await db
    .update(orders)
    .set({ ...set, status: to, updatedAt: now, ...(endsDelivery(to) ? { finishedAt: now } : {}) })
    .where(eq(orders.id, order.id));
  await db.insert(orderEvents).values({
    orderId: order.id,
    node: event.node,
    carrierId: event.carrierId ?? null,
    status: to,
    fromStatus: order.status,
    location: event.location ?? '',
    description: event.description ?? '',
    isPublic: event.isPublic ?? true,
    operatorId: event.operatorId ?? null,
    occurredAt: now,
  });
  if (order.customerId)
    await emitStatusMoves(db, [{ order, customerId: order.customerId, to, event, at: now }]);
}

/** A status move as its webhook reports it: the order before the move, where it went, its event. */
export interface StatusMove {
  order: OrderRef;
  customerId: number;
  to: number;
  event: { node: string; location?: string; description?: string; isPublic?: boolean };
  at: Date;
}

/**
 * The outbox side of status moves: an `order.status_changed` per move, all in one statement. Every
 * writer of a status move calls it in its transaction, those that move orders one by one
 * (writeStatusMove) and those that move many set-based (prompt-write.ts), so no move goes unheard.
 */
export async function emitStatusMoves(db: Db, moves: readonly StatusMove[]): Promise<void> {
  await emitEach(
    db,
    'order.status_changed',
    moves.map((m) => ({ customerId: m.customerId, data: statusChanged(m.order, m.to, m.event, m.at) })),
  );
}

/**
 * changeStatus inside a caller's statement, for a hot path that writes in one round trip: the
 * order's update and its event as two CTEs (`status_moved`, `status_event`) that run when the CTE
 * `when` has a row. The caller has checked canMove, as changeStatus does, and holds the order.
 */
export function statusChangeCtes(
  order: Pick<OrderRow, 'id' | 'status'>,
  to: number,
  event: Omit<EventInput, 'orderId'>,
  when: SQL,
): SQL {
  const now = event.occurredAt ?? new Date();
  return sql`status_moved AS (
      UPDATE ${orders} SET status = ${to}, updated_at = ${now}::timestamptz
      WHERE id = ${order.id} AND EXISTS (SELECT 1 FROM ${when})
    ), status_event AS (
      INSERT INTO ${orderEvents}
        (order_id, node, carrier_id, status, from_status, location, description, is_public, operator_id, occurred_at)
      SELECT ${order.id}::bigint, ${event.node}::text, ${event.carrierId ?? null}::int, ${to}::smallint,
        ${order.status}::smallint, ${event.location ?? ''}::text, ${event.description ?? ''}::text,
        ${event.isPublic ?? true}::boolean, ${event.operatorId ?? null}::int, ${now}::timestamptz
      WHERE EXISTS (SELECT 1 FROM ${when})
    )`;
}

/** Marks an order abnormal of a kind (once while pending), with the values of its reason. */
export async function flagAbnormal(
  db: Db,
  order: Pick<OrderRow, 'id' | 'customerId'> & { trackingNo?: string },
  kind: AbnormalKind,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insert(orderAbnormals)
    .values({
      orderId: order.id,
      customerId: order.customerId,
      kind,
      detail,
      department: ABNORMAL_DEPARTMENT[kind],
    })
    .onConflictDoUpdate({
      target: [orderAbnormals.orderId, orderAbnormals.kind],
      targetWhere: sql`${orderAbnormals.state} = 0`,
      set: { detail },
    });
  await db
    .update(orders)
    .set({ abnormalFlags: sql`${orders.abnormalFlags} | ${abnormalBit(kind)}` })
    .where(eq(orders.id, order.id));
  await emit(db, order.customerId, 'order.exception', exception(order, kind, 'set', detail));
}

/** Ends a pending abnormal mark of a kind (handled), if there is one. */
export async function resolveAbnormal(
  db: Db,
  orderId: number,
  kind: AbnormalKind,
  userId: number | null,
): Promise<void> {
  const handled = await db
    .update(orderAbnormals)
    .set({ state: 1, handledAt: new Date(), handledBy: userId })
    .where(
      and(eq(orderAbnormals.orderId, orderId), eq(orderAbnormals.kind, kind), eq(orderAbnormals.state, 0)),
    )
    .returning({ customerId: orderAbnormals.customerId });
  for (const h of handled)
    await emit(db, h.customerId, 'order.exception', exception({ id: orderId }, kind, 'handled'));
  await db
    .update(orders)
    .set({ abnormalFlags: sql`${orders.abnormalFlags} & ${~abnormalBit(kind)}` })
    .where(eq(orders.id, orderId));
}

/**
 * Field refusals (400, each field's message in data.issues); the envelope's message is the first
 * field's own, with its values (e.g. "Enter at most 20 numbers").
 */
export const invalidFields = (issues: FieldIssue[]): AppError =>
  new AppError(400, issues[0]!.descriptor, { issues, values: issues[0]!.values });
