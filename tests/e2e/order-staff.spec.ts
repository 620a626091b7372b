import { expectToast, logIn, searchOption } from './desk-support.ts';
import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';

/**
 * The staff side of orders against the real server (issue 5's acceptance): staff find an order by
 * bulk tracking-no input, open its tab, add a remark and intercept it; customer service handles the
 * abnormal mark; a parcel is received on order/scan with its sounds; the screens in Chinese and
 * Arabic. Orders are made through order/create as staff, so the test knows them exactly.
 */

const API = '/api/common/v1';
const SHOTS = process.env.STAFF_SHOTS ?? 'test-results';

interface Created {
  recId: number;
  trackingNo: string;
}

/** Creates orders for the demo customer through the API, as the admin. */
async function makeOrders(request: APIRequestContext, count: number, cod = true): Promise<Created[]> {
  const call = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
    const res = await request.post(API + path, {
      data: body,
      headers: { 'local-lang': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    const json = await res.json();
    expect(res.status(), JSON.stringify(json)).toBe(200);
    return json.data as T;
  };
  const { token } = await call<{ token: string }>('/login', { username: 'admin', password: 'admin123' });
  const customers = await call<{ recId: number; code: string }[]>('/customer/getCustomers', {}, token);
  const channels = await call<{ recId: number; code: string }[]>('/shipping/list/simple', {}, token);
  const found = await call<{ records: { recId: number; code: string }[] }>(
    '/region/list',
    { keyword: 'SA-RI-RUH-OL' },
    token,
  );
  const district = found.records.find((r) => r.code === 'SA-RI-RUH-OL')!;
  const chain = await call<{ recId: number }[]>(
    '/customer/region/getRegionAllSuperior',
    { regionId: district.recId },
    token,
  );
  const out: Created[] = [];
  for (let i = 0; i < count; i++)
    out.push(
      await call<Created>(
        '/order/create',
        {
          customerId: customers.find((c) => c.code === 'DEMO')!.recId,
          channelId: channels.find((c) => c.code === 'CN-SA-AIR-COD')!.recId,
          consignee: {
            name: `Khalid Al-Otaibi ${i + 1}`,
            phone: '+966 55 765 4321',
            regionIds: chain.map((r) => r.recId),
            // Begins with a number: on an Arabic page it must keep its order.
            address: '45 Olaya Street, Riyadh',
          },
          weight: '1.200',
          ...(cod ? { isCod: true, codAmount: '149.00', codCurrency: 'SAR' } : { isCod: false }),
          goods: [
            {
              nameEn: 'Phone case',
              nameCn: '手机壳',
              quantity: 3,
              hsCode: '392690',
              unitPrice: '4.50',
              specification: '500 ml',
            },
          ],
        },
        token,
      ),
    );
  return out;
}

test('staff find an order by bulk tracking nos, open its tab, add a remark and intercept it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await logIn(browser, 'admin', 'admin123');
  const [target, sibling, stranger] = await makeOrders(page.request, 3);

  await test.step('find two orders by pasting their tracking nos', async () => {
    await page.goto('/admin/order/list');
    const filters = page.getByTestId('order-filters');
    await filters
      .getByLabel('Tracking nos', { exact: true })
      .fill(`${target!.trackingNo}\n${sibling!.trackingNo.toLowerCase()},`);
    await filters.getByRole('button', { name: 'Search' }).click();
    const rows = page.getByTestId('order-table').locator('tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: stranger!.trackingNo })).toHaveCount(0);
    await expect(page).toHaveURL(/trackingNos=/);
    await expect(page.getByTestId('order-total')).toHaveText('2 in total');
    // The filters live in the address: a reload shows the same list.
    await page.reload();
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('order-filters').getByLabel('Tracking nos', { exact: true })).toHaveValue(
      /\n/,
    );
    await page.screenshot({ path: `${SHOTS}/order-list-en.png`, fullPage: true });
  });

  await test.step('open the order in its own tab, named by the tracking no', async () => {
    await page.getByRole('link', { name: target!.trackingNo }).click();
    await expect(page).toHaveURL(
      new RegExp(`/admin/order/list/${target!.recId}\\?name=${target!.trackingNo}`),
    );
    await expect(page.getByTestId('order-detail-no')).toHaveText(target!.trackingNo);
    await expect(page.getByTestId('tabs-bar').getByRole('tab', { name: target!.trackingNo })).toBeVisible();
    await expect(page.getByTestId('order-tracking')).toContainText('Order created');
  });

  await test.step('add a remark', async () => {
    const remarks = page.getByTestId('order-remarks');
    await remarks.getByRole('button', { name: 'Add remark' }).click();
    await expect(remarks).toContainText('Write the remark');
    await remarks.getByLabel('New remark').fill('Customer called: deliver after 6 pm');
    await remarks.getByRole('button', { name: 'Add remark' }).click();
    await expectToast(page, 'Remark added');
    await expect(remarks.locator('.ant-list-item').first()).toContainText(
      'Customer called: deliver after 6 pm',
    );
  });

  await test.step('intercept it, with the confirm prompt', async () => {
    await page
      .getByTestId('order-detail-page')
      .getByRole('button', { name: 'Intercept', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Intercept' });
    await expect(dialog).toContainText(`Ask to intercept ${target!.trackingNo}?`);
    await dialog.getByLabel('Reason').fill('Customer asked to hold it');
    await dialog.getByRole('button', { name: 'Intercept' }).click();
    await expectToast(page, `Done: ${target!.trackingNo}`);
    await expect(
      page.getByTestId('order-detail-page').locator('.ant-tag', { hasText: 'Interception requested' }),
    ).toBeVisible();
    await expect(page.getByTestId('order-intercepts')).toContainText('Customer asked to hold it');
    await expect(page.getByRole('button', { name: 'Withdraw interception' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/order-detail-en.png`, fullPage: true });
  });

  await test.step('customer service handles the interception mark', async () => {
    await page.goto(`/admin/customerService/abnormalOrders?trackingNos=${target!.trackingNo}`);
    const table = page.getByTestId('abnormal-table');
    const row = table.locator('tr.ant-table-row', { hasText: target!.trackingNo });
    await expect(row).toContainText('Customer service');
    await page.screenshot({ path: `${SHOTS}/abnormal-orders-en.png`, fullPage: true });
    await row.getByRole('button', { name: 'Mark handled' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark handled' });
    await dialog.getByLabel('Handling remark').fill('Customer told, parcel held');
    await dialog.getByRole('button', { name: 'Mark handled' }).click();
    await expectToast(page, 'Marked handled');
    // The list shows pending marks by default: the handled one leaves it.
    await expect(row).toHaveCount(0);
  });
  await test.step('cancel from the list shows the result of each order', async () => {
    await page.goto(`/admin/order/list?trackingNos=${target!.trackingNo}%0A${sibling!.trackingNo}`);
    const table = page.getByTestId('order-table');
    await expect(table.locator('tr.ant-table-row')).toHaveCount(2);
    await table.locator('thead .ant-checkbox-input').check();
    await expect(page.getByTestId('order-selected')).toHaveText('2 selected');
    await page.getByRole('button', { name: 'Cancel orders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel orders' });
    await expect(dialog).toContainText('Cancel 2 selected orders?');
    // Clicked while the dialog was still zooming in, the button once took no click (a loaded machine).
    await expect(dialog).not.toHaveClass(/-appear/);
    await dialog.getByRole('button', { name: 'Cancel orders' }).click();
    const results = page.getByTestId('order-results');
    await expect(results.locator('tr.ant-table-row')).toHaveCount(2);
    // The confirm dialog may still be closing: the results' dialog is the one holding the table.
    const summary = page.getByRole('dialog').filter({ has: results });
    await expect(summary).toContainText('2 orders done, 0 refused');
    await summary.getByRole('button', { name: 'OK' }).click();
    await expect(table.locator('.ant-tag', { hasText: 'Cancelled' })).toHaveCount(2);
  });
});

test('the order list prints at most 500 labels at once, and exports a creation time range only', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await logIn(browser, 'admin', 'admin123');
  const table = page.getByTestId('order-table');
  const rows = table.locator('tr.ant-table-row');

  await test.step('the exports wait for a time range with both ends, and say so', async () => {
    await page.goto('/admin/order/list');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    const exportOrders = page.getByRole('button', { name: 'Export orders' });
    await expect(exportOrders).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Export goods' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Export clearance data' })).toBeDisabled();
    await exportOrders.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Creation time range must be selected');
    const day = 86_400_000;
    const from = new Date(Date.now() - 90 * day).toISOString();
    const to = new Date(Date.now() + day).toISOString();
    await page.goto(`/admin/order/list?startTime=${from}&endTime=${to}`);
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    await expect(exportOrders).toBeEnabled();
  });

  await test.step('600 orders selected over three pages: the labels do not print, and say why', async () => {
    await page.goto('/admin/order/list?pageSize=200');
    await expect(rows).toHaveCount(200, { timeout: 30_000 });
    const selectAll = table.locator('thead .ant-checkbox-input');
    for (const pageNo of [1, 2, 3]) {
      if (pageNo > 1) {
        const before = await rows.first().getAttribute('data-row-key');
        await page.locator(`.ant-pagination-item-${pageNo}`).click();
        await expect(rows.first()).not.toHaveAttribute('data-row-key', before!, { timeout: 30_000 });
        await expect(rows).toHaveCount(200);
      }
      await selectAll.check();
      await expect(page.getByTestId('order-selected')).toHaveText(`${pageNo * 200} selected`);
    }
    const print = page.locator('.ant-btn', { hasText: 'Print labels' });
    await expect(print).toBeDisabled();
    await print.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Select at most 500 to print');
    // One page fewer: the 400 print, every one of them.
    await selectAll.uncheck();
    await expect(page.getByTestId('order-selected')).toHaveText('400 selected');
    await expect(print).toBeEnabled();
    const href = (await print.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/print\/printCode\?ids=/);
    expect(new Set(href.split('ids=')[1]!.split(',')).size).toBe(400);
  });
});

test('staff entering an order for a customer choose among that customer’s channels', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await logIn(browser, 'admin', 'admin123');
  // Staff find order entry under Orders; the Customer centre is not in their menu.
  const menu = page.getByTestId('side-menu');
  await expect(menu).toContainText('Foreign orders');
  await expect(menu).not.toContainText('Customer centre');
  const entry = menu.getByRole('menuitem', { name: 'Enter an order' });
  if (!(await entry.isVisible())) await menu.getByRole('menuitem', { name: 'profile Orders' }).click();
  await entry.click();
  await expect(page).toHaveURL(/\/admin\/order\/input$/);
  const form = page.getByTestId('order-entry');
  const channel = form.getByLabel('Shipping channel', { exact: true });
  const dropdown = page.locator('.ant-select-dropdown:visible');
  /** The channel field, showing what is chosen. */
  const chosen = form
    .locator('.ant-form-item')
    .filter({ has: page.locator('#order-entry_channelId') })
    .last();
  const offered = async (text: string) => {
    await channel.click();
    await channel.fill(text);
    await expect(dropdown).toBeVisible();
    return dropdown;
  };

  await channel.click();
  await expect(dropdown).toContainText('Select the customer first');
  await page.keyboard.press('Escape');

  // OTHER may use the Saudi and Emirati channels, not the Egyptian one.
  await searchOption(page, form, 'Customer', 'OTHER', /\(OTHER\)$/);
  await expect(await offered('EG-LOCAL')).toContainText('No channel is assigned to this customer');
  await expect((await offered('CN-SA-AIR-COD')).locator('.ant-select-item-option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(chosen).toContainText('(CN-SA-AIR-COD)');

  // DEMO may use every channel; CN-SA-AIR-COD stays chosen (DEMO has it too).
  await searchOption(page, form, 'Customer', 'DEMO', /\(DEMO\)$/);
  await expect(chosen).toContainText('(CN-SA-AIR-COD)');
  await expect((await offered('EG-LOCAL')).locator('.ant-select-item-option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(chosen).toContainText('(EG-LOCAL)');
  // Back to OTHER: a channel it may not use is cleared.
  await searchOption(page, form, 'Customer', 'OTHER', /\(OTHER\)$/);
  await expect(chosen).not.toContainText('EG-LOCAL');
});

test('a parcel is received on order/scan: big label data and a sound per result', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await logIn(browser, 'operator', 'operator123');
  // Records the tones the page plays (Web Audio), so the test can tell the sounds apart.
  await page.addInitScript(() => {
    const w = window as unknown as { __tones: number[] };
    w.__tones = [];
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
      w.__tones.push(this.frequency.value);
      return start.apply(this, args);
    };
  });
  const [parcel] = await makeOrders(page.request, 1);
  const tones = async () => {
    const list = await page.evaluate(() => (window as unknown as { __tones: number[] }).__tones.splice(0));
    return list;
  };

  await page.goto('/admin/order/scan');
  const input = page.getByTestId('order-scan').locator('input');
  await expect(input).toBeFocused();
  const result = page.getByTestId('scan-result');

  await test.step('a wedge scanner types the number and Enter: received', async () => {
    await page.keyboard.type(parcel!.trackingNo.toLowerCase(), { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(result).toHaveAttribute('data-kind', 'ok');
    await expect(result).toContainText(`Received ${parcel!.trackingNo}`);
    await expect(page.getByTestId('scan-channel')).toContainText('China→Saudi Arabia air express COD');
    await expect(page.getByTestId('scan-consignee')).toContainText('Khalid Al-Otaibi 1');
    await expect(page.getByTestId('scan-cod')).toHaveText('149.00 SAR');
    await expect(input).toBeFocused();
    await expect(input).toHaveValue('');
    expect(await tones()).toEqual([1320]);
    await page.screenshot({ path: `${SHOTS}/order-scan-en.png`, fullPage: true });
  });

  await test.step('the same parcel again, and an unknown number, sound differently', async () => {
    // Clicking the bare page does not lose the scanner's input.
    await page.getByTestId('order-scan-page').locator('.ant-card-head').first().click();
    await page.keyboard.type(parcel!.trackingNo, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(result).toHaveAttribute('data-kind', 'already');
    expect(await tones()).toEqual([880, 880]);
    await input.fill('GL0000000000');
    await input.press('Enter');
    await expect(result).toHaveAttribute('data-kind', 'unknown');
    await expect(result).toContainText('No order has the tracking no GL0000000000');
    expect(await tones()).toEqual([180]);
    await expect(page.getByTestId('order-scan-log').locator('tr.ant-table-row')).toHaveCount(3);
  });
});

test('the staff order screens in Chinese and Arabic', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await logIn(browser, 'admin', 'admin123', 'cn');
  const [order] = await makeOrders(page.request, 1);
  // A demo order already weighed (checked weight and time on its detail).
  const weighed = await page.request.post(`${API}/order/list`, {
    data: { checkStatus: '3', pageSize: 1 },
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  const [checked] = (await weighed.json()).data.records as { recId: number; trackingNo: string }[];
  expect(checked).toBeDefined();
  await page.request.post(`${API}/order/interceptOrder/${order!.recId}`, {
    data: { reason: 'العميل طلب الإيقاف' },
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  for (const lang of ['cn', 'ar'] as const) {
    await page.goto(`/admin/order/list?lang=${lang}&trackingNos=${order!.trackingNo}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('order-table').locator('tr.ant-table-row')).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/order-list-${lang}.png`, fullPage: true });
    await page.goto(`/admin/order/list/${order!.recId}?lang=${lang}`);
    await expect(page.getByTestId('order-detail-no')).toHaveText(order!.trackingNo);
    await expect(page.getByTestId('tabs-bar').getByRole('tab', { name: order!.trackingNo })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/order-detail-${lang}.png`, fullPage: true });
    // What people typed reads in its own direction, a number first and all: "45 Olaya Street".
    for (const text of ['45 Olaya Street, Riyadh', '500 ml']) {
      const typed = page.getByTestId('order-detail-page').locator('bdi', { hasText: text });
      expect(await typed.evaluate((e) => e.matches(':dir(ltr)'))).toBe(true);
    }
    // A weighed order: its checked weight and when, spaced as every "a · b" of the detail.
    await page.goto(`/admin/order/list/${checked!.recId}?lang=${lang}`);
    await expect(page.getByTestId('order-detail-no')).toHaveText(checked!.trackingNo);
    const weight = page.locator('.ant-descriptions-item-content', { hasText: / kg ?·/ }).first();
    // biome-ignore lint/performance/useDomNodeTextContent: as laid out, not as the DOM holds it (a layout fault)
    expect(await weight.innerText()).toMatch(/^\d+\.\d{3} kg · /);
    await page.goto(`/admin/customerService/abnormalOrders?lang=${lang}`);
    await expect(page.getByTestId('abnormal-table').locator('tr.ant-table-row').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/abnormal-orders-${lang}.png`, fullPage: true });
    await page.goto(`/admin/order/scan?lang=${lang}`);
    await page.getByTestId('order-scan').locator('input').fill(order!.trackingNo);
    await page.getByTestId('order-scan').locator('input').press('Enter');
    await expect(page.getByTestId('scan-result')).toHaveAttribute('data-kind', 'intercepted');
    await page.screenshot({ path: `${SHOTS}/order-scan-${lang}.png`, fullPage: true });
  }
});

/** An access token of the admin for calls the screens do not make. */
async function tokenOf(page: Page): Promise<string> {
  const res = await page.request.post(`${API}/login`, { data: { username: 'admin', password: 'admin123' } });
  return (await res.json()).data.token as string;
}
