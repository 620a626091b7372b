import { join } from 'node:path';
import { expect, type Page, request as playwrightRequest, test } from './fixtures.ts';
import {
  Api,
  type Bill,
  controlledByServiceWorker,
  type Ids,
  logIn,
  lookups,
  makeOrders,
  SHOTS,
  wedge,
} from './pda-support.ts';

/**
 * Refusals judged on the device from the scan snapshot (issue 40): with no network at all, a scan
 * into a lading bill of a number no order has, of an order in another bill, held by an
 * interception or cancelled is refused at once, in the server's own words and with its sound; an
 * order the snapshot lets in but the server refuses (intercepted after the snapshot was taken)
 * needs attention, counted as a disagreement: the server's answer stands.
 */
test.use({
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
  serviceWorkers: 'allow',
});

const row = (page: Page, code: string) => page.locator(`[data-testid="scan-row"][data-code="${code}"]`);

let admin: Api;
let ids: Ids;

test.beforeAll(async ({ baseURL }) => {
  const http = await playwrightRequest.newContext({ baseURL });
  admin = await Api.login(http, 'admin', 'admin123');
  ids = await lookups(admin);
});

const orderId = async (trackingNo: string) =>
  (
    await admin.ok<{ records: { recId: number }[] }>('POST', '/order/list', {
      trackingNos: trackingNo,
      pageSize: 1,
    })
  ).records[0]!.recId;

test('offline refusals from the snapshot in the server’s words; a disagreement needs attention', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const http = await playwrightRequest.newContext({ baseURL });
  const customer = await Api.login(http, 'demo', 'demo123');
  const [fine, elsewhere, intercepted, cancelled, later] = await makeOrders(customer, admin, ids, 5);
  const bill = await admin.ok<Bill>('POST', '/lading/create', { channelId: ids.channelId });
  const other = await admin.ok<Bill>('POST', '/lading/create', { channelId: ids.channelId });
  await admin.ok('POST', `/lading/scanTrackingNo/${other.recId}`, { trackingNo: elsewhere });
  await admin.ok('POST', `/order/interceptOrder/${await orderId(intercepted!)}`, { reason: 'held' });
  await admin.ok('POST', '/order/cancelOrder', { ids: [await orderId(cancelled!)] });
  const unknown = 'ZZ0000000777';

  await logIn(page);
  await controlledByServiceWorker(page);
  await page.locator('[data-task="lading"] a').tap();
  await page.locator(`[data-testid="bill-option"][data-bill-no="${bill.no}"]`).tap();
  await expect(page.getByTestId('bill-no')).toHaveText(bill.no);
  // The snapshot's age is on screen once it is on the device.
  const age = page.getByTestId('snapshot-age');
  await expect(age).not.toHaveAttribute('data-age', 'none', { timeout: 30_000 });
  await expect(age).toContainText('Snapshot');

  // No network at all from here; the server intercepts one more order meanwhile.
  await context.setOffline(true);
  await expect(page.getByTestId('online-state')).toHaveAttribute('data-online', 'false');
  await admin.ok('POST', `/order/interceptOrder/${await orderId(later!)}`, { reason: 'late' });

  const refusedHere = [unknown, elsewhere!, intercepted!, cancelled!];
  for (const code of refusedHere) {
    await wedge(page, code);
    await expect(row(page, code)).toHaveAttribute('data-state', 'invalid');
    await expect(page.getByTestId('last-scan')).toHaveAttribute('data-code', code);
    await expect(page.getByTestId('last-scan')).toHaveAttribute('data-feedback', 'rejected');
  }
  await wedge(page, fine!);
  await wedge(page, later!);
  await expect(row(page, fine!)).toHaveAttribute('data-state', 'queued');
  await expect(row(page, later!)).toHaveAttribute('data-snapshot', 'accept');
  await expect(page.getByTestId('bill-waiting')).toContainText('2');
  await page.screenshot({ path: join(SHOTS, 'pda-snapshot-offline-en.png') });

  // The words are the server's: the same scans sent to it are refused with the same messages.
  for (const code of refusedHere) {
    const direct = await admin.call(
      'POST',
      `/lading/scanTrackingNo/${bill.recId}`,
      { trackingNo: code },
      'en',
    );
    expect(direct.status, code).toBe(409);
    await expect(row(page, code).getByTestId('row-message')).toHaveText(direct.msg);
  }
  await expect(row(page, elsewhere!).getByTestId('row-message')).toContainText(other.no);

  // Online: the scan the snapshot let in is refused by the server, whose answer stands.
  await context.setOffline(false);
  await expect(row(page, fine!)).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  const late = row(page, later!);
  await expect(late).toHaveAttribute('data-state', 'attention', { timeout: 60_000 });
  const direct = await admin.call(
    'POST',
    `/lading/scanTrackingNo/${bill.recId}`,
    { trackingNo: later },
    'en',
  );
  expect(direct.status).toBe(409);
  await expect(late.getByTestId('row-message')).toHaveText(direct.msg);
  await expect(late.getByTestId('row-disagreed')).toBeVisible();
  await expect(page.getByTestId('bill-attention')).toContainText('1 needs attention');
  await expect(page.getByTestId('bill-disagreed')).toContainText('1');
  await page.screenshot({ path: join(SHOTS, 'pda-snapshot-disagreed-en.png') });
  const detail = await admin.ok<{ items: { trackingNo: string }[] }>('GET', `/lading/detail/${bill.recId}`);
  expect(detail.items.map((i) => i.trackingNo)).toEqual([fine]);
});
