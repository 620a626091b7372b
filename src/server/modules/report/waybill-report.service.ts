import { and, type SQL, sql } from 'drizzle-orm';
import type { Page } from '../../../shared/contract/core.ts';
import type { ReportFilters, ReportRow } from '../../../shared/contract/report.ts';
import type { OrderLine } from '../../../shared/contract/report-shapes.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { type Granularity, type Period, periodKey } from '../../../shared/domain/report-period.ts';
import type { Db } from '../../db/client.ts';
import type { AuthUser, Ctx } from '../../http/context.ts';
import type { Translate } from '../../i18n.ts';
import { type Amounts, type Group, groupedTotals } from './grouped-totals.ts';
import { hasCod, linesPage, trackingNoIn } from './order-lines.ts';
import { customerCondition, emptyGroup, periodOf } from './report-scope.ts';
import { businessDay, checkRange, granularBounds, periodLabel, withinDays } from './report-sql.ts';

/**
 * The waybill report: orders by customer and day or month of their creation (or arrival at the
 * warehouse), cancelled ones left out, with their counts, weights, fees and COD (grouped-totals.ts).
 */

export interface ReportCtx {
  db: Db;
  user: AuthUser;
  t: Translate;
  locale: Locale;
  timeZone: string;
}

export const reportCtxOf = (ctx: Ctx): ReportCtx => ({
  db: ctx.db,
  user: ctx.user,
  t: ctx.t,
  locale: ctx.locale,
  timeZone: ctx.config.businessTimeZone,
});

type RowFilters = Pick<ReportFilters, 'timeBasis' | 'channelId' | 'countryId'>;

/** Every COD order's COD counts in the report (collected or not yet). */
export const REPORT_COD = sql`is_cod AND cod_amount > 0`;

const timeOf = (f: RowFilters) => (f.timeBasis === 'arrival' ? sql`o.arrived_at` : sql`o.created_at`);

/** The report's orders: the range by the time basis, the filters, the caller's scope, not cancelled. */
export function reportCondition(
  ctx: Pick<ReportCtx, 'user' | 'timeZone'>,
  f: RowFilters & { customerId?: number | undefined },
  p: Period,
): SQL {
  return and(
    withinDays(timeOf(f), p, ctx.timeZone),
    sql`o.status <> ${OrderStatus.cancelled}`,
    customerCondition(ctx.user, f.customerId),
    f.channelId === undefined ? undefined : sql`o.channel_id = ${f.channelId}`,
    f.countryId === undefined ? undefined : sql`o.consignee_country_id = ${f.countryId}`,
  )!;
}

/** The orders SELECT grouped-totals.ts reads, grouped by day or month. */
export function reportOrders(ctx: ReportCtx, f: RowFilters, g: Granularity, p: Period, cond: SQL): SQL {
  const b = granularBounds(g, sql`d.day`, p);
  return sql`
    SELECT o.id, o.customer_id, o.status, o.is_cod, o.cod_amount, o.cod_currency, o.package_count,
      o.declared_weight, o.chargeable_weight, ${b.start} AS ps, ${b.end} AS pe, ${periodLabel(g, b.start)} AS lbl
    FROM orders o CROSS JOIN LATERAL (SELECT ${businessDay(timeOf(f), ctx.timeZone)} AS day) d
    WHERE ${cond}`;
}

export const toReportAmounts = (a: Amounts) => ({
  currency: a.currency,
  freight: a.freight,
  codFee: a.codFee,
  otherFee: a.otherFee,
  totalFee: a.totalFee,
  codAmount: a.cod,
});

export function toReportRow(g: Group): ReportRow {
  const { label, amounts, startDate, endDate, ...rest } = g;
  return {
    ...rest,
    id: periodKey(g.customerId, { start: startDate, end: endDate }),
    period: label,
    startDate,
    endDate,
    amounts: amounts.map(toReportAmounts),
  };
}

/** report/list */
export async function listReport(ctx: ReportCtx, q: ReportFilters & { pageNo: number; pageSize: number }) {
  const p = checkRange(q);
  const res = await groupedTotals(ctx.db, {
    orders: reportOrders(ctx, q, q.granularity, p, reportCondition(ctx, q, p)),
    codCounted: REPORT_COD,
    limit: q.pageSize,
    offset: (q.pageNo - 1) * q.pageSize,
  });
  return {
    records: res.groups.map(toReportRow),
    total: res.total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totals: { ...res.totals, amounts: res.totals.amounts.map(toReportAmounts) },
  };
}

/** A row's label from its dates: the day, or the month of a longer row. */
const rowLabel = (p: Period) => (p.start === p.end ? p.start : p.start.slice(0, 7));

/** The orders of one row (its id), by the filters it was drawn with. */
export async function rowCondition(ctx: ReportCtx, id: string, f: RowFilters) {
  const period = await periodOf(ctx.db, ctx.user, id);
  return { period, cond: reportCondition(ctx, { ...f, customerId: period.customerId }, period) };
}

/** The orders of one row and the row itself. */
export async function reportRowOf(ctx: ReportCtx, id: string, f: RowFilters) {
  const { period, cond } = await rowCondition(ctx, id, f);
  const label = rowLabel(period);
  const res = await groupedTotals(ctx.db, {
    orders: sql`
      SELECT o.id, o.customer_id, o.status, o.is_cod, o.cod_amount, o.cod_currency, o.package_count,
        o.declared_weight, o.chargeable_weight, ${period.start}::date AS ps, ${period.end}::date AS pe, ${label}::text AS lbl
      FROM orders o WHERE ${cond}`,
    codCounted: REPORT_COD,
    limit: 1,
    offset: 0,
  });
  return { cond, summary: toReportRow(res.groups[0] ?? emptyGroup(period, label)) };
}

/** report/detail */
export async function reportDetail(
  ctx: ReportCtx,
  q: RowFilters & { id: string; trackingNos: string[]; pageNo: number; pageSize: number },
): Promise<Page<OrderLine> & { summary: ReportRow }> {
  const { cond, summary } = await reportRowOf(ctx, q.id, q);
  const where = and(cond, trackingNoIn(q.trackingNos))!;
  return { ...(await linesPage(ctx, where, sql`${timeOf(q)}, o.id`, q, hasCod)), summary };
}
