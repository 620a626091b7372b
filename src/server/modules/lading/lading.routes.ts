import { eq } from 'drizzle-orm';
import { SHEET_FILE } from '../../../shared/contract/core.ts';
import { lading } from '../../../shared/contract/lading.ts';
import { MAX_PRINT_ORDERS } from '../../../shared/contract/order-print.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import { printMessages } from '../../../shared/i18n/print-messages.ts';
import { ladingBills } from '../../db/schema/index.ts';
import { type ImportSpec, receiveFile, runImport, templateFile } from '../../files/import.ts';
import { type Ctx, implement, implementPrefetched } from '../../http/context.ts';
import { invalid, notFound, rule } from '../../http/errors.ts';
import { printInvoices } from '../order/print/print.service.ts';
import {
  billOrderIdList,
  ladingCustomers,
  listClearanceGoods,
  listClearanceLadings,
  listClearanceOrders,
  updateClearanceData,
  updateClearanceStatus,
} from './lading-clearance.service.ts';
import {
  exportClearanceGoods,
  exportClearanceLadings,
  exportClearancePackages,
  exportLadings,
} from './lading-export.ts';
import { clearanceDataImport, type LadingImportExtra, ladingImport } from './lading-import.ts';
import { pushLadingMail, sendLadingMail } from './lading-mail.ts';
import {
  addLadingRemark,
  cancelLading,
  confirmLadingPickup,
  confirmLadings,
  ladingDetail,
  listLadings,
} from './lading-ops.service.ts';
import { ladingLabelContent, ladingPrintContent } from './lading-print.service.ts';
import { ladingRecord } from './lading-read.ts';
import { createLading, scanIntoLading } from './lading-scan.service.ts';
import { readScan } from './lading-scan-order.ts';
import { scanSnapshot } from './lading-snapshot.ts';
import { ladingManifestFile } from './manifest-file.ts';

const printCtx = (ctx: Ctx) => ({ t: ctx.t, locale: ctx.locale, timeZone: ctx.config.businessTimeZone });
const asTemplate = <T, X>(spec: ImportSpec<T, X>) => spec as unknown as ImportSpec<unknown, unknown>;

/** lading/mail/retry/{id}: push again now and answer the bill with the result. */
async function retryMail(ctx: Ctx, id: number) {
  const [b] = await ctx.db.select({ no: ladingBills.no }).from(ladingBills).where(eq(ladingBills.id, id));
  if (!b) throw notFound();
  if (!(await pushLadingMail(ctx.rootDb, ctx.config, id)).attempted)
    throw rule(m.mailNotRetryable, { no: b.no });
  return ladingRecord(ctx.db, id, ctx.t, ctx.locale);
}

export const ladingRoutes = [
  implement(lading.list, ({ body }, ctx) => listLadings(ctx.db, body, ctx.t, ctx.locale)),
  implement(lading.detail, ({ params }, ctx) => ladingDetail(ctx.db, params.id, ctx.t, ctx.locale)),
  implement(lading.create, ({ body }, ctx) =>
    createLading(ctx.db, ctx.user, body, ctx.t, ctx.locale, ctx.config.businessTimeZone),
  ),
  implementPrefetched(
    lading.scanTrackingNo,
    ({ params, body }, tx) => readScan(tx, params.id, body.trackingNo),
    ({ params, body }, ctx, read) =>
      scanIntoLading(ctx.db, ctx.user, params.id, body, ctx.t, ctx.locale, read),
  ),
  implement(lading.scanSnapshot, ({ body }, ctx) => scanSnapshot(ctx.db, body)),
  implement(lading.confirm, ({ body }, ctx) => confirmLadings(ctx.db, ctx.user, body.ids, ctx.t, ctx.locale)),
  implement(lading.confirmPickup, async ({ params }, ctx) => {
    const answer = await confirmLadingPickup(ctx.db, ctx.user, params.id, ctx.t, ctx.locale);
    // In the pickup's transaction: the push exists if and only if the pickup commits.
    await sendLadingMail(ctx.jobs, ctx.db, params.id);
    return answer;
  }),
  implement(lading.mailRetry, ({ params }, ctx) => retryMail(ctx, params.id)),
  implement(lading.cancel, ({ params }, ctx) => cancelLading(ctx.db, ctx.user, params.id, ctx.t, ctx.locale)),
  implement(lading.remarkAdd, ({ body }, ctx) => addLadingRemark(ctx.db, ctx.user, body.id, body.content)),
  implement(lading.getPrintContent, ({ body }, ctx) => ladingPrintContent(ctx.db, body.ids, printCtx(ctx))),
  implement(lading.getPrintContentLabel, ({ body }, ctx) =>
    ladingLabelContent(ctx.db, body.ids, printCtx(ctx)),
  ),
  implement(lading.manifest, ({ params, body }, ctx) =>
    ladingManifestFile(ctx.db, params.id, body.format, printCtx(ctx)),
  ),
  implement(lading.export, ({ body }, ctx) => exportLadings(ctx, body)),
  implement(lading.exportClearancePackage, ({ body }, ctx) => exportClearancePackages(ctx, body.ids)),
  implement(lading.import, async (_i, ctx) => {
    const extra: LadingImportExtra = { bills: new Map() };
    const done = await runImport(ctx, ladingImport, await receiveFile(ctx.req, SHEET_FILE), extra);
    return { ...done, bills: [...extra.bills.values()] };
  }),
  implement(lading.downloadTemplate, (_i, ctx) => templateFile(asTemplate(ladingImport), ctx)),
  implement(lading.listOriginInfo, ({ body }, ctx) => listClearanceLadings(ctx.db, body, ctx.t, ctx.locale)),
  implement(lading.updateStatus, ({ body }, ctx) =>
    updateClearanceStatus(ctx.db, body.ids, body.status, ctx.t, ctx.locale),
  ),
  implement(lading.listDetail, ({ body }, ctx) => listClearanceOrders(ctx.db, body, ctx.t, ctx.locale)),
  implement(lading.listOriginDetail, ({ body }, ctx) => listClearanceGoods(ctx.db, body)),
  implement(lading.ladingExport, ({ body }, ctx) => exportClearanceLadings(ctx, body)),
  implement(lading.ladingOriginExport, ({ body }, ctx) => exportClearanceGoods(ctx, body.ids)),
  implement(lading.ladingCustomer, ({ body }, ctx) => ladingCustomers(ctx.db, body.id)),
  implement(lading.updateData, ({ body }, ctx) => updateClearanceData(ctx.db, body, ctx.t, ctx.locale)),
  implement(lading.printInvoice, async ({ body }, ctx) => {
    const ids = await billOrderIdList(ctx.db, body.id, MAX_PRINT_ORDERS);
    if (ids.length > MAX_PRINT_ORDERS)
      throw invalid([
        { path: 'id', descriptor: printMessages.tooManyOrders, values: { max: MAX_PRINT_ORDERS } },
      ]);
    return printInvoices(ctx.db, ctx.user, { ids, trackingNos: [], output: body.output }, printCtx(ctx));
  }),
  implement(lading.ladingImport, async (_i, ctx) =>
    runImport(ctx, clearanceDataImport, await receiveFile(ctx.req, SHEET_FILE), undefined),
  ),
];
