import { z } from 'zod';

/**
 * The list screens keep their filters and page in the URL, so a reload or a shared link shows the
 * same list. A value that does not parse is dropped rather than failing the page.
 */
const page = z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined);
const pageSize = z.coerce.number().int().min(1).max(100).optional().catch(undefined);
const text = z.coerce.string().trim().max(64).optional().catch(undefined);
const oneOf = (min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).optional().catch(undefined);

export const accountSearch = z.object({
  pageNo: page,
  pageSize,
  username: text,
  type: oneOf(1, 4),
  status: oneOf(1, 2),
  customerId: z.coerce.number().int().positive().optional().catch(undefined),
});
export type AccountSearch = z.infer<typeof accountSearch>;

export const roleSearch = z.object({ pageNo: page, pageSize, name: text });
export type RoleSearch = z.infer<typeof roleSearch>;

export const menuSearch = z.object({ name: text, type: oneOf(1, 3) });
export type MenuSearch = z.infer<typeof menuSearch>;

export const DEFAULT_PAGE_SIZE = 20;

/** Search values with empty strings and undefined left out, so the URL carries only what is set. */
export function compact<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(values) as [keyof T, T[keyof T]][]) {
    if (v !== undefined && v !== null && v !== '') out[k] = v;
  }
  return out;
}
