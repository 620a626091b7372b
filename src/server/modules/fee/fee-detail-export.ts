import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import type { FeeDetailFilters, FeeDetailRecord } from '../../../shared/contract/fee.ts';
import { FeeExceptionState } from '../../../shared/domain/order-fees.ts';
import { feeMessages as m } from '../../../shared/i18n/fee-messages.ts';
import type { Db } from '../../db/client.ts';
import {
  customers,
  feeDetails,
  feeExceptions,
  orders,
  regions,
  shippingChannels,
} from '../../db/schema/index.ts';
import { type CellValue, type ExportColumn, keysetPages, startExport } from '../../files/export.ts';
import type { Ctx } from '../../http/context.ts';
import { feeReasonText } from '../order-core/order-fees.ts';
import { feeDetailConditions, selectFeeLines, toFeeDetailRecord } from './fee-detail.service.ts';
import { orderColumns, orderConditions, orderJoins, orderPart } from './fee-read.ts';

/** One export row: a fee line, or (by tracking no) a number with a note saying why it has none. */
interface Row {
  trackingNo: string;
  order: ReturnType<typeof orderPart> | null;
  line: FeeDetailRecord | null;
  note: string;
}

const num = (v: string | null | undefined): CellValue => (v === null || v === undefined ? null : Number(v));

const LINE_COLUMNS: ExportColumn<Row>[] = [
  { header: m.colTrackingNo, width: 16, value: (r) => r.trackingNo },
  { header: m.colCustomerNo, width: 16, value: (r) => r.order?.customerNo },
  {
    header: m.colCustomer,
    width: 24,
    value: (r) => r.order && `${r.order.customerCode} ${r.order.customerName}`,
  },
  { header: m.colChannel, width: 26, value: (r) => r.order?.channelName },
  { header: m.colCountry, width: 14, value: (r) => r.order?.countryName },
  { header: m.colOrderStatus, width: 14, value: (r) => r.order?.orderStatusName },
  { header: m.colFeeType, width: 16, value: (r) => r.line?.feeTypeName },
  { header: m.colAmount, width: 12, value: (r) => num(r.line?.amount) },
  { header: m.colCurrency, width: 10, value: (r) => r.line?.currency },
  { header: m.colWeight, width: 12, value: (r) => num(r.line?.weight) },
  { header: m.colVolumeWeight, width: 12, value: (r) => num(r.line?.volumeWeight) },
  { header: m.colChargeableWeight, width: 12, value: (r) => num(r.line?.chargeableWeight) },
  { header: m.colFirstWeight, width: 12, value: (r) => num(r.line?.rule?.firstWeight) },
  { header: m.colFirstPrice, width: 12, value: (r) => num(r.line?.rule?.firstPrice) },
  { header: m.colStepWeight, width: 12, value: (r) => num(r.line?.rule?.stepWeight) },
  { header: m.colStepPrice, width: 12, value: (r) => num(r.line?.rule?.stepPrice) },
  { header: m.colCodRate, width: 12, value: (r) => num(r.line?.rule?.codFeeRatePercent) },
  { header: m.colMinCodFee, width: 12, value: (r) => num(r.line?.rule?.minCodFee) },
  { header: m.colComputedAt, width: 20, time: true, value: (r) => r.line?.computedAt ?? null },
];

/** feeDetail/exportFeeDetail: the lines the list's filters select (or the chosen ids), oldest first. */
export function exportFeeDetail(
  ctx: Ctx,
  filters: FeeDetailFilters & { ids?: number[] | undefined },
): Promise<ExportTaskRecord> {
  const where = feeDetailConditions(filters, ctx.user);
  return startExport<Row>(ctx, {
    kind: 'fee-detail',
    title: m.detailExportTitle,
    filters: { ...filters },
    columns: LINE_COLUMNS,
    count: async (db) =>
      (
        await db
          .select({ n: count() })
          .from(feeDetails)
          .innerJoin(orders, eq(orders.id, feeDetails.orderId))
          .where(where)
      )[0]?.n ?? 0,
    rows: async function* (db) {
      const pages = keysetPages(
        (after, limit) =>
          selectFeeLines(db)
            .where(and(where, after === null ? undefined : gt(feeDetails.id, after)))
            .orderBy(asc(feeDetails.id))
            .limit(limit),
        (r) => r.f.id,
      );
      for await (const r of pages) {
        const line = toFeeDetailRecord(r, ctx.t, ctx.locale);
        yield { trackingNo: line.trackingNo, order: orderPart(r, ctx.t, ctx.locale), line, note: '' };
      }
    },
  });
}

/** The rows of some tracking nos, in the order given: their lines, or a note why there are none. */
async function* byTrackingNo(ctx: Ctx, db: Db, trackingNos: string[]): AsyncGenerator<Row> {
  const found = await db
    .select({ ...orderColumns, arrivedAt: orders.arrivedAt })
    .from(orders)
    .innerJoin(customers, orderJoins.customer)
    .innerJoin(shippingChannels, orderJoins.channel)
    .innerJoin(regions, orderJoins.country)
    .where(and(...orderConditions({ trackingNos }, ctx.user)));
  const ids = found.map((o) => o.o.id);
  const [lines, pending] = ids.length
    ? await Promise.all([
        selectFeeLines(db)
          .where(inArray(feeDetails.orderId, ids))
          .orderBy(asc(feeDetails.feeType), asc(feeDetails.id)),
        db
          .select()
          .from(feeExceptions)
          .where(
            and(inArray(feeExceptions.orderId, ids), eq(feeExceptions.state, FeeExceptionState.pending)),
          ),
      ])
    : [[], []];
  for (const no of trackingNos) {
    const o = found.find((f) => f.o.trackingNo === no);
    if (!o) {
      yield { trackingNo: no, order: null, line: null, note: ctx.t(m.noteUnknown) };
      continue;
    }
    const order = orderPart(o, ctx.t, ctx.locale);
    const own = lines.filter((l) => l.f.orderId === o.o.id);
    for (const l of own)
      yield { trackingNo: no, order, line: toFeeDetailRecord(l, ctx.t, ctx.locale), note: '' };
    if (own.length) continue;
    const x = pending.find((p) => p.orderId === o.o.id);
    const note = x
      ? feeReasonText(ctx.t, ctx.locale, x.reason, x.detail as Record<string, unknown>)
      : ctx.t(o.arrivedAt === null ? m.noteNotReceived : m.noteNoFees);
    yield { trackingNo: no, order, line: null, note };
  }
}

/** feeDetail/exportByTrackingNo: a reconciliation sheet of the numbers given (at most 1,000). */
export function exportByTrackingNo(ctx: Ctx, trackingNos: string[]): Promise<ExportTaskRecord> {
  return startExport<Row>(ctx, {
    kind: 'fee-by-tracking-no',
    title: m.byTrackingNoExportTitle,
    filters: { trackingNos },
    columns: [...LINE_COLUMNS, { header: m.colNote, width: 40, value: (r) => r.note }],
    count: async () => trackingNos.length,
    rows: (db) => byTrackingNo(ctx, db, trackingNos),
  });
}
