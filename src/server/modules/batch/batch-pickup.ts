import { eq, inArray, sql } from 'drizzle-orm';
import { MovementNode, PickupStatus } from '../../../shared/domain/lading.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import type { Db } from '../../db/client.ts';
import { batches, batchItems, ladingBills, ladingItems, packageItems } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import { AppError, notFound, rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { pickupRefusal } from '../bill/holding.ts';
import { type Dropped, droppedOut, lockOrders, moveOrders, takeOutOfLading, tx } from '../bill/movement.ts';
import { recordEvent } from '../order-core/order-store.ts';
import { type BatchRow, batchRecord } from './batch-read.ts';

/*
 * A batch's pickup (batch/confirm/pickup, and of several at once): every order of its lading bills
 * moves on, and those that cannot are taken out of their bills and listed as dropped.
 */

/** The batches of `ids`, locked in id order; not found unless every one exists. */
export async function lockBatches(db: Db, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(batches)
    .where(inArray(batches.id, unique))
    .orderBy(batches.id)
    .for('update');
  if (rows.length !== unique.length) throw notFound();
  return rows;
}

export const batchPickupRefusal = (t: Translate, b: BatchRow) => pickupRefusal(t, { ...b, no: b.batchNo });

/** An order dropped at a batch's pickup: taken out of its lading bill (and package), listed. */
export interface BatchDropped extends Dropped {
  batchId: number;
  batchNo: string;
  ladingNo: string;
  packageNo: string | null;
}

/**
 * Picks up locked batches: the orders of their lading bills go in transit. An order cancelled or
 * held by an interception since its bill was picked up does not fly: it is taken out of its lading
 * bill (out of its package when it is in one), the bill's, the package's, the batch item's and the
 * batch's totals lose it, and it gets internal events (UNPACKED, LADING_RELEASED; it stays picked
 * up, as an order never moves back from there). Answers the dropped orders of every batch.
 */
async function pickUp(db: Db, user: AuthUser, list: BatchRow[], t: Translate): Promise<BatchDropped[]> {
  for (const b of list) {
    if (b.pickupStatus !== PickupStatus.notPickedUp) throw batchPickupRefusal(t, b);
    if (b.ladingCount === 0) throw rule(m.empty, { no: b.batchNo });
  }
  const now = new Date();
  const dropped: BatchDropped[] = [];
  for (const b of list) {
    const parcels = await db.execute<{ order_id: number; bill_id: number; no: string }>(sql`
      SELECT coalesce(li.order_id, pi.order_id) AS order_id, lb.id AS bill_id, lb.no
      FROM ${batchItems} bi
      JOIN ${ladingBills} lb ON lb.id = bi.lading_id
      JOIN ${ladingItems} li ON li.bill_id = bi.lading_id AND li.active
      LEFT JOIN ${packageItems} pi ON pi.package_id = li.package_id AND pi.active
      WHERE bi.batch_id = ${b.id} AND bi.active AND coalesce(li.order_id, pi.order_id) IS NOT NULL`);
    const billOf = new Map(
      parcels.rows.map((r) => [Number(r.order_id), { id: Number(r.bill_id), no: r.no }]),
    );
    const locked = await lockOrders(db, [...billOf.keys()]);
    const moved = await moveOrders(db, t, locked, OrderStatus.inTransit, MovementNode.inTransit, user, now);
    for (const d of moved.dropped) {
      const bill = billOf.get(d.order.id)!;
      const out = await takeOutOfLading(db, bill.id, d.order.id, now);
      if (!out) continue;
      await db.execute(sql`
        WITH item AS (
          UPDATE ${batchItems} SET order_count = order_count - 1, piece_count = piece_count - ${out.pieceCount},
            weight = weight - ${out.weight}::numeric, volume_weight = volume_weight - ${out.volumeWeight}::numeric
          WHERE batch_id = ${b.id} AND lading_id = ${bill.id} AND active RETURNING id
        )
        UPDATE ${batches} SET order_count = order_count - 1, piece_count = piece_count - ${out.pieceCount},
          weight = weight - ${out.weight}::numeric, volume_weight = volume_weight - ${out.volumeWeight}::numeric
        WHERE id = ${b.id} AND EXISTS (SELECT 1 FROM item)`);
      const event = { isPublic: false, operatorId: user.id, occurredAt: now };
      if (out.packageNo !== null)
        await recordEvent(db, {
          orderId: d.order.id,
          node: MovementNode.unpacked,
          description: out.packageNo,
          ...event,
        });
      await recordEvent(db, {
        orderId: d.order.id,
        node: MovementNode.ladingReleased,
        description: bill.no,
        ...event,
      });
      dropped.push({
        ...d,
        from: out.packageNo === null ? bill.no : `${bill.no} / ${out.packageNo}`,
        batchId: b.id,
        batchNo: b.batchNo,
        ladingNo: bill.no,
        packageNo: out.packageNo,
      });
    }
    await db
      .update(batches)
      .set({ pickupStatus: PickupStatus.pickedUp, pickedUpAt: now, pickedUpBy: user.id, updatedAt: now })
      .where(eq(batches.id, b.id));
  }
  return dropped;
}

/** What the answers of a batch pickup list as dropped: where each was taken out of, to be set aside. */
const batchDroppedOut = (t: Translate, dropped: readonly BatchDropped[]) => {
  const listed = droppedOut(t, dropped);
  return dropped.map((d, i) => ({
    ...listed[i]!,
    batchId: d.batchId,
    batchNo: d.batchNo,
    ladingNo: d.ladingNo,
    packageNo: d.packageNo,
  }));
};

/** batch/confirm/pickup/{id} */
export async function confirmBatchPickup(db: Db, user: AuthUser, id: number, t: Translate) {
  return tx(db, async (tx) => {
    const dropped = await pickUp(tx, user, await lockBatches(tx, [id]), t);
    return {
      bill: await batchRecord(tx, id, t),
      message: t(m.confirmPickupSuccess),
      dropped: batchDroppedOut(t, dropped),
    };
  });
}

/**
 * batch/confirm/pickup/batch: several at once, by ids and batch nos; all or none. Numbers that name
 * no batch are refused together (404, listed); the orders dropped in every batch are listed.
 */
export async function confirmBatchesPickup(
  db: Db,
  user: AuthUser,
  body: { ids: number[]; batchNos: string[] },
  t: Translate,
) {
  return tx(db, async (tx) => {
    const byNo = body.batchNos.length
      ? await tx
          .select({ id: batches.id, no: batches.batchNo })
          .from(batches)
          .where(inArray(batches.batchNo, body.batchNos))
      : [];
    const idOf = new Map(byNo.map((b) => [b.no, b.id]));
    const unknown = body.batchNos.filter((no) => !idOf.has(no));
    if (unknown.length)
      throw new AppError(404, m.unknownBatchNos, { values: { nos: unknown.join(', ') }, data: { unknown } });
    // Answered in the order asked: ids, then numbers as typed.
    const ids = [...new Set([...body.ids, ...body.batchNos.map((no) => idOf.get(no)!)])];
    const dropped = await pickUp(tx, user, await lockBatches(tx, ids), t);
    const records = [];
    for (const id of ids) records.push(await batchRecord(tx, id, t));
    return { batches: records, message: t(m.batchPickupSuccess), dropped: batchDroppedOut(t, dropped) };
  });
}
