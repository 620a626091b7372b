import { decodeCode128, pdfPageSizesMm } from '../support/pdf-barcodes.ts';
import { expectToast, logIn } from './desk-support.ts';
import { expect, type Page, test } from './fixtures.ts';
import { Api, type Bill, lookups, makeOrders } from './pda-support.ts';

/**
 * ladingBll/manage against the real server: bills made and scanned through the API (as the PDA
 * does) are found by their number and by a tracking no in them; the detail lists their orders and
 * takes more scans from the desk (an unknown number is refused with the server's message); a
 * remark, confirm and confirm pickup are done from the detail behind their prompts; a bill opened
 * from the screen is cancelled; the A4 sheet and the label of a bill print with its Code128; the
 * screen in English and Arabic.
 */

const SHOTS = process.env.LADING_SHOTS ?? 'test-results';

async function scannedBill(admin: Api, customer: Api, n: number): Promise<{ bill: Bill; orders: string[] }> {
  const ids = await lookups(admin);
  const orders = await makeOrders(customer, admin, ids, n);
  const bill = await admin.ok<Bill>('POST', '/lading/create', { channelId: ids.channelId });
  for (const trackingNo of orders)
    await admin.ok('POST', `/lading/scanTrackingNo/${bill.recId}`, { trackingNo });
  return { bill, orders };
}

const row = (page: Page, no: string) => page.getByTestId('lading-table').locator('tr', { hasText: no });

test('staff find a lading bill, see its orders, add a remark, confirm it and confirm its pickup', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await logIn(browser, 'admin', 'admin123');
  const admin = await Api.login(page.request, 'admin', 'admin123');
  const customer = await Api.login(page.request, 'demo', 'demo123');
  const { bill, orders } = await scannedBill(admin, customer, 2);
  const [extra] = await makeOrders(customer, admin, await lookups(admin), 1);
  const detail = page.getByTestId('lading-detail');

  await test.step('find the bill by a tracking no in it', async () => {
    await page.goto('/admin/ladingBll/manage');
    const filters = page.getByTestId('lading-filters');
    await filters.getByLabel('Tracking no', { exact: true }).fill(orders[1]!);
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`trackingNo=${orders[1]}`));
    await expect(page.getByTestId('lading-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(row(page, bill.no)).toContainText('Not picked up');
    await expect(page.getByTestId('lading-total')).toHaveText('1 in total');
  });

  await test.step('its detail lists its orders in scan order', async () => {
    await row(page, bill.no).getByRole('button', { name: bill.no }).click();
    await expect(page).toHaveURL(/open=\d+/);
    await expect(detail).toContainText(`Lading bill ${bill.no}`);
    const items = detail.getByTestId('lading-items').locator('tbody tr.ant-table-row');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(orders[0]!);
    await expect(items.nth(1)).toContainText(orders[1]!);
    await page.screenshot({ path: `${SHOTS}/lading-detail-en.png` });
  });

  await test.step('scan an order into the open bill from the detail; an unknown number is refused', async () => {
    const items = detail.getByTestId('lading-items').locator('tbody tr.ant-table-row');
    const scan = detail.getByLabel('Scan into lading bill');
    await scan.fill(extra!);
    await scan.press('Enter');
    await expectToast(page, `Added ${extra} to ${bill.no}`);
    await expect(items).toHaveCount(3);
    await expect(items.nth(2)).toContainText(extra!);
    await expect(detail.getByTestId('lading-item-count')).toHaveText('3');
    await expect(scan).toHaveValue('');
    await scan.fill('GL0000000000');
    await scan.press('Enter');
    await expect(detail.getByTestId('lading-scan-refusal')).toHaveText(
      'No order has the tracking no GL0000000000',
    );
    // Kept, selected: a scanner's next number replaces it.
    await expect(scan).toHaveValue('GL0000000000');
    await expect(items).toHaveCount(3);
    await page.screenshot({ path: `${SHOTS}/lading-scan-en.png` });
  });

  await test.step('add a remark', async () => {
    await detail.getByRole('button', { name: 'Add remark' }).click();
    const dialog = page.getByRole('dialog', { name: `Add a remark to ${bill.no}` });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toContainText('Enter a remark');
    await dialog.getByLabel('Remark').fill('Pallet 3, dock B');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Remark added');
    await expect(detail.getByTestId('lading-remarks')).toContainText('Pallet 3, dock B');
  });

  await test.step('pickup is refused until the bill is confirmed; confirm it behind its prompt', async () => {
    await expect(detail.getByRole('button', { name: 'Confirm pickup' })).toHaveCount(0);
    await detail.getByRole('button', { name: 'Confirm', exact: true }).click();
    const prompt = page.locator('.ant-modal-confirm', { hasText: 'Confirm lading bills' });
    await expect(prompt).toContainText(`Confirm ${bill.no}?`);
    await prompt.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expectToast(page, `Confirmed: ${bill.no}`);
    await expect(detail.getByRole('button', { name: 'Confirm', exact: true })).toHaveCount(0);
  });

  await test.step('confirm the pickup behind its prompt: picked up, the mail is pushed', async () => {
    // Not pushed yet: result, time, address and attempts in two rows, no empty row for an answer.
    await expect(detail.getByTestId('lading-mail').locator('tr')).toHaveCount(2);
    await detail.getByRole('button', { name: 'Confirm pickup' }).click();
    const prompt = page.locator('.ant-modal-confirm', { hasText: 'Has the carrier taken' });
    await prompt.getByRole('button', { name: 'Confirm pickup' }).click();
    await expectToast(page, 'Confirm Pickup Success');
    await expect(detail.getByTestId('lading-pickup-status')).toHaveText('Picked up');
    await expect(detail.getByRole('button', { name: 'Cancel pickup' })).toHaveCount(0);
    // The push runs after the commit; its result (success, or why it failed) replaces "Not pushed".
    const mail = detail.getByTestId('lading-mail-state');
    // The detail follows the push by itself until it has a result.
    await expect(mail).not.toHaveText(/Not pushed|Sending/, { timeout: 30_000 });
    if ((await mail.textContent()) === 'Failed') {
      // The test server has no SMTP: the reason is shown, and a retry behind its prompt says it again.
      await expect(detail.getByTestId('lading-mail')).toContainText('Mail is not configured');
      await detail.getByRole('button', { name: 'Push the mail again' }).click();
      const retry = page.locator('.ant-modal-confirm', { hasText: 'Push the mail again' });
      await expect(retry).toContainText(bill.no);
      // Clicked while the prompt was still zooming in, a button once took no click (a loaded machine).
      await expect(retry).not.toHaveClass(/-appear/);
      await retry.getByRole('button', { name: 'Push', exact: true }).click();
      await expectToast(page, 'Failed: Mail is not configured');
      const after = await admin.ok<{ mailAttempts: number }>('GET', `/lading/detail/${bill.recId}`);
      expect(after.mailAttempts).toBe(2);
    }
    const answer = await admin.ok<{ pickupStatus: number; orderCount: number; mailState: number }>(
      'GET',
      `/lading/detail/${bill.recId}`,
    );
    expect(answer.pickupStatus).toBe(2);
    expect(answer.orderCount).toBe(3);
    expect([1, 2]).toContain(answer.mailState);
  });

  await test.step('an order of the bill names the bill in its tab, and the bill opens from there', async () => {
    await detail.getByTestId('lading-items').getByRole('link', { name: orders[0]! }).click();
    await expect(page).toHaveURL(/\/admin\/order\/list\/\d+/);
    const holders = page.getByTestId('order-holders');
    const held = holders.locator('tbody tr.ant-table-row');
    await expect(held).toHaveCount(1);
    await expect(held).toContainText('Lading bill');
    await expect(held).toContainText('Picked up');
    await holders.locator('.ant-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/order-holders-en.png` });
    const orderPath = new URL(page.url()).pathname;
    await held.getByRole('link', { name: bill.no }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/ladingBll/manage\\?.*open=${bill.recId}`));
    await expect(detail).toContainText(`Lading bill ${bill.no}`);

    // Customer service reads orders but not lading bills: the number is there, as text.
    const service = await logIn(browser, 'service', 'service123', 'en');
    await service.goto(orderPath);
    const theirs = service.getByTestId('order-holders');
    await expect(theirs.locator('tbody tr.ant-table-row')).toContainText(bill.no);
    await expect(theirs.getByRole('link')).toHaveCount(0);
    await service.context().close();
  });
});

test('a bill opened from the screen is cancelled behind its prompt; the list in Arabic', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await logIn(browser, 'admin', 'admin123');
  const admin = await Api.login(page.request, 'admin', 'admin123');
  const customer = await Api.login(page.request, 'demo', 'demo123');
  const { bill } = await scannedBill(admin, customer, 1);
  let made = '';

  await test.step('open a new bill: the channel is required', async () => {
    await page.goto('/admin/ladingBll/manage');
    await page.getByRole('button', { name: 'New lading bill' }).click();
    const dialog = page.getByRole('dialog', { name: 'New lading bill' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toContainText('Select a logistics channel first');
    const channel = dialog
      .locator('.ant-form-item', { hasText: 'Shipping channel' })
      .first()
      .locator('.ant-select');
    await expect(async () => {
      await channel.locator('input').fill('CN-SA-AIR-COD');
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '(CN-SA-AIR-COD)' })
        .first()
        .click({ timeout: 5_000 });
      await expect(channel).toContainText('(CN-SA-AIR-COD)', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    const detail = page.getByTestId('lading-detail');
    await expect(detail).toContainText(/Lading bill \S+/);
    made = ((await detail.locator('.ant-drawer-title').textContent()) ?? '')
      .replace('Lading bill ', '')
      .trim();
    await expect(detail.getByTestId('lading-items')).toContainText('No parcels yet');
    // An empty bill cannot be confirmed.
    await expect(detail.getByRole('button', { name: 'Confirm', exact: true })).toHaveCount(0);
  });

  await test.step('cancel its pickup behind the prompt', async () => {
    const detail = page.getByTestId('lading-detail');
    await detail.getByRole('button', { name: 'Cancel pickup' }).click();
    const prompt = page.locator('.ant-modal-confirm', { hasText: `Cancel the pickup of ${made}?` });
    await prompt.getByRole('button', { name: 'Cancel pickup' }).click();
    await expectToast(page, 'Cancel Pickup Success');
    await expect(detail.getByTestId('lading-pickup-status')).toHaveText('Pickup cancelled');
    await detail.locator('.ant-drawer-close').click();
  });

  await test.step('the list filters by pickup status and bulk numbers', async () => {
    await page.goto(`/admin/ladingBll/manage?pickupStatus=3&nos=${made}%0A${bill.no}`);
    await expect(page.getByTestId('lading-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(row(page, made)).toContainText('Pickup cancelled');
    await page.goto(`/admin/ladingBll/manage?nos=${made}%20${bill.no}`);
    await expect(page.getByTestId('lading-table').locator('tbody tr.ant-table-row')).toHaveCount(2);
    await page.screenshot({ path: `${SHOTS}/lading-list-en.png`, fullPage: true });
  });

  await test.step('in Arabic, right to left', async () => {
    const ar = await logIn(browser, 'admin', 'admin123', 'ar');
    await ar.goto(`/admin/ladingBll/manage?nos=${made}%20${bill.no}&open=${bill.recId}`);
    await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(ar.getByTestId('lading-detail')).toContainText('بوليصة الشحن');
    await expect(
      ar.getByTestId('lading-detail').getByTestId('lading-items').locator('tbody tr.ant-table-row'),
    ).toHaveCount(1);
    await ar.screenshot({ path: `${SHOTS}/lading-detail-ar.png` });
    // The open bill's scan box, and the server's refusal in Arabic with the number kept in order.
    const scan = ar.getByTestId('lading-detail').getByTestId('lading-scan').locator('input');
    await scan.fill('GL0000000000');
    await scan.press('Enter');
    const refusal = ar.getByTestId('lading-scan-refusal');
    await expect(refusal).toContainText('GL0000000000');
    await expect(refusal).not.toContainText('No order');
    await ar.screenshot({ path: `${SHOTS}/lading-scan-ar.png` });
    await ar.goto(`/admin/ladingBll/manage?nos=${made}%20${bill.no}`);
    await expect(ar.getByTestId('lading-table').locator('tbody tr.ant-table-row')).toHaveCount(2);
    await expect(ar.getByTestId('lading-list-page')).toContainText('بوالص الشحن');
    await ar.screenshot({ path: `${SHOTS}/lading-list-ar.png`, fullPage: true });
  });
});

test('the print pages draw a bill with its Code128 and parcels, and its label', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await logIn(browser, 'admin', 'admin123');
  const admin = await Api.login(page.request, 'admin', 'admin123');
  const customer = await Api.login(page.request, 'demo', 'demo123');
  const { bill, orders } = await scannedBill(admin, customer, 2);

  // The list's toolbar and the bill's detail link to both pages.
  await page.goto(`/admin/ladingBll/manage?nos=${bill.no}&open=${bill.recId}`);
  const detail = page.getByTestId('lading-detail');
  await expect(detail.getByRole('link', { name: 'Print bill labels' })).toHaveAttribute(
    'href',
    `/print/printLadingLabel?ids=${bill.recId}`,
  );
  await expect(detail.getByRole('link', { name: /Print$/ })).toHaveAttribute(
    'href',
    `/print/printLading?ids=${bill.recId}`,
  );
  await detail.locator('.ant-drawer-close').click();
  await row(page, bill.no).locator('.ant-checkbox-input').check();
  await expect(
    page.getByTestId('lading-list-page').getByRole('link', { name: 'Print bill labels' }),
  ).toHaveAttribute('href', `/print/printLadingLabel?ids=${bill.recId}`);

  // /print finds the bill by its number and opens its label.
  await page.goto('/print');
  const form = page.getByTestId('print-index');
  await form.getByText('Lading bill labels', { exact: true }).click();
  await form.getByLabel('Numbers').fill(bill.no);
  await page.screenshot({ path: `${SHOTS}/print-index-lading-labels-en.png` });
  await form.getByRole('button', { name: 'Open the print page' }).click();
  await expect(page).toHaveURL(/\/print\/printLadingLabel\?ids=/);
  const label = page.getByTestId('lading-label');
  await expect(label).toHaveCount(1);
  await expect(label).toHaveAttribute('data-no', bill.no);
  const code = label.getByRole('img', { name: bill.no });
  await expect(code).toBeVisible();
  await expect(code).toHaveJSProperty('complete', true);
  // The drawn Code128 reads back as the bill no (ZXing on the image's pixels, three times its size).
  const grey = await code.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth * 3;
    canvas.height = img.naturalHeight * 3;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const pixels: number[] = [];
    for (let i = 0; i < rgba.length; i += 4) pixels.push(rgba[i]!);
    return { width: canvas.width, height: canvas.height, pixels };
  });
  expect(decodeCode128({ ...grey, pixels: Uint8ClampedArray.from(grey.pixels) })).toBe(bill.no);
  await expect(label).toContainText('CN-SA-AIR-COD');
  await expect(label).toContainText('2.500');
  await expect(page.getByTestId('print-lading-label')).toContainText('1 label, 100 × 150 mm');
  await page.screenshot({ path: `${SHOTS}/lading-label-en.png`, fullPage: true });
  await label.screenshot({ path: `${SHOTS}/lading-label-sheet-en.png` });
  // Printed, the label is one 100 × 150 mm page (the page's own @page size).
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const sizes = await pdfPageSizesMm(pdf);
  expect(sizes).toHaveLength(1);
  // Chromium rounds the page to whole CSS pixels.
  expect(sizes[0]!.width).toBeCloseTo(100, 0);
  expect(sizes[0]!.height).toBeCloseTo(150, 0);
  const ar = await logIn(browser, 'admin', 'admin123', 'ar');
  await ar.goto(`/print/printLadingLabel?ids=${bill.recId}`);
  await expect(ar.getByTestId('lading-label').getByRole('img', { name: bill.no })).toBeVisible();
  await ar.screenshot({ path: `${SHOTS}/lading-label-ar.png`, fullPage: true });
  await ar.context().close();
  await page.goto('/print/printLadingLabel');
  await expect(page.getByTestId('print-nothing')).toBeVisible();

  await page.goto(`/print/printLading?ids=${bill.recId}`);
  const sheet = page.getByTestId('lading-sheet');
  await expect(sheet).toHaveCount(1);
  await expect(sheet.getByRole('img', { name: bill.no })).toBeVisible();
  await expect(sheet.locator('tbody tr')).toHaveCount(2);
  await expect(sheet).toContainText(orders[0]!);
  await expect(sheet).toContainText(orders[1]!);
  await page.screenshot({ path: `${SHOTS}/lading-print-en.png`, fullPage: true });
  await page.goto('/print/printLading');
  await expect(page.getByTestId('print-nothing')).toBeVisible();
});

test('customs keep clearance data of a bill and move its clearance status forward', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await logIn(browser, 'admin', 'admin123');
  const admin = await Api.login(page.request, 'admin', 'admin123');
  const customer = await Api.login(page.request, 'demo', 'demo123');
  const { bill, orders } = await scannedBill(admin, customer, 1);
  const clearanceNo = `CLR-${Date.now().toString(36).toUpperCase()}`;

  await page.goto(`/admin/customs/bill-of-lading?nos=${bill.no}`);
  const table = page.getByTestId('clearance-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(table).toContainText('New');

  await table.getByRole('button', { name: bill.no }).click();
  const detail = page.getByTestId('clearance-detail');
  await expect(detail.getByTestId('clearance-orders')).toContainText(orders[0]!);
  const data = detail.getByTestId('clearance-data');
  await data.getByLabel('Declaration no').fill('DEC-2026-001');
  await data.getByLabel('Clearance nos').fill(`${orders[0]} ${clearanceNo}`);
  await data.getByRole('button', { name: 'Save clearance data' }).click();
  await expectToast(page, 'Clearance data saved');
  await expect(detail.getByTestId('clearance-orders')).toContainText(clearanceNo);
  await detail.getByRole('tab', { name: 'Declaration lines' }).click();
  await expect(detail.getByTestId('clearance-goods')).toContainText('T-shirt');
  await page.screenshot({ path: `${SHOTS}/clearance-detail-en.png` });
  await detail.locator('.ant-drawer-close').click();
  await expect(table).toContainText('DEC-2026-001');

  await table.locator('tbody tr.ant-table-row').first().locator('.ant-checkbox-input').check();
  const status = page.getByLabel('New clearance status');
  const setStatus = page.getByRole('button', { name: 'Set status' });
  // A click on the Select that lands while the page is busy may leave its list closed: open it again.
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').isVisible())) await status.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Revision complete' })
      .click({ timeout: 5_000 });
    await expect(setStatus).toBeEnabled({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await setStatus.click();
  const prompt = page.locator('.ant-modal-confirm', { hasText: 'Set the clearance status' });
  await prompt.getByRole('button', { name: 'Set', exact: true }).click();
  await expectToast(page, 'Clearance status set: Revision complete');
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText('Revision complete');
  const after = await admin.ok<{ clearanceStatus: number; declarationNo: string }>(
    'GET',
    `/lading/detail/${bill.recId}`,
  );
  expect(after.clearanceStatus).toBe(2);
  expect(after.declarationNo).toBe('DEC-2026-001');

  const ar = await logIn(browser, 'admin', 'admin123', 'ar');
  await ar.goto(`/admin/customs/bill-of-lading?nos=${bill.no}`);
  await expect(ar.getByTestId('clearance-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await ar.screenshot({ path: `${SHOTS}/clearance-list-ar.png`, fullPage: true });
});
