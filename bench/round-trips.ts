/**
 * What one call costs the server: SQL round trips (every statement sent, with its text; `+` marks
 * one sent in the round trip of the one above, pg's pipeline mode) and the server's own CPU per
 * call, in process (app.inject, no HTTP), for the calls the benchmarks load: the floor
 * (GET /user/current), the staff order list, the public tracking lookup and the PDA's lading scan.
 * On a scratch database of the machine's PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test), migrated and seeded with the demo data, or on an
 * existing loaded one (BENCH_URL, e.g. bench/orders.ts's kept `bench_orders`: the list and lookup
 * only, nothing is written there).
 *
 *   node bench/round-trips.ts                      statements of one call each, then CPU per call
 *   BENCH_CALLS=1000 node bench/round-trips.ts     more calls for the CPU figure (200)
 *   BENCH_ONLY=scan node bench/round-trips.ts      only the calls whose name contains this
 *   BENCH_VERBOSE=1 node bench/round-trips.ts      each statement whole, with its parameters
 *   BENCH_CPU_PROF=/tmp/prof node bench/round-trips.ts   a CPU profile of each call's timed loop there
 *
 * The API key's rate limit (API_KEY_RATE_LIMIT, 100 calls/s by default) is raised for the bench,
 * as in bench/integrate.ts: one order create at a time takes a few ms, so 200 of them went past
 * 100 in a second and were answered 429 whenever the machine was quiet enough. The statements and
 * their cost are the same (the key's counter is written either way).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { migrateDatabase, openDatabase } from '../src/server/db/client.ts';
import { seedDemoData } from '../src/server/db/seed/index.ts';
import { backendCpu, cpuSince } from './backend-cpu.ts';
import { withDatabase } from './harness.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const API = '/api/common/v1';
const given = process.env.BENCH_URL;
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
/** Print each statement whole, with its parameters. */
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const scratch = `bench_rt_${process.pid}`;

// Every statement any client of this process sends, while `sent` is an array, by round trip: a
// statement sent while its client still waits for answers (pipelined) goes with the trip before.
let sent: string[][] | null = null;
type Waiting = { _activeQuery: unknown; _sentQueryQueue?: unknown[]; _queryQueue: unknown[] };
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client & Waiting, ...args: unknown[]) {
  const q = args[0] as string | { text: string; values?: unknown[] };
  const values = (typeof q === 'string' ? undefined : q.values) ?? (args[1] as unknown[] | undefined);
  const text = typeof q === 'string' ? q : q.text;
  const shown = VERBOSE && values?.length ? `${text}\n    -- ${JSON.stringify(values)}` : text;
  const waiting = this._activeQuery || this._sentQueryQueue?.length || this._queryQueue.length;
  if (sent) {
    if (waiting && sent.length) sent.at(-1)!.push(shown);
    else sent.push([shown]);
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const admin = new pg.Client({ connectionString: server });
const url = given ?? withDatabase(server, scratch);
if (!given) {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${scratch}`);
}
const dataDir = mkdtempSync(join(tmpdir(), 'parcel-bench-rt-'));
const database = openDatabase(url);
// What holds a connection to the scratch database besides the pool, closed (newest first) before
// the pool and the DROP, on an error too: a client still connected when DROP … WITH (FORCE) runs is
// terminated ("terminating connection due to administrator command"), and a pg.Client without an
// 'error' listener then throws that out of the process before the error that stopped the run is
// printed.
const opened: (() => Promise<unknown>)[] = [];
try {
  if (!given) {
    await migrateDatabase(database);
    await seedDemoData(database.db);
  }
  const config = loadConfig({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    TOKEN_SECRET: 'bench-secret-0123456789-0123456789-01',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
    // The public lookup is limited per client address: each call names another (X-Forwarded-For).
    TRUST_PROXY: '1',
    // The order create goes through an API key: its limit would answer 429 past 100 calls/s.
    API_KEY_RATE_LIMIT: process.env.API_KEY_RATE_LIMIT ?? '100000',
  });
  const app = await buildApp({ config, database, logger: false });
  opened.push(() => app.close());
  await app.ready();
  type Call = {
    method: 'GET' | 'POST';
    url: string;
    token?: string;
    body?: unknown;
    key?: boolean;
    ip?: string;
  };
  const call = async (c: Call) => {
    const r = await app.inject({
      method: c.method,
      url: `${API}${c.url}`,
      headers: {
        'local-lang': 'en',
        ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
        ...(c.key ? { 'idempotency-key': randomUUID() } : {}),
        ...(c.ip ? { 'x-forwarded-for': c.ip } : {}),
      },
      ...(c.body === undefined ? {} : { payload: c.body as object }),
    });
    const body = r.json() as { code: number; msg: string; data: unknown };
    if (body.code !== 1) throw new Error(`${c.url}: ${r.statusCode} ${body.msg}`);
    return body.data;
  };
  const login = async (username: string, password: string) =>
    ((await call({ method: 'POST', url: '/login', body: { username, password } })) as { token: string })
      .token;
  const staff = await login('admin', 'admin123');

  // A time filter as the list screen keeps it (in its URL): the same on every call.
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const calls: { name: string; next: (k: number) => Call }[] = [
    {
      name: 'GET /user/current (floor)',
      next: () => ({ method: 'GET', url: '/user/current', token: staff }),
    },
    {
      name: 'POST /order/list, first page',
      next: () => ({ method: 'POST', url: '/order/list', token: staff, body: { pageNo: 1, pageSize: 20 } }),
    },
    {
      name: 'POST /order/list, status + 30 days',
      next: () => ({
        method: 'POST',
        url: '/order/list',
        token: staff,
        body: {
          pageNo: 1,
          pageSize: 20,
          status: 5,
          startTime: since,
        },
      }),
    },
  ];
  const [someOrder] = (
    await database.pool.query<{ tracking_no: string }>(
      'SELECT tracking_no FROM orders WHERE carrier_tracking_no IS NOT NULL ORDER BY id LIMIT 1',
    )
  ).rows;
  if (someOrder)
    calls.push({
      name: 'GET /tracking/query/{no} (public)',
      next: (k) => ({
        method: 'GET',
        url: `/tracking/query/${someOrder.tracking_no}`,
        ip: `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`,
      }),
    });
  if (!given) {
    // Received orders to scan into one open bill of their channel, as the PDA does.
    const pda = await login('pda', 'pda123');
    const [o] = (
      await database.pool.query<{ tracking_no: string; channel_id: number }>(
        `SELECT o.tracking_no, o.channel_id FROM orders o WHERE o.status = 2 AND o.intercept_state = 0
          AND NOT EXISTS (SELECT 1 FROM package_items p WHERE p.order_id = o.id AND p.active) ORDER BY o.id LIMIT 1`,
      )
    ).rows;
    if (!o) throw new Error('no received order in the demo data');
    const cols = (
      await database.pool.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = 'orders' AND column_name <> 'id'`,
      )
    ).rows.map((r) => r.column_name);
    const values = cols.map((n) =>
      n === 'tracking_no' ? `'RT' || lpad(g::text, 6, '0')` : n === 'customer_no' ? `'RT-' || g` : `o.${n}`,
    );
    await database.pool.query(
      `INSERT INTO orders (${cols.join(', ')}) SELECT ${values.join(', ')}
        FROM orders o, generate_series(1, $1::int) g WHERE o.tracking_no = $2`,
      [CALLS + 10, o.tracking_no],
    );
    const bill = (await call({
      method: 'POST',
      url: '/lading/create',
      token: staff,
      body: { channelId: o.channel_id },
      key: true,
    })) as { recId: number };
    // Orders made through an API key of the demo customer, as bench/integrate.ts's part 1 makes them.
    const demo = await login('demo', 'demo123');
    const apiKey = (
      (await call({ method: 'POST', url: '/apiKey/create', token: demo, body: { name: 'rt' } })) as {
        secret: string;
      }
    ).secret;
    const regionIds = (
      await database.pool.query<{ id: number }>(
        `SELECT id FROM regions WHERE code = ANY($1::text[]) ORDER BY level`,
        [['SA', 'SA-RI', 'SA-RI-RUH', 'SA-RI-RUH-OL']],
      )
    ).rows.map((r) => r.id);
    const [channel] = (
      await database.pool.query<{ id: number }>(
        `SELECT id FROM shipping_channels WHERE code = 'CN-SA-AIR-COD'`,
      )
    ).rows;
    calls.push({
      name: 'POST /order/create (API key)',
      next: (k) => ({
        method: 'POST',
        url: '/order/create',
        token: apiKey,
        key: true,
        body: {
          channelId: channel!.id,
          customerNo: `RT-${process.pid}-${k}`,
          consignee: {
            name: 'Ahmed Al-Harbi',
            phone: '+966 50 123 4567',
            regionIds,
            address: `King Fahd Road ${k}`,
          },
          weight: '1.250',
          isCod: false,
          goods: [{ nameEn: 'T-shirt', nameCn: 'T恤', quantity: 2, hsCode: '610910', unitPrice: '9.90' }],
        },
      }),
    });
    calls.push({
      name: 'POST /lading/scanTrackingNo/{id} (PDA)',
      next: (k) => ({
        method: 'POST',
        url: `/lading/scanTrackingNo/${bill.recId}`,
        token: pda,
        key: true,
        body: { trackingNo: `RT${String(k + 1).padStart(6, '0')}` },
      }),
    });
  }

  const figures: string[] = [];
  const stats = new pg.Client({ connectionString: url });
  stats.on('error', () => {}); // a lost connection fails its query, which stops the run
  opened.push(() => stats.end());
  await stats.connect();
  const profiler = PROFILE_DIR ? new Session() : null;
  if (profiler) {
    mkdirSync(PROFILE_DIR!, { recursive: true });
    profiler.connect();
    await profiler.post('Profiler.enable');
  }
  const only = process.env.BENCH_ONLY;
  for (const c of calls.filter((x) => !only || x.name.includes(only))) {
    await call(c.next(0)); // warm
    sent = [];
    await call(c.next(1));
    const trips = sent;
    sent = null;
    const statements = trips.flat().length;
    console.log(`\n${c.name}: ${statements} statements in ${trips.length} round trips`);
    for (const trip of trips)
      for (const [i, s] of trip.entries())
        console.log(`${i ? ' +' : '  '}${VERBOSE ? s : s.replace(/\s+/g, ' ').slice(0, 160)}`);
    if (profiler) await profiler.post('Profiler.start');
    const db0 = await backendCpu(stats);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (let k = 2; k < CALLS + 2; k++) await call(c.next(k));
    const ms = (performance.now() - t0) / CALLS;
    const cpu = process.cpuUsage(cpu0);
    const dbMs = cpuSince(db0, await backendCpu(stats)) / CALLS;
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      const file = join(PROFILE_DIR!, `${c.name.replace(/\W+/g, '-')}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(`  profile: ${file}`);
    }
    figures.push(
      `${c.name}\t${statements} statements, ${trips.length} round trips\tCPU per call: server ${((cpu.user + cpu.system) / 1000 / CALLS).toFixed(2)} ms, db ${dbMs.toFixed(2)} ms\twall ${ms.toFixed(2)} ms/call`,
    );
  }
  console.log(
    `\n${CALLS} calls each, one at a time, in process (app.inject); load average ${loadavg()[0]!.toFixed(1)}:`,
  );
  for (const f of figures) console.log(f);
} finally {
  for (const close of opened.reverse()) await close().catch(() => {});
  await database.close();
  if (!given) {
    // pool.end() answers once its clients have sent their goodbye, before their backends have
    // gone: wait for them (up to 5 s) so that FORCE has nothing left to terminate.
    for (let i = 0; i < 50; i++) {
      const { rows } = await admin.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [scratch],
      );
      if (!rows[0]!.n) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
}
