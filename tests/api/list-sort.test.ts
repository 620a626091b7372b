import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { AbnormalListRecord } from '../../src/shared/contract/order-staff.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { at, callRaw, callWith } from './support/call.ts';
import { idsByCode, makeOrders } from './support/movement.ts';

type Who = keyof typeof DEMO;
/** A list's sort keys, as its entry's schema allows them. */
type SortOf<E extends EndpointDef> = NonNullable<Body<E>>;

/**
 * Server-side sorting of a kit list (issue 41): the lading list by its totals, open bills
 * included, whose scans are still in their tallies (a sort by the bill's own columns put every
 * open bill at 0); the origin (foreign) orders by creation, weight, COD amount and goods lines;
 * the abnormal marks by when they were made and handled; a key off the contract's allow-list is
 * refused with a 400.
 */
describe('list sorting', () => {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  const post = <E extends EndpointDef>(entry: E, who: Who, body = {} as Body<E>) =>
    callWith(t, entry, { token: tokens[who], body, lang: 'en' });
  /** A sort key the entry's schema refuses, on purpose. */
  const postRaw = (entry: EndpointDef, who: Who, body: unknown) =>
    callRaw(t, entry, { token: tokens[who], body, lang: 'en' });

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
  });

  it('sorts open lading bills by their live totals, both ways', async () => {
    const channelId = (await idsByCode(t, 'shipping_channels'))['CN-SA-AIR-COD'];
    const orders = await makeOrders(t, tokens, 6);
    const nos: string[] = [];
    for (const held of [orders.slice(0, 2), orders.slice(2, 5), orders.slice(5)]) {
      const bill = await post(contract.lading.create, 'operator', { channelId });
      expect(bill.status, bill.raw).toBe(200);
      for (const o of held)
        expect(
          (
            await post(at(contract.lading.scanTrackingNo, { id: bill.body.data.recId }), 'pda', {
              trackingNo: o.trackingNo,
            })
          ).status,
        ).toBe(200);
      nos.push(bill.body.data.no);
    }
    const [two, three, one] = nos;
    type Sort = SortOf<typeof contract.lading.list>;
    const listed = async (sortBy: Sort['sortBy'], sortOrder: Sort['sortOrder']) => {
      const r = await post(contract.lading.list, 'admin', {
        nos: nos.join(','),
        sortBy,
        sortOrder,
      });
      expect(r.status, r.raw).toBe(200);
      return r.body.data.records.map((b) => b.no);
    };
    for (const key of ['orderCount', 'itemCount', 'pieceCount', 'weight'] as const) {
      expect(await listed(key, 'desc'), key).toEqual([three, two, one]);
      expect(await listed(key, 'asc'), key).toEqual([one, two, three]);
    }
  });

  it('sorts origin orders by creation, weight, COD amount and goods lines, both ways', async () => {
    const ids = await idsByCode(t, 'customers');
    const channelId = (await idsByCode(t, 'shipping_channels'))['CN-SA-AIR-COD'];
    const stem = `SORT${Date.now()}`;
    const good = (n: number) => ({ nameEn: `Goods ${n}`, nameCn: '货物', quantity: 1, unitPrice: '5.00' });
    const make = async (suffix: string, weight: string, cod: string | null, goods: number) => {
      const r = await post(contract.originOrder.create, 'operator', {
        platform: 'NOON',
        platformOrderNo: `${stem}${suffix}`,
        customerId: ids.DEMO,
        channelId,
        receiver: {
          name: 'Noura',
          phone: '+966 55 000 0000',
          country: 'Saudi Arabia',
          city: 'Riyadh',
          address: 'Olaya 1',
        },
        sender: { name: 'Li Wei', country: 'China', city: 'Shenzhen', address: 'Fuyong 5' },
        weight,
        ...(cod ? { isCod: true, codAmount: cod, codCurrency: 'SAR' } : {}),
        goods: Array.from({ length: goods }, (_, i) => good(i)),
      });
      expect(r.status, r.raw).toBe(200);
      return `${stem}${suffix}`;
    };
    const a = await make('A', '2.000', '50', 1);
    const b = await make('B', '0.500', '300', 3);
    const c = await make('C', '1.000', null, 2);
    type Sort = SortOf<typeof contract.originOrder.list>;
    const listed = async (sortBy: Sort['sortBy'], sortOrder: Sort['sortOrder']) => {
      const r = await post(contract.originOrder.list, 'operator', {
        platformOrderNos: [a, b, c].join(','),
        sortBy,
        sortOrder,
      });
      expect(r.status, r.raw).toBe(200);
      return r.body.data.records.map((o) => o.platformOrderNo);
    };
    const expected: Record<NonNullable<Sort['sortBy']>, string[]> = {
      createdAt: [c, b, a],
      weight: [a, c, b],
      codAmount: [b, a, c],
      goodsCount: [b, c, a],
    };
    for (const [key, desc] of Object.entries(expected) as [keyof typeof expected, string[]][]) {
      expect(await listed(key, 'desc'), key).toEqual(desc);
      expect(await listed(key, 'asc'), key).toEqual([...desc].reverse());
    }
    const off = await postRaw(contract.originOrder.list, 'operator', { sortBy: 'receiverName' });
    expect(off.status).toBe(400);
    expect(off.issues[0]!.path).toBe('sortBy');
  });

  it('sorts abnormal marks by when they were made and when handled, both ways', async () => {
    const orders = await makeOrders(t, tokens, 3);
    for (const o of orders)
      expect(
        (await post(at(contract.order.interceptOrder, { id: o.id }), 'admin', { reason: 'sort' })).status,
      ).toBe(200);
    const trackingNos = orders.map((o) => o.trackingNo).join(',');
    const marks = async (body: Partial<SortOf<typeof contract.order.orderAbnormalList>> = {}) => {
      const r = await post(contract.order.orderAbnormalList, 'service', {
        trackingNos,
        state: '-1',
        ...body,
      });
      expect(r.status, r.raw).toBe(200);
      return r.body.data.records;
    };
    const [a, b, c] = orders.map((o) => o.trackingNo);
    const byNo = new Map((await marks()).map((m) => [m.trackingNo, m.recId]));
    // Made: b, then c, then a. Handled: c, then b; a pending.
    const made = { [b!]: '2026-01-01T00:00:00Z', [c!]: '2026-01-02T00:00:00Z', [a!]: '2026-01-03T00:00:00Z' };
    for (const [no, at] of Object.entries(made))
      await t.database.db.execute(
        sql`UPDATE order_abnormals SET created_at = ${at} WHERE id = ${byNo.get(no)!}`,
      );
    for (const no of [c!, b!]) {
      const id = byNo.get(no)!;
      expect(
        (await post(at(contract.order.cancelOrderAbnormal, { id }), 'service', { remark: 'done' })).status,
      ).toBe(200);
    }
    await t.database.db.execute(
      sql`UPDATE order_abnormals SET handled_at = ${'2026-02-01T00:00:00Z'} WHERE id = ${byNo.get(c!)!}`,
    );
    await t.database.db.execute(
      sql`UPDATE order_abnormals SET handled_at = ${'2026-02-02T00:00:00Z'} WHERE id = ${byNo.get(b!)!}`,
    );
    const nos = (rs: AbnormalListRecord[]) => rs.map((m) => m.trackingNo);
    expect(nos(await marks())).toEqual([a, c, b]);
    expect(nos(await marks({ sortBy: 'createdAt', sortOrder: 'asc' }))).toEqual([b, c, a]);
    expect(nos(await marks({ sortBy: 'createdAt', sortOrder: 'desc' }))).toEqual([a, c, b]);
    // Pending marks have no handling time: last ascending, first descending.
    expect(nos(await marks({ sortBy: 'handledAt', sortOrder: 'asc' }))).toEqual([c, b, a]);
    expect(nos(await marks({ sortBy: 'handledAt', sortOrder: 'desc' }))).toEqual([a, b, c]);
  });

  it('refuses a sort key the list does not allow', async () => {
    const r = await postRaw(contract.lading.list, 'admin', { sortBy: 'no' });
    expect(r.status).toBe(400);
    expect(r.issues[0]!.path).toBe('sortBy');
    const m = await postRaw(contract.order.orderAbnormalList, 'service', { sortBy: 'kind' });
    expect(m.status).toBe(400);
    expect(m.issues[0]!.path).toBe('sortBy');
  });
});
