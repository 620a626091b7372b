import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.ts';
import type { OrderDetail } from '../../src/shared/contract/order.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { call } from './support/call.ts';
import { useOrderWorld } from './support/order-world.ts';

/** order/list, getOrderDetail and the remarks, over the world's two orders and one more (order-world.ts). */
describe('orders: order/list, getOrderDetail and remarks', () => {
  const w = useOrderWorld();
  const { t, tokens, region, channel, customer, q, orderBody, created, detail, list } = w;

  let demoOrder: OrderDetail;
  let otherOrder: OrderDetail;
  beforeAll(async () => {
    ({ demoOrder, otherOrder } = await w.baseOrders());
    // A third recent order of the same consignee, as order/create's cases leave behind.
    await created(orderBody({ customerId: customer.DEMO }), tokens.demoSub);
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
});
