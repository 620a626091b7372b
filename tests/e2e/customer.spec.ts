import { expectToast, logIn } from './desk-support.ts';
import { expect, type Page, test } from './fixtures.ts';

/**
 * Customers against the real server: staff add a customer with its main account and a channel,
 * and that account logs in; the demo customer changes its default sender on its own settings
 * screen and sees it saved. The server is shared by every spec file: the customer made here has
 * its own code.
 */

const rowOf = (page: Page, code: string) =>
  page
    .getByTestId('customer-table')
    .locator('tr.ant-table-row', { has: page.getByText(code, { exact: true }) });

/** The open cascader's column `n` (0 countries, 1 provinces ...). */
const cascaderColumn = (page: Page, n: number) =>
  page.locator('.ant-cascader-dropdown .ant-cascader-menu').nth(n);

test('staff add a customer with its main account and a channel; the account logs in', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await logIn(browser, 'admin', 'admin123');
  await page.goto('/admin/info/customer');
  await expect(rowOf(page, 'DEMO')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Add customer' }).click();
  const dialog = page.locator('.ant-modal', { hasText: 'Add customer' });
  await expect(dialog).toBeVisible();
  await dialog.locator('#customer_code').fill('e2ecust');
  await expect(dialog.locator('#customer_code')).toHaveValue('E2ECUST');
  await dialog.locator('#customer_name').fill('E2E Gulf Traders');
  await dialog.locator('#customer_contact').fill('Hana');
  await dialog.locator('#customer_email').fill('hana@e2e.example');
  const channel = dialog.getByTestId('channel-checklist').locator('label', { hasText: '(CN-AE-AIR)' });
  await channel.click();
  await expect(channel.locator('input')).toBeChecked();
  await dialog.locator('#customer_username').fill('e2e-cust');
  await dialog.locator('#customer_password').fill('e2e-pass-1');
  await page.screenshot({ path: 'test-results/customer-add.png' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Add Success');

  const row = rowOf(page, 'E2ECUST');
  await expect(row).toContainText('E2E Gulf Traders');
  await expect(row).toContainText('e2e-cust');
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();

  await test.step('the properties drawer', async () => {
    await row.getByRole('button', { name: 'Properties' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: 'Properties of E2E Gulf Traders' });
    await expect(drawer).toBeVisible();
    await drawer.locator('#customer-properties_creditLimit').fill('8000');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved');
    await expect(drawer.locator('.ant-tag-blue').first()).toBeVisible();
    await drawer.locator('.ant-drawer-close').click();
  });

  await test.step('the new main account logs in and sees its settings and channel', async () => {
    const customer = await logIn(browser, 'e2e-cust', 'e2e-pass-1');
    await customer.goto('/admin/user/options');
    const options = customer.getByTestId('customer-options');
    await expect(options).toContainText('E2ECUST');
    await expect(options).toContainText('Hana');
    await customer.goto('/admin/user/options/edit');
    await customer.locator('#customer-options_defaultChannelId').click();
    await expect(customer.locator('.ant-select-dropdown:visible')).toContainText('CN-AE-AIR');
    await customer.context().close();
  });

  for (const lang of ['cn', 'ar'] as const) {
    await page.goto(`/admin/info/customer?lang=${lang}`);
    await expect(rowOf(page, 'E2ECUST')).toBeVisible();
    if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.screenshot({ path: `test-results/customer-list-${lang}.png` });
    await rowOf(page, 'E2ECUST').getByRole('button').first().click();
    await expect(page.locator('.ant-modal')).toBeVisible();
    // The dialog zooms in: wait until its opening motion is over before the picture.
    await page.waitForFunction(
      () => !document.querySelector('.ant-modal[class*="-appear"], .ant-modal[class*="-enter"]'),
    );
    await page.screenshot({ path: `test-results/customer-edit-${lang}.png` });
    await page.keyboard.press('Escape');
  }
});

test('the customer edits its default sender on its own settings screen', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await logIn(browser, 'demo', 'demo123', 'cn');
  await page.goto('/admin/user/options');
  const sender = page.getByTestId('default-sender');
  await expect(sender).toContainText('Li Wei', { timeout: 30_000 });
  await expect(page.getByTestId('customer-addresses')).toContainText('Li Wei');
  await page.screenshot({ path: 'test-results/customer-options-cn.png', fullPage: true });

  await page.getByRole('button', { name: /^(edit )?编\s?辑$/ }).click();
  await expect(page).toHaveURL(/\/admin\/user\/options\/edit$/);
  await page.locator('#customer-options_senderContact').fill('张伟 E2E');
  await page.locator('#customer-options_senderRegion').click();
  await cascaderColumn(page, 0).getByText('中国', { exact: true }).click();
  await cascaderColumn(page, 1).getByText('广东省', { exact: true }).click();
  await cascaderColumn(page, 2).getByText('深圳市', { exact: true }).click();
  await cascaderColumn(page, 3).getByText('南山区', { exact: true }).click();
  await page.locator('#customer-options_senderAddress').fill('科技园南区 8 栋 1201');
  await page.locator('#customer-options_senderPostCode').fill('518057');
  await page.screenshot({ path: 'test-results/customer-options-edit-cn.png', fullPage: true });
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expectToast(page, '已保存');

  await expect(page).toHaveURL(/\/admin\/user\/options$/);
  await expect(sender).toContainText('张伟 E2E');
  await expect(sender).toContainText('中国 / 广东省 / 深圳市 / 南山区');
  await expect(sender).toContainText('科技园南区 8 栋 1201');
  await page.reload();
  await expect(sender).toContainText('张伟 E2E');

  await page.goto('/admin/user/options?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(sender).toContainText('张伟 E2E');
  await expect(sender).toContainText('الصين');
  await page.screenshot({ path: 'test-results/customer-options-ar.png', fullPage: true });
  await page.goto('/admin/user/options/edit');
  await expect(page.locator('#customer-options_senderContact')).toHaveValue('张伟 E2E');
  await page.screenshot({ path: 'test-results/customer-options-edit-ar.png', fullPage: true });

  await test.step('a sub-account reads the settings but has no Edit', async () => {
    const sub = await logIn(browser, 'demo-sub', 'demo123');
    await sub.goto('/admin/user/options');
    await expect(sub.getByTestId('default-sender')).toContainText('张伟 E2E');
    await expect(sub.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await sub.context().close();
  });
});
