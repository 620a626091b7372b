import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expectToast, logIn } from './desk-support.ts';
import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';

/**
 * Delivery confirmations and the closed loop against the real server (issue 7's acceptance): the
 * finance user downloads the delivery template, imports a file with a cancelled order (refused
 * with its reason, nothing written), then the good rows, and sees the orders signed in the
 * delivery records and both files in the import log; then imports the overseas partner's
 * reconciliation for them on the closed-loop screen and sees them closed.
 */

const API = '/api/common/v1';
const DIR = 'test-results/prompt-e2e';
mkdirSync(DIR, { recursive: true });
const ZONE = 'Asia/Shanghai';

interface Listed {
  recId: number;
  trackingNo: string;
  codAmount: string;
  codCurrency: string;
}

async function api<T>(request: APIRequestContext, path: string, body: unknown, token?: string): Promise<T> {
  const res = await request.post(API + path, {
    data: body,
    headers: { 'local-lang': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const json = await res.json();
  expect(res.status(), JSON.stringify(json)).toBe(200);
  return json.data as T;
}

/** Two COD demo orders out for delivery (not intercepted), and a cancelled one. */
async function orders(request: APIRequestContext): Promise<{ open: [Listed, Listed]; cancelled: string }> {
  const { token } = await api<{ token: string }>(request, '/login', {
    username: 'admin',
    password: 'admin123',
  });
  const out = await api<{ records: Listed[] }>(
    request,
    '/order/list',
    { status: 8, isCod: true, interceptState: 0, pageSize: 2 },
    token,
  );
  expect(out.records.length, 'the demo data has COD orders out for delivery').toBe(2);
  const cancelled = await api<{ records: Listed[] }>(
    request,
    '/order/list',
    { status: 12, pageSize: 1 },
    token,
  );
  return { open: out.records as [Listed, Listed], cancelled: cancelled.records[0]!.trackingNo };
}

/** Wall-clock text in the business zone, as a carrier's file has it. */
const wallClock = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: ZONE, dateStyle: 'short', timeStyle: 'short' }).format(at);

async function sheet(name: string, rows: string[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  const path = join(DIR, name);
  writeFileSync(path, Buffer.from(await wb.xlsx.writeBuffer()));
  return path;
}

async function importFile(page: Page, screen: string, button: string, file: string) {
  await page.getByTestId(screen).getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type="file"]').setInputFiles(file);
  return dialog;
}

test('delivery confirmations sign orders, and the overseas reconciliation closes their loop', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await logIn(browser, 'finance', 'finance123');
  const { open, cancelled } = await orders(page.request);
  const [a, b] = open;
  const signedAt = wallClock(new Date(Date.now() - 2 * 3_600_000));
  const header = ['Tracking no', 'Sign time', 'Signed by', 'Remarks'];

  await test.step('the delivery template downloads', async () => {
    await page.goto('/admin/report/promptRecord');
    await page.getByTestId('delivery-records').getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download template' }).click();
    expect((await download).suggestedFilename()).toBe('Delivery confirmation template.xlsx');
    await page.keyboard.press('Escape');
  });

  await test.step('a file with a cancelled order is refused with its reason; nothing is written', async () => {
    const file = await sheet('bad.xlsx', [
      header,
      [a.trackingNo, signedAt, 'Noura', ''],
      [b.trackingNo, signedAt, '', ''],
      [cancelled, signedAt, '', ''],
    ]);
    const dialog = await importFile(page, 'delivery-records', 'Import', file);
    await expect(dialog.getByTestId('import-errors')).toContainText(`Order ${cancelled} is cancelled`);
    await expect(dialog.getByTestId('import-errors').locator('tbody tr.ant-table-row')).toHaveCount(1);
    await page.keyboard.press('Escape');
    const screen = page.getByTestId('delivery-records');
    await screen.getByLabel('Tracking nos').fill(`${a.trackingNo}\n${b.trackingNo}`);
    await screen.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('delivery-records-table')).toContainText('No records');
  });

  await test.step('the good rows sign both orders', async () => {
    const file = await sheet('SMSA-POD-e2e.xlsx', [
      header,
      [a.trackingNo, signedAt, 'Noura', ''],
      [b.trackingNo, signedAt, '', ''],
    ]);
    await importFile(page, 'delivery-records', 'Import', file);
    await expectToast(page, 'Upload success: 2 orders updated');
    const table = page.getByTestId('delivery-records-table');
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
    await expect(table).toContainText('Signed');
    await expect(table).toContainText('Noura');
    await expect(table).toContainText('SMSA-POD-e2e.xlsx');
    await page.screenshot({ path: 'test-results/prompt-record-en.png' });
  });

  await test.step('the import log shows the refused file and the imported one', async () => {
    await page.getByRole('tab', { name: 'Import log' }).click();
    const log = page.getByTestId('prompt-log-table');
    const imported = log.locator('tr', { hasText: 'SMSA-POD-e2e.xlsx' });
    await expect(imported).toContainText('Imported');
    await expect(log.locator('tr', { hasText: 'bad.xlsx' }).first()).toContainText('Refused');
    await page.screenshot({ path: 'test-results/prompt-log-en.png' });
  });

  await test.step('the overseas reconciliation closes both orders', async () => {
    await page.goto(`/admin/report/closedLoopData?trackingNos=${a.trackingNo},${b.trackingNo}`);
    const table = page.getByTestId('closed-loop-table');
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
    await expect(table).toContainText('Awaiting COD remittance');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
    const file = await sheet('partner-cod.xlsx', [
      ['Tracking no', 'Remitted amount', 'Currency', 'Remittance date', 'Remittance reference', 'Remarks'],
      [a.trackingNo, a.codAmount, a.codCurrency, today, 'RMT-E2E-1', ''],
      [b.trackingNo, b.codAmount, b.codCurrency, today, 'RMT-E2E-1', ''],
    ]);
    await importFile(page, 'closed-loop-page', 'Import reconciliation', file);
    await expectToast(page, 'Upload success: 2 orders updated');
    await expect(table.locator('tbody')).not.toContainText('Awaiting COD remittance');
    await expect(table.locator('tbody tr.ant-table-row', { hasText: 'Closed' })).toHaveCount(2);
    await expect(table).toContainText('RMT-E2E-1');
    await page.screenshot({ path: 'test-results/closed-loop-en.png' });
    // Reset empties the filters and the address.
    const filters = page.getByRole('form', { name: 'Filter closed-loop data' });
    await filters.getByRole('button', { name: 'Reset' }).click();
    await expect(page).not.toHaveURL(/trackingNos=/);
    await expect(filters.getByLabel('Tracking nos')).toHaveValue('');
  });
});

test('the record screens in Arabic, right to left, and in Chinese', async ({ browser }) => {
  test.setTimeout(180_000);
  for (const lang of ['ar', 'cn'] as const) {
    const page = await logIn(browser, 'finance', 'finance123', lang);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    for (const [path, table, name] of [
      ['/admin/report/promptRecord', 'delivery-records-table', 'prompt-record'],
      ['/admin/report/recallRecord', 'recall-records-table', 'recall-record'],
      ['/admin/report/closedLoopData', 'closed-loop-table', 'closed-loop'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(table).locator('tbody tr.ant-table-row').first()).toBeVisible();
      await page.screenshot({ path: `test-results/${name}-${lang}.png` });
    }
    await page.context().close();
  }
});
