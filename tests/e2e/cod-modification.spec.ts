import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { api, expectToast, logIn, makeDemoOrder, writeSheet } from './desk-support.ts';
import { type APIRequestContext, expect, test } from './fixtures.ts';

/**
 * COD modification against the real server (issue 7's acceptance): the finance user imports COD
 * changes where one row names a signed order (refused with its reason, nothing written), imports
 * the good rows, and the administrator approves them in a batch; the order then shows its new COD.
 */

const DIR = process.env.COD_E2E_DIR ?? 'test-results/cod-e2e';
mkdirSync(DIR, { recursive: true });

interface Created {
  recId: number;
  trackingNo: string;
}

/** Two COD orders of the demo customer (made through the API as the admin) and a signed demo order. */
async function orders(request: APIRequestContext): Promise<{ open: Created[]; signed: string }> {
  const { token } = await api<{ token: string }>(request, '/login', {
    username: 'admin',
    password: 'admin123',
  });
  const open: Created[] = [];
  for (let i = 0; i < 2; i++) open.push(await makeDemoOrder(request, token, `Noura Al-Qahtani ${i + 1}`));
  const signed = await api<{ records: { trackingNo: string }[] }>(
    request,
    '/order/list',
    { status: 9, pageSize: 1 },
    token,
  );
  expect(signed.records.length, 'the demo data has a signed order').toBe(1);
  return { open, signed: signed.records[0]!.trackingNo };
}

const sheet = (name: string, rows: string[][]) =>
  writeSheet(join(DIR, name), [
    ['*Logistics order no', '*Updated COD amount', 'Currency', 'Remarks'],
    ...rows,
  ]);

test('COD modification: import with a refused row, approve the rest as another user, see the new COD', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const finance = await logIn(browser, 'finance', 'finance123');
  const { open, signed } = await orders(finance.request);
  const [a, b] = open as [Created, Created];

  await test.step('a file with a signed order is refused with its reason; nothing is written', async () => {
    await finance.goto('/admin/report/codModification');
    const screen = finance.getByTestId('cod-modification-page');
    await screen.getByRole('button', { name: 'Import' }).click();
    const dialog = finance.getByRole('dialog');
    const file = await sheet('bad.xlsx', [
      [a.trackingNo, '180', '', 'customer asked'],
      [signed, '10', '', ''],
    ]);
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await expect(dialog).toContainText(`Order ${signed} is signed for: its COD can no longer be modified`);
    await finance.keyboard.press('Escape');
    await screen.getByLabel('Logistics order nos').fill(a.trackingNo);
    await screen.getByRole('button', { name: 'Search' }).click();
    await expect(finance.getByTestId('cod-table')).toContainText('No COD modifications');
  });

  await test.step('the good rows import as pending', async () => {
    const screen = finance.getByTestId('cod-modification-page');
    await screen.getByRole('button', { name: 'Import' }).click();
    const dialog = finance.getByRole('dialog');
    const file = await sheet('good.xlsx', [
      [a.trackingNo, '180', '', 'customer asked'],
      [b.trackingNo, '99.5', '', ''],
    ]);
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await expectToast(finance, 'Upload success: 2 rows imported');
    await screen.getByLabel('Logistics order nos').fill(`${a.trackingNo}\n${b.trackingNo}`);
    await screen.getByRole('button', { name: 'Search' }).click();
    const table = finance.getByTestId('cod-table');
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
    await expect(table).toContainText('Pending');
  });

  await test.step('the administrator approves both in a batch', async () => {
    const admin = await logIn(browser, 'admin', 'admin123');
    await admin.goto(
      `/admin/report/codModification?trackingNos=${encodeURIComponent(`${a.trackingNo},${b.trackingNo}`)}`,
    );
    const table = admin.getByTestId('cod-table');
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
    await table.locator('thead .ant-checkbox-input').check();
    await admin.getByTestId('cod-modification-page').getByRole('button', { name: 'Approve' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Approval remarks').fill('checked with the customer');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expectToast(admin, 'Batch approval success');
    await expect(table.locator('tbody')).not.toContainText('Pending');
    await expect(table).toContainText('Approved');
    await expect(table).toContainText('Administrator');
    await admin.screenshot({ path: 'test-results/cod-modification-en.png' });

    await admin.goto(`/admin/order/list/${a.recId}?name=${a.trackingNo}`);
    await expect(admin.getByText('180.00', { exact: false }).first()).toBeVisible();
    await expect(admin.getByText('COD amount modified').first()).toBeVisible();
  });
});

test('the COD modification screen in Arabic, right to left, and in Chinese', async ({ browser }) => {
  for (const lang of ['ar', 'cn'] as const) {
    const page = await logIn(browser, 'finance', 'finance123', lang);
    await page.goto('/admin/report/codModification');
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('cod-table')).toBeVisible();
    await page.screenshot({ path: `test-results/cod-modification-${lang}.png` });
    await page.context().close();
  }
});
