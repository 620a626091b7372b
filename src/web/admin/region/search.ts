import { int, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';

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
