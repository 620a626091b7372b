import { cod } from '../../../shared/contract/cod.ts';
import { SHEET_FILE } from '../../../shared/contract/core.ts';
import { type ImportSpec, receiveFile, runImport, templateFile } from '../../files/import.ts';
import { implement } from '../../http/context.ts';
import { batchApproval } from './cod-approval.ts';
import { exportCod } from './cod-export.ts';
import { codImport } from './cod-import.ts';
import { listCod } from './cod-read.ts';

/** COD modifications: list, import and its template, batch approval, export. */
export const codRoutes = [
  implement(cod.list, ({ body }, ctx) => listCod(ctx.db, ctx.user, body, ctx.t)),
  implement(cod.import, async (_i, ctx) =>
    runImport(ctx, codImport, await receiveFile(ctx.req, SHEET_FILE), undefined),
  ),
  implement(cod.downloadTemplate, async (_i, ctx) =>
    templateFile(codImport as unknown as ImportSpec<unknown, unknown>, ctx),
  ),
  implement(cod.batchApproval, ({ body }, ctx) => batchApproval(ctx.db, ctx.user, body, ctx.t)),
  implement(cod.export, ({ body }, ctx) => exportCod(ctx, body)),
];
