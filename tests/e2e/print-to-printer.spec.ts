import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { api, expectToast, logIn, makeDemoOrder, pickOption } from './desk-support.ts';
import { expect, test } from './fixtures.ts';
import { Api, lookups, makeOrders, wedge } from './pda-support.ts';

/**
 * Printing labels on a network printer from the desk (issue 42), with a TCP server of this spec on
 * 127.0.0.1 standing in for the Zebra: the printer is added on Settings → Label printers, the
 * order list's "Print to printer" sends two orders' labels to it, the dialog follows the print to
 * "Sent to the printer", and the stand-in received one ^XA…^XZ per label; the Prints screen lists
 * the print and sends it again. In English and Arabic (right to left), by the words each language
 * shows.
 */

const SHOTS = process.env.PRINT_SHOTS ?? 'test-results';
const LANGS = ['en', 'ar'] as const;

/** The desk's words in `lang`, from the catalog the app is built from (English is the message id). */
function words(lang: string): (id: string) => string {
  if (lang === 'en') return (id) => id;
  const po = readFileSync(`src/shared/i18n/locales/${lang}/messages.po`, 'utf8');
  const catalog = new Map<string, string>();
  for (const m of po.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)) catalog.set(m[1]!, m[2]!);
  return (id) => {
    const s = catalog.get(id);
    if (!s) throw new Error(`"${id}" has no ${lang} translation`);
    return s;
  };
}

/** A button's name as Ant Design shows it: two Chinese characters get a space between them. */
const button = (name: string) =>
  new RegExp(`^${[...name].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s?')}$`);

/** The stand-in printer: keeps what each connection sent, as a Zebra on port 9100 takes raw ZPL. */
async function standInPrinter() {
  const received: string[] = [];
  const server: Server = createServer((socket) => {
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      data += chunk;
    });
    socket.on('end', () => {
      received.push(data);
      socket.end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}

let printer: Awaited<ReturnType<typeof standInPrinter>>;
test.beforeAll(async () => {
  printer = await standInPrinter();
});
test.afterAll(async () => {
  await printer.close();
});

for (const lang of LANGS) {
  test(`labels print on a stand-in network printer from the order list (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const t = words(lang);
    const name = `Stand-in Zebra ${lang} ${Date.now() % 100_000}`;
    const page = await logIn(browser, 'admin', 'admin123', lang);

    await test.step('add the printer on the printer screen', async () => {
      await page.goto('/admin/options/printer');
      await expect(page.getByTestId('printer-page')).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await page.getByRole('button', { name: t('Add printer') }).click();
      const dialog = page.getByRole('dialog', { name: t('Add printer') });
      await expect(dialog).not.toHaveClass(/-appear/);
      await dialog.getByLabel(t('Name'), { exact: true }).fill(name);
      await dialog.getByLabel(t('Address'), { exact: true }).fill('127.0.0.1');
      await dialog.getByLabel(t('Port'), { exact: true }).fill(String(printer.port));
      await page.screenshot({ path: `${SHOTS}/printer-form-${lang}.png` });
      await dialog.getByRole('button', { name: button(t('Save')) }).click();
      await expect(dialog).toBeHidden();
      const row = page.getByTestId('printer-table').locator('tr.ant-table-row', { hasText: name });
      await expect(row).toContainText(`127.0.0.1:${printer.port}`);
      await page.screenshot({ path: `${SHOTS}/printer-page-${lang}.png`, fullPage: true });
    });

    const { token } = await api<{ token: string }>(request, '/login', {
      username: 'admin',
      password: 'admin123',
    });
    const orders = [await makeDemoOrder(request, token), await makeDemoOrder(request, token)];
    const before = printer.received.length;

    await test.step('print the two orders’ labels from the order list', async () => {
      await page.goto(`/admin/order/list?trackingNos=${orders.map((o) => o.trackingNo).join('%0A')}`);
      const table = page.getByTestId('order-table');
      await expect(table.locator('tr.ant-table-row')).toHaveCount(2, { timeout: 30_000 });
      await table.locator('thead .ant-checkbox-input').check();
      await page.getByTestId('print-to-printer').click();
      const dialog = page.getByRole('dialog', { name: t('Print to printer') });
      await expect(dialog).not.toHaveClass(/-appear/);
      await pickOption(page, dialog, t('Printer'), `${name} · 203 dpi`);
      await page.screenshot({ path: `${SHOTS}/print-dialog-${lang}.png` });
      await dialog.getByRole('button', { name: button(t('Print')) }).click();
      await expect(dialog.getByTestId('print-status')).toContainText(t('Sent to the printer'), {
        timeout: 60_000,
      });
      await expect(dialog.getByTestId('print-status')).toContainText(`127.0.0.1:${printer.port}`);
      await page.screenshot({ path: `${SHOTS}/print-dialog-sent-${lang}.png` });
    });

    await expect.poll(() => printer.received.length).toBe(before + 1);
    const zpl = printer.received.at(-1)!;
    const labels = zpl.match(/\^XA[\s\S]*?\^XZ/g) ?? [];
    expect(labels).toHaveLength(2);
    expect(zpl.replace(/\^XA[\s\S]*?\^XZ/g, '').trim()).toBe('');
    for (const o of orders) expect(labels.filter((l) => l.includes(o.trackingNo))).toHaveLength(1);

    await test.step('the Prints screen lists the print, and prints it again', async () => {
      await page.goto(`/admin/options/prints?trackingNo=${orders[1]!.trackingNo}`);
      const row = page.getByTestId('prints-table').locator('tr.ant-table-row', { hasText: name });
      await expect(row).toHaveCount(1, { timeout: 30_000 });
      await expect(row).toContainText(t('Sent to the printer'));
      await expect(row).toContainText(`127.0.0.1:${printer.port}`);
      await expect(row).toContainText('admin');
      await page.screenshot({ path: `${SHOTS}/prints-page-${lang}.png`, fullPage: true });
      await row.getByRole('button', { name: t('Print again') }).click();
      await expectToast(page, t('Sent again'));
      await expect.poll(() => printer.received.length).toBe(before + 2);
      expect(printer.received.at(-1)).toBe(zpl);
      await expect(row).toContainText(t('Sent to the printer'));
    });
  });
}

for (const lang of LANGS) {
  test(`a bill's label prints on the stand-in printer from the PDA after a scan session (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const t = words(lang);
    const admin = await Api.login(request, 'admin', 'admin123');
    const customer = await Api.login(request, 'demo', 'demo123');
    const ids = await lookups(admin);
    const codes = await makeOrders(customer, admin, ids, 2);
    const bill = await admin.ok<{ recId: number; no: string }>('POST', '/lading/create', {
      channelId: ids.channelId,
    });
    const name = `PDA stand-in ${lang} ${Date.now() % 100_000}`;
    await admin.ok('POST', '/printer/save', { name, host: '127.0.0.1', port: printer.port });

    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`/login?lang=${lang}`);
    await page.locator('input[name="username"]').fill('pda');
    await page.locator('input[name="password"]').fill('pda123');
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/pda$/, { timeout: 30_000 });

    await test.step('scan two parcels into the bill', async () => {
      await page.locator('[data-task="lading"] a').tap();
      await page.locator(`[data-testid="bill-option"][data-bill-no="${bill.no}"]`).tap();
      await expect(page.getByTestId('bill-no')).toHaveText(bill.no);
      await expect(page.getByTestId('scan-input')).toBeFocused();
      for (const code of codes) await wedge(page, code);
      await expect(page.locator('[data-testid="scan-row"][data-state="done"]')).toHaveCount(2, {
        timeout: 30_000,
      });
    });

    const before = printer.received.length;
    await test.step('print its label on the chosen printer', async () => {
      await page.getByTestId('print-bill-label-open').tap();
      const sheet = page.getByTestId('print-bill-label');
      await sheet.getByTestId('printer-option').filter({ hasText: name }).tap();
      await page.screenshot({ path: `${SHOTS}/pda-print-${lang}.png` });
      await sheet.getByTestId('pda-print').tap();
      await expect(sheet.getByTestId('pda-print-status')).toContainText(t('Sent to the printer'), {
        timeout: 60_000,
      });
      await page.screenshot({ path: `${SHOTS}/pda-print-sent-${lang}.png` });
    });

    await expect.poll(() => printer.received.length).toBe(before + 1);
    const labels = printer.received.at(-1)!.match(/\^XA[\s\S]*?\^XZ/g) ?? [];
    expect(labels).toHaveLength(1);
    expect(labels[0]).toContain(`^FD${bill.no}^FS`);
    // The label counts the two parcels scanned.
    expect(labels[0]).toMatch(/\^FD2\^FS/);
  });
}

for (const lang of LANGS) {
  test(`a package's label prints on the stand-in printer from the PDA right after a merge (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const t = words(lang);
    const admin = await Api.login(request, 'admin', 'admin123');
    const customer = await Api.login(request, 'demo', 'demo123');
    const ids = await lookups(admin);
    const address = `Olaya Street ${lang} ${Date.now() % 1_000_000}`;
    const codes = await makeOrders(customer, admin, ids, 2, address);
    const name = `PDA package stand-in ${lang} ${Date.now() % 100_000}`;
    await admin.ok('POST', '/printer/save', { name, host: '127.0.0.1', port: printer.port });

    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`/login?lang=${lang}`);
    await page.locator('input[name="username"]').fill('pda');
    await page.locator('input[name="password"]').fill('pda123');
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/pda$/, { timeout: 30_000 });

    let packageNo = '';
    await test.step('merge two parcels of one consignee into a new package', async () => {
      await page.locator('[data-task="package"] a').tap();
      await page.getByTestId('new-package').tap();
      await expect(page.getByTestId('bill-no')).toHaveText(/\S/, { timeout: 30_000 });
      packageNo = ((await page.getByTestId('bill-no').textContent()) ?? '').trim();
      await expect(page.getByTestId('scan-input')).toBeFocused();
      for (const code of codes) await wedge(page, code);
      await expect(page.locator('[data-testid="scan-row"][data-state="done"]')).toHaveCount(2, {
        timeout: 30_000,
      });
    });

    const before = printer.received.length;
    await test.step('print its label on the chosen printer', async () => {
      await page.getByTestId('print-bill-label-open').tap();
      const sheet = page.getByTestId('print-bill-label');
      await sheet.getByTestId('printer-option').filter({ hasText: name }).tap();
      await sheet.getByTestId('pda-print').tap();
      await expect(sheet.getByTestId('pda-print-status')).toContainText(t('Sent to the printer'), {
        timeout: 60_000,
      });
      await page.screenshot({ path: `${SHOTS}/pda-package-print-sent-${lang}.png` });
    });

    await expect.poll(() => printer.received.length).toBe(before + 1);
    const labels = printer.received.at(-1)!.match(/\^XA[\s\S]*?\^XZ/g) ?? [];
    expect(labels).toHaveLength(1);
    expect(labels[0]).toContain(`^FD${packageNo}^FS`);
    // The label counts the two orders merged.
    expect(labels[0]).toMatch(/\^FD2\^FS/);
  });
}
