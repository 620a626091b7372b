import { LIST_SORTS } from '../../../shared/domain/list-sort.ts';
import type { OverseasListBody } from '../../api/queries/overseas-lading.ts';
import { int, oneOf, type SearchOf, searchSchema, text, time } from '../../ui/search-params.ts';
import { exchangeSearchFields } from '../exchange/search.ts';
import { listSearchFields } from '../kit/search.ts';

const ID_MAX = 2_147_483_647;

export const OVERSEAS_TABS = ['bills', 'exchange'] as const;
export type OverseasTab = (typeof OVERSEAS_TABS)[number];

/**
 * ladingBll/overseas keeps its tab (overseas bills or exchange scans), the filters, the page and
 * the bill open in the drawer (`id`) in the URL; a value that does not parse is dropped rather
 * than failing the page.
 */
export const overseasListSearch = searchSchema({
  tab: oneOf(OVERSEAS_TABS),
  ...exchangeSearchFields,
  ...listSearchFields([...LIST_SORTS.overseas, ...LIST_SORTS.exchange]),
  id: int(1, ID_MAX),
  nos: text(20_000),
  trackingNo: text(64),
  channelId: int(1, ID_MAX),
  carrierId: int(1, ID_MAX),
  countryId: int(1, ID_MAX),
  pickupStatus: oneOf(['1', '2', '3']),
  confirmState: oneOf(['0', '1']),
  startTime: time,
  endTime: time,
});
export type OverseasListSearch = SearchOf<typeof overseasListSearch>;
export type OverseasFilterValues = Omit<
  OverseasListSearch,
  keyof ReturnType<typeof listSearchFields> | 'id' | 'tab' | keyof typeof exchangeSearchFields
>;

/** The list's filters (its request, the export's filters) among the URL's values. */
export function overseasFiltersOf(
  s: OverseasFilterValues,
): OverseasFilterValues & Omit<OverseasListBody, 'pageNo' | 'pageSize'> {
  return {
    nos: s.nos,
    trackingNo: s.trackingNo,
    channelId: s.channelId,
    carrierId: s.carrierId,
    countryId: s.countryId,
    pickupStatus: s.pickupStatus,
    confirmState: s.confirmState,
    startTime: s.startTime,
    endTime: s.endTime,
  };
}
