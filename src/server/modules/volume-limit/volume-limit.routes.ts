import { volumeLimit } from '../../../shared/contract/volume-limit.ts';
import { startExport } from '../../files/export.ts';
import { type ImportSpec, receiveFile, runImport, templateFile } from '../../files/import.ts';
import { implement } from '../../http/context.ts';
import { newResolved, volumeLimitImport } from './volume-limit.import.ts';
import { deleteLimit, limitsExport, listLimits } from './volume-limit.service.ts';

export const volumeLimitRoutes = [
  implement(volumeLimit.list, ({ body }, ctx) => listLimits(ctx.db, body, ctx.locale)),
  implement(volumeLimit.importData, async (_i, ctx) =>
    runImport(ctx, volumeLimitImport, await receiveFile(ctx.req, volumeLimit.importData.file), newResolved()),
  ),
  implement(volumeLimit.exportData, ({ body }, ctx) => startExport(ctx, limitsExport(body, ctx.locale))),
  implement(volumeLimit.deleteCarrierRegion, async ({ params }, ctx) => {
    await deleteLimit(ctx.db, params.id);
    return null;
  }),
  implement(volumeLimit.checkFile, (_i, ctx) =>
    templateFile(volumeLimitImport as ImportSpec<unknown, unknown>, ctx),
  ),
];
