import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.ts';
import type { ScanRefusalData } from '../../src/shared/contract/lading.ts';
import { useBatches } from './support/batches.ts';
import { at, callRaw } from './support/call.ts';
import { key } from './support/movement.ts';

const reasonOf = (data: unknown) => (data as ScanRefusalData).reason;

describe('batches with air cargo', () => {
  const { t, tokens, channel, post, get, detail, scanInto, cargo, pickedUp, create } = useBatches();

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
});
