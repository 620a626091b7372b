import { expectToast, logIn, pickOption, searchOption } from './desk-support.ts';
import { expect, test } from './fixtures.ts';

/**
 * Shipping channels against the real server: a channel created in the editor with its service type,
 * segments (only the selectable ones offered), a carrier and a price rule tried out, then found in
 * the list and disabled there; the screens seen in Chinese and Arabic. The server is shared by
 * every spec file: the channel made here has its own code.
 */

const pick = pickOption;

const search = searchOption;

const CODE = 'E2E-KSA-FL';

test('channels: create one with segments and a price rule, find it in the list and disable it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await logIn(browser, 'admin', 'admin123');
  await page.goto('/admin/options/editChannel');
  const table = page.getByTestId('channel-table');
  await expect(table.locator('tr.ant-table-row', { hasText: 'CN-SA-AIR-COD' })).toBeVisible({
    timeout: 30_000,
  });
  await page.screenshot({ path: 'test-results/channel-list.png', fullPage: true });

  await test.step('open the editor and fill the channel', async () => {
    await page.getByRole('button', { name: 'Add channel' }).click();
    await expect(page).toHaveURL(/\/admin\/options\/edit$/);
    const editor = page.getByTestId('channel-edit-page');
    await expect(editor.getByRole('heading', { name: 'Add shipping channel' })).toBeVisible();
    await editor.getByLabel('Code').fill('e2e-ksa-fl');
    await editor.getByLabel('Name', { exact: true }).fill('端到端 沙特头程清关');
    await editor.getByLabel('English name').fill('E2E Saudi first leg and clearance');
    await search(page, editor, 'Destination', 'Saudi', 'Saudi Arabia (SA)');
  });

  const editor = page.getByTestId('channel-edit-page');
  const segments = editor.locator('.ant-form-item', { has: page.getByText('Segments', { exact: true }) });

  await test.step('the segments follow the service type', async () => {
    await pick(page, editor, 'Service type', 'Delivery');
    // A type with one selectable segment chooses it.
    await expect(segments.getByRole('checkbox')).toHaveCount(1);
    await expect(segments.getByLabel('Delivery')).toBeChecked();

    await pick(page, editor, 'Service type', 'First leg plus clearance');
    await expect(segments.locator('.ant-checkbox-wrapper')).toHaveText(['First leg', 'Clearance']);
    await expect(segments.getByRole('checkbox', { checked: true })).toHaveCount(0);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(segments).toContainText('Choose at least one segment');
    await segments.getByLabel('First leg').check();
    await segments.getByLabel('Clearance').check();
    await search(page, editor, 'Carriers', 'SMSA', 'SMSA Express (SMSA)');
    await page.keyboard.press('Escape');
  });

  await test.step('add a price rule and try a price', async () => {
    const rules = editor.getByTestId('price-rules');
    await editor.getByRole('button', { name: 'Add price rule' }).click();
    await search(page, rules, 'Country', 'Saudi', 'Saudi Arabia (SA)');
    await expect(rules.getByLabel('First weight (kg)')).toHaveValue('0.500');
    await rules.getByLabel('First-weight price').fill('20');
    await rules.getByLabel('Price per step').fill('8');
    await rules.getByLabel('COD fee rate (%)').fill('1.5');
    const preview = editor.getByTestId('price-preview');
    await preview.getByLabel('Weight (kg)').fill('1.2');
    // 20 + 2 steps × 8 (0.7 kg over the first 0.5 kg, rounded up to 0.5 kg steps)
    await expect(preview.getByTestId('price-total')).toHaveText('36.00 CNY');
    await preview.getByLabel('COD amount').fill('200');
    await expect(preview.getByTestId('price-total')).toHaveText('39.00 CNY');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/channel-editor.png', fullPage: true });
  });

  await test.step('save: back to the list, the channel is there', async () => {
    await editor.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Add Success');
    await expect(page).toHaveURL(/\/admin\/options\/editChannel/);
    await page.getByLabel('Code', { exact: true }).fill('E2E-');
    await page.getByRole('button', { name: 'Search' }).click();
    const row = table.locator('tr.ant-table-row', { hasText: CODE });
    await expect(row).toContainText('First leg plus clearance');
    await expect(row).toContainText('Clearance');
    await expect(row).toContainText('Saudi Arabia');
    await expect(row).toContainText('SMSA');
    await expect(row).toContainText('SA');
    await expect(row).toContainText('Enabled');
  });

  await test.step('disable it after confirming', async () => {
    const row = table.locator('tr.ant-table-row', { hasText: CODE });
    await page.getByTestId(`channel-toggle-${CODE}`).click();
    const confirm = page.locator('.ant-popconfirm', { hasText: `Disable ${CODE}?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expectToast(page, 'Channels disabled');
    await expect(row).toContainText('Disabled');
    await expect(page.getByTestId(`channel-toggle-${CODE}`)).toHaveText('Enable');
  });

  await test.step('the editor shows what was saved', async () => {
    const row = table.locator('tr.ant-table-row', { hasText: CODE });
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/admin\/options\/edit\?recId=\d+/);
    await expect(editor.getByRole('heading', { name: `Edit shipping channel ${CODE}` })).toBeVisible();
    await expect(segments.getByLabel('First leg')).toBeChecked();
    await expect(editor.getByTestId('price-rules').getByLabel('First-weight price')).toHaveValue('20.00');
  });

  for (const lang of ['cn', 'ar'] as const) {
    await test.step(`the screens in ${lang}`, async () => {
      const other = await logIn(browser, 'admin', 'admin123', lang);
      await other.goto(`/admin/options/editChannel?code=${CODE}`);
      const list = other.getByTestId('channel-table');
      await expect(list.locator('tr.ant-table-row', { hasText: CODE })).toBeVisible({ timeout: 30_000 });
      await expect(other.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await other.goto('/admin/options/editChannel');
      await expect(list.locator('tr.ant-table-row', { hasText: 'CN-GCC-AIR' })).toBeVisible();
      await other.screenshot({ path: `test-results/channel-list-${lang}.png`, fullPage: true });
      await list.locator('tr.ant-table-row', { hasText: 'CN-SA-AIR-COD' }).locator('button').first().click();
      await expect(other.getByTestId('price-rules').locator('tr.ant-table-row')).toHaveCount(1);
      await other.evaluate(() => window.scrollTo(0, 0));
      await other.screenshot({ path: `test-results/channel-editor-${lang}.png`, fullPage: true });
      await other.context().close();
    });
  }
});
