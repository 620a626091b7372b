import { trackingNo } from '../../../shared/contract/tracking-no.ts';
import { type ImportSpec, templateFile } from '../../files/import.ts';
import { implement } from '../../http/context.ts';
import { importTrackingNumbers, trackingNoImport } from './tracking-no.import.ts';
import { listImportLogs, listPool, poolStock } from './tracking-no.service.ts';

export const trackingNoRoutes = [
  implement(trackingNo.list, ({ body }, ctx) => listPool(ctx.db, body, ctx.locale)),
  implement(trackingNo.importLogList, ({ body }, ctx) => listImportLogs(ctx.db, body, ctx.locale)),
  implement(trackingNo.import, (_i, ctx) => importTrackingNumbers(ctx)),
  implement(trackingNo.stock, ({ body }, ctx) => poolStock(ctx.db, ctx.locale, body.threshold)),
  implement(trackingNo.downloadTemplate, (_i, ctx) =>
    templateFile(trackingNoImport as ImportSpec<unknown, unknown>, ctx),
  ),
];
