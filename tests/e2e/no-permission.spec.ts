import { logIn } from './desk-support.ts';
import { expect, type Page, test } from './fixtures.ts';

/**
 * A desk page the account's menus do not hold, opened by its address: the translated 403 page
 * inside the layout (side menu and tabs stay), with a way home, and no call the server refuses —
 * never a blank screen, a toast of refusals, a misleading "not found" or a spinner.
 */

const refusedCalls = (page: Page) => {
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() === 403) refused.push(new URL(r.url()).pathname);
  });
  return refused;
};

const forbidden = (page: Page) => page.locator('[data-testid="status-page"][data-code="403"]');

test('a customer opening a staff-only page sees the no-permission page', async ({ browser }) => {
  const page = await logIn(browser, 'demo', 'demo123', 'en');
  const refused = refusedCalls(page);
  await page.goto('/admin/system/account');
  await expect(forbidden(page)).toBeVisible();
  await expect(forbidden(page)).toContainText('You do not have permission to open this page');
  // Inside the layout: the customer's own menu is still there to go on with.
  await expect(page.getByTestId('side-menu')).toContainText('Customer centre');
  await expect(page.locator('.ant-message-notice, .ant-notification-notice')).toHaveCount(0);

  // The staff order list, which the server would answer with the customer's own orders, is not
  // in the customer's menus either.
  await page.goto('/admin/order/list');
  await expect(forbidden(page)).toBeVisible();
  expect(refused).toEqual([]);

  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(forbidden(page)).toHaveCount(0);
  await page.context().close();
});

test('the operator opening a page of a permission it lacks sees it in Arabic', async ({ browser }) => {
  const page = await logIn(browser, 'operator', 'operator123', 'ar');
  const refused = refusedCalls(page);
  await page.goto('/admin/priceManage/feeDetail');
  await expect(forbidden(page)).toBeVisible();
  await expect(forbidden(page)).toContainText('ليس لديك صلاحية لفتح هذه الصفحة');
  // A detail page is held by its list's entry: no list, no detail.
  await page.goto('/admin/priceManage/feeDetail/1');
  await expect(forbidden(page)).toBeVisible();
  expect(refused).toEqual([]);

  // A page of its own menus still opens.
  await page.goto('/admin/order/list');
  await expect(page.getByTestId('order-table')).toBeVisible();
  await expect(forbidden(page)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/no-permission-operator-ar.png' });
  await page.context().close();
});

test('finance sees tracking nos as text where the order detail is not for its role', async ({ browser }) => {
  const page = await logIn(browser, 'finance', 'finance123', 'en');
  await page.goto('/admin/report/recallRecord');
  const firstNo = page
    .locator('.ant-table-tbody tr.ant-table-row')
    .first()
    .getByText(/^GL\d+$/)
    // A row may show our number twice (as its tracking no and as the number the record was filed under).
    .first();
  await expect(firstNo).toBeVisible();
  await expect(page.locator('.ant-table-tbody a[href^="/admin/order/list/"]')).toHaveCount(0);
  await page.context().close();

  // Customer service holds the order list: the same numbers open the order.
  const service = await logIn(browser, 'service', 'service123', 'en');
  await service.goto('/admin/report/recallRecord');
  await expect(service.locator('.ant-table-tbody a[href^="/admin/order/list/"]').first()).toBeVisible();
  await service.context().close();
});
