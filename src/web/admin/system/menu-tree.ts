import type { MenuItem } from '../../../shared/contract/system.ts';

/** A menu entry with the entries under it; leaves have no `children`, so tables show no expander. */
export interface MenuRow extends MenuItem {
  children?: MenuRow[];
}

const bySort = (a: MenuItem, b: MenuItem) => a.sort - b.sort || a.recId - b.recId;

/**
 * Nests a flat list by parentId, buttons included. An entry whose parent is not in the list is a
 * root, so a filtered list still shows every match.
 */
export function nestMenus(items: readonly MenuItem[]): MenuRow[] {
  const rows = new Map<number, MenuRow>(items.map((m) => [m.recId, { ...m }]));
  const roots: MenuRow[] = [];
  for (const row of rows.values()) {
    const parent = row.parentId === 0 ? undefined : rows.get(row.parentId);
    if (!parent) roots.push(row);
    else if (parent.children) parent.children.push(row);
    else parent.children = [row];
  }
  const order = (list: MenuRow[]) => {
    list.sort(bySort);
    for (const r of list) if (r.children) order(r.children);
  };
  order(roots);
  return roots;
}

/** The recIds of entries that have children (to expand a tree or table fully). */
export function parentIds(items: readonly MenuItem[]): number[] {
  const ids = new Set(items.map((m) => m.recId));
  return [...new Set(items.filter((m) => ids.has(m.parentId)).map((m) => m.parentId))];
}

/** `id` and every entry above it. */
export function ancestorsOf(items: readonly MenuItem[], id: number): number[] {
  const byId = new Map(items.map((m) => [m.recId, m]));
  const out: number[] = [];
  for (let m = byId.get(id); m && !out.includes(m.recId); m = byId.get(m.parentId)) out.push(m.recId);
  return out;
}

/** `id` and every entry below it. */
export function descendantsOf(items: readonly MenuItem[], id: number): number[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const m of items) if (m.parentId === out[i]) out.push(m.recId);
  return out;
}

/**
 * The role editor's rule for one click: checking an entry checks the entries above it (the server
 * shows a screen with its parents anyway, so the tree says so); unchecking one unchecks everything
 * below it. A screen can be held without its buttons, which is how a read-only role is made.
 */
export function toggleMenu(
  items: readonly MenuItem[],
  checked: readonly number[],
  id: number,
  on: boolean,
): number[] {
  const next = new Set(checked);
  if (on) for (const a of ancestorsOf(items, id)) next.add(a);
  else for (const d of descendantsOf(items, id)) next.delete(d);
  return [...next].sort((a, b) => a - b);
}

/**
 * The menu ids a role shows as checked: those still in the menu list. Entries deleted since the
 * role was saved are dropped, so saving the role cleans them up.
 */
export function knownMenuIds(items: readonly MenuItem[], menuIds: readonly number[]): number[] {
  const ids = new Set(items.map((m) => m.recId));
  return menuIds.filter((id) => ids.has(id));
}
