import net from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pipelinedTransaction } from '../../src/server/db/client.ts';
import { bindContract } from '../../src/server/http/bind.ts';
import { implement, implementPrefetched } from '../../src/server/http/context.ts';
import { API_BASE, endpoint } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, callRaw, pathOf } from './support/call.ts';

describe('wire conventions', () => {
  const t = useTestApp();

  it('lists validation issues with field paths in the language asked for', async () => {
    const token = await t.login(...DEMO.admin);
    for (const [lang, expected] of [
      ['en', 'Some fields are not valid'],
      ['cn', '以下字段无效'],
      ['ar', 'بعض الحقول غير صالحة'],
      ['xx', '以下字段无效'],
    ] as const) {
      const r = await callRaw(t, contract.system.roleSave, { token, body: { name: '', bogus: 1 }, lang });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(0);
      expect(r.body.msg).toContain(expected);
      expect(r.issues.map((i) => i.path)).toContain('name');
    }
  });

  it('refuses text PostgreSQL cannot store and times out of range, naming the field', async () => {
    const token = await t.login(...DEMO.admin);
    for (const name of ['a\u0000b', 'broken \uD800 surrogate']) {
      const r = await callRaw(t, contract.system.roleSave, { token, body: { name }, lang: 'en' });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        msg: 'This text holds a character that cannot be saved (a null or broken character)',
        data: { issues: [{ path: 'name' }] },
      });
    }
    const year0 = await callRaw(t, contract.order.importLogList, {
      token,
      body: { endTime: '0000-01-01T00:00:00Z' },
      lang: 'en',
    });
    expect(year0.status).toBe(400);
    expect(year0.body.msg).toBe('Enter a time between the years 1900 and 9999');
  });

  it('answers malformed JSON with 400 and the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API_BASE + pathOf(contract.auth.login),
      headers: { 'content-type': 'application/json', 'local-lang': 'en' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 0, msg: 'The request body is not valid JSON' });
  });

  it('sets the security headers and a request id on JSON answers', async () => {
    const r = await call(t, contract.auth.login, { body: { username: 'admin', password: 'admin123' } });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['x-request-id']).toBeTruthy();
  });

  it('never leaks an internal error', async () => {
    const app = Fastify({ logger: false });
    const boom = endpoint({
      method: 'GET',
      path: '/boom',
      kind: 'json',
      summary: 't',
      data: z.null(),
      access: { public: true },
    });
    bindContract(
      app,
      [boom],
      [
        implement(boom, async () => {
          throw new Error('secret internals at /etc/passwd');
        }),
      ],
      { config: t.config, database: t.database, jobs: t.jobs, checkResponses: true },
    );
    const res = await app.inject({ method: 'GET', url: '/boom', headers: { 'local-lang': 'en' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 0,
      msg: 'Unknown error please contact the administrator',
      data: null,
    });
    await app.close();
  });
});

describe('Idempotency-Key', () => {
  const t = useTestApp();

  /**
   * A replayable test call whose every run leaves a trace, so replays can be counted; its first
   * read (the trace's count) is prefetched with the claim, as the PDA's scan does.
   */
  async function replayApp() {
    const app = Fastify({ logger: false });
    const scan = endpoint({
      method: 'POST',
      path: '/scan',
      kind: 'json',
      summary: 'test',
      body: z.object({ no: z.string() }).strict(),
      data: z.object({ run: z.number() }),
      access: { pda: true, staff: true },
      replayable: true,
    });
    let runs = 0;
    const prefetched: unknown[] = [];
    bindContract(
      app,
      [scan],
      [
        implementPrefetched(
          scan,
          async (_, tx) => (await tx.execute(sql`SELECT count(*)::int AS n FROM app_settings`)).rows[0]!.n,
          async ({ body }, ctx, before) => {
            prefetched.push(before);
            if (body.no === 'slow') await new Promise((r) => setTimeout(r, 300));
            if (body.no === 'bad') throw Object.assign(new Error('x'), { statusCode: 500 });
            await ctx.db.execute(
              sql`INSERT INTO app_settings (key, value) VALUES (${`run-${++runs}-${body.no}`}, '{}'::jsonb)`,
            );
            return { run: runs };
          },
        ),
      ],
      { config: t.config, database: t.database, jobs: t.jobs, checkResponses: true },
    );
    return { app, runs: () => runs, prefetched };
  }

  it('replays the stored answer for the same key and body, refuses another body, and 409s while running', async () => {
    const token = await t.login(...DEMO.pda);
    const { app, runs } = await replayApp();
    const send = (key: string, no: string) =>
      app.inject({
        method: 'POST',
        url: '/scan',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key, 'local-lang': 'en' },
        payload: { no },
      });
    const key = '4b0f7a52-8b1c-4d6e-9f3a-2c1d5e6f7a8b';
    const first = await send(key, 'A1');
    expect(first.json()).toMatchObject({ code: 1, data: { run: 1 } });
    const replay = await send(key, 'A1');
    expect(replay.json()).toEqual(first.json());
    expect(runs()).toBe(1);
    const other = await send(key, 'B2');
    expect(other.statusCode).toBe(422);
    expect(other.json().msg).toBe('This request key was already used for a different request');

    const slowKey = '5c1f7a52-8b1c-4d6e-9f3a-2c1d5e6f7a8b';
    const [a, b] = await Promise.all([
      send(slowKey, 'slow'),
      new Promise((r) => setTimeout(r, 100)).then(() => send(slowKey, 'slow')),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(409);

    // A server failure is not stored: the same key may be tried again.
    const failKey = '6d1f7a52-8b1c-4d6e-9f3a-2c1d5e6f7a8b';
    expect((await send(failKey, 'bad')).statusCode).toBe(500);
    expect((await send(failKey, 'bad')).statusCode).toBe(500);

    const badKey = await send('not-a-uuid', 'A1');
    expect(badKey.statusCode).toBe(400);
    await app.close();
  });

  it('keeps keys per user', async () => {
    const { app } = await replayApp();
    const key = '7e1f7a52-8b1c-4d6e-9f3a-2c1d5e6f7a8b';
    const a = await t.login(...DEMO.pda);
    const b = await t.login(...DEMO.admin);
    const send = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/scan',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
        payload: { no: 'C3' },
      });
    const ra = await send(a);
    const rb = await send(b);
    expect(ra.json().data.run).not.toBe(rb.json().data.run);
    await app.close();
  });

  it('reads the session in the round trip of the claim: a logged-out or refused account and a bad body answer as without a key and leave the key unused', async () => {
    const { app, runs, prefetched } = await replayApp();
    const key = '8f1f7a52-8b1c-4d6e-9f3a-2c1d5e6f7a8b';
    const send = (token: string, payload: unknown) =>
      app.inject({
        method: 'POST',
        url: '/scan',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key, 'local-lang': 'en' },
        payload: payload as Record<string, unknown>,
      });
    const gone = await t.login(...DEMO.pda);
    expect((await call(t, contract.auth.loginOut, { token: gone })).status).toBe(200);
    const out = await send(gone, { no: 'D4' });
    expect(out.statusCode).toBe(401);
    expect(out.json().code).toBe(6);
    const customer = await send(await t.login(...DEMO.demo), { no: 'D4' });
    expect(customer.statusCode).toBe(403);
    const pda = await t.login(...DEMO.pda);
    expect((await send(pda, { no: 4 })).statusCode).toBe(400);
    expect(runs()).toBe(0);
    // Nothing of those stayed: the key is claimed by the live session's call, which runs once.
    const done = await send(pda, { no: 'D4' });
    expect(done.json()).toMatchObject({ code: 1, data: { run: 1 } });
    expect(prefetched).toEqual([expect.any(Number)]);
    const keys = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1',
      [key],
    );
    expect(keys.rows[0].n).toBe(1);
    await app.close();
  });

  it('sends BEGIN, the session, the claim and the first read in one round trip and COMMIT with the record of the answer, each round trip in one write to the socket', async () => {
    const { app } = await replayApp();
    const token = await t.login(...DEMO.pda);
    const send = (key: string) =>
      app.inject({
        method: 'POST',
        url: '/scan',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
        payload: { no: 'E5' },
      });
    await send('9a1f7a52-8b1c-4d6e-9f3a-2c1d5e6f7a8b'); // the grants of the pda's roles, read once
    type Internals = { _activeQuery: unknown; _sentQueryQueue: unknown[]; _queryQueue: unknown[] };
    const trips: string[][] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client & Internals, ...args: unknown[]) {
      const q = args[0] as string | { text: string };
      const text = (typeof q === 'string' ? q : q.text).trim().split(/\s+/).slice(0, 2).join(' ');
      const waiting = this._activeQuery || this._sentQueryQueue.length > 0 || this._queryQueue.length > 0;
      if (waiting && trips.length) trips.at(-1)!.push(text);
      else trips.push([text]);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    // app.inject uses no socket: every write to a socket here goes to the database.
    let writes = 0;
    const { _write, _writev } = net.Socket.prototype as unknown as Record<
      string,
      (...a: unknown[]) => unknown
    >;
    const socket = net.Socket.prototype as unknown as Record<string, unknown>;
    socket._write = function (this: unknown, ...a: unknown[]) {
      writes++;
      return _write!.apply(this, a);
    };
    socket._writev = function (this: unknown, ...a: unknown[]) {
      writes++;
      return _writev!.apply(this, a);
    };
    try {
      expect((await send('0b2f7a52-8b1c-4d6e-9f3a-2c1d5e6f7a8b')).statusCode).toBe(200);
    } finally {
      pg.Client.prototype.query = query;
      socket._write = _write;
      socket._writev = _writev;
    }
    expect(trips).toEqual([
      ['begin', 'SELECT u.id,', 'WITH l', 'SELECT count(*)::int'],
      ['INSERT INTO'],
      ['UPDATE idempotency_keys', 'commit'],
    ]);
    expect(writes).toBe(3);
    await app.close();
  });

  it('pipelinedTransaction commits behind the last statement, and a failure of that statement or of the work rolls all back', async () => {
    const db = t.database.db;
    const count = async (like: string) =>
      (await t.database.pool.query('SELECT count(*)::int AS n FROM app_settings WHERE key LIKE $1', [like]))
        .rows[0].n as number;
    const put = (tx: typeof db, k: string) =>
      tx.execute(sql`INSERT INTO app_settings (key, value) VALUES (${k}, '{}'::jsonb)`);
    await pipelinedTransaction(db, async (tx, commitAfter) => {
      await put(tx, 'pt-a1');
      await commitAfter(() => put(tx, 'pt-a2'));
    });
    expect(await count('pt-a%')).toBe(2);
    await expect(
      pipelinedTransaction(db, async (tx, commitAfter) => {
        await put(tx, 'pt-b1');
        await commitAfter(() => put(tx, 'pt-a1')); // a duplicate key: the COMMIT behind it rolls back
      }),
    ).rejects.toThrow(/Failed query: INSERT INTO app_settings/);
    expect(await count('pt-b%')).toBe(0);
    await expect(
      pipelinedTransaction(db, async (tx) => {
        await put(tx, 'pt-c1');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await count('pt-c%')).toBe(0);
    await pipelinedTransaction(db, async (tx) => put(tx, 'pt-d1'));
    expect(await count('pt-d%')).toBe(1);
    // The connections went back to the pool in a clean state.
    expect((await t.database.pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
  });
});
