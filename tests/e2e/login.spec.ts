import { expect, test } from '@playwright/test';

test('an administrator logs in and reaches /admin', async ({ page }) => {
  await page.goto('/admin');
  // No session: the guard sends the visitor to the login page, remembering where they were going.
  await expect(page).toHaveURL(/\/login/);
  await page.locator('input[name="username"]').fill('admin');
  await page.locator('input[name="password"]').fill('admin123');
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('current-user')).toHaveText('admin');
  await page.screenshot({ path: 'test-results/admin-after-login.png' });
});

test('a wrong password shows the server message and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill('admin');
  await page.locator('input[name="password"]').fill('not-the-password');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByText('用户名或密码错误').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
