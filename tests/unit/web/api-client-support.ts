import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { SessionUser } from '../../../src/shared/contract/auth.ts';
import { download, get, upload } from '../../../src/shared/contract/core.ts';
import { setNotifier, setSessionInvalidHandler } from '../../../src/web/api/handlers.ts';
import { activateLocale } from '../../../src/web/i18n.ts';
import { clearSession, setSession } from '../../../src/web/session/store.ts';

/** What the API client tests share: a mock server of the API, a user, answers and test endpoints. */

export const BASE = 'http://api.test/api/common/v1';
export const url = (path: string) => `${BASE}${path}`;

export const user: SessionUser = {
  recId: 1,
  username: 'admin',
  nickname: 'Admin',
  type: 1,
  customerId: null,
  customerName: null,
  roles: [],
  fileDomain: '',
  timeZone: 'Asia/Shanghai',
};

export const ok = (data: unknown, msg = 'Success') => HttpResponse.json({ code: 1, msg, data });
export const sessionEnded = () =>
  HttpResponse.json(
    { code: 6, msg: 'Your session has ended, please log in again', data: null },
    { status: 401 },
  );

// Test-only endpoints of the three kinds, so the core is checked apart from any domain.
export const orderDetail = get('/order/detail/{id}', 'test', { anyUser: true });
export const importFile = upload('/test/import', 'test', { anyUser: true });
export const template = download('/test/template', 'test', { anyUser: true }, 'xlsx');

export const server = setupServer();
export const notified: string[] = [];
export const sessionInvalid = vi.fn();

/** The mock server, the notifier and the session handler, reset around each test. */
export function mockApiServer(): void {
  beforeAll(async () => {
    vi.stubEnv('VITE_API_BASE', BASE);
    server.listen({ onUnhandledFrame: 'error' });
    await activateLocale('en');
    setNotifier((msg) => notified.push(msg));
    setSessionInvalidHandler(sessionInvalid);
  });

  beforeEach(() => {
    notified.length = 0;
    sessionInvalid.mockClear();
    setSession({ token: 'access-1', refreshToken: 'refresh-1', user });
  });

  afterEach(async () => {
    server.resetHandlers();
    clearSession();
    await activateLocale('en');
  });

  afterAll(() => {
    server.close();
    vi.unstubAllEnvs();
  });
}
