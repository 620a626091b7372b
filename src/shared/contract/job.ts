import { z } from 'zod';
import { JOB_STATES } from '../domain/job-states.ts';
import { endpoint, isoTime, listRequest, pageOf, requiredText } from './core.ts';

/**
 * System → Jobs: the job engine (pg-boss, server/jobs/engine.ts) as an administrator sees it: its
 * queues, its schedules with their next and last run, its jobs by state with their error, and
 * "retry now". Beyond the spec (issue 38).
 */

export { JOB_STATES, type JobState } from '../domain/job-states.ts';

export const jobQueueRecord = z.object({
  name: z.string(),
  /** pg-boss's queue policy: standard, singleton, stately, exclusive… */
  policy: z.string(),
  /** Jobs waiting: ready now, deferred (a later start or a retry's backoff) or blocked. */
  queued: z.number().int(),
  ready: z.number().int(),
  deferred: z.number().int(),
  /** Running now. */
  active: z.number().int(),
  /** Kept failed after their last attempt (until the queue's retention drops them). */
  failed: z.number().int(),
  /** Every job the queue still stores, completed ones included. */
  total: z.number().int(),
  /** Attempts after the first one. */
  retryLimit: z.number().int(),
  retryDelaySeconds: z.number().int(),
  retryBackoff: z.boolean(),
  expireInSeconds: z.number().int(),
});
export type JobQueueRecord = z.infer<typeof jobQueueRecord>;

export const jobLastRun = z.object({
  jobId: z.string(),
  state: z.enum(JOB_STATES),
  createdOn: isoTime,
  startedOn: isoTime.nullable(),
  completedOn: isoTime.nullable(),
  error: z.string().nullable(),
});

export const jobScheduleRecord = z.object({
  name: z.string(),
  /** The cron expression, read in `timeZone`. */
  cron: z.string(),
  timeZone: z.string(),
  /**
   * The schedule is registered in the engine (a working process started with it); false for a
   * schedule the code defines that no working process has registered yet.
   */
  registered: z.boolean(),
  nextRunAt: isoTime.nullable(),
  /** The job the schedule sent last, while the queue still keeps it; null before its first run. */
  lastRun: jobLastRun.nullable(),
});
export type JobScheduleRecord = z.infer<typeof jobScheduleRecord>;

export const jobRecord = z.object({
  id: z.string(),
  queue: z.string(),
  state: z.enum(JOB_STATES),
  /** The attempt running, or the last one made (1-based); 0 before the first. */
  attempts: z.number().int(),
  /** Attempts the job may make in all. */
  maxAttempts: z.number().int(),
  createdOn: isoTime,
  startedOn: isoTime.nullable(),
  completedOn: isoTime.nullable(),
  /** Not before this time: a deferred job's start, a retry's end of backoff. */
  startAfter: isoTime,
  singletonKey: z.string().nullable(),
  /** The job's data, as JSON text. */
  data: z.string(),
  /** The error of its last failed attempt (a failed job, or one waiting to retry). */
  error: z.string().nullable(),
});
export type JobRecord = z.infer<typeof jobRecord>;

export const jobListFilters = {
  state: z.enum(JOB_STATES).optional(),
  queue: z.string().trim().max(100).optional(),
};

export const jobList = listRequest(jobListFilters).prefault({});

const view = { staff: 'job:view' } as const;

export const job = {
  queues: {
    ...endpoint({
      method: 'POST',
      path: '/job/queues',
      kind: 'json',
      summary: 'Beyond the spec: the job engine queues with their jobs waiting, running and failed.',
      data: z.object({ records: z.array(jobQueueRecord) }),
      access: view,
    }),
    beyondSpec: true as const,
  },
  schedules: {
    ...endpoint({
      method: 'POST',
      path: '/job/schedules',
      kind: 'json',
      summary: 'Beyond the spec: the scheduled jobs with their cron expression, next run and last run.',
      data: z.object({ records: z.array(jobScheduleRecord) }),
      access: view,
    }),
    beyondSpec: true as const,
  },
  list: {
    ...endpoint({
      method: 'POST',
      path: '/job/list',
      kind: 'json',
      summary:
        'Beyond the spec: jobs of the job engine by state (running, waiting to retry, failed…) and queue, with their error, newest first.',
      body: jobList,
      data: pageOf(jobRecord),
      access: view,
    }),
    beyondSpec: true as const,
  },
  retry: {
    ...endpoint({
      method: 'POST',
      path: '/job/retry/{id}',
      kind: 'json',
      summary:
        'Beyond the spec: retry a job now: a failed one is queued again with one more attempt, one waiting for its retry runs without waiting.',
      params: z.object({ id: z.uuid() }).strict(),
      body: z.object({ queue: requiredText(100) }).strict(),
      data: jobRecord,
      access: { staff: 'job:retry' },
    }),
    beyondSpec: true as const,
  },
};
