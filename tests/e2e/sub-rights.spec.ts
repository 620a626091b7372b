import { api, logIn, makeDemoOrder } from './desk-support.ts';
import { expect, test } from './fixtures.ts';

/**
 * Sub-account rights (issue 37 item 4) in the browser: the main account takes "Cancel orders" away
 * from a sub-account on its settings screen; the sub-account's order list and order page then show
 * no cancel button, and the server refuses its cancel call. Each language has its own sub-account
 * (made by staff through the API, with every right), so the runs share nothing.
 */
for (const lang of ['en', 'ar'] as const) {
  test(`the main account takes a right away from a sub-account (${lang})`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const username = `e2e-clerk-${lang}`;
    const password = 'clerk-pass-1';
    const login = async (u: string, p: string) =>
      (await api<{ token: string }>(request, '/login', { username: u, password: p })).token;
    const admin = await login('admin', 'admin123');
    const demo = await api<{ customerId: number }>(
      request,
      '/user/current',
      undefined,
      await login('demo', 'demo123'),
    );
    await api(
      request,
      '/user/save',
      {
        username,
        nickname: `Clerk ${lang}`,
        type: 3,
        status: 1,
        customerId: demo.customerId,
        roleIds: [],
        password,
      },
      admin,
    );
    const order = await makeDemoOrder(request, admin, `Rights ${lang}`);

    // The new sub-account may cancel: its order page has the button.
    const sub = await logIn(browser, username, password, lang);
    await sub.goto(`/admin/user/order/list/${order.recId}`);
    await expect(sub.getByTestId('customer-cancel-order')).toBeVisible({ timeout: 30_000 });

    const main = await logIn(browser, 'demo', 'demo123', lang);
    await main.goto('/admin/user/options');
    const card = main.getByTestId('sub-accounts');
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(main.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await card.getByTestId(`edit-rights-${username}`).click();
    const dialog = main.locator('.ant-modal');
    const cancelRight = dialog.locator('label.ant-checkbox-wrapper', {
      has: main.locator('input[value="orders:cancel"]'),
    });
    await expect(cancelRight.locator('input')).toBeChecked();
    await cancelRight.click();
    await expect(cancelRight.locator('input')).not.toBeChecked();
    await main.screenshot({ path: test.info().outputPath(`sub-rights-editor-${lang}.png`) });
    await dialog.getByTestId('save-rights').click();
    await expect(dialog).toBeHidden();
    const row = card.locator('tr.ant-table-row', { hasText: username });
    await expect(row.locator('.ant-tag')).toHaveCount(6);
    await card.scrollIntoViewIfNeeded();
    await main.screenshot({ path: test.info().outputPath(`sub-accounts-${lang}.png`), fullPage: true });

    // The sub-account, on its next page: no cancel button on the order, none on the list.
    await sub.reload();
    await expect(sub.getByTestId('customer-order-detail')).toBeVisible({ timeout: 30_000 });
    await expect(sub.getByTestId('customer-cancel-order')).toHaveCount(0);
    await sub.goto('/admin/user/order/list');
    await expect(sub.getByTestId('customer-order-table')).toBeVisible({ timeout: 30_000 });
    await expect(sub.getByTestId('customer-order-selected')).toBeVisible();
    await expect(sub.getByTestId('customer-cancel-orders')).toHaveCount(0);
    await sub.screenshot({ path: test.info().outputPath(`sub-order-list-${lang}.png`), fullPage: true });

    // And the server refuses it all the same.
    const token = await login(username, password);
    const refused = await request.post('/api/common/v1/order/cancelOrder', {
      data: { ids: [order.recId] },
      headers: { authorization: `Bearer ${token}`, 'local-lang': lang },
    });
    expect(refused.status()).toBe(403);
  });
}
