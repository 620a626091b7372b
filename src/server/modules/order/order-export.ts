import { and, asc, count, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import type { order as contract, OrderRecord } from '../../../shared/contract/order.ts';
import type { AbnormalFilters } from '../../../shared/contract/order-staff.ts';
import { abnormalKindName } from '../../../shared/domain/order-abnormal.ts';
import { orderStaffMessages as m } from '../../../shared/i18n/order-staff-messages.ts';
import type { Db } from '../../db/client.ts';
import { orderAbnormals, orderGoods, orders } from '../../db/schema/index.ts';
import { type CellValue, type ExportColumn, keysetPages, startExport } from '../../files/export.ts';
import type { Ctx } from '../../http/context.ts';
import { type OrderJoinedRow, selectOrderRows, toOrderRecord } from '../order-core/order-read.ts';
import { requireOrdersOfCaller } from '../order-core/order-store.ts';
import { abnormalConditions, selectAbnormalRows, toAbnormalRecord } from './order-abnormal.service.ts';
import { orderConditions } from './order-list.service.ts';

export type OrderExportBody = z.output<NonNullable<typeof contract.exportOrderInfo.body>>;
type OrderRow = typeof orders.$inferSelect;
type GoodsRow = typeof orderGoods.$inferSelect;

/**
 * The list's WHERE (filters and the caller's scope), narrowed to the selected ids when given; a
 * selected id that is not the caller's refuses the export (404) rather than being left out.
 */
async function exportWhere(ctx: Ctx, body: OrderExportBody): Promise<SQL | undefined> {
  const { ids, ...filters } = body;
  if (ids) await requireOrdersOfCaller(ctx.db, ctx.user, ids);
  return and(orderConditions(filters, ctx.user), ids ? inArray(orders.id, ids) : undefined);
}

const PAGE = 1000;
const num = (v: string | null): CellValue => (v === null ? null : Number(v));

/** The selected orders in pages by id, each row with its list record (names in the caller's language). */
async function* orderPages(ctx: Ctx, where: SQL | undefined) {
  let after: number | null = null;
  for (;;) {
    const rows: OrderJoinedRow[] = await selectOrderRows(ctx.db)
      .where(and(where, after === null ? undefined : gt(orders.id, after)))
      .orderBy(asc(orders.id))
      .limit(PAGE);
    if (rows.length) yield rows.map((r) => ({ o: r.o, rec: toOrderRecord(r, ctx.t, ctx.locale) }));
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.o.id;
  }
}

interface OrderLine {
  o: OrderRow;
  rec: OrderRecord;
}
interface GoodsLine extends OrderLine {
  g: GoodsRow;
}

/** Goods lines of the selected orders, order by order, line by line. */
async function* goodsLines(ctx: Ctx, where: SQL | undefined): AsyncGenerator<GoodsLine> {
  for await (const page of orderPages(ctx, where)) {
    const goods = await ctx.db
      .select()
      .from(orderGoods)
      .where(
        inArray(
          orderGoods.orderId,
          page.map((p) => p.o.id),
        ),
      )
      .orderBy(asc(orderGoods.orderId), asc(orderGoods.lineNo));
    const byOrder = new Map<number, GoodsRow[]>();
    for (const g of goods) byOrder.set(g.orderId, [...(byOrder.get(g.orderId) ?? []), g]);
    for (const line of page) for (const g of byOrder.get(line.o.id) ?? []) yield { ...line, g };
  }
}

function orderColumns(ctx: Ctx): ExportColumn<OrderLine>[] {
  const yes = ctx.t(m.yes);
  const no = ctx.t(m.no);
  const packing = [m.packing1, m.packing2, m.packing3];
  return [
    { header: m.colTrackingNo, value: (r) => r.rec.trackingNo },
    { header: m.colCustomerNo, value: (r) => r.rec.customerNo },
    { header: m.colCustomerCode, width: 12, value: (r) => r.rec.customerCode },
    { header: m.colCustomerName, value: (r) => r.rec.customerName },
    { header: m.colChannel, value: (r) => r.rec.channelName },
    { header: m.colStatus, width: 12, value: (r) => r.rec.statusName },
    {
      header: m.colCheckStatus,
      width: 12,
      value: (r) => ctx.t(r.rec.checkStatus === 3 ? m.checkDone : m.checkPending),
    },
    { header: m.colIntercept, width: 14, value: (r) => r.rec.interceptStateName },
    {
      header: m.colAbnormal,
      value: (r) =>
        r.rec.abnormalKinds
          .map((k) => {
            const d = abnormalKindName(k);
            return d ? ctx.t(d) : String(k);
          })
          .join(', '),
    },
    { header: m.colCarrier, value: (r) => r.rec.carrierName ?? '' },
    { header: m.colCarrierTrackingNo, value: (r) => r.rec.carrierTrackingNo ?? '' },
    { header: m.colClearanceNo, value: (r) => r.rec.clearanceNo },
    { header: m.colSenderName, value: (r) => r.o.senderName },
    { header: m.colSenderPhone, value: (r) => r.o.senderPhone },
    { header: m.colSenderAddress, width: 30, value: (r) => r.o.senderAddress },
    { header: m.colConsigneeName, value: (r) => r.rec.consigneeName },
    { header: m.colConsigneePhone, value: (r) => r.rec.consigneePhone },
    { header: m.colConsigneePhone2, value: (r) => r.o.consigneePhone2 },
    { header: m.colCountry, width: 14, value: (r) => r.rec.countryName },
    { header: m.colProvince, width: 14, value: (r) => r.rec.province },
    { header: m.colCity, width: 14, value: (r) => r.rec.city },
    { header: m.colAddress, width: 36, value: (r) => r.o.consigneeAddress },
    { header: m.colPostcode, width: 10, value: (r) => r.o.consigneePostcode },
    {
      header: m.colPackingType,
      width: 12,
      value: (r) => {
        const d = packing[r.rec.packingType - 1];
        return d ? ctx.t(d) : String(r.rec.packingType);
      },
    },
    { header: m.colPackageCount, width: 10, value: (r) => r.rec.packageCount },
    { header: m.colDeclaredWeight, width: 12, value: (r) => num(r.rec.declaredWeight) },
    { header: m.colCheckedWeight, width: 12, value: (r) => num(r.rec.checkedWeight) },
    { header: m.colVolumeWeight, width: 12, value: (r) => num(r.rec.volumeWeight) },
    { header: m.colChargeableWeight, width: 12, value: (r) => num(r.rec.chargeableWeight) },
    { header: m.colLength, width: 10, value: (r) => num(r.o.length) },
    { header: m.colWidth, width: 10, value: (r) => num(r.o.width) },
    { header: m.colHeight, width: 10, value: (r) => num(r.o.height) },
    { header: m.colCod, width: 8, value: (r) => (r.rec.isCod ? yes : no) },
    { header: m.colCodAmount, width: 12, value: (r) => num(r.rec.codAmount) },
    { header: m.colCodCurrency, width: 10, value: (r) => r.rec.codCurrency },
    {
      header: m.colPayment,
      width: 10,
      value: (r) => ctx.t(r.rec.payment === 1 ? m.paymentCod : m.paymentPp),
    },
    { header: m.colCreatedBy, value: (r) => r.rec.createdBy ?? '' },
    { header: m.colCreatedAt, width: 20, time: true, value: (r) => r.rec.createdAt },
    { header: m.colArrivedAt, width: 20, time: true, value: (r) => r.rec.arrivedAt },
  ];
}

function goodsColumns(): ExportColumn<GoodsLine>[] {
  return [
    { header: m.colLineNo, width: 8, value: (r) => r.g.lineNo },
    { header: m.colNameEn, width: 24, value: (r) => r.g.nameEn },
    { header: m.colNameCn, width: 20, value: (r) => r.g.nameCn },
    { header: m.colHsCode, width: 14, value: (r) => r.g.hsCode },
    { header: m.colQuantity, width: 10, value: (r) => r.g.quantity },
    { header: m.colUnitPrice, width: 12, value: (r) => num(r.g.unitPrice) },
    { header: m.colCurrency, width: 10, value: (r) => r.g.currency },
    {
      header: m.colGoodsValue,
      width: 12,
      value: (r) => Math.round(r.g.quantity * Number(r.g.unitPrice) * 100) / 100,
    },
    { header: m.colSpecification, value: (r) => r.g.specification },
    { header: m.colSensitive, value: (r) => r.g.sensitiveWords.join(', ') },
  ];
}

const goodsCount = (where: SQL | undefined) => async (db: Db) =>
  (
    await db
      .select({ n: count() })
      .from(orderGoods)
      .innerJoin(orders, eq(orders.id, orderGoods.orderId))
      .where(where)
  )[0]?.n ?? 0;

/** order/exportOrderInfo: one row per order the list's filters select. */
export async function exportOrderInfo(ctx: Ctx, body: OrderExportBody): Promise<ExportTaskRecord> {
  const where = await exportWhere(ctx, body);
  return startExport<OrderLine>(ctx, {
    kind: 'order-info',
    title: m.exportOrders,
    filters: { ...body },
    columns: orderColumns(ctx),
    count: async (db) => (await db.select({ n: count() }).from(orders).where(where))[0]?.n ?? 0,
    rows: async function* () {
      for await (const page of orderPages(ctx, where)) yield* page;
    },
  });
}

/** order/exportOrderGoodsInfo: one row per goods line of the selected orders. */
export async function exportOrderGoods(ctx: Ctx, body: OrderExportBody): Promise<ExportTaskRecord> {
  const where = await exportWhere(ctx, body);
  const columns: ExportColumn<GoodsLine>[] = [
    { header: m.colTrackingNo, value: (r) => r.rec.trackingNo },
    { header: m.colCustomerNo, value: (r) => r.rec.customerNo },
    { header: m.colCustomerCode, width: 12, value: (r) => r.rec.customerCode },
    ...goodsColumns(),
  ];
  return startExport<GoodsLine>(ctx, {
    kind: 'order-goods',
    title: m.exportGoods,
    filters: { ...body },
    columns,
    count: goodsCount(where),
    rows: () => goodsLines(ctx, where),
  });
}

/**
 * order/exportClearanceData: what a customs broker needs, one row per goods line: the order's
 * clearance no, carrier, sender, consignee, packages, weight and COD, then the line.
 */
export async function exportClearanceData(ctx: Ctx, body: OrderExportBody): Promise<ExportTaskRecord> {
  const where = await exportWhere(ctx, body);
  const byHeader = new Map(orderColumns(ctx).map((c) => [c.header, c]));
  const orderPart = [
    m.colTrackingNo,
    m.colClearanceNo,
    m.colCustomerNo,
    m.colChannel,
    m.colCarrier,
    m.colCarrierTrackingNo,
    m.colSenderName,
    m.colSenderPhone,
    m.colSenderAddress,
    m.colConsigneeName,
    m.colConsigneePhone,
    m.colCountry,
    m.colProvince,
    m.colCity,
    m.colAddress,
    m.colPostcode,
    m.colPackageCount,
    m.colChargeableWeight,
    m.colCod,
    m.colCodAmount,
    m.colCodCurrency,
  ].map((h) => byHeader.get(h)!);
  const columns: ExportColumn<GoodsLine>[] = [...orderPart, ...goodsColumns()];
  return startExport<GoodsLine>(ctx, {
    kind: 'order-clearance',
    title: m.exportClearance,
    filters: { ...body },
    columns,
    count: goodsCount(where),
    rows: () => goodsLines(ctx, where),
  });
}

/** order/export/orderAbnormal: the abnormal marks the filters select, oldest first. */
export function exportAbnormals(ctx: Ctx, filters: AbnormalFilters): Promise<ExportTaskRecord> {
  const where = abnormalConditions(filters);
  const rec = (r: Parameters<typeof toAbnormalRecord>[0]) => toAbnormalRecord(r, ctx.t, ctx.locale);
  type Line = ReturnType<typeof rec>;
  const columns: ExportColumn<Line>[] = [
    { header: m.colTrackingNo, value: (r) => r.trackingNo },
    { header: m.colCustomerNo, value: (r) => r.customerNo },
    { header: m.colCustomerCode, width: 12, value: (r) => r.customerCode },
    { header: m.colCustomerName, value: (r) => r.customerName },
    { header: m.colChannel, value: (r) => r.channelName },
    { header: m.colStatus, width: 12, value: (r) => r.statusName },
    { header: m.colKind, value: (r) => r.kindName },
    { header: m.colReason, width: 40, value: (r) => r.reasonText },
    { header: m.colDepartment, value: (r) => r.departmentName },
    { header: m.colHandling, width: 10, value: (r) => r.stateName },
    { header: m.colCreatedAt, width: 20, time: true, value: (r) => r.createdAt },
    { header: m.colHandledBy, value: (r) => r.handledBy ?? '' },
    { header: m.colHandledAt, width: 20, time: true, value: (r) => r.handledAt },
    { header: m.colHandleRemark, width: 40, value: (r) => r.handleRemark },
  ];
  return startExport<Line>(ctx, {
    kind: 'order-abnormal',
    title: m.exportAbnormal,
    filters: { ...filters },
    columns,
    count: async (db) =>
      (
        await db
          .select({ n: count() })
          .from(orderAbnormals)
          .innerJoin(orders, eq(orders.id, orderAbnormals.orderId))
          .where(where)
      )[0]?.n ?? 0,
    rows: async function* (db) {
      const pages = keysetPages(
        (after, limit) =>
          selectAbnormalRows(db)
            .where(and(where, after === null ? undefined : gt(orderAbnormals.id, after)))
            .orderBy(asc(orderAbnormals.id))
            .limit(limit),
        (r) => r.a.id,
      );
      for await (const r of pages) yield rec(r);
    },
  });
}
