import { expectToast, logIn } from './desk-support.ts';
import { expect, test } from './fixtures.ts';
import { Api, type Bill, lookups, makeOrders, SHOTS } from './pda-support.ts';

/**
 * System → Jobs against the real server, whose process runs the jobs: a lading bill picked up
 * sends its mail as a job, which fails there (the e2e server has no SMTP server) and waits for its
 * retry with the error shown; "Retry now" runs it again at once. The queues and the schedules
 * registered by the running process. The screen in English and Arabic.
 */
test('System → Jobs: queues, schedules, a failing job with its error and retry now', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await logIn(browser, 'admin', 'admin123');
  const admin = await Api.login(page.request, 'admin', 'admin123');
  const customer = await Api.login(page.request, 'demo', 'demo123');

  // A bill picked up: its lading mail is a job of the engine.
  const ids = await lookups(admin);
  const [order] = await makeOrders(customer, admin, ids, 1);
  const bill = await admin.ok<Bill>('POST', '/lading/create', { channelId: ids.channelId });
  await admin.ok('POST', `/lading/scanTrackingNo/${bill.recId}`, { trackingNo: order });
  await admin.ok('POST', '/lading/confirm', { ids: [bill.recId] });
  await admin.ok('POST', `/lading/confirm/pickup/${bill.recId}`, {});
  const mailError = new RegExp(`lading mail of bill ${bill.recId}: `);

  const screen = page.getByTestId('system-jobs');
  const jobRow = page.getByTestId('job-table').locator('tr.ant-table-row', { hasText: mailError });

  await test.step('the menu leads to the screen: queues and the schedules the process registered', async () => {
    await page.goto('/admin');
    const menu = page.getByTestId('side-menu');
    await menu.locator('li.ant-menu-submenu', { has: page.getByText('System', { exact: true }) }).click();
    await menu.locator('.ant-menu-item', { has: page.getByText('Jobs', { exact: true }) }).click();
    await expect(page).toHaveURL(/\/admin\/system\/jobs$/);
    const queues = screen.getByTestId('job-queue-table');
    await expect(queues.locator('tr', { hasText: 'Lading mail to carriers' })).toBeVisible();
    await expect(queues.locator('tr', { hasText: 'Order analysis rollup' })).toBeVisible();
    const schedules = screen.getByTestId('job-schedule-table');
    const cod = schedules.locator('tr', { hasText: 'Daily COD modification push' });
    await expect(cod).toContainText('0 17 * * *');
    await expect(cod).toContainText('Asia/Shanghai');
    await expect(cod).not.toContainText('Not registered');
    // The rollup runs each minute: its last run shows once the first one is done.
    const rollup = schedules.locator('tr', { hasText: 'Order analysis rollup' });
    await expect(rollup).toContainText('* * * * *');
    await expect(rollup).toContainText('Completed', { timeout: 90_000 });
  });

  await test.step('the failed mail waits for its retry, with its error', async () => {
    await screen.getByTestId('job-state').getByText('Waiting to retry').click();
    await expect(page).toHaveURL(/state=retry/);
    // The worker polls every 2 s; the list every 5 s.
    await expect(jobRow).toBeVisible({ timeout: 30_000 });
    await expect(jobRow).toContainText('Waiting to retry');
    await expect(jobRow).toContainText('1 of 5');
    await expect(jobRow).toContainText(`{"billId":${bill.recId}}`);
    await page.screenshot({ path: `${SHOTS}/jobs-en.png`, fullPage: true });
  });

  await test.step('retry now runs it again at once', async () => {
    await jobRow.getByRole('button', { name: 'Retry now' }).click();
    await expectToast(page, 'Queued again: the job runs at the next poll');
    // It ran and failed again: its second attempt, waiting for the next.
    await expect(jobRow).toContainText('2 of 5', { timeout: 30_000 });
    await expect(jobRow).toContainText(mailError);
  });

  await test.step('in Arabic, right to left', async () => {
    const ar = await logIn(browser, 'admin', 'admin123', 'ar');
    await ar.goto('/admin/system/jobs?state=retry');
    await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
    const arScreen = ar.getByTestId('system-jobs');
    await expect(arScreen.getByTestId('job-queue-table')).toContainText('بريد بوليصة الشحن إلى شركات النقل');
    await expect(arScreen.getByTestId('job-schedule-table')).toContainText('0 17 * * *');
    await expect(arScreen.getByTestId('job-table').locator('tr', { hasText: mailError })).toContainText(
      'بانتظار إعادة المحاولة',
      { timeout: 30_000 },
    );
    await expect(arScreen.getByTestId('job-table').locator('tr', { hasText: mailError })).toContainText(
      '2 من 5',
    );
    await expect(arScreen.getByRole('button', { name: 'أعد المحاولة الآن' }).first()).toBeVisible();
    await ar.screenshot({ path: `${SHOTS}/jobs-ar.png`, fullPage: true });
  });
});
