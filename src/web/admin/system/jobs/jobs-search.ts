import type { JobState } from '../../../../shared/contract/job.ts';
import { JOB_STATES } from '../../../../shared/domain/job-states.ts';
import { int, oneOf, type SearchOf, searchSchema, text } from '../../../ui/search-params.ts';
import { deskQueries } from '../../kit/desk-queries.ts';
import { compact, DEFAULT_PAGE_SIZE } from '../../kit/search.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const jobsModule = deskQueries(() => import('./jobs-queries.ts'));

/** The jobs list keeps its state, queue and page in the URL. */
export const jobSearch = searchSchema({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 100),
  state: oneOf(JOB_STATES),
  queue: text(100),
});
export type JobSearch = SearchOf<typeof jobSearch>;

/** The state the list shows with none in the URL: failed, first seen. */
export const DEFAULT_JOB_STATE: JobState = 'failed';

const jobRequest = (s: JobSearch) =>
  compact({
    state: s.state ?? DEFAULT_JOB_STATE,
    queue: s.queue,
    pageNo: s.pageNo ?? 1,
    pageSize: s.pageSize ?? DEFAULT_PAGE_SIZE,
  });

/** The jobs of a state: the request from the URL, read by the screen and loaded by its route. */
export const jobList = {
  deps: jobRequest,
  query: (body: ReturnType<typeof jobRequest>) => jobsModule().jobQueries.list(body),
};
