import { z } from 'zod';

const int = (min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).optional().catch(undefined);

/** The regions screen keeps its filters and page in the URL; a value that does not parse is dropped. */
export const regionSearch = z.object({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 100),
  keyword: z.coerce.string().trim().max(100).optional().catch(undefined),
  level: int(0, 3),
  status: int(1, 2),
  parentId: int(1, 2_147_483_647),
});
export type RegionSearch = z.infer<typeof regionSearch>;

export const DEFAULT_PAGE_SIZE = 20;

/** Search values with empty ones left out, so the URL carries only what is set. */
export function compact<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(values) as [keyof T, T[keyof T]][])
    if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out;
}
