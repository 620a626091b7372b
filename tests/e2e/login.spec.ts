import { expect, test } from './fixtures.ts';

// A first visit speaks the browser's language (spec 9): these tests read the Chinese messages.
test.use({ locale: 'zh-CN' });

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

test('a first visit takes the language from the browser, else Chinese; the choice is kept', async ({
  browser,
}) => {
  // Ant Design spaces out a two-character Chinese button label.
  const cases: [browserLocale: string, html: string, label: string | RegExp][] = [
    ['ar-EG', 'ar', 'تسجيل الدخول'],
    ['en-GB', 'en', 'Log in'],
    ['fr-FR', 'zh-CN', /^登\s?录$/],
  ];
  for (const [locale, html, label] of cases) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', html);
    await expect(page.locator('button[type="submit"]')).toHaveText(label);
    if (html === 'ar') {
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      // An unsupported lang parameter is ignored and leaves the address.
      await page.goto('/login?lang=fr');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
      // A supported one switches and is remembered (locale and language keys).
      await page.goto('/login?lang=en');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.locator('button[type="submit"]')).toHaveText('Log in');
      expect(
        await page.evaluate(() => [localStorage.getItem('locale'), localStorage.getItem('language')]),
      ).toEqual(['en', 'en']);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }
    await context.close();
  }
});
