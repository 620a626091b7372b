import { and, desc, eq, gte, inArray, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { BillRemark } from '../../../shared/contract/bill-shapes.ts';
import type { Page } from '../../../shared/contract/core.ts';
import type { LadingDetail, LadingFilters, LadingRecord } from '../../../shared/contract/lading-records.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { MovementNode, PickupStatus } from '../../../shared/domain/lading.ts';
import type { SortKeyOf } from '../../../shared/domain/list-sort.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import type { Db } from '../../db/client.ts';
import { orderOf } from '../../db/list-sort.ts';
import {
  batches,
  batchItems,
  ladingBills,
  ladingBillTallies,
  ladingItems,
  packages,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import { invalid, notFound, rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { remarksOf, setRemark } from '../bill/bill-remarks.ts';
import { endPickup, lockForPickup, pickUpOrders, sealBills } from '../bill/holding.ts';
import { droppedOut, lockOrders, releaseFromLading, tx } from '../bill/movement.ts';
import { emitLadingPickedUp } from '../webhook-emit/webhook-events.ts';
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

/**
 * A total of a bill as the list shows it (lading-read.ts liveTotals): an open bill's scans are
 * counted in its tallies until it is sealed, so its own column alone would sort every open bill as
 * empty.
 */
const liveTotal = (own: SQLWrapper, tally: string) =>
  sql`(${own} + coalesce((SELECT sum(t.${sql.raw(tally)}) FROM ${ladingBillTallies} t
    WHERE t.bill_id = ${ladingBills.id}), 0))`;

/** What each sortable column of the lading list sorts by. */
const LADING_SORT_COLUMNS: Record<SortKeyOf<'lading'>, SQLWrapper> = {
  createdAt: ladingBills.createdAt,
  pickedUpAt: ladingBills.pickedUpAt,
  mailPushedAt: ladingBills.mailPushedAt,
  itemCount: liveTotal(ladingBills.itemCount, 'item_count'),
  orderCount: liveTotal(ladingBills.orderCount, 'order_count'),
  pieceCount: liveTotal(ladingBills.pieceCount, 'piece_count'),
  weight: liveTotal(ladingBills.weight, 'weight'),
  volumeWeight: liveTotal(ladingBills.volumeWeight, 'volume_weight'),
};

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
      .orderBy(
        ...orderOf(q, LADING_SORT_COLUMNS, ladingBills.id, [
          desc(ladingBills.createdAt),
          desc(ladingBills.id),
        ]),
      )
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

export const addLadingRemark = (db: Db, user: AuthUser, id: number, content: string): Promise<BillRemark> =>
  setRemark(db, 'lading', id, content, user);

/** lading/confirm: seal open bills that hold a parcel; one refusal refuses all. */
export async function confirmLadings(
  db: Db,
  user: AuthUser,
  ids: number[],
  t: Translate,
  locale: Locale,
): Promise<LadingRecord[]> {
  return tx(db, async (tx) => ladingRecordsWhere(tx, await sealBills(tx, 'lading', ids, user), t, locale));
}

/**
 * lading/confirm/pickup/{id}: the carrier took the bill. Its orders are picked up; an order
 * cancelled or intercepted since it was scanned is taken out of the bill (and freed) and listed.
 * The mail push runs after the commit (the route starts it).
 */
export async function confirmLadingPickup(db: Db, user: AuthUser, id: number, t: Translate, locale: Locale) {
  return tx(db, async (tx) => {
    await lockForPickup(tx, 'lading', id, t, true);
    const now = new Date();
    const locked = await lockOrders(tx, await ladingOrderIds(tx, id));
    const to = { status: OrderStatus.pickedUp, node: MovementNode.pickedUp };
    const { dropped, takenOut } = await pickUpOrders(tx, 'lading', id, locked, to, user, now, t);
    await emitLadingPickedUp(tx, id, locked, dropped, now);
    for (const d of takenOut) await releaseFromLading(tx, d.order, user, now);
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
    await endPickup(tx, 'lading', id, PickupStatus.pickedUp, user, now);
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
    const b = await lockForPickup(tx, 'lading', id, t, false);
    const [inBatch] = await tx
      .select({ no: batches.batchNo })
      .from(batchItems)
      .innerJoin(batches, eq(batches.id, batchItems.batchId))
      .where(and(eq(batchItems.ladingId, id), eq(batchItems.active, true)));
    if (inBatch) throw rule(m.ladingInBatch, { no: b.no, batchNo: inBatch.no });
    const now = new Date();
    const locked = await lockOrders(tx, await ladingOrderIds(tx, id));
    const released = await tx
      .update(ladingItems)
      .set({ active: false, releasedAt: now })
      .where(and(eq(ladingItems.billId, id), eq(ladingItems.active, true)))
      .returning({ id: ladingItems.id });
    for (const o of locked) await releaseFromLading(tx, o, user, now);
    await endPickup(tx, 'lading', id, PickupStatus.cancelled, user, now);
    return {
      bill: await ladingRecord(tx, id, t, locale),
      message: t(m.cancelPickupSuccess),
      released: released.length,
    };
  });
}
