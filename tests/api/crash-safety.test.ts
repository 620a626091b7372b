import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { ImportStatus } from '../../src/shared/domain/import-status.ts';
import { xlsxOf } from '../support/files.ts';
import { call, pathOf } from './support/call.ts';
import { type ServerProcess, startServerProcess } from './support/process.ts';

/**
 * Issue 8, part 5: the real server on its embedded PostgreSQL, crashed (the server, PostgreSQL and
 * its backends SIGKILLed together) while an order import is writing and while other orders are
 * being acknowledged one by one. On the next start: no row of the import, its log says it failed,
 * every acknowledged order is there.
 */

/** Enough orders that their write takes a while (the test fails if the write ends before the crash). */
const IMPORT_ORDERS = Number(process.env.CRASH_IMPORT_ORDERS ?? 20_000);

const dataDir = mkdtempSync(join(tmpdir(), 'parcel-crash-'));
const env = { DATA_DIR: dataDir, SEED_DEMO: 'true', DATABASE_URL: '' };
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The embedded PostgreSQL's postmaster.pid: its pid (line 1) and port (line 4). */
function postmaster() {
  const lines = readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

async function connect(): Promise<pg.Client> {
  const c = new pg.Client({
    connectionString: `postgres://postgres@127.0.0.1:${postmaster().port}/postgres`,
  });
  c.on('error', () => {});
  await c.connect();
  return c;
}

const HEADERS = [
  'Customer order no',
  'Shipping channel code',
  'Consignee name',
  'Consignee phone',
  'Country',
  'Province',
  'City',
  'District',
  'Address',
  'Weight (kg)',
  'Goods name (English)',
  'Goods name (Chinese)',
  'Quantity',
  'HS code',
  'Unit price',
];
const row = (no: string) => [
  no,
  'CN-SA-AIR-COD',
  'Ahmed Al-Harbi',
  '+966 50 123 4567',
  'SA',
  'Riyadh Province',
  'Riyadh',
  'Al Olaya',
  'King Fahd Road 12',
  '1.2',
  'T-shirt',
  'T恤',
  '2',
  '610910',
  '9.9',
];

describe('a crash in the middle of an import', () => {
  it('leaves no row of the import, logs it failed, and keeps every acknowledged write', async () => {
    server = await startServerProcess(env, { readyTimeoutMs: 240_000 });
    const s = server;
    const token = await s.login('demo', 'demo123');
    const db = await connect();
    const ids = await db.query<{ code: string; id: number }>(
      "SELECT code, id FROM regions WHERE code IN ('SA', 'SA-RI', 'SA-RI-RUH', 'SA-RI-RUH-OL') ORDER BY length(code)",
    );
    const regionIds = ids.rows.map((r) => r.id);
    const channelId = (
      await db.query<{ id: number }>("SELECT id FROM shipping_channels WHERE code = 'CN-SA-AIR-COD'")
    ).rows[0]!.id;

    const file = await xlsxOf([
      HEADERS,
      ...Array.from({ length: IMPORT_ORDERS }, (_, i) => row(`CRASH-${i + 1}`)),
    ]);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'crash.xlsx');
    const importing = fetch(`${s.base}${API_BASE}${pathOf(contract.order.importOrder)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'local-lang': 'en' },
      body: form,
    }).then(
      (r) => r.status,
      () => 'cut off' as const,
    );

    // Orders acknowledged one by one while the import runs: each 200 is a promise kept.
    const acknowledged: string[] = [];
    let crashed = false;
    const acknowledging = (async () => {
      for (let i = 1; !crashed; i++) {
        const r = await call(s, contract.order.create, {
          token,
          body: {
            customerNo: `ACK-${i}`,
            channelId,
            consignee: { name: 'Sara', phone: '+966 55 000 0000', regionIds, address: 'Olaya St 3' },
            weight: '0.500',
            isCod: false,
            goods: [{ nameEn: 'Book', nameCn: '书', quantity: 1, hsCode: '490199', unitPrice: '5.00' }],
          },
        }).catch(() => undefined);
        if (r?.status === 200) acknowledged.push(`ACK-${i}`);
      }
    })();

    // Wait until the import writes (its log row says "writing"), then crash everything at once.
    let writing: number | undefined;
    const deadline = Date.now() + 180_000;
    while (writing === undefined && Date.now() < deadline) {
      const r = await db.query<{ id: number }>('SELECT id::int AS id FROM import_logs WHERE status = $1', [
        ImportStatus.writing,
      ]);
      writing = r.rows[0]?.id;
      if (writing === undefined) await new Promise((r) => setTimeout(r, 25));
    }
    expect(writing, 'the import never started writing').toBeDefined();
    await new Promise((r) => setTimeout(r, 300));
    const still = await db.query<{ status: number }>('SELECT status FROM import_logs WHERE id = $1', [
      writing,
    ]);
    expect(still.rows[0]!.status, 'the write ended before the crash: raise CRASH_IMPORT_ORDERS').toBe(
      ImportStatus.writing,
    );
    await s.crash();
    crashed = true;
    await acknowledging;
    expect(await importing).toBe('cut off');
    expect(acknowledged.length).toBeGreaterThan(0);

    // The next start recovers the database (WAL replay) and settles the interrupted import.
    server = await startServerProcess(env, { readyTimeoutMs: 240_000 });
    const after = await connect();
    try {
      const imported = await after.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM orders WHERE customer_no LIKE 'CRASH-%'",
      );
      expect(imported.rows[0]!.n).toBe(0);
      const kept = await after.query<{ customer_no: string }>(
        "SELECT customer_no FROM orders WHERE customer_no LIKE 'ACK-%'",
      );
      const present = new Set(kept.rows.map((r) => r.customer_no));
      expect(acknowledged.filter((no) => !present.has(no))).toEqual([]);
    } finally {
      await after.end();
    }
    const logs = await call(server, contract.order.importLogList, {
      token: await server.login('demo', 'demo123'),
      body: {},
      lang: 'en',
    });
    const log = logs.body.data.records.find((l) => l.recId === writing);
    expect(log).toMatchObject({ fileName: 'crash.xlsx', status: ImportStatus.failed });
    console.log(
      `crash safety: an import of ${IMPORT_ORDERS} orders cut off while writing left 0 rows and a failed log; ` +
        `${acknowledged.length} acknowledged orders, all present after recovery`,
    );
  }, 600_000);
});
