import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { auth } from '../../../src/shared/contract/auth.ts';
import { system } from '../../../src/shared/contract/system.ts';
import { callApi, downloadApi, REQUEST_TIMEOUT_MS, requestApi } from '../../../src/web/api/client.ts';
import { filenameFromDisposition } from '../../../src/web/api/content-disposition.ts';
import { ApiError } from '../../../src/web/api/errors.ts';
import { setNotifier } from '../../../src/web/api/handlers.ts';
import { activateLocale } from '../../../src/web/i18n.ts';
import { clearSession, getSession } from '../../../src/web/session/store.ts';

import {
  BASE,
  importFile,
  mockApiServer,
  notified,
  ok,
  orderDetail,
  server,
  template,
  url,
  user,
} from './api-client-support.ts';

mockApiServer();

describe('success', () => {
  it('normalises code 1 to 200 and resolves with the data', async () => {
    server.use(http.post(url('/menu/getUserMenus'), () => ok([], 'Done')));
    await expect(requestApi(system.getUserMenus)).resolves.toEqual({ code: 200, msg: 'Done', data: [] });
    await expect(callApi(system.getUserMenus)).resolves.toEqual([]);
    expect(notified).toEqual([]);
  });

  it('sends Accept, local-lang, the bearer token and a JSON body', async () => {
    let seen: Request | undefined;
    let body: unknown;
    server.use(
      http.post(url('/login'), async ({ request }) => {
        seen = request.clone();
        body = await request.json();
        return ok({ token: 't', refreshToken: 'r', expiresIn: 3600, tokenType: 'Bearer', user });
      }),
    );
    await activateLocale('ar');
    await callApi(auth.login, { body: { username: 'admin', password: 'admin123' } });
    expect(seen?.headers.get('accept')).toBe('application/json');
    expect(seen?.headers.get('local-lang')).toBe('ar');
    expect(seen?.headers.get('authorization')).toBe('Bearer access-1');
    expect(seen?.headers.get('content-type')).toBe('application/json');
    expect(body).toEqual({ username: 'admin', password: 'admin123' });
  });

  it('sends no Authorization header without a session, and no body when there is none', async () => {
    clearSession();
    let seen: Request | undefined;
    server.use(
      http.post(url('/menu/getUserMenus'), ({ request }) => {
        seen = request.clone();
        return ok([]);
      }),
    );
    await callApi(system.getUserMenus);
    expect(seen?.headers.has('authorization')).toBe(false);
    expect(seen?.headers.has('content-type')).toBe(false);
    expect(await seen?.text()).toBe('');
  });

  it('fills path parameters and writes the query string', async () => {
    let seen = '';
    server.use(
      http.get(url('/order/detail/:id'), ({ request }) => {
        seen = request.url;
        return ok({ id: 7 });
      }),
    );
    await callApi(orderDetail, {
      params: { id: 'a/b' },
      query: { no: 'X 1', tag: ['a', 'b'], skip: undefined },
    });
    expect(seen).toBe(`${BASE}/order/detail/a%2Fb?no=X+1&tag=a&tag=b`);
  });

  it('sends a multipart form as is', async () => {
    let received: FormData | undefined;
    server.use(
      http.post(url('/test/import'), async ({ request }) => {
        received = await request.formData();
        return ok({ imported: 1 });
      }),
    );
    const form = new FormData();
    form.append('file', new Blob(['a,b'], { type: 'text/csv' }), 'orders.csv');
    form.append('remark', 'first');
    await expect(callApi(importFile, { form })).resolves.toEqual({ imported: 1 });
    expect((received?.get('file') as File | undefined)?.name).toBe('orders.csv');
    expect(received?.get('remark')).toBe('first');
  });

  it('passes an Idempotency-Key when given', async () => {
    let key: string | null = null;
    server.use(
      http.post(url('/menu/getUserMenus'), ({ request }) => {
        key = request.headers.get('idempotency-key');
        return ok([]);
      }),
    );
    await callApi(system.getUserMenus, { idempotencyKey: '6f1c4c1e-3f4a-4c55-9b43-5d3b8f3b1a20' });
    expect(key).toBe('6f1c4c1e-3f4a-4c55-9b43-5d3b8f3b1a20');
  });
});

describe('failures with an answer', () => {
  it("shows the server's message and rejects with its status", async () => {
    server.use(
      http.post(url('/menu/getUserMenus'), () =>
        HttpResponse.json(
          { code: 0, msg: 'Delete the entries under this menu first', data: null },
          { status: 409 },
        ),
      ),
    );
    const error = await callApi(system.getUserMenus).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'response',
      status: 409,
      code: 0,
      msg: 'Delete the entries under this menu first',
    });
    expect(notified).toEqual(['Delete the entries under this menu first']);
  });

  it('keeps the validation issues in data', async () => {
    const issues = [{ path: 'username', message: 'Required' }];
    server.use(
      http.post(url('/login'), () =>
        HttpResponse.json({ code: 0, msg: 'Some fields are not valid', data: { issues } }, { status: 400 }),
      ),
    );
    const error = await callApi(auth.login, { body: { username: '', password: 'x' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 400, data: { issues } });
  });

  it('shows nothing when the caller asks for silence', async () => {
    server.use(
      http.post(url('/menu/getUserMenus'), () =>
        HttpResponse.json({ code: 0, msg: 'No', data: null }, { status: 403 }),
      ),
    );
    await expect(callApi(system.getUserMenus, { silent: true })).rejects.toMatchObject({ status: 403 });
    expect(notified).toEqual([]);
  });

  it('treats a 200 answer whose code is not 1 as a failure with status 500', async () => {
    server.use(
      http.post(url('/menu/getUserMenus'), () => HttpResponse.json({ code: 0, msg: 'Odd', data: null })),
    );
    await expect(callApi(system.getUserMenus)).rejects.toMatchObject({
      kind: 'response',
      status: 500,
      msg: 'Odd',
    });
    expect(notified).toEqual(['Odd']);
  });

  it('treats an unreadable answer as 500 with the generic message, in the UI language', async () => {
    server.use(
      http.post(url('/menu/getUserMenus'), () => new HttpResponse('<html>oops</html>', { status: 200 })),
    );
    await expect(callApi(system.getUserMenus)).rejects.toMatchObject({
      status: 500,
      msg: 'Unknown error please contact the administrator',
    });
    await activateLocale('cn');
    await expect(callApi(system.getUserMenus)).rejects.toMatchObject({ status: 500 });
    expect(notified[1]).not.toBe(notified[0]);
    expect(notified[1]).toMatch(/[\u4e00-\u9fff]/);
  });

  it("keeps a proxy's error status with the generic message", async () => {
    server.use(http.post(url('/menu/getUserMenus'), () => new HttpResponse('Bad gateway', { status: 502 })));
    await expect(callApi(system.getUserMenus)).rejects.toMatchObject({
      status: 502,
      code: undefined,
      msg: 'Unknown error please contact the administrator',
    });
  });
});

describe('transport failures', () => {
  it('reject with kind network and show nothing', async () => {
    server.use(http.post(url('/menu/getUserMenus'), () => HttpResponse.error()));
    const error = await callApi(system.getUserMenus).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'network', status: 0, timedOut: false });
    expect(notified).toEqual([]);
    expect(getSession()).not.toBeNull();
  });

  it('time out as network failures (600000 ms by default)', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(600_000);
    server.use(
      http.post(url('/menu/getUserMenus'), async () => {
        await delay(500);
        return ok([]);
      }),
    );
    await expect(callApi(system.getUserMenus, { timeoutMs: 20 })).rejects.toMatchObject({
      kind: 'network',
      timedOut: true,
    });
    expect(notified).toEqual([]);
  });

  it("reject with the caller's abort reason when the caller cancels", async () => {
    server.use(
      http.post(url('/menu/getUserMenus'), async () => {
        await delay(500);
        return ok([]);
      }),
    );
    const controller = new AbortController();
    const call = callApi(system.getUserMenus, { signal: controller.signal });
    controller.abort(new DOMException('left the page', 'AbortError'));
    await expect(call).rejects.toMatchObject({ name: 'AbortError', message: 'left the page' });
    expect(notified).toEqual([]);
  });
});

describe('downloads', () => {
  it('resolve with the blob and the RFC 6266 file name', async () => {
    server.use(
      http.get(
        url('/test/template'),
        () =>
          new HttpResponse('xlsx-bytes', {
            headers: {
              'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'Content-Disposition': `attachment; filename="template.xlsx"; filename*=UTF-8''${encodeURIComponent('批次模板 قالب.xlsx')}`,
            },
          }),
      ),
    );
    const file = await downloadApi(template);
    expect(file.filename).toBe('批次模板 قالب.xlsx');
    expect(await file.blob.text()).toBe('xlsx-bytes');
  });

  it('reject with the message of a JSON failure', async () => {
    server.use(
      http.get(url('/test/template'), () =>
        HttpResponse.json({ code: 0, msg: 'The record does not exist', data: null }, { status: 404 }),
      ),
    );
    await expect(downloadApi(template)).rejects.toMatchObject({ status: 404 });
    expect(notified).toEqual(['The record does not exist']);
  });

  it('are refused by callApi and the other way round', async () => {
    await expect(callApi(template)).rejects.toBeInstanceOf(TypeError);
    await expect(downloadApi(system.getUserMenus)).rejects.toBeInstanceOf(TypeError);
  });
});

describe('filenameFromDisposition', () => {
  it.each([
    [`attachment; filename*=UTF-8''%E4%B8%AD%E6%96%87.xlsx; filename="fallback.xlsx"`, '中文.xlsx'],
    [`attachment; filename="fallback.xlsx"; filename*=utf-8'en'r%C3%A9sum%C3%A9.pdf`, 'résumé.pdf'],
    [`attachment; filename*=ISO-8859-1''caf%E9.txt`, 'café.txt'],
    [`attachment; filename="quoted \\"name\\".csv"`, 'quoted "name".csv'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    [`attachment; filename*=UTF-8''%E4%B8%ZZ.xlsx; filename="fallback.xlsx"`, 'fallback.xlsx'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    [`attachment; filename*=UTF-8''..%2F..%5Cevil.exe`, 'evil.exe'],
    ['attachment', undefined],
    [null, undefined],
  ])('%s → %s', (header, expected) => {
    expect(filenameFromDisposition(header)).toBe(expected);
  });
});

describe('typed callers', () => {
  it('require the parts the contract requires', () => {
    // Compile-time checks: tsc fails this file if the contract typing breaks.
    const typed = () => {
      // @ts-expect-error the login body is required
      void callApi(auth.login);
      // @ts-expect-error the login body has a username
      void callApi(auth.login, { body: { password: 'x' } });
      void callApi(auth.loginOut);
      const menus: Promise<{ recId: number; path: string }[]> = callApi(system.getUserMenus);
      void menus;
    };
    expect(typed).toBeTypeOf('function');
  });
});

describe('the notifier', () => {
  it('receives the fresh messages of calls that failed before it was registered', async () => {
    const restore = setNotifier(undefined);
    server.use(
      http.post(url('/menu/getUserMenus'), () =>
        HttpResponse.json({ code: 0, msg: 'Early', data: null }, { status: 403 }),
      ),
    );
    await expect(callApi(system.getUserMenus)).rejects.toMatchObject({ status: 403 });
    const late: string[] = [];
    const unregister = setNotifier((msg) => late.push(msg));
    expect(late).toEqual(['Early']);
    unregister();
    restore();
    expect(notified).toEqual([]);
  });
});
