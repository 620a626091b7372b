import { and, desc, eq, gte, ilike, inArray, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  BatchDetail,
  BatchFilters,
  BatchRecord,
  BatchScanResult,
  batch as contract,
} from '../../../shared/contract/batch.ts';
import type { BillRemark } from '../../../shared/contract/bill-shapes.ts';
import type { Page } from '../../../shared/contract/core.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { MovementNode, PickupStatus } from '../../../shared/domain/lading.ts';
import type { SortKeyOf } from '../../../shared/domain/list-sort.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import type { Db } from '../../db/client.ts';
import { orderOf } from '../../db/list-sort.ts';
import { batches, batchItems, ladingBills } from '../../db/schema/index.ts';
import { escapeLike, isUniqueViolation } from '../../db/sql-helpers.ts';
import type { AuthUser } from '../../http/context.ts';
import { invalid, notFound, rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { insertRemark } from '../bill/bill-remarks.ts';
import { ladingOrdersOf, nextNo, recordEventsFor, refuse, tx } from '../bill/movement.ts';
import { type LadingRow, ladingRecord } from '../lading/lading-read.ts';
import { batchPickupRefusal, lockBatches } from './batch-pickup.ts';
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
