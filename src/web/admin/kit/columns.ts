import type { TableColumnType } from 'antd';
import type { ListSettings } from './list-settings.ts';

/**
 * A column of a kit table: antd's column with a plain text `title` (the column settings list it),
 * a stable key (its `key`, else its `dataIndex`: the settings keep it), and `sortKey`: the list's
 * sort key the server sorts by (domain/list-sort.ts) when people sort by this column. `fixed`
 * columns (the number people click, the actions) always show.
 */
export interface KitColumn<R> extends Omit<TableColumnType<R>, 'title' | 'key' | 'sorter' | 'sortOrder'> {
  key?: string;
  title: string;
  sortKey?: string;
}

export type KitColumns<R> = KitColumn<R>[];

/** Whether people may hide or move a column: not the fixed ones. */
export const adjustable = (c: { fixed?: unknown }) => !c.fixed;

interface Keyed {
  key?: string | undefined;
  dataIndex?: unknown;
  fixed?: unknown;
}

/** A column's stable key: its `key`, else its `dataIndex` (a path joined with dots). */
export const columnKey = (c: Keyed): string =>
  c.key ?? (Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : String(c.dataIndex ?? ''));

/**
 * The columns as a person set them: in their order (columns they never placed keep their place
 * after the ones they did), without the hidden ones; fixed columns stay where the screen put them.
 */
export function arrangeColumns<C extends Keyed>(
  columns: readonly C[],
  settings: Pick<ListSettings, 'hidden' | 'order'>,
): C[] {
  const hidden = new Set(settings.hidden ?? []);
  const movable = columns.filter(adjustable);
  const rank = new Map((settings.order ?? []).map((k, i) => [k, i]));
  const placed = [...movable].sort((a, b) => {
    const ra = rank.get(columnKey(a));
    const rb = rank.get(columnKey(b));
    if (ra === undefined && rb === undefined) return movable.indexOf(a) - movable.indexOf(b);
    if (ra === undefined) return 1;
    if (rb === undefined) return -1;
    return ra - rb;
  });
  const out: C[] = [];
  let next = 0;
  for (const c of columns) {
    if (!adjustable(c)) out.push(c);
    else {
      const p = placed[next++]!;
      if (!hidden.has(columnKey(p))) out.push(p);
    }
  }
  return out;
}

/** The order of the movable columns after moving `key` one place towards the start (-1) or the end (1). */
export function movedOrder<C extends Keyed>(
  columns: readonly C[],
  settings: Pick<ListSettings, 'order'>,
  key: string,
  step: -1 | 1,
): string[] {
  const keys = arrangeColumns(columns, { order: settings.order }).filter(adjustable).map(columnKey);
  const at = keys.indexOf(key);
  const to = at + step;
  if (at < 0 || to < 0 || to >= keys.length) return keys;
  [keys[at], keys[to]] = [keys[to]!, keys[at]!];
  return keys;
}
