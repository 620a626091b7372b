import { type ChildProcess, spawn } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../../src/server/db/embedded.ts';
import { seedMenus } from '../../src/server/db/seed/base.ts';
import { seedDemo } from '../../src/server/db/seed/demo.ts';
import { seedCarriers } from '../../src/server/db/seed/master/carriers.ts';
import { seedChannels } from '../../src/server/db/seed/master/channels.ts';
import { seedCustomers } from '../../src/server/db/seed/master/customers.ts';
import { seedRegions } from '../../src/server/db/seed/master/regions.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { call } from './support/call.ts';
import { type ServerProcess, startServerProcess } from './support/process.ts';

/**
 * Issue 38, backup and restore: the real server on its embedded PostgreSQL takes orders from two
 * writers while `npm run backup` runs; the backup is restored into a new DATA_DIR with
 * `npm run restore`, the server starts on it, and every order acknowledged before the backup
 * started is there. Each writer's orders come back as an unbroken run from its first (the
 * restored database is one moment of the original, not a mix), equal to the original's, and
 * amcheck finds every index consistent with its table. A restore refuses a live or used DATA_DIR
 * and a damaged backup.
 */

const root = resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(join(tmpdir(), 'parcel-backup-test-'));
// As root, PostgreSQL runs as the postgres user, who must pass through this directory.
chmodSync(tmp, 0o711);
const dataDir = join(tmp, 'data');
const restoredDir = join(tmp, 'restored');
const backups = join(tmp, 'backups');
const servers: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(tmp, { recursive: true, force: true });
});

/** `node scripts/<script>.ts args` with DATA_DIR: its exit code and what it printed. */
function run(
  script: string,
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; done: Promise<{ code: number | null; out: string }> } {
  const child = spawn(process.execPath, [join(root, 'scripts', script), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c));
  child.stderr!.on('data', (c: Buffer) => (out += c));
  return { child, done: new Promise((r) => child.once('close', (code) => r({ code, out }))) };
}

/** A client of the embedded PostgreSQL running on `dir` (its port is in postmaster.pid). */
async function connect(dir: string): Promise<pg.Client> {
  const port = Number(readFileSync(join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  c.on('error', () => {});
  await c.connect();
  return c;
}

/** id, customer number, weight, creation time and consignee of the orders whose numbers start with BK-. */
const ORDERS_SQL =
  "SELECT id::int, customer_no, md5(concat_ws('|', id, customer_no, declared_weight, created_at, consignee_name)) AS sum " +
  "FROM orders WHERE customer_no LIKE 'BK-%' ORDER BY id";

describe('backup and restore of the embedded database', () => {
  it('restores a backup taken under writes with every acknowledged order', async () => {
    const t0 = Date.now();
    // The embedded database, migrated, with the demo accounts and master data (no demo orders).
    const embedded = await startEmbeddedPostgres(dataDir, { info: () => {}, warn: () => {} });
    const database = openDatabase(embedded.url, 2);
    await migrateDatabase(database);
    // seedDemoData without its orders and origin orders (7 s of the time here): what order/create needs.
    await seedMenus(database.db);
    await seedDemo(database.db);
    for (const seed of [seedRegions, seedCarriers, seedChannels, seedCustomers]) await seed(database.db);
    await database.close();
    await embedded.stop();

    const env = { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false' };
    const server = await startServerProcess(env);
    servers.push(server);
    const token = await server.login('demo', 'demo123');
    const db = await connect(dataDir);
    const regionIds = (
      await db.query<{ id: number }>(
        "SELECT id FROM regions WHERE code IN ('SA', 'SA-RI', 'SA-RI-RUH', 'SA-RI-RUH-OL') ORDER BY length(code)",
      )
    ).rows.map((r) => r.id);
    const channelId = (
      await db.query<{ id: number }>("SELECT id FROM shipping_channels WHERE code = 'CN-SA-AIR-COD'")
    ).rows[0]!.id;
    const setup = Date.now();

    // Two writers, each creating orders one after the other: a 200 is an acknowledged write.
    let writing = true;
    const acknowledged: Record<string, number> = { a: 0, b: 0 };
    const writer = async (w: string) => {
      for (let i = 1; writing; i++) {
        const r = await call(server, contract.order.create, {
          token,
          body: {
            customerNo: `BK-${w}-${i}`,
            channelId,
            consignee: { name: `Sara ${w}${i}`, phone: '+966 55 000 0000', regionIds, address: 'Olaya St 3' },
            weight: '0.500',
            isCod: false,
            goods: [{ nameEn: 'Book', nameCn: '书', quantity: 1, hsCode: '490199', unitPrice: '5.00' }],
          },
        });
        expect(r.status, r.raw).toBe(200);
        acknowledged[w] = i;
      }
    };
    const writers = Promise.all([writer('a'), writer('b')]);
    while (acknowledged.a! + acknowledged.b! < 20) await new Promise((r) => setTimeout(r, 20));

    // The backup, while both keep writing.
    const before = { ...acknowledged };
    const backup = await run('backup.ts', [backups, '--keep', '2'], { DATA_DIR: dataDir }).done;
    const during = acknowledged.a! + acknowledged.b! - before.a! - before.b!;
    await new Promise((r) => setTimeout(r, 300));
    writing = false;
    await writers;
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain('Backup written to');
    expect(during, 'orders acknowledged while the backup ran').toBeGreaterThan(0);
    const original = (await db.query<{ id: number; customer_no: string; sum: string }>(ORDERS_SQL)).rows;
    await db.end();

    // A restore never overwrites a live data directory, nor one that is not empty.
    const refused = await run('restore.ts', [backups], { DATA_DIR: dataDir }).done;
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('never overwrites a live data directory');
    const used = join(tmp, 'used');
    mkdirSync(used);
    writeFileSync(join(used, 'something'), '');
    const notEmpty = await run('restore.ts', [backups], { DATA_DIR: used }).done;
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.out).toContain('is not empty');

    await server.stop();
    const restore = await run('restore.ts', [backups], { DATA_DIR: restoredDir }).done;
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain('Restored into');

    // A damaged backup is refused, and leaves no data directory behind.
    const taken = backup.out.match(/Backup written to (\S+)/)![1]!;
    appendFileSync(join(taken, 'pg', 'PG_VERSION'), '\n');
    const damaged = await run('restore.ts', [taken], { DATA_DIR: join(tmp, 'damaged') }).done;
    expect(damaged.code).toBe(1);
    expect(damaged.out).toContain('The backup is damaged: pg/PG_VERSION does not match its checksum');
    expect(existsSync(join(tmp, 'damaged'))).toBe(false);

    const again = await startServerProcess({ ...env, DATA_DIR: restoredDir });
    servers.push(again);
    expect((await fetch(`${again.base}/ready`)).status).toBe(200);
    await again.login('demo', 'demo123');
    const rdb = await connect(restoredDir);
    try {
      const restored = (await rdb.query<{ id: number; customer_no: string; sum: string }>(ORDERS_SQL)).rows;
      const numbers = new Set(restored.map((r) => r.customer_no));
      for (const w of ['a', 'b']) {
        const mine = restored.filter((r) => r.customer_no.startsWith(`BK-${w}-`)).length;
        // Every order acknowledged before the backup started is there…
        expect(mine).toBeGreaterThanOrEqual(before[w]!);
        // …as an unbroken run from the writer's first (at most one it sent but had no answer to).
        for (let i = 1; i <= mine; i++) expect(numbers.has(`BK-${w}-${i}`), `BK-${w}-${i}`).toBe(true);
        expect(mine).toBeLessThanOrEqual(acknowledged[w]! + 1);
      }
      // Each restored order is the original's, row for row.
      const originalById = new Map(original.map((r) => [r.id, r.sum]));
      expect(restored.filter((r) => originalById.get(r.id) !== r.sum)).toEqual([]);

      // Indexes agree with their tables (amcheck, installed in a transaction rolled back).
      await rdb.query('BEGIN');
      await rdb.query('CREATE EXTENSION amcheck');
      const checked = await rdb.query<{ n: number }>(
        `WITH btree AS MATERIALIZED (
           SELECT c.oid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
            WHERE am.amname = 'btree' AND c.relkind = 'i' AND c.relpersistence = 'p' AND i.indisready AND i.indisvalid)
         SELECT count(bt_index_check(oid, true))::int AS n FROM btree`,
      );
      await rdb.query('ROLLBACK');
      expect(checked.rows[0]!.n).toBeGreaterThan(100);
      console.log(
        `backup: ${before.a! + before.b!} orders acknowledged before the backup, ${during} while it ran; ` +
          `${restored.length} restored, ${checked.rows[0]!.n} indexes checked; ` +
          `setup ${((setup - t0) / 1000).toFixed(1)} s, rest ${((Date.now() - setup) / 1000).toFixed(1)} s`,
      );
    } finally {
      await rdb.end();
    }
  }, 400_000);
});
