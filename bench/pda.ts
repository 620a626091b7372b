/**
 * The offline PDA surface (issue 6), against a forked product server serving a fresh production
 * build (vite build into a scratch directory) on the embedded PostgreSQL and on the machine's
 * PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; the scratch
 * database `bench_pda` is created next to it and dropped afterwards):
 * 1. scan-to-feedback latency in headless Debian Chromium (playwright-core, a phone viewport) with
 *    4x CPU throttling (CDP Emulation.setCPUThrottlingRate): the PDA logged in as `pda` on the
 *    lading scan screen of an open bill, online; 500 keyboard-wedge bursts of real orders, each
 *    timed in the page from the Enter keydown to its row in the DOM. A row is drawn once its
 *    outbox write has committed, so a row shown is an outbox write committed (the database opens
 *    with strict durability); at the end every code is checked in IndexedDB. Target p95 < 50 ms.
 * 2. replay: 1,000 scans queued offline (context.setOffline) into another bill, then online: the
 *    time until the server's bill holds all of them (polled in the database every 20 ms), and
 *    until the outbox shows them all sent; zero lost, zero duplicated (items, distinct orders, the
 *    bill's own count). Target < 10 s.
 * 3. the scan call under load: POST /lading/scanTrackingNo/{id} as the `pda` account, autocannon
 *    at 50 connections, each request a distinct order and Idempotency-Key, all into one open bill
 *    (every scan adds to the bill's tally rows and share-locks it): scans/s and p95. Target >= 500
 *    scans/s on PostgreSQL.
 * 4. the JavaScript the first load of /pda fetches (a logged-in scanner, empty HTTP cache):
 *    the scripts Chromium requested, gzip size (zlib default level) of each; none may hold Ant
 *    Design (checked against the build's source maps). Target < 200 kB.
 * Service workers are blocked in the browser (their precache of the whole app would load the
 * machine during the measurements; it is not the page's first load either).
 * Orders are copies of one order made and received through the API (INSERT … SELECT).
 * Each measurement runs BENCH_ROUNDS times (3); the table shows the median and every round.
 *
 *   npm run bench -- pda
 *   BENCH_ROUNDS=1 BENCH_TARGETS=embedded node bench/pda.ts
 *   BENCH_WEB_DIST=/tmp/pda-dist node bench/pda.ts        an existing build (with --manifest --sourcemap hidden)
 *   BENCH_BROWSER=0 node bench/pda.ts                      only the server part (3), with its CPU per scan
 *   BENCH_LOAD=0 node bench/pda.ts                         without the server part (3)
 *   BENCH_REPLAY=0 node bench/pda.ts                       without the replay (2)
 *   BENCH_SIZE_ONLY=1 node bench/pda.ts                    only the first load (4), every script listed
 *   BENCH_RELAXED=1 node bench/pda.ts                      every IndexedDB commit without waiting for the disk
 *                                                          (what (1) costs apart from the disk; not the app's setting)
 *   BENCH_TRACE=/tmp/scan node bench/pda.ts                a Chrome trace of 40 scans of (1), marks at Enter and row shown
 *   BENCH_TIMES=/tmp/times node bench/pda.ts               each round's latencies of (1) in scan order (JSON), to see
 *                                                          whether the slow scans come at a period
 *   BENCH_PROFILE=dir node bench/pda.ts                    CPU profiles of the page during (1) and (2) in dir
 *                                                          (a build with --minify false names the functions)
 *   BENCH_SERVER_FLAGS='--cpu-prof --cpu-prof-dir=dir' node bench/pda.ts   node flags for the product server
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { backendCpu, cpuSince } from './backend-cpu.ts';
import {
  buildWeb as buildWebApp,
  freePort,
  median,
  NODE_FLAGS,
  percentile,
  withDatabase,
} from './harness.ts';
import {
  API,
  type Bill,
  cannon,
  copyOrders,
  makeWorld,
  newBill,
  prepare,
  processCpu,
  scanRequests,
  type World,
} from './world.ts';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const targets = (process.env.BENCH_TARGETS ?? 'embedded,postgres').split(',');
const BROWSER = process.env.BENCH_BROWSER !== '0';
const LOAD = process.env.BENCH_LOAD !== '0';
const PROFILE = process.env.BENCH_PROFILE;
const RELAXED = process.env.BENCH_RELAXED === '1';
/** More node flags for the product server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`. */
const SERVER_FLAGS = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
/** A Chrome trace of 40 scans of (1) after the warm-up, written to `${BENCH_TRACE}-<target>.json`. */
const TRACE = process.env.BENCH_TRACE;
/** A file prefix: each round's scan latencies of (1), in scan order, as JSON (`<prefix>-<tag>.json`). */
const TIMES = process.env.BENCH_TIMES;
const TRACE_CATEGORIES = ['devtools.timeline', 'blink.user_timing', 'v8.execute', 'IndexedDB', 'toplevel'];
const SIZE_ONLY = process.env.BENCH_SIZE_ONLY === '1';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCANS = Number(process.env.BENCH_SCANS ?? 500);
const REPLAY = Number(process.env.BENCH_REPLAY ?? 1000);
const WARM_UP = 20;
const CONNECTIONS = 50;
/** Orders made ready for each round of (3): more than 50 connections can scan in its time. */
const LOAD_ORDERS = Number(process.env.BENCH_LOAD_ORDERS ?? Math.max(20_000, SECONDS * 3_000));
const TOKEN_SECRET = 'bench-secret-0123456789-0123456789-01';
const ANTD = /node_modules\/(antd|@ant-design|rc-|@rc-component)/;

// ---- the server child: the real app serving the built web app ----

// ---- the web build ----

function buildWeb(): { dist: string; remove: () => void } {
  // Part (3) alone calls the API only: no web app to build.
  if (!BROWSER && !process.env.BENCH_WEB_DIST) return { dist: '/nonexistent', remove: () => {} };
  return buildWebApp('pda', ['--manifest', '--sourcemap', 'hidden']);
}

// ---- the database and the server ----

interface Server {
  child: ChildProcess;
  base: string;
}

async function startServer(url: string, dist: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  const child = fork(import.meta.filename, ['--serve'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      WEB_DIST: dist,
      DATA_DIR: dataDir,
      TOKEN_SECRET,
      MALLOC_ARENA_MAX: '2',
    },
    execArgv: [...process.execArgv, ...NODE_FLAGS, ...SERVER_FLAGS],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((ok, fail) => {
    child.once('message', () => ok());
    child.once('exit', (c) => fail(new Error(`bench server exited with ${c}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

async function stopServer(s: Server) {
  s.child.kill('SIGTERM');
  await new Promise((r) => s.child.once('exit', r));
}

// ---- (3) the scan call under load ----

interface LoadRow {
  scansPerSecond: number;
  /** CPU ms per scan of the server process and of the database's backends. */
  cpu: { node: number; db: number };
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  total: number;
}

async function scanLoad(url: string, w: World, tag: string, serverPid: number): Promise<LoadRow> {
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

// ---- the browser ----

async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

const PHONE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
  serviceWorkers: 'block' as const,
};

async function logIn(page: Page) {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill('pda');
  await page.locator('input[name="password"]').fill('pda123');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/pda$/, { timeout: 60_000 });
}

async function openBill(page: Page, bill: Bill) {
  await page.goto(`/pda/scan/lading?bill=${bill.recId}`);
  await page.getByTestId('bill-no').filter({ hasText: bill.no }).waitFor({ timeout: 60_000 });
  await page.getByTestId('scan-input').waitFor();
  // The outbox starts with the session; a scan before that is refused locally ("starting").
  await page.waitForTimeout(1_000);
  await recordScans(page);
}

/**
 * Records in the page, from now on, the time of every Enter keydown (a window capture listener,
 * before the app's) and the time each scan row's code first shows in the DOM (a MutationObserver).
 */
function recordScans(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as { benchEnter: number; benchShown: Record<string, number> };
    w.benchEnter = 0;
    w.benchShown = {};
    window.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter') {
          w.benchEnter = performance.now();
          performance.mark('bench-enter');
        }
      },
      true,
    );
    // Looks only at what changed, so the observer itself costs the page little however many rows.
    const note = (node: Node, now: number) => {
      if (!(node instanceof Element)) return;
      const rows = node.matches('[data-testid="scan-row"][data-code]')
        ? [node]
        : node.querySelectorAll('[data-testid="scan-row"][data-code]');
      for (const row of rows) {
        const code = row.getAttribute('data-code')!;
        if (w.benchShown[code] !== undefined) continue;
        w.benchShown[code] = now;
        performance.mark('bench-shown');
      }
    };
    new MutationObserver((records) => {
      const now = performance.now();
      for (const r of records) {
        if (r.type === 'attributes') note(r.target, now);
        else for (const node of r.addedNodes) note(node, now);
      }
    }).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-code'],
    });
  });
}

/**
 * One keyboard-wedge burst into the focused scan field, as trusted key events (Playwright's
 * keyboard: the characters, then Enter); the time, taken in the page, from the Enter keydown to the
 * code's row in the DOM (see recordScans).
 */
async function scanInPage(page: Page, code: string): Promise<number> {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  const handle = await page.waitForFunction(
    (text) => {
      const w = window as unknown as { benchEnter: number; benchShown: Record<string, number> };
      const shown = w.benchShown[text];
      return shown === undefined ? false : shown - w.benchEnter;
    },
    code,
    { timeout: 10_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/** The outbox entries (IndexedDB, as committed) of these codes, by state. */
function outboxStates(page: Page, codes: string[]): Promise<Record<string, number>> {
  return page.evaluate(
    (wanted) =>
      new Promise<Record<string, number>>((ok, fail) => {
        const open = indexedDB.open('pda-outbox');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('entries').objectStore('entries').getAll();
          all.onerror = () => fail(all.error);
          all.onsuccess = () => {
            const set = new Set(wanted);
            const states: Record<string, number> = {};
            for (const e of all.result as { code: string | null; state: string }[])
              if (e.code && set.has(e.code)) states[e.state] = (states[e.state] ?? 0) + 1;
            db.close();
            ok(states);
          };
        };
      }),
    codes,
  );
}

/**
 * Counts, in every page of the context, the IndexedDB requests (reads, writes, cursor steps) and
 * times the scan calls (fetch start → answer read), for measures less sensitive to the machine's
 * load than latencies: IndexedDB work per scan, and how many scan calls were on the wire at once.
 */
async function instrument(context: BrowserContext): Promise<void> {
  await context.addInitScript((relaxed: boolean) => {
    const w = window as unknown as {
      benchIdb: { reads: number; writes: number; steps: number; records: number };
      benchCalls: { start: number; end: number }[];
      benchCommits: number[];
    };
    w.benchIdb = { reads: 0, writes: 0, steps: 0, records: 0 };
    w.benchCalls = [];
    // How long each read-write transaction takes to commit (the disk's share of a scan's time).
    w.benchCommits = [];
    const transaction = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (
      this: IDBDatabase,
      ...args: Parameters<typeof transaction>
    ) {
      if (relaxed) args[2] = { ...args[2], durability: 'relaxed' };
      const tx = transaction.apply(this, args);
      if (tx.mode === 'readwrite') {
        const started = performance.now();
        tx.addEventListener('complete', () => w.benchCommits.push(performance.now() - started));
      }
      return tx;
    };
    const count = (proto: object, names: string[], key: 'reads' | 'writes' | 'steps') => {
      for (const name of names) {
        const original = (proto as Record<string, unknown>)[name];
        if (typeof original !== 'function') continue;
        (proto as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
          w.benchIdb[key] += 1;
          return (original as (...a: unknown[]) => unknown).apply(this, args);
        };
      }
    };
    const reads = ['get', 'getAll', 'getAllKeys', 'getKey', 'count', 'openCursor', 'openKeyCursor'];
    count(IDBObjectStore.prototype, reads, 'reads');
    count(IDBIndex.prototype, reads, 'reads');
    count(IDBObjectStore.prototype, ['add', 'put', 'delete', 'clear'], 'writes');
    count(IDBCursor.prototype, ['continue', 'advance', 'continuePrimaryKey'], 'steps');
    // Records read: what each get or getAll answered, and each record a cursor stood on.
    const counted = (proto: object, names: string[]) => {
      for (const name of names) {
        const original = (proto as Record<string, unknown>)[name];
        if (typeof original !== 'function') continue;
        (proto as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
          const request = (original as (...a: unknown[]) => IDBRequest).apply(this, args);
          request.addEventListener('success', () => {
            const result = request.result as unknown;
            w.benchIdb.records += Array.isArray(result) ? result.length : result == null ? 0 : 1;
          });
          return request;
        };
      }
    };
    counted(IDBObjectStore.prototype, ['get', 'getAll', 'openCursor']);
    counted(IDBIndex.prototype, ['get', 'getAll', 'openCursor']);
    const step = IDBCursor.prototype.continue;
    IDBCursor.prototype.continue = function (this: IDBCursor, key?: IDBValidKey) {
      w.benchIdb.records += 1;
      return step.call(this, key);
    };
    const fetch = window.fetch;
    window.fetch = async (...args: Parameters<typeof window.fetch>) => {
      const url = String(args[0] instanceof Request ? args[0].url : args[0]);
      if (!url.includes('/scanTrackingNo/')) return fetch(...args);
      const call = { start: performance.now(), end: Number.NaN };
      w.benchCalls.push(call);
      const response = await fetch(...args);
      const copy = response.clone();
      void copy.text().then(
        () => (call.end = performance.now()),
        () => (call.end = performance.now()),
      );
      return response;
    };
  }, RELAXED);
}

/** Starts the page's CPU profiler when BENCH_PROFILE names a directory; the returned call saves it. */
async function profile(
  cdp: import('playwright-core').CDPSession,
  name: string,
): Promise<() => Promise<void>> {
  if (!PROFILE) return async () => {};
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  return async () => {
    const { profile: data } = (await cdp.send('Profiler.stop')) as { profile: unknown };
    mkdirSync(PROFILE, { recursive: true });
    writeFileSync(join(PROFILE, `${name}.cpuprofile`), JSON.stringify(data));
  };
}

interface PageCounts {
  idb: { reads: number; writes: number; steps: number; records: number };
  /** Main-thread task time (CDP Performance metrics), ms. */
  taskMs: number;
  /** CPU time of Chromium's renderer processes and of its browser side (browser, network and storage processes), ms. */
  rendererCpuMs: number;
  browserCpuMs: number;
  rows: number;
}

/** CPU time so far of the browser's processes by type (CDP SystemInfo), ms. */
async function cpuTimes(page: Page): Promise<{ renderer: number; browser: number }> {
  const session = await page.context().browser()!.newBrowserCDPSession();
  try {
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; cpuTime: number }[];
    };
    const sum = (keep: (type: string) => boolean) =>
      processInfo.filter((p) => keep(p.type)).reduce((a, p) => a + p.cpuTime * 1000, 0);
    // The browser side: the browser process with its network and storage services (IndexedDB).
    return { renderer: sum((t) => t === 'renderer'), browser: sum((t) => t !== 'renderer' && t !== 'GPU') };
  } finally {
    await session.detach();
  }
}

async function pageCounts(page: Page, cdp: import('playwright-core').CDPSession): Promise<PageCounts> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  const taskMs = (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
  const cpu = await cpuTimes(page);
  return page.evaluate(
    ({ task, cpu }) => {
      const w = window as unknown as {
        benchIdb: { reads: number; writes: number; steps: number; records: number };
      };
      return {
        idb: { ...w.benchIdb },
        taskMs: task,
        rendererCpuMs: cpu.renderer,
        browserCpuMs: cpu.browser,
        rows: document.querySelectorAll('[data-testid="scan-row"]').length,
      };
    },
    { task: taskMs, cpu },
  );
}

const perScan = (a: PageCounts, b: PageCounts, n: number) => ({
  taskMs: (b.taskMs - a.taskMs) / n,
  rendererCpuMs: (b.rendererCpuMs - a.rendererCpuMs) / n,
  browserCpuMs: (b.browserCpuMs - a.browserCpuMs) / n,
  reads: (b.idb.reads - a.idb.reads) / n,
  writes: (b.idb.writes - a.idb.writes) / n,
  steps: (b.idb.steps - a.idb.steps) / n,
  records: (b.idb.records - a.idb.records) / n,
});

interface LatencyRow {
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

async function scanLatency(context: BrowserContext, url: string, w: World, tag: string): Promise<LatencyRow> {
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

interface ReplayRow {
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
const REPLAY_CONNECTIONS = 6;

async function replay(context: BrowserContext, url: string, w: World, tag: string): Promise<ReplayRow> {
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
async function serverFloor(url: string, w: World, tag: string): Promise<number> {
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

interface SizeRow {
  gzip: number;
  raw: number;
  scripts: { file: string; gzip: number }[];
  antd: string[];
}

/** The scripts a logged-in scanner's first load of /pda fetches (empty HTTP cache). */
async function firstLoad(browser: Browser, base: string, dist: string): Promise<SizeRow> {
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

// ---- a target ----

interface Measured {
  database: string;
  load: LoadRow[];
  latency: LatencyRow[];
  replay: ReplayRow[];
  size?: SizeRow;
  loadAverage: number[];
}

async function measure(label: string, url: string, dist: string, browserToo: boolean): Promise<Measured> {
  await prepare(url);
  const dataDir = mkdtempSync(join(tmpdir(), 'parcel-bench-pda-data-'));
  const server = await startServer(url, dist, dataDir);
  const out: Measured = { database: label, load: [], latency: [], replay: [], loadAverage: [] };
  let browser: Browser | undefined;
  try {
    const w = await makeWorld(server.base);
    if (browserToo) {
      browser = await launch();
      out.size = await firstLoad(browser, server.base, dist);
      console.log(
        `  (4) first load of /pda: ${out.size.scripts.length} scripts, ${(out.size.gzip / 1024).toFixed(1)} kB gzip; Ant Design in ${out.size.antd.length}`,
      );
      if (SIZE_ONLY)
        for (const s of out.size.scripts)
          console.log(`      ${(s.gzip / 1024).toFixed(1).padStart(6)} kB  ${s.file}`);
    }
    if (SIZE_ONLY) return out;
    for (let round = 1; round <= ROUNDS; round++) {
      out.loadAverage.push(loadavg()[0]!);
      const tag = `${label.startsWith('embedded') ? 'E' : 'P'}${round}`;
      if (browser) {
        const context = await browser.newContext({ ...PHONE, baseURL: server.base });
        await instrument(context);
        try {
          const page = await context.newPage();
          await logIn(page);
          await page.close();
          const lat = await scanLatency(context, url, w, tag);
          out.latency.push(lat);
          console.log(
            `  round ${round} (1) ${SCANS} scans, CPU 4x slower: p50 ${lat.p50.toFixed(1)} ms, p95 ${lat.p95.toFixed(1)} ms, max ${lat.max.toFixed(1)} ms; ${lat.committed} in IndexedDB; per scan ${lat.perScan.taskMs.toFixed(1)} ms main thread, CPU ${lat.perScan.rendererCpuMs.toFixed(1)} ms renderer + ${lat.perScan.browserCpuMs.toFixed(1)} ms browser, IndexedDB ${lat.perScan.reads.toFixed(1)} reads + ${lat.perScan.steps.toFixed(1)} cursor steps + ${lat.perScan.writes.toFixed(1)} writes, ${lat.perScan.records.toFixed(0)} records read; ${lat.rows} rows in the DOM; IndexedDB commits p50 ${lat.commitP50.toFixed(1)} ms, p95 ${lat.commitP95.toFixed(1)} ms`,
          );
          if (REPLAY > 0) {
            const rep = await replay(context, url, w, tag);
            out.replay.push(rep);
            console.log(
              `  round ${round} (2) ${REPLAY} queued offline (${rep.queued} queued): server holds all after ${rep.serverSeconds.toFixed(2)} s, outbox all sent after ${rep.outboxSeconds.toFixed(2)} s; lost ${rep.lost}, duplicated ${rep.duplicated}, refused ${rep.refused}, bill count ${rep.billCount}; ${rep.inFlight.toFixed(1)} calls in flight on average, call p50 ${rep.callMs.toFixed(0)} ms, ${rep.taskMsPerScan.toFixed(1)} ms main thread, CPU ${rep.rendererCpuMsPerScan.toFixed(1)} ms renderer + ${rep.browserCpuMsPerScan.toFixed(1)} ms browser per scan; from Node with ${REPLAY_CONNECTIONS} connections the server takes ${rep.floorSeconds.toFixed(2)} s`,
            );
          }
        } finally {
          await context.close();
        }
      }
      if (!LOAD) continue;
      const load = await scanLoad(url, w, tag, server.child.pid!);
      out.load.push(load);
      console.log(
        `  round ${round} (3) scan call, 50 connections: ${load.scansPerSecond} scans/s, p50 ${load.p50} ms, p95 ${load.p95} ms, p99 ${load.p99} ms, errors ${load.errors} of ${load.total}; CPU per scan: server ${load.cpu.node.toFixed(2)} ms, db ${load.cpu.db.toFixed(2)} ms`,
      );
    }
  } finally {
    await browser?.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

async function main() {
  const { dist, remove } = buildWeb();
  const results: Measured[] = [];
  let browserDone = !BROWSER;
  try {
    if (targets.includes('embedded')) {
      const { startEmbeddedPostgres } = await import('../src/server/db/embedded.ts');
      const dir = mkdtempSync(join(tmpdir(), 'parcel-bench-pda-'));
      const embedded = await startEmbeddedPostgres(dir, { info: () => {}, warn: console.warn });
      try {
        console.log('embedded PostgreSQL 18');
        results.push(
          await measure('embedded PostgreSQL 18', withDatabase(embedded.url, 'postgres'), dist, !browserDone),
        );
        browserDone = true;
      } finally {
        await embedded.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    }
    if (targets.includes('postgres')) {
      const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
      const name = 'bench_pda';
      const admin = new pg.Client({ connectionString: server });
      try {
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${name}`);
        const version = (await admin.query<{ v: string }>("SELECT current_setting('server_version') AS v"))
          .rows[0]!.v;
        const label = `machine PostgreSQL ${version.split(' ')[0]}`;
        console.log(label);
        results.push(await measure(label, withDatabase(server, name), dist, !browserDone));
      } catch (e) {
        console.warn(
          `the machine's PostgreSQL (${server}): ${e instanceof Error ? (e.stack ?? e.message) : e}`,
        );
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
        await admin.end().catch(() => {});
      }
    }
  } finally {
    remove();
  }
  report(results);
}

function report(results: Measured[]) {
  const fmt = (x: number) => (x >= 100 ? String(Math.round(x)) : x.toFixed(x >= 10 ? 1 : 2));
  const row = (label: string, xs: number[], unit: string, target: string, met?: (m: number) => boolean) =>
    xs.length
      ? console.log(
          `  ${label}\t${fmt(median(xs))} ${unit}\t(${xs.map(fmt).join(', ')})${met ? `\t${target}: ${met(median(xs)) ? 'met' : 'MISSED'}` : ''}`,
        )
      : undefined;
  if (RELAXED)
    console.log('\nBENCH_RELAXED=1: IndexedDB commits did not wait for the disk (not the app as shipped)');
  console.log(`\nPDA bench, medians of ${ROUNDS} rounds (each round's figure in brackets), 127.0.0.1\n`);
  /** A figure of each round: its label, how it is read off a round, its unit and its target. */
  type Figure<T> = [
    label: string,
    pick: (x: T) => number,
    unit: string,
    target?: [string, (v: number) => boolean] | undefined,
  ];
  const rows = <T>(rounds: T[], figures: Figure<T>[]) => {
    for (const [label, pick, unit, target] of figures)
      row(label, rounds.map(pick), unit, target?.[0] ?? '', target?.[1]);
  };
  for (const m of results) {
    console.log(m.database);
    rows(m.latency, [
      [`(1) scan → row + outbox write, p50 (${SCANS} scans, CPU 4x)`, (x) => x.p50, 'ms'],
      ['(1) scan → row + outbox write, p95', (x) => x.p95, 'ms', ['target < 50 ms', (v) => v < 50]],
      ['(1) main-thread time per scan (CPU 4x)', (x) => x.perScan.taskMs, 'ms'],
      ['(1) CPU per scan: renderer (page, throttling not counted)', (x) => x.perScan.rendererCpuMs, 'ms'],
      ['(1) CPU per scan: browser process (IndexedDB, network)', (x) => x.perScan.browserCpuMs, 'ms'],
      ['(1) IndexedDB reads + cursor steps per scan', (x) => x.perScan.reads + x.perScan.steps, ''],
      ['(1) IndexedDB records read per scan (entries and keys)', (x) => x.perScan.records, ''],
      ['(1) IndexedDB read-write commit, p95 (strict durability)', (x) => x.commitP95, 'ms'],
      ['(1) scan rows in the DOM after the last scan', (x) => x.rows, ''],
    ]);
    rows(m.replay, [
      [
        `(2) replay ${REPLAY} queued scans: server holds all`,
        (x) => x.serverSeconds,
        's',
        ['target < 10 s', (v) => v < 10],
      ],
      ['(2) replay: outbox shows all sent', (x) => x.outboxSeconds, 's'],
      [
        `(2) the same scans from Node, ${REPLAY_CONNECTIONS} connections (the floor)`,
        (x) => x.floorSeconds,
        's',
      ],
      ['(2) scan calls in flight on average', (x) => x.inFlight, ''],
      ['(2) main-thread time per replayed scan', (x) => x.taskMsPerScan, 'ms'],
      [
        '(2) CPU per replayed scan: renderer + browser process',
        (x) => x.rendererCpuMsPerScan + x.browserCpuMsPerScan,
        'ms',
      ],
    ]);
    if (m.replay.length)
      console.log(
        `  (2) lost ${m.replay.map((x) => x.lost).join(', ')}; duplicated ${m.replay.map((x) => x.duplicated).join(', ')}; refused ${m.replay.map((x) => x.refused).join(', ')}; bill count ${m.replay.map((x) => x.billCount).join(', ')}\ttarget 0 lost, 0 duplicated: ${m.replay.every((x) => x.lost === 0 && x.duplicated === 0 && x.billCount === REPLAY) ? 'met' : 'MISSED'}`,
      );
    // The throughput target is PostgreSQL's; the embedded database's figure is shown beside it.
    const onPostgres = !m.database.startsWith('embedded');
    rows(m.load, [
      [
        '(3) scan call, 50 connections',
        (x) => x.scansPerSecond,
        'scans/s',
        onPostgres ? ['target >= 500 scans/s on PostgreSQL', (v) => v >= 500] : undefined,
      ],
      ['(3) scan call, 50 connections, p95', (x) => x.p95, 'ms'],
      ['(3) CPU per scan (server + database)', (x) => x.cpu.node + x.cpu.db, 'ms'],
    ]);
    if (m.load.some((x) => x.errors)) console.log(`  (3) errors ${m.load.map((x) => x.errors).join(', ')}`);
    if (m.size) {
      console.log(
        `  (4) first load of /pda: ${(m.size.gzip / 1024).toFixed(1)} kB gzip (${(m.size.raw / 1024).toFixed(0)} kB raw) in ${m.size.scripts.length} scripts\ttarget < 200 kB: ${m.size.gzip < 200 * 1024 ? 'met' : 'MISSED'}`,
      );
      console.log(
        `      largest: ${m.size.scripts
          .slice(0, 6)
          .map((s) => `${s.file.replace('/assets/', '')} ${(s.gzip / 1024).toFixed(1)}`)
          .join(', ')}`,
      );
      console.log(
        `  (4) Ant Design in the first load: ${m.size.antd.length ? `${m.size.antd.join(', ')} MISSED` : 'none, met'}`,
      );
    }
    console.log(`  load average (1 min) at each round: ${m.loadAverage.map((x) => x.toFixed(2)).join(', ')}`);
  }
}

// ---- entry: the server child, or the bench ----

if (process.argv[2] === '--serve') {
  const { buildApp } = await import('../src/server/app.ts');
  const { loadConfig } = await import('../src/server/config.ts');
  const { openDatabase } = await import('../src/server/db/client.ts');
  const config = loadConfig(process.env);
  const database = openDatabase(config.databaseUrl!, config.dbPoolMax);
  const { processLogger } = await import('../src/server/log.ts');
  const logger = processLogger('info', '/dev/null');
  const app = await buildApp({ config, database, logger });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  process.send?.('ready');
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
} else {
  await main();
}
