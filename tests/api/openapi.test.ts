import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/shared/contract/core.ts';
import { contract, endpoints } from '../../src/shared/contract/index.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call } from './support/call.ts';
import { idsByCode } from './support/movement.ts';
import { conforms, type OpenApiDoc, type Operation, resolve } from './support/openapi-doc.ts';

const root = resolvePath(import.meta.dirname, '../..');
const run = promisify(execFile);

/**
 * The OpenAPI document is complete enough for a generated client to handle every answer: it passes
 * `redocly lint` (redocly.yaml), names each call's error answers, headers and credentials, and what
 * the server answers to bad input is what the document says, in status and shape, never a 5xx.
 */
describe('the OpenAPI document', () => {
  // A low key rate, so one test reaches it.
  const t = useTestApp({ env: { API_KEY_RATE_LIMIT: '5' } });
  let doc: OpenApiDoc;
  let dir = '';
  const tokens: Record<string, string> = {};
  let key = '';
  let keyId = 0;

  beforeAll(async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    for (const who of ['admin', 'demo'] as const) tokens[who] = await t.login(DEMO[who][0], DEMO[who][1]);
    const made = await call(t, contract.apiKey.create, {
      token: tokens.demo,
      body: { name: 'openapi test' },
    });
    key = made.body.data.secret;
    keyId = made.body.data.key.recId;
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        path,
        method: method.toUpperCase() as 'GET' | 'POST',
        op,
      })),
    );
  const params = (op: Operation) => op.parameters.map((p) => resolve(doc, p));

  it('passes redocly lint with no error and no warning', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const { stdout } = await run(
      process.execPath,
      [
        join(root, 'node_modules/@redocly/cli/bin/cli.js'),
        'lint',
        file,
        '--config',
        join(root, 'redocly.yaml'),
        '--format=json',
      ],
      {
        cwd: root,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? String(err) }));
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number };
      problems: unknown[];
    };
    expect(report.problems.slice(0, 5)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);

  it('names every call’s error answers, headers and credentials', () => {
    expect(operations()).toHaveLength(endpoints.length);
    for (const { path, op } of operations()) {
      const def = endpoints.find(
        (e) => e.def.path === path && `${e.domain}.${e.name}` === op.operationId,
      )!.def;
      const statuses = Object.keys(op.responses);
      const names = params(op).map((p) => `${p.in}:${p.name}`);
      expect(names, path).toContain('header:local-lang');
      expect(statuses, path).toEqual(expect.arrayContaining(['200', '400', '500']));
      if (def.access.public) {
        expect(op.security.filter((s) => Object.keys(s).length > 0).flatMap(Object.keys), path).toEqual(
          def.access.key ? ['apiKey'] : [],
        );
      } else {
        expect(statuses, path).toEqual(expect.arrayContaining(['401', '403', '404', '409']));
        expect(op.security, path).toContainEqual({ session: [] });
      }
      if (def.access.key) {
        expect(op.security, path).toContainEqual({ apiKey: [def.access.key] });
        expect(statuses, path).toContain('429');
      } else expect(JSON.stringify(op.security), path).not.toContain('apiKey');
      if (def.idempotent || def.replayable) {
        expect(names, path).toContain('header:Idempotency-Key');
        expect(statuses, path).toEqual(expect.arrayContaining(['409', '422']));
      } else expect(names, path).not.toContain('header:Idempotency-Key');
      if (def.method === 'POST') expect(statuses, path).toEqual(expect.arrayContaining(['413', '415']));
      for (const s of statuses.filter((s) => s !== '200'))
        expect((op.responses[s] as { $ref?: string }).$ref, `${path} ${s}`).toMatch(
          /^#\/components\/responses\//,
        );
    }
    expect(resolve(doc, doc.components.responses.TooManyRequests!).headers).toHaveProperty('Retry-After');
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'pbo_…',
    });
    // One schema per error shape.
    const shapes = (s: string) =>
      (resolve(doc, doc.components.responses[s]!).content!['application/json']!.schema as { $ref: string })
        .$ref;
    expect(shapes('BadRequest')).toBe('#/components/schemas/ValidationFailure');
    expect(shapes('Unauthorized')).toBe('#/components/schemas/SessionInvalid');
    expect(shapes('NotFound')).toBe('#/components/schemas/Refusal');
    expect(shapes('Conflict')).toBe('#/components/schemas/Refusal');
    expect(shapes('Forbidden')).toBe('#/components/schemas/Failure');
    for (const [type, hook] of Object.entries(doc.webhooks)) {
      expect(hook.post.security, type).toEqual([]);
      const schema = hook.post.requestBody!.content['application/json']!.schema as { $ref: string };
      expect(
        resolve<{ properties: { type: { const: string } } }>(doc, schema).properties.type.const,
        type,
      ).toBe(type);
    }
  });

  it('types every instant as date-time, the webhooks’ included', () => {
    const untyped: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (!node || typeof node !== 'object') return;
      const props = (
        node as { properties?: Record<string, { format?: string; anyOf?: { format?: string }[] }> }
      ).properties;
      for (const [name, p] of Object.entries(props ?? {}))
        if (
          /(At|Time|^timestamp)$/.test(name) &&
          ![p, ...(p.anyOf ?? [])].some((s) => s.format === 'date-time')
        )
          untyped.push(`${at} ${name}`);
      for (const [k, v] of Object.entries(node)) walk(v, k.startsWith('/') ? k : at);
    };
    walk(doc, '');
    expect(untyped).toEqual([]);
  });

  /** Calls `API_BASE + path` as given and checks its answer is one the document gives, in its shape. */
  const check = async (
    where: { path: string; method: 'GET' | 'POST'; op: Operation },
    req: { url?: string; headers?: Record<string, string>; payload?: string },
  ) => {
    const res = await t.app.inject({
      method: where.method,
      url: API_BASE + (req.url ?? where.path),
      headers: { 'local-lang': 'en', ...req.headers },
      ...(req.payload !== undefined ? { payload: req.payload } : {}),
    });
    const label = `${where.method} ${req.url ?? where.path} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, label).toBeLessThan(500);
    if (res.statusCode !== 200) {
      const r = conforms(doc, where.op, res.statusCode, res.json());
      expect(r, label).toEqual({ ok: true });
    }
    return res;
  };

  it('answers bad input, no token and the wrong caller as documented, never 5xx', async () => {
    const statuses = new Set<number>();
    for (const where of operations()) {
      const { path, method, op } = where;
      const ids = path.replace(/\{(\w+)\}/g, (_, n: string) => (/id$/i.test(n) ? '2147483000' : 'NOPE1'));
      const bad = path.replace(/\{(\w+)\}/g, (_, n: string) => (/id$/i.test(n) ? 'x' : 'a%00b'));
      const json = { 'content-type': 'application/json' };
      const admin = { authorization: `Bearer ${tokens.admin}` };
      const demo = { authorization: `Bearer ${tokens.demo}` };
      const tries: Parameters<typeof check>[1][] = [
        { url: ids, headers: method === 'POST' ? json : {}, ...(method === 'POST' ? { payload: '{}' } : {}) },
      ];
      // A customer's session (kept: not on the logout).
      if (path !== '/loginOut')
        tries.push({
          url: ids,
          headers: { ...demo, ...(method === 'POST' ? json : {}) },
          ...(method === 'POST' ? { payload: '[1]' } : {}),
        });
      if (bad !== path) tries.push({ url: bad, headers: admin });
      if (method === 'POST') {
        tries.push({ url: ids, headers: { ...admin, ...json }, payload: '{"broken":' });
        tries.push({ url: ids, headers: { ...admin, ...json }, payload: '[1]' });
        tries.push({ url: ids, headers: { ...admin, 'content-type': 'application/xml' }, payload: '<a/>' });
      } else if (params(op).some((p) => p.in === 'query'))
        tries.push({ url: `${ids}?x=a%00b`, headers: admin });
      if (params(op).some((p) => p.name === 'Idempotency-Key'))
        tries.push({
          url: ids,
          headers: { ...admin, ...json, 'idempotency-key': 'not-a-uuid' },
          payload: '{}',
        });
      for (const req of tries) statuses.add((await check(where, req)).statusCode);
    }
    expect([...statuses].sort()).toEqual(expect.arrayContaining([400, 401, 403, 415]));
    // The document and its page take no input, and odd requests for them are never a 5xx.
    for (const url of [
      '/api/docs/openapi.json?x=%00',
      '/api/docs/openapi.json/%ff',
      '/api/docs/static/..%2f..%2fpackage.json',
      '/api/docs/%00',
      '/api/docs/json?a[b]=1',
      '/api/docs/yaml',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'local-lang': '\u0000' } });
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
  }, 300_000);

  it('answers 413, 422, 429 with Retry-After and a revoked key’s 401 as documented', async () => {
    const at = (path: string, method = 'post') => ({
      path,
      method: method.toUpperCase() as 'GET' | 'POST',
      op: doc.paths[path]![method]!,
    });
    const create = at(contract.order.create.path);
    const asKey = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const big = await check(create, {
      headers: asKey,
      payload: JSON.stringify({ x: 'a'.repeat(3 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    // The same Idempotency-Key with another body: 422.
    const k = randomUUID();
    const region = await idsByCode(t, 'regions');
    const channel = await idsByCode(t, 'shipping_channels');
    const order = (weight: string) =>
      JSON.stringify({
        channelId: channel['CN-SA-AIR-COD'],
        consignee: {
          name: 'Ahmed Al-Harbi',
          phone: '+966 50 123 4567',
          regionIds: ['SA', 'SA-RI', 'SA-RI-RUH'].map((c) => region[c]),
          address: 'King Fahd Road 12',
        },
        weight,
        goods: [{ nameEn: 'T-shirt', nameCn: 'T恤', quantity: 2, hsCode: '610910', unitPrice: '9.90' }],
      });
    const first = await check(create, {
      headers: { ...asKey, 'idempotency-key': k },
      payload: order('1.000'),
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await check(create, {
      headers: { ...asKey, 'idempotency-key': k },
      payload: order('2.000'),
    });
    expect(again.statusCode, again.body).toBe(422);
    await new Promise((r) => setTimeout(r, 1100));
    // The key's rate (5 a second here): 429 with Retry-After.
    const list = at(contract.order.list.path);
    // At once, so that a loaded machine still puts more than 5 in one second (20 over at most 3 seconds).
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => check(list, { headers: asKey, payload: '{}' })),
    );
    const limited = burst.find((r) => r.statusCode === 429);
    expect(limited?.headers['retry-after']).toMatch(/^\d+$/);
    // A public call's rate per address (30 a minute; 70 at once, should its window turn meanwhile).
    const track = at('/tracking/query/{no}', 'get');
    const many = await Promise.all(
      Array.from({ length: 70 }, () => check(track, { url: '/tracking/query/NOPE1' })),
    );
    const throttled = many.find((r) => r.statusCode === 429);
    expect(throttled?.headers['retry-after']).toMatch(/^\d+$/);
    // A revoked key: 401 code 6 at once.
    const revoke = await call(t, contract.apiKey.revoke, { params: { id: keyId }, token: tokens.demo });
    expect(revoke.status, revoke.raw).toBe(200);
    const revoked = await check(list, { headers: asKey, payload: '{}' });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ code: 6 });
  }, 120_000);
});
