// @vitest-environment happy-dom
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { isNotFound } from '@tanstack/react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MenuItem } from '../../../src/shared/contract/system.ts';
import { MenuType } from '../../../src/shared/domain/enums.ts';
import { batchList } from '../../../src/web/admin/batch/search.ts';
import { customerOrderBody, customerOrderList } from '../../../src/web/admin/customer-order/search.ts';
import {
  apiKeyList,
  customerPicker,
  deliveryList,
  FIRST_PAGE,
} from '../../../src/web/admin/developers/search.ts';
import { loadDeskQueries } from '../../../src/web/admin/kit/desk-queries.ts';
import { loadScreenData } from '../../../src/web/admin/kit/route-data.ts';
import { listRequest } from '../../../src/web/admin/kit/use-list-screen.ts';
import { ladingList } from '../../../src/web/admin/lading/search.ts';
import { ApiError } from '../../../src/web/api/errors.ts';
import { queries } from '../../../src/web/api/queries/index.ts';
import { i18n } from '../../../src/web/i18n.ts';
import { Route as customerDevelopers } from '../../../src/web/routes/_desk/admin/info/developers/$id.tsx';
import { Route as ladingManage } from '../../../src/web/routes/_desk/admin/ladingBll/manage.tsx';
import { Route as customerOrders } from '../../../src/web/routes/_desk/admin/user/order/list/index.tsx';
import { clearSession, setSession } from '../../../src/web/session/store.ts';

/**
 * Issue 43: a desk route loads what its screen reads before the screen renders (loader +
 * `ensureQueryData` over the screen's own query options), and only a call its menus allow.
 */

const menu = (recId: number, type: number, path: string, perms = ''): MenuItem => ({
  recId,
  parentId: 0,
  type,
  path,
  perms,
  sort: 0,
  name: path,
  nameCn: path,
  nameEn: path,
  nameAr: path,
  icon: '',
});

function clientWith(menus: MenuItem[]) {
  const client = new QueryClient();
  client.setQueryData(queries.system.userMenus(i18n.locale).queryKey, menus);
  const ensure = vi
    .spyOn(client, 'ensureQueryData')
    .mockImplementation((async (o: { queryKey: unknown }) =>
      o.queryKey === queries.system.userMenus(i18n.locale).queryKey
        ? menus
        : client.getQueryData(o.queryKey as never)) as never);
  const prefetch = vi.spyOn(client, 'prefetchQuery').mockResolvedValue(undefined);
  return { client, ensure, prefetch };
}

const MANAGE = '/admin/ladingBll/manage';
const manageMenus = [menu(1, MenuType.level2, MANAGE, 'lading:view,batch:view')];

// biome-ignore lint/suspicious/noExplicitAny: the route's options as the router calls them
const options = ladingManage.options as any;
const runLoader = (client: QueryClient, search: object, cause = 'enter') =>
  options.loader({
    context: { queryClient: client },
    deps: options.loaderDeps({ search }),
    cause,
    route: { fullPath: ladingManage.fullPath ?? MANAGE },
    params: {},
  });

// The `_desk` layout's beforeLoad loads the desk's query factories before any desk loader runs.
beforeAll(() => loadDeskQueries());
afterEach(() => vi.restoreAllMocks());

describe('a list route with a loader (ladingBll/manage)', () => {
  it('waits for the page of the URL, by the options its screen reads', async () => {
    const { client, ensure } = clientWith(manageMenus);
    const search = { pageNo: 2, nos: 'L1' };
    await runLoader(client, search);
    const screen = ladingList.query(listRequest(ladingList, search), i18n.locale);
    expect(ensure.mock.calls.map(([o]) => o.queryKey)).toContainEqual(screen.queryKey);
  });

  it('loads the open tab (batches) with its own list', async () => {
    const { client, ensure } = clientWith(manageMenus);
    await runLoader(client, { tab: 'batches' });
    const screen = batchList.query(listRequest(batchList, {}), i18n.locale);
    expect(ensure.mock.calls.map(([o]) => o.queryKey)).toContainEqual(screen.queryKey);
  });

  it('loads a tab the caller may read when the URL names one it may not', async () => {
    const { client, ensure } = clientWith([menu(1, MenuType.level2, MANAGE, 'batch:view')]);
    await runLoader(client, { tab: 'bills' });
    const keys = ensure.mock.calls.map(([o]) => o.queryKey[0]);
    expect(keys).toContain(batchList.query(listRequest(batchList, {}), i18n.locale).queryKey[0]);
    expect(keys).not.toContain(ladingList.query(listRequest(ladingList, {}), i18n.locale).queryKey[0]);
  });

  it('makes no call for a page the menus do not open (the layout shows 403)', async () => {
    const { client, ensure, prefetch } = clientWith([menu(1, MenuType.level2, '/admin/other')]);
    await runLoader(client, {});
    expect(ensure.mock.calls.map(([o]) => o.queryKey)).toEqual([
      queries.system.userMenus(i18n.locale).queryKey,
    ]);
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('only starts the call on another page of the list (the rows stay, no pending view)', async () => {
    const { client, ensure, prefetch } = clientWith(manageMenus);
    await runLoader(client, { pageNo: 3 }, 'stay');
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(ensure).toHaveBeenCalledTimes(1); // the menus only
  });

  it('depends on the list request, not on an open drawer', () => {
    expect(options.loaderDeps({ search: { open: 5 } })).toEqual(options.loaderDeps({ search: {} }));
    expect(options.loaderDeps({ search: { pageNo: 2 } })).not.toEqual(options.loaderDeps({ search: {} }));
    expect(options.pendingComponent).toBeDefined();
    expect(options.errorComponent).toBeDefined();
  });
});

// biome-ignore lint/suspicious/noExplicitAny: the route's options as the router calls them
const run = (route: any, client: QueryClient, search: object, params: object, fullPath: string) =>
  route.options.loader({
    context: { queryClient: client },
    deps: route.options.loaderDeps({ search }),
    cause: 'enter',
    route: { fullPath },
    params,
  });

describe('a record whose page reads two queries (info/developers/$id)', () => {
  const PATH = '/admin/info/developers/$id';
  const menus = [menu(1, MenuType.level2, '/admin/info/customer', 'customer:view,apiKey:edit')];

  it("loads the open tab's first page and the customer's name, by the panels' own options", async () => {
    const { client, ensure } = clientWith(menus);
    await run(customerDevelopers, client, {}, { id: '7' }, PATH);
    const keys = ensure.mock.calls.map(([o]) => o.queryKey);
    expect(keys).toContainEqual(apiKeyList(FIRST_PAGE, false, 7).queryKey);
    expect(keys).toContainEqual(customerPicker().queryKey);
  });

  it('loads the deliveries of the URL on their tab', async () => {
    const { client, ensure } = clientWith(menus);
    await run(
      customerDevelopers,
      client,
      { tab: 'deliveries', state: 'failed', pageNo: 2 },
      { id: '7' },
      PATH,
    );
    const request = {
      endpointId: undefined,
      type: undefined,
      state: 'failed' as const,
      pageNo: 2,
      pageSize: 20,
    };
    expect(ensure.mock.calls.map(([o]) => o.queryKey)).toContainEqual(deliveryList(request, 7).queryKey);
  });

  it('makes no call for an id that is none', async () => {
    const { client, ensure } = clientWith(menus);
    await run(customerDevelopers, client, {}, { id: 'x' }, PATH);
    expect(ensure).toHaveBeenCalledTimes(1); // the menus only
  });
});

describe('a list whose request needs the business time zone (user/order/list)', () => {
  it('builds its days in the session’s zone, as the screen does with its hook', async () => {
    const PATH = '/admin/user/order/list/';
    const { client, ensure } = clientWith([menu(1, MenuType.level2, '/admin/user/order/list')]);
    setSession({ token: 't', refreshToken: 'r', user: { timeZone: 'Asia/Shanghai' } as never });
    const search = { from: '2026-12-01', to: '2026-12-07' };
    await run(customerOrders, client, search, {}, PATH);
    const body = customerOrderBody(search, 'Asia/Shanghai');
    expect(body).toMatchObject({ startTime: '2026-11-30T16:00:00.000Z' });
    expect(ensure.mock.calls.map(([o]) => o.queryKey)).toContainEqual(
      customerOrderList.query(body, i18n).queryKey,
    );
    clearSession();
  });
});

describe('loadScreenData', () => {
  const fail = (status: number) => async () => {
    throw new ApiError({ kind: 'response', status, code: 1, msg: 'x' } as never);
  };
  const detail = (queryFn: () => Promise<unknown>) => () => ({ queryKey: ['detail', 1], queryFn });

  it("shows the route's not-found page for the server's 404", async () => {
    const client = new QueryClient();
    client.setQueryData(queries.system.userMenus(i18n.locale).queryKey, manageMenus);
    const error = await loadScreenData(client, MANAGE, detail(fail(404)), 'enter').catch((e) => e);
    expect(isNotFound(error)).toBe(true);
  });

  it('leaves the 404 to a page that says itself what is missing (a report period)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(queries.system.userMenus(i18n.locale).queryKey, manageMenus);
    await expect(loadScreenData(client, MANAGE, detail(fail(404)), 'enter', 'page')).resolves.toBeUndefined();
  });

  it('leaves a refused call to the page and passes other failures to the error page', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(queries.system.userMenus(i18n.locale).queryKey, manageMenus);
    await expect(loadScreenData(client, MANAGE, detail(fail(403)), 'enter')).resolves.toBeUndefined();
    await expect(loadScreenData(client, MANAGE, detail(fail(500)), 'enter')).rejects.toBeInstanceOf(ApiError);
  });
});

/**
 * Desk routes of a list or a detail that do not load their data before rendering, counted and
 * frozen: a route moved onto kit/route-data.ts lowers the number, and a new list or detail route
 * without a loader fails here. A list is a route whose page module (a .tsx the route file imports)
 * renders the kit's ListTable or calls useListScreen; a detail is a route of a record by id ($id).
 */
const NOT_LOADING = 0;
const routesDir = resolve(import.meta.dirname, '../../../src/web/routes/_desk');
const routeFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? routeFiles(p) : name.endsWith('.tsx') ? [p] : [];
  });

/** Whether a route file loads its data (the kit's helpers, or a loader of its own). */
const loads = (route: string) => /\b(listData|tabbedListData|detailData|screenData)\(|\bloader:/.test(route);
/** Whether a route shows a list or a record: by its path ($id) or by its page modules' text. */
const showsData = (file: string, pages: string) =>
  /\/\$\w+\.tsx$/.test(file) || /\bListTable\b|\buseListScreen\(/.test(pages);

function pagesOf(file: string, route: string): string {
  return [...route.matchAll(/from '(\.[^']+\.tsx)'/g)]
    .map((m) => resolve(dirname(file), m[1]!))
    .filter((p) => existsSync(p))
    .map((p) => readFileSync(p, 'utf8'))
    .join('\n');
}

describe('routes of a list or a detail without a loader', () => {
  it('are told apart from the others', () => {
    expect(loads('...listData(packageList),')).toBe(true);
    expect(loads('  loader: ({ context }) => x,')).toBe(true);
    expect(loads('component: OrderListPage,')).toBe(false);
    expect(showsData('/r/admin/order/list/$id.tsx', '')).toBe(true);
    expect(showsData('/r/admin/order/list/index.tsx', '<ListTable<OrderRecord>')).toBe(true);
    expect(showsData('/r/admin/report/analysis.tsx', 'useQuery(chart)')).toBe(false);
  });

  it(`are ${NOT_LOADING}, and only fewer (lower the number when a route gets its loader)`, () => {
    const missing = routeFiles(routesDir)
      .filter((f) => {
        const route = readFileSync(f, 'utf8');
        return !loads(route) && showsData(f, pagesOf(f, route));
      })
      .map((f) => f.slice(routesDir.length + 1));
    expect(missing.length, missing.join('\n')).toBe(NOT_LOADING);
  });
});
