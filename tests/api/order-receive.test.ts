import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.ts';
import type { OrderDetail } from '../../src/shared/contract/order.ts';
import { AbnormalKind } from '../../src/shared/domain/order-rules.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { call } from './support/call.ts';
import { type Issues, useOrderWorld } from './support/order-world.ts';

/**
 * Receiving (order/scan), weighing (order/checkWv) and the public tracking query, in this order on
 * the world's demo order: tracking reads it received and weighed (order-world.ts).
 */
describe('orders: receiving, weighing and public tracking', () => {
  const w = useOrderWorld();
  const {
    t,
    tokens,
    channel,
    carrier,
    customer,
    q,
    riyadh,
    jeddah,
    orderBody,
    created,
    detail,
    list,
    receive,
    checkWv,
  } = w;

  let demoOrder: OrderDetail;
  let otherOrder: OrderDetail;
  beforeAll(async () => {
    ({ demoOrder, otherOrder } = await w.baseOrders());
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
