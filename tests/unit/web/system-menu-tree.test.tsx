import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../src/shared/contract/system.ts';
import {
  ancestorsOf,
  descendantsOf,
  knownMenuIds,
  nestMenus,
  parentIds,
  toggleMenu,
} from '../../../src/web/admin/system/menu-tree.ts';

const item = (recId: number, parentId: number, type: number, path: string, sort = 0): MenuItem => ({
  recId,
  parentId,
  type,
  path,
  sort,
  perms: '',
  icon: '',
  name: path,
  nameCn: path,
  nameEn: path,
  nameAr: path,
});

// system ─┬─ account ── account:edit
//         └─ role ───── role:edit
// order ──── list
const menus = [
  item(1, 0, 1, 'system', 2),
  item(2, 1, 2, 'account', 1),
  item(3, 2, 3, 'account:edit'),
  item(4, 1, 2, 'role', 2),
  item(5, 4, 3, 'role:edit'),
  item(6, 0, 1, 'order', 1),
  item(7, 6, 2, 'list'),
];

describe('the system screens’ menu tree', () => {
  it('nests entries by parent, sorted, with buttons as leaves and no empty children', () => {
    const tree = nestMenus(menus);
    expect(tree.map((n) => n.path)).toEqual(['order', 'system']);
    expect(tree[1]!.children!.map((n) => n.path)).toEqual(['account', 'role']);
    expect(tree[1]!.children![0]!.children!.map((n) => n.path)).toEqual(['account:edit']);
    expect(tree[1]!.children![0]!.children![0]!.children).toBeUndefined();
  });

  it('shows a filtered list whole: an entry whose parent is missing becomes a root', () => {
    expect(nestMenus([menus[2]!, menus[3]!]).map((n) => n.path)).toEqual(['account:edit', 'role']);
    expect(parentIds(menus).sort()).toEqual([1, 2, 4, 6]);
    expect(parentIds([menus[2]!, menus[3]!])).toEqual([]);
  });

  it('walks up and down the tree', () => {
    expect(ancestorsOf(menus, 3)).toEqual([3, 2, 1]);
    expect(descendantsOf(menus, 1).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('checks an entry with the entries above it and unchecks it with everything below', () => {
    expect(toggleMenu(menus, [], 3, true)).toEqual([1, 2, 3]);
    expect(toggleMenu(menus, [1, 2, 3, 4], 2, false)).toEqual([1, 4]);
    // A screen without its button: a read-only role.
    expect(toggleMenu(menus, [1, 2, 3], 3, false)).toEqual([1, 2]);
    expect(toggleMenu(menus, [6, 7], 1, false)).toEqual([6, 7]);
  });

  it('drops menu ids the tree no longer has', () => {
    expect(knownMenuIds(menus, [1, 99, 3])).toEqual([1, 3]);
  });
});
