import { api, logIn, makeDemoOrder } from './desk-support.ts';
import { expect, type Locator, type Page, test } from './fixtures.ts';
import { Api, type Bill, lookups, makeOrders } from './pda-support.ts';

/**
 * The desk's one scan box keeps a session log (issue 41): a good and an unknown number scanned into
 * a lading bill both stay in the log, the refusal with the server's reason, after a reload and
 * after leaving the bill and coming back. The breadcrumb shows where the page sits in the menus
 * (group › screen › detail) and leads back up.
 */

const UNKNOWN = 'GL0000000000';

const GROUP = { en: 'Lading', ar: 'بوالص الشحن', cn: '提单管理' } as const;
const SCREEN = { en: 'Lading bills', ar: 'قائمة بوالص الشحن', cn: '提单列表' } as const;
const ORDERS = { en: 'Orders', ar: 'الطلبات', cn: '订单管理' } as const;
const ORDER_LIST = { en: 'Order list', ar: 'قائمة الطلبات', cn: '订单列表' } as const;

const logRows = (page: Page | Locator, testId: string) =>
  page.getByTestId(testId).locator('tbody tr.ant-table-row');

for (const lang of ['en', 'ar'] as const) {
  test(`a scan session log keeping a refusal (${lang})`, async ({ browser }, info) => {
    test.setTimeout(240_000);
    const page = await logIn(browser, 'admin', 'admin123', lang);
    const admin = await Api.login(page.request, 'admin', 'admin123');
    const customer = await Api.login(page.request, 'demo', 'demo123');
    const ids = await lookups(admin);
    const [first, good] = await makeOrders(customer, admin, ids, 2);
    const bill = await admin.ok<Bill>('POST', '/lading/create', { channelId: ids.channelId });
    await admin.ok('POST', `/lading/scanTrackingNo/${bill.recId}`, { trackingNo: first });

    const billUrl = `/admin/ladingBll/manage?open=${bill.recId}`;
    await page.goto(billUrl);
    const detail = page.getByTestId('lading-detail');
    await expect(detail.getByTestId('lading-items').locator('tbody tr.ant-table-row')).toHaveCount(1);

    await test.step('the breadcrumb names the group, the screen and the bill', async () => {
      const crumbs = page.getByTestId('breadcrumb');
      await expect(crumbs).toContainText(GROUP[lang]);
      await expect(crumbs).toContainText(SCREEN[lang]);
      await expect(crumbs.getByTestId('crumb-detail')).toHaveText(bill.no);
    });

    const rows = logRows(detail, 'lading-scan-log');
    const input = detail.getByTestId('lading-scan').locator('input');
    await test.step('a good number, then an unknown one: both in the log, the refusal with its reason', async () => {
      await input.fill(good!);
      await input.press('Enter');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute('data-accepted', 'true');
      await input.fill(UNKNOWN);
      await input.press('Enter');
      const refusal = detail.getByTestId('lading-scan-refusal');
      await expect(refusal).toContainText(UNKNOWN);
      const reason = (await refusal.textContent())!.trim();
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toHaveAttribute('data-accepted', 'false');
      await expect(rows.nth(0)).toContainText(reason);
      await expect(rows.nth(1)).toHaveAttribute('data-accepted', 'true');
      await expect(rows.nth(1)).toContainText(good!);
      await expect(detail.getByTestId('lading-scan-log-accepted')).toHaveText(/^[1١]$/);
      await expect(detail.getByTestId('lading-scan-log-refused')).toHaveText(/^[1١]$/);
      await page.screenshot({ path: info.outputPath(`scan-log-${lang}.png`) });
    });

    await test.step('a reload keeps the log', async () => {
      await page.reload();
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText(UNKNOWN);
    });

    await test.step('leaving the bill and coming back keeps it too; it can be cleared', async () => {
      await page.goto('/admin/order/scan');
      await expect(page.getByTestId('order-scan')).toBeVisible();
      await page.goto(billUrl);
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(1)).toContainText(good!);
      await detail.getByTestId('lading-scan-log').getByRole('button').first().click();
      await page.locator('.ant-popconfirm .ant-btn-primary').click();
      await expect(detail.getByTestId('lading-scan-log')).toHaveCount(0);
    });
  });
}

for (const lang of ['en', 'ar', 'cn'] as const) {
  test(`the breadcrumb of an order's detail leads back up (${lang})`, async ({ browser }, info) => {
    test.setTimeout(180_000);
    const page = await logIn(browser, 'admin', 'admin123', lang);
    const { token } = await api<{ token: string }>(page.request, '/login', {
      username: 'admin',
      password: 'admin123',
    });
    const order = await makeDemoOrder(page.request, token);
    await page.goto(`/admin/order/list/${order.recId}`);
    await expect(page.getByTestId('order-detail-no')).toHaveText(order.trackingNo);
    const crumbs = page.getByTestId('breadcrumb');
    await expect(crumbs).toContainText(ORDERS[lang]);
    await expect(crumbs.getByTestId('crumb-detail')).toHaveText(order.trackingNo);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await page.screenshot({ path: info.outputPath(`breadcrumb-order-${lang}.png`) });

    // The screen goes back to its list.
    await crumbs.getByRole('link', { name: ORDER_LIST[lang] }).click();
    await expect(page).toHaveURL(/\/admin\/order\/list$/);
    await expect(crumbs.getByTestId('crumb-detail')).toHaveCount(0);

    // The group opens a menu of its screens.
    await crumbs.getByText(ORDERS[lang], { exact: true }).hover();
    await page.locator('.ant-dropdown a[href="/admin/order/scan"]').click();
    await expect(page).toHaveURL(/\/admin\/order\/scan/);
    const input = page.getByTestId('order-scan').locator('input');
    await input.fill(UNKNOWN);
    await input.press('Enter');
    await expect(logRows(page, 'order-scan-log').first()).toHaveAttribute('data-accepted', 'false');
    await page.screenshot({ path: info.outputPath(`order-scan-${lang}.png`), fullPage: true });
  });
}
