import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { freePort } from '../../../src/server/free-port.ts';
import { API_BASE, type Data } from '../../../src/shared/contract/core.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import { withDatabase } from '../../support/database-url.ts';
import type { Answer, CallOptions } from './app.ts';

/**
 * The real server as a separate process (src/server/main.ts), for what app.inject cannot show:
 * several processes on one database, a process killed mid-request, a restart.
 */

const root = resolve(import.meta.dirname, '../../..');

/** A fresh database copied from the run's migrated, seeded template (no demo orders). */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = inject('pgServerUrl');
  const name = `t_${process.pid}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  await admin.end();
  return {
    url: withDatabase(serverUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Everything the process printed (stdout and stderr). */
  output(): string;
  call<T = unknown>(method: 'GET' | 'POST', path: string, opts?: CallOptions): Promise<Answer<T>>;
  login(username: string, password: string): Promise<string>;
  /** SIGTERM (a graceful stop) or SIGKILL, and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /**
   * SIGKILL to the server and everything it started (its embedded PostgreSQL and that server's
   * backends): what a power cut does to them, all at once.
   */
  crash(): Promise<void>;
}

/**
 * `node src/server/main.ts` as a child process, not waited for. `env` adds to (and overrides) a
 * quiet default: its own DATA_DIR, 127.0.0.1, no web build, no demo seeding. `output` is what it
 * printed (stdout and stderr, the last 200 kB); `exited` settles when it exits.
 */
export function spawnServer(env: Record<string, string>) {
  // Its own DATA_DIR unless `env` names one: removed when it exits.
  const ownDir = env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), 'parcel-proc-'));
  const child = spawn(process.execPath, [join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      DATA_DIR: ownDir ?? '',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a crash reaches its children too.
    detached: true,
  });
  let out = '';
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((r) =>
    child.once('exit', () => {
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
      r();
    }),
  );
  return { child, output: () => out, exited };
}

/**
 * Starts the server (spawnServer) on a free port, unless `env` names one, and waits until it
 * answers.
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: { readyTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const base = `http://127.0.0.1:${port}`;
  const { child, output, exited } = spawnServer({ ...env, PORT: String(port) });

  const call = async <T>(method: 'GET' | 'POST', path: string, o: CallOptions = {}): Promise<Answer<T>> => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.lang) headers['local-lang'] = o.lang;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const pairs = Object.entries(o.query ?? {}).flatMap(([k, v]) => [v].flat().map((x) => [k, x]));
    const query = pairs.length ? `?${new URLSearchParams(pairs)}` : '';
    const res = await fetch(`${base}${API_BASE}${path}${query}`, {
      method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const raw = bytes.toString('utf8');
    let body: Answer<T>['body'];
    try {
      body = JSON.parse(raw);
    } catch {
      body = { code: -1, msg: raw.slice(0, 200), data: undefined as T };
    }
    return { status: res.status, headers: Object.fromEntries(res.headers), body, raw, bytes };
  };

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}) before it was ready:\n${output()}`);
    try {
      if ((await fetch(`${base}/api/docs/openapi.json`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within the time given:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    base,
    child,
    output,
    call,
    async login(username, password) {
      // The contract's login entry (call.ts's typed `call` imports this file, so not through it).
      const { method, path } = contract.auth.login;
      const r = await call<Data<typeof contract.auth.login>>(method, path, { body: { username, password } });
      if (r.status !== 200) throw new Error(`login ${username} failed: ${r.status} ${r.body.msg}`);
      return r.body.data.token;
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    async crash() {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    },
  };
}
