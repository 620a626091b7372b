import { describe, expect, it } from 'vitest';
import { ExportStatus } from '../../src/shared/contract/export-task.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { ScanRefusalData } from '../../src/shared/contract/lading.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { at } from './support/call.ts';
import { idsByCode, key, makeOrders } from './support/movement.ts';
import { useOverseasPackages } from './support/overseas-packages.ts';

const reasonOf = (data: unknown) => (data as ScanRefusalData).reason;

describe('overseas ladings and packages', () => {
  const {
    t,
    tokens,
    channel,
    post,
    get,
    orderOf,
    eventsOf,
    intercept,
    pickup,
    exported,
    shipped,
    overseasBill,
    oscan,
  } = useOverseasPackages();

  describe('overseas lading', () => {
    it('opens a bill ("Select a logistics channel first" without a channel); staff without the key and customers may not', async () => {
      const none = await post(contract.overseasLading.create, 'pda', {});
      expect(none.status).toBe(400);
      expect(none.body.msg).toBe('Select a logistics channel first');
      const r = await post(contract.overseasLading.create, 'operator', {
        channelId: channel['CN-SA-AIR-COD'],
      });
      expect(r.body.data).toMatchObject({
        no: expect.stringMatching(/^OS\d{10}$/),
        carrierCode: 'SMSA',
        countryCode: 'SA',
      });
      expect(
        (await post(contract.overseasLading.create, 'demo', { channelId: channel['CN-SA-AIR-COD'] })).status,
      ).toBe(403);
      expect(
        (await post(contract.overseasLading.create, 'finance', { channelId: channel['CN-SA-AIR-COD'] }))
          .status,
      ).toBe(403);
    });

    it('scans orders that left the origin: they arrive overseas; refusals carry their reason', async () => {
      const { orders, carrierId } = await shipped(2);
      const bill = await overseasBill(carrierId);
      const r = await oscan(bill.recId, orders[0]!.trackingNo);
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data).toMatchObject({
        result: 'ok',
        item: { trackingNo: orders[0]!.trackingNo, status: OrderStatus.arrivedOverseas, exchangeStatus: 0 },
        bill: { recId: bill.recId, orderCount: 1, weight: '1.250' },
      });
      const d = await orderOf(orders[0]!.id);
      expect(d.status).toBe(OrderStatus.arrivedOverseas);
      expect(d.events.some((e) => e.node === 'ARRIVED')).toBe(true);
      // The detail names the bills the parcel went through: the origin's lading bill, then this one.
      expect(d.holders.map((h) => [h.kind, h.pickupStatus, h.confirmState])).toEqual([
        ['lading', 2, 1],
        ['overseas', 1, 0],
      ]);
      expect(d.holders[1]).toMatchObject({ recId: bill.recId, no: bill.no });

      const [atOrigin] = await makeOrders(t, tokens, 1);
      const origin = await oscan(bill.recId, atOrigin!.trackingNo);
      expect(origin.status).toBe(409);
      expect(reasonOf(origin.body.data)).toBe('wrongStatus');
      expect(origin.body.msg).toBe(`Order ${atOrigin!.trackingNo} is Received and cannot be scanned here`);
      expect(reasonOf((await oscan(bill.recId, 'GL9999999999')).body.data)).toBe('unknown');
      const other = await overseasBill(carrierId);
      const dup = await oscan(other.recId, orders[0]!.trackingNo);
      expect(dup.body.data).toEqual({
        reason: 'alreadyAdded',
        trackingNo: orders[0]!.trackingNo,
        billNo: bill.no,
      });
      const carriers = await idsByCode(t, 'carriers');
      const wrongCarrier = await overseasBill(carriers.SMSA === carrierId ? carriers.NAQEL! : carriers.SMSA!);
      expect(reasonOf((await oscan(wrongCarrier.recId, orders[1]!.trackingNo)).body.data)).toBe(
        'wrongCarrier',
      );
      expect((await oscan(bill.recId, orders[1]!.trackingNo, 'demo')).status).toBe(403);
      expect((await oscan(999999, orders[1]!.trackingNo)).status).toBe(404);
    });

    it('is idempotent, and one order goes into one bill under concurrent scans', async () => {
      const { orders, carrierId } = await shipped(2);
      const [a, b] = [await overseasBill(carrierId), await overseasBill(carrierId)];
      const k = key();
      const first = await oscan(a.recId, orders[0]!.trackingNo, 'pda', { 'idempotency-key': k });
      expect((await oscan(a.recId, orders[0]!.trackingNo, 'pda', { 'idempotency-key': k })).body).toEqual(
        first.body,
      );
      expect((await oscan(a.recId, orders[1]!.trackingNo, 'pda', { 'idempotency-key': k })).status).toBe(422);
      const both = await Promise.all([
        oscan(a.recId, orders[1]!.trackingNo, 'pda', { 'idempotency-key': key() }),
        oscan(b.recId, orders[1]!.trackingNo, 'operator', { 'idempotency-key': key() }),
      ]);
      expect(both.map((x) => x.status).sort()).toEqual([200, 409]);
      const [da, db] = await Promise.all(
        [a, b].map(
          async (x) => (await get(at(contract.overseasLading.detail, { id: x.recId }), 'admin')).body.data,
        ),
      );
      expect(da!.orderCount + db!.orderCount).toBe(2);
      expect(da!.items.length + db!.items.length).toBe(2);
    });

    it('locks the bill before the order, as pickup does: a scan waiting for a held bill holds no order', async () => {
      const { orders, carrierId } = await shipped(1);
      const bill = await overseasBill(carrierId);
      const order = orders[0]!;
      // Another transaction holds the bill, as a pickup does before it locks the bill's orders.
      const client = await t.database.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT id FROM overseas_ladings WHERE id = $1 FOR UPDATE', [bill.recId]);
        const scan = oscan(bill.recId, order.trackingNo);
        await expect
          .poll(
            async () =>
              (
                await client.query<{ n: number }>(
                  `SELECT count(*)::int AS n FROM pg_stat_activity
                    WHERE wait_event_type = 'Lock' AND datname = current_database()`,
                )
              ).rows[0]!.n,
            { timeout: 10_000 },
          )
          .toBe(1);
        // The waiting scan has not taken the order: the pickup could lock it (no deadlock).
        await client.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE NOWAIT', [order.id]);
        await client.query('ROLLBACK');
        const done = await scan;
        expect(done.status, done.raw).toBe(200);
      } finally {
        await client.query('ROLLBACK').catch(() => {});
        client.release();
      }
    });

    it('confirms, picks up (out for delivery, intercepted ones taken out), cancels and frees', async () => {
      const { orders, carrierId } = await shipped(3);
      const bill = await overseasBill(carrierId);
      for (const o of orders) expect((await oscan(bill.recId, o.trackingNo)).status).toBe(200);
      expect((await pickup(bill.recId)).status).toBe(409);
      const conf = await post(contract.overseasLading.confirm, 'pda', { ids: [bill.recId] });
      expect(conf.status, conf.raw).toBe(200);
      expect(conf.body.data[0]!.confirmState).toBe(1);
      expect(reasonOf((await oscan(bill.recId, orders[0]!.trackingNo)).body.data)).toBe('billNotOpen');
      await intercept(orders[0]!.id);
      const p = await pickup(bill.recId, { 'idempotency-key': key() });
      expect(p.status, p.raw).toBe(200);
      expect(p.body.data.message).toBe('Confirm Pickup Success');
      expect(p.body.data.dropped.map((d) => [d.trackingNo, d.reason])).toEqual([
        [orders[0]!.trackingNo, 'intercepted'],
      ]);
      expect(p.body.data.bill).toMatchObject({ pickupStatus: 2, orderCount: orders.length - 1 });
      if (orders[1]) expect((await orderOf(orders[1].id)).status).toBe(OrderStatus.outForDelivery);
      expect((await post(at(contract.overseasLading.cancel, { id: bill.recId }), 'pda')).status).toBe(409);

      const { orders: more, carrierId: c2 } = await shipped(1);
      const open = await overseasBill(c2);
      await oscan(open.recId, more[0]!.trackingNo);
      const cancelled = await post(at(contract.overseasLading.cancel, { id: open.recId }), 'pda');
      expect(cancelled.body.data).toMatchObject({ released: 1, message: 'Cancel Pickup Success' });
      const next = await overseasBill(c2);
      expect((await oscan(next.recId, more[0]!.trackingNo)).status).toBe(200);
    });

    it('writes an internal event when a cancel frees an order, a scan takes an arrived one again, a pickup takes one out', async () => {
      const { orders, carrierId } = await shipped(2);
      const first = await overseasBill(carrierId);
      for (const o of orders) expect((await oscan(first.recId, o.trackingNo)).status).toBe(200);
      expect((await post(at(contract.overseasLading.cancel, { id: first.recId }), 'pda')).status).toBe(200);
      for (const o of orders)
        expect(await eventsOf(o.id, 'OVERSEAS_RELEASED')).toEqual([
          {
            name: 'Taken out of an overseas lading bill',
            description: first.no,
            isPublic: false,
            status: null,
          },
        ]);
      const next = await overseasBill(carrierId);
      for (const o of orders) {
        expect((await oscan(next.recId, o.trackingNo)).status).toBe(200);
        expect(await eventsOf(o.id, 'OVERSEAS_LADING')).toEqual([
          { name: 'Added to an overseas lading bill', description: next.no, isPublic: false, status: null },
        ]);
        // Arrived once: the second scan changes no status.
        expect(await eventsOf(o.id, 'ARRIVED')).toHaveLength(1);
      }
      await post(contract.overseasLading.confirm, 'pda', { ids: [next.recId] });
      const held = orders[0]!;
      await intercept(held.id);
      const p = await pickup(next.recId);
      expect(p.status, p.raw).toBe(200);
      expect(p.body.data.dropped).toEqual([
        {
          trackingNo: held.trackingNo,
          reason: 'intercepted',
          message: `Order ${held.trackingNo} is intercepted: taken out of ${next.no}, set the parcel aside`,
        },
      ]);
      expect((await eventsOf(held.id, 'OVERSEAS_RELEASED')).map((e) => e.description)).toEqual([
        next.no,
        first.no,
      ]);
      // Out of the overseas bill: only the origin's lading bill is left among its holders.
      expect((await orderOf(held.id)).holders.map((h) => h.kind)).toEqual(['lading']);
    });

    it('lists, shows, remarks and exports; the PDA cannot export', async () => {
      const { orders, carrierId } = await shipped(1);
      const bill = await overseasBill(carrierId);
      await oscan(bill.recId, orders[0]!.trackingNo);
      const list = await post(contract.overseasLading.list, 'pda', {
        trackingNo: orders[0]!.trackingNo,
        pickupStatus: '1',
      });
      expect(list.body.data.records.map((r) => r.recId)).toEqual([bill.recId]);
      expect(
        (await post(contract.overseasLading.remarkAdd, 'operator', { id: bill.recId, content: 'Dock 2' }))
          .status,
      ).toBe(200);
      const d = (await get(at(contract.overseasLading.detail, { id: bill.recId }), 'pda')).body.data;
      expect(d.remarks[0]!.content).toBe('Dock 2');
      expect(d.items[0]!.carrierTrackingNo).toBeTruthy();
      const task = await exported(contract.overseasLading.export, { nos: bill.no });
      expect(task).toMatchObject({ status: ExportStatus.done, rowCount: 1 });
      expect((await post(contract.overseasLading.export, 'pda', {})).status).toBe(403);
      expect((await post(contract.overseasLading.list, 'other', {})).status).toBe(403);
    });
  });
});
