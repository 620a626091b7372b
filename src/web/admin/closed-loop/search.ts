import { LIST_SORTS } from '../../../shared/domain/list-sort.ts';
import type { ClosedLoopListBody } from '../../api/queries/closed-loop.ts';
import { int, oneOf, type SearchOf, searchSchema, text, time } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { listSearchFields } from '../kit/search.ts';
import { listSpec } from '../kit/use-list-screen.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const closedLoopModule = deskQueries(() => import('../../api/queries/closed-loop.ts'));

const ID_MAX = 2_147_483_647;

/** report/closedLoopData keeps its filters and page in the URL; a value that does not parse is dropped. */
export const closedLoopSearch = searchSchema({
  ...listSearchFields(LIST_SORTS.closedLoop),
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
export type ClosedLoopFilterValues = Omit<ClosedLoopSearch, keyof ReturnType<typeof listSearchFields>>;

export const closedLoopFiltersOf = (
  s: ClosedLoopFilterValues,
): ClosedLoopFilterValues & Omit<ClosedLoopListBody, 'pageNo' | 'pageSize'> => ({
  trackingNos: s.trackingNos,
  customerId: s.customerId,
  closed: s.closed,
  state: s.state,
  payment: s.payment,
  timeBasis: s.timeBasis,
  startTime: s.startTime,
  endTime: s.endTime,
});

/** The closed-loop list: its request from the URL, read by the screen and loaded by its route. */
export const closedLoopList = listSpec({
  filtersOf: (s: ClosedLoopSearch) => closedLoopFiltersOf(s),
  sorts: LIST_SORTS.closedLoop,
  query: (body, locale) => closedLoopModule().closedLoopQueries.list(locale, body),
});
