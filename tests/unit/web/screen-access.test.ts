import { describe, expect, it } from 'vitest';
import { MENU_TREE } from '../../../src/server/db/seed/menu-tree.ts';
import type { MenuItem } from '../../../src/shared/contract/system.ts';
import { ROUTE_TITLES } from '../../../src/web/admin/route-titles.ts';
import { mayOpenScreen, screenOf } from '../../../src/web/session/screen-access.ts';

const item = (recId: number, parentId: number, type: number, path: string): MenuItem => ({
  recId,
  parentId,
  type,
  path,
  perms: '',
  sort: 0,
  name: path,
  nameCn: path,
  nameEn: path,
  nameAr: path,
  icon: '',
});

/** A role holding Settings → Options and Shipping channels, and the account button. */
const menus = [
  item(1, 0, 1, '/admin/setting'),
  item(2, 1, 2, '/admin/options'),
  item(3, 1, 2, '/admin/options/editChannel/'),
  item(4, 0, 1, '/admin/system'),
  item(5, 4, 3, '/admin/system/account'),
];

describe('the menu entry that grants a desk page', () => {
  it('is the page, the list of a detail page, or the entry leading to an edit page', () => {
    expect(screenOf('/admin/order/list/')).toBe('/admin/order/list');
    expect(screenOf('/admin/order/list/$id')).toBe('/admin/order/list');
    expect(screenOf('/admin/options/edit')).toBe('/admin/options/editChannel');
    expect(screenOf('/admin/user/options/edit')).toBe('/admin/user/options');
    expect(screenOf('/admin/info/developers/$id')).toBe('/admin/info/customer');
    expect(screenOf('/admin/user/developers')).toBe('/admin/user/developers');
  });

  it('is none for the home page', () => {
    expect(screenOf('/admin/')).toBeUndefined();
    expect(screenOf('/admin')).toBeUndefined();
  });

  it('exists in the seeded menu tree for every desk page', () => {
    const seeded = new Set(MENU_TREE.flatMap((top) => (top.children ?? []).map((c) => c.path)));
    const pages = Object.keys(ROUTE_TITLES).filter((r) => r.startsWith('/admin/'));
    expect(pages.length).toBeGreaterThan(40);
    // Pages every desk user opens (their own export centre) need no entry.
    expect(pages.filter((r) => screenOf(r) !== undefined && !seeded.has(screenOf(r)!))).toEqual([]);
  });

  it("is none for the export centre, every account's own", () => {
    expect(screenOf('/admin/export-task')).toBeUndefined();
  });
});

describe('opening a desk page', () => {
  it('needs the page’s own entry, not an entry of a parent path', () => {
    expect(mayOpenScreen(menus, '/admin/options/')).toBe(true);
    expect(mayOpenScreen(menus, '/admin/options/editChannel')).toBe(true);
    expect(mayOpenScreen(menus, '/admin/options/edit')).toBe(true);
    expect(mayOpenScreen(menus, '/admin/options/point')).toBe(false);
    expect(mayOpenScreen(menus, '/admin/order/list/$id')).toBe(false);
  });

  it('is not granted by a button, whatever its path', () => {
    expect(mayOpenScreen(menus, '/admin/system/account')).toBe(false);
  });

  it('always opens the home page', () => {
    expect(mayOpenScreen([], '/admin/')).toBe(true);
  });
});
