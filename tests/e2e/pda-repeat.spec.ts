import { join } from 'node:path';
import { expect, type Page, request as playwrightRequest, test } from './fixtures.ts';
import { Api, type Bill, logIn, lookups, makeOrders, SHOTS, wedge } from './pda-support.ts';

/**
 * A scanner or camera that reads one label twice within the debounce window (issue 40): the
 * second read is not sent again, and the operator hears and sees that it was heard (a short blip,
 * a tiny buzz and an "already scanned" banner) instead of silence.
 */
test.use({
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
});

/** The buzz patterns the page asked for, in order. */
async function recordBuzzes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const buzzes: unknown[] = [];
    (window as unknown as { buzzes: unknown[] }).buzzes = buzzes;
    Object.defineProperty(navigator, 'vibrate', {
      configurable: true,
      value: (pattern: unknown) => {
        buzzes.push(pattern);
        return true;
      },
    });
  });
}

const buzzes = (page: Page) => page.evaluate(() => (window as unknown as { buzzes: unknown[] }).buzzes);

test('a repeat within the debounce window says "already scanned", once, and is not sent', async ({
  page,
  baseURL,
}) => {
  const http = await playwrightRequest.newContext({ baseURL });
  const admin = await Api.login(http, 'admin', 'admin123');
  const customer = await Api.login(http, 'demo', 'demo123');
  const ids = await lookups(admin);
  const [code, other] = await makeOrders(customer, admin, ids, 2);
  const bill = await admin.ok<Bill>('POST', '/lading/create', { channelId: ids.channelId });

  await recordBuzzes(page);
  await logIn(page);
  await page.goto(`/pda/scan/lading?bill=${bill.recId}`);
  await expect(page.getByTestId('bill-no')).toHaveText(bill.no);
  const last = page.getByTestId('last-scan');

  await wedge(page, code!);
  await expect(last).toHaveAttribute('data-feedback', 'accepted');
  await expect(last).toHaveAttribute('data-code', code!);
  await wedge(page, code!);
  await expect(last).toHaveAttribute('data-feedback', 'repeat');
  await expect(last).toContainText('已扫描过');
  await page.screenshot({ path: join(SHOTS, 'pda-repeat-cn.png') });
  // A third read in the same window is still taken once, and not announced again.
  await wedge(page, code!);
  expect(await buzzes(page)).toEqual([[40], [20]]);

  // Another code is taken at once; the bill holds each code once.
  await wedge(page, other!);
  await expect(last).toHaveAttribute('data-code', other!);
  await expect(last).toHaveAttribute('data-feedback', 'accepted');
  await expect(page.getByTestId('bill-count')).toHaveText('2 件');
  await expect(page.locator(`[data-testid="scan-row"][data-code="${code}"]`)).toHaveCount(1);

  // Arabic, right to left.
  await page.getByTestId('language-button').tap();
  await page.locator('[data-locale="ar"]').tap();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // Twice: the first read may fall inside the window of the last one or not, the second does.
  await wedge(page, other!);
  await wedge(page, other!);
  await expect(last).toHaveAttribute('data-feedback', 'repeat');
  await expect(last).toContainText('تم مسحه بالفعل');
  await page.screenshot({ path: join(SHOTS, 'pda-repeat-ar.png') });
});
