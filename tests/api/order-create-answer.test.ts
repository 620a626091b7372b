import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.ts';
import type { OrderInput } from '../../src/shared/contract/order.ts';
import { call } from './support/call.ts';
import { riyadhConsignee, useStaffOrders } from './support/order-body.ts';

/**
 * order/create answers the detail from the rows it wrote (order-create-answer.ts) rather than
 * reading it back: the answer must be exactly what getOrderDetail then answers the same caller.
 */
describe('order/create answers the order’s detail', () => {
  const { t, tokens, region, customer, channel, q } = useStaffOrders();

  const body = (more: Partial<OrderInput> = {}): OrderInput => ({
    channelId: channel(),
    consignee: riyadhConsignee(region),
    weight: '1.250',
    length: '30',
    width: '20',
    height: '10',
    goods: [
      { nameEn: 'T-shirt', nameCn: 'T恤', quantity: 2, hsCode: '610910', unitPrice: '9.90' },
      { nameEn: 'Socks', nameCn: '袜子', quantity: 5, unitPrice: '1.50', currency: 'CNY' },
    ],
    ...more,
  });

  const same = async (token: string, lang: string, b: OrderInput) => {
    const made = await call(t, contract.order.create, { token, body: b, lang });
    expect(made.status, made.raw).toBe(200);
    const id = made.body.data.recId;
    const read = await call(t, contract.order.getOrderDetail, { params: { id }, token, lang });
    expect(read.status, read.raw).toBe(200);
    expect(made.body.data).toStrictEqual(read.body.data);
    return made.body.data;
  };

  it('to a customer: the default sender, a remark, in each language', async () => {
    for (const lang of ['cn', 'en', 'ar']) {
      const d = await same(tokens.demo, lang, body({ remark: `Fragile ${lang}` }));
      expect(d.remarks).toHaveLength(1);
      expect(d.events).toHaveLength(1);
      expect(d.sender.regionIds.length).toBeGreaterThan(0);
    }
  });

  it('to staff: a sender given, a COD order, no remark; the province only', async () => {
    const d = await same(
      tokens.admin,
      'en',
      body({
        customerId: customer.DEMO!,
        customerNo: 'ANSWER-STAFF-1',
        isCod: true,
        codAmount: '120.00',
        codCurrency: 'SAR',
        sender: { name: 'Wang Fang', regionId: region['SA-RI']!, address: 'Olaya Street 3' },
      }),
    );
    expect(d.remarks).toEqual([]);
    expect(d.sender.regionIds).toEqual([region.SA, region['SA-RI']]);
  });

  it('after a rename: the names of the moment, in a process that cached the old ones', async () => {
    await same(tokens.demo, 'en', body());
    await q(sql`UPDATE customers SET name = name || ' (renamed)' WHERE id = ${customer.DEMO!}`);
    await q(sql`INSERT INTO tracking_settings (code, name_cn, name_en, name_ar)
      VALUES ('CREATED', '已下单', 'Order placed (renamed)', 'تم الطلب') ON CONFLICT (code)
      DO UPDATE SET name_en = excluded.name_en`);
    const d = await same(tokens.demo, 'en', body());
    expect(d.customerName).toMatch(/\(renamed\)$/);
    expect(d.events[0]!.name).toBe('Order placed (renamed)');
  });

  it('with sensitive goods, to staff: read back with its abnormal mark', async () => {
    const [word] = await q<{ word: string }>(sql`SELECT word FROM sensitive_words LIMIT 1`);
    const d = await same(
      tokens.admin,
      'en',
      body({
        customerId: customer.DEMO!,
        goods: [{ nameEn: `${word!.word} set`, quantity: 1, unitPrice: '3.00' }],
      }),
    );
    expect(d.abnormals.length).toBe(1);
  });

  // The inserts are built once (per goods count up to four; more lines go the builder's way): the
  // values must land as the builder wrote them, nulls and quotes included.
  it('goods lines of each count, no dimensions, quoted text, a customer no: as read back', async () => {
    const line = (n: number) => ({
      nameEn: `Item "${n}" \\ {a,b}`,
      nameCn: `物品${n}`,
      quantity: n,
      unitPrice: `${n}.25`,
      specification: `'spec' ${n}`,
    });
    for (const count of [1, 3, 5]) {
      const d = await same(
        tokens.demo,
        'ar',
        body({
          customerNo: `ANSWER-LINES-${count}`,
          length: undefined,
          width: undefined,
          height: undefined,
          goods: Array.from({ length: count }, (_, i) => line(i + 1)),
        }),
      );
      expect(d.customerNo).toBe(`ANSWER-LINES-${count}`);
      expect(d.goods.map((g) => [g.lineNo, g.nameEn, g.unitPrice, g.specification])).toEqual(
        Array.from({ length: count }, (_, i) => [
          i + 1,
          line(i + 1).nameEn,
          `${i + 1}.25`,
          `'spec' ${i + 1}`,
        ]),
      );
      const [row] = await q<{ length: string | null; customer_no: string }>(
        sql`SELECT length, customer_no FROM orders WHERE id = ${d.recId}`,
      );
      expect(row).toEqual({ length: null, customer_no: `ANSWER-LINES-${count}` });
    }
    // Without a customer no the order's own tracking no stands for it.
    const d = await same(tokens.demo, 'en', body());
    expect(d.customerNo).toBe(d.trackingNo);
  });
});
