import { JOB_STATES } from '../../../../shared/domain/job-states.ts';
import { int, oneOf, type SearchOf, searchSchema, text } from '../../../ui/search-params.ts';

/** The jobs list keeps its state, queue and page in the URL. */
export const jobSearch = searchSchema({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 100),
  state: oneOf(JOB_STATES),
  queue: text(100),
});
export type JobSearch = SearchOf<typeof jobSearch>;
