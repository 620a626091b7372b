import { and, count, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  ExportStatus,
  type ExportSummary,
  type ExportTaskRecord,
} from '../../shared/contract/export-task.ts';
import { fileMessages } from '../../shared/i18n/file-messages.ts';
import type { Db } from '../db/client.ts';
import { exportTasks, users } from '../db/schema/index.ts';
import type { AuthUser, Ctx, FileResult } from '../http/context.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { Translate } from '../i18n.ts';
import { EXPORT_RUN, runHere, taskRecord, toRecord } from './export.ts';
import { failOrphanedExports } from './export-housekeeping.ts';
import { deleteStoredFiles, hasStoredFile, readStoredFile } from './stored-file.ts';

/** The caller's export tasks: their list and bell, seen marks, a retry, removal and the file. */

const ownTask = (user: AuthUser, id: number) => and(eq(exportTasks.id, id), eq(exportTasks.userId, user.id));

/**
 * The caller's own export tasks, newest first. Everyone sees only their own, administrators too:
 * an export holds what its maker could see, which may be more than another may (README "Exports").
 */
export async function listExportTasks(
  db: Db,
  user: AuthUser,
  q: { pageNo: number; pageSize: number; name?: string | undefined; status?: number | undefined },
  t: Translate,
) {
  await failOrphanedExports(db, user.id);
  const where: SQL[] = [eq(exportTasks.userId, user.id)];
  if (q.name) where.push(ilike(exportTasks.name, `%${q.name.replace(/[\\%_]/g, '\\$&')}%`));
  if (q.status !== undefined) where.push(eq(exportTasks.status, q.status));
  const cond = and(...where);
  const [total] = await db.select({ n: count() }).from(exportTasks).where(cond);
  const rows = await db
    .select({ task: exportTasks, createdBy: users.username })
    .from(exportTasks)
    .innerJoin(users, eq(users.id, exportTasks.userId))
    .where(cond)
    .orderBy(desc(exportTasks.createdAt), desc(exportTasks.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return {
    records: rows.map((r) => toRecord({ ...r.task, createdBy: r.createdBy }, t)),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** The header bell: the caller's exports waiting or running, finished and not seen, the latest 8. */
export async function exportSummary(db: Db, user: AuthUser, t: Translate): Promise<ExportSummary> {
  await failOrphanedExports(db, user.id);
  const [c] = await db
    .select({
      running: sql<number>`count(*) FILTER (WHERE ${exportTasks.status} IN (${ExportStatus.waiting}, ${ExportStatus.running}))::int`,
      unseen: sql<number>`count(*) FILTER (WHERE ${exportTasks.status} IN (${ExportStatus.done}, ${ExportStatus.failed}) AND ${exportTasks.seenAt} IS NULL)::int`,
    })
    .from(exportTasks)
    .where(eq(exportTasks.userId, user.id));
  const recent = await listExportTasks(db, user, { pageNo: 1, pageSize: 8 }, t);
  return { running: c?.running ?? 0, unseen: c?.unseen ?? 0, recent: recent.records };
}

/** Marks the caller's finished tasks (those named, or all) as seen; answers how many were not. */
export async function markExportsSeen(db: Db, user: AuthUser, ids: readonly number[] | undefined) {
  const r = await db
    .update(exportTasks)
    .set({ seenAt: new Date() })
    .where(
      and(
        eq(exportTasks.userId, user.id),
        inArray(exportTasks.status, [ExportStatus.done, ExportStatus.failed]),
        isNull(exportTasks.seenAt),
        ids ? inArray(exportTasks.id, ids.length ? [...ids] : [-1]) : undefined,
      ),
    )
    .returning({ id: exportTasks.id });
  return { marked: r.length };
}

/** Runs a finished task of the caller again (same call, same input), as a new attempt of the same task. */
export async function retryExport(ctx: Ctx, id: number): Promise<ExportTaskRecord> {
  const [task] = await ctx.db.select().from(exportTasks).where(ownTask(ctx.user, id));
  if (!task) throw notFound();
  if (task.status === ExportStatus.waiting || task.status === ExportStatus.running)
    throw new AppError(409, fileMessages.exportBusy);
  if (!task.call) throw new AppError(409, fileMessages.exportNotRepeatable);
  await ctx.db.transaction(async (tx) => {
    const jobId = await ctx.jobs.send(EXPORT_RUN, { taskId: id }, { tx: tx as unknown as Db });
    await deleteStoredFiles(tx as unknown as Db, task.filePath ? [task.filePath] : []);
    await tx
      .update(exportTasks)
      .set({
        status: ExportStatus.waiting,
        progress: 0,
        rowCount: 0,
        error: null,
        filePath: null,
        fileSize: null,
        finishedAt: null,
        seenAt: null,
        runner: null,
        jobId,
        createdAt: new Date(),
        expiresAt: sql`now() + interval '7 days'`,
      })
      .where(eq(exportTasks.id, id));
  });
  if (!ctx.jobs.working) runHere(ctx.jobs);
  return taskRecord(ctx.db, id);
}

/** Deletes a task of the caller and its file (not while it runs). */
export async function removeExport(db: Db, user: AuthUser, id: number) {
  const [task] = await db.select().from(exportTasks).where(ownTask(user, id));
  if (!task) throw notFound();
  if (task.status === ExportStatus.waiting || task.status === ExportStatus.running)
    throw new AppError(409, fileMessages.exportBusy);
  await db.transaction(async (tx) => {
    await deleteStoredFiles(tx as unknown as Db, task.filePath ? [task.filePath] : []);
    await tx.delete(exportTasks).where(eq(exportTasks.id, id));
  });
  return { deleted: true };
}

/** The file of one of the caller's finished tasks; another user's task answers 404. */
export async function exportFile(db: Db, user: AuthUser, id: number): Promise<FileResult> {
  const [task] = await db.select().from(exportTasks).where(ownTask(user, id));
  if (!task) throw notFound();
  if (task.status === ExportStatus.expired || task.expiresAt < new Date())
    throw new AppError(410, fileMessages.exportExpired);
  if (task.status === ExportStatus.failed) throw new AppError(409, fileMessages.exportFailed);
  if (task.status !== ExportStatus.done || !task.filePath)
    throw new AppError(409, fileMessages.exportNotReady);
  if (!(await hasStoredFile(db, task.filePath))) throw new AppError(410, fileMessages.exportExpired);
  if (!task.seenAt) await db.update(exportTasks).set({ seenAt: new Date() }).where(eq(exportTasks.id, id));
  return {
    filename: task.fileName,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: readStoredFile(db, task.filePath),
  };
}
