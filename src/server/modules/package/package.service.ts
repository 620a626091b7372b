import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { BillRemark } from '../../../shared/contract/bill-shapes.ts';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import type {
  PackageDetail,
  PackageFilters,
  PackageItemRecord,
  PackageRecord,
} from '../../../shared/contract/package.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { consigneeKey, MovementNode } from '../../../shared/domain/lading.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import { orderStaffMessages as c } from '../../../shared/i18n/order-staff-messages.ts';
import type { Db } from '../../db/client.ts';
import { ladingBills, ladingItems, packages } from '../../db/schema/index.ts';
import { type CellValue, type ExportColumn, keysetPages, startExport } from '../../files/export.ts';
import type { AuthUser, Ctx } from '../../http/context.ts';
import { rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { insertRemark, setRemark } from '../bill/bill-remarks.ts';
import {
  addOrderItem,
  cancelHeld,
  confirmHeldPickup,
  lockScannedOrder,
  type Scan,
  scanIntoHeld,
} from '../bill/held-bill.ts';
import { sealBills } from '../bill/holding.ts';
import { nextNo, orderStatusValues, ordersByIds, recordEventsFor, refuse, tx } from '../bill/movement.ts';
import { recordEvent } from '../order-core/order-store.ts';
import { type PackageRow, packageBill, selectPackages, toPackageRecord } from './package-read.ts';

/**
 * An order into a locked open package: received, not cancelled or intercepted, of the package's
 * consignee (the first order sets it); the unique index on live package items decides "already
 * added"; the package's totals grow in the same transaction.
 */
async function addOrder(db: Db, p: PackageRow, code: string, c2: Scan) {
  const no = p.no;
  const o = await lockScannedOrder(db, code, no);
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
  const added = await addOrderItem(db, 'package', p, o, c2, code, consignee);
  Object.assign(p, added.counts);
  await recordEvent(db, {
    orderId: o.id,
    node: MovementNode.packed,
    description: no,
    isPublic: false,
    operatorId: c2.user.id,
    occurredAt: c2.now,
  });
  return added;
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
    for (const code of body.trackingNos)
      await addOrder(tx, p!, code, { user, t, locale, now, scannedAt: now });
    return p!.id;
  });
  return packageBill.detail(db, id, t, locale);
}

/** package/scanTrackingNo/{id} */
export const scanIntoPackage = scanIntoHeld(packageBill, addOrder);

/** package/confirm: seal open packages holding an order; all or none. */
export async function confirmPackages(db: Db, user: AuthUser, ids: number[], t: Translate, locale: Locale) {
  return tx(db, async (tx) =>
    packageBill.recordsWhere(tx, await sealBills(tx, 'package', ids, user), t, locale),
  );
}

/** A package in a live lading bill goes with the bill: its own pickup and cancel are refused. */
async function refuseIfInLading(db: Db, p: { id: number; no: string }) {
  const [l] = await db
    .select({ no: ladingBills.no })
    .from(ladingItems)
    .innerJoin(ladingBills, eq(ladingBills.id, ladingItems.billId))
    .where(and(eq(ladingItems.packageId, p.id), eq(ladingItems.active, true)));
  if (l) throw rule(m.packageInLading, { no: p.no, ladingNo: l.no });
}

const heldPackage = { ...packageBill, check: refuseIfInLading };

/** package/confirm/pickup/{id}: a carrier took the package directly; its orders are picked up. */
export const confirmPackagePickup = confirmHeldPickup(heldPackage, {
  status: OrderStatus.pickedUp,
  node: MovementNode.pickedUp,
});

/** package/cancel/{id}: pickup cancelled, its orders freed (an UNPACKED event each, in one statement). */
export const cancelPackage = cancelHeld(heldPackage, async (tx, p, released, user, now) => {
  if (released.length)
    await recordEventsFor(tx, ordersByIds(released), {
      node: MovementNode.unpacked,
      description: p.no,
      operatorId: user.id,
      occurredAt: now,
    });
});

export const addPackageRemark = (db: Db, user: AuthUser, id: number, content: string): Promise<BillRemark> =>
  setRemark(db, 'package', id, content, user);

const num = (v: string | null): CellValue => (v === null ? null : Number(v));
type Selection = PackageFilters & { ids?: number[] | undefined };
const whereOf = (body: Selection) => {
  const { ids, ...filters } = body;
  return and(packageBill.conditions(filters), ids ? inArray(packages.id, ids) : undefined);
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
    { header: m.colCreatedAt, width: 20, time: true, value: (r) => r.createdAt },
  ];
}

/** package/export: the packages read in keyset pages of 500, so memory stays bounded. */
export function exportPackages(ctx: Ctx, body: Selection): Promise<ExportTaskRecord> {
  const where = whereOf(body);
  return startExport(ctx, {
    kind: 'package',
    title: m.titlePackages,
    filters: { ...body },
    columns: packageColumns(),
    count: async (db) => (await db.select({ n: count() }).from(packages).where(where))[0]?.n ?? 0,
    rows: async function* (db) {
      const pages = keysetPages(
        (after, limit) =>
          selectPackages(db)
            .where(and(where, after === null ? undefined : gt(packages.id, after)))
            .orderBy(asc(packages.id))
            .limit(limit),
        (r) => r.b.id,
        500,
      );
      for await (const r of pages) yield toPackageRecord(r, ctx.t, ctx.locale);
    },
  });
}

/** package/exportDetail: one row per order of the selected packages. */
export function exportPackageOrders(ctx: Ctx, body: Selection): Promise<ExportTaskRecord> {
  const where = whereOf(body);
  type Line = { bill: PackageRecord; item: PackageItemRecord };
  const columns: ExportColumn<Line>[] = [
    { header: m.colPackageNo, value: (r) => r.bill.no },
    { header: c.colTrackingNo, value: (r) => r.item.trackingNo },
    { header: c.colCustomerNo, value: (r) => r.item.customerNo },
    { header: c.colCarrierTrackingNo, value: (r) => r.item.carrierTrackingNo ?? '' },
    { header: c.colStatus, width: 12, value: (r) => r.item.statusName },
    { header: c.colConsigneeName, value: (r) => r.bill.consigneeName },
    { header: c.colPackageCount, width: 10, value: (r) => r.item.pieceCount },
    { header: c.colWeight, width: 12, value: (r) => num(r.item.weight) },
    { header: c.colCodAmount, width: 12, value: (r) => (r.item.isCod ? num(r.item.codAmount) : 0) },
    { header: c.colCodCurrency, width: 10, value: (r) => r.item.codCurrency },
  ];
  return packageBill.exportItems(ctx, where, {
    kind: 'package-detail',
    title: m.titlePackageDetail,
    filters: { ...body },
    columns,
  });
}
