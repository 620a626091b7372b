import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import type { OriginFilters } from '../../../shared/contract/origin-order.ts';
import { ConfirmState } from '../../../shared/domain/origin-order.ts';
import { originOrderMessages as m } from '../../../shared/i18n/origin-order-messages.ts';
import { customers, orders, originOrders } from '../../db/schema/index.ts';
import { type ExportColumn, keysetPages, startExport } from '../../files/export.ts';
import type { Ctx } from '../../http/context.ts';
import { EXTRA_COLUMNS } from './origin-extra-import.ts';
import { addressLine, originConditions } from './origin-read.ts';

interface ExportRow {
  o: typeof originOrders.$inferSelect;
  customerCode: string;
  trackingNo: string | null;
}

const header = (key: (typeof EXTRA_COLUMNS)[number]['key']) =>
  EXTRA_COLUMNS.find((c) => c.key === key)!.header;

/** Times as the importer reads them back (UTC, minutes). */
const minutes = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace('T', ' ') : '');

/**
 * The extra information of the origin orders the filters select (or the chosen ids among them),
 * as an export task: the import template's columns first (so the file imports again), then what
 * identifies each order on screen.
 */
export function exportExtraInfo(ctx: Ctx, filters: OriginFilters & { ids?: number[] | undefined }) {
  const { ids, ...rest } = filters;
  const where = and(originConditions(rest), ids ? inArray(originOrders.id, ids) : undefined);
  const t = ctx.t;
  const confirmed = (s: number) => t(s === ConfirmState.confirmed ? m.confirmed : m.unconfirmed);
  const uploadNames = [t(m.upload0), t(m.upload1), t(m.upload2)];
  const columns: ExportColumn<ExportRow>[] = [
    { header: header('platform'), width: 12, value: (r) => r.o.platform },
    { header: header('platformOrderNo'), width: 24, value: (r) => r.o.platformOrderNo },
    { header: header('buyerIdNo'), width: 16, value: (r) => r.o.buyerIdNo },
    { header: header('declaredValue'), width: 14, value: (r) => r.o.declaredValue ?? '' },
    { header: header('declaredCurrency'), width: 12, value: (r) => r.o.declaredCurrency },
    { header: header('invoiceNo'), width: 18, value: (r) => r.o.invoiceNo },
    { header: header('paymentMethod'), width: 22, value: (r) => r.o.paymentMethod },
    { header: header('paidAt'), width: 22, value: (r) => minutes(r.o.paidAt) },
    { header: header('extraRemark'), width: 30, value: (r) => r.o.extraRemark },
    { header: m.colShop, width: 18, value: (r) => r.o.shopName },
    { header: m.colCustomerCode, width: 12, value: (r) => r.customerCode },
    { header: m.colTrackingNo, width: 16, value: (r) => r.trackingNo ?? '' },
    { header: m.colReceiver, width: 18, value: (r) => r.o.receiverName },
    { header: m.colReceiverPhone, width: 16, value: (r) => r.o.receiverPhone },
    {
      header: m.colReceiverAddress,
      width: 40,
      value: (r) =>
        addressLine(
          r.o.receiverCountry,
          r.o.receiverProvince,
          r.o.receiverCity,
          r.o.receiverDistrict,
          r.o.receiverAddress,
        ),
    },
    { header: m.colReceiverState, width: 14, value: (r) => confirmed(r.o.receiverConfirmState) },
    { header: m.colSenderState, width: 14, value: (r) => confirmed(r.o.senderConfirmState) },
    { header: m.colUploadState, width: 12, value: (r) => uploadNames[r.o.uploadState] ?? r.o.uploadState },
    { header: m.colCreatedAt, width: 20, time: true, value: (r) => r.o.createdAt },
  ];
  return startExport<ExportRow>(ctx, {
    kind: 'originExtra',
    title: m.extraExportTitle,
    filters: { ...filters },
    columns,
    count: async (db) => (await db.select({ n: count() }).from(originOrders).where(where))[0]?.n ?? 0,
    rows: (db) =>
      keysetPages(
        (after, limit) =>
          db
            .select({ o: originOrders, customerCode: customers.code, trackingNo: orders.trackingNo })
            .from(originOrders)
            .innerJoin(customers, eq(customers.id, originOrders.customerId))
            .leftJoin(orders, eq(orders.id, originOrders.orderId))
            .where(and(where, after === null ? undefined : gt(originOrders.id, after)))
            .orderBy(asc(originOrders.id))
            .limit(limit),
        (r) => r.o.id,
      ),
  }) satisfies Promise<ExportTaskRecord>;
}
