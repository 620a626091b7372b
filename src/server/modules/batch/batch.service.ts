import { and, desc, eq, gte, ilike, inArray, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  BatchDetail,
  BatchFilters,
  BatchRecord,
  BatchScanResult,
  batch as contract,
} from '../../../shared/contract/batch.ts';
import type { Page } from '../../../shared/contract/core.ts';
import type { BillRemark } from '../../../shared/contract/lading-records.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { MovementNode, PickupStatus } from '../../../shared/domain/lading.ts';
import type { SortKeyOf } from '../../../shared/domain/list-sort.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import type { Db } from '../../db/client.ts';
import { orderOf } from '../../db/list-sort.ts';
import { batches, batchItems, ladingBills, ladingItems, packageItems } from '../../db/schema/index.ts';
import { escapeLike, isUniqueViolation } from '../../db/sql-helpers.ts';
import type { AuthUser } from '../../http/context.ts';
import { AppError, invalid, notFound, rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import {
  type Dropped,
  droppedOut,
  insertRemark,
  ladingOrdersOf,
  lockOrders,
  moveOrders,
  nextNo,
  pickupRefusal,
  recordEventsFor,
  refuse,
  takeOutOfLading,
  tx,
} from '../bill/movement.ts';
import { type LadingRow, ladingRecord } from '../lading/lading-read.ts';
import { recordEvent } from '../order-core/order-store.ts';
import { type BatchRow, batchDetail, batchRecord, selectBatches, toBatchRecord } from './batch-read.ts';

type CreateBody = z.output<NonNullable<typeof contract.create.body>>;
type AirCargo = Omit<z.output<NonNullable<typeof contract.airCargoUpdate.body>>, 'id'>;

export function batchConditions(f: BatchFilters): SQL | undefined {
  if (f.startTime && f.endTime && Date.parse(f.endTime) <= Date.parse(f.startTime))
    throw invalid([{ path: 'endTime', descriptor: orderMessages.timeRangeInvalid }]);
  return and(
    f.batchNos.length ? inArray(batches.batchNo, f.batchNos) : undefined,
    f.airlineBillNo ? ilike(batches.airlineBillNo, `%${escapeLike(f.airlineBillNo)}%`) : undefined,
    f.airCargoNo ? ilike(batches.airCargoNo, `%${escapeLike(f.airCargoNo)}%`) : undefined,
    f.ladingNo
      ? sql`EXISTS (SELECT 1 FROM ${batchItems} bi JOIN ${ladingBills} lb ON lb.id = bi.lading_id
          WHERE bi.batch_id = ${batches.id} AND bi.active AND lb.no = ${f.ladingNo})`
      : undefined,
    f.pickupStatus !== undefined ? eq(batches.pickupStatus, f.pickupStatus) : undefined,
    f.startTime ? gte(batches.createdAt, new Date(f.startTime)) : undefined,
    f.endTime ? lt(batches.createdAt, new Date(f.endTime)) : undefined,
  );
}

/** What each sortable column of the batch list sorts by. */
const BATCH_SORT_COLUMNS: Record<SortKeyOf<'batch'>, SQLWrapper> = {
  createdAt: batches.createdAt,
  departureTime: batches.departureTime,
  arrivalTime: batches.arrivalTime,
  pickedUpAt: batches.pickedUpAt,
  ladingCount: batches.ladingCount,
  orderCount: batches.orderCount,
  pieceCount: batches.pieceCount,
  weight: batches.weight,
};

export async function listBatches(
  db: Db,
  q: BatchFilters & { pageNo: number; pageSize: number },
  t: Translate,
): Promise<Page<BatchRecord>> {
  const cond = batchConditions(q);
  const [rows, [total]] = await Promise.all([
    selectBatches(db)
      .where(cond)
      .orderBy(...orderOf(q, BATCH_SORT_COLUMNS, batches.id, [desc(batches.createdAt), desc(batches.id)]))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(batches).where(cond),
  ]);
  return {
    records: rows.map((r) => toBatchRecord(r, t)),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** The arrival after the departure, when both are given. */
export function checkTimes(a: Pick<AirCargo, 'departureTime' | 'arrivalTime'>): void {
  if (a.departureTime && a.arrivalTime && Date.parse(a.arrivalTime) <= Date.parse(a.departureTime))
    throw invalid([{ path: 'arrivalTime', descriptor: m.timeOrder }]);
}

export const airCargoValues = (a: AirCargo) => ({
  airlineBillNo: a.airlineBillNo,
  airCargoNo: a.airCargoNo,
  departurePort: a.departurePort,
  destinationPort: a.destinationPort,
  departureTime: a.departureTime ? new Date(a.departureTime) : null,
  arrivalTime: a.arrivalTime ? new Date(a.arrivalTime) : null,
  portCarrier: a.portCarrier,
  firstCarrier: a.firstCarrier,
  charged: a.charged,
  mixed: a.mixed,
});

/**
 * A lading bill into a batch not picked up: the bill must be picked up; the unique index on live
 * batch items decides "already added"; the batch's totals grow in the same transaction, and each
 * order of the bill (its packages' too) gets an internal BATCHED event naming the batch.
 */
export async function addLadingToBatch(
  db: Db,
  batch: Pick<BatchRow, 'id' | 'batchNo'>,
  bill: LadingRow | undefined,
  code: string,
  user: AuthUser,
  scannedAt: Date,
) {
  if (!bill) throw refuse('unknown', m.refusedUnknownLading, { trackingNo: code }, code, batch.batchNo);
  if (bill.pickupStatus !== PickupStatus.pickedUp)
    throw refuse('notPickedUp', m.refusedNotPickedUp, { trackingNo: bill.no }, code, batch.batchNo);
  const [item] = await db
    .insert(batchItems)
    .values({
      batchId: batch.id,
      ladingId: bill.id,
      orderCount: bill.orderCount,
      pieceCount: bill.pieceCount,
      weight: bill.weight,
      volumeWeight: bill.volumeWeight,
      scannedAt,
      scannedBy: user.id,
    })
    .onConflictDoNothing()
    .returning({ id: batchItems.id });
  if (!item) {
    const [h] = await db
      .select({ no: batches.batchNo })
      .from(batchItems)
      .innerJoin(batches, eq(batches.id, batchItems.batchId))
      .where(and(eq(batchItems.ladingId, bill.id), eq(batchItems.active, true)));
    throw refuse(
      'alreadyAdded',
      m.refusedAlreadyAdded,
      { trackingNo: bill.no, billNo: h?.no ?? '' },
      code,
      h?.no ?? null,
    );
  }
  const [counts] = await db
    .update(batches)
    .set({
      ladingCount: sql`${batches.ladingCount} + 1`,
      orderCount: sql`${batches.orderCount} + ${bill.orderCount}`,
      pieceCount: sql`${batches.pieceCount} + ${bill.pieceCount}`,
      weight: sql`${batches.weight} + ${bill.weight}::numeric`,
      volumeWeight: sql`${batches.volumeWeight} + ${bill.volumeWeight}::numeric`,
      updatedAt: new Date(),
    })
    .where(and(eq(batches.id, batch.id), eq(batches.pickupStatus, PickupStatus.notPickedUp)))
    .returning({
      recId: batches.id,
      no: batches.batchNo,
      itemCount: batches.ladingCount,
      orderCount: batches.orderCount,
      pieceCount: batches.pieceCount,
      weight: batches.weight,
      volumeWeight: batches.volumeWeight,
    });
  if (!counts)
    throw refuse('billNotOpen', m.refusedBillNotOpen, { billNo: batch.batchNo }, code, batch.batchNo);
  await recordEventsFor(db, ladingOrdersOf([bill.id]), {
    node: MovementNode.batched,
    description: batch.batchNo,
    operatorId: user.id,
    occurredAt: new Date(),
  });
  return counts;
}

/** batch/create */
export async function createBatch(
  db: Db,
  user: AuthUser,
  body: CreateBody,
  t: Translate,
  locale: Locale,
  timeZone: string,
): Promise<BatchDetail> {
  checkTimes(body);
  try {
    const id = await tx(db, async (tx) => {
      const batchNo = body.batchNo ?? (await nextNo(tx, 'BT', 'batch_no_seq', timeZone));
      const [b] = await tx
        .insert(batches)
        .values({ batchNo, ...airCargoValues(body), remark: body.remark ?? '', createdBy: user.id })
        .returning();
      if (body.remark) await insertRemark(tx, 'batch', b!.id, body.remark, user);
      const now = new Date();
      const bills = body.ladingIds.length
        ? await tx.select().from(ladingBills).where(inArray(ladingBills.id, body.ladingIds))
        : [];
      const byId = new Map(bills.map((x) => [x.id, x]));
      for (const ladingId of [...new Set(body.ladingIds)]) {
        const bill = byId.get(ladingId);
        if (!bill) throw notFound();
        await addLadingToBatch(tx, b!, bill, bill.no, user, now);
      }
      // By number, as typed: an unknown no is refused with its reason, like a scan of it.
      const named = body.ladingNos.filter((no) => !bills.some((x) => x.no === no));
      const byNo = named.length
        ? new Map(
            (await tx.select().from(ladingBills).where(inArray(ladingBills.no, named))).map((x) => [x.no, x]),
          )
        : new Map<string, LadingRow>();
      for (const no of named) await addLadingToBatch(tx, b!, byNo.get(no), no, user, now);
      return b!.id;
    });
    return batchDetail(db, id, t, locale);
  } catch (err) {
    if (isUniqueViolation(err)) throw rule(m.batchNoTaken, { no: body.batchNo });
    throw err;
  }
}

/** batch/scanLading/{id} */
export async function scanIntoBatch(
  db: Db,
  user: AuthUser,
  id: number,
  body: { trackingNo: string; scannedAt?: string | undefined },
  t: Translate,
  locale: Locale,
): Promise<BatchScanResult> {
  return tx(db, async (tx) => {
    const [b] = await tx.select().from(batches).where(eq(batches.id, id));
    if (!b) throw notFound();
    const code = body.trackingNo;
    if (b.pickupStatus !== PickupStatus.notPickedUp)
      throw refuse('billNotOpen', m.refusedBillNotOpen, { billNo: b.batchNo }, code, b.batchNo);
    const [bill] = await tx.select().from(ladingBills).where(eq(ladingBills.no, code));
    const counts = await addLadingToBatch(
      tx,
      b,
      bill,
      code,
      user,
      body.scannedAt ? new Date(body.scannedAt) : new Date(),
    );
    return {
      result: 'ok',
      message: t(m.scanAdded, { trackingNo: code, billNo: b.batchNo }),
      trackingNo: code,
      lading: await ladingRecord(tx, bill!.id, t, locale),
      batch: counts,
    };
  });
}

/** batch/airCargo/update */
export async function updateAirCargo(db: Db, id: number, body: AirCargo, t: Translate): Promise<BatchRecord> {
  checkTimes(body);
  const [b] = await db.select().from(batches).where(eq(batches.id, id));
  if (!b) throw notFound();
  if (b.pickupStatus === PickupStatus.cancelled) throw rule(m.notOpen, { no: b.batchNo });
  await db
    .update(batches)
    .set({ ...airCargoValues(body), updatedAt: new Date() })
    .where(eq(batches.id, id));
  return batchRecord(db, id, t);
}

async function lockBatches(db: Db, ids: readonly number[]) {
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

const batchPickupRefusal = (t: Translate, b: BatchRow) => pickupRefusal(t, { ...b, no: b.batchNo });

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

/**
 * batch/cancel/{id}: its lading bills are freed; each of their orders gets an internal
 * BATCH_RELEASED event naming the batch.
 */
export async function cancelBatch(db: Db, user: AuthUser, id: number, t: Translate) {
  return tx(db, async (tx) => {
    const [b] = await lockBatches(tx, [id]);
    if (b!.pickupStatus !== PickupStatus.notPickedUp) throw batchPickupRefusal(t, b!);
    const now = new Date();
    const released = await tx
      .update(batchItems)
      .set({ active: false, releasedAt: now })
      .where(and(eq(batchItems.batchId, id), eq(batchItems.active, true)))
      .returning({ id: batchItems.id, ladingId: batchItems.ladingId });
    if (released.length)
      await recordEventsFor(tx, ladingOrdersOf(released.map((r) => r.ladingId)), {
        node: MovementNode.batchReleased,
        description: b!.batchNo,
        operatorId: user.id,
        occurredAt: now,
      });
    await tx
      .update(batches)
      .set({ pickupStatus: PickupStatus.cancelled, cancelledAt: now, cancelledBy: user.id, updatedAt: now })
      .where(eq(batches.id, id));
    return {
      bill: await batchRecord(tx, id, t),
      message: t(m.cancelPickupSuccess),
      released: released.length,
    };
  });
}

export async function addBatchRemark(
  db: Db,
  user: AuthUser,
  id: number,
  content: string,
): Promise<BillRemark> {
  return tx(db, async (tx) => {
    const [b] = await tx
      .update(batches)
      .set({ remark: content, updatedAt: new Date() })
      .where(eq(batches.id, id))
      .returning({ id: batches.id });
    if (!b) throw notFound();
    return insertRemark(tx, 'batch', id, content, user);
  });
}
