import type { ExchangeListBody } from '../../api/queries/exchange.ts';
import { int, type SearchOf, searchSchema, text, time } from '../../ui/search-params.ts';

const ID_MAX = 2_147_483_647;

/**
 * The Exchange scans tab of ladingBll/overseas keeps its filters in the URL beside the overseas
 * bills' (page, size, carrier, channel and the time range are shared names; a tab change clears
 * them).
 */
export const exchangeSearchFields = {
  trackingNos: text(100_000),
  carrierTrackingNos: text(100_000),
  exchanged: int(0, 1),
};

export const exchangeFilterValues = searchSchema({
  ...exchangeSearchFields,
  carrierId: int(1, ID_MAX),
  channelId: int(1, ID_MAX),
  startTime: time,
  endTime: time,
});
export type ExchangeFilterValues = SearchOf<typeof exchangeFilterValues>;

/** The list's filters (its request, the export's filters) among the URL's values. */
export function exchangeFiltersOf(
  s: ExchangeFilterValues,
): ExchangeFilterValues & Omit<ExchangeListBody, 'pageNo' | 'pageSize'> {
  return {
    trackingNos: s.trackingNos,
    carrierTrackingNos: s.carrierTrackingNos,
    exchanged: s.exchanged,
    carrierId: s.carrierId,
    channelId: s.channelId,
    startTime: s.startTime,
    endTime: s.endTime,
  };
}
