import { report } from '../../../shared/contract/report.ts';
import { implement } from '../../http/context.ts';
import { listReport, reportCtxOf, reportDetail } from './waybill-report.service.ts';
import { exportReport, exportReportOrders, exportReportRow } from './waybill-report-export.ts';

/** The waybill report (report/waybill and report/waybill/{id}): rows, a row's orders, their exports. */
export const reportRoutes = [
  implement(report.list, ({ body }, ctx) => listReport(reportCtxOf(ctx), body)),
  implement(report.listExport, ({ body }, ctx) => exportReport(ctx, body)),
  implement(report.listDetailExport, ({ body }, ctx) => exportReportOrders(ctx, body)),
  implement(report.detail, ({ body }, ctx) => reportDetail(reportCtxOf(ctx), body)),
  implement(report.detailExport, ({ body }, ctx) => exportReportRow(ctx, body)),
];
