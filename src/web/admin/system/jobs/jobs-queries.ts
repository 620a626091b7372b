import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../../shared/contract/core.ts';
import { job } from '../../../../shared/contract/job.ts';
import { callApi } from '../../../api/client.ts';

export type JobListBody = NonNullable<Body<typeof job.list>>;

/** System → Jobs reads the engine every few seconds while the screen is open. */
export const JOBS_REFRESH_MS = 5_000;

export const jobKeys = {
  all: () => ['system-jobs'] as const,
};

export const jobQueries = {
  queues: () =>
    queryOptions({
      queryKey: [...jobKeys.all(), 'queues'] as const,
      queryFn: ({ signal }) => callApi(job.queues, { signal }),
      refetchInterval: JOBS_REFRESH_MS,
    }),
  schedules: () =>
    queryOptions({
      queryKey: [...jobKeys.all(), 'schedules'] as const,
      queryFn: ({ signal }) => callApi(job.schedules, { signal }),
      refetchInterval: JOBS_REFRESH_MS,
    }),
  list: (body: JobListBody) =>
    queryOptions({
      queryKey: [...jobKeys.all(), 'list', body] as const,
      queryFn: ({ signal }) => callApi(job.list, { body, signal }),
      placeholderData: keepPreviousData,
      refetchInterval: JOBS_REFRESH_MS,
    }),
};

export const jobMutations = {
  retry: () =>
    mutationOptions({
      mutationFn: ({ id, queue }: { id: string; queue: string }) =>
        callApi(job.retry, { params: { id }, body: { queue } }),
    }),
};
