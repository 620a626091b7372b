import { PickupStatus } from '../../../shared/domain/lading.ts';
import { LIST_SORTS } from '../../../shared/domain/list-sort.ts';
import type { BatchListBody } from '../../api/queries/batch.ts';
import { BILL_PRINT_MAX } from '../../print/search.ts';
import { int, type SearchOf, searchSchema, text, time } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { type ListSearch, listSpec } from '../kit/use-list-screen.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const batchModule = deskQueries(() => import('../../api/queries/batch.ts'));

/**
 * The Batches tab of ladingBll/manage keeps its filters in the URL beside the lading bills' (the
 * page, its size, the open record and the time range are shared names; a tab change clears them).
 */
export const batchSearchFields = {
  batchNos: text(20_000),
  airlineBillNo: text(40),
  airCargoNo: text(40),
  ladingNo: text(64),
};

export const batchFilterValues = searchSchema({
  ...batchSearchFields,
  pickupStatus: int(1, 3),
  startTime: time,
  endTime: time,
});
export type BatchFilterValues = SearchOf<typeof batchFilterValues>;

/** The list's filters (its request, the export's filters) among the URL's values. */
export function batchFiltersOf(
  s: BatchFilterValues,
): BatchFilterValues & Omit<BatchListBody, 'pageNo' | 'pageSize'> {
  return {
    batchNos: s.batchNos,
    airlineBillNo: s.airlineBillNo,
    airCargoNo: s.airCargoNo,
    ladingNo: s.ladingNo,
    pickupStatus: s.pickupStatus,
    startTime: s.startTime,
    endTime: s.endTime,
  };
}

/** Which operations a batch allows, as the server decides them (src/server/modules/batch). */
export const batchActions = (b: { pickupStatus: number; ladingCount: number }) => ({
  pickup: b.pickupStatus === PickupStatus.notPickedUp && b.ladingCount > 0,
  cancel: b.pickupStatus === PickupStatus.notPickedUp,
  /** More lading bills may be scanned in until it is picked up. */
  scan: b.pickupStatus === PickupStatus.notPickedUp,
  /** Its air cargo may be edited until it is cancelled. */
  edit: b.pickupStatus !== PickupStatus.cancelled,
});

/** The print page of the batches (it opens in its own window). */
export const printBatchHref = (batches: readonly { recId: number }[]) =>
  `/print/printBatch?ids=${batches
    .slice(0, BILL_PRINT_MAX)
    .map((b) => b.recId)
    .join(',')}`;

/** The batches list: its request from the URL, read by the tab and loaded by its route. */
export const batchList = listSpec({
  filtersOf: (s: BatchFilterValues & ListSearch) => batchFiltersOf(s),
  sorts: LIST_SORTS.batch,
  query: (body, locale) => batchModule().batchQueries.list(locale, body),
});
