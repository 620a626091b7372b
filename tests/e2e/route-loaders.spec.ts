import { logIn } from './desk-support.ts';
import { expect, type Page, test } from './fixtures.ts';

/**
 * Issue 43: a desk list route loads its page before rendering (its loader over the options the
 * screen reads). While the call is slow the route's pending view shows; a failed call shows the
 * route's error view inside the layout, and "Try again" runs the loader again.
 */

/** Holds the order list's calls (not the page itself) for `ms`, or answers them with `status`. */
async function holdOrderList(page: Page, how: { ms?: number; status?: number }) {
  await page.route(
    (url) => url.pathname.endsWith('/order/list') && !url.pathname.startsWith('/admin'),
    async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      if (how.status) return route.fulfill({ status: how.status, body: '{"code":500,"msg":"down"}' });
      await new Promise((r) => setTimeout(r, how.ms ?? 0));
      return route.continue();
    },
  );
}

test('the order list: pending view while its loader waits, then the page of the URL', async ({
  browser,
}, info) => {
  test.setTimeout(120_000);
  const page = await logIn(browser, 'admin', 'admin123', 'en');
  await holdOrderList(page, { ms: 4_000 });
  await page.goto('/admin/order/list');
  await expect(page.getByTestId('route-pending')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('order-table')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('order-list-pending.png') });
  await expect(page.getByTestId('order-table')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('route-pending')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('order-list-loaded.png') });
});

test("the order list: a failed load is the route's error view, and Try again loads it", async ({
  browser,
}, info) => {
  test.setTimeout(120_000);
  const page = await logIn(browser, 'admin', 'admin123', 'en');
  await holdOrderList(page, { status: 500 });
  await page.goto('/admin/order/list');
  await expect(page.getByTestId('route-error')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: info.outputPath('order-list-error.png') });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.getByTestId('route-error-retry').click();
  await expect(page.getByTestId('order-table')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('route-error')).toHaveCount(0);
});
