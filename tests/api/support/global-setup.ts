import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../../src/server/db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../../../src/server/db/embedded.ts';
import { seedDemoData } from '../../../src/server/db/seed/index.ts';
import { withDatabase } from '../../support/database-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server URL (any database) and the name of a migrated, seeded template database. */
    pgServerUrl: string;
    pgTemplate: string;
  }
}

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL when set (CI: the machine's PostgreSQL 15),
 * else an embedded one in a temporary directory. A template database is migrated and seeded once;
 * every test file copies it (CREATE DATABASE … TEMPLATE), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let dir: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    dir = mkdtempSync(join(tmpdir(), 'parcel-test-pg-'));
    embedded = await startEmbeddedPostgres(dir, { info: () => {}, warn: () => {} });
    serverUrl = embedded.url;
  }
  const template = `tmpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const database = openDatabase(withDatabase(serverUrl, template), 2);
  await migrateDatabase(database);
  await seedDemoData(database.db, { orders: false });
  await database.close();

  project.provide('pgServerUrl', serverUrl);
  project.provide('pgTemplate', template);

  return async () => {
    const left = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 't\\_${process.pid}\\_%' OR datname = $1`,
      [template],
    );
    for (const { datname } of left.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
