import { statement } from '../../../shared/contract/statement.ts';
import { PromptKind as Kind, type PromptKind } from '../../../shared/domain/prompt-record.ts';
import { type ImportSpec, templateFile } from '../../files/import.ts';
import { type Ctx, implement } from '../../http/context.ts';
import { exportPrompt } from './prompt-export.ts';
import { promptImport, tallyImport } from './prompt-import.ts';
import { listPromptLogs } from './prompt-log.ts';
import { listPrompt } from './prompt-read.ts';

const imports = { [Kind.delivery]: promptImport(Kind.delivery), [Kind.return]: promptImport(Kind.return) };

const template = (ctx: Ctx, kind: PromptKind) =>
  templateFile(imports[kind] as unknown as ImportSpec<unknown, unknown>, ctx);

/** Carriers' delivery and return confirmations: lists, exports, imports, their templates and log. */
export const promptRecordRoutes = [
  implement(statement.promptDeliveryList, ({ body }, ctx) =>
    listPrompt(ctx.db, ctx.user, Kind.delivery, body, ctx.t, ctx.locale),
  ),
  implement(statement.promptReturnList, ({ body }, ctx) =>
    listPrompt(ctx.db, ctx.user, Kind.return, body, ctx.t, ctx.locale),
  ),
  implement(statement.promptDeliveryExport, ({ body }, ctx) => exportPrompt(ctx, Kind.delivery, body)),
  implement(statement.promptReturnExport, ({ body }, ctx) => exportPrompt(ctx, Kind.return, body)),
  implement(statement.importPromptDelivery, (_i, ctx) => tallyImport(ctx, imports[Kind.delivery])),
  implement(statement.importPromptReturn, (_i, ctx) => tallyImport(ctx, imports[Kind.return])),
  implement(statement.downloadDeliveryFile, async (_i, ctx) => template(ctx, Kind.delivery)),
  implement(statement.downloadReturnFile, async (_i, ctx) => template(ctx, Kind.return)),
  implement(statement.promptLogList, ({ body }, ctx) => listPromptLogs(ctx.db, body, ctx.t)),
];
