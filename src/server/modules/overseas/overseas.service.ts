import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import type { BillRemark } from '../../../shared/contract/lading-records.ts';
import type {
  overseasLading as contract,
  OverseasFilters,
  OverseasRecord,
  OverseasScanResult,
} from '../../../shared/contract/overseas-lading.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import {
  ConfirmState,
  MovementNode,
  OVERSEAS_SCAN_STATUSES,
  PickupStatus,
} from '../../../shared/domain/lading.ts';
import { canMove } from '../../../shared/domain/order-rules.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import { orderStaffMessages as c } from '../../../shared/i18n/order-staff-messages.ts';
import type { Db } from '../../db/client.ts';
import { carriers, exchangeRecords, overseasItems, overseasLadings } from '../../db/schema/index.ts';
import { type CellValue, type ExportColumn, startExport } from '../../files/export.ts';
import type { AuthUser, Ctx } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { carrierName } from '../carrier/sql-helpers.ts';
import {
  channelAndCarrier,
  channelLabel,
  checkCountry,
  countryLabel,
} from '../lading/lading-scan.service.ts';
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
import { changeStatus } from '../order/order-store.ts';
import {
  overseasConditions,
  overseasRecord,
  overseasRecordsWhere,
  selectOverseasItems,
  toOverseasItem,
} from './overseas-read.ts';

type CreateBody = z.output<NonNullable<typeof contract.create.body>>;

/** overseasLading/create */
export async function createOverseas(
  db: Db,
  user: AuthUser,
  body: CreateBody,
  t: Translate,
  locale: Locale,
  timeZone: string,
): Promise<OverseasRecord> {
  const { channel, carrierId } = await channelAndCarrier(db, body.channelId, body.carrierId);
  await checkCountry(db, body.countryId);
  return tx(db, async (tx) => {
    const no = await nextNo(tx, 'OS', 'overseas_no_seq', timeZone);
    const [b] = await tx
      .insert(overseasLadings)
      .values({
        no,
        channelId: channel.id,
        carrierId,
        countryId: body.countryId ?? channel.countryId,
        remark: body.remark ?? '',
        createdBy: user.id,
      })
      .returning();
    if (body.remark) await insertRemark(tx, 'overseas', b!.id, body.remark, user);
    return overseasRecord(tx, b!.id, t, locale);
  });
}

const carrierLabel = async (db: Db, id: number | null, locale: Locale) => {
  if (id === null) return '';
  const [x] = await db.select().from(carriers).where(eq(carriers.id, id));
  return x ? carrierName(x, locale) : String(id);
};

/** overseasLading/scanTrackingNo/{id} */
export async function scanIntoOverseas(
  db: Db,
  user: AuthUser,
  id: number,
  body: { trackingNo: string; scannedAt?: string | undefined },
  t: Translate,
  locale: Locale,
): Promise<OverseasScanResult> {
  return tx(db, async (tx) => {
    const [bill] = await tx.select().from(overseasLadings).where(eq(overseasLadings.id, id));
    if (!bill) throw notFound();
    const code = body.trackingNo;
    const no = bill.no;
    if (bill.confirmState !== ConfirmState.open || bill.pickupStatus !== PickupStatus.notPickedUp)
      throw refuse('billNotOpen', m.refusedBillNotOpen, { billNo: no }, code, no);
    const o = await lockOrderByNo(tx, code);
    if (!o) throw refuse('unknown', m.refusedUnknown, { trackingNo: code }, code, no);
    const held = heldReason(o);
    if (held) throw refuse(held, heldMessage(held), { trackingNo: o.trackingNo }, code, no);
    if (!OVERSEAS_SCAN_STATUSES.includes(o.status))
      throw refuse('wrongStatus', m.refusedWrongStatus, orderStatusValues(t, o), code, no);
    if (o.channelId !== bill.channelId)
      throw refuse(
        'wrongChannel',
        m.refusedWrongChannel,
        {
          trackingNo: o.trackingNo,
          channel: await channelLabel(tx, o.channelId, locale),
          billChannel: await channelLabel(tx, bill.channelId, locale),
        },
        code,
        no,
      );
    if (bill.countryId !== null && o.consigneeCountryId !== bill.countryId)
      throw refuse(
        'wrongCountry',
        m.refusedWrongCountry,
        {
          trackingNo: o.trackingNo,
          country: await countryLabel(tx, o.consigneeCountryId, locale),
          billCountry: await countryLabel(tx, bill.countryId, locale),
        },
        code,
        no,
      );
    if (o.carrierId === null || !o.carrierTrackingNo)
      throw refuse('noCarrier', m.refusedNoCarrier, { trackingNo: o.trackingNo }, code, no);
    if (bill.carrierId !== null && o.carrierId !== bill.carrierId)
      throw refuse(
        'wrongCarrier',
        m.refusedWrongCarrier,
        {
          trackingNo: o.trackingNo,
          carrier: await carrierLabel(tx, o.carrierId, locale),
          billCarrier: await carrierLabel(tx, bill.carrierId, locale),
        },
        code,
        no,
      );
    const parcel = parcelOf(o);
    const now = new Date();
    const scanned = { at: body.scannedAt ? new Date(body.scannedAt) : now, by: user.id };
    const itemId = await insertOrderItem(tx, 'overseas', id, o, parcel, scanned, code);
    if (canMove(o.status, OrderStatus.arrivedOverseas))
      await changeStatus(tx, t, o, OrderStatus.arrivedOverseas, {
        node: MovementNode.arrived,
        operatorId: user.id,
        occurredAt: now,
      });
    await tx
      .insert(exchangeRecords)
      .values({ orderId: o.id, carrierId: o.carrierId, carrierTrackingNo: o.carrierTrackingNo })
      .onConflictDoNothing();
    const counts = await addToTotals(tx, 'overseas', bill, parcel, now, code);
    const [row] = await selectOverseasItems(tx).where(eq(overseasItems.id, itemId));
    return {
      result: 'ok',
      message: t(m.scanAdded, { trackingNo: o.trackingNo, billNo: no }),
      trackingNo: code,
      item: toOverseasItem(row!, t, locale),
      bill: {
        recId: counts.id,
        no: counts.no,
        itemCount: counts.orderCount,
        orderCount: counts.orderCount,
        pieceCount: counts.pieceCount,
        weight: counts.weight,
        volumeWeight: counts.volumeWeight,
      },
    };
  });
}

/** overseasLading/confirm */
export async function confirmOverseas(db: Db, user: AuthUser, ids: number[], t: Translate, locale: Locale) {
  return tx(db, async (tx) =>
    overseasRecordsWhere(tx, await sealBills(tx, 'overseas', ids, user), t, locale),
  );
}

/** overseasLading/confirm/pickup/{id}: orders out for delivery; cancelled or intercepted ones taken out. */
export async function confirmOverseasPickup(
  db: Db,
  user: AuthUser,
  id: number,
  t: Translate,
  locale: Locale,
) {
  return tx(db, async (tx) => {
    await lockForPickup(tx, 'overseas', id, t, true);
    const now = new Date();
    const locked = await lockOrders(tx, await liveOrderIds(tx, 'overseas', id));
    const to = { status: OrderStatus.outForDelivery, node: MovementNode.outForDelivery };
    const { dropped } = await pickUpOrders(tx, 'overseas', id, locked, to, user, now, t);
    await endPickup(tx, 'overseas', id, PickupStatus.pickedUp, user, now);
    return {
      bill: await overseasRecord(tx, id, t, locale),
      message: t(m.confirmPickupSuccess),
      dropped: droppedOut(t, dropped),
    };
  });
}

/** overseasLading/cancel/{id}: its orders are freed for another overseas bill. */
export async function cancelOverseas(db: Db, user: AuthUser, id: number, t: Translate, locale: Locale) {
  return tx(db, async (tx) => {
    await lockForPickup(tx, 'overseas', id, t, false);
    const now = new Date();
    const released = await releaseItems(tx, 'overseas', id, now);
    await endPickup(tx, 'overseas', id, PickupStatus.cancelled, user, now);
    return {
      bill: await overseasRecord(tx, id, t, locale),
      message: t(m.cancelPickupSuccess),
      released: released.length,
    };
  });
}

export const addOverseasRemark = (db: Db, user: AuthUser, id: number, content: string): Promise<BillRemark> =>
  setRemark(db, 'overseas', id, content, user);

const num = (v: string | null): CellValue => (v === null ? null : Number(v));

/** overseasLading/export: one row per order of the selected bills. */
export function exportOverseas(
  ctx: Ctx,
  body: OverseasFilters & { ids?: number[] | undefined },
): Promise<ExportTaskRecord> {
  const { ids, ...filters } = body;
  const where = and(overseasConditions(filters), ids ? inArray(overseasLadings.id, ids) : undefined);
  type Line = { bill: OverseasRecord; item: ReturnType<typeof toOverseasItem> };
  const columns: ExportColumn<Line>[] = [
    { header: m.colOverseasNo, value: (r) => r.bill.no },
    { header: c.colChannel, value: (r) => r.bill.channelName },
    { header: c.colCarrier, value: (r) => r.bill.carrierName ?? '' },
    { header: m.colPickupStatus, width: 12, value: (r) => r.bill.pickupStatusName },
    { header: c.colTrackingNo, value: (r) => r.item.trackingNo },
    { header: c.colCarrierTrackingNo, value: (r) => r.item.carrierTrackingNo ?? '' },
    { header: c.colCustomerCode, width: 12, value: (r) => r.item.customerCode },
    { header: c.colConsigneeName, value: (r) => r.item.consigneeName },
    { header: c.colConsigneePhone, value: (r) => r.item.consigneePhone },
    { header: c.colCity, width: 14, value: (r) => r.item.city },
    { header: c.colStatus, width: 12, value: (r) => r.item.statusName },
    { header: c.colPackageCount, width: 10, value: (r) => r.item.pieceCount },
    { header: c.colWeight, width: 12, value: (r) => num(r.item.weight) },
    { header: c.colCodAmount, width: 12, value: (r) => (r.item.isCod ? num(r.item.codAmount) : 0) },
    { header: c.colCodCurrency, width: 10, value: (r) => r.item.codCurrency },
    { header: m.colCreatedAt, width: 20, value: (r) => new Date(r.bill.createdAt) },
  ];
  return startExport(ctx, {
    kind: 'overseas',
    title: m.titleOverseas,
    filters: { ...body },
    columns,
    count: async (db) =>
      (
        await db
          .select({ n: count() })
          .from(overseasItems)
          .innerJoin(overseasLadings, eq(overseasLadings.id, overseasItems.billId))
          .where(and(where, eq(overseasItems.active, true)))
      )[0]?.n ?? 0,
    rows: async function* (db) {
      let after: number | null = null;
      for (;;) {
        const bills = await overseasRecordsWhere(
          db,
          and(where, after === null ? undefined : gt(overseasLadings.id, after))!,
          ctx.t,
          ctx.locale,
        );
        const page = bills.slice(0, 200);
        for (const bill of page) {
          const items = await selectOverseasItems(db)
            .where(and(eq(overseasItems.billId, bill.recId), eq(overseasItems.active, true)))
            .orderBy(asc(overseasItems.id));
          for (const i of items) yield { bill, item: toOverseasItem(i, ctx.t, ctx.locale) };
        }
        if (bills.length <= 200) return;
        after = page[page.length - 1]!.recId;
      }
    },
  });
}
