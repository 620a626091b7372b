import { writeFileSync } from 'node:fs';
import bwipjs from 'bwip-js/node';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rasterLine } from '../../src/server/files/raster-text.ts';
import { code128Modules, graphicField } from '../../src/server/files/zpl.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { OrderDetail, OrderInput } from '../../src/shared/contract/order.ts';
import { readCode128, renderZpl } from '../support/zpl-render.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, callRaw } from './support/call.ts';

/** SHOT_DIR=<dir> keeps the rendered labels to look at. */
const shot = (name: string, png: Buffer) => {
  if (process.env.SHOT_DIR) writeFileSync(`${process.env.SHOT_DIR}/${name}.png`, png);
};

describe('order labels as ZPL II (order/printLabelZpl)', () => {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  const region: Record<string, number> = {};
  const channel: Record<string, number> = {};
  let cod: OrderDetail;
  let prepaid: OrderDetail;
  let theirs: OrderDetail;
  let carrierNo: string;

  const q = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    t.database.db.execute<T>(query).then((r) => r.rows);
  const create = async (more: Partial<OrderInput>, token: string) => {
    const body: OrderInput = {
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
      goods: [{ nameEn: 'T-shirt', nameCn: 'T恤', quantity: 2, hsCode: '610910', unitPrice: '9.90' }],
      ...more,
    };
    const r = await call(t, contract.order.create, { token, body, lang: 'en' });
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  // Some bodies are refused on purpose (dpi 600, no ids): callRaw.
  const zpl = (body: object, token = tokens.admin, lang = 'en') =>
    callRaw(t, contract.order.printLabelZpl, { token, body, lang });

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as keyof typeof DEMO] = await t.login(u, p);
    for (const r of await q<{ id: number; code: string }>(sql`SELECT id, code FROM regions`))
      region[r.code] = r.id;
    for (const c of await q<{ id: number; code: string }>(sql`SELECT id, code FROM shipping_channels`))
      channel[c.code] = c.id;
    cod = await create({ customerNo: 'ZPL-1' }, tokens.demo);
    prepaid = await create({ customerNo: 'ZPL-2', isCod: false, codAmount: undefined }, tokens.demo);
    theirs = await create({ customerNo: 'ZPL-3', isCod: false, codAmount: undefined }, tokens.other);
    const received = await call(t, contract.order.receive, {
      params: { trackingNo: cod.trackingNo },
      token: tokens.operator,
      body: {},
    });
    expect(received.status, received.raw).toBe(200);
    carrierNo = received.body.data.order!.carrierTrackingNo!;
  });

  for (const dpi of [203, 300] as const) {
    it(`prints one label per order at ${dpi} dpi whose barcodes scan back to the numbers`, async () => {
      const r = await zpl({ ids: [cod.recId, prepaid.recId], dpi });
      expect(r.status, r.raw).toBe(200);
      expect(r.headers['content-type']).toContain('application/vnd.zebra.zpl');
      expect(String(r.headers['content-disposition'])).toContain('.zpl');
      const labels = r.raw.match(/\^XA[\s\S]*?\^XZ/g)!;
      expect(labels).toHaveLength(2);
      const dots = (mm: number) => Math.round((mm * dpi) / 25.4);
      expect(labels[0]).toContain(`^PW${dots(100)}^LL${dots(150)}`);
      const pngs = await renderZpl(r.raw, dpi);
      expect(pngs).toHaveLength(2);
      shot(`order-label-${dpi}`, pngs[0]!);
      expect((await readCode128(pngs[0]!)).sort()).toEqual([cod.trackingNo, carrierNo].sort());
      expect(await readCode128(pngs[1]!)).toEqual([prepaid.trackingNo]);
      // The barcode fills its box: the widest whole-dot module that fits 84 mm, at most 0.5 mm.
      const module = Number(/\^BY(\d+)\^BCN/.exec(labels[0]!)![1]);
      expect(module).toBeGreaterThanOrEqual(2);
    });
  }

  it('sends the Arabic consignee name as a ^GFA graphic field, never as text', async () => {
    const r = await zpl({ ids: [cod.recId] });
    expect(r.status, r.raw).toBe(200);
    expect(r.raw).not.toMatch(/[\u0600-\u06FF]/u);
    // The name as the PDF draws it: 12 pt bold, shaped, right to left.
    const name = graphicField(
      rasterLine('محمد العلي', { sizeDots: Math.round((12 * 203) / 72), bold: true }),
    );
    expect(r.raw).toContain(name);
    expect(r.raw).toContain(`^FD${cod.trackingNo}^FS`);
    expect(r.raw).toContain('199.00 SAR');
  });

  it('lays the label out right to left in Arabic and in Chinese captions as graphics', async () => {
    for (const lang of ['ar', 'cn']) {
      const r = await zpl({ trackingNos: cod.trackingNo }, tokens.admin, lang);
      expect(r.status, r.raw).toBe(200);
      expect(r.raw).not.toMatch(/[\u0600-\u06FF\u4E00-\u9FFF]/u);
      const [png] = await renderZpl(r.raw, 203);
      shot(`order-label-${lang}`, png!);
      expect((await readCode128(png!)).sort()).toEqual([cod.trackingNo, carrierNo].sort());
    }
  });

  it('counts Code128 modules as the encoder of the PDF draws them', () => {
    const drawn = (v: string) =>
      (bwipjs.raw('code128', v, '') as { sbs: number[] }[])[0]!.sbs.reduce((a, b) => a + b, 0);
    for (const v of [
      'GL0001000007',
      '290000000001',
      'SMSA000000001',
      '1Z999AA10123456784',
      'A1',
      '123',
      'ab_c~1',
    ])
      expect(code128Modules(v), v).toBe(drawn(v));
  });

  it('confines a customer to its own orders and refuses bad input', async () => {
    expect((await zpl({ ids: [theirs.recId] }, tokens.demo)).status).toBe(404);
    expect((await zpl({ ids: [cod.recId], dpi: 600 })).status).toBe(400);
    expect((await zpl({ ids: [] })).status).toBe(400);
    expect((await zpl({ trackingNos: 'NOSUCH123' })).status).toBe(404);
    expect((await zpl({ ids: [cod.recId] }, tokens.demo)).status).toBe(200);
  });
});
