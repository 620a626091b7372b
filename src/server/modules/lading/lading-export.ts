import { and, asc, count, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import type {
  ClearanceFilters,
  ClearanceOrderLine,
  LadingFilters,
  LadingRecord,
} from '../../../shared/contract/lading.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import { orderStaffMessages as c } from '../../../shared/i18n/order-staff-messages.ts';
import type { Db } from '../../db/client.ts';
import { ladingBills, orderGoods, orders } from '../../db/schema/index.ts';
import { type CellValue, type ExportColumn, keysetPages, startExport } from '../../files/export.ts';
import type { Ctx } from '../../http/context.ts';
import { selectOrderRows } from '../order-core/order-read.ts';
import {
  billOrderIds,
  clearanceConditions,
  clearanceOrderLines,
  selectGoodsLines,
  toGoodsLine,
} from './lading-clearance.service.ts';
import { ladingConditions } from './lading-ops.service.ts';
import { selectLadings, toLadingRecord } from './lading-read.ts';

const num = (v: string | null): CellValue => (v === null ? null : Number(v));

/** Lading records the WHERE selects, in id order, a page at a time. */
async function* ladingRows(ctx: Ctx, db: Db, where: SQL | undefined): AsyncGenerator<LadingRecord> {
  const pages = keysetPages(
    (after, limit) =>
      selectLadings(db)
        .where(and(where, after === null ? undefined : gt(ladingBills.id, after)))
        .orderBy(asc(ladingBills.id))
        .limit(limit),
    (r) => r.b.id,
    500,
  );
  for await (const r of pages) yield toLadingRecord(r, ctx.t, ctx.locale);
}

export function ladingColumns(ctx: Ctx): ExportColumn<LadingRecord>[] {
  return [
    { header: m.colLadingNo, value: (r) => r.no },
    { header: c.colChannel, value: (r) => `${r.channelCode} ${r.channelName}` },
    { header: c.colCarrier, value: (r) => r.carrierName ?? '' },
    { header: m.colType, width: 12, value: (r) => r.typeName },
    { header: m.colOrderType, width: 10, value: (r) => r.orderTypeName },
    { header: c.colCountry, width: 14, value: (r) => r.countryName ?? '' },
    { header: m.colItemCount, width: 8, value: (r) => r.itemCount },
    { header: m.colOrderCount, width: 8, value: (r) => r.orderCount },
    { header: m.colPieceCount, width: 8, value: (r) => r.pieceCount },
    { header: m.colWeight, width: 12, value: (r) => num(r.weight) },
    { header: m.colVolumeWeight, width: 12, value: (r) => num(r.volumeWeight) },
    {
      header: m.colConfirmState,
      width: 10,
      value: (r) => ctx.t(r.confirmState === 1 ? m.confirm1 : m.confirm0),
    },
    { header: m.colPickupStatus, width: 12, value: (r) => r.pickupStatusName },
    { header: m.colPickedUpAt, width: 20, time: true, value: (r) => r.pickedUpAt },
    { header: m.colPickedUpBy, value: (r) => r.pickedUpBy ?? '' },
    { header: m.colSignStatus, width: 12, value: (r) => r.signStatusName },
    { header: m.colMailState, width: 12, value: (r) => r.mailStateName },
    { header: m.colMailTime, width: 20, time: true, value: (r) => r.mailPushedAt },
    { header: m.colBatchNo, value: (r) => r.batchNo ?? '' },
    { header: m.colRemark, width: 30, value: (r) => r.remark },
    { header: m.colCreatedBy, value: (r) => r.createdBy ?? '' },
    { header: m.colCreatedAt, width: 20, time: true, value: (r) => r.createdAt },
  ];
}

type Selection = { ids?: number[] | undefined };

const billCount = (where: SQL | undefined) => async (db: Db) =>
  (await db.select({ n: count() }).from(ladingBills).where(where))[0]?.n ?? 0;

/** lading/export */
export function exportLadings(ctx: Ctx, body: LadingFilters & Selection): Promise<ExportTaskRecord> {
  const { ids, ...filters } = body;
  const where = and(ladingConditions(filters), ids ? inArray(ladingBills.id, ids) : undefined);
  return startExport(ctx, {
    kind: 'lading',
    title: m.titleLadings,
    filters: { ...body },
    columns: ladingColumns(ctx),
    count: billCount(where),
    rows: (db) => ladingRows(ctx, db, where),
  });
}

/** lading/ladingExport: clearance bills with their clearance status and declaration no. */
export function exportClearanceLadings(
  ctx: Ctx,
  body: ClearanceFilters & Selection,
): Promise<ExportTaskRecord> {
  const { ids, ...filters } = body;
  const where = and(clearanceConditions(filters), ids ? inArray(ladingBills.id, ids) : undefined);
  const columns: ExportColumn<LadingRecord>[] = [
    ...ladingColumns(ctx).slice(0, 11),
    { header: m.colClearanceStatus, width: 14, value: (r) => r.clearanceStatusName },
    { header: m.colDeclarationNo, width: 20, value: (r) => r.declarationNo },
    { header: m.colRemark, width: 30, value: (r) => r.clearanceRemark },
    { header: m.colCreatedAt, width: 20, time: true, value: (r) => r.createdAt },
  ];
  return startExport(ctx, {
    kind: 'lading-clearance',
    title: m.titleClearanceLadings,
    filters: { ...body },
    columns,
    count: billCount(where),
    rows: (db) => ladingRows(ctx, db, where),
  });
}

type OrderLine = ClearanceOrderLine & { ladingNo: string };

/** The orders of the selected bills, bill by bill, a page at a time. */
async function* billOrders(ctx: Ctx, db: Db, ids: number[]): AsyncGenerator<OrderLine> {
  const bills = await db
    .select({ id: ladingBills.id, no: ladingBills.no })
    .from(ladingBills)
    .where(inArray(ladingBills.id, ids))
    .orderBy(asc(ladingBills.id));
  for (const b of bills) {
    let after: number | null = null;
    for (;;) {
      const rows = await selectOrderRows(db)
        .where(
          and(sql`${orders.id} IN ${billOrderIds(b.id)}`, after === null ? undefined : gt(orders.id, after)),
        )
        .orderBy(asc(orders.id))
        .limit(500);
      for (const line of await clearanceOrderLines(db, rows, ctx.t, ctx.locale))
        yield { ...line, ladingNo: b.no };
      if (rows.length < 500) break;
      after = rows[rows.length - 1]!.o.id;
    }
  }
}

const ordersOfBills = (ids: number[]) => async (db: Db) =>
  (
    await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${orders} WHERE ${orders.id} IN (SELECT x.order_id FROM (${sql.join(
        ids.map((id) => billOrderIds(id)),
        sql` UNION ALL `,
      )}) x(order_id))`,
    )
  ).rows[0]?.n ?? 0;

/** lading/exportClearancePackage: one row per order of the selected bills. */
export function exportClearancePackages(ctx: Ctx, ids: number[]): Promise<ExportTaskRecord> {
  const columns: ExportColumn<OrderLine>[] = [
    { header: m.colLadingNo, value: (r) => r.ladingNo },
    { header: m.colPackageNo, value: (r) => r.packageNo ?? '' },
    { header: c.colTrackingNo, value: (r) => r.trackingNo },
    { header: c.colClearanceNo, value: (r) => r.clearanceNo },
    { header: c.colCustomerNo, value: (r) => r.customerNo },
    { header: c.colCustomerCode, width: 12, value: (r) => r.customerCode },
    { header: c.colConsigneeName, value: (r) => r.consigneeName },
    { header: c.colConsigneePhone, value: (r) => r.consigneePhone },
    { header: c.colCountry, width: 14, value: (r) => r.countryName },
    { header: c.colCity, width: 14, value: (r) => r.city },
    { header: c.colAddress, width: 36, value: (r) => r.address },
    { header: c.colPackageCount, width: 10, value: (r) => r.pieceCount },
    { header: c.colWeight, width: 12, value: (r) => num(r.weight) },
    { header: c.colGoodsValue, width: 20, value: (r) => r.goodsValue },
    { header: c.colCodAmount, width: 12, value: (r) => (r.isCod ? num(r.codAmount) : 0) },
    { header: c.colCodCurrency, width: 10, value: (r) => r.codCurrency },
  ];
  return startExport(ctx, {
    kind: 'lading-clearance-package',
    title: m.titleClearancePackages,
    filters: { ids },
    columns,
    count: ordersOfBills(ids),
    rows: (db) => billOrders(ctx, db, ids),
  });
}

/** lading/ladingOriginExport: the declaration lines of the selected bills. */
export function exportClearanceGoods(ctx: Ctx, ids: number[]): Promise<ExportTaskRecord> {
  type Line = ReturnType<typeof toGoodsLine> & { ladingNo: string };
  const columns: ExportColumn<Line>[] = [
    { header: m.colLadingNo, value: (r) => r.ladingNo },
    { header: c.colTrackingNo, value: (r) => r.trackingNo },
    { header: c.colClearanceNo, value: (r) => r.clearanceNo },
    { header: c.colCustomerCode, width: 12, value: (r) => r.customerCode },
    { header: c.colConsigneeName, value: (r) => r.consigneeName },
    { header: c.colLineNo, width: 8, value: (r) => r.lineNo },
    { header: c.colNameEn, width: 24, value: (r) => r.nameEn },
    { header: c.colNameCn, width: 20, value: (r) => r.nameCn },
    { header: c.colHsCode, width: 14, value: (r) => r.hsCode },
    { header: c.colSpecification, value: (r) => r.specification },
    { header: c.colQuantity, width: 10, value: (r) => r.quantity },
    { header: c.colUnitPrice, width: 12, value: (r) => num(r.unitPrice) },
    { header: c.colCurrency, width: 10, value: (r) => r.currency },
    { header: c.colGoodsValue, width: 12, value: (r) => num(r.amount) },
  ];
  return startExport(ctx, {
    kind: 'lading-clearance-goods',
    title: m.titleClearanceGoods,
    filters: { ids },
    columns,
    count: async (db) =>
      (
        await db
          .select({ n: count() })
          .from(orderGoods)
          .where(
            sql`${orderGoods.orderId} IN (SELECT x.order_id FROM (${sql.join(
              ids.map((id) => billOrderIds(id)),
              sql` UNION ALL `,
            )}) x(order_id))`,
          )
      )[0]?.n ?? 0,
    rows: async function* (db) {
      const bills = await db
        .select({ id: ladingBills.id, no: ladingBills.no })
        .from(ladingBills)
        .where(inArray(ladingBills.id, ids))
        .orderBy(asc(ladingBills.id));
      for (const b of bills) {
        const lines = await selectGoodsLines(db)
          .where(sql`${orders.id} IN ${billOrderIds(b.id)}`)
          .orderBy(asc(orders.id), asc(orderGoods.lineNo));
        for (const r of lines) yield { ...toGoodsLine(r), ladingNo: b.no };
      }
    },
  });
}
