import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { type Config, loadConfig } from '../../src/server/config.ts';
import { type Database, migrateDatabase, openDatabase } from '../../src/server/db/client.ts';
import { type FallbackReason, type ReadTarget, ReplicaRouter } from '../../src/server/db/replica.ts';
import { seedDemoData } from '../../src/server/db/seed/index.ts';
import { exportsInFlight } from '../../src/server/files/export.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { type Cluster, hasPgBinaries, startPrimary, startStandby } from '../support/pg-cluster.ts';
import { callerOf, DEMO, type TestApp } from './support/app.ts';
import { call } from './support/call.ts';
import { makeFinished } from './support/reports.ts';

const METRICS_TOKEN = 'replica-test-metrics-token';

/**
 * The read replica against a real streaming standby: a primary and a standby made here from the
 * machine's PostgreSQL 15 binaries (initdb, pg_basebackup -R), in temporary directories on free
 * ports. Report reads go to the standby and still see the caller's own write made a moment before
 * on the primary; writes go to the primary; when the standby stops, its reads fall back to the
 * primary, and /ready and /metrics say so.
 */
describe.skipIf(!hasPgBinaries())('read replica', () => {
  let primary: Cluster;
  let standby: Cluster;
  let database: Database;
  let router: ReplicaRouter;
  let app: FastifyInstance;
  let config: Config;
  let dataDir: string;
  const reads: { target: ReadTarget; reason: FallbackReason | null }[] = [];
  const { login, ...caller } = callerOf(() => app);
  const t = {
    call: caller.call,
    login,
    get app() {
      return app;
    },
    get database() {
      return database;
    },
    get config() {
      return config;
    },
  } as TestApp;

  beforeAll(async () => {
    primary = await startPrimary();
    const admin = new pg.Client({ connectionString: primary.url() });
    await admin.connect();
    await admin.query('CREATE DATABASE parcel');
    await admin.end();
    database = openDatabase(primary.url('parcel'), 5);
    await migrateDatabase(database);
    await seedDemoData(database.db, { orders: false });
    standby = await startStandby(primary);
    router = new ReplicaRouter(database, openDatabase(standby.url('parcel'), 5), {
      maxLagSeconds: 5,
      checkEveryMs: 100,
    });
    router.observeReads((target, reason) => reads.push({ target, reason }));
    await router.start();
    dataDir = mkdtempSync(join(tmpdir(), 'parcel-replica-test-'));
    config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: primary.url('parcel'),
      DATABASE_REPLICA_URL: standby.url('parcel'),
      TOKEN_SECRET: 'test-secret-0123456789-0123456789-0123456789',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      METRICS_TOKEN,
    });
    app = await buildApp({ config, database, replica: router, checkResponses: true, logger: false });
    await app.ready();
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await router?.close();
    await database?.close();
    standby?.remove();
    primary?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const metric = async (name: string) => {
    const res = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return parsePrometheusTextFormat(res.body).find((f) => f.name === name);
  };

  const todaysOrders = async (token: string): Promise<number> => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: config.businessTimeZone }).format(new Date());
    const r = await call(t, contract.report.list, {
      token,
      lang: 'en',
      body: { startDate: today, endDate: today, pageNo: 1, pageSize: 50 },
    });
    expect(r.status, r.raw).toBe(200);
    return r.body.data.totals.orderCount;
  };

  it('reads reports from the standby, and they show the caller’s own write made just before', async () => {
    expect(router.current()).toMatchObject({ inUse: true, fallback: null });
    // The standby is read-only: a write that reached it would fail, so the logins and orders made
    // here prove writes go to the primary.
    const [demo, operator, finance] = await Promise.all([
      login(...DEMO.demo),
      login(...DEMO.operator),
      login(...DEMO.finance),
    ]);
    reads.length = 0;
    const base = await todaysOrders(finance);
    expect(reads).toEqual([{ target: 'replica', reason: null }]);

    for (let round = 1; round <= 3; round++) {
      await makeFinished(t, { customer: demo, operator }, [{ weight: '1.000' }]);
      // At once, no waiting: the report still counts the order just made.
      expect(await todaysOrders(finance)).toBe(base + round);
    }
    expect(reads.slice(1).every((r) => r.target === 'replica' || r.reason === 'catching_up')).toBe(true);
    expect(reads.filter((r) => r.target === 'replica').length).toBeGreaterThanOrEqual(2);

    // The standby really serves them: its own statistics count the report's reads of orders.
    const onStandby = new pg.Client({ connectionString: standby.url('parcel') });
    await onStandby.connect();
    const { rows } = await onStandby.query<{ recovery: boolean }>('SELECT pg_is_in_recovery() AS recovery');
    await onStandby.end();
    expect(rows[0]!.recovery).toBe(true);

    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ replica: { state: 'in_use', fallback: null } });
    expect((await metric('parcel_replica_in_use'))?.metrics[0]).toMatchObject({ value: '1' });
  }, 120_000);

  it("reads an export's rows from the standby and writes its task on the primary", async () => {
    const admin = await login(...DEMO.admin);
    reads.length = 0;
    const started = await call(t, contract.region.export, { token: admin, body: {}, lang: 'en' });
    expect(started.status, started.raw).toBe(200);
    await exportsInFlight();
    // The export job asked for the read side once (the call itself reads the primary).
    expect(reads).toHaveLength(1);
    expect(reads[0]!.target === 'replica' || reads[0]!.reason === 'catching_up').toBe(true);
    const list = await call(t, contract.exportTask.listExportTask, { token: admin, body: {} });
    const task = list.body.data.records.find((r) => r.recId === started.body.data.recId);
    expect(task).toMatchObject({ status: 2 });
    expect(task!.rowCount).toBeGreaterThan(0);
  }, 120_000);

  it('falls back to the primary when the standby stops, and shows it in /ready and /metrics', async () => {
    const finance = await login(...DEMO.finance);
    const before = await todaysOrders(finance);
    standby.stop('immediate');
    // A check the timer started before the stop may still answer "in use": the next one sees it down.
    await expect
      .poll(
        async () => {
          await router.check();
          return router.current().fallback;
        },
        { timeout: 15_000 },
      )
      .toBe('down');
    expect(router.current()).toMatchObject({ inUse: false, fallback: 'down' });

    reads.length = 0;
    // The reports go on, read from the primary.
    expect(await todaysOrders(finance)).toBe(before);
    expect(reads).toEqual([{ target: 'primary', reason: 'down' }]);

    const ready = await app.inject({ method: 'GET', url: '/ready' });
    // The process stays ready: its reads are served by the primary meanwhile.
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', replica: { state: 'fallback', fallback: 'down' } });
    expect((await metric('parcel_replica_in_use'))?.metrics[0]).toMatchObject({ value: '0' });
    const counted = (await metric('parcel_replica_reads_total'))?.metrics as {
      labels: { target: string; reason: string };
      value: string;
    }[];
    expect(counted.find((m) => m.labels.target === 'primary' && m.labels.reason === 'down')?.value).toBe('1');
    expect(Number(counted.find((m) => m.labels.target === 'replica')?.value)).toBeGreaterThanOrEqual(2);

    // Back: the next check takes it into use again.
    await standby.start();
    for (let i = 0; i < 100 && !router.current().inUse; i++) await new Promise((r) => setTimeout(r, 100));
    expect(router.current().inUse).toBe(true);
    reads.length = 0;
    expect(await todaysOrders(finance)).toBe(before);
    expect(reads[0]?.target).toBe('replica');
  }, 120_000);
});
