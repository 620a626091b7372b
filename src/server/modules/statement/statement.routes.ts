import { codCollecting, logisticsBill } from '../../../shared/contract/statement.ts';
import { implement } from '../../http/context.ts';
import { reportCtxOf } from '../report/waybill-report.service.ts';
import { billDetail, listBills } from './bill.service.ts';
import { exportBill, exportBillLines, exportBills } from './bill-export.ts';
import { collectingDetail, listCollecting } from './collecting.service.ts';
import { exportCollecting } from './collecting-export.ts';

/**
 * Logistics bills (report/logisticsbill and report/logisticsbill/{id}) and COD collected
 * (report/collecting): lists, details, exports. The prompt delivery/return calls live elsewhere.
 */
export const statementRoutes = [
  implement(logisticsBill.trackingStatementDate, ({ body }, ctx) => listBills(reportCtxOf(ctx), body)),
  implement(logisticsBill.listExport, ({ body }, ctx) => exportBills(ctx, body)),
  implement(logisticsBill.listDetailExport, ({ body }, ctx) => exportBillLines(ctx, body)),
  implement(logisticsBill.detail, ({ body }, ctx) => billDetail(reportCtxOf(ctx), body)),
  implement(logisticsBill.detailExport, ({ body }, ctx) => exportBill(ctx, body.id)),
  implement(codCollecting.collectingList, ({ body }, ctx) => listCollecting(reportCtxOf(ctx), body)),
  implement(codCollecting.collectingDetail, ({ body }, ctx) => collectingDetail(reportCtxOf(ctx), body)),
  implement(codCollecting.collectingDetailExport, ({ body }, ctx) => exportCollecting(ctx, body)),
];
