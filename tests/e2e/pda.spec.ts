import { type BrowserContext, expect, type Page, type Response, test } from './fixtures.ts';

/** A handheld scanner: portrait phone screen, touch. */
test.use({
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
  // The PDA is an offline app: its service worker runs in these tests.
  serviceWorkers: 'allow',
});

/**
 * Strings that Ant Design's code always carries, found in the built chunks: the icon class
 * prefix, its packages' names in messages and style paths, and its CSS-in-JS cache attribute.
 * A desk page must show them (checked below), so a renamed marker cannot pass unnoticed.
 */
const ANTD_MARKERS = ['anticon', '@ant-design/', 'ant-design-icons', 'data-ant-cssinjs', '.ant-btn'];

async function logIn(page: Page, username = 'pda', password = 'pda123'): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

/** Collects the text of every script and stylesheet the page receives. */
function recordCode(page: Page): { url: string; body: Promise<string> }[] {
  const seen: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response: Response) => {
    const { pathname } = new URL(response.url());
    if (!/\.(m?js|css)$/.test(pathname)) return;
    seen.push({ url: pathname, body: response.text().catch(() => '') });
  });
  return seen;
}

async function antdIn(code: { url: string; body: Promise<string> }[]): Promise<string[]> {
  const hits: string[] = [];
  for (const { url, body } of code) {
    const text = await body;
    for (const marker of ANTD_MARKERS) if (text.includes(marker)) hits.push(`${url}: ${marker}`);
  }
  return hits;
}

async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first visit installs the worker; the page it was installed from is not yet controlled.
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

const onlineState = (page: Page) => page.getByTestId('online-state');

/** Sheets and dialogs slide and fade in: take the picture once every transition has ended. */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

test('the PDA pages load no Ant Design code', async ({ browser }) => {
  // No service worker: every script comes from the network, where its body can be read.
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'block',
  });
  const login = await context.newPage();
  const desk = recordCode(login);
  await logIn(login);
  await expect(login).toHaveURL(/\/pda$/);
  // The login page is light (no component library): a PDA's first load carries no Ant Design.
  expect(await antdIn(desk)).toEqual([]);

  // A fresh load of /pda with the stored session, as a scanner opens the app.
  const pda = await context.newPage();
  const code = recordCode(pda);
  await pda.goto('/pda');
  await expect(pda.getByTestId('current-user')).toHaveText('pda');
  await pda.waitForLoadState('networkidle');
  expect(code.map((c) => c.url).some((url) => url.endsWith('.css'))).toBe(true);
  expect(await antdIn(code)).toEqual([]);

  // The markers are still the right ones: a desk page shows them.
  const deskContext = await browser.newContext({ serviceWorkers: 'block' });
  const admin = await deskContext.newPage();
  const deskCode = recordCode(admin);
  await logIn(admin, 'admin', 'admin123');
  await expect(admin).toHaveURL(/\/admin$/);
  // The desk's frame is drawn by Ant Design: once it shows, its code has come (on a loaded
  // machine `networkidle` could come between two of the desk's chunks, before that code).
  await expect(admin.locator('.ant-layout').first()).toBeVisible();
  await expect
    .poll(async () => (await antdIn(deskCode)).length, { message: 'the desk is built with Ant Design' })
    .toBeGreaterThan(0);
  await deskContext.close();
  await context.close();
});

test('the shell shows the user and the network state, speaks Arabic right to left, and logs out', async ({
  page,
}) => {
  await logIn(page);
  await expect(page).toHaveURL(/\/pda$/);
  await expect(page.getByTestId('current-user')).toHaveText('pda');
  await expect(onlineState(page)).toHaveAttribute('data-online', 'true');
  const tiles = page.getByTestId('scan-tasks').locator('[data-task]');
  await expect(tiles).toHaveCount(8);
  for (const tile of await tiles.all()) {
    await expect(tile).toHaveAttribute('data-available', 'true');
    await expect(tile.locator('a')).toHaveCount(1);
    expect((await tile.boundingBox())?.height).toBeGreaterThanOrEqual(48);
  }
  await expect(page.getByTestId('outbox-summary')).toContainText('全部已发送');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.screenshot({ path: 'test-results/pda-home-cn.png' });

  await page.getByTestId('language-button').tap();
  await expect(page.locator('[data-locale="ar"]')).toBeVisible();
  await settled(page);
  await page.screenshot({ path: 'test-results/pda-language-cn.png' });
  await page.locator('[data-locale="ar"]').tap();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByText('نظام إدارة الطرود')).toBeVisible();
  await expect(page.getByText('صندوق الإرسال').first()).toBeVisible();
  await settled(page);
  // Mirrored: the logo starts the top bar on the right, the network state ends it on the left.
  const logo = await page.locator('.k-navbar img').boundingBox();
  const state = await onlineState(page).boundingBox();
  expect(logo && state && logo.x > state.x).toBe(true);
  await page.screenshot({ path: 'test-results/pda-home-ar.png' });

  await page.getByTestId('logout-button').tap();
  await expect(page.getByTestId('logout-confirm')).toBeVisible();
  await settled(page);
  await page.screenshot({ path: 'test-results/pda-logout-ar.png' });
  await page.getByTestId('logout-confirm').tap();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('auth._token.local'))).toBeNull();
  // The next load starts in the language the operator chose.
  await page.evaluate(() => localStorage.setItem('locale', 'cn'));
});

test('offline, a reload of /pda shows the shell and the offline state', async ({ page, context }) => {
  await logIn(page);
  await expect(page).toHaveURL(/\/pda$/);
  await controlledByServiceWorker(page);
  await expect(page.getByTestId('current-user')).toHaveText('pda');

  await context.setOffline(true);
  await expect(onlineState(page)).toHaveAttribute('data-online', 'false');
  await page.reload();
  await expect(page.getByTestId('current-user')).toHaveText('pda');
  await expect(onlineState(page)).toHaveAttribute('data-online', 'false');
  await expect(page.getByTestId('scan-tasks')).toBeVisible();
  await page.screenshot({ path: 'test-results/pda-offline-cn.png' });

  await context.setOffline(false);
  await expect(onlineState(page)).toHaveAttribute('data-online', 'true');
});

test('visitors log in first; customer accounts are sent to the desk', async ({ page }) => {
  await page.goto('/pda');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fpda$/);
  await page.locator('input[name="username"]').fill('demo');
  await page.locator('input[name="password"]').fill('demo123');
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('administrators may open the PDA surface', async ({ page }) => {
  await logIn(page, 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/pda');
  await expect(page.getByTestId('current-user')).toHaveText('admin');
});
