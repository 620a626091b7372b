import { logIn } from './desk-support.ts';
import { expect, test } from './fixtures.ts';

/**
 * The home dashboard on the real server: staff see today's figures and the pools, each opening its
 * list filtered as counted; a customer its orders per status; the figures match the lists.
 */

const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

for (const lang of ['en', 'ar'] as const) {
  test(`the staff dashboard in ${lang}: its figures open their lists`, async ({ browser }, info) => {
    test.setTimeout(180_000);
    const page = await logIn(browser, 'admin', 'admin123', lang);
    const board = page.getByTestId('dashboard');
    await expect(board.getByTestId('tile-receivedToday')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(board.getByTestId('pools')).toBeVisible();
    await expect(board.getByTestId('scans-chart')).toHaveAttribute('data-finished', 'true', {
      timeout: 30_000,
    });
    await page.screenshot({ path: info.outputPath(`dashboard-staff-${lang}.png`), fullPage: true });

    // Open lading bills: the tile's count is the list's total.
    const open = number(
      await board.getByTestId('tile-openBills').locator('.ant-statistic-content').textContent(),
    );
    await board.getByTestId('tile-openBills').click();
    await expect(page).toHaveURL(/\/admin\/ladingBll\/manage\?.*confirmState=0/);
    if (lang === 'en')
      await expect(page.locator('.ant-pagination-total-text').first()).toContainText(`${open}`);

    // A pool opens the carrier's free numbers.
    await page.goto('/admin');
    const pool = page.getByTestId('pools').locator('[data-testid^="pool-"]').first();
    await pool.click();
    await expect(page).toHaveURL(/\/admin\/options\/trackingNo\?.*carrierId=\d+/);
    await expect(page).toHaveURL(/state=free/);
  });
}

test('the customer dashboard: orders per status, each opening the list of that status', async ({
  browser,
}, info) => {
  test.setTimeout(180_000);
  const page = await logIn(browser, 'demo', 'demo123', 'en');
  const board = page.getByTestId('dashboard');
  const tiles = board.locator('[data-testid^="tile-status-"]');
  await expect(tiles.first()).toBeVisible({ timeout: 30_000 });
  await expect(board.getByTestId('tile-myExceptions')).toBeVisible();
  await expect(board.getByTestId('tile-receivedToday')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('dashboard-customer-en.png'), fullPage: true });

  const first = tiles.first();
  const status = (await first.getAttribute('data-testid'))!.replace('tile-status-', '');
  const count = number(await first.locator('.ant-statistic-content').textContent());
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/admin/user/order/list\\?.*status=${status}`));
  const table = page.getByTestId('customer-order-table');
  await expect(table.locator('tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('customer-order-list')).toContainText(`${count}`);

  await page.goto('/admin');
  await board.getByTestId('tile-myExceptions').click();
  await expect(page).toHaveURL(/\/admin\/user\/order\/list\?.*abnormal=1/);
});

test('the dashboard in cn', async ({ browser }, info) => {
  const page = await logIn(browser, 'admin', 'admin123', 'cn');
  await expect(page.getByTestId('tile-receivedToday')).toContainText('今日到仓', { timeout: 30_000 });
  await page.screenshot({ path: info.outputPath('dashboard-staff-cn.png'), fullPage: true });
});
