import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrderRecord } from '../../../shared/contract/order-records.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { abnormalKindsOf } from '../../../shared/domain/order-rules.ts';
import type { Db } from '../../db/client.ts';
import { carriers, customers, orders, regions, shippingChannels, users } from '../../db/schema/index.ts';
import { carrierName, localName } from '../../db/sql-helpers.ts';
import type { Translate } from '../../i18n.ts';
import { interceptName, personName, statusName } from './order-names.ts';

export type OrderRow = typeof orders.$inferSelect;

/** Beyond this many matches the list answers a capped total ("10,000+"): an exact count costs too much. */
export const ORDER_COUNT_CAP = 10_000;

const country = alias(regions, 'o_country');
const province = alias(regions, 'o_province');
const city = alias(regions, 'o_city');
const creator = alias(users, 'o_creator');

/** What a list row needs besides the order itself: one row per order, by primary keys. */
const columns = {
  o: orders,
  customerCode: customers.code,
  customerName: customers.name,
  channelCode: shippingChannels.code,
  channelName: shippingChannels.name,
  channelNameEn: shippingChannels.nameEn,
  countryCode: country.code,
  countryCn: country.nameCn,
  countryEn: country.nameEn,
  countryAr: country.nameAr,
  provinceCn: province.nameCn,
  provinceEn: province.nameEn,
  provinceAr: province.nameAr,
  cityCn: city.nameCn,
  cityEn: city.nameEn,
  cityAr: city.nameAr,
  carrierCode: carriers.code,
  carrierName: carriers.name,
  carrierNameEn: carriers.nameEn,
  creatorNickname: creator.nickname,
  creatorUsername: creator.username,
};

export const selectOrderRows = (db: Db) =>
  db
    .select(columns)
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(shippingChannels, eq(shippingChannels.id, orders.channelId))
    .innerJoin(country, eq(country.id, orders.consigneeCountryId))
    .leftJoin(province, eq(province.id, orders.consigneeProvinceId))
    .leftJoin(city, eq(city.id, orders.consigneeCityId))
    .leftJoin(carriers, eq(carriers.id, orders.carrierId))
    .leftJoin(creator, eq(creator.id, orders.createdBy));

export type OrderJoinedRow = Awaited<ReturnType<ReturnType<typeof selectOrderRows>['where']>>[number];

/** The order columns a record shows (toOrderRecord), and the ids its names are looked up by. */
export const ORDER_RECORD_KEYS = [
  'id',
  'trackingNo',
  'customerNo',
  'customerId',
  'createdBy',
  'channelId',
  'consigneeName',
  'consigneePhone',
  'consigneeCountryId',
  'consigneeProvinceId',
  'consigneeCityId',
  'consigneeProvince',
  'consigneeCity',
  'packingType',
  'packageCount',
  'declaredWeight',
  'checkedWeight',
  'volumeWeight',
  'chargeableWeight',
  'isCod',
  'codAmount',
  'codCurrency',
  'payment',
  'carrierId',
  'carrierTrackingNo',
  'status',
  'checkStatus',
  'signStatus',
  'interceptState',
  'exchangeStatus',
  'abnormalFlags',
  'clearanceNo',
  'createdAt',
  'arrivedAt',
  'updatedAt',
] as const satisfies readonly (keyof OrderRow)[];

/** What toOrderRecord reads: the names of the joined row, and of the order only ORDER_RECORD_KEYS. */
export type OrderRecordRow = Omit<OrderJoinedRow, 'o'> & {
  o: Pick<OrderRow, (typeof ORDER_RECORD_KEYS)[number]>;
};

/** A region's name in the caller's language when the order links it, else the text it stored. */
const linkedName = (
  locale: Locale,
  cn: string | null,
  en: string | null,
  ar: string | null,
  stored: string,
): string => (cn === null ? stored : localName({ nameCn: cn, nameEn: en ?? '', nameAr: ar ?? '' }, locale));

export const iso = (d: Date): string => d.toISOString();
export const isoOrNull = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function toOrderRecord(r: OrderRecordRow, t: Translate, locale: Locale): OrderRecord {
  const o = r.o;
  return {
    recId: o.id,
    trackingNo: o.trackingNo,
    customerNo: o.customerNo,
    customerId: o.customerId,
    customerCode: r.customerCode,
    customerName: r.customerName,
    channelId: o.channelId,
    channelCode: r.channelCode,
    channelName: carrierName({ name: r.channelName, nameEn: r.channelNameEn }, locale),
    status: o.status,
    statusName: statusName(t, o.status),
    checkStatus: o.checkStatus,
    signStatus: o.signStatus,
    interceptState: o.interceptState,
    interceptStateName: interceptName(t, o.interceptState),
    exchangeStatus: o.exchangeStatus,
    abnormalKinds: abnormalKindsOf(o.abnormalFlags),
    consigneeName: o.consigneeName,
    consigneePhone: o.consigneePhone,
    countryId: o.consigneeCountryId,
    countryCode: r.countryCode,
    countryName: localName({ nameCn: r.countryCn, nameEn: r.countryEn, nameAr: r.countryAr }, locale),
    province: linkedName(locale, r.provinceCn, r.provinceEn, r.provinceAr, o.consigneeProvince),
    city: linkedName(locale, r.cityCn, r.cityEn, r.cityAr, o.consigneeCity),
    isCod: o.isCod,
    codAmount: o.codAmount,
    codCurrency: o.codCurrency,
    payment: o.payment,
    packingType: o.packingType,
    packageCount: o.packageCount,
    declaredWeight: o.declaredWeight,
    checkedWeight: o.checkedWeight,
    volumeWeight: o.volumeWeight,
    chargeableWeight: o.chargeableWeight,
    carrierId: o.carrierId,
    carrierCode: r.carrierCode,
    carrierName:
      r.carrierName === null
        ? null
        : carrierName({ name: r.carrierName, nameEn: r.carrierNameEn ?? '' }, locale),
    carrierTrackingNo: o.carrierTrackingNo,
    clearanceNo: o.clearanceNo,
    createdBy: personName({ nickname: r.creatorNickname, username: r.creatorUsername }),
    createdAt: iso(o.createdAt),
    arrivedAt: isoOrNull(o.arrivedAt),
    updatedAt: iso(o.updatedAt),
  };
}

/** Ids or numbers per `IN (…)` when a lookup reads many. */
export const LOOKUP_CHUNK = 10_000;

/** The orders of the given tracking nos, by tracking no (locked, in id order, when `forUpdate`). */
export async function ordersByTrackingNo(
  db: Db,
  trackingNos: readonly string[],
  forUpdate = false,
): Promise<Map<string, OrderRow>> {
  const out = new Map<string, OrderRow>();
  const unique = [...new Set(trackingNos)];
  for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
    const q = db
      .select()
      .from(orders)
      .where(inArray(orders.trackingNo, unique.slice(i, i + LOOKUP_CHUNK)))
      .orderBy(asc(orders.id));
    for (const o of forUpdate ? await q.for('update') : await q) out.set(o.trackingNo, o);
  }
  return out;
}
