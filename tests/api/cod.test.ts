import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { exportsInFlight } from '../../src/server/files/export.ts';
import { xlsxRows } from '../../src/server/files/sheet.ts';
import { businessParts, COD_PUSH, dayBefore, pushDayAt } from '../../src/server/modules/cod/cod-push.ts';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { CodPushResult, CodStatus } from '../../src/shared/domain/cod.ts';
import { FeeType } from '../../src/shared/domain/order-fees.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { xlsxOf } from '../support/files.ts';
import { type Receiver, startReceiver } from '../support/http-receiver.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { at, call, callWith, rowErrors } from './support/call.ts';

type Who = keyof typeof DEMO;

const HEADERS = ['*Logistics order no', '*Updated COD amount', 'Currency', 'Remarks'];

/**
 * COD modifications: the import (every row checked, refused per row with its reason), the list and
 * its filters, batch approval (no self-approval, each answered, the order's COD and fees changed,
 * an event written), the export, the permissions, and the daily push driven across 17:00 with two
 * app instances on one database and a local webhook receiver.
 */
describe('COD modifications', () => {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  const region: Record<string, number> = {};
  const customer: Record<string, number> = {};
  let channelId = 0;

  const q = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    t.database.db.execute<T>(query).then((r) => r.rows);
  const post = <E extends EndpointDef>(entry: E, who: Who, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], body, lang });
  const upload = (who: Who, content: Buffer, lang = 'en') =>
    call(t, contract.cod.import, { token: tokens[who], lang, file: { name: 'cod.xlsx', content } });
  const download = (entry: EndpointDef, who: Who, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], lang });
  const list = async (who: Who, body: Body<typeof contract.cod.list> = {}) => {
    const r = await post(contract.cod.list, who, body);
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    for (const r of await q<{ id: number; code: string }>(sql`SELECT id, code FROM regions`))
      region[r.code] = r.id;
    for (const c of await q<{ id: number; code: string }>(sql`SELECT id, code FROM customers`))
      customer[c.code] = c.id;
    channelId = (
      await q<{ id: number }>(sql`SELECT id FROM shipping_channels WHERE code = 'CN-SA-AIR-COD'`)
    )[0]!.id;
  });

  const create = async (customerCode = 'DEMO') => {
    const r = await post(contract.order.create, 'admin', {
      customerId: customer[customerCode],
      channelId,
      consignee: {
        name: 'Ahmed Al-Harbi',
        phone: '+966 50 123 4567',
        regionIds: ['SA', 'SA-RI', 'SA-RI-RUH', 'SA-RI-RUH-OL'].map((c) => region[c]),
        address: 'King Fahd Road 12',
      },
      weight: '1.000',
      ...(customerCode === 'OTHER'
        ? { isCod: false }
        : { isCod: true, codAmount: '199.00', codCurrency: 'SAR' }),
      goods: [{ nameEn: 'T-shirt', nameCn: 'T恤', quantity: 2, hsCode: '610910', unitPrice: '9.90' }],
    });
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const receive = async (trackingNo: string) => {
    const r = await post(at(contract.order.receive, { trackingNo }), 'operator');
    expect(r.body.data.kind, r.raw).toBe('ok');
  };
  const detail = async (id: number) =>
    (await call(t, contract.order.getOrderDetail, { params: { id }, token: tokens.admin, lang: 'en' })).body
      .data;
  const setStatus = (id: number, status: number) =>
    q(sql`UPDATE orders SET status = ${status} WHERE id = ${id}`);
  const importRows = async (who: Who, rows: (string | number)[][], lang = 'en') =>
    upload(who, await xlsxOf([HEADERS, ...rows]), lang);

  describe('import', () => {
    it('offers the template in the caller’s language', async () => {
      const en = await download(contract.cod.downloadTemplate, 'finance');
      expect(en.status).toBe(200);
      const rows: string[][] = [];
      for await (const r of xlsxRows(en.bytes)) rows.push(r.cells);
      expect(rows[0]).toEqual(HEADERS);
      expect(rows[1]![0]).toBe('GL0001000001');
      const cn = await download(contract.cod.downloadTemplate, 'finance', 'cn');
      const cnRows: string[][] = [];
      for await (const r of xlsxRows(cn.bytes)) cnRows.push(r.cells);
      expect(cnRows[0]).not.toEqual(HEADERS);
      expect(cnRows[0]![0]!.startsWith('*')).toBe(true);
    });

    it('refuses signed, returned, lost and unknown orders per row, translated, and writes nothing', async () => {
      const good = await create();
      const signed = await create();
      const returned = await create();
      const lost = await create();
      await receive(returned.trackingNo);
      await receive(lost.trackingNo);
      await setStatus(signed.recId, OrderStatus.signed);
      await setStatus(returned.recId, OrderStatus.returned);
      await setStatus(lost.recId, OrderStatus.lost);
      const rows = [
        [good.trackingNo, '150', 'SAR', 'fine'],
        [signed.trackingNo, '150', '', ''],
        [returned.trackingNo, '150', '', ''],
        [lost.trackingNo, '150', '', ''],
        ['GL9999999999', '150', '', ''],
        [good.trackingNo.toLowerCase(), '-3', 'riyal', ''],
      ];
      const res = await importRows('finance', rows);
      expect(res.status, res.raw).toBe(400);
      expect(rowErrors(res)).toEqual(
        [
          {
            row: 3,
            column: 'Logistics order no',
            message: `Order ${signed.trackingNo} is signed for: its COD can no longer be modified`,
          },
          {
            row: 4,
            column: 'Logistics order no',
            message: `Order ${returned.trackingNo} is returned: its COD can no longer be modified`,
          },
          {
            row: 5,
            column: 'Logistics order no',
            message: `Order ${lost.trackingNo} is lost: its COD can no longer be modified`,
          },
          { row: 6, column: 'Logistics order no', message: 'No order has the tracking no GL9999999999' },
          { row: 7, column: 'Updated COD amount', message: 'Enter an amount from 0 with at most 2 decimals' },
          {
            row: 7,
            column: 'Currency',
            message: 'Enter a 3-letter currency code (e.g. SAR), or leave it empty to keep the order’s',
          },
          { row: 7, column: 'Logistics order no', message: 'Same as row 2' },
        ].sort((a, b) => a.row - b.row),
      );
      expect((await list('admin', { trackingNos: good.trackingNo })).total).toBe(0);

      const cn = await importRows('finance', [[signed.trackingNo, '150', '', '']], 'cn');
      expect(cn.status).toBe(400);
      const cnMessage = rowErrors(cn)[0]!.message;
      expect(cnMessage).toContain(signed.trackingNo);
      expect(cnMessage).not.toContain('signed for');
      const ar = await importRows('finance', [[signed.trackingNo, '150', '', '']], 'ar');
      const arMessage = rowErrors(ar)[0]!.message;
      expect(arMessage).toContain(signed.trackingNo);
      expect(arMessage).not.toBe(cnMessage);
      expect(arMessage).not.toContain('signed for');
    });

    it('imports pending modifications with the order’s amount as the original, and refuses a second pending one', async () => {
      const a = await create();
      const b = await create();
      const res = await importRows('finance', [
        [a.trackingNo, '150.5', '', 'customer asked'],
        [b.trackingNo, 0, 'AED', ''],
      ]);
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.rowCount).toBe(2);
      const page = await list('admin', { trackingNos: `${a.trackingNo}\n${b.trackingNo}` });
      expect(page.total).toBe(2);
      const byNo = Object.fromEntries(page.records.map((r) => [r.trackingNo, r]));
      expect(byNo[a.trackingNo]).toMatchObject({
        originalAmount: '199.00',
        originalCurrency: 'SAR',
        updatedAmount: '150.50',
        currency: 'SAR',
        remark: 'customer asked',
        status: CodStatus.pending,
        statusName: 'Pending',
        operator: 'Fang Finance',
        approver: null,
        approvedAt: null,
        customerCode: 'DEMO',
      });
      expect(byNo[b.trackingNo]).toMatchObject({ updatedAmount: '0.00', currency: 'AED' });

      const again = await importRows('finance', [[a.trackingNo, '140', '', '']]);
      expect(again.status).toBe(400);
      expect(rowErrors(again)).toEqual([
        {
          row: 2,
          column: 'Logistics order no',
          message: `Order ${a.trackingNo} already has a COD modification waiting for approval`,
        },
      ]);
      const logs = await q<{ kind: string; status: number }>(
        sql`SELECT kind, status FROM import_logs WHERE kind = 'cod' ORDER BY id`,
      );
      expect(logs.some((l) => l.status === 1)).toBe(true);
      expect(logs.some((l) => l.status === 2)).toBe(true);
    });
  });

  describe('list, approval and export', () => {
    it('filters by tracking nos, status, time range and customer', async () => {
      const demoOrder = await create('DEMO');
      const otherOrder = await create('OTHER');
      const res = await importRows('finance', [
        [demoOrder.trackingNo, '88', '', ''],
        [otherOrder.trackingNo, '12', 'USD', ''],
      ]);
      expect(res.status, res.raw).toBe(200);
      const other = await list('admin', { customerId: customer.OTHER });
      expect(other.records.map((r) => r.trackingNo)).toEqual([otherOrder.trackingNo]);
      expect(other.records[0]).toMatchObject({
        originalAmount: '0.00',
        originalCurrency: '',
        currency: 'USD',
      });
      const demo = await list('admin', { customerId: customer.DEMO, pageSize: 500 });
      expect(demo.records.every((r) => r.customerCode === 'DEMO')).toBe(true);
      expect(demo.records.map((r) => r.trackingNo)).toContain(demoOrder.trackingNo);
      const all = await list('admin', { pageSize: 500 });
      expect(all.total).toBe(demo.total + other.total);
      // newest first
      const times = all.records.map((r) => r.createdAt);
      expect([...times].sort().reverse()).toEqual(times);

      const future = await list('admin', { startTime: new Date(Date.now() + 3_600_000).toISOString() });
      expect(future.total).toBe(0);
      const past = await list('admin', {
        startTime: new Date(Date.now() - 3_600_000).toISOString(),
        endTime: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect(past.total).toBe(all.total);
      expect((await list('admin', { status: '1' })).total).toBe(0);
      expect((await list('admin', { status: '0' })).total).toBe(all.total);
      const bad = await post(contract.cod.list, 'admin', {
        startTime: '2026-01-02T00:00:00Z',
        endTime: '2026-01-01T00:00:00Z',
      });
      expect(bad.status).toBe(400);
    });

    it('approves and rejects in a batch as another user, never one’s own, answering each', async () => {
      const a = await create();
      const b = await create();
      const c = await create();
      await receive(a.trackingNo);
      const before = await detail(a.recId);
      const codFeeBefore = before.fees.find((f) => f.feeType === FeeType.codFee)?.amount;
      expect(codFeeBefore).toBeDefined();
      const res = await importRows('finance', [
        [a.trackingNo, '1000', '', 'raise'],
        [b.trackingNo, '50', '', ''],
        [c.trackingNo, '60', '', ''],
      ]);
      expect(res.status, res.raw).toBe(200);
      const ids = Object.fromEntries(
        (await list('admin', { trackingNos: [a, b, c].map((o) => o.trackingNo).join(',') })).records.map(
          (r) => [r.trackingNo, r.recId],
        ),
      );

      // The requester may not approve their own: every one fails, 409 with the answer.
      const own = await post(contract.cod.batchApproval, 'finance', {
        ids: [ids[a.trackingNo]],
        approve: true,
      });
      expect(own.status).toBe(409);
      expect(own.body.msg).toBe('Batch approval failed');
      expect(own.body.data.failed).toEqual([
        {
          recId: ids[a.trackingNo],
          trackingNo: a.trackingNo,
          message: 'You cannot approve or reject your own COD modification',
        },
      ]);

      // b is signed meanwhile: refused at approval, a succeeds.
      await setStatus(b.recId, OrderStatus.signed);
      const batch = await post(contract.cod.batchApproval, 'admin', {
        ids: [ids[a.trackingNo], ids[b.trackingNo]],
        approve: true,
        remark: 'ok by admin',
      });
      expect(batch.status, batch.raw).toBe(200);
      expect(batch.body.data.succeeded).toEqual([{ recId: ids[a.trackingNo], trackingNo: a.trackingNo }]);
      expect(batch.body.data.failed).toEqual([
        {
          recId: ids[b.trackingNo],
          trackingNo: b.trackingNo,
          message: `Order ${b.trackingNo} is signed for: its COD can no longer be modified`,
        },
      ]);
      expect(batch.body.data.message).toBe('Batch approval: 1 succeeded, 1 failed');

      const after = await detail(a.recId);
      expect(after.codAmount).toBe('1000.00');
      expect(after.isCod).toBe(true);
      const codFeeAfter = after.fees.find((f) => f.feeType === FeeType.codFee)?.amount;
      expect(codFeeAfter).toBeDefined();
      expect(codFeeAfter).not.toBe(codFeeBefore);
      const event = after.events.find((e) => e.node === 'COD_MODIFIED');
      expect(event).toMatchObject({
        name: 'COD amount modified',
        description: '199.00 SAR → 1000.00 SAR',
        isPublic: false,
        operatorName: 'Administrator',
      });
      expect((await detail(b.recId)).codAmount).toBe('199.00');

      const approved = (await list('admin', { trackingNos: a.trackingNo })).records[0]!;
      expect(approved).toMatchObject({
        status: CodStatus.approved,
        statusName: 'Approved',
        approver: 'Administrator',
        approvalRemark: 'ok by admin',
      });
      expect(approved.approvedAt).not.toBeNull();

      // A decided one is no longer pending; c is rejected and its order untouched.
      const rejected = await post(contract.cod.batchApproval, 'admin', {
        ids: [ids[c.trackingNo], ids[a.trackingNo]],
        approve: false,
        remark: 'no',
      });
      expect(rejected.status, rejected.raw).toBe(200);
      expect(rejected.body.data.succeeded.map((s) => s.trackingNo)).toEqual([c.trackingNo]);
      expect(rejected.body.data.failed[0]!.message).toBe(
        `The modification of ${a.trackingNo} is no longer pending`,
      );
      expect((await list('admin', { trackingNos: c.trackingNo })).records[0]!.status).toBe(
        CodStatus.rejected,
      );
      expect((await detail(c.recId)).codAmount).toBe('199.00');
      expect((await detail(c.recId)).events.some((e) => e.node === 'COD_MODIFIED')).toBe(false);

      const all = await post(contract.cod.batchApproval, 'admin', {
        ids: [ids[c.trackingNo]],
        approve: true,
      });
      expect(all.status).toBe(409);
      const cn = await post(
        contract.cod.batchApproval,
        'admin',
        { ids: [ids[c.trackingNo]], approve: true },
        'cn',
      );
      expect(cn.body.msg).not.toBe('Batch approval failed');
      const unknown = await post(contract.cod.batchApproval, 'admin', {
        ids: [2_000_000_000],
        approve: true,
      });
      expect(unknown.status).toBe(404);
    });

    it('exports what the filters select, template columns first', async () => {
      const o = await create();
      expect((await importRows('finance', [[o.trackingNo, '77', '', 'x']])).status).toBe(200);
      const started = await post(contract.cod.export, 'finance', { trackingNos: o.trackingNo });
      expect(started.status, started.raw).toBe(200);
      await exportsInFlight();
      const file = await download(
        at(contract.exportTask.download, { id: started.body.data.recId }),
        'finance',
      );
      expect(file.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
      const ws = wb.getWorksheet(1)!;
      expect((ws.getRow(1).values as unknown[]).slice(1, 5)).toEqual(HEADERS.map((h) => h.replace('*', '')));
      expect(ws.rowCount).toBe(2);
      expect((ws.getRow(2).values as unknown[]).slice(1, 5)).toEqual([o.trackingNo, '77.00', 'SAR', 'x']);
    });

    it('keeps operators, customer service, customers and the PDA out', async () => {
      const file = await xlsxOf([HEADERS, ['GL0000000001', '1', '', '']]);
      for (const who of ['operator', 'service', 'demo', 'demoSub', 'other', 'pda'] as const) {
        expect((await post(contract.cod.list, who)).status, who).toBe(403);
        expect((await post(contract.cod.export, who)).status, who).toBe(403);
        expect((await post(contract.cod.batchApproval, who, { ids: [1], approve: true })).status, who).toBe(
          403,
        );
        expect((await upload(who, file)).status, who).toBe(403);
        expect((await download(contract.cod.downloadTemplate, who)).status, who).toBe(403);
      }
    });
  });

  describe('the daily push', () => {
    interface Message {
      msgtype: string;
      markdown: { content: string };
    }

    /** A local group-bot webhook: answers 500 the first `failFirst` times, then takes the message. */
    async function receiver(failFirst: number) {
      // Each request is kept before it is answered: the first `failFirst` are refused.
      const hook: Receiver<Message> = await startReceiver<Message>(() =>
        hook.received.length <= failFirst
          ? { status: 500, body: 'busy' }
          : { status: 200, body: '{"errcode":0,"errmsg":"ok"}' },
      );
      return {
        /** The messages it took. */
        get got() {
          return hook.received.slice(failFirst);
        },
        url: hook.url('/cgi-bin/webhook/send?key=test'),
        calls: () => hook.received.length,
        close: hook.close,
      };
    }

    /** Two server instances (their own pools, as two processes) working the test database's jobs. */
    async function twoInstances(url: string | undefined) {
      const apps: FastifyInstance[] = [];
      const dbs: Database[] = [];
      for (let i = 0; i < 2; i++) {
        const database = openDatabase(t.config.databaseUrl!, 3);
        dbs.push(database);
        const app = await buildApp({
          config: { ...t.config, codPushWebhookUrl: url },
          database,
          logger: false,
          jobs: { work: true, pollingIntervalSeconds: 0.5 },
        });
        await app.ready();
        apps.push(app);
      }
      // Retried after a second rather than a minute.
      await apps[0]!.jobs.boss.updateQueue(COD_PUSH, { retryDelay: 1, retryBackoff: false });
      return {
        apps,
        close: async () => {
          for (const app of apps) await app.close();
          for (const d of dbs) await d.close();
        },
      };
    }

    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const until = async (what: () => boolean | Promise<boolean>, ms = 5000) => {
      const end = Date.now() + ms;
      while (!(await what())) {
        if (Date.now() > end) throw new Error('timed out');
        await sleep(10);
      }
    };
    const zone = () => t.config.businessTimeZone;
    /** The instant of hh:mm:ss on a business day in the business time zone. */
    const at = async (day: string, time: string) =>
      (
        await q<{ at: string }>(
          sql`SELECT to_char((${`${day} ${time}`}::timestamp AT TIME ZONE ${zone()}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at`,
        )
      )[0]!.at;

    it('is scheduled at 17:00 business time on the job engine, for the day before the last 17:00', async () => {
      const { close } = await twoInstances(undefined);
      try {
        const schedules = await t.jobs.boss.getSchedules(COD_PUSH);
        expect(schedules.map((x) => [x.cron, x.timezone])).toEqual([['0 17 * * *', zone()]]);
        const [next] = t.jobs.boss.previewSchedule(schedules[0]!.cron, { tz: zone(), count: 1 });
        expect(businessParts(next!, zone()).hour).toBe(17);
      } finally {
        await close();
      }
      const today = businessParts(new Date(), zone()).day;
      expect(pushDayAt(new Date(await at(today, '17:00:01')), zone())).toBe(dayBefore(today));
      expect(pushDayAt(new Date(await at(today, '16:59:59')), zone())).toBe(dayBefore(dayBefore(today)));
    });

    it('posts the previous day’s modifications once with two instances, retrying a failure', async () => {
      // Yesterday's (in business time) modifications: two made now and moved a day back; one made today stays out.
      const orders = [await create(), await create(), await create()];
      expect(
        (
          await importRows(
            'finance',
            orders.map((o, i) => [o.trackingNo, String(100 + i), '', i === 0 ? 'push me' : '']),
          )
        ).status,
      ).toBe(200);
      const today = businessParts(new Date(), zone()).day;
      const yesterday = dayBefore(today);
      const [first, second, third] = orders.map((o) => o.trackingNo) as [string, string, string];
      await q(sql`UPDATE cod_modifications SET created_at = created_at - interval '1 day'
        WHERE tracking_no IN (${first}, ${second})`);
      // Everything else made earlier in this file is moved out of the way (two days back).
      await q(sql`UPDATE cod_modifications SET created_at = created_at - interval '2 days'
        WHERE tracking_no NOT IN (${first}, ${second}, ${third})`);

      const hook = await receiver(1);
      const { apps, close } = await twoInstances(hook.url);
      const stateOf = async (id: string) => (await t.jobs.boss.findJobs(COD_PUSH, { id }))[0]?.state;
      try {
        expect(await q(sql`SELECT * FROM cod_pushes`)).toEqual([]);
        // What the 17:00 occurrence sends, for the day before.
        const id = (await apps[1]!.jobs.send(COD_PUSH, { day: yesterday }))!;
        // The first attempt meets a 500: recorded as failed, the job retried.
        await until(async () => (await q(sql`SELECT 1 FROM cod_pushes WHERE result = 2`)).length === 1);
        const failed = (
          await q<{ attempts: number; error: string; business_day: string }>(
            sql`SELECT attempts, error, business_day::text FROM cod_pushes`,
          )
        )[0]!;
        expect(failed).toMatchObject({ attempts: 1, business_day: yesterday });
        expect(failed.error).toContain('500');
        expect(hook.calls()).toBe(1);

        await until(async () => (await stateOf(id)) === 'completed');
        expect(hook.got.length).toBe(1);
        expect(hook.calls()).toBe(2);
        const rows = await q<{ business_day: string; result: number; row_count: number; attempts: number }>(
          sql`SELECT business_day::text, result, row_count, attempts FROM cod_pushes`,
        );
        expect(rows).toEqual([
          { business_day: yesterday, result: CodPushResult.sent, row_count: 2, attempts: 2 },
        ]);

        const message = hook.got[0]!.body!;
        expect(message.msgtype).toBe('markdown');
        const content = message.markdown.content;
        expect(content).toContain(yesterday);
        expect(content).toContain(first);
        expect(content).toContain(second);
        expect(content).not.toContain(third);
        expect(content).toContain('push me');

        // Another job for the same day (a second occurrence, a retry by hand) pushes nothing more.
        const again = (await apps[0]!.jobs.send(COD_PUSH, { day: yesterday }))!;
        await until(async () => (await stateOf(again)) === 'completed');
        expect(hook.calls()).toBe(2);
      } finally {
        await close();
        await hook.close();
      }
    });

    it('records the day as skipped when no webhook is configured', async () => {
      const today = businessParts(new Date(), zone()).day;
      const { apps, close } = await twoInstances(undefined);
      const done = async (id: string) =>
        until(async () => (await t.jobs.boss.findJobs(COD_PUSH, { id }))[0]?.state === 'completed');
      try {
        await done((await apps[0]!.jobs.send(COD_PUSH, { day: today }))!);
        const [row] = await q<{ row_count: number; attempts: number; result: number }>(
          sql`SELECT row_count, attempts, result FROM cod_pushes WHERE business_day = ${today}::date`,
        );
        expect(row).toEqual({ row_count: 1, attempts: 1, result: CodPushResult.skipped });
        await done((await apps[1]!.jobs.send(COD_PUSH, { day: today }))!);
        expect(await q(sql`SELECT attempts FROM cod_pushes WHERE business_day = ${today}::date`)).toEqual([
          { attempts: 1 },
        ]);
      } finally {
        await close();
      }
    });
  });
});
