/**
 * 500 order labels as ZPL II (POST /order/printLabelZpl, the most one call prints), through the real
 * call in this process (app.inject: auth, the selection, the label records, the ZPL), on a scratch
 * database of the machine's PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test; dropped afterwards). Every order has its own Arabic
 * consignee name and address, so each label rasterises text of its own (^GFA) as a real batch does.
 * Each round prints other orders than the rounds before (nothing comes from the caches of rendered
 * lines), after a warm-up call of 20 labels (fonts loaded, code compiled). Target: under 2 s at 203 dpi. Prints the median of the rounds at 203 and 300 dpi, and the floor
 * call (GET /user/current: the token and the session only) to tell which kind of machine ran it.
 *
 *   npm run bench -- labels-zpl
 *   BENCH_ROUNDS=9 BENCH_LABELS=200 node bench/labels-zpl.ts
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/labels-zpl.ts      where the time goes
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { migrateDatabase, openDatabase } from '../src/server/db/client.ts';
import { seedDemoData } from '../src/server/db/seed/index.ts';
import { API_BASE } from '../src/shared/contract/core.ts';
import { median, percentile, rng, withDatabase } from './harness.ts';

const LABELS = Number(process.env.BENCH_LABELS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET_S = 2;
const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `bench_zpl_${process.pid}`;
const url = withDatabase(server, name);

const FIRST = [
  'محمد',
  'أحمد',
  'عبدالله',
  'فاطمة',
  'نورة',
  'خالد',
  'سارة',
  'يوسف',
  'ريم',
  'عمر',
  'هند',
  'سلطان',
];
const FAMILY = [
  'العلي',
  'الحربي',
  'القحطاني',
  'الشمري',
  'الدوسري',
  'العتيبي',
  'الغامدي',
  'الزهراني',
  'المطيري',
];
const STREET = ['شارع الملك فهد', 'طريق العليا', 'شارع التحلية', 'طريق الأمير سلطان', 'شارع الستين'];
const DISTRICT = ['حي النخيل', 'حي الملقا', 'حي الورود', 'حي السليمانية', 'حي الياسمين'];

const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-zpl-'));
const database = openDatabase(url, 5);
try {
  await migrateDatabase(database);
  await seedDemoData(database.db);
  // Copies of a received Saudi COD order (it has the carrier's number: two barcodes), each with its
  // own Arabic name, address and numbers: LABELS for every round (no round prints a line another
  // printed, so none is served from the caches), and a few to warm up with.
  const cols = (
    await database.pool.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'orders' AND column_name <> 'id'`,
    )
  ).rows.map((r) => r.column_name);
  const r = rng(42);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const WARM = 20;
  const count = WARM + 2 * ROUNDS * LABELS;
  const people = Array.from({ length: count }, (_, i) => [
    `${pick(FIRST)} ${pick(FAMILY)} ${i + 1}`,
    `${pick(STREET)} ${10 + i}، مبنى ${1 + (i % 40)}، ${pick(DISTRICT)}`,
  ]);
  const values = cols.map((c) =>
    c === 'tracking_no'
      ? `'ZB' || lpad(g::text, 8, '0')`
      : c === 'customer_no'
        ? `'ZB-' || g`
        : c === 'carrier_tracking_no'
          ? `'SMSA' || lpad(g::text, 9, '0')`
          : c === 'consignee_name'
            ? `($1::text[])[g]`
            : c === 'consignee_address'
              ? `($2::text[])[g]`
              : `o.${c}`,
  );
  const made = await database.pool.query<{ id: number }>(
    `INSERT INTO orders (${cols.join(', ')})
      SELECT ${values.join(', ')} FROM generate_series(1, $3::int) g,
        (SELECT * FROM orders WHERE carrier_tracking_no IS NOT NULL AND is_cod ORDER BY id LIMIT 1) o
      RETURNING id`,
    [people.map((p) => p[0]), people.map((p) => p[1]), count],
  );
  if (made.rows.length !== count) throw new Error('no received COD order in the demo data to copy');
  const ids = made.rows.map((o) => o.id);
  let next = 0;
  const take = (n: number) => {
    next += n;
    return ids.slice(next - n, next);
  };

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
  const headers = { authorization: `Bearer ${token}`, 'local-lang': 'en' };

  const print = (some: number[], dpi: number) =>
    app.inject({
      method: 'POST',
      url: `${API_BASE}/order/printLabelZpl`,
      headers,
      payload: { ids: some, dpi },
    });
  // Loads the fonts and warms the code up, as the first print after a start does.
  if ((await print(take(WARM), 203)).statusCode !== 200) throw new Error('printLabelZpl failed');

  const floor: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: `${API_BASE}/user/current`, headers });
    if (res.statusCode !== 200) throw new Error(`user/current: ${res.statusCode}`);
    if (i >= 50) floor.push(performance.now() - t0);
  }

  console.log(
    `${LABELS} order labels a call, each with its own Arabic name and address; ${ROUNDS} rounds a resolution, after a warm-up of ${WARM}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const results: string[] = [];
  let met = true;
  for (const dpi of [203, 300]) {
    const times: number[] = [];
    const cpus: number[] = [];
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const res = await print(take(LABELS), dpi);
      const s = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(c0);
      cpus.push((cpu.user + cpu.system) / 1e6);
      if (res.statusCode !== 200)
        throw new Error(`printLabelZpl: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const labels = res.body.match(/\^XZ/g)?.length ?? 0;
      if (labels !== LABELS) throw new Error(`printLabelZpl answered ${labels} labels, not ${LABELS}`);
      bytes = res.rawPayload.length;
      times.push(s);
      console.log(`  ${dpi} dpi round ${round + 1}: ${s.toFixed(2)} s (CPU ${cpus.at(-1)!.toFixed(2)} s)`);
    }
    const m = median(times);
    if (dpi === 203 && LABELS === 500 && m >= TARGET_S) met = false;
    results.push(
      `${dpi} dpi\tmedian ${m.toFixed(2)} s (best ${Math.min(...times).toFixed(2)} s, worst ${Math.max(...times).toFixed(2)} s); CPU median ${median(cpus).toFixed(2)} s\t${(bytes / 1048576).toFixed(1)} MB of ZPL`,
    );
  }
  console.log(
    `\n${LABELS} labels a call, in process (app.inject); target < ${TARGET_S} s at 203 dpi for 500: ${met ? 'met' : 'MISSED'}`,
  );
  for (const line of results) console.log(line);
  console.log(
    `floor call GET /user/current: p50 ${percentile(floor, 50).toFixed(2)} ms, p95 ${percentile(floor, 95).toFixed(2)} ms; load average after ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await app.close();
  if (!met) process.exitCode = 1;
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
