import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../src/shared/contract/system.ts';
import { authListOf, menuTreeOf } from '../../../src/web/session/permissions.ts';

const item = (
  recId: number,
  parentId: number,
  type: number,
  path: string,
  perms = '',
  sort = 0,
): MenuItem => ({
  recId,
  parentId,
  type,
  path,
  perms,
  sort,
  name: path,
  nameCn: path,
  nameEn: path,
  nameAr: path,
  icon: '',
});

const menus = [
  item(1, 0, 1, '/admin/system', '', 2),
  item(2, 1, 2, '/admin/system/account', 'account:view', 1),
  item(3, 2, 3, 'account:edit'),
  item(4, 0, 1, '/admin/order', '', 1),
  item(5, 4, 2, '/admin/order/list', 'order:view, exportTask:view', 2),
  item(6, 4, 2, '/admin/order/scan', 'order:scan', 1),
  item(7, 99, 2, '/admin/orphan'),
];

describe('menus on the client', () => {
  it('builds the authorization list from buttons and screen permissions', () => {
    expect([...authListOf(menus)].sort()).toEqual([
      'account:edit',
      'account:view',
      'exportTask:view',
      'order:scan',
      'order:view',
    ]);
  });

  it('builds a sorted two-level tree without buttons or orphans', () => {
    const tree = menuTreeOf(menus);
    expect(tree.map((n) => n.path)).toEqual(['/admin/order', '/admin/system']);
    expect(tree[0]!.children.map((n) => n.path)).toEqual(['/admin/order/scan', '/admin/order/list']);
    expect(tree[1]!.children[0]!.children).toEqual([]);
  });
});
