import type { BillListBody } from '../../api/queries/statement.ts';
import { intOf, type SearchOf, searchSchema } from '../../ui/search-params.ts';
import { ID_MAX, int, pageParams, rangeOf, rangeParams, text } from '../report/report-search.ts';

/** The bills of the last three months by default. */
export const BILL_MONTHS_BACK = 2;

/** report/logisticsbill keeps its filters and page in the URL. */
export const billSearch = searchSchema({ ...pageParams, ...rangeParams, customerId: int(1, ID_MAX) });
export type BillSearch = SearchOf<typeof billSearch>;

/** report/logisticsbill/{id}: its tab name, the orders' page, status and tracking nos. */
export const billDetailSearch = searchSchema({
  ...pageParams,
  name: text(100),
  trackingNos: text(20_000),
  /** 9 signed, 10 returned. */
  status: intOf([9, 10]),
});
export type BillDetailSearch = SearchOf<typeof billDetailSearch>;

export const billFiltersOf = (s: BillSearch): Omit<BillListBody, 'pageNo' | 'pageSize'> => ({
  ...rangeOf(s, BILL_MONTHS_BACK),
  customerId: s.customerId,
});
