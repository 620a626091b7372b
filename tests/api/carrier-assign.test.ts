import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { OrderDetail } from '../../src/shared/contract/order.ts';
import { AbnormalKind } from '../../src/shared/domain/order-rules.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { Segment } from '../../src/shared/domain/segments.ts';
import { xlsxOf } from '../support/files.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call } from './support/call.ts';
import { idsByCode, makeOrders } from './support/movement.ts';

/**
 * Last-mile carrier assignment (carrier-assign.ts): only on channels that deliver the last mile and
 * only among last-mile carriers; a "No carrier number" mark is handled only once a number is
 * assigned, and pool imports and volume limit changes retry the orders still waiting.
 */
describe('last-mile carrier assignment and its retries', () => {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  let region: Record<string, number> = {};
  let channel: Record<string, number> = {};
  let carrier: Record<string, number> = {};
  let customer: Record<string, number> = {};

  const q = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    t.database.db.execute<T>(query).then((r) => r.rows);
  const { delivery, firstLeg, clearance } = Segment;

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as keyof typeof DEMO] = await t.login(u, p);
    region = await idsByCode(t, 'regions');
    customer = await idsByCode(t, 'customers');
    // TLMA and TLMB deliver the last mile; TLHL is a line-haul carrier (last_mile 0) with free numbers.
    await q(sql`INSERT INTO carriers (code, name, name_en, last_mile) VALUES
      ('TLMA', '测试末端甲', 'Test last mile A', 1), ('TLMB', '测试末端乙', 'Test last mile B', 1),
      ('TLHL', '测试干线', 'Test line haul', 0), ('TLMC', '测试末端丙', 'Test last mile C', 1)`);
    carrier = await idsByCode(t, 'carriers');
    // TST-LM delivers (first leg, clearance, delivery); TST-FL stops at clearance.
    await q(sql`INSERT INTO shipping_channels (code, name, name_en, service_type, segments, country_id) VALUES
      ('TST-LM', '测试末端', 'Test last mile', 3, ${`{${firstLeg},${clearance},${delivery}}`}::smallint[], ${region.SA!}),
      ('TST-FL', '测试头程', 'Test first leg', 4, ${`{${firstLeg},${clearance}}`}::smallint[], ${region.SA!})`);
    // A channel written without segments (the column's default, as before segments were recorded)
    // and with the default service type 2, delivery.
    await q(sql`INSERT INTO shipping_channels (code, name, name_en, country_id)
      VALUES ('TST-OLD', '测试旧渠道', 'Test old channel', ${region.SA!})`);
    channel = await idsByCode(t, 'shipping_channels');
    // The line-haul carrier comes first on TST-LM: only its last_mile flag keeps it out.
    await q(sql`INSERT INTO channel_carriers (channel_id, carrier_id, sort) VALUES
      (${channel['TST-LM']!}, ${carrier.TLHL!}, 10), (${channel['TST-LM']!}, ${carrier.TLMA!}, 20),
      (${channel['TST-FL']!}, ${carrier.TLMB!}, 10), (${channel['TST-OLD']!}, ${carrier.TLMC!}, 10)`);
    for (const ch of ['TST-LM', 'TST-FL', 'TST-OLD'])
      await q(sql`INSERT INTO channel_prices (channel_id, country_id, currency, first_weight, first_price,
          step_weight, step_price, cod_fee_rate, min_cod_fee)
        VALUES (${channel[ch]!}, ${region.SA!}, 'CNY', 0.5, 38, 0.5, 16, 0.015, 5)`);
    for (const ch of ['TST-LM', 'TST-FL', 'TST-OLD', 'CN-AE-AIR-FL'])
      await q(sql`INSERT INTO customer_channels (customer_id, channel_id)
        VALUES (${customer.DEMO!}, ${channel[ch]!}) ON CONFLICT DO NOTHING`);
    // TLMA's pool starts empty; TLHL and TLMB have numbers.
    await q(sql`INSERT INTO tracking_numbers (carrier_id, tracking_no) VALUES
      (${carrier.TLHL!}, 'TLHL000001'), (${carrier.TLHL!}, 'TLHL000002'), (${carrier.TLMB!}, 'TLMB000001'),
      (${carrier.TLMC!}, 'TLMC000001')`);
    // Jeddah is closed for TLMA today.
    await q(sql`INSERT INTO volume_limits (carrier_id, region_id, daily_limit)
      VALUES (${carrier.TLMA!}, ${region['SA-MK-JED']!}, 0)`);
  });

  const chain = (...codes: string[]) => codes.map((c) => region[c]!);
  const riyadh = () => chain('SA', 'SA-RI', 'SA-RI-RUH', 'SA-RI-RUH-OL');
  const jeddah = () => chain('SA', 'SA-MK', 'SA-MK-JED', 'SA-MK-JED-HM');

  const receive = async (no: string) => {
    const r = await call(t, contract.order.receive, {
      params: { trackingNo: no },
      token: tokens.operator,
      body: {},
      lang: 'en',
    });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data.kind).toBe('ok');
    return r.body.data.order!;
  };
  /** A demo order on the channel of that code to those regions, received (the answer's record). */
  const received = async (channelCode: string, regionIds: number[]) => {
    const [o] = await makeOrders(t, tokens, 1, {
      channel: channelCode,
      receive: false,
      consignee: { regionIds },
    });
    return receive(o!.trackingNo);
  };
  const detail = async (id: number) => {
    const r = await call(t, contract.order.getOrderDetail, {
      params: { id },
      token: tokens.admin,
      lang: 'en',
    });
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const marksOf = (orderId: number) =>
    q<{ id: number; kind: number; state: number; handle_remark: string; handled_by: number | null }>(
      sql`SELECT id, kind, state, handle_remark, handled_by FROM order_abnormals WHERE order_id = ${orderId} ORDER BY id`,
    );
  const pendingMark = async (orderId: number) => {
    const marks = (await marksOf(orderId)).filter((m) => m.kind === AbnormalKind.noCarrier && m.state === 0);
    expect(marks).toHaveLength(1);
    return marks[0]!.id;
  };
  const handle = (markId: number, remark = 'Numbers arrived', lang = 'en') =>
    call(t, contract.order.cancelOrderAbnormal, {
      params: { id: markId },
      token: tokens.service,
      body: { remark },
      lang,
    });
  const eventsOf = (orderId: number) =>
    q<{ node: string; description: string }>(
      sql`SELECT node, description FROM order_events WHERE order_id = ${orderId} ORDER BY id`,
    );
  const upload = (entry: EndpointDef, content: Buffer, fields: Record<string, string> = {}) =>
    call(t, entry, { token: tokens.admin, lang: 'en', file: { name: 'upload.xlsx', content }, fields });
  const importNumbers = async (carrierCode: string, numbers: string[]) => {
    const res = await upload(
      contract.trackingNo.import,
      await xlsxOf([['Tracking number'], ...numbers.map((n) => [n])]),
      {
        carrierId: String(carrier[carrierCode]!),
      },
    );
    expect(res.status, res.raw).toBe(200);
  };
  const free = async (carrierCode: string) =>
    (
      await q<{ tracking_no: string }>(
        sql`SELECT tracking_no FROM tracking_numbers WHERE carrier_id = ${carrier[carrierCode]!}
            AND order_id IS NULL ORDER BY tracking_no`,
      )
    ).map((r) => r.tracking_no);

  it('receives an order of a channel without the delivery segment without carrier and without a mark', async () => {
    // The seeded first-leg-and-clearance channel: its carriers (SF, YUN) are line-haul ones.
    const dubai = await received('CN-AE-AIR-FL', chain('AE', 'AE-DU', 'AE-DU-DXB', 'AE-DU-DXB-DE'));
    expect(dubai).toMatchObject({ status: OrderStatus.received, carrierId: null, carrierTrackingNo: null });
    expect(dubai.abnormalKinds).toEqual([]);
    expect(await marksOf(dubai.recId)).toEqual([]);

    // Even with a last-mile carrier that has free numbers, a channel that stops at clearance assigns none.
    const fl = await received('TST-FL', riyadh());
    expect(fl).toMatchObject({ status: OrderStatus.received, carrierId: null, carrierTrackingNo: null });
    expect(fl.abnormalKinds).toEqual([]);
    expect((await eventsOf(fl.recId)).map((e) => e.node)).not.toContain('CARRIER_ASSIGNED');
    expect(await free('TLMB')).toEqual(['TLMB000001']);
  });

  it('judges a channel whose segments were never recorded by its service type (default: delivery)', async () => {
    const o = await received('TST-OLD', riyadh());
    expect(o).toMatchObject({ carrierCode: 'TLMC', carrierTrackingNo: 'TLMC000001' });
    expect(o.abnormalKinds).toEqual([]);
    await q(sql`UPDATE shipping_channels SET service_type = 0 WHERE id = ${channel['TST-OLD']!}`);
    await q(
      sql`INSERT INTO tracking_numbers (carrier_id, tracking_no) VALUES (${carrier.TLMC!}, 'TLMC000002')`,
    );
    const firstLegOnly = await received('TST-OLD', riyadh());
    expect(firstLegOnly).toMatchObject({ carrierId: null, abnormalKinds: [] });
    expect(await free('TLMC')).toEqual(['TLMC000002']);
  });

  let p1: OrderDetail;
  let p2: OrderDetail;
  let jed: OrderDetail;
  let p3: OrderDetail;

  it('marks an order "No carrier number" when the last-mile pools are empty, never drawing a line-haul number', async () => {
    p1 = await received('TST-LM', riyadh());
    p2 = await received('TST-LM', riyadh());
    jed = await received('TST-LM', jeddah());
    p3 = await received('TST-LM', riyadh());
    for (const o of [p1, p2, p3]) {
      expect(o).toMatchObject({ status: OrderStatus.received, carrierId: null, carrierTrackingNo: null });
      expect(o.abnormalKinds).toEqual([AbnormalKind.noCarrier]);
      expect(o.abnormals[0]!.reasonText).toBe(
        "No free tracking number in the pools of the channel's carriers",
      );
    }
    expect(jed.abnormalKinds).toEqual([AbnormalKind.noCarrier]);
    expect(jed.abnormals[0]!.reasonText).toBe(
      "Every carrier of the channel reached today's volume limit for this destination",
    );
    expect(await free('TLHL')).toEqual(['TLHL000001', 'TLHL000002']);
  });

  it('refuses to handle the mark while there is still no free number, and changes nothing', async () => {
    const markId = await pendingMark(p1.recId);
    const before = await eventsOf(p1.recId);
    const refused = await handle(markId);
    expect(refused.status, refused.raw).toBe(409);
    expect(refused.body.msg).toBe(
      `Still no free carrier number for order ${p1.trackingNo}: import numbers into the pool or raise the volume limit`,
    );
    expect(await marksOf(p1.recId)).toEqual([
      { id: markId, kind: AbnormalKind.noCarrier, state: 0, handle_remark: '', handled_by: null },
    ]);
    const o = await detail(p1.recId);
    expect(o).toMatchObject({ carrierId: null, carrierTrackingNo: null });
    expect(o.abnormalKinds).toEqual([AbnormalKind.noCarrier]);
    expect(await eventsOf(p1.recId)).toEqual(before);
    // A limit alone does not help either: Jeddah is still closed.
    expect((await handle(await pendingMark(jed.recId))).status).toBe(409);
  });

  it('assigns the numbers imported into the pool to the waiting orders, oldest first, and handles their marks', async () => {
    await importNumbers('TLMA', ['TLMA000001', 'TLMA000002']);
    const [o1, o2, o3, oj] = await Promise.all([p1, p2, p3, jed].map((o) => detail(o.recId)));
    expect(o1).toMatchObject({ carrierCode: 'TLMA', carrierTrackingNo: 'TLMA000001' });
    expect(o2).toMatchObject({ carrierCode: 'TLMA', carrierTrackingNo: 'TLMA000002' });
    for (const o of [o1!, o2!]) {
      expect(o.abnormalKinds).toEqual([]);
      expect(await marksOf(o.recId)).toMatchObject([
        { kind: AbnormalKind.noCarrier, state: 1, handle_remark: '', handled_by: expect.any(Number) },
      ]);
      expect(await eventsOf(o.recId)).toContainEqual({
        node: 'CARRIER_ASSIGNED',
        description: `TLMA ${o.carrierTrackingNo}`,
      });
    }
    // No number left for the newest; Jeddah is still at its limit.
    expect(o3).toMatchObject({ carrierId: null, abnormalKinds: [AbnormalKind.noCarrier] });
    expect(oj).toMatchObject({ carrierId: null, abnormalKinds: [AbnormalKind.noCarrier] });
    expect(await free('TLMA')).toEqual([]);
  });

  it('assigns on handling once the limit is raised, and records the handling as usual', async () => {
    // Raised and numbers added behind the API's back: only the handling retries here.
    await q(sql`UPDATE volume_limits SET daily_limit = 1
      WHERE carrier_id = ${carrier.TLMA!} AND region_id = ${region['SA-MK-JED']!}`);
    await q(
      sql`INSERT INTO tracking_numbers (carrier_id, tracking_no) VALUES (${carrier.TLMA!}, 'TLMA000003')`,
    );
    const markId = await pendingMark(jed.recId);
    const done = await handle(markId, 'Limit raised with the carrier');
    expect(done.status, done.raw).toBe(200);
    expect(done.body.data).toMatchObject({
      recId: markId,
      state: 1,
      handledBy: 'Sami Service',
      handleRemark: 'Limit raised with the carrier',
    });
    const o = await detail(jed.recId);
    expect(o).toMatchObject({ carrierCode: 'TLMA', carrierTrackingNo: 'TLMA000003' });
    expect(o.abnormalKinds).toEqual([]);
    expect(await eventsOf(jed.recId)).toContainEqual({
      node: 'CARRIER_ASSIGNED',
      description: 'TLMA TLMA000003',
    });
    expect((await handle(markId)).status).toBe(409);
    // p3 was not retried: nothing triggered it.
    expect(await detail(p3.recId)).toMatchObject({ carrierId: null });
  });

  it('retries the waiting orders after a volume limit import', async () => {
    await q(sql`INSERT INTO tracking_numbers (carrier_id, tracking_no)
      VALUES (${carrier.TLMA!}, 'TLMA000004'), (${carrier.TLMA!}, 'TLMA000005')`);
    const k = await received('TST-LM', jeddah());
    expect(k).toMatchObject({ carrierId: null, abnormalKinds: [AbnormalKind.noCarrier] });
    const res = await upload(
      contract.volumeLimit.importData,
      await xlsxOf([
        ['Carrier code', 'Region code', 'Daily limit'],
        ['TLMA', 'SA-MK-JED', 10],
      ]),
    );
    expect(res.status, res.raw).toBe(200);
    expect(await detail(p3.recId)).toMatchObject({
      carrierTrackingNo: 'TLMA000004',
      abnormalKinds: [],
    });
    expect(await detail(k.recId)).toMatchObject({ carrierTrackingNo: 'TLMA000005', abnormalKinds: [] });
    expect((await marksOf(k.recId)).map((m) => m.state)).toEqual([1]);
  });

  it('retries the waiting orders after a volume limit is removed', async () => {
    // Riyadh's place for TLMA today: the three already assigned.
    const [limit] = await q<{ id: number }>(sql`INSERT INTO volume_limits (carrier_id, region_id, daily_limit)
      VALUES (${carrier.TLMA!}, ${region['SA-RI-RUH']!}, 3) RETURNING id`);
    await q(
      sql`INSERT INTO tracking_numbers (carrier_id, tracking_no) VALUES (${carrier.TLMA!}, 'TLMA000006')`,
    );
    const l = await received('TST-LM', riyadh());
    expect(l).toMatchObject({ carrierId: null, abnormalKinds: [AbnormalKind.noCarrier] });
    const del = await call(t, contract.volumeLimit.deleteCarrierRegion, {
      params: { id: limit!.id },
      token: tokens.admin,
    });
    expect(del.status, del.raw).toBe(200);
    expect(await detail(l.recId)).toMatchObject({ carrierTrackingNo: 'TLMA000006', abnormalKinds: [] });
  });

  it('handles a mark of an order that needs no number any more as any mark', async () => {
    // A mark left from before the channel stopped delivering (or from the old rule): nothing to assign.
    const fl = await received('TST-FL', riyadh());
    await q(sql`INSERT INTO order_abnormals (order_id, customer_id, kind, detail, department)
      VALUES (${fl.recId}, ${customer.DEMO!}, ${AbnormalKind.noCarrier}, '{"reason":"poolEmpty"}', 3)`);
    await q(sql`UPDATE orders SET abnormal_flags = abnormal_flags | 1 WHERE id = ${fl.recId}`);
    const done = await handle(await pendingMark(fl.recId), 'Customer books its own last mile');
    expect(done.status, done.raw).toBe(200);
    expect(done.body.data.state).toBe(1);
    const o = await detail(fl.recId);
    expect(o).toMatchObject({ carrierId: null, abnormalKinds: [] });
    expect(await free('TLMB')).toEqual(['TLMB000001']);
  });

  it('lists the handled marks with their handlers', async () => {
    const list = await call(t, contract.order.orderAbnormalList, {
      token: tokens.service,
      lang: 'en',
      body: { trackingNos: [p1.trackingNo, jed.trackingNo].join(','), kind: AbnormalKind.noCarrier },
    });
    expect(list.status, list.raw).toBe(200);
    expect(
      list.body.data.records
        .map((r) => [r.trackingNo, r.stateName, r.handledBy])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual(
      [
        [p1.trackingNo, 'Handled', 'Administrator'],
        [jed.trackingNo, 'Handled', 'Sami Service'],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });
});
