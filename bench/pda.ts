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
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { buildWeb as buildWebApp, freePort, NODE_FLAGS, withDatabase } from './harness.ts';
import { instrument, launch, logIn, PHONE } from './pda-browser.ts';
import {
  firstLoad,
  type Measured,
  REPLAY_CONNECTIONS,
  replay,
  scanLatency,
  scanLoad,
} from './pda-measures.ts';
import { report } from './pda-report.ts';
import {
  BROWSER,
  LOAD,
  REPLAY,
  ROUNDS,
  SCANS,
  SERVER_FLAGS,
  SIZE_ONLY,
  TOKEN_SECRET,
  targets,
} from './pda-settings.ts';
import { makeWorld, prepare } from './world.ts';

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

// ---- a target ----

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
