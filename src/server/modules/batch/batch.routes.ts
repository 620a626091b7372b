import { batch } from '../../../shared/contract/batch.ts';
import { SHEET_FILE } from '../../../shared/contract/core.ts';
import { type ImportSpec, receiveFile, runImport, templateFile } from '../../files/import.ts';
import { type Ctx, implement } from '../../http/context.ts';
import {
  addBatchRemark,
  cancelBatch,
  createBatch,
  listBatches,
  scanIntoBatch,
  updateAirCargo,
} from './batch.service.ts';
import { batchPrintContent, exportBatchClearance, exportBatches } from './batch-files.ts';
import { airCargoImport, type BatchImportExtra, batchImport } from './batch-import.ts';
import { batchLabelFile, printBatchLabels } from './batch-label.ts';
import { batchManifestFile } from './batch-manifest.ts';
import { confirmBatchesPickup, confirmBatchPickup } from './batch-pickup.ts';
import { batchDetail } from './batch-read.ts';

const asTemplate = <T, X>(spec: ImportSpec<T, X>) => spec as unknown as ImportSpec<unknown, unknown>;
const printCtx = (ctx: Ctx) => ({ t: ctx.t, locale: ctx.locale, timeZone: ctx.config.businessTimeZone });

export const batchRoutes = [
  implement(batch.list, ({ body }, ctx) => listBatches(ctx.db, body, ctx.t)),
  implement(batch.detail, ({ params }, ctx) => batchDetail(ctx.db, params.id, ctx.t, ctx.locale)),
  implement(batch.create, ({ body }, ctx) =>
    createBatch(ctx.db, ctx.user, body, ctx.t, ctx.locale, ctx.config.businessTimeZone),
  ),
  implement(batch.scanLading, ({ params, body }, ctx) =>
    scanIntoBatch(ctx.db, ctx.user, params.id, body, ctx.t, ctx.locale),
  ),
  implement(batch.airCargoUpdate, ({ body: { id, ...cargo } }, ctx) =>
    updateAirCargo(ctx.db, id, cargo, ctx.t),
  ),
  implement(batch.confirmPickup, ({ params }, ctx) => confirmBatchPickup(ctx.db, ctx.user, params.id, ctx.t)),
  implement(batch.confirmPickupBatch, ({ body }, ctx) => confirmBatchesPickup(ctx.db, ctx.user, body, ctx.t)),
  implement(batch.cancel, ({ params }, ctx) => cancelBatch(ctx.db, ctx.user, params.id, ctx.t)),
  implement(batch.remarkAdd, ({ body }, ctx) => addBatchRemark(ctx.db, ctx.user, body.id, body.content)),
  implement(batch.getPrintContent, ({ body }, ctx) => batchPrintContent(ctx.db, body.ids, printCtx(ctx))),
  implement(batch.printLabel, ({ body }, ctx) => batchLabelFile(ctx.db, body, printCtx(ctx))),
  implement(batch.printToPrinter, ({ body }, ctx) =>
    printBatchLabels(ctx.db, ctx.jobs, ctx.user, body, printCtx(ctx)),
  ),
  implement(batch.export, ({ body }, ctx) => exportBatches(ctx, body)),
  implement(batch.exportClearanceData, ({ body }, ctx) => exportBatchClearance(ctx, body.ids)),
  implement(batch.import, async (_i, ctx) => {
    const extra: BatchImportExtra = { batches: new Map() };
    const done = await runImport(ctx, batchImport, await receiveFile(ctx.req, SHEET_FILE), extra);
    return { ...done, batches: [...extra.batches.values()] };
  }),
  implement(batch.airCargoImport, async (_i, ctx) =>
    runImport(ctx, airCargoImport, await receiveFile(ctx.req, SHEET_FILE), undefined),
  ),
  implement(batch.manifest, ({ params, body }, ctx) =>
    batchManifestFile(ctx.db, params.id, body.format, printCtx(ctx)),
  ),
  implement(batch.downloadTemplate, (_i, ctx) => templateFile(asTemplate(batchImport), ctx)),
  implement(batch.airCargoDownload, (_i, ctx) => templateFile(asTemplate(airCargoImport), ctx)),
];
