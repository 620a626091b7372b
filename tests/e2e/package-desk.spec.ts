import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { downloadExport, expectToast, logIn, pickOption, readSheet } from './desk-support.ts';
import { expect, type Page, test } from './fixtures.ts';
import { Api } from './pda-support.ts';

/**
 * Packages on the desk against the real server: orders of one consignee are merged on
 * ladingBll/merge (another consignee's order is refused), the package is confirmed, found on
 * ladingBll/package by an order's tracking no, opened with its orders, given a remark, picked up
 * and exported; another package is cancelled from the list and its orders are free again. The
 * server is shared with other specs: each run makes its own orders with its own consignee.
 */

const SHOTS = process.env.PACKAGE_SHOTS ?? 'test-results';

interface Setup {
  api: Api;
  customerId: number;
  channelId: number;
  regionIds: number[];
}

async function setup(page: Page): Promise<Setup> {
  const api = await Api.login(page.request, 'admin', 'admin123');
  const customers = await api.ok<{ recId: number; code: string }[]>('POST', '/customer/getCustomers', {});
  const channels = await api.ok<{ recId: number; code: string }[]>('POST', '/shipping/list/simple', {});
  const found = await api.ok<{ records: { recId: number; code: string }[] }>('POST', '/region/list', {
    keyword: 'SA-RI-RUH-OL',
  });
  const district = found.records.find((r) => r.code === 'SA-RI-RUH-OL')!;
  const chain = await api.ok<{ recId: number }[]>('POST', '/customer/region/getRegionAllSuperior', {
    regionId: district.recId,
  });
  return {
    api,
    customerId: customers.find((c) => c.code === 'DEMO')!.recId,
    channelId: channels.find((c) => c.code === 'CN-SA-AIR-COD')!.recId,
    regionIds: chain.map((r) => r.recId),
  };
}

/** Received orders of the demo customer for the consignee `name` (ready to merge). */
async function receivedOrders(s: Setup, name: string, n: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const order = await s.api.ok<{ trackingNo: string }>('POST', '/order/create', {
      customerId: s.customerId,
      channelId: s.channelId,
      consignee: {
        name,
        phone: '+966 55 111 2233',
        regionIds: s.regionIds,
        address: 'Tahlia Street 9, Riyadh',
      },
      weight: '0.800',
      isCod: false,
      goods: [{ nameEn: 'Scarf', nameCn: '围巾', quantity: 1, hsCode: '621410', unitPrice: '12.00' }],
    });
    const received = await s.api.ok<{ kind: string }>('POST', `/order/receive/${order.trackingNo}`, {});
    expect(received.kind).toBe('ok');
    out.push(order.trackingNo);
  }
  return out;
}

const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

test('orders of one consignee are merged, confirmed, found, remarked, picked up and exported', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const page = await logIn(browser, 'admin', 'admin123');
  const s = await setup(page);
  const consignee = `Noura Pkg ${tag()}`;
  const [a, b] = await receivedOrders(s, consignee, 2);
  const [other] = await receivedOrders(s, `Sara Pkg ${tag()}`, 1);
  let no = '';

  await test.step('merge refuses an order of another consignee, and nothing is merged', async () => {
    await page.goto('/admin/ladingBll/merge');
    const merge = page.getByTestId('merge-page');
    await merge.getByLabel('Tracking nos of the orders').fill(`${a}\n${other}`);
    await expect(merge.getByText('2 tracking nos')).toBeVisible();
    await merge.getByRole('button', { name: 'Merge into a package' }).click();
    const refusal = page.getByTestId('merge-refusal');
    await expect(refusal).toBeVisible({ timeout: 20_000 });
    await expect(refusal).toContainText(other!);
    await expect(page.getByTestId('merge-result')).toHaveCount(0);
  });

  await test.step('merge the two orders of the consignee into a package and confirm it', async () => {
    const merge = page.getByTestId('merge-page');
    await merge.getByLabel('Tracking nos of the orders').fill(`${a}, ${b}`);
    await merge.getByRole('button', { name: 'Merge into a package' }).click();
    const result = page.getByTestId('merge-result');
    await expect(result).toBeVisible({ timeout: 20_000 });
    await expect(result).toContainText(a!);
    await expect(result).toContainText(b!);
    await expect(result).toContainText(consignee);
    no = (await result.locator('.ant-card-head a').first().textContent())?.trim() ?? '';
    expect(no).not.toBe('');
    await result.getByRole('button', { name: 'Confirm' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, `Confirmed: ${no}`);
    await expect(result.getByText('Confirmed', { exact: true })).toBeVisible();
  });

  await test.step('find the package by an order’s tracking no and open it', async () => {
    await page.goto('/admin/ladingBll/package');
    const filters = page.getByTestId('package-filters');
    await filters.getByLabel('Tracking no').fill(b!.toLowerCase());
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`trackingNo=${b!.toLowerCase()}`));
    const table = page.getByTestId('package-table');
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1, { timeout: 20_000 });
    await expect(table).toContainText(consignee);
    await table.getByRole('button', { name: no }).click();
    const drawer = page.getByTestId('package-detail');
    await expect(drawer.getByTestId('package-items').locator('tbody tr.ant-table-row')).toHaveCount(2);
    await expect(drawer).toContainText(a!);
    await expect(drawer).toContainText('China→Saudi Arabia air express COD (CN-SA-AIR-COD)');
    await expect(page).toHaveURL(/[?&]id=\d+/);
  });

  await test.step('add a remark and confirm the pickup', async () => {
    const drawer = page.getByTestId('package-detail');
    await drawer.getByLabel('New remark').fill('Two scarves, handle with care');
    await drawer.getByRole('button', { name: 'Add remark' }).click();
    await expectToast(page, 'Remark added');
    await expect(drawer.getByTestId('bill-remarks')).toContainText('Two scarves, handle with care');
    await page.screenshot({ path: `${SHOTS}/package-detail-en.png` });
    await drawer.getByRole('button', { name: 'Confirm pickup' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Confirm pickup' }).click();
    await expectToast(page, 'Confirm Pickup Success');
    await expect(drawer.locator('.ant-descriptions').getByText('Picked up', { exact: true })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Cancel package' })).toBeDisabled();
    // The package's orders are picked up with it.
    const found = await s.api.ok<{ records: { trackingNo: string; status: number }[] }>(
      'POST',
      '/order/list',
      {
        trackingNos: `${a}\n${b}`,
      },
    );
    expect(found.records.map((r) => r.status)).toEqual([OrderStatus.pickedUp, OrderStatus.pickedUp]);
  });

  await test.step('export the packages the filters select, and their orders', async () => {
    await page.getByTestId('package-detail').locator('.ant-drawer-close').click();
    await expect(page).not.toHaveURL(/[?&]id=/);
    await page.getByRole('button', { name: 'Export packages' }).click();
    const download = await downloadExport(page);
    const rows = await readSheet(await download.path());
    expect(rows[0]![0]).toBe('Package no');
    expect(rows.length).toBe(2);
    expect(rows[1]![0]).toBe(no);
    await page.locator('.ant-modal-close:visible').click();
    await page.getByRole('button', { name: 'Export package orders' }).click();
    const detail = await downloadExport(page);
    const lines = await readSheet(await detail.path());
    expect(lines.length).toBe(3);
    expect(lines.slice(1).map((r) => r[1])).toEqual(expect.arrayContaining([a, b]));
  });
});

test('cancelling a package frees its orders; the list and detail in Arabic', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await logIn(browser, 'admin', 'admin123');
  const s = await setup(page);
  const trackingNos = await receivedOrders(s, `Layla Pkg ${tag()}`, 2);
  const made = await s.api.ok<{ recId: number; no: string }>('POST', '/package/create', {
    trackingNos: trackingNos.join('\n'),
  });

  await test.step('select the package on the list and cancel it', async () => {
    await page.goto(`/admin/ladingBll/package?nos=${made.no}`);
    const table = page.getByTestId('package-table');
    const row = table.locator('tbody tr.ant-table-row', { hasText: made.no });
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Confirm pickup' })).toBeDisabled();
    await row.locator('input[type="checkbox"]').check();
    await expect(page.getByTestId('package-selected')).toHaveText('1 selected');
    // An open package cannot be picked up directly: it must be confirmed first.
    await expect(page.getByRole('button', { name: 'Confirm pickup' })).toBeDisabled();
    await page.getByTestId('package-list-page').getByRole('button', { name: 'Cancel package' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Cancel package' }).click();
    await expectToast(page, '2 orders freed');
    await expect(row).toContainText('Pickup cancelled');
  });

  await test.step('the freed orders can be merged again', async () => {
    const again = await s.api.ok<{ no: string; orderCount: number }>('POST', '/package/create', {
      trackingNos: trackingNos.join(','),
    });
    expect(again.orderCount).toBe(2);
    expect(again.no).not.toBe(made.no);
  });

  await test.step('Arabic: right to left, list and detail', async () => {
    const ar = await logIn(browser, 'admin', 'admin123', 'ar');
    await ar.goto(`/admin/ladingBll/package?nos=${made.no}&id=${made.recId}`);
    await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
    const drawer = ar.getByTestId('package-detail');
    await expect(drawer.getByTestId('package-items').locator('tbody tr.ant-table-row')).toHaveCount(2, {
      timeout: 20_000,
    });
    await expect(drawer).toContainText('الطلبات في الطرد');
    await ar.screenshot({ path: `${SHOTS}/package-detail-ar.png` });
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();
    await expect(ar.getByTestId('package-table')).toContainText(made.no);
    await ar.screenshot({ path: `${SHOTS}/package-list-ar.png` });
    await ar.goto('/admin/ladingBll/merge');
    await expect(ar.getByTestId('merge-page')).toContainText('دمج في طرد');
    await ar.screenshot({ path: `${SHOTS}/package-merge-ar.png` });
  });
});

/** Orders picked up at the origin (merged, confirmed and picked up as a package), ready for an overseas bill. */
async function pickedUpOrders(s: Setup, n: number): Promise<{ trackingNo: string; carrierId: number }[]> {
  const nos = await receivedOrders(s, `Huda Ovs ${tag()}`, n);
  const made = await s.api.ok<{ recId: number }>('POST', '/package/create', { trackingNos: nos.join('\n') });
  await s.api.ok('POST', '/package/confirm', { ids: [made.recId] });
  await s.api.ok('POST', `/package/confirm/pickup/${made.recId}`, {});
  const found = await s.api.ok<{
    records: { trackingNo: string; carrierId: number | null; status: number }[];
  }>('POST', '/order/list', { trackingNos: nos.join('\n') });
  expect(found.records.map((r) => r.status)).toEqual(nos.map(() => OrderStatus.pickedUp));
  return nos.map((no) => {
    const r = found.records.find((x) => x.trackingNo === no)!;
    expect(r.carrierId).not.toBeNull();
    return { trackingNo: no, carrierId: r.carrierId! };
  });
}

test('overseas lading: cancel frees an order; find, open, remark, confirm, pick up and export a bill', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const page = await logIn(browser, 'admin', 'admin123');
  const s = await setup(page);
  const [a, b, c] = await pickedUpOrders(s, 3);
  const newBill = () =>
    s.api.ok<{ recId: number; no: string }>('POST', '/overseasLading/create', {
      channelId: s.channelId,
      carrierId: a!.carrierId,
    });
  const scan = (billId: number, trackingNo: string) =>
    s.api.ok('POST', `/overseasLading/scanTrackingNo/${billId}`, { trackingNo });
  const main = await newBill();
  const spare = await newBill();
  await scan(main.recId, a!.trackingNo);
  await scan(main.recId, b!.trackingNo);
  await scan(spare.recId, c!.trackingNo);
  let made = '';

  await test.step('cancel the spare bill from the list: its order is freed', async () => {
    await page.goto(`/admin/ladingBll/overseas?nos=${spare.no}`);
    const row = page.getByTestId('overseas-table').locator('tbody tr.ant-table-row', { hasText: spare.no });
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    await row.locator('input[type="checkbox"]').check();
    await expect(page.getByRole('button', { name: 'Confirm pickup' })).toBeDisabled();
    await page.getByTestId('overseas-list-page').getByRole('button', { name: 'Cancel pickup' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Cancel pickup' }).click();
    await expectToast(page, '1 order freed');
    await expect(row).toContainText('Pickup cancelled');
  });

  await test.step('find the bill by an order’s tracking no, scan the freed order into it, add a remark', async () => {
    await page.goto('/admin/ladingBll/overseas');
    const filters = page.getByTestId('overseas-filters');
    await filters.getByLabel('Tracking no').fill(b!.trackingNo);
    await filters.getByRole('button', { name: 'Search' }).click();
    const table = page.getByTestId('overseas-table');
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1, { timeout: 20_000 });
    await table.getByRole('button', { name: main.no }).click();
    const drawer = page.getByTestId('overseas-detail');
    const items = drawer.getByTestId('overseas-items').locator('tbody tr.ant-table-row');
    await expect(items).toHaveCount(2);
    // The desk scans into an open bill as the PDA does; the server's refusal is shown.
    const box = drawer.getByLabel('Scan into overseas lading');
    await box.fill('GL0000000000');
    await box.press('Enter');
    await expect(drawer.getByTestId('overseas-scan-refusal')).toContainText('GL0000000000');
    await box.fill(c!.trackingNo);
    await box.press('Enter');
    await expectToast(page, c!.trackingNo);
    await expect(items).toHaveCount(3);
    await expect(drawer.getByTestId('overseas-scan-refusal')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/overseas-scan-en.png` });
    // The channel by its name and code, as every bill's detail shows it.
    await expect(drawer).toContainText('China→Saudi Arabia air express COD (CN-SA-AIR-COD)');
    await drawer.getByLabel('New remark').fill('Hand over at the Riyadh hub');
    await drawer.getByRole('button', { name: 'Add remark' }).click();
    await expectToast(page, 'Remark added');
    await expect(drawer.getByTestId('bill-remarks')).toContainText('Hand over at the Riyadh hub');
  });

  await test.step('confirm the bill, then the carrier takes it: its orders go out for delivery', async () => {
    const drawer = page.getByTestId('overseas-detail');
    await expect(drawer.getByRole('button', { name: 'Confirm pickup' })).toBeDisabled();
    await drawer.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, `Confirmed: ${main.no}`);
    await drawer.getByRole('button', { name: 'Confirm pickup' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Confirm pickup' }).click();
    await expectToast(page, 'Confirm Pickup Success');
    await expect(drawer.locator('.ant-descriptions').getByText('Picked up', { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/overseas-detail-en.png` });
    const found = await s.api.ok<{ records: { status: number }[] }>('POST', '/order/list', {
      trackingNos: [a, b, c].map((o) => o!.trackingNo).join('\n'),
    });
    expect(found.records.map((r) => r.status)).toEqual([
      OrderStatus.outForDelivery,
      OrderStatus.outForDelivery,
      OrderStatus.outForDelivery,
    ]);
  });

  await test.step('export the bill the filters select: one row per order', async () => {
    await page.getByTestId('overseas-detail').locator('.ant-drawer-close').click();
    await page
      .getByTestId('overseas-list-page')
      .getByRole('button', { name: /^(export )?Export$/ })
      .click();
    const download = await downloadExport(page);
    const rows = await readSheet(await download.path());
    expect(rows.length).toBe(4);
    const text = JSON.stringify(rows.slice(1));
    for (const o of [a, b, c]) expect(text).toContain(o!.trackingNo);
    expect(text).toContain(main.no);
    await page.locator('.ant-modal-close:visible').click();
  });

  await test.step('open a new bill for the PDA to scan into: it opens, empty', async () => {
    await page.getByRole('button', { name: 'New overseas lading bill' }).click();
    const form = page.getByTestId('overseas-create-form');
    await page.locator('.ant-modal').getByRole('button', { name: 'Create' }).click();
    await expect(form.getByText('Select a logistics channel first')).toBeVisible();
    await pickOption(page, form, 'Shipping channel', 'China→Saudi Arabia air express COD (CN-SA-AIR-COD)');
    await page.locator('.ant-modal').getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'Overseas lading bill OS');
    const drawer = page.getByTestId('overseas-detail');
    await expect(drawer.getByText('No orders')).toBeVisible({ timeout: 20_000 });
    await expect(drawer.getByRole('button', { name: 'Confirm', exact: true })).toBeDisabled();
    await expect(drawer.getByRole('button', { name: 'Cancel pickup' })).toBeEnabled();
    await expect(drawer.getByLabel('Scan into overseas lading')).toBeVisible();
    await expect(page).toHaveURL(/[?&]id=\d+/);
    made = new URL(page.url()).searchParams.get('id')!;
    await drawer.locator('.ant-drawer-close').click();
  });

  await test.step('Arabic: the list and the bill, right to left', async () => {
    const ar = await logIn(browser, 'admin', 'admin123', 'ar');
    await ar.goto(`/admin/ladingBll/overseas?nos=${main.no}&id=${main.recId}`);
    await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(ar.getByTestId('overseas-items').locator('tbody tr.ant-table-row')).toHaveCount(3, {
      timeout: 20_000,
    });
    // Numbers keep their left-to-right order inside the right-to-left page.
    const phone = ar.getByTestId('overseas-items').getByText('+966 55 111 2233').first();
    expect(await phone.evaluate((e) => getComputedStyle(e).direction)).toBe('ltr');
    await ar.screenshot({ path: `${SHOTS}/overseas-detail-ar.png` });
    await ar.getByTestId('overseas-detail').locator('.ant-drawer-close').click();
    await expect(ar.getByTestId('overseas-detail')).toBeHidden();
    await expect(ar.getByTestId('overseas-table')).toContainText(main.no);
    await ar.screenshot({ path: `${SHOTS}/overseas-list-ar.png` });
    // The new, open bill takes scans; a refusal in Arabic keeps the number in order.
    await ar.goto(`/admin/ladingBll/overseas?id=${made}`);
    const scanBox = ar.getByTestId('overseas-detail').getByTestId('overseas-scan').locator('input');
    await scanBox.fill('GL0000000000');
    await scanBox.press('Enter');
    await expect(ar.getByTestId('overseas-scan-refusal')).toContainText('GL0000000000');
    await ar.screenshot({ path: `${SHOTS}/overseas-scan-ar.png` });
  });
});
