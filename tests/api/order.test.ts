import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.ts';
import type { CancelResult, OrderDetail } from '../../src/shared/contract/order.ts';
import { AbnormalKind, InterceptState } from '../../src/shared/domain/order-rules.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, callLoose } from './support/call.ts';

type Issues = { issues: { path: string; message: string }[] };

describe('orders', () => {
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
  const riyadh = () => chain('SA', 'SA-RI', 'SA-RI-RUH', 'SA-RI-RUH-OL');
  const jeddah = () => chain('SA', 'SA-MK', 'SA-MK-JED', 'SA-MK-JED-HM');

  const orderBody = (more: Record<string, unknown> = {}) => ({
    channelId: channel['CN-SA-AIR-COD'],
    consignee: {
      name: 'Ahmed Al-Harbi',
      phone: '+966 50 123 4567',
      regionIds: riyadh(),
      address: 'King Fahd Road 12, Building 7',
      postcode: '12214',
    },
    weight: '1.000',
    isCod: true,
    codAmount: '199.00',
    codCurrency: 'SAR',
    goods: [{ nameEn: 'T-shirt', nameCn: 'T恤', quantity: 2, hsCode: '610910', unitPrice: '9.90' }],
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

  let demoOrder: OrderDetail;
  let otherOrder: OrderDetail;

  describe('order/create', () => {
    it('enters a customer’s order: our tracking no, the default sender, names in the caller’s language', async () => {
      const r = await create(orderBody({ customerNo: 'DEMO-1001', remark: 'Fragile' }), tokens.demo, 'cn');
      expect(r.status, r.raw).toBe(200);
      demoOrder = r.body.data;
      expect(demoOrder.trackingNo).toMatch(/^GL\d{10}$/);
      expect(demoOrder).toMatchObject({
        customerNo: 'DEMO-1001',
        customerId: customer.DEMO,
        customerCode: 'DEMO',
        channelCode: 'CN-SA-AIR-COD',
        status: OrderStatus.created,
        statusName: '已下单',
        checkStatus: 0,
        interceptState: 0,
        countryCode: 'SA',
        countryName: '沙特阿拉伯',
        isCod: true,
        codAmount: '199.00',
        codCurrency: 'SAR',
        payment: 1,
        packingType: 3,
        packageCount: 1,
        declaredWeight: '1.000',
        checkedWeight: null,
        chargeableWeight: '1.000',
        carrierId: null,
        createdBy: 'Demo Trading',
        arrivedAt: null,
        abnormalKinds: [],
      });
      expect(demoOrder.sender).toMatchObject({ name: 'Li Wei', postcode: '518103' });
      expect(demoOrder.sender.regionIds).toHaveLength(4);
      expect(demoOrder.consignee).toMatchObject({
        regionIds: riyadh(),
        countryName: '沙特阿拉伯',
        city: '利雅得',
        district: '奥拉雅',
        address: 'King Fahd Road 12, Building 7',
      });
      expect(demoOrder.goods).toEqual([
        expect.objectContaining({
          lineNo: 1,
          nameEn: 'T-shirt',
          quantity: 2,
          unitPrice: '9.90',
          currency: 'USD',
        }),
      ]);
      expect(demoOrder.events.map((e) => [e.node, e.status, e.name])).toEqual([['CREATED', 1, '订单已创建']]);
      expect(demoOrder.statusHistory).toEqual([
        expect.objectContaining({ fromStatus: null, status: 1, operatorName: 'Demo Trading' }),
      ]);
      expect(demoOrder.remarks.map((x) => x.content)).toEqual(['Fragile']);
      expect(demoOrder.fees).toEqual([]);
    });

    it('lets staff enter an order for a chosen customer, and wants the customer named', async () => {
      const missing = await create(orderBody({ isCod: false }), tokens.admin);
      expect(missing.status).toBe(400);
      expect(missing.body.msg).toBe('Choose the customer');
      otherOrder = await created(
        orderBody({ customerId: customer.OTHER, isCod: false, customerNo: 'DEMO-1001' }),
        tokens.operator,
      );
      expect(otherOrder).toMatchObject({
        customerCode: 'OTHER',
        customerNo: 'DEMO-1001',
        isCod: false,
        payment: 0,
      });
      expect(otherOrder.codAmount).toBe('0.00');
      expect(otherOrder.codCurrency).toBe('');
    });

    it('refuses bad fields with the spec’s messages, in the caller’s language, and writes nothing', async () => {
      const before = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`);
      const bad = await create(
        orderBody({ weight: 'abc', goods: [{ nameEn: ' ', quantity: 1, unitPrice: '1' }] }),
        tokens.demo,
        'en',
      );
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toBe('Enter a correct number');
      expect((bad.body.data as unknown as Issues).issues).toEqual([
        { path: 'weight', message: 'Enter a correct number' },
        { path: 'goods.0.nameEn', message: 'English goods name cannot be empty' },
      ]);
      const cn = await create(
        orderBody({ goods: [{ nameEn: '', quantity: 1, unitPrice: '1' }] }),
        tokens.demo,
        'cn',
      );
      expect(cn.body.msg).toBe('英文品名不能为空');
      const ar = await create(
        orderBody({ goods: [{ nameEn: '', quantity: 1, unitPrice: '1' }] }),
        tokens.demo,
        'ar',
      );
      expect(ar.body.msg).toBe('لا يمكن أن يكون اسم البضاعة بالإنجليزية فارغًا');

      const region = await create(
        orderBody({ consignee: { ...orderBody().consignee, regionIds: chain('SA', 'SA-MK') } }),
      );
      expect(region.status).toBe(400);
      expect((region.body.data as unknown as Issues).issues).toEqual([
        {
          path: 'consignee.regionIds',
          message: 'Choose the country, province and city from the region list',
        },
      ]);
      const broken = await create(
        orderBody({ consignee: { ...orderBody().consignee, regionIds: chain('AE', 'SA-RI', 'SA-RI-RUH') } }),
      );
      expect(broken.status).toBe(400);
      const unknownField = await create(orderBody({ secret: 1 }));
      expect(unknownField.status).toBe(400);
      const after = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`);
      expect(after[0]!.n).toBe(before[0]!.n);
    });

    it('refuses a channel the customer may not use, COD for a prepaid-only customer, a taken customer no', async () => {
      const notAssigned = await create(
        orderBody({ channelId: channel['EG-LOCAL'], isCod: false }),
        tokens.other,
      );
      expect(notAssigned.status).toBe(400);
      expect(notAssigned.body.msg).toBe('This shipping channel is not available to the customer');
      const cod = await create(orderBody(), tokens.other);
      expect(cod.status).toBe(400);
      expect(cod.body.msg).toBe('This customer may not create cash-on-delivery orders');
      const elsewhere = await create(
        orderBody({ consignee: { ...orderBody().consignee, regionIds: chain('AE', 'AE-DU', 'AE-DU-DXB') } }),
      );
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.msg).toBe('This shipping channel does not deliver to United Arab Emirates');
      const taken = await create(orderBody({ customerNo: 'DEMO-1001' }), tokens.demoSub);
      expect(taken.status).toBe(409);
      expect(taken.body.msg).toBe('Customer order no DEMO-1001 already exists');
    });

    it('keeps a customer account to its own customer', async () => {
      const foreign = await create(orderBody({ customerId: customer.OTHER }), tokens.demo);
      expect(foreign.status).toBe(404);
      const own = await create(orderBody({ customerId: customer.DEMO }), tokens.demoSub);
      expect(own.status, own.raw).toBe(200);
      expect(own.body.data.createdBy).toBe('Demo clerk');
      expect((await create(orderBody(), tokens.pda)).status).toBe(403);
    });

    it('flags goods that name a sensitive word and marks the order abnormal, without refusing it', async () => {
      const o = await created(
        orderBody({
          goods: [
            { nameEn: 'Phone case', quantity: 1, unitPrice: '3' },
            { nameEn: 'Power bank 10000mAh', nameCn: '充电宝', quantity: 1, unitPrice: '12' },
          ],
        }),
      );
      expect(o.goods.map((g) => [g.sensitiveHit, g.sensitiveWords])).toEqual([
        [false, []],
        [true, expect.arrayContaining(['power bank', '充电宝'])],
      ]);
      expect(o.abnormalKinds).toEqual([AbnormalKind.sensitiveGoods]);
      // The customer sees the flagged lines and the order's abnormal kind; the mark is the office's.
      expect(o.abnormals).toEqual([]);
      const staff = (await detail(o.recId)).body.data;
      expect(staff.abnormals[0]).toMatchObject({
        kind: 5,
        kindName: 'Sensitive goods',
        state: 0,
        department: 4,
      });
      expect(staff.abnormals[0]!.reasonText).toMatch(/^Sensitive words: /);
    });
  });

  describe('order/list and getOrderDetail', () => {
    it('lists newest first; customers see their own customer’s orders only', async () => {
      const all = await list({ pageSize: 100 });
      expect(all.status, all.raw).toBe(200);
      const ids = all.body.data.records.map((r) => r.recId);
      expect(ids).toContain(demoOrder.recId);
      expect(ids).toContain(otherOrder.recId);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(all.body.data.totalCapped).toBe(false);
      for (const who of ['demo', 'demoSub'] as const) {
        const mine = await list({ pageSize: 100 }, tokens[who]);
        expect(
          mine.body.data.records.every((r) => r.customerCode === 'DEMO'),
          who,
        ).toBe(true);
        expect(
          mine.body.data.records.map((r) => r.recId),
          who,
        ).toContain(demoOrder.recId);
        // Naming the other customer does not widen the scope.
        const theirs = await list({ customerId: customer.OTHER }, tokens[who]);
        expect(theirs.body.data.records, who).toEqual([]);
      }
      expect((await list({}, tokens.pda)).status).toBe(403);
      // The other customer sees its own orders (the seeded foreign orders uploaded for it too), only.
      const other = await list({ pageSize: 100 }, tokens.other);
      expect(other.body.data.records.map((r) => r.recId)).toContain(otherOrder.recId);
      expect(other.body.data.records.every((r) => r.customerCode === 'OTHER')).toBe(true);
      expect(other.body.data.records.map((r) => r.recId)).not.toContain(demoOrder.recId);
    });

    it('finds orders by bulk tracking and customer numbers (new lines, commas, spaces), any case', async () => {
      const text = `\n${demoOrder.trackingNo.toLowerCase()}, GL0000000000\n${otherOrder.trackingNo}  `;
      const r = await list({ trackingNos: text });
      expect(r.body.data.records.map((x) => x.recId).sort()).toEqual(
        [demoOrder.recId, otherOrder.recId].sort(),
      );
      const byCustomerNo = await list({ customerNos: 'DEMO-1001' });
      expect(byCustomerNo.body.data.total).toBe(2);
      const scoped = await list({ customerNos: 'DEMO-1001' }, tokens.demo);
      expect(scoped.body.data.records.map((x) => x.recId)).toEqual([demoOrder.recId]);
      const tooMany = await list({ trackingNos: Array.from({ length: 1001 }, (_, i) => `GL${i}`).join(',') });
      expect(tooMany.status).toBe(400);
    });

    it('filters by customer, channel, country, status, COD, payment, check status and time', async () => {
      const total = async (body: object) => (await list({ pageSize: 500, ...body })).body.data.records;
      const others = await total({ customerId: customer.OTHER });
      expect(others.map((r) => r.recId)).toContain(otherOrder.recId);
      expect(others.every((r) => r.customerCode === 'OTHER')).toBe(true);
      expect((await total({ isCod: '0' })).every((r) => !r.isCod)).toBe(true);
      expect((await total({ isCod: true })).every((r) => r.isCod)).toBe(true);
      expect((await total({ payment: '0' })).map((r) => r.recId)).toContain(otherOrder.recId);
      expect((await total({ payment: 1 })).map((r) => r.recId)).not.toContain(otherOrder.recId);
      expect((await total({ status: OrderStatus.created })).length).toBeGreaterThan(2);
      expect(await total({ status: OrderStatus.signed })).toEqual([]);
      expect(
        (await total({ countryId: region.SA, channelId: channel['CN-SA-AIR-COD'] })).length,
      ).toBeGreaterThan(2);
      expect(await total({ countryId: region.AE })).toEqual([]);
      expect((await total({ checkStatus: '-1' })).length).toBeGreaterThan(2);
      expect(await total({ checkStatus: '3' })).toEqual([]);
      expect((await total({ consigneeName: 'al-harbi', consigneePhone: '123 45' })).length).toBeGreaterThan(
        2,
      );
      // A text of several words matches as a whole (its words are only the index's way in).
      const byName = async (consigneeName: string) => (await total({ consigneeName })).map((r) => r.recId);
      expect(await byName('AHMED AL-HARBI')).toContain(demoOrder.recId);
      expect(await byName('med Al-Har')).toContain(demoOrder.recId);
      expect(await byName('Al-Harbi Ahmed')).toEqual([]);
      expect(await byName('Ahmed  Al-Harbi')).toEqual([]);
      expect(await byName('Ahmed Al%Harbi')).toEqual([]);
      expect((await total({ consigneePhone: '50 123 4567' })).map((r) => r.recId)).toContain(demoOrder.recId);
      expect(await total({ consigneePhone: '50 123 4568' })).toEqual([]);
      // Their trigram indexes keep a short pending list, which every search reads (migration 0021).
      const options = await q<{ relname: string; reloptions: string[] }>(
        sql`SELECT relname, reloptions FROM pg_class WHERE relname LIKE 'orders_consignee_%_trgm_idx' ORDER BY relname`,
      );
      expect(options).toEqual([
        { relname: 'orders_consignee_name_trgm_idx', reloptions: ['gin_pending_list_limit=512'] },
        { relname: 'orders_consignee_phone_trgm_idx', reloptions: ['gin_pending_list_limit=512'] },
      ]);
      const now = Date.now();
      const recent = await total({
        startTime: new Date(now - 3600_000).toISOString(),
        endTime: new Date(now + 60_000).toISOString(),
      });
      expect(recent.length).toBeGreaterThan(2);
      expect(
        await total({ timeBasis: 'arrival', startTime: new Date(now - 3600_000).toISOString() }),
      ).toEqual([]);
      const backwards = await list({
        startTime: new Date(now).toISOString(),
        endTime: new Date(now - 1000).toISOString(),
      });
      expect(backwards.status).toBe(400);
      expect(backwards.body.msg).toBe('The end of the time range must be after its start');
      const badStatus = await list({ status: 99 });
      expect(badStatus.status).toBe(400);
    });

    it('lists an arrival-time range by arrival, latest first (creation order is another)', async () => {
      // Three orders that arrive in a window of their own, the oldest created arriving last.
      const picked = await q<{ id: number; tracking_no: string; arrived_at: string | null; phone: string }>(
        sql`SELECT id, tracking_no, arrived_at::text, consignee_phone AS phone FROM orders
          ORDER BY created_at, id LIMIT 3`,
      );
      const ids = picked.map((o) => Number(o.id));
      const day = Date.parse('2031-03-01T00:00:00Z');
      try {
        for (const [k, id] of ids.entries())
          await q(sql`UPDATE orders SET arrived_at = ${new Date(day + (3 - k) * 3600_000).toISOString()},
            consignee_phone = ${`+966 59 999 000${k}`} WHERE id = ${id}`);
        const arrivals = {
          timeBasis: 'arrival',
          startTime: new Date(day).toISOString(),
          endTime: new Date(day + 86_400_000).toISOString(),
        };
        const recIds = (r: Awaited<ReturnType<typeof list>>) => r.body.data.records.map((x) => x.recId);
        const byArrival = await list(arrivals);
        expect(recIds(byArrival)).toEqual(ids);
        expect(byArrival.body.data.total).toBe(3);
        // A later page, and the path that reads every match to count it (a consignee search).
        expect(recIds(await list({ ...arrivals, pageSize: 2, pageNo: 2 }))).toEqual([ids[2]]);
        expect(recIds(await list({ ...arrivals, consigneePhone: '59 999 000' }))).toEqual(ids);
        // Without an arrival range the same orders come newest created first.
        const numbers = picked.map((o) => o.tracking_no).join(',');
        expect(recIds(await list({ trackingNos: numbers }))).toEqual([...ids].reverse());
        expect(recIds(await list({ trackingNos: numbers, timeBasis: 'arrival' }))).toEqual(
          [...ids].reverse(),
        );
      } finally {
        for (const o of picked)
          await q(sql`UPDATE orders SET arrived_at = ${o.arrived_at}::timestamptz, consignee_phone = ${o.phone}
            WHERE id = ${o.id}`);
      }
    });

    it('answers one order to its customer and staff, 404 to another customer, 403 to the PDA', async () => {
      for (const who of ['admin', 'operator', 'service', 'demo', 'demoSub'] as const)
        expect((await detail(demoOrder.recId, tokens[who])).status, who).toBe(200);
      expect((await detail(otherOrder.recId, tokens.demo)).status).toBe(404);
      expect((await detail(otherOrder.recId, tokens.demoSub)).status).toBe(404);
      expect((await detail(demoOrder.recId, tokens.other)).status).toBe(404);
      expect((await detail(999999999, tokens.admin)).status).toBe(404);
      expect((await detail(demoOrder.recId, tokens.pda)).status).toBe(403);
      const foreign = await detail(otherOrder.recId, tokens.demo, 'en');
      expect(foreign.body.msg).toBe('The record does not exist');
    });

    it('answers the status enumeration in order and the tracking statuses, in the caller’s language', async () => {
      const ar = await call(t, contract.order.orderStatusList, {
        token: tokens.pda,
        lang: 'ar',
      });
      expect(ar.status).toBe(200);
      expect(ar.body.data.map((s) => s.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(ar.body.data[0]).toEqual({ value: 1, code: 'created', label: 'تم الإنشاء' });
      const cn = await call(t, contract.order.orderStatusList, {
        token: tokens.demo,
        lang: 'cn',
      });
      expect(cn.body.data[11]).toEqual({ value: 12, code: 'cancelled', label: '已取消' });
      const nodes = await call(t, contract.common.trackingStatusList, {
        token: tokens.demo,
        lang: 'en',
      });
      expect(nodes.body.data[0]).toEqual({
        code: 'RECEIVED',
        name: 'Received at the warehouse',
        orderStatus: 2,
        orderStatusName: 'Received',
      });
      expect((await call(t, contract.order.orderStatusList)).status).toBe(401);
    });
  });

  describe('remarks', () => {
    const remarksOf = (orderId: number, token: string) =>
      call(t, contract.order.getOrderRemarkList, { params: { orderId }, token });

    it('adds and lists remarks of the caller’s own orders, newest first', async () => {
      const add = await call(t, contract.order.addRemark, {
        token: tokens.demoSub,
        body: { orderId: demoOrder.recId, content: '  Call before delivery  ' },
      });
      expect(add.status, add.raw).toBe(200);
      expect(add.body.data).toMatchObject({
        orderId: demoOrder.recId,
        content: 'Call before delivery',
        createdBy: 'Demo clerk',
      });
      const remarks = await remarksOf(demoOrder.recId, tokens.operator);
      expect(remarks.body.data.map((r) => r.content)).toEqual(['Call before delivery', 'Fragile']);
    });

    it('refuses an empty remark, another customer’s order (404) and the PDA (403)', async () => {
      const empty = await call(t, contract.order.addRemark, {
        token: tokens.demo,
        body: { orderId: demoOrder.recId, content: ' ' },
      });
      expect(empty.status).toBe(400);
      const foreign = await call(t, contract.order.addRemark, {
        token: tokens.demo,
        body: { orderId: otherOrder.recId, content: 'x' },
      });
      expect(foreign.status).toBe(404);
      expect((await remarksOf(otherOrder.recId, tokens.demoSub)).status).toBe(404);
      expect((await remarksOf(demoOrder.recId, tokens.pda)).status).toBe(403);
    });
  });

  describe('receiving (order/scan)', () => {
    it('is staff only', async () => {
      expect((await receive(demoOrder.trackingNo, {}, tokens.pda)).status).toBe(403);
      expect((await receive(demoOrder.trackingNo, {}, tokens.demo)).status).toBe(403);
    });

    it('receives a created order: status, arrival, event, a carrier number from the pool, fees', async () => {
      const depot = (
        await q<{ id: number; name: string }>(sql`SELECT id, name FROM depots WHERE code = 'SZX01'`)
      )[0]!;
      const r = await receive(demoOrder.trackingNo.toLowerCase(), { depotId: depot.id });
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data).toMatchObject({ kind: 'ok', message: `Received ${demoOrder.trackingNo}` });
      const o = r.body.data.order!;
      expect(o).toMatchObject({
        status: OrderStatus.received,
        carrierCode: 'SMSA',
        receivedDepot: { recId: depot.id },
      });
      expect(o.arrivedAt).not.toBeNull();
      expect(o.carrierTrackingNo).toMatch(/^2900\d{8}$/);
      const pool = await q<{ order_id: number }>(
        sql`SELECT order_id FROM tracking_numbers WHERE tracking_no = ${o.carrierTrackingNo}`,
      );
      expect(pool[0]!.order_id).toBe(demoOrder.recId);
      // 1 kg on CN-SA-AIR-COD: 38 + 1 step of 16; COD 1.5 % of 199 SAR in SAR (no exchange rate).
      expect(o.fees.map((f) => [f.feeTypeName, f.amount, f.currency])).toEqual([
        ['Freight', '54.00', 'CNY'],
        ['COD service fee', '2.99', 'SAR'],
      ]);
      expect(o.feeException).toBeNull();
      expect(o.events[0]).toMatchObject({ node: 'CARRIER_ASSIGNED', isPublic: false });
      const received = o.events.find((e) => e.node === 'RECEIVED')!;
      expect(received).toMatchObject({ status: 2, location: depot.name, operatorName: 'Olivia Operator' });
      expect(o.statusHistory.map((h) => [h.fromStatus, h.status])).toEqual([
        [1, 2],
        [null, 1],
      ]);
    });

    it('answers already, unknown, cancelled and intercepted without changing anything', async () => {
      const again = await receive(demoOrder.trackingNo);
      expect(again.body.data).toMatchObject({
        kind: 'already',
        message: `Order ${demoOrder.trackingNo} was already received (Received)`,
      });
      const unknown = await receive('GL0000000001', {}, tokens.operator, 'cn');
      expect(unknown.status).toBe(200);
      expect(unknown.body.data).toEqual({
        kind: 'unknown',
        message: '没有运单号为 GL0000000001 的订单',
        trackingNo: 'GL0000000001',
        order: null,
      });
      const c = await created(orderBody());
      await call(t, contract.order.cancelOrder, { token: tokens.demo, body: { ids: [c.recId] } });
      const cancelled = await receive(c.trackingNo);
      expect(cancelled.body.data).toMatchObject({
        kind: 'cancelled',
        order: { status: OrderStatus.cancelled },
      });
      const i = await created(orderBody());
      await call(t, contract.order.interceptOrder, {
        params: { id: i.recId },
        token: tokens.operator,
        body: {},
      });
      const held = await receive(i.trackingNo);
      expect(held.body.data).toMatchObject({ kind: 'intercepted', order: { status: OrderStatus.created } });
      expect(held.body.data.message).toBe(`Order ${i.trackingNo} is intercepted: set the parcel aside`);
    });

    it('takes the next carrier when one reached today’s volume limit for the destination, and marks the order abnormal when none is left', async () => {
      const make = (regionIds: number[]) =>
        created(
          orderBody({
            customerId: customer.DEMO,
            channelId: channel['TST-VOL'],
            consignee: { ...orderBody().consignee, regionIds },
          }),
          tokens.admin,
        );
      const first = await receive((await make(riyadh())).trackingNo);
      expect(first.body.data.order).toMatchObject({ carrierCode: 'TSTA', carrierTrackingNo: 'TSTA000001' });
      const second = await receive((await make(riyadh())).trackingNo);
      expect(second.body.data.order).toMatchObject({ carrierCode: 'TSTB', carrierTrackingNo: 'TSTB000001' });
      // The limit is Riyadh's: Jeddah still goes to A.
      const inJeddah = await receive((await make(jeddah())).trackingNo);
      expect(inJeddah.body.data.order).toMatchObject({
        carrierCode: 'TSTA',
        carrierTrackingNo: 'TSTA000002',
      });
      const none = await receive((await make(riyadh())).trackingNo, {}, tokens.operator, 'en');
      expect(none.body.data.kind).toBe('ok');
      const o = none.body.data.order!;
      expect(o).toMatchObject({ status: OrderStatus.received, carrierId: null, carrierTrackingNo: null });
      expect(o.abnormalKinds).toEqual([AbnormalKind.noCarrier]);
      expect(o.abnormals[0]).toMatchObject({
        kind: 1,
        department: 3,
        reasonText: "Every carrier of the channel reached today's volume limit for this destination",
      });
      const flagged = await list({ abnormal: true, channelId: channel['TST-VOL'] });
      expect(flagged.body.data.records.map((r) => r.recId)).toEqual([o.recId]);
    });

    it('never gives two concurrent receipts the same pool number', async () => {
      const orders = await Promise.all(
        Array.from({ length: 8 }, () =>
          created(orderBody({ customerId: customer.DEMO, channelId: channel['TST-POOL'] }), tokens.admin),
        ),
      );
      const results = await Promise.all(orders.map((o) => receive(o.trackingNo)));
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
      const numbers = results.map((r) => r.body.data.order!.carrierTrackingNo).filter((n) => n !== null);
      expect(numbers.sort()).toEqual(['TSTC000001', 'TSTC000002', 'TSTC000003', 'TSTC000004', 'TSTC000005']);
      const empty = results.filter((r) => r.body.data.order!.carrierTrackingNo === null);
      expect(empty).toHaveLength(3);
      for (const r of empty)
        expect(r.body.data.order!.abnormals[0]!.reasonText).toBe(
          "No free tracking number in the pools of the channel's carriers",
        );
      const pool = await q<{ order_id: number }>(
        sql`SELECT order_id FROM tracking_numbers WHERE carrier_id = ${carrier.TSTC!}`,
      );
      expect(new Set(pool.map((p) => p.order_id)).size).toBe(5);

      const smsa = await Promise.all(Array.from({ length: 6 }, () => created(orderBody())));
      const drawn = await Promise.all(smsa.map((o) => receive(o.trackingNo)));
      const smsaNumbers = drawn.map((r) => r.body.data.order!.carrierTrackingNo);
      expect(smsaNumbers.every((n) => n !== null)).toBe(true);
      expect(new Set(smsaNumbers).size).toBe(6);
    });

    it('records a scale’s reading given with the scan', async () => {
      const o = await created(orderBody());
      const r = await receive(o.trackingNo, { weight: '1.2', length: 10, width: 10, height: 10 });
      expect(r.body.data.order).toMatchObject({
        checkStatus: 3,
        checkedWeight: '1.200',
        chargeableWeight: '1.200',
      });
      expect(r.body.data.order!.fees[0]!.amount).toBe('70.00');
      const bad = await receive(o.trackingNo, { weight: 'heavy' });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toBe('Enter a correct number');
    });
  });

  describe('order/checkWv', () => {
    it('refuses customers and the PDA', async () => {
      expect((await checkWv({ orderId: demoOrder.recId, weight: '1' }, tokens.demo)).status).toBe(403);
      expect((await checkWv({ orderId: demoOrder.recId, weight: '1' }, tokens.pda)).status).toBe(403);
    });

    it('recomputes volume weight, chargeable weight and fees, and flags a weight discrepancy', async () => {
      const r = await checkWv({
        trackingNo: demoOrder.trackingNo.toLowerCase(),
        weight: '2',
        length: '40',
        width: '30',
        height: '20',
      });
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data).toMatchObject({
        recId: demoOrder.recId,
        declaredWeight: '1.000',
        checkedWeight: '2.000',
        length: '40.00',
        volumeDivisor: 6000,
        volumeWeight: '4.000',
        chargeableWeight: '4.000',
        checkStatus: 3,
        weightDiscrepancy: true,
        feeException: null,
      });
      // 4 kg: 38 + 7 × 16
      expect(r.body.data.fees.map((f) => [f.feeType, f.amount, f.currency, f.chargeableWeight])).toEqual([
        [1, '150.00', 'CNY', '4.000'],
        [2, '2.99', 'SAR', '4.000'],
      ]);
      const d = (await detail(demoOrder.recId)).body.data;
      expect(d.abnormalKinds).toContain(AbnormalKind.weightDiscrepancy);
      expect(d.abnormals.find((a) => a.kind === 3)!.reasonText).toBe(
        'Checked weight 2.000 kg, declared 1.000 kg',
      );
      expect(d.events[0]).toMatchObject({
        node: 'WEIGHED',
        description: '2.000 kg 40.00×30.00×20.00 cm',
        isPublic: false,
      });
      expect((await list({ checkStatus: '3', trackingNos: demoOrder.trackingNo })).body.data.total).toBe(1);
      // Within tolerance again: the discrepancy mark is handled.
      const ok = await checkWv({ orderId: demoOrder.recId, weight: '1.05' });
      expect(ok.body.data.weightDiscrepancy).toBe(false);
      expect(ok.body.data.chargeableWeight).toBe('4.000');
      expect((await detail(demoOrder.recId)).body.data.abnormalKinds).not.toContain(
        AbnormalKind.weightDiscrepancy,
      );
    });

    it('refuses bad numbers, a missing order, an order not received', async () => {
      const bad = await checkWv({ orderId: demoOrder.recId, weight: '-1', length: 'x' });
      expect(bad.status).toBe(400);
      expect((bad.body.data as unknown as Issues).issues.map((i) => i.path)).toEqual(['weight', 'length']);
      const none = await checkWv({ weight: '1' });
      expect(none.status).toBe(400);
      expect(none.body.msg).toBe('Give the order id or its tracking no');
      expect((await checkWv({ trackingNo: 'GL0000000001', weight: '1' })).status).toBe(404);
      const fresh = await created(orderBody());
      const early = await checkWv({ orderId: fresh.recId, weight: '1' }, tokens.operator, 'en');
      expect(early.status).toBe(409);
      expect(early.body.msg).toBe(
        `Order ${fresh.trackingNo} is Created: weigh it after it is received and before it is picked up`,
      );
    });

    it('records a fee exception when the channel has no price rule for the destination, and resolves it', async () => {
      const o = await created(
        orderBody({
          customerId: customer.DEMO,
          channelId: channel['TST-VOL'],
          consignee: { ...orderBody().consignee, regionIds: jeddah() },
        }),
        tokens.admin,
      );
      await receive(o.trackingNo);
      const saved = await q(sql`SELECT * FROM channel_prices WHERE channel_id = ${channel['TST-VOL']!}`);
      await q(sql`DELETE FROM channel_prices WHERE channel_id = ${channel['TST-VOL']!}`);
      const r = await checkWv({ orderId: o.recId, weight: '1' }, tokens.operator, 'en');
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data.fees).toEqual([]);
      expect(r.body.data.feeException).toMatchObject({
        reason: 1,
        state: 0,
        reasonText: 'The shipping channel TST-VOL has no price rule for Saudi Arabia',
      });
      // Weighed again while the rule is still missing: still one pending exception and one mark.
      await checkWv({ orderId: o.recId, weight: '1.01' });
      const pending = await q<{ n: number; m: number }>(sql`SELECT
        (SELECT count(*)::int FROM fee_exceptions WHERE order_id = ${o.recId} AND state = 0) AS n,
        (SELECT count(*)::int FROM order_abnormals WHERE order_id = ${o.recId} AND state = 0 AND kind = 6) AS m`);
      expect(pending[0]).toEqual({ n: 1, m: 1 });
      const cn = (await detail(o.recId, tokens.admin, 'cn')).body.data;
      expect(cn.feeException!.reasonText).toBe('渠道 TST-VOL 没有 沙特阿拉伯 的报价规则');
      expect(cn.abnormalKinds).toContain(AbnormalKind.noPrice);
      // The abnormal mark says the same, the country named in the caller's language too.
      expect(cn.abnormals.find((a) => a.kind === AbnormalKind.noPrice)!.reasonText).toBe(
        '渠道 TST-VOL 没有 沙特阿拉伯 的报价规则',
      );
      const rule = saved[0] as Record<string, unknown>;
      await q(sql`INSERT INTO channel_prices (channel_id, country_id, currency, first_weight, first_price, step_weight, step_price, cod_fee_rate, min_cod_fee)
        VALUES (${rule.channel_id as number}, ${rule.country_id as number}, 'CNY', 0.5, 38, 0.5, 16, 0.015, 5)`);
      const again = await checkWv({ orderId: o.recId, weight: '1' });
      expect(again.body.data.feeException).toBeNull();
      expect(again.body.data.fees[0]!.amount).toBe('54.00');
      expect((await detail(o.recId)).body.data.abnormalKinds).not.toContain(AbnormalKind.noPrice);
      const exceptions = await q<{ state: number }>(
        sql`SELECT state FROM fee_exceptions WHERE order_id = ${o.recId}`,
      );
      expect(exceptions.map((e) => e.state)).toEqual([1]);
    });
  });

  describe('order/cancelOrder', () => {
    const cancel = (ids: number[], token = tokens.demo, lang = 'en', reason?: string) =>
      call(t, contract.order.cancelOrder, { token, body: { ids, reason }, lang });

    it('cancels the caller’s orders not yet picked up, with a public event and the reason as a remark', async () => {
      const o = await created(orderBody());
      const r = await cancel([o.recId], tokens.demoSub, 'en', 'Buyer changed their mind');
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data).toEqual({
        cancelled: 1,
        results: [{ recId: o.recId, trackingNo: o.trackingNo, ok: true, message: null }],
      });
      const d = (await detail(o.recId, tokens.demo)).body.data;
      expect(d.status).toBe(OrderStatus.cancelled);
      expect(d.cancelledAt).not.toBeNull();
      expect(d.events[0]).toMatchObject({ node: 'CANCELLED', status: 12, isPublic: true, description: '' });
      expect(d.remarks[0]!.content).toBe('Buyer changed their mind');
    });

    it('refuses each order picked up or later with a translated reason; all refused is a 409', async () => {
      const a = await created(orderBody());
      const b = await created(orderBody());
      await setStatus(b.recId, OrderStatus.pickedUp);
      const mixed = await cancel([a.recId, b.recId]);
      expect(mixed.status).toBe(200);
      expect(mixed.body.data.cancelled).toBe(1);
      expect(mixed.body.data.results[1]).toEqual({
        recId: b.recId,
        trackingNo: b.trackingNo,
        ok: false,
        message: `Order ${b.trackingNo} is Picked up: only orders not yet picked up can be cancelled`,
      });
      const one = await cancel([b.recId], tokens.demo, 'cn');
      expect(one.status).toBe(409);
      expect(one.body.msg).toBe(`订单 ${b.trackingNo} 状态为「已提货」：只能取消尚未提货的订单`);
      expect((one.body.data as CancelResult).cancelled).toBe(0);
      const two = await cancel([a.recId, b.recId], tokens.demo, 'en');
      expect(two.status).toBe(409);
      expect(two.body.msg).toBe('None of the 2 orders could be cancelled');
    });

    it('refuses the whole call when one id is another customer’s or unknown (404), changing nothing', async () => {
      const mine = await created(orderBody());
      const foreign = await cancel([mine.recId, otherOrder.recId], tokens.demo);
      expect(foreign.status).toBe(404);
      expect((await cancel([otherOrder.recId], tokens.demoSub)).status).toBe(404);
      expect((await cancel([mine.recId, 999999999])).status).toBe(404);
      expect((await detail(mine.recId)).body.data.status).toBe(OrderStatus.created);
      expect((await cancel([mine.recId], tokens.pda)).status).toBe(403);
      expect((await cancel([])).status).toBe(400);
    });
  });

  describe('interception', () => {
    const intercept = (id: number, token = tokens.operator, lang = 'en', reason?: string) =>
      call(t, contract.order.interceptOrder, {
        params: { id },
        token,
        body: reason ? { reason } : {},
        lang,
      });
    const withdraw = (id: number, token = tokens.operator) =>
      call(t, contract.order.cancelOrderIntercept, { params: { id }, token, body: {}, lang: 'en' });
    const result = (id: number, token = tokens.operator) =>
      call(t, contract.order.getInterceptOrderResult, {
        params: { id },
        token,
        body: {},
        lang: 'en',
      });
    const setResult = (body: object, token = tokens.operator, lang = 'en') =>
      callLoose(t, contract.order.setInterceptOrderResult, { token, body, lang });

    it('is refused to customers and the PDA, whoever’s order it is', async () => {
      for (const who of ['demo', 'demoSub', 'other', 'pda'] as const) {
        expect((await intercept(otherOrder.recId, tokens[who])).status, who).toBe(403);
        expect((await withdraw(demoOrder.recId, tokens[who])).status, who).toBe(403);
        expect((await setResult({ id: demoOrder.recId, result: 'success' }, tokens[who])).status, who).toBe(
          403,
        );
      }
      expect((await result(demoOrder.recId, tokens.demo)).status).toBe(403);
      expect((await intercept(999999999)).status).toBe(404);
    });

    it('asks, refuses a second request, withdraws, asks again and records the result with the operator', async () => {
      const o = await created(orderBody());
      await receive(o.trackingNo);
      const asked = await intercept(o.recId, tokens.operator, 'en', 'Customer request');
      expect(asked.status, asked.raw).toBe(200);
      expect(asked.body.data).toMatchObject({
        orderId: o.recId,
        interceptState: InterceptState.requested,
        interceptStateName: 'Interception requested',
        current: { state: 1, reason: 'Customer request', requestedBy: 'Olivia Operator', resolvedAt: null },
      });
      expect((await detail(o.recId)).body.data.abnormalKinds).toContain(AbnormalKind.intercepted);
      const twice = await intercept(o.recId);
      expect(twice.status).toBe(409);
      expect(twice.body.msg).toBe(
        `An interception of order ${o.trackingNo} is already waiting for its result`,
      );

      const withdrawn = await withdraw(o.recId);
      expect(withdrawn.body.data).toMatchObject({
        interceptState: 0,
        current: { state: 4, stateName: 'Interception withdrawn' },
      });
      expect((await detail(o.recId)).body.data.abnormalKinds).not.toContain(AbnormalKind.intercepted);
      expect((await withdraw(o.recId)).status).toBe(409);
      const none = await setResult({ id: o.recId, result: 'success' });
      expect(none.status).toBe(409);
      expect(none.body.msg).toBe(`Order ${o.trackingNo} has no interception waiting for a result`);

      await intercept(o.recId);
      const done = await setResult({ id: o.recId, result: 'success', remark: 'Held at SZX01' }, tokens.admin);
      expect(done.status, done.raw).toBe(200);
      expect(done.body.data).toMatchObject({
        interceptState: InterceptState.succeeded,
        current: { state: 2, resultRemark: 'Held at SZX01', resolvedBy: 'Administrator' },
      });
      expect(done.body.data.history.map((h) => h.state)).toEqual([2, 4]);
      const read = await result(o.recId, tokens.service);
      expect(read.body.data.interceptStateName).toBe('Intercepted');
      const again = await intercept(o.recId, tokens.operator, 'en');
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe(`Order ${o.trackingNo} has already been intercepted`);
      const d = (await detail(o.recId)).body.data;
      expect(d.events.filter((e) => e.node.startsWith('INTERCEPT')).map((e) => e.node)).toEqual([
        'INTERCEPT_SUCCEEDED',
        'INTERCEPT_REQUESTED',
        'INTERCEPT_WITHDRAWN',
        'INTERCEPT_REQUESTED',
      ]);
      // Staff see the interception events and requests; the customer sees the order intercepted, no
      // more (not who asked or resolved, nor the result's remark).
      expect(d.intercepts.length).toBe(2);
      const customerView = (await detail(o.recId, tokens.demo)).body.data;
      expect(customerView.events.some((e) => !e.isPublic)).toBe(false);
      expect(customerView.interceptState).toBe(InterceptState.succeeded);
      expect(customerView.intercepts).toEqual([]);
      expect(customerView.abnormals).toEqual([]);
      expect((await list({ interceptState: 2, trackingNos: o.trackingNo })).body.data.total).toBe(1);
    });

    it('allows a new request after a failure, and none once signed', async () => {
      const o = await created(orderBody());
      await intercept(o.recId);
      const failed = await setResult({ id: o.recId, result: 'failure', remark: 'Already handed over' });
      expect(failed.body.data.interceptState).toBe(InterceptState.failed);
      expect((await intercept(o.recId)).status).toBe(200);
      await withdraw(o.recId);
      await setStatus(o.recId, OrderStatus.signed);
      const late = await intercept(o.recId, tokens.operator, 'cn');
      expect(late.status).toBe(409);
      expect(late.body.msg).toBe(`订单 ${o.trackingNo} 状态为「已签收」，已不能拦截`);
      expect((await setResult({ id: o.recId, result: 'maybe' })).status).toBe(400);
    });

    it('withdraws a pending interception when the order is cancelled', async () => {
      const o = await created(orderBody());
      await intercept(o.recId);
      await call(t, contract.order.cancelOrder, { token: tokens.operator, body: { ids: [o.recId] } });
      const r = await result(o.recId);
      expect(r.body.data).toMatchObject({
        status: OrderStatus.cancelled,
        interceptState: 0,
        current: { state: 4 },
      });
    });
  });

  describe('tracking/query (public)', () => {
    const query = (text: string, lang = 'en') =>
      call(t, contract.common.trackingQuery, { params: { no: text }, lang });

    it('finds orders by our number, the customer number or the carrier number, several at once, without login', async () => {
      const d = (await detail(demoOrder.recId)).body.data;
      const r = await query(`${d.trackingNo.toLowerCase()}\n${d.carrierTrackingNo}, NOPE-1`, 'ar');
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data.map((x) => [x.query, x.found])).toEqual([
        [d.trackingNo.toLowerCase(), true],
        [d.carrierTrackingNo, true],
        ['NOPE-1', false],
      ]);
      const track = r.body.data[0]!.track!;
      expect(track).toMatchObject({
        trackingNo: d.trackingNo,
        status: OrderStatus.received,
        statusName: 'تم الاستلام في المستودع',
        carrierCode: 'SMSA',
        carrierName: 'SMSA Express',
        carrierTrackingNo: d.carrierTrackingNo,
        destinationCode: 'SA',
        destinationName: 'السعودية',
      });
      expect(track.carrierTrackingUrl).toContain(d.carrierTrackingNo!);
      // Public events only, newest first, named in Arabic.
      expect(track.events.map((e) => e.node)).toEqual(['RECEIVED', 'CREATED']);
      expect(track.events[0]!.name).toBe('تم الاستلام في المستودع');
      expect(track.events[1]!.name).toBe('تم إنشاء الطلب');
      expect(r.body.data[2]!.track).toBeNull();
    });

    it('finds one number alone the same ways (its own statement): ours in any case, the carrier’s', async () => {
      const d = (await detail(demoOrder.recId)).body.data;
      for (const text of [d.trackingNo.toLowerCase(), d.carrierTrackingNo!.toLowerCase(), 'NOPE-1']) {
        const r = await query(text);
        expect(r.status, r.raw).toBe(200);
        expect(r.body.data.map((x) => [x.query, x.track?.trackingNo ?? null])).toEqual([
          [text, text === 'NOPE-1' ? null : d.trackingNo],
        ]);
      }
    });

    it('never shows the consignee: name, phone or address', async () => {
      const r = await query(demoOrder.trackingNo);
      expect(r.raw).not.toContain('Al-Harbi');
      expect(r.raw).not.toContain('123 4567');
      expect(r.raw).not.toContain('King Fahd');
      expect(Object.keys(r.body.data[0]!.track!)).not.toContain('consigneeName');
    });

    it('answers every customer’s order of a customer number', async () => {
      const r = await query('DEMO-1001');
      expect(r.body.data.map((x) => x.track!.trackingNo).sort()).toEqual(
        [demoOrder.trackingNo, otherOrder.trackingNo].sort(),
      );
    });

    it('takes at most 20 numbers', async () => {
      const r = await query(Array.from({ length: 21 }, (_, i) => `N${i}`).join(','));
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('Enter at most 20 numbers');
    });
  });
});
