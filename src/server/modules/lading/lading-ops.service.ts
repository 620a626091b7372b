import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Page } from '../../../shared/contract/core.ts';
import type {
  BillRemark,
  LadingDetail,
  LadingFilters,
  LadingRecord,
} from '../../../shared/contract/lading-records.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { ConfirmState, MovementNode, PickupStatus } from '../../../shared/domain/lading.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import type { Db } from '../../db/client.ts';
import { batches, batchItems, ladingBills, ladingItems, packages } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import { invalid, notFound, rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { numberedName } from './lading-names.ts';
import {
  holdsTrackingNo,
  ladingItemRows,
  ladingOrderIds,
  ladingRecord,
  ladingRecordsWhere,
  ladingSignStatus,
  selectLadings,
  toLadingItem,
  toLadingRecord,
} from './lading-read.ts';
import {
  droppedOut,
  insertRemark,
  lockOrders,
  moveOrders,
  releaseFromLading,
  remarksOf,
  tx,
} from './movement.ts';

/** The WHERE of the lading list and its export. */
export function ladingConditions(f: LadingFilters): SQL | undefined {
  if (f.startTime && f.endTime && Date.parse(f.endTime) <= Date.parse(f.startTime))
    throw invalid([{ path: 'endTime', descriptor: orderMessages.timeRangeInvalid }]);
  const where: (SQL | undefined)[] = [];
  if (f.nos.length) where.push(inArray(ladingBills.no, f.nos));
  if (f.trackingNo) where.push(holdsTrackingNo(f.trackingNo));
  if (f.channelId !== undefined) where.push(eq(ladingBills.channelId, f.channelId));
  if (f.carrierId !== undefined) where.push(eq(ladingBills.carrierId, f.carrierId));
  if (f.countryId !== undefined) where.push(eq(ladingBills.countryId, f.countryId));
  if (f.type !== undefined) where.push(eq(ladingBills.type, f.type));
  if (f.orderType !== undefined) where.push(eq(ladingBills.orderType, f.orderType));
  if (f.pickupStatus !== undefined) where.push(eq(ladingBills.pickupStatus, f.pickupStatus));
  if (f.confirmState !== undefined) where.push(eq(ladingBills.confirmState, f.confirmState));
  if (f.mailState !== undefined) where.push(eq(ladingBills.mailState, f.mailState));
  if (f.signStatus !== undefined) where.push(sql`${ladingSignStatus} = ${f.signStatus}`);
  if (f.batched !== undefined)
    where.push(
      sql`${f.batched === 1 ? sql`EXISTS` : sql`NOT EXISTS`} (SELECT 1 FROM ${batchItems} bi
        WHERE bi.lading_id = ${ladingBills.id} AND bi.active)`,
    );
  if (f.startTime) where.push(gte(ladingBills.createdAt, new Date(f.startTime)));
  if (f.endTime) where.push(lt(ladingBills.createdAt, new Date(f.endTime)));
  return and(...where);
}

export async function listLadings(
  db: Db,
  q: LadingFilters & { pageNo: number; pageSize: number },
  t: Translate,
  locale: Locale,
  extra?: SQL,
): Promise<Page<LadingRecord>> {
  const cond = and(ladingConditions(q), extra);
  const [rows, [total]] = await Promise.all([
    selectLadings(db)
      .where(cond)
      .orderBy(desc(ladingBills.createdAt), desc(ladingBills.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(ladingBills).where(cond),
  ]);
  return {
    records: rows.map((r) => toLadingRecord(r, t, locale)),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

export async function ladingDetail(db: Db, id: number, t: Translate, locale: Locale): Promise<LadingDetail> {
  const [row] = await selectLadings(db).where(eq(ladingBills.id, id));
  if (!row) throw notFound();
  const items = await ladingItemRows(db, row.b);
  return {
    ...toLadingRecord(row, t, locale),
    items: items.map((i) => toLadingItem(i, t, locale)),
    remarks: await remarksOf(db, 'lading', id),
  };
}

export async function addLadingRemark(
  db: Db,
  user: AuthUser,
  id: number,
  content: string,
): Promise<BillRemark> {
  return tx(db, async (tx) => {
    const [b] = await tx
      .update(ladingBills)
      .set({ remark: content, updatedAt: new Date() })
      .where(eq(ladingBills.id, id))
      .returning({ id: ladingBills.id });
    if (!b) throw notFound();
    return insertRemark(tx, 'lading', id, content, user);
  });
}

/** The bills of ids, locked in id order; 404 when one does not exist. */
async function lockBills(db: Db, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(ladingBills)
    .where(inArray(ladingBills.id, unique))
    .orderBy(ladingBills.id)
    .for('update');
  if (rows.length !== unique.length) throw notFound();
  return rows;
}

/** lading/confirm: seal open bills that hold a parcel; one refusal refuses all. */
export async function confirmLadings(
  db: Db,
  user: AuthUser,
  ids: number[],
  t: Translate,
  locale: Locale,
): Promise<LadingRecord[]> {
  return tx(db, async (tx) => {
    const bills = await lockBills(tx, ids);
    for (const b of bills) {
      if (b.confirmState !== ConfirmState.open || b.pickupStatus !== PickupStatus.notPickedUp)
        throw rule(m.notOpen, { no: b.no });
      if (b.itemCount === 0) throw rule(m.empty, { no: b.no });
    }
    const now = new Date();
    await tx
      .update(ladingBills)
      .set({ confirmState: ConfirmState.confirmed, confirmedAt: now, confirmedBy: user.id, updatedAt: now })
      .where(
        inArray(
          ladingBills.id,
          bills.map((b) => b.id),
        ),
      );
    return ladingRecordsWhere(
      tx,
      inArray(
        ladingBills.id,
        bills.map((b) => b.id),
      ),
      t,
      locale,
    );
  });
}

const pickupRefusal = (t: Translate, b: { no: string; pickupStatus: number }) =>
  rule(m.notPickupable, { no: b.no, pickupStatus: numberedName(t, 'pickup', b.pickupStatus) });

/**
 * lading/confirm/pickup/{id}: the carrier took the bill. Its orders are picked up; an order
 * cancelled or intercepted since it was scanned is taken out of the bill (and freed) and listed.
 * The mail push runs after the commit (the route starts it).
 */
export async function confirmLadingPickup(db: Db, user: AuthUser, id: number, t: Translate, locale: Locale) {
  return tx(db, async (tx) => {
    const [b] = await lockBills(tx, [id]);
    if (b!.pickupStatus !== PickupStatus.notPickedUp) throw pickupRefusal(t, b!);
    if (b!.confirmState !== ConfirmState.confirmed) throw rule(m.notConfirmed, { no: b!.no });
    const now = new Date();
    const locked = await lockOrders(tx, await ladingOrderIds(tx, id));
    const { dropped } = await moveOrders(
      tx,
      t,
      locked,
      OrderStatus.pickedUp,
      MovementNode.pickedUp,
      user,
      now,
    );
    for (const d of dropped) {
      const [item] = await tx
        .update(ladingItems)
        .set({ active: false, releasedAt: now })
        .where(
          and(eq(ladingItems.billId, id), eq(ladingItems.orderId, d.order.id), eq(ladingItems.active, true)),
        )
        .returning();
      if (!item) continue;
      await tx
        .update(ladingBills)
        .set({
          itemCount: sql`${ladingBills.itemCount} - 1`,
          orderCount: sql`${ladingBills.orderCount} - ${item.orderCount}`,
          pieceCount: sql`${ladingBills.pieceCount} - ${item.pieceCount}`,
          weight: sql`${ladingBills.weight} - ${item.weight}::numeric`,
          volumeWeight: sql`${ladingBills.volumeWeight} - ${item.volumeWeight}::numeric`,
        })
        .where(eq(ladingBills.id, id));
      await releaseFromLading(tx, d.order, user, now);
    }
    const packageIds = (
      await tx
        .select({ id: ladingItems.packageId })
        .from(ladingItems)
        .where(and(eq(ladingItems.billId, id), eq(ladingItems.active, true)))
    )
      .map((r) => r.id)
      .filter((v): v is number => v !== null);
    if (packageIds.length)
      await tx
        .update(packages)
        .set({ pickupStatus: PickupStatus.pickedUp, pickedUpAt: now, pickedUpBy: user.id, updatedAt: now })
        .where(inArray(packages.id, packageIds));
    await tx
      .update(ladingBills)
      .set({ pickupStatus: PickupStatus.pickedUp, pickedUpAt: now, pickedUpBy: user.id, updatedAt: now })
      .where(eq(ladingBills.id, id));
    return {
      bill: await ladingRecord(tx, id, t, locale),
      message: t(m.confirmPickupSuccess),
      dropped: droppedOut(t, dropped),
    };
  });
}

/** lading/cancel/{id}: pickup cancelled, its parcels freed (orders in lading back to received). */
export async function cancelLading(db: Db, user: AuthUser, id: number, t: Translate, locale: Locale) {
  return tx(db, async (tx) => {
    const [b] = await lockBills(tx, [id]);
    if (b!.pickupStatus !== PickupStatus.notPickedUp) throw pickupRefusal(t, b!);
    const [inBatch] = await tx
      .select({ no: batches.batchNo })
      .from(batchItems)
      .innerJoin(batches, eq(batches.id, batchItems.batchId))
      .where(and(eq(batchItems.ladingId, id), eq(batchItems.active, true)));
    if (inBatch) throw rule(m.ladingInBatch, { no: b!.no, batchNo: inBatch.no });
    const now = new Date();
    const locked = await lockOrders(tx, await ladingOrderIds(tx, id));
    const released = await tx
      .update(ladingItems)
      .set({ active: false, releasedAt: now })
      .where(and(eq(ladingItems.billId, id), eq(ladingItems.active, true)))
      .returning({ id: ladingItems.id });
    for (const o of locked) await releaseFromLading(tx, o, user, now);
    await tx
      .update(ladingBills)
      .set({ pickupStatus: PickupStatus.cancelled, cancelledAt: now, cancelledBy: user.id, updatedAt: now })
      .where(eq(ladingBills.id, id));
    return {
      bill: await ladingRecord(tx, id, t, locale),
      message: t(m.cancelPickupSuccess),
      released: released.length,
    };
  });
}
