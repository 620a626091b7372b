import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { processLogger } from '../../src/server/log.ts';
import { API_BASE } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { callerOf, DEMO, useTestApp } from './support/app.ts';
import { call, callRaw } from './support/call.ts';

/**
 * The process log (log.ts) as the server writes it: each API request's line names its caller (user
 * id and account type), and no password, token or key reaches it, whether in a field pino redacts
 * or in a shape of its own (pbo_ keys, whsec_ secrets, bearer tokens, JWTs, token= in a URL).
 */
describe('the process log', () => {
  const t = useTestApp();
  const dir = mkdtempSync(join(tmpdir(), 'parcel-log-'));
  const file = join(dir, 'server.log');
  const log = processLogger('debug', file);
  let app: FastifyInstance;
  const caller = callerOf(() => app);

  beforeAll(async () => {
    app = await buildApp({ config: t.config, database: t.database, logger: log });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const lines = async () => {
    await new Promise<void>((ok) => log.flush(() => ok()));
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown> & { msg: string; req?: { url: string } });
  };

  it("names the caller of each API request, and keeps a login's password and bearer keys out", async () => {
    const [username, password] = DEMO.admin;
    // A refused login (its password is logged nowhere either) and a good one.
    expect(
      (await call(caller, contract.auth.login, { body: { username, password: 'Wrong-pass-9x' } })).status,
    ).not.toBe(200);
    const token = await caller.login(username, password);
    expect((await call(caller, contract.auth.me, { token })).status).toBe(200);
    const customerToken = await caller.login(...DEMO.demo);
    expect((await call(caller, contract.auth.me, { token: customerToken })).status).toBe(200);
    // A key that is no key, a token in a query string, a webhook secret in a logged object.
    const apiKey = 'pbo_AbCdEf0123456789AbCdEf0123456789';
    expect((await call(caller, contract.auth.me, { token: apiKey })).status).toBe(401);
    await callRaw(caller, contract.common.trackingQuery, {
      params: { no: 'NOPE123' },
      query: { token: 'sekrit-in-url-42' },
    });
    app.log.warn(
      {
        password: 'Logged-by-mistake-1',
        user: { refreshToken: 'rt-by-mistake-2' },
        note: 'whsec_abcdef0123456789',
      },
      `calling with Bearer ${token}`,
    );

    const all = await lines();
    const text = JSON.stringify(all);
    for (const secret of [
      password,
      'Wrong-pass-9x',
      token,
      customerToken,
      apiKey,
      'sekrit-in-url-42',
      'Logged-by-mistake-1',
      'rt-by-mistake-2',
      'whsec_abcdef0123456789',
    ])
      expect(text, secret).not.toContain(secret);
    expect(text).toContain('[Redacted]');

    const done = all.filter(
      (l) => l.msg === 'request completed' && l.req?.url === API_BASE + contract.auth.me.path,
    );
    expect(done).toHaveLength(3);
    const [adminLine, customerLine, keyLine] = done;
    expect(adminLine).toMatchObject({ userId: expect.any(Number), accountType: 1 });
    expect(customerLine).toMatchObject({ userId: expect.any(Number), accountType: 2 });
    expect(customerLine?.userId).not.toBe(adminLine?.userId);
    // The refused key names no caller.
    expect(keyLine?.userId).toBeUndefined();
    // A login's line has no caller yet: it is the call that makes the session.
    const login = all.find(
      (l) => l.msg === 'request completed' && l.req?.url === API_BASE + contract.auth.login.path,
    );
    expect(login).toBeDefined();
    expect(login?.userId).toBeUndefined();
  });
});
