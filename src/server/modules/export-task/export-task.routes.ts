import { exportTask } from '../../../shared/contract/export-task.ts';
import {
  exportFile,
  exportSummary,
  listExportTasks,
  markExportsSeen,
  removeExport,
  retryExport,
} from '../../files/export-tasks.ts';
import { implement } from '../../http/context.ts';

/** Each account's own export tasks (the export centre: the header's bell and the Exports screen). */
export const exportTaskRoutes = [
  implement(exportTask.listExportTask, ({ body }, ctx) => listExportTasks(ctx.db, ctx.user, body, ctx.t)),
  implement(exportTask.download, ({ params }, ctx) => exportFile(ctx.db, ctx.user, params.id)),
  implement(exportTask.summary, (_i, ctx) => exportSummary(ctx.db, ctx.user, ctx.t)),
  implement(exportTask.markSeen, ({ body }, ctx) => markExportsSeen(ctx.db, ctx.user, body.ids)),
  implement(exportTask.retry, ({ params }, ctx) => retryExport(ctx, params.id)),
  implement(exportTask.remove, ({ params }, ctx) => removeExport(ctx.db, ctx.user, params.id)),
];
