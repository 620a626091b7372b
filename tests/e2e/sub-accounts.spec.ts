import type { Page } from '@playwright/test';
import { api, logIn } from './desk-support.ts';
import { expect, test } from './fixtures.ts';

const forbidden = (page: Page) => page.locator('[data-testid="status-page"][data-code="403"]');

/**
 * Sub-accounts managed in the browser (issue 37): the main account makes a sub-account on its
 * settings screen with one right (enter and import orders); the sub-account logs in and opens the
 * import records but not the analysis. Staff then give it "Analysis and reports" from the customer
 * screen, with the same rights editor, and the analysis opens. Disabled by its main account, the
 * sub-account is sent to the login page on its next step. Each language has its own sub-account.
 */
for (const lang of ['en', 'ar'] as const) {
  test(`a main account makes a sub-account; staff widen its rights (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const username = `e2e-made-${lang}`;
    const password = 'made-pass-1';

    // The main account makes the sub-account with one right.
    const main = await logIn(browser, 'demo', 'demo123', lang);
    await main.goto('/admin/user/options');
    const card = main.getByTestId('sub-accounts');
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(main.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await card.getByTestId('new-sub-account').click();
    const form = main.locator('.ant-modal', { has: main.locator('#new-sub-account_username') });
    await form.locator('#new-sub-account_username').fill(username);
    await form.locator('#new-sub-account_nickname').fill(lang === 'ar' ? 'موظف المستودع' : 'Warehouse clerk');
    await form.locator('#new-sub-account_password').fill(password);
    await form.locator('#new-sub-account_repeatPassword').fill(password);
    await form
      .locator('label.ant-checkbox-wrapper', { has: main.locator('input[value="orders:create"]') })
      .click();
    await main.screenshot({ path: test.info().outputPath(`new-sub-account-${lang}.png`) });
    await form.getByTestId('create-sub-account').click();
    await expect(form).toBeHidden({ timeout: 20_000 });
    const row = card.locator('tr.ant-table-row', { hasText: username });
    await expect(row.locator('.ant-tag')).toHaveCount(1);
    await card.scrollIntoViewIfNeeded();
    await main.screenshot({ path: test.info().outputPath(`sub-accounts-made-${lang}.png`), fullPage: true });

    // The sub-account opens what its right allows, and nothing beyond it.
    const sub = await logIn(browser, username, password, lang);
    await sub.goto('/admin/user/order/importRecord');
    await expect(sub.getByTestId('import-record-page')).toBeVisible({ timeout: 30_000 });
    await sub.goto('/admin/user/analysis');
    await expect(forbidden(sub)).toBeVisible({ timeout: 30_000 });
    await expect(sub.getByTestId('analysis-page')).toHaveCount(0);

    // Staff give it the analysis from the customer screen, with the same editor.
    const admin = await logIn(browser, 'admin', 'admin123', lang);
    await admin.goto('/admin/info/customer?code=DEMO');
    await admin.getByTestId('customer-sub-accounts-DEMO').click();
    const drawer = admin.getByTestId('customer-sub-accounts');
    await expect(drawer.locator('tr.ant-table-row', { hasText: username })).toBeVisible({ timeout: 30_000 });
    // Staff set rights only: making, disabling and passwords stay with the main account.
    await expect(drawer.getByTestId('new-sub-account')).toHaveCount(0);
    await expect(drawer.getByTestId(`toggle-${username}`)).toHaveCount(0);
    await drawer.getByTestId(`edit-rights-${username}`).click();
    const editor = admin.locator('.ant-modal', { has: admin.getByTestId('rights-editor') });
    const reports = editor.locator('label.ant-checkbox-wrapper', {
      has: admin.locator('input[value="reports:read"]'),
    });
    await expect(reports.locator('input')).not.toBeChecked();
    await reports.click();
    await admin.screenshot({ path: test.info().outputPath(`staff-rights-editor-${lang}.png`) });
    await editor.getByTestId('save-rights').click();
    await expect(editor).toBeHidden({ timeout: 20_000 });
    await expect(drawer.locator('tr.ant-table-row', { hasText: username }).locator('.ant-tag')).toHaveCount(
      2,
    );
    await admin.screenshot({ path: test.info().outputPath(`staff-sub-accounts-${lang}.png`) });

    await sub.goto('/admin/user/analysis');
    await expect(sub.getByTestId('analysis-page')).toBeVisible({ timeout: 30_000 });

    // Disabled by its main account, the sub-account's session ends at once.
    await row.getByTestId(`toggle-${username}`).click();
    await main.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect(row.locator('.ant-tag')).toHaveCount(3);
    await sub.goto('/admin/user/order/importRecord');
    await expect(sub).toHaveURL(/\/login/, { timeout: 30_000 });
    const login = await request.post('/api/common/v1/login', {
      data: { username, password },
      headers: { 'local-lang': lang },
    });
    expect(login.status()).not.toBe(200);
    // Its rights as staff left them: enter orders and the analysis.
    const token = (await api<{ token: string }>(request, '/login', { username: 'demo', password: 'demo123' }))
      .token;
    const subs = await api<{ username: string; rights: string[] }[]>(
      request,
      '/customer/subAccount/list',
      {},
      token,
    );
    expect(subs.find((s) => s.username === username)?.rights).toEqual(['orders:create', 'reports:read']);
  });
}
