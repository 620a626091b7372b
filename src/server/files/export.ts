import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { and, count, desc, eq, ilike, inArray, isNull, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  ExportStatus,
  type ExportSummary,
  type ExportTaskRecord,
} from '../../shared/contract/export-task.ts';
import { fileMessages } from '../../shared/i18n/file-messages.ts';
import type { MessageDescriptor } from '../../shared/i18n/messages.ts';
import type { Db } from '../db/client.ts';
import { exportTasks, users } from '../db/schema/index.ts';
import type { AuthUser, Ctx, FileResult } from '../http/context.ts';
import { AppError, notFound } from '../http/errors.ts';
import { readStored, type Translate } from '../i18n.ts';
import { type JobEngine, jobName } from '../jobs/engine.ts';
import { JOB_SCHEMA } from '../jobs/job-schema.ts';
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

/**
 * Exports are jobs of the job engine (queue `export`): the request records the task, with the call
 * and input that asked for it, and enqueues its job in the same transaction; whichever process
 * takes the job runs that call again as its caller, and the call's `startExport` then writes the
 * file (see runExportTask). A process that dies while writing stops beating: the engine fails the
 * attempt (heartbeat lost) and another process writes the file again from the start.
 */
export const EXPORT_RUN = jobName<{ taskId: number }>('export');

/** This process, as export tasks name the process writing them. */
export const RUNNER = `${hostname()} ${process.pid}`;

/** Set while an export job runs a task's call again: startExport then writes that task's file. */
interface ExportRun {
  taskId: number;
  signal: AbortSignal;
  /** Where the export's rows are read (the read replica when there is one); the task is written on `db`. */
  reads?: Db | undefined;
}
const exportRun = new AsyncLocalStorage<ExportRun>();

/**
 * Exports this process started without working the queues itself (test apps): it runs their jobs
 * at once, so they end as in a working process; shutdown and tests wait for them here.
 */
const running = new Set<Promise<void>>();
export const exportsInFlight = () => Promise.allSettled([...running]);

/** The task's `heartbeat_at` is renewed this often while its file is written (the engine beats the job). */
const HEARTBEAT_MS = 10_000;

const fileKey = (taskId: number) => `export:${taskId}`;

/** The input of a call as it came (re-validated when the job runs it again). */
export interface ExportCallInput {
  params: unknown;
  query: unknown;
  body: unknown;
}

/** "POST /api/common/v1/region/export": how a task names the call that made it. */
export const callKey = (method: string, routeUrl: string) => `${method} ${routeUrl}`;

/**
 * Records an export task and enqueues its job; answers the task at once so the screen can show its
 * progress (export/listExportTask) and offer the file when done. Run by the export job (inside
 * runExportTask), it writes the task's file instead, and answers the task once written.
 */
export async function startExport<R>(ctx: Ctx, spec: ExportSpec<R>): Promise<ExportTaskRecord> {
  const run = exportRun.getStore();
  if (run) {
    await writeExport(ctx.db, ctx.config.dataDir, run, spec, ctx.t, ctx.config.businessTimeZone);
    return taskRecord(ctx.db, run.taskId);
  }
  const user = ctx.user;
  const name = ctx.t(spec.title);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  const req = ctx.req;
  const task = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(exportTasks)
      .values({
        kind: spec.kind,
        name,
        filters: spec.filters,
        userId: user.id,
        customerId: user.customerId,
        fileName: `${name}-${stamp}.xlsx`,
        call: callKey(req.method, req.routeOptions?.url ?? req.url),
        input: { params: req.params ?? null, query: req.query ?? null, body: req.body ?? null },
        locale: ctx.locale,
      })
      .returning();
    const jobId = await ctx.jobs.send(EXPORT_RUN, { taskId: row!.id }, { tx: tx as unknown as Db });
    await tx.update(exportTasks).set({ jobId }).where(eq(exportTasks.id, row!.id));
    return row!;
  });
  if (!ctx.jobs.working) runHere(ctx.jobs);
  return toRecord({ ...task, createdBy: user.username });
}

/** A process that does not work the queues (tests) runs the export jobs it sent itself. */
export function runHere(jobs: JobEngine): void {
  const job = jobs
    .drain([EXPORT_RUN])
    // A drain cut short by a closing engine leaves its job queued: recoverExports() picks it up.
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => running.delete(job));
  running.add(job);
}

async function taskRecord(db: Db, taskId: number): Promise<ExportTaskRecord> {
  const [r] = await db
    .select({ task: exportTasks, createdBy: users.username })
    .from(exportTasks)
    .innerJoin(users, eq(users.id, exportTasks.userId))
    .where(eq(exportTasks.id, taskId));
  if (!r) throw notFound();
  return toRecord({ ...r.task, createdBy: r.createdBy });
}

/** The partial files of a task in `dir`: "<task>-<pid>-<random>.xlsx.part". */
const PARTIAL = /^(\d+)-(\d+)-[0-9a-f]+\.xlsx\.part$/;

async function writeExport<R>(
  db: Db,
  dataDir: string,
  run: ExportRun,
  spec: ExportSpec<R>,
  t: Translate,
  timeZone: string,
): Promise<void> {
  const { taskId, signal } = run;
  const dir = exportsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  // What an earlier attempt on this disk left (its process died while writing).
  for (const f of readdirSync(dir))
    if (PARTIAL.exec(f)?.[1] === String(taskId)) rmSync(join(dir, f), { force: true });
  const partial = join(dir, `${taskId}-${process.pid}-${randomBytes(8).toString('hex')}.xlsx.part`);
  const beat = () =>
    db.update(exportTasks).set({ heartbeatAt: new Date() }).where(eq(exportTasks.id, taskId));
  const heartbeat = setInterval(() => void beat().catch(() => {}), HEARTBEAT_MS);
  heartbeat.unref();
  try {
    await db
      .update(exportTasks)
      .set({
        status: ExportStatus.running,
        progress: 0,
        rowCount: 0,
        error: null,
        runner: RUNNER,
        heartbeatAt: new Date(),
      })
      .where(eq(exportTasks.id, taskId));
    const reads = run.reads ?? db;
    const columns = typeof spec.columns === 'function' ? await spec.columns(reads) : spec.columns;
    const expected = Math.max(1, await spec.count(reads));
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
    for await (const row of spec.rows(reads)) {
      ws.addRow(columns.map((c) => exportCell(c.value(row), c.time, timeZone))).commit();
      n++;
      const progress = Math.min(99, Math.floor((n / expected) * 100));
      if (progress >= lastProgress + 5) {
        signal.throwIfAborted();
        lastProgress = progress;
        await db.update(exportTasks).set({ progress, rowCount: n }).where(eq(exportTasks.id, taskId));
      }
    }
    ws.commit();
    await wb.commit();
    signal.throwIfAborted();
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
          runner: null,
          error: null,
        })
        .where(eq(exportTasks.id, taskId));
    });
  } finally {
    clearInterval(heartbeat);
    rmSync(partial, { force: true });
  }
}

/** Runs `fn` as the export job of task `taskId`: the call's startExport writes that task's file. */
export const asExportRun = <T>(run: ExportRun, fn: () => Promise<T>): Promise<T> => exportRun.run(run, fn);

/** Sets a task's outcome when its job gives up or waits for another attempt. */
export async function settleExport(
  db: Db,
  taskId: number,
  outcome: { failed: true; error: string } | { failed: false; error: string },
): Promise<void> {
  await db
    .update(exportTasks)
    .set(
      outcome.failed
        ? {
            status: ExportStatus.failed,
            error: outcome.error.slice(0, 500),
            finishedAt: new Date(),
            runner: null,
          }
        : { status: ExportStatus.waiting, error: outcome.error.slice(0, 500), runner: null },
    )
    .where(
      and(
        eq(exportTasks.id, taskId),
        inArray(exportTasks.status, [ExportStatus.waiting, ExportStatus.running]),
      ),
    );
}

/** Whether process `pid` of this machine is alive (EPERM: alive, not ours to signal). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Issue 37 item 8, at start and each minute (export housekeeping):
 * - an export that a dead process of this machine was writing is given up at once (its job failed,
 *   so the engine runs it again now, here or elsewhere), not left "running" until its heartbeat
 *   times out; an export of a live process, here or on another machine, is left alone;
 * - a task whose job has ended or is gone (its last attempt died with its process; a task of an
 *   older build) is marked failed, never shown running for ever;
 * - partial files in DATA_DIR that no live process is writing are removed.
 * Answers what it did.
 */
export async function recoverExports(
  db: Db,
  jobs: JobEngine,
  dataDir: string,
): Promise<{ retried: number; failed: number; removed: number }> {
  const host = hostname();
  const open = await db
    .select({ id: exportTasks.id, runner: exportTasks.runner, jobId: exportTasks.jobId })
    .from(exportTasks)
    .where(
      and(
        eq(exportTasks.status, ExportStatus.running),
        sql`split_part(${exportTasks.runner}, ' ', 1) = ${host}`,
      ),
    );
  let retried = 0;
  for (const task of open) {
    const pid = Number(task.runner!.slice(host.length + 1));
    if (pid === process.pid || processAlive(pid) || !task.jobId) continue;
    await jobs.boss.fail(EXPORT_RUN, task.jobId, { message: 'its process died' }).catch(() => undefined);
    await settleExport(db, task.id, { failed: false, error: fileMessages.exportInterrupted.id });
    retried++;
  }
  const failed = await failOrphanedExports(db);
  return { retried, failed, removed: await removeOrphanedPartials(db, dataDir) };
}

/**
 * Marks failed the unfinished tasks (of `userId`, or all) whose job is no longer queued or running:
 * its last attempt was cut off with its process, or the task is an older build's, with no job.
 */
export async function failOrphanedExports(db: Db, userId?: number): Promise<number> {
  const r = await db.execute(sql`
    UPDATE export_tasks t
    SET status = ${ExportStatus.failed}, finished_at = now(), runner = NULL,
      error = CASE WHEN t.job_id IS NULL THEN ${fileMessages.exportNotRepeatable.id} ELSE ${fileMessages.exportCutOff.id} END
    WHERE t.status IN (${ExportStatus.waiting}, ${ExportStatus.running})
      ${userId === undefined ? sql`` : sql`AND t.user_id = ${userId}`}
      AND t.created_at < now() - interval '5 seconds'
      AND NOT EXISTS (
        SELECT 1 FROM ${sql.raw(JOB_SCHEMA)}.job j
        WHERE j.name = ${EXPORT_RUN} AND j.id::text = t.job_id AND j.state IN ('created', 'retry', 'active')
      )`);
  return r.rowCount ?? 0;
}

/** Removes partial files whose writer is dead or whose task no longer runs; leaves live writers' alone. */
export async function removeOrphanedPartials(db: Db, dataDir: string): Promise<number> {
  const dir = exportsDir(dataDir);
  if (!existsSync(dir)) return 0;
  const files = readdirSync(dir).filter((f) => f.endsWith('.part'));
  if (!files.length) return 0;
  const ids = [...new Set(files.flatMap((f) => (PARTIAL.exec(f) ? [Number(PARTIAL.exec(f)![1])] : [])))];
  const live = new Set(
    ids.length
      ? (
          await db
            .select({ id: exportTasks.id })
            .from(exportTasks)
            .where(and(inArray(exportTasks.id, ids), eq(exportTasks.status, ExportStatus.running)))
        ).map((r) => r.id)
      : [],
  );
  let removed = 0;
  for (const f of files) {
    const m = PARTIAL.exec(f);
    // A name of an older build, a task no longer running, or a writer that is gone.
    if (m && live.has(Number(m[1])) && (Number(m[2]) === process.pid || processAlive(Number(m[2])))) continue;
    rmSync(join(dir, f), { force: true });
    removed++;
  }
  return removed;
}

type TaskRow = typeof exportTasks.$inferSelect & { createdBy: string };

function toRecord(r: TaskRow, t?: Translate): ExportTaskRecord {
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
    error: r.error === null ? null : t ? readStored(t, r.error) : r.error,
    seen: r.seenAt !== null,
  };
}

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

/**
 * The 7 days' retention (export housekeeping, each minute): the tasks past `expires_at` go, with
 * their files. A task still waiting or running is left to finish (its file then lives 7 days from
 * the retry that made it). Answers how many went.
 */
export async function purgeExpiredExports(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(exportTasks)
      .where(
        and(
          lt(exportTasks.expiresAt, sql`now()`),
          notInArray(exportTasks.status, [ExportStatus.waiting, ExportStatus.running]),
        ),
      )
      .returning({ path: exportTasks.filePath });
    await deleteStoredFiles(
      tx as unknown as Db,
      gone.flatMap((e) => (e.path ? [e.path] : [])),
    );
    return gone.length;
  });
}
