/**
 * What the benchmarks that measure through a forked product server share: the server process
 * (bench/server.ts) with the product's runtime tuning, a one-client request loop, the CPU meter of
 * the server and its database backends, and the statistics.
 */
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { freePort } from '../src/server/free-port.ts';
import { withDatabase } from '../tests/support/database-url.ts';
import { backendCpu, cpuSince } from './backend-cpu.ts';

export const root = resolve(import.meta.dirname, '..');
/** The product server's runtime tuning: the node flags package.json's `start` runs it with. */
export const NODE_FLAGS: string[] = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((arg) => arg.startsWith('--'));
const CHILD_ENV = { ...process.env, MALLOC_ARENA_MAX: '2' };

export { freePort, withDatabase };

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};

/** A small fast generator, seeded per order so every table's rows agree without keeping orders. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface Target {
  base: string;
  token: string;
}

/** Sequential requests on one keep-alive connection; latency of each in ms. */
export async function oneClient(
  t: Target,
  calls: {
    method: 'GET' | 'POST';
    path: string;
    body?: string;
    headers?: Record<string, string>;
    /** Without the staff token (the public lookup, as from the /search page). */
    anonymous?: boolean;
  }[],
) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(t.base);
  const times: number[] = [];
  let errors = 0;
  for (const c of calls) {
    const started = process.hrtime.bigint();
    const { status, body } = await new Promise<{ status: number; body: string }>((ok, fail) => {
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: c.method,
          path: c.path,
          headers: {
            ...(c.anonymous ? {} : { authorization: `Bearer ${t.token}` }),
            'local-lang': 'en',
            ...(c.body ? { 'content-type': 'application/json' } : {}),
            ...c.headers,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d) => {
            text += d;
          });
          res.on('end', () => ok({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', fail);
      req.end(c.body);
    });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (status !== 200 || !body.startsWith('{"code":1')) errors++;
  }
  agent.destroy();
  return { times, errors };
}

/** CPU time of the server process and its database backends over a measurement, per request. */
export interface Meter {
  start(): Promise<void>;
  /** ms of CPU per request: the server's and its PostgreSQL backends'. */
  stop(requests: number): Promise<{ node: number; db: number }>;
}

export function meterOf(server: Server, client: pg.Client): Meter {
  let node0 = 0;
  let db0 = new Map<number, number>();
  return {
    async start() {
      node0 = (await server.usage()).cpuMicros;
      db0 = await backendCpu(client);
    },
    async stop(requests) {
      const node = ((await server.usage()).cpuMicros - node0) / 1000;
      const db = cpuSince(db0, await backendCpu(client));
      return { node: node / requests, db: db / requests };
    },
  };
}

export interface Server {
  child: ChildProcess;
  target: Target;
  usage: () => Promise<{ peakRss: number; cpuMicros: number }>;
}

export async function startServer(
  url: string,
  extraFlags: string[] = [],
  env: Record<string, string> = {},
): Promise<Server> {
  const port = await freePort();
  const probe = pathToFileURL(join(root, 'bench/rss-probe.ts')).href;
  const child = fork(join(root, 'bench/server.ts'), [], {
    env: {
      ...CHILD_ENV,
      DATABASE_URL: url,
      PORT: String(port),
      TRUST_PROXY: '1',
      TOKEN_SECRET: 'bench-secret-0123456789-0123456789-01',
      ...env,
    },
    execArgv: [...process.execArgv, ...NODE_FLAGS, ...extraFlags, '--import', probe],
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
  return {
    child,
    target: { base, token },
    usage: () =>
      new Promise((ok) => {
        child.once('message', (m) => ok(m as { peakRss: number; cpuMicros: number }));
        child.send('usage');
      }),
  };
}

/**
 * A production build of the web app for a bench to serve: `BENCH_WEB_DIST` when set (kept), else
 * `vite build` into a scratch directory (`remove` deletes it), with the extra vite arguments.
 */
export function buildWeb(name: string, viteArgs: string[] = []): { dist: string; remove: () => void } {
  if (process.env.BENCH_WEB_DIST) return { dist: resolve(process.env.BENCH_WEB_DIST), remove: () => {} };
  const dist = mkdtempSync(join(tmpdir(), `parcel-bench-${name}-web-`));
  console.log(`building the web app into ${dist}…`);
  const r = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir', ...viteArgs],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (r.status !== 0) throw new Error('vite build failed');
  return { dist, remove: () => rmSync(dist, { recursive: true, force: true }) };
}

export async function stopServer(s: Server) {
  s.child.kill('SIGTERM');
  await new Promise((r) => s.child.once('exit', r));
}

/**
 * A scratch database on the PostgreSQL at `server` (made anew unless `reuse` finds it there), with
 * the server's version and a way to drop it.
 */
export async function scratchDatabase(server: string, name: string, reuse: boolean) {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const there = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
  if (!reuse || !there) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  }
  const version = (await admin.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!
    .v;
  return {
    url: withDatabase(server, name),
    version: version.split(' ')[0]!,
    async close(keep: boolean) {
      if (!keep) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end().catch(() => {});
    },
  };
}

/**
 * A connection of its own to a product database, out of pipeline mode: a COPY stream
 * (pg-copy-streams) is a custom query class, which pg refuses on the product pool's pipelined
 * connections. The caller ends it.
 */
export async function copyClient(pool: pg.Pool): Promise<pg.Client> {
  const client = new pg.Client({ ...pool.options, pipeline: false } as pg.ClientConfig);
  await client.connect();
  return client;
}
