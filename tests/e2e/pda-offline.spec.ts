import { join } from 'node:path';
import { expect, type Page, request as playwrightRequest, test } from './fixtures.ts';
import {
  Api,
  type Bill,
  controlledByServiceWorker,
  type Ids,
  imeWedgeInPage,
  logIn,
  lookups,
  makeOrders,
  SHOTS,
  wedge,
  wedgeInPage,
} from './pda-support.ts';

/**
 * The PDA's offline outbox end to end (issue 6 acceptance): a handheld scanner (phone viewport,
 * Chinese) scans into a lading bill offline by keyboard-wedge bursts, reloads offline, comes back
 * online, and the server ends up with every valid scan exactly once. Orders and bills are made
 * through the API as the desk would make them.
 */
test.use({
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
  // The PDA is an offline app: its service worker runs in these tests.
  serviceWorkers: 'allow',
});

const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

const rows = (page: Page, state?: string) =>
  page.locator(state ? `[data-testid="scan-row"][data-state="${state}"]` : '[data-testid="scan-row"]');

let admin: Api;
let ids: Ids;

test.beforeAll(async ({ baseURL }) => {
  const http = await playwrightRequest.newContext({ baseURL });
  admin = await Api.login(http, 'admin', 'admin123');
  ids = await lookups(admin);
});

test('offline: 200 wedge scans into a lading bill survive a reload and reach the server once each', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const http = await playwrightRequest.newContext({ baseURL });
  const customer = await Api.login(http, 'demo', 'demo123');
  const made = await makeOrders(customer, admin, ids, 191);
  const valid = made.slice(0, 190);
  // Cancelled while the scanner is offline: its snapshot still lets it in, the server refuses it.
  const held = made[190]!;
  const bill = await admin.ok<Bill>('POST', '/lading/create', { channelId: ids.channelId });
  const packages = await admin.ok<Bill & { orderTypeName: string }>('POST', '/lading/create', {
    channelId: ids.channelId,
    orderType: 2,
  });
  const unknown = 'ZZ0000000404';
  const [heldOrder] = (
    await admin.ok<{ records: { recId: number }[] }>('POST', '/order/list', {
      trackingNos: held,
      pageSize: 1,
    })
  ).records;

  await logIn(page);
  await controlledByServiceWorker(page);
  // The home screen: the tasks and an empty outbox.
  await expect(page.getByTestId('scan-tasks').locator('[data-task]')).toHaveCount(8);
  await expect(page.getByTestId('outbox-summary')).toHaveAttribute('data-queued', '0');

  // Choose the bill while online, so its list and content are on the device.
  await page.locator('[data-task="lading"] a').tap();
  await expect(page).toHaveURL(/\/pda\/scan\/lading$/);
  // A bill of packages is marked as one (it takes package numbers), a bill of orders is not.
  const option = (no: string) => page.locator(`[data-testid="bill-option"][data-bill-no="${no}"]`);
  await expect(option(packages.no)).toContainText(`${packages.orderTypeName} · `);
  await expect(option(bill.no)).not.toContainText(packages.orderTypeName);
  await option(bill.no).tap();
  await expect(page).toHaveURL(new RegExp(`bill=${bill.recId}`));
  await expect(page.getByTestId('bill-no')).toHaveText(bill.no);
  await expect(page.getByTestId('bill-count')).toHaveText('0 件');
  await expect(page.getByTestId('scan-input')).toBeFocused();
  // The scan snapshot is on the device (the server's rule judges scans here from it).
  await expect(page.getByTestId('snapshot-age')).not.toHaveAttribute('data-age', 'none', { timeout: 30_000 });

  await context.setOffline(true);
  await expect(page.getByTestId('online-state')).toHaveAttribute('data-online', 'false');
  await admin.ok('POST', '/order/cancelOrder', { ids: [heldOrder!.recId] });

  // 190 valid numbers, 9 of them scanned a second time later on, and one cancelled meanwhile.
  const duplicates = [3, 20, 25, 47, 88, 101, 120, 140, 160].map((i) => valid[i]!);
  const sequence: string[] = [];
  valid.forEach((code, i) => {
    sequence.push(code);
    if (i === 60) sequence.push(held);
    if (i >= 10 && i % 20 === 10) sequence.push(duplicates[(i - 10) / 20]!);
  });
  expect(sequence).toHaveLength(200);
  for (const code of sequence) await wedge(page, code);

  // The screen lists the newest scans (not every one of a long session) and counts them all.
  await expect(page.getByTestId('bill-waiting')).toContainText('191', { timeout: 30_000 });
  const newest = page.locator(`[data-testid="scan-row"][data-code="${sequence.at(-1)}"]`);
  await expect(newest).toHaveAttribute('data-state', 'queued');
  await expect(page.locator(`[data-testid="scan-row"][data-code="${valid[0]}"]`)).toHaveCount(0);
  await expect(rows(page, 'duplicate')).toHaveCount(9);
  for (const code of duplicates)
    await expect(
      page.locator(`[data-testid="scan-row"][data-state="duplicate"][data-code="${code}"]`),
    ).toHaveCount(1);
  await expect(page.getByTestId('bill-count')).toHaveText('191 件');
  await page.screenshot({ path: join(SHOTS, 'pda-scan-offline-cn.png') });

  // A reload while offline: the queue is still there.
  await page.reload();
  await expect(page.getByTestId('online-state')).toHaveAttribute('data-online', 'false');
  await expect(page.getByTestId('bill-no')).toHaveText(bill.no);
  await expect(page.getByTestId('bill-waiting')).toContainText('191');
  await expect(newest).toHaveAttribute('data-state', 'queued');
  await page.screenshot({ path: join(SHOTS, 'pda-scan-reloaded-cn.png') });
  // No order has this number: the snapshot says so at once, offline (after the
  // reload too), and it is not queued.
  await wedge(page, unknown);
  const unknownRow = page.locator(`[data-testid="scan-row"][data-code="${unknown}"]`);
  await expect(unknownRow).toHaveAttribute('data-state', 'invalid');
  await expect(page.getByTestId('last-scan')).toHaveAttribute('data-feedback', 'rejected');

  // Back online: the server comes to hold every valid scan once. How fast (the 10 s target) is
  // measured by bench/pda's replay on a quiet machine; here the wait allows for a loaded CI machine.
  await context.setOffline(false);
  const started = Date.now();
  await expect
    .poll(
      async () =>
        (await admin.ok<{ items: { trackingNo: string }[] }>('GET', `/lading/detail/${bill.recId}`)).items
          .length,
      { timeout: 90_000, intervals: [250] },
    )
    .toBe(190);
  console.info(`190 queued scans reached the server ${Date.now() - started} ms after going online`);
  const detail = await admin.ok<{ items: { trackingNo: string }[]; itemCount: number }>(
    'GET',
    `/lading/detail/${bill.recId}`,
  );
  expect(detail.itemCount).toBe(190);
  expect(new Set(detail.items.map((i) => i.trackingNo))).toEqual(new Set(valid));

  // The device refused the unknown number in the server's own words.
  const direct404 = await admin.call('POST', `/lading/scanTrackingNo/${bill.recId}`, { trackingNo: unknown });
  expect(direct404.status).toBe(409);
  await expect(unknownRow.getByTestId('row-message')).toHaveText(direct404.msg);
  // The order cancelled after the snapshot waits for the operator with the server's own message,
  // listed however old: the server's answer stands against the snapshot's.
  const refused = page.locator(`[data-testid="scan-row"][data-code="${held}"]`);
  await expect(refused).toHaveAttribute('data-state', 'attention');
  await expect(refused).toHaveAttribute('data-snapshot', 'accept');
  const direct = await admin.call('POST', `/lading/scanTrackingNo/${bill.recId}`, { trackingNo: held });
  expect(direct.status).toBe(409);
  await expect(refused.getByTestId('row-message')).toHaveText(direct.msg);
  await expect(refused.getByTestId('row-disagreed')).toBeVisible();
  await expect(page.getByTestId('bill-disagreed')).toContainText('1');
  await expect(page.getByTestId('bill-waiting')).toHaveCount(0);
  await expect(page.getByTestId('bill-attention')).toContainText('1');
  await expect(rows(page, 'queued')).toHaveCount(0);
  await expect(newest).toHaveAttribute('data-state', 'done');
  await page.screenshot({ path: join(SHOTS, 'pda-scan-online-cn.png'), fullPage: false });

  // Home: one entry needs attention; the outbox screen offers retry and discard.
  await page.getByTestId('screen-back').tap();
  await expect(page.getByTestId('outbox-summary')).toHaveAttribute('data-attention', '1');
  await expect(page.getByTestId('outbox-summary')).toHaveAttribute('data-queued', '0');
  await page.screenshot({ path: join(SHOTS, 'pda-home-cn.png') });
  await page.getByTestId('outbox-summary').tap();
  await expect(page.getByTestId('outbox-tab-attention')).toBeVisible();
  await expect(rows(page, 'attention')).toHaveCount(1);
  await page.getByTestId('row-discard-button').tap();
  await page.getByTestId('discard-confirm').tap();
  await expect(page.getByTestId('outbox-empty')).toBeVisible();

  // Arabic, right to left.
  await page.getByTestId('screen-back').tap();
  await page.getByTestId('language-button').tap();
  await page.locator('[data-locale="ar"]').tap();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await settled(page);
  await page.screenshot({ path: join(SHOTS, 'pda-home-ar.png') });
  await page.locator('[data-task="lading"] a').tap();
  // A bill's line reads right to left by its parts, whatever their script: the first at the right.
  const parts = option(packages.no).getByTestId('bill-line').locator('bdi');
  await expect(parts).toHaveCount(4);
  // The line may wrap: the first part starts at the right of the second, or on a line above it.
  const firstLeads = await parts.evaluateAll((els) => {
    const [a, b] = els.slice(0, 2).map((e) => e.getClientRects()[0]!);
    return a!.bottom <= b!.top + 1 || (Math.abs(a!.top - b!.top) <= 1 && a!.right > b!.right);
  });
  expect(firstLeads).toBe(true);
  await option(bill.no).tap();
  await expect(page.getByTestId('bill-no')).toHaveText(bill.no);
  // Bursts recognised as a scanner's: with the focus nowhere, and through an input method.
  await wedgeInPage(page, valid[0]!);
  const last = page.getByTestId('last-scan');
  await expect(last).toHaveAttribute('data-code', valid[0]!);
  await expect(last).toHaveAttribute('data-source', 'scanner');
  await expect(last).toHaveAttribute('data-feedback', 'duplicate');
  await imeWedgeInPage(page, valid[1]!);
  await expect(last).toHaveAttribute('data-code', valid[1]!);
  await expect(last).toHaveAttribute('data-source', 'scanner');
  await wedge(page, 'BAD');
  await expect(last).toHaveAttribute('data-feedback', 'rejected');
  await page.screenshot({ path: join(SHOTS, 'pda-scan-ar.png') });
  // The server's refusal in Arabic, said by the device: its number isolated, so the sentence keeps
  // its order.
  const unknownAr = 'ZZ0000000405';
  await wedge(page, unknownAr);
  const refusedAr = page.locator(`[data-testid="scan-row"][data-code="${unknownAr}"]`);
  await expect(refusedAr).toHaveAttribute('data-state', 'invalid');
  await expect(refusedAr.getByTestId('row-message')).toHaveText(
    `لا يوجد طلب برقم التتبع \u2068${unknownAr}\u2069`,
  );
  await page.screenshot({ path: join(SHOTS, 'pda-scan-refused-ar.png') });
  await page.getByTestId('language-button').tap();
  await page.locator('[data-locale="cn"]').tap();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('confirm pickup offline, then online', async ({ page, context, baseURL }) => {
  const http = await playwrightRequest.newContext({ baseURL });
  const customer = await Api.login(http, 'demo', 'demo123');
  const [code] = await makeOrders(customer, admin, ids, 1);
  const bill = await admin.ok<Bill>('POST', '/lading/create', { channelId: ids.channelId });
  await admin.ok('POST', `/lading/scanTrackingNo/${bill.recId}`, { trackingNo: code });
  await admin.ok('POST', '/lading/confirm', { ids: [bill.recId] });

  await logIn(page);
  await controlledByServiceWorker(page);
  await page.locator('[data-task="pickup"] a').tap();
  const option = page.locator(`[data-testid="bill-option"][data-bill-no="${bill.no}"]`);
  await expect(option).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByTestId('online-state')).toHaveAttribute('data-online', 'false');
  await option.tap();
  await page.getByTestId('action-confirm').tap();
  const row = page.locator('[data-testid="scan-row"][data-kind="lading.pickup"]');
  await expect(row).toHaveAttribute('data-state', 'queued');
  await expect(option).toHaveCount(0);
  await settled(page);
  await page.screenshot({ path: join(SHOTS, 'pda-pickup-offline-cn.png') });

  await context.setOffline(false);
  await expect(row).toHaveAttribute('data-state', 'done', { timeout: 10_000 });
  const after = await admin.ok<{ pickupStatus: number }>('GET', `/lading/detail/${bill.recId}`);
  expect(after.pickupStatus).toBe(2);
});

test('exchange scan shows the last-mile label to relabel with', async ({ page, baseURL }) => {
  const http = await playwrightRequest.newContext({ baseURL });
  const customer = await Api.login(http, 'demo', 'demo123');
  const [code] = await makeOrders(customer, admin, ids, 1);
  const bill = await admin.ok<Bill>('POST', '/lading/create', { channelId: ids.channelId });
  await admin.ok('POST', `/lading/scanTrackingNo/${bill.recId}`, { trackingNo: code });
  await admin.ok('POST', '/lading/confirm', { ids: [bill.recId] });
  await admin.ok('POST', `/lading/confirm/pickup/${bill.recId}`, {});
  const order = await admin.ok<{ records: { carrierTrackingNo: string | null }[] }>('POST', '/order/list', {
    trackingNos: code,
  });
  const carrierNo = order.records[0]?.carrierTrackingNo;
  expect(carrierNo, 'the order drew a last-mile number at receipt').toBeTruthy();

  await logIn(page);
  await page.locator('[data-task="exchange"] a').tap();
  await expect(page.getByTestId('scan-input')).toBeFocused();
  await wedge(page, code!);
  const row = page.locator(`[data-testid="scan-row"][data-code="${code}"]`);
  await expect(row).toHaveAttribute('data-state', 'done');
  await expect(row.getByTestId('relabel-no')).toHaveText(carrierNo!);
  await page.screenshot({ path: join(SHOTS, 'pda-exchange-cn.png') });
});
