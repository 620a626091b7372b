import type { ClosedLoopListBody } from '../../api/queries/closed-loop.ts';
import { int, oneOf, type SearchOf, searchSchema, text, time } from '../../ui/search-params.ts';

const ID_MAX = 2_147_483_647;

export const DEFAULT_PAGE_SIZE = 20;

/** report/closedLoopData keeps its filters and page in the URL; a value that does not parse is dropped. */
export const closedLoopSearch = searchSchema({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 500),
  trackingNos: text(20_000),
  customerId: int(1, ID_MAX),
  closed: oneOf(['0', '1']),
  state: int(1, 5),
  payment: oneOf(['0', '1']),
  timeBasis: oneOf(['sign', 'remit']),
  startTime: time,
  endTime: time,
});
export type ClosedLoopSearch = SearchOf<typeof closedLoopSearch>;
export type ClosedLoopFilterValues = Omit<ClosedLoopSearch, 'pageNo' | 'pageSize'>;

export const closedLoopFiltersOf = (
  s: ClosedLoopFilterValues,
): Omit<ClosedLoopListBody, 'pageNo' | 'pageSize'> => ({
  trackingNos: s.trackingNos,
  customerId: s.customerId,
  closed: s.closed,
  state: s.state,
  payment: s.payment,
  timeBasis: s.timeBasis,
  startTime: s.startTime,
  endTime: s.endTime,
});
