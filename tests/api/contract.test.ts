import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type BindOptions, bindContract } from '../../src/server/http/bind.ts';
import { implementations } from '../../src/server/modules/index.ts';
import { SCOPE_RIGHTS } from '../../src/shared/contract/api-key.ts';
import { API_BASE, API_SCOPES, endpoints, toRoutePath } from '../../src/shared/contract/index.ts';
import { useTestApp } from './support/app.ts';

const spec = readFileSync(new URL('../../docs/spec/endpoints.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'))
  .map((l) => {
    const [method, path, kind, section] = l.split('\t');
    return { method: method!, path: path!, kind: kind!, section: section! };
  });

/** Calls the contract adds beyond the spec, each with its reason in the entry's summary. */
const EXTRA = [
  '/order/origin/download/extraInfoTemplate',
  '/order/origin/create',
  '/citc/report',
  '/order/origin/pushRecordList',
  '/refreshToken',
  '/user/current',
  '/export/download/{id}',
  '/region/download/template',
  '/trackingNo/stock',
  '/trackingNo/download/template',
  '/order/receive/{trackingNo}',
  '/order/abnormalImages/{id}',
  '/customer/options',
  '/customer/options/update',
  '/lading/create',
  '/lading/mail/retry/{id}',
  '/lading/scanSnapshot',
  '/batch/create',
  '/batch/scanLading/{id}',
  '/overseasLading/create',
  '/package/create',
  '/auditLog/list',
  '/auditLog/export',
  '/order/printLabelZpl',
  '/order/createBatch',
  '/apiKey/list',
  '/apiKey/create',
  '/apiKey/revoke/{id}',
  '/job/queues',
  '/job/schedules',
  '/job/list',
  '/job/retry/{id}',
  '/printer/list',
  '/printer/save',
  '/printer/delete',
  '/printer/options',
  '/printer/setMyDefault',
  '/customer/subAccount/list',
  '/customer/subAccount/saveRights',
  '/customer/subAccount/create',
  '/customer/subAccount/setStatus',
  '/customer/subAccount/resetPassword',
  '/webhook/list',
  '/webhook/save',
  '/webhook/delete/{id}',
  '/webhook/deliveries',
  '/webhook/redeliver/{deliveryId}',
  '/webhook/test/{id}',
  '/dashboard/summary',
  '/printer/printOrderLabels',
  '/printer/prints',
  '/printer/myPrints',
  '/printer/retryPrint',
  '/printer/printLadingLabels',
  '/package/printLabel',
  '/package/printToPrinter',
  '/batch/printLabel',
  '/batch/printToPrinter',
  '/export/summary',
  '/export/markSeen',
  '/export/retry/{id}',
  '/export/delete/{id}',
  '/lading/manifest/{id}',
  '/batch/manifest/{id}',
];

describe('the contract', () => {
  const t = useTestApp();

  it('holds the 220 calls of the spec', () => {
    expect(spec).toHaveLength(220);
    const byPath = new Map(endpoints.map((e) => [e.def.path, e.def]));
    const missing = spec.filter((s) => !byPath.has(s.path)).map((s) => `${s.method} ${s.path}`);
    expect(missing).toEqual([]);
    for (const s of spec) {
      const def = byPath.get(s.path)!;
      expect(def.kind, s.path).toBe(s.kind);
      if (s.method === 'ANY') expect(def.anyChosen, `${s.path} must say which method it chose`).toBeTruthy();
      else expect(def.method, s.path).toBe(s.method);
    }
    const extra = endpoints.map((e) => e.def.path).filter((p) => !spec.some((s) => s.path === p));
    expect(extra.sort()).toEqual([...EXTRA].sort());
    for (const { def } of endpoints) expect(!!def.beyondSpec, def.path).toBe(EXTRA.includes(def.path));
  });

  it('has one entry per method and path and a rule of access for each', () => {
    const keys = endpoints.map((e) => `${e.def.method} ${e.def.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const { def } of endpoints) {
      const a = def.access;
      expect(a.public || a.anyUser || a.staff !== undefined || a.customer || a.pda, def.path).toBeTruthy();
      if (def.replayable) expect(a.pda, `${def.path} is replayable, so the PDA must be allowed`).toBe(true);
      if (def.kind === 'multipart')
        expect(def.file?.types.length, `${def.path} names the file it reads`).toBeGreaterThan(0);
      if (def.kind === 'blob')
        expect(def.produces?.length, `${def.path} names the files it answers`).toBeGreaterThan(0);
      else expect(def.produces, def.path).toBeUndefined();
    }
  });

  it('names the rights each API key scope needs as its calls do', () => {
    const needed = Object.fromEntries(API_SCOPES.map((s) => [s, new Set<string>()]));
    for (const { def } of endpoints)
      if (def.access.key && !def.access.public && def.access.right)
        needed[def.access.key]!.add(def.access.right);
    expect(Object.fromEntries(API_SCOPES.map((s) => [s, [...SCOPE_RIGHTS[s]].sort()]))).toEqual(
      Object.fromEntries(API_SCOPES.map((s) => [s, [...needed[s]!].sort()])),
    );
  });

  it('only implements entries of the contract', () => {
    const defs = new Set(endpoints.map((e) => e.def));
    for (const impl of implementations) expect(defs.has(impl.def), impl.def.path).toBe(true);
  });

  it('registers a server route for every call of the spec', () => {
    for (const s of spec) {
      const def = endpoints.find((e) => e.def.path === s.path)!.def;
      expect(
        t.app.hasRoute({ method: def.method, url: API_BASE + toRoutePath(s.path) }),
        `${def.method} ${s.path}`,
      ).toBe(true);
    }
  });

  it('implements every call, and refuses to start with one that nothing serves', async () => {
    const served = new Set(implementations.map((i) => i.def));
    expect(endpoints.filter((e) => !served.has(e.def)).map((e) => `${e.def.method} ${e.def.path}`)).toEqual(
      [],
    );
    const missing = implementations.filter((i) => i.def.path !== '/login');
    const bare = Fastify();
    expect(() =>
      bindContract(
        bare,
        endpoints.map((e) => e.def),
        missing,
        { database: t.database, config: t.config } as BindOptions,
      ),
    ).toThrow('POST /login: no implementation of this call of the contract');
    await bare.close();
  });

  it('serves an OpenAPI 3.1 document of every call and a browsable page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const json = doc.json() as {
      openapi: string;
      servers: { url: string }[];
      paths: Record<string, Record<string, unknown>>;
    };
    expect(json.openapi).toMatch(/^3\.1/);
    let operations = 0;
    for (const p of Object.values(json.paths)) operations += Object.keys(p).length;
    expect(operations).toBe(endpoints.length);
    expect(json.servers[0]!.url).toBe(API_BASE);
    expect(json.paths['/lading/scanTrackingNo/{id}']?.post).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});
