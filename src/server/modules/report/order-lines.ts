import { type SQL, sql } from 'drizzle-orm';
import type { Page } from '../../../shared/contract/core.ts';
import type { Money, OrderLine } from '../../../shared/contract/report-shapes.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { FeeType } from '../../../shared/domain/order-fees.ts';
import type { Db } from '../../db/client.ts';
import { carrierName, localName } from '../../db/sql-helpers.ts';
import { keysetPages } from '../../files/export.ts';
import type { Translate } from '../../i18n.ts';
import { statusName } from '../order-core/order-names.ts';
import { fromCents, toCents } from './cents.ts';
import { businessDayText } from './report-sql.ts';

/**
 * The orders behind a report row or in a bill, one line each with its names and its fee lines
 * (fee_details, summed per type and currency). Pages are read by the caller's order; exports walk
 * them by id (keysetPages).
 */

export interface LineRow extends Record<string, unknown> {
  id: number;
  tracking_no: string;
  customer_no: string;
  customer_id: number;
  customer_code: string;
  customer_name: string;
  status: number;
  created_at: Date;
  arrived_at: Date | null;
  finished_at: Date | null;
  statement_date: string | null;
  country_code: string;
  country_cn: string;
  country_en: string;
  country_ar: string;
  channel_code: string;
  channel_name: string;
  channel_name_en: string;
  carrier_name: string | null;
  carrier_name_en: string | null;
  carrier_tracking_no: string | null;
  package_count: number;
  declared_weight: string;
  chargeable_weight: string;
  is_cod: boolean;
  cod_amount: string;
  cod_currency: string;
  /** [fee type, amount, currency] per type and currency. */
  fees: [number, string, string][] | null;
}

export interface LineQuery {
  /** A condition on the orders `o`. */
  where: SQL;
  orderBy: SQL;
  limit: number;
  offset?: number;
  timeZone: string;
}

export async function selectLines(db: Db, q: LineQuery): Promise<LineRow[]> {
  const r = await db.execute<LineRow>(sql`
    SELECT o.id::int AS id, o.tracking_no, o.customer_no, o.customer_id, c.code AS customer_code,
      c.name AS customer_name, o.status, o.created_at, o.arrived_at, o.finished_at,
      ${businessDayText(sql`o.finished_at`, q.timeZone)} AS statement_date,
      r.code AS country_code, r.name_cn AS country_cn, r.name_en AS country_en, r.name_ar AS country_ar,
      ch.code AS channel_code, ch.name AS channel_name, ch.name_en AS channel_name_en,
      ca.name AS carrier_name, ca.name_en AS carrier_name_en, o.carrier_tracking_no, o.package_count,
      o.declared_weight::text AS declared_weight, o.chargeable_weight::text AS chargeable_weight,
      o.is_cod, o.cod_amount::text AS cod_amount, o.cod_currency,
      (SELECT json_agg(json_build_array(f.fee_type, f.amount::text, f.currency) ORDER BY f.fee_type, f.currency)
        FROM (SELECT fee_type, currency, sum(amount)::numeric(18,2) AS amount FROM fee_details
              WHERE order_id = o.id GROUP BY fee_type, currency) f) AS fees
    FROM orders o
    JOIN customers c ON c.id = o.customer_id
    JOIN regions r ON r.id = o.consignee_country_id
    JOIN shipping_channels ch ON ch.id = o.channel_id
    LEFT JOIN carriers ca ON ca.id = o.carrier_id
    WHERE ${q.where}
    ORDER BY ${q.orderBy}
    LIMIT ${q.limit} OFFSET ${q.offset ?? 0}`);
  return r.rows;
}

/** Orders by our tracking nos (none given: no condition). */
export const trackingNoIn = (nos: readonly string[]): SQL | undefined =>
  nos.length
    ? sql`o.tracking_no IN (${sql.join(
        nos.map((n) => sql`${n}`),
        sql`, `,
      )})`
    : undefined;

/** A COD order with an amount to collect. */
export const hasCod = (r: Pick<LineRow, 'is_cod' | 'cod_amount'>): boolean =>
  r.is_cod && toCents(r.cod_amount) > 0n;

export async function countLines(db: Db, where: SQL): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders o WHERE ${where}`);
  return r.rows[0]?.n ?? 0;
}

const byType = (fees: LineRow['fees'], type: number): Money | null => {
  const f = fees?.find(([t]) => t === type);
  return f ? { amount: f[1], currency: f[2] } : null;
};

/** Fees of other types, summed per currency in cents (exact). */
function otherFees(fees: LineRow['fees']): Money[] {
  const cents = new Map<string, bigint>();
  for (const [type, amount, currency] of fees ?? []) {
    if (type === FeeType.freight || type === FeeType.codFee) continue;
    cents.set(currency, (cents.get(currency) ?? 0n) + toCents(amount));
  }
  return [...cents].map(([currency, c]) => ({ amount: fromCents(c), currency }));
}

/** The carrier's name in the caller's language, when the order has one. */
export const carrierNameOf = (
  r: { carrier_name: string | null; carrier_name_en: string | null },
  locale: Locale,
): string | null =>
  r.carrier_name === null
    ? null
    : carrierName({ name: r.carrier_name, nameEn: r.carrier_name_en ?? '' }, locale);

type NamedRow = Pick<
  LineRow,
  'id' | 'tracking_no' | 'customer_no' | 'customer_id' | 'customer_code' | 'customer_name'
>;

/** What names an order and its customer on a line. */
export const orderNames = (r: NamedRow) => ({
  orderId: r.id,
  trackingNo: r.tracking_no,
  customerNo: r.customer_no,
  customerId: r.customer_id,
  customerCode: r.customer_code,
  customerName: r.customer_name,
});

/**
 * A line as the screens show it; `codCounts` says whether its COD is counted (the report: every
 * COD order; a bill: signed ones, the COD collected).
 */
export function toOrderLine(r: LineRow, t: Translate, locale: Locale, codCounts: boolean): OrderLine {
  return {
    ...orderNames(r),
    status: r.status,
    statusName: statusName(t, r.status),
    createdAt: new Date(r.created_at).toISOString(),
    arrivedAt: r.arrived_at ? new Date(r.arrived_at).toISOString() : null,
    finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    statementDate: r.statement_date,
    countryCode: r.country_code,
    countryName: localName({ nameCn: r.country_cn, nameEn: r.country_en, nameAr: r.country_ar }, locale),
    channelCode: r.channel_code,
    channelName: carrierName({ name: r.channel_name, nameEn: r.channel_name_en }, locale),
    carrierName:
      r.carrier_name === null
        ? null
        : carrierName({ name: r.carrier_name, nameEn: r.carrier_name_en ?? '' }, locale),
    carrierTrackingNo: r.carrier_tracking_no,
    packageCount: r.package_count,
    declaredWeight: r.declared_weight,
    chargeableWeight: r.chargeable_weight,
    freight: byType(r.fees, FeeType.freight),
    codFee: byType(r.fees, FeeType.codFee),
    otherFees: otherFees(r.fees),
    cod: codCounts ? { amount: r.cod_amount, currency: r.cod_currency } : null,
  };
}

/** Every line of a condition, by id, a page at a time (the exports). */
export async function* allLines(
  db: Db,
  where: SQL,
  timeZone: string,
  toLine: (r: LineRow) => OrderLine,
): AsyncGenerator<OrderLine> {
  const rows = keysetPages(
    (after, limit) =>
      selectLines(db, {
        where: after === null ? where : sql`${where} AND o.id > ${after}`,
        orderBy: sql`o.id`,
        limit,
        timeZone,
      }),
    (r) => r.id,
  );
  for await (const r of rows) yield toLine(r);
}

/**
 * One page of lines of a condition, in `orderBy`, with the count of all; `codCounts` says per line
 * whether its COD counts (toOrderLine).
 */
export async function linesPage(
  ctx: { db: Db; t: Translate; locale: Locale; timeZone: string },
  where: SQL,
  orderBy: SQL,
  page: { pageNo: number; pageSize: number },
  codCounts: (r: LineRow) => boolean,
): Promise<Page<OrderLine>> {
  const [rows, total] = await Promise.all([
    selectLines(ctx.db, {
      where,
      orderBy,
      limit: page.pageSize,
      offset: (page.pageNo - 1) * page.pageSize,
      timeZone: ctx.timeZone,
    }),
    countLines(ctx.db, where),
  ]);
  return {
    records: rows.map((r) => toOrderLine(r, ctx.t, ctx.locale, codCounts(r))),
    total,
    pageNo: page.pageNo,
    pageSize: page.pageSize,
  };
}
