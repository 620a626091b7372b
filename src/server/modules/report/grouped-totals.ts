import { type SQL, sql } from 'drizzle-orm';
import { FeeType } from '../../../shared/domain/order-fees.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import type { Db } from '../../db/client.ts';

/**
 * The one aggregation behind the waybill report and the logistics bills: orders grouped by
 * customer and period, each group with its counts and weights and, per currency, its fees by type
 * and its COD; one page of groups (newest period first, then customer code) and the totals of all
 * groups, in one statement so the orders are read once. Money is summed in numeric and leaves
 * PostgreSQL as text.
 */

export interface Amounts {
  currency: string;
  freight: string;
  codFee: string;
  otherFee: string;
  totalFee: string;
  /** The COD counted (the report: the orders' COD; a bill: the COD collected). */
  cod: string;
  /** cod − totalFee. */
  net: string;
}

export interface Counts {
  orderCount: number;
  packageCount: number;
  codOrderCount: number;
  signedCount: number;
  returnedCount: number;
  declaredWeight: string;
  chargeableWeight: string;
}

export interface Group extends Counts {
  customerId: number;
  customerCode: string;
  customerName: string;
  startDate: string;
  endDate: string;
  /** The period's label (the report) or the customer's cycle (a bill). */
  label: string;
  amounts: Amounts[];
}

export interface GroupedTotals {
  total: number;
  groups: Group[];
  totals: Counts & { amounts: Amounts[] };
}

export interface GroupSpec {
  /**
   * The orders: a SELECT of orders `o` giving id, customer_id, status, is_cod, cod_amount,
   * cod_currency, package_count, declared_weight, chargeable_weight, and the group's ps, pe (first
   * and last day, dates) and lbl (text).
   */
  orders: SQL;
  /** Which of those orders' COD counts (a condition on `o`). */
  codCounted: SQL;
  limit: number;
  offset: number;
}

const amountsJson = (a: string) =>
  sql.raw(`json_build_object(
  'currency', ${a}.currency,
  'freight', ${moneyRaw(`${a}.fr`)}, 'codFee', ${moneyRaw(`${a}.cf`)}, 'otherFee', ${moneyRaw(`${a}.ot`)},
  'totalFee', ${moneyRaw(`${a}.fr + ${a}.cf + ${a}.ot`)}, 'cod', ${moneyRaw(`${a}.cod`)},
  'net', ${moneyRaw(`${a}.cod - (${a}.fr + ${a}.cf + ${a}.ot)`)})`);
const moneyRaw = (e: string) => `coalesce(${e}, 0)::numeric(18,2)::text`;

const countsJson = (g: string) =>
  sql.raw(`'orderCount', ${g}.n, 'packageCount', ${g}.pk, 'codOrderCount', ${g}.cod_n,
  'signedCount', ${g}.signed, 'returnedCount', ${g}.returned,
  'declaredWeight', coalesce(${g}.dw, 0)::numeric(18,3)::text, 'chargeableWeight', coalesce(${g}.cw, 0)::numeric(18,3)::text`);

export async function groupedTotals(db: Db, spec: GroupSpec): Promise<GroupedTotals> {
  const r = await db.execute<{ total: number; groups: Group[]; counts: Counts; amounts: Amounts[] }>(sql`
    WITH o AS MATERIALIZED (${spec.orders}),
    g AS (
      SELECT customer_id, ps, pe, lbl, count(*)::int AS n, coalesce(sum(package_count), 0)::int AS pk,
        (count(*) FILTER (WHERE ${spec.codCounted}))::int AS cod_n,
        (count(*) FILTER (WHERE status = ${OrderStatus.signed}))::int AS signed,
        (count(*) FILTER (WHERE status = ${OrderStatus.returned}))::int AS returned,
        sum(declared_weight) AS dw, sum(chargeable_weight) AS cw
      FROM o GROUP BY customer_id, ps, pe, lbl),
    a AS (
      SELECT customer_id, ps, currency, coalesce(sum(fr), 0) AS fr, coalesce(sum(cf), 0) AS cf,
        coalesce(sum(ot), 0) AS ot, coalesce(sum(cod), 0) AS cod
      FROM (
        SELECT o.customer_id, o.ps, f.currency,
          CASE WHEN f.fee_type = ${FeeType.freight} THEN f.amount END AS fr,
          CASE WHEN f.fee_type = ${FeeType.codFee} THEN f.amount END AS cf,
          CASE WHEN f.fee_type NOT IN (${FeeType.freight}, ${FeeType.codFee}) THEN f.amount END AS ot,
          NULL::numeric AS cod
        FROM o JOIN fee_details f ON f.order_id = o.id
        UNION ALL
        SELECT o.customer_id, o.ps, o.cod_currency, NULL, NULL, NULL, o.cod_amount FROM o WHERE ${spec.codCounted}
      ) x GROUP BY customer_id, ps, currency),
    page AS (
      SELECT g.*, c.code, c.name FROM g JOIN customers c ON c.id = g.customer_id
      ORDER BY g.ps DESC, c.code, g.customer_id LIMIT ${spec.limit} OFFSET ${spec.offset})
    SELECT
      (SELECT count(*)::int FROM g) AS total,
      (SELECT coalesce(json_agg(json_build_object(
          'customerId', page.customer_id, 'customerCode', page.code, 'customerName', page.name,
          'startDate', to_char(page.ps, 'YYYY-MM-DD'), 'endDate', to_char(page.pe, 'YYYY-MM-DD'),
          'label', page.lbl, ${countsJson('page')},
          'amounts', (SELECT coalesce(json_agg(${amountsJson('a')} ORDER BY a.currency), '[]')
                      FROM a WHERE a.customer_id = page.customer_id AND a.ps = page.ps))
        ORDER BY page.ps DESC, page.code, page.customer_id), '[]') FROM page) AS groups,
      (SELECT json_build_object(${countsJson('s')})
        FROM (SELECT coalesce(sum(n), 0)::int AS n, coalesce(sum(pk), 0)::int AS pk,
          coalesce(sum(cod_n), 0)::int AS cod_n, coalesce(sum(signed), 0)::int AS signed,
          coalesce(sum(returned), 0)::int AS returned, sum(dw) AS dw, sum(cw) AS cw FROM g) s) AS counts,
      (SELECT coalesce(json_agg(${amountsJson('t')} ORDER BY t.currency), '[]')
        FROM (SELECT currency, sum(fr) AS fr, sum(cf) AS cf, sum(ot) AS ot, sum(cod) AS cod
              FROM a GROUP BY currency) t) AS amounts`);
  const row = r.rows[0]!;
  return { total: row.total, groups: row.groups, totals: { ...row.counts, amounts: row.amounts } };
}

/** An empty group's counts (a period with no orders). */
export const NO_COUNTS: Counts = {
  orderCount: 0,
  packageCount: 0,
  codOrderCount: 0,
  signedCount: 0,
  returnedCount: 0,
  declaredWeight: '0.000',
  chargeableWeight: '0.000',
};

/** How many groups the orders make (an export's progress), without summing their money. */
export async function countGroups(db: Db, orders: SQL): Promise<number> {
  const r = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (SELECT DISTINCT customer_id, ps FROM (${orders}) o) g`,
  );
  return r.rows[0]?.n ?? 0;
}
