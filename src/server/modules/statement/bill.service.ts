import { and, type SQL, sql } from 'drizzle-orm';
import type { Page } from '../../../shared/contract/core.ts';
import type { OrderLine } from '../../../shared/contract/report-shapes.ts';
import type { BillFilters, BillRecord } from '../../../shared/contract/statement.ts';
import {
  PROPERTY_DEFAULTS,
  SETTLEMENT_CYCLES,
  type SettlementCycle,
} from '../../../shared/domain/customer.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { cycleWindow, type Period, periodKey } from '../../../shared/domain/report-period.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import { billMessages as m } from '../../../shared/i18n/statement-messages.ts';
import type { Db } from '../../db/client.ts';
import type { Translate } from '../../i18n.ts';
import { dayOf } from '../order/print/print-orders.ts';
import { type Amounts, type Group, groupedTotals } from '../report/grouped-totals.ts';
import { hasCod, type LineRow, linesPage, trackingNoIn } from '../report/order-lines.ts';
import { customerCondition, emptyGroup, type PeriodCustomer, periodOf } from '../report/report-scope.ts';
import { businessDay, checkRange, cycleBounds, withinDays } from '../report/report-sql.ts';
import type { ReportCtx } from '../report/waybill-report.service.ts';

/**
 * Logistics bills, drawn from the orders whenever asked: an order enters its customer's bill of
 * the settlement period holding the business day it was signed or returned (orders.finished_at),
 * with its fees; a signed COD order with the COD collected. Lost orders are not billed (the loss
 * is ours), cancelled ones never left.
 */

export const BILLED = sql`o.status IN (${OrderStatus.signed}, ${OrderStatus.returned})`;
/** The COD a bill counts as collected: signed COD orders. */
export const COLLECTED = sql`status = ${OrderStatus.signed} AND is_cod AND cod_amount > 0`;

const CYCLE_NAMES: Record<SettlementCycle, MessageDescriptor> = {
  perOrder: m.cyclePerOrder,
  weekly: m.cycleWeekly,
  semiMonthly: m.cycleSemiMonthly,
  monthly: m.cycleMonthly,
};

const asCycle = (v: string): SettlementCycle =>
  (SETTLEMENT_CYCLES as readonly string[]).includes(v)
    ? (v as SettlementCycle)
    : PROPERTY_DEFAULTS.settlementCycle;

export const cycleName = (t: Translate, cycle: string): string => t(CYCLE_NAMES[asCycle(cycle)]);

/** Every customer's settlement cycle (the property, else its default). */
const CYCLES = sql`
  SELECT c.id, coalesce(p.value, ${PROPERTY_DEFAULTS.settlementCycle}) AS cycle
  FROM customers c LEFT JOIN customer_properties p ON p.customer_id = c.id AND p.key = 'settlementCycle'`;

/**
 * The orders of the bills that overlap a range, each bill whole: the orders of the range's cycle
 * window (report-period.ts cycleWindow) whose period overlaps the range.
 */
export function billOrders(
  ctx: Pick<ReportCtx, 'user' | 'timeZone'>,
  customerId: number | undefined,
  p: Period,
) {
  const b = cycleBounds(sql`k.cycle`, sql`k.day`);
  return sql`
    SELECT o.id, o.customer_id, o.status, o.is_cod, o.cod_amount, o.cod_currency, o.package_count,
      o.declared_weight, o.chargeable_weight, b.ps, b.pe, k.cycle AS lbl
    FROM orders o
    JOIN (${CYCLES}) cy ON cy.id = o.customer_id
    CROSS JOIN LATERAL (SELECT cy.cycle, ${businessDay(sql`o.finished_at`, ctx.timeZone)} AS day) k
    CROSS JOIN LATERAL (SELECT ${b.start} AS ps, ${b.end} AS pe) b
    WHERE ${and(
      withinDays(sql`o.finished_at`, cycleWindow(p), ctx.timeZone),
      BILLED,
      customerCondition(ctx.user, customerId),
      sql`b.pe >= ${p.start}::date AND b.ps <= ${p.end}::date`,
    )}`;
}

export const toBillAmounts = (a: Amounts) => ({
  currency: a.currency,
  freight: a.freight,
  codFee: a.codFee,
  otherFee: a.otherFee,
  totalFee: a.totalFee,
  codCollected: a.cod,
  net: a.net,
});

/** `today`: the business day now (a period ending on or after it is still open). */
export function toBillRecord(g: Group, t: Translate, today: string): BillRecord {
  const { label, amounts, ...rest } = g;
  const cycle = asCycle(label);
  return {
    ...rest,
    id: periodKey(g.customerId, { start: g.startDate, end: g.endDate }),
    open: g.endDate >= today,
    cycle,
    cycleName: cycleName(t, cycle),
    amounts: amounts.map(toBillAmounts),
  };
}

/** statement/trackingStatementDate: the bills overlapping the range, newest period first. */
export async function listBills(ctx: ReportCtx, q: BillFilters & { pageNo: number; pageSize: number }) {
  const p = checkRange(q);
  const res = await groupedTotals(ctx.db, {
    orders: billOrders(ctx, q.customerId, p),
    codCounted: COLLECTED,
    limit: q.pageSize,
    offset: (q.pageNo - 1) * q.pageSize,
  });
  return {
    records: res.groups.map((g) => toBillRecord(g, ctx.t, dayOf(new Date(), ctx.timeZone))),
    total: res.total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totals: { ...res.totals, amounts: res.totals.amounts.map(toBillAmounts) },
  };
}

/** A customer's settlement cycle. */
export async function cycleOf(db: Db, customerId: number): Promise<SettlementCycle> {
  const r = await db.execute<{ cycle: string }>(
    sql`SELECT cycle FROM (${CYCLES}) c WHERE c.id = ${customerId}`,
  );
  return asCycle(r.rows[0]?.cycle ?? '');
}

/** The orders of one bill: its customer's, signed or returned within its dates. */
export const billCondition = (ctx: Pick<ReportCtx, 'timeZone'>, bill: PeriodCustomer): SQL =>
  and(sql`o.customer_id = ${bill.customerId}`, BILLED, withinDays(sql`o.finished_at`, bill, ctx.timeZone))!;

/** The bill an id names (404 when the caller may not see it), its orders' condition and its summary. */
export async function billOf(ctx: ReportCtx, id: string) {
  const bill = await periodOf(ctx.db, ctx.user, id);
  const cond = billCondition(ctx, bill);
  const cycle = await cycleOf(ctx.db, bill.customerId);
  const res = await groupedTotals(ctx.db, {
    orders: sql`
      SELECT o.id, o.customer_id, o.status, o.is_cod, o.cod_amount, o.cod_currency, o.package_count,
        o.declared_weight, o.chargeable_weight, ${bill.start}::date AS ps, ${bill.end}::date AS pe, ${cycle}::text AS lbl
      FROM orders o WHERE ${cond}`,
    codCounted: COLLECTED,
    limit: 1,
    offset: 0,
  });
  return {
    bill,
    cond,
    summary: toBillRecord(res.groups[0] ?? emptyGroup(bill, cycle), ctx.t, dayOf(new Date(), ctx.timeZone)),
  };
}

/** The COD of a bill's line counts when the order was signed. */
export const collected = (r: Pick<LineRow, 'status' | 'is_cod' | 'cod_amount'>) =>
  r.status === OrderStatus.signed && hasCod(r);

/** statement/detail */
export async function billDetail(
  ctx: ReportCtx,
  q: { id: string; trackingNos: string[]; status?: '9' | '10' | undefined; pageNo: number; pageSize: number },
): Promise<Page<OrderLine> & { summary: BillRecord }> {
  const { cond, summary } = await billOf(ctx, q.id);
  const where = and(
    cond,
    trackingNoIn(q.trackingNos),
    q.status === undefined ? undefined : sql`o.status = ${Number(q.status)}`,
  )!;
  return { ...(await linesPage(ctx, where, sql`o.finished_at, o.id`, q, collected)), summary };
}
