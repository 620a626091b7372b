import { ConfirmState, PickupStatus } from '../../../shared/domain/lading.ts';
import { LIST_SORTS } from '../../../shared/domain/list-sort.ts';
import type { LadingListBody } from '../../api/queries/lading.ts';
import { BILL_PRINT_MAX } from '../../print/search.ts';
import { int, oneOf, type SearchOf, searchSchema, text, time } from '../../ui/search-params.ts';
import { batchSearchFields } from '../batch/search.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { listSearchFields } from '../kit/search.ts';
import { listSpec } from '../kit/use-list-screen.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const ladingModule = deskQueries(() => import('../../api/queries/lading.ts'));

const ID_MAX = 2_147_483_647;

export const MANAGE_TABS = ['bills', 'batches'] as const;
export type ManageTab = (typeof MANAGE_TABS)[number];

/**
 * ladingBll/manage keeps its tab (lading bills or batches), every filter, its page and the open
 * bill or batch (`open`) in the URL, so a reload or a shared link shows the same list and detail;
 * a value that does not parse is dropped.
 */
export const ladingListSearch = searchSchema({
  tab: oneOf(MANAGE_TABS),
  ...batchSearchFields,
  ...listSearchFields([...LIST_SORTS.lading, ...LIST_SORTS.batch]),
  nos: text(20_000),
  trackingNo: text(64),
  channelId: int(1, ID_MAX),
  carrierId: int(1, ID_MAX),
  countryId: int(1, ID_MAX),
  type: int(1, 2),
  orderType: int(1, 2),
  pickupStatus: int(1, 3),
  confirmState: int(0, 1),
  signStatus: int(0, 2),
  mailState: int(0, 3),
  batched: int(0, 1),
  startTime: time,
  endTime: time,
  open: int(1, ID_MAX),
});
export type LadingListSearch = SearchOf<typeof ladingListSearch>;
export type LadingFilterValues = Omit<
  LadingListSearch,
  keyof ReturnType<typeof listSearchFields> | 'open' | 'tab' | keyof typeof batchSearchFields
>;

/** The list's filters (its request, the export's filters) among the URL's values. */
export function ladingFiltersOf(
  s: LadingFilterValues,
): LadingFilterValues & Omit<LadingListBody, 'pageNo' | 'pageSize'> {
  return {
    nos: s.nos,
    trackingNo: s.trackingNo,
    channelId: s.channelId,
    carrierId: s.carrierId,
    countryId: s.countryId,
    type: s.type,
    orderType: s.orderType,
    pickupStatus: s.pickupStatus,
    confirmState: s.confirmState,
    signStatus: s.signStatus,
    mailState: s.mailState,
    batched: s.batched,
    startTime: s.startTime,
    endTime: s.endTime,
  };
}

/** Which operations a bill allows, as the server decides them (src/server/modules/lading). */
export const ladingActions = (b: {
  confirmState: number;
  pickupStatus: number;
  itemCount: number;
  mailState: number;
}) => ({
  confirm: b.confirmState === 0 && b.pickupStatus === 1 && b.itemCount > 0,
  pickup: b.confirmState === 1 && b.pickupStatus === 1,
  cancel: b.pickupStatus === 1,
  mailRetry: b.pickupStatus === 2 && b.mailState !== 1,
});

/** A bill takes scans while it is open (not confirmed) and not picked up or cancelled. */
export const takesScans = (b: { confirmState: number; pickupStatus: number }) =>
  b.confirmState === ConfirmState.open && b.pickupStatus === PickupStatus.notPickedUp;

const billsPrintHref =
  (page: '/print/printLading' | '/print/printLadingLabel') => (bills: readonly { recId: number }[]) =>
    `${page}?ids=${bills
      .slice(0, BILL_PRINT_MAX)
      .map((b) => b.recId)
      .join(',')}`;

/** The print page of the bills, an A4 sheet each (it opens in its own window). */
export const printLadingHref = billsPrintHref('/print/printLading');
/** The labels of the bills, 100 × 150 mm each (in its own window). */
export const printLadingLabelHref = billsPrintHref('/print/printLadingLabel');

/** The lading bills list: its request from the URL, read by the tab and loaded by its route. */
export const ladingList = listSpec({
  filtersOf: (s: LadingListSearch) => ladingFiltersOf(s),
  sorts: LIST_SORTS.lading,
  query: (body, locale) => ladingModule().ladingQueries.list(locale, body),
});
