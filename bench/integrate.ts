/**
 * Issue 39, the API for customers' systems, against a forked product server (bench/server.ts, the
 * product's node flags, its job engine working as in main.ts) on a scratch database of the
 * machine's PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 * dropped afterwards). All traffic goes to 127.0.0.1.
 *
 * 1. order creation through an API key (`Authorization: Bearer pbo_…`, a new Idempotency-Key and
 *    consignee per request) with autocannon at 20 connections: orders/s, p50/p95, and the CPU per
 *    order of the server and its database backends. Target >= 300 orders/s. The key's rate limit
 *    (API_KEY_RATE_LIMIT, 100 calls/s by default) is raised for the bench: the target is the
 *    server's, not the limit's.
 * 2. a batch of 1,000 orders in one call through the key, when the contract has the batch call
 *    (an `order` call whose path says batch and create): seconds per call. Target < 5 s.
 * 3. 1,000 `order.created` events, one per order made through the key at 20 connections, delivered
 *    by the job engine to a local receiver (a node:http server in this process): from the event's
 *    `timestamp` (set in the order's transaction, before its commit, so an upper bound of
 *    commit → receipt) to the receipt, p50/p95/max; every signature is checked with the
 *    `standardwebhooks` package. Target p95 < 2 s.
 * 4. A/B, alternated: the order list (POST /order/list as admin, first page) and the PDA's scan call
 *    (POST /lading/scanTrackingNo/{id}, each scan a new order of the demo customer) at 50
 *    connections, with no webhook endpoint (A) and with the demo customer's endpoint taking every
 *    event (B: each scan writes an `order.status_changed` event to the outbox and the job engine
 *    delivers it during the measurement). Ratio B/A of the medians. Target: B no slower.
 *
 * Before the figures it measures the floor call (GET /user/current, the token and the session
 * only, one client) to tell which kind of machine ran it.
 *
 *   npm run bench -- integrate
 *   BENCH_PARTS=create,webhooks node bench/integrate.ts     some parts only (create, batch, webhooks, ab)
 *   BENCH_ROUNDS=5 BENCH_SECONDS=15 node bench/integrate.ts
 *   BENCH_SERVER_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof' node bench/integrate.ts   the server's profile
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { migrateDatabase, openDatabase } from '../src/server/db/client.ts';
import { seedDemoData } from '../src/server/db/seed/index.ts';
import { contract } from '../src/shared/contract/index.ts';
import {
  median,
  meterOf,
  oneClient,
  percentile,
  root,
  type Server,
  scratchDatabase,
  startServer,
  stopServer,
} from './harness.ts';
import { cannon, copyOrders as copyOrdersOf } from './world.ts';

const API = '/api/common/v1';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PARTS = (process.env.BENCH_PARTS ?? 'create,batch,webhooks,ab').split(',');
const CREATE_CONNECTIONS = 20;
const AB_CONNECTIONS = 50;
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const BATCH = 1000;
const TARGET = { ordersPerSecond: 300, batchSeconds: 5, webhookP95Ms: 2000 };
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** One caller (a login's token or an API key) of the forked server. */
class Caller {
  readonly base: string;
  readonly token: string;
  constructor(base: string, token: string) {
    this.base = base;
    this.token = token;
  }

  static async login(base: string, username: string, password: string): Promise<Caller> {
    const r = await fetch(`${base}${API}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const body = (await r.json()) as Envelope<{ token: string }>;
    if (body.code !== 1) throw new Error(`login ${username}: ${body.msg}`);
    return new Caller(base, body.data.token);
  }

  headers(): Record<string, string> {
    return {
      authorization: `Bearer ${this.token}`,
      'local-lang': 'en',
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    };
  }

  async ok<T>(path: string, body: unknown = {}): Promise<T> {
    const r = await fetch(`${this.base}${API}${path}`, {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify(body),
    });
    const answer = (await r.json()) as Envelope<T>;
    if (answer.code !== 1) throw new Error(`${path}: ${r.status} ${answer.msg}`);
    return answer.data;
  }
}

/** A webhook receiver on 127.0.0.1: keeps each post's receipt time, id, body and headers. */
async function startReceiver() {
  const got: { at: number; id: string; text: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      text += c;
    });
    req.on('end', () => {
      got.push({ at: Date.now(), id: String(req.headers['webhook-id']), text, headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    got,
    url: `http://127.0.0.1:${port}/hooks`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

interface World {
  server: Server;
  url: string;
  admin: Caller;
  demo: Caller;
  pda: Caller;
  key: Caller;
  channelId: number;
  regionIds: number[];
  /** A received order of the demo customer, the one the scan orders are copies of. */
  templateNo: string;
}

let seq = 0;
const orderBody = (w: World) => ({
  channelId: w.channelId,
  customerNo: `BI-${process.pid}-${++seq}`,
  consignee: {
    name: 'Ahmed Al-Harbi',
    phone: '+966 50 123 4567',
    regionIds: w.regionIds,
    address: `King Fahd Road ${seq}`,
  },
  weight: '1.250',
  isCod: false,
  goods: [{ nameEn: 'T-shirt', nameCn: 'T恤', quantity: 2, hsCode: '610910', unitPrice: '9.90' }],
});

async function makeWorld(server: Server, url: string): Promise<World> {
  const base = server.target.base;
  const admin = new Caller(base, server.target.token);
  const demo = await Caller.login(base, 'demo', 'demo123');
  const pda = await Caller.login(base, 'pda', 'pda123');
  const made = await demo.ok<{ secret: string }>('/apiKey/create', { name: 'bench' });
  const key = new Caller(base, made.secret);
  const regionIds: number[] = [];
  for (const code of ['SA', 'SA-RI', 'SA-RI-RUH', 'SA-RI-RUH-OL']) {
    const page = await admin.ok<{ records: { recId: number; code: string }[] }>('/region/list', {
      keyword: code,
      pageSize: 100,
    });
    regionIds.push(page.records.find((r) => r.code === code)!.recId);
  }
  const channels = await admin.ok<{ recId: number; code: string }[]>('/shipping/list/simple', {});
  const channelId = channels.find((c) => c.code === 'CN-SA-AIR-COD')!.recId;
  const w: World = { server, url, admin, demo, pda, key, channelId, regionIds, templateNo: '' };
  const order = await key.ok<{ trackingNo: string }>('/order/create', orderBody(w));
  await admin.ok(`/order/receive/${order.trackingNo}`, {});
  w.templateNo = order.trackingNo;
  return w;
}

/**
 * Requests that each create a new order through the key; `answered` (when given) keeps the time each
 * order's answer arrived (its transaction had committed by then), by order id.
 */
function createRequests(w: World, answered?: Map<number, number>): autocannon.Options['requests'] {
  return [
    {
      method: 'POST',
      setupRequest: (req) => ({
        ...req,
        path: `${API}/order/create`,
        body: JSON.stringify(orderBody(w)),
        headers: { ...req.headers, ...w.key.headers() },
      }),
      ...(answered
        ? {
            onResponse: (status: number, body: string) => {
              if (status === 200)
                answered.set((JSON.parse(body) as Envelope<{ recId: number }>).data.recId, Date.now());
            },
          }
        : {}),
    },
  ];
}

// ---- 1. order creation through a key ----

async function createLoad(w: World, stats: pg.Client) {
  const meter = meterOf(w.server, stats);
  const run = (duration: number) =>
    cannon({
      url: w.server.target.base,
      connections: CREATE_CONNECTIONS,
      duration,
      requests: createRequests(w),
    });
  await run(2);
  const rows = [];
  for (let round = 0; round < ROUNDS; round++) {
    await meter.start();
    const { result, times } = await run(SECONDS);
    const cpu = await meter.stop(result.requests.total);
    const row = {
      ordersPerSecond: (result.requests.total - result.non2xx) / SECONDS,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      errors: result.errors + result.non2xx,
      cpuMs: cpu.node + cpu.db,
      nodeMs: cpu.node,
      dbMs: cpu.db,
    };
    rows.push(row);
    console.log(
      `  round ${round + 1}: ${row.ordersPerSecond.toFixed(0)} orders/s, p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, errors ${row.errors}; CPU a call ${row.nodeMs.toFixed(2)} ms node + ${row.dbMs.toFixed(2)} ms db (load ${load()})`,
    );
  }
  return rows;
}

// ---- 2. a batch of 1,000 ----

/** The contract's batch-create call of orders, when there is one. */
function batchCall() {
  for (const e of Object.values(contract.order) as { path?: string; body?: unknown }[])
    if (e.path && /batch/i.test(e.path) && /create/i.test(e.path)) return e;
  return undefined;
}

/** The batch body: the orders under the body's one array field (`orders` when it cannot tell). */
function batchBody(call: ReturnType<typeof batchCall>, orders: unknown[]): unknown {
  const shape = (call?.body as { shape?: Record<string, { def?: { type?: string } }> } | undefined)?.shape;
  const field = shape
    ? (Object.entries(shape).find(([, s]) => s.def?.type === 'array')?.[0] ?? 'orders')
    : 'orders';
  return { [field]: orders };
}

async function batchLoad(w: World) {
  const call = batchCall();
  if (!call?.path) return undefined;
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const body = JSON.stringify(
      batchBody(
        call,
        Array.from({ length: BATCH }, () => orderBody(w)),
      ),
    );
    const t0 = performance.now();
    const r = await fetch(`${w.server.target.base}${API}${call.path}`, {
      method: 'POST',
      headers: w.key.headers(),
      body,
    });
    const text = await r.text();
    const s = (performance.now() - t0) / 1000;
    if (r.status !== 200) throw new Error(`${call.path}: ${r.status} ${text.slice(0, 300)}`);
    // A batch may answer 200 with some orders refused: count what it made.
    const made = (JSON.parse(text) as Envelope<{ created?: number }>).data.created ?? BATCH;
    if (made !== BATCH) throw new Error(`${call.path} created ${made} of ${BATCH}: ${text.slice(0, 300)}`);
    times.push(s);
    console.log(`  round ${round + 1}: ${made} orders created in ${s.toFixed(2)} s (load ${load()})`);
  }
  return { path: call.path, times };
}

// ---- 3. 1,000 events delivered ----

async function saveHook(w: World, url: string, events: string[] = ['order.created']) {
  return w.demo.ok<{ endpoint: { recId: number }; secret: string }>('/webhook/save', {
    url,
    events,
    enabled: true,
  });
}

async function webhookLoad(w: World) {
  const receiver = await startReceiver();
  const hook = await saveHook(w, receiver.url);
  const wh = new Webhook(hook.secret);
  const rounds = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      receiver.got.length = 0;
      const answered = new Map<number, number>();
      const t0 = Date.now();
      // EVENTS orders through the key at 20 connections, each one event.
      const { result } = await cannon({
        url: w.server.target.base,
        connections: CREATE_CONNECTIONS,
        amount: EVENTS,
        requests: createRequests(w, answered),
      });
      const made = result.requests.total - result.non2xx;
      const queuedS = (Date.now() - t0) / 1000;
      const deadline = Date.now() + 120_000;
      while (new Set(receiver.got.map((g) => g.id)).size < made && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      const allS = (Date.now() - t0) / 1000;
      // From the event's timestamp (in the order's transaction, before its commit): an upper bound.
      const lags: number[] = [];
      // From the order's answer reaching this process (after its commit): a lower bound.
      const fromAnswer: number[] = [];
      let bad = 0;
      const ids = new Set<string>();
      for (const g of receiver.got) {
        try {
          wh.verify(g.text, g.headers as Record<string, string>);
        } catch {
          bad++;
        }
        if (ids.has(g.id)) continue;
        ids.add(g.id);
        const body = JSON.parse(g.text) as { timestamp: string; data: { order: { id: number } } };
        lags.push(g.at - Date.parse(body.timestamp));
        const at = answered.get(body.data.order.id);
        if (at !== undefined) fromAnswer.push(g.at - at);
      }
      const row = {
        events: made,
        received: ids.size,
        duplicates: receiver.got.length - ids.size,
        badSignatures: bad,
        queuedS,
        allS,
        p50: percentile(lags, 50),
        p95: percentile(lags, 95),
        max: Math.max(...lags),
        fromAnswerP50: percentile(fromAnswer, 50),
        fromAnswerP95: percentile(fromAnswer, 95),
      };
      rounds.push(row);
      console.log(
        `  round ${round + 1}: ${row.received}/${row.events} received (${row.duplicates} twice, ${row.badSignatures} bad signatures), orders made in ${queuedS.toFixed(2)} s, all received after ${allS.toFixed(2)} s; event's timestamp (before the commit) → receipt p50 ${row.p50} ms, p95 ${row.p95} ms, max ${row.max} ms; the order's answer (after the commit) → receipt p50 ${row.fromAnswerP50} ms, p95 ${row.fromAnswerP95} ms (load ${load()})`,
      );
    }
  } finally {
    await w.demo.ok(`/webhook/delete/${hook.endpoint.recId}`);
    await receiver.close();
  }
  return rounds;
}

// ---- 4. the order list and the scan call, without and with an endpoint ----

let copies = 0;

/** `count` copies of the template order (received, ready for a lading bill); their tracking numbers. */
const copyOrders = (w: World, count: number) => copyOrdersOf(w.url, w, `BIS${++copies}X`, count);

interface AbRow {
  perSecond: number;
  p50: number;
  p95: number;
  errors: number;
  cpuMs: number;
}

async function measure(
  w: World,
  stats: pg.Client,
  requests: autocannon.Options['requests'],
  fresh: () => number,
): Promise<AbRow> {
  const meter = meterOf(w.server, stats);
  await cannon({ url: w.server.target.base, connections: AB_CONNECTIONS, duration: 1, requests });
  await meter.start();
  const { result, times } = await cannon({
    url: w.server.target.base,
    connections: AB_CONNECTIONS,
    duration: SECONDS,
    requests,
  });
  const cpu = await meter.stop(result.requests.total);
  if (fresh() < 0) console.warn('  ran out of orders to scan: raise the copies');
  return {
    perSecond: (result.requests.total - result.non2xx) / SECONDS,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    errors: result.errors + result.non2xx,
    cpuMs: cpu.node + cpu.db,
  };
}

const listRequests = (w: World): autocannon.Options['requests'] => [
  {
    method: 'POST',
    path: `${API}/order/list`,
    body: JSON.stringify({ pageNo: 1, pageSize: 20 }),
    headers: {
      authorization: `Bearer ${w.admin.token}`,
      'local-lang': 'en',
      'content-type': 'application/json',
    },
  },
];

async function scanRequests(w: World) {
  // More than 50 connections can scan in the measurement and its warm-up at this machine's best.
  const codes = await copyOrders(w, Math.max(4000, 1500 * (SECONDS + 1)));
  const bill = await w.admin.ok<{ recId: number }>('/lading/create', { channelId: w.channelId });
  let k = 0;
  const requests: autocannon.Options['requests'] = [
    {
      method: 'POST',
      setupRequest: (req) => ({
        ...req,
        path: `${API}/lading/scanTrackingNo/${bill.recId}`,
        body: JSON.stringify({ trackingNo: codes[k++ % codes.length] }),
        headers: { ...req.headers, ...w.pda.headers() },
      }),
    },
  ];
  return { requests, left: () => codes.length - k };
}

/** Waits until no delivery is pending (so one side's deliveries do not run in the next's time). */
async function settle(stats: pg.Client) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const r = await stats.query<{ n: string }>(
      'SELECT count(*) AS n FROM webhook_deliveries WHERE state = 0',
    );
    if (Number(r.rows[0]!.n) === 0) return;
    await new Promise((ok) => setTimeout(ok, 200));
  }
  console.warn('  deliveries still pending after 120 s');
}

async function abLoad(w: World, stats: pg.Client) {
  const receiver = await startReceiver();
  const rows: { side: 'A' | 'B'; kind: 'list' | 'scan'; row: AbRow }[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++)
      for (const side of round % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
        const hook = side === 'B' ? await saveHook(w, receiver.url, ALL_EVENTS) : undefined;
        const list = await measure(w, stats, listRequests(w), () => 0);
        const scans = await scanRequests(w);
        const scan = await measure(w, stats, scans.requests, scans.left);
        const delivered = receiver.got.length;
        if (hook) await w.demo.ok(`/webhook/delete/${hook.endpoint.recId}`);
        await settle(stats);
        rows.push({ side, kind: 'list', row: list }, { side, kind: 'scan', row: scan });
        console.log(
          `  round ${round + 1} ${side} (${side === 'A' ? 'no endpoint' : `an endpoint; ${delivered} posts received so far`}): list ${list.perSecond.toFixed(0)} req/s, p95 ${list.p95.toFixed(1)} ms, CPU ${list.cpuMs.toFixed(2)} ms; scan ${scan.perSecond.toFixed(0)} scans/s, p95 ${scan.p95.toFixed(1)} ms, CPU ${scan.cpuMs.toFixed(2)} ms; errors ${list.errors}/${scan.errors} (load ${load()})`,
        );
      }
  } finally {
    await receiver.close();
  }
  return rows;
}

const ALL_EVENTS = [
  'order.created',
  'order.status_changed',
  'order.cancelled',
  'order.intercepted',
  'order.exception',
  'cod.modified',
  'lading.picked_up',
];

// ---- main ----

const pgServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const db = await scratchDatabase(pgServer, `bench_integrate_${process.pid}`, false);
const setup = openDatabase(db.url, 2);
await migrateDatabase(setup);
await seedDemoData(setup.db);
await setup.close();
const server = await startServer(
  db.url,
  process.env.BENCH_SERVER_FLAGS ? process.env.BENCH_SERVER_FLAGS.split(/\s+/) : [],
  {
    API_KEY_RATE_LIMIT: process.env.API_KEY_RATE_LIMIT ?? '100000',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    BENCH_JOBS: 'work',
  },
);
const stats = new pg.Client({ connectionString: db.url });
await stats.connect();
const out: Record<string, unknown> = { date: new Date().toISOString(), postgres: db.version };
try {
  const w = await makeWorld(server, db.url);
  const floorCalls = (n: number) =>
    oneClient(
      server.target,
      Array.from({ length: n }, () => ({ method: 'GET' as const, path: `${API}/user/current` })),
    );
  await floorCalls(200);
  const floorMeter = meterOf(server, stats);
  await floorMeter.start();
  const floor = await floorCalls(500);
  const floorCpu = await floorMeter.stop(500);
  const floorMs = percentile(floor.times, 50);
  const floorCpuMs = floorCpu.node + floorCpu.db;
  out.floor = { p50Ms: floorMs, cpuMs: floorCpuMs };
  console.log(
    `PostgreSQL ${db.version}; floor call GET /user/current (one client): p50 ${floorMs.toFixed(2)} ms, CPU ${floorCpuMs.toFixed(3)} ms a call; ${ROUNDS} rounds, ${SECONDS} s each; load ${load()}`,
  );
  const summary: string[] = [];
  if (PARTS.includes('create')) {
    console.log(`\n1. order creation through an API key, ${CREATE_CONNECTIONS} connections`);
    const rows = await createLoad(w, stats);
    out.create = rows;
    const m = median(rows.map((r) => r.ordersPerSecond));
    summary.push(
      `1. create through a key, ${CREATE_CONNECTIONS} connections: ${m.toFixed(0)} orders/s (median; ${rows.map((r) => r.ordersPerSecond.toFixed(0)).join(', ')}), p95 ${median(rows.map((r) => r.p95)).toFixed(1)} ms, CPU a call ${median(rows.map((r) => r.cpuMs)).toFixed(2)} ms (${(median(rows.map((r) => r.cpuMs)) / floorCpuMs).toFixed(1)} floor calls); target >= ${TARGET.ordersPerSecond}: ${m >= TARGET.ordersPerSecond ? 'met' : 'MISSED'}`,
    );
  }
  if (PARTS.includes('batch')) {
    console.log(`\n2. a batch of ${BATCH} orders through the key`);
    const b = await batchLoad(w);
    out.batch = b ?? null;
    if (!b) {
      console.log('  the contract has no batch-create call of orders yet: skipped');
      summary.push('2. batch of 1,000: no batch-create call in the contract yet, not measured');
    } else {
      const m = median(b.times);
      summary.push(
        `2. batch of ${BATCH} (${b.path}): ${m.toFixed(2)} s (median; ${b.times.map((t) => t.toFixed(2)).join(', ')}); target < ${TARGET.batchSeconds} s: ${m < TARGET.batchSeconds ? 'met' : 'MISSED'}`,
      );
    }
  }
  if (PARTS.includes('webhooks')) {
    console.log(`\n3. ${EVENTS} order.created events delivered to a local receiver`);
    const rows = await webhookLoad(w);
    out.webhooks = rows;
    const p95 = median(rows.map((r) => r.p95));
    // autocannon may send a few requests past `amount` (answered, not counted): more posts is fine.
    const whole = rows.every((r) => r.received >= r.events && r.badSignatures === 0 && r.duplicates === 0);
    summary.push(
      `3. ${EVENTS} events: commit → receipt p95 at most ${p95} ms (from the event's timestamp, median of rounds; ${rows.map((r) => r.p95).join(', ')}), at least ${median(rows.map((r) => r.fromAnswerP95))} ms (from the order's answer); p50 ${median(rows.map((r) => r.fromAnswerP50))}-${median(rows.map((r) => r.p50))} ms, all received ${median(rows.map((r) => r.allS)).toFixed(2)} s after the first order; ${whole ? 'every event once, every signature verified' : 'SOME MISSING, TWICE OR UNVERIFIED'}; target p95 < ${TARGET.webhookP95Ms} ms: ${p95 < TARGET.webhookP95Ms && whole ? 'met' : 'MISSED'}`,
    );
  }
  if (PARTS.includes('ab')) {
    console.log(
      `\n4. A/B at ${AB_CONNECTIONS} connections: A no webhook endpoint, B the demo customer's endpoint for every event`,
    );
    const rows = await abLoad(w, stats);
    out.ab = rows;
    for (const kind of ['list', 'scan'] as const) {
      const of = (side: 'A' | 'B') =>
        rows.filter((r) => r.kind === kind && r.side === side).map((r) => r.row);
      const a = of('A');
      const b = of('B');
      const rate = median(b.map((r) => r.perSecond)) / median(a.map((r) => r.perSecond));
      const cpu = median(b.map((r) => r.cpuMs)) / median(a.map((r) => r.cpuMs));
      summary.push(
        `4. ${kind === 'list' ? 'order list' : 'scan call'}: A ${median(a.map((r) => r.perSecond)).toFixed(0)}/s, B ${median(b.map((r) => r.perSecond)).toFixed(0)}/s, B/A throughput ${rate.toFixed(3)}, CPU a call B/A ${cpu.toFixed(3)} (A ${median(a.map((r) => r.cpuMs)).toFixed(2)} ms, B ${median(b.map((r) => r.cpuMs)).toFixed(2)} ms), p95 A ${median(a.map((r) => r.p95)).toFixed(1)} ms, B ${median(b.map((r) => r.p95)).toFixed(1)} ms`,
      );
    }
  }
  console.log(
    `\nsummary (floor call p50 ${floorMs.toFixed(2)} ms, CPU ${floorCpuMs.toFixed(3)} ms; load ${load()})`,
  );
  for (const s of summary) console.log(s);
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const file = join(
    root,
    'bench/results',
    `integrate-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  writeFileSync(file, JSON.stringify(out, null, 2));
  console.log(`saved ${file}`);
} finally {
  await stats.end();
  await stopServer(server);
  await db.close(process.env.BENCH_KEEP === '1');
}
