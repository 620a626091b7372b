import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  JobQueueRecord,
  JobRecord,
  JobScheduleRecord,
  JobState,
  jobList,
} from '../../shared/contract/job.ts';
import { jobMessages } from '../../shared/i18n/job-messages.ts';
import type { Db } from '../db/client.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { JobEngine } from './engine.ts';
import { JOB_SCHEMA } from './job-schema.ts';

/**
 * System → Jobs (contract/job.ts): what the job engine holds, read through pg-boss's own API
 * (getQueues, getSchedules, previewSchedule, findJobs, retry, update). pg-boss has no listing of
 * jobs by state across queues, and counts queues only in its monitor pass, so `listJobs` and the
 * queues' counts read its table (`pgboss.job`).
 */

const iso = (d: Date | string | null | undefined): string | null =>
  d === null || d === undefined ? null : new Date(d).toISOString();

/** The message of a failed attempt's output: pg-boss keeps a thrown error as {name, message, stack}. */
export function errorOf(output: unknown): string | null {
  if (output === null || output === undefined) return null;
  const o = output as { message?: unknown; value?: unknown };
  if (typeof o.message === 'string') return o.message;
  if (typeof o.value === 'string') return o.value;
  const inner = o.value as { message?: unknown } | undefined;
  if (inner && typeof inner.message === 'string') return inner.message;
  const text = JSON.stringify(output);
  return text === '{}' ? null : text;
}

const COLUMNS = sql.raw(
  'id::text AS id, name, state::text AS state, retry_count, retry_limit, created_on, started_on, completed_on, start_after, singleton_key, data, output',
);
const JOB_TABLE = sql.raw(`${JOB_SCHEMA}.job`);

/** pg-boss's own queues (none so far) start with this. */
const INTERNAL = '__pgboss';

/**
 * The queues (pg-boss getQueues: name, policy, retries) with their jobs counted now. getQueues'
 * counts are those of pg-boss's last monitor pass, which only working processes make (once a
 * minute): a job failed a moment ago would not show yet, so the counts come from its table.
 */
export async function listQueues(db: Db, jobs: JobEngine): Promise<{ records: JobQueueRecord[] }> {
  const [queues, counts] = await Promise.all([
    jobs.boss.getQueues(),
    db.execute<{
      name: string;
      ready: number;
      deferred: number;
      active: number;
      failed: number;
      total: number;
    }>(
      sql`SELECT name,
            count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS ready,
            count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after > now())::int AS deferred,
            count(*) FILTER (WHERE state = 'active')::int AS active,
            count(*) FILTER (WHERE state = 'failed')::int AS failed,
            count(*)::int AS total
          FROM ${JOB_TABLE} GROUP BY name`,
    ),
  ]);
  const byName = new Map(counts.rows.map((r) => [r.name, r]));
  return {
    records: queues
      .filter((q) => !q.name.startsWith(INTERNAL))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((q) => {
        const n = byName.get(q.name) ?? { ready: 0, deferred: 0, active: 0, failed: 0, total: 0 };
        return {
          name: q.name,
          policy: q.policy ?? 'standard',
          queued: n.ready + n.deferred,
          ready: n.ready,
          deferred: n.deferred,
          active: n.active,
          failed: n.failed,
          total: n.total,
          retryLimit: q.retryLimit ?? 0,
          retryDelaySeconds: q.retryDelay ?? 0,
          retryBackoff: q.retryBackoff ?? false,
          expireInSeconds: q.expireInSeconds ?? 0,
        };
      }),
  };
}

/**
 * The schedules pg-boss holds (a working process registers them at start), and those the code
 * defines that none has registered yet. The next run is pg-boss's preview of the cron expression in
 * its time zone; the last run is the job the schedule sent last (`lastJobId`), while it is kept.
 */
export async function listSchedules(jobs: JobEngine): Promise<{ records: JobScheduleRecord[] }> {
  const held = await jobs.boss.getSchedules();
  const byName = new Map(held.map((s) => [s.name, s]));
  const names = new Set([
    ...held.map((s) => s.name),
    ...[...jobs.definitions.values()].filter((d) => d.schedule).map((d) => d.name as string),
  ]);
  const records: JobScheduleRecord[] = [];
  for (const name of [...names].sort()) {
    const s = byName.get(name);
    const cron = s?.cron ?? jobs.definitions.get(name)?.schedule?.cron ?? '';
    const timeZone = s?.timezone ?? jobs.timeZone;
    let nextRunAt: string | null = null;
    try {
      nextRunAt = iso(jobs.boss.previewSchedule(cron, { tz: timeZone, count: 1 })[0]);
    } catch {
      nextRunAt = null;
    }
    let lastRun: JobScheduleRecord['lastRun'] = null;
    if (s?.lastJobId) {
      const [job] = await jobs.boss.findJobs(name, { id: s.lastJobId });
      if (job)
        lastRun = {
          jobId: job.id,
          state: job.state,
          createdOn: iso(job.createdOn)!,
          startedOn: job.state === 'created' ? null : iso(job.startedOn),
          completedOn: iso(job.completedOn),
          error: job.state === 'failed' || job.state === 'retry' ? errorOf(job.output) : null,
        };
    }
    records.push({ name, cron, timeZone, registered: !!s, nextRunAt, lastRun });
  }
  return { records };
}

interface JobRow extends Record<string, unknown> {
  id: string;
  name: string;
  state: JobState;
  retry_count: number;
  retry_limit: number;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
  start_after: Date;
  singleton_key: string | null;
  data: unknown;
  output: unknown;
}

function toRecord(r: JobRow): JobRecord {
  const started = r.started_on !== null;
  return {
    id: r.id,
    queue: r.name,
    state: r.state,
    attempts: started ? r.retry_count + 1 : 0,
    maxAttempts: r.retry_limit + 1,
    createdOn: iso(r.created_on)!,
    startedOn: iso(r.started_on),
    completedOn: iso(r.completed_on),
    startAfter: iso(r.start_after)!,
    singletonKey: r.singleton_key,
    data: JSON.stringify(r.data ?? {}),
    error: r.state === 'failed' || r.state === 'retry' ? errorOf(r.output) : null,
  };
}

/** Jobs by state and queue, newest first (pg-boss lists a queue's jobs, not a state's). */
export async function listJobs(db: Db, q: z.output<typeof jobList>) {
  const where = sql.join(
    [
      sql`TRUE`,
      ...(q.state ? [sql`state = ${q.state}::${sql.raw(JOB_SCHEMA)}.job_state`] : []),
      ...(q.queue ? [sql`name = ${q.queue}`] : []),
    ],
    sql` AND `,
  );
  const [rows, count] = await Promise.all([
    db.execute<JobRow>(
      sql`SELECT ${COLUMNS} FROM ${JOB_TABLE} WHERE ${where}
          ORDER BY created_on DESC, id DESC LIMIT ${q.pageSize} OFFSET ${(q.pageNo - 1) * q.pageSize}`,
    ),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${JOB_TABLE} WHERE ${where}`),
  ]);
  return {
    records: rows.rows.map(toRecord),
    total: count.rows[0]?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

async function readJob(jobs: JobEngine, queue: string, id: string) {
  if (!jobs.definitions.has(queue)) throw notFound();
  const [job] = await jobs.boss.findJobs(queue, { id });
  if (!job) throw notFound();
  return job;
}

/**
 * Retry now: a failed job is queued again with one more attempt (pg-boss `retry`); one waiting out
 * its retry's backoff (or deferred) is brought forward to now (pg-boss `update`). A working process
 * takes it at its next poll. Answers the job as it is then.
 */
export async function retryJob(db: Db, jobs: JobEngine, queue: string, id: string): Promise<JobRecord> {
  const job = await readJob(jobs, queue, id);
  if (job.state === 'failed') await jobs.boss.retry(queue, id);
  else if (job.state === 'retry' || job.state === 'created')
    await jobs.boss.update(queue, undefined, { id, startAfter: new Date() });
  else throw new AppError(409, jobMessages.notRetryable, { values: { state: job.state } });
  const { rows } = await db.execute<JobRow>(
    sql`SELECT ${COLUMNS} FROM ${JOB_TABLE} WHERE name = ${queue} AND id = ${id}::uuid`,
  );
  if (!rows[0]) throw notFound();
  return toRecord(rows[0]);
}
