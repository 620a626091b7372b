/**
 * Throughput and latency of an authenticated small list call (POST /role/list, 10 rows) against a
 * bare route, with autocannon at 50 connections on 127.0.0.1, on the embedded PostgreSQL and on the
 * machine's PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a
 * scratch database is created next to it and dropped afterwards).
 *
 *   npm run bench                      both databases, 10 s per measurement
 *   BENCH_SECONDS=20 npm run bench     longer runs
 *   BENCH_TARGETS=embedded npm run bench
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { seedDemoData } from '../src/server/db/seed/index.ts';
import { freePort, withDatabase } from './harness.ts';

const root = resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const targets = (process.env.BENCH_TARGETS ?? 'embedded,postgres').split(',');

interface Row {
  database: string;
  route: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function prepare(url: string) {
  const database = openDatabase(url, 2);
  await migrateDatabase(database);
  await seedDemoData(database.db);
  await database.close();
}

async function measure(label: string, url: string): Promise<Row[]> {
  const port = await freePort();
  const child: ChildProcess = fork(join(root, 'bench/server.ts'), [], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      TOKEN_SECRET: 'bench-secret-0123456789-0123456789-01',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((ok, fail) => {
    child.once('message', () => ok());
    child.once('exit', (c) => fail(new Error(`bench server exited with ${c}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/common/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const run = async (route: string, opts: autocannon.Options): Promise<Row> => {
    // A short warm-up so JIT and connection pools are settled before measuring.
    await autocannon({ ...opts, duration: 2, connections });
    const r = await autocannon({ ...opts, duration: seconds, connections });
    return {
      database: label,
      route,
      requestsPerSecond: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.non2xx,
    };
  };
  const rows = [
    await run('GET /bench/bare (no auth, no db)', { url: `${base}/bench/bare` }),
    await run('GET /user/current (auth + session only)', {
      url: `${base}/api/common/v1/user/current`,
      headers: { authorization: `Bearer ${token}`, 'local-lang': 'en' },
    }),
    await run('POST /role/list (auth + session + validation + envelope + log)', {
      url: `${base}/api/common/v1/role/list`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'local-lang': 'en' },
      body: JSON.stringify({ pageNo: 1, pageSize: 10 }),
    }),
  ];
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return rows;
}

const results: Row[] = [];
if (targets.includes('embedded')) {
  const dir = mkdtempSync(join(tmpdir(), 'parcel-bench-'));
  const embedded = await startEmbeddedPostgres(dir, { info: () => {}, warn: console.warn });
  try {
    const url = withDatabase(embedded.url, 'postgres');
    await prepare(url);
    results.push(...(await measure('embedded PostgreSQL 18', url)));
  } finally {
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
if (targets.includes('postgres')) {
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = withDatabase(server, name);
    await prepare(url);
    const version = (await admin.query<{ v: string }>("SELECT current_setting('server_version') AS v"))
      .rows[0]!.v;
    results.push(...(await measure(`machine PostgreSQL ${version.split(' ')[0]}`, url)));
  } catch (e) {
    console.warn(`skipping the machine's PostgreSQL (${server}): ${e instanceof Error ? e.message : e}`);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
  }
}

console.log(`\nautocannon, ${connections} connections, ${seconds} s per row, 127.0.0.1\n`);
console.log(['database', 'route', 'req/s', 'p50 ms', 'p99 ms', 'errors'].join('\t'));
for (const r of results)
  console.log([r.database, r.route, r.requestsPerSecond, r.p50, r.p99, r.errors].join('\t'));
for (const db of new Set(results.map((r) => r.database))) {
  const rows = results.filter((r) => r.database === db);
  const bare = rows[0];
  const list = rows[rows.length - 1];
  if (bare && list)
    console.log(
      `${db}: the authenticated list call runs at ${(list.requestsPerSecond / bare.requestsPerSecond).toFixed(3)} of the bare route's throughput`,
    );
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(
  root,
  'bench/results',
  `login-and-list-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
);
writeFileSync(file, JSON.stringify({ seconds, connections, results }, null, 2));
console.log(`\nsaved ${file}`);
