/**
 * Lighthouse on the pages a handheld and the public load first (issue 40): `/login`, `/search`
 * and `/pda`, served from a production build (vite build into a scratch directory, or
 * BENCH_WEB_DIST) by a forked product server (bench/server.ts) on a scratch database of the
 * machine's PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
 * Lighthouse is the npm package's Node API with its default settings: mobile emulation, simulated
 * throttling (Slow 4G, 4x CPU), categories performance and accessibility. Before each run it
 * clears the HTTP cache, service workers and Cache Storage of the origin, so every run is a
 * first load; localStorage is kept, so `/pda` is audited logged in: the `pda` account logs in
 * through the light `/login` page first (Playwright over the same browser's DevTools port).
 * Each page is audited BENCH_ROUNDS times (3), after one uncounted run of `/search` that warms the
 * browser up; the table shows the median of each figure and every run. Targets: performance >= 0.90 and accessibility >= 0.95 on all three pages; the
 * JavaScript of `/login` and `/search` <= 100 kB gzip (each script of the build gzipped with zlib's
 * default level, as `gzip -c`; Lighthouse's transfer size, headers included, is printed beside it).
 * Before the figures, the floor call (GET /user/current, one client) tells the machine's speed.
 * The browser is Debian's Chromium (CHROMIUM_PATH), headless, started by this file.
 *
 *   npm run bench -- lighthouse
 *   BENCH_ROUNDS=1 BENCH_PAGES=/login node bench/lighthouse.ts
 *   BENCH_WEB_DIST=dist node bench/lighthouse.ts          an existing build (`npx vite build --outDir dist`)
 *   BENCH_REPORTS=/tmp/lh node bench/lighthouse.ts        every run's report (JSON) in that directory
 *   BENCH_CPU_MULTIPLIER=2 node bench/lighthouse.ts       another CPU slowdown than Lighthouse's 4x (a calibration
 *                                                         for a slow host; the targets are for the default)
 *
 * Lighthouse's simulation multiplies the main-thread time it observed by 4: its reference host
 * has a benchmarkIndex above 1000 (Lighthouse warns below that). A shared 2-core machine under load
 * scores 250-950, so blocking time (and the paints behind script) come out longer than on that
 * host; each run's benchmarkIndex is printed with it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import {
  buildWeb,
  freePort,
  median,
  oneClient,
  type Server,
  scratchDatabase,
  startServer,
  stopServer,
} from './harness.ts';
import { API, prepare } from './world.ts';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CPU_MULTIPLIER = process.env.BENCH_CPU_MULTIPLIER
  ? Number(process.env.BENCH_CPU_MULTIPLIER)
  : undefined;
/** Lighthouse's threshold of a host slower than it expects (core/gather/driver/environment.js). */
const SLOW_HOST_INDEX = 1000;
const REPORTS = process.env.BENCH_REPORTS;
const PAGES = (process.env.BENCH_PAGES ?? '/login,/search,/pda').split(',');
/** The pages of the JavaScript budget (the light entry: no Ant Design, no router). */
const LIGHT = new Set(['/login', '/search']);
const TARGET = { performance: 0.9, accessibility: 0.95, lightJsGzip: 100 * 1024 };
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Run {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** Scripts the page loaded: Lighthouse's transfer size (compressed, headers included). */
  jsTransfer: number;
  /** The same scripts' files in the build, gzip -c. */
  jsGzip: number;
  scripts: number;
  /** Lighthouse's own measure of the machine's speed (higher is faster; ~1000+ a desktop). */
  benchmarkIndex: number;
  /** Audits of either category that did not pass, `id (score)`. */
  failing: string[];
  warnings: string[];
}

// ---- the browser ----

interface Chrome {
  port: number;
  child: ChildProcess;
  profile: string;
}

async function launchChrome(): Promise<Chrome> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'parcel-bench-lighthouse-chrome-'));
  const child = spawn(
    CHROMIUM,
    [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { port, child, profile };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`Chromium did not open its DevTools port ${port}`);
}

async function closeChrome(c: Chrome) {
  const exited = new Promise((r) => c.child.once('exit', r));
  c.child.kill('SIGTERM');
  await exited;
  rmSync(c.profile, { recursive: true, force: true });
}

/** Logs the `pda` account in through the light /login page, in the browser's default profile. */
async function logInPda(c: Chrome, base: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${c.port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${base}/login`);
    await page.locator('input[name="username"]').fill('pda');
    await page.locator('input[name="password"]').fill('pda123');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/pda$/, { timeout: 60_000 });
    await page.getByTestId('scan-tasks').waitFor({ timeout: 60_000 });
    await page.close();
  } finally {
    await browser.close();
  }
}

// ---- one Lighthouse run ----

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** Lighthouse's own failures to record a run (a loaded host, NO_NAVSTART): tried again, twice. */
const RETRIED = /^(NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT|NO_TRACING_STARTED)$/;

async function audit(c: Chrome, url: string, dist: string, tries = 3): Promise<{ run: Run; lhr: Lhr }> {
  const result = await lighthouse(url, {
    port: c.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...(CPU_MULTIPLIER ? { throttling: { cpuSlowdownMultiplier: CPU_MULTIPLIER } } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    if (tries > 1 && RETRIED.test(lhr.runtimeError.code)) {
      console.log(`  ${url}: ${lhr.runtimeError.code}, run again`);
      return audit(c, url, dist, tries - 1);
    }
    throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  }
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] })?.items ?? [];
  const scripts = requests.filter(
    (r) =>
      r.resourceType === 'Script' &&
      r.sessionTargetType === 'page' &&
      String(r.url).startsWith(url.slice(0, url.indexOf('/', 8))),
  );
  const jsGzip = scripts.reduce((sum, r) => {
    const file = join(dist, new URL(String(r.url)).pathname);
    try {
      return sum + gzipSync(readFileSync(file)).length;
    } catch {
      return sum;
    }
  }, 0);
  const failing = ['performance', 'accessibility'].flatMap((category) =>
    lhr.categories[category]!.auditRefs.filter((ref) => {
      const a = lhr.audits[ref.id]!;
      return a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative';
    }).map((ref) => `${ref.id} (${lhr.audits[ref.id]!.score})`),
  );
  return {
    lhr,
    run: {
      performance: lhr.categories.performance!.score ?? 0,
      accessibility: lhr.categories.accessibility!.score ?? 0,
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      speedIndex: value('speed-index'),
      jsTransfer: scripts.reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0),
      jsGzip,
      scripts: scripts.length,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      failing: [...new Set(failing)],
      warnings: lhr.runWarnings,
    },
  };
}

// ---- the bench ----

async function floorCall(server: Server): Promise<number> {
  const calls = Array.from({ length: 300 }, () => ({ method: 'GET' as const, path: `${API}/user/current` }));
  return median((await oneClient(server.target, calls)).times.slice(50));
}

async function main() {
  const web = buildWeb('lighthouse');
  const db = await scratchDatabase(SERVER, 'bench_lighthouse', false);
  const dataDir = mkdtempSync(join(tmpdir(), 'parcel-bench-lighthouse-data-'));
  let server: Server | undefined;
  let chrome: Chrome | undefined;
  const results = new Map<string, Run[]>();
  const loads: number[] = [];
  let floor = Number.NaN;
  try {
    await prepare(db.url);
    server = await startServer(db.url, [], { BENCH_WEB_DIST: web.dist, DATA_DIR: dataDir });
    floor = await floorCall(server);
    const base = server.target.base;
    console.log(
      `PostgreSQL ${db.version}; floor call GET /user/current (one client, median): ${floor.toFixed(2)} ms; load ${loadavg()[0]!.toFixed(2)}`,
    );
    chrome = await launchChrome();
    if (REPORTS) mkdirSync(REPORTS, { recursive: true });
    // A first run, not counted: the browser's first page pays its own start (fonts, code caches);
    // in the first measurements the first run of /login scored 0.76-0.88 and the next ones 0.97.
    await audit(chrome, `${base}/search`, web.dist);
    for (const path of PAGES) {
      if (path.startsWith('/pda')) await logInPda(chrome, base);
      const runs: Run[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        loads.push(loadavg()[0]!);
        const { run, lhr } = await audit(chrome, `${base}${path}`, web.dist);
        runs.push(run);
        if (REPORTS)
          writeFileSync(
            join(REPORTS, `${path.slice(1).replace(/\W/g, '-')}-${round}.json`),
            JSON.stringify(lhr),
          );
        console.log(
          `  ${path} run ${round}: performance ${run.performance.toFixed(2)}, accessibility ${run.accessibility.toFixed(2)}, FCP ${run.fcp.toFixed(0)} ms, LCP ${run.lcp.toFixed(0)} ms, TBT ${run.tbt.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, benchmarkIndex ${run.benchmarkIndex.toFixed(0)}, JS ${kB(run.jsTransfer)} kB transferred in ${run.scripts} scripts (${kB(run.jsGzip)} kB gzip -c); load ${loadavg()[0]!.toFixed(2)}`,
        );
        if (run.failing.length) console.log(`    not passed: ${run.failing.join(', ')}`);
        for (const w of run.warnings) console.log(`    warning: ${w}`);
      }
      results.set(path, runs);
    }
  } finally {
    if (chrome) await closeChrome(chrome);
    if (server) await stopServer(server);
    await db.close(false);
    rmSync(dataDir, { recursive: true, force: true });
    web.remove();
  }
  if (!report(results, floor, loads)) process.exitCode = 1;
}

const kB = (bytes: number) => (bytes / 1024).toFixed(1);

function report(results: Map<string, Run[]>, floor: number, loads: number[]): boolean {
  let met = true;
  const index = median([...results.values()].flat().map((r) => r.benchmarkIndex));
  if (index < SLOW_HOST_INDEX)
    console.log(
      `\nbenchmarkIndex ${index.toFixed(0)} (median): a slower host than Lighthouse expects (> ${SLOW_HOST_INDEX}); CPU-bound figures (TBT) come out longer`,
    );
  if (CPU_MULTIPLIER)
    console.log(`CPU slowdown ${CPU_MULTIPLIER}x instead of Lighthouse's 4x: not the targets' setting`);
  console.log(
    `\nLighthouse ${ROUNDS} runs a page (mobile, simulated throttling), medians (each run in brackets); floor call ${floor.toFixed(2)} ms, load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}\n`,
  );
  const fmt = (xs: number[], digits: number) =>
    `${median(xs).toFixed(digits)} (${xs.map((x) => x.toFixed(digits)).join(', ')})`;
  for (const [path, runs] of results) {
    const perf = median(runs.map((r) => r.performance));
    const a11y = median(runs.map((r) => r.accessibility));
    const js = median(runs.map((r) => r.jsGzip));
    const perfMet = perf >= TARGET.performance;
    const a11yMet = a11y >= TARGET.accessibility;
    const jsMet = !LIGHT.has(path) || js <= TARGET.lightJsGzip;
    met &&= perfMet && a11yMet && jsMet;
    console.log(path);
    console.log(
      `  performance   ${fmt(
        runs.map((r) => r.performance),
        2,
      )}\ttarget >= ${TARGET.performance}: ${perfMet ? 'met' : 'MISSED'}`,
    );
    console.log(
      `  accessibility ${fmt(
        runs.map((r) => r.accessibility),
        2,
      )}\ttarget >= ${TARGET.accessibility}: ${a11yMet ? 'met' : 'MISSED'}`,
    );
    console.log(
      `  FCP           ${fmt(
        runs.map((r) => r.fcp),
        0,
      )} ms`,
    );
    console.log(
      `  LCP           ${fmt(
        runs.map((r) => r.lcp),
        0,
      )} ms`,
    );
    console.log(
      `  TBT           ${fmt(
        runs.map((r) => r.tbt),
        0,
      )} ms`,
    );
    console.log(
      `  CLS           ${fmt(
        runs.map((r) => r.cls),
        3,
      )}`,
    );
    console.log(
      `  Speed Index   ${fmt(
        runs.map((r) => r.speedIndex),
        0,
      )} ms`,
    );
    console.log(
      `  benchmarkIndex ${fmt(
        runs.map((r) => r.benchmarkIndex),
        0,
      )} (Lighthouse's CPU measure)`,
    );
    console.log(
      `  JS            ${kB(median(runs.map((r) => r.jsTransfer)))} kB transferred, ${kB(js)} kB gzip -c, ${median(runs.map((r) => r.scripts))} scripts${LIGHT.has(path) ? `\ttarget <= 100 kB gzip: ${jsMet ? 'met' : 'MISSED'}` : ''}`,
    );
  }
  return met;
}

await main();
