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
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { seedDemoData } from '../src/server/db/seed/index.ts';
import {
  type Meter,
  median,
  meterOf,
  oneClient,
  percentile,
  rng,
  root,
  scratchDatabase,
  startServer,
  stopServer,
  type Target,
  withDatabase,
} from './harness.ts';
import {
  carrierNo,
  DAY,
  FAMILY,
  FIRST,
  GOODS,
  loadOrders,
  ORDERS,
  orderAt,
  type World,
} from './order-load.ts';

const IMPORT_ORDERS = Number(process.env.BENCH_IMPORT_ORDERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ONE_CLIENT_REQUESTS = Number(process.env.BENCH_ONE_CLIENT ?? 500);
const CONNECTIONS = 50;
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

// ---- the requests ----

/**
 * Filter sets staff use on the order list (each answers a page and its total), with how often each
 * comes in a working day (our estimate, per 100 list calls): opening or refreshing the list, a
 * status, a customer, pasted tracking numbers most; searches by consignee least. The measurements
 * draw the filter sets in these proportions; each set's own figures are printed too.
 */
function listBodies(w: World): { name: string; weight: number; body: object }[] {
  const now = w.now;
  const days = (n: number) => new Date(now - n * DAY).toISOString();
  const ids = (from: number, n: number) =>
    Array.from({ length: n }, (_, k) => `GL${String(1_000_000_000 + from + k * 997).padStart(10, '0')}`).join(
      '\n',
    );
  const top = w.customers[0]!.id;
  const mid = w.customers[20]!.id;
  const sa = w.channels.find((c) => c.code === 'CN-SA-AIR-COD') ?? w.channels[0]!;
  const saCountry = sa.countries[0]!.cities[0]!.country;
  const ae = w.channels.find((c) => c.code === 'CN-AE-AIR') ?? w.channels[0]!;
  const aeCountry = ae.countries[0]!.cities[0]!.country;
  const carrierNos = Array.from({ length: 5 }, (_, k) => {
    const o = orderAt(w, 1000 + k * 7919);
    return carrierNo(o) ?? o.trackingNo;
  }).join(',');
  return [
    { name: 'first page, no filter', weight: 25, body: { pageNo: 1, pageSize: 20 } },
    {
      name: 'status in transit, last 30 days',
      weight: 14,
      body: { pageNo: 1, pageSize: 20, status: 5, startTime: days(30) },
    },
    {
      name: 'one customer, last 7 days',
      weight: 12,
      body: { pageNo: 1, pageSize: 20, customerId: top, startTime: days(7) },
    },
    { name: 'one customer, page 3', weight: 5, body: { pageNo: 3, pageSize: 20, customerId: mid } },
    {
      name: 'channel + country + signed',
      weight: 6,
      body: { pageNo: 1, pageSize: 20, channelId: ae.id, countryId: aeCountry, status: 9 },
    },
    {
      name: '20 tracking nos (bulk)',
      weight: 12,
      body: { pageNo: 1, pageSize: 20, trackingNos: ids(5000, 20) },
    },
    { name: '5 carrier nos', weight: 5, body: { pageNo: 1, pageSize: 20, carrierTrackingNos: carrierNos } },
    { name: 'abnormal only', weight: 4, body: { pageNo: 1, pageSize: 20, abnormal: true } },
    {
      name: 'arrival time, last 3 days',
      weight: 5,
      body: { pageNo: 1, pageSize: 20, timeBasis: 'arrival', startTime: days(3) },
    },
    {
      name: 'COD to SA, page 10',
      weight: 6,
      body: { pageNo: 10, pageSize: 20, payment: '1', countryId: saCountry },
    },
    {
      name: 'consignee phone (6 digits)',
      weight: 4,
      body: { pageNo: 1, pageSize: 20, consigneePhone: '512345' },
    },
    { name: 'consignee name', weight: 2, body: { pageNo: 1, pageSize: 20, consigneeName: 'Reem Al-Marri' } },
  ];
}

/** Numbers people look up on /search: ours mostly, carriers', customers', several at once, unknown. */
function lookupPaths(w: World, n: number): string[] {
  const r = rng(4242);
  const pick = () => orderAt(w, 1 + Math.floor(r() * ORDERS));
  return Array.from({ length: n }, (_, k) => {
    const x = k % 20;
    let q: string;
    if (x < 13) q = pick().trackingNo;
    else if (x < 16) {
      const o = pick();
      q = carrierNo(o) ?? o.trackingNo;
    } else if (x < 18) q = pick().customerNo;
    else if (x < 19) q = Array.from({ length: 5 }, () => pick().trackingNo).join(',');
    else q = `GL9${String(Math.floor(r() * 1e9)).padStart(9, '0')}`;
    return `/api/common/v1/tracking/query/${encodeURIComponent(q)}`;
  });
}

const clientIp = (k: number) => `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`;

async function fifty(
  t: Target,
  opts: {
    method: 'GET' | 'POST';
    anonymous?: boolean;
    next: (k: number) => { path: string; body?: string; ip?: string };
  },
  meter: Meter,
  seconds = SECONDS,
) {
  let k = 0;
  const run = (duration: number) =>
    autocannon({
      url: t.base,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          method: opts.method,
          setupRequest: (req) => {
            const c = opts.next(k++);
            return {
              ...req,
              path: c.path,
              ...(c.body ? { body: c.body } : {}),
              headers: {
                ...req.headers,
                ...(opts.anonymous ? {} : { authorization: `Bearer ${t.token}` }),
                'local-lang': 'en',
                ...(c.body ? { 'content-type': 'application/json' } : {}),
                ...(c.ip ? { 'x-forwarded-for': c.ip } : {}),
              },
            };
          },
        },
      ],
    });
  await run(seconds > 3 ? 2 : 1);
  await meter.start();
  const r = await run(seconds);
  const cpu = await meter.stop(r.requests.total);
  return {
    cpu,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

// ---- the import ----

async function buildImportFile(dir: string, w: World, round: number): Promise<string> {
  const path = join(dir, `orders-${round}.xlsx`);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
  const ws = wb.addWorksheet('Sheet1');
  const keys = [
    'customerNo',
    'channel',
    'consigneeName',
    'consigneePhone',
    'country',
    'province',
    'city',
    'address',
    'weight',
    'cod',
    'codAmount',
    'codCurrency',
    'nameEn',
    'nameCn',
    'quantity',
    'hsCode',
    'unitPrice',
    'currency',
  ];
  ws.addRow(keys).commit();
  const sa = w.channels.find((c) => c.code === 'CN-SA-AIR-COD') ?? w.channels[0]!;
  const cities = sa.countries[0]!.cities;
  const r = rng(round * 7 + 1);
  for (let i = 1; i <= IMPORT_ORDERS; i++) {
    const c = cities[i % cities.length]!;
    const g = GOODS[i % GOODS.length]!;
    const cod = i % 2 === 0;
    ws.addRow([
      `IMP${round}-${String(i).padStart(7, '0')}`,
      sa.code,
      `${FIRST[i % FIRST.length]} ${FAMILY[i % FAMILY.length]}`,
      `+966 5${String(Math.floor(r() * 1e8)).padStart(8, '0')}`,
      sa.countries[0]!.code,
      c.pn,
      c.cn,
      `${1000 + (i % 9000)} Olaya Street, Unit ${1 + (i % 40)}`,
      (0.2 + (i % 40) / 10).toFixed(2),
      cod ? 'Y' : 'N',
      cod ? '199.00' : '',
      cod ? 'SAR' : '',
      g[0],
      g[1],
      '1',
      g[2],
      g[3],
      'USD',
    ]).commit();
  }
  ws.commit();
  await wb.commit();
  return path;
}

interface Measured {
  database: string;
  load: Awaited<ReturnType<typeof loadOrders>>;
  listOne: {
    p50: number;
    p95: number;
    errors: number;
    cpu: { node: number; db: number };
    perQuery: { name: string; weight: number; p50: number; p95: number }[];
  }[];
  listFifty: Awaited<ReturnType<typeof fifty>>[];
  lookupOne: { p50: number; p95: number; errors: number; cpu: { node: number; db: number } }[];
  /** The machine's 1-minute load average at each round (2 cores here, shared with other work). */
  loadAverage: number[];
  /** GET /user/current (token and session only): the floor under every staff call. */
  floor: { p50: number; p95: number; rps: number; cpu: { node: number; db: number } }[];
  lookupFifty: Awaited<ReturnType<typeof fifty>>[];
  imports: {
    seconds: number;
    orders: number;
    peakRss: number;
    baselineRss: number;
    fileMb: number;
    error?: string;
  }[];
}

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

const fmt = (x: number) => (x >= 100 ? String(Math.round(x)) : x.toFixed(x >= 10 ? 1 : 2));
const row = (label: string, xs: number[], unit: string, target: string, met: (m: number) => boolean) =>
  xs.length
    ? `${label}\t${fmt(median(xs))} ${unit}\t(${xs.map(fmt).join(', ')})${target === 'info' ? '' : `\t${target}: ${met(median(xs)) ? 'met' : 'MISSED'}`}`
    : '';
console.log(
  `\n${ORDERS.toLocaleString('en')} orders, medians of ${ROUNDS} rounds (each round's figure in brackets), 127.0.0.1\n`,
);
for (const m of results) {
  console.log(m.database);
  const lines = [
    row(
      '  list, one client p50',
      m.listOne.map((x) => x.p50),
      'ms',
      'info',
      () => true,
    ),
    row(
      '  list, one client p95',
      m.listOne.map((x) => x.p95),
      'ms',
      'target < 10 ms',
      (v) => v < 10,
    ),
    row(
      '  list, 50 connections',
      m.listFifty.map((x) => x.rps),
      'req/s',
      'target ≥ 900',
      (v) => v >= 900,
    ),
    row(
      '  list, 50 connections p99',
      m.listFifty.map((x) => x.p99),
      'ms',
      'target < 100 ms',
      (v) => v < 100,
    ),
    row(
      '  lookup, one client p50',
      m.lookupOne.map((x) => x.p50),
      'ms',
      'info',
      () => true,
    ),
    row(
      '  lookup, one client p95',
      m.lookupOne.map((x) => x.p95),
      'ms',
      'target < 3 ms',
      (v) => v < 3,
    ),
    row(
      '  lookup, 50 connections',
      m.lookupFifty.map((x) => x.rps),
      'req/s',
      'info',
      () => true,
    ),
    row(
      '  lookup, 50 connections p99',
      m.lookupFifty.map((x) => x.p99),
      'ms',
      'info',
      () => true,
    ),
    row(
      '  list, CPU per request (server + db)',
      m.listFifty.map((x) => x.cpu.node + x.cpu.db),
      'ms',
      'info',
      () => true,
    ),
    row(
      '  lookup, CPU per request (server + db)',
      m.lookupFifty.map((x) => x.cpu.node + x.cpu.db),
      'ms',
      'info',
      () => true,
    ),
    row(
      '  floor (user/current), one client p50',
      m.floor.map((x) => x.p50),
      'ms',
      'info',
      () => true,
    ),
    row(
      '  floor (user/current), one client p95',
      m.floor.map((x) => x.p95),
      'ms',
      'info',
      () => true,
    ),
    row(
      '  floor (user/current), 50 connections',
      m.floor.map((x) => x.rps),
      'req/s',
      'info',
      () => true,
    ),
    row(
      '  floor, CPU per request (server + db)',
      m.floor.map((x) => x.cpu.node + x.cpu.db),
      'ms',
      'info',
      () => true,
    ),
    row('  load average (1 min) at each round', m.loadAverage, '', 'info', () => true),
    row(
      '  import, seconds',
      m.imports.map((x) => x.seconds),
      's',
      'target < 60 s',
      (v) => v < 60,
    ),
    row(
      '  import, server peak RSS',
      m.imports.map((x) => x.peakRss / MB),
      'MB',
      'target < 600 MB',
      (v) => v < 600,
    ),
  ];
  for (const l of lines) if (l) console.log(l);
  const errors =
    m.listOne.reduce((n, x) => n + x.errors, 0) +
    m.listFifty.reduce((n, x) => n + x.errors, 0) +
    m.lookupOne.reduce((n, x) => n + x.errors, 0) +
    m.lookupFifty.reduce((n, x) => n + x.errors, 0);
  if (errors) console.log(`  errors or non-2xx answers: ${errors}`);
  for (const imp of m.imports) if (imp.error) console.log(`  import refused: ${imp.error}`);
  console.log('  list, one client, by filter set (share of the mix %: p50 / p95 ms, medians):');
  for (const [k, q] of (m.listOne[0]?.perQuery ?? []).entries())
    console.log(
      `    ${q.name} (${q.weight}): ${fmt(median(m.listOne.map((x) => x.perQuery[k]!.p50)))} / ${fmt(median(m.listOne.map((x) => x.perQuery[k]!.p95)))}`,
    );
}
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
