import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { and, count, desc, eq, ilike, lt, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ExportStatus, type ExportTaskRecord } from '../../shared/contract/export-task.ts';
import { fileMessages } from '../../shared/i18n/file-messages.ts';
import type { MessageDescriptor } from '../../shared/i18n/messages.ts';
import type { Db } from '../db/client.ts';
import { exportTasks, users } from '../db/schema/index.ts';
import type { AuthUser, Ctx, FileResult } from '../http/context.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { Translate } from '../i18n.ts';

export type CellValue = string | number | Date | null | undefined;

export interface ExportColumn<R> {
  header: MessageDescriptor;
  /** Values of the header's placeholders (e.g. the currency of an amount column). */
  headerValues?: Record<string, unknown>;
  value: (row: R) => CellValue;
  width?: number;
}

export interface ExportSpec<R> {
  /** Names the export in export_tasks.kind. */
  kind: string;
  /** File and task name (translated in the caller's language). */
  title: MessageDescriptor;
  /**
   * The columns, or how to find them when they depend on the data (a column per currency found):
   * called in the background first, before `count` and `rows`, so an export of a few aggregated
   * rows may read them here once and hand them to both.
   */
  columns: readonly ExportColumn<R>[] | ((db: Db) => Promise<readonly ExportColumn<R>[]>);
  /** The filters the rows were selected by, kept with the task. */
  filters: Record<string, unknown>;
  /** How many rows will come (for progress); may be an estimate. */
  count: (db: Db) => Promise<number>;
  /** The rows, streamed (see keysetPages); never all in memory at once. */
  rows: (db: Db) => AsyncIterable<R>;
}

/** Reads a table in pages by an increasing key, so an export holds one page in memory at a time. */
export async function* keysetPages<R>(
  page: (after: number | null, limit: number) => Promise<R[]>,
  keyOf: (row: R) => number,
  limit = 2000,
): AsyncGenerator<R> {
  let after: number | null = null;
  for (;;) {
    const rows = await page(after, limit);
    for (const r of rows) yield r;
    if (rows.length < limit) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/**
 * Text that a spreadsheet could read as a formula (= + - @, tab, CR) is written as a text cell;
 * ExcelJS writes every JS string as a string cell, never as a formula, and this function keeps
 * numbers and dates typed.
 */
export function safeCell(value: CellValue): string | number | Date | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return value;
  return String(value);
}

export const exportsDir = (dataDir: string) => join(dataDir, 'exports');

/** Background exports in flight, so shutdown and tests can wait for them. */
const running = new Set<Promise<void>>();
export const exportsInFlight = () => Promise.allSettled([...running]);

/**
 * Records an export task and writes its file in the background; answers the task at once so the
 * screen can show its progress (export/listExportTask) and offer the file when done.
 */
export async function startExport<R>(ctx: Ctx, spec: ExportSpec<R>): Promise<ExportTaskRecord> {
  const user = ctx.user;
  const name = ctx.t(spec.title);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  const [task] = await ctx.db
    .insert(exportTasks)
    .values({
      kind: spec.kind,
      name,
      filters: spec.filters,
      userId: user.id,
      customerId: user.customerId,
      fileName: `${name}-${stamp}.xlsx`,
    })
    .returning();
  const job = writeExport(ctx.db, ctx.config.dataDir, task!.id, spec, ctx.t, ctx.req.log).finally(() =>
    running.delete(job),
  );
  running.add(job);
  return toRecord({ ...task!, createdBy: user.username });
}

async function writeExport<R>(
  db: Db,
  dataDir: string,
  taskId: number,
  spec: ExportSpec<R>,
  t: Translate,
  log: { error: (o: object, m: string) => void },
): Promise<void> {
  const dir = exportsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${taskId}-${randomBytes(8).toString('hex')}.xlsx`);
  const partial = `${path}.part`;
  try {
    await db.update(exportTasks).set({ status: ExportStatus.running }).where(eq(exportTasks.id, taskId));
    const columns = typeof spec.columns === 'function' ? await spec.columns(db) : spec.columns;
    const expected = Math.max(1, await spec.count(db));
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: partial,
      useSharedStrings: false,
      useStyles: true,
    });
    const ws = wb.addWorksheet('Sheet1');
    ws.columns = columns.map((c, i) => ({
      header: t(c.header, c.headerValues),
      key: String(i),
      width: c.width ?? 18,
    }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    let n = 0;
    let lastProgress = 0;
    for await (const row of spec.rows(db)) {
      ws.addRow(columns.map((c) => safeCell(c.value(row)))).commit();
      n++;
      const progress = Math.min(99, Math.floor((n / expected) * 100));
      if (progress >= lastProgress + 5) {
        lastProgress = progress;
        await db.update(exportTasks).set({ progress, rowCount: n }).where(eq(exportTasks.id, taskId));
      }
    }
    ws.commit();
    await wb.commit();
    renameSync(partial, path);
    await db
      .update(exportTasks)
      .set({
        status: ExportStatus.done,
        progress: 100,
        rowCount: n,
        filePath: path,
        fileSize: statSync(path).size,
        finishedAt: new Date(),
      })
      .where(eq(exportTasks.id, taskId));
  } catch (err) {
    log.error({ err, taskId }, 'export failed');
    rmSync(partial, { force: true });
    await db
      .update(exportTasks)
      .set({
        status: ExportStatus.failed,
        error: String((err as Error).message ?? err).slice(0, 500),
        finishedAt: new Date(),
      })
      .where(eq(exportTasks.id, taskId))
      .catch(() => {});
  }
}

type TaskRow = typeof exportTasks.$inferSelect & { createdBy: string };

function toRecord(r: TaskRow): ExportTaskRecord {
  return {
    recId: r.id,
    kind: r.kind,
    name: r.name,
    filters: r.filters as Record<string, unknown>,
    status: r.status,
    rowCount: r.rowCount,
    progress: r.progress,
    fileName: r.fileName,
    fileSize: r.fileSize,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt.toISOString(),
  };
}

/** The caller's own export tasks, newest first. */
export async function listExportTasks(
  db: Db,
  user: AuthUser,
  q: { pageNo: number; pageSize: number; name?: string | undefined; status?: number | undefined },
) {
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
    records: rows.map((r) => toRecord({ ...r.task, createdBy: r.createdBy })),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** The file of one of the caller's finished tasks; another user's task answers 404. */
export async function exportFile(db: Db, user: AuthUser, id: number): Promise<FileResult> {
  const [task] = await db
    .select()
    .from(exportTasks)
    .where(and(eq(exportTasks.id, id), eq(exportTasks.userId, user.id)));
  if (!task) throw notFound();
  if (task.status === ExportStatus.expired || task.expiresAt < new Date())
    throw new AppError(410, fileMessages.exportExpired);
  if (task.status === ExportStatus.failed) throw new AppError(409, fileMessages.exportFailed);
  if (task.status !== ExportStatus.done || !task.filePath)
    throw new AppError(409, fileMessages.exportNotReady);
  return {
    filename: task.fileName,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: createReadStream(task.filePath),
  };
}

/** Removes the files of expired tasks (at start and daily) and marks the tasks expired. */
export async function purgeExpiredExports(db: Db): Promise<number> {
  const cond = and(
    lt(exportTasks.expiresAt, sql`now()`),
    sql`${exportTasks.status} <> ${ExportStatus.expired}`,
  );
  const expired = await db
    .select({ id: exportTasks.id, path: exportTasks.filePath })
    .from(exportTasks)
    .where(cond);
  for (const e of expired) if (e.path) rmSync(e.path, { force: true });
  if (expired.length)
    await db.update(exportTasks).set({ status: ExportStatus.expired, filePath: null }).where(cond);
  return expired.length;
}
