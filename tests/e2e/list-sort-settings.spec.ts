import { logIn } from './desk-support.ts';
import { expect, type Locator, type Page, test } from './fixtures.ts';
import { Api, type Bill, lookups, makeOrders } from './pda-support.ts';

/**
 * The list kit (issue 41, point 6): a click on a sortable column's header sorts the rows on the
 * server and puts the sort in the URL (a reload keeps it); a column hidden in the column settings
 * and the density chosen are kept for the person after a reload. On the lading bills, whose
 * Orders column is on the contract's allow-list (LIST_SORTS.lading). In English and Arabic.
 */

const WORDS = {
  en: { orders: 'Orders', weight: 'Weight (kg)', compact: 'Compact' },
  ar: { orders: 'الطلبات', weight: 'الوزن (كغ)', compact: 'مضغوط' },
} as const;

/** Three bills holding 2, 3 and 1 orders, made through the API in that order. */
async function billsOfSizes(page: Page): Promise<Bill[]> {
  const admin = await Api.login(page.request, 'admin', 'admin123');
  const customer = await Api.login(page.request, 'demo', 'demo123');
  const ids = await lookups(admin);
  const orders = await makeOrders(customer, admin, ids, 6);
  const bills: Bill[] = [];
  for (const held of [orders.slice(0, 2), orders.slice(2, 5), orders.slice(5)]) {
    const bill = await admin.ok<Bill>('POST', '/lading/create', { channelId: ids.channelId });
    for (const trackingNo of held)
      await admin.ok('POST', `/lading/scanTrackingNo/${bill.recId}`, { trackingNo });
    bills.push(bill);
  }
  return bills;
}

/** The lading table when its rows are of this density (antd marks the table itself or its inner one). */
const sized = (page: Page, size: 'small' | 'medium') =>
  page.locator(
    `[data-testid="lading-table"].ant-table-${size}, [data-testid="lading-table"] .ant-table-${size}`,
  );

/** The bill numbers of the table's rows, top to bottom. */
async function rowNos(table: Locator, bills: Bill[]): Promise<string[]> {
  const texts = await table.locator('tbody tr.ant-table-row').allTextContents();
  return texts.map((text) => bills.find((b) => text.includes(b.no))?.no ?? text);
}

for (const lang of ['en', 'ar'] as const) {
  const w = WORDS[lang];

  test(`lading bills sort by a column on the server, the sort in the URL (${lang})`, async ({
    browser,
  }, info) => {
    test.setTimeout(240_000);
    const page = await logIn(browser, 'admin', 'admin123', lang);
    const [two, three, one] = await billsOfSizes(page);
    const bills = [two!, three!, one!];
    const table = page.getByTestId('lading-table');
    await page.goto(`/admin/ladingBll/manage?nos=${bills.map((b) => b.no).join(',')}`);
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3, { timeout: 30_000 });

    const header = table.getByRole('columnheader', { name: w.orders, exact: true });
    await header.click();
    await expect(page).toHaveURL(/sortBy=orderCount/);
    await expect(page).toHaveURL(/sortOrder=desc/);
    await expect.poll(() => rowNos(table, bills)).toEqual([three!.no, two!.no, one!.no]);
    await expect(header).toHaveAttribute('aria-sort', 'descending');

    await header.click();
    await expect(page).toHaveURL(/sortOrder=asc/);
    await expect.poll(() => rowNos(table, bills)).toEqual([one!.no, two!.no, three!.no]);
    await header.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`list-sort-${lang}.png`) });

    await page.reload();
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3, { timeout: 30_000 });
    await expect.poll(() => rowNos(table, bills)).toEqual([one!.no, two!.no, three!.no]);
    await expect(table.getByRole('columnheader', { name: w.orders, exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  test(`a hidden column and the density are kept after a reload (${lang})`, async ({ browser }, info) => {
    test.setTimeout(180_000);
    const page = await logIn(browser, 'admin', 'admin123', lang);
    const table = page.getByTestId('lading-table');
    await page.goto('/admin/ladingBll/manage');
    const weight = table.getByRole('columnheader', { name: w.weight, exact: true });
    await expect(weight).toBeVisible({ timeout: 30_000 });
    await expect(sized(page, 'medium')).toHaveCount(1);

    await page.getByTestId('lading-table-columns').click();
    const list = page.getByTestId('lading-table-column-list');
    await list.getByRole('checkbox', { name: w.weight, exact: true }).uncheck();
    await expect(weight).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.getByTestId('lading-table-density').click();
    await page.getByRole('menuitem', { name: w.compact, exact: true }).click();
    await expect(sized(page, 'small')).toHaveCount(1);
    await page.screenshot({ path: info.outputPath(`list-settings-${lang}.png`) });

    await page.reload();
    await expect(table.getByRole('columnheader', { name: w.orders, exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect(weight).toHaveCount(0);
    await expect(sized(page, 'small')).toHaveCount(1);
    await page.getByTestId('lading-table-columns').click();
    await expect(list.getByRole('checkbox', { name: w.weight, exact: true })).not.toBeChecked();
  });
}
