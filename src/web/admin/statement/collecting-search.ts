import type { CollectingListBody } from '../../api/queries/statement.ts';
import { matching, type SearchOf, searchSchema } from '../../ui/search-params.ts';
import { granularityParam, ID_MAX, int, pageParams, rangeOf, rangeParams } from '../report/report-search.ts';

const currency = matching(/^[A-Z]{3}$/);

/** report/collecting keeps its filters, page and the row whose orders are open in the URL. */
export const collectingSearch = searchSchema({
  ...pageParams,
  ...rangeParams,
  granularity: granularityParam,
  customerId: int(1, ID_MAX),
  currency,
  /** The open row: `<customer id>-<YYYYMMDD>-<YYYYMMDD>-<currency>`. */
  row: matching(/^\d{1,10}-\d{8}-\d{8}-[A-Z]{3}$/),
});
export type CollectingSearch = SearchOf<typeof collectingSearch>;

export const collectingFiltersOf = (
  s: CollectingSearch,
): Omit<CollectingListBody, 'pageNo' | 'pageSize'> => ({
  ...rangeOf(s),
  granularity: s.granularity ?? 'day',
  customerId: s.customerId,
  currency: s.currency,
});
