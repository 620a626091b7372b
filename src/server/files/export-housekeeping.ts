import { existsSync, readdirSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { ExportStatus } from '../../shared/contract/export-task.ts';
import { fileMessages } from '../../shared/i18n/file-messages.ts';
import type { Db } from '../db/client.ts';
import { exportTasks } from '../db/schema/index.ts';
import type { JobEngine } from '../jobs/engine.ts';
import { JOB_SCHEMA } from '../jobs/job-schema.ts';
import { EXPORT_RUN, exportsDir, PARTIAL, settleExport } from './export.ts';
import { deleteStoredFiles } from './stored-file.ts';

/** Export housekeeping, at start and each minute: exports cut off with their process, partial files, retention. */

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
