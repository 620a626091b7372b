import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { businessDay, downloadExport, logIn, readSheet } from './desk-support.ts';
import { expect, type Page, test } from './fixtures.ts';

/**
 * The customer's side of orders against the real server, as `demo`: an order entered with a bad
 * then a good goods line; 50 orders imported from the template with two bad rows (both reported,
 * nothing written), then the fixed file; the orders found in the list by bulk customer-no input
 * and one opened in its own tab; the screens in Chinese and Arabic. The server is shared by every
 * spec file: this one's customer nos start with E2E-CO.
 */

/** The open cascader's column `n` (0 countries, 1 provinces ...). */
const cascaderColumn = (page: Page, n: number) =>
  page.locator('.ant-cascader-dropdown .ant-cascader-menu').nth(n);
const activeTab = (page: Page) => page.locator('.admin-layout__tabs .ant-tabs-tab-active .ant-tabs-tab-btn');

/** The template's columns, in order (what the importer reads). */
const KEYS = [
  'customerNo',
  'channel',
  'consigneeName',
  'consigneePhone',
  'consigneePhone2',
  'consigneeEmail',
  'country',
  'province',
  'city',
  'district',
  'address',
  'postcode',
  'packingType',
  'packageCount',
  'weight',
  'length',
  'width',
  'height',
  'cod',
  'codAmount',
  'codCurrency',
  'senderName',
  'senderPhone',
  'senderAddress',
  'nameEn',
  'nameCn',
  'quantity',
  'hsCode',
  'unitPrice',
  'currency',
  'specification',
  'remark',
] as const;
type Cells = Partial<Record<(typeof KEYS)[number], string>>;

const order = (no: string, more: Cells = {}): Cells => ({
  customerNo: no,
  channel: 'CN-SA-AIR-COD',
  consigneeName: 'Noura Al-Qahtani',
  consigneePhone: '+966 55 987 6543',
  country: 'Saudi Arabia',
  province: 'Makkah Province',
  city: 'Jeddah',
  address: 'Tahlia Street 40',
  weight: '0.8',
  cod: 'Y',
  codAmount: '120',
  codCurrency: 'SAR',
  nameEn: 'Handbag',
  nameCn: '手提包',
  quantity: '1',
  hsCode: '420222',
  unitPrice: '15',
  ...more,
});

async function sheet(headers: string[], rows: Cells[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(KEYS.map((k) => r[k] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function templateHeaders(page: Page, expectedName: string): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('order-batch').locator('button').first().click(),
  ]);
  expect(download.suggestedFilename()).toBe(expectedName);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
  return ((wb.getWorksheet(1)!.getRow(1).values as unknown[]).slice(1) as string[]).map(String);
}

const upload = (page: Page, name: string, buffer: Buffer) =>
  page
    .getByTestId('order-batch')
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'application/octet-stream', buffer });

const fifty = (prefix: string) =>
  Array.from({ length: 50 }, (_, i) => order(`${prefix}-${String(i + 1).padStart(2, '0')}`));

test('a customer enters an order with a bad then a good goods line, and opens it', async ({
  browser,
}, info) => {
  test.setTimeout(180_000);
  const page = await logIn(browser, 'demo', 'demo123');
  await page.goto('/admin/user/order/input');
  const form = page.getByTestId('order-entry');
  // The sender and the channel come from the customer's settings.
  await expect(form.locator('#order-entry_sender_name')).toHaveValue('Li Wei', { timeout: 30_000 });
  await expect(form).toContainText('CN-SA-AIR-COD');

  await form.locator('#order-entry_consignee_name').fill('Ahmed Al-Harbi');
  await form.locator('#order-entry_consignee_phone').fill('+966 50 123 4567');
  await form.locator('#order-entry_consignee_regionIds').click();
  await cascaderColumn(page, 0).getByText('Saudi Arabia', { exact: true }).click();
  await cascaderColumn(page, 1).getByText('Riyadh Province', { exact: true }).click();
  await cascaderColumn(page, 2).getByText('Riyadh', { exact: true }).click();
  await cascaderColumn(page, 3).getByText('Al Olaya', { exact: true }).click();
  await form.locator('#order-entry_consignee_address').fill('King Fahd Road 12, Building 7');
  await form.locator('#order-entry_customerNo').fill('E2E-CO-INPUT-1');
  await form.locator('#order-entry_weight').fill('1.5');
  await form.locator('#order-entry_isCod').click();
  await form.locator('#order-entry_codAmount').fill('199');

  // The first goods line lacks its English name; the second names a sensitive good.
  await form.locator('#order-entry_goods_0_nameCn').fill('T恤');
  await form.locator('#order-entry_goods_0_quantity').fill('2');
  await form.locator('#order-entry_goods_0_unitPrice').fill('9.9');
  await form.getByRole('button', { name: 'Add a goods line' }).click();
  await form.locator('#order-entry_goods_1_nameEn').fill('Power bank 10000mAh');
  await form.locator('#order-entry_goods_1_quantity').fill('x');
  await form.locator('#order-entry_goods_1_unitPrice').fill('12');
  await form.getByRole('button', { name: 'Submit' }).click();
  const goods = form.getByTestId('goods-lines');
  await expect(goods).toContainText('English goods name cannot be empty');
  await expect(goods).toContainText('Enter a correct number');
  await expect(page.getByTestId('entry-failure')).toContainText('Correct the marked fields');
  await page.screenshot({ path: info.outputPath('order-input-errors.png'), fullPage: true });

  await form.locator('#order-entry_goods_0_nameEn').fill('Cotton T-shirt');
  await form.locator('#order-entry_goods_1_quantity').fill('1');
  await form.getByRole('button', { name: 'Submit' }).click();
  const created = page.getByTestId('order-created');
  await expect(created).toContainText('Order created', { timeout: 30_000 });
  const trackingNo = (await page.getByTestId('created-tracking-no').textContent())?.trim() ?? '';
  expect(trackingNo).toMatch(/^GL\d{10}$/);
  await expect(page.getByTestId('sensitive-goods')).toContainText('power bank');
  // Its label prints from here, in its own window.
  await expect(created.getByTestId('print-label')).toHaveAttribute('href', /^\/print\/printCode\?ids=\d+$/);
  await page.screenshot({ path: info.outputPath('order-input-created.png'), fullPage: true });

  await created.getByRole('button', { name: 'Open the order' }).click();
  await expect(page).toHaveURL(/\/admin\/user\/order\/list\/\d+\?name=GL\d+/);
  await expect(activeTab(page)).toHaveText(trackingNo);
  const detail = page.getByTestId('customer-order-detail');
  await expect(detail.getByTestId('detail-tracking-no')).toContainText(trackingNo);
  await expect(detail.getByTestId('detail-goods')).toContainText('Cotton T-shirt');
  await expect(detail.getByTestId('detail-goods')).toContainText('power bank');
  await expect(detail.getByTestId('detail-track')).toContainText('Order created');
  await expect(detail).toContainText('199.00 SAR');

  await detail.getByLabel('New remark').fill('Please deliver after 5 pm');
  await detail.getByRole('button', { name: 'Add remark' }).click();
  await expect(detail.getByTestId('detail-remarks')).toContainText('Please deliver after 5 pm');

  // The customer prints its label: the print page works in the customer's session.
  const [labels] = await Promise.all([page.waitForEvent('popup'), detail.getByTestId('print-label').click()]);
  const sheet = labels.locator(`[data-testid="label-sheet"][data-tracking-no="${trackingNo}"]`);
  await expect(sheet).toBeVisible({ timeout: 30_000 });
  await expect(sheet).toContainText('199.00 SAR');
  await expect(labels.getByTestId('print-code')).toContainText('1 label, 100 × 150 mm');
  await labels.close();

  // Not yet picked up, the customer may cancel it: the reason is kept as a remark.
  await detail.getByTestId('customer-cancel-order').click();
  const dialog = page.getByRole('dialog', { name: 'Cancel orders' });
  await expect(dialog).toContainText(`Cancel ${trackingNo}?`);
  await expect(dialog).not.toHaveClass(/-appear/);
  await dialog.getByLabel('Reason').fill('Ordered twice');
  await dialog.getByRole('button', { name: 'Cancel orders' }).click();
  await expect(page.getByText(`Done: ${trackingNo}`)).toBeVisible();
  await expect(detail.locator('.ant-tag', { hasText: 'Cancelled' })).toBeVisible();
  await expect(detail.getByTestId('detail-remarks')).toContainText('Ordered twice');
  await expect(detail.getByTestId('customer-cancel-order')).toHaveCount(0);

  // The customer's orders export once a creation range is searched: its own only, this one among them.
  await page.goto('/admin/user/order/list');
  const exportButton = page.getByTestId('customer-order-list').getByRole('button', { name: 'Export orders' });
  await expect(exportButton).toBeDisabled();
  const today = businessDay(0);
  await page.goto(`/admin/user/order/list?from=${today}&to=${today}`);
  await exportButton.click();
  const rows = await readSheet(await (await downloadExport(page)).path());
  expect(rows[0]!.slice(0, 3)).toEqual(['Tracking no', 'Customer order no', 'Customer code']);
  expect(rows.slice(1).map((r) => r[0])).toContain(trackingNo);
  expect(new Set(rows.slice(1).map((r) => r[2]))).toEqual(new Set(['DEMO']));
});

test('a customer imports 50 orders: two bad rows reported and nothing written, then the good file', async ({
  browser,
}, info) => {
  test.setTimeout(240_000);
  const page = await logIn(browser, 'demo', 'demo123');
  await page.goto('/admin/user/order/batch');
  const headers = await templateHeaders(page, 'Order import template.xlsx');
  expect(headers.slice(0, 3)).toEqual(['*Customer order no', '*Shipping channel code', '*Consignee name']);

  const bad = fifty('E2E-CO-IMP');
  bad[9] = { ...bad[9]!, nameEn: '' };
  bad[29] = { ...bad[29]!, city: 'Atlantis' };
  await upload(page, 'orders-bad.xlsx', await sheet(headers, bad));
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('2 rows are not valid; nothing was imported', { timeout: 30_000 });
  const errors = page.getByTestId('import-errors');
  await expect(
    errors.getByRole('row', { name: /11\s*Goods name \(English\)\s*English goods name cannot be empty/ }),
  ).toBeVisible();
  await expect(
    errors.getByRole('row', {
      name: /31\s*City\s*No region Atlantis under Makkah Province in the region list/,
    }),
  ).toBeVisible();
  await page.screenshot({ path: info.outputPath('order-batch-errors.png'), fullPage: true });

  // Nothing of the refused file was written.
  await page.goto(`/admin/user/order/list?customerNos=${encodeURIComponent('E2E-CO-IMP-01\nE2E-CO-IMP-50')}`);
  await expect(page.getByTestId('customer-order-table')).toContainText('No orders found', {
    timeout: 30_000,
  });

  await page.goto('/admin/user/order/batch');
  await upload(page, 'orders-good.xlsx', await sheet(headers, fifty('E2E-CO-IMP')));
  await expect(page.getByTestId('import-done')).toContainText('Upload success: 50 orders imported', {
    timeout: 30_000,
  });
  await page.getByRole('link', { name: 'See them in my orders' }).click();

  await test.step('find them by bulk customer-no input and open one', async () => {
    await page.getByTestId('filter-customer-nos').fill('E2E-CO-IMP-01\nE2E-CO-IMP-02, E2E-CO-IMP-50');
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByTestId('customer-order-table');
    await expect(table.locator('tr.ant-table-row')).toHaveCount(3, { timeout: 30_000 });
    await expect(table).toContainText('E2E-CO-IMP-50');
    await page.screenshot({ path: info.outputPath('order-list-en.png'), fullPage: true });
    // Their labels print together, from the selection.
    const print = page.locator('.ant-btn', { hasText: 'Print labels' });
    await expect(print).toBeDisabled();
    await table.locator('thead .ant-checkbox-input').check();
    await expect(page.getByTestId('customer-order-selected')).toHaveText('3 selected');
    const [labels] = await Promise.all([page.waitForEvent('popup'), print.click()]);
    await expect(labels.getByTestId('label-sheet')).toHaveCount(3, { timeout: 30_000 });
    await expect(labels.getByTestId('print-code')).toContainText('3 labels, 100 × 150 mm');
    await labels.close();
    await table.locator('thead .ant-checkbox-input').uncheck();
    const row = table.locator('tr.ant-table-row', { hasText: 'E2E-CO-IMP-02' });
    const link = row.getByRole('link');
    const trackingNo = (await link.textContent())?.trim() ?? '';
    await link.click();
    await expect(activeTab(page)).toHaveText(trackingNo);
    await expect(page.getByTestId('customer-order-detail')).toContainText('Handbag');
    await expect(page.getByTestId('customer-order-detail')).toContainText('Jeddah');
  });

  await test.step('narrow them to the days they were created on, kept in the URL', async () => {
    await page.goto('/admin/user/order/list?customerNos=E2E-CO-IMP-01,E2E-CO-IMP-02');
    const table = page.getByTestId('customer-order-table');
    await expect(table.locator('tr.ant-table-row')).toHaveCount(2, { timeout: 30_000 });
    const day = businessDay;
    const filters = page.getByRole('form', { name: 'Filter orders' });
    const [from, to] = [filters.getByPlaceholder('Start date'), filters.getByPlaceholder('End date')];
    const pick = async (start: string, end: string) => {
      await from.click();
      await from.fill(start);
      await from.press('Enter');
      await to.fill(end);
      await to.press('Enter');
      await page.getByRole('button', { name: 'Search' }).click();
    };
    await pick(day(-2), day(-1));
    await expect(table).toContainText('No orders found', { timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`[?&]from=${day(-2)}(&|$)`));
    await expect(page).toHaveURL(new RegExp(`[?&]to=${day(-1)}(&|$)`));
    await page.reload();
    await expect(from).toHaveValue(day(-2));
    await expect(to).toHaveValue(day(-1));
    await expect(table).toContainText('No orders found', { timeout: 30_000 });
    await pick(day(-1), day(0));
    await expect(table.locator('tr.ant-table-row')).toHaveCount(2, { timeout: 30_000 });
  });

  await test.step('the import records show the refused and the imported file', async () => {
    await page.goto('/admin/user/order/importRecord');
    const table = page.getByTestId('import-record-table');
    const good = table.locator('tr.ant-table-row', { hasText: 'orders-good.xlsx' }).first();
    await expect(good).toContainText('Imported', { timeout: 30_000 });
    await expect(good).toContainText('50');
    await expect(good).toContainText('Not pushed');
    await expect(table.locator('tr.ant-table-row', { hasText: 'orders-bad.xlsx' }).first()).toContainText(
      'Refused: 2 problems',
    );
  });
});

for (const lang of ['cn', 'ar'] as const) {
  test(`the customer order screens in ${lang}`, async ({ browser }, info) => {
    test.setTimeout(180_000);
    const page = await logIn(browser, 'demo-sub', 'demo123', lang);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');

    await page.goto('/admin/user/order/input');
    await expect(page.locator('#order-entry_sender_name')).toHaveValue('Li Wei', { timeout: 30_000 });
    // Names and addresses run in their own script's direction: a Latin address reads left to right
    // on the Arabic page too (its start shown, not its end).
    for (const field of ['#order-entry_sender_name', '#order-entry_sender_address'])
      expect(await page.locator(field).evaluate((e) => e.matches(':dir(ltr)'))).toBe(true);
    await page.locator('#order-entry_goods_0_quantity').fill('0');
    await page.getByTestId('order-entry').locator('button[type="submit"]').click();
    await expect(
      page.getByTestId('goods-lines').locator('.ant-form-item-explain-error').first(),
    ).toBeVisible();
    await page.screenshot({ path: info.outputPath(`order-input-${lang}.png`), fullPage: true });

    await page.goto('/admin/user/order/batch');
    const headers = await templateHeaders(
      page,
      lang === 'cn' ? '订单导入模板.xlsx' : 'قالب استيراد الطلبات.xlsx',
    );
    const rows = [
      order(`E2E-CO-${lang}-1`, { weight: '-1' }),
      order(`E2E-CO-${lang}-2`, { channel: 'NOPE' }),
    ];
    await upload(page, `orders-${lang}.xlsx`, await sheet(headers, rows));
    await expect(page.getByTestId('import-errors').locator('tr.ant-table-row')).toHaveCount(2, {
      timeout: 30_000,
    });
    await page.screenshot({ path: info.outputPath(`order-batch-${lang}.png`), fullPage: true });

    await page.goto(
      `/admin/user/order/list?customerNos=${encodeURIComponent('E2E-CO-IMP-03,E2E-CO-IMP-04')}`,
    );
    const table = page.getByTestId('customer-order-table');
    await expect(table.locator('tr.ant-table-row')).toHaveCount(2, { timeout: 30_000 });
    await page.screenshot({ path: info.outputPath(`order-list-${lang}.png`), fullPage: true });
    await table.locator('tr.ant-table-row').first().getByRole('link').click();
    await expect(page.getByTestId('detail-goods')).toBeVisible();
    await page.screenshot({ path: info.outputPath(`order-detail-${lang}.png`), fullPage: true });

    await page.goto('/admin/user/order/importRecord');
    await expect(page.getByTestId('import-record-table').locator('tr.ant-table-row').first()).toBeVisible({
      timeout: 30_000,
    });
    await page.screenshot({ path: info.outputPath(`order-import-record-${lang}.png`), fullPage: true });
  });
}
