import { api, expectToast, newDeskPage, submitLogin } from './desk-support.ts';
import { type Browser, expect, type Page, test } from './fixtures.ts';

/**
 * The system screens against the real server: a role built from two menu entries, an account that
 * holds it and sees just those screens, editing, password reset and disabling of that account, and
 * the menu tree. The server is shared by every spec file: admin's password never changes here.
 */

// A retry makes its own role and account: the first attempt's are still there, under these names.
let ROLE = 'E2E keeper';
let USER = 'e2e-keeper';
const FIRST_PASSWORD = 'keeper-pass-1';
const NEW_PASSWORD = 'keeper-pass-2';

async function logIn(browser: Browser, username: string, password: string): Promise<Page> {
  const page = await newDeskPage(browser);
  await submitLogin(page, username, password);
  return page;
}

/** The checkbox of a tree entry whose title is exactly `title`. */
const treeCheckbox = (page: Page, title: string) =>
  page
    .getByTestId('menu-check-tree')
    .locator('.ant-tree-treenode', {
      has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }),
    })
    .locator('.ant-tree-checkbox');

const modal = (page: Page, title: string) => page.locator('.ant-modal', { hasText: title });

test('system screens: roles, accounts and menus on the real API', async ({ browser }, info) => {
  if (info.retry) [ROLE, USER] = [`E2E keeper ${info.retry}`, `e2e-keeper${info.retry}`];
  // A long walk through three screens; on a loaded 2-core machine it has taken 3 minutes.
  test.setTimeout(360_000);
  const admin = await logIn(browser, 'admin', 'admin123');
  await expect(admin).toHaveURL(/\/admin$/);

  await test.step('create a role holding the account screen and its edit button', async () => {
    await admin.goto('/admin/system/role');
    await expect(admin.getByTestId('system-role').getByRole('row', { name: /Administrator/ })).toBeVisible();
    await admin.getByRole('button', { name: 'Add' }).click();
    const dialog = modal(admin, 'Add role');
    await dialog.getByLabel('Role name').fill(ROLE);
    await dialog.getByLabel('Remark').fill('Keeps the accounts');
    // The tree opens fully expanded, buttons as leaves under their screen.
    await treeCheckbox(admin, 'Accounts').click();
    await treeCheckbox(admin, 'Accounts · edit').click();
    // Checking a screen checks the menu above it too.
    await expect(treeCheckbox(admin, 'System')).toHaveClass(/ant-tree-checkbox-checked/);
    await expect(treeCheckbox(admin, 'Roles')).not.toHaveClass(/ant-tree-checkbox-checked/);
    await admin.screenshot({ path: 'test-results/system-role-editor.png' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(admin, 'Add Success');
    const row = admin.getByRole('row', { name: new RegExp(ROLE) });
    await expect(row).toContainText('3');
    await admin.screenshot({ path: 'test-results/system-role.png', fullPage: true });
  });

  await test.step('create a staff account holding the role', async () => {
    await admin.goto('/admin/system/account');
    await expect(admin.getByRole('row', { name: /operator/ })).toBeVisible();
    await admin.getByRole('button', { name: 'Add' }).click();
    const dialog = modal(admin, 'Add account');
    await dialog.getByLabel('Username').fill(USER);
    await dialog.getByLabel('Nickname').fill('Keeper');
    // Typed, so the list holds only this role; picked again until the field shows it (a click while
    // the dropdown still moves can be lost on a loaded machine), and only it.
    const chosen = dialog
      .locator('.ant-form-item', { hasText: 'Roles' })
      .locator('.ant-select-selection-item');
    await expect(async () => {
      if ((await chosen.count()) === 0) {
        await dialog.getByLabel('Roles').click();
        await dialog.getByLabel('Roles').fill(ROLE);
        await admin
          .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: ROLE })
          .click({ timeout: 5_000 });
      }
      await expect(chosen).toHaveText([ROLE], { timeout: 2_000 });
    }).toPass({ timeout: 40_000 });
    await dialog.locator('.ant-modal-title').click();
    await expect(chosen).toHaveText([ROLE]);
    await dialog.getByLabel('Password', { exact: true }).fill(FIRST_PASSWORD);
    await dialog.getByLabel('Repeat password').fill(FIRST_PASSWORD);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(admin, 'Add Success');
    await expect(admin.getByRole('row', { name: new RegExp(USER) })).toContainText(ROLE);
  });

  await test.step('the account sees only the screens of its role', async () => {
    const keeper = await logIn(browser, USER, FIRST_PASSWORD);
    await expect(keeper).toHaveURL(/\/admin$/);
    // What the server grants the account (asked in a session of its own: a page's answer dies with it).
    const { token } = await api<{ token: string }>(keeper.request, '/login', {
      username: USER,
      password: FIRST_PASSWORD,
    });
    const menus = await api<{ path: string }[]>(keeper.request, '/menu/getUserMenus', {}, token);
    expect(menus.map((m) => m.path).sort()).toEqual([
      '/admin/system',
      '/admin/system/account',
      'account:edit',
    ]);
    await keeper.goto('/admin/system/account');
    await expect(keeper.getByRole('row', { name: new RegExp(USER) })).toBeVisible();
    await expect(keeper.getByRole('button', { name: 'Add' })).toBeVisible();
    // The role screen is not one of them: opened by its address, the no-permission page, nothing to add.
    await keeper.goto('/admin/system/role');
    await expect(keeper.locator('[data-testid="status-page"][data-code="403"]')).toBeVisible();
    await expect(keeper.getByRole('button', { name: 'Add' })).toHaveCount(0);
    await keeper.context().close();
  });

  await test.step('filter, edit the account and reset its password', async () => {
    await admin.goto('/admin/system/account');
    await admin.getByLabel('Username').fill(USER);
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect(admin).toHaveURL(new RegExp(`username=${USER}`));
    await expect(admin.getByTestId('system-account').locator('tbody tr.ant-table-row')).toHaveCount(1);
    // The filtered list survives a reload.
    await admin.reload();
    await expect(admin.getByLabel('Username')).toHaveValue(USER);
    const row = admin.getByRole('row', { name: new RegExp(USER) });
    await expect(admin.getByTestId('system-account').locator('tbody tr.ant-table-row')).toHaveCount(1);

    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = modal(admin, 'Edit account');
    await dialog.getByLabel('Nickname').fill('Keeper Two');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(admin, 'Edit Success');
    await expect(row).toContainText('Keeper Two');

    await row.getByRole('button', { name: 'Reset password' }).click();
    const reset = modal(admin, 'is signed out everywhere');
    await reset.getByLabel('New password').fill('short');
    await reset.getByLabel('Repeat password').click();
    await expect(reset.getByText('The new password is at least 6 digits')).toBeVisible();
    await reset.getByLabel('New password').fill(NEW_PASSWORD);
    await reset.getByLabel('Repeat password').fill(NEW_PASSWORD);
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(admin, 'Password reset');

    const keeper = await logIn(browser, USER, NEW_PASSWORD);
    await expect(keeper).toHaveURL(/\/admin$/);
    await keeper.context().close();
  });

  await test.step('disable the account: its login is refused', async () => {
    const row = admin.getByRole('row', { name: new RegExp(USER) });
    await row.getByRole('button', { name: 'Disable' }).click();
    await admin.locator('.ant-popconfirm').getByRole('button', { name: 'Yes' }).click();
    await expectToast(admin, 'Account disabled');
    await expect(row).toContainText('Disabled');
    await admin.screenshot({ path: 'test-results/system-account.png', fullPage: true });

    const refused = await logIn(browser, USER, NEW_PASSWORD);
    // The login page is the light page: it says why in its alert, not in a toast.
    await expect(refused.getByTestId('login-error')).toContainText('Wrong username or password', {
      timeout: 20_000,
    });
    await expect(refused).toHaveURL(/\/login/);
    await refused.context().close();
  });

  await test.step('a role still held cannot be deleted: the server says why', async () => {
    await admin.goto('/admin/system/role');
    await admin
      .getByRole('row', { name: new RegExp(ROLE) })
      .getByRole('button', { name: 'Delete' })
      .click();
    await admin.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await expectToast(admin, 'This role is still held by accounts');
  });

  await test.step('add a menu entry under System and delete it', async () => {
    await admin.goto('/admin/system/menu');
    const system = admin.locator('tr.ant-table-row', { has: admin.locator('td', { hasText: /^System$/ }) });
    await expect(system).toBeVisible();
    await system.getByRole('button', { name: 'Add child' }).click();
    const dialog = modal(admin, 'Add menu entry');
    await dialog.getByLabel('Name (Chinese)').fill('审计');
    await dialog.getByLabel('Name (English)').fill('E2E Audit');
    await dialog.getByLabel('Name (Arabic)').fill('تدقيق');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please enter the path')).toBeVisible();
    await dialog.getByLabel('Path').fill('/admin/system/e2e-audit');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(admin, 'Add Success');
    const added = admin.getByRole('row', { name: /E2E Audit/ });
    await expect(added).toContainText('/admin/system/e2e-audit');
    await expect(added).toContainText('Second-level menu');
    await admin.screenshot({ path: 'test-results/system-menu.png', fullPage: true });

    // A menu with entries under it is refused with the server's message.
    await system.getByRole('button', { name: 'Delete' }).click();
    await admin.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await expectToast(admin, 'Delete the entries under this menu first');
    await expect(admin.locator('.ant-popconfirm:visible')).toHaveCount(0);

    await added.getByRole('button', { name: 'Delete' }).click();
    await admin.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Delete' }).click();
    await expectToast(admin, 'Delete Success');
    await expect(admin.getByRole('row', { name: /E2E Audit/ })).toHaveCount(0);
  });

  await test.step('the screens in Arabic (right to left) and Chinese', async () => {
    await admin.goto('/admin/system/menu?lang=ar');
    await expect(admin.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(admin.getByTestId('system-menu').locator('.ant-card-head-title')).toHaveText('القوائم');
    await expect(admin.getByRole('columnheader', { name: 'المسار' })).toBeVisible();
    await admin.screenshot({ path: 'test-results/system-menu-ar.png' });
    await admin.goto('/admin/system/account?lang=cn');
    await expect(admin.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(admin.getByTestId('system-account').locator('.ant-card-head-title')).toHaveText('账号管理');
    await expect(admin.getByRole('row', { name: /e2e-keeper/ })).toContainText('停用');
    await admin.screenshot({ path: 'test-results/system-account-cn.png' });
  });
});
