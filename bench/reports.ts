/**
 * Statement and analysis queries at volume. On the embedded PostgreSQL and on the machine's
 * PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, scratch database
 * `bench_reports`): the 1,000,000 orders of bench/order-load.ts (a year of 200 customers, with fee
 * lines and abnormal marks), then each call of QUERIES through a forked product server as admin,
 * one client (sequential requests, keep-alive): p50 and p95, the CPU per request (server and
 * database backends) and the load average. A call that refuses its body is named with the answer
 * and fails the bench (exit code 1): its body no longer matches the contract.
 * Targets (on PostgreSQL): a month of one customer p95 < 500 ms; the whole business p95 < 2 s.
 *
 *   npm run bench -- reports
 *   BENCH_KEEP=1 npm run bench -- reports     keep the loaded databases (the embedded one in
 *                                             $TMPDIR/parcel-bench-reports)
 *   BENCH_REUSE=1 npm run bench -- reports    measure the kept databases again (no load)
 *   BENCH_TARGETS=postgres BENCH_REPEAT=10 BENCH_ONLY=statistics node bench/reports.ts
 *
 * BENCH_REPEAT (20) requests per call after 2 warm-up ones; BENCH_ONLY runs the calls whose name
 * contains it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { seedDemoData } from '../src/server/db/seed/index.ts';
import { refreshRollup } from '../src/server/modules/analysis/analysis-rollup.ts';
import { addDays } from '../src/shared/domain/analysis.ts';
import {
  median,
  meterOf,
  oneClient,
  percentile,
  root,
  scratchDatabase,
  startServer,
  stopServer,
  type Target,
} from './harness.ts';
import { ORDERS } from './order-gen.ts';
import { loadOrders } from './order-load.ts';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const ONLY = process.env.BENCH_ONLY;
const targets = (process.env.BENCH_TARGETS ?? 'embedded,postgres').split(',');
const REUSE = process.env.BENCH_REUSE === '1';
const KEEP = process.env.BENCH_KEEP === '1' || REUSE;
const DB_NAME = process.env.BENCH_DB_NAME ?? 'bench_reports';
const TIME_ZONE = process.env.BUSINESS_TIME_ZONE ?? 'Asia/Shanghai';

/** What the bodies are built from: the loaded data's last day and two customers. */
interface Context {
  /** The business day of the newest order. */
  last: string;
  /** 30 and 365 days ending on `last`. */
  month: string;
  year: string;
  /** The customer with most orders (about 12 % of them) and a middling one (about 1 %). */
  top: number;
  mid: number;
}

type Scope = 'business' | 'customer';

interface BenchQuery {
  name: string;
  path: string;
  scope: Scope;
  body: (c: Context) => object;
}

const TARGET_MS: Record<Scope, number> = { business: 2000, customer: 500 };

const A = '/order/analysis';
const range = (c: Context, days: 'month' | 'year') => ({ startDate: c[days], endDate: c.last });
/** A customer's 30 days as a statement row's id (report-period.ts periodKey). */
const periodOf = (customerId: number, c: Context) =>
  `${customerId}-${c.month.replaceAll('-', '')}-${c.last.replaceAll('-', '')}`;

/** The calls measured, each with its body: add a row to measure another call. */
const ALL_QUERIES: BenchQuery[] = [
  {
    name: 'statistics, whole business, 30 days, by day',
    path: `${A}/statistics`,
    scope: 'business',
    body: (c) => range(c, 'month'),
  },
  {
    name: 'statistics, whole business, 30 days, by customer',
    path: `${A}/statistics`,
    scope: 'business',
    body: (c) => ({ ...range(c, 'month'), groupBy: 'customer' }),
  },
  {
    name: 'statistics, whole business, 365 days, by channel',
    path: `${A}/statistics`,
    scope: 'business',
    body: (c) => ({ ...range(c, 'year'), groupBy: 'channel' }),
  },
  {
    name: 'statistics, whole business, 365 days, by customer',
    path: `${A}/statistics`,
    scope: 'business',
    body: (c) => ({ ...range(c, 'year'), groupBy: 'customer' }),
  },
  {
    name: 'statistics, whole business, 365 days, by destination',
    path: `${A}/statistics`,
    scope: 'business',
    body: (c) => ({ ...range(c, 'year'), groupBy: 'country' }),
  },
  {
    name: 'statistics, whole business, 365 days, by status',
    path: `${A}/statistics`,
    scope: 'business',
    body: (c) => ({ ...range(c, 'year'), groupBy: 'status' }),
  },
  {
    name: 'statistics, whole business, 365 days, by day',
    path: `${A}/statistics`,
    scope: 'business',
    body: (c) => range(c, 'year'),
  },
  {
    name: 'statistics, top customer, 30 days, by destination',
    path: `${A}/statistics`,
    scope: 'customer',
    body: (c) => ({ ...range(c, 'month'), customerId: c.top, groupBy: 'country' }),
  },
  {
    name: 'statistics, middling customer, 30 days, arrival, by status',
    path: `${A}/statistics`,
    scope: 'customer',
    body: (c) => ({ ...range(c, 'month'), customerId: c.mid, timeBasis: 'arrival', groupBy: 'status' }),
  },
  {
    name: 'exception, whole business, 30 days',
    path: `${A}/exception`,
    scope: 'business',
    body: (c) => range(c, 'month'),
  },
  {
    name: 'exception, whole business, 365 days',
    path: `${A}/exception`,
    scope: 'business',
    body: (c) => range(c, 'year'),
  },
  {
    name: 'exception, top customer, 30 days',
    path: `${A}/exception`,
    scope: 'customer',
    body: (c) => ({ ...range(c, 'month'), customerId: c.top }),
  },
  {
    name: 'orderAnalysis, whole business, 30 days',
    path: `${A}/orderAnalysis`,
    scope: 'business',
    body: (c) => range(c, 'month'),
  },
  {
    name: 'orderAnalysis, whole business, 365 days',
    path: `${A}/orderAnalysis`,
    scope: 'business',
    body: (c) => range(c, 'year'),
  },
  {
    name: 'orderAnalysis, top customer, 30 days',
    path: `${A}/orderAnalysis`,
    scope: 'customer',
    body: (c) => ({ ...range(c, 'month'), customerId: c.top }),
  },
  {
    name: 'exceptionDetail, whole business, 365 days, weight discrepancy, page 1',
    path: `${A}/exceptionDetail`,
    scope: 'business',
    body: (c) => ({ ...range(c, 'year'), kind: 'weightDiscrepancy', pageNo: 1, pageSize: 20 }),
  },
  {
    name: 'exceptionDetail, top customer, 30 days, returned, page 2',
    path: `${A}/exceptionDetail`,
    scope: 'customer',
    body: (c) => ({ ...range(c, 'month'), customerId: c.top, kind: 'returned', pageNo: 2, pageSize: 20 }),
  },
  {
    name: 'statement/detail, top customer, 30 days',
    path: '/statement/detail',
    scope: 'customer',
    body: (c) => ({ pageNo: 1, pageSize: 20, id: periodOf(c.top, c) }),
  },
  {
    name: 'statement/trackingStatementDate, whole business, 30 days',
    path: '/statement/trackingStatementDate',
    scope: 'business',
    body: (c) => ({ pageNo: 1, pageSize: 20, ...range(c, 'month') }),
  },
  {
    name: 'report/list, whole business, 30 days',
    path: '/report/list',
    scope: 'business',
    body: (c) => ({ pageNo: 1, pageSize: 20, ...range(c, 'month') }),
  },
  {
    name: 'statement/collectingList, top customer, 30 days',
    path: '/statement/collectingList',
    scope: 'customer',
    body: (c) => ({ pageNo: 1, pageSize: 20, customerId: c.top, ...range(c, 'month') }),
  },
];
const QUERIES = ALL_QUERIES.filter((q) => !ONLY || q.name.includes(ONLY));

interface Measured {
  name: string;
  scope: Scope;
  p50?: number;
  p95?: number;
  cpu?: { node: number; db: number };
  loadAverage: number;
  /** Why it was not measured. */
  skipped?: string;
}

async function contextOf(url: string): Promise<Context> {
  const d = openDatabase(url, 1);
  try {
    const [row] = (
      await d.db.execute<{ last: string }>(
        sql`SELECT to_char(max(created_at) AT TIME ZONE ${TIME_ZONE}, 'YYYY-MM-DD') AS last FROM orders`,
      )
    ).rows;
    const customers = (
      await d.db.execute<{ id: number }>(sql`SELECT id FROM customers WHERE code LIKE 'B%' ORDER BY code`)
    ).rows;
    const last = row!.last;
    const month = addDays(last, -29);
    return {
      last,
      month,
      year: addDays(last, -364),
      top: customers[0]!.id,
      mid: customers[20]!.id,
    };
  } finally {
    await d.close();
  }
}

/** One call, as the bench client makes it: the HTTP status and the envelope's message. */
async function probe(t: Target, path: string, body: object) {
  const res = await fetch(`${t.base}/api/common/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json', 'local-lang': 'en' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let msg = text.slice(0, 200);
  try {
    msg = (JSON.parse(text) as { msg: string }).msg;
  } catch {}
  return { status: res.status, msg };
}

async function measure(label: string, url: string): Promise<{ database: string; rows: Measured[] }> {
  const database = openDatabase(url, 4);
  await migrateDatabase(database);
  await seedDemoData(database.db, { orders: false });
  console.log(`${label}: loading ${ORDERS.toLocaleString('en')} orders by COPY…`);
  const load = await loadOrders(database, { reuse: REUSE });
  // The statistics rollup, as a server process builds it at start (analysis-rollup.ts): the bench
  // server runs no schedulers, so it is built (or refreshed, when reused) here.
  const rollupStart = performance.now();
  const rollup = await refreshRollup(database.db, TIME_ZONE);
  console.log(
    `  statistics rollup ${rollup?.built ? 'built' : `refreshed (${rollup?.days ?? 0} days)`}: ${((performance.now() - rollupStart) / 1000).toFixed(1)} s`,
  );
  await database.close();
  if (load.orders.rows === 0) console.log('  reusing the orders loaded by an earlier run');
  for (const [name, x] of Object.entries({
    orders: load.orders,
    'goods lines': load.goods,
    events: load.events,
    'fee lines': load.fees,
    'abnormal marks': load.abnormals,
  }))
    if (x.rows > 0) console.log(`  COPY ${x.rows.toLocaleString('en')} ${name}: ${x.seconds.toFixed(1)} s`);

  const c = await contextOf(url);
  const rows: Measured[] = [];
  const server = await startServer(url);
  const stats = new pg.Client({ connectionString: url });
  await stats.connect();
  const meter = meterOf(server, stats);
  try {
    for (const q of QUERIES) {
      const body = q.body(c);
      const first = await probe(server.target, q.path, body);
      const loadAverage = loadavg()[0]!;
      if (first.status !== 200) {
        const skipped = `FAILED, refused ${first.status}: ${first.msg}`;
        process.exitCode = 1;
        rows.push({ name: q.name, scope: q.scope, loadAverage, skipped });
        console.log(`  ${q.name}: ${skipped}`);
        continue;
      }
      const call = { method: 'POST' as const, path: `/api/common/v1${q.path}`, body: JSON.stringify(body) };
      await oneClient(server.target, [call, call]);
      await meter.start();
      const run = await oneClient(
        server.target,
        Array.from({ length: REPEAT }, () => call),
      );
      const cpu = await meter.stop(REPEAT);
      const m: Measured = {
        name: q.name,
        scope: q.scope,
        p50: percentile(run.times, 50),
        p95: percentile(run.times, 95),
        cpu,
        loadAverage,
        ...(run.errors ? { skipped: `${run.errors} failed answers` } : {}),
      };
      rows.push(m);
      console.log(
        `  ${q.name}: p50 ${fmt(m.p50!)} ms, p95 ${fmt(m.p95!)} ms, CPU server ${fmt(cpu.node)} + db ${fmt(cpu.db)} ms (load ${loadAverage.toFixed(1)})`,
      );
    }
  } finally {
    await stats.end();
    await stopServer(server);
  }
  return { database: label, rows };
}

const fmt = (x: number) => (x >= 100 ? String(Math.round(x)) : x.toFixed(x >= 10 ? 1 : 2));

// ---- main ----

const results: Awaited<ReturnType<typeof measure>>[] = [];
if (targets.includes('embedded')) {
  const dir = KEEP
    ? join(tmpdir(), 'parcel-bench-reports')
    : mkdtempSync(join(tmpdir(), 'parcel-bench-reports-'));
  mkdirSync(dir, { recursive: true });
  const embedded = await startEmbeddedPostgres(dir, { info: () => {}, warn: console.warn });
  try {
    const scratch = await scratchDatabase(embedded.url, DB_NAME, REUSE);
    await scratch.close(true);
    results.push(await measure(`embedded PostgreSQL ${scratch.version}`, scratch.url));
  } finally {
    await embedded.stop();
    if (KEEP) console.log(`kept the embedded data in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}
if (targets.includes('postgres')) {
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  try {
    scratch = await scratchDatabase(server, DB_NAME, REUSE);
    results.push(await measure(`machine PostgreSQL ${scratch.version}`, scratch.url));
  } catch (e) {
    console.warn(`the machine's PostgreSQL (${server}): ${e instanceof Error ? (e.stack ?? e.message) : e}`);
  } finally {
    if (KEEP) console.log(`kept the database ${DB_NAME}`);
    await scratch?.close(KEEP);
  }
}

console.log(
  `\n${ORDERS.toLocaleString('en')} orders; one client, ${REPEAT} requests per call; targets on PostgreSQL: one customer p95 < 500 ms, whole business p95 < 2 s\n`,
);
for (const r of results) {
  console.log(r.database);
  for (const m of r.rows) {
    if (m.p95 === undefined) {
      console.log(`  ${m.name}\t${m.skipped}`);
      continue;
    }
    const target = TARGET_MS[m.scope];
    console.log(
      `  ${m.name}\tp50 ${fmt(m.p50!)} ms\tp95 ${fmt(m.p95)} ms\ttarget < ${target} ms: ${m.p95 < target ? 'met' : 'MISSED'}\tCPU ${fmt(m.cpu!.node + m.cpu!.db)} ms\tload ${m.loadAverage.toFixed(1)}${m.skipped ? `\t(${m.skipped})` : ''}`,
    );
  }
  const loads = r.rows.map((m) => m.loadAverage);
  if (loads.length) console.log(`  load average (1 min) median ${median(loads).toFixed(1)}`);
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(root, 'bench/results', `reports-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ orders: ORDERS, repeat: REPEAT, results }, null, 2));
console.log(`\nsaved ${file}`);
