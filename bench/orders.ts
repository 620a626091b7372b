/**
 * Orders at volume. On the embedded PostgreSQL and on the machine's PostgreSQL (BENCH_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/test; the scratch database `bench_orders` is created
 * next to it and dropped afterwards):
 * - load 1,000,000 orders of 200 customers over the last year, with goods lines and tracking events
 *   (about 6 per order), by COPY; then VACUUM ANALYZE (what autovacuum would have done by then);
 * - through a forked product server (bench/server.ts: the real app, its logging, its rate limits):
 *   the staff order list (POST /order/list as admin, a mix of the filters staff use, page + total)
 *   and the public tracking lookup (GET /tracking/query/{no}: our numbers, carriers' numbers,
 *   customers' numbers, several at once, unknown ones): p50/p95 with one client (sequential
 *   requests, keep-alive), requests/s and p99 with autocannon at 50 connections, on 127.0.0.1;
 * - import a 100,000-order xlsx through POST /order/importOrder (staff, for the DEMO customer):
 *   the time from upload to answer and the server process's peak RSS.
 * The list's filter sets come in the proportions staff use them (listBodies); the table shows
 * each one's figures too. Beside them: GET /user/current, the floor under every staff call (token
 * check and session lookup); the CPU per request of the server and of its database backends (from
 * /proc); the machine's load average (the 2 cores here are shared with other work).
 * Each measurement runs BENCH_ROUNDS times (3); the table shows the median and every round.
 * Targets: list p95 < 10 ms (one client), ≥ 900 req/s with p99 < 100 ms (50 connections); lookup
 * p95 < 3 ms (one client); import < 60 s with peak RSS < 600 MB.
 *
 *   npm run bench -- orders
 *   BENCH_TARGETS=embedded BENCH_ORDERS=200000 BENCH_ROUNDS=1 node bench/orders.ts
 *   BENCH_IMPORT_ORDERS=0 node bench/orders.ts          without the import
 *   BENCH_KEEP=1 node bench/orders.ts                   keep the loaded databases (prints where)
 *   BENCH_REUSE=1 BENCH_TARGETS=postgres node bench/orders.ts   measure the kept `bench_orders` again
 *   BENCH_EMBEDDED_DIR=/var/tmp/x BENCH_KEEP=1 ...       keep the embedded data there (BENCH_REUSE: use it again)
 *   BENCH_DB_NAME=bench_orders_mine ...                 another scratch database name on the machine's server
 *   BENCH_PER_QUERY=1 node bench/orders.ts              also each filter set alone at 50 connections
 *   BENCH_LIST=0 node bench/orders.ts                   the load and the import only
 *   BENCH_CPU_PROF=/tmp/prof node bench/orders.ts       the servers (list, import) write a CPU profile there
 *
 * The public lookup is rate-limited per client address (30 a minute): the bench server trusts
 * X-Forwarded-For (TRUST_PROXY) and each request names another address, as the many visitors of
 * the /search page would be; the limiter's own cost stays in the measurement.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type Database, migrateDatabase, openDatabase } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { seedDemoData } from '../src/server/db/seed/index.ts';
import { OrderNode } from '../src/shared/domain/order-rules.ts';
import { OrderStatus } from '../src/shared/domain/order-status.ts';
import { backendCpu, cpuSince } from './backend-cpu.ts';

const root = resolve(import.meta.dirname, '..');
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const IMPORT_ORDERS = Number(process.env.BENCH_IMPORT_ORDERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ONE_CLIENT_REQUESTS = Number(process.env.BENCH_ONE_CLIENT ?? 500);
const CONNECTIONS = 50;
const targets = (process.env.BENCH_TARGETS ?? 'embedded,postgres').split(',');
const KEEP = process.env.BENCH_KEEP === '1' || process.env.BENCH_REUSE === '1';
/** The machine's PostgreSQL: use the orders an earlier BENCH_KEEP run left in `bench_orders`. */
const REUSE = process.env.BENCH_REUSE === '1';
/** The embedded PostgreSQL's data directory (a fresh temporary one without it). */
const EMBEDDED_DIR = process.env.BENCH_EMBEDDED_DIR;
/** Also measure each filter set alone at 50 connections (3 s each), with its CPU per request. */
const PER_QUERY = process.env.BENCH_PER_QUERY === '1';
/** Measure the list and the lookup (else only the load and the import). */
const LIST = process.env.BENCH_LIST !== '0';
/** A directory: the servers run with --cpu-prof and write their profile there. */
const CPU_PROF = process.env.BENCH_CPU_PROF;
const cpuProfFlags = () => (CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : []);
const CUSTOMERS = 200;
const MB = 1024 * 1024;
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The product server's runtime tuning (package.json `start`). */
const NODE_FLAGS = ['--max-semi-space-size=16'];
const CHILD_ENV = { ...process.env, MALLOC_ARENA_MAX: '2' };

// ---- helpers ----

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

const dbUrl = (server: string, name: string) => {
  const u = new URL(server);
  u.pathname = `/${name}`;
  return u.toString();
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/** A small fast generator, seeded per order so every table's rows agree without keeping orders. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** COPY text format: \N for null; backslash, tab and line breaks escaped. */
const cell = (v: string | number | boolean | null): string =>
  v === null
    ? '\\N'
    : typeof v === 'string'
      ? v.replace(/[\\\t\n\r]/g, (c) =>
          c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
        )
      : typeof v === 'boolean'
        ? v
          ? 't'
          : 'f'
        : String(v);
const iso = (ms: number) => new Date(ms).toISOString();

// ---- the generated orders ----

// Names of many families, so that a full-name search matches a few hundred of 1,000,000 orders.
const FIRST = [
  'Mohammed',
  'Abdullah',
  'Fahad',
  'Khalid',
  'Saud',
  'Faisal',
  'Turki',
  'Nasser',
  'Sultan',
  'Majed',
  'Omar',
  'Yousef',
  'Noura',
  'Sara',
  'Fatimah',
  'Reem',
  'Lama',
  'Hessa',
  'Maha',
  'Aisha',
  'Mariam',
  'Dana',
  'Amal',
  'Hind',
];
const FAMILY = [
  'Al-Otaibi',
  'Al-Qahtani',
  'Al-Harbi',
  'Al-Ghamdi',
  'Al-Zahrani',
  'Al-Shehri',
  'Al-Dosari',
  'Al-Mutairi',
  'Al-Anazi',
  'Al-Shammari',
  'Al-Subaie',
  'Al-Juhani',
  'Al-Mansoori',
  'Al-Nuaimi',
  'Al-Shamsi',
  'Al-Falasi',
  'Al-Marri',
  'Al-Kuwari',
  'Al-Balushi',
  'Al-Hinai',
  'Hassan',
  'Ibrahim',
  'Mansour',
  'Saleh',
];
const ARABIC_FIRST = [
  'محمد',
  'عبدالله',
  'فهد',
  'خالد',
  'نورة',
  'سارة',
  'فاطمة',
  'ريم',
  'عمر',
  'عائشة',
  'مريم',
  'هند',
];
const ARABIC_FAMILY = ['العتيبي', 'القحطاني', 'الحربي', 'الغامدي', 'المنصوري', 'البلوشي', 'المري', 'الكواري'];
const GOODS: [string, string, string, string][] = [
  ['Wireless earbuds', '无线蓝牙耳机', '851762', '12.50'],
  ['Phone case', '手机壳', '392690', '2.90'],
  ["Women's abaya", '女士长袍', '620442', '24.00'],
  ['Prayer mat', '祈祷毯', '570500', '8.80'],
  ['Smart watch', '智能手表', '851762', '29.00'],
  ['Kids sneakers', '儿童运动鞋', '640411', '11.00'],
  ['Cotton T-shirt', '纯棉T恤', '610910', '3.60'],
  ['Bluetooth speaker', '蓝牙音箱', '851822', '15.00'],
];
const PREFIX: Record<string, string> = {
  SA: '+966 5',
  AE: '+971 5',
  KW: '+965 6',
  QA: '+974 5',
  BH: '+973 3',
  OM: '+968 9',
  EG: '+20 1',
};

interface World {
  now: number;
  /** Order i gets id idBase + i (the seed's origin orders come first). */
  idBase: number;
  customers: { id: number; code: string }[];
  customerWeights: number[];
  creator: number;
  operator: number;
  channels: {
    id: number;
    code: string;
    sea: boolean;
    local: boolean;
    countries: {
      code: string;
      cities: { country: number; province: number; city: number; pn: string; cn: string }[];
    }[];
    carrier: { id: number; code: string } | null;
  }[];
  channelWeights: number[];
}

const pickWeighted = (weights: number[], x: number) => {
  let k = 0;
  for (; k < weights.length - 1; k++) {
    x -= weights[k]!;
    if (x < 0) break;
  }
  return k;
};

interface Gen {
  id: number;
  trackingNo: string;
  customerNo: string;
  customerId: number;
  channel: World['channels'][number];
  countryCode: string;
  city: World['channels'][number]['countries'][number]['cities'][number];
  consigneeName: string;
  consigneePhone: string;
  address: string;
  weight: string;
  isCod: boolean;
  codAmount: string;
  created: number;
  steps: { status: number; node: string; at: number }[];
  status: number;
  goods: number;
  r: () => number;
}

/** Order i (1-based), the same every time it is asked for. */
function orderAt(w: World, i: number): Gen {
  const r = rng(i * 2_654_435_761);
  const span = 365 * DAY;
  const created = w.now - span + ((i - 0.5) / ORDERS) * (span - HOUR) + (r() - 0.5) * 20 * 60_000;
  const cust = w.customers[pickWeighted(w.customerWeights, r())]!;
  const channel = w.channels[pickWeighted(w.channelWeights, r())]!;
  const dest = channel.countries[Math.floor(r() * channel.countries.length)]!;
  const city = dest.cities[Math.floor(r() * dest.cities.length)]!;
  const arabic = r() < 0.3;
  const consigneeName = arabic
    ? `${ARABIC_FIRST[Math.floor(r() * ARABIC_FIRST.length)]} ${ARABIC_FAMILY[Math.floor(r() * ARABIC_FAMILY.length)]}`
    : `${FIRST[Math.floor(r() * FIRST.length)]} ${FAMILY[Math.floor(r() * FAMILY.length)]}`;
  const phone = `${PREFIX[dest.code] ?? '+966 5'}${String(Math.floor(r() * 1e8)).padStart(8, '0')}`;
  const weight = (channel.sea ? 8 + r() * 30 : 0.2 + r() ** 2 * 4).toFixed(3);
  const isCod = !channel.sea && r() < 0.45;
  // The main line with plausible gaps, then a fate: never shipped, cancelled, returned, lost.
  const steps: Gen['steps'] = [];
  let t = created;
  const step = (status: number, node: string, minH: number, maxH: number) => {
    t += (minH + r() * (maxH - minH)) * HOUR;
    steps.push({ status, node, at: t });
  };
  step(OrderStatus.received, OrderNode.received, 6, 60);
  step(OrderStatus.pickedUp, 'PICKED_UP', 10, 60);
  if (!channel.local) step(OrderStatus.inTransit, 'IN_TRANSIT', channel.sea ? 48 : 6, channel.sea ? 600 : 30);
  if (!channel.local) step(OrderStatus.arrivedOverseas, 'ARRIVED', 24, 90);
  step(OrderStatus.outForDelivery, 'OUT_FOR_DELIVERY', 10, 40);
  step(OrderStatus.signed, 'SIGNED', 3, 30);
  const fate = r();
  let path = steps;
  if (fate < 0.02) path = [];
  else if (fate < 0.06) {
    const at = created + r() * (steps[0]!.at - created);
    path = [{ status: OrderStatus.cancelled, node: OrderNode.cancelled, at }];
  } else if (fate < 0.09) {
    path = steps.filter((s) => s.status !== OrderStatus.signed);
    path.push({ status: OrderStatus.returned, node: 'RETURNED', at: t + 72 * HOUR });
  } else if (fate < 0.095) {
    path = steps.slice(0, 2);
    path.push({ status: OrderStatus.lost, node: 'LOST', at: path[1]!.at + 10 * DAY });
  }
  path = path.filter((s) => s.at < w.now - 60_000);
  return {
    id: w.idBase + i,
    trackingNo: `GL${String(1_000_000_000 + i).padStart(10, '0')}`,
    customerNo: `${cust.code}-${String(i).padStart(8, '0')}`,
    customerId: cust.id,
    channel,
    countryCode: dest.code,
    city,
    consigneeName,
    consigneePhone: phone,
    address: `${1000 + Math.floor(r() * 9000)} King Fahd Road, Unit ${1 + Math.floor(r() * 40)}`,
    weight,
    isCod,
    codAmount: isCod ? (49 + Math.floor(r() * 45) * 10).toFixed(2) : '0',
    created,
    steps: path,
    status: path.length ? path[path.length - 1]!.status : OrderStatus.created,
    goods: r() < 0.7 ? 1 : r() < 0.8 ? 2 : 3,
    r,
  };
}

const carrierNo = (o: Gen) =>
  o.channel.carrier ? `${o.channel.carrier.code}${String(o.id).padStart(10, '0')}` : null;
const receivedAt = (o: Gen) => o.steps.find((s) => s.status === OrderStatus.received)?.at ?? null;

const ORDER_COLUMNS = [
  'id',
  'tracking_no',
  'customer_no',
  'customer_id',
  'created_by',
  'channel_id',
  'sender_name',
  'sender_phone',
  'sender_address',
  'consignee_name',
  'consignee_phone',
  'consignee_country_id',
  'consignee_province_id',
  'consignee_city_id',
  'consignee_province',
  'consignee_city',
  'consignee_address',
  'packing_type',
  'package_count',
  'declared_weight',
  'checked_weight',
  'volume_weight',
  'chargeable_weight',
  'is_cod',
  'cod_amount',
  'cod_currency',
  'payment',
  'carrier_id',
  'carrier_tracking_no',
  'carrier_assigned_at',
  'status',
  'check_status',
  'sign_status',
  'intercept_state',
  'abnormal_flags',
  'created_at',
  'arrived_at',
  'checked_at',
  'cancelled_at',
  'updated_at',
];

function orderLine(w: World, o: Gen): string {
  const arrived = receivedAt(o);
  const checked = arrived !== null && o.r() < 0.8;
  const cancelled = o.status === OrderStatus.cancelled ? o.steps[o.steps.length - 1]!.at : null;
  const last = o.steps.length ? o.steps[o.steps.length - 1]!.at : o.created;
  // One order in 200 has a pending abnormal mark (bit 1 no carrier … bit 6 no price).
  const abnormal = o.r() < 0.005 ? 1 << Math.floor(o.r() * 6) : 0;
  const assigned = arrived !== null && o.channel.carrier !== null;
  return [
    o.id,
    o.trackingNo,
    o.customerNo,
    o.customerId,
    w.creator,
    o.channel.id,
    'Li Wei',
    '+86 138 0013 8000',
    'Building 5, Fuhai Industrial Zone',
    o.consigneeName,
    o.consigneePhone,
    o.city.country,
    o.city.province,
    o.city.city,
    o.city.pn,
    o.city.cn,
    o.address,
    3,
    1,
    o.weight,
    checked ? o.weight : null,
    '0',
    o.weight,
    o.isCod,
    o.codAmount,
    o.isCod ? 'SAR' : '',
    o.isCod ? 1 : 0,
    assigned ? o.channel.carrier!.id : null,
    assigned ? carrierNo(o) : null,
    assigned ? iso(arrived!) : null,
    o.status,
    checked ? 3 : 0,
    o.status === OrderStatus.signed ? 2 : 0,
    o.r() < 0.003 ? 2 : 0,
    abnormal,
    iso(o.created),
    arrived === null ? null : iso(arrived),
    checked ? iso(arrived!) : null,
    cancelled === null ? null : iso(cancelled),
    iso(last),
  ]
    .map(cell)
    .join('\t');
}

function goodsLines(o: Gen): string {
  let out = '';
  for (let n = 0; n < o.goods; n++) {
    const g = GOODS[(o.id + n * 3) % GOODS.length]!;
    out += `${[o.id, n + 1, g[0], g[1], 1 + (n % 2), g[2], g[3], 'USD', ''].map(cell).join('\t')}\n`;
  }
  return out;
}

function eventLines(w: World, o: Gen): string {
  const line = (
    node: string,
    status: number,
    from: number | null,
    place: string,
    at: number,
    op: number | null,
  ) => `${[o.id, node, null, status, from, place, '', true, iso(at), op, iso(at)].map(cell).join('\t')}\n`;
  let out = line(OrderNode.created, OrderStatus.created, null, '', o.created, w.creator);
  let from: number = OrderStatus.created;
  for (const s of o.steps) {
    const place =
      s.status === OrderStatus.received
        ? 'Shenzhen Warehouse 深圳仓'
        : s.status === OrderStatus.pickedUp
          ? 'Shenzhen'
          : s.status === OrderStatus.cancelled
            ? ''
            : o.city.cn;
    const op = s.status === OrderStatus.received || s.status === OrderStatus.cancelled ? w.operator : null;
    out += line(s.node, s.status, from, place, s.at, op);
    from = s.status;
  }
  return out;
}

async function copyRows(
  database: Database,
  table: string,
  columns: string[],
  lines: () => Generator<string>,
) {
  const client = await database.pool.connect();
  const started = performance.now();
  let rows = 0;
  try {
    // The rows are consistent by construction: skip the foreign-key triggers while loading (as a
    // restore does); the indexes are maintained as usual.
    await client.query('SET session_replication_role = replica');
    const counted = function* () {
      let chunk = '';
      for (const l of lines()) {
        chunk += l;
        rows += l.split('\n').length - 1;
        if (chunk.length > 1_000_000) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
    };
    await pipeline(
      Readable.from(counted()),
      client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`)),
    );
    await client.query('SET session_replication_role = DEFAULT');
  } finally {
    client.release();
  }
  return { rows, seconds: (performance.now() - started) / 1000 };
}

async function loadWorld(database: Database): Promise<World> {
  const db = database.db;
  await db.execute(sql`
    INSERT INTO customers (code, name)
    SELECT 'B' || lpad(g::text, 4, '0'), 'Bench customer ' || g FROM generate_series(1, ${CUSTOMERS}) g
    ON CONFLICT DO NOTHING`);
  const customers = (
    await db.execute<{ id: number; code: string }>(
      sql`SELECT id, code FROM customers WHERE code LIKE 'B%' ORDER BY code`,
    )
  ).rows;
  const users = (await db.execute<{ id: number; username: string }>(sql`SELECT id, username FROM users`))
    .rows;
  const cities = (
    await db.execute<{
      code: string;
      country: number;
      province: number;
      city: number;
      pn: string;
      cn: string;
    }>(sql`
      SELECT co.code, co.id AS country, p.id AS province, c.id AS city, p.name_en AS pn, c.name_en AS cn
      FROM regions c JOIN regions p ON p.id = c.parent_id JOIN regions co ON co.id = p.parent_id
      WHERE c.level = 2 AND co.level = 0 AND co.code IN ('SA', 'AE', 'KW', 'QA', 'BH', 'OM', 'EG')`)
  ).rows;
  const chans = (
    await db.execute<{ id: number; code: string; countries: string[] }>(sql`
      SELECT ch.id, ch.code, array_agg(DISTINCT r.code) AS countries
      FROM shipping_channels ch JOIN channel_prices p ON p.channel_id = ch.id JOIN regions r ON r.id = p.country_id
      WHERE ch.status = 1 GROUP BY ch.id, ch.code ORDER BY ch.code`)
  ).rows;
  const carriers = (
    await db.execute<{ channel_id: number; id: number; code: string }>(sql`
      SELECT DISTINCT ON (cc.channel_id) cc.channel_id, c.id, c.code
      FROM channel_carriers cc JOIN carriers c ON c.id = cc.carrier_id ORDER BY cc.channel_id, cc.sort`)
  ).rows;
  const share: Record<string, number> = {
    'CN-SA-AIR-COD': 34,
    'CN-AE-AIR': 22,
    'CN-GCC-AIR': 16,
    'CN-SA-SEA': 6,
    'CN-AE-AIR-FL': 6,
    'SA-LOCAL-COD': 9,
    'EG-LOCAL': 7,
  };
  const channels = chans.map((c) => {
    const carrier = carriers.find((x) => x.channel_id === c.id);
    return {
      id: c.id,
      code: c.code,
      sea: c.code.includes('SEA'),
      local: c.code.includes('LOCAL'),
      countries: c.countries
        .map((code) => ({ code, cities: cities.filter((x) => x.code === code) }))
        .filter((x) => x.cities.length),
      carrier: carrier ? { id: carrier.id, code: carrier.code } : null,
    };
  });
  const usable = channels.filter((c) => c.countries.length);
  const weights = customers.map((_, k) => 1 / (k + 1) ** 0.9);
  const total = weights.reduce((a, b) => a + b, 0);
  const channelWeights = usable.map((c) => share[c.code] ?? 3);
  const channelTotal = channelWeights.reduce((a, b) => a + b, 0);
  // Order 1 of an earlier load (BENCH_REUSE) keeps its id; else the ids follow the seed's orders.
  const [max] = (
    await db.execute<{ id: number }>(sql`
      SELECT coalesce((SELECT id - 1 FROM orders WHERE tracking_no = 'GL1000000001'), max(id), 0)::int AS id
      FROM orders`)
  ).rows;
  return {
    now: Date.now(),
    idBase: max!.id,
    customers,
    customerWeights: weights.map((x) => x / total),
    creator: users.find((u) => u.username === 'admin')!.id,
    operator: users.find((u) => u.username === 'operator')?.id ?? users[0]!.id,
    channels: usable,
    channelWeights: channelWeights.map((x) => x / channelTotal),
  };
}

async function loadOrders(database: Database) {
  const w = await loadWorld(database);
  const none = { rows: 0, seconds: 0 };
  if (REUSE) {
    const [n] = (await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`)).rows;
    if (n!.n >= ORDERS) return { world: w, orders: none, goods: none, events: none, vacuum: 0 };
  }
  const all = function* <T>(each: (o: Gen) => T) {
    for (let i = 1; i <= ORDERS; i++) yield each(orderAt(w, i));
  };
  const orders = await copyRows(database, 'orders', ORDER_COLUMNS, () => all((o) => `${orderLine(w, o)}\n`));
  const goods = await copyRows(
    database,
    'order_goods',
    [
      'order_id',
      'line_no',
      'name_en',
      'name_cn',
      'quantity',
      'hs_code',
      'unit_price',
      'currency',
      'specification',
    ],
    () => all(goodsLines),
  );
  const events = await copyRows(
    database,
    'order_events',
    [
      'order_id',
      'node',
      'carrier_id',
      'status',
      'from_status',
      'location',
      'description',
      'is_public',
      'occurred_at',
      'operator_id',
      'created_at',
    ],
    () => all((o) => eventLines(w, o)),
  );
  const db = database.db;
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('orders', 'id'), (SELECT max(id) FROM orders))`);
  await db.execute(sql`SELECT setval('order_tracking_no_seq', ${1_000_000_000 + ORDERS + 1})`);
  const started = performance.now();
  await db.execute(sql`VACUUM ANALYZE orders`);
  await db.execute(sql`VACUUM ANALYZE order_goods`);
  await db.execute(sql`VACUUM ANALYZE order_events`);
  const vacuum = (performance.now() - started) / 1000;
  return { world: w, orders, goods, events, vacuum };
}

// ---- the requests ----

/**
 * Filter sets staff use on the order list (each answers a page and its total), with how often each
 * comes in a working day (our estimate, per 100 list calls): opening or refreshing the list, a
 * status, a customer, pasted tracking numbers most; searches by consignee least. The measurements
 * draw the filter sets in these proportions; each set's own figures are printed too.
 */
function listBodies(w: World): { name: string; weight: number; body: object }[] {
  const now = w.now;
  const days = (n: number) => new Date(now - n * DAY).toISOString();
  const ids = (from: number, n: number) =>
    Array.from({ length: n }, (_, k) => `GL${String(1_000_000_000 + from + k * 997).padStart(10, '0')}`).join(
      '\n',
    );
  const top = w.customers[0]!.id;
  const mid = w.customers[20]!.id;
  const sa = w.channels.find((c) => c.code === 'CN-SA-AIR-COD') ?? w.channels[0]!;
  const saCountry = sa.countries[0]!.cities[0]!.country;
  const ae = w.channels.find((c) => c.code === 'CN-AE-AIR') ?? w.channels[0]!;
  const aeCountry = ae.countries[0]!.cities[0]!.country;
  const carrierNos = Array.from({ length: 5 }, (_, k) => {
    const o = orderAt(w, 1000 + k * 7919);
    return carrierNo(o) ?? o.trackingNo;
  }).join(',');
  return [
    { name: 'first page, no filter', weight: 25, body: { pageNo: 1, pageSize: 20 } },
    {
      name: 'status in transit, last 30 days',
      weight: 14,
      body: { pageNo: 1, pageSize: 20, status: 5, startTime: days(30) },
    },
    {
      name: 'one customer, last 7 days',
      weight: 12,
      body: { pageNo: 1, pageSize: 20, customerId: top, startTime: days(7) },
    },
    { name: 'one customer, page 3', weight: 5, body: { pageNo: 3, pageSize: 20, customerId: mid } },
    {
      name: 'channel + country + signed',
      weight: 6,
      body: { pageNo: 1, pageSize: 20, channelId: ae.id, countryId: aeCountry, status: 9 },
    },
    {
      name: '20 tracking nos (bulk)',
      weight: 12,
      body: { pageNo: 1, pageSize: 20, trackingNos: ids(5000, 20) },
    },
    { name: '5 carrier nos', weight: 5, body: { pageNo: 1, pageSize: 20, carrierTrackingNos: carrierNos } },
    { name: 'abnormal only', weight: 4, body: { pageNo: 1, pageSize: 20, abnormal: true } },
    {
      name: 'arrival time, last 3 days',
      weight: 5,
      body: { pageNo: 1, pageSize: 20, timeBasis: 'arrival', startTime: days(3) },
    },
    {
      name: 'COD to SA, page 10',
      weight: 6,
      body: { pageNo: 10, pageSize: 20, payment: '1', countryId: saCountry },
    },
    {
      name: 'consignee phone (6 digits)',
      weight: 4,
      body: { pageNo: 1, pageSize: 20, consigneePhone: '512345' },
    },
    { name: 'consignee name', weight: 2, body: { pageNo: 1, pageSize: 20, consigneeName: 'Reem Al-Marri' } },
  ];
}

/** Numbers people look up on /search: ours mostly, carriers', customers', several at once, unknown. */
function lookupPaths(w: World, n: number): string[] {
  const r = rng(4242);
  const pick = () => orderAt(w, 1 + Math.floor(r() * ORDERS));
  return Array.from({ length: n }, (_, k) => {
    const x = k % 20;
    let q: string;
    if (x < 13) q = pick().trackingNo;
    else if (x < 16) {
      const o = pick();
      q = carrierNo(o) ?? o.trackingNo;
    } else if (x < 18) q = pick().customerNo;
    else if (x < 19) q = Array.from({ length: 5 }, () => pick().trackingNo).join(',');
    else q = `GL9${String(Math.floor(r() * 1e9)).padStart(9, '0')}`;
    return `/api/common/v1/tracking/query/${encodeURIComponent(q)}`;
  });
}

const clientIp = (k: number) => `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`;

interface Target {
  base: string;
  token: string;
}

/** Sequential requests on one keep-alive connection; latency of each in ms. */
async function oneClient(
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
interface Meter {
  start(): Promise<void>;
  /** ms of CPU per request: the server's and its PostgreSQL backends'. */
  stop(requests: number): Promise<{ node: number; db: number }>;
}

function meterOf(server: Server, client: pg.Client): Meter {
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

async function fifty(
  t: Target,
  opts: {
    method: 'GET' | 'POST';
    anonymous?: boolean;
    next: (k: number) => { path: string; body?: string; ip?: string };
  },
  meter: Meter,
  seconds = SECONDS,
) {
  let k = 0;
  const run = (duration: number) =>
    autocannon({
      url: t.base,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          method: opts.method,
          setupRequest: (req) => {
            const c = opts.next(k++);
            return {
              ...req,
              path: c.path,
              ...(c.body ? { body: c.body } : {}),
              headers: {
                ...req.headers,
                ...(opts.anonymous ? {} : { authorization: `Bearer ${t.token}` }),
                'local-lang': 'en',
                ...(c.body ? { 'content-type': 'application/json' } : {}),
                ...(c.ip ? { 'x-forwarded-for': c.ip } : {}),
              },
            };
          },
        },
      ],
    });
  await run(seconds > 3 ? 2 : 1);
  await meter.start();
  const r = await run(seconds);
  const cpu = await meter.stop(r.requests.total);
  return {
    cpu,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

// ---- the import ----

async function buildImportFile(dir: string, w: World, round: number): Promise<string> {
  const path = join(dir, `orders-${round}.xlsx`);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
  const ws = wb.addWorksheet('Sheet1');
  const keys = [
    'customerNo',
    'channel',
    'consigneeName',
    'consigneePhone',
    'country',
    'province',
    'city',
    'address',
    'weight',
    'cod',
    'codAmount',
    'codCurrency',
    'nameEn',
    'nameCn',
    'quantity',
    'hsCode',
    'unitPrice',
    'currency',
  ];
  ws.addRow(keys).commit();
  const sa = w.channels.find((c) => c.code === 'CN-SA-AIR-COD') ?? w.channels[0]!;
  const cities = sa.countries[0]!.cities;
  const r = rng(round * 7 + 1);
  for (let i = 1; i <= IMPORT_ORDERS; i++) {
    const c = cities[i % cities.length]!;
    const g = GOODS[i % GOODS.length]!;
    const cod = i % 2 === 0;
    ws.addRow([
      `IMP${round}-${String(i).padStart(7, '0')}`,
      sa.code,
      `${FIRST[i % FIRST.length]} ${FAMILY[i % FAMILY.length]}`,
      `+966 5${String(Math.floor(r() * 1e8)).padStart(8, '0')}`,
      sa.countries[0]!.code,
      c.pn,
      c.cn,
      `${1000 + (i % 9000)} Olaya Street, Unit ${1 + (i % 40)}`,
      (0.2 + (i % 40) / 10).toFixed(2),
      cod ? 'Y' : 'N',
      cod ? '199.00' : '',
      cod ? 'SAR' : '',
      g[0],
      g[1],
      '1',
      g[2],
      g[3],
      'USD',
    ]).commit();
  }
  ws.commit();
  await wb.commit();
  return path;
}

// ---- one database ----

interface Server {
  child: ChildProcess;
  target: Target;
  usage: () => Promise<{ peakRss: number; cpuMicros: number }>;
}

async function startServer(url: string, extraFlags: string[] = []): Promise<Server> {
  const port = await freePort();
  const probe = pathToFileURL(join(root, 'bench/rss-probe.ts')).href;
  const child = fork(join(root, 'bench/server.ts'), [], {
    env: {
      ...CHILD_ENV,
      DATABASE_URL: url,
      PORT: String(port),
      TRUST_PROXY: '1',
      TOKEN_SECRET: 'bench-secret-0123456789-0123456789-01',
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

async function stopServer(s: Server) {
  s.child.kill('SIGTERM');
  await new Promise((r) => s.child.once('exit', r));
}

interface Measured {
  database: string;
  load: Awaited<ReturnType<typeof loadOrders>>;
  listOne: {
    p50: number;
    p95: number;
    errors: number;
    cpu: { node: number; db: number };
    perQuery: { name: string; weight: number; p50: number; p95: number }[];
  }[];
  listFifty: Awaited<ReturnType<typeof fifty>>[];
  lookupOne: { p50: number; p95: number; errors: number; cpu: { node: number; db: number } }[];
  /** The machine's 1-minute load average at each round (2 cores here, shared with other work). */
  loadAverage: number[];
  /** GET /user/current (token and session only): the floor under every staff call. */
  floor: { p50: number; p95: number; rps: number; cpu: { node: number; db: number } }[];
  lookupFifty: Awaited<ReturnType<typeof fifty>>[];
  imports: {
    seconds: number;
    orders: number;
    peakRss: number;
    baselineRss: number;
    fileMb: number;
    error?: string;
  }[];
}

async function measure(label: string, url: string, dir: string): Promise<Measured> {
  const database = openDatabase(url, 4);
  await migrateDatabase(database);
  await seedDemoData(database.db, { orders: false });
  console.log(`${label}: loading ${ORDERS.toLocaleString('en')} orders by COPY…`);
  const load = await loadOrders(database);
  await database.close();
  if (load.orders.rows === 0) console.log('  reusing the orders loaded by an earlier run');
  for (const [name, x] of [
    ['orders', load.orders],
    ['goods lines', load.goods],
    ['events', load.events],
  ] as const)
    if (x.rows > 0)
      console.log(
        `  COPY ${x.rows.toLocaleString('en')} ${name}: ${x.seconds.toFixed(1)} s (${Math.round(x.rows / x.seconds).toLocaleString('en')} rows/s)`,
      );
  if (load.orders.rows > 0) console.log(`  VACUUM ANALYZE: ${load.vacuum.toFixed(1)} s`);

  const w = load.world;
  const bodies = listBodies(w);
  // The filter sets in their proportions, in a fixed shuffled order.
  const mix = bodies.flatMap((b, k) => Array.from({ length: b.weight }, () => k));
  const shuffle = rng(77);
  for (let i = mix.length - 1; i > 0; i--) {
    const j = Math.floor(shuffle() * (i + 1));
    [mix[i], mix[j]] = [mix[j]!, mix[i]!];
  }
  const paths = lookupPaths(w, 5_000);
  const out: Measured = {
    database: label,
    load,
    listOne: [],
    listFifty: [],
    lookupOne: [],
    lookupFifty: [],
    loadAverage: [],
    floor: [],
    imports: [],
  };
  const server = await startServer(url, cpuProfFlags());
  const stats = new pg.Client({ connectionString: url });
  await stats.connect();
  const meter = meterOf(server, stats);
  try {
    for (let round = 1; LIST && round <= ROUNDS; round++) {
      out.loadAverage.push(loadavg()[0]!);
      // The floor of any staff call here: token check and session lookup, nothing else.
      const floorPath = '/api/common/v1/user/current';
      const floor = await oneClient(
        server.target,
        Array.from({ length: 300 }, () => ({ method: 'GET' as const, path: floorPath })),
      );
      const floorFifty = await fifty(
        server.target,
        { method: 'GET', next: () => ({ path: floorPath }) },
        meter,
        5,
      );
      out.floor.push({
        p50: percentile(floor.times, 50),
        p95: percentile(floor.times, 95),
        rps: floorFifty.rps,
        cpu: floorFifty.cpu,
      });
      if (PER_QUERY) {
        const bare = await fifty(
          server.target,
          { method: 'GET', next: () => ({ path: '/bench/bare' }) },
          meter,
          3,
        );
        console.log(`  bare route (no auth, no db): ${bare.rps} req/s, p99 ${bare.p99} ms`);
      }
      if (PER_QUERY)
        for (const b of bodies) {
          const x = await fifty(
            server.target,
            {
              method: 'POST',
              next: () => ({ path: '/api/common/v1/order/list', body: JSON.stringify(b.body) }),
            },
            meter,
            3,
          );
          console.log(
            `  ${b.name}: ${x.rps} req/s, p99 ${x.p99} ms, CPU per request: server ${x.cpu.node.toFixed(2)} ms, db ${x.cpu.db.toFixed(2)} ms`,
          );
        }
      // One client: the mix in turn, after a warm-up pass over every filter set.
      const sets = Array.from({ length: ONE_CLIENT_REQUESTS }, (_, k) => mix[k % mix.length]!);
      const call = (k: number) => ({
        method: 'POST' as const,
        path: '/api/common/v1/order/list',
        body: JSON.stringify(bodies[k]!.body),
      });
      const calls = sets.map(call);
      await oneClient(server.target, [...bodies.keys(), ...bodies.keys()].map(call));
      await meter.start();
      const list = await oneClient(server.target, calls);
      const listCpu = await meter.stop(calls.length);
      out.listOne.push({
        p50: percentile(list.times, 50),
        p95: percentile(list.times, 95),
        errors: list.errors,
        cpu: listCpu,
        perQuery: bodies.map((b, k) => {
          const mine = list.times.filter((_, j) => sets[j] === k);
          return { name: b.name, weight: b.weight, p50: percentile(mine, 50), p95: percentile(mine, 95) };
        }),
      });
      out.listFifty.push(
        await fifty(
          server.target,
          {
            method: 'POST',
            next: (k) => ({
              path: '/api/common/v1/order/list',
              body: JSON.stringify(bodies[mix[k % mix.length]!]!.body),
            }),
          },
          meter,
        ),
      );
      const ip0 = round * 100_000;
      const lookups = paths.slice(0, ONE_CLIENT_REQUESTS).map((path, k) => ({
        method: 'GET' as const,
        path,
        anonymous: true,
        headers: { 'x-forwarded-for': clientIp(ip0 + k) },
      }));
      await oneClient(
        server.target,
        lookups
          .slice(0, 50)
          .map((c, k) => ({ ...c, headers: { 'x-forwarded-for': clientIp(ip0 + 90_000 + k) } })),
      );
      await meter.start();
      const lookup = await oneClient(server.target, lookups);
      const lookupCpu = await meter.stop(lookups.length);
      out.lookupOne.push({
        p50: percentile(lookup.times, 50),
        p95: percentile(lookup.times, 95),
        errors: lookup.errors,
        cpu: lookupCpu,
      });
      // 50 connections: every request from another address (at most 30 a minute each).
      let ip = 1_000_000 * round;
      out.lookupFifty.push(
        await fifty(
          server.target,
          {
            method: 'GET',
            anonymous: true,
            next: (k) => ({ path: paths[k % paths.length]!, ip: clientIp(ip++) }),
          },
          meter,
        ),
      );
      console.log(
        `  round ${round}: list one client p50 ${out.listOne.at(-1)!.p50.toFixed(2)} ms p95 ${out.listOne.at(-1)!.p95.toFixed(2)} ms; ` +
          `50 conns ${out.listFifty.at(-1)!.rps} req/s p99 ${out.listFifty.at(-1)!.p99} ms; ` +
          `lookup p95 ${out.lookupOne.at(-1)!.p95.toFixed(2)} ms, 50 conns ${out.lookupFifty.at(-1)!.rps} req/s p99 ${out.lookupFifty.at(-1)!.p99} ms`,
      );
    }
  } finally {
    await stats.end();
    await stopServer(server);
  }

  if (IMPORT_ORDERS > 0) {
    const demo = await (async () => {
      const d = openDatabase(url, 1);
      const [row] = (await d.db.execute<{ id: number }>(sql`SELECT id FROM customers WHERE code = 'DEMO'`))
        .rows;
      await d.close();
      return row!.id;
    })();
    for (let round = 1; round <= ROUNDS; round++) {
      const file = await buildImportFile(dir, w, round);
      const fileMb = statSync(file).size / MB;
      // A fresh server per import: its peak RSS is the import's own.
      const s = await startServer(url, cpuProfFlags());
      try {
        const before = await s.usage();
        const form = new FormData();
        form.append('customerId', String(demo));
        form.append('file', new Blob([readFileSync(file)]), 'orders.xlsx');
        const started = performance.now();
        const res = await fetch(`${s.target.base}/api/common/v1/order/importOrder`, {
          method: 'POST',
          headers: { authorization: `Bearer ${s.target.token}`, 'local-lang': 'en' },
          body: form,
        });
        const seconds = (performance.now() - started) / 1000;
        const text = await res.text();
        const after = await s.usage();
        let answer: { code?: number; msg?: string; data?: { orderCount?: number } } = {};
        try {
          answer = JSON.parse(text);
        } catch {}
        const row = {
          seconds,
          orders: answer.data?.orderCount ?? 0,
          peakRss: after.peakRss,
          baselineRss: before.peakRss,
          fileMb,
          ...(answer.code === 1 ? {} : { error: `${res.status} ${answer.msg ?? text.slice(0, 200)}` }),
        };
        out.imports.push(row);
        console.log(
          `  import round ${round}: ${seconds.toFixed(1)} s, ${row.orders} orders, peak RSS ${Math.round(row.peakRss / MB)} MB${row.error ? `, refused: ${row.error}` : ''}`,
        );
      } finally {
        await stopServer(s);
        rmSync(file, { force: true });
      }
    }
  }
  return out;
}

// ---- main ----

const results: Measured[] = [];
if (targets.includes('embedded')) {
  const dir = EMBEDDED_DIR ?? mkdtempSync(join(tmpdir(), 'parcel-bench-orders-'));
  mkdirSync(dir, { recursive: true });
  const embedded = await startEmbeddedPostgres(dir, { info: () => {}, warn: console.warn });
  try {
    results.push(await measure('embedded PostgreSQL 18', dbUrl(embedded.url, 'postgres'), dir));
  } finally {
    await embedded.stop();
    if (KEEP) console.log(`kept the embedded data in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}
if (targets.includes('postgres')) {
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = process.env.BENCH_DB_NAME ?? 'bench_orders';
  const admin = new pg.Client({ connectionString: server });
  const dir = mkdtempSync(join(tmpdir(), 'parcel-bench-orders-'));
  try {
    await admin.connect();
    const there = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
    if (!REUSE || !there) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
    }
    const version = (await admin.query<{ v: string }>("SELECT current_setting('server_version') AS v"))
      .rows[0]!.v;
    results.push(await measure(`machine PostgreSQL ${version.split(' ')[0]}`, dbUrl(server, name), dir));
  } catch (e) {
    console.warn(`the machine's PostgreSQL (${server}): ${e instanceof Error ? (e.stack ?? e.message) : e}`);
  } finally {
    if (KEEP) console.log(`kept the database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (x: number) => (x >= 100 ? String(Math.round(x)) : x.toFixed(x >= 10 ? 1 : 2));
const row = (label: string, xs: number[], unit: string, target: string, met: (m: number) => boolean) =>
  xs.length
    ? `${label}\t${fmt(median(xs))} ${unit}\t(${xs.map(fmt).join(', ')})${target === 'info' ? '' : `\t${target}: ${met(median(xs)) ? 'met' : 'MISSED'}`}`
    : '';
console.log(
  `\n${ORDERS.toLocaleString('en')} orders, medians of ${ROUNDS} rounds (each round's figure in brackets), 127.0.0.1\n`,
);
for (const m of results) {
  console.log(m.database);
  const lines = [
    row(
      '  list, one client p50',
      m.listOne.map((x) => x.p50),
      'ms',
      'info',
      () => true,
    ),
    row(
      '  list, one client p95',
      m.listOne.map((x) => x.p95),
      'ms',
      'target < 10 ms',
      (v) => v < 10,
    ),
    row(
      '  list, 50 connections',
      m.listFifty.map((x) => x.rps),
      'req/s',
      'target ≥ 900',
      (v) => v >= 900,
    ),
    row(
      '  list, 50 connections p99',
      m.listFifty.map((x) => x.p99),
      'ms',
      'target < 100 ms',
      (v) => v < 100,
    ),
    row(
      '  lookup, one client p50',
      m.lookupOne.map((x) => x.p50),
      'ms',
      'info',
      () => true,
    ),
    row(
      '  lookup, one client p95',
      m.lookupOne.map((x) => x.p95),
      'ms',
      'target < 3 ms',
      (v) => v < 3,
    ),
    row(
      '  lookup, 50 connections',
      m.lookupFifty.map((x) => x.rps),
      'req/s',
      'info',
      () => true,
    ),
    row(
      '  lookup, 50 connections p99',
      m.lookupFifty.map((x) => x.p99),
      'ms',
      'info',
      () => true,
    ),
    row(
      '  list, CPU per request (server + db)',
      m.listFifty.map((x) => x.cpu.node + x.cpu.db),
      'ms',
      'info',
      () => true,
    ),
    row(
      '  lookup, CPU per request (server + db)',
      m.lookupFifty.map((x) => x.cpu.node + x.cpu.db),
      'ms',
      'info',
      () => true,
    ),
    row(
      '  floor (user/current), one client p50',
      m.floor.map((x) => x.p50),
      'ms',
      'info',
      () => true,
    ),
    row(
      '  floor (user/current), one client p95',
      m.floor.map((x) => x.p95),
      'ms',
      'info',
      () => true,
    ),
    row(
      '  floor (user/current), 50 connections',
      m.floor.map((x) => x.rps),
      'req/s',
      'info',
      () => true,
    ),
    row(
      '  floor, CPU per request (server + db)',
      m.floor.map((x) => x.cpu.node + x.cpu.db),
      'ms',
      'info',
      () => true,
    ),
    row('  load average (1 min) at each round', m.loadAverage, '', 'info', () => true),
    row(
      '  import, seconds',
      m.imports.map((x) => x.seconds),
      's',
      'target < 60 s',
      (v) => v < 60,
    ),
    row(
      '  import, server peak RSS',
      m.imports.map((x) => x.peakRss / MB),
      'MB',
      'target < 600 MB',
      (v) => v < 600,
    ),
  ];
  for (const l of lines) if (l) console.log(l);
  const errors =
    m.listOne.reduce((n, x) => n + x.errors, 0) +
    m.listFifty.reduce((n, x) => n + x.errors, 0) +
    m.lookupOne.reduce((n, x) => n + x.errors, 0) +
    m.lookupFifty.reduce((n, x) => n + x.errors, 0);
  if (errors) console.log(`  errors or non-2xx answers: ${errors}`);
  for (const imp of m.imports) if (imp.error) console.log(`  import refused: ${imp.error}`);
  console.log('  list, one client, by filter set (share of the mix %: p50 / p95 ms, medians):');
  for (const [k, q] of (m.listOne[0]?.perQuery ?? []).entries())
    console.log(
      `    ${q.name} (${q.weight}): ${fmt(median(m.listOne.map((x) => x.perQuery[k]!.p50)))} / ${fmt(median(m.listOne.map((x) => x.perQuery[k]!.p95)))}`,
    );
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(root, 'bench/results', `orders-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  JSON.stringify(
    {
      orders: ORDERS,
      importOrders: IMPORT_ORDERS,
      rounds: ROUNDS,
      seconds: SECONDS,
      connections: CONNECTIONS,
      results: results.map((r) => ({ ...r, load: { ...r.load, world: undefined } })),
    },
    null,
    2,
  ),
);
console.log(`\nsaved ${file}`);
