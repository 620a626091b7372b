import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  catchUpLadingMail,
  LADING_MAIL,
  MAIL_AUTO_ATTEMPTS,
} from '../../src/server/modules/lading/lading-mail.ts';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { LadingRecord, ScanRefusalData } from '../../src/shared/contract/lading.ts';
import { MailState, PickupStatus } from '../../src/shared/domain/lading.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { xlsxOf } from '../support/files.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { at, call, callRaw, callWith } from './support/call.ts';
import { eventually, idsByCode, key, type MadeOrder, makeOrders, startSmtp } from './support/movement.ts';
import { exportSheet } from './support/reports.ts';

type Who = keyof typeof DEMO;

describe('lading bills', () => {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  let channel: Record<string, number>;
  let carrier: Record<string, number>;
  let region: Record<string, number>;

  const post = <E extends EndpointDef>(
    entry: E,
    who: Who,
    body = {} as Body<E>,
    headers: Record<string, string> = {},
    lang = 'en',
  ) => callWith(t, entry, { token: tokens[who], body, headers, lang });
  const get = <E extends EndpointDef>(entry: E, who: Who, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], lang });
  const create = (body: object, who: Who = 'operator') => post(contract.lading.create, who, body);
  const scan = (id: number, trackingNo: string, who: Who = 'pda', headers: Record<string, string> = {}) =>
    post(at(contract.lading.scanTrackingNo, { id }), who, { trackingNo }, headers);
  const detail = async (id: number) => (await get(at(contract.lading.detail, { id }), 'admin')).body.data;
  const orderOf = async (id: number) =>
    (await get(at(contract.order.getOrderDetail, { id }), 'admin')).body.data;
  const orders = (n: number, opts: Parameters<typeof makeOrders>[3] = {}) => makeOrders(t, tokens, n, opts);
  const q = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    t.database.db.execute<T>(query).then((r) => r.rows);
  const newBill = async (body: object = {}) => {
    const r = await create({ channelId: channel['CN-SA-AIR-COD'], ...body });
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const filled = async (n: number) => {
    const bill = await newBill();
    const os = await orders(n);
    for (const o of os) expect((await scan(bill.recId, o.trackingNo)).status).toBe(200);
    return { bill, orders: os };
  };
  const upload = <E extends EndpointDef>(entry: E, who: Who, name: string, content: Buffer) =>
    callWith(t, entry, { token: tokens[who], lang: 'en', file: { name, content } });
  const exported = async (entry: EndpointDef, body: object) =>
    (await exportSheet(t, tokens.admin, entry, body)).sheet;

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    channel = await idsByCode(t, 'shipping_channels');
    carrier = await idsByCode(t, 'carriers');
    region = await idsByCode(t, 'regions');
  });
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

  describe('confirm, pickup, mail push, cancel', () => {
    it('confirms open bills holding a parcel; none selected, an empty or a closed bill refuses all', async () => {
      const none = await post(contract.lading.confirm, 'pda', {});
      expect(none.status).toBe(400);
      expect(none.body.msg).toBe('Select bill(s) or batch(es) to print or pick up');
      const empty = await newBill();
      const { bill } = await filled(1);
      const refused = await post(contract.lading.confirm, 'pda', { ids: [bill.recId, empty.recId] });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe(`${empty.no} is empty: scan parcels into it first`);
      expect((await detail(bill.recId)).confirmState).toBe(0);
      const ok = await post(contract.lading.confirm, 'pda', { ids: [bill.recId] });
      expect(ok.status, ok.raw).toBe(200);
      expect(ok.body.data[0]).toMatchObject({
        recId: bill.recId,
        confirmState: 1,
        confirmedAt: expect.any(String),
      });
      expect((await post(contract.lading.confirm, 'pda', { ids: [bill.recId] })).status).toBe(409);
      expect((await post(contract.lading.confirm, 'pda', { ids: [999999] })).status).toBe(404);
    });

    it('confirms pickup: orders picked up, and the lading mailed to the carrier after the commit', async () => {
      const smtp = await startSmtp();
      t.config.smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
      try {
        const { bill, orders: os } = await filled(2);
        const early = await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda');
        expect(early.status).toBe(409);
        expect(early.body.msg).toBe(`${bill.no} is not confirmed yet: confirm it first`);
        await post(contract.lading.confirm, 'pda', { ids: [bill.recId] });
        const r = await post(
          at(contract.lading.confirmPickup, { id: bill.recId }),
          'pda',
          {},
          { 'idempotency-key': key() },
        );
        expect(r.status, r.raw).toBe(200);
        expect(r.body.data).toMatchObject({
          message: 'Confirm Pickup Success',
          dropped: [],
          bill: { pickupStatus: 2, pickupStatusName: 'Picked up', pickedUpBy: expect.any(String) },
        });
        for (const o of os) {
          const d = await orderOf(o.id);
          expect(d.status).toBe(OrderStatus.pickedUp);
          expect(d.events.some((e) => e.node === 'PICKED_UP' && e.status === OrderStatus.pickedUp)).toBe(
            true,
          );
        }
        expect(await t.jobs.drain()).toBe(1);
        const pushed = await eventually(
          () => detail(bill.recId),
          (d) => d.mailState === MailState.success,
        );
        expect(pushed).toMatchObject({
          mailState: 1,
          mailStateName: 'Success',
          mailPushedAt: expect.any(String),
          mailTo: 'dispatch@smsaexpress.example',
          mailAttempts: 1,
        });
        expect(pushed.mailMessage).toMatch(/^250/);
        expect(smtp.messages).toHaveLength(1);
        expect(smtp.messages[0]).toContain(`Subject: Lading bill ${bill.no}`);
        expect(smtp.messages[0]).toContain('dispatch@smsaexpress.example');
        expect(smtp.messages[0]).toContain('.xlsx');
        const byMail = await post(contract.lading.list, 'admin', {
          mailState: 1,
          nos: bill.no,
        });
        expect(byMail.body.data.total).toBe(1);
        const again = await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda');
        expect(again.status).toBe(409);
        expect(again.body.msg).toMatch(/is Picked up: only a bill not yet picked up/);
        const retry = await post(at(contract.lading.mailRetry, { id: bill.recId }), 'admin');
        expect(retry.status).toBe(409);
      } finally {
        t.config.smtpUrl = undefined;
        await smtp.close();
      }
    });

    it('records a failed push (server refusing, or no SMTP configured) and pushes again on retry', async () => {
      const refusing = await startSmtp({ refuse: true });
      t.config.smtpUrl = `smtp://127.0.0.1:${refusing.port}`;
      const good = await startSmtp();
      try {
        const { bill } = await filled(1);
        await post(contract.lading.confirm, 'pda', { ids: [bill.recId] });
        expect((await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda')).status).toBe(200);
        await t.jobs.drain();
        const failed = await eventually(
          () => detail(bill.recId),
          (d) => d.mailState === MailState.failed,
        );
        expect(failed).toMatchObject({ mailState: 2, mailStateName: 'Failed', mailAttempts: 1 });
        expect(failed.mailMessage).toMatch(/554/);
        const byMail = await post(contract.lading.list, 'admin', {
          mailState: '2',
          nos: bill.no,
        });
        expect(byMail.body.data.total).toBe(1);

        t.config.smtpUrl = undefined;
        const unconfigured = await post(at(contract.lading.mailRetry, { id: bill.recId }), 'operator');
        expect(unconfigured.status, unconfigured.raw).toBe(200);
        expect(unconfigured.body.data).toMatchObject({
          mailState: 2,
          mailMessage: 'Mail is not configured (SMTP_URL)',
          mailAttempts: 2,
        });

        t.config.smtpUrl = `smtp://127.0.0.1:${good.port}`;
        expect((await post(at(contract.lading.mailRetry, { id: bill.recId }), 'pda')).status).toBe(403);
        const retried = await post(at(contract.lading.mailRetry, { id: bill.recId }), 'operator');
        expect(retried.status, retried.raw).toBe(200);
        expect(retried.body.data).toMatchObject({ mailState: 1, mailAttempts: 3 });
        expect(good.messages).toHaveLength(1);
        const open = await newBill();
        expect((await post(at(contract.lading.mailRetry, { id: open.recId }), 'operator')).status).toBe(409);
        expect((await post(at(contract.lading.mailRetry, { id: 999999 }), 'operator')).status).toBe(404);
      } finally {
        t.config.smtpUrl = undefined;
        await refusing.close();
        await good.close();
      }
    });

    it('pushes through the job engine: retried with backoff, kept failed when spent, retried now by hand; one stuck sending is taken over', async () => {
      const pickedUp = async () => {
        const { bill } = await filled(1);
        await post(contract.lading.confirm, 'pda', { ids: [bill.recId] });
        expect((await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda')).status).toBe(200);
        return bill;
      };
      const jobOf = async (billId: number) => {
        const [job] = await t.jobs.boss.findJobs(LADING_MAIL, { key: String(billId) });
        return job!;
      };
      const [spent, stuck] = [await pickedUp(), await pickedUp()];
      // The pickup queued one job per bill, in its transaction.
      expect((await jobOf(spent.recId)).state).toBe('created');
      // No SMTP: the push failed with our reason, stored by id, read in the reader's language; the
      // job waits for its retry (5 minutes).
      expect(await t.jobs.drain([LADING_MAIL])).toBeGreaterThanOrEqual(2);
      const cn = (await get(at(contract.lading.detail, { id: spent.recId }), 'admin', 'cn')).body.data;
      expect(cn).toMatchObject({ mailState: MailState.failed, mailMessage: '未配置邮件（SMTP_URL）' });
      expect((await detail(spent.recId)).mailMessage).toBe('Mail is not configured (SMTP_URL)');
      const first = await jobOf(spent.recId);
      expect(first).toMatchObject({ state: 'retry', retryLimit: MAIL_AUTO_ATTEMPTS - 1, retryBackoff: true });
      expect(first.startAfter.getTime() - Date.now()).toBeGreaterThan(60_000);
      expect(await t.jobs.drain([LADING_MAIL])).toBe(0);
      // Its retries come due (as after 5, 10, 20, 40 minutes): spent, the job stays failed with the error.
      const keys = [String(spent.recId), String(stuck.recId)];
      const due = sql`UPDATE pgboss.job SET start_after = now()
        WHERE name = ${LADING_MAIL} AND state = 'retry' AND singleton_key IN (${keys[0]}, ${keys[1]})`;
      for (let n = 2; n <= MAIL_AUTO_ATTEMPTS; n++) {
        await q(due);
        expect(await t.jobs.drain([LADING_MAIL]), `attempt ${n}`).toBe(2);
      }
      const failed = await jobOf(spent.recId);
      expect(failed.state).toBe('failed');
      expect(JSON.stringify(failed.output)).toContain('Mail is not configured (SMTP_URL)');
      expect((await detail(spent.recId)).mailAttempts).toBe(MAIL_AUTO_ATTEMPTS);
      await q(due);
      expect(await t.jobs.drain([LADING_MAIL])).toBe(0);

      const smtp = await startSmtp();
      t.config.smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
      try {
        // One bill's push was cut off mid-send (its process died): its claim lapses, the retried job takes it.
        await q(sql`UPDATE lading_bills SET mail_state = ${MailState.sending},
          mail_pushed_at = now() - interval '10 minutes' WHERE id = ${stuck.recId}`);
        await t.jobs.boss.retry(LADING_MAIL, [failed.id, (await jobOf(stuck.recId)).id]);
        expect(await t.jobs.drain([LADING_MAIL])).toBe(2);
        for (const b of [spent, stuck])
          expect((await detail(b.recId)).mailState, b.no).toBe(MailState.success);
        expect(smtp.messages).toHaveLength(2);
        expect((await jobOf(spent.recId)).state).toBe('completed');
      } finally {
        t.config.smtpUrl = undefined;
        await smtp.close();
      }
    });

    it('catches up at start the bills whose mail has no job: picked up before the engine, attempts left', async () => {
      const pickedUp = async () => {
        const { bill } = await filled(1);
        await post(contract.lading.confirm, 'pda', { ids: [bill.recId] });
        expect((await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda')).status).toBe(200);
        return bill;
      };
      const jobsOf = (billId: number) => t.jobs.boss.findJobs(LADING_MAIL, { key: String(billId) });
      const [orphan, spent, queued] = [await pickedUp(), await pickedUp(), await pickedUp()];
      // As before the job engine: two bills failed with no job of theirs; one of them has no attempt left.
      for (const b of [orphan, spent])
        await q(
          sql`DELETE FROM pgboss.job WHERE name = ${LADING_MAIL} AND singleton_key = ${String(b.recId)}`,
        );
      await q(
        sql`UPDATE lading_bills SET mail_state = ${MailState.failed}, mail_attempts = 1 WHERE id = ${orphan.recId}`,
      );
      await q(sql`UPDATE lading_bills SET mail_state = ${MailState.failed},
        mail_attempts = ${MAIL_AUTO_ATTEMPTS} WHERE id = ${spent.recId}`);
      expect(await jobsOf(orphan.recId)).toEqual([]);

      // Without SMTP nothing is queued (every push would fail at once).
      expect(await catchUpLadingMail(t.database.db, t.config, t.jobs)).toBe(0);
      // With it: the orphan gets a job; the spent bill none; the bill whose job is still queued no second one.
      const config = { ...t.config, smtpUrl: 'smtp://127.0.0.1:1' };
      expect(await catchUpLadingMail(t.database.db, config, t.jobs)).toBe(1);
      expect((await jobsOf(orphan.recId)).map((j) => j.state)).toEqual(['created']);
      expect(await jobsOf(spent.recId)).toEqual([]);
      expect(await jobsOf(queued.recId)).toHaveLength(1);
      // Run twice (two processes starting), nothing is queued twice.
      expect(await catchUpLadingMail(t.database.db, config, t.jobs)).toBe(0);
    });

    it('takes out at pickup an order cancelled since its scan', async () => {
      const { bill, orders: os } = await filled(2);
      await post(contract.lading.confirm, 'pda', { ids: [bill.recId] });
      expect((await post(contract.order.cancelOrder, 'demo', { ids: [os[0]!.id] })).status).toBe(200);
      const r = await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda');
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data.dropped).toEqual([
        expect.objectContaining({ trackingNo: os[0]!.trackingNo, reason: 'cancelled' }),
      ]);
      expect(r.body.data.bill).toMatchObject({ itemCount: 1, orderCount: 1, weight: '1.250' });
      expect((await orderOf(os[1]!.id)).status).toBe(OrderStatus.pickedUp);
      expect((await orderOf(os[0]!.id)).status).toBe(OrderStatus.cancelled);
    });

    it('cancels the pickup of a bill: its orders are freed (back to received) and may go into another bill', async () => {
      const { bill, orders: os } = await filled(2);
      const r = await post(
        at(contract.lading.cancel, { id: bill.recId }),
        'pda',
        {},
        { 'idempotency-key': key() },
      );
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data).toMatchObject({
        message: 'Cancel Pickup Success',
        released: 2,
        bill: { pickupStatus: 3, pickupStatusName: 'Pickup cancelled', cancelledBy: expect.any(String) },
      });
      const o = await orderOf(os[0]!.id);
      expect(o.status).toBe(OrderStatus.received);
      expect(o.events.some((e) => e.node === 'LADING_RELEASED' && e.status === OrderStatus.received)).toBe(
        true,
      );
      expect((await detail(bill.recId)).items).toHaveLength(2);
      const next = await newBill();
      expect((await scan(next.recId, os[0]!.trackingNo)).status).toBe(200);
      expect((await post(at(contract.lading.cancel, { id: bill.recId }), 'pda')).status).toBe(409);
      expect((await post(at(contract.lading.cancel, { id: bill.recId }), 'demo')).status).toBe(403);
    });
  });

  describe('print content', () => {
    it('answers what the print pages draw: the bill, a line per parcel, labels', async () => {
      const { bill, orders: os } = await filled(2);
      const p = await post(contract.lading.getPrintContent, 'operator', { ids: [bill.recId] });
      expect(p.status, p.raw).toBe(200);
      expect(p.body.data.bills[0]!.bill.no).toBe(bill.no);
      expect(p.body.data.bills[0]!.lines.map((l) => [l.lineNo, l.trackingNo])).toEqual([
        [1, os[0]!.trackingNo],
        [2, os[1]!.trackingNo],
      ]);
      expect(p.body.data.bills[0]!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const l = await post(contract.lading.getPrintContentLabel, 'operator', {
        ids: [bill.recId],
      });
      expect(l.body.data.labels[0]).toMatchObject({
        no: bill.no,
        orderCount: 2,
        weight: '2.500',
        countryCode: 'SA',
      });
      const none = await post(contract.lading.getPrintContent, 'operator', { ids: [] });
      expect(none.status).toBe(400);
      expect(none.body.msg).toBe('Select bill(s) or batch(es) to print or pick up');
      expect((await post(contract.lading.getPrintContentLabel, 'operator', { ids: [999999] })).status).toBe(
        404,
      );
      expect((await post(contract.lading.getPrintContent, 'pda', { ids: [bill.recId] })).status).toBe(403);
    });
  });

  describe('exports and imports', () => {
    it('exports the list and the clearance packages', async () => {
      const { bill, orders: os } = await filled(2);
      const ws = await exported(contract.lading.export, { nos: bill.no });
      expect(ws.getRow(1).getCell(1).value).toBe('Lading bill no');
      expect(ws.getRow(2).getCell(1).value).toBe(bill.no);
      expect(ws.rowCount).toBe(2);
      const pk = await exported(contract.lading.exportClearancePackage, { ids: [bill.recId] });
      const nos: unknown[] = [];
      pk.eachRow((row, n) => {
        if (n > 1) nos.push(row.getCell(3).value);
      });
      expect(nos).toEqual(os.map((o) => o.trackingNo));
      expect((await post(contract.lading.export, 'pda', {})).status).toBe(403);
      expect((await post(contract.lading.exportClearancePackage, 'admin', {})).status).toBe(400);
    });

    it('downloads the template and imports bills: all rows valid, or nothing with each bad row', async () => {
      const tpl = await get(contract.lading.downloadTemplate, 'operator');
      expect(tpl.status).toBe(200);
      expect(tpl.headers['content-disposition']).toContain('Lading%20import.xlsx');
      const os = await orders(3);
      const open = await newBill();
      const headers = ['Lading bill no', 'Shipping channel code', 'Carrier code', 'Type', 'Tracking no'];
      const bad = await upload(
        contract.lading.import,
        'operator',
        'bad.xlsx',
        await xlsxOf([
          headers,
          ['', 'CN-SA-AIR-COD', '', '', os[0]!.trackingNo],
          ['', '', '', '', os[1]!.trackingNo],
          ['', 'CN-SA-AIR-COD', '', '1', 'GL9999999999'],
        ]),
      );
      expect(bad.status, bad.raw).toBe(400);
      const errors = (bad.body.data as unknown as { errors: { row: number; message: string }[] }).errors;
      expect(errors.map((e) => e.row)).toEqual([3, 4]);
      expect(errors.map((e) => e.message)).toEqual([
        'Select a logistics channel first',
        'No order has the tracking no GL9999999999',
      ]);
      const badType = await upload(
        contract.lading.import,
        'operator',
        'type.xlsx',
        await xlsxOf([headers, ['', 'CN-SA-AIR-COD', '', '3', os[0]!.trackingNo]]),
      );
      expect((badType.body.data as unknown as { errors: { message: string }[] }).errors[0]!.message).toBe(
        'Write 1 (clearance) or 2 (local)',
      );
      expect((await orderOf(os[0]!.id)).status).toBe(OrderStatus.received);

      const ok = await upload(
        contract.lading.import,
        'operator',
        'ok.xlsx',
        await xlsxOf([
          headers,
          ['', 'CN-SA-AIR-COD', 'NAQEL', '1', os[0]!.trackingNo],
          ['', 'cn-sa-air-cod', 'naqel', '1', os[1]!.trackingNo],
          [open.no, '', '', '', os[2]!.trackingNo],
        ]),
      );
      expect(ok.status, ok.raw).toBe(200);
      const res = ok.body.data;
      expect(res.rowCount).toBe(3);
      expect(res.bills).toHaveLength(2);
      expect(res.bills.find((b) => b.recId === open.recId)?.orderCount).toBe(1);
      const made = res.bills.find((b) => b.recId !== open.recId)!;
      expect(await detail(made.recId)).toMatchObject({ carrierCode: 'NAQEL', itemCount: 2 });
      expect((await orderOf(os[0]!.id)).status).toBe(OrderStatus.inLading);
      expect((await upload(contract.lading.import, 'pda', 'ok.xlsx', await xlsxOf([headers]))).status).toBe(
        403,
      );
    });
  });

  describe('customs clearance view', () => {
    let bill: LadingRecord;
    let made: MadeOrder[];
    beforeAll(async () => {
      ({ bill, orders: made } = await filled(2));
    });

    it('lists clearance bills and their orders, declaration lines and customers', async () => {
      const list = await post(contract.lading.listOriginInfo, 'operator', {
        nos: bill.no,
        clearanceStatus: '0',
      });
      expect(list.status, list.raw).toBe(200);
      expect(list.body.data.records[0]).toMatchObject({
        recId: bill.recId,
        clearanceStatus: 0,
        clearanceStatusName: 'New',
      });
      const orders = await post(contract.lading.listDetail, 'operator', {
        id: bill.recId,
      });
      expect(orders.body.data.total).toBe(2);
      expect(orders.body.data.records[0]).toMatchObject({
        trackingNo: made[0]!.trackingNo,
        customerCode: 'DEMO',
        goodsLines: 1,
        goodsValue: '19.80 USD',
        weight: '1.250',
        packageNo: null,
      });
      const goods = await post(contract.lading.listOriginDetail, 'operator', {
        id: bill.recId,
        trackingNos: made[1]!.trackingNo,
      });
      expect(goods.body.data.records).toEqual([
        expect.objectContaining({
          trackingNo: made[1]!.trackingNo,
          nameEn: 'T-shirt',
          quantity: 2,
          amount: '19.80',
        }),
      ]);
      const customers = await post(contract.lading.ladingCustomer, 'operator', {
        id: bill.recId,
      });
      expect(customers.body.data).toEqual([
        expect.objectContaining({
          customerCode: 'DEMO',
          orderCount: 2,
          pieceCount: 2,
          weight: '2.500',
          goodsValue: '39.60 USD',
        }),
      ]);
      expect((await post(contract.lading.listDetail, 'operator', { id: 999999 })).status).toBe(404);
      expect((await post(contract.lading.listOriginInfo, 'pda', {})).status).toBe(403);
    });

    it('updates clearance data and status (forward only)', async () => {
      const r = await post(contract.lading.updateData, 'operator', {
        id: bill.recId,
        declarationNo: 'DEC-1',
        orders: [{ trackingNo: made[0]!.trackingNo, clearanceNo: 'CL-0001' }],
      });
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data.declarationNo).toBe('DEC-1');
      expect((await orderOf(made[0]!.id)).clearanceNo).toBe('CL-0001');
      const foreign = await post(contract.lading.updateData, 'operator', {
        id: bill.recId,
        orders: [{ trackingNo: 'GL9999999999', clearanceNo: 'CL-2' }],
      });
      expect(foreign.status).toBe(400);
      const badNo = await post(contract.lading.updateData, 'operator', {
        id: bill.recId,
        orders: [{ trackingNo: made[0]!.trackingNo, clearanceNo: 'bad no!' }],
      });
      expect(badNo.status).toBe(400);

      const done = await post(contract.lading.updateStatus, 'operator', {
        ids: [bill.recId],
        status: '3',
      });
      expect(done.status, done.raw).toBe(200);
      expect(done.body.data[0]!.clearanceStatusName).toBe('Clearance complete');
      const back = await post(contract.lading.updateStatus, 'operator', { ids: [bill.recId], status: 0 });
      expect(back.status).toBe(409);
      expect(back.body.msg).toBe(`${bill.no} cannot go from Clearance complete to New`);
      expect(
        (await post(contract.lading.updateStatus, 'operator', { ids: [bill.recId], status: 4 })).status,
      ).toBe(200);
      const locked = await post(contract.lading.updateData, 'operator', {
        id: bill.recId,
        declarationNo: 'X',
      });
      expect(locked.status).toBe(409);
    });

    it('imports clearance nos, prints invoices, exports bills and declaration lines', async () => {
      const { bill: b, orders: os } = await filled(1);
      const headers = ['Lading bill no', 'Tracking no', 'Clearance no'];
      const bad = await upload(
        contract.lading.ladingImport,
        'operator',
        'c.xlsx',
        await xlsxOf([headers, [b.no, made[0]!.trackingNo, 'CL-9']]),
      );
      expect(bad.status).toBe(400);
      const ok = await upload(
        contract.lading.ladingImport,
        'operator',
        'c.xlsx',
        await xlsxOf([headers, [b.no, os[0]!.trackingNo, 'CL-9']]),
      );
      expect(ok.status, ok.raw).toBe(200);
      expect((await orderOf(os[0]!.id)).clearanceNo).toBe('CL-9');
      const inv = await post(contract.lading.printInvoice, 'operator', {
        id: b.recId,
        output: 'data',
      });
      expect(inv.status, inv.raw).toBe(200);
      expect(inv.body.data.invoices.map((i) => i.trackingNo)).toEqual([os[0]!.trackingNo]);
      expect(inv.body.data.pdf).toBeNull();
      const ws = await exported(contract.lading.ladingExport, { nos: b.no });
      expect(ws.getRow(2).getCell(1).value).toBe(b.no);
      const goods = await exported(contract.lading.ladingOriginExport, { ids: [b.recId] });
      expect(goods.getRow(2).getCell(2).value).toBe(os[0]!.trackingNo);
      expect(region.SA).toBeGreaterThan(0);
    });
  });
});
