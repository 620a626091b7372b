import type { MenuNode } from '../../session/permissions.ts';
import { currentMenu, menuHref } from './menu-selection.ts';

/** One step of the breadcrumb: a link when `href` is set, a menu of its screens for a group. */
export interface Crumb {
  key: string;
  label: string;
  href?: string;
  /** A menu group: its screens, to go to one of them. */
  screens?: { key: string; label: string; href: string }[];
  /** The screen under a detail: back to it (a drawer's list keeps its filters). */
  back?: boolean;
}

const strip = (path: string) => path.replace(/\/+$/, '') || '/';

/**
 * Where the page sits in the user's menus (spec: breadcrumb): the menu group, the screen, and the
 * detail the page shows, if any (a bill no, an order). The group opens a menu of its screens; the
 * screen is a link when a detail follows it. Empty on the home page; a page with no menu entry of
 * its own (the export centre) is its title alone.
 */
export function breadcrumbTrail(
  tree: readonly MenuNode[],
  pathname: string,
  page: { title?: string; detail?: string },
): Crumb[] {
  const own = strip(pathname);
  if (own === '/admin') return [];
  const { selected, parent } = currentMenu(tree, own);
  if (!selected) return page.title ? [{ key: 'page', label: page.title }] : [];
  const trail: Crumb[] = [];
  if (parent)
    trail.push({
      key: `menu-${parent.recId}`,
      label: parent.name,
      screens: parent.children.map((c) => ({
        key: `menu-${c.recId}`,
        label: c.name,
        href: menuHref(c.path),
      })),
    });
  const screenPath = strip(selected.path.split(/[?#]/, 1)[0]!);
  // A page under its menu's address (a detail route) or one naming a record: the screen links back.
  const detail = page.detail ?? (own !== screenPath ? page.title : undefined);
  trail.push({
    key: `menu-${selected.recId}`,
    label: selected.name,
    href: detail ? menuHref(selected.path) : undefined,
    back: !!detail,
  });
  if (detail) trail.push({ key: 'detail', label: detail });
  return trail;
}
