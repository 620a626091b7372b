import { type Browser, expect, type Locator, type Page, test } from './fixtures.ts';

/**
 * The web shell against the real server: login in the three languages (Arabic right to left),
 * the side menu and the open-tabs bar, the 404 pages, the visitor header, the frame page, the
 * password change (on the `service` account: admin's password never changes here) and a reload
 * while offline.
 */

type Lang = 'cn' | 'en' | 'ar';

async function logIn(browser: Browser, username: string, password: string, lang: Lang = 'en'): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/login?lang=${lang}`);
  await expect(page).toHaveURL(/\/login$/);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 30_000 });
  return page;
}

const sideMenu = (page: Page) => page.getByTestId('side-menu');
const tabs = (page: Page) => page.locator('.admin-layout__tabs .ant-tabs-tab');
const tabNames = (page: Page) => page.locator('.admin-layout__tabs .ant-tabs-tab .ant-tabs-tab-btn');
const activeTab = (page: Page) => page.locator('.admin-layout__tabs .ant-tabs-tab-active .ant-tabs-tab-btn');
/** A filter for elements holding exactly this text (hasText would also take "Foreign order list" for "Order list"). */
const exactly = (page: Page, text: string) => ({ has: page.getByText(text, { exact: true }) });
const tab = (page: Page, name: string) => tabs(page).filter(exactly(page, name));

/** Opens a menu entry: its top-level group first (unless open, or opening), then the entry. */
async function openMenu(page: Page, group: string, entry: string): Promise<void> {
  const submenu = sideMenu(page).locator('li.ant-menu-submenu').filter(exactly(page, group));
  // A group still folding away after a visit to /admin counts as closed: its class says so at once.
  if (!(await submenu.evaluate((li) => li.classList.contains('ant-menu-submenu-open'))))
    await submenu.locator('.ant-menu-submenu-title').click();
  await sideMenu(page).locator('.ant-menu-item').filter(exactly(page, entry)).click();
}

/** Transitions (menus, dialogs, the progress bar) have ended: the picture shows the page at rest. */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

const HOME: Record<Lang, { home: string; orders: string; hello: string }> = {
  cn: { home: '首页', orders: '订单管理', hello: '您好' },
  en: { home: 'Home', orders: 'Orders', hello: 'Hello' },
  ar: { home: 'الرئيسية', orders: 'الطلبات', hello: 'مرحبًا' },
};

for (const lang of ['cn', 'en', 'ar'] as const) {
  test(`admin logs in and sees the shell in ${lang}`, async ({ browser }) => {
    const page = await logIn(browser, 'admin', 'admin123', lang);
    const words = HOME[lang];
    await expect(page.getByTestId('current-user')).toHaveText('admin');
    await expect(page.getByTestId('user-menu')).toContainText(words.hello);
    await expect(sideMenu(page).getByText(words.orders, { exact: true })).toBeVisible();
    await expect(activeTab(page)).toHaveText(words.home);
    await expect(page.getByTestId('online-state')).toHaveAttribute('data-online', 'true');
    const logo = page.locator('.app-header__brand img');
    expect((await logo.boundingBox())?.height).toBe(38);
    expect((await sideMenu(page).boundingBox())?.width).toBe(195);

    const html = page.locator('html');
    await expect(html).toHaveAttribute('lang', lang === 'cn' ? 'zh-CN' : lang);
    const direction = await page.evaluate(() => getComputedStyle(document.documentElement).direction);
    const menuBox = (await sideMenu(page).boundingBox())!;
    const width = page.viewportSize()!.width;
    if (lang === 'ar') {
      expect(direction).toBe('rtl');
      await expect(html).toHaveAttribute('dir', 'rtl');
      // The layout mirrors: the side menu sits against the right edge.
      expect(menuBox.x).toBeGreaterThan(width / 2);
      expect(Math.round(menuBox.x + menuBox.width)).toBe(width);
    } else {
      expect(direction).toBe('ltr');
      expect(menuBox.x).toBe(0);
    }
    await settled(page);
    await page.screenshot({ path: `test-results/shell-admin-${lang}.png` });
    await page.context().close();
  });
}

test('menu pages open as tabs; details, recId tabs, closing and a reload', async ({ browser }) => {
  // Eight real screens open in turn; on a loaded 2-core machine that has taken over a minute.
  test.setTimeout(180_000);
  const page = await logIn(browser, 'admin', 'admin123', 'en');
  await expect(tabNames(page)).toHaveText(['Home']);

  await openMenu(page, 'Orders', 'Order list');
  await expect(page).toHaveURL(/\/admin\/order\/list$/);
  await expect(page.getByTestId('order-table')).toBeVisible();
  await openMenu(page, 'Orders', 'Warehouse scan');
  await expect(page).toHaveURL(/\/admin\/order\/scan$/);
  await openMenu(page, 'Customs', 'Clearance lading');
  await expect(page).toHaveURL(/\/admin\/customs\/bill-of-lading$/);
  await expect(tabNames(page)).toHaveText(['Home', 'Order list', 'Warehouse scan', 'Clearance lading']);
  await expect(activeTab(page)).toHaveText('Clearance lading');
  await expect(sideMenu(page).locator('.ant-menu-item-selected')).toHaveText('Clearance lading');

  // A tab leads back to its page; the same page again adds no second tab.
  await tab(page, 'Order list').click();
  await expect(page).toHaveURL(/\/admin\/order\/list$/);
  await expect(activeTab(page)).toHaveText('Order list');
  await openMenu(page, 'Orders', 'Order list');
  await expect(tabNames(page)).toHaveCount(4);

  // Detail pages: named by the query name, else by the id; one tab per record. An order opened by
  // a bare link takes its tracking no as its name once it has loaded.
  await page.goto('/admin/order/list/42?name=SF42');
  await expect(activeTab(page)).toHaveText('SF42');
  await expect(page.getByTestId('order-detail-page')).toBeVisible();
  await expect(activeTab(page)).toHaveText('SF42');
  await page.goto('/admin/order/list/43');
  await expect(activeTab(page)).toHaveText(/^(43|GL\d+)$/);
  await expect(page).toHaveURL(/\/admin\/order\/list\/43\?name=GL\d+$/);
  await expect(activeTab(page)).toHaveText(/^GL\d+$/);
  const bare = (await activeTab(page).textContent())!.trim();
  // Query name and recId: named by the name; no second tab with the same recId.
  await page.goto('/admin/report/logisticsbill?name=Bill%20A&recId=5');
  await expect(activeTab(page)).toHaveText('Bill A');
  const count = await tabs(page).count();
  await page.goto('/admin/report/waybill?name=Bill%20A&recId=5');
  await expect(tabs(page)).toHaveCount(count);
  await expect(tabNames(page)).toHaveText([
    'Home',
    'Order list',
    'Warehouse scan',
    'Clearance lading',
    'SF42',
    bare,
    'Bill A',
  ]);

  // The tabs survive a reload (that was a full page load each time already).
  await page.reload();
  await expect(tabNames(page)).toHaveCount(7);
  await settled(page);
  await page.screenshot({ path: 'test-results/shell-tabs-en.png' });

  // Closing the active tab opens the last remaining one.
  await page.goto('/admin/order/scan');
  await expect(activeTab(page)).toHaveText('Warehouse scan');
  await tab(page, 'Warehouse scan').locator('.ant-tabs-tab-remove').click();
  await expect(page).toHaveURL(/\/admin\/report\/waybill\?/);
  await expect(activeTab(page)).toHaveText('Bill A');
  // Closing another tab stays on the page.
  await tab(page, 'SF42').locator('.ant-tabs-tab-remove').click();
  await expect(page).toHaveURL(/\/admin\/report\/waybill\?/);
  await expect(tabNames(page)).toHaveText(['Home', 'Order list', 'Clearance lading', bare, 'Bill A']);
  // Closing them all leads home, where the current menu is cleared.
  for (const name of ['Bill A', bare, 'Clearance lading', 'Order list'])
    await tab(page, name).locator('.ant-tabs-tab-remove').click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(tabNames(page)).toHaveText(['Home']);
  await expect(sideMenu(page).locator('.ant-menu-item-selected')).toHaveCount(0);
  await expect(sideMenu(page).locator('.ant-menu-submenu-open')).toHaveCount(0);

  // Logout clears the tabs.
  await openMenu(page, 'Orders', 'Order list');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('tags-view'))).toBeNull();
  await page.context().close();
});

test('unknown addresses show the 404 pages', async ({ browser }) => {
  // A visitor sees the 404 too, not the login page.
  const visitor = await browser.newPage();
  await visitor.goto('/no-such-page?lang=en');
  await expect(visitor.getByTestId('status-page')).toHaveAttribute('data-code', '404');
  await expect(visitor.getByText('This page could not be found')).toBeVisible();
  await expect(visitor.locator('.status-page__image')).toBeVisible();
  await visitor.screenshot({ path: 'test-results/shell-404.png' });
  await visitor.getByRole('link', { name: 'Back to home' }).click();
  await expect(visitor).toHaveURL(/\/login$/);
  await visitor.close();

  const page = await logIn(browser, 'admin', 'admin123', 'en');
  await page.goto('/admin/no-such-page');
  await expect(page.getByText('Oh~~Lost web pages~')).toBeVisible();
  // Inside the admin layout, with no tab for an address that is no page.
  await expect(sideMenu(page)).toBeVisible();
  await expect(tabNames(page)).toHaveText(['Home']);
  await page.screenshot({ path: 'test-results/shell-404-admin.png' });
  await page.context().close();
});

test('visitors get a language selector and a login button that keeps the redirect', async ({ page }) => {
  await page.goto('/search?lang=en&redirect=%2Fadmin%2Forder%2Fscan');
  await expect(page).toHaveURL(/\/search\?redirect=%2Fadmin%2Forder%2Fscan$/);
  await expect(page.getByTestId('track-search')).toBeVisible();
  await expect(page.getByTestId('language-select')).toBeVisible();
  await page.getByTestId('login-button').click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Forder%2Fscan$/);
  await page.locator('input[name="username"]').fill('admin');
  await page.locator('input[name="password"]').fill('admin123');
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/admin\/order\/scan$/);
  // A logged-in user is sent away from the guest-only login page.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/admin$/);
});

test('the frame page shows only http(s) addresses, sandboxed', async ({ browser }) => {
  const page = await logIn(browser, 'admin', 'admin123', 'en');
  await page.goto(`/frame?url=${encodeURIComponent('javascript:alert(1)')}`);
  await expect(page.getByTestId('frame-refused')).toBeVisible();
  await expect(page.getByTestId('frame')).toHaveCount(0);
  await expect(sideMenu(page)).toBeVisible();

  await page.goto(`/frame?url=${encodeURIComponent('https://example.com/')}`);
  const frame = page.getByTestId('frame');
  await expect(frame).toHaveAttribute('src', 'https://example.com/');
  await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
  await expect(activeTab(page)).toHaveText('External page');

  await page.goto(`/frame/nomal?url=${encodeURIComponent('https://example.com/')}`);
  await expect(page.getByTestId('frame')).toBeVisible();
  await expect(sideMenu(page)).toHaveCount(0);
  await page.context().close();
});

/** The form item of the password dialog labelled `label`, and its message. */
const field = (dialog: Locator, label: string) =>
  dialog
    .locator('.ant-form-item')
    .filter({ has: dialog.page().locator('label').getByText(label, { exact: true }) });
const fieldError = (dialog: Locator, label: string) => field(dialog, label).locator('.ant-form-item-explain');

async function changePassword(page: Page, from: string, to: string): Promise<Locator> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Update password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update password' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Old password').fill(from);
  await dialog.getByLabel('New password', { exact: true }).fill(to);
  await dialog.getByLabel('Repeat the new password').fill(to);
  return dialog;
}

test('a user changes the password: checks on blur, signs out, logs in with the new one', async ({
  browser,
}) => {
  const page = await logIn(browser, 'service', 'service123', 'en');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Update password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update password' });
  await expect(dialog).toBeVisible();
  await settled(page);
  expect(Math.round((await page.locator('.ant-modal').boundingBox())!.width)).toBe(500);
  // Pre-filled with the user's info.
  await expect(dialog.getByLabel('Username')).toHaveValue('service');

  // Each field is checked when it loses focus.
  await dialog.getByLabel('Old password').focus();
  await dialog.getByLabel('New password', { exact: true }).focus();
  await expect(fieldError(dialog, 'Old password')).toHaveText('The old password cannot not empty!');
  await dialog.getByLabel('Repeat the new password').focus();
  await expect(fieldError(dialog, 'New password')).toHaveText('The new password cannot not empty!');
  await dialog.getByLabel('Old password').focus();
  await expect(fieldError(dialog, 'Repeat the new password')).toHaveText('Repeat password cannot be empty');
  await dialog.getByLabel('New password', { exact: true }).fill('abc');
  await dialog.getByLabel('Repeat the new password').focus();
  await expect(fieldError(dialog, 'New password')).toHaveText('The new password is at least 6 digits');
  await dialog.getByLabel('Repeat the new password').fill('abcdef');
  await dialog.getByLabel('Old password').focus();
  await expect(fieldError(dialog, 'Repeat the new password')).toHaveText('Please enter the same password');
  // Editing the new password checks the filled repeat field again.
  await dialog.getByLabel('New password', { exact: true }).fill('abcdef');
  await expect(fieldError(dialog, 'Repeat the new password')).toHaveCount(0);
  await dialog.getByLabel('New password', { exact: true }).fill('abcdefg');
  await expect(fieldError(dialog, 'Repeat the new password')).toHaveText('Please enter the same password');
  await page.screenshot({ path: 'test-results/shell-password-en.png' });

  // A click on the mask does not close the dialog.
  await page.mouse.click(10, 400);
  await expect(dialog).toBeVisible();

  // A refusal shows the server's message; the dialog stays, ready again.
  await dialog.getByLabel('Old password').fill('wrong-password');
  await dialog.getByLabel('New password', { exact: true }).fill('service456');
  await dialog.getByLabel('Repeat the new password').fill('service456');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.locator('.ant-notification-notice', { hasText: 'The old password is not correct' }),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).not.toHaveClass(/ant-btn-loading/);

  await dialog.getByLabel('Old password').fill('service123');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const done = page.locator('.ant-notification-notice', { hasText: 'Update success' });
  await expect(done).toContainText(
    'If the password is changed successfully, the system will log out and log in again!',
  );
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('auth._token.local'))).toBeNull();
  await page.context().close();

  // The old password no longer works; the new one does. Then it is put back.
  const again = await logIn(browser, 'service', 'service456', 'en');
  await changePassword(again, 'service456', 'service123').then((d) =>
    d.getByRole('button', { name: 'Save' }).click(),
  );
  await expect(again).toHaveURL(/\/login$/);
  await again.context().close();
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a reload while offline shows the shell and the offline state', async ({ browser }) => {
    const page = await logIn(browser, 'admin', 'admin123', 'en');
    await expect(sideMenu(page).getByText('Orders', { exact: true })).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect(sideMenu(page).getByText('Orders', { exact: true })).toBeVisible();

    await page.context().setOffline(true);
    await expect(page.getByTestId('online-state')).toHaveAttribute('data-online', 'false');
    await page.reload();
    await expect(page.getByTestId('current-user')).toHaveText('admin');
    await expect(page.getByTestId('online-state')).toHaveAttribute('data-online', 'false');
    await expect(page.getByTestId('online-state')).toHaveText('Offline');
    // The menus saved from the last visit.
    await expect(sideMenu(page).getByText('Orders', { exact: true })).toBeVisible();
    await settled(page);
    await page.screenshot({ path: 'test-results/shell-offline-en.png' });

    await page.context().setOffline(false);
    await expect(page.getByTestId('online-state')).toHaveAttribute('data-online', 'true');
    await page.context().close();
  });
});
