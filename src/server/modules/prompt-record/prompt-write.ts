import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { SignStatus } from '../../../shared/domain/order-rules.ts';
import { PROMPT_TARGET, PromptKind } from '../../../shared/domain/prompt-record.ts';
import type { Db } from '../../db/client.ts';
import { carrierTrackingNodes, orderEvents, orders, promptRecords } from '../../db/schema/index.ts';
import { emitStatusMoves } from '../order-core/order-store.ts';
import type { LookedOrder } from './order-lookup.ts';

/** Our nodes of the events a confirmation writes when the order's carrier names none for its status. */
export const PromptNode = { signed: 'SIGNED', returned: 'RETURNED' } as const;

/** One confirmation to apply to its (locked) order. */
export interface Confirmation {
  order: LookedOrder;
  /** The carrier's sign or return time. */
  at: Date;
  /** Who signed (delivery) or why it came back (return). */
  note: string;
  remark: string;
}

const CHUNK = 1000;

/** Each carrier's own node for an order status (its first by sort), by carrier id. */
async function carrierNodes(
  db: Db,
  carrierIds: readonly number[],
  status: number,
): Promise<Map<number, string>> {
  if (carrierIds.length === 0) return new Map();
  const rows = await db
    .select({ carrierId: carrierTrackingNodes.carrierId, code: carrierTrackingNodes.code })
    .from(carrierTrackingNodes)
    .where(
      and(
        inArray(carrierTrackingNodes.carrierId, [...carrierIds]),
        eq(carrierTrackingNodes.orderStatus, status),
      ),
    )
    .orderBy(asc(carrierTrackingNodes.sort), asc(carrierTrackingNodes.id));
  const out = new Map<number, string>();
  for (const r of rows) if (!out.has(r.carrierId)) out.set(r.carrierId, r.code);
  return out;
}

/**
 * Moves each order to signed (a delivery: fully signed for) or returned, set-based: one UPDATE per
 * thousand orders (finished_at, the statement date, at the carrier's time), their tracking events (the order's carrier's node for that status when it has
 * one, as the carrier reported it, else ours; public; at the carrier's time, where the consignee
 * lives), their webhooks and the confirmation records of the import. The caller checked the rule on the locked
 * orders (promptOutcome), which is stricter than the orders core's `canMove`.
 */
export async function writeConfirmations(
  db: Db,
  kind: PromptKind,
  items: readonly Confirmation[],
  importId: number,
  operatorId: number,
  now = new Date(),
): Promise<void> {
  const to = PROMPT_TARGET[kind];
  const carrierIds = [
    ...new Set(items.flatMap((c) => (c.order.carrierId === null ? [] : [c.order.carrierId]))),
  ];
  const nodes = await carrierNodes(db, carrierIds, to);
  const ownNode = kind === PromptKind.delivery ? PromptNode.signed : PromptNode.returned;
  for (let i = 0; i < items.length; i += CHUNK) {
    const part = items.slice(i, i + CHUNK);
    await db
      .update(orders)
      .set({
        status: to,
        ...(kind === PromptKind.delivery ? { signStatus: SignStatus.full } : {}),
        // The delivery ends at the carrier's time: the order's statement date (logistics bills, COD collected).
        finishedAt: sql`CASE ${orders.id} ${sql.join(
          part.map((c) => sql`WHEN ${c.order.id} THEN ${c.at.toISOString()}::timestamptz`),
          sql` `,
        )} END`,
        updatedAt: now,
      })
      .where(
        inArray(
          orders.id,
          part.map((c) => c.order.id),
        ),
      );
    const events = part.map(({ order: o, at, note, remark }) => {
      const own = o.carrierId === null ? undefined : nodes.get(o.carrierId);
      return {
        orderId: o.id,
        node: own ?? ownNode,
        carrierId: own === undefined ? null : o.carrierId,
        status: to,
        fromStatus: o.status,
        location: o.consigneeCity || o.consigneeProvince,
        description: [note, remark].filter(Boolean).join(' · '),
        isPublic: true,
        operatorId,
        occurredAt: at,
        createdAt: now,
      };
    });
    await db.insert(orderEvents).values(events);
    await emitStatusMoves(
      db,
      part.map(({ order }, i) => ({
        order,
        customerId: order.customerId,
        to,
        event: events[i]!,
        at: events[i]!.occurredAt,
      })),
    );
    await db.insert(promptRecords).values(
      part.map(({ order: o, at, note, remark }) => ({
        kind,
        orderId: o.id,
        customerId: o.customerId,
        trackingNo: o.trackingNo,
        carrierId: o.carrierId,
        carrierTrackingNo: o.carrierTrackingNo,
        occurredAt: at,
        signer: kind === PromptKind.delivery ? note : '',
        reason: kind === PromptKind.return ? note : '',
        remark,
        importId,
        createdAt: now,
      })),
    );
  }
}
