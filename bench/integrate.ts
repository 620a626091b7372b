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
 *    (an `order` call whose path says batch and create): seconds per call (target < 5 s), and the
 *    orders a second batches make, one call at a time (against part 1's 300 orders/s).
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
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  scratchDatabase,
  startServer,
  stopServer,
} from './harness.ts';
import { AB_CONNECTIONS, abLoad } from './integrate-ab.ts';
import {
  API,
  createRequests,
  type Envelope,
  load,
  makeWorld,
  orderBody,
  ROUNDS,
  SECONDS,
  saveHook,
  startReceiver,
  type World,
} from './integrate-world.ts';
import { cannon } from './world.ts';

const PARTS = (process.env.BENCH_PARTS ?? 'create,batch,webhooks,ab').split(',');
const CREATE_CONNECTIONS = 20;
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const BATCH = 1000;
const TARGET = { ordersPerSecond: 300, batchSeconds: 5, webhookP95Ms: 2000 };
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
    console.log(
      `  round ${round + 1}: ${made} orders created in ${s.toFixed(2)} s, ${(made / s).toFixed(0)} orders/s (load ${load()})`,
    );
  }
  return { path: call.path, times };
}

// ---- 3. 1,000 events delivered ----

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
        `2. batch of ${BATCH} (${b.path}): ${m.toFixed(2)} s (median; ${b.times.map((t) => t.toFixed(2)).join(', ')}); target < ${TARGET.batchSeconds} s: ${m < TARGET.batchSeconds ? 'met' : 'MISSED'}; ${(BATCH / m).toFixed(0)} orders/s through batches (one call at a time), target >= ${TARGET.ordersPerSecond} orders/s: ${BATCH / m >= TARGET.ordersPerSecond ? 'met' : 'MISSED'}`,
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
