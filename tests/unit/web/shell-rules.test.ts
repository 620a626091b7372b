import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../src/shared/contract/auth.ts';
import type { MenuItem } from '../../../src/shared/contract/system.ts';
import { frameSandbox, frameUrl } from '../../../src/web/admin/frame/frame-url.ts';
import { currentMenu, menuHref } from '../../../src/web/admin/shell/menu-selection.ts';
import { accessOf, accessRedirect } from '../../../src/web/session/access.ts';
import { menuTreeOf } from '../../../src/web/session/permissions.ts';
import type { Session } from '../../../src/web/session/store.ts';
import { isChunkLoadError, reloadOnce } from '../../../src/web/ui/chunk-reload.ts';

const user = (type: number): SessionUser => ({
  recId: 1,
  username: 'u',
  nickname: '',
  type,
  customerId: null,
  customerName: null,
  roles: [],
  fileDomain: '',
  timeZone: 'Asia/Shanghai',
});
const session = (type = 1): Session => ({ token: 't', refreshToken: 'r', user: user(type) });
const match = (routeId: string, access?: 'public' | 'guest' | 'user') => ({
  routeId,
  staticData: access ? { access } : {},
});

describe('access rule', () => {
  it('needs a user unless the deepest declaring route says otherwise', () => {
    expect(accessOf([match('__root__'), match('/_desk'), match('/_desk/admin')])).toBe('user');
    expect(accessOf([match('__root__'), match('/_desk'), match('/_desk/login', 'guest')])).toBe('guest');
    expect(
      accessOf([match('__root__'), match('/_desk/_default'), match('/_desk/_default/search', 'public')]),
    ).toBe('public');
  });

  it('lets visitors see the 404 of an address that matches nothing', () => {
    expect(accessOf([match('__root__')])).toBe('public');
  });

  it('sends a visitor to the login page with the page asked for', () => {
    const location = { href: '/admin/order/list?pageNo=2', search: {} };
    expect(accessRedirect('user', null, location)).toEqual({
      login: { redirect: '/admin/order/list?pageNo=2' },
    });
    expect(accessRedirect('user', session(), location)).toBeUndefined();
    expect(accessRedirect('public', null, location)).toBeUndefined();
  });

  it('sends a logged-in user away from a guest page: on to a safe redirect, else home', () => {
    const at = (redirect?: string) => ({ href: '/login', search: redirect ? { redirect } : {} });
    expect(accessRedirect('guest', null, at())).toBeUndefined();
    expect(accessRedirect('guest', session(), at())).toEqual({ href: '/admin' });
    expect(accessRedirect('guest', session(4), at())).toEqual({ href: '/pda' });
    expect(accessRedirect('guest', session(), at('/admin/order/list'))).toEqual({
      href: '/admin/order/list',
    });
    expect(accessRedirect('guest', session(), at('//evil.example'))).toEqual({ href: '/admin' });
  });
});

const menu = (recId: number, parentId: number, path: string, type = parentId ? 2 : 1): MenuItem => ({
  recId,
  parentId,
  name: path,
  nameCn: path,
  nameEn: path,
  nameAr: path,
  type,
  path,
  perms: '',
  icon: '',
  sort: recId,
});

describe('current menu', () => {
  const tree = menuTreeOf([
    menu(1, 0, '/admin/order'),
    menu(2, 1, '/admin/order/list'),
    menu(3, 1, '/admin/order/scan'),
    menu(4, 0, '/admin/setting'),
    menu(5, 4, '/admin/options'),
    menu(6, 4, '/admin/options/point'),
    menu(7, 0, '/admin/solo'),
    menu(8, 2, 'order:export', 3),
  ]);

  it('selects the entry of the page and its top-level entry', () => {
    const { selected, parent } = currentMenu(tree, '/admin/order/scan');
    expect([selected?.recId, parent?.recId]).toEqual([3, 1]);
  });

  it('selects the list of a detail page, and the longest matching path', () => {
    expect(currentMenu(tree, '/admin/order/list/42').selected?.recId).toBe(2);
    expect(currentMenu(tree, '/admin/options/point').selected?.recId).toBe(6);
    expect(currentMenu(tree, '/admin/options/edit').selected?.recId).toBe(5);
    expect(currentMenu(tree, '/admin/solo').selected?.recId).toBe(7);
  });

  it('shows the channel editor under the channel list, which has the longer path', () => {
    const withChannels = menuTreeOf([
      menu(4, 0, '/admin/setting'),
      menu(5, 4, '/admin/options'),
      menu(9, 4, '/admin/options/editChannel'),
    ]);
    expect(currentMenu(withChannels, '/admin/options/edit').selected?.recId).toBe(9);
    expect(currentMenu(withChannels, '/admin/options').selected?.recId).toBe(5);
  });

  it('clears the current menu on /admin and on pages outside the menu', () => {
    expect(currentMenu(tree, '/admin')).toEqual({});
    expect(currentMenu(tree, '/admin/')).toEqual({});
    expect(currentMenu(tree, '/admin/report/waybill')).toEqual({});
    // /admin/orderly is not under /admin/order.
    expect(currentMenu(tree, '/admin/orderly')).toEqual({});
  });

  it('leads outside addresses through the frame page', () => {
    expect(menuHref('/admin/order/list')).toBe('/admin/order/list');
    expect(menuHref('https://example.com/a?b=1')).toBe('/frame?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1');
  });
});

describe('frame address', () => {
  it('accepts only absolute http(s) addresses', () => {
    expect(frameUrl('https://example.com/x')?.href).toBe('https://example.com/x');
    expect(frameUrl('http://example.com')?.host).toBe('example.com');
    for (const bad of [
      undefined,
      '',
      'javascript:alert(1)',
      'data:text/html,hi',
      '/admin',
      '//evil.example',
      'ftp://x',
    ])
      expect(frameUrl(bad), String(bad)).toBeUndefined();
  });

  it('never gives a page of the app own origin its origin inside the sandbox', () => {
    expect(frameSandbox(new URL('https://example.com'), 'https://app.test')).toContain('allow-same-origin');
    expect(frameSandbox(new URL('https://app.test/admin'), 'https://app.test')).not.toContain(
      'allow-same-origin',
    );
  });
});

describe('chunk reload', () => {
  const storage = () => {
    const data = new Map<string, string>();
    return {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
  };

  it('recognises failed chunk loads', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once, not again within a minute, again later', () => {
    const store = storage();
    const reload = vi.fn();
    expect(reloadOnce({ storage: store, now: 1_000_000, reload })).toBe(true);
    expect(reloadOnce({ storage: store, now: 1_010_000, reload })).toBe(false);
    expect(reloadOnce({ storage: store, now: 1_100_000, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload without storage to guard it', () => {
    const reload = vi.fn();
    expect(reloadOnce({ storage: undefined, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
