import { expect, request as playwrightRequest, test } from './fixtures.ts';
import {
  Api,
  type Bill,
  controlledByServiceWorker,
  logIn,
  lookups,
  makeOrders,
  wedge,
} from './pda-support.ts';

/**
 * Issue 40, Background Sync (src/web/pda/outbox/background-sync.ts, src/web/sw/outbox-sync.ts):
 * scans queued offline reach the server from the service worker after the page was closed. The
 * browser's sync event (fired when connectivity returns) is dispatched through the DevTools
 * protocol, as Chromium's own tests do: the emulated network state is not the one the browser's
 * sync scheduler watches.
 */
test.use({
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  locale: 'en-GB',
  serviceWorkers: 'allow',
});

test('scans queued offline are sent by the service worker after the page was closed', async ({
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const http = await playwrightRequest.newContext({ baseURL });
  const admin = await Api.login(http, 'admin', 'admin123');
  const customer = await Api.login(http, 'demo', 'demo123');
  const ids = await lookups(admin);
  const codes = await makeOrders(customer, admin, ids, 5);
  const bill = await admin.ok<Bill>('POST', '/lading/create', { channelId: ids.channelId });
  const onServer = async () =>
    (await admin.ok<{ items: { trackingNo: string }[] }>('GET', `/lading/detail/${bill.recId}`)).items;

  const page = await context.newPage();
  await logIn(page);
  await controlledByServiceWorker(page);
  await page.goto(`/pda/scan/lading?bill=${bill.recId}`);
  await expect(page.getByTestId('bill-no')).toHaveText(bill.no);

  await context.setOffline(true);
  await expect(page.getByTestId('online-state')).toHaveAttribute('data-online', 'false');
  for (const code of codes) await wedge(page, code);
  await expect(page.getByTestId('bill-waiting')).toContainText('5', { timeout: 30_000 });
  // The page asked the browser for a sync, and left the worker a copy of its session.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.ready) as unknown as {
          sync?: { getTags(): Promise<string[]> };
        };
        return (await registration.sync?.getTags()) ?? [];
      }),
    )
    .toContain('pda-outbox');
  expect(await onServer()).toEqual([]);

  // The app is closed; the network returns; the browser fires the sync.
  await page.close();
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect
    .poll(() => registrations.filter((r) => r.scopeURL.startsWith(baseURL!)).length)
    .toBeGreaterThan(0);
  const registration = registrations.find((r) => r.scopeURL.startsWith(baseURL!) && !r.isDeleted)!;
  await context.setOffline(false);
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(baseURL!).origin,
    registrationId: registration.registrationId,
    tag: 'pda-outbox',
    lastChance: false,
  });
  await expect
    .poll(async () => (await onServer()).length, { timeout: 60_000, intervals: [500] })
    .toBe(codes.length);
  const detail = await admin.ok<{ items: { trackingNo: string }[]; itemCount: number }>(
    'GET',
    `/lading/detail/${bill.recId}`,
  );
  expect(detail.itemCount).toBe(codes.length);
  expect(new Set(detail.items.map((i) => i.trackingNo))).toEqual(new Set(codes));

  // Opened again, the app finds them answered, sends nothing twice; the session copy is gone.
  const again = await context.newPage();
  await again.goto(`/pda/scan/lading?bill=${bill.recId}`);
  await expect(again.getByTestId('bill-no')).toHaveText(bill.no);
  await expect(again.locator('[data-testid="scan-row"][data-state="done"]')).toHaveCount(codes.length);
  expect((await onServer()).length).toBe(codes.length);
  const copy = await again.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('pda-sync');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('session')) return resolve(undefined);
          const get = db.transaction('session').objectStore('session').get(1);
          get.onsuccess = () => resolve(get.result);
        };
      }),
  );
  expect(copy).toBeUndefined();
});
