import { volumeLimit } from '../../../shared/contract/volume-limit.ts';
import { startExport } from '../../files/export.ts';
import { type ImportSpec, receiveFile, runImport, templateFile } from '../../files/import.ts';
import { implement } from '../../http/context.ts';
import { retryNoCarrierAfter } from '../order-core/carrier-assign.ts';
import { newResolved, volumeLimitImport } from './volume-limit.import.ts';
import { deleteLimit, limitsExport, listLimits } from './volume-limit.service.ts';

export const volumeLimitRoutes = [
  implement(volumeLimit.list, ({ body }, ctx) => listLimits(ctx.db, body, ctx.locale)),
  // A limit raised, added at a higher value or removed may free places for the orders that still
  // wait for a carrier number: they are retried once the change has committed (carrier-assign.ts).
  implement(volumeLimit.importData, async (_i, ctx) => {
    const resolved = newResolved();
    const done = await runImport(
      ctx,
      volumeLimitImport,
      await receiveFile(ctx.req, volumeLimit.importData.file),
      resolved,
    );
    await retryNoCarrierAfter(ctx, [...resolved.carriers.values()]);
    return done;
  }),
  implement(volumeLimit.exportData, ({ body }, ctx) => startExport(ctx, limitsExport(body, ctx.locale))),
  implement(volumeLimit.deleteCarrierRegion, async ({ params }, ctx) => {
    const carrierId = await deleteLimit(ctx.db, params.id);
    await retryNoCarrierAfter(ctx, [carrierId]);
    return null;
  }),
  implement(volumeLimit.checkFile, (_i, ctx) =>
    templateFile(volumeLimitImport as ImportSpec<unknown, unknown>, ctx),
  ),
];
