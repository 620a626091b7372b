/**
 * pg-boss's states of a job. `retry`: failed an attempt, waiting for the next (backoff). Here, not
 * in the contract (contract/job.ts re-exports it), so the jobs screen's search rule, which the
 * route tree holds in the app's start-up, does not bring zod and the contract along with it.
 */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];
