import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { callerOf, useTestApp } from './support/app.ts';
import { call } from './support/call.ts';

describe('login, tokens and sessions', () => {
  const t = useTestApp();

  it('logs in and answers a token pair that opens the API', async () => {
    const r = await call(t, contract.auth.login, {
      body: { username: 'admin', password: 'admin123' },
    });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(1);
    expect(r.body.data.expiresIn).toBe(3600);
    expect(r.body.data.user).toMatchObject({ username: 'admin', type: 1 });
    const me = await call(t, contract.auth.me, { token: r.body.data.token });
    expect(me.body.data.username).toBe('admin');
  });

  it('trims the username (spec: inputs are trimmed)', async () => {
    const r = await call(t, contract.auth.login, { body: { username: '  demo ', password: 'demo123' } });
    expect(r.status).toBe(200);
  });

  it('answers the same message for a wrong password and an unknown user', async () => {
    const wrong = await call(t, contract.auth.login, {
      body: { username: 'finance', password: 'nope-nope' },
      lang: 'en',
    });
    const unknown = await call(t, contract.auth.login, {
      body: { username: 'nobody', password: 'nope-nope' },
      lang: 'en',
    });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body.msg).toBe('Wrong username or password');
    expect(unknown.body.msg).toBe(wrong.body.msg);
    expect(JSON.stringify(wrong.body)).not.toContain('nope-nope');
  });

  it('refuses a call without a token, or with a forged one, with code 6 and HTTP 401', async () => {
    const none = await call(t, contract.system.getUserMenus, { lang: 'en' });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ code: 6, msg: 'Your session has ended, please log in again', data: null });
    const forged = await call(t, contract.system.getUserMenus, {
      token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
    });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe(6);
  });

  it('logout revokes the token at once', async () => {
    const token = await t.login('service', 'service123');
    expect((await call(t, contract.system.getUserMenus, { token })).status).toBe(200);
    const out = await call(t, contract.auth.loginOut, { token });
    expect(out.body.code).toBe(1);
    expect((await call(t, contract.system.getUserMenus, { token })).status).toBe(401);
  });

  it('refresh renews the pair and spends the old refresh token', async () => {
    const first = await call(t, contract.auth.login, {
      body: { username: 'operator', password: 'operator123' },
    });
    const renewed = await call(t, contract.auth.refresh, {
      body: { refreshToken: first.body.data.refreshToken },
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.refreshToken).not.toBe(first.body.data.refreshToken);
    expect((await call(t, contract.auth.me, { token: renewed.body.data.token })).status).toBe(200);
    const again = await call(t, contract.auth.refresh, {
      body: { refreshToken: first.body.data.refreshToken },
    });
    expect(again.status).toBe(401);
    const junk = await call(t, contract.auth.refresh, {
      body: { refreshToken: 'not-a-real-refresh-token' },
    });
    expect(junk.status).toBe(401);
  });

  it('changing the own password checks the rules and ends every session of the user', async () => {
    const token = await t.login('demo-sub', 'demo123');
    const other = await t.login('demo-sub', 'demo123');
    const short = await call(t, contract.system.updatePasswordByUser, {
      token,
      lang: 'en',
      body: { password: 'demo123', newPassword: '12345', checkPassword: '12345' },
    });
    expect(short.status).toBe(400);
    expect(short.body.msg).toContain('The new password is at least 6 digits');
    const mismatch = await call(t, contract.system.updatePasswordByUser, {
      token,
      lang: 'en',
      body: { password: 'demo123', newPassword: '1234567', checkPassword: '7654321' },
    });
    expect(mismatch.body.msg).toContain('Please enter the same password');
    const wrongOld = await call(t, contract.system.updatePasswordByUser, {
      token,
      lang: 'en',
      body: { password: 'wrong-old', newPassword: '1234567', checkPassword: '1234567' },
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.msg).toBe('The old password is not correct');
    const empty = await call(t, contract.system.updatePasswordByUser, {
      token,
      lang: 'cn',
      body: { password: '', newPassword: '', checkPassword: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toContain('旧密码不能为空');
    const good = await call(t, contract.system.updatePasswordByUser, {
      token,
      body: { password: 'demo123', newPassword: 'new-secret-1', checkPassword: 'new-secret-1' },
    });
    expect(good.body.code).toBe(1);
    expect((await call(t, contract.system.getUserMenus, { token })).status).toBe(401);
    expect((await call(t, contract.system.getUserMenus, { token: other })).status).toBe(401);
    expect(
      (await call(t, contract.auth.login, { body: { username: 'demo-sub', password: 'demo123' } })).status,
    ).toBe(400);
    await t.login('demo-sub', 'new-secret-1');
  });

  it('disabling an account ends its sessions', async () => {
    const admin = await t.login('admin', 'admin123');
    const token = await t.login('finance', 'finance123');
    const u = await call(t, contract.system.userList, {
      token: admin,
      body: { username: 'finance' },
    });
    const finance = u.body.data.records.find((r) => r.username === 'finance')!;
    const full = await call(t, contract.system.userGetById, {
      token: admin,
      body: { recId: finance.recId },
    });
    const { recId, username, nickname, type, customerId, email, phone, roleIds } = full.body.data;
    const saved = await call(t, contract.system.userSave, {
      token: admin,
      body: { recId, username, nickname, type, customerId, email, phone, roleIds, status: 2 },
    });
    expect(saved.body.code).toBe(1);
    expect((await call(t, contract.system.getUserMenus, { token })).status).toBe(401);
    expect(
      (await call(t, contract.auth.login, { body: { username: 'finance', password: 'finance123' } })).status,
    ).toBe(400);
  });

  it('throttles after 10 failures for one username with a translated 429', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await call(t, contract.auth.login, { body: { username: 'pda', password: `wrong-${i}` } });
      expect(r.status).toBe(400);
    }
    const blocked = await call(t, contract.auth.login, {
      body: { username: 'pda', password: 'pda123' },
      lang: 'ar',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toBe('محاولات تسجيل دخول فاشلة كثيرة، يرجى المحاولة بعد 15 دقيقة');
    // Another account from the same address is not blocked by this username's failures.
    expect(
      (await call(t, contract.auth.login, { body: { username: 'other', password: 'other123' } })).status,
    ).toBe(200);
    // Failures older than the window no longer count.
    await t.database.db.execute(sql`UPDATE login_attempts SET at = at - interval '16 minutes'`);
    expect(
      (await call(t, contract.auth.login, { body: { username: 'pda', password: 'pda123' } })).status,
    ).toBe(200);
  });

  it('a second server on the same database refuses a revoked token at once', async () => {
    // Another server process: its own pool and its own copy of the secret (so its own caches).
    const database = openDatabase(t.config.databaseUrl!, 2);
    const config = { ...t.config, tokenSecret: Uint8Array.from(t.config.tokenSecret) };
    const other = await buildApp({ config, database, logger: false });
    const onOther = async (token: string) =>
      (
        await call(
          callerOf(() => other),
          contract.auth.me,
          { token },
        )
      ).status;
    try {
      const out = await t.login('service', 'service123');
      expect(await onOther(out)).toBe(200);
      expect(await onOther(out)).toBe(200);
      await call(t, contract.auth.loginOut, { token: out });
      expect(await onOther(out)).toBe(401);

      const changed = await t.login('other', 'other123');
      expect(await onOther(changed)).toBe(200);
      const good = await call(t, contract.system.updatePasswordByUser, {
        token: changed,
        body: { password: 'other123', newPassword: 'other-1234', checkPassword: 'other-1234' },
      });
      expect(good.body.code).toBe(1);
      expect(await onOther(changed)).toBe(401);

      const admin = await t.login('admin', 'admin123');
      const disabled = await t.login('operator', 'operator123');
      expect(await onOther(disabled)).toBe(200);
      await t.database.db.execute(sql`UPDATE users SET status = 2 WHERE username = 'operator'`);
      expect(await onOther(disabled)).toBe(401);
      expect(await onOther(admin)).toBe(200);
    } finally {
      await other.close();
      await database.close();
    }
  });
});
