import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../src/server/modules/auth/tokens.ts';
import { API_BASE } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, pathOf } from './support/call.ts';

/**
 * Sessions under attack: throttling by address as well as by username, the same answer (and about
 * the same time) for an unknown user, refresh tokens dying with their session, and access tokens
 * that are expired, unsigned, re-signed or meant for another audience.
 */
describe('sessions and login under attack', () => {
  const t = useTestApp();

  // From a given address: an inject of its own (call() has no remoteAddress).
  const loginFrom = (ip: string, username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: API_BASE + pathOf(contract.auth.login),
      remoteAddress: ip,
      headers: { 'local-lang': 'en' },
      payload: { username, password },
    });
  const pairOf = async (username: string, password: string) => {
    const r = await call(t, contract.auth.login, { body: { username, password } });
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const refresh = (refreshToken: string) => call(t, contract.auth.refresh, { body: { refreshToken } });
  const me = (token: string) => call(t, contract.auth.me, { token });

  it('throttles an address after 30 failures over any usernames, and only that address', async () => {
    for (let i = 0; i < 30; i++) {
      const r = await loginFrom('203.0.113.7', `nobody-${i}`, 'wrong-password');
      expect(r.statusCode).toBe(400);
    }
    const blocked = await loginFrom('203.0.113.7', 'admin', 'admin123');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe('Too many failed login attempts, please try again in 15 minutes');
    expect((await loginFrom('203.0.113.8', 'admin', 'admin123')).statusCode).toBe(200);
    // 32 password checks (scrypt, each tens of milliseconds of CPU): slow on a loaded machine.
  }, 180_000);

  it('answers an unknown user as a wrong password, in about the same time', async () => {
    const timed = async (username: string) => {
      const started = performance.now();
      const r = await loginFrom('198.51.100.9', username, 'not-the-password');
      return { ms: performance.now() - started, body: r.json(), status: r.statusCode };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      const k = await timed('finance');
      const u = await timed(`ghost-${i}`);
      expect(u.status).toBe(k.status);
      expect(u.body).toEqual(k.body);
      known.push(k.ms);
      unknown.push(u.ms);
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Without the dummy hash an unknown user would answer in a fraction of the password check's
    // time (scrypt is tens of milliseconds); the bound is wide because the machine is shared.
    const ratio = median(unknown) / median(known);
    expect(ratio, `unknown ${median(unknown)} ms, known ${median(known)} ms`).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });

  it('ends the refresh token with its session: logout, password change, disabled account', async () => {
    const out = await pairOf(...DEMO.service);
    expect((await call(t, contract.auth.loginOut, { token: out.token })).status).toBe(200);
    expect((await refresh(out.refreshToken)).status).toBe(401);

    const changed = await pairOf(...DEMO.operator);
    const r = await call(t, contract.system.updatePasswordByUser, {
      token: changed.token,
      body: { password: 'operator123', newPassword: 'operator456', checkPassword: 'operator456' },
    });
    expect(r.status, r.raw).toBe(200);
    expect((await refresh(changed.refreshToken)).status).toBe(401);
    expect((await me(changed.token)).status).toBe(401);

    const admin = await pairOf(...DEMO.admin);
    const disabled = await pairOf(...DEMO.pda);
    await t.database.db.execute(sql`UPDATE users SET status = 2 WHERE username = 'pda'`);
    expect((await me(disabled.token)).status).toBe(401);
    expect((await refresh(disabled.refreshToken)).body.code).toBe(6);
    await t.database.db.execute(sql`UPDATE users SET status = 1 WHERE username = 'pda'`);
    expect((await me(admin.token)).status).toBe(200);
  });

  it('refuses an expired session and an expired access token', async () => {
    const pair = await pairOf(...DEMO.finance);
    const sid = pair.refreshToken.split('.')[0]!;
    await t.database.db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = ${sid}`,
    );
    expect((await refresh(pair.refreshToken)).status).toBe(401);
    expect((await me(pair.token)).status).toBe(401);

    const live = await pairOf(...DEMO.finance);
    const claims = JSON.parse(Buffer.from(live.token.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      sid: string;
    };
    const old = await signAccessToken(
      t.config.tokenSecret,
      { userId: Number(claims.sub), sessionId: claims.sid },
      Date.now() - 2 * 3600_000,
    );
    const expired = await me(old);
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe(6);
    expect((await me(live.token)).status).toBe(200);
  });

  it('refuses tampered tokens: alg none, a wrong signature, another audience, issuer or user', async () => {
    const live = await pairOf(...DEMO.demo);
    const [header, payload, signature] = live.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const sign = (c: Record<string, unknown>, secret = t.config.tokenSecret, alg = 'HS256') =>
      new SignJWT(c).setProtectedHeader({ alg, typ: 'JWT' }).sign(secret);
    const admin = await t.database.db.execute<{ id: number }>(
      sql`SELECT id FROM users WHERE username = 'admin'`,
    );
    const forged = {
      algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      algNoneAdmin: `${b64({ alg: 'none' })}.${b64({ ...claims, sub: String(admin.rows[0]!.id) })}.`,
      badSignature: `${header}.${payload}.${signature.slice(0, -4)}${signature.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`,
      otherSecret: await sign(claims, new TextEncoder().encode('another-secret-0123456789-0123456789')),
      otherAudience: await sign({ ...claims, aud: 'some-other-api' }),
      otherIssuer: await sign({ ...claims, iss: 'someone-else' }),
      otherAlgorithm: await sign(claims, t.config.tokenSecret, 'HS512'),
      // The signature is ours, but the session belongs to the demo account, not to the administrator.
      otherUser: await sign({ ...claims, sub: String(admin.rows[0]!.id) }),
      payloadSwapped: `${header}.${b64({ ...claims, sub: String(admin.rows[0]!.id) })}.${signature}`,
      garbage: 'not.a.token',
    };
    for (const [name, token] of Object.entries(forged)) {
      const r = await me(token);
      expect(r.status, name).toBe(401);
      expect(r.body.code, name).toBe(6);
    }
    expect((await me(live.token)).status).toBe(200);
  });
  it('checks at most 10 of 40 parallel wrong guesses for one username, and lets the owner in from elsewhere', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => loginFrom('203.0.113.20', 'finance', `guess-${i}`)),
    );
    const checked = answers.filter((r) => r.statusCode === 400).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(answers.filter((r) => r.statusCode === 429).length).toBe(40 - checked);
    const rows = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM login_attempts WHERE username = 'finance' AND ip = '203.0.113.20'`,
    );
    expect(rows.rows[0]!.n).toBeLessThanOrEqual(10);
    // The right password from the attacked address waits; from the owner's own address it works.
    const blocked = await loginFrom('203.0.113.20', 'finance', 'finance123');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await loginFrom('198.51.100.77', 'finance', 'finance123')).statusCode).toBe(200);
  }, 180_000);

  it('slows guesses from many addresses with growing delays instead of locking the owner out', async () => {
    // 20 failures from 20 addresses: below every per-address limit, at the username's free limit.
    for (let i = 0; i < 20; i++)
      expect((await loginFrom(`192.0.2.${i + 1}`, 'service', 'wrong-password')).statusCode).toBe(400);
    const delayed = await loginFrom('198.51.100.78', 'service', 'service123');
    expect(delayed.statusCode).toBe(429);
    expect(delayed.json().msg).toMatch(/try again in \d+ seconds/);
    const wait = Number(delayed.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(2);
    // Once the delay has passed, the owner's right password logs in: no hard lock.
    await t.database.db.execute(
      sql`UPDATE login_attempts SET at = at - interval '3 seconds' WHERE username = 'service'`,
    );
    expect((await loginFrom('198.51.100.78', 'service', 'service123')).statusCode).toBe(200);
  }, 180_000);

  it('ends the whole session when a spent refresh token is presented again', async () => {
    const first = await pairOf(...DEMO.demo);
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    expect((await me(second.body.data.token)).status).toBe(200);
    // The spent token again (a thief's copy, or the owner's after a thief refreshed): the family ends.
    const reused = await refresh(first.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe(6);
    expect((await me(second.body.data.token)).status).toBe(401);
    expect((await refresh(second.body.data.refreshToken)).status).toBe(401);
    // A token that was never this session's does not end it.
    const other = await pairOf(...DEMO.demo);
    const [sid] = other.refreshToken.split('.');
    expect((await refresh(`${sid}.${'A'.repeat(43)}`)).status).toBe(401);
    expect((await me(other.token)).status).toBe(200);
  });
});
