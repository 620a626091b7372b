import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { ANALYSIS_ROLLUP } from '../../src/server/modules/analysis/analysis-rollup.ts';
import { AUDIT_RETENTION } from '../../src/server/modules/audit/audit-retention.ts';
import { COD_PUSH } from '../../src/server/modules/cod/cod-push.ts';
import { EXPORT_HOUSEKEEPING } from '../../src/server/modules/export-task/export-job.ts';
import { WEBHOOK_DELIVER } from '../../src/server/modules/webhook-emit/webhook-job-name.ts';
import { ExportStatus } from '../../src/shared/contract/export-task.ts';
import { API_BASE, contract } from '../../src/shared/contract/index.ts';
import { CodPushResult } from '../../src/shared/domain/cod.ts';
import { MailState } from '../../src/shared/domain/lading.ts';
import { type Received, startReceiver } from '../support/http-receiver.ts';
import { verifiedByReference } from '../support/webhooks.ts';
import type { TestApp } from './support/app.ts';
import { call, pathOf } from './support/call.ts';
import { makeOrders, type SmtpServer, startSmtp } from './support/movement.ts';
import { freshDatabase, type ServerProcess, startServerProcess } from './support/process.ts';

/**
 * Issue 8, part 6: two server processes (src/server/main.ts, each with its own DATA_DIR, neither
 * given TOKEN_SECRET) on one PostgreSQL serve the same users: sessions, files, idempotency keys
 * and the queued mail push are shared through the database and happen once, as does each job of
 * the job engine both processes work: a scheduled occurrence, a job sent twice.
 */

let db: Awaited<ReturnType<typeof freshDatabase>>;
let database: ReturnType<typeof openDatabase>;
let smtp: SmtpServer;
let a: ServerProcess;
let b: ServerProcess;
let env: Record<string, string>;

beforeAll(async () => {
  db = await freshDatabase();
  database = openDatabase(db.url, 2);
  smtp = await startSmtp();
  env = {
    DATABASE_URL: db.url,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    // Webhooks reach the test's receiver on 127.0.0.1 over http.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_ALLOW_HTTP: 'true',
  };
  // Both start at once: migrations, the shared token secret and housekeeping must not race.
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await smtp?.close();
  await database?.close();
  await db?.drop();
});

const until = async <T>(probe: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
};

function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  const raw = Buffer.alloc((width + 1) * height, 77);
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('two server processes on one PostgreSQL', () => {
  it('share one generated token secret and the sessions: a logout through one ends the token on the other at once', async () => {
    const token = await a.login('operator', 'operator123');
    expect((await call(b, contract.auth.me, { token })).status).toBe(200);
    expect((await call(b, contract.auth.loginOut, { token })).status).toBe(200);
    const after = await call(a, contract.auth.me, { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(6);
  });

  it('end the sessions of a user on both when the password is changed through one', async () => {
    const onA = await a.login('service', 'service123');
    const onB = await b.login('service', 'service123');
    const changed = await call(b, contract.system.updatePasswordByUser, {
      token: onB,
      body: { password: 'service123', newPassword: 'service-new-1', checkPassword: 'service-new-1' },
    });
    expect(changed.status, changed.raw).toBe(200);
    expect((await call(a, contract.auth.me, { token: onA })).status).toBe(401);
    await a.login('service', 'service-new-1');
  });

  it('judge a signed-in account by its role as edited through the other, at once', async () => {
    const admin = await b.login('admin', 'admin123');
    const all = await call(b, contract.system.getAllMenus, { token: admin });
    const menu = (p: string) => all.body.data.find((m) => m.path === p)!.recId;
    const role = await call(b, contract.system.roleSave, {
      token: admin,
      body: { name: 'Two processes', menuIds: [menu('/admin/system'), menu('/admin/system/account')] },
    });
    const recId = role.body.data.recId;
    await call(b, contract.system.userSave, {
      token: admin,
      body: { username: 'twoproc', nickname: 'Two', type: 1, roleIds: [recId], password: 'twoproc-pass' },
    });
    const held = await a.login('twoproc', 'twoproc-pass');
    expect((await call(a, contract.system.userList, { token: held, body: {} })).status).toBe(200);
    await call(b, contract.system.roleSave, {
      token: admin,
      body: { recId, name: 'Two processes', menuIds: [menu('/admin/system'), menu('/admin/system/role')] },
    });
    expect((await call(a, contract.system.userList, { token: held, body: {} })).status).toBe(403);
    expect((await call(a, contract.system.roleList, { token: held, body: {} })).status).toBe(200);
  });

  it("serve each other's files: an export written by one downloads from the other, an uploaded image too", async () => {
    const onA = await a.login('admin', 'admin123');
    const onB = await b.login('admin', 'admin123');
    const started = await call(a, contract.region.export, { token: onA, body: {} });
    expect(started.status, started.raw).toBe(200);
    const task = await until(
      async () =>
        (
          await call(b, contract.exportTask.listExportTask, {
            token: onB,
            body: {},
          })
        ).body.data.records.find((r) => r.recId === started.body.data.recId),
      (r) => r?.status === ExportStatus.done,
    );
    expect(task?.status).toBe(ExportStatus.done);
    const url = `${b.base}${API_BASE}${pathOf(contract.exportTask.download, { id: task!.recId })}`;
    const file = await fetch(url, { headers: { authorization: `Bearer ${onB}` } });
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.length).toBe(task!.fileSize);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    const form = new FormData();
    const image = png(3, 2);
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'stamp.png');
    const up = await fetch(`${a.base}${API_BASE}${pathOf(contract.image.upload)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${onA}` },
      body: form,
    });
    const uploaded = (await up.json()) as { data: { url: string } };
    expect(up.status).toBe(200);
    const served = await fetch(`${b.base}${uploaded.data.url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
  });

  it('apply one Idempotency-Key once when its retries reach both processes at once', async () => {
    const tokens = {
      demo: await a.login('demo', 'demo123'),
      operator: await a.login('operator', 'operator123'),
    };
    const pda = await b.login('pda', 'pda123');
    const t = { call: a.call, database } as unknown as TestApp;
    const [order] = await makeOrders(t, tokens, 1);
    const bill = await call(a, contract.lading.create, {
      token: tokens.operator,
      body: { channelId: order!.channelId },
    });
    const key = randomUUID();
    const scan = (p: ServerProcess) =>
      call(p, contract.lading.scanTrackingNo, {
        params: { id: bill.body.data.recId },
        token: pda,
        body: { trackingNo: order!.trackingNo },
        headers: { 'idempotency-key': key },
        lang: 'en',
      });
    const answers = await Promise.all([scan(a), scan(b), scan(a), scan(b)]);
    const ok = answers.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const r of answers) expect([200, 409]).toContain(r.status);
    for (const r of ok) expect(r.body).toEqual(ok[0]!.body);
    const again = await until(
      () => scan(b),
      (r) => r.status === 200,
    );
    expect(again.body).toEqual(ok[0]!.body);
    const items = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM lading_items WHERE bill_id = ${bill.body.data.recId}`,
    );
    expect(items.rows[0]!.n).toBe(1);
    const detail = await call(b, contract.lading.detail, {
      params: { id: bill.body.data.recId },
      token: tokens.operator,
    });
    expect(detail.body.data.orderCount).toBe(1);
  });

  it('push a lading mail once, whichever process is asked, even when both are asked at once', async () => {
    const tokens = {
      demo: await b.login('demo', 'demo123'),
      operator: await b.login('operator', 'operator123'),
    };
    const t = { call: b.call, database } as unknown as TestApp;
    const [order] = await makeOrders(t, tokens, 1);
    const bill = (
      await call(b, contract.lading.create, {
        token: tokens.operator,
        body: { channelId: order!.channelId },
      })
    ).body.data;
    const opOnA = await a.login('operator', 'operator123');
    const params = { id: bill.recId };
    await call(a, contract.lading.scanTrackingNo, {
      params,
      token: opOnA,
      body: { trackingNo: order!.trackingNo },
    });
    await call(b, contract.lading.confirm, { token: tokens.operator, body: { ids: [bill.recId] } });
    const before = smtp.messages.length;
    const pickup = await call(a, contract.lading.confirmPickup, { params, token: opOnA, body: {} });
    expect(pickup.status, pickup.raw).toBe(200);
    const detail = () =>
      call(b, contract.lading.detail, { params, token: tokens.operator }).then((r) => r.body.data);
    const pushed = await until(detail, (d) => d.mailState === MailState.success);
    expect(pushed.mailState).toBe(MailState.success);
    expect(smtp.messages.length - before).toBe(1);

    // As if the push had failed: retries asked of both processes at once send one mail.
    await database.db.execute(
      sql`UPDATE lading_bills SET mail_state = ${MailState.failed} WHERE id = ${bill.recId}`,
    );
    const retries = await Promise.all([
      call(a, contract.lading.mailRetry, { params, token: opOnA, body: {} }),
      call(b, contract.lading.mailRetry, { params, token: tokens.operator, body: {} }),
    ]);
    // One of them pushes; the other finds the mail claimed or sent and is told it cannot push.
    expect(retries.map((r) => r.status).sort()).toEqual(expect.arrayContaining([200]));
    for (const r of retries) expect([200, 409], r.raw).toContain(r.status);
    const again = await until(detail, (d) => d.mailState === MailState.success);
    expect(again.mailAttempts).toBe(2);
    expect(smtp.messages.length - before).toBe(2);
  });

  it('run every schedule once through the job engine, and a job sent twice once', async () => {
    const q = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];
    // Both processes registered the schedules: one row each, in the business time zone.
    expect(await q(sql`SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name`)).toEqual([
      { name: ANALYSIS_ROLLUP, cron: '* * * * *', timezone: 'Asia/Shanghai' },
      { name: AUDIT_RETENTION, cron: '30 3 * * *', timezone: 'Asia/Shanghai' },
      { name: COD_PUSH, cron: '0 17 * * *', timezone: 'Asia/Shanghai' },
      { name: EXPORT_HOUSEKEEPING, cron: '* * * * *', timezone: 'Asia/Shanghai' },
      { name: WEBHOOK_DELIVER, cron: '* * * * *', timezone: 'Asia/Shanghai' },
    ]);
    // The rollup's minute: the next whole minute's occurrence makes one job, not one per process.
    const minute = (
      await q<{ minute: string }>(
        sql`SELECT (date_trunc('minute', now()) + interval '1 minute')::text AS minute`,
      )
    )[0]!.minute;
    const inMinute = () =>
      q<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${ANALYSIS_ROLLUP}
        AND created_on >= ${minute}::timestamptz AND created_on < ${minute}::timestamptz + interval '1 minute'`);
    await until(inMinute, (r) => r[0]!.n > 0, 100_000);
    // Past the passes that could send it again (every 30 s, each process).
    await new Promise((r) => setTimeout(r, 40_000));
    expect((await inMinute())[0]!.n).toBe(1);
    expect(
      (
        await q<{ state: string }>(sql`SELECT state FROM pgboss.job WHERE name = ${ANALYSIS_ROLLUP}
        AND created_on >= ${minute}::timestamptz`)
      ).map((r) => r.state),
    ).toContain('completed');
    // A day's COD push sent to both at once (two occurrences, two operators): pushed (here skipped:
    // no webhook) once.
    const boss = new PgBoss({
      connectionString: db.url,
      schema: 'pgboss',
      supervise: false,
      schedule: false,
      registerInstance: false,
    });
    boss.on('error', () => {});
    await boss.start();
    try {
      const ids = await Promise.all([
        boss.send(COD_PUSH, { day: '2021-03-04' }),
        boss.send(COD_PUSH, { day: '2021-03-04' }),
      ]);
      const states = () =>
        q<{ state: string }>(
          sql`SELECT state FROM pgboss.job WHERE id IN (${ids[0]}::uuid, ${ids[1]}::uuid)`,
        );
      await until(states, (r) => r.length === 2 && r.every((x) => x.state === 'completed'));
      expect(await q(sql`SELECT result, attempts FROM cod_pushes WHERE business_day = '2021-03-04'`)).toEqual(
        [{ result: CodPushResult.skipped, attempts: 1 }],
      );
    } finally {
      await boss.stop({ graceful: false });
    }
  }, 180_000);

  it('deliver each webhook event once, signed and in order per order, though both work the queue', async () => {
    let answer = 200;
    const receiver = await startReceiver<{ type: string; data: { order?: { id: number } } }>(() => ({
      status: answer,
      body: '{}',
    }));
    try {
      const demo = await a.login('demo', 'demo123');
      const saved = await call(a, contract.webhook.save, {
        token: demo,
        body: {
          url: receiver.url('/h'),
          events: ['order.created', 'order.status_changed', 'order.cancelled'],
        },
      });
      expect(saved.status, saved.raw).toBe(200);
      const secret = saved.body.data.secret!;
      const tokens = { demo, operator: '' };
      const orders = await makeOrders({ call: a.call, database } as unknown as TestApp, tokens, 6, {
        receive: false,
      });
      const cancelled = orders.slice(0, 3).map((o) => o.id);
      expect(
        (await call(b, contract.order.cancelOrder, { token: demo, body: { ids: cancelled } })).status,
      ).toBe(200);
      const expected = orders.length + cancelled.length * 2;
      await until(
        async () => receiver.received.length,
        (n) => n >= expected,
        60_000,
      );
      // Past several polls of both processes: nothing more comes.
      await new Promise((r) => setTimeout(r, 5_000));
      const got = receiver.received;
      expect(got).toHaveLength(expected);
      expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(expected);
      expect(got.every((r) => verifiedByReference(secret, r.headers as Record<string, string>, r.text))).toBe(
        true,
      );
      for (const id of cancelled)
        expect(got.filter((r) => r.body?.data.order?.id === id).map((r) => r.body!.type)).toEqual([
          'order.created',
          'order.status_changed',
          'order.cancelled',
        ]);

      // Events committed before every process is killed are delivered after a restart.
      answer = 503;
      receiver.received.length = 0;
      const [late] = await makeOrders({ call: b.call, database } as unknown as TestApp, tokens, 1, {
        receive: false,
      });
      await Promise.all([a.crash(), b.crash()]);
      answer = 200;
      a = await startServerProcess(env);
      b = await startServerProcess(env);
      const ofLate = (r: Received<{ data: { order?: { id: number } } }>) =>
        r.body?.data.order?.id === late!.id;
      // Delivered once a process takes it again: at its retry when the attempt before the kill was
      // answered (503), at once when none was made, and when its job expires (120 s,
      // webhook-deliver.ts) when the kill landed while the attempt was in flight, as a loaded
      // machine often makes it. The delivery is marked after the receiver's answer.
      const states = await until(
        async () =>
          (
            await database.db.execute<{ state: number }>(sql`
              SELECT d.state FROM webhook_deliveries d JOIN webhook_outbox o ON o.id = d.event_id
              WHERE o.body LIKE ${`%"id":${late!.id},%`}`)
          ).rows.map((r) => r.state),
        (s) => s.length === 1 && s[0] === 1,
        150_000,
      );
      expect(receiver.received.filter(ofLate).length).toBeGreaterThanOrEqual(1);
      expect(states).toEqual([1]);
    } finally {
      await receiver.close();
    }
  }, 330_000);
});
