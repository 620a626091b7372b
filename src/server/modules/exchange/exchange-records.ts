import { and, asc, count, desc, eq, gt, gte, inArray, lt, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Page } from '../../../shared/contract/core.ts';
import type { ExchangeFilters, ExchangeRecord } from '../../../shared/contract/exchange.ts';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import type { SortKeyOf } from '../../../shared/domain/list-sort.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import { orderStaffMessages as c } from '../../../shared/i18n/order-staff-messages.ts';
import type { Db } from '../../db/client.ts';
import { orderOf } from '../../db/list-sort.ts';
import {
  carriers,
  customers,
  exchangeRecords,
  orders,
  packages,
  regions,
  shippingChannels,
  users,
} from '../../db/schema/index.ts';
import { carrierName, localName } from '../../db/sql-helpers.ts';
import { type ExportColumn, keysetPages, startExport } from '../../files/export.ts';
import type { Ctx } from '../../http/context.ts';
import { invalid } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { numberedName } from '../bill/bill-names.ts';
import { iso, person } from '../bill/bill-read.ts';
import { statusName } from '../order-core/order-names.ts';

/** The exchange records: the list (filters, sort, keyset pages) and its export. */

const recCarrier = alias(carriers, 'er_carrier');
const operator = alias(users, 'er_operator');
const listCountry = alias(regions, 'er_country');

const selectRecords = (db: Db) =>
  db
    .select({
      r: exchangeRecords,
      o: orders,
      customerCode: customers.code,
      channelName: shippingChannels.name,
      channelNameEn: shippingChannels.nameEn,
      carrierName: recCarrier.name,
      carrierNameEn: recCarrier.nameEn,
      countryCn: listCountry.nameCn,
      countryEn: listCountry.nameEn,
      countryAr: listCountry.nameAr,
      operatorNick: operator.nickname,
      operatorUser: operator.username,
      packageNo: packages.no,
    })
    .from(exchangeRecords)
    .innerJoin(orders, eq(orders.id, exchangeRecords.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(shippingChannels, eq(shippingChannels.id, orders.channelId))
    .innerJoin(listCountry, eq(listCountry.id, orders.consigneeCountryId))
    .leftJoin(recCarrier, eq(recCarrier.id, exchangeRecords.carrierId))
    .leftJoin(operator, eq(operator.id, exchangeRecords.exchangedBy))
    .leftJoin(packages, eq(packages.id, exchangeRecords.packageId));

type Joined = Awaited<ReturnType<ReturnType<typeof selectRecords>['where']>>[number];

const toRecord = (r: Joined, t: Translate, locale: Locale): ExchangeRecord => ({
  recId: r.r.id,
  orderId: r.o.id,
  trackingNo: r.o.trackingNo,
  customerCode: r.customerCode,
  channelName: carrierName({ name: r.channelName, nameEn: r.channelNameEn }, locale),
  carrierName:
    r.carrierName === null
      ? null
      : carrierName({ name: r.carrierName, nameEn: r.carrierNameEn ?? '' }, locale),
  carrierTrackingNo: r.r.carrierTrackingNo,
  consigneeName: r.o.consigneeName,
  countryName: localName({ nameCn: r.countryCn, nameEn: r.countryEn, nameAr: r.countryAr }, locale),
  status: r.o.status,
  statusName: statusName(t, r.o.status),
  exchanged: r.r.exchanged,
  exchangedName: numberedName(t, 'exchange', r.r.exchanged),
  exchangedAt: iso(r.r.exchangedAt),
  exchangedBy: person(r.operatorNick, r.operatorUser),
  packageNo: r.packageNo,
  scanCount: r.r.scanCount,
  createdAt: r.r.createdAt.toISOString(),
});

export function exchangeConditions(f: ExchangeFilters): SQL | undefined {
  if (f.startTime && f.endTime && Date.parse(f.endTime) <= Date.parse(f.startTime))
    throw invalid([{ path: 'endTime', descriptor: orderMessages.timeRangeInvalid }]);
  return and(
    f.trackingNos.length ? inArray(orders.trackingNo, f.trackingNos) : undefined,
    f.carrierTrackingNos.length
      ? inArray(exchangeRecords.carrierTrackingNo, f.carrierTrackingNos)
      : undefined,
    f.exchanged !== undefined ? eq(exchangeRecords.exchanged, f.exchanged) : undefined,
    f.carrierId !== undefined ? eq(exchangeRecords.carrierId, f.carrierId) : undefined,
    f.channelId !== undefined ? eq(orders.channelId, f.channelId) : undefined,
    f.startTime ? gte(exchangeRecords.exchangedAt, new Date(f.startTime)) : undefined,
    f.endTime ? lt(exchangeRecords.exchangedAt, new Date(f.endTime)) : undefined,
  );
}

/** What each sortable column of the exchange list sorts by. */
const EXCHANGE_SORT_COLUMNS: Record<SortKeyOf<'exchange'>, SQLWrapper> = {
  createdAt: exchangeRecords.createdAt,
  exchangedAt: exchangeRecords.exchangedAt,
  scanCount: exchangeRecords.scanCount,
};

export async function listExchanges(
  db: Db,
  q: ExchangeFilters & { pageNo: number; pageSize: number },
  t: Translate,
  locale: Locale,
): Promise<Page<ExchangeRecord>> {
  const cond = exchangeConditions(q);
  const [rows, [total]] = await Promise.all([
    selectRecords(db)
      .where(cond)
      .orderBy(
        ...orderOf(q, EXCHANGE_SORT_COLUMNS, exchangeRecords.id, [
          desc(exchangeRecords.createdAt),
          desc(exchangeRecords.id),
        ]),
      )
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(exchangeRecords)
      .innerJoin(orders, eq(orders.id, exchangeRecords.orderId))
      .where(cond),
  ]);
  return {
    records: rows.map((r) => toRecord(r, t, locale)),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** exchange/scan/export */
export function exportExchanges(ctx: Ctx, f: ExchangeFilters): Promise<ExportTaskRecord> {
  const where = exchangeConditions(f);
  const columns: ExportColumn<ExchangeRecord>[] = [
    { header: c.colTrackingNo, value: (r) => r.trackingNo },
    { header: c.colCustomerCode, width: 12, value: (r) => r.customerCode },
    { header: c.colChannel, value: (r) => r.channelName },
    { header: c.colCarrier, value: (r) => r.carrierName ?? '' },
    { header: c.colCarrierTrackingNo, value: (r) => r.carrierTrackingNo ?? '' },
    { header: c.colConsigneeName, value: (r) => r.consigneeName },
    { header: c.colCountry, width: 14, value: (r) => r.countryName },
    { header: c.colStatus, width: 12, value: (r) => r.statusName },
    { header: m.colPackageNo, value: (r) => r.packageNo ?? '' },
    { header: m.colExchanged, width: 12, value: (r) => r.exchangedName },
    { header: m.colExchangedAt, width: 20, time: true, value: (r) => r.exchangedAt },
    { header: m.colExchangedBy, value: (r) => r.exchangedBy ?? '' },
    { header: m.colScanCount, width: 8, value: (r) => r.scanCount },
  ];
  return startExport(ctx, {
    kind: 'exchange',
    title: m.titleExchange,
    filters: { ...f },
    columns,
    count: async (db) =>
      (
        await db
          .select({ n: count() })
          .from(exchangeRecords)
          .innerJoin(orders, eq(orders.id, exchangeRecords.orderId))
          .where(where)
      )[0]?.n ?? 0,
    rows: async function* (db) {
      const pages = keysetPages(
        (after, limit) =>
          selectRecords(db)
            .where(and(where, after === null ? undefined : gt(exchangeRecords.id, after)))
            .orderBy(asc(exchangeRecords.id))
            .limit(limit),
        (r) => r.r.id,
      );
      for await (const r of pages) yield toRecord(r, ctx.t, ctx.locale);
    },
  });
}
