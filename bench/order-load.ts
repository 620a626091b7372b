/**
 * The orders the benchmarks measure against: 1,000,000 orders (BENCH_ORDERS) of 200 customers over
 * the last year, generated deterministically (each order from its own seed, so every table's rows
 * agree without keeping the orders) and loaded by COPY, with their goods lines, tracking events
 * (about 6 per order), fee lines (freight, and the COD service fee of COD orders, from the
 * channel's price rule, as the order module computes them on receipt) and abnormal marks (pending
 * ones behind orders.abnormal_flags, and handled ones). bench/orders.ts and bench/reports.ts load it.
 */

import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../src/server/db/client.ts';
import { feesFor } from '../src/shared/domain/order-fees.ts';
import {
  ABNORMAL_DEPARTMENT,
  AbnormalKind,
  endsDelivery,
  OrderNode,
} from '../src/shared/domain/order-rules.ts';
import { OrderStatus } from '../src/shared/domain/order-status.ts';
import { copyClient, rng } from './harness.ts';

export const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const CUSTOMERS = 200;
export const DAY = 86_400_000;
const HOUR = 3_600_000;

// ---- COPY ----

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
export const FIRST = [
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
export const FAMILY = [
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
export const GOODS: [string, string, string, string][] = [
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

/** The COD currency of each destination. */
const CURRENCY: Record<string, string> = {
  SA: 'SAR',
  AE: 'AED',
  KW: 'KWD',
  QA: 'QAR',
  BH: 'BHD',
  OM: 'OMR',
  EG: 'EGP',
};

/** A channel's price rule for one destination (channel_prices), as order-fees.ts reads it. */
interface Rule {
  currency: string;
  firstWeight: string;
  firstPrice: string;
  stepWeight: string;
  stepPrice: string;
  /** percent */
  codFeeRate: string;
  minCodFee: string;
  volumeDivisor: number;
}

export interface World {
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
      rule: Rule | null;
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

export interface Gen {
  id: number;
  trackingNo: string;
  customerNo: string;
  customerId: number;
  channel: World['channels'][number];
  countryCode: string;
  /** The channel's price rule for the destination. */
  rule: Rule | null;
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
  /** Weighed at the warehouse. */
  checked: boolean;
  /** orders.abnormal_flags: one order in 200 has a pending mark (bit 1 no carrier … bit 6 no price). */
  abnormal: number;
  interceptState: number;
  /** A mark customer service has handled since (a kind), or 0. */
  handled: number;
}

/** The kinds of handled marks, by how often each comes up. */
const HANDLED_KINDS: [kind: number, weight: number][] = [
  [AbnormalKind.weightDiscrepancy, 40],
  [AbnormalKind.sensitiveGoods, 25],
  [AbnormalKind.addressUnconfirmed, 15],
  [AbnormalKind.noCarrier, 10],
  [AbnormalKind.noPrice, 5],
  [AbnormalKind.intercepted, 5],
];
const HANDLED_TOTAL = HANDLED_KINDS.reduce((n, [, w]) => n + w, 0);

/** Order i (1-based), the same every time it is asked for. */
export function orderAt(w: World, i: number): Gen {
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
  const status = path.length ? path[path.length - 1]!.status : OrderStatus.created;
  const address = `${1000 + Math.floor(r() * 9000)} King Fahd Road, Unit ${1 + Math.floor(r() * 40)}`;
  const codAmount = isCod ? (49 + Math.floor(r() * 45) * 10).toFixed(2) : '0';
  const goods = r() < 0.7 ? 1 : r() < 0.8 ? 2 : 3;
  const received = path.some((s) => s.status === OrderStatus.received);
  const checked = received && r() < 0.8;
  const abnormal = r() < 0.005 ? 1 << Math.floor(r() * 6) : 0;
  const interceptState = r() < 0.003 ? 2 : 0;
  // Three received orders in a hundred had a problem customer service has dealt with since.
  const handled =
    received && r() < 0.03
      ? HANDLED_KINDS[
          pickWeighted(
            HANDLED_KINDS.map(([, x]) => x / HANDLED_TOTAL),
            r(),
          )
        ]![0]
      : 0;
  return {
    id: w.idBase + i,
    trackingNo: `GL${String(1_000_000_000 + i).padStart(10, '0')}`,
    customerNo: `${cust.code}-${String(i).padStart(8, '0')}`,
    customerId: cust.id,
    channel,
    countryCode: dest.code,
    rule: dest.rule,
    city,
    consigneeName,
    consigneePhone: phone,
    address,
    weight,
    isCod,
    codAmount,
    created,
    steps: path,
    status,
    goods,
    checked,
    abnormal,
    interceptState,
    handled,
  };
}

export const carrierNo = (o: Gen) =>
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
  'finished_at',
  'updated_at',
];

function orderLine(w: World, o: Gen): string {
  const arrived = receivedAt(o);
  const { checked, abnormal } = o;
  const cancelled = o.status === OrderStatus.cancelled ? o.steps[o.steps.length - 1]!.at : null;
  const last = o.steps.length ? o.steps[o.steps.length - 1]!.at : o.created;
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
    o.isCod ? CURRENCY[o.countryCode]! : '',
    o.isCod ? 1 : 0,
    assigned ? o.channel.carrier!.id : null,
    assigned ? carrierNo(o) : null,
    assigned ? iso(arrived!) : null,
    o.status,
    checked ? 3 : 0,
    o.status === OrderStatus.signed ? 2 : 0,
    o.interceptState,
    abnormal,
    iso(o.created),
    arrived === null ? null : iso(arrived),
    checked ? iso(arrived!) : null,
    cancelled === null ? null : iso(cancelled),
    // Signed, returned or lost: the day it ended is the statement date (order-store.ts).
    endsDelivery(o.status) ? iso(last) : null,
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

const NO_PRICE_BIT = 1 << (AbnormalKind.noPrice - 1);

/** Freight and the COD service fee of a received order, as order-fees.ts computes them on receipt. */
function feeLines(o: Gen): string {
  const arrived = receivedAt(o);
  if (arrived === null || o.rule === null || o.abnormal & NO_PRICE_BIT) return '';
  const fees = feesFor(o.rule, {
    weightKg: o.weight,
    isCod: o.isCod,
    codAmount: o.codAmount,
    codCurrency: o.isCod ? CURRENCY[o.countryCode] : undefined,
  });
  let out = '';
  for (const l of fees.lines)
    out += `${[o.id, o.customerId, l.feeType, l.amount, l.currency, fees.chargeableWeight, iso(arrived)].map(cell).join('\t')}\n`;
  return out;
}

/** The pending marks behind orders.abnormal_flags, and the handled ones. */
function abnormalLines(w: World, o: Gen): string {
  const at = receivedAt(o) ?? o.created;
  const line = (kind: number, handledAt: number | null) =>
    `${[o.id, o.customerId, kind, ABNORMAL_DEPARTMENT[kind as AbnormalKind], handledAt === null ? 0 : 1, iso(at), handledAt === null ? null : iso(handledAt), handledAt === null ? null : w.operator].map(cell).join('\t')}\n`;
  let out = '';
  for (let kind = 1; kind <= 6; kind++) if (o.abnormal & (1 << (kind - 1))) out += line(kind, null);
  const later = Math.min(at + 20 * HOUR, w.now - 60_000);
  if (o.interceptState === 2) out += line(AbnormalKind.intercepted, later);
  if (o.handled) out += line(o.handled, later);
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
  const client = await copyClient(database.pool);
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
    await client.end();
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
  const rules = (
    await db.execute<{
      channel_id: number;
      country: string;
      currency: string;
      first_weight: string;
      first_price: string;
      step_weight: string;
      step_price: string;
      cod_fee_rate: string;
      min_cod_fee: string;
      volume_divisor: number;
    }>(sql`
      SELECT p.channel_id, r.code AS country, p.currency, p.first_weight, p.first_price, p.step_weight,
        p.step_price, p.cod_fee_rate, p.min_cod_fee, ch.volume_divisor
      FROM channel_prices p JOIN regions r ON r.id = p.country_id JOIN shipping_channels ch ON ch.id = p.channel_id`)
  ).rows;
  const ruleOf = (channelId: number, country: string): Rule | null => {
    const x = rules.find((p) => p.channel_id === channelId && p.country === country);
    return x
      ? {
          currency: x.currency,
          firstWeight: x.first_weight,
          firstPrice: x.first_price,
          stepWeight: x.step_weight,
          stepPrice: x.step_price,
          codFeeRate: (Number(x.cod_fee_rate) * 100).toFixed(2),
          minCodFee: x.min_cod_fee,
          volumeDivisor: x.volume_divisor,
        }
      : null;
  };
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
        .map((code) => ({ code, cities: cities.filter((x) => x.code === code), rule: ruleOf(c.id, code) }))
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

export async function loadOrders(database: Database, opts: { reuse: boolean }) {
  const w = await loadWorld(database);
  const none = { rows: 0, seconds: 0 };
  if (opts.reuse) {
    const [n] = (await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`)).rows;
    if (n!.n >= ORDERS)
      return { world: w, orders: none, goods: none, events: none, fees: none, abnormals: none, vacuum: 0 };
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
  const fees = await copyRows(
    database,
    'fee_details',
    ['order_id', 'customer_id', 'fee_type', 'amount', 'currency', 'chargeable_weight', 'computed_at'],
    () => all(feeLines),
  );
  const abnormals = await copyRows(
    database,
    'order_abnormals',
    ['order_id', 'customer_id', 'kind', 'department', 'state', 'created_at', 'handled_at', 'handled_by'],
    () => all((o) => abnormalLines(w, o)),
  );
  const db = database.db;
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('orders', 'id'), (SELECT max(id) FROM orders))`);
  await db.execute(sql`SELECT setval('order_tracking_no_seq', ${1_000_000_000 + ORDERS + 1})`);
  const started = performance.now();
  await db.execute(sql`VACUUM ANALYZE orders`);
  await db.execute(sql`VACUUM ANALYZE order_goods`);
  await db.execute(sql`VACUUM ANALYZE order_events`);
  await db.execute(sql`VACUUM ANALYZE fee_details`);
  await db.execute(sql`VACUUM ANALYZE order_abnormals`);
  const vacuum = (performance.now() - started) / 1000;
  return { world: w, orders, goods, events, fees, abnormals, vacuum };
}
