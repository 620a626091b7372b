import { and, eq, inArray } from 'drizzle-orm';
import { CodStatus } from '../../../shared/domain/cod.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { codMessages as m } from '../../../shared/i18n/cod-messages.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import type { Db } from '../../db/client.ts';
import { codModifications, orders } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import { recomputeFees } from '../order-core/order-fees.ts';
import type { OrderRow } from '../order-core/order-read.ts';
import { recordEvent } from '../order-core/order-store.ts';

/** Our node of the order event an approved modification writes (staff only, like WEIGHED). */
export const COD_NODE = 'COD_MODIFIED';

const LOCKED: Partial<Record<number, MessageDescriptor>> = {
  [OrderStatus.signed]: m.orderSigned,
  [OrderStatus.returned]: m.orderReturned,
  [OrderStatus.lost]: m.orderLost,
  [OrderStatus.cancelled]: m.orderCancelled,
};

/** Why an order's COD can no longer be modified (signed, returned, lost, cancelled), or null. */
export function lockedReason(o: Pick<OrderRow, 'status'>): MessageDescriptor | null {
  return LOCKED[o.status] ?? null;
}

/** The ids of the given orders that have a modification waiting for approval. */
export async function ordersWithPending(db: Db, orderIds: readonly number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (let i = 0; i < orderIds.length; i += 10_000) {
    const rows = await db
      .select({ orderId: codModifications.orderId })
      .from(codModifications)
      .where(
        and(
          inArray(codModifications.orderId, orderIds.slice(i, i + 10_000)),
          eq(codModifications.status, CodStatus.pending),
        ),
      );
    for (const r of rows) out.add(r.orderId);
  }
  return out;
}

/**
 * Puts an approved amount on a locked order: the amount and currency (a positive amount makes it a
 * COD order, zero a prepaid one), an internal COD_MODIFIED event naming the change, and the fees
 * again when they were computed already (the COD fee follows the amount).
 */
export async function applyCod(
  db: Db,
  o: OrderRow,
  change: { amount: string; currency: string },
  user: AuthUser,
  now: Date,
): Promise<void> {
  const isCod = Number(change.amount) > 0;
  const updated = {
    isCod,
    codAmount: change.amount,
    codCurrency: change.currency,
    payment: isCod ? 1 : 0,
  };
  await db
    .update(orders)
    .set({ ...updated, updatedAt: now })
    .where(eq(orders.id, o.id));
  await recordEvent(db, {
    orderId: o.id,
    node: COD_NODE,
    description: [o.codAmount, o.codCurrency, '→', change.amount, change.currency].filter(Boolean).join(' '),
    isPublic: false,
    operatorId: user.id,
    occurredAt: now,
  });
  if (o.status !== OrderStatus.created) await recomputeFees(db, { ...o, ...updated }, user.id);
}
