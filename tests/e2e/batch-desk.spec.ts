import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { downloadExport, expectToast, logIn, pickOption, readSheet } from './desk-support.ts';
import { type Browser, expect, type Page, test } from './fixtures.ts';
import { Api, type Bill, type Ids, lookups, makeOrders } from './pda-support.ts';

/**
 * Batches with air cargo and exchange scans on the desk, against the real server (issue 6): staff
 * make a batch of picked-up lading bills (the air cargo's required fields refused with the spec's
 * messages), pick up two batches at once, print one (Code128), print by number from /print; a
 * batch file with a bad row is refused whole; the exchange scan list filters by exchange status,
 * a desk exchange scan relabels an order, and the list exports. Screens in en, cn and ar.
 */

const SHOTS = process.env.BATCH_SHOTS ?? 'test-results';
const tag = () => `${Date.now() % 100_000_000}`.padStart(8, '0');

interface Setup {
  admin: Api;
  customer: Api;
  ids: Ids;
}

async function setup(page: Page): Promise<Setup> {
  const admin = await Api.login(page.request, 'admin', 'admin123');
  const customer = await Api.login(page.request, 'demo', 'demo123');
  return { admin, customer, ids: await lookups(admin) };
}

/** A lading bill of n received orders, confirmed and picked up at the origin. */
async function pickedUpBill(s: Setup, n: number): Promise<{ bill: Bill; orders: string[] }> {
  const orders = await makeOrders(s.customer, s.admin, s.ids, n);
  const bill = await s.admin.ok<Bill>('POST', '/lading/create', { channelId: s.ids.channelId });
  for (const trackingNo of orders)
    await s.admin.ok('POST', `/lading/scanTrackingNo/${bill.recId}`, { trackingNo });
  await s.admin.ok('POST', '/lading/confirm', { ids: [bill.recId] });
  await s.admin.ok('POST', `/lading/confirm/pickup/${bill.recId}`, {});
  return { bill, orders };
}

const rows = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr.ant-table-row');

/** The same screens in Chinese and Arabic (right to left), each looked at. */
async function otherLanguages(browser: Browser, shots: { path: string; name: string; ready: string }[]) {
  for (const lang of ['cn', 'ar']) {
    const page = await logIn(browser, 'admin', 'admin123', lang);
    for (const shot of shots) {
      await page.goto(shot.path);
      await expect(page.getByTestId(shot.ready).first()).toBeVisible();
      if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${SHOTS}/${shot.name}-${lang}.png`, fullPage: true });
    }
    await page.context().close();
  }
}

test('staff batch picked-up lading bills with their air cargo, pick up two batches at once and print one', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const page = await logIn(browser, 'admin', 'admin123');
  const s = await setup(page);
  const [a, b, c] = await Promise.all([pickedUpBill(s, 1), pickedUpBill(s, 2), pickedUpBill(s, 1)]);
  const airline = `999-${tag()}`;
  const detail = page.getByTestId('batch-detail');
  let first = { recId: 0, no: '' };

  await test.step('the air cargo is required, with the spec’s messages', async () => {
    await page.goto(`/admin/ladingBll/manage?nos=${a.bill.no}%20${b.bill.no}&batched=0`);
    await expect(rows(page, 'lading-table')).toHaveCount(2);
    await page.getByTestId('lading-table').locator('thead .ant-checkbox-input').check();
    await page.getByTestId('lading-list-page').getByRole('button', { name: 'New batch' }).click();
    const dialog = page.getByRole('dialog', { name: 'New batch' });
    await expect(dialog.getByLabel('Lading bill nos')).toHaveValue(new RegExp(a.bill.no));
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toContainText('Airline bill no cannot be empty');
    await expect(dialog).toContainText('Charged cannot be blank');
    await expect(dialog).toContainText('Whether to mix cannot be blank');
    await page.screenshot({ path: `${SHOTS}/batch-create-en.png` });
  });

  await test.step('filled in, the batch is made of the two bills and opens', async () => {
    const dialog = page.getByRole('dialog', { name: 'New batch' });
    await dialog.getByLabel('Airline bill no').fill(airline);
    await dialog.getByLabel('Departure port').fill('PVG');
    await dialog.getByLabel('Destination port').fill('RUH');
    await dialog
      .locator('.ant-form-item', { hasText: 'Charged (battery goods)' })
      .getByText('No', { exact: true })
      .click();
    await dialog.locator('.ant-form-item', { hasText: 'Mixed' }).getByText('Yes', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'created');
    await expect(page).toHaveURL(/tab=batches/);
    await expect(page).toHaveURL(/open=\d+/);
    const ladings = detail.getByTestId('batch-ladings');
    await expect(ladings.locator('tbody tr.ant-table-row')).toHaveCount(2);
    await expect(ladings).toContainText(a.bill.no);
    await expect(ladings).toContainText(b.bill.no);
    await expect(detail.getByTestId('batch-air-cargo')).toContainText(airline);
    await expect(detail.getByTestId('batch-pickup-status')).toHaveText('Not picked up');
    first = {
      recId: Number(new URL(page.url()).searchParams.get('open')),
      no: ((await detail.locator('.ant-drawer-title').textContent()) ?? '').replace('Batch ', '').trim(),
    };
    await page.screenshot({ path: `${SHOTS}/batch-detail-en.png` });
  });

  const second = await s.admin.ok<{ recId: number; batchNo: string }>('POST', '/batch/create', {
    airlineBillNo: `${airline}-2`,
    charged: true,
    mixed: false,
    ladingIds: [c.bill.recId],
  });

  await test.step('two batches found by their numbers are picked up at once', async () => {
    await detail.locator('.ant-drawer-close').click();
    const filters = page.getByTestId('batch-filters');
    await filters.getByLabel('Batch nos').fill(`${first.no};${second.batchNo}`);
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/batchNos=/);
    await expect(rows(page, 'batch-table')).toHaveCount(2);
    await page.getByTestId('batch-table').locator('thead .ant-checkbox-input').check();
    await page
      .getByTestId('batch-list-page')
      .getByRole('button', { name: 'Confirm pickup', exact: true })
      .click();
    const prompt = page.locator('.ant-modal-confirm', {
      hasText: 'Confirm the pickup of 2 selected batches?',
    });
    await prompt.getByRole('button', { name: 'Confirm pickup' }).click();
    await expectToast(page, 'Batch Pickup Success');
    await expect(rows(page, 'batch-table').filter({ hasText: 'Picked up' })).toHaveCount(2);
    for (const id of [first.recId, second.recId])
      expect((await s.admin.ok<{ pickupStatus: number }>('GET', `/batch/detail/${id}`)).pickupStatus).toBe(2);
    await page.screenshot({ path: `${SHOTS}/batch-list-en.png`, fullPage: true });
  });

  await test.step('the print page draws the batch with its Code128 and lading bills', async () => {
    await page.goto(`/print/printBatch?ids=${first.recId}`);
    const sheet = page.getByTestId('batch-sheet');
    await expect(sheet).toHaveCount(1);
    await expect(sheet.getByRole('img', { name: first.no, exact: true })).toBeVisible();
    await expect(sheet.locator('tbody tr')).toHaveCount(2);
    await expect(sheet).toContainText(a.bill.no);
    await expect(sheet).toContainText(airline);
    await page.screenshot({ path: `${SHOTS}/batch-print-en.png`, fullPage: true });
  });

  await test.step('/print finds batches by number and opens their print page', async () => {
    await page.goto('/print');
    const form = page.getByTestId('print-index');
    await form.getByText('Batches', { exact: true }).click();
    await form.getByRole('button', { name: 'Open the print page' }).click();
    await expect(form).toContainText('Select bill(s) or batch(es) to print or pick up');
    await form.getByLabel('Numbers').fill(`${first.no} BTNOSUCH1`);
    await form.getByRole('button', { name: 'Open the print page' }).click();
    await expect(form.getByTestId('print-index-error')).toContainText('Not found: BTNOSUCH1');
    await page.screenshot({ path: `${SHOTS}/print-index-en.png` });
    await form.getByLabel('Numbers').fill(`${first.no}; ${second.batchNo}`);
    await form.getByRole('button', { name: 'Open the print page' }).click();
    await expect(page).toHaveURL(/\/print\/printBatch\?ids=/);
    await expect(page.getByTestId('batch-sheet')).toHaveCount(2);
  });

  await otherLanguages(browser, [
    {
      path: `/admin/ladingBll/manage?tab=batches&batchNos=${first.no}%20${second.batchNo}`,
      name: 'batch-list',
      ready: 'batch-table',
    },
    {
      path: `/admin/ladingBll/manage?tab=batches&open=${first.recId}`,
      name: 'batch-detail',
      ready: 'batch-ladings',
    },
    { path: `/print/printBatch?ids=${first.recId}`, name: 'batch-print', ready: 'batch-sheet' },
    { path: '/print', name: 'print-index', ready: 'print-index' },
  ]);
});

test('a batch file with a bad row is refused whole; exchange scans are listed by status, scanned and exported', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const page = await logIn(browser, 'admin', 'admin123');
  const s = await setup(page);
  const { bill, orders } = await pickedUpBill(s, 2);
  const [o1, o2] = orders as [string, string];

  await test.step('an import with an unknown lading bill is refused with its row; nothing is written', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await s.admin.file('/batch/download/template')) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet(1)!;
    ws.spliceRows(2, ws.rowCount);
    const cargo = [`999-${tag()}`, '', 'PVG', 'RUH', '', '', '', '', '0', '1'];
    ws.addRow(['', bill.no, ...cargo]);
    ws.addRow(['', 'LDNOSUCH99', ...cargo]);
    mkdirSync(SHOTS, { recursive: true });
    const file = join(SHOTS, 'batch-import-bad.xlsx');
    writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));

    await page.goto('/admin/ladingBll/manage?tab=batches');
    await page.getByRole('button', { name: 'Import batches' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import batches' });
    await dialog.locator('input[type="file"]').setInputFiles(file);
    const errors = dialog.getByTestId('import-errors');
    await expect(errors.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(errors).toContainText('LDNOSUCH99');
    await expect(errors.locator('tbody tr.ant-table-row').first().locator('td').first()).toHaveText('3');
    await page.screenshot({ path: `${SHOTS}/batch-import-en.png` });
    const still = await s.admin.ok<{ total: number }>('POST', '/lading/list', { nos: bill.no, batched: 0 });
    expect(still.total).toBe(1);
  });

  const found = await s.admin.ok<{
    records: { trackingNo: string; carrierId: number; carrierTrackingNo: string }[];
  }>('POST', '/order/list', { trackingNos: orders.join('\n') });
  const carrierOf = (no: string) => found.records.find((r) => r.trackingNo === no)!;
  const overseas = await s.admin.ok<Bill>('POST', '/overseasLading/create', {
    channelId: s.ids.channelId,
    carrierId: carrierOf(o1).carrierId,
  });
  await s.admin.ok('POST', `/overseasLading/scanTrackingNo/${overseas.recId}`, { trackingNo: o1 });
  await s.admin.ok('GET', `/exchange/scan/${o2}`);
  const table = page.getByTestId('exchange-table');

  await test.step('the exchange list filters by exchange status', async () => {
    await page.goto('/admin/ladingBll/overseas?tab=exchange');
    const filters = page.getByTestId('exchange-filters');
    await filters.getByLabel('Tracking nos', { exact: true }).fill(`${o1}\n${o2}`);
    await pickOption(page, filters, 'Exchange status', 'Exchanged');
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/exchanged=1/);
    await expect(rows(page, 'exchange-table')).toHaveCount(1);
    await expect(table).toContainText(o2);
    await pickOption(page, filters, 'Exchange status', 'Not exchanged');
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/exchanged=0/);
    await expect(rows(page, 'exchange-table')).toHaveCount(1);
    await expect(table).toContainText(o1);
    await page.screenshot({ path: `${SHOTS}/exchange-list-en.png`, fullPage: true });
  });

  await test.step('a desk exchange scan shows the number to relabel with and marks the order exchanged', async () => {
    const scan = page.getByTestId('exchange-scan');
    await scan.getByLabel('Tracking no to exchange').fill(o1);
    await scan.getByRole('button', { name: 'Exchange' }).click();
    await expect(scan.getByTestId('exchange-relabel-no')).toHaveText(carrierOf(o1).carrierTrackingNo);
    await expect(scan.getByTestId('exchange-message')).toContainText(`Relabel ${o1}`);
    // The list (not exchanged) no longer holds it.
    await expect(table).toContainText('No exchange records found');
    await page.screenshot({ path: `${SHOTS}/exchange-scan-en.png` });
  });

  await test.step('the records the filters select export', async () => {
    await page.goto(`/admin/ladingBll/overseas?tab=exchange&trackingNos=${o1}%20${o2}`);
    await expect(rows(page, 'exchange-table')).toHaveCount(2);
    await page
      .getByTestId('exchange-list-page')
      .getByRole('button', { name: /^(export )?Export$/ })
      .click();
    const download = await downloadExport(page);
    const sheet = await readSheet(await download.path());
    expect(sheet.length).toBe(3);
    const text = JSON.stringify(sheet.slice(1));
    expect(text).toContain(o1);
    expect(text).toContain(o2);
  });

  await otherLanguages(browser, [
    {
      path: `/admin/ladingBll/overseas?tab=exchange&trackingNos=${o1}%20${o2}`,
      name: 'exchange-list',
      ready: 'exchange-table',
    },
  ]);
});
