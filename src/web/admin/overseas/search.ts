import { z } from 'zod';
import type { OverseasListBody } from '../../api/queries/overseas.ts';
import { exchangeSearchFields } from '../exchange/search.ts';

const int = (min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).optional().catch(undefined);
const text = (max: number) => z.coerce.string().trim().max(max).optional().catch(undefined);
const choice = <T extends string>(values: readonly [T, ...T[]]) =>
  z.coerce.string().pipe(z.enum(values)).optional().catch(undefined);
const time = z.iso.datetime({ offset: true }).optional().catch(undefined);
const ID_MAX = 2_147_483_647;

export const OVERSEAS_TABS = ['bills', 'exchange'] as const;
export type OverseasTab = (typeof OVERSEAS_TABS)[number];

/**
 * ladingBll/overseas keeps its tab (overseas bills or exchange scans), the filters, the page and
 * the bill open in the drawer (`id`) in the URL; a value that does not parse is dropped rather
 * than failing the page.
 */
export const overseasListSearch = z.object({
  tab: z.enum(OVERSEAS_TABS).optional().catch(undefined),
  ...exchangeSearchFields,
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 500),
  id: int(1, ID_MAX),
  nos: text(20_000),
  trackingNo: text(64),
  channelId: int(1, ID_MAX),
  carrierId: int(1, ID_MAX),
  countryId: int(1, ID_MAX),
  pickupStatus: choice(['1', '2', '3']),
  confirmState: choice(['0', '1']),
  startTime: time,
  endTime: time,
});
export type OverseasListSearch = z.infer<typeof overseasListSearch>;
export type OverseasFilterValues = Omit<
  OverseasListSearch,
  'pageNo' | 'pageSize' | 'id' | 'tab' | keyof typeof exchangeSearchFields
>;

export const DEFAULT_PAGE_SIZE = 20;

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
