import { type Column, getTableColumns, type InferSelectModel, type SQL, sql, type Table } from 'drizzle-orm';

/**
 * Columns of a table for a statement written as SQL, decoded as Drizzle would (timestamps arrive
 * as text): for the hot statements (a list page, a scan) whose building and row mapping through
 * Drizzle's query builder cost more than running them. Each column is selected as `<alias>_<name>`
 * so several tables' columns can share one row.
 */
export interface RawColumns<Row> {
  /** The SELECT list: `"<alias>"."<name>" AS "<alias>_<name>"`, … */
  readonly select: SQL;
  /** The table's row from a result row. */
  decode(row: Record<string, unknown>): Row;
}

export function rawColumns<T extends Table, K extends keyof InferSelectModel<T> & string>(
  table: T,
  alias: string,
  keys?: readonly K[],
): RawColumns<Pick<InferSelectModel<T>, K>> {
  const columns = Object.entries(getTableColumns(table) as Record<string, Column>)
    .filter(([key]) => !keys || (keys as readonly string[]).includes(key))
    .map(([key, column]) => ({ key, column, as: `${alias}_${column.name}`, name: column.name }));
  return {
    select: sql.raw(columns.map((c) => `"${alias}"."${c.name}" AS "${c.as}"`).join(', ')),
    decode(row) {
      const out: Record<string, unknown> = {};
      for (const c of columns) {
        const v = row[c.as];
        out[c.key] = v === null || v === undefined ? null : c.column.mapFromDriverValue(v);
      }
      return out as Pick<InferSelectModel<T>, K>;
    },
  };
}
