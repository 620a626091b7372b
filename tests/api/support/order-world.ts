import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { contract } from '../../../src/shared/contract/index.ts';
import type { OrderDetail } from '../../../src/shared/contract/order.ts';
import { DEMO, useTestApp } from './app.ts';
import { callLoose } from './call.ts';
import { RIYADH, riyadhCodOrder } from './order-body.ts';

/** A refused call's field issues (400). */
export type Issues = { issues: { path: string; message: string }[] };

/**
 * The world of the order API tests (order*.test.ts): a test app with every demo account logged in,
 * the regions, customers, carriers and channels by code, test carriers and channels of their own
 * (so pools and limits are exactly known), an order body of the demo customer's COD channel, and
 * shorthands of the calls. The shorthands send bodies built loose on purpose (callLoose).
 */
export function useOrderWorld() {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  const region: Record<string, number> = {};
  const channel: Record<string, number> = {};
  const carrier: Record<string, number> = {};
  const customer: Record<string, number> = {};

  const q = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    t.database.db.execute<T>(query).then((r) => r.rows);

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as keyof typeof DEMO] = await t.login(u, p);
    for (const r of await q<{ id: number; code: string }>(sql`SELECT id, code FROM regions`))
      region[r.code] = r.id;
    for (const c of await q<{ id: number; code: string }>(sql`SELECT id, code FROM customers`))
      customer[c.code] = c.id;

    // Test carriers and channels of our own, so pools and limits are exactly known.
    await q(sql`INSERT INTO carriers (code, name, name_en) VALUES
    ('TSTA', '测试甲', 'Test A'), ('TSTB', '测试乙', 'Test B'), ('TSTC', '测试丙', 'Test C')`);
    for (const c of await q<{ id: number; code: string }>(sql`SELECT id, code FROM carriers`))
      carrier[c.code] = c.id;
    await q(sql`INSERT INTO shipping_channels (code, name, name_en, country_id) VALUES
    ('TST-VOL', '测试限量', 'Test volume', ${region.SA!}), ('TST-POOL', '测试单号池', 'Test pool', ${region.SA!})`);
    for (const c of await q<{ id: number; code: string }>(sql`SELECT id, code FROM shipping_channels`))
      channel[c.code] = c.id;
    await q(sql`INSERT INTO channel_carriers (channel_id, carrier_id, sort) VALUES
    (${channel['TST-VOL']!}, ${carrier.TSTA!}, 10), (${channel['TST-VOL']!}, ${carrier.TSTB!}, 20),
    (${channel['TST-POOL']!}, ${carrier.TSTC!}, 10)`);
    // Offered to the demo customer: staff enter orders on a customer's channels only.
    for (const ch of ['TST-VOL', 'TST-POOL'])
      await q(
        sql`INSERT INTO customer_channels (customer_id, channel_id) VALUES (${customer.DEMO!}, ${channel[ch]!})`,
      );
    for (const ch of ['TST-VOL', 'TST-POOL'])
      await q(sql`INSERT INTO channel_prices (channel_id, country_id, currency, first_weight, first_price,
        step_weight, step_price, cod_fee_rate, min_cod_fee)
      VALUES (${channel[ch]!}, ${region.SA!}, 'CNY', 0.5, 38, 0.5, 16, 0.015, 5)`);
    await q(sql`INSERT INTO tracking_numbers (carrier_id, tracking_no) VALUES
    (${carrier.TSTA!}, 'TSTA000001'), (${carrier.TSTA!}, 'TSTA000002'), (${carrier.TSTA!}, 'TSTA000003'),
    (${carrier.TSTB!}, 'TSTB000001'),
    (${carrier.TSTC!}, 'TSTC000001'), (${carrier.TSTC!}, 'TSTC000002'), (${carrier.TSTC!}, 'TSTC000003'),
    (${carrier.TSTC!}, 'TSTC000004'), (${carrier.TSTC!}, 'TSTC000005')`);
    await q(sql`INSERT INTO volume_limits (carrier_id, region_id, daily_limit)
    VALUES (${carrier.TSTA!}, ${region['SA-RI-RUH']!}, 1)`);
  });

  const chain = (...codes: string[]) => codes.map((c) => region[c]!);
  const riyadh = () => chain(...RIYADH);
  const jeddah = () => chain('SA', 'SA-MK', 'SA-MK-JED', 'SA-MK-JED-HM');

  const orderBody = (more: Record<string, unknown> = {}) => ({
    ...riyadhCodOrder(region, channel['CN-SA-AIR-COD'], {
      consignee: { address: 'King Fahd Road 12, Building 7', postcode: '12214' },
    }),
    ...more,
  });

  const create = (body: object, token = tokens.demo, lang = 'en') =>
    callLoose(t, contract.order.create, { token, body, lang });
  const created = async (body: object, token = tokens.demo) => {
    const r = await create(body, token);
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const detail = (id: number, token = tokens.admin, lang = 'en') =>
    callLoose(t, contract.order.getOrderDetail, { params: { id }, token, lang });
  const list = (body: object, token = tokens.admin, lang = 'en') =>
    callLoose(t, contract.order.list, { token, body, lang });
  const receive = (no: string, body: object = {}, token = tokens.operator, lang = 'en') =>
    callLoose(t, contract.order.receive, { params: { trackingNo: no }, token, body, lang });
  const checkWv = (body: object, token = tokens.operator, lang = 'en') =>
    callLoose(t, contract.order.checkWv, { token, body, lang });
  const setStatus = (id: number, status: number) =>
    q(sql`UPDATE orders SET status = ${status} WHERE id = ${id}`);

  /**
   * The two orders most cases read: the demo customer's COD order DEMO-1001 (entered by the
   * customer, in Chinese, with a remark) and the other customer's prepaid order of the same
   * customer no (entered by staff), as order.test.ts's first cases make them.
   */
  const baseOrders = async (): Promise<{ demoOrder: OrderDetail; otherOrder: OrderDetail }> => {
    const r = await create(orderBody({ customerNo: 'DEMO-1001', remark: 'Fragile' }), tokens.demo, 'cn');
    expect(r.status, r.raw).toBe(200);
    const otherOrder = await created(
      orderBody({ customerId: customer.OTHER, isCod: false, customerNo: 'DEMO-1001' }),
      tokens.operator,
    );
    return { demoOrder: r.body.data, otherOrder };
  };

  return {
    t,
    tokens,
    region,
    channel,
    carrier,
    customer,
    q,
    chain,
    riyadh,
    jeddah,
    orderBody,
    create,
    created,
    detail,
    list,
    receive,
    checkWv,
    setStatus,
    baseOrders,
  };
}
