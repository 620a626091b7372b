import { closedLoop } from '../../../shared/contract/closed-loop.ts';
import { type ImportSpec, templateFile } from '../../files/import.ts';
import { implement } from '../../http/context.ts';
import { tallyImport } from '../prompt-record/prompt-import.ts';
import { exportLoop } from './closed-loop-export.ts';
import { listLoop } from './closed-loop-read.ts';
import { remittanceImport } from './remittance-import.ts';

/** Closed-loop data: the list and its export, the overseas reconciliation import and its template. */
export const closedLoopRoutes = [
  implement(closedLoop.list, ({ body }, ctx) =>
    listLoop(ctx.db, ctx.user, body, ctx.t, ctx.locale, ctx.config.businessTimeZone),
  ),
  implement(closedLoop.detailExport, ({ body }, ctx) => exportLoop(ctx, body)),
  implement(closedLoop.overseasImport, (_i, ctx) => tallyImport(ctx, remittanceImport)),
  implement(closedLoop.overseasTemplate, async (_i, ctx) =>
    templateFile(remittanceImport as unknown as ImportSpec<unknown, unknown>, ctx),
  ),
];
