import { sql } from 'drizzle-orm';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import type { CollectingDetailFilters, CollectingOrder } from '../../../shared/contract/statement.ts';
import { orderStaffMessages as o } from '../../../shared/i18n/order-staff-messages.ts';
import { reportMessages as r } from '../../../shared/i18n/report-messages.ts';
import { billMessages as m } from '../../../shared/i18n/statement-messages.ts';
import { keysetPages, startExport } from '../../files/export.ts';
import type { Ctx } from '../../http/context.ts';
import { countLines } from '../report/order-lines.ts';
import { decimalCell } from '../report/report-export-columns.ts';
import { reportCtxOf } from '../report/waybill-report.service.ts';
import { detailCondition, selectCollected, toCollectingOrder } from './collecting.service.ts';

/** statement/collectingDetailExport: the collected orders the detail's filters select, by id. */
export function exportCollecting(ctx: Ctx, f: CollectingDetailFilters): Promise<ExportTaskRecord> {
  const where = detailCondition(reportCtxOf(ctx), f);
  const tz = ctx.config.businessTimeZone;
  return startExport<CollectingOrder>(ctx, {
    kind: 'codCollecting',
    title: m.exportCollecting,
    filters: { ...f },
    columns: [
      { header: o.colTrackingNo, width: 18, value: (x) => x.trackingNo },
      { header: o.colCustomerNo, width: 20, value: (x) => x.customerNo },
      { header: o.colCustomerCode, width: 12, value: (x) => x.customerCode },
      { header: o.colCustomerName, width: 22, value: (x) => x.customerName },
      { header: m.colSignedAt, width: 20, time: true, value: (x) => x.signedAt },
      { header: r.colStatementDate, width: 14, value: (x) => x.statementDate },
      { header: o.colCountry, width: 16, value: (x) => x.countryName },
      { header: o.colCarrier, width: 16, value: (x) => x.carrierName },
      { header: o.colCarrierTrackingNo, width: 20, value: (x) => x.carrierTrackingNo },
      { header: o.colCurrency, width: 10, value: (x) => x.currency },
      { header: m.colCodCollected, width: 14, value: (x) => decimalCell(x.codAmount) },
      { header: r.colCodFee, width: 14, value: (x) => decimalCell(x.codFee) },
      { header: m.colCodNet, width: 16, value: (x) => decimalCell(x.net) },
    ],
    count: (db) => countLines(db, where),
    rows: async function* (db) {
      const rows = keysetPages(
        (after, limit) =>
          selectCollected(db, {
            where: after === null ? where : sql`${where} AND o.id > ${after}`,
            orderBy: sql`o.id`,
            limit,
            timeZone: tz,
          }),
        (x) => x.id,
      );
      for await (const x of rows) yield toCollectingOrder(x, ctx.locale);
    },
  });
}
