import { type BrowserContext, expect, type Page, request as playwrightRequest, test } from './fixtures.ts';
import { Api, type Bill, controlledByServiceWorker, logIn, lookups } from './pda-support.ts';

/**
 * Issue 40, a precache per surface (src/web/sw.ts, scripts/precache-groups.ts): a PDA account's
 * device keeps core + PDA (< 1 MB), the camera's decoder once used (< 2 MB), never a desk file;
 * a desk user's device keeps core + desk. Read from Cache Storage, as the issue asks.
 */
test.use({
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  locale: 'en-GB',
  serviceWorkers: 'allow',
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // A camera for the "camera used" budget (Chromium's test pattern; nothing to decode).
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
});

test.describe.configure({ timeout: 120_000 });

type Groups = Record<'core' | 'pda' | 'desk', string[]>;

/** Asks the worker for its groups (file paths as /assets/x.js). */
async function groupsOf(page: Page): Promise<Record<keyof Groups, Set<string>>> {
  const groups = await page.evaluate(
    () =>
      new Promise<Groups>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data as Groups);
        navigator.serviceWorker.controller!.postMessage({ type: 'PRECACHE_GROUPS' }, [channel.port2]);
      }),
  );
  const paths = (urls: string[]) => new Set(urls.map((url) => `/${url.replace(/^\//, '')}`));
  return { core: paths(groups.core), pda: paths(groups.pda), desk: paths(groups.desk) };
}

/** Waits until the worker keeps the surface's files (the page asked after login; this asks again). */
async function surfaceKept(page: Page, surface: 'pda' | 'desk'): Promise<void> {
  const answer = await page.evaluate(
    (s) =>
      new Promise<{ ok: boolean; error?: string }>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data);
        navigator.serviceWorker.controller!.postMessage({ type: 'PRECACHE_SURFACE', surface: s }, [
          channel.port2,
        ]);
      }),
    surface,
  );
  expect(answer).toEqual(expect.objectContaining({ ok: true }));
}

interface Stored {
  cache: string;
  path: string;
  bytes: number;
}

/** Everything in Cache Storage: cache, path (revision parameter dropped) and body size. */
async function cacheStorage(page: Page): Promise<Stored[]> {
  return page.evaluate(async () => {
    const out: { cache: string; path: string; bytes: number }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        out.push({
          cache: name,
          path: new URL(request.url).pathname,
          bytes: response ? (await response.blob()).size : 0,
        });
      }
    }
    return out;
  });
}

const total = (stored: Stored[]) => stored.reduce((sum, s) => sum + s.bytes, 0);
const MB = 1_000_000;

/** Every /assets/ file the context's pages and worker asked for (network or worker). */
function recordAssets(context: BrowserContext): Set<string> {
  const asked = new Set<string>();
  context.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/')) asked.add(pathname);
  });
  return asked;
}

test("a PDA account's device keeps core and the PDA: < 1 MB, < 2 MB with the camera, no desk file", async ({
  page,
  context,
  baseURL,
}) => {
  const http = await playwrightRequest.newContext({ baseURL });
  const admin = await Api.login(http, 'admin', 'admin123');
  const ids = await lookups(admin);
  const bill = await admin.ok<Bill>('POST', '/lading/create', { channelId: ids.channelId });
  const asked = recordAssets(context);

  await logIn(page);
  await controlledByServiceWorker(page);
  await surfaceKept(page, 'pda');
  const groups = await groupsOf(page);
  expect(groups.pda.size).toBeGreaterThan(5);
  expect(groups.desk.size).toBeGreaterThan(50);

  // The PDA's screens, as an operator opens them.
  await page.goto('/pda/outbox');
  await page.goto(`/pda/scan/lading?bill=${bill.recId}`);
  await expect(page.getByTestId('bill-no')).toHaveText(bill.no);

  const stored = await cacheStorage(page);
  const paths = new Set(stored.map((s) => s.path));
  console.info(
    `PDA device, no camera: ${stored.length} files, ${total(stored)} bytes in ${[...new Set(stored.map((s) => s.cache))].join(', ')}`,
  );
  expect(total(stored)).toBeLessThan(MB);
  for (const path of groups.pda) expect(paths, `${path} is kept`).toContain(path);
  expect(stored.filter((s) => groups.desk.has(s.path)).map((s) => s.path)).toEqual([]);
  expect(stored.filter((s) => s.cache.includes('surface-desk'))).toEqual([]);
  // Nothing of the desk was even fetched, by the pages or the worker.
  expect([...asked].filter((path) => groups.desk.has(path))).toEqual([]);

  // The camera: its decoder is fetched on first use, then kept.
  await page.getByTestId('scan-camera').tap();
  await expect(page.getByTestId('camera-video')).toHaveAttribute('data-state', 'scanning', {
    timeout: 30_000,
  });
  const engine = await page.getByTestId('camera-video').getAttribute('data-engine');
  await page.getByTestId('camera-close').tap();
  const withCamera = await cacheStorage(page);
  console.info(`PDA device, camera used (${engine}): ${withCamera.length} files, ${total(withCamera)} bytes`);
  if (engine !== 'native')
    await expect
      .poll(async () => (await cacheStorage(page)).filter((s) => s.path.endsWith('.wasm')).length)
      .toBe(1);
  expect(total(await cacheStorage(page))).toBeLessThan(2 * MB);
  expect([...asked].filter((path) => groups.desk.has(path))).toEqual([]);

  // Offline, the light login page comes from the precache; the PDA's own pages too.
  await context.setOffline(true);
  await page.goto('/pda');
  await expect(page.getByTestId('current-user')).toHaveText('pda');
  await page.getByTestId('logout-button').tap();
  await page.getByTestId('logout-confirm').tap();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('input[name="username"]')).toBeVisible();
  expect(await page.locator('script[src*="/assets/light-"]').count()).toBe(1);
  await page.screenshot({ path: 'test-results/pda-precache-offline-login.png' });
  await page.goto('/search');
  expect(await page.locator('script[src*="/assets/light-"]').count()).toBe(1);
  await context.setOffline(false);
  expect([...asked].filter((path) => groups.desk.has(path))).toEqual([]);
});

test("a desk user's device keeps core and the desk; a PDA login there drops the desk's files", async ({
  page,
}) => {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill('admin');
  await page.locator('input[name="password"]').fill('admin123');
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/admin/);
  await controlledByServiceWorker(page);
  await surfaceKept(page, 'desk');
  const groups = await groupsOf(page);
  const stored = await cacheStorage(page);
  const paths = new Set(stored.map((s) => s.path));
  console.info(`desk device: ${stored.length} files, ${total(stored)} bytes`);
  for (const path of groups.desk) expect(paths, `${path} is kept`).toContain(path);
  expect(stored.filter((s) => groups.pda.has(s.path))).toEqual([]);

  // The same device, now a PDA account's.
  await page.evaluate(() => localStorage.clear());
  await logIn(page);
  await controlledByServiceWorker(page);
  await surfaceKept(page, 'pda');
  const after = await cacheStorage(page);
  expect(after.filter((s) => groups.desk.has(s.path)).map((s) => s.path)).toEqual([]);
  expect(total(after)).toBeLessThan(MB);
});
