import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { BatchFilters, BatchPrintContent, BatchRecord } from '../../../shared/contract/batch.ts';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import { orderStaffMessages as c } from '../../../shared/i18n/order-staff-messages.ts';
import type { Db } from '../../db/client.ts';
import { batches, batchItems, ladingBills, orderGoods, orders } from '../../db/schema/index.ts';
import { type CellValue, type ExportColumn, keysetPages, startExport } from '../../files/export.ts';
import type { Ctx } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { billOrderIds, selectGoodsLines, toGoodsLine } from '../lading/lading-clearance.service.ts';
import { dayOf } from '../lading/lading-print.service.ts';
import { batchConditions } from './batch.service.ts';
import { batchLadings, selectBatches, toBatchRecord } from './batch-read.ts';

/** batch/getPrintContent: each batch with its lading bills, for /print/printBatch. */
export async function batchPrintContent(
  db: Db,
  ids: number[],
  c2: { t: Translate; locale: Ctx['locale']; timeZone: string },
): Promise<BatchPrintContent> {
  const unique = [...new Set(ids)];
  const rows = await selectBatches(db).where(inArray(batches.id, unique));
  const byId = new Map(rows.map((r) => [r.b.id, r]));
  if (unique.some((id) => !byId.has(id))) throw notFound();
  const now = new Date();
  const out: BatchPrintContent['batches'] = [];
  for (const id of unique) {
    const r = byId.get(id)!;
    out.push({
      batch: toBatchRecord(r, c2.t),
      ladings: await batchLadings(db, r.b, c2.t, c2.locale),
      date: dayOf(now, c2.timeZone),
      printedAt: now.toISOString(),
    });
  }
  return { batches: out };
}

const num = (v: string | null): CellValue => (v === null ? null : Number(v));

/** batch/export */
export function exportBatches(
  ctx: Ctx,
  body: BatchFilters & { ids?: number[] | undefined },
): Promise<ExportTaskRecord> {
  const { ids, ...filters } = body;
  const where = and(batchConditions(filters), ids ? inArray(batches.id, ids) : undefined);
  const yes = ctx.t(c.yes);
  const no = ctx.t(c.no);
  const columns: ExportColumn<BatchRecord>[] = [
    { header: m.colBatchNo, value: (r) => r.batchNo },
    { header: m.colAirlineBillNo, value: (r) => r.airlineBillNo },
    { header: m.colAirCargoNo, value: (r) => r.airCargoNo },
    { header: m.colDeparturePort, value: (r) => r.departurePort },
    { header: m.colDestinationPort, value: (r) => r.destinationPort },
    { header: m.colDepartureTime, width: 20, time: true, value: (r) => r.departureTime },
    { header: m.colArrivalTime, width: 20, time: true, value: (r) => r.arrivalTime },
    { header: m.colPortCarrier, value: (r) => r.portCarrier },
    { header: m.colFirstCarrier, value: (r) => r.firstCarrier },
    { header: m.colCharged, width: 10, value: (r) => (r.charged ? yes : no) },
    { header: m.colMixed, width: 10, value: (r) => (r.mixed ? yes : no) },
    { header: m.colLadingCount, width: 10, value: (r) => r.ladingCount },
    { header: m.colOrderCount, width: 10, value: (r) => r.orderCount },
    { header: m.colPieceCount, width: 10, value: (r) => r.pieceCount },
    { header: m.colWeight, width: 12, value: (r) => num(r.weight) },
    { header: m.colPickupStatus, width: 12, value: (r) => r.pickupStatusName },
    { header: m.colPickedUpAt, width: 20, time: true, value: (r) => r.pickedUpAt },
    { header: m.colRemark, width: 30, value: (r) => r.remark },
    { header: m.colCreatedBy, value: (r) => r.createdBy ?? '' },
    { header: m.colCreatedAt, width: 20, time: true, value: (r) => r.createdAt },
  ];
  return startExport(ctx, {
    kind: 'batch',
    title: m.titleBatches,
    filters: { ...body },
    columns,
    count: async (db) => (await db.select({ n: count() }).from(batches).where(where))[0]?.n ?? 0,
    rows: async function* (db) {
      const pages = keysetPages(
        (after, limit) =>
          selectBatches(db)
            .where(and(where, after === null ? undefined : gt(batches.id, after)))
            .orderBy(asc(batches.id))
            .limit(limit),
        (r) => r.b.id,
        500,
      );
      for await (const r of pages) yield toBatchRecord(r, ctx.t);
    },
  });
}

/** batch/exportClearanceData: one row per goods line of every order of the batches' lading bills. */
export function exportBatchClearance(ctx: Ctx, ids: number[]): Promise<ExportTaskRecord> {
  type Line = ReturnType<typeof toGoodsLine> & { batchNo: string; airlineBillNo: string; ladingNo: string };
  const columns: ExportColumn<Line>[] = [
    { header: m.colBatchNo, value: (r) => r.batchNo },
    { header: m.colAirlineBillNo, value: (r) => r.airlineBillNo },
    { header: m.colLadingNo, value: (r) => r.ladingNo },
    { header: c.colTrackingNo, value: (r) => r.trackingNo },
    { header: c.colClearanceNo, value: (r) => r.clearanceNo },
    { header: c.colCustomerCode, width: 12, value: (r) => r.customerCode },
    { header: c.colConsigneeName, value: (r) => r.consigneeName },
    { header: c.colLineNo, width: 8, value: (r) => r.lineNo },
    { header: c.colNameEn, width: 24, value: (r) => r.nameEn },
    { header: c.colNameCn, width: 20, value: (r) => r.nameCn },
    { header: c.colHsCode, width: 14, value: (r) => r.hsCode },
    { header: c.colQuantity, width: 10, value: (r) => r.quantity },
    { header: c.colUnitPrice, width: 12, value: (r) => num(r.unitPrice) },
    { header: c.colCurrency, width: 10, value: (r) => r.currency },
    { header: c.colGoodsValue, width: 12, value: (r) => num(r.amount) },
  ];
  const ladingsOf = (db: Db) =>
    db
      .select({
        id: ladingBills.id,
        no: ladingBills.no,
        batchNo: batches.batchNo,
        airline: batches.airlineBillNo,
      })
      .from(batchItems)
      .innerJoin(batches, eq(batches.id, batchItems.batchId))
      .innerJoin(ladingBills, eq(ladingBills.id, batchItems.ladingId))
      .where(and(inArray(batchItems.batchId, ids), eq(batchItems.active, true)))
      .orderBy(asc(batchItems.batchId), asc(batchItems.id));
  return startExport(ctx, {
    kind: 'batch-clearance',
    title: m.titleBatchClearance,
    filters: { ids },
    columns,
    count: async (db) => {
      let n = 0;
      for (const l of await ladingsOf(db))
        n +=
          (
            await db
              .select({ n: count() })
              .from(orderGoods)
              .where(sql`${orderGoods.orderId} IN ${billOrderIds(l.id)}`)
          )[0]?.n ?? 0;
      return n;
    },
    rows: async function* (db) {
      for (const l of await ladingsOf(db)) {
        const lines = await selectGoodsLines(db)
          .where(sql`${orders.id} IN ${billOrderIds(l.id)}`)
          .orderBy(asc(orders.id), asc(orderGoods.lineNo));
        for (const r of lines)
          yield { ...toGoodsLine(r), batchNo: l.batchNo, airlineBillNo: l.airline, ladingNo: l.no };
      }
    },
  });
}
