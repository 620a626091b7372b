import type { MenuNode } from '../../session/permissions.ts';
import { MENU_OF } from '../../session/screen-access.ts';

/** Where a menu entry leads: its path, or an outside http(s) address shown in the /frame page. */
export function menuHref(path: string): string {
  const trimmed = path.trim();
  if (/^https?:\/\//i.test(trimmed)) return `/frame?url=${encodeURIComponent(trimmed)}`;
  return trimmed;
}

const HOME = '/admin';

function covers(path: string, pathname: string): boolean {
  const base = path.split(/[?#]/, 1)[0]!.replace(/\/+$/, '');
  return base !== '' && (pathname === base || pathname.startsWith(`${base}/`));
}

/**
 * The menu entry of the current page: the entry with the longest path that is the page's path or
 * a parent of it (a detail page selects its list), and the top-level entry it sits under. None on
 * the home page (spec: opening /admin clears the current menu).
 */
export function currentMenu(
  tree: readonly MenuNode[],
  pathname: string,
): { selected?: MenuNode; parent?: MenuNode } {
  const own = pathname.replace(/\/+$/, '') || '/';
  if (own === HOME) return {};
  const path = MENU_OF[own] ?? own;
  let best: { selected?: MenuNode; parent?: MenuNode } = {};
  let bestLength = -1;
  const consider = (node: MenuNode, parent: MenuNode | undefined) => {
    if (covers(node.path, path) && node.path.length > bestLength) {
      best = { selected: node, parent };
      bestLength = node.path.length;
    }
  };
  for (const top of tree) {
    if (top.children.length === 0) consider(top, undefined);
    for (const child of top.children) consider(child, top);
  }
  return best;
}
