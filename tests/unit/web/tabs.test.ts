// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../src/shared/contract/auth.ts';
import { clearSession, setSession } from '../../../src/web/session/store.ts';
import {
  closeTab,
  menuSignature,
  openTab,
  type Tab,
  type TabSource,
  tabFor,
  tabsStore,
} from '../../../src/web/session/tabs.ts';

const page = (pathname: string, extra: Partial<TabSource> = {}): TabSource => ({
  pathname,
  href: pathname,
  route: pathname,
  params: {},
  search: {},
  ...extra,
});

const tab = (key: string, href = key): Tab => ({ key, href, route: key });

describe('tabFor', () => {
  it('opens no tab for the home page', () => {
    expect(tabFor(page('/admin'))).toBeUndefined();
    expect(tabFor(page('/admin/'))).toBeUndefined();
  });

  it('opens one tab per page path, named by the route title', () => {
    expect(tabFor(page('/admin/order/list', { href: '/admin/order/list?pageNo=2' }))).toEqual({
      key: '/admin/order/list',
      href: '/admin/order/list?pageNo=2',
      route: '/admin/order/list',
    });
  });

  it('names a page with an id parameter by the query name, else by the id', () => {
    const detail = { route: '/admin/order/list/$id', params: { id: '42' } };
    expect(tabFor(page('/admin/order/list/42', detail))).toMatchObject({
      key: '/admin/order/list/42',
      label: '42',
    });
    expect(tabFor(page('/admin/order/list/42', { ...detail, search: { name: 'SF1234' } }))).toMatchObject({
      key: '/admin/order/list/42',
      label: 'SF1234',
    });
    // Two records, two tabs.
    expect(tabFor(page('/admin/order/list/43', { ...detail, params: { id: '43' } }))?.key).toBe(
      '/admin/order/list/43',
    );
  });

  it('opens a page whose path contains waybillDetail as a tab of its own', () => {
    expect(tabFor(page('/admin/report/waybillDetail', { search: { id: 7 } }))).toMatchObject({
      key: '/admin/report/waybillDetail',
      label: '7',
    });
    expect(tabFor(page('/admin/report/waybillDetail', { search: { name: 'March' } }))?.label).toBe('March');
  });

  it('names a page with query name and recId by the name, one tab per recId', () => {
    const a = tabFor(page('/admin/report/logisticsbill', { search: { name: 'Bill A', recId: 5 } }));
    const b = tabFor(page('/admin/report/waybill', { search: { name: 'Bill A again', recId: '5' } }));
    expect(a).toMatchObject({ key: 'recId:5', label: 'Bill A' });
    expect(b?.key).toBe(a?.key);
  });

  it('ignores a blank name', () => {
    expect(tabFor(page('/admin/order/list', { search: { name: '  ', recId: 5 } }))?.key).toBe(
      '/admin/order/list',
    );
  });
});

describe('openTab', () => {
  it('adds a new tab at the end', () => {
    expect(openTab([tab('/a')], tab('/b')).map((t) => t.key)).toEqual(['/a', '/b']);
  });

  it('adds no second tab with the same key; the tab keeps its place and follows the address', () => {
    const tabs = [tab('recId:5', '/x?recId=5&name=A'), tab('/b')];
    const next = openTab(tabs, { key: 'recId:5', href: '/y?recId=5&name=A', route: '/y', label: 'A' });
    expect(next.map((t) => t.key)).toEqual(['recId:5', '/b']);
    expect(next[0]?.href).toBe('/y?recId=5&name=A');
  });

  it('returns the same list when nothing changed', () => {
    const tabs = [tab('/a')];
    expect(openTab(tabs, tab('/a'))).toBe(tabs);
  });
});

describe('closeTab', () => {
  const tabs = [tab('/a'), tab('/b'), tab('/c')];

  it('closing another tab stays on the page', () => {
    expect(closeTab(tabs, '/a', '/b')).toEqual({ tabs: [tab('/b'), tab('/c')] });
  });

  it('closing the active tab opens the last remaining one', () => {
    expect(closeTab(tabs, '/c', '/c').next).toBe('/b');
    expect(closeTab(tabs, '/b', '/b').next).toBe('/c');
  });

  it('closing the last tab goes home', () => {
    expect(closeTab([tab('/a')], '/a', '/a')).toEqual({ tabs: [], next: '/admin' });
  });
});

describe('the tabs store', () => {
  const user: SessionUser = {
    recId: 1,
    username: 'admin',
    nickname: '',
    type: 1,
    customerId: null,
    customerName: null,
    roles: [],
    fileDomain: '',
    timeZone: 'Asia/Shanghai',
  };

  beforeEach(() => {
    setSession({ token: 't', refreshToken: 'r', user });
    tabsStore.clear();
  });

  it('keeps the tabs in session storage', () => {
    tabsStore.open(tab('/a'));
    expect(JSON.parse(sessionStorage.getItem('tags-view')!).tabs).toEqual([tab('/a')]);
  });

  it('other menus reset the tabs to the current page; the same menus keep them', () => {
    tabsStore.menusLoaded(menuSignature([3, 1, 2]), undefined);
    tabsStore.open(tab('/a'));
    tabsStore.open(tab('/b'));
    tabsStore.menusLoaded(menuSignature([1, 2, 3]), tab('/b'));
    expect(tabsStore.get().map((t) => t.key)).toEqual(['/a', '/b']);
    tabsStore.menusLoaded(menuSignature([1, 2]), tab('/b'));
    expect(tabsStore.get().map((t) => t.key)).toEqual(['/b']);
    tabsStore.menusLoaded(menuSignature([1]), undefined);
    expect(tabsStore.get()).toEqual([]);
  });

  it('closing the active tab through the store tells where to go', () => {
    tabsStore.open(tab('/a'));
    tabsStore.open(tab('/b'));
    expect(tabsStore.close('/b', '/b')).toBe('/a');
    expect(tabsStore.close('/a', '/a')).toBe('/admin');
    expect(tabsStore.get()).toEqual([]);
  });

  it('logout clears the tabs', () => {
    tabsStore.open(tab('/a'));
    clearSession();
    expect(tabsStore.get()).toEqual([]);
    expect(sessionStorage.getItem('tags-view')).toBeNull();
  });
});
