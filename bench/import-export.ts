/**
 * The import/export engine at volume, on the embedded PostgreSQL:
 * - import 100,000 tracking numbers through the real HTTP call (POST /trackingNo/import, an xlsx
 *   built once with the ExcelJS streaming writer) against a forked product server, reporting the
 *   time from upload to answer (read, every row validated, duplicates checked, written) and the
 *   server process's peak RSS;
 * - export 1,000,000 pool rows (loaded with COPY) through the export engine (startExport: the
 *   streaming xlsx writer, keyset pages) in a child process of its own, sampling its RSS every
 *   100 ms.
 * Targets: import < 20 s; export peak RSS < 300 MB.
 *
 *   npm run bench                                  (all benches)
 *   node bench/import-export.ts                    this one
 *   BENCH_IMPORT_ROWS=20000 BENCH_EXPORT_ROWS=200000 node bench/import-export.ts
 *   BENCH_TUNED=0 node bench/import-export.ts      V8's and glibc's default memory tuning
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { from as copyFrom } from 'pg-copy-streams';
import { type Database, migrateDatabase, openDatabase } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { seedDemoData } from '../src/server/db/seed/index.ts';
import { exportsInFlight, keysetPages, startExport } from '../src/server/files/export.ts';
import type { Ctx } from '../src/server/http/context.ts';
import { translator } from '../src/server/i18n.ts';
import { carrierMessages } from '../src/shared/i18n/carrier-messages.ts';
import { copyClient, freePort, NODE_FLAGS as SERVER_FLAGS, withDatabase } from './harness.ts';

const root = resolve(import.meta.dirname, '..');
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const MB = 1024 * 1024;
/**
 * The runtime tuning of the measured processes (the server should run with the same). V8 sizes the
 * young generation from the machine's memory (up to 64 MB semi-spaces here), so short-lived row
 * objects get promoted and RSS climbs far past what is live; and glibc gives each zlib worker
 * thread its own malloc arena, which keeps freed buffers resident. With 16 MB semi-spaces and two
 * arenas a 1M-row export peaked at 250-300 MB here (one run in nine at 326 MB); with V8's and
 * glibc's defaults at 440-560 MB. The flags are package.json `start`'s (harness.ts NODE_FLAGS).
 * BENCH_TUNED=0 measures the defaults.
 */
const TUNED = process.env.BENCH_TUNED !== '0';
const NODE_FLAGS = TUNED ? SERVER_FLAGS : [];
const CHILD_ENV = { ...process.env, ...(TUNED ? { MALLOC_ARENA_MAX: '2' } : {}) };

/** Peak RSS of this process, sampled every 100 ms (and at every read). */
function rssProbe() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  timer.unref();
  return {
    peak: () => Math.max(peak, process.memoryUsage().rss),
    reset: () => {
      peak = process.memoryUsage().rss;
    },
    stop: () => clearInterval(timer),
  };
}

// ---- the export child: runs the engine on the pool and reports its own peak RSS ----

interface PoolRow {
  id: number;
  code: string;
  name: string;
  trackingNo: string;
  orderId: number | null;
  usedAt: Date | null;
  createdAt: Date;
}

async function exportChild(url: string, dataDir: string) {
  const probe = rssProbe();
  const database = openDatabase(url, 2);
  const db = database.db;
  const t = translator('en');
  const [admin] = (await db.execute<{ id: number }>(sql`SELECT id FROM users WHERE username = 'admin'`)).rows;
  const ctx = {
    user: { id: admin!.id, username: 'admin', customerId: null },
    db,
    t,
    locale: 'en',
    config: { dataDir },
    req: { log: { error: (o: object, m: string) => console.error(m, o) } },
  } as unknown as Ctx;
  const baseline = process.memoryUsage().rss;
  probe.reset();
  const started = performance.now();
  const task = await startExport<PoolRow>(ctx, {
    kind: 'trackingNo',
    title: carrierMessages.trackingNoExport,
    filters: {},
    columns: [
      { header: carrierMessages.colCarrierCode, value: (r) => r.code },
      { header: carrierMessages.colCarrierName, value: (r) => r.name },
      { header: carrierMessages.colTrackingNo, value: (r) => r.trackingNo, width: 24 },
      {
        header: carrierMessages.colState,
        value: (r) => t(r.orderId === null ? carrierMessages.stateFree : carrierMessages.stateUsed),
      },
      { header: carrierMessages.colOrderId, value: (r) => r.orderId },
      { header: carrierMessages.colUsedAt, value: (r) => r.usedAt },
      { header: carrierMessages.colImportedAt, value: (r) => r.createdAt },
    ],
    count: async (d) =>
      (await d.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM tracking_numbers`)).rows[0]!.n,
    rows: (d) =>
      keysetPages(
        async (after, limit) =>
          (
            await d.execute<{
              id: number;
              code: string;
              name: string;
              tracking_no: string;
              order_id: number | null;
              used_at: Date | null;
              created_at: Date;
            }>(sql`
              SELECT n.id, c.code, c.name, n.tracking_no, n.order_id, n.used_at, n.created_at
              FROM tracking_numbers n JOIN carriers c ON c.id = n.carrier_id
              WHERE n.id > ${after ?? 0} ORDER BY n.id LIMIT ${limit}`)
          ).rows.map((r) => ({
            id: r.id,
            code: r.code,
            name: r.name,
            trackingNo: r.tracking_no,
            orderId: r.order_id,
            usedAt: r.used_at,
            createdAt: r.created_at,
          })),
        (r) => r.id,
      ),
  });
  await exportsInFlight();
  const seconds = (performance.now() - started) / 1000;
  const [done] = (
    await db.execute<{ status: number; row_count: number; file_size: number }>(
      sql`SELECT status, row_count, file_size FROM export_tasks WHERE id = ${task.recId}`,
    )
  ).rows;
  await database.close();
  probe.stop();
  process.send!({
    seconds,
    rows: done!.row_count,
    status: done!.status,
    fileBytes: done!.file_size,
    baselineRss: baseline,
    peakRss: probe.peak(),
    maxRss: process.resourceUsage().maxRSS * 1024,
  });
}

// ---- the parent ----

/** The import file, written once with the streaming writer (as a carrier's system would send it). */
async function buildImportFile(dir: string): Promise<string> {
  const path = join(dir, 'tracking-numbers.xlsx');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(['*Tracking number']).commit();
  for (let i = 1; i <= IMPORT_ROWS; i++) ws.addRow([`BX${String(i).padStart(10, '0')}`]).commit();
  ws.commit();
  await wb.commit();
  return path;
}

/** Loads `n` pool rows with COPY (what a bulk load should use), spread over the seeded carriers. */
async function loadPool(database: Database, n: number): Promise<number> {
  const carriers = (await database.db.execute<{ id: number }>(sql`SELECT id FROM carriers ORDER BY id`)).rows;
  const client = await copyClient(database.pool);
  const started = performance.now();
  try {
    const lines = function* () {
      const batch = 10_000;
      for (let i = 0; i < n; i += batch) {
        let chunk = '';
        for (let j = i; j < Math.min(n, i + batch); j++)
          chunk += `${carriers[j % carriers.length]!.id}\tEX${String(j).padStart(12, '0')}\n`;
        yield chunk;
      }
    };
    await pipeline(
      Readable.from(lines()),
      client.query(copyFrom('COPY tracking_numbers (carrier_id, tracking_no) FROM STDIN')),
    );
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}

interface Usage {
  peakRss: number;
  maxRss: number;
}

async function measureImport(url: string, file: string) {
  const port = await freePort();
  const probe = pathToFileURL(join(root, 'bench/rss-probe.ts')).href;
  const child: ChildProcess = fork(join(root, 'bench/server.ts'), [], {
    env: {
      ...CHILD_ENV,
      DATABASE_URL: url,
      PORT: String(port),
      TOKEN_SECRET: 'bench-secret-0123456789-0123456789-01',
    },
    execArgv: [...process.execArgv, ...NODE_FLAGS, '--import', probe],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((ok, fail) => {
    child.once('message', () => ok());
    child.once('exit', (c) => fail(new Error(`bench server exited with ${c}`)));
  });
  const usage = () =>
    new Promise<Usage>((ok) => {
      child.once('message', (m) => ok(m as Usage));
      child.send('usage');
    });
  try {
    const base = `http://127.0.0.1:${port}/api/common/v1`;
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const auth = { authorization: `Bearer ${token}`, 'local-lang': 'en' };
    const carriers = await fetch(`${base}/carrier/list/simple`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    });
    const naqel = ((await carriers.json()) as { data: { recId: number; code: string }[] }).data.find(
      (c) => c.code === 'NAQEL',
    )!;
    const before = await usage();
    const form = new FormData();
    form.append('carrierId', String(naqel.recId));
    form.append('file', new Blob([readFileSync(file)]), 'tracking-numbers.xlsx');
    const started = performance.now();
    const res = await fetch(`${base}/trackingNo/import`, { method: 'POST', headers: auth, body: form });
    const seconds = (performance.now() - started) / 1000;
    const answer = (await res.json()) as { code: number; msg: string; data: { rowCount: number } };
    if (answer.code !== 1) throw new Error(`import refused: ${answer.msg}`);
    const after = await usage();
    return { seconds, rows: answer.data.rowCount, baselineRss: before.peakRss, peakRss: after.peakRss };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'parcel-bench-ie-'));
  const embedded = await startEmbeddedPostgres(dir, { info: () => {}, warn: console.warn });
  try {
    const url = withDatabase(embedded.url, 'postgres');
    const database = openDatabase(url, 2);
    await migrateDatabase(database);
    await seedDemoData(database.db);

    const file = await buildImportFile(dir);
    console.log(`import file: ${IMPORT_ROWS} rows, ${(statSync(file).size / MB).toFixed(1)} MB`);
    const imported = await measureImport(url, file);

    await database.db.execute(sql`TRUNCATE tracking_numbers`);
    const copySeconds = await loadPool(database, EXPORT_ROWS);
    await database.db.execute(sql`ANALYZE tracking_numbers`);
    await database.close();

    const child = fork(import.meta.filename, ['export-child', url, dir], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: CHILD_ENV,
      execArgv: [...process.execArgv, ...NODE_FLAGS],
    });
    const exported = await new Promise<{
      seconds: number;
      rows: number;
      status: number;
      fileBytes: number;
      baselineRss: number;
      peakRss: number;
      maxRss: number;
    }>((ok, fail) => {
      child.once('message', (m) => ok(m as never));
      child.once('exit', (c) => fail(new Error(`export child exited with ${c}`)));
    });
    await new Promise((r) => child.once('exit', r));
    if (exported.status !== 2 || exported.rows !== EXPORT_ROWS) throw new Error('the export did not finish');

    const table = [
      [
        `import ${IMPORT_ROWS.toLocaleString('en')} tracking numbers (HTTP, xlsx)`,
        `${imported.seconds.toFixed(2)} s`,
        `${Math.round(imported.rows / imported.seconds).toLocaleString('en')} rows/s`,
        `server peak RSS ${Math.round(imported.peakRss / MB)} MB (before ${Math.round(imported.baselineRss / MB)} MB)`,
        imported.seconds < 20 ? 'target < 20 s: met' : 'target < 20 s: MISSED',
      ],
      [
        `COPY ${EXPORT_ROWS.toLocaleString('en')} pool rows`,
        `${copySeconds.toFixed(2)} s`,
        `${Math.round(EXPORT_ROWS / copySeconds).toLocaleString('en')} rows/s`,
        '',
        '',
      ],
      [
        `export ${EXPORT_ROWS.toLocaleString('en')} pool rows (engine, xlsx ${(exported.fileBytes / MB).toFixed(1)} MB)`,
        `${exported.seconds.toFixed(2)} s`,
        `${Math.round(exported.rows / exported.seconds).toLocaleString('en')} rows/s`,
        `peak RSS ${Math.round(exported.peakRss / MB)} MB (before ${Math.round(exported.baselineRss / MB)} MB)`,
        exported.peakRss < 300 * MB ? 'target < 300 MB: met' : 'target < 300 MB: MISSED',
      ],
    ];
    const tuning = TUNED ? `${NODE_FLAGS.join(' ')}, MALLOC_ARENA_MAX=2` : 'V8 and glibc defaults';
    console.log(`\nembedded PostgreSQL, Node ${process.version}, ${tuning}\n`);
    for (const row of table) console.log(row.filter(Boolean).join('\t'));
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    const out = join(
      root,
      'bench/results',
      `import-export-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    );
    writeFileSync(
      out,
      JSON.stringify(
        {
          node: process.version,
          tuned: TUNED,
          flags: NODE_FLAGS,
          importRows: IMPORT_ROWS,
          exportRows: EXPORT_ROWS,
          imported,
          copySeconds,
          exported,
        },
        null,
        2,
      ),
    );
    console.log(`\nsaved ${out}`);
  } finally {
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'export-child') await exportChild(process.argv[3]!, process.argv[4]!);
else await main();
