import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CancelResult, InterceptResult, RemarkRecord } from '../../../shared/contract/order-records.ts';
import {
  AbnormalKind,
  InterceptRequestState,
  InterceptState,
  OrderNode,
  type OrderOperation,
  type Refusal,
  refusalOf,
} from '../../../shared/domain/order-rules.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import { orderMessages as m } from '../../../shared/i18n/order-messages.ts';
import { recordChange } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { orderIntercepts, orderRemarks, orders } from '../../db/schema/index.ts';
import { requireAccess } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import { notFound, rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { interceptName, statusName } from '../order-core/order-names.ts';
import type { OrderRow } from '../order-core/order-read.ts';
import {
  changeStatus,
  flagAbnormal,
  orderForCaller,
  recordEvent,
  resolveAbnormal,
} from '../order-core/order-store.ts';
import { emit, orderRef } from '../webhook-emit/webhook-emit.ts';
import { intercepted } from '../webhook-emit/webhook-events.ts';
import { interceptsOf, remarksOf } from './order-detail.service.ts';

const REFUSALS: Record<Refusal, MessageDescriptor> = {
  notCancellable: m.notCancellable,
  notInterceptable: m.notInterceptable,
  interceptPending: m.interceptPending,
  alreadyIntercepted: m.alreadyIntercepted,
  noInterceptPending: m.noInterceptPending,
  notReceivable: m.notReceivable,
  notWeighable: m.notWeighable,
};

/** The refusal of an operation for an order (its message and values), or null when allowed. */
export function refusal(t: Translate, op: OrderOperation, o: OrderRow) {
  const why = refusalOf(op, o);
  if (why === null) return null;
  return { descriptor: REFUSALS[why], values: { trackingNo: o.trackingNo, status: statusName(t, o.status) } };
}

/** Refuses (409, translated) an operation the order's state does not allow. */
export function requireAllowed(t: Translate, op: OrderOperation, o: OrderRow): void {
  const r = refusal(t, op, o);
  if (r) throw rule(r.descriptor, r.values);
}

const tx = <T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((x) => fn(x as unknown as Db));

/**
 * Cancels orders not yet picked up. Every id must be the caller's (one foreign or unknown id: 404,
 * nothing changes). Each order is then cancelled or refused on its own; when none could be, the
 * call is refused (409) with the results.
 */
export async function cancelOrders(
  db: Db,
  user: AuthUser,
  ids: number[],
  reason: string | undefined,
  t: Translate,
): Promise<CancelResult> {
  const unique = [...new Set(ids)];
  const seen: { first: ReturnType<typeof refusal> } = { first: null };
  const result = await tx(db, async (tx) => {
    const rows = await tx
      .select()
      .from(orders)
      .where(inArray(orders.id, unique))
      .orderBy(asc(orders.id))
      .for('update');
    if (rows.length !== unique.length) throw notFound();
    requireAccess(user, ...rows);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const results: CancelResult['results'] = [];
    let cancelled = 0;
    for (const id of unique) {
      const o = byId.get(id)!;
      const refused = refusal(t, 'cancel', o);
      if (refused) {
        seen.first ??= refused;
        results.push({
          recId: o.id,
          trackingNo: o.trackingNo,
          ok: false,
          message: t(refused.descriptor, refused.values),
        });
        continue;
      }
      const now = new Date();
      await changeStatus(
        tx,
        t,
        o,
        OrderStatus.cancelled,
        { node: OrderNode.cancelled, operatorId: user.id, occurredAt: now },
        { cancelledAt: now },
      );
      await emit(tx, o.customerId, 'order.cancelled', {
        order: orderRef(o, OrderStatus.cancelled),
        reason: reason ?? '',
      });
      await recordChange(tx, {
        entity: 'order',
        recordId: o.id,
        action: 'cancel',
        before: { status: o.status, cancelReason: null },
        after: { status: OrderStatus.cancelled, cancelReason: reason ?? '' },
      });
      // The reason is kept as a remark: the CANCELLED event is public (tracking page), a reason may not be.
      if (reason)
        await tx.insert(orderRemarks).values({ orderId: o.id, content: reason, createdBy: user.id });
      // A pending interception has nothing left to stop.
      if (o.interceptState === InterceptState.requested)
        await closeIntercept(tx, o, user, InterceptRequestState.withdrawn);
      cancelled++;
      results.push({ recId: o.id, trackingNo: o.trackingNo, ok: true, message: null });
    }
    return { cancelled, results };
  });
  if (result.cancelled === 0) {
    const only = result.results.length === 1 ? seen.first : null;
    if (only) throw rule(only.descriptor, only.values, result);
    throw rule(m.noneCancelled, { count: result.results.length }, result);
  }
  return result;
}

async function interceptAnswer(db: Db, orderId: number, t: Translate): Promise<InterceptResult> {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!o) throw notFound();
  const history = await interceptsOf(db, orderId, t);
  return {
    orderId: o.id,
    trackingNo: o.trackingNo,
    status: o.status,
    statusName: statusName(t, o.status),
    interceptState: o.interceptState,
    interceptStateName: interceptName(t, o.interceptState),
    current: history[0] ?? null,
    history,
  };
}

/** Ends the pending request in a state; the order's intercept state follows (withdrawn: none). */
async function closeIntercept(
  db: Db,
  o: OrderRow,
  user: AuthUser,
  state: number,
  remark = '',
): Promise<void> {
  const now = new Date();
  await db
    .update(orderIntercepts)
    .set({ state, resultRemark: remark, resolvedBy: user.id, resolvedAt: now })
    .where(
      and(eq(orderIntercepts.orderId, o.id), eq(orderIntercepts.state, InterceptRequestState.requested)),
    );
  const orderState =
    state === InterceptRequestState.succeeded
      ? InterceptState.succeeded
      : state === InterceptRequestState.failed
        ? InterceptState.failed
        : InterceptState.none;
  await db.update(orders).set({ interceptState: orderState, updatedAt: now }).where(eq(orders.id, o.id));
  await recordChange(db, {
    entity: 'order',
    recordId: o.id,
    action: state === InterceptRequestState.withdrawn ? 'cancelIntercept' : 'interceptResult',
    before: { interceptState: o.interceptState, interceptRemark: null },
    after: { interceptState: orderState, interceptRemark: remark },
  });
  const node =
    state === InterceptRequestState.succeeded
      ? OrderNode.interceptSucceeded
      : state === InterceptRequestState.failed
        ? OrderNode.interceptFailed
        : OrderNode.interceptWithdrawn;
  await recordEvent(db, {
    orderId: o.id,
    node,
    description: remark,
    isPublic: false,
    operatorId: user.id,
    occurredAt: now,
  });
  await emit(db, o.customerId, 'order.intercepted', intercepted(o, state, remark));
  // A successful interception stays on the abnormal list for customer service; the others leave it.
  if (state !== InterceptRequestState.succeeded)
    await resolveAbnormal(db, o.id, AbnormalKind.intercepted, user.id);
}

export async function interceptOrder(
  db: Db,
  user: AuthUser,
  id: number,
  reason: string | undefined,
  t: Translate,
): Promise<InterceptResult> {
  return tx(db, async (tx) => {
    const o = await orderForCaller(tx, user, id, true);
    requireAllowed(t, 'intercept', o);
    const now = new Date();
    await tx
      .insert(orderIntercepts)
      .values({ orderId: o.id, reason: reason ?? '', requestedBy: user.id, requestedAt: now });
    await tx
      .update(orders)
      .set({ interceptState: InterceptState.requested, updatedAt: now })
      .where(eq(orders.id, o.id));
    await recordChange(tx, {
      entity: 'order',
      recordId: o.id,
      action: 'intercept',
      before: { interceptState: o.interceptState, interceptReason: null },
      after: { interceptState: InterceptState.requested, interceptReason: reason ?? '' },
    });
    await recordEvent(tx, {
      orderId: o.id,
      node: OrderNode.interceptRequested,
      description: reason ?? '',
      isPublic: false,
      operatorId: user.id,
      occurredAt: now,
    });
    await flagAbnormal(tx, o, AbnormalKind.intercepted, { reason: reason ?? '' });
    await emit(
      tx,
      o.customerId,
      'order.intercepted',
      intercepted(o, InterceptRequestState.requested, reason ?? ''),
    );
    return interceptAnswer(tx, o.id, t);
  });
}

export async function cancelIntercept(
  db: Db,
  user: AuthUser,
  id: number,
  t: Translate,
): Promise<InterceptResult> {
  return tx(db, async (tx) => {
    const o = await orderForCaller(tx, user, id, true);
    requireAllowed(t, 'cancelIntercept', o);
    await closeIntercept(tx, o, user, InterceptRequestState.withdrawn);
    return interceptAnswer(tx, o.id, t);
  });
}

export async function setInterceptResult(
  db: Db,
  user: AuthUser,
  input: { id: number; result: 'success' | 'failure'; remark: string },
  t: Translate,
): Promise<InterceptResult> {
  return tx(db, async (tx) => {
    const o = await orderForCaller(tx, user, input.id, true);
    requireAllowed(t, 'setInterceptResult', o);
    const state = input.result === 'success' ? InterceptRequestState.succeeded : InterceptRequestState.failed;
    await closeIntercept(tx, o, user, state, input.remark);
    return interceptAnswer(tx, o.id, t);
  });
}

export async function interceptResultOf(
  db: Db,
  user: AuthUser,
  id: number,
  t: Translate,
): Promise<InterceptResult> {
  await orderForCaller(db, user, id);
  return interceptAnswer(db, id, t);
}

export async function addRemark(
  db: Db,
  user: AuthUser,
  orderId: number,
  content: string,
): Promise<RemarkRecord> {
  await orderForCaller(db, user, orderId);
  const [created] = await db
    .insert(orderRemarks)
    .values({ orderId, content, createdBy: user.id })
    .returning({ id: orderRemarks.id });
  const remarks = await remarksOf(db, orderId);
  return remarks.find((r) => r.recId === created!.id)!;
}

export async function remarkList(db: Db, user: AuthUser, orderId: number): Promise<RemarkRecord[]> {
  await orderForCaller(db, user, orderId);
  return remarksOf(db, orderId);
}
