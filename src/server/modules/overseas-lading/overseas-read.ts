import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  OverseasFilters,
  OverseasItemRecord,
  OverseasRecord,
} from '../../../shared/contract/overseas-lading.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
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
import { localName } from '../../db/sql-helpers.ts';
import type { Translate } from '../../i18n.ts';
import {
  billCanceller,
  billCreator,
  billPeople,
  billPicker,
  billState,
  channelAndCarrier,
  channelCarrierNames,
  destination,
} from '../bill/bill-read.ts';
import { heldBill, itemState } from '../bill/held-bill.ts';
import { statusName } from '../order-core/order-names.ts';

export type OverseasRow = typeof overseasLadings.$inferSelect;

const country = alias(regions, 'ov_country');

export const selectOverseas = (db: Db) =>
  db
    .select({
      b: overseasLadings,
      ...channelCarrierNames,
      countryCode: country.code,
      countryCn: country.nameCn,
      countryEn: country.nameEn,
      countryAr: country.nameAr,
      ...billPeople,
    })
    .from(overseasLadings)
    .innerJoin(shippingChannels, eq(shippingChannels.id, overseasLadings.channelId))
    .leftJoin(carriers, eq(carriers.id, overseasLadings.carrierId))
    .leftJoin(country, eq(country.id, overseasLadings.countryId))
    .leftJoin(billPicker, eq(billPicker.id, overseasLadings.pickedUpBy))
    .leftJoin(billCanceller, eq(billCanceller.id, overseasLadings.cancelledBy))
    .leftJoin(billCreator, eq(billCreator.id, overseasLadings.createdBy));

type Joined = Awaited<ReturnType<ReturnType<typeof selectOverseas>['where']>>[number];

export function toOverseasRecord(r: Joined, t: Translate, locale: Locale): OverseasRecord {
  const b = r.b;
  return {
    recId: b.id,
    no: b.no,
    ...channelAndCarrier(b, r, locale),
    ...destination(b, r, locale),
    ...billState(t, b, r),
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
    ...itemState(r),
  };
}

export const overseasBill = heldBill({
  kind: 'overseas',
  filters: (f: OverseasFilters) => [
    f.channelId !== undefined ? eq(overseasLadings.channelId, f.channelId) : undefined,
    f.carrierId !== undefined ? eq(overseasLadings.carrierId, f.carrierId) : undefined,
    f.countryId !== undefined ? eq(overseasLadings.countryId, f.countryId) : undefined,
  ],
  select: selectOverseas,
  record: toOverseasRecord,
  selectItems: selectOverseasItems,
  item: toOverseasItem,
});
