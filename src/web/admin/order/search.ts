import { LIST_SORTS } from '../../../shared/domain/list-sort.ts';
import type { AbnormalListBody, StaffOrderListBody } from '../../api/queries/order.ts';
import { int, oneOf, type SearchOf, searchSchema, text, time } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { recordId } from '../kit/route-data.ts';
import { listSearchFields } from '../kit/search.ts';
import { listSpec } from '../kit/use-list-screen.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const orderModule = deskQueries(() => import('../../api/queries/order.ts'));

const ID_MAX = 2_147_483_647;

/**
 * The staff order list keeps every filter and its page in the URL (a reload or a shared link shows
 * the same list); a value that does not parse is dropped rather than failing the page. Bulk fields
 * keep the text as typed; the server splits it.
 */
export const orderListSearch = searchSchema({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 500),
  trackingNos: text(20_000),
  customerNos: text(20_000),
  carrierTrackingNos: text(20_000),
  customerId: int(1, ID_MAX),
  channelId: int(1, ID_MAX),
  carrierId: int(1, ID_MAX),
  countryId: int(1, ID_MAX),
  status: int(1, 12),
  checkStatus: oneOf(['-1', '0', '3']),
  payment: oneOf(['2', '1', '0']),
  isCod: oneOf(['0', '1']),
  interceptState: int(0, 3),
  abnormal: oneOf(['0', '1']),
  consigneeName: text(100),
  consigneePhone: text(30),
  timeBasis: oneOf(['create', 'arrival']),
  startTime: time,
  endTime: time,
});
export type OrderListSearch = SearchOf<typeof orderListSearch>;
export type OrderFilterValues = Omit<OrderListSearch, 'pageNo' | 'pageSize'>;

/** The list's request (and the exports' filters) from the URL's values. */
export function orderFiltersOf(s: OrderFilterValues): Omit<StaffOrderListBody, 'pageNo' | 'pageSize'> {
  return {
    trackingNos: s.trackingNos,
    customerNos: s.customerNos,
    carrierTrackingNos: s.carrierTrackingNos,
    customerId: s.customerId,
    channelId: s.channelId,
    carrierId: s.carrierId,
    countryId: s.countryId,
    status: s.status,
    checkStatus: s.checkStatus,
    payment: s.payment,
    isCod: s.isCod === undefined ? undefined : s.isCod === '1',
    interceptState: s.interceptState,
    abnormal: s.abnormal === undefined ? undefined : s.abnormal === '1',
    consigneeName: s.consigneeName,
    consigneePhone: s.consigneePhone,
    timeBasis: s.timeBasis,
    startTime: s.startTime,
    endTime: s.endTime,
  };
}

/** The order list: its request from the URL, read by the screen and loaded by its route. */
export const orderList = listSpec({
  // The URL's values (what the filter form shows and submits); the request converts them.
  filtersOf: ({ pageNo: _n, pageSize: _s, ...values }: OrderListSearch): OrderFilterValues => values,
  query: ({ pageNo, pageSize, ...values }, locale) =>
    orderModule().orderQueries.list(locale, { ...orderFiltersOf(values), pageNo, pageSize }),
});

/** The order of a detail route (undefined for an id that is no order's): page and loader read it. */
export function orderDetail({ id }: { id: string }, { locale }: { locale: string }) {
  const recId = recordId(id);
  return recId === undefined ? undefined : orderModule().orderQueries.detail(locale, recId);
}

/** The detail tab is named by the tracking no (spec: tabs take the query name). */
export const orderDetailSearch = searchSchema({ name: text(64) });

export const ORDER_LIST_PATH = '/admin/order/list';

/** customerService/abnormalOrders: filters and page in the URL; pending marks unless told otherwise. */
export const abnormalSearch = searchSchema({
  ...listSearchFields(LIST_SORTS.abnormal),
  trackingNos: text(20_000),
  customerId: int(1, ID_MAX),
  kind: int(1, 6),
  state: oneOf(['-1', '0', '1']),
  department: int(0, 5),
  startTime: time,
  endTime: time,
});
export type AbnormalSearch = SearchOf<typeof abnormalSearch>;
export type AbnormalFilterValues = Omit<AbnormalSearch, keyof ReturnType<typeof listSearchFields>>;

export function abnormalFiltersOf(
  s: AbnormalFilterValues,
): Omit<AbnormalListBody, 'pageNo' | 'pageSize' | 'sortBy' | 'sortOrder'> {
  return {
    trackingNos: s.trackingNos,
    customerId: s.customerId,
    kind: s.kind,
    state: s.state ?? '0',
    department: s.department,
    startTime: s.startTime,
    endTime: s.endTime,
  };
}

/** The abnormal orders: their request from the URL, read by the screen and loaded by its route. */
export const abnormalList = listSpec({
  // The URL's values (what the filter form shows and submits); the request fills in the defaults.
  filtersOf: ({
    pageNo: _n,
    pageSize: _s,
    sortBy: _b,
    sortOrder: _o,
    ...values
  }: AbnormalSearch): AbnormalFilterValues => values,
  sorts: LIST_SORTS.abnormal,
  query: ({ pageNo, pageSize, sortBy, sortOrder, ...values }, locale) =>
    orderModule().orderQueries.abnormals(locale, {
      ...abnormalFiltersOf(values),
      pageNo,
      pageSize,
      sortBy,
      sortOrder,
    }),
});

/** customerService/abnormalOrders opens on the pending marks. */
export const DEFAULT_HANDLING = '0';

/** order/scan: the warehouse the parcels arrive at stays chosen across reloads. */
export const scanSearch = searchSchema({ depotId: int(1, ID_MAX) });
