import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { type Config, loadConfig } from '../../../src/server/config.ts';
import { type Database, openDatabase } from '../../../src/server/db/client.ts';
import type { JobEngine } from '../../../src/server/jobs/engine.ts';
import { API_BASE, type Data } from '../../../src/shared/contract/core.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import { withDatabase } from '../../support/database-url.ts';

export interface Answer<T = unknown> {
  status: number;
  headers: Record<string, string | number | string[] | undefined>;
  body: { code: number; msg: string; data: T };
  raw: string;
  /** The body's bytes (a file that is not text). */
  bytes: Buffer;
}

export interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  lang?: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The app's job engine: it only sends; `jobs.drain()` runs what waits. */
  jobs: JobEngine;
  /** Calls `API_BASE + path` and parses the JSON answer. */
  call<T = unknown>(method: 'GET' | 'POST', path: string, opts?: CallOptions): Promise<Answer<T>>;
  /** Logs in and answers the access token (throws when the login fails). */
  login(username: string, password: string): Promise<string>;
}

/**
 * A fresh database (copied from the migrated, seeded template) and an app on it for one test file.
 * Responses are checked against the contract's schemas. `env` overrides the configuration
 * (e.g. WEB_DIST, TRUST_PROXY).
 */
export function useTestApp(opts: { env?: Record<string, string> } = {}): TestApp {
  const name = `t_${process.pid}_${randomBytes(6).toString('hex')}`;
  const serverUrl = inject('pgServerUrl');
  const holder = {} as { app: FastifyInstance; database: Database; config: Config };
  let dataDir = '';

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    await admin.end();
    holder.database = openDatabase(withDatabase(serverUrl, name), 5);
    dataDir = mkdtempSync(join(tmpdir(), 'parcel-api-test-'));
    holder.config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: withDatabase(serverUrl, name),
      TOKEN_SECRET: 'test-secret-0123456789-0123456789-0123456789',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      ...opts.env,
    });
    holder.app = await buildApp({
      config: holder.config,
      database: holder.database,
      checkResponses: true,
      logger: false,
    });
    await holder.app.ready();
  });

  afterAll(async () => {
    await holder.app?.close();
    await holder.database?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const { call, login } = callerOf(() => holder.app);

  return {
    get app() {
      return holder.app;
    },
    get database() {
      return holder.database;
    },
    get config() {
      return holder.config;
    },
    get jobs() {
      return holder.app.jobs;
    },
    call,
    login,
  };
}

/** `call` and `login` on the app `app()` answers (a TestApp's, or one a test built itself). */
export function callerOf(app: () => FastifyInstance): Pick<TestApp, 'call' | 'login'> {
  const call = async <T>(
    method: 'GET' | 'POST',
    path: string,
    opts: CallOptions = {},
  ): Promise<Answer<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.lang) headers['local-lang'] = opts.lang;
    const res = await app().inject({
      method,
      url: API_BASE + path,
      query: opts.query,
      headers,
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    let body: Answer<T>['body'];
    try {
      body = res.json();
    } catch {
      body = { code: -1, msg: res.body, data: undefined as T };
    }
    return { status: res.statusCode, headers: res.headers, body, raw: res.body, bytes: res.rawPayload };
  };

  return {
    call,
    async login(username, password) {
      // The contract's login entry (call.ts's typed `call` imports this file, so not through it).
      const { method, path } = contract.auth.login;
      const r = await call<Data<typeof contract.auth.login>>(method, path, { body: { username, password } });
      if (r.status !== 200) throw new Error(`login ${username} failed: ${r.status} ${r.body.msg}`);
      return r.body.data.token;
    },
  };
}

export const DEMO = {
  admin: ['admin', 'admin123'],
  operator: ['operator', 'operator123'],
  finance: ['finance', 'finance123'],
  service: ['service', 'service123'],
  demo: ['demo', 'demo123'],
  demoSub: ['demo-sub', 'demo123'],
  other: ['other', 'other123'],
  pda: ['pda', 'pda123'],
} as const;
