import { and, type SQL, sql } from 'drizzle-orm';
import type {
  CollectingDetailFilters,
  CollectingFilters,
  CollectingOrder,
  CollectingRow,
} from '../../../shared/contract/statement.ts';
import { FeeType } from '../../../shared/domain/order-fees.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { type Period, periodKey } from '../../../shared/domain/report-period.ts';
import type { Db } from '../../db/client.ts';
import { localName } from '../../db/sql-helpers.ts';
import { carrierNameOf, orderNames, trackingNoIn } from '../report/order-lines.ts';
import { customerCondition } from '../report/report-scope.ts';
import {
  businessDay,
  businessDayText,
  checkRange,
  granularBounds,
  money,
  periodLabel,
  withinDays,
} from '../report/report-sql.ts';
import type { ReportCtx } from '../report/waybill-report.service.ts';

/**
 * COD collected: signed COD orders, on the business day they were signed, with the COD service
 * fee charged on each (its fee line in the COD's currency) and the net to remit.
 */

type Amounts = { currency: string; orderCount: number; codAmount: string; codFee: string; net: string };

/** The collected orders of the filters: signed, COD, in the range, in the caller's scope. */
export function collectedCondition(
  ctx: Pick<ReportCtx, 'user' | 'timeZone'>,
  f: Pick<CollectingFilters, 'customerId' | 'currency'>,
  p: Period,
): SQL {
  return and(
    withinDays(sql`o.finished_at`, p, ctx.timeZone),
    sql`o.status = ${OrderStatus.signed} AND o.is_cod AND o.cod_amount > 0`,
    customerCondition(ctx.user, f.customerId),
    f.currency === undefined ? undefined : sql`o.cod_currency = ${f.currency}`,
  )!;
}

/** The COD service fee of a collected order `o`, in its COD currency. */
const codFeeOf = sql`(SELECT sum(f.amount) FROM fee_details f
  WHERE f.order_id = o.id AND f.fee_type = ${FeeType.codFee} AND f.currency = o.cod_currency)`;

const amountsJson = (a: string) =>
  sql.raw(`json_build_object('currency', ${a}.currency, 'orderCount', ${a}.n,
    'codAmount', ${a}.cod::numeric(18,2)::text, 'codFee', coalesce(${a}.fee, 0)::numeric(18,2)::text,
    'net', (${a}.cod - coalesce(${a}.fee, 0))::numeric(18,2)::text)`);

/** statement/collectingList: per customer, day or month, and currency; newest first. */
export async function listCollecting(
  ctx: ReportCtx,
  q: CollectingFilters & { pageNo: number; pageSize: number },
) {
  const p = checkRange(q);
  const b = granularBounds(q.granularity, sql`d.day`, p);
  const r = await ctx.db.execute<{
    total: number;
    rows: (CollectingRow & { start: string })[];
    totals: Amounts[];
  }>(sql`
    WITH o AS MATERIALIZED (
      SELECT o.customer_id, o.cod_currency AS currency, o.cod_amount, ${codFeeOf} AS fee,
        ${b.start} AS ps, ${b.end} AS pe, ${periodLabel(q.granularity, b.start)} AS lbl
      FROM orders o CROSS JOIN LATERAL (SELECT ${businessDay(sql`o.finished_at`, ctx.timeZone)} AS day) d
      WHERE ${collectedCondition(ctx, q, p)}),
    g AS (
      SELECT customer_id, ps, pe, lbl, currency, count(*)::int AS n, sum(cod_amount) AS cod, sum(fee) AS fee
      FROM o GROUP BY customer_id, ps, pe, lbl, currency),
    page AS (
      SELECT g.*, c.code, c.name FROM g JOIN customers c ON c.id = g.customer_id
      ORDER BY g.ps DESC, c.code, g.customer_id, g.currency LIMIT ${q.pageSize} OFFSET ${(q.pageNo - 1) * q.pageSize})
    SELECT
      (SELECT count(*)::int FROM g) AS total,
      (SELECT coalesce(json_agg(${amountsJson('page')}::jsonb || jsonb_build_object(
          'customerId', page.customer_id, 'customerCode', page.code, 'customerName', page.name,
          'period', page.lbl, 'startDate', to_char(page.ps, 'YYYY-MM-DD'), 'endDate', to_char(page.pe, 'YYYY-MM-DD'))
        ORDER BY page.ps DESC, page.code, page.customer_id, page.currency), '[]') FROM page) AS rows,
      (SELECT coalesce(json_agg(${amountsJson('t')} ORDER BY t.currency), '[]')
        FROM (SELECT currency, sum(n)::int AS n, sum(cod) AS cod, sum(fee) AS fee FROM g GROUP BY currency) t) AS totals`);
  const row = r.rows[0]!;
  return {
    records: row.rows.map((x) => ({
      ...x,
      id: `${periodKey(x.customerId, { start: x.startDate, end: x.endDate })}-${x.currency}`,
    })),
    total: row.total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totals: row.totals,
  };
}

interface CollectedRow extends Record<string, unknown> {
  id: number;
  tracking_no: string;
  customer_no: string;
  customer_id: number;
  customer_code: string;
  customer_name: string;
  finished_at: Date;
  statement_date: string;
  country_cn: string;
  country_en: string;
  country_ar: string;
  carrier_name: string | null;
  carrier_name_en: string | null;
  carrier_tracking_no: string | null;
  currency: string;
  cod_amount: string;
  cod_fee: string;
  net: string;
}

/** Collected orders of a condition, by `orderBy`. */
export async function selectCollected(
  db: Db,
  q: { where: SQL; orderBy: SQL; limit: number; offset?: number; timeZone: string },
): Promise<CollectedRow[]> {
  const r = await db.execute<CollectedRow>(sql`
    SELECT o.id::int AS id, o.tracking_no, o.customer_no, o.customer_id, c.code AS customer_code,
      c.name AS customer_name, o.finished_at, ${businessDayText(sql`o.finished_at`, q.timeZone)} AS statement_date,
      r.name_cn AS country_cn, r.name_en AS country_en, r.name_ar AS country_ar,
      ca.name AS carrier_name, ca.name_en AS carrier_name_en, o.carrier_tracking_no,
      o.cod_currency AS currency, o.cod_amount::text AS cod_amount, ${money(codFeeOf)} AS cod_fee,
      ${money(sql`o.cod_amount - coalesce(${codFeeOf}, 0)`)} AS net
    FROM orders o
    JOIN customers c ON c.id = o.customer_id
    JOIN regions r ON r.id = o.consignee_country_id
    LEFT JOIN carriers ca ON ca.id = o.carrier_id
    WHERE ${q.where} ORDER BY ${q.orderBy} LIMIT ${q.limit} OFFSET ${q.offset ?? 0}`);
  return r.rows;
}

export function toCollectingOrder(r: CollectedRow, locale: ReportCtx['locale']): CollectingOrder {
  return {
    ...orderNames(r),
    signedAt: new Date(r.finished_at).toISOString(),
    statementDate: r.statement_date,
    countryName: localName({ nameCn: r.country_cn, nameEn: r.country_en, nameAr: r.country_ar }, locale),
    carrierName: carrierNameOf(r, locale),
    carrierTrackingNo: r.carrier_tracking_no,
    currency: r.currency,
    codAmount: r.cod_amount,
    codFee: r.cod_fee,
    net: r.net,
  };
}

export const detailCondition = (ctx: ReportCtx, f: CollectingDetailFilters): SQL =>
  and(collectedCondition(ctx, f, checkRange(f)), trackingNoIn(f.trackingNos))!;

/** statement/collectingDetail: the collected orders, oldest first, with totals per currency. */
export async function collectingDetail(
  ctx: ReportCtx,
  q: CollectingDetailFilters & { pageNo: number; pageSize: number },
) {
  const where = detailCondition(ctx, q);
  const [rows, sums] = await Promise.all([
    selectCollected(ctx.db, {
      where,
      orderBy: sql`o.finished_at, o.id`,
      limit: q.pageSize,
      offset: (q.pageNo - 1) * q.pageSize,
      timeZone: ctx.timeZone,
    }),
    ctx.db.execute<{ totals: Amounts[]; total: number }>(sql`
      WITH o AS MATERIALIZED (SELECT o.cod_currency AS currency, o.cod_amount, ${codFeeOf} AS fee FROM orders o WHERE ${where})
      SELECT (SELECT count(*)::int FROM o) AS total,
        (SELECT coalesce(json_agg(${amountsJson('t')} ORDER BY t.currency), '[]')
          FROM (SELECT currency, count(*)::int AS n, sum(cod_amount) AS cod, sum(fee) AS fee FROM o GROUP BY currency) t) AS totals`),
  ]);
  return {
    records: rows.map((r) => toCollectingOrder(r, ctx.locale)),
    total: sums.rows[0]!.total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totals: sums.rows[0]!.totals,
  };
}
