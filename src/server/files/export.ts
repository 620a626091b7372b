import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { and, count, desc, eq, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ExportStatus, type ExportTaskRecord } from '../../shared/contract/export-task.ts';
import { fileMessages } from '../../shared/i18n/file-messages.ts';
import type { MessageDescriptor } from '../../shared/i18n/messages.ts';
import type { Db } from '../db/client.ts';
import { exportTasks, users } from '../db/schema/index.ts';
import type { AuthUser, Ctx, FileResult } from '../http/context.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { Translate } from '../i18n.ts';
import { businessText } from './sheet-time.ts';
import { deleteStoredFiles, hasStoredFile, readStoredFile, storeFile } from './stored-file.ts';

export type CellValue = string | number | Date | null | undefined;

export interface ExportColumn<R> {
  header: MessageDescriptor;
  /** Values of the header's placeholders (e.g. the currency of an amount column). */
  headerValues?: Record<string, unknown>;
  value: (row: R) => CellValue;
  width?: number;
  /**
   * A moment (a Date or an ISO string): written as its wall clock in the business time zone,
   * "YYYY-MM-DD HH:mm:ss" (text, so the file can be imported again as it is), with the zone named
   * in the header ("Created at (Asia/Riyadh)").
   */
  time?: boolean;
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

/**
 * A cell of a column: a moment as the business time zone's wall clock, never as UTC (a Date that
 * ExcelJS would write as a UTC date cell becomes that text too, time column or not).
 */
export function exportCell(value: CellValue, time: boolean | undefined, timeZone: string) {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : businessText(value, timeZone);
  if (time && typeof value === 'string' && value !== '') {
    const at = new Date(value);
    return Number.isNaN(at.getTime()) ? value : businessText(at, timeZone);
  }
  return safeCell(value);
}

/** A column's header in the caller's language; a time column's names the business time zone. */
export function exportHeader(c: ExportColumn<unknown>, t: Translate, timeZone: string): string {
  const text = t(c.header, c.headerValues);
  return c.time ? `${text} (${timeZone})` : text;
}

/** Where exports are written before they go into the database (scratch space of this process). */
export const exportsDir = (dataDir: string) => join(dataDir, 'exports');

/** Background exports in flight, so shutdown and tests can wait for them. */
const running = new Set<Promise<void>>();
export const exportsInFlight = () => Promise.allSettled([...running]);

/**
 * A running export says it is alive this often; one silent for STALE_SECONDS was cut off with its
 * process (a crash, a kill) and is marked failed by whichever process looks at it next.
 */
const HEARTBEAT_MS = 20_000;
const STALE_SECONDS = 120;

const fileKey = (taskId: number) => `export:${taskId}`;

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
  const job = writeExport(
    ctx.db,
    ctx.config.dataDir,
    task!.id,
    spec,
    ctx.t,
    ctx.config.businessTimeZone,
    ctx.req.log,
  ).finally(() => running.delete(job));
  running.add(job);
  return toRecord({ ...task!, createdBy: user.username });
}

async function writeExport<R>(
  db: Db,
  dataDir: string,
  taskId: number,
  spec: ExportSpec<R>,
  t: Translate,
  timeZone: string,
  log: { error: (o: object, m: string) => void },
): Promise<void> {
  const dir = exportsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const partial = join(dir, `${taskId}-${randomBytes(8).toString('hex')}.xlsx.part`);
  const beat = () =>
    db.update(exportTasks).set({ heartbeatAt: new Date() }).where(eq(exportTasks.id, taskId));
  const heartbeat = setInterval(() => void beat().catch(() => {}), HEARTBEAT_MS);
  heartbeat.unref();
  try {
    await db
      .update(exportTasks)
      .set({ status: ExportStatus.running, heartbeatAt: new Date() })
      .where(eq(exportTasks.id, taskId));
    const columns = typeof spec.columns === 'function' ? await spec.columns(db) : spec.columns;
    const expected = Math.max(1, await spec.count(db));
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: partial,
      useSharedStrings: false,
      useStyles: true,
    });
    const ws = wb.addWorksheet('Sheet1');
    ws.columns = columns.map((c, i) => ({
      header: exportHeader(c as ExportColumn<unknown>, t, timeZone),
      key: String(i),
      width: c.width ?? 18,
    }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    let n = 0;
    let lastProgress = 0;
    for await (const row of spec.rows(db)) {
      ws.addRow(columns.map((c) => exportCell(c.value(row), c.time, timeZone))).commit();
      n++;
      const progress = Math.min(99, Math.floor((n / expected) * 100));
      if (progress >= lastProgress + 5) {
        lastProgress = progress;
        await db.update(exportTasks).set({ progress, rowCount: n }).where(eq(exportTasks.id, taskId));
      }
    }
    ws.commit();
    await wb.commit();
    // The file goes into the database with the task's "done", so any process can serve it.
    await db.transaction(async (tx) => {
      const size = await storeFile(tx as unknown as Db, fileKey(taskId), partial);
      await tx
        .update(exportTasks)
        .set({
          status: ExportStatus.done,
          progress: 100,
          rowCount: n,
          filePath: fileKey(taskId),
          fileSize: size,
          finishedAt: new Date(),
        })
        .where(eq(exportTasks.id, taskId));
    });
  } catch (err) {
    log.error({ err, taskId }, 'export failed');
    await db
      .update(exportTasks)
      .set({
        status: ExportStatus.failed,
        error: String((err as Error).message ?? err).slice(0, 500),
        finishedAt: new Date(),
      })
      .where(eq(exportTasks.id, taskId))
      .catch(() => {});
  } finally {
    clearInterval(heartbeat);
    rmSync(partial, { force: true });
  }
}

/** Marks failed the unfinished exports whose process stopped saying it is alive (killed, crashed). */
export async function failAbandonedExports(db: Db, userId?: number): Promise<number> {
  const r = await db
    .update(exportTasks)
    .set({ status: ExportStatus.failed, error: 'interrupted', finishedAt: new Date() })
    .where(
      and(
        inArray(exportTasks.status, [ExportStatus.waiting, ExportStatus.running]),
        lt(exportTasks.heartbeatAt, sql`now() - make_interval(secs => ${STALE_SECONDS})`),
        userId === undefined ? undefined : eq(exportTasks.userId, userId),
      ),
    )
    .returning({ id: exportTasks.id });
  return r.length;
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
  await failAbandonedExports(db, user.id);
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
  await failAbandonedExports(db, user.id);
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
  if (!(await hasStoredFile(db, task.filePath))) throw new AppError(410, fileMessages.exportExpired);
  return {
    filename: task.fileName,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: readStoredFile(db, task.filePath),
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
  await deleteStoredFiles(
    db,
    expired.flatMap((e) => (e.path ? [e.path] : [])),
  );
  if (expired.length)
    await db.update(exportTasks).set({ status: ExportStatus.expired, filePath: null }).where(cond);
  return expired.length;
}
