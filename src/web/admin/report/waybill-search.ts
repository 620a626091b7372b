import type { ReportDetailBody, ReportListBody } from '../../api/queries/report.ts';
import { oneOf, type SearchOf, searchSchema } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { granularityParam, ID_MAX, int, pageParams, rangeOf, rangeParams, text } from './report-search.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const reportModule = deskQueries(() => import('../../api/queries/report.ts'));

const timeBasis = oneOf(['create', 'arrival']);

/** The filters a report row was drawn with; its orders (report/waybill/{id}) keep them. */
const rowParams = { timeBasis, channelId: int(1, ID_MAX), countryId: int(1, ID_MAX) };

/** report/waybill keeps its filters and page in the URL. */
export const waybillSearch = searchSchema({
  ...pageParams,
  ...rangeParams,
  ...rowParams,
  granularity: granularityParam,
  customerId: int(1, ID_MAX),
});
export type WaybillSearch = SearchOf<typeof waybillSearch>;

/** report/waybill/{id}: the row's filters, its tab name, the orders' page and tracking nos. */
export const waybillDetailSearch = searchSchema({
  ...pageParams,
  ...rowParams,
  name: text(100),
  trackingNos: text(20_000),
});
export type WaybillDetailSearch = SearchOf<typeof waybillDetailSearch>;

/** The orders behind a report row, from its id and the URL: read by the page and loaded by its route. */
export const waybillDetail = {
  deps: (s: WaybillDetailSearch) => ({
    timeBasis: s.timeBasis ?? 'create',
    channelId: s.channelId,
    countryId: s.countryId,
    trackingNos: s.trackingNos,
    pageNo: s.pageNo ?? 1,
    pageSize: s.pageSize ?? 20,
  }),
  query: (request: Omit<ReportDetailBody, 'id'>, { locale }: { locale: string }, { id }: { id: string }) =>
    reportModule().reportQueries.reportDetail(locale, { id, ...request }),
};

export const reportFiltersOf = (s: WaybillSearch): Omit<ReportListBody, 'pageNo' | 'pageSize'> => ({
  ...rangeOf(s),
  granularity: s.granularity ?? 'day',
  timeBasis: s.timeBasis ?? 'create',
  customerId: s.customerId,
  channelId: s.channelId,
  countryId: s.countryId,
});
