import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.ts';
import type { LadingRecord, ScanRefusalData } from '../../src/shared/contract/lading.ts';
import { MailState, PickupStatus } from '../../src/shared/domain/lading.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { at, call, callRaw } from './support/call.ts';
import { useLading } from './support/lading.ts';
import { eventually, key, type MadeOrder } from './support/movement.ts';

describe('lading bills', () => {
  const {
    t,
    tokens,
    channel,
    carrier,
    post,
    get,
    create,
    scan,
    detail,
    orderOf,
    orders,
    q,
    newBill,
    filled,
  } = useLading();

  describe('lading/create', () => {
    it('opens a bill of a channel: carrier, type and country from the channel; PDA accounts may', async () => {
      const r = await create({ channelId: channel['CN-SA-AIR-COD'], remark: 'Night shift' }, 'pda');
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data).toMatchObject({
        no: expect.stringMatching(/^LD\d{10}$/),
        channelCode: 'CN-SA-AIR-COD',
        carrierCode: 'SMSA',
        type: 1,
        typeName: 'Clearance lading',
        orderType: 1,
        countryCode: 'SA',
        confirmState: 0,
        pickupStatus: PickupStatus.notPickedUp,
        pickupStatusName: 'Not picked up',
        itemCount: 0,
        weight: '0.000',
        mailState: MailState.notPushed,
        mailStateName: 'Not pushed',
        remark: 'Night shift',
        createdBy: expect.any(String),
      });
      const local = await create({ channelId: channel['SA-LOCAL-COD'], carrierId: carrier.JTSA });
      expect(local.body.data).toMatchObject({ type: 2, carrierCode: 'JTSA' });
    });

    it('refuses a bill without a channel ("Select a logistics channel first") or with a foreign carrier', async () => {
      const none = await create({});
      expect(none.status).toBe(400);
      expect(none.body.msg).toBe('Select a logistics channel first');
      const cn = await post(contract.lading.create, 'operator', {}, {}, 'cn');
      expect(cn.body.msg).not.toBe('Select a logistics channel first');
      const foreign = await create({ channelId: channel['CN-SA-AIR-COD'], carrierId: carrier.BOSTA });
      expect(foreign.status).toBe(400);
      expect(foreign.body.msg).toBe('Choose one of the shipping channel’s carriers');
    });

    it('is refused to customers and to staff without the permission', async () => {
      for (const who of ['demo', 'demoSub', 'finance'] as const)
        expect((await create({ channelId: channel['CN-SA-AIR-COD'] }, who)).status, who).toBe(403);
    });
  });

  describe('lading/scanTrackingNo', () => {
    let bill: LadingRecord;
    let made: MadeOrder[];

    beforeAll(async () => {
      bill = await newBill();
      made = await orders(3);
    });

    it('adds a received order: the item, the bill’s new totals, the order in lading with an event', async () => {
      const r = await scan(bill.recId, made[0]!.trackingNo.toLowerCase());
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data).toMatchObject({
        result: 'ok',
        message: `Added ${made[0]!.trackingNo} to ${bill.no}`,
        trackingNo: made[0]!.trackingNo,
        item: {
          kind: 'order',
          orderId: made[0]!.id,
          trackingNo: made[0]!.trackingNo,
          customerCode: 'DEMO',
          countryName: 'Saudi Arabia',
          status: OrderStatus.inLading,
          orderCount: 1,
          pieceCount: 1,
          weight: '1.250',
          scannedBy: expect.any(String),
        },
        bill: { recId: bill.recId, no: bill.no, itemCount: 1, orderCount: 1, pieceCount: 1, weight: '1.250' },
      });
      const o = await orderOf(made[0]!.id);
      expect(o.status).toBe(OrderStatus.inLading);
      expect(o.events.some((e) => e.node === 'IN_LADING' && e.status === OrderStatus.inLading)).toBe(true);
    });

    it('keeps the device’s scan time', async () => {
      const when = '2026-01-02T03:04:05.000Z';
      const r = await post(at(contract.lading.scanTrackingNo, { id: bill.recId }), 'pda', {
        trackingNo: made[1]!.trackingNo,
        scannedAt: when,
      });
      expect(r.body.data.item.scannedAt).toBe(when);
    });

    it('refuses what is not a tracking no ("Scan a valid tracking no")', async () => {
      for (const bad of ['', '  ', 'AB', 'GL 000 1', 'x'.repeat(41)]) {
        const r = await scan(bill.recId, bad);
        expect(r.status, bad).toBe(400);
        expect(r.body.msg).toBe('Scan a valid tracking no');
      }
      const none = { params: { id: bill.recId }, token: tokens.pda, body: {}, lang: 'en' };
      expect((await callRaw(t, contract.lading.scanTrackingNo, none)).body.msg).toBe(
        'Scan a valid tracking no',
      );
    });

    it('refuses with a reason: unknown, already added, cancelled, intercepted, not received', async () => {
      const refusal = async (no: string, reason: string, msg: string | RegExp, billId = bill.recId) => {
        const r = await scan(billId, no);
        expect(r.status, r.raw).toBe(409);
        expect((r.body.data as unknown as ScanRefusalData).reason).toBe(reason);
        expect(r.body.msg).toMatch(msg);
        return r;
      };
      await refusal('GL9999999999', 'unknown', 'No order has the tracking no GL9999999999');
      const again = await refusal(
        made[0]!.trackingNo,
        'alreadyAdded',
        `Tracking no already added: ${made[0]!.trackingNo} is in ${bill.no}`,
      );
      expect(again.body.data).toEqual({
        reason: 'alreadyAdded',
        trackingNo: made[0]!.trackingNo,
        billNo: bill.no,
      });
      const other = await newBill();
      await refusal(made[0]!.trackingNo, 'alreadyAdded', new RegExp(`is in ${bill.no}$`), other.recId);

      const [cancelled, intercepted] = await orders(2);
      const c = await post(contract.order.cancelOrder, 'demo', { ids: [cancelled!.id] });
      expect(c.status, c.raw).toBe(200);
      await refusal(
        cancelled!.trackingNo,
        'cancelled',
        `Order ${cancelled!.trackingNo} is cancelled: set the parcel aside`,
      );
      const i = await post(at(contract.order.interceptOrder, { id: intercepted!.id }), 'admin', {
        reason: 'customer asked',
      });
      expect(i.status, i.raw).toBe(200);
      await refusal(intercepted!.trackingNo, 'intercepted', /is intercepted: set the parcel aside$/);
      const [fresh] = await orders(1, { receive: false });
      await refusal(fresh!.trackingNo, 'notReceived', /has not been received at the warehouse yet$/);

      const cn = await call(t, contract.lading.scanTrackingNo, {
        params: { id: bill.recId },
        token: tokens.pda,
        body: { trackingNo: 'GL9999999999' },
        lang: 'cn',
      });
      expect(cn.body.msg).not.toMatch(/No order/);
      expect((cn.body.data as unknown as ScanRefusalData).reason).toBe('unknown');
    });

    it('refuses an order of another channel ("select a logistics channel first")', async () => {
      const sea = await newBill({ channelId: channel['CN-SA-SEA'] });
      const r = await scan(sea.recId, made[2]!.trackingNo);
      expect(r.status).toBe(409);
      expect((r.body.data as unknown as ScanRefusalData).reason).toBe('wrongChannel');
      expect(r.body.msg).toMatch(/select a logistics channel first$/);
    });

    it('refuses customers (403), unknown bills (404) and closed bills', async () => {
      expect((await scan(bill.recId, made[2]!.trackingNo, 'demo')).status).toBe(403);
      expect((await scan(999999, made[2]!.trackingNo)).status).toBe(404);
      const closed = await filled(1);
      expect((await post(contract.lading.confirm, 'pda', { ids: [closed.bill.recId] })).status).toBe(200);
      const r = await scan(closed.bill.recId, made[2]!.trackingNo);
      expect(r.status).toBe(409);
      expect((r.body.data as unknown as ScanRefusalData).reason).toBe('billNotOpen');
      // In Arabic the bill no is isolated: shown with dir="auto", the sentence that starts with it
      // still reads right to left (its first strong letter is then Arabic, not the bill no's L).
      const ar = await call(t, contract.lading.scanTrackingNo, {
        params: { id: closed.bill.recId },
        token: tokens.pda,
        body: { trackingNo: made[2]!.trackingNo },
        lang: 'ar',
      });
      expect(ar.body.msg).toBe(`\u2068${closed.bill.no}\u2069 مؤكدة أو مستلمة أو ملغاة ولا تقبل مسحًا آخر`);
      const en = await call(t, contract.lading.scanTrackingNo, {
        params: { id: closed.bill.recId },
        token: tokens.pda,
        body: { trackingNo: made[2]!.trackingNo },
        lang: 'en',
      });
      expect(en.body.msg).toContain(`${closed.bill.no} `);
    });

    it('is idempotent: the same key twice is one scan with the same answer; another body is 422', async () => {
      const b = await newBill();
      const [o1, o2] = await orders(2);
      const k = key();
      const first = await scan(b.recId, o1!.trackingNo, 'pda', { 'idempotency-key': k });
      const second = await scan(b.recId, o1!.trackingNo, 'pda', { 'idempotency-key': k });
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect((await detail(b.recId)).items).toHaveLength(1);
      const other = await scan(b.recId, o2!.trackingNo, 'pda', { 'idempotency-key': k });
      expect(other.status).toBe(422);
      expect((await detail(b.recId)).itemCount).toBe(1);
      // A refusal is the answer to its key too: replayed, not re-run.
      const k2 = key();
      const refused = await scan(b.recId, 'GL9999999998', 'pda', { 'idempotency-key': k2 });
      expect(refused.status).toBe(409);
      expect((await scan(b.recId, 'GL9999999998', 'pda', { 'idempotency-key': k2 })).body).toEqual(
        refused.body,
      );
    });

    it('two scanners adding one order at once: exactly one item, one "already added", right totals', async () => {
      const b = await newBill();
      const [o] = await orders(1);
      const [a, c] = await Promise.all([
        scan(b.recId, o!.trackingNo, 'pda', { 'idempotency-key': key() }),
        scan(b.recId, o!.trackingNo, 'operator', { 'idempotency-key': key() }),
      ]);
      expect([a.status, c.status].sort()).toEqual([200, 409]);
      const refused = a.status === 409 ? a : c;
      expect((refused.body.data as unknown as ScanRefusalData).reason).toBe('alreadyAdded');
      const d = await detail(b.recId);
      expect(d.items).toHaveLength(1);
      expect(d).toMatchObject({ itemCount: 1, orderCount: 1, weight: '1.250' });
      const events = await q<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM order_events WHERE order_id = ${o!.id} AND node = 'IN_LADING'`,
      );
      expect(events[0]!.n).toBe(1);
    });

    it('an order merged into a package while the scan waited for its lock is refused, not put in the bill too', async () => {
      const b = await newBill();
      const [o] = await orders(1);
      const p = (await post(contract.package.create, 'pda', { trackingNos: '' })).body.data;
      // A package scan holding the order's lock: it adds the package item and commits while the
      // lading scan waits (a package scan does not change the order's row).
      const packer = await t.database.pool.connect();
      try {
        await packer.query('BEGIN');
        await packer.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [o!.id]);
        await packer.query('INSERT INTO package_items (package_id, order_id) VALUES ($1, $2)', [
          p.recId,
          o!.id,
        ]);
        const pending = scan(b.recId, o!.trackingNo);
        const waiting = await eventually(
          () =>
            q<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`),
          (r) => r[0]!.n === 1,
        );
        expect(waiting[0]!.n, 'the scan waits for the order').toBe(1);
        await packer.query('COMMIT');
        const r = await pending;
        expect(r.status, r.raw).toBe(409);
        expect(r.body.data).toMatchObject({ reason: 'inPackage', trackingNo: o!.trackingNo });
        expect(r.body.msg).toBe(`Order ${o!.trackingNo} is in package ${p.no}: scan the package`);
      } finally {
        packer.release();
      }
      expect((await detail(b.recId)).items).toHaveLength(0);
      expect((await orderOf(o!.id)).status).toBe(OrderStatus.received);
    });

    it('20 scanners adding 20 orders at once: 20 items and totals that add up', async () => {
      const b = await newBill();
      const os = await orders(20, { weight: '0.333' });
      const answers = await Promise.all(
        os.map((o, i) =>
          scan(b.recId, o.trackingNo, i % 2 ? 'pda' : 'operator', { 'idempotency-key': key() }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      const d = await detail(b.recId);
      expect(d).toMatchObject({ itemCount: 20, orderCount: 20, pieceCount: 20, weight: '6.660' });
      expect(new Set(d.items.map((i) => i.orderId)).size).toBe(20);
      // The scans added to tally rows, not to the bill's own row (they did not queue on it) ...
      const [open] = await q<{ columns: number; tallies: number }>(sql`
        SELECT b.item_count AS columns, (SELECT sum(item_count)::int FROM lading_bill_tallies t
          WHERE t.bill_id = b.id) AS tallies FROM lading_bills b WHERE b.id = ${b.recId}`);
      expect(open).toEqual({ columns: 0, tallies: 20 });
      const listed = await post(contract.lading.list, 'pda', { nos: d.no });
      expect(listed.body.data.records[0]).toMatchObject({ itemCount: 20, orderCount: 20, weight: '6.660' });
      // ... and confirming folds them into it.
      expect((await post(contract.lading.confirm, 'pda', { ids: [b.recId] })).status).toBe(200);
      const [sealed] = await q<{
        item_count: number;
        order_count: number;
        weight: string;
        tallies: number;
      }>(sql`
        SELECT item_count, order_count, weight::text AS weight,
          (SELECT count(*)::int FROM lading_bill_tallies t WHERE t.bill_id = b.id) AS tallies
        FROM lading_bills b WHERE b.id = ${b.recId}`);
      expect(sealed).toEqual({ item_count: 20, order_count: 20, weight: '6.660', tallies: 0 });
      expect(await detail(b.recId)).toMatchObject({ itemCount: 20, orderCount: 20, weight: '6.660' });
    });
  });

  describe('list, detail, remarks', () => {
    it('lists bills with filters; the PDA may list; customers may not', async () => {
      const { bill, orders: os } = await filled(2);
      const byNo = await post(contract.lading.list, 'pda', { nos: bill.no.toLowerCase() });
      expect(byNo.status, byNo.raw).toBe(200);
      expect(byNo.body.data.records.map((r) => r.recId)).toEqual([bill.recId]);
      const byOrder = await post(contract.lading.list, 'admin', {
        trackingNo: os[1]!.trackingNo,
      });
      expect(byOrder.body.data.records.map((r) => r.recId)).toEqual([bill.recId]);
      const open = await post(contract.lading.list, 'admin', {
        pickupStatus: '1',
        confirmState: 0,
        channelId: channel['CN-SA-AIR-COD'],
        signStatus: '0',
        mailState: '-1',
        pageSize: 500,
      });
      expect(open.body.data.records.some((r) => r.recId === bill.recId)).toBe(true);
      expect(open.body.data.records.every((r) => r.pickupStatus === 1 && r.confirmState === 0)).toBe(true);
      const none = await post(contract.lading.list, 'admin', { pickupStatus: 2, nos: bill.no });
      expect(none.body.data.total).toBe(0);
      expect((await post(contract.lading.list, 'admin', { pickupStatus: '9' })).status).toBe(400);
      expect(
        (
          await post(contract.lading.list, 'admin', {
            startTime: '2026-02-01T00:00:00Z',
            endTime: '2026-01-01T00:00:00Z',
          })
        ).status,
      ).toBe(400);
      expect((await post(contract.lading.list, 'demo', {})).status).toBe(403);
    });

    it('shows a bill with its parcels and remarks; adds remarks', async () => {
      const { bill, orders: os } = await filled(2);
      const r = await post(contract.lading.remarkAdd, 'operator', {
        id: bill.recId,
        content: 'Pallet 3',
      });
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data).toMatchObject({ content: 'Pallet 3', createdBy: expect.any(String) });
      expect(
        (await post(contract.lading.remarkAdd, 'operator', { id: bill.recId, content: ' ' })).status,
      ).toBe(400);
      expect((await post(contract.lading.remarkAdd, 'operator', { id: 999999, content: 'x' })).status).toBe(
        404,
      );
      expect((await post(contract.lading.remarkAdd, 'pda', { id: bill.recId, content: 'x' })).status).toBe(
        403,
      );
      const d = await detail(bill.recId);
      expect(d.items.map((i) => i.trackingNo)).toEqual(os.map((o) => o.trackingNo));
      expect(d.remarks.map((x) => x.content)).toEqual(['Pallet 3']);
      expect(d.remark).toBe('Pallet 3');
      expect((await get(at(contract.lading.detail, { id: bill.recId }), 'pda')).status).toBe(200);
      expect((await get(at(contract.lading.detail, { id: 999999 }), 'admin')).status).toBe(404);
      expect((await get(at(contract.lading.detail, { id: bill.recId }), 'other')).status).toBe(403);
    });
  });
});
