import { type SQL, sql } from 'drizzle-orm';
import { weightsOf } from '../../../shared/domain/order-fees.ts';
import {
  ABNORMAL_DEPARTMENT,
  AbnormalKind,
  abnormalBit,
  OrderNode,
} from '../../../shared/domain/order-rules.ts';
import type { Db } from '../../db/client.ts';
import { findSensitiveWords } from '../sensitive-word/find-sensitive-words.ts';
import { emitEach, orderRef } from '../webhook-emit/webhook-emit.ts';
import { exception } from '../webhook-emit/webhook-events.ts';
import type { RegionRef, SenderRef } from './order-import-refs.ts';

/** An order of an import file, checked and ready to write. */
export interface PreparedOrder {
  /** Our tracking no when omitted (order/create's rule). */
  customerNo?: string | undefined;
  channelId: number;
  divisor: number;
  sender: SenderRef;
  consignee: {
    name: string;
    phone: string;
    phone2: string;
    email: string;
    address: string;
    postcode: string;
  };
  /** Country first. */
  regions: RegionRef[];
  packingType: number;
  packageCount: number;
  weight: string;
  length: string | undefined;
  width: string | undefined;
  height: string | undefined;
  isCod: boolean;
  codAmount: string;
  codCurrency: string;
  /** 1 cod, 0 pp; default: cod for a COD order. */
  payment?: number | undefined;
  remark: string;
  goods: {
    nameEn: string;
    nameCn: string;
    quantity: number;
    hsCode: string;
    unitPrice: string;
    currency: string;
    specification: string;
    /** Its photos' URLs, already checked as the caller's (order/createBatch; the import has none). */
    images?: readonly string[] | undefined;
  }[];
}

interface Column<T> {
  name: string;
  /** The PostgreSQL type of one value (the array is `type[]`). */
  type: string;
  value: (row: T) => unknown;
  /** How the inserted value is made from `v.<name>`, when not as is. */
  expr?: string;
}

/**
 * One INSERT of many rows: each column travels as one array parameter and `unnest` turns them back
 * into rows, so the statement has as many parameters as columns whatever the row count (and no
 * per-row SQL is built).
 */
function insertMany<T>(
  tx: Db,
  table: string,
  columns: readonly Column<T>[],
  rows: readonly T[],
  returning?: SQL,
) {
  const names = sql.raw(columns.map((c) => c.name).join(', '));
  const arrays = sql.join(
    columns.map((c) => sql`${sql.param(rows.map(c.value))}::${sql.raw(c.type)}[]`),
    sql`, `,
  );
  const select = sql.raw(columns.map((c) => c.expr ?? `v.${c.name}`).join(', '));
  return tx.execute<{
    id: number;
    tracking_no: string;
    customer_no: string;
    status: number;
    created_at: string;
  }>(
    sql`INSERT INTO ${sql.raw(table)} (${names}) SELECT ${select} FROM unnest(${arrays}) AS v(${names}) ${returning ?? sql``}`,
  );
}

type Row = PreparedOrder & { trackingNo: string; customerId: number; userId: number };

const at = (o: PreparedOrder, level: number) => o.regions.find((r) => r.level === level);

const ORDER_COLUMNS: readonly Column<Row>[] = [
  { name: 'tracking_no', type: 'text', value: (o) => o.trackingNo },
  { name: 'customer_no', type: 'text', value: (o) => o.customerNo || o.trackingNo },
  { name: 'customer_id', type: 'int', value: (o) => o.customerId },
  { name: 'created_by', type: 'int', value: (o) => o.userId },
  { name: 'channel_id', type: 'int', value: (o) => o.channelId },
  { name: 'sender_name', type: 'text', value: (o) => o.sender.name },
  { name: 'sender_phone', type: 'text', value: (o) => o.sender.phone },
  { name: 'sender_company', type: 'text', value: (o) => o.sender.company },
  { name: 'sender_region_id', type: 'int', value: (o) => o.sender.regionId },
  { name: 'sender_address', type: 'text', value: (o) => o.sender.address },
  { name: 'sender_postcode', type: 'text', value: (o) => o.sender.postcode },
  { name: 'consignee_name', type: 'text', value: (o) => o.consignee.name },
  { name: 'consignee_phone', type: 'text', value: (o) => o.consignee.phone },
  { name: 'consignee_phone2', type: 'text', value: (o) => o.consignee.phone2 },
  { name: 'consignee_email', type: 'text', value: (o) => o.consignee.email },
  { name: 'consignee_country_id', type: 'int', value: (o) => o.regions[0]!.id },
  { name: 'consignee_province_id', type: 'int', value: (o) => at(o, 1)?.id ?? null },
  { name: 'consignee_city_id', type: 'int', value: (o) => at(o, 2)?.id ?? null },
  { name: 'consignee_district_id', type: 'int', value: (o) => at(o, 3)?.id ?? null },
  { name: 'consignee_province', type: 'text', value: (o) => at(o, 1)?.nameEn ?? '' },
  { name: 'consignee_city', type: 'text', value: (o) => at(o, 2)?.nameEn ?? '' },
  { name: 'consignee_district', type: 'text', value: (o) => at(o, 3)?.nameEn ?? '' },
  { name: 'consignee_address', type: 'text', value: (o) => o.consignee.address },
  { name: 'consignee_postcode', type: 'text', value: (o) => o.consignee.postcode },
  { name: 'packing_type', type: 'smallint', value: (o) => o.packingType },
  { name: 'package_count', type: 'smallint', value: (o) => o.packageCount },
  { name: 'declared_weight', type: 'numeric', value: (o) => o.weight },
  { name: 'length', type: 'numeric', value: (o) => o.length ?? null },
  { name: 'width', type: 'numeric', value: (o) => o.width ?? null },
  { name: 'height', type: 'numeric', value: (o) => o.height ?? null },
  {
    name: 'volume_weight',
    type: 'numeric',
    value: (o) => weightsOf(o.divisor, parcelOf(o)).volumeWeight,
  },
  {
    name: 'chargeable_weight',
    type: 'numeric',
    value: (o) => weightsOf(o.divisor, parcelOf(o)).chargeableWeight,
  },
  { name: 'is_cod', type: 'boolean', value: (o) => o.isCod },
  { name: 'cod_amount', type: 'numeric', value: (o) => o.codAmount },
  { name: 'cod_currency', type: 'text', value: (o) => o.codCurrency },
  { name: 'payment', type: 'smallint', value: (o) => o.payment ?? (o.isCod ? 1 : 0) },
];

const parcelOf = (o: PreparedOrder) => ({
  weightKg: o.weight,
  lengthCm: o.length,
  widthCm: o.width,
  heightCm: o.height,
});

interface GoodsRow {
  orderId: number;
  lineNo: number;
  goods: PreparedOrder['goods'][number];
  words: string[];
}

/** A word (or photo) list travels as one text (joined by U+001F) and is split back in SQL. */
const WORD_SEPARATOR = '\u001f';

const GOODS_COLUMNS: readonly Column<GoodsRow>[] = [
  { name: 'order_id', type: 'bigint', value: (g) => g.orderId },
  { name: 'line_no', type: 'smallint', value: (g) => g.lineNo },
  { name: 'name_en', type: 'text', value: (g) => g.goods.nameEn },
  { name: 'name_cn', type: 'text', value: (g) => g.goods.nameCn },
  { name: 'quantity', type: 'int', value: (g) => g.goods.quantity },
  { name: 'hs_code', type: 'text', value: (g) => g.goods.hsCode },
  { name: 'unit_price', type: 'numeric', value: (g) => g.goods.unitPrice },
  { name: 'currency', type: 'text', value: (g) => g.goods.currency },
  { name: 'specification', type: 'text', value: (g) => g.goods.specification },
  {
    name: 'sensitive_words',
    type: 'text',
    value: (g) => g.words.join(WORD_SEPARATOR),
    expr: `COALESCE(string_to_array(NULLIF(v.sensitive_words, ''), chr(31)), '{}')`,
  },
  { name: 'sensitive_hit', type: 'boolean', value: (g) => g.words.length > 0 },
  {
    name: 'images',
    type: 'text',
    value: (g) => (g.goods.images ?? []).join(WORD_SEPARATOR),
    expr: `COALESCE(string_to_array(NULLIF(v.images, ''), chr(31)), '{}')`,
  },
];

/**
 * Orders written per statement group. Small enough that each column's array parameter stays a
 * young-generation string (at 5,000 they were large objects that piled up until a full GC: the
 * import's peak RSS was 610-690 MB at 5,000, 550 MB at 1,000, with 100,000 orders).
 */
const CHUNK = 1000;

/** An order written, in the order given. */
export interface WrittenOrder {
  id: number;
  trackingNo: string;
  customerNo: string;
}

/**
 * Writes checked orders as order/create writes one: our tracking no, the goods lines with their
 * sensitive words, the "created" event and its webhook, the remark, and a "sensitive goods"
 * abnormal mark (with its webhook) where a goods name hits a sensitive word (flagged, not
 * refused). Answers the orders written and how many were flagged.
 */
export async function writeOrders(
  tx: Db,
  customerId: number,
  userId: number,
  orders: readonly PreparedOrder[],
): Promise<{ written: WrittenOrder[]; flagged: number }> {
  const hits = await findSensitiveWords(
    tx,
    orders.flatMap((o) => o.goods.map((g) => `${g.nameEn} ${g.nameCn}`)),
  );
  let hitAt = 0;
  let flagged = 0;
  const written: WrittenOrder[] = [];
  for (let start = 0; start < orders.length; start += CHUNK) {
    const chunk = orders.slice(start, start + CHUNK);
    const numbers = await tx.execute<{ no: string }>(
      sql`SELECT 'GL' || lpad(nextval('order_tracking_no_seq')::text, 10, '0') AS no
          FROM generate_series(1, ${chunk.length}::int)`,
    );
    const rows: Row[] = chunk.map((o, i) => ({ ...o, trackingNo: numbers.rows[i]!.no, customerId, userId }));
    const inserted = await insertMany(
      tx,
      'orders',
      ORDER_COLUMNS,
      rows,
      sql`RETURNING id, tracking_no, customer_no, status, created_at`,
    );
    const byNo = new Map(inserted.rows.map((r) => [r.tracking_no, r]));
    const made = rows.map((r) => byNo.get(r.trackingNo)!);
    const ids = made.map((r) => Number(r.id));
    for (const r of made)
      written.push({ id: Number(r.id), trackingNo: r.tracking_no, customerNo: r.customer_no });

    const goods: GoodsRow[] = rows.flatMap((o, i) =>
      o.goods.map((g, line) => ({
        orderId: ids[i]!,
        lineNo: line + 1,
        goods: g,
        words: hits[hitAt++] ?? [],
      })),
    );
    await insertMany(tx, 'order_goods', GOODS_COLUMNS, goods);
    await tx.execute(sql`
      INSERT INTO order_events (order_id, node, status, operator_id, occurred_at)
      SELECT id, ${OrderNode.created}::text, status, ${userId}::int, created_at FROM orders
      WHERE id = ANY(${sql.param(ids)}::bigint[])`);
    await emitEach(
      tx,
      'order.created',
      made.map((r) => ({
        customerId,
        data: {
          order: orderRef({
            id: Number(r.id),
            trackingNo: r.tracking_no,
            customerNo: r.customer_no,
            status: r.status,
          }),
          createdAt: new Date(r.created_at).toISOString(),
        },
      })),
    );

    const remarks = rows.flatMap((o, i) => (o.remark ? [{ orderId: ids[i]!, content: o.remark }] : []));
    if (remarks.length)
      await insertMany(
        tx,
        'order_remarks',
        [
          { name: 'order_id', type: 'bigint', value: (r) => r.orderId },
          { name: 'content', type: 'text', value: (r) => r.content },
          { name: 'created_by', type: 'int', value: () => userId },
        ],
        remarks,
      );

    const sensitive = new Map<number, Set<string>>();
    for (const g of goods)
      if (g.words.length)
        for (const w of g.words) sensitive.set(g.orderId, (sensitive.get(g.orderId) ?? new Set()).add(w));
    if (sensitive.size)
      await flagSensitive(tx, customerId, sensitive, new Map(made.map((r) => [Number(r.id), r.tracking_no])));
    flagged += sensitive.size;
  }
  return { written, flagged };
}

/** The "sensitive goods" abnormal mark of new orders (none of them has a pending one yet), as flagAbnormal sets one. */
async function flagSensitive(
  tx: Db,
  customerId: number,
  words: Map<number, Set<string>>,
  trackingNoOf: Map<number, string>,
) {
  const kind = AbnormalKind.sensitiveGoods;
  await insertMany(
    tx,
    'order_abnormals',
    [
      { name: 'order_id', type: 'bigint', value: ([id]) => id },
      { name: 'customer_id', type: 'int', value: () => customerId },
      { name: 'kind', type: 'smallint', value: () => kind },
      { name: 'detail', type: 'jsonb', value: ([, w]) => JSON.stringify({ words: [...w] }) },
      { name: 'department', type: 'smallint', value: () => ABNORMAL_DEPARTMENT[kind] },
    ],
    [...words],
  );
  await tx.execute(sql`
    UPDATE orders SET abnormal_flags = abnormal_flags | ${abnormalBit(kind)}::int
    WHERE id = ANY(${sql.param([...words.keys()])}::bigint[])`);
  await emitEach(
    tx,
    'order.exception',
    [...words].map(([id, w]) => ({
      customerId,
      data: exception({ id, trackingNo: trackingNoOf.get(id) }, kind, 'set', { words: [...w] }),
    })),
  );
}
