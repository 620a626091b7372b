import type { OrderLine } from '../../../shared/contract/report-shapes.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import { orderStaffMessages as o } from '../../../shared/i18n/order-staff-messages.ts';
import { reportMessages as m } from '../../../shared/i18n/report-messages.ts';
import type { Db } from '../../db/client.ts';
import type { CellValue, ExportColumn } from '../../files/export.ts';
import { type Amounts, type Group, type GroupSpec, groupedTotals } from './grouped-totals.ts';

/**
 * The sheets of the reports: order lines (the orders behind rows, the orders of bills) and groups
 * (report rows, bills) written one line per group and currency, the counts on a group's first line
 * only, so that every column of the sheet adds up to the totals.
 */

/** Money and weights go out as numbers, so the sheet can sum them. */
export const decimalCell = (v: string | null | undefined): CellValue => (v ? Number(v) : null);

/** The columns of an order line; `cod` heads its COD column (COD amount, or COD collected). */
export function lineColumns(cod: MessageDescriptor): ExportColumn<OrderLine>[] {
  return [
    { header: o.colTrackingNo, width: 18, value: (l) => l.trackingNo },
    { header: o.colCustomerNo, width: 20, value: (l) => l.customerNo },
    { header: o.colCustomerCode, width: 12, value: (l) => l.customerCode },
    { header: o.colCustomerName, width: 22, value: (l) => l.customerName },
    { header: o.colStatus, width: 12, value: (l) => l.statusName },
    { header: o.colCreatedAt, width: 20, time: true, value: (l) => l.createdAt },
    { header: o.colArrivedAt, width: 20, time: true, value: (l) => l.arrivedAt },
    { header: m.colFinishedAt, width: 20, time: true, value: (l) => l.finishedAt },
    { header: m.colStatementDate, width: 14, value: (l) => l.statementDate },
    { header: o.colCountry, width: 16, value: (l) => l.countryName },
    { header: o.colChannel, width: 20, value: (l) => l.channelName },
    { header: o.colCarrier, width: 16, value: (l) => l.carrierName },
    { header: o.colCarrierTrackingNo, width: 20, value: (l) => l.carrierTrackingNo },
    { header: o.colPackageCount, width: 10, value: (l) => l.packageCount || null },
    { header: o.colDeclaredWeight, width: 12, value: (l) => decimalCell(l.declaredWeight) },
    { header: o.colChargeableWeight, width: 12, value: (l) => decimalCell(l.chargeableWeight) },
    { header: m.colFreight, width: 12, value: (l) => decimalCell(l.freight?.amount) },
    { header: m.colFreightCurrency, width: 10, value: (l) => l.freight?.currency },
    { header: m.colCodFee, width: 12, value: (l) => decimalCell(l.codFee?.amount) },
    { header: m.colCodFeeCurrency, width: 10, value: (l) => l.codFee?.currency },
    {
      header: m.colOtherFees,
      width: 16,
      value: (l) => l.otherFees.map((f) => `${f.amount} ${f.currency}`).join('; ') || null,
    },
    { header: cod, width: 12, value: (l) => decimalCell(l.cod?.amount) },
    { header: o.colCodCurrency, width: 10, value: (l) => l.cod?.currency },
  ];
}

/** One sheet line of a group: the group, one of its currencies (none when it has no money). */
export interface GroupLine {
  group: Group;
  amounts: Amounts | null;
  first: boolean;
}

export function* groupLines(groups: readonly Group[]): Generator<GroupLine> {
  for (const group of groups) {
    if (group.amounts.length === 0) yield { group, amounts: null, first: true };
    for (const [i, amounts] of group.amounts.entries()) yield { group, amounts, first: i === 0 };
  }
}

const onFirst = (value: (g: Group) => CellValue) => (l: GroupLine) => (l.first ? value(l.group) : null);

/** Columns of a group's lines: `head` names it (period, cycle…), `cod` and `net` head its COD columns. */
export function groupColumns(
  head: ExportColumn<GroupLine>[],
  cod: MessageDescriptor,
  net?: MessageDescriptor,
): ExportColumn<GroupLine>[] {
  const columns: ExportColumn<GroupLine>[] = [
    { header: o.colCustomerCode, width: 12, value: (l) => l.group.customerCode },
    { header: o.colCustomerName, width: 22, value: (l) => l.group.customerName },
    ...head,
    { header: m.colStartDate, width: 12, value: (l) => l.group.startDate },
    { header: m.colEndDate, width: 12, value: (l) => l.group.endDate },
    { header: m.colOrders, width: 10, value: onFirst((g) => g.orderCount) },
    { header: o.colPackageCount, width: 10, value: onFirst((g) => g.packageCount) },
    { header: m.colCodOrders, width: 10, value: onFirst((g) => g.codOrderCount) },
    { header: m.colSigned, width: 10, value: onFirst((g) => g.signedCount) },
    { header: m.colReturned, width: 10, value: onFirst((g) => g.returnedCount) },
    { header: o.colDeclaredWeight, width: 12, value: onFirst((g) => decimalCell(g.declaredWeight)) },
    { header: o.colChargeableWeight, width: 12, value: onFirst((g) => decimalCell(g.chargeableWeight)) },
    { header: o.colCurrency, width: 10, value: (l) => l.amounts?.currency },
    { header: m.colFreight, width: 12, value: (l) => decimalCell(l.amounts?.freight) },
    { header: m.colCodFee, width: 12, value: (l) => decimalCell(l.amounts?.codFee) },
    { header: m.colOtherFees, width: 12, value: (l) => decimalCell(l.amounts?.otherFee) },
    { header: m.colTotalFees, width: 12, value: (l) => decimalCell(l.amounts?.totalFee) },
    { header: cod, width: 12, value: (l) => decimalCell(l.amounts?.cod) },
  ];
  if (net) columns.push({ header: net, width: 14, value: (l) => decimalCell(l.amounts?.net) });
  return columns;
}

/** Groups read a large page at a time (an export holds one page in memory). */
const GROUP_PAGE = 5000;

export async function* pagedGroupLines(db: Db, spec: Omit<GroupSpec, 'limit' | 'offset'>) {
  for (let offset = 0; ; offset += GROUP_PAGE) {
    const { groups } = await groupedTotals(db, { ...spec, limit: GROUP_PAGE, offset });
    yield* groupLines(groups);
    if (groups.length < GROUP_PAGE) return;
  }
}
