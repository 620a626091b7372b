import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../src/shared/contract/system.ts';
import { breadcrumbTrail } from '../../../src/web/admin/shell/breadcrumb-trail.ts';
import { menuTreeOf } from '../../../src/web/session/permissions.ts';

const menu = (recId: number, parentId: number, name: string, path: string): MenuItem => ({
  recId,
  parentId,
  name,
  nameCn: name,
  nameEn: name,
  nameAr: name,
  type: parentId ? 2 : 1,
  path,
  perms: '',
  icon: '',
  sort: recId,
});

const tree = menuTreeOf([
  menu(1, 0, 'Orders', ''),
  menu(2, 1, 'Order list', '/admin/order/list'),
  menu(3, 1, 'Lading bills', '/admin/ladingBll/manage'),
  menu(7, 0, 'Solo', '/admin/solo'),
]);

const labels = (crumbs: ReturnType<typeof breadcrumbTrail>) => crumbs.map((c) => c.label);

describe('the breadcrumb', () => {
  it('is the menu group (a menu of its screens) and the screen, not a link on the screen itself', () => {
    const trail = breadcrumbTrail(tree, '/admin/ladingBll/manage', { title: 'Lading bills' });
    expect(labels(trail)).toEqual(['Orders', 'Lading bills']);
    expect(trail[0]!.screens?.map((s) => s.href)).toEqual(['/admin/order/list', '/admin/ladingBll/manage']);
    expect(trail[1]!.href).toBeUndefined();
  });

  it('ends with the detail a page names, the screen then linking back to its list', () => {
    const trail = breadcrumbTrail(tree, '/admin/ladingBll/manage', { detail: 'LB2026120700001' });
    expect(labels(trail)).toEqual(['Orders', 'Lading bills', 'LB2026120700001']);
    expect(trail[1]).toMatchObject({ href: '/admin/ladingBll/manage', back: true });
  });

  it('names a record page under its list by the tab’s name', () => {
    const trail = breadcrumbTrail(tree, '/admin/order/list/42', { title: 'GL123456789' });
    expect(labels(trail)).toEqual(['Orders', 'Order list', 'GL123456789']);
    expect(trail[1]!.href).toBe('/admin/order/list');
  });

  it('is empty at home, and a page outside the menus is its title alone', () => {
    expect(breadcrumbTrail(tree, '/admin/', { title: 'Home' })).toEqual([]);
    expect(labels(breadcrumbTrail(tree, '/admin/export-task', { title: 'Exports' }))).toEqual(['Exports']);
    expect(labels(breadcrumbTrail(tree, '/admin/solo', { title: 'Solo' }))).toEqual(['Solo']);
  });
});
