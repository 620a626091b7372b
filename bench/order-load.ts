/**
 * The orders the benchmarks measure against: 1,000,000 orders (BENCH_ORDERS) of 200 customers over
 * the last year, generated deterministically (each order from its own seed, so every table's rows
 * agree without keeping the orders) and loaded by COPY, with their goods lines, tracking events
 * (about 6 per order), fee lines (freight, and the COD service fee of COD orders, from the
 * channel's price rule, as the order module computes them on receipt) and abnormal marks (pending
 * ones behind orders.abnormal_flags, and handled ones). bench/orders.ts and bench/reports.ts load it.
 * The orders are made by order-gen.ts (with order-names.ts's vocabulary), their COPY lines by
 * order-copy.ts; this file loads the world they refer to and the rows.
 */

import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client.ts';
import {
  abnormalLines,
  copyRows,
  eventLines,
  feeLines,
  goodsLines,
  ORDER_COLUMNS,
  orderLine,
} from './order-copy.ts';
import { CUSTOMERS, type Gen, ORDERS, orderAt, type Rule, type World } from './order-gen.ts';

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
