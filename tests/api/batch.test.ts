import { beforeAll, describe, expect, it } from 'vitest';
import type { BatchDetail } from '../../src/shared/contract/batch.ts';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { LadingRecord, ScanRefusalData } from '../../src/shared/contract/lading.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { xlsxOf } from '../support/files.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { at, call, callRaw, callWith } from './support/call.ts';
import { idsByCode, key, type MadeOrder, makeOrders, nodeEvents } from './support/movement.ts';
import { exportSheet } from './support/reports.ts';

type Who = keyof typeof DEMO;
const reasonOf = (data: unknown) => (data as ScanRefusalData).reason;

describe('batches with air cargo', () => {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  let channel: Record<string, number>;

  const post = <E extends EndpointDef>(
    entry: E,
    who: Who,
    body = {} as Body<E>,
    headers: Record<string, string> = {},
  ) => callWith(t, entry, { token: tokens[who], body, headers, lang: 'en' });
  const get = <E extends EndpointDef>(entry: E, who: Who) =>
    callWith(t, entry, { token: tokens[who], lang: 'en' });
  const detail = async (id: number) => (await get(at(contract.batch.detail, { id }), 'admin')).body.data;
  const scanInto = (id: number, trackingNo: string, who: Who = 'pda') =>
    post(at(contract.batch.scanLading, { id }), who, { trackingNo });
  const cargo = {
    airlineBillNo: '999-12345675',
    charged: false,
    mixed: '1' as const,
    departurePort: 'PVG',
    destinationPort: 'RUH',
  };

  /** A picked-up lading bill of n orders. */
  const pickedUp = async (n = 1): Promise<{ bill: LadingRecord; orders: MadeOrder[] }> => {
    const bill = (await post(contract.lading.create, 'operator', { channelId: channel['CN-SA-AIR-COD'] }))
      .body.data;
    const os = await makeOrders(t, tokens, n);
    for (const o of os)
      expect(
        (
          await post(at(contract.lading.scanTrackingNo, { id: bill.recId }), 'pda', {
            trackingNo: o.trackingNo,
          })
        ).status,
      ).toBe(200);
    expect((await post(contract.lading.confirm, 'pda', { ids: [bill.recId] })).status).toBe(200);
    const p = await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda');
    expect(p.status, p.raw).toBe(200);
    return { bill: p.body.data.bill, orders: os };
  };
  /** A picked-up lading bill of packages holding one package of n orders of one consignee. */
  const pickedUpPackage = async (n: number, tag: string) => {
    const os = await makeOrders(t, tokens, n, {
      consignee: { name: `Sara ${tag}`, phone: '+966 55 000 2222', address: `Olaya Street ${tag}` },
    });
    const pkg = (
      await post(contract.package.create, 'pda', {
        trackingNos: os.map((o) => o.trackingNo).join(' '),
      })
    ).body.data;
    expect((await post(contract.package.confirm, 'pda', { ids: [pkg.recId] })).status).toBe(200);
    const bill = (
      await post(contract.lading.create, 'operator', {
        channelId: channel['CN-SA-AIR-COD'],
        orderType: 2,
      })
    ).body.data;
    expect(
      (await post(at(contract.lading.scanTrackingNo, { id: bill.recId }), 'pda', { trackingNo: pkg.no }))
        .status,
    ).toBe(200);
    expect((await post(contract.lading.confirm, 'pda', { ids: [bill.recId] })).status).toBe(200);
    const p = await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda');
    expect(p.status, p.raw).toBe(200);
    return { bill: p.body.data.bill, pkg, orders: os };
  };
  const orderOf = async (id: number) =>
    (await get(at(contract.order.getOrderDetail, { id }), 'admin')).body.data;
  const eventsOf = async (id: number, node: string) => nodeEvents(await orderOf(id), node);
  const intercept = async (id: number) =>
    expect(
      (await post(at(contract.order.interceptOrder, { id }), 'admin', { reason: 'customer asked' })).status,
    ).toBe(200);
  const ladingDetail = async (id: number) =>
    (await get(at(contract.lading.detail, { id }), 'admin')).body.data;
  const create = (body: object) => post(contract.batch.create, 'operator', { ...cargo, ...body });
  const upload = <E extends EndpointDef>(entry: E, who: Who, content: Buffer) =>
    callWith(t, entry, { token: tokens[who], lang: 'en', file: { name: 'b.xlsx', content } });

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    channel = await idsByCode(t, 'shipping_channels');
  });
  describe('batch/create and air cargo', () => {
    it('requires airline bill no, charged and mixed with the spec’s messages', async () => {
      const r = await callRaw(t, contract.batch.create, { token: tokens.operator, body: {}, lang: 'en' });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(
        'Airline bill no cannot be empty; Charged cannot be blank; Whether to mix cannot be blank',
      );
      const times = await create({
        departureTime: '2026-01-05T10:00:00Z',
        arrivalTime: '2026-01-05T09:00:00Z',
      });
      expect(times.status).toBe(400);
      expect(times.body.msg).toBe('The arrival time must be after the departure time');
    });

    it('makes a batch from picked-up lading bills, with its totals; a taken batch no is refused', async () => {
      const a = await pickedUp(2);
      const b = await pickedUp(1);
      const r = await create({ ladingIds: [a.bill.recId, b.bill.recId], remark: 'Flight CA1041' });
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data).toMatchObject({
        batchNo: expect.stringMatching(/^BT\d{10}$/),
        airlineBillNo: '999-12345675',
        charged: false,
        mixed: true,
        ladingCount: 2,
        orderCount: 3,
        weight: '3.750',
        pickupStatus: 1,
        remark: 'Flight CA1041',
      });
      expect(r.body.data.ladings.map((l) => [l.no, l.batchNo])).toEqual([
        [a.bill.no, r.body.data.batchNo],
        [b.bill.no, r.body.data.batchNo],
      ]);
      const order = await get(at(contract.order.getOrderDetail, { id: a.orders[1]!.id }), 'admin');
      expect(order.body.data.holders.map((h) => [h.kind, h.recId, h.no])).toEqual([
        ['lading', a.bill.recId, a.bill.no],
        ['batch', r.body.data.recId, r.body.data.batchNo],
      ]);
      const named = await create({ batchNo: 'bt-test-1' });
      expect(named.body.data.batchNo).toBe('BT-TEST-1');
      const taken = await create({ batchNo: 'BT-TEST-1' });
      expect(taken.status).toBe(409);
      expect(taken.body.msg).toBe('Batch no BT-TEST-1 already exists');
      const open = (await post(contract.lading.create, 'operator', { channelId: channel['CN-SA-AIR-COD'] }))
        .body.data;
      const notPicked = await create({ ladingIds: [open.recId] });
      expect(notPicked.status).toBe(409);
      expect(reasonOf(notPicked.body.data)).toBe('notPickedUp');
      expect((await post(contract.batch.create, 'pda', cargo)).status).toBe(403);
    });

    it('makes a batch of lading bills named by number; an unknown or repeated one refuses it whole', async () => {
      const a = await pickedUp(1);
      const b = await pickedUp(1);
      const waiting = (nos: string) =>
        post(contract.lading.list, 'operator', { nos, batched: 0, pageSize: 10 });
      expect((await waiting(`${a.bill.no} ${b.bill.no}`)).body.data.total).toBe(2);
      const unknown = await create({ ladingNos: `${a.bill.no}\nLDNOSUCH01` });
      expect(unknown.status).toBe(409);
      expect(reasonOf(unknown.body.data)).toBe('unknown');
      expect(unknown.body.msg).toContain('LDNOSUCH01');
      // Nothing was kept of the refused batch: the first bill is still free.
      expect((await waiting(a.bill.no)).body.data.total).toBe(1);
      const r = await create({
        ladingIds: [a.bill.recId],
        ladingNos: `${a.bill.no.toLowerCase()}, ${b.bill.no}`,
      });
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data.ladings.map((l) => l.no)).toEqual([a.bill.no, b.bill.no]);
      expect((await waiting(`${a.bill.no} ${b.bill.no}`)).body.data.total).toBe(0);
      const inBatch = await post(contract.lading.list, 'operator', {
        nos: `${a.bill.no} ${b.bill.no}`,
        batched: '1',
      });
      expect(inBatch.body.data.records.map((l) => l.batchNo)).toEqual([
        r.body.data.batchNo,
        r.body.data.batchNo,
      ]);
      const again = await create({ ladingNos: b.bill.no });
      expect(again.status).toBe(409);
      expect(reasonOf(again.body.data)).toBe('alreadyAdded');
      expect((await post(contract.lading.list, 'operator', { batched: 2 })).status).toBe(400);
    });

    it('edits the air cargo (required fields, not when cancelled)', async () => {
      const made = (await create({})).body.data;
      const r = await post(contract.batch.airCargoUpdate, 'operator', {
        id: made.recId,
        ...cargo,
        airCargoNo: 'CA1041',
        charged: '1',
        departureTime: '2026-01-05T01:30:00Z',
        arrivalTime: '2026-01-05T09:45:00Z',
      });
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data).toMatchObject({
        airCargoNo: 'CA1041',
        charged: true,
        arrivalTime: '2026-01-05T09:45:00.000Z',
      });
      const missing = await post(contract.batch.airCargoUpdate, 'operator', {
        id: made.recId,
        airlineBillNo: ' ',
      });
      expect(missing.status).toBe(400);
      expect(missing.body.msg).toContain('Airline bill no cannot be empty');
      expect((await post(contract.batch.airCargoUpdate, 'operator', { id: 999999, ...cargo })).status).toBe(
        404,
      );
      expect((await post(at(contract.batch.cancel, { id: made.recId }), 'operator')).status).toBe(200);
      expect(
        (await post(contract.batch.airCargoUpdate, 'operator', { id: made.recId, ...cargo })).status,
      ).toBe(409);
      expect((await post(contract.batch.airCargoUpdate, 'pda', { id: made.recId, ...cargo })).status).toBe(
        403,
      );
    });
  });

  describe('batch/scanLading', () => {
    it('scans picked-up lading bills in; refuses unknown, not picked up and already added', async () => {
      const batch = (await create({})).body.data;
      const { bill } = await pickedUp(1);
      const r = await scanInto(batch.recId, bill.no);
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data).toMatchObject({
        result: 'ok',
        trackingNo: bill.no,
        lading: { recId: bill.recId, batchNo: batch.batchNo },
        batch: { recId: batch.recId, itemCount: 1, orderCount: 1, weight: '1.250' },
      });
      const again = await scanInto(batch.recId, bill.no);
      expect(again.status).toBe(409);
      expect(again.body.data).toEqual({ reason: 'alreadyAdded', trackingNo: bill.no, billNo: batch.batchNo });
      expect(again.body.msg).toBe(`Tracking no already added: ${bill.no} is in ${batch.batchNo}`);
      const unknown = await scanInto(batch.recId, 'LD0000000000');
      expect(reasonOf(unknown.body.data)).toBe('unknown');
      expect(unknown.body.msg).toBe('No lading bill has the number LD0000000000');
      const open = (await post(contract.lading.create, 'operator', { channelId: channel['CN-SA-AIR-COD'] }))
        .body.data;
      const early = await scanInto(batch.recId, open.no);
      expect(reasonOf(early.body.data)).toBe('notPickedUp');
      expect((await scanInto(batch.recId, '')).body.msg).toBe('Scan a valid tracking no');
      expect((await scanInto(batch.recId, bill.no, 'demo')).status).toBe(403);
      expect((await scanInto(999999, bill.no)).status).toBe(404);
    });

    it('is idempotent and keeps one lading bill in one batch under concurrent scans', async () => {
      const [b1, b2] = [(await create({})).body.data, (await create({})).body.data];
      const { bill } = await pickedUp(1);
      const k = key();
      const first = await post(
        at(contract.batch.scanLading, { id: b1!.recId }),
        'pda',
        { trackingNo: bill.no },
        { 'idempotency-key': k },
      );
      const second = await post(
        at(contract.batch.scanLading, { id: b1!.recId }),
        'pda',
        { trackingNo: bill.no },
        { 'idempotency-key': k },
      );
      expect(second.body).toEqual(first.body);
      expect(
        (
          await post(
            at(contract.batch.scanLading, { id: b2!.recId }),
            'pda',
            { trackingNo: 'LD0000000001' },
            { 'idempotency-key': k },
          )
        ).status,
      ).toBe(422);
      const { bill: other } = await pickedUp(1);
      const both = await Promise.all([
        post(
          at(contract.batch.scanLading, { id: b1!.recId }),
          'pda',
          { trackingNo: other.no },
          { 'idempotency-key': key() },
        ),
        post(
          at(contract.batch.scanLading, { id: b2!.recId }),
          'operator',
          { trackingNo: other.no },
          { 'idempotency-key': key() },
        ),
      ]);
      expect(both.map((x) => x.status).sort()).toEqual([200, 409]);
      const [d1, d2] = [await detail(b1!.recId), await detail(b2!.recId)];
      expect(d1.ladingCount + d2.ladingCount).toBe(2);
      expect([...d1.ladings, ...d2.ladings].filter((l) => l.recId === other.recId)).toHaveLength(1);
    });
  });

  describe('list, detail, remarks, print', () => {
    it('finds batches by numbers separated by space, semicolon or carriage return', async () => {
      const names = ['BT-LIST-1', 'BT-LIST-2', 'BT-LIST-3'];
      for (const n of names) expect((await create({ batchNo: n })).status).toBe(200);
      const r = await post(contract.batch.list, 'pda', {
        batchNos: 'bt-list-1 BT-LIST-2;\rBT-LIST-3',
      });
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data.records.map((b) => b.batchNo).sort()).toEqual(names);
      const comma = await post(contract.batch.list, 'admin', {
        batchNos: 'BT-LIST-1,BT-LIST-2',
      });
      expect(comma.body.data.total).toBe(0);
      const { bill } = await pickedUp(1);
      const withBill = (await create({ ladingIds: [bill.recId] })).body.data;
      const byLading = await post(contract.batch.list, 'admin', {
        ladingNo: bill.no.toLowerCase(),
      });
      expect(byLading.body.data.records.map((b) => b.recId)).toEqual([withBill.recId]);
      const awb = await post(contract.batch.list, 'admin', {
        airlineBillNo: '12345675',
        pickupStatus: '1',
      });
      expect(awb.body.data.total).toBeGreaterThan(3);
      expect((await post(contract.batch.list, 'demo', {})).status).toBe(403);
    });

    it('shows a batch with its bills and remarks; prints it', async () => {
      const { bill } = await pickedUp(2);
      const b = (await create({ ladingIds: [bill.recId] })).body.data;
      const rm = await post(contract.batch.remarkAdd, 'operator', { id: b.recId, content: 'ULD 4' });
      expect(rm.status, rm.raw).toBe(200);
      const d = await get(at(contract.batch.detail, { id: b.recId }), 'pda');
      expect(d.body.data.remarks.map((x) => x.content)).toEqual(['ULD 4']);
      expect(d.body.data.remark).toBe('ULD 4');
      expect(d.body.data.ladings.map((l) => l.no)).toEqual([bill.no]);
      const p = await post(contract.batch.getPrintContent, 'operator', { ids: [b.recId] });
      expect(p.status, p.raw).toBe(200);
      expect(p.body.data.batches[0]).toMatchObject({
        batch: { batchNo: b.batchNo },
        ladings: [{ no: bill.no }],
      });
      const none = await post(contract.batch.getPrintContent, 'operator', {});
      expect(none.body.msg).toBe('Select bill(s) or batch(es) to print or pick up');
      expect((await get(at(contract.batch.detail, { id: 999999 }), 'admin')).status).toBe(404);
    });
  });

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

  describe('files', () => {
    const download = (entry: EndpointDef) => callRaw(t, entry, { token: tokens.operator, lang: 'en' });

    const exported = async (entry: EndpointDef, body: object) =>
      (await exportSheet(t, tokens.admin, entry, body)).sheet;

    it('exports batches and their clearance data', async () => {
      const { bill, orders } = await pickedUp(1);
      const b = (await create({ batchNo: 'BT-EXP-1', ladingIds: [bill.recId] })).body.data;
      const ws = await exported(contract.batch.export, { batchNos: 'BT-EXP-1' });
      expect(ws.getRow(1).getCell(1).value).toBe('Batch no');
      expect(ws.getRow(2).getCell(1).value).toBe('BT-EXP-1');
      const cl = await exported(contract.batch.exportClearanceData, { ids: [b.recId] });
      expect([
        cl.getRow(2).getCell(1).value,
        cl.getRow(2).getCell(3).value,
        cl.getRow(2).getCell(4).value,
      ]).toEqual(['BT-EXP-1', bill.no, orders[0]!.trackingNo]);
      expect((await post(contract.batch.export, 'pda', {})).status).toBe(403);
    });

    it('imports batches and air cargo from the templates; bad rows write nothing', async () => {
      for (const p of [contract.batch.downloadTemplate, contract.batch.airCargoDownload])
        expect((await download(p)).status, p.path).toBe(200);
      const { bill } = await pickedUp(1);
      const { bill: bill2 } = await pickedUp(1);
      const headers = [
        'Batch no',
        'Lading bill no',
        'Airline bill no',
        'Air cargo no',
        'Departure port',
        'Destination port',
        'Departure time',
        'Arrival time',
        'Port carrier',
        'First carrier',
        'Charged (battery)',
        'Mixed',
      ];
      const bad = await upload(
        contract.batch.import,
        'operator',
        await xlsxOf([headers, ['BT-IMP-1', bill.no, '', '', '', '', '', '', '', '', '', 'yes']]),
      );
      expect(bad.status).toBe(400);
      const errs = (bad.body.data as unknown as { errors: { message: string }[] }).errors.map(
        (e) => e.message,
      );
      expect(errs).toEqual(['Airline bill no cannot be empty', 'Charged cannot be blank']);
      const ok = await upload(
        contract.batch.import,
        'operator',
        await xlsxOf([
          headers,
          [
            'BT-IMP-1',
            bill.no,
            '999-1',
            'CA1',
            'PVG',
            'RUH',
            '2026-01-05 09:30',
            '2026-01-05 17:45',
            '',
            '',
            '否',
            '是',
          ],
          [
            'bt-imp-1',
            bill2.no,
            '999-1',
            'CA1',
            'PVG',
            'RUH',
            '2026-01-05 09:30',
            '2026-01-05 17:45',
            '',
            '',
            '0',
            '1',
          ],
        ]),
      );
      expect(ok.status, ok.raw).toBe(200);
      const res = ok.body.data;
      expect(res.batches).toEqual([expect.objectContaining({ batchNo: 'BT-IMP-1', ladingCount: 2 })]);
      const d = await detail(res.batches[0]!.recId);
      // 09:30 in Asia/Shanghai is 01:30 UTC.
      expect(d).toMatchObject({ charged: false, mixed: true, departureTime: '2026-01-05T01:30:00.000Z' });

      const airHeaders = headers.filter((h) => h !== 'Lading bill no');
      const air = await upload(
        contract.batch.airCargoImport,
        'operator',
        await xlsxOf([
          airHeaders,
          ['BT-IMP-1', '999-2', 'CA2', 'PEK', 'JED', '', '', 'Saudia', 'SF', 'yes', 'no'],
        ]),
      );
      expect(air.status, air.raw).toBe(200);
      expect(await detail(res.batches[0]!.recId)).toMatchObject({
        airlineBillNo: '999-2',
        charged: true,
        mixed: false,
      });
      const airBad = await upload(
        contract.batch.airCargoImport,
        'operator',
        await xlsxOf([airHeaders, ['BT-NONE', '999-2', '', '', '', '', '', '', '', 'x', '1']]),
      );
      expect(airBad.status).toBe(400);
      expect(
        (airBad.body.data as unknown as { errors: { message: string }[] }).errors.map((e) => e.message),
      ).toEqual(['Write yes or no (1 or 0)']);
      expect((await upload(contract.batch.import, 'pda', await xlsxOf([headers]))).status).toBe(403);
    });
  });
});
