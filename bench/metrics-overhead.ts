/**
 * What metrics cost (issue 38): the staff order list and the PDA's scan call at 50 connections on
 * a server with metrics on (METRICS_TOKEN set, /metrics scraped every 5 s: three times Prometheus's
 * default rate) and on one with metrics off (neither METRICS_TOKEN nor METRICS_PORT: nothing is
 * measured), both on one PostgreSQL database. Each round starts two new server processes, in
 * alternating order (on first, then off first), warms them, and measures the order list (on, off
 * or off, on) and the scan call (the other way round), so neither mode keeps a luckier process or
 * the machine's drift. Each measurement is the CPU per call of the server process and of the
 * database's backends, and the calls per second; the figure compared is the median of the rounds'
 * on / off ratios (a round's pair ran in the same minute). Target: the CPU per call with metrics on
 * within 5% of it with metrics off.
 *
 *   node bench/metrics-overhead.ts       BENCH_ROUNDS (6: three each way), BENCH_SECONDS (8),
 *                                        BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_SERVER_FLAGS='…'               node flags for both servers
 *   BENCH_PROFILE_DIR=dir                both servers write CPU profiles there; the bench then
 *                                        prints the share of each on server's busy CPU spent in
 *                                        prom-client and src/server/http/metrics.ts (a figure the
 *                                        machine's load does not move, unlike the ratios)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  median,
  meterOf,
  oneClient,
  type Server,
  scratchDatabase,
  startServer,
  stopServer,
} from './harness.ts';
import {
  API,
  Api,
  cannon,
  copyOrders,
  makeWorld,
  newBill,
  prepare,
  scanRequests,
  type World,
} from './world.ts';

const ROUNDS = Math.max(2, Number(process.env.BENCH_ROUNDS ?? 6));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const SCRAPE_MS = 5_000;
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Mode = 'on' | 'off';
type Call = 'list' | 'scan';
const PROFILES = process.env.BENCH_PROFILE_DIR;
const SERVER_FLAGS = [
  ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean),
  ...(PROFILES ? ['--cpu-prof', `--cpu-prof-dir=${PROFILES}`] : []),
];
interface Row {
  rps: number;
  /** ms of CPU per call: the server process's and its database backends'. */
  node: number;
  db: number;
  errors: number;
}

async function load(server: Server, stats: pg.Client, requests: Parameters<typeof cannon>[0]['requests']) {
  const base = server.target.base;
  await cannon({ url: base, connections: CONNECTIONS, duration: 1, requests });
  const meter = meterOf(server, stats);
  await meter.start();
  const { result } = await cannon({ url: base, connections: CONNECTIONS, duration: SECONDS, requests });
  const cpu = await meter.stop(result.requests.total);
  return { rps: result.requests.total / SECONDS, ...cpu, errors: result.errors + result.non2xx };
}

/** JIT and pools warm: the first seconds of a new process are not measured. */
async function warm(server: Server, requests: Parameters<typeof cannon>[0]['requests']) {
  await cannon({ url: server.target.base, connections: CONNECTIONS, duration: 2, requests });
}

function scrape(server: Server): Promise<string> {
  return fetch(`${server.target.base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  }).then((r) => r.text());
}

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Each profile's busy time (samples not idle) and the part of it whose own frame is in prom-client
 * or in metrics.ts. A server with metrics off has (almost) none: the instruments of the work count
 * a few additions.
 */
function printMetricsShare(dir: string) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const p = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
    const frames = new Map(p.nodes.map((n) => [n.id, n.callFrame]));
    let busy = 0;
    let metrics = 0;
    p.samples.forEach((id, i) => {
      const f = frames.get(id)!;
      if (f.functionName === '(idle)' || f.functionName === '(program)') return;
      const us = p.timeDeltas[i] ?? 0;
      busy += us;
      if (/prom-client|server\/http\/metrics\.ts/.test(f.url)) metrics += us;
    });
    console.log(
      `  profile ${file}: busy ${(busy / 1e6).toFixed(1)} s, metrics code ${(metrics / 1e3).toFixed(1)} ms = ${((100 * metrics) / busy).toFixed(2)}%`,
    );
  }
}

const listRequests = (token: string) => [
  {
    method: 'POST' as const,
    path: `${API}/order/list`,
    body: JSON.stringify({ pageNo: 1, pageSize: 20 }),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'local-lang': 'en' },
  },
];

async function main() {
  const db = await scratchDatabase(SERVER, 'bench_metrics', false);
  await prepare(db.url);
  const stats = new pg.Client({ connectionString: db.url });
  await stats.connect();
  const boot = await startServer(db.url);
  const w: World = await makeWorld(boot.target.base);
  // The machine's speed: GET /user/current (token and session only), one client, median.
  const floorCalls = Array.from({ length: 300 }, () => ({
    method: 'GET' as const,
    path: `${API}/user/current`,
  }));
  const floor = median((await oneClient(boot.target, floorCalls)).times.slice(50));
  await stopServer(boot);

  const rows: Record<Call, Record<Mode, Row[]>> = {
    list: { on: [], off: [] },
    scan: { on: [], off: [] },
  };
  const loads: number[] = [];
  let served = false;
  let offAnswer = 0;
  for (let round = 0; round < ROUNDS; round++) {
    // Two new processes each round, started and measured in alternating order (on first, then off
    // first), so neither mode keeps the luckier process, start order or warm caches of the run.
    const order: Mode[] = round % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
    const servers = {} as Record<Mode, Server>;
    for (const mode of order)
      servers[mode] = await startServer(db.url, SERVER_FLAGS, mode === 'on' ? { METRICS_TOKEN } : {});
    const scraper = setInterval(() => void scrape(servers.on).catch(() => undefined), SCRAPE_MS);
    // Tokens are the database's sessions: the same callers on either server.
    const on = (mode: Mode): World => ({
      ...w,
      admin: new Api(servers[mode].target.base, w.admin.token),
      pda: new Api(servers[mode].target.base, w.pda.token),
    });
    for (const mode of order) await warm(servers[mode], listRequests(w.admin.token));
    for (const mode of order)
      rows.list[mode].push(await load(servers[mode], stats, listRequests(w.admin.token)));
    for (const mode of [...order].reverse()) {
      const world = on(mode);
      const codes = await copyOrders(db.url, world, `MO${round}${mode === 'on' ? 1 : 0}`, SECONDS * 1_500);
      const bill = await newBill(world);
      rows.scan[mode].push(await load(servers[mode], stats, scanRequests(world, bill, codes).requests));
    }
    clearInterval(scraper);
    const text = await scrape(servers.on);
    served ||= /parcel_http_request_duration_seconds_count\{[^}]*route="\/api\/common\/v1\/order\/list"/.test(
      text,
    );
    offAnswer = (await fetch(`${servers.off.target.base}/metrics`)).status;
    for (const mode of order) await stopServer(servers[mode]);
    loads.push(loadavg()[0]!);
    console.log(`  round ${round + 1}/${ROUNDS} done (load ${loadavg()[0]!.toFixed(2)})`);
  }

  console.log(
    `\nmetrics overhead, ${ROUNDS} rounds of ${SECONDS} s at ${CONNECTIONS} connections (PostgreSQL ${db.version})`,
  );
  console.log(
    `  metrics on: /metrics scraped every ${SCRAPE_MS / 1000} s, order list counted in it: ${served}`,
  );
  console.log(`  metrics off: /metrics answers ${offAnswer}`);
  console.log(`  floor call (user/current, one client, median): ${floor.toFixed(2)} ms`);
  let worst = 0;
  for (const call of ['list', 'scan'] as const) {
    const m = (mode: Mode, k: keyof Row) => median(rows[call][mode].map((r) => r[k]));
    // Each round's pair ran on the machine of the same minute: its ratio is the measurement.
    const ratios = (k: (r: Row) => number) => rows[call].on.map((r, i) => k(r) / k(rows[call].off[i]!));
    const total = ratios((r) => r.node + r.db);
    const node = ratios((r) => r.node);
    const ratio = median(total);
    worst = Math.max(worst, ratio);
    const errors = [...rows[call].on, ...rows[call].off].reduce((n, r) => n + r.errors, 0);
    console.log(
      `  ${call === 'list' ? 'order list' : 'scan call '}: CPU a call on ${(m('on', 'node') + m('on', 'db')).toFixed(3)} ms ` +
        `(node ${m('on', 'node').toFixed(3)}), off ${(m('off', 'node') + m('off', 'db')).toFixed(3)} ms (node ${m('off', 'node').toFixed(3)}); ` +
        `on/off a round ${total.map((x) => x.toFixed(3)).join(' ')}: median ${ratio.toFixed(3)} ` +
        `(node alone ${median(node).toFixed(3)}); calls/s on ${m('on', 'rps').toFixed(0)}, off ${m('off', 'rps').toFixed(0)}` +
        `; errors ${errors}`,
    );
  }
  console.log(
    `  target: on within 5% of off: ${worst <= 1.05 ? 'met' : 'MISSED'} (worst ${worst.toFixed(3)})`,
  );
  console.log(`  load average (1 min) at each round: ${loads.map((x) => x.toFixed(2)).join(', ')}`);

  if (PROFILES) printMetricsShare(PROFILES);
  await stats.end();
  await db.close(process.env.BENCH_KEEP === '1');
}

await main();
