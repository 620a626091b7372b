import { dayRangeTimes } from '../../../shared/domain/zoned-time.ts';
import type { OrderImportLogBody, OrderListBody } from '../../api/queries/customer-order.ts';
import { businessTimeZone } from '../../session/time-zone.ts';
import { int, type SearchField, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { recordId } from '../kit/route-data.ts';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const customerOrderModule = deskQueries(() => import('../../api/queries/customer-order.ts'));

const day: SearchField<string> = (raw) =>
  typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined;

/**
 * The customer's order list keeps its filters and page in the URL, so a reload or a shared link
 * shows the same list; a value that does not parse is dropped rather than failing the page.
 */
export const customerOrderSearch = searchSchema({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 100),
  /** Pasted tracking nos / customer nos (split on newlines and commas by the server). */
  trackingNos: text(20_000),
  customerNos: text(20_000),
  status: int(1, 99),
  /** Creation days in the business time zone, both included. */
  from: day,
  to: day,
  /** 1 COD orders, 0 the others. */
  cod: int(0, 1),
  /** 1 orders with a pending abnormal mark, 0 the others. */
  abnormal: int(0, 1),
});
export type CustomerOrderSearch = SearchOf<typeof customerOrderSearch>;

/**
 * The list call's body for the URL's filters (customers are confined to their own orders by the
 * server): the creation days from the first moment of the first to the end of the last, whole, in
 * the business time zone.
 */
export function customerOrderBody(s: CustomerOrderSearch, timeZone: string): OrderListBody {
  return {
    pageNo: s.pageNo ?? 1,
    pageSize: s.pageSize ?? DEFAULT_PAGE_SIZE,
    ...compact({
      trackingNos: s.trackingNos,
      customerNos: s.customerNos,
      status: s.status,
      ...dayRangeTimes(s.from, s.to, timeZone),
      isCod: s.cod === undefined ? undefined : s.cod === 1,
      abnormal: s.abnormal === undefined ? undefined : s.abnormal === 1,
    }),
  };
}

/**
 * The customer's orders: the body from the URL (its days in the business time zone: the screen's
 * from its hook, the loader's from the session), read by the screen and loaded by its route.
 */
export const customerOrderList = {
  deps: (s: CustomerOrderSearch) => customerOrderBody(s, businessTimeZone()),
  query: (body: OrderListBody, { locale }: { locale: string }) =>
    customerOrderModule().customerOrderQueries.list(locale, body),
};

/** The detail: `name` (the tracking no) names its tab. */
export const orderDetailSearch = searchSchema({ name: text(64) });

export const importRecordSearch = searchSchema({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 100),
  status: int(0, 3),
  fileName: text(200),
  customerId: int(1, 2_147_483_647),
});
export type ImportRecordSearch = SearchOf<typeof importRecordSearch>;

const importRecordRequest = (s: ImportRecordSearch): OrderImportLogBody => ({
  pageNo: s.pageNo ?? 1,
  pageSize: s.pageSize ?? DEFAULT_PAGE_SIZE,
  ...compact({ status: s.status, fileName: s.fileName, customerId: s.customerId }),
});

/**
 * The order imports (the customer's own, or staff's of every customer): the request from the URL,
 * read by the page of both routes and loaded by each.
 */
export const importRecordList = {
  deps: importRecordRequest,
  query: (body: OrderImportLogBody) => customerOrderModule().customerOrderQueries.importLogs(body),
};

/** The order of a detail route (undefined for an id that is none): page and loader read it. */
export function customerOrderDetail({ id }: { id: string }, { locale }: { locale: string }) {
  const recId = recordId(id);
  return recId === undefined
    ? undefined
    : { ...customerOrderModule().customerOrderQueries.detail(locale, recId), retry: false };
}
