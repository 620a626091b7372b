import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { pdfBarcodes, pdfPageSizesMm } from '../support/pdf-barcodes.ts';
import { type APIRequestContext, type Browser, expect, type Page, test } from './fixtures.ts';

/**
 * The public tracking page and label printing against the real server: an order made through the
 * API and received at the warehouse (so it has events) is looked up on /search by a visitor, in
 * Arabic (right to left) and Chinese; staff open its label PDF, whose Code128 ZXing reads back,
 * and the HTML labels page; staff preview its commercial invoice by tracking no and print it. The server is shared by every spec file: this one's customer nos start
 * with E2E-TRK.
 */

const API = '/api/common/v1';

async function api<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; body?: unknown; lang?: string } = {},
): Promise<T> {
  const res = await request.fetch(API + path, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      'local-lang': opts.lang ?? 'en',
    },
    ...(opts.body === undefined ? {} : { data: opts.body }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(res.status(), `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

interface Made {
  recId: number;
  trackingNo: string;
  carrierTrackingNo: string | null;
}

/**
 * SMSA, the first last-mile carrier of CN-SA-AIR-COD, has free numbers in its pool (the demo's,
 * shared by every spec), so that a Riyadh parcel received now is given one: a few fresh ones are
 * imported when it runs low.
 */
async function smsaNumbersFree(request: APIRequestContext, token: string): Promise<void> {
  const stock = await api<{ carriers: { carrierId: number; carrierCode: string; free: number }[] }>(
    request,
    'POST',
    '/trackingNo/stock',
    { token, body: {} },
  );
  const smsa = stock.carriers.find((c) => c.carrierCode === 'SMSA')!;
  if (smsa.free >= 5) return;
  const fresh = Array.from({ length: 5 }, (_, i) => `E2E${Date.now()}${i}`);
  const res = await request.fetch(`${API}/trackingNo/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'local-lang': 'en' },
    // The carrier field goes before the file: the server reads the fields that precede it.
    multipart: {
      carrierId: String(smsa.carrierId),
      file: {
        name: 'pool.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`Tracking no\n${fresh.join('\n')}\n`),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A DEMO order to Riyadh with an Arabic consignee, made by staff and received at the warehouse. */
async function madeAndReceived(request: APIRequestContext, customerNo: string): Promise<Made> {
  const admin = (
    await api<{ token: string }>(request, 'POST', '/login', {
      body: { username: 'admin', password: 'admin123' },
    })
  ).token;
  await smsaNumbersFree(request, admin);
  const customers = await api<{ recId: number; code: string }[]>(request, 'POST', '/customer/getCustomers', {
    token: admin,
    body: { keyword: 'DEMO' },
  });
  const channels = await api<{ recId: number; code: string }[]>(request, 'POST', '/shipping/list/simple', {
    token: admin,
    body: {},
  });
  const regionIds: number[] = [];
  for (const code of ['SA', 'SA-RI', 'SA-RI-RUH', 'SA-RI-RUH-OL']) {
    const page = await api<{ records: { recId: number; code: string }[] }>(request, 'POST', '/region/list', {
      token: admin,
      body: { keyword: code, pageSize: 50 },
    });
    regionIds.push(page.records.find((r) => r.code === code)!.recId);
  }
  const order = await api<Made>(request, 'POST', '/order/create', {
    token: admin,
    body: {
      customerId: customers.find((c) => c.code === 'DEMO')!.recId,
      customerNo,
      channelId: channels.find((c) => c.code === 'CN-SA-AIR-COD')!.recId,
      consignee: {
        name: 'محمد العلي',
        phone: '+966 50 123 4567',
        regionIds,
        address: 'شارع الملك فهد 12، مبنى 7',
        postcode: '12214',
      },
      weight: '1.250',
      isCod: true,
      codAmount: '199.00',
      codCurrency: 'SAR',
      goods: [{ nameEn: 'T-shirt', nameCn: 'T恤', quantity: 2, hsCode: '610910', unitPrice: '9.90' }],
    },
  });
  const received = await api<{ kind: string; order: Made }>(
    request,
    'POST',
    `/order/receive/${order.trackingNo}`,
    {
      token: admin,
      body: {},
    },
  );
  expect(received.kind).toBe('ok');
  return received.order;
}

async function logIn(browser: Browser, username: string, password: string, lang = 'en'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/login?lang=${lang}`);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 30_000 });
  return page;
}

test('a visitor tracks an order on /search: its timeline in Arabic, right to left, and in Chinese', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const order = await madeAndReceived(request, 'E2E-TRK-1');
  const inArabic = await api<{ track: { statusName: string; events: { name: string }[] } }[]>(
    request,
    'GET',
    `/tracking/query/${order.trackingNo}`,
    { lang: 'ar' },
  );
  const arTrack = inArabic[0]!.track;
  expect(arTrack.events.length).toBeGreaterThanOrEqual(2);

  const page = await (await browser.newContext()).newPage();
  await page.goto('/search?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // A visitor: no login needed, the header offers the language and a login button.
  await expect(page.getByTestId('login-button')).toBeVisible();
  await expect(page.getByTestId('language-select')).toBeVisible();

  await page.getByTestId('track-input').fill(`${order.trackingNo}\nGL0000000000`);
  await page.getByTestId('track-submit').click();
  const card = page.locator(`[data-testid="track-result"][data-tracking-no="${order.trackingNo}"]`);
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.getByTestId('track-status')).toHaveText(arTrack.statusName);
  const events = card.getByTestId('track-event');
  await expect(events).toHaveCount(arTrack.events.length);
  await expect(events.first()).toContainText(arTrack.events[0]!.name);
  await expect(page.getByTestId('track-not-found')).toContainText('GL0000000000');
  await expect(page).toHaveURL(new RegExp(`no=${order.trackingNo}`));

  // Right to left: the card's title sits at the right of its status, the timeline's rail at the
  // right of its text.
  const title = await card.getByTestId('track-title').boundingBox();
  const status = await card.getByTestId('track-status').boundingBox();
  expect(title!.x).toBeGreaterThan(status!.x);
  const timeline = card.getByTestId('track-timeline');
  expect(await timeline.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  const dot = await timeline.getByTestId('track-dot').first().boundingBox();
  const text = await events.first().boundingBox();
  expect(dot!.x).toBeGreaterThan(text!.x);
  await page.screenshot({ path: 'test-results/search-ar.png', fullPage: true });

  const inChinese = await api<{ track: { statusName: string } }[]>(
    request,
    'GET',
    `/tracking/query/${order.trackingNo}`,
    { lang: 'cn' },
  );
  await page.goto(`/search?lang=cn&no=${order.trackingNo}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(card.getByTestId('track-status')).toHaveText(inChinese[0]!.track.statusName);
  await expect(card.getByTestId('track-destination')).toContainText('SA');
  await page.screenshot({ path: 'test-results/search-cn.png', fullPage: true });
});

test('staff print a label: the PDF opens, is 100 × 150 mm, and its barcodes decode with ZXing', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const order = await madeAndReceived(request, 'E2E-TRK-2');
  const page = await logIn(browser, 'operator', 'operator123');

  const answer = page.waitForResponse((r) => r.url().endsWith(`${API}/order/batchPrintLabel`));
  await page.goto(`/print/printPDF?ids=${order.recId}`);
  const res = await answer;
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { pdf: { base64: string; pages: number } } };
  const pdf = new Uint8Array(Buffer.from(body.data.pdf.base64, 'base64'));
  expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  expect(await pdfPageSizesMm(pdf)).toEqual([{ width: 100, height: 150 }]);
  const codes = await pdfBarcodes(pdf, 0);
  expect(codes[0]).toBe(order.trackingNo);
  // Received with a free number in the pool, the order has its carrier's number: the second code.
  expect(order.carrierTrackingNo, 'the received order has a carrier tracking no').toMatch(
    /^[A-Z0-9-]{6,40}$/,
  );
  expect(codes[1]).toBe(order.carrierTrackingNo);

  const frame = page.getByTestId('print-frame');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('src', /^blob:/);
  await expect(page.getByTestId('print-pages')).toHaveText('1 page');
  // The browser's PDF viewer draws in its own process: give it a moment before the picture.
  await page.waitForTimeout(2000);
  await page.screenshot({ path: 'test-results/print-pdf.png' });

  // The label itself, as a person would see it printed (when poppler's pdftoppm is installed).
  const file = testInfo.outputPath('label.pdf');
  writeFileSync(file, pdf);
  try {
    execFileSync('pdftoppm', ['-png', '-r', '150', '-singlefile', file, 'test-results/label']);
  } catch {
    testInfo.annotations.push({ type: 'note', description: 'pdftoppm is not installed: no label picture' });
  }

  // The same label as HTML for the browser's print dialog.
  await page.goto(`/print/printCode?ids=${order.recId}`);
  const sheet = page.locator(`[data-testid="label-sheet"][data-tracking-no="${order.trackingNo}"]`);
  await expect(sheet).toBeVisible({ timeout: 15_000 });
  await expect(sheet).toContainText('199.00 SAR');
  await expect(sheet).toContainText('محمد العلي');
  await expect(sheet.locator('img').first()).toHaveJSProperty('complete', true);
  await sheet.screenshot({ path: 'test-results/print-code.png' });
});

test('staff preview commercial invoices by tracking no and print them as PDF', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const order = await madeAndReceived(request, 'E2E-TRK-3');
  const page = await logIn(browser, 'admin', 'admin123', 'ar');
  await page.goto('/admin/export/invoice');
  await page.getByTestId('invoice-input').fill(`${order.trackingNo.toLowerCase()}, GL0000000000`);
  await page.getByTestId('invoice-preview').click();
  const row = page.getByTestId('invoice-list').locator('tr.ant-table-row', { hasText: order.trackingNo });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('محمد العلي');
  await expect(row.getByTestId('invoice-totals')).toHaveText('19.80 USD');
  await expect(page.getByTestId('invoice-not-found')).toContainText('GL0000000000');
  await row.locator('.ant-table-row-expand-icon').click();
  await expect(page.locator('.ant-table-expanded-row')).toContainText('610910');
  await page.screenshot({ path: 'test-results/invoice-ar.png', fullPage: true });

  const popup = page.context().waitForEvent('page');
  await page.getByTestId('invoice-print').click();
  const print = await popup;
  const res = await print.waitForResponse((r) => r.url().endsWith(`${API}/order/batchPrintInvoice`));
  const body = (await res.json()) as { data: { pdf: { base64: string } } };
  const pdf = new Uint8Array(Buffer.from(body.data.pdf.base64, 'base64'));
  expect(await pdfPageSizesMm(pdf)).toEqual([{ width: 210, height: 297 }]);
  expect(await pdfBarcodes(pdf, 0)).toEqual([order.trackingNo]);
  await expect(print.getByTestId('print-frame')).toHaveAttribute('src', /^blob:/);
});
