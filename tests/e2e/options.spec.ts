import { readFileSync, writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { downloadExport, expectToast, logIn, searchOption } from './desk-support.ts';
import { expect, type Locator, type Page, test } from './fixtures.ts';

/**
 * The settings screens against the real server: tracking numbers imported from the downloaded
 * template (a bad row refused and reported, then the fixed file accepted and listed), a carrier
 * created with a tracking node, and the options tabs (volume limits exported to a file, tracking
 * nodes, depots). The server is shared by every spec file: everything made here has its own codes.
 */

/** Types `search` into the searchable antd Select labelled `label` inside `scope` and picks `option`. */
async function choose(page: Page, scope: Locator, label: string, search: string, option: string) {
  await searchOption(page, scope, label, search, option);
  await expect(scope.locator('.ant-select', { hasText: option }).first()).toBeVisible();
}

async function readSheet(path: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.getWorksheet(1)!.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))),
  );
  return rows;
}

/** The template with `numbers` filled in under its header, written next to the download. */
async function fillTemplate(template: string, numbers: string[], out: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(template) as unknown as ArrayBuffer);
  const ws = wb.getWorksheet(1)!;
  for (const no of numbers) ws.addRow([no]);
  writeFileSync(out, Buffer.from(await wb.xlsx.writeBuffer()));
}

test('tracking numbers: import from the template, see the bad row, fix it and find the numbers', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const page = await logIn(browser, 'admin', 'admin123');
  await page.goto('/admin/options/trackingNo');
  await expect(page.getByTestId('stock-IMILE')).toContainText('Low stock', { timeout: 30_000 });
  await expect(page.getByTestId('stock-SMSA')).not.toContainText('Low stock');
  await expect(page.getByTestId('pool-table').locator('tr.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/options-tracking-no.png', fullPage: true });

  const dialog = page.locator('.ant-modal', { hasText: 'Import tracking numbers' });
  const template = testInfo.outputPath('template.xlsx');

  await test.step('download the template', async () => {
    await page.getByRole('button', { name: /Import$/ }).click();
    await expect(dialog).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download template' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Tracking number import template.xlsx');
    await download.saveAs(template);
    expect(await readSheet(template)).toEqual([['*Tracking number']]);
  });

  const good = ['E2EZJ000001', 'E2EZJ000002', 'E2E-ZJ-000003'];
  const zajilTotal = Number(
    ((await page.getByTestId('stock-ZAJIL').textContent()) ?? '')
      .match(/free of ([\d,]+)/)![1]!
      .replace(/,/g, ''),
  );
  await test.step('import it with one bad row: the row is reported and nothing is written', async () => {
    await choose(page, dialog, 'Carrier', 'ZAJIL', 'Zajil Express (ZAJIL)');
    const bad = testInfo.outputPath('numbers-bad.xlsx');
    await fillTemplate(template, [good[0]!, 'BAD NO!', good[1]!, good[2]!], bad);
    await dialog.locator('input[type="file"]').setInputFiles(bad);
    await expect(dialog.getByRole('alert')).toContainText('1 row is not valid; nothing was imported', {
      timeout: 30_000,
    });
    const report = dialog.getByTestId('import-errors');
    await expect(report.locator('tr.ant-table-row')).toHaveCount(1);
    await expect(report.locator('tr.ant-table-row')).toContainText('3');
    await expect(report).toContainText('Tracking number');
    await expect(report).toContainText('Use 6 to 40 letters, digits or hyphens');
    await page.screenshot({ path: 'test-results/options-tracking-no-refused.png' });
  });

  await test.step('fix the file and import it again', async () => {
    const fixed = testInfo.outputPath('numbers-fixed.xlsx');
    await fillTemplate(template, [good[0]!, 'E2EZJ000004', good[1]!, good[2]!], fixed);
    await dialog.locator('input[type="file"]').setInputFiles(fixed);
    await expectToast(page, 'Upload success: 4 rows imported', 30_000);
    await expect(dialog).toBeHidden();
  });

  await test.step('find the numbers in the list, and the imports in the log', async () => {
    await page.getByTestId('stock-ZAJIL').click();
    await expect(page).toHaveURL(/carrierId=\d+/);
    // The demo pool has ZAJIL numbers of its own: the test's are the ones starting E2E.
    await page.getByPlaceholder('Starts with').fill('E2E');
    await page.getByRole('button', { name: 'Search' }).click();
    const rows = page.getByTestId('pool-table').locator('tr.ant-table-row');
    await expect(rows).toHaveCount(4);
    // Demo orders received while no carrier number was free wait for one: the import gave the
    // oldest of those on ZAJIL's channels theirs, from these numbers; the others stay free.
    for (const no of [...good, 'E2EZJ000004'])
      await expect(rows.filter({ hasText: no })).toContainText(/Free|Used/);
    await expect(page.getByTestId('stock-ZAJIL')).toContainText(`free of ${zajilTotal + 4}`);
    await page.screenshot({ path: 'test-results/options-tracking-no-imported.png', fullPage: true });

    await page.getByRole('button', { name: 'Import log' }).click();
    const log = page.getByTestId('import-log-table');
    await expect(log.locator('tr.ant-table-row').first()).toContainText('Imported');
    await expect(log.locator('tr.ant-table-row').nth(1)).toContainText('Refused: 1 problem');
    await expect(log).toContainText('numbers-fixed.xlsx');
    await page.screenshot({ path: 'test-results/options-tracking-no-log.png' });
  });
});

test('carriers: create a carrier and give it a tracking node', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await logIn(browser, 'admin', 'admin123');
  await page.goto('/admin/options/carrier');
  const table = page.getByTestId('carrier-table');
  await expect(table.locator('tr.ant-table-row', { hasText: 'SMSA' })).toBeVisible({ timeout: 30_000 });

  await test.step('create the carrier', async () => {
    await page.getByRole('button', { name: 'Add carrier' }).click();
    const dialog = page.locator('.ant-modal', { hasText: 'Add carrier' });
    await dialog.getByLabel('Code').fill('e2ecr');
    await dialog.getByLabel('Name', { exact: true }).fill('端到端快递');
    await dialog.getByLabel('English name').fill('E2E Couriers');
    await choose(page, dialog, 'Country', 'Saudi', 'Saudi Arabia (SA)');
    await dialog.getByLabel('Contact').fill('Huda');
    await dialog.getByLabel('Phone').fill('+966 11 222 3333');
    await dialog.getByLabel('E-mail for the lading push').fill('not an address');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toContainText('Enter valid e-mail addresses, separated by commas');
    await dialog.getByLabel('E-mail for the lading push').fill('ops@e2e.example, push@e2e.example');
    await dialog.getByLabel('Tracking page').fill('https://e2e.example/track?no={no}');
    await page.screenshot({ path: 'test-results/options-carrier-form.png' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Add Success');
    const row = table.locator('tr.ant-table-row', { hasText: 'E2ECR' });
    await expect(row).toContainText('E2E Couriers');
    await expect(row).toContainText('Saudi Arabia');
    await expect(row).toContainText('0 nodes');
  });

  await test.step('add a tracking node from a standard node', async () => {
    await table
      .locator('tr.ant-table-row', { hasText: 'E2ECR' })
      .getByRole('button', { name: '0 nodes' })
      .click();
    const drawer = page.locator('.ant-drawer', { hasText: 'Tracking nodes of E2E Couriers (E2ECR)' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Add node' }).click();
    const dialog = page.locator('.ant-modal', { hasText: 'Add tracking node' });
    await choose(page, dialog, 'Fill from a standard node', 'SIGNED', 'Delivered and signed (SIGNED)');
    await expect(dialog.getByLabel('English name')).toHaveValue('Delivered and signed');
    await dialog.getByLabel('Carrier event code').fill('POD');
    await page.screenshot({ path: 'test-results/options-carrier-node-form.png' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Add Success');
    const node = drawer.getByTestId('carrier-nodes').locator('tr.ant-table-row', { hasText: 'POD' });
    await expect(node).toContainText('已签收');
    await expect(node).toContainText('Signed');
    await page.screenshot({ path: 'test-results/options-carrier-nodes.png' });
    await drawer.locator('.ant-drawer-close').click();
    await expect(table.locator('tr.ant-table-row', { hasText: 'E2ECR' })).toContainText('1 nodes');
  });
});

test('options: volume limits exported to a file, tracking nodes and depots, in Arabic too', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await logIn(browser, 'operator', 'operator123');
  await page.goto('/admin/options');
  const limits = page.getByTestId('volume-limit-table');
  await expect(limits.locator('tr.ant-table-row', { hasText: 'SMSA' }).first()).toBeVisible({
    timeout: 30_000,
  });

  await test.step('export the volume limits of Saudi Arabia and read the file', async () => {
    await page.getByLabel('Region', { exact: true }).fill('SA');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/region=SA/);
    await page.getByRole('button', { name: /^(export )?Export$/ }).click();
    await expect(page.getByTestId('export-progress')).toContainText('rows exported', { timeout: 60_000 });
    const download = await downloadExport(page);
    expect(download.suggestedFilename()).toMatch(/^Order volume limits-\d{14}\.xlsx$/);
    const rows = await readSheet(await download.path());
    expect(rows[0]).toEqual([
      'Carrier code',
      'Carrier',
      'Region code',
      'Region',
      'Daily limit',
      'Updated at',
    ]);
    expect(rows.slice(1).map((r) => `${r[0]}/${r[2]}`)).toEqual(
      expect.arrayContaining(['SMSA/SA', 'NAQEL/SA']),
    );
    await page.locator('.ant-modal .ant-modal-close').click();
  });

  await test.step('the tracking nodes and the depots', async () => {
    await page.getByRole('tab', { name: 'Tracking nodes' }).click();
    await expect(page).toHaveURL(/tab=tracking/);
    await expect(page.getByTestId('tracking-setting-table')).toContainText('OUT_FOR_DELIVERY');
    await page.screenshot({ path: 'test-results/options-tracking-settings.png', fullPage: true });
    await page.getByRole('tab', { name: 'Depots' }).click();
    await expect(page.getByTestId('depot-table').locator('tr.ant-table-row')).toHaveCount(3);
  });

  const ar = await logIn(browser, 'admin', 'admin123', 'ar');
  await ar.goto('/admin/options?tab=limits');
  await expect(ar.getByTestId('volume-limit-table').locator('tr.ant-table-row').first()).toBeVisible({
    timeout: 30_000,
  });
  await ar.screenshot({ path: 'test-results/options-ar.png', fullPage: true });
  await ar.goto('/admin/options/trackingNo');
  await expect(ar.getByTestId('stock-IMILE')).toBeVisible({ timeout: 30_000 });
  await ar.screenshot({ path: 'test-results/options-tracking-no-ar.png', fullPage: true });
});
