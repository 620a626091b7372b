import { and, asc, count, desc, eq, gt, gte, inArray, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Page } from '../../../shared/contract/core.ts';
import type {
  ExchangeCombinedResult,
  ExchangeFilters,
  ExchangeLabel,
  ExchangeRecord,
  ExchangeScanResult,
} from '../../../shared/contract/exchange.ts';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import {
  EXCHANGE_STATUSES,
  ExchangeState,
  MovementNode,
  type ScanRefusal,
} from '../../../shared/domain/lading.ts';
import type { SortKeyOf } from '../../../shared/domain/list-sort.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
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
  packageItems,
  packages,
  regions,
  shippingChannels,
  users,
} from '../../db/schema/index.ts';
import { carrierName, localName } from '../../db/sql-helpers.ts';
import { type ExportColumn, keysetPages, startExport } from '../../files/export.ts';
import type { AuthUser, Ctx } from '../../http/context.ts';
import { AppError, invalid } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { numberedName } from '../bill/bill-names.ts';
import {
  heldMessage,
  heldReason,
  iso,
  lockOrderByNo,
  lockOrders,
  orderStatusValues,
  person,
  refuse,
  tx,
} from '../bill/movement.ts';
import { statusName } from '../order/order-names.ts';
import type { OrderRow } from '../order/order-read.ts';
import { recordEvent } from '../order/order-store.ts';

/**
 * The exchange (relabel) scan at the destination: our tracking no in, the last-mile carrier and
 * its number out; the order is marked exchanged once (orders.exchange_status, its exchange record,
 * an event), and a repeat answers the same label as `already` (a reprint).
 */

const city = alias(regions, 'ex_city');
const country = alias(regions, 'ex_country');

async function labelOf(
  db: Db,
  o: OrderRow,
  locale: Locale,
  exchangedAt: Date | null,
  scanCount: number,
): Promise<ExchangeLabel> {
  const [r] = await db
    .select({
      carrierCode: carriers.code,
      carrierName: carriers.name,
      carrierNameEn: carriers.nameEn,
      cityCn: city.nameCn,
      cityEn: city.nameEn,
      cityAr: city.nameAr,
      countryCn: country.nameCn,
      countryEn: country.nameEn,
      countryAr: country.nameAr,
    })
    .from(orders)
    .leftJoin(carriers, eq(carriers.id, orders.carrierId))
    .leftJoin(city, eq(city.id, orders.consigneeCityId))
    .innerJoin(country, eq(country.id, orders.consigneeCountryId))
    .where(eq(orders.id, o.id));
  return {
    orderId: o.id,
    trackingNo: o.trackingNo,
    customerNo: o.customerNo,
    carrierId: o.carrierId,
    carrierCode: r?.carrierCode ?? null,
    carrierName: r?.carrierName
      ? carrierName({ name: r.carrierName, nameEn: r.carrierNameEn ?? '' }, locale)
      : null,
    carrierTrackingNo: o.carrierTrackingNo,
    consigneeName: o.consigneeName,
    consigneePhone: o.consigneePhone,
    countryName: r
      ? localName({ nameCn: r.countryCn, nameEn: r.countryEn, nameAr: r.countryAr }, locale)
      : '',
    city:
      r?.cityCn != null
        ? localName({ nameCn: r.cityCn, nameEn: r.cityEn ?? '', nameAr: r.cityAr ?? '' }, locale)
        : o.consigneeCity,
    address: o.consigneeAddress,
    isCod: o.isCod,
    codAmount: o.codAmount,
    codCurrency: o.codCurrency,
    pieceCount: o.packageCount,
    weight: o.checkedWeight ?? o.declaredWeight,
    exchangedAt: iso(exchangedAt),
    scanCount,
  };
}

/** One locked order exchanged (or answered again); a refusal is thrown before anything is written. */
async function exchangeOne(
  db: Db,
  o: OrderRow,
  code: string,
  packageId: number | null,
  user: AuthUser,
  t: Translate,
  locale: Locale,
): Promise<ExchangeScanResult> {
  const held = heldReason(o);
  if (held) throw refuse(held, heldMessage(held), { trackingNo: o.trackingNo }, code, null);
  if (!EXCHANGE_STATUSES.includes(o.status))
    throw refuse(
      o.status === OrderStatus.created ? 'notReceived' : 'wrongStatus',
      o.status === OrderStatus.created ? m.refusedNotReceived : m.refusedWrongStatus,
      orderStatusValues(t, o),
      code,
      null,
    );
  if (o.carrierId === null || !o.carrierTrackingNo)
    throw refuse('noCarrier', m.refusedNoCarrier, { trackingNo: o.trackingNo }, code, null);
  const now = new Date();
  const first = o.exchangeStatus !== ExchangeState.exchanged;
  const [rec] = await db
    .insert(exchangeRecords)
    .values({
      orderId: o.id,
      exchanged: ExchangeState.exchanged,
      carrierId: o.carrierId,
      carrierTrackingNo: o.carrierTrackingNo,
      packageId,
      scanCount: 1,
      exchangedAt: now,
      exchangedBy: user.id,
    })
    .onConflictDoUpdate({
      target: exchangeRecords.orderId,
      set: {
        exchanged: ExchangeState.exchanged,
        carrierId: o.carrierId,
        carrierTrackingNo: o.carrierTrackingNo,
        packageId: sql`coalesce(${exchangeRecords.packageId}, ${packageId})`,
        scanCount: sql`${exchangeRecords.scanCount} + 1`,
        exchangedAt: sql`coalesce(${exchangeRecords.exchangedAt}, ${now.toISOString()}::timestamptz)`,
        exchangedBy: sql`coalesce(${exchangeRecords.exchangedBy}, ${user.id})`,
      },
    })
    .returning();
  if (first) {
    await db
      .update(orders)
      .set({ exchangeStatus: ExchangeState.exchanged, exchangedAt: now, updatedAt: now })
      .where(eq(orders.id, o.id));
    await recordEvent(db, {
      orderId: o.id,
      node: MovementNode.exchanged,
      carrierId: null,
      description: o.carrierTrackingNo,
      isPublic: false,
      operatorId: user.id,
      occurredAt: now,
    });
  }
  const label = await labelOf(db, o, locale, rec!.exchangedAt, rec!.scanCount);
  const values = {
    trackingNo: o.trackingNo,
    carrier: label.carrierName ?? '',
    carrierTrackingNo: o.carrierTrackingNo,
  };
  return {
    ...label,
    result: first ? 'ok' : 'already',
    message: t(first ? m.exchangeOk : m.exchangeAgain, values),
  };
}

/** exchange/scan/{trackingNo} */
export async function exchangeScan(db: Db, user: AuthUser, code: string, t: Translate, locale: Locale) {
  return tx(db, async (tx) => {
    const o = await lockOrderByNo(tx, code);
    if (!o) throw refuse('unknown', m.refusedUnknown, { trackingNo: code }, code, null);
    return exchangeOne(tx, o, code, null, user, t, locale);
  });
}

/** exchange/scanCombined/{trackingNo}: the package (by its no, or an order in it), every order. */
export async function exchangeScanCombined(
  db: Db,
  user: AuthUser,
  code: string,
  t: Translate,
  locale: Locale,
): Promise<ExchangeCombinedResult> {
  return tx(db, async (tx) => {
    let [p] = await tx.select().from(packages).where(eq(packages.no, code));
    if (!p) {
      const [o] = await tx.select().from(orders).where(eq(orders.trackingNo, code));
      if (!o) throw refuse('unknown', m.refusedUnknown, { trackingNo: code }, code, null);
      [p] = await tx
        .select({ p: packages })
        .from(packageItems)
        .innerJoin(packages, eq(packages.id, packageItems.packageId))
        .where(and(eq(packageItems.orderId, o.id), eq(packageItems.active, true)))
        .then((rows) => rows.map((r) => r.p));
      if (!p) throw refuse('notInPackage', m.refusedNotInPackage, { trackingNo: code }, code, null);
    }
    const ids = (
      await tx
        .select({ id: packageItems.orderId })
        .from(packageItems)
        .where(and(eq(packageItems.packageId, p.id), eq(packageItems.active, true)))
    ).map((r) => r.id);
    const results: ExchangeCombinedResult['results'] = [];
    for (const o of await lockOrders(tx, ids)) {
      try {
        const r = await exchangeOne(tx, o, o.trackingNo, p.id, user, t, locale);
        const { result, message, ...label } = r;
        results.push({ trackingNo: o.trackingNo, result, reason: null, message, label });
      } catch (err) {
        if (!(err instanceof AppError) || err.status !== 409) throw err;
        results.push({
          trackingNo: o.trackingNo,
          result: 'refused',
          reason: (err.data as { reason: ScanRefusal }).reason,
          message: t(err.descriptor, err.values),
          label: null,
        });
      }
    }
    return { packageId: p.id, packageNo: p.no, results };
  });
}

// ---- the list ----

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
