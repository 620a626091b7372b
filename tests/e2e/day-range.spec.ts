import {
  api,
  BUSINESS_ZONE,
  businessDay,
  downloadExport,
  logIn,
  makeDemoOrder,
  readSheet,
} from './desk-support.ts';
import { expect, test } from './fixtures.ts';

/** The instant a business day (YYYY-MM-DD) starts, and the last millisecond it has. */
function dayBounds(day: string): [number, number] {
  const offset = new Intl.DateTimeFormat('en', { timeZone: BUSINESS_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((p) => p.type === 'timeZoneName')!
    .value.replace('GMT', '');
  const start = Date.parse(`${day}T00:00:00${offset || 'Z'}`);
  return [start, start + 86_400_000 - 1];
}

/**
 * The kit's day range (issue 41, point 1): days typed with slashes are taken, the range keeps its
 * last day whole in the business time zone, and an order made a moment ago is in the list and in
 * the export of a range that ends today. In English and in Arabic.
 */
for (const lang of ['en', 'ar'] as const) {
  test(`a typed day range keeps its last day, on the list and in the export (${lang})`, async ({
    browser,
  }, info) => {
    test.setTimeout(180_000);
    const page = await logIn(browser, 'admin', 'admin123', lang);
    const { token } = await api<{ token: string }>(page.request, '/login', {
      username: 'admin',
      password: 'admin123',
    });
    const order = await makeDemoOrder(page.request, token, `Range ${lang} ${Date.now()}`);

    await page.goto('/admin/order/list');
    const filters = page.getByTestId('order-filters');
    await expect(filters).toBeVisible({ timeout: 30_000 });
    const [from, to] = [businessDay(-30), businessDay(0)];
    const start = filters.locator('.ant-picker-range input').first();
    const end = filters.locator('.ant-picker-range input').nth(1);
    await start.click();
    await start.fill(from.replaceAll('-', '/'));
    await start.press('Enter');
    await end.fill(to.replaceAll('-', '/'));
    await end.press('Enter');
    await filters.getByRole('button', { name: lang === 'en' ? 'Search' : 'بحث' }).click();
    await expect(page).toHaveURL(/startTime=.*endTime=|endTime=.*startTime=/);
    const url = new URL(page.url());
    expect(Date.parse(url.searchParams.get('startTime')!)).toBe(dayBounds(from)[0]);
    // The end is exclusive: the first instant of the day after the last one.
    expect(Date.parse(url.searchParams.get('endTime')!)).toBe(dayBounds(to)[1] + 1);

    const rows = page.getByTestId('order-table').locator('tr.ant-table-row');
    await expect(rows.filter({ hasText: order.trackingNo })).toHaveCount(1, { timeout: 30_000 });
    await page.screenshot({ path: info.outputPath(`day-range-${lang}.png`) });

    await page.getByRole('button', { name: lang === 'en' ? 'Export orders' : 'تصدير الطلبات' }).click();
    const download = await downloadExport(page, lang === 'en' ? 'Download' : 'تنزيل');
    const file = info.outputPath(`orders-${lang}.xlsx`);
    await download.saveAs(file);
    const cells = (await readSheet(file)).flat().map(String);
    expect(cells).toContain(order.trackingNo);
  });
}

test('a start day typed alone, then Enter, is kept by the search', async ({ browser }) => {
  const page = await logIn(browser, 'admin', 'admin123');
  await page.goto('/admin/order/list');
  const filters = page.getByTestId('order-filters');
  await expect(filters).toBeVisible({ timeout: 30_000 });
  const from = businessDay(-7);
  const start = filters.locator('.ant-picker-range input').first();
  await start.click();
  await start.fill(from.replaceAll('/', '-').replaceAll('-', '/'));
  await start.press('Enter');
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/startTime=/);
  expect(Date.parse(new URL(page.url()).searchParams.get('startTime')!)).toBe(dayBounds(from)[0]);
  expect(new URL(page.url()).searchParams.get('endTime')).toBeNull();
});
