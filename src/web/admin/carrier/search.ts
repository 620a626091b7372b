import { int, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { compact } from '../kit/search.ts';
import { listSpec } from '../kit/use-list-screen.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const carrierModule = deskQueries(() => import('../../api/queries/carrier.ts'));

/**
 * The settings screens keep their filters and page in the URL, so a reload or a shared link shows
 * the same list; a value that does not parse is dropped rather than failing the page.
 */
export const carrierSearch = searchSchema({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 100),
  code: text(20),
  name: text(100),
  countryId: int(1, 2_147_483_647),
  status: int(1, 2),
  /** 1 last-mile carriers, 0 the others. */
  lastMile: int(0, 1),
  /** The carrier whose tracking nodes are open. */
  nodes: int(1, 2_147_483_647),
});
export type CarrierSearch = SearchOf<typeof carrierSearch>;

/** The carrier list: its request from the URL, read by the screen and loaded by its route. */
export const carrierList = listSpec({
  filtersOf: (s: CarrierSearch) => ({
    code: s.code,
    name: s.name,
    countryId: s.countryId,
    status: s.status,
    lastMile: s.lastMile,
  }),
  query: ({ lastMile, ...rest }, locale) =>
    carrierModule().carrierQueries.list(locale, {
      ...compact(rest),
      ...(lastMile === undefined ? {} : { lastMile: lastMile === 1 }),
    }),
});
