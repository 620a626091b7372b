import { LIST_SORTS } from '../../../shared/domain/list-sort.ts';
import type { PackageListBody } from '../../api/queries/package.ts';
import { int, oneOf, type SearchOf, searchSchema, text, time } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { listSearchFields } from '../kit/search.ts';
import { listSpec } from '../kit/use-list-screen.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const packageModule = deskQueries(() => import('../../api/queries/package.ts'));

const ID_MAX = 2_147_483_647;

/**
 * The package list keeps its filters, its page and the package open in the drawer (`id`) in the
 * URL; a value that does not parse is dropped rather than failing the page. Package nos keep the
 * text as typed; the server splits it.
 */
export const packageListSearch = searchSchema({
  ...listSearchFields(LIST_SORTS.package),
  id: int(1, ID_MAX),
  nos: text(20_000),
  trackingNo: text(64),
  customerId: int(1, ID_MAX),
  consigneeName: text(100),
  pickupStatus: oneOf(['1', '2', '3']),
  confirmState: oneOf(['0', '1']),
  startTime: time,
  endTime: time,
});
export type PackageListSearch = SearchOf<typeof packageListSearch>;
export type PackageFilterValues = Omit<PackageListSearch, keyof ReturnType<typeof listSearchFields> | 'id'>;

/** The list's request (and the exports' filters) from the URL's values. */
export function packageFiltersOf(
  s: PackageFilterValues,
): PackageFilterValues & Omit<PackageListBody, 'pageNo' | 'pageSize'> {
  return {
    nos: s.nos,
    trackingNo: s.trackingNo,
    customerId: s.customerId,
    consigneeName: s.consigneeName,
    pickupStatus: s.pickupStatus,
    confirmState: s.confirmState,
    startTime: s.startTime,
    endTime: s.endTime,
  };
}

export const PACKAGE_LIST_PATH = '/admin/ladingBll/package';

/** The packages list: its request from the URL, read by the screen and loaded by its route. */
export const packageList = listSpec({
  filtersOf: (s: PackageListSearch) => packageFiltersOf(s),
  sorts: LIST_SORTS.package,
  query: (body, locale) => packageModule().packageQueries.list(locale, body),
});
