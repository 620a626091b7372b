import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import type { FeeExceptionFilters, FeeExceptionListRecord } from '../../../shared/contract/fee.ts';
import { feeMessages as m } from '../../../shared/i18n/fee-messages.ts';
import { feeExceptions, orders } from '../../db/schema/index.ts';
import { type ExportColumn, keysetPages, startExport } from '../../files/export.ts';
import type { Ctx } from '../../http/context.ts';
import { exceptionConditions, selectExceptionRows, toExceptionRecord } from './fee-exception.service.ts';

/** feeException/exportFeeException: the exceptions the list's filters select (or the chosen ids), oldest first. */
export function exportFeeExceptions(
  ctx: Ctx,
  filters: FeeExceptionFilters & { ids?: number[] | undefined },
): Promise<ExportTaskRecord> {
  const where = exceptionConditions(filters, ctx.user);
  const yes = ctx.t(m.yes);
  const no = ctx.t(m.no);
  const columns: ExportColumn<FeeExceptionListRecord>[] = [
    { header: m.colTrackingNo, width: 16, value: (r) => r.trackingNo },
    { header: m.colCustomerNo, width: 16, value: (r) => r.customerNo },
    { header: m.colCustomer, width: 24, value: (r) => `${r.customerCode} ${r.customerName}` },
    { header: m.colChannel, width: 26, value: (r) => r.channelName },
    { header: m.colCountry, width: 14, value: (r) => r.countryName },
    { header: m.colOrderStatus, width: 14, value: (r) => r.orderStatusName },
    { header: m.colChargeableWeight, width: 12, value: (r) => Number(r.chargeableWeight) },
    { header: m.colReason, width: 44, value: (r) => r.reasonText },
    { header: m.colState, width: 10, value: (r) => r.stateName },
    { header: m.colCreatedAt, width: 20, time: true, value: (r) => r.createdAt },
    { header: m.colRetriedAt, width: 20, time: true, value: (r) => r.retriedAt },
    { header: m.colResolvedAt, width: 20, time: true, value: (r) => r.resolvedAt },
    { header: m.colResolvedBy, width: 16, value: (r) => r.resolvedBy },
    { header: m.colRuleAvailable, width: 12, value: (r) => (r.ruleAvailable ? yes : no) },
  ];
  return startExport<FeeExceptionListRecord>(ctx, {
    kind: 'fee-exception',
    title: m.exceptionExportTitle,
    filters: { ...filters },
    columns,
    count: async (db) =>
      (
        await db
          .select({ n: count() })
          .from(feeExceptions)
          .innerJoin(orders, eq(orders.id, feeExceptions.orderId))
          .where(where)
      )[0]?.n ?? 0,
    rows: async function* (db) {
      const pages = keysetPages(
        (after, limit) =>
          selectExceptionRows(db)
            .where(and(where, after === null ? undefined : gt(feeExceptions.id, after)))
            .orderBy(asc(feeExceptions.id))
            .limit(limit),
        (r) => r.x.id,
      );
      for await (const r of pages) yield toExceptionRecord(r, ctx.t, ctx.locale);
    },
  });
}
