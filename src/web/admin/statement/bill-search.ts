import type { BillDetailBody, BillListBody } from '../../api/queries/statement.ts';
import { intOf, type SearchOf, searchSchema } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { ID_MAX, int, pageParams, rangeOf, rangeParams, text } from '../report/report-search.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const statementModule = deskQueries(() => import('../../api/queries/statement.ts'));

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

/** A bill's page of orders, from its id and the URL: read by the page and loaded by its route. */
export const billDetail = {
  deps: (s: BillDetailSearch) => ({
    trackingNos: s.trackingNos,
    status: s.status === undefined ? undefined : (String(s.status) as '9' | '10'),
    pageNo: s.pageNo ?? 1,
    pageSize: s.pageSize ?? 20,
  }),
  query: (request: Omit<BillDetailBody, 'id'>, { locale }: { locale: string }, { id }: { id: string }) =>
    statementModule().statementQueries.bill(locale, { id, ...request }),
};

export const billFiltersOf = (s: BillSearch): Omit<BillListBody, 'pageNo' | 'pageSize'> => ({
  ...rangeOf(s, BILL_MONTHS_BACK),
  customerId: s.customerId,
});
