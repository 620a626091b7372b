import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { code128Png } from '../../src/server/files/barcode.ts';
import type { Body } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { OrderDetail } from '../../src/shared/contract/order.ts';
import { decodeCode128, pdfBarcodes, pdfPageSizesMm } from '../support/pdf-barcodes.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, callWith } from './support/call.ts';

/** Pixels of a PNG as greys, through pdf-lib's own PNG reader (no image library needed). */
async function pngGrey(png: Buffer) {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png);
  const page = doc.addPage([image.width, image.height]);
  page.drawImage(image, { x: 0, y: 0 });
  return (await import('../support/pdf-barcodes.ts')).pdfImages(await doc.save(), 0);
}

const pdfBytes = (r: { pdf: { base64: string } | null }) =>
  new Uint8Array(Buffer.from(r.pdf!.base64, 'base64'));

describe('labels, invoices and the public tracking query', () => {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  const region: Record<string, number> = {};
  const customer: Record<string, number> = {};
  const channel: Record<string, number> = {};
  let mine: OrderDetail;
  let second: OrderDetail;
  let theirs: OrderDetail;
  let carrierNo: string;

  const q = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    t.database.db.execute<T>(query).then((r) => r.rows);

  const orderBody = (
    more: Partial<Body<typeof contract.order.create>> = {},
  ): Body<typeof contract.order.create> => ({
    channelId: channel['CN-SA-AIR-COD']!,
    consignee: {
      name: 'محمد العلي',
      phone: '+966 50 123 4567',
      regionIds: ['SA', 'SA-RI', 'SA-RI-RUH', 'SA-RI-RUH-OL'].map((c) => region[c]!),
      address: 'شارع الملك فهد 12، مبنى 7',
      postcode: '12214',
    },
    weight: '1.250',
    isCod: true,
    codAmount: '199.00',
    codCurrency: 'SAR',
    goods: [
      { nameEn: 'T-shirt', nameCn: 'T恤', quantity: 2, hsCode: '610910', unitPrice: '9.90' },
      { nameEn: 'Mug', nameCn: '杯子', quantity: 3, hsCode: '691200', unitPrice: '12.50', currency: 'SAR' },
      { nameEn: 'Cap', nameCn: '帽子', quantity: 1, hsCode: '650500', unitPrice: '5.05' },
    ],
    ...more,
  });
  const create = async (body: Body<typeof contract.order.create>, token: string) => {
    const r = await call(t, contract.order.create, { token, body, lang: 'en' });
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const labels = (body: Body<typeof contract.order.batchPrintLabel>, token = tokens.admin, lang = 'en') =>
    call(t, contract.order.batchPrintLabel, { token, body, lang });
  /** The orders' invoices, or (`entry`) the origin orders' as their platform sent them. */
  const invoices = (
    body: Body<typeof contract.order.batchPrintInvoice>,
    token = tokens.admin,
    lang = 'en',
    entry: typeof contract.order.batchPrintInvoice | typeof contract.originOrder.printInvoice = contract.order
      .batchPrintInvoice,
  ) => callWith(t, entry, { token, body, lang });

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as keyof typeof DEMO] = await t.login(u, p);
    for (const r of await q<{ id: number; code: string }>(sql`SELECT id, code FROM regions`))
      region[r.code] = r.id;
    for (const c of await q<{ id: number; code: string }>(sql`SELECT id, code FROM customers`))
      customer[c.code] = c.id;
    for (const c of await q<{ id: number; code: string }>(sql`SELECT id, code FROM shipping_channels`))
      channel[c.code] = c.id;
    mine = await create(orderBody({ customerNo: 'PRINT-1' }), tokens.demo);
    second = await create(
      orderBody({ customerNo: 'PRINT-2', isCod: false, codAmount: undefined }),
      tokens.demoSub,
    );
    theirs = await create(
      orderBody({ customerNo: 'PRINT-3', isCod: false, codAmount: undefined }),
      tokens.other,
    );
    const received = await call(t, contract.order.receive, {
      params: { trackingNo: mine.trackingNo },
      token: tokens.operator,
      body: {},
    });
    expect(received.status, received.raw).toBe(200);
    carrierNo = received.body.data.order!.carrierTrackingNo!;
    expect(carrierNo).toBeTruthy();
  });

  describe('order/batchPrintLabel', () => {
    it('draws one 100 × 150 mm page per order, with the Code128 of our number and the carrier’s', async () => {
      const r = await labels({ ids: [mine.recId, second.recId] });
      expect(r.status, r.raw).toBe(200);
      const data = r.body.data;
      expect(data.labels.map((l) => l.trackingNo)).toEqual([mine.trackingNo, second.trackingNo]);
      expect(data.labels[0]).toMatchObject({
        customerNo: 'PRINT-1',
        channelCode: 'CN-SA-AIR-COD',
        carrierCode: 'SMSA',
        carrierTrackingNo: carrierNo,
        isCod: true,
        codAmount: '199.00',
        codCurrency: 'SAR',
        weight: '1.250',
        packageCount: 1,
        contents: 'T-shirt ×2; Mug ×3; Cap ×1',
        consignee: { name: 'محمد العلي', countryCode: 'SA', countryName: 'Saudi Arabia' },
      });
      expect(data.labels[0]!.consignee.lines[0]).toBe('شارع الملك فهد 12، مبنى 7');
      expect(data.labels[0]!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(data.labels[1]).toMatchObject({ isCod: false, carrierTrackingNo: null });

      const pdf = pdfBytes(data);
      expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
      expect(data.pdf).toMatchObject({
        contentType: 'application/pdf',
        pages: 2,
        filename: 'Labels (2).pdf',
      });
      expect(await pdfPageSizesMm(pdf)).toEqual([
        { width: 100, height: 150 },
        { width: 100, height: 150 },
      ]);
      expect(await pdfBarcodes(pdf, 0)).toEqual([mine.trackingNo, carrierNo]);
      expect(await pdfBarcodes(pdf, 1)).toEqual([second.trackingNo]);
    });

    it('renders a Code128 strip (PNG) that ZXing reads back', async () => {
      const { png, modules } = code128Png('GL0001234567', 3);
      const [image] = await pngGrey(png);
      expect(image!.height).toBe(3);
      expect(image!.width).toBe(modules * 4);
      expect(decodeCode128(image!)).toBe('GL0001234567');
    });

    it('takes tracking nos in bulk, lists the unknown ones, and answers only the data when asked', async () => {
      const r = await labels({
        trackingNos: `${mine.trackingNo.toLowerCase()}\nGL9999999999，${second.trackingNo}`,
        output: 'data',
      });
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data.labels.map((l) => l.trackingNo)).toEqual([mine.trackingNo, second.trackingNo]);
      expect(r.body.data.notFound).toEqual(['GL9999999999']);
      expect(r.body.data.pdf).toBeNull();
      const one = await labels({ ids: [mine.recId], trackingNos: mine.trackingNo });
      expect(one.body.data.labels).toHaveLength(1);
      expect(one.body.data.pdf!.filename).toBe(`Labels ${mine.trackingNo}.pdf`);
    });

    it('prints captions in the caller’s language', async () => {
      const cn = await labels({ ids: [mine.recId], output: 'data' }, tokens.admin, 'cn');
      expect(cn.body.data.labels[0]!.statusName).not.toBe('Received');
      const ar = await labels({ ids: [mine.recId] }, tokens.admin, 'ar');
      expect(ar.status, ar.raw).toBe(200);
      expect(await pdfBarcodes(pdfBytes(ar.body.data), 0)).toEqual([mine.trackingNo, carrierNo]);
    });

    it('keeps customers to their own orders', async () => {
      // demo-sub belongs to the same customer as demo
      expect((await labels({ ids: [mine.recId, second.recId] }, tokens.demoSub)).status).toBe(200);
      const foreign = await labels({ ids: [mine.recId, theirs.recId] }, tokens.demo);
      expect(foreign.status).toBe(404);
      expect(foreign.body.data).toBeNull();
      const byNo = await labels({ trackingNos: `${theirs.trackingNo} ${mine.trackingNo}` }, tokens.demo);
      expect(byNo.body.data.labels.map((l) => l.trackingNo)).toEqual([mine.trackingNo]);
      expect(byNo.body.data.notFound).toEqual([theirs.trackingNo]);
      const none = await labels({ trackingNos: theirs.trackingNo }, tokens.demo);
      expect(none.status).toBe(404);
      expect(none.body.msg).toBe('None of these orders was found');
      expect((await labels({ ids: [theirs.recId] }, tokens.other)).status).toBe(200);
      expect((await labels({ ids: [mine.recId] }, tokens.pda)).status).toBe(403);
      expect((await labels({ ids: [mine.recId] }, tokens.finance)).status).toBe(403);
      expect((await labels({ ids: [999_999] })).status).toBe(404);
    });

    it('refuses an empty or too large selection with a clear message', async () => {
      const empty = await labels({});
      expect(empty.status).toBe(400);
      expect(empty.body.msg).toBe('Select orders or enter tracking nos to print');
      const many = await labels({ ids: Array.from({ length: 501 }, (_, i) => i + 1) });
      expect(many.status).toBe(400);
      expect(many.body.msg).toBe('Print at most 500 orders at a time');
      const cn = await labels({}, tokens.admin, 'cn');
      expect(cn.body.msg).not.toBe('Select orders or enter tracking nos to print');
    });
  });

  describe('commercial invoices', () => {
    it('draws one A4 invoice per order with its goods and totals per currency', async () => {
      const r = await invoices({ ids: [mine.recId, second.recId] });
      expect(r.status, r.raw).toBe(200);
      const [first] = r.body.data.invoices;
      expect(first).toMatchObject({
        invoiceNo: mine.trackingNo,
        trackingNo: mine.trackingNo,
        customerNo: 'PRINT-1',
        platformOrderNo: null,
        carrierTrackingNo: carrierNo,
        consignee: { name: 'محمد العلي', countryCode: 'SA' },
        shipper: { countryCode: 'CN' },
        packageCount: 1,
        weight: '1.250',
      });
      expect(
        first!.lines.map((l) => [l.nameEn, l.hsCode, l.quantity, l.unitPrice, l.currency, l.amount]),
      ).toEqual([
        ['T-shirt', '610910', 2, '9.90', 'USD', '19.80'],
        ['Mug', '691200', 3, '12.50', 'SAR', '37.50'],
        ['Cap', '650500', 1, '5.05', 'USD', '5.05'],
      ]);
      expect(first!.totals).toEqual([
        { currency: 'USD', quantity: 3, amount: '24.85' },
        { currency: 'SAR', quantity: 3, amount: '37.50' },
      ]);
      const pdf = pdfBytes(r.body.data);
      expect(r.body.data.pdf).toMatchObject({ pages: 2, filename: 'Commercial invoices (2).pdf' });
      expect(await pdfPageSizesMm(pdf)).toEqual([
        { width: 210, height: 297 },
        { width: 210, height: 297 },
      ]);
      expect(await pdfBarcodes(pdf, 1)).toEqual([second.trackingNo]);
    });

    it('goes on over more pages for a long goods list', async () => {
      const goods = Array.from({ length: 60 }, (_, i) => ({
        nameEn: `Item ${i + 1}`,
        nameCn: '商品',
        quantity: 1,
        hsCode: '610910',
        unitPrice: '1.00',
      }));
      const long = await create(orderBody({ customerNo: 'PRINT-LONG', goods }), tokens.demo);
      const r = await invoices({ ids: [long.recId] });
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data.pdf!.pages).toBeGreaterThan(1);
      expect(r.body.data.invoices[0]!.totals).toEqual([{ currency: 'USD', quantity: 60, amount: '60.00' }]);
    });

    it('is for staff with the invoice permission', async () => {
      expect((await invoices({ ids: [mine.recId] }, tokens.demo)).status).toBe(403);
      expect((await invoices({ ids: [mine.recId] }, tokens.finance)).status).toBe(403);
      expect((await invoices({ ids: [mine.recId] }, tokens.operator)).status).toBe(200);
    });

    it('prints origin orders as the platform sent them, with the foreign-order permission', async () => {
      const origin = await call(t, contract.originOrder.create, {
        token: tokens.operator,
        lang: 'en',
        body: {
          platform: 'NOON',
          platformOrderNo: 'NOON-PRINT-1',
          customerId: customer.DEMO,
          channelId: channel['CN-SA-AIR-COD'],
          receiver: {
            name: 'نورة القحطاني',
            phone: '+966 55 987 6543',
            country: 'Saudi Arabia',
            city: 'Jeddah',
            address: 'Tahlia Street 40',
          },
          sender: { name: 'Li Wei', country: 'China', city: 'Shenzhen', address: 'Fuyong Street 5' },
          weight: '0.800',
          goods: [{ nameEn: 'Handbag', nameCn: '手提包', quantity: 2, hsCode: '420221', unitPrice: '15.50' }],
        },
      });
      expect(origin.status, origin.raw).toBe(200);
      const path = contract.originOrder.printInvoice;
      const r = await invoices({ ids: [origin.body.data.recId] }, tokens.operator, 'en', path);
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data.invoices[0]).toMatchObject({
        recId: origin.body.data.recId,
        invoiceNo: 'NOON-PRINT-1',
        trackingNo: null,
        customerNo: null,
        platformOrderNo: 'NOON-PRINT-1',
        consignee: { name: 'نورة القحطاني', countryName: 'Saudi Arabia' },
        shipper: { name: 'Li Wei', countryName: 'China' },
        totals: [{ currency: 'USD', quantity: 2, amount: '31.00' }],
        weight: '0.800',
      });
      const pdf = pdfBytes(r.body.data);
      expect(await pdfPageSizesMm(pdf)).toEqual([{ width: 210, height: 297 }]);
      expect(await pdfBarcodes(pdf, 0)).toEqual(['NOON-PRINT-1']);
      expect(
        (await invoices({ ids: [origin.body.data.recId, 999_999] }, tokens.operator, 'en', path)).status,
      ).toBe(404);
      expect((await invoices({ ids: [] }, tokens.operator, 'en', path)).status).toBe(400);
      expect((await invoices({ ids: [origin.body.data.recId] }, tokens.demo, 'en', path)).status).toBe(403);
      expect((await invoices({ ids: [origin.body.data.recId] }, tokens.finance, 'en', path)).status).toBe(
        403,
      );
    });
  });

  describe('tracking/query rate limit', () => {
    it('answers 30 queries a minute from one address, then 429 with the translated message', async () => {
      const query = (lang: string) =>
        call(t, contract.common.trackingQuery, { params: { no: mine.trackingNo }, lang });
      for (let i = 0; i < 30; i++) {
        const r = await query('en');
        expect(r.status, `query ${i + 1}`).toBe(200);
      }
      const en = await query('en');
      expect(en.status).toBe(429);
      expect(en.body).toEqual({ code: 0, msg: 'Too many requests, please try again later', data: null });
      const cn = await query('cn');
      expect(cn.status).toBe(429);
      expect(cn.body.msg).not.toBe(en.body.msg);
      // Other calls are not limited by it.
      expect((await labels({ ids: [mine.recId], output: 'data' })).status).toBe(200);
    });
  });
});
