import { networkInterfaces } from 'node:os';
import { Writable } from 'node:stream';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { freePort } from '../../src/server/free-port.ts';
import { COD_PUSH } from '../../src/server/modules/cod/cod-push.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { callerOf, useTestApp } from './support/app.ts';
import { call } from './support/call.ts';

/** A public contract call, for the request log and the metrics to see. */
const track = { params: { no: 'NOPE123' } };

/**
 * /health says the process answers; /ready that it can serve: database, migrations, the job engine.
 * /health, /ready and /metrics are not contract calls (nor the web's pages): they stay raw URLs.
 */
describe('health and readiness', () => {
  const t = useTestApp();

  it('answers /health without a session, and /ready once the database and migrations are there', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    const body = ready.json() as { status: string; migrations: { applied: number; shipped: number } };
    expect(body.status).toBe('ready');
    expect(body.migrations.applied).toBe(body.migrations.shipped);
    expect(body.migrations.shipped).toBeGreaterThan(20);
    // Without METRICS_TOKEN there are no metrics to read.
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    // HEAD, as load balancers ask.
    expect((await t.app.inject({ method: 'HEAD', url: '/ready' })).statusCode).toBe(200);
  });

  it('answers /ready 503 with the reason while the database is down, and 200 once it is back', async () => {
    const [{ name }] = (await t.database.pool.query<{ name: string }>('SELECT current_database() AS name'))
      .rows as [{ name: string }];
    const admin = new pg.Client({ connectionString: inject('pgServerUrl') });
    await admin.connect();
    try {
      // The database stops taking connections and drops the ones it had.
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      const down = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(down.statusCode).toBe(503);
      expect((down.json() as { reasons: string[] }).reasons.join()).toMatch(/^database: /);
      // The process itself still answers.
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    let back = await t.app.inject({ method: 'GET', url: '/ready' });
    for (let i = 0; i < 20 && back.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      back = await t.app.inject({ method: 'GET', url: '/ready' });
    }
    expect(back.statusCode, back.body).toBe(200);
  });
});

describe('the request log', () => {
  const t = useTestApp();

  it('logs API requests at info with their route pattern, and /health, /ready and pages at debug', async () => {
    const lines: { level: number; msg: string; route?: string; req?: { url: string } }[] = [];
    const out = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = await buildApp({
      config: t.config,
      database: t.database,
      logger: pino({ level: 'debug' }, out),
    });
    try {
      await app.inject({ method: 'GET', url: '/health' });
      await app.inject({ method: 'GET', url: '/ready' });
      await call(
        callerOf(() => app),
        contract.common.trackingQuery,
        track,
      );
      const done = lines.filter((l) => l.msg === 'request completed');
      const level = (url: string) => done.find((l) => l.req?.url.startsWith(url))?.level;
      expect(level('/health')).toBe(20);
      expect(level('/ready')).toBe(20);
      expect(level('/api/common/v1/tracking/query')).toBe(30);
      expect(done.find((l) => l.req?.url.startsWith('/api/'))?.route).toBe(
        '/api/common/v1/tracking/query/:no',
      );
    } finally {
      await app.close();
    }
  });
});

describe('metrics', () => {
  const token = 'metrics-token-0123456789';
  const t = useTestApp({ env: { METRICS_TOKEN: token } });

  it('serves Prometheus text to the bearer of METRICS_TOKEN only, showing the request it just served', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: 'Bearer wrong-token-000000' },
        })
      ).statusCode,
    ).toBe(401);
    await call(t, contract.common.trackingQuery, track);
    const r = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(r.statusCode).toBe(200);
    expect(String(r.headers['content-type'])).toMatch(/^text\/plain/);
    const families = parsePrometheusTextFormat(r.body);
    const byName = new Map(families.map((f) => [f.name, f]));
    const http = byName.get('parcel_http_request_duration_seconds');
    expect(http?.type).toBe('HISTOGRAM');
    // The parser folds a histogram's series together; its count line names the route served.
    expect(r.body).toMatch(
      /^parcel_http_request_duration_seconds_count\{method="GET",route="\/api\/common\/v1\/tracking\/query\/:no",status="200"\} 1$/m,
    );
    const pool = byName.get('parcel_db_pool_connections');
    expect(pool?.metrics.map((m) => m.labels?.state).sort()).toEqual(['idle', 'in_use', 'waiting']);
    for (const name of [
      'parcel_process_resident_memory_bytes',
      'parcel_nodejs_eventloop_lag_seconds',
      'parcel_nodejs_heap_size_used_bytes',
    ])
      expect(byName.has(name), name).toBe(true);
  });

  it('shows the job queues: queued, running and failed jobs, and the attempts this process ran', async () => {
    const scrape = async () =>
      (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } }))
        .body;
    // A job queued: the COD push of a day, with no webhook configured (skipped at once when run).
    await t.jobs.send(COD_PUSH, { day: '2020-01-01' });
    expect(await scrape()).toMatch(/^parcel_job_queue_jobs\{queue="cod-push",state="queued"\} 1$/m);
    expect(await t.jobs.drain([COD_PUSH])).toBe(1);
    const body = await scrape();
    parsePrometheusTextFormat(body);
    expect(body).toMatch(/^parcel_job_queue_jobs\{queue="cod-push",state="queued"\} 0$/m);
    expect(body).toMatch(/^parcel_job_queue_jobs\{queue="lading-mail",state="failed"\} 0$/m);
    expect(body).toMatch(/^parcel_job_duration_seconds_count\{queue="cod-push",result="completed"\} 1$/m);
  });
});

describe('metrics on METRICS_PORT', () => {
  const t = useTestApp();

  it('serves /metrics without the token on its own listener of 127.0.0.1, while the app port still asks for it', async () => {
    const port = await freePort();
    const app = await buildApp({
      config: { ...t.config, metricsPort: port, metricsToken: undefined },
      database: t.database,
      logger: false,
    });
    try {
      await app.ready();
      await call(
        callerOf(() => app),
        contract.common.trackingQuery,
        track,
      );
      const r = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
      const body = await r.text();
      const names = new Set(parsePrometheusTextFormat(body).map((f) => f.name));
      expect(names.has('parcel_http_request_duration_seconds')).toBe(true);
      expect(names.has('parcel_job_queue_jobs')).toBe(true);
      expect(body).toMatch(
        /^parcel_http_request_duration_seconds_count\{method="GET",route="\/api\/common\/v1\/tracking\/query\/:no",status="200"\} 1$/m,
      );
      // Only /metrics there; and the app's own port still serves it only with METRICS_TOKEN.
      expect((await fetch(`http://127.0.0.1:${port}/api/docs/openapi.json`)).status).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      // Bound to the loopback address only: no other address of the machine answers on it.
      const other = Object.values(networkInterfaces())
        .flat()
        .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
      if (other)
        await expect(
          fetch(`http://${other}:${port}/metrics`, { signal: AbortSignal.timeout(2000) }),
        ).rejects.toThrow();
    } finally {
      await app.close();
    }
    // Closed with the app.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('refuses a METRICS_PORT that is not a port', () => {
    expect(() => loadConfig({ ...process.env, DATA_DIR: t.config.dataDir, METRICS_PORT: '70000' })).toThrow(
      /METRICS_PORT/,
    );
    expect(loadConfig({ DATA_DIR: t.config.dataDir, METRICS_PORT: '9464' }).metricsPort).toBe(9464);
  });
});
