import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import type { MenuItem } from '../../shared/contract/system.ts';
import { MenuType } from '../../shared/domain/enums.ts';
import { queries } from '../api/queries/index.ts';

/**
 * The authorization list (spec: authList): every permission key the caller holds, as the server
 * computes it — the paths of type-3 (button) entries plus the keys a screen entry grants in
 * `perms`. The server enforces the same keys; the client only hides what would be refused.
 */
export function authListOf(menus: readonly MenuItem[]): Set<string> {
  const keys = new Set<string>();
  for (const m of menus) {
    if (m.type === MenuType.button) keys.add(m.path.trim());
    else
      for (const k of m.perms.split(',')) {
        const key = k.trim();
        if (key) keys.add(key);
      }
  }
  return keys;
}

/** The side-menu tree: type-3 entries are left out; children sorted by `sort`. */
export interface MenuNode extends MenuItem {
  children: MenuNode[];
}

export function menuTreeOf(menus: readonly MenuItem[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const m of menus) if (m.type !== MenuType.button) nodes.set(m.recId, { ...m, children: [] });
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === 0 ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else if (node.parentId === 0) roots.push(node);
  }
  const order = (list: MenuNode[]) => {
    list.sort((a, b) => a.sort - b.sort || a.recId - b.recId);
    for (const n of list) order(n.children);
  };
  order(roots);
  return roots;
}

/** The caller's authorization list; empty until the menus have loaded. */
export function useAuthList(): Set<string> {
  const { i18n } = useLingui();
  const { data } = useQuery({ ...queries.system.userMenus(i18n.locale), select: authListOf });
  return data ?? EMPTY;
}

const EMPTY = new Set<string>();

/** Whether the caller holds a permission key (e.g. 'account:edit'); use it to hide buttons. */
export function useCan(key: string): boolean {
  return useAuthList().has(key);
}
