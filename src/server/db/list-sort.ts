import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { ListSort } from '../../shared/domain/list-sort.ts';

/**
 * The ORDER BY of a list page: the column the request sorts by (a key the contract allowed, looked
 * up here: request text never reaches the SQL), then the tie-breaker in the same direction so pages
 * do not overlap; the list's own order when the request names none. Nulls sort as PostgreSQL puts
 * them by default (last ascending, first descending), so a plain index on the column serves both
 * directions.
 */
export function orderOf<K extends string>(
  q: ListSort<K>,
  columns: Record<K, SQLWrapper>,
  tiebreak: SQLWrapper,
  fallback: readonly SQL[],
): SQL[] {
  if (q.sortBy === undefined) return [...fallback];
  const column = columns[q.sortBy];
  if (!column) throw new Error(`no sort column for ${q.sortBy}`);
  const dir = q.sortOrder === 'asc' ? sql`ASC` : sql`DESC`;
  return [sql`${column} ${dir}`, sql`${tiebreak} ${dir}`];
}

/** The same as one SQL fragment, for queries written as SQL text. */
export const orderByOf = <K extends string>(
  q: ListSort<K>,
  columns: Record<K, SQLWrapper>,
  tiebreak: SQLWrapper,
  fallback: readonly SQL[],
): SQL => sql`ORDER BY ${sql.join(orderOf(q, columns, tiebreak, fallback), sql`, `)}`;
