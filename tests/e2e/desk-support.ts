import { readFileSync, writeFileSync } from 'node:fs';
import {
  type APIRequestContext,
  type Browser,
  type Download,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import ExcelJS from 'exceljs';

/**
 * Shared steps of the desktop specs: logging in, and checking the short-lived toasts (antd message
 * and notification) without racing them. A toast stays 3 seconds; on a loaded machine the test may
 * look after it has gone, so every page records each toast it shows, and `expectToast` consumes the
 * first recorded one that matches (the same text shown twice must be checked twice).
 */

declare global {
  interface Window {
    __toasts?: string[];
  }
}

function recordToasts() {
  const selector = '.ant-message-notice, .ant-notification-notice';
  const seen = new WeakSet<Element>();
  window.__toasts = [];
  const scan = () => {
    for (const el of document.querySelectorAll(selector)) {
      const text = el.textContent?.trim();
      if (seen.has(el) || !text) continue;
      seen.add(el);
      window.__toasts!.push(text);
    }
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Opens a new context (downloads allowed) whose pages record their toasts. */
export async function newDeskPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  await context.addInitScript(recordToasts);
  return context.newPage();
}

/** Fills and sends the login form; does not wait for where it leads. */
export async function submitLogin(page: Page, username: string, password: string, lang = 'en') {
  await page.goto(`/login?lang=${lang}`);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

/** Logs in as a desk user in a fresh context and waits for /admin. */
export async function logIn(
  browser: Browser,
  username: string,
  password: string,
  lang = 'en',
): Promise<Page> {
  const page = await newDeskPage(browser);
  const answers: string[] = [];
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (path.startsWith('/api/') && path.endsWith('/login'))
      answers.push(`${res.status()} after ${Math.round(res.request().timing().responseEnd)} ms`);
  });
  await submitLogin(page, username, password, lang);
  // A login that does not reach /admin says why: the page's refusal, and what /api/login answered.
  await expect(page, `logged in as ${username}`)
    .toHaveURL(/\/admin$/, { timeout: 30_000 })
    .catch(async (error: Error) => {
      const refusal = await page.getByTestId('login-error').allInnerTexts();
      throw new Error(
        `${error.message}\nlogin answers: ${JSON.stringify(answers)}; shown: ${JSON.stringify(refusal)}`,
      );
    });
  return page;
}

/** Waits until the page has shown a toast containing `text`, then forgets that toast. */
export async function expectToast(page: Page, text: string, timeout = 20_000): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((wanted) => {
          const list = window.__toasts ?? [];
          const at = list.findIndex((t) => t.includes(wanted));
          if (at < 0) return `toasts shown: ${JSON.stringify(list)}`;
          list.splice(at, 1);
          return wanted;
        }, text),
      { timeout, message: `a toast saying "${text}"` },
    )
    .toBe(text);
}

/**
 * Opens the antd Select labelled `label` (exactly) inside `scope` and chooses the option titled
 * `option`, until the field shows it: a click that lands while the list is still opening (a loaded
 * machine) is tried again.
 */
export async function pickOption(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const dropdown = page.locator('.ant-select-dropdown:visible');
  const field = scope.locator('.ant-form-item', { has: page.getByText(label, { exact: true }) }).first();
  await expect(async () => {
    if (!(await dropdown.isVisible())) await scope.getByLabel(label, { exact: true }).click();
    await dropdown.locator(`.ant-select-item-option[title="${option}"]`).click({ timeout: 5_000 });
    await expect(field.locator('.ant-select').getByTitle(option, { exact: true })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
}

/**
 * Types `text` into the searchable antd Select labelled `label` (exactly) inside `scope` and takes
 * the option that comes first (the active one), which must be `option`. The active option is
 * looked for in this Select's own list (its `aria-controls`): another Select's list may still be
 * closing on a loaded machine, with an active option of its own.
 */
export async function searchOption(
  page: Page,
  scope: Locator,
  label: string,
  text: string,
  option: string | RegExp,
): Promise<void> {
  const box = scope.getByLabel(label, { exact: true });
  await box.click();
  await box.fill(text);
  await expect(box).toHaveAttribute('aria-controls', /.+/);
  const list = await box.getAttribute('aria-controls');
  const own = page.locator(`.ant-select-dropdown:has([id="${list}"])`);
  await expect(own.locator('.ant-select-item-option-active')).toHaveText(option);
  await page.keyboard.press('Enter');
}

/**
 * The file of the export task that the open export dialog follows (ExportAction), once it is
 * written; `download` is the dialog's button in the page's language.
 */
export async function downloadExport(page: Page, download = 'Download'): Promise<Download> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('.ant-modal').getByRole('button', { name: download }).click({ timeout: 60_000 }),
  ]);
  return file;
}

/** The rows of a downloaded xlsx's first sheet, each as its cells' values. */
export async function readSheet(path: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.getWorksheet(1)!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const API = '/api/common/v1';

/** An API call as the user of `token` (a GET when there is no body), in English; anything but 200 fails. */
export async function api<T>(
  request: APIRequestContext,
  path: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const headers = { 'local-lang': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const res = await (body === undefined
    ? request.get(API + path, { headers })
    : request.post(API + path, { data: body, headers }));
  const json = await res.json();
  expect(res.status(), JSON.stringify(json)).toBe(200);
  return json.data as T;
}

/** The ids of a region and its superiors, country first (an order's `regionIds`), by its code. */
export async function regionChain(
  request: APIRequestContext,
  token: string,
  code: string,
): Promise<number[]> {
  const found = await api<{ records: { recId: number; code: string }[] }>(
    request,
    '/region/list',
    { keyword: code },
    token,
  );
  const chain = await api<{ recId: number }[]>(
    request,
    '/customer/region/getRegionAllSuperior',
    { regionId: found.records.find((r) => r.code === code)!.recId },
    token,
  );
  return chain.map((r) => r.recId);
}

/** Customers' and channels' ids by their codes, as the administrator sees them. */
export async function idsByCode(request: APIRequestContext, token: string) {
  const byCode = (rows: { recId: number; code: string }[]) =>
    Object.fromEntries(rows.map((r) => [r.code, r.recId])) as Record<string, number>;
  return {
    customers: byCode(await api(request, '/customer/getCustomers', {}, token)),
    channels: byCode(await api(request, '/shipping/list/simple', {}, token)),
  };
}

/** An .xlsx of the rows (the header row first) written to `path`, for an import dialog. */
export async function writeSheet(path: string, rows: readonly (readonly unknown[])[]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow([...r]);
  writeFileSync(path, Buffer.from(await wb.xlsx.writeBuffer()));
  return path;
}

/** A COD parcel of the demo customer to Riyadh on CN-SA-AIR-COD, made through the API by the staff user of `token`. */
export async function makeDemoOrder(
  request: APIRequestContext,
  token: string,
  name = 'Noura Al-Qahtani',
): Promise<{ recId: number; trackingNo: string }> {
  const { customers, channels } = await idsByCode(request, token);
  return api(
    request,
    '/order/create',
    {
      customerId: customers.DEMO,
      channelId: channels['CN-SA-AIR-COD'],
      consignee: {
        name,
        phone: '+966 55 765 4321',
        regionIds: await regionChain(request, token, 'SA-RI-RUH-OL'),
        address: 'Olaya Street 45, Riyadh',
      },
      weight: '1.200',
      isCod: true,
      codAmount: '149.00',
      codCurrency: 'SAR',
      goods: [{ nameEn: 'Phone case', nameCn: '手机壳', quantity: 1, hsCode: '392690', unitPrice: '4.50' }],
    },
    token,
  );
}

/** The server's business time zone in the end-to-end run (BUSINESS_TIME_ZONE's default). */
export const BUSINESS_ZONE = 'Asia/Shanghai';

/** The business day `offset` days from now, as YYYY-MM-DD: what the desk's day ranges mean. */
export function businessDay(offset = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_ZONE }).format(
    Date.now() + offset * 86_400_000,
  );
}
