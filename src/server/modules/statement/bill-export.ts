import { sql } from 'drizzle-orm';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import type { OrderLine } from '../../../shared/contract/report-shapes.ts';
import type { BillAmounts, BillFilters, BillRecord } from '../../../shared/contract/statement.ts';
import type { SettlementCycle } from '../../../shared/domain/customer.ts';
import { cyclePeriod } from '../../../shared/domain/report-period.ts';
import { reportMessages as r } from '../../../shared/i18n/report-messages.ts';
import { billMessages as m } from '../../../shared/i18n/statement-messages.ts';
import { type ExportColumn, startExport } from '../../files/export.ts';
import type { Ctx } from '../../http/context.ts';
import { countGroups } from '../report/grouped-totals.ts';
import { allLines, countLines, type LineRow, toOrderLine } from '../report/order-lines.ts';
import { decimalCell, groupColumns, lineColumns, pagedGroupLines } from '../report/report-export-columns.ts';
import { checkRange } from '../report/report-sql.ts';
import { reportCtxOf } from '../report/waybill-report.service.ts';
import { billOf, billOrders, COLLECTED, collected, cycleName, cycleOf } from './bill.service.ts';

/** The logistics bills' exports: the bills, the orders of the bills, one bill with its totals. */

/** statement/list/export: one line per bill and currency. */
export function exportBills(ctx: Ctx, f: BillFilters): Promise<ExportTaskRecord> {
  const orders = billOrders(reportCtxOf(ctx), f.customerId, checkRange(f));
  return startExport(ctx, {
    kind: 'logisticsBills',
    title: m.exportBills,
    filters: { ...f },
    columns: groupColumns(
      [{ header: m.colCycle, width: 14, value: (l) => cycleName(ctx.t, l.group.label) }],
      m.colCodCollected,
      m.colNet,
    ),
    count: (db) => countGroups(db, orders),
    rows: (db) => pagedGroupLines(db, { orders, codCounted: COLLECTED }),
  });
}

type BillLine = OrderLine & { billStart?: string; billEnd?: string; net?: string };

const lineOf = (ctx: Ctx) => (row: LineRow) => toOrderLine(row, ctx.t, ctx.locale, collected(row));

/** statement/list/detail/export: the orders of every bill the filters select, with their bill's dates. */
export function exportBillLines(ctx: Ctx, f: BillFilters): Promise<ExportTaskRecord> {
  const orders = billOrders(reportCtxOf(ctx), f.customerId, checkRange(f));
  const where = sql`o.id IN (SELECT b.id FROM (${orders}) b)`;
  const columns: ExportColumn<BillLine>[] = [
    { header: r.colStartDate, width: 12, value: (l) => l.billStart },
    { header: r.colEndDate, width: 12, value: (l) => l.billEnd },
    ...lineColumns(m.colCodCollected),
  ];
  return startExport<BillLine>(ctx, {
    kind: 'logisticsBillLines',
    title: m.exportBillLines,
    filters: { ...f },
    columns,
    count: (db) => countLines(db, where),
    rows: async function* (db) {
      const cycles = new Map<number, SettlementCycle>();
      for await (const line of allLines(db, where, ctx.config.businessTimeZone, lineOf(ctx))) {
        if (!cycles.has(line.customerId)) cycles.set(line.customerId, await cycleOf(db, line.customerId));
        const bill = cyclePeriod(cycles.get(line.customerId)!, line.statementDate!);
        yield { ...line, billStart: bill.start, billEnd: bill.end };
      }
    },
  });
}

/** A bill's total in one currency, as a line of its sheet; the first carries its packages and weights. */
function totalLine(ctx: Ctx, a: BillAmounts, first: BillRecord | null): BillLine {
  const money = (amount: string) => ({ amount, currency: a.currency });
  return {
    orderId: 0,
    trackingNo: ctx.t(m.totalRow, { currency: a.currency }),
    customerNo: '',
    customerId: 0,
    customerCode: '',
    customerName: '',
    status: 0,
    statusName: '',
    createdAt: '',
    arrivedAt: null,
    finishedAt: null,
    statementDate: null,
    countryCode: '',
    countryName: '',
    channelCode: '',
    channelName: '',
    carrierName: null,
    carrierTrackingNo: null,
    packageCount: first?.packageCount ?? 0,
    declaredWeight: first?.declaredWeight ?? '',
    chargeableWeight: first?.chargeableWeight ?? '',
    freight: money(a.freight),
    codFee: money(a.codFee),
    otherFees: a.otherFee === '0.00' ? [] : [money(a.otherFee)],
    cod: money(a.codCollected),
    net: a.net,
  };
}

/** statement/detail/export: one bill's orders, then its total per currency. */
export async function exportBill(ctx: Ctx, id: string): Promise<ExportTaskRecord> {
  const { cond, summary } = await billOf(reportCtxOf(ctx), id);
  const columns: ExportColumn<BillLine>[] = [
    ...lineColumns(m.colCodCollected),
    { header: m.colNet, width: 14, value: (l) => decimalCell(l.net) },
  ];
  return startExport<BillLine>(ctx, {
    kind: 'logisticsBill',
    title: m.exportBillLines,
    filters: { id },
    columns,
    count: async () => summary.orderCount + summary.amounts.length,
    rows: async function* (db) {
      yield* allLines(db, cond, ctx.config.businessTimeZone, lineOf(ctx));
      for (const [i, a] of summary.amounts.entries()) yield totalLine(ctx, a, i === 0 ? summary : null);
    },
  });
}
