/**
 * What metrics cost (issue 38): the staff order list and the PDA's scan call at 50 connections on
 * a server with metrics on (METRICS_TOKEN set, /metrics scraped every 5 s: three times Prometheus's
 * default rate) and on one with metrics off (neither METRICS_TOKEN nor METRICS_PORT: nothing is
 * measured), both on one PostgreSQL database, measured alternately (on, off, off, on, ...) so the
 * machine's drift falls on both. Each measurement is the CPU per call of the server process and of
 * its database backends, and the calls per second; the figures compared are the medians of the
 * rounds, as on / off. Target: the CPU per call with metrics on within 5% of it with metrics off.
 *
 *   node bench/metrics-overhead.ts       BENCH_ROUNDS (6: three each way), BENCH_SECONDS (8),
 *                                        BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test)
 */
import { loadavg } from 'node:os';
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
  const servers: Record<Mode, Server> = {
    on: await startServer(db.url, [], { METRICS_TOKEN }),
    off: await startServer(db.url),
  };
  const scraper = setInterval(() => {
    void fetch(`${servers.on.target.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      .then((r) => r.text())
      .catch(() => undefined);
  }, SCRAPE_MS);
  const stats = new pg.Client({ connectionString: db.url });
  await stats.connect();
  const w: World = await makeWorld(servers.off.target.base);
  // Tokens are the database's sessions: the same callers on either server.
  const on = (mode: Mode): World => ({
    ...w,
    admin: new Api(servers[mode].target.base, w.admin.token),
    pda: new Api(servers[mode].target.base, w.pda.token),
  });
  // The machine's speed: GET /user/current (token and session only), one client, median.
  const floorCalls = Array.from({ length: 300 }, () => ({
    method: 'GET' as const,
    path: `${API}/user/current`,
  }));
  const floor = median((await oneClient(servers.off.target, floorCalls)).times.slice(50));

  const rows: Record<'list' | 'scan', Record<Mode, Row[]>> = {
    list: { on: [], off: [] },
    scan: { on: [], off: [] },
  };
  const loads: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // on, off, off, on, on, off, ...
    const order: Mode[] = round % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
    for (const mode of order) {
      const server = servers[mode];
      rows.list[mode].push(await load(server, stats, listRequests(w.admin.token)));
      const world = on(mode);
      const codes = await copyOrders(db.url, world, `MO${round}${mode === 'on' ? 1 : 0}`, SECONDS * 1_500);
      const bill = await newBill(world);
      rows.scan[mode].push(await load(server, stats, scanRequests(world, bill, codes).requests));
    }
    loads.push(loadavg()[0]!);
    console.log(`  round ${round + 1}/${ROUNDS} done (load ${loadavg()[0]!.toFixed(2)})`);
  }
  clearInterval(scraper);
  const scrape = await fetch(`${servers.on.target.base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await scrape.text();
  const served =
    /parcel_http_request_duration_seconds_count\{[^}]*route="\/api\/common\/v1\/order\/list"/.test(text);
  const offAnswer = (await fetch(`${servers.off.target.base}/metrics`)).status;

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
    const cpu = (mode: Mode) => m(mode, 'node') + m(mode, 'db');
    const ratio = cpu('on') / cpu('off');
    worst = Math.max(worst, ratio);
    const errors = [...rows[call].on, ...rows[call].off].reduce((n, r) => n + r.errors, 0);
    console.log(
      `  ${call === 'list' ? 'order list' : 'scan call '}: CPU a call on ${cpu('on').toFixed(3)} ms ` +
        `(node ${m('on', 'node').toFixed(3)}), off ${cpu('off').toFixed(3)} ms (node ${m('off', 'node').toFixed(3)}): ` +
        `on/off ${ratio.toFixed(3)}; calls/s on ${m('on', 'rps').toFixed(0)}, off ${m('off', 'rps').toFixed(0)}` +
        `; errors ${errors}`,
    );
  }
  console.log(
    `  target: on within 5% of off: ${worst <= 1.05 ? 'met' : 'MISSED'} (worst ${worst.toFixed(3)})`,
  );
  console.log(`  load average (1 min) at each round: ${loads.map((x) => x.toFixed(2)).join(', ')}`);

  await stats.end();
  await stopServer(servers.on);
  await stopServer(servers.off);
  await db.close(process.env.BENCH_KEEP === '1');
}

await main();
