import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Page } from '../../../shared/contract/core.ts';
import type {
  OverseasDetail,
  OverseasFilters,
  OverseasItemRecord,
  OverseasRecord,
} from '../../../shared/contract/overseas-lading.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { PickupStatus } from '../../../shared/domain/lading.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import type { Db } from '../../db/client.ts';
import {
  carriers,
  customers,
  orders,
  overseasItems,
  overseasLadings,
  regions,
  shippingChannels,
  users,
} from '../../db/schema/index.ts';
import { invalid, notFound } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { carrierName, localName } from '../carrier/sql-helpers.ts';
import { numberedName } from '../lading/lading-names.ts';
import { countryNameOf } from '../lading/lading-read.ts';
import { iso, person, remarksOf } from '../lading/movement.ts';
import { statusName } from '../order/order-names.ts';

export type OverseasRow = typeof overseasLadings.$inferSelect;

const country = alias(regions, 'ov_country');
const picker = alias(users, 'ov_picker');
const canceller = alias(users, 'ov_canceller');
const creator = alias(users, 'ov_creator');

export const selectOverseas = (db: Db) =>
  db
    .select({
      b: overseasLadings,
      channelCode: shippingChannels.code,
      channelName: shippingChannels.name,
      channelNameEn: shippingChannels.nameEn,
      carrierCode: carriers.code,
      carrierName: carriers.name,
      carrierNameEn: carriers.nameEn,
      countryCode: country.code,
      countryCn: country.nameCn,
      countryEn: country.nameEn,
      countryAr: country.nameAr,
      pickerNick: picker.nickname,
      pickerUser: picker.username,
      cancellerNick: canceller.nickname,
      cancellerUser: canceller.username,
      creatorNick: creator.nickname,
      creatorUser: creator.username,
    })
    .from(overseasLadings)
    .innerJoin(shippingChannels, eq(shippingChannels.id, overseasLadings.channelId))
    .leftJoin(carriers, eq(carriers.id, overseasLadings.carrierId))
    .leftJoin(country, eq(country.id, overseasLadings.countryId))
    .leftJoin(picker, eq(picker.id, overseasLadings.pickedUpBy))
    .leftJoin(canceller, eq(canceller.id, overseasLadings.cancelledBy))
    .leftJoin(creator, eq(creator.id, overseasLadings.createdBy));

type Joined = Awaited<ReturnType<ReturnType<typeof selectOverseas>['where']>>[number];

export function toOverseasRecord(r: Joined, t: Translate, locale: Locale): OverseasRecord {
  const b = r.b;
  return {
    recId: b.id,
    no: b.no,
    channelId: b.channelId,
    channelCode: r.channelCode,
    channelName: carrierName({ name: r.channelName, nameEn: r.channelNameEn }, locale),
    carrierId: b.carrierId,
    carrierCode: r.carrierCode,
    carrierName:
      r.carrierName === null
        ? null
        : carrierName({ name: r.carrierName, nameEn: r.carrierNameEn ?? '' }, locale),
    countryId: b.countryId,
    countryCode: r.countryCode,
    countryName: countryNameOf(r, locale),
    confirmState: b.confirmState,
    confirmedAt: iso(b.confirmedAt),
    pickupStatus: b.pickupStatus,
    pickupStatusName: numberedName(t, 'pickup', b.pickupStatus),
    pickedUpAt: iso(b.pickedUpAt),
    pickedUpBy: person(r.pickerNick, r.pickerUser),
    cancelledAt: iso(b.cancelledAt),
    cancelledBy: person(r.cancellerNick, r.cancellerUser),
    orderCount: b.orderCount,
    pieceCount: b.pieceCount,
    weight: b.weight,
    volumeWeight: b.volumeWeight,
    remark: b.remark,
    createdBy: person(r.creatorNick, r.creatorUser),
    createdAt: b.createdAt.toISOString(),
  };
}

export async function overseasRecord(db: Db, id: number, t: Translate, locale: Locale) {
  const [r] = await selectOverseas(db).where(eq(overseasLadings.id, id));
  if (!r) throw notFound();
  return toOverseasRecord(r, t, locale);
}

export async function overseasRecordsWhere(db: Db, where: SQL, t: Translate, locale: Locale) {
  return (await selectOverseas(db).where(where).orderBy(asc(overseasLadings.id))).map((r) =>
    toOverseasRecord(r, t, locale),
  );
}

export function overseasConditions(f: OverseasFilters): SQL | undefined {
  if (f.startTime && f.endTime && Date.parse(f.endTime) <= Date.parse(f.startTime))
    throw invalid([{ path: 'endTime', descriptor: orderMessages.timeRangeInvalid }]);
  return and(
    f.nos.length ? inArray(overseasLadings.no, f.nos) : undefined,
    f.trackingNo
      ? sql`EXISTS (SELECT 1 FROM ${overseasItems} oi JOIN ${orders} o ON o.id = oi.order_id
          WHERE oi.bill_id = ${overseasLadings.id} AND oi.active AND o.tracking_no = ${f.trackingNo})`
      : undefined,
    f.channelId !== undefined ? eq(overseasLadings.channelId, f.channelId) : undefined,
    f.carrierId !== undefined ? eq(overseasLadings.carrierId, f.carrierId) : undefined,
    f.countryId !== undefined ? eq(overseasLadings.countryId, f.countryId) : undefined,
    f.pickupStatus !== undefined ? eq(overseasLadings.pickupStatus, f.pickupStatus) : undefined,
    f.confirmState !== undefined ? eq(overseasLadings.confirmState, f.confirmState) : undefined,
    f.startTime ? gte(overseasLadings.createdAt, new Date(f.startTime)) : undefined,
    f.endTime ? lt(overseasLadings.createdAt, new Date(f.endTime)) : undefined,
  );
}

export async function listOverseas(
  db: Db,
  q: OverseasFilters & { pageNo: number; pageSize: number },
  t: Translate,
  locale: Locale,
): Promise<Page<OverseasRecord>> {
  const cond = overseasConditions(q);
  const [rows, [total]] = await Promise.all([
    selectOverseas(db)
      .where(cond)
      .orderBy(desc(overseasLadings.createdAt), desc(overseasLadings.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(overseasLadings).where(cond),
  ]);
  return {
    records: rows.map((r) => toOverseasRecord(r, t, locale)),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

const city = alias(regions, 'oi_city');
const scanner = alias(users, 'oi_scanner');
const itemCarrier = alias(carriers, 'oi_carrier');

export const selectOverseasItems = (db: Db) =>
  db
    .select({
      i: overseasItems,
      o: orders,
      customerCode: customers.code,
      carrierCode: itemCarrier.code,
      cityCn: city.nameCn,
      cityEn: city.nameEn,
      cityAr: city.nameAr,
      scannerNick: scanner.nickname,
      scannerUser: scanner.username,
    })
    .from(overseasItems)
    .innerJoin(orders, eq(orders.id, overseasItems.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(itemCarrier, eq(itemCarrier.id, orders.carrierId))
    .leftJoin(city, eq(city.id, orders.consigneeCityId))
    .leftJoin(scanner, eq(scanner.id, overseasItems.scannedBy));

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectOverseasItems>['where']>>[number];

export function toOverseasItem(r: ItemRow, t: Translate, locale: Locale): OverseasItemRecord {
  return {
    recId: r.i.id,
    billId: r.i.billId,
    orderId: r.o.id,
    trackingNo: r.o.trackingNo,
    customerNo: r.o.customerNo,
    customerCode: r.customerCode,
    consigneeName: r.o.consigneeName,
    consigneePhone: r.o.consigneePhone,
    city:
      r.cityCn !== null
        ? localName({ nameCn: r.cityCn, nameEn: r.cityEn ?? '', nameAr: r.cityAr ?? '' }, locale)
        : r.o.consigneeCity,
    carrierCode: r.carrierCode,
    carrierTrackingNo: r.o.carrierTrackingNo,
    status: r.o.status,
    statusName: statusName(t, r.o.status),
    exchangeStatus: r.o.exchangeStatus,
    pieceCount: r.i.pieceCount,
    weight: r.i.weight,
    volumeWeight: r.i.volumeWeight,
    isCod: r.o.isCod,
    codAmount: r.o.codAmount,
    codCurrency: r.o.codCurrency,
    scannedAt: r.i.scannedAt.toISOString(),
    scannedBy: person(r.scannerNick, r.scannerUser),
  };
}

export const shownOverseasItems = (b: Pick<OverseasRow, 'id' | 'pickupStatus'>) =>
  and(
    eq(overseasItems.billId, b.id),
    b.pickupStatus === PickupStatus.cancelled ? undefined : eq(overseasItems.active, true),
  );

export async function overseasDetail(
  db: Db,
  id: number,
  t: Translate,
  locale: Locale,
): Promise<OverseasDetail> {
  const [r] = await selectOverseas(db).where(eq(overseasLadings.id, id));
  if (!r) throw notFound();
  const items = await selectOverseasItems(db).where(shownOverseasItems(r.b)).orderBy(asc(overseasItems.id));
  return {
    ...toOverseasRecord(r, t, locale),
    items: items.map((i) => toOverseasItem(i, t, locale)),
    remarks: await remarksOf(db, 'overseas', id),
  };
}
