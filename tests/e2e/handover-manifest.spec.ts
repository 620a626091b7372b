import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { pdfPagesText } from '../support/pdf-text.ts';
import { logIn } from './desk-support.ts';
import { expect, test } from './fixtures.ts';
import { Api, type Bill, lookups, makeOrders } from './pda-support.ts';

/**
 * The carrier's handover manifest from the desk: a bill picked up through the API (as the PDA
 * does) offers "Handover manifest" as a PDF and as a sheet on its detail, and the files hold its
 * parcels and totals; a batch's detail offers its own once picked up. In English and Arabic.
 */

const SHOTS = process.env.LADING_SHOTS ?? 'test-results';

async function pickedUpBill(admin: Api, customer: Api): Promise<{ bill: Bill; orders: string[] }> {
  const ids = await lookups(admin);
  const orders = await makeOrders(customer, admin, ids, 2);
  const bill = await admin.ok<Bill>('POST', '/lading/create', { channelId: ids.channelId });
  for (const trackingNo of orders)
    await admin.ok('POST', `/lading/scanTrackingNo/${bill.recId}`, { trackingNo });
  await admin.ok('POST', '/lading/confirm', { ids: [bill.recId] });
  await admin.ok('POST', `/lading/confirm/pickup/${bill.recId}`, {});
  return { bill, orders };
}

test("a picked-up bill's detail downloads its handover manifest as PDF and xlsx", async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await logIn(browser, 'admin', 'admin123');
  const admin = await Api.login(page.request, 'admin', 'admin123');
  const customer = await Api.login(page.request, 'demo', 'demo123');
  const { bill, orders } = await pickedUpBill(admin, customer);
  const detail = page.getByTestId('lading-detail');
  const totals = await admin.ok<{ orderCount: number; pieceCount: number; weight: string }>(
    'GET',
    `/lading/detail/${bill.recId}`,
  );

  await test.step('the PDF names the bill, its parcels and its totals', async () => {
    await page.goto(`/admin/ladingBll/manage?open=${bill.recId}`);
    await expect(detail).toContainText(`Lading bill ${bill.no}`);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      detail.getByTestId('manifest-pdf').click(),
    ]);
    expect(file.suggestedFilename()).toBe(`Handover manifest ${bill.no}.pdf`);
    const text = (await pdfPagesText(readFileSync(await file.path()))).flat();
    expect(text).toContain(bill.no);
    for (const o of orders) expect(text).toContain(o);
    expect(text).toContain(`Orders: ${totals.orderCount}`);
    expect(text).toContain(`Pieces: ${totals.pieceCount}`);
    expect(text).toContain(`Weight (kg): ${totals.weight}`);
    expect(text).toContain('Taken over by the carrier');
    await page.screenshot({ path: `${SHOTS}/manifest-detail-en.png` });
  });

  await test.step('the sheet has a row a parcel and the totals row', async () => {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      detail.getByTestId('manifest-xlsx').click(),
    ]);
    expect(file.suggestedFilename()).toBe(`Handover manifest ${bill.no}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((r) => {
      rows.push((r.values as unknown[]).slice(1));
    });
    const h = rows.findIndex((r) => r[0] === 'No.');
    expect(rows.slice(h + 1, h + 3).map((r) => r[2])).toEqual(orders);
    expect(rows[h + 3]!.slice(6, 9)).toEqual([totals.orderCount, totals.pieceCount, Number(totals.weight)]);
  });

  await test.step('the list offers it for one selected picked-up bill', async () => {
    await page.goto(`/admin/ladingBll/manage?nos=${bill.no}`);
    const pdf = page.getByTestId('list-manifest-pdf');
    await expect(pdf).toBeDisabled();
    await page
      .getByTestId('lading-table')
      .locator('tr', { hasText: bill.no })
      .locator('input[type=checkbox]')
      .check();
    await expect(pdf).toBeEnabled();
  });

  await test.step('in Arabic', async () => {
    const ar = await logIn(browser, 'admin', 'admin123', 'ar');
    await ar.goto(`/admin/ladingBll/manage?open=${bill.recId}`);
    const arDetail = ar.getByTestId('lading-detail');
    await expect(arDetail.getByTestId('manifest-pdf')).toContainText('كشف التسليم');
    const [file] = await Promise.all([
      ar.waitForEvent('download'),
      arDetail.getByTestId('manifest-pdf').click(),
    ]);
    expect(file.suggestedFilename()).toBe(`كشف التسليم ${bill.no}.pdf`);
    expect((await pdfPagesText(readFileSync(await file.path()))).flat()).toContain(bill.no);
    await ar.screenshot({ path: `${SHOTS}/manifest-detail-ar.png` });
    await ar.context().close();
  });
});
