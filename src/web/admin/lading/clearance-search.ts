import { z } from 'zod';
import type { ClearanceListBody } from '../../api/queries/lading.ts';

const int = (min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).optional().catch(undefined);
const text = (max: number) => z.coerce.string().trim().max(max).optional().catch(undefined);
const time = z.iso.datetime({ offset: true }).optional().catch(undefined);
const ID_MAX = 2_147_483_647;

/** customs/bill-of-lading keeps its filters and page in the URL. */
export const clearanceSearch = z.object({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 500),
  nos: text(20_000),
  clearanceStatus: int(0, 4),
  channelId: int(1, ID_MAX),
  countryId: int(1, ID_MAX),
  startTime: time,
  endTime: time,
});
export type ClearanceSearch = z.infer<typeof clearanceSearch>;
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
