import { int, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const regionModule = deskQueries(() => import('../../api/queries/region.ts'));

/** The regions screen keeps its filters and page in the URL; a value that does not parse is dropped. */
export const regionSearch = searchSchema({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 100),
  keyword: text(100),
  level: int(0, 3),
  status: int(1, 2),
  parentId: int(1, 2_147_483_647),
});
export type RegionSearch = SearchOf<typeof regionSearch>;

const regionRequest = (s: RegionSearch) => ({
  ...compact({ keyword: s.keyword, level: s.level, status: s.status, parentId: s.parentId }),
  pageNo: s.pageNo ?? 1,
  pageSize: s.pageSize ?? DEFAULT_PAGE_SIZE,
});

/** The regions: the request from the URL, read by the screen and loaded by its route. */
export const regionList = {
  deps: regionRequest,
  query: (body: ReturnType<typeof regionRequest>) => regionModule().regionQueries.list(body),
};
