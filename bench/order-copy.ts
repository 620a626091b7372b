import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
import { copyClient } from './harness.ts';
import { carrierNo, type Gen, HOUR, receivedAt, type World } from './order-gen.ts';
import { CURRENCY, GOODS } from './order-names.ts';

/** The COPY lines of the generated orders (order-load.ts): orders, goods, fees, abnormal marks, events. */

export const cell = (v: string | number | boolean | null): string =>
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
export const iso = (ms: number) => new Date(ms).toISOString();

export const ORDER_COLUMNS = [
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

export function orderLine(w: World, o: Gen): string {
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

export function goodsLines(o: Gen): string {
  let out = '';
  for (let n = 0; n < o.goods; n++) {
    const g = GOODS[(o.id + n * 3) % GOODS.length]!;
    out += `${[o.id, n + 1, g[0], g[1], 1 + (n % 2), g[2], g[3], 'USD', ''].map(cell).join('\t')}\n`;
  }
  return out;
}

export const NO_PRICE_BIT = 1 << (AbnormalKind.noPrice - 1);

/** Freight and the COD service fee of a received order, as order-fees.ts computes them on receipt. */
export function feeLines(o: Gen): string {
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
export function abnormalLines(w: World, o: Gen): string {
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

export function eventLines(w: World, o: Gen): string {
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

export async function copyRows(
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
