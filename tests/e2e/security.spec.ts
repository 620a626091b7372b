import { readFileSync } from 'node:fs';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
} from './fixtures.ts';
import { Api, lookups, makeOrders } from './pda-support.ts';

/**
 * The browser side of security: every screen of the spec (the desk as the administrator, the
 * customer centre as the demo customer) and every PDA screen (as the PDA account) opens without a
 * Content-Security-Policy violation or an uncaught error; after logout the browser keeps no API
 * data of the user (query cache, IndexedDB, Cache Storage).
 */

const SPEC_ROUTES = readFileSync(new URL('../../docs/spec/routes.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t')[0]!);
const PDA_ROUTES = [
  '/pda',
  '/pda/scan/lading',
  '/pda/scan/batch',
  '/pda/scan/overseas',
  '/pda/scan/package',
  '/pda/action/confirm',
  '/pda/action/pickup',
  '/pda/action/cancel',
  '/pda/exchange',
  '/pda/outbox',
];

declare global {
  interface Window {
    __violations?: string[];
  }
}

/**
 * A context whose pages record CSP violations (the DOM event) from their first script on; with the
 * app's service worker, as a user's browser runs it (its caches are among what logout must clear).
 */
async function watchedContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ locale: 'en-GB', serviceWorkers: 'allow', ...options });
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__violations!.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}`),
    );
  });
  return context;
}

/**
 * Opens each path and answers what went wrong on it: CSP violations, console CSP errors, uncaught
 * errors. The first path is loaded; the others are reached as the app navigates (history.pushState,
 * which the router follows), so each screen's code loads under the policy without reloading the
 * whole app. Paths outside the app (/api/docs) are loaded as documents of their own.
 */
async function walk(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  let at = '';
  page.on('pageerror', (e) => problems.push(`${at}: uncaught ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content.Security.Policy|Refused to/i.test(m.text()))
      problems.push(`${at}: console ${m.text()}`);
  });
  for (const [i, path] of paths.entries()) {
    at = path;
    const inApp = !path.startsWith('/api/');
    if (i === 0 || !inApp) await page.goto(path);
    else await page.evaluate((p) => window.history.pushState({}, '', p), path);
    await page.waitForLoadState('networkidle', { timeout: 1_000 }).catch(() => {});
    if (inApp) await expect(page.locator('#root > *').first()).toBeAttached();
    const seen = await page.evaluate(() => (window.__violations ?? []).splice(0));
    for (const v of seen) problems.push(`${path}: ${v}`);
  }
  return problems;
}

async function logIn(context: BrowserContext, username: string, password: string, home: RegExp) {
  const page = await context.newPage();
  await page.goto('/login?lang=en');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(home, { timeout: 30_000 });
  return page;
}

/** What the browser still holds once the user has logged out. */
async function leftBehind(page: Page) {
  return page.evaluate(async () => {
    const apiInCaches: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys())
        if (new URL(req.url).pathname.startsWith('/api/')) apiInCaches.push(`${name}: ${req.url}`);
    }
    const outbox: unknown[] = [];
    if ((await indexedDB.databases()).some((d) => d.name === 'pda-outbox')) {
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const r = indexedDB.open('pda-outbox');
        r.onsuccess = () => ok(r.result);
        r.onerror = () => fail(r.error);
      });
      if (db.objectStoreNames.contains('entries')) {
        const all = db.transaction('entries').objectStore('entries').getAll();
        await new Promise((ok) => (all.onsuccess = ok));
        outbox.push(...(all.result as { state: string; result: unknown }[]).filter((e) => e.result != null));
      }
      db.close();
    }
    const storage = Object.keys(localStorage).filter((k) => k === 'query-cache' || k.startsWith('auth.'));
    // Scroll positions are not data; the open tabs (their titles name records) must be gone.
    const session = Object.keys(sessionStorage).filter((k) => !k.startsWith('tsr-scroll-restoration'));
    return { apiInCaches, outboxAnswers: outbox, storage, session };
  });
}

test.describe.configure({ timeout: 180_000 });

/** The spec's screens with real ids, split so that each test stays short: desk halves, customer, visitor. */
async function screens(request: APIRequestContext) {
  const admin = await Api.login(request, 'admin', 'admin123');
  const demo = await Api.login(request, 'demo', 'demo123');
  const orders = await demo.ok<{ records: { recId: number }[] }>('POST', '/order/list', { pageSize: 1 });
  const origins = await admin.ok<{ records: { recId: number }[] }>('POST', '/order/origin/list', {
    pageSize: 1,
  });
  const ids: Record<string, number> = {
    '/admin/order/list/{id}': orders.records[0]!.recId,
    '/admin/user/order/list/{id}': orders.records[0]!.recId,
    '/admin/foreignOrder/list/{id}': origins.records[0]!.recId,
    '/admin/foreignOrder/listManage/{id}': origins.records[0]!.recId,
  };
  const path = (p: string) => p.replace('{id}', String(ids[p] ?? 1));
  const desk = [
    ...SPEC_ROUTES.filter(
      (p) => !p.startsWith('/admin/user') && !['/login', '/search', '/frame'].includes(p),
    ),
    '/frame?url=https%3A%2F%2Fexample.com%2F',
  ].map(path);
  const half = Math.ceil(desk.length / 2);
  return {
    deskA: desk.slice(0, half),
    deskB: [...desk.slice(half), '/api/docs'],
    customer: SPEC_ROUTES.filter((p) => p.startsWith('/admin/user')).map(path),
    visitor: ['/login', '/search'],
  };
}

for (const part of ['deskA', 'deskB', 'customer'] as const) {
  test(`every ${part === 'customer' ? 'customer' : 'desk'} screen (${part}) opens with no CSP violation and no uncaught error`, async ({
    browser,
    request,
  }) => {
    const paths = (await screens(request))[part];
    const context = await watchedContext(browser);
    const [user, password] = part === 'customer' ? ['demo', 'demo123'] : ['admin', 'admin123'];
    const page = await logIn(context, user, password, /\/admin$/);
    expect(await walk(page, paths)).toEqual([]);
  });
}

test('every screen of the spec is walked, and the visitor pages are clean', async ({ browser, request }) => {
  const s = await screens(request);
  const walked = new Set([...s.deskA, ...s.deskB, ...s.customer, ...s.visitor].map((p) => p.split('?')[0]));
  const ids = (p: string) => p.replace(/\/\d+$/, '/{id}');
  expect(SPEC_ROUTES.filter((r) => ![...walked].some((w) => ids(w ?? '') === r || w === r))).toEqual([]);
  const page = await (await watchedContext(browser)).newPage();
  expect(await walk(page, s.visitor)).toEqual([]);
});

test('every PDA screen opens with no CSP violation and no uncaught error', async ({ browser }) => {
  const context = await watchedContext(browser, {
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await logIn(context, 'pda', 'pda123', /\/pda$/);
  expect(await walk(page, PDA_ROUTES)).toEqual([]);
});

test('after logout the browser keeps no API data of the user', async ({ browser, request }) => {
  const deskContext = await watchedContext(browser);
  const desk = await logIn(deskContext, 'admin', 'admin123', /\/admin$/);
  await desk.goto('/admin/order/list');
  await expect(desk.locator('.ant-table-row').first()).toBeVisible();
  await desk.getByTestId('user-menu').click();
  await desk.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(desk).toHaveURL(/\/login/);
  await expect
    .poll(() => leftBehind(desk), { timeout: 5_000 })
    .toEqual({
      apiInCaches: [],
      outboxAnswers: [],
      storage: [],
      session: [],
    });

  // The PDA: an exchange scan answered by the server (its label data) is in the outbox until logout.
  const admin = await Api.login(request, 'admin', 'admin123');
  const operator = await Api.login(request, 'operator', 'operator123');
  const customer = await Api.login(request, 'demo', 'demo123');
  const ids = await lookups(admin);
  const [trackingNo] = await makeOrders(customer, operator, ids, 1);
  const bill = await operator.ok<{ recId: number }>('POST', '/lading/create', { channelId: ids.channelId });
  await operator.ok('POST', `/lading/scanTrackingNo/${bill.recId}`, { trackingNo });
  await operator.ok('POST', '/lading/confirm', { ids: [bill.recId] });
  await operator.ok('POST', `/lading/confirm/pickup/${bill.recId}`, {});

  const pdaContext = await watchedContext(browser, {
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const pda = await logIn(pdaContext, 'pda', 'pda123', /\/pda$/);
  await pda.goto('/pda/exchange');
  await pda.getByTestId('scan-input').fill(trackingNo!);
  await pda.getByTestId('scan-input').press('Enter');
  await expect.poll(async () => (await leftBehind(pda)).outboxAnswers.length, { timeout: 20_000 }).toBe(1);
  await pda.goto('/pda');
  await pda.getByTestId('logout-button').tap();
  await pda.getByTestId('logout-confirm').tap();
  await expect(pda).toHaveURL(/\/login/);
  await expect
    .poll(() => leftBehind(pda), { timeout: 5_000 })
    .toMatchObject({
      apiInCaches: [],
      outboxAnswers: [],
      storage: [],
    });
});
