import { SORT_ORDERS } from '../../../shared/domain/list-sort.ts';
import { int, oneOf } from '../../ui/search-params.ts';

export const DEFAULT_PAGE_SIZE = 20;

/**
 * The URL values every list keeps: its page, page size and sort (one of the list's sort keys,
 * LIST_SORTS; another is dropped, as is any value that does not parse).
 */
export const listSearchFields = <const K extends string>(sorts: readonly K[] = []) => ({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 500),
  sortBy: oneOf<K>(sorts),
  sortOrder: oneOf(SORT_ORDERS),
});

/** Search values with empty ones left out, so the URL carries only what is set. */
export function compact<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(values) as [keyof T, T[keyof T]][])
    if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out;
}
