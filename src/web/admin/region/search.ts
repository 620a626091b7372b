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

export const DEFAULT_PAGE_SIZE = 20;

/** Search values with empty ones left out, so the URL carries only what is set. */
export function compact<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(values) as [keyof T, T[keyof T]][])
    if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out;
}
