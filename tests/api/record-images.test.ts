import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { png } from '../support/files.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { at, call, callRaw, callWith } from './support/call.ts';
import { riyadhConsignee } from './support/order-body.ts';

type Who = keyof typeof DEMO;

/**
 * Photos saved on records (issue 41): goods lines take theirs on order/create and
 * order/createBatch, an abnormal mark through order/abnormalImages. A record keeps only images the caller uploaded (a customer
 * account: its customer's uploads) or that are already on it, never a URL copied from elsewhere.
 */
describe('photos on records', () => {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  const region: Record<string, number> = {};
  let channelId = 0;
  let shade = 1;

  const post = <E extends EndpointDef>(entry: E, who: Who, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], body, lang });
  const marked = (id: number) => at(contract.order.abnormalImages, { id });
  const detailOf = (id: number, who: Who) =>
    call(t, contract.order.getOrderDetail, { params: { id }, token: tokens[who] });
  const upload = async (who: Who): Promise<string> => {
    const res = await call(t, contract.image.upload, {
      token: tokens[who],
      file: { name: 'p.png', content: png(12, 10, shade++), type: 'image/png' },
    });
    expect(res.status, res.raw).toBe(200);
    return res.body.data.url;
  };
  const order = <I = string[]>(images: I) => ({
    channelId,
    consignee: riyadhConsignee(region),
    weight: '1.000',
    goods: [{ nameEn: 'Lamp', quantity: 1, hsCode: '940520', unitPrice: '12.00', images }],
  });

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    const rows = await t.database.db.execute<{ id: number; code: string }>(sql`SELECT id, code FROM regions`);
    for (const r of rows.rows) region[r.code] = r.id;
    channelId = (
      await t.database.db.execute<{ id: number }>(
        sql`SELECT id FROM shipping_channels WHERE code = 'CN-SA-AIR-COD'`,
      )
    ).rows[0]!.id;
  });

  it("keeps a goods line's photos uploaded by the customer or its other accounts, in order", async () => {
    const [mine, sub] = [await upload('demo'), await upload('demoSub')];
    const made = await post(contract.order.create, 'demo', order([sub!, mine!, sub!]));
    expect(made.status, made.raw).toBe(200);
    expect(made.body.data.goods[0]!.images).toEqual([sub, mine]);
    const read = await detailOf(made.body.data.recId, 'demo');
    expect(read.body.data.goods[0]!.images).toEqual([sub, mine]);
  });

  it("refuses another customer's or another staff member's upload, and what is no image URL", async () => {
    const others = await upload('other');
    const refused = await post(contract.order.create, 'demo', order([others]));
    expect(refused.status, refused.raw).toBe(400);
    expect(refused.issues[0]).toMatchObject({
      path: 'goods.0.images',
      message: 'A photo is neither one you uploaded nor one already on this record: upload it again',
    });
    const staffs = await upload('admin');
    expect((await post(contract.order.create, 'demo', order([staffs]))).status).toBe(400);
    for (const bad of ['https://evil.example/x.png', '/files/images/../../etc/passwd', 42]) {
      const body = order([bad]);
      const r = await callRaw(t, contract.order.create, { token: tokens.demo, body, lang: 'ar' });
      expect(r.status, String(bad)).toBe(400);
      expect(r.issues[0]!.path).toBe('goods.0.images.0');
    }
    const ten = Array.from({ length: 10 }, (_, i) => `/files/images/${String(i).repeat(64)}.png`);
    const tooMany = await post(contract.order.create, 'demo', order(ten));
    expect(tooMany.status).toBe(400);
    expect(tooMany.issues[0]!.message).toBe('Too many photos: at most 9 on one record');
  });

  it("keeps each batch order's goods photos; an order with another's upload is refused alone", async () => {
    const [mine, sub, others] = [await upload('demo'), await upload('demoSub'), await upload('other')];
    const lamp = order([]).goods[0]!;
    const { goods: _g, ...base } = order([]);
    const batch = await post(contract.order.createBatch, 'demo', {
      orders: [
        {
          ...base,
          goods: [
            { ...lamp, images: [sub!, mine!, sub!] },
            { ...lamp, nameEn: 'Shade' },
          ],
        },
        { ...base, goods: [{ ...lamp, images: [others!] }] },
        { ...base, goods: [{ ...lamp, images: [mine!] }] },
      ],
    });
    expect(batch.status, batch.raw).toBe(200);
    const [first, refused, third] = batch.body.data.results;
    expect(refused).toMatchObject({
      ok: false,
      issues: [
        {
          path: 'goods.0.images',
          message: 'A photo is neither one you uploaded nor one already on this record: upload it again',
        },
      ],
    });
    const goodsOf = async (recId: number | null | undefined) =>
      (await detailOf(recId!, 'demo')).body.data.goods;
    expect((await goodsOf(first?.recId)).map((g) => g.images)).toEqual([[sub, mine], []]);
    expect((await goodsOf(third?.recId)).map((g) => g.images)).toEqual([[mine]]);
    // Staff enter a batch for the customer with their own uploads only.
    const staffs = await upload('admin');
    const demoId = (
      await t.database.db.execute<{ id: number }>(sql`SELECT id FROM customers WHERE code = 'DEMO'`)
    ).rows[0]!.id;
    const forDemo = await post(contract.order.createBatch, 'admin', {
      customerId: demoId,
      orders: [
        { ...base, goods: [{ ...lamp, images: [staffs] }] },
        { ...base, goods: [{ ...lamp, images: [mine] }] },
      ],
    });
    expect(forDemo.status, forDemo.raw).toBe(200);
    expect(forDemo.body.data.results.map((r) => r.ok)).toEqual([true, false]);
    expect((await goodsOf(forDemo.body.data.results[0]!.recId)).map((g) => g.images)).toEqual([[staffs]]);
  });

  it('sets the photos of an abnormal mark: own uploads added, those on it kept, others refused', async () => {
    const made = await post(contract.order.create, 'admin', {
      ...order([]),
      customerId: (
        await t.database.db.execute<{ id: number }>(sql`SELECT id FROM customers WHERE code = 'DEMO'`)
      ).rows[0]!.id,
    });
    expect(made.status, made.raw).toBe(200);
    const { recId, trackingNo } = made.body.data;
    expect(
      (await post(at(contract.order.interceptOrder, { id: recId }), 'admin', { reason: 'photos' })).status,
    ).toBe(200);
    const list = await post(contract.order.orderAbnormalList, 'service', {
      trackingNos: trackingNo,
    });
    const mark = list.body.data.records[0]!;
    expect(mark.images).toEqual([]);

    const a = await upload('service');
    const set = await post(marked(mark.recId), 'service', {
      images: [a],
    });
    expect(set.status, set.raw).toBe(200);
    expect(set.body.data.images).toEqual([a]);

    // Another staff member keeps the photo already there and adds an own one.
    const b = await upload('admin');
    const more = await post(marked(mark.recId), 'admin', {
      images: [b, a],
    });
    expect(more.body.data.images).toEqual([b, a]);
    // The order's detail shows the office the mark's photos.
    const detail = await detailOf(recId, 'admin');
    expect(detail.body.data.abnormals.find((x) => x.recId === mark.recId)!.images).toEqual([b, a]);
    const foreign = await upload('demo');
    const refused = await post(marked(mark.recId), 'admin', { images: [b, foreign] }, 'cn');
    expect(refused.status).toBe(400);
    const removed = await post(marked(mark.recId), 'service', {
      images: [],
    });
    expect(removed.body.data.images).toEqual([]);
    const again = await post(contract.order.orderAbnormalList, 'service', {
      trackingNos: trackingNo,
    });
    expect(again.body.data.records[0]!.images).toEqual([]);

    expect((await post(marked(999999), 'service', { images: [] })).status).toBe(404);
    for (const who of ['demo', 'pda', 'finance'] as const)
      expect((await post(marked(mark.recId), who, { images: [] })).status, who).toBe(403);
  });
});
