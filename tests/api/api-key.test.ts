import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { callerOf, DEMO, useTestApp } from './support/app.ts';
import { call, callWith } from './support/call.ts';
import { idsByCode } from './support/movement.ts';
import { prepaidRiyadhOrder } from './support/order-body.ts';
import { setDemoSubRights } from './support/sub-rights.ts';

/**
 * API keys: a customer's system calls the same API with a key that acts as its customer, within
 * the rights of the account that made it, never as staff; revoked or expired, it answers code 6 at
 * once in every process; it is rate limited per key across processes.
 */
describe('API keys', () => {
  const t = useTestApp();
  const tokens: Record<string, string> = {};
  let orderBody: () => Body<typeof contract.order.create>;
  /** A second server process on the same database, with a low rate limit. */
  let second: { app: FastifyInstance; database: Database };

  beforeAll(async () => {
    for (const who of ['admin', 'service', 'demo', 'demoSub', 'other'] as const) {
      const [username, password] = DEMO[who];
      tokens[who] = await t.login(username, password);
    }
    // The demo clerk manages no keys until its main account lets it (tests/api/sub-rights.test.ts).
    await setDemoSubRights(t, tokens.demo!);
    const region = await idsByCode(t, 'regions');
    const channel = await idsByCode(t, 'shipping_channels');
    orderBody = () => prepaidRiyadhOrder(region, channel['CN-SA-AIR-COD']);
    const config = loadConfig({
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: t.config.databaseUrl,
      TOKEN_SECRET: 'test-secret-0123456789-0123456789-0123456789',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      API_KEY_RATE_LIMIT: '5',
    });
    const database = openDatabase(config.databaseUrl!, 3);
    second = { app: await buildApp({ config, database, checkResponses: true, logger: false }), database };
    await second.app.ready();
  });

  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  const create = async (token: string, body: Body<typeof contract.apiKey.create>) => {
    const r = await call(t, contract.apiKey.create, { token, body, lang: 'en' });
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const toSecond = callerOf(() => second.app);
  const onSecond = <E extends EndpointDef>(
    secret: string,
    entry: E,
    body = { pageNo: 1, pageSize: 5 } as Body<E>,
  ) => callWith(toSecond, entry, { token: secret, lang: 'en', body });

  it('shows the secret once, stores only its hash, and lists the key without it', async () => {
    const made = await create(tokens.demo!, { name: 'ERP' });
    expect(made.secret).toMatch(/^pbo_[A-Za-z0-9_-]{43}$/);
    expect(made.key).toMatchObject({
      name: 'ERP',
      actingUsername: 'demo',
      createdBy: 'demo',
      state: 'active',
    });
    expect(made.secret.startsWith(made.key.prefix)).toBe(true);
    const stored = await t.database.pool.query('SELECT hash FROM api_keys WHERE id = $1', [made.key.recId]);
    expect(stored.rows[0].hash).not.toContain(made.secret.slice(4));
    const list = await call(t, contract.apiKey.list, {
      token: tokens.demo,
      body: {},
    });
    expect(list.raw).not.toContain(made.secret);
    expect(list.body.data.records.map((k) => k.recId)).toContain(made.key.recId);
  });

  it('acts as its customer: own records only, another customer’s answer 404, never staff', async () => {
    const { secret } = await create(tokens.demo!, { name: 'shop' });
    const foreign = await call(t, contract.order.create, { token: tokens.other, body: orderBody() });
    expect(foreign.status).toBe(200);
    const mine = await call(t, contract.order.create, { token: secret, body: orderBody() });
    expect(mine.status, mine.raw).toBe(200);
    const demoId = mine.body.data.customerId;

    const list = await call(t, contract.order.list, {
      token: secret,
      body: { pageNo: 1, pageSize: 500 },
    });
    expect(list.status).toBe(200);
    expect(list.body.data.records.length).toBeGreaterThan(0);
    expect(list.body.data.records.every((o) => o.customerId === demoId)).toBe(true);
    expect(list.raw).not.toContain(foreign.body.data.trackingNo);

    const detail = await call(t, contract.order.getOrderDetail, {
      params: { id: foreign.body.data.recId },
      token: secret,
    });
    expect(detail.status).toBe(404);
    const cancel = await call(t, contract.order.cancelOrder, {
      token: secret,
      body: { ids: [foreign.body.data.recId] },
    });
    expect(cancel.status).toBe(404);
    const label = await call(t, contract.order.batchPrintLabel, {
      token: secret,
      body: { ids: [mine.body.data.recId] },
    });
    expect(label.status, label.raw).toBe(200);

    // Calls that do not accept a key refuse it, whatever its account could do with a session.
    const token = secret;
    for (const send of [
      () => call(t, contract.customer.list, { token, body: {} }),
      () => call(t, contract.system.userList, { token, body: {} }),
      () => call(t, contract.auth.me, { token }),
      () => call(t, contract.apiKey.create, { token, body: { name: 'from a key' } }),
      () => call(t, contract.apiKey.list, { token, body: {} }),
      () =>
        call(t, contract.order.addRemark, { token, body: { orderId: mine.body.data.recId, content: 'x' } }),
    ]) {
      const r = await send();
      expect(r.status, `${send}: ${r.raw}`).toBe(403);
    }
  });

  it('creates an order once per Idempotency-Key', async () => {
    const { secret } = await create(tokens.demo!, { name: 'retries' });
    const body = orderBody();
    const key = randomUUID();
    const first = await call(t, contract.order.create, {
      token: secret,
      body,
      headers: { 'idempotency-key': key },
    });
    const again = await call(t, contract.order.create, {
      token: secret,
      body,
      headers: { 'idempotency-key': key },
    });
    expect(first.status, first.raw).toBe(200);
    expect(again.body.data.recId).toBe(first.body.data.recId);
    const other = await call(t, contract.order.create, {
      token: secret,
      body: { ...body, weight: '2.000' },
      headers: { 'idempotency-key': key },
    });
    expect(other.status).toBe(422);
  });

  it('narrows a key to its scopes', async () => {
    const { secret } = await create(tokens.demo!, { name: 'tracking only', scopes: ['orders:read'] });
    expect((await call(t, contract.order.list, { token: secret, body: {} })).status).toBe(200);
    expect((await call(t, contract.order.create, { token: secret, body: orderBody() })).status).toBe(403);
  });

  it('records when and from where it was last used', async () => {
    const { key, secret } = await create(tokens.demo!, { name: 'used' });
    expect(key.lastUsedAt).toBeNull();
    await call(t, contract.order.list, { token: secret, body: {} });
    const list = await call(t, contract.apiKey.list, {
      token: tokens.demo,
      body: {},
    });
    const seen = list.body.data.records.find((k) => k.recId === key.recId)!;
    expect(seen.lastUsedAt).not.toBeNull();
    expect(seen.lastUsedIp).toBe('127.0.0.1');
  });

  it('answers code 6 at once in both processes when revoked or expired', async () => {
    const a = await create(tokens.demo!, { name: 'to revoke' });
    const b = await create(tokens.demo!, {
      name: 'to expire',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    for (const s of [a.secret, b.secret]) {
      expect((await call(t, contract.order.list, { token: s, body: {} })).status).toBe(200);
      expect((await onSecond(s, contract.order.list)).status).toBe(200);
    }
    const revoked = await call(t, contract.apiKey.revoke, {
      params: { id: a.key.recId },
      token: tokens.demo,
    });
    expect(revoked.body.data.state).toBe('revoked');
    await t.database.pool.query(
      "UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1",
      [b.key.recId],
    );
    for (const s of [a.secret, b.secret]) {
      const here = await call(t, contract.order.list, { token: s, body: {} });
      expect([here.status, here.body.code]).toEqual([401, 6]);
      const there = await onSecond(s, contract.order.list);
      expect([there.status, there.body.code]).toEqual([401, 6]);
    }
    const past = await call(t, contract.apiKey.create, {
      token: tokens.demo,
      body: { name: 'past', expiresAt: new Date(Date.now() - 1000).toISOString() },
    });
    expect(past.status).toBe(400);
  });

  it('limits the calls of one key per second, across processes, with Retry-After', async () => {
    const { secret } = await create(tokens.demo!, { name: 'busy' });
    const { secret: calm } = await create(tokens.demo!, { name: 'calm' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => onSecond(secret, contract.order.list)),
    );
    const limited = answers.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(10);
    expect(limited[0]!.headers['retry-after']).toBe('1');
    // Another key is not held back by this one.
    expect((await onSecond(calm, contract.order.list)).status).toBe(200);
  });

  it('refuses a call its key may not make with 403, not counted against the rate', async () => {
    const { key, secret } = await create(tokens.demo!, { name: 'narrow', scopes: ['orders:read'] });
    // Not open to keys at all, and open to keys but outside this key's scopes: 403 however often
    // (the second process allows 5 calls a second).
    const sends: (() => Promise<{ status: number }>)[] = [
      () => onSecond(secret, contract.webhook.list, {}),
      () => onSecond(secret, contract.order.create, orderBody()),
    ];
    for (const send of sends) {
      const answers = await Promise.all(Array.from({ length: 12 }, send));
      expect(answers.map((r) => r.status)).toEqual(Array(12).fill(403));
    }
    const counter = () =>
      t.database.pool.query('SELECT rate_count, last_used_at FROM api_keys WHERE id = $1', [key.recId]);
    const refused = (await counter()).rows[0];
    expect(refused.rate_count).toBe(0);
    expect(refused.last_used_at).not.toBeNull();
    expect((await onSecond(secret, contract.order.list)).status).toBe(200);
    expect((await counter()).rows[0].rate_count).toBe(1);
  });

  it('lets a main account manage its customer’s keys and a sub-account only its own', async () => {
    const mainKey = await create(tokens.demo!, { name: 'main' });
    const subKey = await create(tokens.demoSub!, { name: 'sub' });
    expect(subKey.key.actingUsername).toBe('demo-sub');
    const ids = async (token: string) =>
      (
        await call(t, contract.apiKey.list, {
          token,
          body: { pageSize: 500 },
        })
      ).body.data.records.map((k) => k.recId);
    expect(await ids(tokens.demo!)).toEqual(expect.arrayContaining([mainKey.key.recId, subKey.key.recId]));
    const subSees = await ids(tokens.demoSub!);
    expect(subSees).toContain(subKey.key.recId);
    expect(subSees).not.toContain(mainKey.key.recId);
    expect(await ids(tokens.other!)).not.toContain(mainKey.key.recId);

    expect(
      (await call(t, contract.apiKey.revoke, { params: { id: mainKey.key.recId }, token: tokens.demoSub }))
        .status,
    ).toBe(404);
    expect(
      (await call(t, contract.apiKey.revoke, { params: { id: mainKey.key.recId }, token: tokens.other }))
        .status,
    ).toBe(404);
    expect(
      (await call(t, contract.apiKey.revoke, { params: { id: subKey.key.recId }, token: tokens.demo }))
        .status,
    ).toBe(200);

    const me = await call(t, contract.auth.me, { token: tokens.other });
    const elsewhere = await call(t, contract.apiKey.create, {
      token: tokens.demoSub,
      body: { name: 'for another customer', customerId: me.body.data.customerId },
    });
    expect(elsewhere.status).toBe(403);
  });

  it('lets staff holding the permission make a key for a customer, acting as its main account', async () => {
    const me = await call(t, contract.auth.me, { token: tokens.other });
    const customerId = me.body.data.customerId;
    const made = await create(tokens.admin!, { name: 'onboarding', customerId });
    expect(made.key).toMatchObject({ customerId, actingUsername: 'other', createdBy: 'admin' });
    const list = await call(t, contract.order.list, { token: made.secret, body: {} });
    expect(list.body.data.records.every((o) => o.customerId === customerId)).toBe(true);
    // A key made by staff is still no staff: staff calls refuse it.
    expect((await call(t, contract.customer.list, { token: made.secret, body: {} })).status).toBe(403);

    const missing = await call(t, contract.apiKey.create, { token: tokens.admin, body: { name: 'x' } });
    expect(missing.status).toBe(400);
    // Customer service holds no API key permission.
    const service = await call(t, contract.apiKey.create, {
      token: tokens.service,
      body: { name: 'x', customerId },
    });
    expect(service.status).toBe(403);
    const staffList = await call(t, contract.apiKey.list, {
      token: tokens.admin,
      body: { customerId },
    });
    expect(staffList.body.data.records.every((k) => k.customerId === customerId)).toBe(true);
    expect(staffList.body.data.records.map((k) => k.recId)).toContain(made.key.recId);
  });

  it('answers code 6 for an unknown key, and lets it read the public tracking', async () => {
    const r = await call(t, contract.order.list, { token: `pbo_${'x'.repeat(43)}`, body: {} });
    expect([r.status, r.body.code]).toEqual([401, 6]);
    const { secret } = await create(tokens.demo!, { name: 'tracking' });
    const mine = await call(t, contract.order.create, { token: secret, body: orderBody() });
    const track = await call(t, contract.common.trackingQuery, {
      params: { no: mine.body.data.trackingNo },
      token: secret,
    });
    expect(track.status).toBe(200);
    expect(track.body.data).toHaveLength(1);
  });
});
