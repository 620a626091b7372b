import { eq } from 'drizzle-orm';
import { InterceptRequestState } from '../../../shared/domain/order-rules.ts';
import type { Db } from '../../db/client.ts';
import { ladingBills } from '../../db/schema/index.ts';
import { abnormalCode, emitAll, type OrderRef, orderRef, statusCode } from './webhook-emit.ts';

/**
 * The data of each event, from what the services that emit it hold (docs/api.md "Webhooks"
 * documents these shapes). Services call `emit` (webhook-emit.ts) with them, one line each.
 */

/** order.status_changed: the move and its tracking event (null when the event is internal). */
export function statusChanged(
  order: OrderRef,
  to: number,
  event: { node: string; location?: string; description?: string; isPublic?: boolean },
  at: Date,
) {
  const from = order.status ?? null;
  return {
    order: orderRef(order, to),
    fromStatus: from,
    fromStatusCode: from === null ? null : statusCode(from),
    trackingEvent:
      event.isPublic === false
        ? null
        : {
            node: event.node,
            location: event.location ?? '',
            description: event.description ?? '',
            occurredAt: at.toISOString(),
          },
  };
}

const INTERCEPT_CODES: Record<number, string> = {
  [InterceptRequestState.requested]: 'requested',
  [InterceptRequestState.succeeded]: 'succeeded',
  [InterceptRequestState.failed]: 'failed',
  [InterceptRequestState.withdrawn]: 'withdrawn',
};

/** order.intercepted: a request, or its end (succeeded, failed, withdrawn). */
export const intercepted = (order: OrderRef, state: number, remark: string) => ({
  order: orderRef(order),
  state: INTERCEPT_CODES[state] ?? String(state),
  remark,
});

/** order.exception: an abnormal mark set or handled. */
export const exception = (
  order: { id: number; trackingNo?: string },
  kind: number,
  state: 'set' | 'handled',
  detail: Record<string, unknown> = {},
) => ({
  order: { id: order.id, trackingNo: order.trackingNo ?? null },
  kind,
  kindCode: abnormalCode(kind),
  state,
  detail,
});

interface CodRow {
  id: number;
  orderId: number;
  customerId: number;
  trackingNo: string;
  originalAmount: string;
  originalCurrency: string;
  updatedAmount: string;
  currency: string;
  remark: string;
}

/** cod.modified: modifications requested, approved or rejected (one event each). */
export async function emitCod(
  tx: Db,
  rows: readonly CodRow[],
  state: 'requested' | 'approved' | 'rejected',
  approvalRemark = '',
) {
  await emitAll(
    tx,
    rows.map((c) => ({
      customerId: c.customerId,
      type: 'cod.modified',
      lane: `order:${c.orderId}`,
      data: {
        order: { id: c.orderId, trackingNo: c.trackingNo },
        modificationId: c.id,
        state,
        originalAmount: c.originalAmount,
        originalCurrency: c.originalCurrency,
        updatedAmount: c.updatedAmount,
        currency: c.currency,
        remark: c.remark,
        approvalRemark,
      },
    })),
  );
}

/** lading.picked_up: to each customer, its orders the carrier took with the bill. */
export async function emitLadingPickedUp(
  tx: Db,
  billId: number,
  locked: readonly (OrderRef & { customerId: number })[],
  dropped: readonly { order: { id: number } }[],
  at: Date,
) {
  const out = new Set(dropped.map((d) => d.order.id));
  const byCustomer = new Map<number, OrderRef[]>();
  for (const o of locked) {
    if (out.has(o.id)) continue;
    const list = byCustomer.get(o.customerId) ?? [];
    list.push(o);
    byCustomer.set(o.customerId, list);
  }
  if (byCustomer.size === 0) return;
  const [bill] = await tx.select({ no: ladingBills.no }).from(ladingBills).where(eq(ladingBills.id, billId));
  await emitAll(
    tx,
    [...byCustomer].map(([customerId, orders]) => ({
      customerId,
      type: 'lading.picked_up',
      lane: `lading:${billId}`,
      data: {
        lading: { id: billId, no: bill?.no ?? '' },
        pickedUpAt: at.toISOString(),
        orders: orders.map((o) => ({ id: o.id, trackingNo: o.trackingNo, customerNo: o.customerNo ?? null })),
      },
    })),
  );
}
