import { expect, test } from '@playwright/test';
import { logIn, readSheet } from './desk-support.ts';

/**
 * Issue 41 point 2, the export centre: an export started from a list and its dialog closed at once
 * is found again in the header's bell (its badge counts it) and on the Exports screen, and its file
 * downloads from both, in English and in Arabic.
 */

const TEXT = {
  en: { exports: 'Exports', ready: 'Ready', regions: /^Regions-\d{14}\.xlsx$/ },
  ar: { exports: 'التصديرات', ready: 'جاهز', regions: /\.xlsx$/ },
} as const;

for (const lang of ['en', 'ar'] as const) {
  test(`export centre (${lang}): an export whose dialog was closed, in the bell and on the Exports screen`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const text = TEXT[lang];
    const page = await logIn(browser, 'admin', 'admin123', lang);
    if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goto('/admin/options/point');
    await expect(page.getByTestId('region-table')).toBeVisible({ timeout: 30_000 });
    const bell = page.getByTestId('export-bell');
    await expect(bell).toBeVisible();
    // What earlier exports of this account left is seen first, so the badge counts this one only.
    await bell.click();
    await expect(page.getByTestId('export-bell-popover')).toBeVisible();
    await expect(bell).toHaveAttribute('data-unseen', '0', { timeout: 15_000 });
    await page.keyboard.press('Escape');

    await test.step('start an export and close its dialog at once', async () => {
      await page.getByTestId('export-start').click();
      const dialog = page.locator('.ant-modal');
      await expect(dialog.getByTestId('export-progress')).toBeVisible({ timeout: 30_000 });
      await dialog.locator('.ant-modal-close').click();
      await expect(dialog).toBeHidden();
    });

    await test.step('the bell counts it and, once written, offers its file', async () => {
      await expect(bell).toHaveAttribute('data-unseen', '1', { timeout: 60_000 });
      await expect(page.getByTestId('export-bell-count').locator('.ant-badge-count')).toBeVisible();
      await page.screenshot({ path: `test-results/export-bell-${lang}.png` });
      await bell.click();
      const popover = page.getByTestId('export-bell-popover');
      const item = popover.getByTestId('export-bell-item').first();
      await expect(item.getByTestId('export-task-status')).toHaveText(text.ready);
      await page.screenshot({ path: `test-results/export-bell-open-${lang}.png` });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        item.getByTestId('export-bell-download').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(text.regions);
      const rows = await readSheet(await download.path());
      expect(rows.length).toBeGreaterThan(1);
      // Opened: seen, the badge is gone.
      await expect(bell).toHaveAttribute('data-unseen', '0', { timeout: 15_000 });
    });

    await test.step('the Exports screen lists it with its file', async () => {
      await page.getByTestId('export-bell-all').click();
      await expect(page).toHaveURL(/\/admin\/export-task/);
      const table = page.getByTestId('exports-table');
      const first = table.locator('tr.ant-table-row').first();
      await expect(first.getByTestId('export-task-status')).toHaveText(text.ready, { timeout: 30_000 });
      await expect(page.getByTestId('exports-page')).toContainText(text.exports);
      await page.screenshot({ path: `test-results/exports-page-${lang}.png`, fullPage: true });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        first.getByTestId('exports-download').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(text.regions);
      expect((await readSheet(await download.path())).length).toBeGreaterThan(1);
    });
  });
}
