import { logIn } from './desk-support.ts';
import { expect, type Locator, test } from './fixtures.ts';
import { Api, lookups, makeOrders } from './pda-support.ts';

/**
 * Abnormal orders on the list kit (issue 41): a click on the Marked header sorts the marks on the
 * server by when they were made (LIST_SORTS.abnormal), both ways, with the sort in the URL; a
 * reload keeps it. In English and Arabic.
 */

const MARKED = { en: 'Marked', ar: 'وقت التسجيل' } as const;

/** The tracking nos of the table's rows, top to bottom, among `nos`. */
async function rowNos(table: Locator, nos: string[]): Promise<string[]> {
  const texts = await table.locator('tbody tr.ant-table-row').allTextContents();
  return texts.map((text) => nos.find((no) => text.includes(no)) ?? text);
}

for (const lang of ['en', 'ar'] as const) {
  test(`abnormal marks sort by when they were made, the sort in the URL (${lang})`, async ({
    browser,
  }, info) => {
    test.setTimeout(240_000);
    const page = await logIn(browser, 'admin', 'admin123', lang);
    const admin = await Api.login(page.request, 'admin', 'admin123');
    const customer = await Api.login(page.request, 'demo', 'demo123');
    const nos = await makeOrders(customer, admin, await lookups(admin), 3);
    const found = await admin.ok<{ records: { recId: number; trackingNo: string }[] }>(
      'POST',
      '/order/list',
      {
        trackingNos: nos.join('\n'),
      },
    );
    // Marked one after another: the first made is the oldest.
    for (const no of nos) {
      const id = found.records.find((r) => r.trackingNo === no)!.recId;
      await admin.ok('POST', `/order/interceptOrder/${id}`, { reason: 'sort' });
    }
    const [first, second, third] = nos;
    const table = page.getByTestId('abnormal-table');
    await page.goto(`/admin/customerService/abnormalOrders?state=-1&trackingNos=${nos.join(',')}`);
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3, { timeout: 30_000 });

    const header = table.getByRole('columnheader', { name: MARKED[lang], exact: true });
    await header.click();
    await expect(page).toHaveURL(/sortBy=createdAt/);
    await expect(page).toHaveURL(/sortOrder=desc/);
    await expect.poll(() => rowNos(table, nos)).toEqual([third, second, first]);
    await header.click();
    await expect(page).toHaveURL(/sortOrder=asc/);
    await expect.poll(() => rowNos(table, nos)).toEqual([first, second, third]);
    await page.screenshot({ path: info.outputPath(`abnormal-sort-${lang}.png`) });

    await page.reload();
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3, { timeout: 30_000 });
    await expect.poll(() => rowNos(table, nos)).toEqual([first, second, third]);
    await expect(page.getByTestId('abnormal-total')).toBeVisible();
  });
}
