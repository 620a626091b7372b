import type { SQL } from 'drizzle-orm';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import type { ReportFilters } from '../../../shared/contract/report.ts';
import { orderStaffMessages as o } from '../../../shared/i18n/order-staff-messages.ts';
import { reportMessages as m } from '../../../shared/i18n/report-messages.ts';
import { startExport } from '../../files/export.ts';
import type { Ctx } from '../../http/context.ts';
import { countGroups } from './grouped-totals.ts';
import { allLines, countLines, hasCod, toOrderLine } from './order-lines.ts';
import { groupColumns, lineColumns, pagedGroupLines } from './report-export-columns.ts';
import { checkRange } from './report-sql.ts';
import {
  REPORT_COD,
  reportCondition,
  reportCtxOf,
  reportOrders,
  rowCondition,
} from './waybill-report.service.ts';

/** The waybill report's exports: its rows, the orders behind them, the orders behind one row. */

type Filters = ReportFilters;

/** report/list/export: one line per row and currency. */
export function exportReport(ctx: Ctx, f: Filters): Promise<ExportTaskRecord> {
  const rc = reportCtxOf(ctx);
  const p = checkRange(f);
  const orders = reportOrders(rc, f, f.granularity, p, reportCondition(rc, f, p));
  return startExport(ctx, {
    kind: 'waybillReport',
    title: m.exportReport,
    filters: { ...f },
    columns: groupColumns([{ header: m.colPeriod, width: 12, value: (l) => l.group.label }], o.colCodAmount),
    count: (db) => countGroups(db, orders),
    rows: (db) => pagedGroupLines(db, { orders, codCounted: REPORT_COD }),
  });
}

const lineSheet = (ctx: Ctx, kind: string, filters: Record<string, unknown>, where: SQL) =>
  startExport(ctx, {
    kind,
    title: m.exportReportOrders,
    filters,
    columns: lineColumns(o.colCodAmount),
    count: (db) => countLines(db, where),
    rows: (db) =>
      allLines(db, where, ctx.config.businessTimeZone, (r) => toOrderLine(r, ctx.t, ctx.locale, hasCod(r))),
  });

/** report/list/detail/export: every order behind the rows the filters select. */
export function exportReportOrders(ctx: Ctx, f: Filters): Promise<ExportTaskRecord> {
  const p = checkRange(f);
  return lineSheet(ctx, 'waybillReportOrders', { ...f }, reportCondition(reportCtxOf(ctx), f, p));
}

/** report/detail/export: the orders behind one row. */
export async function exportReportRow(
  ctx: Ctx,
  f: Pick<Filters, 'timeBasis' | 'channelId' | 'countryId'> & { id: string },
): Promise<ExportTaskRecord> {
  const { cond } = await rowCondition(reportCtxOf(ctx), f.id, f);
  return lineSheet(ctx, 'waybillReportRow', { ...f }, cond);
}
