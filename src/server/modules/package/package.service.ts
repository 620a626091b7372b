import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import type { BillRemark } from '../../../shared/contract/lading-records.ts';
import type {
  PackageDetail,
  PackageFilters,
  PackageRecord,
  PackageScanResult,
} from '../../../shared/contract/package.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { ConfirmState, consigneeKey, MovementNode, PickupStatus } from '../../../shared/domain/lading.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import { orderStaffMessages as c } from '../../../shared/i18n/order-staff-messages.ts';
import type { Db } from '../../db/client.ts';
import { ladingBills, ladingItems, packageItems, packages } from '../../db/schema/index.ts';
import { type CellValue, type ExportColumn, startExport } from '../../files/export.ts';
import type { AuthUser, Ctx } from '../../http/context.ts';
import { notFound, rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import {
  addToTotals,
  droppedOut,
  endPickup,
  heldMessage,
  heldReason,
  insertOrderItem,
  insertRemark,
  liveOrderIds,
  lockForPickup,
  lockOrderByNo,
  lockOrders,
  nextNo,
  orderStatusValues,
  parcelOf,
  pickUpOrders,
  refuse,
  releaseItems,
  sealBills,
  setRemark,
  tx,
} from '../lading/movement.ts';
import { recordEvent } from '../order/order-store.ts';
import {
  type PackageRow,
  packageConditions,
  packageDetail,
  packageRecord,
  packageRecordsWhere,
  selectPackageItems,
  toPackageItem,
} from './package-read.ts';

interface Ctx2 {
  user: AuthUser;
  t: Translate;
  now: Date;
  scannedAt: Date;
}

/**
 * An order into a locked open package: received, not cancelled or intercepted, of the package's
 * consignee (the first order sets it); the unique index on live package items decides "already
 * added"; the package's totals grow in the same transaction.
 */
async function addOrder(db: Db, p: PackageRow, code: string, c2: Ctx2) {
  const no = p.no;
  const o = await lockOrderByNo(db, code);
  if (!o) throw refuse('unknown', m.refusedUnknown, { trackingNo: code }, code, no);
  const held = heldReason(o);
  if (held) throw refuse(held, heldMessage(held), { trackingNo: o.trackingNo }, code, no);
  if (o.status === OrderStatus.created)
    throw refuse('notReceived', m.refusedNotReceived, { trackingNo: o.trackingNo }, code, no);
  if (o.status !== OrderStatus.received)
    throw refuse('wrongStatus', m.refusedWrongStatus, orderStatusValues(c2.t, o), code, no);
  const key = consigneeKey({
    customerId: o.customerId,
    channelId: o.channelId,
    countryId: o.consigneeCountryId,
    name: o.consigneeName,
    phone: o.consigneePhone,
    address: o.consigneeAddress,
  });
  if (p.consigneeKey !== null && p.consigneeKey !== key)
    throw refuse(
      'consigneeMismatch',
      m.refusedConsignee,
      { trackingNo: o.trackingNo, packageNo: no },
      code,
      no,
    );
  const parcel = parcelOf(o);
  const itemId = await insertOrderItem(
    db,
    'package',
    p.id,
    o,
    parcel,
    { at: c2.scannedAt, by: c2.user.id },
    code,
  );
  const consignee =
    p.consigneeKey === null
      ? {
          customerId: o.customerId,
          channelId: o.channelId,
          countryId: o.consigneeCountryId,
          consigneeName: o.consigneeName,
          consigneePhone: o.consigneePhone,
          consigneeAddress: o.consigneeAddress,
          consigneeKey: key,
        }
      : {};
  const counts = await addToTotals(db, 'package', p, parcel, c2.now, code, consignee);
  Object.assign(p, counts);
  await recordEvent(db, {
    orderId: o.id,
    node: MovementNode.packed,
    description: no,
    isPublic: false,
    operatorId: c2.user.id,
    occurredAt: c2.now,
  });
  return { itemId, counts, trackingNo: o.trackingNo };
}

/** package/create: empty, or merged at once from orders of one consignee (all or none). */
export async function createPackage(
  db: Db,
  user: AuthUser,
  body: { trackingNos: string[]; remark?: string | undefined },
  t: Translate,
  locale: Locale,
  timeZone: string,
): Promise<PackageDetail> {
  const id = await tx(db, async (tx) => {
    const no = await nextNo(tx, 'PK', 'package_no_seq', timeZone);
    const [p] = await tx
      .insert(packages)
      .values({ no, remark: body.remark ?? '', createdBy: user.id })
      .returning();
    if (body.remark) await insertRemark(tx, 'package', p!.id, body.remark, user);
    const now = new Date();
    for (const code of body.trackingNos) await addOrder(tx, p!, code, { user, t, now, scannedAt: now });
    return p!.id;
  });
  return packageDetail(db, id, t, locale);
}

/** package/scanTrackingNo/{id} */
export async function scanIntoPackage(
  db: Db,
  user: AuthUser,
  id: number,
  body: { trackingNo: string; scannedAt?: string | undefined },
  t: Translate,
): Promise<PackageScanResult> {
  return tx(db, async (tx) => {
    const [p] = await tx.select().from(packages).where(eq(packages.id, id)).for('update');
    if (!p) throw notFound();
    const code = body.trackingNo;
    if (p.confirmState !== ConfirmState.open || p.pickupStatus !== PickupStatus.notPickedUp)
      throw refuse('billNotOpen', m.refusedBillNotOpen, { billNo: p.no }, code, p.no);
    const now = new Date();
    const added = await addOrder(tx, p, code, {
      user,
      t,
      now,
      scannedAt: body.scannedAt ? new Date(body.scannedAt) : now,
    });
    const [row] = await selectPackageItems(tx).where(eq(packageItems.id, added.itemId));
    return {
      result: 'ok',
      message: t(m.scanAdded, { trackingNo: added.trackingNo, billNo: p.no }),
      trackingNo: code,
      item: toPackageItem(row!, t),
      bill: {
        recId: p.id,
        no: p.no,
        itemCount: added.counts.orderCount,
        orderCount: added.counts.orderCount,
        pieceCount: added.counts.pieceCount,
        weight: added.counts.weight,
        volumeWeight: added.counts.volumeWeight,
      },
    };
  });
}

/** package/confirm: seal open packages holding an order; all or none. */
export async function confirmPackages(db: Db, user: AuthUser, ids: number[], t: Translate, locale: Locale) {
  return tx(db, async (tx) => packageRecordsWhere(tx, await sealBills(tx, 'package', ids, user), t, locale));
}

/** A package in a live lading bill goes with the bill: its own pickup and cancel are refused. */
async function refuseIfInLading(db: Db, p: PackageRow) {
  const [l] = await db
    .select({ no: ladingBills.no })
    .from(ladingItems)
    .innerJoin(ladingBills, eq(ladingBills.id, ladingItems.billId))
    .where(and(eq(ladingItems.packageId, p.id), eq(ladingItems.active, true)));
  if (l) throw rule(m.packageInLading, { no: p.no, ladingNo: l.no });
}

/** package/confirm/pickup/{id}: a carrier took the package directly; its orders are picked up. */
export async function confirmPackagePickup(db: Db, user: AuthUser, id: number, t: Translate, locale: Locale) {
  return tx(db, async (tx) => {
    await refuseIfInLading(tx, await lockForPickup(tx, 'package', id, t, true));
    const now = new Date();
    const locked = await lockOrders(tx, await liveOrderIds(tx, 'package', id));
    const to = { status: OrderStatus.pickedUp, node: MovementNode.pickedUp };
    const { dropped } = await pickUpOrders(tx, 'package', id, locked, to, user, now, t);
    await endPickup(tx, 'package', id, PickupStatus.pickedUp, user, now);
    return {
      bill: await packageRecord(tx, id, t, locale),
      message: t(m.confirmPickupSuccess),
      dropped: droppedOut(t, dropped),
    };
  });
}

/** package/cancel/{id}: pickup cancelled, its orders freed (an UNPACKED event each). */
export async function cancelPackage(db: Db, user: AuthUser, id: number, t: Translate, locale: Locale) {
  return tx(db, async (tx) => {
    const p = await lockForPickup(tx, 'package', id, t, false);
    await refuseIfInLading(tx, p);
    const now = new Date();
    const released = await releaseItems(tx, 'package', id, now);
    for (const orderId of released)
      await recordEvent(tx, {
        orderId,
        node: MovementNode.unpacked,
        description: p.no,
        isPublic: false,
        operatorId: user.id,
        occurredAt: now,
      });
    await endPickup(tx, 'package', id, PickupStatus.cancelled, user, now);
    return {
      bill: await packageRecord(tx, id, t, locale),
      message: t(m.cancelPickupSuccess),
      released: released.length,
    };
  });
}

export const addPackageRemark = (db: Db, user: AuthUser, id: number, content: string): Promise<BillRemark> =>
  setRemark(db, 'package', id, content, user);

const num = (v: string | null): CellValue => (v === null ? null : Number(v));
const time = (iso: string | null): CellValue => (iso === null ? null : new Date(iso));
type Selection = PackageFilters & { ids?: number[] | undefined };
const whereOf = (body: Selection) => {
  const { ids, ...filters } = body;
  return and(packageConditions(filters), ids ? inArray(packages.id, ids) : undefined);
};

function packageColumns(): ExportColumn<PackageRecord>[] {
  return [
    { header: m.colPackageNo, value: (r) => r.no },
    { header: c.colCustomerCode, width: 12, value: (r) => r.customerCode ?? '' },
    { header: c.colChannel, value: (r) => r.channelName ?? '' },
    { header: c.colConsigneeName, value: (r) => r.consigneeName },
    { header: c.colConsigneePhone, value: (r) => r.consigneePhone },
    { header: c.colCountry, width: 14, value: (r) => r.countryName ?? '' },
    { header: c.colAddress, width: 36, value: (r) => r.consigneeAddress },
    { header: m.colOrderCount, width: 10, value: (r) => r.orderCount },
    { header: m.colPieceCount, width: 10, value: (r) => r.pieceCount },
    { header: m.colWeight, width: 12, value: (r) => num(r.weight) },
    { header: m.colPickupStatus, width: 12, value: (r) => r.pickupStatusName },
    { header: m.colLadingNo, value: (r) => r.ladingNo ?? '' },
    { header: m.colRemark, width: 30, value: (r) => r.remark },
    { header: m.colCreatedAt, width: 20, value: (r) => time(r.createdAt) },
  ];
}

/** package/export */
export function exportPackages(ctx: Ctx, body: Selection): Promise<ExportTaskRecord> {
  const where = whereOf(body);
  return startExport(ctx, {
    kind: 'package',
    title: m.titlePackages,
    filters: { ...body },
    columns: packageColumns(),
    count: async (db) => (await db.select({ n: count() }).from(packages).where(where))[0]?.n ?? 0,
    rows: async function* (db) {
      yield* await packageRecordsWhere(db, where, ctx.t, ctx.locale);
    },
  });
}

/** package/exportDetail: one row per order of the selected packages. */
export function exportPackageOrders(ctx: Ctx, body: Selection): Promise<ExportTaskRecord> {
  const where = whereOf(body);
  type Line = { p: PackageRecord; i: ReturnType<typeof toPackageItem> };
  const columns: ExportColumn<Line>[] = [
    { header: m.colPackageNo, value: (r) => r.p.no },
    { header: c.colTrackingNo, value: (r) => r.i.trackingNo },
    { header: c.colCustomerNo, value: (r) => r.i.customerNo },
    { header: c.colCarrierTrackingNo, value: (r) => r.i.carrierTrackingNo ?? '' },
    { header: c.colStatus, width: 12, value: (r) => r.i.statusName },
    { header: c.colConsigneeName, value: (r) => r.p.consigneeName },
    { header: c.colPackageCount, width: 10, value: (r) => r.i.pieceCount },
    { header: c.colWeight, width: 12, value: (r) => num(r.i.weight) },
    { header: c.colCodAmount, width: 12, value: (r) => (r.i.isCod ? num(r.i.codAmount) : 0) },
    { header: c.colCodCurrency, width: 10, value: (r) => r.i.codCurrency },
  ];
  return startExport(ctx, {
    kind: 'package-detail',
    title: m.titlePackageDetail,
    filters: { ...body },
    columns,
    count: async (db) =>
      (
        await db
          .select({ n: count() })
          .from(packageItems)
          .innerJoin(packages, eq(packages.id, packageItems.packageId))
          .where(and(where, eq(packageItems.active, true)))
      )[0]?.n ?? 0,
    rows: async function* (db) {
      for (const p of await packageRecordsWhere(db, where, ctx.t, ctx.locale)) {
        const items = await selectPackageItems(db)
          .where(and(eq(packageItems.packageId, p.recId), eq(packageItems.active, true)))
          .orderBy(asc(packageItems.id));
        for (const i of items) yield { p, i: toPackageItem(i, ctx.t) };
      }
    },
  });
}
