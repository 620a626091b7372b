import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ExportStatus, type ExportTaskRecord } from '../../shared/contract/export-task.ts';
import type { MessageDescriptor } from '../../shared/i18n/messages.ts';
import type { Db } from '../db/client.ts';
import { exportTasks, users } from '../db/schema/index.ts';
import type { Ctx } from '../http/context.ts';
import { notFound } from '../http/errors.ts';
import { readStored, type Translate } from '../i18n.ts';
import { type JobEngine, jobName } from '../jobs/engine.ts';
import { businessText } from './sheet-time.ts';
import { storeFile } from './stored-file.ts';

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

export async function taskRecord(db: Db, taskId: number): Promise<ExportTaskRecord> {
  const [r] = await db
    .select({ task: exportTasks, createdBy: users.username })
    .from(exportTasks)
    .innerJoin(users, eq(users.id, exportTasks.userId))
    .where(eq(exportTasks.id, taskId));
  if (!r) throw notFound();
  return toRecord({ ...r.task, createdBy: r.createdBy });
}

/** The partial files of a task in `dir`: "<task>-<pid>-<random>.xlsx.part". */
export const PARTIAL = /^(\d+)-(\d+)-[0-9a-f]+\.xlsx\.part$/;

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

export type TaskRow = typeof exportTasks.$inferSelect & { createdBy: string };

export function toRecord(r: TaskRow, t?: Translate): ExportTaskRecord {
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
