import { describe, expect, it } from 'vitest';
import type { BatchDetail } from '../../src/shared/contract/batch.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { useBatches } from './support/batches.ts';
import { at, call } from './support/call.ts';
import { key } from './support/movement.ts';

describe('batches with air cargo', () => {
  const {
    t,
    channel,
    post,
    get,
    detail,
    scanInto,
    pickedUp,
    pickedUpPackage,
    orderOf,
    eventsOf,
    intercept,
    ladingDetail,
    create,
  } = useBatches();

  describe('pickup and cancel', () => {
    it('confirms pickup: the orders of its bills go in transit', async () => {
      const { bill, orders } = await pickedUp(2);
      const b = (await create({ ladingIds: [bill.recId] })).body.data;
      const r = await post(
        at(contract.batch.confirmPickup, { id: b.recId }),
        'pda',
        {},
        { 'idempotency-key': key() },
      );
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data).toMatchObject({
        message: 'Confirm Pickup Success',
        dropped: [],
        bill: { pickupStatus: 2 },
      });
      for (const o of orders) {
        const d = (await get(at(contract.order.getOrderDetail, { id: o.id }), 'admin')).body.data;
        expect(d.status).toBe(OrderStatus.inTransit);
        expect(d.events.some((e) => e.node === 'IN_TRANSIT')).toBe(true);
      }
      expect((await post(at(contract.batch.confirmPickup, { id: b.recId }), 'pda')).status).toBe(409);
      expect((await scanInto(b.recId, bill.no)).status).toBe(409);
      const empty = (await create({})).body.data;
      const e = await post(at(contract.batch.confirmPickup, { id: empty.recId }), 'pda');
      expect(e.status).toBe(409);
      expect(e.body.msg).toBe(`${empty.batchNo} is empty: scan parcels into it first`);
    });

    it('takes out of its lading bill an order intercepted since the bill’s pickup: it does not fly, it is listed', async () => {
      const { bill, orders } = await pickedUp(2);
      const b = (await create({ ladingIds: [bill.recId] })).body.data;
      await intercept(orders[0]!.id);
      const r = await post(
        at(contract.batch.confirmPickup, { id: b.recId }),
        'pda',
        {},
        { 'idempotency-key': key() },
      );
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data.dropped).toEqual([
        {
          trackingNo: orders[0]!.trackingNo,
          reason: 'intercepted',
          message: `Order ${orders[0]!.trackingNo} is intercepted: taken out of ${bill.no}, set the parcel aside`,
          batchId: b.recId,
          batchNo: b.batchNo,
          ladingNo: bill.no,
          packageNo: null,
        },
      ]);
      // What flies: the batch, its bill and its detail without the parcel taken out.
      expect(r.body.data.bill).toMatchObject({
        pickupStatus: 2,
        ladingCount: 1,
        orderCount: 1,
        weight: '1.250',
      });
      expect(await detail(b.recId)).toMatchObject({ orderCount: 1, pieceCount: 1, weight: '1.250' });
      const ld = await ladingDetail(bill.recId);
      expect(ld).toMatchObject({ itemCount: 1, orderCount: 1, weight: '1.250', batchNo: b.batchNo });
      expect(ld.items.map((i) => i.trackingNo)).toEqual([orders[1]!.trackingNo]);
      const held = await orderOf(orders[0]!.id);
      expect(held.status).toBe(OrderStatus.pickedUp);
      expect(held.holders).toEqual([]);
      expect(held.events.some((e) => e.node === 'IN_TRANSIT')).toBe(false);
      expect(await eventsOf(orders[0]!.id, 'LADING_RELEASED')).toEqual([
        { name: 'Taken out of a lading bill', description: bill.no, isPublic: false, status: null },
      ]);
      const flown = await orderOf(orders[1]!.id);
      expect(flown.status).toBe(OrderStatus.inTransit);
      expect(flown.holders.map((h) => h.kind)).toEqual(['lading', 'batch']);
    });

    it('confirms the pickup of several batches by ids and numbers, all or none', async () => {
      const none = await post(contract.batch.confirmPickupBatch, 'pda', {});
      expect(none.status).toBe(400);
      expect(none.body.msg).toBe('Select bill(s) or batch(es) to print or pick up');
      const made: BatchDetail[] = [];
      for (const n of ['BT-MANY-1', 'BT-MANY-2', 'BT-MANY-3']) {
        const { bill } = await pickedUp(1);
        made.push((await create({ batchNo: n, ladingIds: [bill.recId] })).body.data);
      }
      const refused = await post(contract.batch.confirmPickupBatch, 'pda', {
        ids: [made[0]!.recId],
        batchNos: 'BT-MANY-2;bt-none\nBT-NONE-2',
      });
      expect(refused.status).toBe(404);
      expect(refused.body.msg).toBe('Batch no(s) not found: BT-NONE, BT-NONE-2');
      expect(refused.body.data).toEqual({ unknown: ['BT-NONE', 'BT-NONE-2'] });
      expect((await detail(made[0]!.recId)).pickupStatus).toBe(1);
      expect((await detail(made[1]!.recId)).pickupStatus).toBe(1);
      const ok = await post(
        contract.batch.confirmPickupBatch,
        'pda',
        { ids: [made[0]!.recId], batchNos: 'BT-MANY-2\rBT-MANY-3' },
        { 'idempotency-key': key() },
      );
      expect(ok.status, ok.raw).toBe(200);
      expect(ok.body.data.message).toBe('Batch Pickup Success');
      expect(ok.body.data.dropped).toEqual([]);
      expect(ok.body.data.batches.map((b) => b.pickupStatus)).toEqual([2, 2, 2]);
      const again = await post(contract.batch.confirmPickupBatch, 'pda', { batchNos: 'BT-MANY-1' });
      expect(again.status).toBe(409);
    });

    it('lists the orders taken out of every batch picked up at once or by number, out of their package too', async () => {
      const direct = await pickedUp(2);
      const packed = await pickedUpPackage(2, 'BT1');
      const b1 = (await create({ batchNo: 'BT-HELD-1', ladingIds: [direct.bill.recId] })).body.data;
      const b2 = (await create({ batchNo: 'BT-HELD-2', ladingNos: packed.bill.no })).body.data;
      expect(b2).toMatchObject({ orderCount: 2, weight: '2.500' });
      await intercept(direct.orders[0]!.id);
      await intercept(packed.orders[1]!.id);
      const r = await post(
        contract.batch.confirmPickupBatch,
        'pda',
        { batchNos: 'bt-held-2;BT-HELD-1' },
        { 'idempotency-key': key() },
      );
      expect(r.status, r.raw).toBe(200);
      const [held1, held2] = [direct.orders[0]!.trackingNo, packed.orders[1]!.trackingNo];
      expect(r.body.data.dropped).toEqual([
        {
          trackingNo: held1,
          reason: 'intercepted',
          message: `Order ${held1} is intercepted: taken out of ${direct.bill.no}, set the parcel aside`,
          batchId: b1.recId,
          batchNo: 'BT-HELD-1',
          ladingNo: direct.bill.no,
          packageNo: null,
        },
        {
          trackingNo: held2,
          reason: 'intercepted',
          message: `Order ${held2} is intercepted: taken out of ${packed.bill.no} / ${packed.pkg.no}, set the parcel aside`,
          batchId: b2.recId,
          batchNo: 'BT-HELD-2',
          ladingNo: packed.bill.no,
          packageNo: packed.pkg.no,
        },
      ]);
      expect(r.body.data.batches.map((b) => [b.batchNo, b.pickupStatus, b.orderCount, b.weight])).toEqual([
        ['BT-HELD-2', 2, 1, '1.250'],
        ['BT-HELD-1', 2, 1, '1.250'],
      ]);
      // The package stays in its bill with its other order; bill, item and package lose the held one.
      const ld = await ladingDetail(packed.bill.recId);
      expect(ld).toMatchObject({ itemCount: 1, orderCount: 1, weight: '1.250' });
      expect(ld.items.map((i) => [i.trackingNo, i.orderCount, i.weight])).toEqual([
        [packed.pkg.no, 1, '1.250'],
      ]);
      const pkg = (await get(at(contract.package.detail, { id: packed.pkg.recId }), 'admin')).body.data;
      expect(pkg).toMatchObject({ orderCount: 1, weight: '1.250' });
      expect(pkg.items.map((i) => i.trackingNo)).toEqual([packed.orders[0]!.trackingNo]);
      expect((await orderOf(packed.orders[1]!.id)).status).toBe(OrderStatus.pickedUp);
      expect(await eventsOf(packed.orders[1]!.id, 'UNPACKED')).toEqual([
        { name: 'Taken out of a package', description: packed.pkg.no, isPublic: false, status: null },
      ]);
      expect(await eventsOf(packed.orders[1]!.id, 'LADING_RELEASED')).toEqual([
        { name: 'Taken out of a lading bill', description: packed.bill.no, isPublic: false, status: null },
      ]);
      expect((await orderOf(packed.orders[0]!.id)).status).toBe(OrderStatus.inTransit);
      expect((await orderOf(direct.orders[1]!.id)).status).toBe(OrderStatus.inTransit);
    });

    it('writes an internal event for each order of a lading bill put into a batch or freed from it', async () => {
      const a = await pickedUp(2);
      const packed = await pickedUpPackage(2, 'BT2');
      const b = (await create({ ladingIds: [a.bill.recId] })).body.data;
      expect((await scanInto(b.recId, packed.bill.no)).status).toBe(200);
      const all = [...a.orders, ...packed.orders];
      for (const o of all)
        expect(await eventsOf(o.id, 'BATCHED'), o.trackingNo).toEqual([
          { name: 'Added to a batch', description: b.batchNo, isPublic: false, status: null },
        ]);
      expect((await post(at(contract.batch.cancel, { id: b.recId }), 'pda')).status).toBe(200);
      for (const o of all)
        expect(await eventsOf(o.id, 'BATCH_RELEASED'), o.trackingNo).toEqual([
          { name: 'Taken out of a batch', description: b.batchNo, isPublic: false, status: null },
        ]);
      // Staff-only: the public tracking page does not show them.
      const pub = await call(t, contract.common.trackingQuery, {
        params: { no: a.orders[0]!.trackingNo },
        lang: 'en',
      });
      expect(pub.status, pub.raw).toBe(200);
      expect(pub.raw).not.toContain('Added to a batch');
      expect(pub.raw).not.toContain('Taken out of a batch');
    });

    it('cancels a batch: its bills are freed; a bill in a live batch cannot be cancelled', async () => {
      const { bill } = await pickedUp(1);
      const b = (await create({ ladingIds: [bill.recId] })).body.data;
      const open = (await post(contract.lading.create, 'operator', { channelId: channel['CN-SA-AIR-COD'] }))
        .body.data;
      expect(open.recId).toBeGreaterThan(0);
      const r = await post(at(contract.batch.cancel, { id: b.recId }), 'pda');
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data).toMatchObject({
        released: 1,
        message: 'Cancel Pickup Success',
        bill: { pickupStatus: 3 },
      });
      expect((await detail(b.recId)).ladings.map((l) => l.batchNo)).toEqual([null]);
      const next = (await create({})).body.data;
      expect((await scanInto(next.recId, bill.no)).status).toBe(200);
      expect((await post(at(contract.batch.cancel, { id: b.recId }), 'pda')).status).toBe(409);
    });
  });
});
