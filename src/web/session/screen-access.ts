import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import type { MenuItem } from '../../shared/contract/system.ts';
import { MenuType } from '../../shared/domain/enums.ts';
import { queries } from '../api/queries/index.ts';

/** The desk's home page: every desk user may open it. */
const HOME = '/admin';

/** Pages every desk user may open, with no menu entry: each account's own export centre. */
const OPEN_TO_ALL = new Set(['/admin/export-task']);

/** Pages with no menu entry of their own, held through the entry that leads to them. */
export const MENU_OF: Readonly<Record<string, string>> = {
  '/admin/options/edit': '/admin/options/editChannel',
  // A customer's API keys and webhooks, opened from the customer list (apiKey:edit).
  '/admin/info/developers/$id': '/admin/info/customer',
  '/admin/user/options/edit': '/admin/user/options',
};

/** A menu entry's path as a page path: no query or fragment, no trailing slash. */
export const menuPath = (path: string): string => path.trim().split(/[?#]/, 1)[0]!.replace(/\/+$/, '');

/**
 * The menu entry that grants a desk page, from the page's route pattern (`/admin/order/list/$id`,
 * an index route's trailing slash allowed): the page itself, the list a detail page belongs to
 * (parameters at the end dropped), or the entry of MENU_OF; undefined for the home page.
 */
export function screenOf(route: string): string | undefined {
  const own = route.replace(/\/+$/, '');
  if (own === HOME || own === '' || OPEN_TO_ALL.has(own)) return undefined;
  return MENU_OF[own] ?? own.replace(/(\/\$[^/]+)+$/, '');
}

/**
 * Whether the user's menus (as the server gives them) open a desk page. Roles are sets of menu
 * entries and the server's permissions come from them, so a page whose entry the user lacks would
 * only be refused call by call: it shows "no permission" instead.
 */
export function mayOpenScreen(menus: readonly MenuItem[], route: string): boolean {
  const screen = screenOf(route);
  if (screen === undefined) return true;
  return menus.some((m) => m.type !== MenuType.button && menuPath(m.path) === screen);
}

/**
 * Whether the caller may open a desk page (by route pattern), for links to pages of other menus
 * (a report's tracking no to the order detail): a link the account could only follow to the 403
 * page is better shown as text. True until the menus have loaded.
 */
export function useMayOpenScreen(route: string): boolean {
  const { i18n } = useLingui();
  const { data } = useQuery(queries.system.userMenus(i18n.locale));
  return !data || mayOpenScreen(data, route);
}
