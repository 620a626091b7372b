import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportsInFlight } from '../../src/server/files/export.ts';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import type { ExportTaskRecord } from '../../src/shared/contract/export-task.ts';
import { ExportStatus } from '../../src/shared/contract/export-task.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { ScanRefusalData } from '../../src/shared/contract/lading.ts';
import type { PackageDetail } from '../../src/shared/contract/package.ts';
import { MailState } from '../../src/shared/domain/lading.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { at, callRaw, callWith } from './support/call.ts';
import { eventually, idsByCode, key, makeOrders, nodeEvents, startSmtp } from './support/movement.ts';
import { exportSheet } from './support/reports.ts';

type Who = keyof typeof DEMO;
const reasonOf = (data: unknown) => (data as ScanRefusalData).reason;

describe('overseas ladings and packages', () => {
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
  const orderOf = async (id: number) =>
    (await get(at(contract.order.getOrderDetail, { id }), 'admin')).body.data;
  const eventsOf = async (id: number, node: string) => nodeEvents(await orderOf(id), node);
  const intercept = async (id: number) => {
    const r = await post(at(contract.order.interceptOrder, { id }), 'admin', { reason: 'hold' });
    expect(r.status).toBe(200);
  };
  /** Puts an order in an origin lading bill (by the PDA). */
  const ladingScan = (id: number, trackingNo: string) =>
    post(at(contract.lading.scanTrackingNo, { id }), 'pda', { trackingNo });
  const pickup = (id: number, headers: Record<string, string> = {}) =>
    post(at(contract.overseasLading.confirmPickup, { id }), 'pda', {}, headers);
  /** An export's file, downloaded once it is done. */
  const exportedSheet = async (entry: EndpointDef, body: object) =>
    (await exportSheet(t, tokens.admin, entry, body)).sheet;
  const exported = async (entry: EndpointDef, body: object) => {
    const s = await callRaw(t, entry, { token: tokens.admin, body, lang: 'en' });
    expect(s.status, s.raw).toBe(200);
    await exportsInFlight();
    const list = await post(contract.exportTask.listExportTask, 'admin', {});
    return list.body.data.records.find((r) => r.recId === (s.body.data as ExportTaskRecord).recId)!;
  };

  /** Orders picked up at the origin (through a lading bill), of one last-mile carrier. */
  const shipped = async (n: number) => {
    const os = await makeOrders(t, tokens, n);
    const bill = (await post(contract.lading.create, 'operator', { channelId: channel['CN-SA-AIR-COD'] }))
      .body.data;
    for (const o of os) await ladingScan(bill.recId, o.trackingNo);
    await post(contract.lading.confirm, 'pda', { ids: [bill.recId] });
    expect((await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda')).status).toBe(200);
    const details = await Promise.all(os.map((o) => orderOf(o.id)));
    const carrierId = details[0]!.carrierId!;
    expect(carrierId).not.toBeNull();
    return { orders: os.filter((_, i) => details[i]!.carrierId === carrierId), carrierId };
  };
  const overseasBill = async (carrierId: number, who: Who = 'pda') => {
    const r = await post(contract.overseasLading.create, who, {
      channelId: channel['CN-SA-AIR-COD'],
      carrierId,
    });
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const oscan = (id: number, no: string, who: Who = 'pda', headers: Record<string, string> = {}) =>
    post(at(contract.overseasLading.scanTrackingNo, { id }), who, { trackingNo: no }, headers);

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    channel = await idsByCode(t, 'shipping_channels');
  });
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

  describe('packages', () => {
    const consignee = (tag: string) => ({
      name: `Sara ${tag}`,
      phone: '+966 55 000 1111',
      address: `Olaya Street ${tag}`,
    });
    const pscan = (id: number, no: string, who: Who = 'pda', headers: Record<string, string> = {}) =>
      post(at(contract.package.scanTrackingNo, { id }), who, { trackingNo: no }, headers);
    const newPackage = async (trackingNos = '') => {
      const r = await post(contract.package.create, 'pda', { trackingNos });
      expect(r.status, r.raw).toBe(200);
      return r.body.data;
    };
    const pdetail = async (id: number) => (await get(at(contract.package.detail, { id }), 'admin')).body.data;

    it('merges orders of one consignee; refuses another consignee, a second package, a lading scan of a packed order', async () => {
      const os = await makeOrders(t, tokens, 3, { consignee: consignee('A') });
      const [stranger] = await makeOrders(t, tokens, 1, { consignee: consignee('B') });
      const p = await newPackage();
      expect(p).toMatchObject({ no: expect.stringMatching(/^PK\d{10}$/), orderCount: 0, customerId: null });
      const r = await pscan(p.recId, os[0]!.trackingNo);
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data).toMatchObject({ result: 'ok', bill: { orderCount: 1, weight: '1.250' } });
      expect((await pscan(p.recId, os[1]!.trackingNo)).status).toBe(200);
      expect(await pdetail(p.recId)).toMatchObject({
        consigneeName: 'Sara A',
        customerCode: 'DEMO',
        orderCount: 2,
      });
      const other = await pscan(p.recId, stranger!.trackingNo);
      expect(reasonOf(other.body.data)).toBe('consigneeMismatch');
      const second = await newPackage();
      const dup = await pscan(second.recId, os[0]!.trackingNo);
      expect(dup.body.data).toEqual({ reason: 'alreadyAdded', trackingNo: os[0]!.trackingNo, billNo: p.no });
      const bill = (await post(contract.lading.create, 'operator', { channelId: channel['CN-SA-AIR-COD'] }))
        .body.data;
      const direct = await ladingScan(bill.recId, os[0]!.trackingNo);
      expect(reasonOf(direct.body.data)).toBe('inPackage');
      expect(direct.body.msg).toBe(`Order ${os[0]!.trackingNo} is in package ${p.no}: scan the package`);
      expect((await orderOf(os[0]!.id)).events.some((e) => e.node === 'PACKED')).toBe(true);
      expect((await pscan(p.recId, os[2]!.trackingNo, 'demo')).status).toBe(403);
    });

    it('merges at once from tracking nos, all or none; concurrent scans keep an order in one package', async () => {
      const os = await makeOrders(t, tokens, 2, { consignee: consignee('C') });
      const [stranger] = await makeOrders(t, tokens, 1, { consignee: consignee('D') });
      const refused = await post(contract.package.create, 'pda', {
        trackingNos: `${os[0]!.trackingNo}\n${stranger!.trackingNo}`,
      });
      expect(refused.status).toBe(409);
      const none = await post(contract.package.list, 'admin', {
        trackingNo: os[0]!.trackingNo,
      });
      expect(none.body.data.total).toBe(0);
      const p = await newPackage(`${os[0]!.trackingNo}, ${os[1]!.trackingNo}`);
      expect(p.items.map((i) => i.trackingNo)).toEqual(os.map((o) => o.trackingNo));

      const [x] = await makeOrders(t, tokens, 1, { consignee: consignee('E') });
      const [p1, p2] = [await newPackage(), await newPackage()];
      const both = await Promise.all([
        pscan(p1.recId, x!.trackingNo, 'pda', { 'idempotency-key': key() }),
        pscan(p2.recId, x!.trackingNo, 'operator', { 'idempotency-key': key() }),
      ]);
      expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
      expect((await pdetail(p1.recId)).orderCount + (await pdetail(p2.recId)).orderCount).toBe(1);
      const k = key();
      const [y] = await makeOrders(t, tokens, 1, { consignee: consignee('F') });
      const p3 = await newPackage();
      const first = await pscan(p3.recId, y!.trackingNo, 'pda', { 'idempotency-key': k });
      expect((await pscan(p3.recId, y!.trackingNo, 'pda', { 'idempotency-key': k })).body).toEqual(
        first.body,
      );
    });

    it('goes into a package lading bill once confirmed; its pickup goes with the bill', async () => {
      const os = await makeOrders(t, tokens, 2, { consignee: consignee('G') });
      const p = await newPackage(os.map((o) => o.trackingNo).join(' '));
      const bill = (
        await post(contract.lading.create, 'operator', {
          channelId: channel['CN-SA-AIR-COD'],
          orderType: 2,
        })
      ).body.data;
      expect(bill.orderTypeName).toBe('Packages');
      const early = await ladingScan(bill.recId, p.no);
      expect(reasonOf(early.body.data)).toBe('packageNotReady');
      expect((await post(contract.package.confirm, 'pda', {})).body.msg).toBe(
        'Select bill(s) or batch(es) to print or pick up',
      );
      const conf = await post(contract.package.confirm, 'pda', { ids: [p.recId] });
      expect(conf.body.data[0]!.confirmState).toBe(1);
      expect(reasonOf((await pscan(p.recId, os[0]!.trackingNo)).body.data)).toBe('billNotOpen');
      const r = await ladingScan(bill.recId, p.no.toLowerCase());
      expect(r.status, r.raw).toBe(200);
      const ld = (await get(at(contract.lading.detail, { id: bill.recId }), 'admin')).body.data;
      expect(ld).toMatchObject({ itemCount: 1, orderCount: 2, weight: '2.500' });
      expect(ld.items[0]).toMatchObject({
        kind: 'package',
        trackingNo: p.no,
        orderCount: 2,
        consigneeName: 'Sara G',
      });
      expect((await orderOf(os[0]!.id)).status).toBe(OrderStatus.inLading);
      expect((await pdetail(p.recId)).ladingNo).toBe(bill.no);
      const cancel = await post(at(contract.package.cancel, { id: p.recId }), 'pda');
      expect(cancel.status).toBe(409);
      expect(cancel.body.msg).toBe(
        `Package ${p.no} is in lading bill ${bill.no}: its pickup goes with the bill`,
      );
      await post(contract.lading.confirm, 'pda', { ids: [bill.recId] });
      expect((await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda')).status).toBe(200);
      expect((await pdetail(p.recId)).pickupStatus).toBe(2);
      for (const o of os) expect((await orderOf(o.id)).status).toBe(OrderStatus.pickedUp);
      // The order's detail: in the package, the package in the bill; its customer is not shown them.
      expect((await orderOf(os[0]!.id)).holders.map((h) => [h.kind, h.recId, h.no, h.pickupStatus])).toEqual([
        ['package', p.recId, p.no, 2],
        ['lading', bill.recId, bill.no, 2],
      ]);
      const own = await get(at(contract.order.getOrderDetail, { id: os[0]!.id }), 'demo');
      expect(own.status).toBe(200);
      expect(own.body.data.holders).toEqual([]);
    });

    it('a package bill’s pickup takes a held order out of its package, the totals and the carrier’s mail', async () => {
      // The pushes of earlier tests' bills run first, without SMTP: only this bill's goes to the server.
      await t.jobs.drain();
      const smtp = await startSmtp();
      t.config.smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
      try {
        const os = await makeOrders(t, tokens, 2, { consignee: consignee('J') });
        const [alone] = await makeOrders(t, tokens, 1, { consignee: consignee('K') });
        const p = await newPackage(os.map((o) => o.trackingNo).join(' '));
        const q = await newPackage(alone!.trackingNo);
        expect((await post(contract.package.confirm, 'pda', { ids: [p.recId, q.recId] })).status).toBe(200);
        const bill = (
          await post(contract.lading.create, 'operator', {
            channelId: channel['CN-SA-AIR-COD'],
            orderType: 2,
          })
        ).body.data;
        for (const x of [p, q]) expect((await ladingScan(bill.recId, x.no)).status).toBe(200);
        await post(contract.lading.confirm, 'pda', { ids: [bill.recId] });
        await intercept(os[1]!.id);
        await intercept(alone!.id);
        const r = await post(
          at(contract.lading.confirmPickup, { id: bill.recId }),
          'pda',
          {},
          { 'idempotency-key': key() },
        );
        expect(r.status, r.raw).toBe(200);
        const [held, lone] = [os[1]!.trackingNo, alone!.trackingNo];
        expect(r.body.data.dropped).toEqual([
          {
            trackingNo: held,
            reason: 'intercepted',
            message: `Order ${held} is intercepted: taken out of ${p.no}, set the parcel aside`,
          },
          {
            trackingNo: lone,
            reason: 'intercepted',
            message: `Order ${lone} is intercepted: taken out of ${q.no}, set the parcel aside`,
          },
        ]);
        // The bill keeps package p with its other order; q, emptied, is no longer in it.
        expect(r.body.data.bill).toMatchObject({
          pickupStatus: 2,
          itemCount: 1,
          orderCount: 1,
          weight: '1.250',
        });
        const ld = (await get(at(contract.lading.detail, { id: bill.recId }), 'admin')).body.data;
        expect(ld.items.map((i) => [i.trackingNo, i.orderCount, i.weight])).toEqual([[p.no, 1, '1.250']]);
        const pd = await pdetail(p.recId);
        expect(pd).toMatchObject({ orderCount: 1, weight: '1.250', pickupStatus: 2, ladingNo: bill.no });
        expect(pd.items.map((i) => i.trackingNo)).toEqual([os[0]!.trackingNo]);
        expect(await pdetail(q.recId)).toMatchObject({ orderCount: 0, pickupStatus: 1, ladingNo: null });
        for (const [o, pkg] of [
          [os[1]!, p],
          [alone!, q],
        ] as const) {
          const d = await orderOf(o.id);
          expect(d.status).toBe(OrderStatus.received);
          expect(d.holders).toEqual([]);
          expect(await eventsOf(o.id, 'UNPACKED')).toEqual([
            { name: 'Taken out of a package', description: pkg.no, isPublic: false, status: null },
          ]);
          expect((await eventsOf(o.id, 'LADING_RELEASED')).map((e) => e.status)).toEqual([
            OrderStatus.received,
          ]);
        }
        expect((await orderOf(os[0]!.id)).status).toBe(OrderStatus.pickedUp);
        // The carrier's sheet lists what it took: not the orders taken out.
        await t.jobs.drain();
        await eventually(
          async () => (await get(at(contract.lading.detail, { id: bill.recId }), 'admin')).body.data,
          (d) => d.mailState === MailState.success,
        );
        expect(smtp.messages).toHaveLength(1);
        const b64 =
          /Content-Disposition: attachment[^\r\n]*(?:\r\n[^\r\n]+)*\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(
            smtp.messages[0]!,
          )?.[1];
        expect(b64).toBeTruthy();
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(Buffer.from(b64!.replace(/\s/g, ''), 'base64') as unknown as ArrayBuffer);
        const ws = wb.getWorksheet(1)!;
        const rows: unknown[][] = [];
        ws.eachRow((row, n) => {
          if (n > 1) rows.push([row.getCell(2).value, row.getCell(3).value]);
        });
        expect(rows).toEqual([[p.no, os[0]!.trackingNo]]);
      } finally {
        t.config.smtpUrl = undefined;
        await smtp.close();
      }
    });

    it('picks up a package directly, and cancels one (its orders freed)', async () => {
      const os = await makeOrders(t, tokens, 2, { consignee: consignee('H') });
      const p = await newPackage(os[0]!.trackingNo);
      expect((await post(at(contract.package.confirmPickup, { id: p.recId }), 'pda')).status).toBe(409);
      await post(contract.package.confirm, 'pda', { ids: [p.recId] });
      const pick = await post(
        at(contract.package.confirmPickup, { id: p.recId }),
        'pda',
        {},
        {
          'idempotency-key': key(),
        },
      );
      expect(pick.status, pick.raw).toBe(200);
      expect(pick.body.data).toMatchObject({ message: 'Confirm Pickup Success', bill: { pickupStatus: 2 } });
      expect((await orderOf(os[0]!.id)).status).toBe(OrderStatus.pickedUp);

      const q = await newPackage(os[1]!.trackingNo);
      const c = await post(at(contract.package.cancel, { id: q.recId }), 'pda');
      expect(c.body.data).toMatchObject({
        released: 1,
        message: 'Cancel Pickup Success',
        bill: { pickupStatus: 3 },
      });
      const freed = await orderOf(os[1]!.id);
      expect(await eventsOf(os[1]!.id, 'UNPACKED')).toEqual([
        { name: 'Taken out of a package', description: q.no, isPublic: false, status: null },
      ]);
      expect(freed.holders).toEqual([]);
      const bill = (await post(contract.lading.create, 'operator', { channelId: channel['CN-SA-AIR-COD'] }))
        .body.data;
      expect((await ladingScan(bill.recId, os[1]!.trackingNo)).status).toBe(200);
      expect((await orderOf(os[1]!.id)).holders).toEqual([
        {
          kind: 'lading',
          recId: bill.recId,
          no: bill.no,
          confirmState: 0,
          pickupStatus: 1,
          addedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ]);
    });

    it('lists, shows, remarks and exports packages and their orders', async () => {
      const os = await makeOrders(t, tokens, 2, { consignee: consignee('I') });
      const p = await newPackage(os.map((o) => o.trackingNo).join(';'));
      const list = await post(contract.package.list, 'pda', {
        nos: p.no,
        consigneeName: 'sara i',
      });
      expect(list.body.data.records.map((r) => r.recId)).toEqual([p.recId]);
      expect(
        (await post(contract.package.remarkAdd, 'operator', { id: p.recId, content: 'Fragile' })).status,
      ).toBe(200);
      expect((await pdetail(p.recId)).remarks[0]!.content).toBe('Fragile');
      expect(await exported(contract.package.export, { nos: p.no })).toMatchObject({
        status: ExportStatus.done,
        rowCount: 1,
      });
      expect(await exported(contract.package.exportDetail, { ids: [p.recId] })).toMatchObject({
        status: ExportStatus.done,
        rowCount: 2,
      });
      expect((await post(contract.package.export, 'pda', {})).status).toBe(403);
      expect((await post(contract.package.list, 'demo', {})).status).toBe(403);
    });

    it('exports packages a page at a time (keyset pages, never every package in one read)', async () => {
      const made: PackageDetail[] = [];
      for (const tag of ['L1', 'L2', 'L3']) {
        const [o] = await makeOrders(t, tokens, 1, { consignee: consignee(tag) });
        made.push(await newPackage(o!.trackingNo));
      }
      // Every read of packages in id order the export makes, as sent to the database.
      const pool = t.database.pool;
      const reads: string[] = [];
      const query = pool.query.bind(pool) as (...a: unknown[]) => unknown;
      pool.query = ((...a: unknown[]) => {
        const text = typeof a[0] === 'string' ? a[0] : String((a[0] as { text?: string }).text ?? '');
        if (/from "packages"/i.test(text) && /order by "packages"\."id"/i.test(text)) reads.push(text);
        return query(...a);
      }) as typeof pool.query;
      let ws: ExcelJS.Worksheet;
      try {
        ws = await exportedSheet(contract.package.export, { nos: made.map((p) => p.no).join(' ') });
      } finally {
        pool.query = query as typeof pool.query;
      }
      expect(reads.length).toBeGreaterThan(0);
      for (const r of reads) expect(r).toMatch(/\blimit \$\d+/i);
      const nos: unknown[] = [];
      ws.eachRow((row, n) => {
        if (n > 1) nos.push(row.getCell(1).value);
      });
      expect(nos).toEqual(made.map((p) => p.no));
      expect((await get(at(contract.package.detail, { id: 999999 }), 'admin')).status).toBe(404);
    });
  });
});
