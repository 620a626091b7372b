import { eq, ilike, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PackageFilters, PackageItemRecord, PackageRecord } from '../../../shared/contract/package.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import type { Db } from '../../db/client.ts';
import {
  customers,
  ladingBills,
  ladingItems,
  orders,
  packageItems,
  packages,
  regions,
  shippingChannels,
  users,
} from '../../db/schema/index.ts';
import { carrierName, escapeLike } from '../../db/sql-helpers.ts';
import type { Translate } from '../../i18n.ts';
import {
  billCanceller,
  billCreator,
  billPeople,
  billPicker,
  billState,
  destination,
} from '../bill/bill-read.ts';
import { heldBill, itemState } from '../bill/held-bill.ts';
import { statusName } from '../order-core/order-names.ts';

export type PackageRow = typeof packages.$inferSelect;

const country = alias(regions, 'pk_country');

const liveLading = sql`(SELECT li.bill_id FROM ${ladingItems} li WHERE li.package_id = ${packages.id} AND li.active LIMIT 1)`;

export const selectPackages = (db: Db) =>
  db
    .select({
      b: packages,
      customerCode: customers.code,
      customerName: customers.name,
      channelCode: shippingChannels.code,
      channelName: shippingChannels.name,
      channelNameEn: shippingChannels.nameEn,
      countryCode: country.code,
      countryCn: country.nameCn,
      countryEn: country.nameEn,
      countryAr: country.nameAr,
      ...billPeople,
      ladingId: sql<number | null>`${liveLading}`,
      ladingNo: sql<
        string | null
      >`(SELECT ${ladingBills.no} FROM ${ladingBills} WHERE ${ladingBills.id} = ${liveLading})`,
    })
    .from(packages)
    .leftJoin(customers, eq(customers.id, packages.customerId))
    .leftJoin(shippingChannels, eq(shippingChannels.id, packages.channelId))
    .leftJoin(country, eq(country.id, packages.countryId))
    .leftJoin(billPicker, eq(billPicker.id, packages.pickedUpBy))
    .leftJoin(billCanceller, eq(billCanceller.id, packages.cancelledBy))
    .leftJoin(billCreator, eq(billCreator.id, packages.createdBy));

type Joined = Awaited<ReturnType<ReturnType<typeof selectPackages>['where']>>[number];

export function toPackageRecord(r: Joined, t: Translate, locale: Locale): PackageRecord {
  const p = r.b;
  return {
    recId: p.id,
    no: p.no,
    customerId: p.customerId,
    customerCode: r.customerCode,
    customerName: r.customerName,
    channelId: p.channelId,
    channelCode: r.channelCode,
    channelName:
      r.channelName === null
        ? null
        : carrierName({ name: r.channelName, nameEn: r.channelNameEn ?? '' }, locale),
    ...destination(p, r, locale),
    consigneeName: p.consigneeName,
    consigneePhone: p.consigneePhone,
    consigneeAddress: p.consigneeAddress,
    ...billState(t, p, r),
    ladingId: r.ladingId === null ? null : Number(r.ladingId),
    ladingNo: r.ladingNo,
  };
}

const scanner = alias(users, 'pi_scanner');

export const selectPackageItems = (db: Db) =>
  db
    .select({ i: packageItems, o: orders, scannerNick: scanner.nickname, scannerUser: scanner.username })
    .from(packageItems)
    .innerJoin(orders, eq(orders.id, packageItems.orderId))
    .leftJoin(scanner, eq(scanner.id, packageItems.scannedBy));

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectPackageItems>['where']>>[number];

export const toPackageItem = (r: ItemRow, t: Translate): PackageItemRecord => ({
  recId: r.i.id,
  packageId: r.i.packageId,
  orderId: r.o.id,
  trackingNo: r.o.trackingNo,
  customerNo: r.o.customerNo,
  carrierTrackingNo: r.o.carrierTrackingNo,
  status: r.o.status,
  statusName: statusName(t, r.o.status),
  ...itemState(r),
});

export const packageBill = heldBill({
  kind: 'package',
  filters: (f: PackageFilters) => [
    f.customerId !== undefined ? eq(packages.customerId, f.customerId) : undefined,
    f.consigneeName ? ilike(packages.consigneeName, `%${escapeLike(f.consigneeName)}%`) : undefined,
  ],
  select: selectPackages,
  record: toPackageRecord,
  selectItems: selectPackageItems,
  item: toPackageItem,
});
