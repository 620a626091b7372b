import type { CodListBody } from '../../api/queries/cod.ts';
import { int, oneOf, type SearchOf, searchSchema, text, time } from '../../ui/search-params.ts';

/** report/codModification keeps its filters and page in the URL; a value that does not parse is dropped. */
export const codSearch = searchSchema({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 200),
  trackingNos: text(20_000),
  status: oneOf(['0', '1', '2']),
  customerId: int(1, 2_147_483_647),
  startTime: time,
  endTime: time,
});
export type CodSearch = SearchOf<typeof codSearch>;

export const codFiltersOf = (s: CodSearch): Omit<CodListBody, 'pageNo' | 'pageSize'> => ({
  trackingNos: s.trackingNos,
  status: s.status,
  customerId: s.customerId,
  startTime: s.startTime,
  endTime: s.endTime,
});
