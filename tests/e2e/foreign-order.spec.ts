import { mkdirSync } from 'node:fs';
import {
  api,
  downloadExport,
  expectToast,
  logIn,
  makeDemoOrder,
  readSheet,
  searchOption,
  writeSheet,
} from './desk-support.ts';
import { expect, test } from './fixtures.ts';

/**
 * Foreign (origin) orders against the real server: one entered by hand with its addresses as a
 * platform writes them, both addresses confirmed (the regions matched from the text), uploaded into
 * a regular order after the confirm prompt, and its push record found with result and time; the
 * screens seen in Chinese (the list sorted by weight) and Arabic. The server is shared by every spec file: the platform order
 * no made here is its own.
 */

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/origin-shots';
mkdirSync(SHOTS, { recursive: true });

const search = searchOption;

const NO = `NSA-E2E-${Date.now() % 1_000_000_000}`;

test('foreign orders: enter one, confirm its addresses, upload it and see the push record', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await logIn(browser, 'admin', 'admin123');

  await test.step('enter an origin order by hand, addresses as the platform wrote them', async () => {
    await page.goto('/admin/foreignOrder/input');
    const form = page.getByTestId('origin-input-page');
    const head = form.locator('.ant-card', { hasText: 'Foreign order' }).first();
    await head.getByLabel('Platform order no').fill(NO);
    await head.getByLabel('Shop').fill('E2E shop');
    await search(page, head, 'Customer', 'DEMO', /Demo Trading \(DEMO\)/);
    await search(page, head, 'Shipping channel', 'CN-SA-AIR', /CN-SA-AIR-COD/);
    const receiver = form.locator('.ant-card', { hasText: 'Receiver (as the platform sent it)' });
    await receiver.getByLabel('Name').fill('Hessa Al-Otaibi');
    await receiver.getByLabel('Phone', { exact: true }).fill('+966 50 000 2222');
    await receiver.getByLabel('Country').fill('Saudi Arabia');
    await receiver.getByLabel('Province').fill('Riyadh Region');
    await receiver.getByLabel('City').fill('Riyadh');
    await receiver.getByLabel('District').fill('Al Olaya');
    await receiver.getByLabel('Address').fill('King Fahd Rd, Tower 3');
    const sender = form.locator('.ant-card', { hasText: 'Sender' }).filter({ hasNotText: 'Receiver' });
    await sender.getByLabel('Name').fill('Demo Trading');
    await sender.getByLabel('Country').fill('China');
    await sender.getByLabel('Province').fill('Guangdong');
    await sender.getByLabel('City').fill('Shenzhen');
    await sender.getByLabel('Address').fill('Nanshan, Keyuan Rd 9');
    await form.getByLabel('Weight (kg)').fill('0.8');
    const line = form.getByTestId('goods-line-0');
    await line.getByLabel('English name').fill('Phone case');
    await line.getByLabel('Unit price').fill('5');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/foreign-input-en.png`, fullPage: true });
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, `Foreign order ${NO} saved`);
    await expect(page).toHaveURL(/\/admin\/foreignOrder\/listManage\/\d+/);
  });

  const detail = page.getByTestId('origin-detail-page');
  await test.step('confirm the receiver and the sender address', async () => {
    await expect(detail.getByTestId('origin-detail-no')).toHaveText(NO);
    await expect(page.getByTestId('tabs-bar').getByRole('tab', { name: NO })).toBeVisible();
    await detail.getByTestId('confirm-receiver').click();
    const dialog = page.locator('.ant-modal', { hasText: 'Confirm the receiver address' });
    await expect(dialog.getByTestId('confirm-region')).toContainText('Al Olaya');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Receiver address confirmed');
    await expect(detail.getByTestId('origin-receiver')).toContainText(
      'Saudi Arabia / Riyadh Province / Riyadh / Al Olaya',
    );

    await detail.getByTestId('confirm-sender').click();
    const senderDialog = page.locator('.ant-modal', { hasText: 'Confirm the sender address' });
    await expect(senderDialog.getByTestId('confirm-region')).toContainText('Shenzhen');
    await senderDialog.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Sender address confirmed');
    await expect(detail.getByTestId('origin-sender')).toContainText('China / Guangdong / Shenzhen');
  });

  let trackingNo = '';
  await test.step('upload it after the confirm prompt and read the result', async () => {
    await detail.getByTestId('origin-upload').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Upload' }).click();
    const results = page.getByTestId('upload-results');
    await expect(results).toContainText('Success');
    trackingNo = (await results.locator('a').first().textContent()) ?? '';
    expect(trackingNo).toMatch(/^GL\d{10}$/);
    await expect(results).toContainText(`Uploaded as order ${trackingNo}`);
    await page.screenshot({ path: `${SHOTS}/foreign-upload-en.png`, fullPage: true });
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect(detail.getByTestId('origin-push-records')).toContainText(trackingNo);
    // Reported by the server's sweep within a minute (the run's CITC stand-in takes every report).
    await expect(detail.getByTestId('origin-citc')).toContainText(/Waiting to be reported|Reported/);
    await expect(detail.getByTestId('origin-upload')).toBeDisabled();
  });

  await test.step('the push record shows the result and the time', async () => {
    await page.goto('/admin/foreignOrder/pushRecord');
    const row = page.getByTestId('push-record-table').locator('tr.ant-table-row', { hasText: NO });
    await expect(row).toContainText('Success');
    await expect(row).toContainText(trackingNo);
    await expect(row).toContainText(/\d{1,2}:\d{2}/);
    await page.getByRole('tab', { name: 'CITC reports' }).click();
    const table = page.getByTestId('citc-table');
    await expect(table.locator('tr.ant-table-row', { hasText: trackingNo })).toContainText(
      /Waiting to be reported|Reported/,
    );
    // The seed's report the regulator refused, with its message; settled, it is reported again.
    const refused = table.locator('tr.ant-table-row', { hasText: 'Rejected' });
    await expect(refused).toContainText('Consignee national address (short address) is missing');
    const refusedNo = (await refused.locator('a').first().textContent()) ?? '';
    await refused.getByRole('checkbox').check();
    await expect(page.getByTestId('citc-selected')).toHaveText('1 selected');
    await page.getByRole('button', { name: 'Report now' }).click();
    await expect(
      page.locator('.ant-message-notice', { hasText: 'Reported 1, rejected 0, still waiting 0' }),
    ).toBeVisible();
    const again = table.locator('tr.ant-table-row', { hasText: refusedNo });
    await expect(again).toContainText('Reported');
    await expect(again).toContainText(`E2E-${refusedNo}`);
    await page.screenshot({ path: `${SHOTS}/foreign-citc-en.png`, fullPage: true });
  });

  await test.step('the list finds it by platform order no, uploaded', async () => {
    await page.goto(`/admin/foreignOrder/list?platformOrderNos=${NO}`);
    const row = page.getByTestId('origin-table').locator('tr.ant-table-row', { hasText: NO });
    await expect(row).toContainText('Uploaded');
    await expect(row).toContainText(trackingNo);
  });

  await test.step('its extra information exports by the filters as they stand, searched or not', async () => {
    await page.goto('/admin/foreignOrder/data');
    const filters = page.getByTestId('origin-filters');
    await filters.getByLabel('Platform order nos').fill(NO);
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('origin-data-matching')).toHaveText(
      '1 foreign order matches these filters.',
    );
    // Changed and not searched again: the export still takes the filters on the screen.
    await filters.getByLabel('Platform order nos').fill(`${NO}\nNSA-E2E-NONE`);
    await page.getByRole('button', { name: /^(export )?Export$/ }).click();
    const download = await downloadExport(page);
    const rows = await readSheet(await download.path());
    expect(rows.length).toBe(2);
    expect(JSON.stringify(rows[1])).toContain(NO);
    await page.locator('.ant-modal-close:visible').click();
    await filters.getByLabel('Platform order nos').fill('NSA-E2E-NONE');
    await page.getByRole('button', { name: /^(export )?Export$/ }).click();
    await expect(page.getByTestId('export-progress')).toContainText('0 rows exported', { timeout: 60_000 });
    await page.locator('.ant-modal-close:visible').click();
  });

  await test.step('its checked weight imports there too; a row naming an order not made from one is reported', async () => {
    // Received at the warehouse (as order/scan does), with a plain order beside it.
    const { token } = await api<{ token: string }>(page.request, '/login', {
      username: 'admin',
      password: 'admin123',
    });
    const plain = await makeDemoOrder(page.request, token);
    for (const no of [trackingNo, plain.trackingNo])
      await api(page.request, `/order/receive/${no}`, {}, token);
    const card = page.getByTestId('origin-checked-weights');
    const header = ['*Tracking no', '*Weight (kg)', 'Length (cm)', 'Width (cm)', 'Height (cm)'];
    await card.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import checked weights' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles(
        await writeSheet(`${SHOTS}/origin-weights-bad.xlsx`, [
          header,
          [trackingNo, '0.950', '30', '20', '10'],
          [plain.trackingNo, '1.1', '', '', ''],
        ]),
      );
    await expect(dialog).toContainText(`Order ${plain.trackingNo} was not made from a foreign order`);
    await page.screenshot({ path: `${SHOTS}/foreign-weights-refused-en.png`, fullPage: true });
    await page.keyboard.press('Escape');
    await card.getByRole('button', { name: 'Import' }).click();
    await page
      .getByRole('dialog', { name: 'Import checked weights' })
      .locator('input[type="file"]')
      .setInputFiles(
        await writeSheet(`${SHOTS}/origin-weights.xlsx`, [header, [trackingNo, '0.950', '30', '20', '10']]),
      );
    await expectToast(page, 'Upload success: 1 row imported');
    await page.goto(`/admin/order/list?trackingNos=${trackingNo}`);
    await expect(
      page.getByTestId('order-table').locator('tr.ant-table-row', { hasText: trackingNo }),
    ).toContainText('0.95');
  });
});

test('foreign orders in Chinese (sorted by weight) and Arabic', async ({ browser }) => {
  test.setTimeout(180_000);
  const cn = await logIn(browser, 'admin', 'admin123', 'cn');
  await cn.goto('/admin/foreignOrder/listManage');
  await expect(cn.getByTestId('origin-table').locator('tr.ant-table-row').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(cn.getByText('境外订单管理').first()).toBeVisible();
  await cn.screenshot({ path: `${SHOTS}/foreign-manage-cn.png`, fullPage: true });
  // Sorted by weight on the server, heaviest first, the sort kept in the URL across a reload.
  const origins = cn.getByTestId('origin-table');
  const weightHeader = origins.locator('thead th', { hasText: '重量' });
  await weightHeader.click();
  await expect(cn).toHaveURL(/sortBy=weight/);
  await cn.reload();
  await expect(weightHeader).toHaveAttribute('aria-sort', 'descending', { timeout: 30_000 });
  const at = await origins
    .locator('thead th')
    .evaluateAll((ths) => ths.findIndex((th) => th.textContent?.includes('重量')));
  const weights = await origins
    .locator('tbody tr.ant-table-row')
    .evaluateAll((trs, i) => trs.map((tr) => Number(tr.children[i]?.textContent?.replace(/,/g, ''))), at);
  expect(weights.length).toBeGreaterThan(1);
  expect(weights).toEqual([...weights].sort((x, y) => y - x));
  await cn.getByTestId('origin-table').locator('tr.ant-table-row a').first().click();
  await expect(cn.getByTestId('origin-detail-page')).toBeVisible();
  await expect(cn.getByTestId('origin-receiver')).toContainText('收件人');
  await cn.screenshot({ path: `${SHOTS}/foreign-detail-cn.png`, fullPage: true });

  const ar = await logIn(browser, 'admin', 'admin123', 'ar');
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  await ar.goto('/admin/foreignOrder/listManage?receiverConfirm=0');
  await expect(ar.getByTestId('origin-table').locator('tr.ant-table-row').first()).toBeVisible({
    timeout: 30_000,
  });
  await ar.getByTestId('origin-table').locator('tr.ant-table-row a').first().click();
  await ar.getByTestId('confirm-receiver').click();
  await expect(ar.locator('.ant-modal', { hasText: 'تأكيد عنوان المستلم' })).toBeVisible();
  await ar.screenshot({ path: `${SHOTS}/foreign-confirm-ar.png`, fullPage: true });
  await ar.keyboard.press('Escape');
  // Addresses as platforms send them, Latin or Arabic, each in its own direction on the Arabic page.
  await ar.goto('/admin/foreignOrder/input');
  const address = ar.getByTestId('origin-input-page').locator('textarea').first();
  await address.fill('King Fahd Rd, Tower 3');
  expect(await address.evaluate((e) => e.matches(':dir(ltr)'))).toBe(true);
  await address.fill('طريق الملك فهد، البرج 3');
  expect(await address.evaluate((e) => e.matches(':dir(rtl)'))).toBe(true);
  await ar.goto('/admin/foreignOrder/pushRecord');
  await expect(ar.getByTestId('push-record-table').locator('tr.ant-table-row').first()).toBeVisible();
  await ar.screenshot({ path: `${SHOTS}/foreign-push-ar.png`, fullPage: true });
  await ar.goto('/admin/foreignOrder/pushRecord?tab=citc');
  await expect(ar.getByTestId('citc-table').locator('tr.ant-table-row').first()).toBeVisible();
  await expect(ar.getByRole('button', { name: 'أبلغ الآن' })).toBeDisabled();
  await ar.screenshot({ path: `${SHOTS}/foreign-citc-ar.png`, fullPage: true });
  await ar.goto('/admin/foreignOrder/data');
  await expect(ar.getByTestId('origin-data-page')).toBeVisible();
  await ar.screenshot({ path: `${SHOTS}/foreign-data-ar.png`, fullPage: true });
});
