import { api, businessDay, downloadExport, logIn, readSheet, searchOption } from './desk-support.ts';
import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';

/**
 * System → Audit log against the real server: a sensitive word changed through the API is found
 * through the menu and the filters (who, what, record, day), its diff shows each field before and
 * after, in English, Arabic (right to left) and Chinese; the export starts an export task whose
 * file holds the change. An account without audit:view has no menu entry and no page; one with
 * the screen but without audit:export sees no Export button.
 */

const adminToken = async (request: APIRequestContext) =>
  (await api<{ token: string }>(request, '/login', { username: 'admin', password: 'admin123' })).token;

interface Word {
  recId: number;
}

/** A sensitive word made and then changed by admin: two entries of the audit log. */
async function changeAWord(request: APIRequestContext, token: string, word: string): Promise<Word> {
  const made = await api<Word>(request, '/sensitiveWord/add', { word, remark: 'before the audit' }, token);
  await api(
    request,
    '/sensitiveWord/update',
    { recId: made.recId, word, category: 'e2e', remark: 'after the audit' },
    token,
  );
  return made;
}

/** A staff account holding one role made of the menu entries (paths) given. */
async function accountWith(request: APIRequestContext, token: string, name: string, paths: string[]) {
  const menus = await api<{ recId: number; path: string }[]>(request, '/menu/list', {}, token);
  const menuIds = paths.map((p) => menus.find((m) => m.path === p)!.recId);
  const role = await api<{ recId: number }>(request, '/role/save', { name, menuIds }, token);
  const username = name.toLowerCase().replaceAll(' ', '-');
  await api(
    request,
    '/user/save',
    { username, nickname: name, type: 1, roleIds: [role.recId], password: 'audit-pass-1' },
    token,
  );
  return username;
}

const table = (page: Page) => page.getByTestId('audit-table');
const rows = (page: Page) => table(page).locator('tr.ant-table-row');

/** Opens the entry whose action tag reads `action` and returns its diff. */
async function openDiff(page: Page, action: string) {
  await rows(page)
    .filter({ has: page.locator('.ant-tag', { hasText: action }) })
    .click();
  const diff = table(page).getByTestId('audit-diff');
  await expect(diff).toBeVisible();
  return diff;
}

test('the audit log shows a change with its diff in en, ar and cn, and exports it', async ({
  browser,
  request,
}, info) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const word = `e2e-audit-${Date.now().toString(36)}`;
  const { recId } = await changeAWord(request, token, word);
  const id = String(recId);

  await test.step('en: through the menu, filtered to the word, the diff of its change', async () => {
    const page = await logIn(browser, 'admin', 'admin123', 'en');
    await page.getByRole('menuitem', { name: 'System' }).click();
    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/admin\/system\/audit$/);
    const filters = page.getByRole('form', { name: 'Filter the audit log' });
    await filters.getByLabel('Who').fill('admin');
    await searchOption(page, filters, 'What', 'Sensitive', 'Sensitive word');
    await filters.getByLabel('Record id').fill(id);
    // Today (the business day), picked as the first and the last day of the range.
    const today = businessDay(0);
    const [from, to] = [filters.getByPlaceholder('Start date'), filters.getByPlaceholder('End date')];
    await from.click();
    const day = page.locator(`.ant-picker-dropdown:visible td[title="${today}"]`).first();
    await day.click();
    await day.click();
    await expect(from).toHaveValue(today);
    await expect(to).toHaveValue(today);
    await filters.getByRole('button', { name: 'Search' }).click();
    // The router quotes text that looks like a number.
    await expect(page).toHaveURL(new RegExp(`[?&]recordId=(%22)?${id}(%22)?(&|$)`));
    await expect(page).toHaveURL(/[?&]entity=sensitiveWord(&|$)/);
    await expect(page).toHaveURL(/[?&]startTime=/);
    await expect(rows(page)).toHaveCount(2, { timeout: 30_000 });
    // Newest first: the change, then the creation; both by admin, from an address, in a session.
    await expect(rows(page).nth(0)).toContainText('Changed');
    await expect(rows(page).nth(1)).toContainText('Created');
    await expect(rows(page).nth(0)).toContainText('admin');
    await expect(rows(page).nth(0)).toContainText(`#${id}`);

    const diff = await openDiff(page, 'Changed');
    await expect(diff.locator('tr[data-field="remark"] td').nth(0)).toHaveText('before the audit');
    await expect(diff.locator('tr[data-field="remark"] td').nth(1)).toHaveText('after the audit');
    // The category was empty before: a dash.
    await expect(diff.locator('tr[data-field="category"] td').nth(0)).toHaveText('—');
    await expect(diff.locator('tr[data-field="category"] td').nth(1)).toHaveText('e2e');
    await expect(diff.locator('tr[data-field="word"]')).toHaveCount(0);
    await page.screenshot({ path: info.outputPath('audit-log-en.png'), fullPage: true });

    // The filters survive a reload.
    await page.reload();
    await expect(filters.getByLabel('Record id')).toHaveValue(id);
    await expect(rows(page)).toHaveCount(2, { timeout: 30_000 });

    // Export starts an export task; its file holds the change.
    await page.getByTestId('export-start').click();
    await expect(page.getByTestId('export-progress')).toBeVisible();
    const sheet = await readSheet(await (await downloadExport(page)).path());
    expect(sheet[0]).toContain('Changes (before → after)');
    const changes = sheet.slice(1).map((r) => r.join(' | '));
    expect(changes).toHaveLength(2);
    expect(changes.join('\n')).toContain('remark: before the audit → after the audit');
    await page.context().close();
  });

  await test.step('ar: right to left, through the menu, the same diff', async () => {
    const page = await logIn(browser, 'admin', 'admin123', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('menuitem', { name: 'النظام' }).click();
    await page.getByRole('menuitem', { name: 'سجل التدقيق' }).click();
    await expect(page).toHaveURL(/\/admin\/system\/audit$/);
    const filters = page.getByRole('form', { name: 'تصفية سجل التدقيق' });
    await searchOption(page, filters, 'الكائن', 'كلمة حساسة', 'كلمة حساسة');
    await filters.getByLabel('معرّف السجل').fill(id);
    await filters.getByRole('button', { name: 'بحث' }).click();
    await expect(rows(page)).toHaveCount(2, { timeout: 30_000 });
    const diff = await openDiff(page, 'تم التعديل');
    await expect(diff.locator('tr[data-field="remark"] td').nth(1)).toHaveText('after the audit');
    await expect(diff.getByRole('columnheader')).toHaveText(['الحقل', 'القيمة السابقة', 'القيمة الجديدة']);
    await page.screenshot({ path: info.outputPath('audit-log-ar.png'), fullPage: true });
    await page.context().close();
  });

  await test.step('cn: the entry of the record, opened from its link', async () => {
    const page = await logIn(browser, 'admin', 'admin123', 'cn');
    await page.goto(`/admin/system/audit?entity=sensitiveWord&recordId=${id}`);
    await expect(rows(page)).toHaveCount(2, { timeout: 30_000 });
    const diff = await openDiff(page, '修改');
    await expect(diff.getByRole('columnheader')).toHaveText(['字段', '修改前', '修改后']);
    await page.screenshot({ path: info.outputPath('audit-log-cn.png'), fullPage: true });
    await page.context().close();
  });
});

test('without audit:view no menu entry and no page; without audit:export no Export', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const suffix = Date.now().toString(36);
  const keeper = await accountWith(request, token, `E2E accounts ${suffix}`, [
    '/admin/system',
    '/admin/system/account',
  ]);
  const auditor = await accountWith(request, token, `E2E auditor ${suffix}`, [
    '/admin/system',
    '/admin/system/audit',
  ]);

  const page = await logIn(browser, keeper, 'audit-pass-1');
  await page.getByRole('menuitem', { name: 'System' }).click();
  await expect(page.getByRole('menuitem', { name: 'Accounts' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Audit log' })).toHaveCount(0);
  await page.goto('/admin/system/audit');
  await expect(page.locator('[data-testid="status-page"][data-code="403"]')).toBeVisible();
  await expect(page.getByTestId('audit-table')).toHaveCount(0);
  await page.context().close();

  const reader = await logIn(browser, auditor, 'audit-pass-1');
  await reader.getByRole('menuitem', { name: 'System' }).click();
  await reader.getByRole('menuitem', { name: 'Audit log' }).click();
  await expect(reader.getByTestId('audit-table')).toBeVisible();
  // The entries of the two accounts just made are there: the list loaded.
  await expect(reader.getByTestId('audit-table').locator('tr.ant-table-row').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(reader.getByTestId('export-start')).toHaveCount(0);
  await reader.context().close();
});
