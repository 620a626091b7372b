import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import type { Browser, BrowserContext } from 'playwright-core';
import { backendCpu, cpuSince } from './backend-cpu.ts';
import { median, percentile } from './harness.ts';
import {
  logIn,
  openBill,
  outboxStates,
  type PageCounts,
  PHONE,
  pageCounts,
  perScan,
  profile,
  scanInPage,
} from './pda-browser.ts';
import {
  ANTD,
  CONNECTIONS,
  LOAD_ORDERS,
  REPLAY,
  SCANS,
  SECONDS,
  TIMES,
  TRACE,
  TRACE_CATEGORIES,
  WARM_UP,
} from './pda-settings.ts';
import { API, cannon, copyOrders, newBill, processCpu, scanRequests, type World } from './world.ts';

/** The PDA bench's measurements in the browser (pda.ts): scan latency, replay, the floor, first load. */

export interface LatencyRow {
  p50: number;
  p95: number;
  max: number;
  committed: number;
  /** Per scan: main-thread task time (ms, at 4x throttling), IndexedDB reads, writes, cursor steps. */
  perScan: ReturnType<typeof perScan>;
  /** Scan rows in the DOM after the last scan. */
  rows: number;
  /** Time to commit a read-write IndexedDB transaction (strict durability: to disk), ms. */
  commitP50: number;
  commitP95: number;
}

export async function scanLatency(
  context: BrowserContext,
  url: string,
  w: World,
  tag: string,
): Promise<LatencyRow> {
  const codes = await copyOrders(url, w, `PS${tag}`, SCANS + WARM_UP);
  const bill = await newBill(w);
  const page = await context.newPage();
  if (process.env.BENCH_DEBUG) page.on('console', (m) => console.log(`  [page] ${m.text()}`));
  try {
    await openBill(page, bill);
    if (process.env.BENCH_DEBUG) await page.screenshot({ path: '/tmp/pda-bench-open.png' });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const times: number[] = [];
    let before: PageCounts | undefined;
    let saveProfile = async () => {};
    let commitsFrom = 0;
    for (const [i, code] of codes.entries()) {
      if (i === WARM_UP) {
        before = await pageCounts(page, cdp);
        commitsFrom = await page.evaluate(
          () => (window as unknown as { benchCommits: number[] }).benchCommits.length,
        );
        saveProfile = await profile(cdp, `scan-${tag}`);
        if (TRACE)
          await context
            .browser()!
            .startTracing(page, { path: `${TRACE}-${tag}.json`, categories: TRACE_CATEGORIES });
      }
      if (TRACE && i >= WARM_UP && (i === WARM_UP + 40 || i === codes.length - 1))
        await context.browser()!.stopTracing();
      const ms = await scanInPage(page, code);
      if (i >= WARM_UP) times.push(ms);
      // An operator's pace is slower than this; the outbox sends between scans.
      await page.waitForTimeout(50);
      if (process.env.BENCH_DEBUG && i === 3) await page.screenshot({ path: '/tmp/pda-bench-rows.png' });
    }
    // The answers of the last scans are written too, so the counts cover every scan's whole cycle.
    await page.waitForTimeout(2_000);
    const after = await pageCounts(page, cdp);
    await saveProfile();
    const commits = await page.evaluate(
      (from) => (window as unknown as { benchCommits: number[] }).benchCommits.slice(from),
      commitsFrom,
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    if (TIMES) writeFileSync(`${TIMES}-${tag}.json`, JSON.stringify(times));
    const states = await outboxStates(page, codes.slice(WARM_UP));
    const committed = Object.values(states).reduce((a, b) => a + b, 0);
    return {
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: Math.max(...times),
      committed,
      perScan: perScan(before!, after, times.length),
      rows: after.rows,
      commitP50: percentile(commits, 50),
      commitP95: percentile(commits, 95),
    };
  } finally {
    await page.close();
  }
}

export interface ReplayRow {
  /** Online → the server's bill holds every scan. */
  serverSeconds: number;
  /** Online → the outbox shows every entry sent. */
  outboxSeconds: number;
  queued: number;
  lost: number;
  duplicated: number;
  refused: number;
  billCount: number;
  /** Scan calls on the wire at once, on average, from the first call to the last answer. */
  inFlight: number;
  /** Median time of one scan call as the page saw it (fetch → answer read), ms. */
  callMs: number;
  /** Main-thread task time of the page per replayed scan (ms, CPU not throttled). */
  taskMsPerScan: number;
  /** CPU time of the renderers and of the browser process per replayed scan, ms. */
  rendererCpuMsPerScan: number;
  browserCpuMsPerScan: number;
  /** The same scans sent straight to the server from Node, REPLAY_CONNECTIONS at a time (s). */
  floorSeconds: number;
}

/** Connections a browser opens to one host (HTTP/1.1): the outbox cannot have more on the wire. */
export const REPLAY_CONNECTIONS = 6;

export async function replay(
  context: BrowserContext,
  url: string,
  w: World,
  tag: string,
): Promise<ReplayRow> {
  const codes = await copyOrders(url, w, `PR${tag}`, REPLAY);
  const bill = await newBill(w);
  const page = await context.newPage();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await openBill(page, bill);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await context.setOffline(true);
    await page.locator('[data-testid="online-state"][data-online="false"]').waitFor();
    for (const code of codes) await scanInPage(page, code);
    const before = await outboxStates(page, codes);
    const held = async () =>
      Number(
        (
          await c.query<{ n: string }>('SELECT count(*) AS n FROM lading_items WHERE bill_id = $1', [
            bill.recId,
          ])
        ).rows[0]!.n,
      );
    if ((await held()) !== 0) throw new Error('scans reached the server while offline');
    const countsBefore = await pageCounts(page, cdp);
    await page.evaluate(() => {
      (window as unknown as { benchCalls: unknown[] }).benchCalls = [];
    });
    const saveProfile = await profile(cdp, `replay-${tag}`);
    const started = performance.now();
    await context.setOffline(false);
    let serverSeconds = Number.NaN;
    while (performance.now() - started < 300_000) {
      if ((await held()) >= codes.length) {
        serverSeconds = (performance.now() - started) / 1000;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    let outboxSeconds = Number.NaN;
    let states: Record<string, number> = {};
    while (performance.now() - started < 300_000) {
      states = await outboxStates(page, codes);
      if ((states.done ?? 0) + (states.attention ?? 0) >= codes.length) {
        outboxSeconds = (performance.now() - started) / 1000;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const replayed = perScan(countsBefore, await pageCounts(page, cdp), codes.length);
    await saveProfile();
    const calls = (
      await page.evaluate(
        () => (window as unknown as { benchCalls: { start: number; end: number }[] }).benchCalls,
      )
    ).filter((x) => Number.isFinite(x.end));
    const span = Math.max(...calls.map((x) => x.end)) - Math.min(...calls.map((x) => x.start));
    const durations = calls.map((x) => x.end - x.start);
    const items = (
      await c.query<{ rows: string; distinct_orders: string; ours: string; bill_count: number }>(
        `SELECT count(*) AS rows, count(DISTINCT i.order_id) AS distinct_orders,
                count(DISTINCT i.order_id) FILTER (WHERE o.tracking_no = ANY($2)) AS ours,
                (SELECT item_count + coalesce((SELECT sum(t.item_count) FROM lading_bill_tallies t
                  WHERE t.bill_id = $1), 0) FROM lading_bills WHERE id = $1)::int AS bill_count
           FROM lading_items i JOIN orders o ON o.id = i.order_id WHERE i.bill_id = $1`,
        [bill.recId, codes],
      )
    ).rows[0]!;
    return {
      serverSeconds,
      outboxSeconds,
      queued: before.queued ?? 0,
      lost: codes.length - Number(items.ours),
      duplicated: Number(items.rows) - Number(items.distinct_orders),
      refused: states.attention ?? 0,
      billCount: Number(items.bill_count),
      inFlight: durations.reduce((a, b) => a + b, 0) / span,
      callMs: median(durations),
      taskMsPerScan: replayed.taskMs,
      rendererCpuMsPerScan: replayed.rendererCpuMs,
      browserCpuMsPerScan: replayed.browserCpuMs,
      floorSeconds: await serverFloor(url, w, tag),
    };
  } finally {
    await context.setOffline(false);
    await c.end();
    await page.close();
  }
}

/** The replay's floor: as many scans into a fresh bill, sent from Node with no browser in between. */
export async function serverFloor(url: string, w: World, tag: string): Promise<number> {
  const codes = await copyOrders(url, w, `PF${tag}`, REPLAY);
  const bill = await newBill(w);
  const started = performance.now();
  const { result } = await cannon({
    url: w.pda.base,
    connections: REPLAY_CONNECTIONS,
    amount: codes.length,
    requests: scanRequests(w, bill, codes).requests,
  });
  if (result.non2xx || result.errors)
    console.warn(`  (2) floor: ${result.non2xx + result.errors} failed calls`);
  return (performance.now() - started) / 1000;
}

export interface SizeRow {
  gzip: number;
  raw: number;
  scripts: { file: string; gzip: number }[];
  antd: string[];
}

/** The scripts a logged-in scanner's first load of /pda fetches (empty HTTP cache). */
export async function firstLoad(browser: Browser, base: string, dist: string): Promise<SizeRow> {
  const login = await browser.newContext({ ...PHONE, baseURL: base });
  const p = await login.newPage();
  await logIn(p);
  const storageState = await login.storageState();
  await login.close();
  const context = await browser.newContext({ ...PHONE, baseURL: base, storageState });
  const page = await context.newPage();
  const files = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') files.add(new URL(r.url()).pathname);
  });
  await page.goto('/pda', { waitUntil: 'networkidle' });
  await page.getByTestId('scan-tasks').waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  const scripts = [...files].map((file) => {
    const body = readFileSync(join(dist, file));
    return { file, gzip: gzipSync(body).length, raw: body.length };
  });
  scripts.sort((a, b) => b.gzip - a.gzip);
  const antd = scripts
    .filter((s) => {
      const map = join(dist, `${s.file}.map`);
      if (!existsSync(map)) return false;
      return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources.some((x) =>
        ANTD.test(x),
      );
    })
    .map((s) => s.file);
  return {
    gzip: scripts.reduce((a, s) => a + s.gzip, 0),
    raw: scripts.reduce((a, s) => a + s.raw, 0),
    scripts: scripts.map(({ file, gzip }) => ({ file, gzip })),
    antd,
  };
}

/** (3) The scan call under load. */

export interface LoadRow {
  scansPerSecond: number;
  /** CPU ms per scan of the server process and of the database's backends. */
  cpu: { node: number; db: number };
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  total: number;
}

export async function scanLoad(url: string, w: World, tag: string, serverPid: number): Promise<LoadRow> {
  const codes = await copyOrders(url, w, `PL${tag}`, LOAD_ORDERS);
  const bill = await newBill(w);
  if (process.env.BENCH_DEBUG) {
    const r = await fetch(`${w.pda.base}${API}/lading/scanTrackingNo/${bill.recId}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${w.pda.token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
        'local-lang': 'en',
      },
      body: JSON.stringify({ trackingNo: codes.pop() }),
    });
    console.log(`  [debug] one scan: ${r.status} ${await r.text()}`);
  }
  const scans = scanRequests(w, bill, codes);
  const run = (duration: number) =>
    cannon({ url: w.pda.base, connections: CONNECTIONS, duration, requests: scans.requests });
  await run(2);
  const stats = new pg.Client({ connectionString: url });
  await stats.connect();
  const node0 = processCpu(serverPid);
  const db0 = await backendCpu(stats);
  const { result, times } = await run(SECONDS);
  const db = cpuSince(db0, await backendCpu(stats));
  const node = processCpu(serverPid) - node0;
  await stats.end();
  if (scans.sent() > codes.length)
    console.warn(`  (3) ran out of orders: ${scans.sent()} scans for ${codes.length} orders`);
  const done = result.requests.total;
  return {
    scansPerSecond: Math.round((result.requests.total - result.non2xx) / SECONDS),
    cpu: { node: node / done, db: db / done },
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: result.errors + result.non2xx,
    total: result.requests.total,
  };
}

/** What one target measured. */
export interface Measured {
  database: string;
  load: LoadRow[];
  latency: LatencyRow[];
  replay: ReplayRow[];
  size?: SizeRow;
  loadAverage: number[];
}
