import { logIn } from './desk-support.ts';
import { expect, test } from './fixtures.ts';

/** Settings → Label printers: the list's filters go into the URL and come back on a reload. */
test('the printer list filters by name and status, kept in the URL', async ({ browser }, info) => {
  const page = await logIn(browser, 'admin', 'admin123');
  await page.goto('/admin/options/printer');
  const filters = page.getByRole('form', { name: 'Filter printers' });
  await expect(filters).toBeVisible({ timeout: 30_000 });
  await filters.getByLabel('Name or address').fill('  Packing  ');
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/[?&]name=Packing(&|$)/);
  await page.reload();
  await expect(filters.getByLabel('Name or address')).toHaveValue('Packing');
  await page.screenshot({ path: info.outputPath('printers-en.png'), fullPage: true });
  await filters.getByRole('button', { name: 'Reset' }).click();
  await expect(page).not.toHaveURL(/name=/);
});
