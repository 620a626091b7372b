/**
 * Orders at volume. On the embedded PostgreSQL and on the machine's PostgreSQL (BENCH_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/test; the scratch database `bench_orders` is created
 * next to it and dropped afterwards):
 * - load 1,000,000 orders of 200 customers over the last year (bench/order-load.ts: goods lines,
 *   tracking events, fee lines, abnormal marks) by COPY; then VACUUM ANALYZE (what autovacuum would
 *   have done by then);
 * - through a forked product server (bench/server.ts: the real app, its logging, its rate limits):
 *   the staff order list (POST /order/list as admin, a mix of the filters staff use, page + total)
 *   and the public tracking lookup (GET /tracking/query/{no}: our numbers, carriers' numbers,
 *   customers' numbers, several at once, unknown ones): p50/p95 with one client (sequential
 *   requests, keep-alive), requests/s and p99 with autocannon at 50 connections, on 127.0.0.1;
 * - import a 100,000-order xlsx through POST /order/importOrder (staff, for the DEMO customer):
 *   the time from upload to answer and the server process's peak RSS.
 * The list's filter sets come in the proportions staff use them (listBodies); the table shows
 * each one's figures too. Beside them: GET /user/current, the floor under every staff call (token
 * check and session lookup); the CPU per request of the server and of its database backends (from
 * /proc); the machine's load average (the 2 cores here are shared with other work).
 * Each measurement runs BENCH_ROUNDS times (3); the table shows the median and every round.
 * Targets: list p95 < 10 ms (one client), ≥ 900 req/s with p99 < 100 ms (50 connections); lookup
 * p95 < 3 ms (one client); import < 60 s with peak RSS < 600 MB.
 *
 *   npm run bench -- orders
 *   BENCH_TARGETS=embedded BENCH_ORDERS=200000 BENCH_ROUNDS=1 node bench/orders.ts
 *   BENCH_IMPORT_ORDERS=0 node bench/orders.ts          without the import
 *   BENCH_KEEP=1 node bench/orders.ts                   keep the loaded databases (prints where)
 *   BENCH_REUSE=1 BENCH_TARGETS=postgres node bench/orders.ts   measure the kept `bench_orders` again
 *   BENCH_PER_QUERY=1 node bench/orders.ts              also each filter set alone at 50 connections
 *   BENCH_LIST=0 node bench/orders.ts                   the load and the import only
 *   BENCH_EMBEDDED_DIR=/var/tmp/x BENCH_KEEP=1 ...       keep the embedded data there (BENCH_REUSE: use it again)
 *   BENCH_DB_NAME=bench_orders_mine ...                 another scratch database name on the machine's server
 *   BENCH_CPU_PROF=/tmp/prof node bench/orders.ts       the servers (list, import) write a CPU profile there
 *
 * The public lookup is rate-limited per client address (30 a minute): the bench server trusts
 * X-Forwarded-For (TRUST_PROXY) and each request names another address, as the many visitors of
 * the /search page would be; the limiter's own cost stays in the measurement.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { seedDemoData } from '../src/server/db/seed/index.ts';
import {
  meterOf,
  oneClient,
  percentile,
  rng,
  root,
  scratchDatabase,
  startServer,
  stopServer,
  withDatabase,
} from './harness.ts';
import { ORDERS } from './order-gen.ts';
import { loadOrders } from './order-load.ts';
import { buildImportFile, IMPORT_ORDERS } from './orders-import-file.ts';
import { type Measured, printReport } from './orders-report.ts';
import { CONNECTIONS, clientIp, fifty, listBodies, lookupPaths, SECONDS } from './orders-requests.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONE_CLIENT_REQUESTS = Number(process.env.BENCH_ONE_CLIENT ?? 500);
const targets = (process.env.BENCH_TARGETS ?? 'embedded,postgres').split(',');
const KEEP = process.env.BENCH_KEEP === '1' || process.env.BENCH_REUSE === '1';
/** The machine's PostgreSQL: use the orders an earlier BENCH_KEEP run left in `bench_orders`. */
const REUSE = process.env.BENCH_REUSE === '1';
/** Also measure each filter set alone at 50 connections (3 s each), with its CPU per request. */
const PER_QUERY = process.env.BENCH_PER_QUERY === '1';
/** Measure the list and the lookup (else only the load and the import). */
const LIST = process.env.BENCH_LIST !== '0';
/** A directory: the import servers run with --cpu-prof and write their profile there. */
const CPU_PROF = process.env.BENCH_CPU_PROF;
const cpuProfFlags = () => (CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : []);
/** The embedded PostgreSQL's data directory (a fresh temporary one without it). */
const EMBEDDED_DIR = process.env.BENCH_EMBEDDED_DIR;
const MB = 1024 * 1024;

async function measure(label: string, url: string, dir: string): Promise<Measured> {
  const database = openDatabase(url, 4);
  await migrateDatabase(database);
  await seedDemoData(database.db, { orders: false });
  console.log(`${label}: loading ${ORDERS.toLocaleString('en')} orders by COPY…`);
  const load = await loadOrders(database, { reuse: REUSE });
  await database.close();
  if (load.orders.rows === 0) console.log('  reusing the orders loaded by an earlier run');
  for (const [name, x] of [
    ['orders', load.orders],
    ['goods lines', load.goods],
    ['events', load.events],
    ['fee lines', load.fees],
    ['abnormal marks', load.abnormals],
  ] as const)
    if (x.rows > 0)
      console.log(
        `  COPY ${x.rows.toLocaleString('en')} ${name}: ${x.seconds.toFixed(1)} s (${Math.round(x.rows / x.seconds).toLocaleString('en')} rows/s)`,
      );
  if (load.orders.rows > 0) console.log(`  VACUUM ANALYZE: ${load.vacuum.toFixed(1)} s`);

  const w = load.world;
  const bodies = listBodies(w);
  // The filter sets in their proportions, in a fixed shuffled order.
  const mix = bodies.flatMap((b, k) => Array.from({ length: b.weight }, () => k));
  const shuffle = rng(77);
  for (let i = mix.length - 1; i > 0; i--) {
    const j = Math.floor(shuffle() * (i + 1));
    [mix[i], mix[j]] = [mix[j]!, mix[i]!];
  }
  const paths = lookupPaths(w, 5_000);
  const out: Measured = {
    database: label,
    load,
    listOne: [],
    listFifty: [],
    lookupOne: [],
    lookupFifty: [],
    loadAverage: [],
    floor: [],
    imports: [],
  };
  const server = await startServer(url, cpuProfFlags());
  const stats = new pg.Client({ connectionString: url });
  await stats.connect();
  const meter = meterOf(server, stats);
  try {
    for (let round = 1; LIST && round <= ROUNDS; round++) {
      out.loadAverage.push(loadavg()[0]!);
      // The floor of any staff call here: token check and session lookup, nothing else.
      const floorPath = '/api/common/v1/user/current';
      const floor = await oneClient(
        server.target,
        Array.from({ length: 300 }, () => ({ method: 'GET' as const, path: floorPath })),
      );
      const floorFifty = await fifty(
        server.target,
        { method: 'GET', next: () => ({ path: floorPath }) },
        meter,
        5,
      );
      out.floor.push({
        p50: percentile(floor.times, 50),
        p95: percentile(floor.times, 95),
        rps: floorFifty.rps,
        cpu: floorFifty.cpu,
      });
      if (PER_QUERY) {
        const bare = await fifty(
          server.target,
          { method: 'GET', next: () => ({ path: '/bench/bare' }) },
          meter,
          3,
        );
        console.log(`  bare route (no auth, no db): ${bare.rps} req/s, p99 ${bare.p99} ms`);
      }
      if (PER_QUERY)
        for (const b of bodies) {
          const x = await fifty(
            server.target,
            {
              method: 'POST',
              next: () => ({ path: '/api/common/v1/order/list', body: JSON.stringify(b.body) }),
            },
            meter,
            3,
          );
          console.log(
            `  ${b.name}: ${x.rps} req/s, p99 ${x.p99} ms, CPU per request: server ${x.cpu.node.toFixed(2)} ms, db ${x.cpu.db.toFixed(2)} ms`,
          );
        }
      // One client: the mix in turn, after a warm-up pass over every filter set.
      const sets = Array.from({ length: ONE_CLIENT_REQUESTS }, (_, k) => mix[k % mix.length]!);
      const call = (k: number) => ({
        method: 'POST' as const,
        path: '/api/common/v1/order/list',
        body: JSON.stringify(bodies[k]!.body),
      });
      const calls = sets.map(call);
      await oneClient(server.target, [...bodies.keys(), ...bodies.keys()].map(call));
      await meter.start();
      const list = await oneClient(server.target, calls);
      const listCpu = await meter.stop(calls.length);
      out.listOne.push({
        p50: percentile(list.times, 50),
        p95: percentile(list.times, 95),
        errors: list.errors,
        cpu: listCpu,
        perQuery: bodies.map((b, k) => {
          const mine = list.times.filter((_, j) => sets[j] === k);
          return { name: b.name, weight: b.weight, p50: percentile(mine, 50), p95: percentile(mine, 95) };
        }),
      });
      out.listFifty.push(
        await fifty(
          server.target,
          {
            method: 'POST',
            next: (k) => ({
              path: '/api/common/v1/order/list',
              body: JSON.stringify(bodies[mix[k % mix.length]!]!.body),
            }),
          },
          meter,
        ),
      );
      const ip0 = round * 100_000;
      const lookups = paths.slice(0, ONE_CLIENT_REQUESTS).map((path, k) => ({
        method: 'GET' as const,
        path,
        anonymous: true,
        headers: { 'x-forwarded-for': clientIp(ip0 + k) },
      }));
      await oneClient(
        server.target,
        lookups
          .slice(0, 50)
          .map((c, k) => ({ ...c, headers: { 'x-forwarded-for': clientIp(ip0 + 90_000 + k) } })),
      );
      await meter.start();
      const lookup = await oneClient(server.target, lookups);
      const lookupCpu = await meter.stop(lookups.length);
      out.lookupOne.push({
        p50: percentile(lookup.times, 50),
        p95: percentile(lookup.times, 95),
        errors: lookup.errors,
        cpu: lookupCpu,
      });
      // 50 connections: every request from another address (at most 30 a minute each).
      let ip = 1_000_000 * round;
      out.lookupFifty.push(
        await fifty(
          server.target,
          {
            method: 'GET',
            anonymous: true,
            next: (k) => ({ path: paths[k % paths.length]!, ip: clientIp(ip++) }),
          },
          meter,
        ),
      );
      console.log(
        `  round ${round}: list one client p50 ${out.listOne.at(-1)!.p50.toFixed(2)} ms p95 ${out.listOne.at(-1)!.p95.toFixed(2)} ms; ` +
          `50 conns ${out.listFifty.at(-1)!.rps} req/s p99 ${out.listFifty.at(-1)!.p99} ms; ` +
          `lookup p95 ${out.lookupOne.at(-1)!.p95.toFixed(2)} ms, 50 conns ${out.lookupFifty.at(-1)!.rps} req/s p99 ${out.lookupFifty.at(-1)!.p99} ms`,
      );
    }
  } finally {
    await stats.end();
    await stopServer(server);
  }

  if (IMPORT_ORDERS > 0) {
    const demo = await (async () => {
      const d = openDatabase(url, 1);
      const [row] = (await d.db.execute<{ id: number }>(sql`SELECT id FROM customers WHERE code = 'DEMO'`))
        .rows;
      await d.close();
      return row!.id;
    })();
    for (let round = 1; round <= ROUNDS; round++) {
      const file = await buildImportFile(dir, w, round);
      const fileMb = statSync(file).size / MB;
      // A fresh server per import: its peak RSS is the import's own.
      const s = await startServer(url, cpuProfFlags());
      try {
        const before = await s.usage();
        const form = new FormData();
        form.append('customerId', String(demo));
        form.append('file', new Blob([readFileSync(file)]), 'orders.xlsx');
        const started = performance.now();
        const res = await fetch(`${s.target.base}/api/common/v1/order/importOrder`, {
          method: 'POST',
          headers: { authorization: `Bearer ${s.target.token}`, 'local-lang': 'en' },
          body: form,
        });
        const seconds = (performance.now() - started) / 1000;
        const text = await res.text();
        const after = await s.usage();
        let answer: { code?: number; msg?: string; data?: { orderCount?: number } } = {};
        try {
          answer = JSON.parse(text);
        } catch {}
        const row = {
          seconds,
          orders: answer.data?.orderCount ?? 0,
          peakRss: after.peakRss,
          baselineRss: before.peakRss,
          fileMb,
          ...(answer.code === 1 ? {} : { error: `${res.status} ${answer.msg ?? text.slice(0, 200)}` }),
        };
        out.imports.push(row);
        console.log(
          `  import round ${round}: ${seconds.toFixed(1)} s, ${row.orders} orders, peak RSS ${Math.round(row.peakRss / MB)} MB${row.error ? `, refused: ${row.error}` : ''}`,
        );
      } finally {
        await stopServer(s);
        rmSync(file, { force: true });
      }
    }
  }
  return out;
}

// ---- main ----

const results: Measured[] = [];
if (targets.includes('embedded')) {
  const dir = EMBEDDED_DIR ?? mkdtempSync(join(tmpdir(), 'parcel-bench-orders-'));
  mkdirSync(dir, { recursive: true });
  const embedded = await startEmbeddedPostgres(dir, { info: () => {}, warn: console.warn });
  try {
    results.push(await measure('embedded PostgreSQL 18', withDatabase(embedded.url, 'postgres'), dir));
  } finally {
    await embedded.stop();
    if (KEEP) console.log(`kept the embedded data in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}
if (targets.includes('postgres')) {
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = process.env.BENCH_DB_NAME ?? 'bench_orders';
  const dir = mkdtempSync(join(tmpdir(), 'parcel-bench-orders-'));
  let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  try {
    scratch = await scratchDatabase(server, name, REUSE);
    results.push(await measure(`machine PostgreSQL ${scratch.version}`, scratch.url, dir));
  } catch (e) {
    console.warn(`the machine's PostgreSQL (${server}): ${e instanceof Error ? (e.stack ?? e.message) : e}`);
  } finally {
    if (KEEP) console.log(`kept the database ${name}`);
    await scratch?.close(KEEP);
    rmSync(dir, { recursive: true, force: true });
  }
}

printReport(results, ROUNDS);
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(root, 'bench/results', `orders-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  JSON.stringify(
    {
      orders: ORDERS,
      importOrders: IMPORT_ORDERS,
      rounds: ROUNDS,
      seconds: SECONDS,
      connections: CONNECTIONS,
      results: results.map((r) => ({ ...r, load: { ...r.load, world: undefined } })),
    },
    null,
    2,
  ),
);
console.log(`\nsaved ${file}`);
