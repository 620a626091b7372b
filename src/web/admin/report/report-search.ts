import { AccountType } from '../../../shared/domain/enums.ts';
import { GRANULARITIES } from '../../../shared/domain/report-period.ts';
import { useSession } from '../../session/store.ts';
import { day, int, oneOf, text } from '../../ui/search-params.ts';

export { int, text };

/**
 * URL search values the report screens share (waybill report, logistics bills, COD collected): a
 * value that does not parse is dropped rather than failing the page, and a missing range falls back
 * to the screen's default.
 */

export const date = day;
export const granularityParam = oneOf(GRANULARITIES);
export const ID_MAX = 2_147_483_647;

export const pageParams = { pageNo: int(1, 1_000_000), pageSize: int(1, 500) };
export const rangeParams = { startDate: date, endDate: date };

/** YYYY-MM-DD of the browser's date (no dayjs: the route tree loads this file with every page). */
const dayOf = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** From the first day of the month `monthsBack` months ago to today (the browser's dates). */
export function defaultRange(monthsBack = 0, now = new Date()): { startDate: string; endDate: string } {
  return {
    startDate: dayOf(new Date(now.getFullYear(), now.getMonth() - monthsBack, 1)),
    endDate: dayOf(now),
  };
}

/** The range in the URL, else the default. */
export const rangeOf = (
  s: { startDate?: string | undefined; endDate?: string | undefined },
  monthsBack = 0,
) => (s.startDate && s.endDate ? { startDate: s.startDate, endDate: s.endDate } : defaultRange(monthsBack));

/** Customer accounts see their own customer's reports: no customer filter for them. */
export function useIsCustomer(): boolean {
  const type = useSession()?.user.type;
  return type === AccountType.main || type === AccountType.sub;
}
