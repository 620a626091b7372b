import { LIST_SORTS } from '../../../shared/domain/list-sort.ts';
import type { FeeDetailListBody, FeeExceptionListBody } from '../../api/queries/fee.ts';
import { int, matching, oneOf, type SearchOf, searchSchema, text, time } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { recordId } from '../kit/route-data.ts';
import { listSearchFields } from '../kit/search.ts';
import { listSpec } from '../kit/use-list-screen.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const feeModule = deskQueries(() => import('../../api/queries/fee.ts'));

const ID_MAX = 2_147_483_647;

/** What both fee lists filter by: the orders' tracking nos, customer, channel, destination, a time range. */
const orderFilters = {
  trackingNos: text(20_000),
  customerId: int(1, ID_MAX),
  channelId: int(1, ID_MAX),
  countryId: int(1, ID_MAX),
  startTime: time,
  endTime: time,
};

/** priceManage/feeDetail keeps its filters and page in the URL; a value that does not parse is dropped. */
export const feeDetailSearch = searchSchema({
  ...listSearchFields(LIST_SORTS.feeDetail),
  ...orderFilters,
  feeType: int(1, 2),
  currency: matching(/^[A-Za-z]{3}$/),
});
export type FeeDetailSearch = SearchOf<typeof feeDetailSearch>;
export type FeeDetailFilterValues = Omit<FeeDetailSearch, keyof ReturnType<typeof listSearchFields>>;

/** priceManage/feeException: pending exceptions unless told otherwise. */
export const feeExceptionSearch = searchSchema({
  ...listSearchFields(LIST_SORTS.feeException),
  ...orderFilters,
  reason: int(1, 2),
  state: oneOf(['-1', '0', '1']),
  /** '1' a rule exists now, '0' none. */
  rule: oneOf(['0', '1']),
});
export type FeeExceptionSearch = SearchOf<typeof feeExceptionSearch>;
export type FeeExceptionFilterValues = Omit<FeeExceptionSearch, keyof ReturnType<typeof listSearchFields>>;

/** priceManage/feeDetail/{id}: the tab's name (the tracking no). */
export const feeSheetSearch = searchSchema({ name: text(64) });

export const FEE_DETAIL_PATH = '/admin/priceManage/feeDetail';
export const FEE_SHEET_PATH = '/admin/priceManage/feeDetail/$id';

export const feeDetailFiltersOf = (
  s: FeeDetailFilterValues,
): FeeDetailFilterValues & Omit<FeeDetailListBody, 'pageNo' | 'pageSize'> => ({
  trackingNos: s.trackingNos,
  customerId: s.customerId,
  channelId: s.channelId,
  countryId: s.countryId,
  feeType: s.feeType,
  currency: s.currency,
  startTime: s.startTime,
  endTime: s.endTime,
});

export const feeExceptionFiltersOf = (
  s: FeeExceptionFilterValues,
): FeeExceptionFilterValues & Omit<FeeExceptionListBody, 'pageNo' | 'pageSize'> => ({
  trackingNos: s.trackingNos,
  customerId: s.customerId,
  channelId: s.channelId,
  countryId: s.countryId,
  reason: s.reason,
  state: s.state ?? '0',
  ruleAvailable: s.rule === undefined ? undefined : s.rule === '1',
  startTime: s.startTime,
  endTime: s.endTime,
});

/** The fee details list: its request from the URL, read by the screen and loaded by its route. */
export const feeDetailList = listSpec({
  filtersOf: (s: FeeDetailSearch) => feeDetailFiltersOf(s),
  sorts: LIST_SORTS.feeDetail,
  query: (body, locale) => feeModule().feeQueries.details(locale, body),
});

/** The fee exceptions list: its request from the URL, read by the screen and loaded by its route. */
export const feeExceptionList = listSpec({
  filtersOf: (s: FeeExceptionSearch) => feeExceptionFiltersOf(s),
  sorts: LIST_SORTS.feeException,
  query: (body, locale) => feeModule().feeQueries.exceptions(locale, body),
});

/** The fee sheet of a detail route's order (undefined for an id that is none): page and loader read it. */
export function feeSheet({ id }: { id: string }, { locale }: { locale: string }) {
  const orderId = recordId(id);
  return orderId === undefined ? undefined : feeModule().feeQueries.sheet(locale, orderId);
}
