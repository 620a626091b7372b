import { LIST_SORTS } from '../../../shared/domain/list-sort.ts';
import { ORIGIN_PLATFORMS } from '../../../shared/domain/origin-order.ts';
import type { CitcListBody, OriginListBody, PushRecordBody } from '../../api/queries/origin-order.ts';
import { int, oneOf, type SearchOf, searchSchema, text, time } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { recordId } from '../kit/route-data.ts';
import { listSearchFields } from '../kit/search.ts';
import { listSpec } from '../kit/use-list-screen.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const originOrderModule = deskQueries(() => import('../../api/queries/origin-order.ts'));

const ID_MAX = 2_147_483_647;

/**
 * The origin order lists (foreignOrder/list and listManage) keep their filters and page in the
 * URL; a value that does not parse is dropped rather than failing the page. Bulk fields keep the
 * text as typed; the server splits it.
 */
export const originListSearch = searchSchema({
  ...listSearchFields(LIST_SORTS.origin),
  platform: oneOf(ORIGIN_PLATFORMS),
  platformOrderNos: text(20_000),
  trackingNos: text(20_000),
  customerId: int(1, ID_MAX),
  receiverConfirm: oneOf(['0', '1']),
  senderConfirm: oneOf(['0', '1']),
  uploadState: oneOf(['0', '1', '2']),
  startTime: time,
  endTime: time,
});
export type OriginListSearch = SearchOf<typeof originListSearch>;
export type OriginFilterValues = Omit<OriginListSearch, keyof ReturnType<typeof listSearchFields>>;

export const originFiltersOf = (
  s: OriginFilterValues,
): Omit<OriginListBody, 'pageNo' | 'pageSize' | 'sortBy' | 'sortOrder'> => ({
  platform: s.platform,
  platformOrderNos: s.platformOrderNos,
  trackingNos: s.trackingNos,
  customerId: s.customerId,
  receiverConfirm: s.receiverConfirm,
  senderConfirm: s.senderConfirm,
  uploadState: s.uploadState,
  startTime: s.startTime,
  endTime: s.endTime,
});

/** The detail tab is named by the platform order no (spec: tabs take the query name). */
export const originDetailSearch = searchSchema({ name: text(64) });

export const LIST_PATH = '/admin/foreignOrder/list';
export const LIST_DETAIL_PATH = '/admin/foreignOrder/list/$id';
export const MANAGE_PATH = '/admin/foreignOrder/listManage';
export const MANAGE_DETAIL_PATH = '/admin/foreignOrder/listManage/$id';

/** foreignOrder/pushRecord: push records (a push time range is required) and CITC reports. */
export const pushRecordSearch = searchSchema({
  tab: oneOf(['push', 'citc']),
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 200),
  platformOrderNos: text(20_000),
  trackingNos: text(20_000),
  result: oneOf(['1', '2']),
  status: oneOf(['0', '1', '2']),
  startTime: time,
  endTime: time,
});
export type PushRecordSearch = SearchOf<typeof pushRecordSearch>;

export const pushFiltersOf = (
  s: PushRecordSearch,
  range: { startTime: string; endTime: string },
): Omit<PushRecordBody, 'pageNo' | 'pageSize'> => ({
  platformOrderNos: s.platformOrderNos,
  result: s.result,
  startTime: s.startTime ?? range.startTime,
  endTime: s.endTime ?? range.endTime,
});

export const citcFiltersOf = (s: PushRecordSearch): Omit<CitcListBody, 'pageNo' | 'pageSize'> => ({
  trackingNos: s.trackingNos,
  platformOrderNos: s.platformOrderNos,
  status: s.status,
  startTime: s.startTime,
  endTime: s.endTime,
});

/** The origin orders list: its request from the URL, read by the screen and loaded by its route. */
export const originList = listSpec({
  filtersOf: (s: OriginListSearch) => originFiltersOf(s),
  sorts: LIST_SORTS.origin,
  query: (body, locale) => originOrderModule().originQueries.list(locale, body),
});

/** The origin order of a detail route (undefined for an id that is none): page and loader read it. */
export function originDetail({ id }: { id: string }, { locale }: { locale: string }) {
  const recId = recordId(id);
  return recId === undefined ? undefined : originOrderModule().originQueries.detail(locale, recId);
}
