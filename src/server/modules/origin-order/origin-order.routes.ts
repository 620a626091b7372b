import { SHEET_FILE } from '../../../shared/contract/core.ts';
import { order } from '../../../shared/contract/order.ts';
import { originOrder } from '../../../shared/contract/origin-order.ts';
import { type ImportSpec, receiveFile, runImport, templateFile } from '../../files/import.ts';
import { implement } from '../../http/context.ts';
import { reportCitcByHand } from './citc-report.ts';
import { confirmReceiver, confirmSender } from './origin-confirm.service.ts';
import { createOrigin } from './origin-create.service.ts';
import { originDetail } from './origin-detail.service.ts';
import { exportExtraInfo } from './origin-extra-export.ts';
import { extraInfoImport } from './origin-extra-import.ts';
import { printOriginInvoices } from './origin-print.ts';
import { listOrigins } from './origin-read.ts';
import { uploadOrigins } from './origin-upload.service.ts';
import { citcRecordsOf, listCitc, listPushRecords } from './push-records.ts';

/** Origin (foreign) orders: list, detail, entry, address confirmation, upload, extra information, push records, CITC. */
export const originOrderRoutes = [
  implement(originOrder.list, ({ body }, ctx) => listOrigins(ctx.db, body, ctx.locale)),
  implement(originOrder.detail, ({ body }, ctx) => originDetail(ctx.db, body.id, ctx.t, ctx.locale)),
  implement(originOrder.create, ({ body }, ctx) => createOrigin(ctx.db, ctx.user, body, ctx.t, ctx.locale)),
  implement(originOrder.confirmReceiverAddress, ({ body }, ctx) =>
    confirmReceiver(ctx.db, ctx.user, body, ctx.t, ctx.locale),
  ),
  implement(originOrder.confirmSenderAddress, ({ body }, ctx) =>
    confirmSender(ctx.db, ctx.user, body, ctx.t, ctx.locale),
  ),
  implement(originOrder.uploadOrder, ({ body }, ctx) =>
    uploadOrigins(ctx.db, ctx.jobs, ctx.user, body.ids, ctx.t, ctx.locale),
  ),
  implement(originOrder.importExtraOrderOriginInfo, async (_i, ctx) =>
    runImport(ctx, extraInfoImport, await receiveFile(ctx.req, SHEET_FILE), undefined),
  ),
  implement(originOrder.downloadExtraInfoTemplate, async (_i, ctx) =>
    templateFile(extraInfoImport as ImportSpec<unknown, unknown>, ctx),
  ),
  implement(originOrder.exportExtraOrderInfo, ({ body }, ctx) => exportExtraInfo(ctx, body)),
  implement(originOrder.printInvoice, ({ body }, ctx) =>
    printOriginInvoices(ctx.db, body, {
      t: ctx.t,
      locale: ctx.locale,
      timeZone: ctx.config.businessTimeZone,
    }),
  ),
  implement(originOrder.pushRecordList, ({ body }, ctx) => listPushRecords(ctx.db, body, ctx.t)),
  implement(order.citcList, ({ body }, ctx) => listCitc(ctx.db, body, ctx.t)),
  implement(order.citcReport, async ({ body }, ctx) => {
    // Outside the request's transaction: each report is claimed and recorded on its own.
    await reportCitcByHand(ctx.rootDb, ctx.config, body.ids);
    return citcRecordsOf(ctx.db, body.ids, ctx.t);
  }),
];
