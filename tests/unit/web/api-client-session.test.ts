import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { auth } from '../../../src/shared/contract/auth.ts';
import { system } from '../../../src/shared/contract/system.ts';
import { callApi } from '../../../src/web/api/client.ts';
import { ApiError } from '../../../src/web/api/errors.ts';
import { getSession, setSession } from '../../../src/web/session/store.ts';
import {
  mockApiServer,
  notified,
  ok,
  server,
  sessionEnded,
  sessionInvalid,
  url,
  user,
} from './api-client-support.ts';

mockApiServer();

describe('session invalid (code 6)', () => {
  it('clears the session, shows the message and calls the handler', async () => {
    setSession({ token: 'access-1', refreshToken: '', user });
    server.use(http.post(url('/menu/getUserMenus'), sessionEnded));
    await expect(callApi(system.getUserMenus)).rejects.toMatchObject({ status: 401, code: 6 });
    expect(getSession()).toBeNull();
    expect(sessionInvalid).toHaveBeenCalledTimes(1);
    expect(notified).toEqual(['Your session has ended, please log in again']);
  });

  it('also on code 6 inside an HTTP 200 answer', async () => {
    setSession({ token: 'access-1', refreshToken: '', user });
    server.use(
      http.post(url('/menu/getUserMenus'), () => HttpResponse.json({ code: 6, msg: 'Ended', data: null })),
    );
    await expect(callApi(system.getUserMenus)).rejects.toMatchObject({ code: 6 });
    expect(sessionInvalid).toHaveBeenCalledTimes(1);
  });

  it('is ignored on loginOut', async () => {
    server.use(http.get(url('/loginOut'), sessionEnded));
    await expect(callApi(auth.loginOut)).rejects.toBeInstanceOf(ApiError);
    expect(sessionInvalid).not.toHaveBeenCalled();
    expect(getSession()?.token).toBe('access-1');
  });

  it('renews the session once with the refresh token and repeats the call', async () => {
    const authorizations: (string | null)[] = [];
    let refreshed = 0;
    server.use(
      http.post(url('/menu/getUserMenus'), ({ request }) => {
        const authorization = request.headers.get('authorization');
        authorizations.push(authorization);
        return authorization === 'Bearer access-2' ? ok(['menu']) : sessionEnded();
      }),
      http.post(url('/refreshToken'), async ({ request }) => {
        refreshed++;
        expect(await request.json()).toEqual({ refreshToken: 'refresh-1' });
        return ok({
          token: 'access-2',
          refreshToken: 'refresh-2',
          expiresIn: 3600,
          tokenType: 'Bearer',
          user,
        });
      }),
    );
    const both = await Promise.all([callApi(system.getUserMenus), callApi(system.getUserMenus)]);
    expect(both).toEqual([['menu'], ['menu']]);
    expect(refreshed).toBe(1);
    expect(getSession()).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2' });
    expect(sessionInvalid).not.toHaveBeenCalled();
    expect(notified).toEqual([]);
    expect(authorizations.filter((a) => a === 'Bearer access-2')).toHaveLength(2);
  });

  it('logs out when the refresh token is refused too', async () => {
    server.use(
      http.post(url('/menu/getUserMenus'), sessionEnded),
      http.post(url('/refreshToken'), sessionEnded),
    );
    await expect(callApi(system.getUserMenus)).rejects.toMatchObject({ code: 6 });
    expect(getSession()).toBeNull();
    expect(sessionInvalid).toHaveBeenCalledTimes(1);
    expect(notified).toHaveLength(1);
  });

  it('keeps the session when the refresh fails for want of a network', async () => {
    server.use(
      http.post(url('/menu/getUserMenus'), sessionEnded),
      http.post(url('/refreshToken'), () => HttpResponse.error()),
    );
    await expect(callApi(system.getUserMenus)).rejects.toMatchObject({ kind: 'network' });
    expect(getSession()?.token).toBe('access-1');
    expect(sessionInvalid).not.toHaveBeenCalled();
  });

  it('repeats with a login made meanwhile instead of ending it', async () => {
    setSession({ token: 'access-1', refreshToken: '', user });
    server.use(
      http.post(url('/menu/getUserMenus'), ({ request }) => {
        if (request.headers.get('authorization') === 'Bearer access-9') return ok(['menu']);
        setSession({ token: 'access-9', refreshToken: '', user });
        return sessionEnded();
      }),
    );
    await expect(callApi(system.getUserMenus)).resolves.toEqual(['menu']);
    expect(getSession()?.token).toBe('access-9');
    expect(sessionInvalid).not.toHaveBeenCalled();
  });
});
