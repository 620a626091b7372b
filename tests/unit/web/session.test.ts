import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../src/shared/contract/auth.ts';
import { setNotifier } from '../../../src/web/api/handlers.ts';
import { activateLocale } from '../../../src/web/i18n.ts';
import { homePath, LOGOUT_TIMEOUT_MS, login, logout } from '../../../src/web/session/auth.ts';
import { clearSession, getSession, setSession, subscribeSession } from '../../../src/web/session/store.ts';

const BASE = 'http://api.test/api/common/v1';
const user: SessionUser = {
  recId: 2,
  username: 'pda',
  nickname: '',
  type: 4,
  customerId: null,
  customerName: null,
  roles: [],
  fileDomain: '',
  timeZone: 'Asia/Shanghai',
};

const server = setupServer();
const notify = vi.fn();

beforeAll(async () => {
  vi.stubEnv('VITE_API_BASE', BASE);
  server.listen({ onUnhandledFrame: 'error' });
  await activateLocale('en');
  setNotifier(notify);
});
afterEach(() => {
  server.resetHandlers();
  clearSession();
  notify.mockClear();
});
afterAll(() => {
  server.close();
  vi.unstubAllEnvs();
});

describe('login', () => {
  it('trims the username and stores the session', async () => {
    let sent: unknown;
    server.use(
      http.post(`${BASE}/login`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          code: 1,
          msg: 'Success',
          data: { token: 'a', refreshToken: 'r', expiresIn: 3600, tokenType: 'Bearer', user },
        });
      }),
    );
    const seen: unknown[] = [];
    const stop = subscribeSession((s) => seen.push(s?.user.username ?? null));
    await expect(login({ username: '  pda ', password: ' pda123 ' })).resolves.toEqual(user);
    stop();
    expect(sent).toEqual({ username: 'pda', password: ' pda123 ' });
    expect(getSession()).toEqual({ token: 'a', refreshToken: 'r', user });
    expect(seen).toEqual(['pda']);
  });

  it('stores nothing when refused', async () => {
    server.use(
      http.post(`${BASE}/login`, () =>
        HttpResponse.json({ code: 0, msg: 'Wrong username or password', data: null }, { status: 400 }),
      ),
    );
    await expect(login({ username: 'pda', password: 'nope' })).rejects.toMatchObject({ status: 400 });
    expect(getSession()).toBeNull();
    expect(notify).toHaveBeenCalledWith('Wrong username or password');
  });
});

describe('logout', () => {
  it('calls loginOut with the token, then clears the session', async () => {
    let authorization: string | null = null;
    server.use(
      http.get(`${BASE}/loginOut`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ code: 1, msg: 'Success', data: null });
      }),
    );
    setSession({ token: 'a', refreshToken: 'r', user });
    await logout();
    expect(authorization).toBe('Bearer a');
    expect(getSession()).toBeNull();
  });

  it.each([
    ['offline', () => HttpResponse.error()],
    [
      'session already ended',
      () => HttpResponse.json({ code: 6, msg: 'Ended', data: null }, { status: 401 }),
    ],
    ['server error', () => HttpResponse.json({ code: 0, msg: 'Broken', data: null }, { status: 500 })],
  ])('clears the session even when loginOut fails (%s), quietly', async (_, answer) => {
    server.use(http.get(`${BASE}/loginOut`, answer));
    setSession({ token: 'a', refreshToken: 'r', user });
    await logout();
    expect(getSession()).toBeNull();
    expect(notify).not.toHaveBeenCalled();
  });

  it('does not wait longer than LOGOUT_TIMEOUT_MS for a server that never answers', async () => {
    server.use(
      http.get(`${BASE}/loginOut`, async () => {
        await delay('infinite');
        return HttpResponse.json({ code: 1, msg: 'Success', data: null });
      }),
    );
    setSession({ token: 'a', refreshToken: 'r', user });
    const started = performance.now();
    await logout();
    expect(performance.now() - started).toBeLessThan(LOGOUT_TIMEOUT_MS + 2_000);
    expect(getSession()).toBeNull();
    expect(notify).not.toHaveBeenCalled();
  }, 10_000);
});

describe('homePath', () => {
  it('sends PDA accounts to the scanner surface and everyone else to admin', () => {
    expect(homePath({ type: 4 })).toBe('/pda');
    for (const type of [1, 2, 3]) expect(homePath({ type })).toBe('/admin');
  });
});
