import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { downloadExport, expectToast, logIn } from './desk-support.ts';
import { expect, type Page, test } from './fixtures.ts';

/**
 * The regions screen against the real server: the tree and the list, an export followed to its
 * file (read back here), the address selector losing a region the moment it is disabled, and an
 * import refused row by row then accepted. The server is shared by every spec file: whatever is
 * disabled here is enabled again.
 */

/** The list's row of a region, by its code. */
const rowOf = (page: Page, code: string) =>
  page
    .getByTestId('region-table')
    .locator('tr.ant-table-row', { has: page.getByRole('cell', { name: code, exact: true }) });

/** The open cascader's column `n` (0 countries, 1 provinces ...). */
const cascaderColumn = (page: Page, n: number) =>
  page.locator('.ant-cascader-dropdown .ant-cascader-menu').nth(n);

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function readSheet(path: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.getWorksheet(1)!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

test('regions: tree and list, export to a file, and a disabled region leaves the address selector', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await logIn(browser, 'admin', 'admin123');
  await page.goto('/admin/options/point');
  await expect(rowOf(page, 'SA')).toBeVisible({ timeout: 30_000 });

  await test.step('choose a country in the tree: the list shows its provinces', async () => {
    await page.getByTestId('region-node-SA').click();
    await expect(page).toHaveURL(/parentId=\d+/);
    await expect(rowOf(page, 'SA-RI')).toBeVisible();
    await expect(rowOf(page, 'SA-MK')).toBeVisible();
    await expect(rowOf(page, 'SA')).toHaveCount(0);
    await expect(page.getByText('Under Saudi Arabia')).toBeVisible();
  });

  await test.step('export the listed regions and read the downloaded file', async () => {
    await page.getByRole('button', { name: /^(export )?Export$/ }).click();
    const progress = page.getByTestId('export-progress');
    await expect(progress).toContainText('rows exported', { timeout: 60_000 });
    await page.screenshot({ path: 'test-results/region-export.png' });
    const download = await downloadExport(page);
    expect(download.suggestedFilename()).toMatch(/^Regions-\d{14}\.xlsx$/);
    const rows = await readSheet(await download.path());
    expect(rows[0]).toEqual([
      'Region code',
      'Parent code',
      'Level (0 country, 1 province, 2 city, 3 district)',
      'Chinese name',
      'English name',
      'Arabic name',
      'Post code',
      'Sort order',
      'Status',
    ]);
    expect(rows[1]!.slice(0, 5)).toEqual(['SA-RI', 'SA', 1, '利雅得省', 'Riyadh Province']);
    expect(rows[2]!.slice(0, 2)).toEqual(['SA-MK', 'SA']);
    expect(rows.length).toBe(10);
    await page.locator('.ant-modal').getByRole('button', { name: 'Close' }).click();
  });

  const openSaudiProvinces = async () => {
    await page.getByTestId('region-preview').locator('.ant-select, .ant-cascader').first().click();
    await cascaderColumn(page, 0).getByText('Saudi Arabia', { exact: true }).click();
    await expect(cascaderColumn(page, 1)).toBeVisible();
    return cascaderColumn(page, 1);
  };

  await test.step('the address selector offers Riyadh Province', async () => {
    const provinces = await openSaudiProvinces();
    await expect(provinces.getByText('Riyadh Province', { exact: true })).toBeVisible();
    await provinces.getByText('Riyadh Province', { exact: true }).click();
    await expect(cascaderColumn(page, 2).getByText('Riyadh', { exact: true })).toBeVisible();
    await page.screenshot({ path: 'test-results/region-selector-before.png' });
    await page.keyboard.press('Escape');
  });

  await test.step('disable Riyadh Province: it leaves the selector, with everything below it', async () => {
    await page.getByTestId('region-toggle-SA-RI').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Yes' }).click();
    await expectToast(page, 'Regions disabled');
    await expect(rowOf(page, 'SA-RI')).toContainText('Disabled');
    const provinces = await openSaudiProvinces();
    await expect(provinces.getByText('Makkah Province', { exact: true })).toBeVisible();
    await expect(provinces.getByText('Riyadh Province', { exact: true })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/region-selector-after.png' });
    await page.keyboard.press('Escape');
  });

  await test.step('enable it again: it is back', async () => {
    await page.getByTestId('region-toggle-SA-RI').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Yes' }).click();
    await expectToast(page, 'Regions enabled');
    const provinces = await openSaudiProvinces();
    await expect(provinces.getByText('Riyadh Province', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: 'test-results/region-page.png', fullPage: true });
  });

  await test.step('the screen and the selector in Arabic (right to left) and Chinese', async () => {
    await page.goto('/admin/options/point?lang=ar');
    await expect(rowOf(page, 'SA')).toContainText('السعودية', { timeout: 30_000 });
    await page.getByTestId('region-preview').locator('.ant-select, .ant-cascader').first().click();
    await expect(
      cascaderColumn(page, 0).getByText('الإمارات العربية المتحدة', { exact: true }),
    ).toBeVisible();
    await page.screenshot({ path: 'test-results/region-page-ar.png' });
    await page.keyboard.press('Escape');
    await page.goto('/admin/options/point?lang=cn');
    await expect(rowOf(page, 'SA')).toContainText('沙特阿拉伯', { timeout: 30_000 });
    await page.screenshot({ path: 'test-results/region-page-cn.png' });
  });
});

test('regions: the template, an import with bad rows reported, then the fixed file', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await logIn(browser, 'operator', 'operator123');
  await page.goto('/admin/options/point');
  await expect(rowOf(page, 'CN')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.locator('.ant-modal', { hasText: 'Import regions' });

  const [template] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download template' }).click(),
  ]);
  expect(template.suggestedFilename()).toBe('Region import template.xlsx');
  const headers = (await readSheet(await template.path()))[0] as string[];
  expect(headers[0]).toBe('*Region code');

  const bad = await xlsx([
    headers,
    ['E2E', '', 0, '测试国', 'E2E Land', 'أرض الاختبار', '', 99],
    ['E2E-N', 'E2E-MISSING', 1, '北省', 'North', '', '', 1],
    ['E2E-S', 'E2E', 1, '南省', 'South', '', '', 2],
  ]);
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'regions.xlsx', mimeType: 'application/octet-stream', buffer: bad });
  const report = page.getByTestId('import-errors');
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toContainText('1 row is not valid; nothing was imported');
  await expect(
    report.getByRole('row', {
      name: /3\s*Parent code\s*Parent code E2E-MISSING is neither in the file nor among the regions/,
    }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/region-import-errors.png' });

  const fixed = await xlsx([
    headers,
    ['E2E', '', 0, '测试国', 'E2E Land', 'أرض الاختبار', '', 99],
    ['E2E-N', 'E2E', 1, '北省', 'North', '', '', 1],
    ['E2E-S', 'E2E', 1, '南省', 'South', '', '', 2],
  ]);
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'regions.xlsx', mimeType: 'application/octet-stream', buffer: fixed });
  await expectToast(page, 'Upload success: 3 rows imported', 30_000);
  await page.getByLabel('Code or name').fill('E2E');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(rowOf(page, 'E2E')).toContainText('E2E Land');
  await expect(rowOf(page, 'E2E-N')).toContainText('North');
  // The new country is offered at once, with its provinces.
  await page.getByTestId('region-preview').locator('.ant-select, .ant-cascader').first().click();
  await cascaderColumn(page, 0).getByText('E2E Land', { exact: true }).click();
  await expect(cascaderColumn(page, 1).getByText('South', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  // Leave the shared demo data as it was for the other specs: the test country goes out of the selectors.
  await page.getByTestId('region-toggle-E2E').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Yes' }).click();
  await expectToast(page, 'Regions disabled');
});

test('sensitive words: add, find, edit and delete', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await logIn(browser, 'operator', 'operator123');
  await page.goto('/admin/customs/sensitive-word');
  const screen = page.getByTestId('sensitive-word-page');
  await expect(screen.getByRole('row', { name: /lithium/ })).toBeVisible({ timeout: 30_000 });

  await screen.getByRole('button', { name: 'Add' }).click();
  const dialog = page.locator('.ant-modal', { hasText: 'Add sensitive word' });
  await dialog.getByLabel('Sensitive word').fill('Compressed Gas');
  await dialog.getByLabel('Category').fill('pressurised');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Add Success');

  await screen.getByRole('textbox', { name: /^Sensitive word/ }).fill('compressed');
  await screen.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/word=compressed/);
  const row = screen.getByRole('row', { name: /compressed gas/ });
  await expect(row).toContainText('pressurised');
  await expect(row).toContainText('operator');

  // The same word in capitals is refused.
  await screen.getByRole('button', { name: 'Add' }).click();
  await page
    .locator('.ant-modal', { hasText: 'Add sensitive word' })
    .getByLabel('Sensitive word')
    .fill('COMPRESSED GAS');
  await page
    .locator('.ant-modal', { hasText: 'Add sensitive word' })
    .getByRole('button', { name: 'Save' })
    .click();
  await expectToast(page, 'This sensitive word is already in the list');
  await page
    .locator('.ant-modal', { hasText: 'Add sensitive word' })
    .getByRole('button', { name: 'Cancel' })
    .click();

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.locator('.ant-modal', { hasText: 'Edit sensitive word' });
  await edit.getByLabel('Remark').fill('Gas cylinders and cans');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Edit Success');
  await expect(row).toContainText('Gas cylinders and cans');
  await page.screenshot({ path: 'test-results/sensitive-word.png', fullPage: true });

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Yes' }).click();
  await expectToast(page, 'Deleted');
  await expect(screen.getByRole('row', { name: /compressed gas/ })).toHaveCount(0);
});
