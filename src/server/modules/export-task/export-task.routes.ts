import { exportTask } from '../../../shared/contract/export-task.ts';
import { exportFile, listExportTasks } from '../../files/export.ts';
import { implement } from '../../http/context.ts';

export const exportTaskRoutes = [
  implement(exportTask.listExportTask, ({ body }, ctx) => listExportTasks(ctx.db, ctx.user, body)),
  implement(exportTask.download, ({ params }, ctx) => exportFile(ctx.db, ctx.user, params.id)),
];
