import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LadingItemRecord, LadingRecord } from '../../../shared/contract/lading-records.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import type { Db } from '../../db/client.ts';
import {
  batches,
  batchItems,
  carriers,
  customers,
  ladingBills,
  ladingBillTallies,
  ladingItems,
  orders,
  packageItems,
  packages,
  regions,
  shippingChannels,
  users,
} from '../../db/schema/index.ts';
import { localName } from '../../db/sql-helpers.ts';
import { notFound } from '../../http/errors.ts';
import { readStored, type Translate } from '../../i18n.ts';
import { numberedName } from '../bill/bill-names.ts';
import {
  billCanceller,
  billCreator,
  billPeople,
  billPicker,
  billState,
  channelAndCarrier,
  channelCarrierNames,
  countryNameOf,
  destination,
  iso,
  person,
} from '../bill/bill-read.ts';
import { shownItems } from '../bill/holding.ts';
import { statusName } from '../order-core/order-names.ts';

export type LadingRow = typeof ladingBills.$inferSelect;

/**
 * A lading bill's totals as JSON (its columns plus its tallies), for a select over ladingBills.
 * Shown in place of the columns (toLadingRecord).
 */
export const liveTotals = sql<BillTotals>`(
  SELECT json_build_object('itemCount', ${ladingBills.itemCount} + coalesce(sum(t.item_count), 0),
    'orderCount', ${ladingBills.orderCount} + coalesce(sum(t.order_count), 0),
    'pieceCount', ${ladingBills.pieceCount} + coalesce(sum(t.piece_count), 0),
    'weight', (${ladingBills.weight} + coalesce(sum(t.weight), 0))::text,
    'volumeWeight', (${ladingBills.volumeWeight} + coalesce(sum(t.volume_weight), 0))::text)
  FROM ${ladingBillTallies} t WHERE t.bill_id = ${ladingBills.id})`;

export interface BillTotals {
  itemCount: number;
  orderCount: number;
  pieceCount: number;
  weight: string;
  volumeWeight: string;
}

const country = alias(regions, 'l_country');

/**
 * A bill's sign status from its orders (those in its packages too): 0 none signed, 2 all fully
 * signed, else 1. Computed, so it follows the orders whoever signs them.
 */
export const ladingSignStatus = sql<number>`(SELECT CASE
    WHEN count(*) FILTER (WHERE s.sign > 0) = 0 THEN 0
    WHEN count(*) FILTER (WHERE s.sign = 2) = count(*) THEN 2
    ELSE 1 END
  FROM (
    SELECT o.sign_status AS sign FROM lading_items li JOIN orders o ON o.id = li.order_id
      WHERE li.bill_id = ${ladingBills.id} AND li.active
    UNION ALL
    SELECT o.sign_status FROM lading_items li
      JOIN package_items pi ON pi.package_id = li.package_id AND pi.active
      JOIN orders o ON o.id = pi.order_id
      WHERE li.bill_id = ${ladingBills.id} AND li.active
  ) s)`;

const liveBatch = sql`(SELECT bi.batch_id FROM ${batchItems} bi WHERE bi.lading_id = ${ladingBills.id} AND bi.active LIMIT 1)`;

const columns = {
  b: ladingBills,
  ...channelCarrierNames,
  countryCode: country.code,
  countryCn: country.nameCn,
  countryEn: country.nameEn,
  countryAr: country.nameAr,
  ...billPeople,
  signStatus: ladingSignStatus,
  /** The totals with the scans' tallies (an open bill's columns lag them). */
  totals: liveTotals,
  batchId: sql<number | null>`${liveBatch}`,
  batchNo: sql<string | null>`(SELECT ${batches.batchNo} FROM ${batches} WHERE ${batches.id} = ${liveBatch})`,
};

export const selectLadings = (db: Db) =>
  db
    .select(columns)
    .from(ladingBills)
    .innerJoin(shippingChannels, eq(shippingChannels.id, ladingBills.channelId))
    .leftJoin(carriers, eq(carriers.id, ladingBills.carrierId))
    .leftJoin(country, eq(country.id, ladingBills.countryId))
    .leftJoin(billPicker, eq(billPicker.id, ladingBills.pickedUpBy))
    .leftJoin(billCanceller, eq(billCanceller.id, ladingBills.cancelledBy))
    .leftJoin(billCreator, eq(billCreator.id, ladingBills.createdBy));

export type LadingJoinedRow = Awaited<ReturnType<ReturnType<typeof selectLadings>['where']>>[number];

export function toLadingRecord(r: LadingJoinedRow, t: Translate, locale: Locale): LadingRecord {
  const b = { ...r.b, ...r.totals };
  return {
    recId: b.id,
    no: b.no,
    ...channelAndCarrier(b, r, locale),
    type: b.type,
    typeName: numberedName(t, 'type', b.type),
    orderType: b.orderType,
    orderTypeName: numberedName(t, 'orderType', b.orderType),
    ...destination(b, r, locale),
    ...billState(t, b, r),
    itemCount: b.itemCount,
    signStatus: Number(r.signStatus),
    signStatusName: numberedName(t, 'sign', Number(r.signStatus)),
    mailState: b.mailState,
    mailStateName: numberedName(t, 'mail', b.mailState),
    mailPushedAt: iso(b.mailPushedAt),
    mailMessage: readStored(t, b.mailMessage),
    mailTo: b.mailTo,
    mailAttempts: b.mailAttempts,
    clearanceStatus: b.clearanceStatus,
    clearanceStatusName: numberedName(t, 'clearance', b.clearanceStatus),
    declarationNo: b.declarationNo,
    clearanceRemark: b.clearanceRemark,
    batchId: r.batchId === null ? null : Number(r.batchId),
    batchNo: r.batchNo,
  };
}

export async function ladingRecordsWhere(db: Db, where: SQL | undefined, t: Translate, locale: Locale) {
  const rows = await selectLadings(db).where(where).orderBy(asc(ladingBills.id));
  return rows.map((r) => toLadingRecord(r, t, locale));
}

export async function ladingRecord(db: Db, id: number, t: Translate, locale: Locale): Promise<LadingRecord> {
  const [r] = await selectLadings(db).where(eq(ladingBills.id, id));
  if (!r) throw notFound();
  return toLadingRecord(r, t, locale);
}

// ---- items ----

const itemCountry = alias(regions, 'li_country');
const itemCity = alias(regions, 'li_city');
const scanner = alias(users, 'li_scanner');

const itemColumns = {
  i: ladingItems,
  trackingNo: orders.trackingNo,
  customerNo: orders.customerNo,
  orderConsignee: orders.consigneeName,
  orderCity: orders.consigneeCity,
  carrierTrackingNo: orders.carrierTrackingNo,
  status: orders.status,
  isCod: orders.isCod,
  codAmount: orders.codAmount,
  codCurrency: orders.codCurrency,
  packageNo: packages.no,
  packageConsignee: packages.consigneeName,
  customerCode: customers.code,
  countryCode: itemCountry.code,
  countryCn: itemCountry.nameCn,
  countryEn: itemCountry.nameEn,
  countryAr: itemCountry.nameAr,
  cityCn: itemCity.nameCn,
  cityEn: itemCity.nameEn,
  cityAr: itemCity.nameAr,
  scannerNick: scanner.nickname,
  scannerUser: scanner.username,
};

export const selectLadingItems = (db: Db) =>
  db
    .select(itemColumns)
    .from(ladingItems)
    .leftJoin(orders, eq(orders.id, ladingItems.orderId))
    .leftJoin(packages, eq(packages.id, ladingItems.packageId))
    .leftJoin(customers, sql`${customers.id} = coalesce(${orders.customerId}, ${packages.customerId})`)
    .leftJoin(
      itemCountry,
      sql`${itemCountry.id} = coalesce(${orders.consigneeCountryId}, ${packages.countryId})`,
    )
    .leftJoin(itemCity, eq(itemCity.id, orders.consigneeCityId))
    .leftJoin(scanner, eq(scanner.id, ladingItems.scannedBy));

export type LadingItemRow = Awaited<ReturnType<ReturnType<typeof selectLadingItems>['where']>>[number];

export function toLadingItem(r: LadingItemRow, t: Translate, locale: Locale): LadingItemRecord {
  const i = r.i;
  const isOrder = i.orderId !== null;
  return {
    recId: i.id,
    billId: i.billId,
    kind: isOrder ? 'order' : 'package',
    orderId: i.orderId,
    packageId: i.packageId,
    trackingNo: (isOrder ? r.trackingNo : r.packageNo) ?? '',
    customerNo: r.customerNo ?? '',
    customerCode: r.customerCode,
    consigneeName: (isOrder ? r.orderConsignee : r.packageConsignee) ?? '',
    countryName: countryNameOf(r, locale),
    city:
      r.cityCn !== null
        ? localName({ nameCn: r.cityCn, nameEn: r.cityEn ?? '', nameAr: r.cityAr ?? '' }, locale)
        : (r.orderCity ?? ''),
    carrierTrackingNo: r.carrierTrackingNo,
    status: r.status,
    statusName: r.status === null ? null : statusName(t, r.status),
    orderCount: i.orderCount,
    pieceCount: i.pieceCount,
    weight: i.weight,
    volumeWeight: i.volumeWeight,
    scannedAt: i.scannedAt.toISOString(),
    scannedBy: person(r.scannerNick, r.scannerUser),
  };
}

export async function ladingItemRows(db: Db, bill: Pick<LadingRow, 'id' | 'pickupStatus'>) {
  return selectLadingItems(db).where(shownItems('lading', bill)).orderBy(asc(ladingItems.id));
}

/** Orders of a bill's live items: its orders and the orders of its packages. */
export async function ladingOrderIds(db: Db, billId: number): Promise<number[]> {
  const direct = await db
    .select({ id: ladingItems.orderId })
    .from(ladingItems)
    .where(and(eq(ladingItems.billId, billId), eq(ladingItems.active, true)));
  const packed = await db
    .select({ id: packageItems.orderId })
    .from(ladingItems)
    .innerJoin(
      packageItems,
      and(eq(packageItems.packageId, ladingItems.packageId), eq(packageItems.active, true)),
    )
    .where(and(eq(ladingItems.billId, billId), eq(ladingItems.active, true)));
  return [...direct.map((r) => r.id), ...packed.map((r) => r.id)].filter((v): v is number => v !== null);
}

/** Where a bill's orders are, for filters by tracking no. */
export const holdsTrackingNo = (trackingNo: string): SQL =>
  sql`EXISTS (SELECT 1 FROM ${ladingItems} li
      LEFT JOIN ${packageItems} pi ON pi.package_id = li.package_id AND pi.active
      JOIN ${orders} o ON o.id = coalesce(li.order_id, pi.order_id)
      WHERE li.bill_id = ${ladingBills.id} AND li.active AND o.tracking_no = ${trackingNo})`;
