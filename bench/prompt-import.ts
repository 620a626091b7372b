/**
 * The carriers' delivery confirmations and the overseas reconciliation at their row limit, on the
 * machine's PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a
 * scratch database is created next to it and dropped afterwards), through the real calls in this
 * process (app.inject: auth, multipart, the import engine, the writes):
 * - POST /statement/importPromptDelivery of N rows (20,000, the limit) for N orders out for
 *   delivery: every row checked, then N orders signed, N events, N records;
 * - the same file again (every row already recorded: checked, nothing written);
 * - POST /order/closed/overseas/import of N remittances by the carriers' numbers (closing them).
 * Prints each call's time, rows/s and the process's RSS after it. Orders are made by one INSERT.
 *
 *   npm run bench -- prompt-import
 *   BENCH_ROWS=5000 node bench/prompt-import.ts
 *   MALLOC_ARENA_MAX=2 node --max-semi-space-size=16 --expose-gc bench/prompt-import.ts   (as the server runs)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { migrateDatabase, openDatabase } from '../src/server/db/client.ts';
import { seedDemoData } from '../src/server/db/seed/index.ts';
import { API_BASE } from '../src/shared/contract/core.ts';
import { multipartBody } from '../tests/support/files.ts';
import { withDatabase } from './harness.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `bench_prompt_${process.pid}`;
const url = withDatabase(server, name);

async function xlsx(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-prompt-'));
const database = openDatabase(url, 5);
try {
  await migrateDatabase(database);
  await seedDemoData(database.db, { orders: false });
  const db = database.db;
  await db.execute(sql`
    INSERT INTO orders (customer_no, customer_id, channel_id, consignee_name, consignee_phone,
      consignee_country_id, consignee_address, declared_weight, chargeable_weight, status, is_cod,
      cod_amount, cod_currency, payment, carrier_tracking_no, created_at)
    SELECT 'BENCH' || g, (SELECT id FROM customers WHERE code = 'DEMO'),
      (SELECT id FROM shipping_channels WHERE code = 'CN-SA-AIR-COD'), 'Bench Consignee', '+966 50 000 0000',
      (SELECT id FROM regions WHERE code = 'SA'), 'Olaya Street', 1, 1, 8, true, 100, 'SAR', 1,
      'BC' || lpad(g::text, 10, '0'), now() - interval '5 days'
    FROM generate_series(1, ${ROWS}) g`);
  const made = (
    await db.execute<{ tracking_no: string; carrier_tracking_no: string }>(
      sql`SELECT tracking_no, carrier_tracking_no FROM orders WHERE customer_no LIKE 'BENCH%' ORDER BY id`,
    )
  ).rows;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    TOKEN_SECRET: `bench-${randomBytes(16).toString('hex')}`,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
  });
  const app = await buildApp({ config, database, logger: false });
  const login = await app.inject({
    method: 'POST',
    url: `${API_BASE}/login`,
    payload: { username: 'admin', password: 'admin123' },
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: config.businessTimeZone }).format(new Date());
  const signedAt = `${today} 00:00`;
  const delivery = await xlsx([
    ['Tracking no', 'Sign time', 'Signed by', 'Remarks'],
    ...made.map((o) => [o.tracking_no, signedAt, 'Bench', '']),
  ]);
  const remittance = await xlsx([
    ['Tracking no', 'Remitted amount', 'Currency', 'Remittance date', 'Remittance reference', 'Remarks'],
    ...made.map((o) => [o.carrier_tracking_no, '100.00', 'SAR', today, 'RMT-BENCH', '']),
  ]);
  const upload = async (label: string, path: string, content: Buffer) => {
    const { payload, headers } = multipartBody({ name: 'bench.xlsx', content });
    (globalThis as { gc?: () => void }).gc?.();
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `${API_BASE}${path}`,
      payload,
      headers: { ...headers, authorization: `Bearer ${token}`, 'local-lang': 'en' },
    });
    const seconds = (performance.now() - started) / 1000;
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 500)}`);
    const data = (res.json() as { data: { recorded: number; alreadyRecorded: number } }).data;
    console.log(
      `${label.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s  ${Math.round(ROWS / seconds)
        .toString()
        .padStart(6)} rows/s  recorded ${data.recorded}, already ${data.alreadyRecorded}  RSS ${Math.round(
        process.memoryUsage().rss / 1048576,
      )} MB`,
    );
  };
  console.log(
    `${ROWS} rows each; RSS before ${Math.round(process.memoryUsage().rss / 1048576)} MB; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await upload('delivery confirmations', '/statement/importPromptDelivery', delivery);
  await upload('the same file again', '/statement/importPromptDelivery', delivery);
  await upload('overseas reconciliation', '/order/closed/overseas/import', remittance);
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await app.close();
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
