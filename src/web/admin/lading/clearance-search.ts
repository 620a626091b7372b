import type { ClearanceListBody } from '../../api/queries/lading.ts';
import { int, type SearchOf, searchSchema, text, time } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { DEFAULT_PAGE_SIZE } from '../kit/search.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const ladingModule = deskQueries(() => import('../../api/queries/lading.ts'));

const ID_MAX = 2_147_483_647;

/** customs/bill-of-lading keeps its filters and page in the URL. */
export const clearanceSearch = searchSchema({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 500),
  nos: text(20_000),
  clearanceStatus: int(0, 4),
  channelId: int(1, ID_MAX),
  countryId: int(1, ID_MAX),
  startTime: time,
  endTime: time,
});
export type ClearanceSearch = SearchOf<typeof clearanceSearch>;
export type ClearanceFilterValues = Omit<ClearanceSearch, 'pageNo' | 'pageSize'>;

export function clearanceFiltersOf(s: ClearanceFilterValues): Omit<ClearanceListBody, 'pageNo' | 'pageSize'> {
  return {
    nos: s.nos,
    clearanceStatus: s.clearanceStatus,
    channelId: s.channelId,
    countryId: s.countryId,
    startTime: s.startTime,
    endTime: s.endTime,
  };
}

/** "TRACKING CLEARANCE" a line (space, tab, comma or semicolon between) into the update's orders. */
export function parseClearanceNos(text: string): { trackingNo: string; clearanceNo: string }[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [trackingNo = '', clearanceNo = ''] = l.split(/[\s,;]+/);
      return { trackingNo, clearanceNo };
    });
}

const clearanceRequest = ({ pageNo, pageSize, ...values }: ClearanceSearch) => ({
  ...clearanceFiltersOf(values),
  pageNo: pageNo ?? 1,
  pageSize: pageSize ?? DEFAULT_PAGE_SIZE,
});

/** The customs clearance list: the request from the URL, read by the screen and loaded by its route. */
export const clearanceList = {
  deps: clearanceRequest,
  query: (body: ReturnType<typeof clearanceRequest>, { locale }: { locale: string }) =>
    ladingModule().clearanceQueries.list(locale, body),
};
