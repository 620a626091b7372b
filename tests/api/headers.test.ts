import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.ts';
import { useTestApp } from './support/app.ts';
import { call } from './support/call.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A built web app in miniature: the shell, a hashed asset, the service worker (removed after). */
function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'parcel-web-'));
  made.push(dir);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  return dir;
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** Every HTML page's headers: what a browser needs to refuse injected scripts, framing and sniffing. */
function expectHtmlHeaders(h: Record<string, unknown>, path: string) {
  const csp = String(h['content-security-policy'] ?? '');
  expect(csp, path).not.toBe('');
  const d = directives(csp);
  expect(d.get('default-src'), path).toEqual(["'self'"]);
  expect(d.get('script-src'), path).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(d.get('connect-src'), path).toEqual(["'self'"]);
  expect(d.get('frame-ancestors'), path).toEqual(["'none'"]);
  expect(d.get('object-src'), path).toEqual(["'none'"]);
  expect(d.get('base-uri'), path).toEqual(["'self'"]);
  // Other origins only where a browser feature needs them: blob:/data: for camera frames, images,
  // workers and fonts, and the /frame page of the spec that embeds an outside address.
  for (const [name, values] of d) {
    const foreign = values.filter(
      (v) => !["'self'", "'none'", "'wasm-unsafe-eval'", 'data:', 'blob:'].includes(v),
    );
    if (name === 'style-src') expect(foreign, path).toEqual(["'unsafe-inline'"]);
    else if (name === 'frame-src') expect(foreign, path).toEqual(['https:', 'http:']);
    else if (name !== 'upgrade-insecure-requests') expect(foreign, `${path} ${name}`).toEqual([]);
  }
  expect(h['x-content-type-options'], path).toBe('nosniff');
  expect(h['x-frame-options'], path).toBe('DENY');
  expect(h['referrer-policy'], path).toBe('no-referrer');
  expect(h['cross-origin-opener-policy'], path).toBe('same-origin');
}

describe('headers of the web app behind plain HTTP', () => {
  const t = useTestApp({ env: { WEB_DIST: webDist() } });

  it('sends the CSP and the other browser headers with every HTML page, the SPA fallback included', async () => {
    // raw path: the web's pages and files (here and below), not contract calls
    for (const path of [
      '/',
      '/index.html',
      '/admin/order/list',
      '/pda/scan/lading',
      '/login?redirect=%2Fadmin',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(String(res.headers['content-type']), path).toMatch(/^text\/html/);
      expectHtmlHeaders(res.headers, path);
      expect(res.headers['strict-transport-security'], path).toBeUndefined();
    }
  });

  it('answers HEAD like GET, without the body, for pages and static files', async () => {
    // raw path: pages and static files, not contract calls
    for (const path of ['/', '/login', '/admin/order/list', '/assets/index-abc123.js', '/sw.js']) {
      const get = await t.app.inject({ method: 'GET', url: path });
      const head = await t.app.inject({ method: 'HEAD', url: path });
      expect(head.statusCode, path).toBe(200);
      expect(head.headers['content-type'], path).toBe(get.headers['content-type']);
      expect(head.headers['cache-control'], path).toBe(get.headers['cache-control']);
      expect(head.body, path).toBe('');
    }
    // An API path unknown to the server still answers 404 to HEAD.
    expect((await t.app.inject({ method: 'HEAD', url: '/api/common/v1/nothing-here' })).statusCode).toBe(404);
  });

  it('answers in the Accept-Language of a caller that sends no local-lang, cn otherwise', async () => {
    const msg = async (headers: Record<string, string>) =>
      JSON.parse(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/common/v1/auth/login',
            headers,
            payload: { username: 'nobody-here', password: '' },
          })
        ).body,
      ).msg as string;
    const [cn, en, ar] = await Promise.all([
      msg({}),
      msg({ 'local-lang': 'en' }),
      msg({ 'local-lang': 'ar' }),
    ]);
    expect(new Set([cn, en, ar]).size).toBe(3);
    expect(await msg({ 'accept-language': 'en-GB,en;q=0.9' })).toBe(en);
    expect(await msg({ 'accept-language': 'fr;q=0.9, ar-SA;q=0.8' })).toBe(ar);
    expect(await msg({ 'accept-language': 'fr, de' })).toBe(cn);
    expect(await msg({ 'local-lang': 'cn', 'accept-language': 'ar' })).toBe(cn);
  });

  it('keeps the API documentation page as strict: no framing, nothing from other origins', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const d = directives(String(res.headers['content-security-policy']));
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('default-src')).toEqual(["'self'"]);
    for (const [name, values] of d)
      expect(
        values.filter((v) => /^(https?:|\*|[a-z0-9.-]+\.[a-z]{2,})/i.test(v)),
        name,
      ).toEqual([]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends nosniff on scripts and JSON, and no-store on API answers', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    const api = await call(t, contract.order.orderStatusList);
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('headers behind an HTTPS reverse proxy', () => {
  const t = useTestApp({ env: { WEB_DIST: webDist(), TRUST_PROXY: 'true' } });

  it('adds HSTS to pages and API answers that came over HTTPS', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const page = await t.app.inject({ method: 'GET', url: '/admin', headers: https });
    expectHtmlHeaders(page.headers, '/admin');
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    const api = await call(t, contract.order.orderStatusList, { headers: https });
    expect(api.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });
});
