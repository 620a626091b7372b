import { mkdirSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { downloadExport, logIn } from './desk-support.ts';
import { expect, type Page, test } from './fixtures.ts';

/**
 * The reports against the real server and its demo data (issue 7): staff open the waybill report
 * and a row's orders, a logistics bill and its orders, and export the bill (the export task ends
 * and the file downloads, its orders then a total line per currency); COD collected opens a row's
 * orders; a customer account sees its own bills only, another customer's answering not found.
 * Screenshots of each screen in en, cn and ar go to STATEMENTS_E2E_DIR.
 */

const DIR = process.env.STATEMENTS_E2E_DIR ?? 'test-results/statements-e2e';
mkdirSync(DIR, { recursive: true });

const sideMenu = (page: Page) => page.getByTestId('side-menu');
const exactly = (page: Page, text: string) => ({ has: page.getByText(text, { exact: true }) });

async function openMenu(page: Page, group: string, entry: string): Promise<void> {
  const submenu = sideMenu(page).locator('li.ant-menu-submenu').filter(exactly(page, group));
  if (!(await submenu.evaluate((li) => li.classList.contains('ant-menu-submenu-open'))))
    await submenu.locator('.ant-menu-submenu-title').click();
  await sideMenu(page).locator('.ant-menu-item').filter(exactly(page, entry)).click();
}

/** A customer's id, as the administrator reads it through the API. */
async function customerId(page: Page, code: string): Promise<number> {
  const api = '/api/common/v1';
  const login = await page.request.post(`${api}/login`, {
    data: { username: 'admin', password: 'admin123' },
  });
  const { token } = (await login.json()).data as { token: string };
  const list = await page.request.post(`${api}/customer/getCustomers`, {
    data: {},
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await list.json()).data as { recId: number; code: string }[]).find((c) => c.code === code)!.recId;
}

const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: `${DIR}/${name}.png`, fullPage });

test('staff read the waybill report and a logistics bill, and export the bill', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await logIn(browser, 'finance', 'finance123');

  await test.step('the waybill report by month, and the orders behind a row', async () => {
    await openMenu(page, 'Reports', 'Waybill report');
    await page.getByTestId('waybill-report-page').getByText('Month', { exact: true }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/granularity=month/);
    const table = page.getByTestId('waybill-report-table');
    await expect(table.getByTestId('waybill-report-table-totals')).toContainText('Total');
    const first = table.locator('tbody tr.ant-table-row').first();
    const period = (await first.locator('a').textContent())?.trim();
    expect(period).toMatch(/^\d{4}-\d{2}$/);
    const code = (await first.locator('td').first().textContent())?.trim();
    await shot(page, 'en-waybill-report');
    await first.locator('a').click();
    await expect(page.getByTestId('waybill-detail-page-title')).toHaveText(`${code} ${period}`);
    await expect(page.getByTestId('waybill-detail-totals')).toContainText('CNY');
    await expect(
      page.getByTestId('waybill-detail-orders').locator('tbody tr.ant-table-row').first(),
    ).toBeVisible();
    await expect(page.locator('.admin-layout__tabs .ant-tabs-tab-active')).toContainText(`${code} ${period}`);
    await shot(page, 'en-waybill-detail');
  });

  await test.step('a closed DEMO bill: its totals per currency and its orders', async () => {
    await openMenu(page, 'Reports', 'Logistics bills');
    const rows = page.getByTestId('bill-table').locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await shot(page, 'en-logistics-bills');
    const closed = rows.filter({ hasText: 'DEMO' }).filter({ hasNotText: 'Open' }).first();
    await closed.locator('a').click();
    await expect(page.getByTestId('bill-detail-page-title')).toContainText('DEMO');
    await expect(page.getByTestId('bill-detail-page')).toContainText('Closed');
    await expect(page.getByTestId('bill-totals')).toContainText('SAR');
    await page.getByTestId('bill-status').getByText('Returned', { exact: true }).click();
    await expect(page).toHaveURL(/status=10/);
    await expect(page.getByTestId('bill-orders').locator('tbody .ant-tag').first()).toHaveText('Returned');
    await page.getByTestId('bill-status').getByText('All', { exact: true }).click();
    await shot(page, 'en-logistics-bill');
  });

  await test.step('export the bill: the task ends and the file downloads', async () => {
    await page.getByRole('button', { name: 'Export the bill' }).click();
    await expect(page.getByTestId('export-progress')).toContainText('rows exported', { timeout: 60_000 });
    const download = await downloadExport(page);
    expect(download.suggestedFilename()).toMatch(/^Logistics bill orders-\d{14}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
    const first: unknown[] = [];
    wb.getWorksheet(1)!.eachRow((r) => {
      first.push((r.values as unknown[])[1]);
    });
    expect(first[0]).toBe('Tracking no');
    expect(first.filter((v) => String(v).startsWith('GL')).length).toBeGreaterThan(10);
    expect(first.at(-1)).toMatch(/^Total [A-Z]{3}$/);
    await page.locator('.ant-modal').getByRole('button', { name: 'Close' }).click();
  });
});

test('COD collected opens a row’s orders, in Chinese', async ({ browser }) => {
  const page = await logIn(browser, 'finance', 'finance123', 'cn');
  await openMenu(page, '报表中心', '代收货款');
  const rows = page.getByTestId('collecting-table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await shot(page, 'cn-cod-collected');
  await rows.first().locator('a').click();
  await expect(page).toHaveURL(/row=\d+-\d{8}-\d{8}-[A-Z]{3}/);
  const drawer = page.getByTestId('collecting-orders');
  await expect(drawer.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByTestId('collecting-orders-totals')).toContainText('代收净额');
  await shot(page, 'cn-cod-collected-orders', false);
  await page.goto('/admin/report/logisticsbill');
  await expect(page.getByTestId('bill-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await shot(page, 'cn-logistics-bills');
});

test('a customer account sees its own bills only, in Arabic', async ({ browser }) => {
  const page = await logIn(browser, 'demo', 'demo123', 'ar');
  await openMenu(page, 'التقارير', 'فواتير الشحن');
  const rows = page.getByTestId('bill-table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const codes = await rows.locator('td:first-child').allInnerTexts();
  expect(new Set(codes.map((c) => c.trim()))).toEqual(new Set(['DEMO']));
  // No customer filter for a customer account.
  await expect(page.getByTestId('bill-list-page').locator('form .ant-select')).toHaveCount(0);
  await shot(page, 'ar-logistics-bills-customer');
  await rows.first().locator('a').click();
  await expect(page.getByTestId('bill-detail-page-title')).toContainText('DEMO');
  await shot(page, 'ar-logistics-bill-customer');
  const period = page.url().match(/logisticsbill\/\d+-(\d{8}-\d{8})/)![1];
  // Another customer's bill of the same period: not found.
  await page.goto(`/admin/report/logisticsbill/${await customerId(page, 'OTHER')}-${period}`);
  await expect(page.getByText('هذه الفترة غير موجودة')).toBeVisible();
  await page.goto('/admin/report/waybill');
  await expect(
    page.getByTestId('waybill-report-table').locator('tbody tr.ant-table-row').first(),
  ).toBeVisible();
  await shot(page, 'ar-waybill-report-customer');
});
