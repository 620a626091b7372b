import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { logIn } from './desk-support.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 41's acceptance: the lists, the dashboards and the export centre in cn, en and ar, as
 * screenshots to look at (SHOTS_DIR, .tmp/shots by default: outside test-results, which each run
 * empties). What a look would catch and a test can: the page's direction, and no English left in
 * the table headers, card titles and menu of the cn and ar pages.
 */

const DIR = resolve(process.env.SHOTS_DIR ?? '.tmp/shots');
mkdirSync(DIR, { recursive: true });

/** Latin words a translated heading may keep: codes, units and names of things. */
const KEPT = new Set([
  'COD',
  'SKU',
  'kg',
  'ID',
  'CITC',
  'SAR',
  'USD',
  'CNY',
  'HS',
  'API',
  'PDF',
  'Excel',
  'IOSS',
  'VAT',
]);

/**
 * The Latin words in the page's headings (table headers, card titles, the side menu, the tiles) a
 * translation left. Carriers are named in Chinese and English only: the pools' tiles are left out.
 */
async function english(page: Page): Promise<string[]> {
  const texts = await page
    .locator(
      'thead th, .ant-card-head-title, .ant-menu-title-content, .ant-statistic-title, .ant-form-item-label',
    )
    .evaluateAll((els) =>
      els.filter((el) => !el.closest('[data-testid="pools"]')).map((el) => el.textContent ?? ''),
    );
  return texts.filter((text) =>
    (text.match(/[A-Za-z]{2,}/g) ?? []).some((word) => !KEPT.has(word) && !/^[A-Z0-9]+$/.test(word)),
  );
}

async function settle(page: Page) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('.ant-skeleton')).toHaveCount(0, { timeout: 30_000 });
}

async function shoot(page: Page, lang: string, name: string) {
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  await page.screenshot({ path: join(DIR, `${name}-${lang}.png`), fullPage: true });
  if (lang !== 'en')
    expect.soft(await english(page), `${name} (${lang}): headings left in English`).toEqual([]);
}

for (const lang of ['cn', 'en', 'ar'] as const) {
  test(`desk screens in ${lang}, for the eye and without English left`, async ({ browser }) => {
    test.setTimeout(300_000);
    const admin = await logIn(browser, 'admin', 'admin123', lang);
    await expect(admin.getByTestId('dashboard')).toBeVisible({ timeout: 30_000 });
    await expect(admin.getByTestId('scans-chart')).toHaveAttribute('data-finished', 'true', {
      timeout: 30_000,
    });
    await shoot(admin, lang, 'dashboard-staff');

    for (const [path, testId, name] of [
      ['/admin/order/list', 'order-table', 'orders'],
      ['/admin/ladingBll/manage', 'lading-table', 'lading'],
      ['/admin/info/customer', 'customer-table', 'customers'],
      ['/admin/options/editChannel', 'channel-table', 'channels'],
    ] as const) {
      await admin.goto(path);
      await expect(admin.getByTestId(testId)).toBeVisible({ timeout: 30_000 });
      await shoot(admin, lang, name);
    }

    // An export of the regions, its dialog closed: the bell, then the Exports screen.
    await admin.goto('/admin/options/point');
    await expect(admin.getByTestId('region-table')).toBeVisible({ timeout: 30_000 });
    await admin.getByTestId('export-start').click();
    const dialog = admin.locator('.ant-modal');
    await expect(dialog.getByTestId('export-progress')).toBeVisible({ timeout: 30_000 });
    await dialog.locator('.ant-modal-close').click();
    const bell = admin.getByTestId('export-bell');
    await bell.click();
    const popover = admin.getByTestId('export-bell-popover');
    await expect(popover.getByTestId('export-bell-item').first()).toBeVisible({ timeout: 60_000 });
    await expect(popover.getByTestId('export-bell-download').first()).toBeVisible({ timeout: 60_000 });
    await admin.screenshot({ path: join(DIR, `export-bell-${lang}.png`) });
    await popover.getByTestId('export-bell-all').click();
    await expect(admin.getByTestId('exports-table')).toBeVisible({ timeout: 30_000 });
    await shoot(admin, lang, 'exports');

    const customer = await logIn(browser, 'demo', 'demo123', lang);
    await expect(customer.getByTestId('tile-myExceptions')).toBeVisible({ timeout: 30_000 });
    await shoot(customer, lang, 'dashboard-customer');
    await customer.goto('/admin/user/order/list');
    await expect(customer.getByTestId('customer-order-table')).toBeVisible({ timeout: 30_000 });
    await shoot(customer, lang, 'my-orders');

    const finance = await logIn(browser, 'finance', 'finance123', lang);
    await expect(finance.getByTestId('dashboard')).toBeVisible({ timeout: 30_000 });
    await shoot(finance, lang, 'dashboard-finance');
    await finance.goto('/admin/report/codModification');
    await expect(finance.getByTestId('cod-table')).toBeVisible({ timeout: 30_000 });
    await shoot(finance, lang, 'cod-modification');
  });
}
