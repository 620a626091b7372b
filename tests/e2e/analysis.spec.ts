import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { logIn } from './desk-support.ts';
import { expect, type Locator, type Page, test } from './fixtures.ts';

/**
 * Order analysis against the real server and the demo orders (60 days): the finance user opens
 * the analysis in Arabic and sees the charts drawn right to left (the first day at the right end of
 * the time axis, values and legend on the right), the tables, switches the group-by, and goes
 * through the exception and breakdown tabs; then the same screen in Chinese and English.
 * Screenshots land in ANALYSIS_E2E_DIR (default test-results/analysis-e2e).
 */

const DIR = process.env.ANALYSIS_E2E_DIR ?? 'test-results/analysis-e2e';
mkdirSync(DIR, { recursive: true });

/** ECharts has drawn the chart: its SVG with text in it. */
const chartReady = async (chart: Locator) => {
  await expect(chart).toHaveAttribute('data-ready', 'true');
  await expect(chart.locator('svg')).toBeVisible();
  await expect(chart).toHaveAttribute('data-finished', 'true');
  await expect.poll(() => chart.locator('svg text').count()).toBeGreaterThan(3);
};

/** Every chart on the page has finished drawing (before a screenshot). */
async function chartsDrawn(page: Page) {
  for (const chart of await page.locator('[data-ready]').all()) await chartReady(chart);
}

/** The x of the text elements of a chart whose text is one of `labels`, and the chart's own box. */
async function textPositions(chart: Locator, labels: string[]) {
  return chart.evaluate((el, wanted) => {
    const box = el.getBoundingClientRect();
    const found: Record<string, number> = {};
    for (const t of el.querySelectorAll('svg text')) {
      const text = t.textContent?.trim() ?? '';
      if (wanted.includes(text) && !(text in found)) {
        const r = t.getBoundingClientRect();
        found[text] = r.left + r.width / 2 - box.left;
      }
    }
    return { width: box.width, found };
  }, labels);
}

async function openAnalysis(page: Page, query = '') {
  await page.goto(`/admin/report/analysis${query}`);
  await expect(page.getByTestId('analysis-page')).toBeVisible();
}

test('the analysis in Arabic: charts right to left, tables, group-by, exceptions and breakdowns', async ({
  browser,
}) => {
  const page = await logIn(browser, 'finance', 'finance123', 'ar');
  await openAnalysis(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const chart = page.getByTestId('analysis-daily-chart');
  await chartReady(chart);
  const groups = page.getByTestId('analysis-groups');
  await expect(groups.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(groups.locator('tbody tr.ant-table-row').first()).toContainText('كل الطلبات');

  // The time axis runs from right to left: the first day's label is the rightmost date on it.
  const days = await page.evaluate(() => {
    const range = document.querySelector('[data-testid="analysis-days"]')?.textContent ?? '';
    return [...range.matchAll(/\d{4}-\d{2}-\d{2}/g)].map((m) => m[0]);
  });
  expect(days).toHaveLength(2);
  const labels = await page.evaluate((first) => {
    const fmt = new Intl.DateTimeFormat('ar', { month: '2-digit', day: '2-digit', timeZone: 'UTC' });
    const out: string[] = [];
    for (let k = 0; k < 30; k++)
      out.push(
        fmt
          .format(new Date(Date.parse(`${first}T00:00:00Z`) + k * 86_400_000))
          .replace(/[\u200e\u200f\u061c]/g, ''),
      );
    return out;
  }, days[0]!);
  const axis = await textPositions(chart, labels);
  const shown = labels.filter((l) => l in axis.found);
  expect(shown.length).toBeGreaterThan(2);
  const xs = shown.map((l) => axis.found[l]!);
  expect(xs[0]).toBe(Math.max(...xs));
  expect(xs).toEqual([...xs].sort((a, b) => b - a));

  // Switch the group-by: a series per channel, named in Arabic, the legend at the right.
  await page.getByTestId('analysis-group-by').getByText('قناة الشحن', { exact: true }).click();
  await expect(page).toHaveURL(/groupBy=channel/);
  await expect(groups.locator('tbody tr.ant-table-row').nth(1)).toBeVisible();
  const channel = (
    (await groups.locator('tbody tr.ant-table-row').first().locator('td').first().textContent()) ?? ''
  )
    .split(' (')[0]!
    .trim();
  await expect(chart.locator('svg text', { hasText: channel }).first()).toBeVisible();
  const legend = await textPositions(chart, [channel]);
  expect(legend.found[channel]).toBeGreaterThan(legend.width / 2);
  await page.screenshot({ path: join(DIR, 'analysis-ar.png'), fullPage: true });

  // Exceptions: a stacked chart by day, the kinds, and the orders behind one of them.
  await page.getByRole('tab', { name: 'الاستثناءات' }).click();
  await chartReady(page.getByTestId('analysis-exception-chart'));
  const kinds = page.getByTestId('analysis-kinds');
  await expect(kinds.locator('tbody tr.ant-table-row')).toHaveCount(8);
  await kinds.locator('tbody tr.ant-table-row', { hasText: 'فرق في الوزن' }).getByRole('button').click();
  const orders = page.getByTestId('analysis-exception-orders');
  await expect(orders.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await chartsDrawn(page);
  await page.screenshot({ path: join(DIR, 'analysis-exception-ar.png'), fullPage: true });

  // Breakdowns: the funnel and the shares, each with its table.
  await page.getByRole('tab', { name: 'التوزيع' }).click();
  await chartReady(page.getByTestId('analysis-funnel').locator('[data-ready]'));
  await expect(page.getByTestId('analysis-share-country').locator('tbody tr.ant-table-row')).toHaveCount(7);
  await chartsDrawn(page);
  await page.screenshot({ path: join(DIR, 'analysis-breakdown-ar.png'), fullPage: true });
});

test('the analysis in Chinese and English from the report menu, and a customer’s own', async ({
  browser,
}) => {
  // Three logins and their charts: more than the default minute on a loaded machine.
  test.setTimeout(180_000);
  for (const [lang, menu, entry] of [
    ['cn', '报表中心', '订单分析'],
    ['en', 'Reports', 'Order analysis'],
  ] as const) {
    const page = await logIn(browser, 'finance', 'finance123', lang);
    await page.getByRole('menuitem', { name: menu }).click();
    await page.getByRole('menuitem', { name: entry }).click();
    await expect(page).toHaveURL(/\/admin\/report\/analysis/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page
      .getByTestId('analysis-group-by')
      .getByText(lang === 'cn' ? '目的国' : 'Destination')
      .click();
    await expect(page).toHaveURL(/groupBy=country/);
    await chartReady(page.getByTestId('analysis-daily-chart'));
    await expect(page.getByTestId('analysis-groups').locator('tbody tr.ant-table-row')).toHaveCount(7);
    await chartsDrawn(page);
    await page.screenshot({ path: join(DIR, `analysis-${lang}.png`), fullPage: true });
    await page.context().close();
  }

  const demo = await logIn(browser, 'demo', 'demo123', 'en');
  await demo.getByRole('menuitem', { name: 'Customer centre' }).click();
  await demo.getByRole('menuitem', { name: 'My analysis' }).click();
  await expect(demo).toHaveURL(/\/admin\/user\/analysis/);
  const groupBy = demo.getByTestId('analysis-group-by');
  await expect(groupBy.getByText('Shipping channel', { exact: true })).toBeVisible();
  await expect(groupBy.getByText('Customer', { exact: true })).toHaveCount(0);
  await expect(demo.getByTestId('analysis-filters').getByText('Customer', { exact: true })).toHaveCount(0);
  await chartsDrawn(demo);
  await demo.screenshot({ path: join(DIR, 'analysis-customer-en.png'), fullPage: true });
});
