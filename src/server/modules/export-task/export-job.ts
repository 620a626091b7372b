import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ExportStatus } from '../../../shared/contract/export-task.ts';
import { API_BASE, toRoutePath } from '../../../shared/contract/wire.ts';
import { fileMessages } from '../../../shared/i18n/file-messages.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ReplicaRouter } from '../../db/replica.ts';
import { exportTasks } from '../../db/schema/index.ts';
import { asExportRun, callKey, EXPORT_RUN, type ExportCallInput, settleExport } from '../../files/export.ts';
import { purgeExpiredExports, recoverExports } from '../../files/export-housekeeping.ts';
import { mayCall } from '../../http/access.ts';
import type { Ctx, Implementation, Input } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { loadAccountUser } from '../../http/session.ts';
import { requestLocale, translator } from '../../i18n.ts';
import { type JobDefinition, type JobEngine, type JobLog, type JobRun, jobName } from '../../jobs/engine.ts';
import { implementations } from '../index.ts';

/**
 * The export job (queue `export`): runs the call that asked for an export again, as its caller, in
 * whichever process takes the job; the call's startExport writes the task's file (files/export.ts).
 */

/** The calls an export job may run again, by "METHOD /route". */
const calls = new Map<string, Implementation>();

/** Makes calls runnable by the export job (the app's under API_BASE; a test's own under its prefix). */
export function registerExportCalls(impls: readonly Implementation[], prefix: string): void {
  for (const i of impls) calls.set(callKey(i.def.method, prefix + toRoutePath(i.def.path)), i);
}
registerExportCalls(implementations, API_BASE);

/** A task's call input, validated again by the call's own schemas; undefined if it no longer fits. */
function parseInput(impl: Implementation, stored: unknown): Input<never> | undefined {
  const given = (stored ?? {}) as Partial<ExportCallInput>;
  const part = (schema: z.ZodType | undefined, value: unknown, body: boolean) => {
    if (!schema) return { ok: true as const, data: undefined };
    const r = schema.safeParse(value ?? (body ? {} : undefined));
    return r.success ? { ok: true as const, data: r.data } : { ok: false as const };
  };
  const params = part(impl.def.params, given.params, false);
  const query = part(impl.def.query, given.query, false);
  const body = part(impl.def.body, given.body, true);
  if (!params.ok || !query.ok || !body.ok) return undefined;
  return { params: params.data, query: query.data, body: body.data } as Input<never>;
}

/**
 * One attempt of an export task's job. A refusal of the call (its filters no longer valid, its
 * maker disabled or no longer allowed) fails the task for good; any other failure is retried by
 * the engine, the task waiting meanwhile, and fails the task on the last attempt.
 */
async function runExportTask(
  db: Db,
  config: Config,
  jobs: JobEngine,
  log: JobLog,
  replica: ReplicaRouter | undefined,
  taskId: number,
  job: JobRun,
): Promise<void> {
  const [task] = await db.select().from(exportTasks).where(eq(exportTasks.id, taskId));
  // Deleted, finished, or run again by a newer job (retry): nothing for this one to do.
  if (!task || task.jobId !== job.id) return;
  if (task.status !== ExportStatus.waiting && task.status !== ExportStatus.running) return;
  const giveUp = (error: string) => settleExport(db, taskId, { failed: true, error });
  const impl = task.call ? calls.get(task.call) : undefined;
  if (!impl) return giveUp(fileMessages.exportNotRepeatable.id);
  const user = await loadAccountUser(db, task.userId, `export:${taskId}`);
  if (!user || !mayCall(impl.def.access, user)) return giveUp(fileMessages.exportNotAllowed.id);
  const input = parseInput(impl, task.input);
  if (!input) return giveUp(fileMessages.exportNotRepeatable.id);
  const locale = requestLocale({ 'local-lang': task.locale ?? undefined });
  const t = translator(locale);
  const [method, url] = task.call!.split(' ') as [string, string];
  const stored = (task.input ?? {}) as Partial<ExportCallInput>;
  const req = {
    id: `export-${taskId}`,
    ip: '',
    method,
    url,
    routeOptions: { url },
    headers: { 'local-lang': locale },
    params: stored.params,
    query: stored.query,
    body: stored.body,
    log,
  } as unknown as FastifyRequest;
  const ctx: Ctx = {
    user,
    optionalUser: user,
    db,
    rootDb: db,
    config,
    jobs,
    locale,
    t,
    req,
    reply: {} as FastifyReply,
  };
  try {
    // The rows come from the read replica when there is one (the primary when it lags or is down);
    // the call's own checks and the task's progress use the primary.
    const reads = replica ? (await replica.readDb()).db : undefined;
    await asExportRun({ taskId, signal: job.signal, reads }, () => impl.handler(input as never, ctx));
  } catch (err) {
    if (err instanceof AppError) return giveUp(t(err.descriptor, err.values));
    log.warn({ err, taskId, attempt: job.attempt }, 'export attempt failed');
    const stopped = job.signal.aborted;
    await settleExport(
      db,
      taskId,
      job.lastAttempt
        ? {
            failed: true,
            error: stopped ? fileMessages.exportCutOff.id : String((err as Error).message ?? err),
          }
        : {
            failed: false,
            error: stopped ? fileMessages.exportInterrupted.id : String((err as Error).message ?? err),
          },
    );
    throw err;
  }
  const [after] = await db
    .select({ status: exportTasks.status })
    .from(exportTasks)
    .where(eq(exportTasks.id, taskId));
  // The call answered without exporting (it no longer finds what it exported).
  if (after && after.status !== ExportStatus.done) await giveUp(fileMessages.exportFailed.id);
}

export function exportJob(
  db: Db,
  config: Config,
  jobs: JobEngine,
  log: JobLog,
  replica?: ReplicaRouter,
): JobDefinition<{ taskId: number }> {
  return {
    name: EXPORT_RUN,
    run: ({ taskId }, job) => runExportTask(db, config, jobs, log, replica, taskId, job),
    // A process that dies while writing stops beating: within about a minute (the engine's
    // supervision pass) another process writes the file again from the start.
    heartbeatSeconds: 15,
    // The largest exports (a million rows) take minutes; an attempt is cut off after 3 hours.
    expireInSeconds: 3 * 3600,
    retries: 2,
    retryDelaySeconds: 2,
    concurrency: 2,
  };
}

export const EXPORT_HOUSEKEEPING = jobName<Record<string, never>>('export-housekeeping');

/**
 * Each minute: exports of dead processes of the machine taken back at once, tasks whose job ended
 * without them failed, orphaned partial files removed (recoverExports), and the tasks past their
 * 7 days deleted with their files.
 */
export function exportHousekeepingJob(
  db: Db,
  config: Config,
  jobs: JobEngine,
  log: JobLog,
): JobDefinition<Record<string, never>> {
  return {
    name: EXPORT_HOUSEKEEPING,
    schedule: { cron: '* * * * *' },
    policy: 'singleton',
    retries: 0,
    async run() {
      const recovered = await recoverExports(db, jobs, config.dataDir);
      const purged = await purgeExpiredExports(db);
      if (recovered.retried || recovered.failed || recovered.removed || purged)
        log.info({ ...recovered, purged }, 'export housekeeping');
    },
  };
}
