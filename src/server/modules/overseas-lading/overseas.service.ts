import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { BillRemark } from '../../../shared/contract/bill-shapes.ts';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import type {
  overseasLading as contract,
  OverseasFilters,
  OverseasItemRecord,
  OverseasRecord,
} from '../../../shared/contract/overseas-lading.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { MovementNode, OVERSEAS_SCAN_STATUSES } from '../../../shared/domain/lading.ts';
import { canMove } from '../../../shared/domain/order-rules.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import { orderStaffMessages as c } from '../../../shared/i18n/order-staff-messages.ts';
import type { Db } from '../../db/client.ts';
import { carriers, exchangeRecords, overseasLadings } from '../../db/schema/index.ts';
import { carrierName } from '../../db/sql-helpers.ts';
import type { CellValue, ExportColumn } from '../../files/export.ts';
import type { AuthUser, Ctx } from '../../http/context.ts';
import type { Translate } from '../../i18n.ts';
import { insertRemark, setRemark } from '../bill/bill-remarks.ts';
import {
  addOrderItem,
  cancelHeld,
  confirmHeldPickup,
  lockScannedOrder,
  scanIntoHeld,
} from '../bill/held-bill.ts';
import { sealBills } from '../bill/holding.ts';
import { nextNo, orderStatusValues, ordersByIds, recordEventsFor, refuse, tx } from '../bill/movement.ts';
import {
  channelAndCarrier,
  channelLabel,
  checkCountry,
  countryLabel,
} from '../lading/lading-scan.service.ts';
import { changeStatus, recordEvent } from '../order-core/order-store.ts';
import { overseasBill } from './overseas-read.ts';

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
    return overseasBill.record(tx, b!.id, t, locale);
  });
}

const carrierLabel = async (db: Db, id: number | null, locale: Locale) => {
  if (id === null) return '';
  const [x] = await db.select().from(carriers).where(eq(carriers.id, id));
  return x ? carrierName(x, locale) : String(id);
};

/**
 * overseasLading/scanTrackingNo/{id}: an order arrived abroad, of the bill's channel (and country
 * and carrier when it names them), with a carrier tracking no; it moves to arrived overseas (an
 * ARRIVED event), or, arrived already, gets an internal OVERSEAS_LADING event naming the bill.
 */
export const scanIntoOverseas = scanIntoHeld(overseasBill, async (tx, bill, code, scan) => {
  const { user, t, locale, now } = scan;
  const no = bill.no;
  const o = await lockScannedOrder(tx, code, no);
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
  const added = await addOrderItem(tx, 'overseas', bill, o, scan, code);
  if (canMove(o.status, OrderStatus.arrivedOverseas))
    await changeStatus(tx, t, o, OrderStatus.arrivedOverseas, {
      node: MovementNode.arrived,
      operatorId: user.id,
      occurredAt: now,
    });
  // Arrived already (its earlier overseas bill was cancelled): no status change, the scan still told.
  else
    await recordEvent(tx, {
      orderId: o.id,
      node: MovementNode.overseasScanned,
      description: no,
      isPublic: false,
      operatorId: user.id,
      occurredAt: now,
    });
  await tx
    .insert(exchangeRecords)
    .values({ orderId: o.id, carrierId: o.carrierId, carrierTrackingNo: o.carrierTrackingNo })
    .onConflictDoNothing();
  return added;
});

/** overseasLading/confirm */
export async function confirmOverseas(db: Db, user: AuthUser, ids: number[], t: Translate, locale: Locale) {
  return tx(db, async (tx) =>
    overseasBill.recordsWhere(tx, await sealBills(tx, 'overseas', ids, user), t, locale),
  );
}

/** overseasLading/confirm/pickup/{id}: orders out for delivery; cancelled or intercepted ones taken out. */
export const confirmOverseasPickup = confirmHeldPickup(overseasBill, {
  status: OrderStatus.outForDelivery,
  node: MovementNode.outForDelivery,
});

/**
 * overseasLading/cancel/{id}: its orders are freed for another overseas bill (an internal
 * OVERSEAS_RELEASED event each, in one statement).
 */
export const cancelOverseas = cancelHeld(overseasBill, async (tx, b, released, user, now) => {
  if (released.length)
    await recordEventsFor(tx, ordersByIds(released), {
      node: MovementNode.overseasReleased,
      description: b.no,
      operatorId: user.id,
      occurredAt: now,
    });
});

export const addOverseasRemark = (db: Db, user: AuthUser, id: number, content: string): Promise<BillRemark> =>
  setRemark(db, 'overseas', id, content, user);

const num = (v: string | null): CellValue => (v === null ? null : Number(v));

/** overseasLading/export: one row per order of the selected bills. */
export function exportOverseas(
  ctx: Ctx,
  body: OverseasFilters & { ids?: number[] | undefined },
): Promise<ExportTaskRecord> {
  const { ids, ...filters } = body;
  const where = and(overseasBill.conditions(filters), ids ? inArray(overseasLadings.id, ids) : undefined);
  type Line = { bill: OverseasRecord; item: OverseasItemRecord };
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
    { header: m.colCreatedAt, width: 20, time: true, value: (r) => r.bill.createdAt },
  ];
  return overseasBill.exportItems(ctx, where, {
    kind: 'overseas',
    title: m.titleOverseas,
    filters: { ...body },
    columns,
  });
}
