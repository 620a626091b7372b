import { job } from '../../shared/contract/job.ts';
import { implement } from '../http/context.ts';
import { listJobs, listQueues, listSchedules, retryJob } from './jobs.service.ts';

/** System → Jobs (contract/job.ts). */
export const jobRoutes = [
  implement(job.queues, async (_, ctx) => listQueues(ctx.db, ctx.jobs)),
  implement(job.schedules, async (_, ctx) => listSchedules(ctx.jobs)),
  implement(job.list, ({ body }, ctx) => listJobs(ctx.db, body)),
  implement(job.retry, ({ params, body }, ctx) => retryJob(ctx.db, ctx.jobs, body.queue, params.id)),
];
