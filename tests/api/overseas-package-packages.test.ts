import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ExportStatus } from '../../src/shared/contract/export-task.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { ScanRefusalData } from '../../src/shared/contract/lading.ts';
import type { PackageDetail } from '../../src/shared/contract/package.ts';
import { MailState } from '../../src/shared/domain/lading.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import type { DEMO } from './support/app.ts';
import { at } from './support/call.ts';
import { eventually, key, makeOrders, startSmtp } from './support/movement.ts';
import { useOverseasPackages } from './support/overseas-packages.ts';

type Who = keyof typeof DEMO;
const reasonOf = (data: unknown) => (data as ScanRefusalData).reason;

describe('overseas ladings and packages', () => {
  const { t, tokens, channel, post, get, orderOf, eventsOf, intercept, ladingScan, exportedSheet, exported } =
    useOverseasPackages();

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
