import { and, desc, eq, gte, inArray, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Page } from '../../../shared/contract/core.ts';
import type { OriginFilters, OriginRecord } from '../../../shared/contract/origin-order.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import type { SortKeyOf } from '../../../shared/domain/list-sort.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import type { Db } from '../../db/client.ts';
import { orderOf } from '../../db/list-sort.ts';
import {
  customers,
  orders,
  originOrderGoods,
  originOrders,
  shippingChannels,
} from '../../db/schema/index.ts';
import { carrierName } from '../../db/sql-helpers.ts';
import { iso, isoOrNull } from '../order-core/order-read.ts';
import { invalidFields } from '../order-core/order-store.ts';

export type OriginRow = typeof originOrders.$inferSelect;

/** What a list row needs besides the origin order itself: one row per origin order, by keys. */
const goodsCount = sql<number>`(SELECT count(*)::int FROM ${originOrderGoods} WHERE ${originOrderGoods.originOrderId} = ${originOrders.id})`;
const columns = {
  o: originOrders,
  customerCode: customers.code,
  customerName: customers.name,
  channelName: shippingChannels.name,
  channelNameEn: shippingChannels.nameEn,
  trackingNo: orders.trackingNo,
  goodsCount,
};

/** What each sortable column of the origin order lists sorts by (a COD amount is 0 without COD). */
const ORIGIN_SORT_COLUMNS: Record<SortKeyOf<'origin'>, SQLWrapper> = {
  createdAt: originOrders.createdAt,
  weight: originOrders.weight,
  codAmount: originOrders.codAmount,
  goodsCount,
};

export const selectOriginRows = (db: Db) =>
  db
    .select(columns)
    .from(originOrders)
    .innerJoin(customers, eq(customers.id, originOrders.customerId))
    .leftJoin(shippingChannels, eq(shippingChannels.id, originOrders.channelId))
    .leftJoin(orders, eq(orders.id, originOrders.orderId));

export type OriginJoinedRow = Awaited<ReturnType<ReturnType<typeof selectOriginRows>['where']>>[number];

/** Address parts on one line, as written, empty parts left out. */
export const addressLine = (...parts: string[]): string => parts.filter((p) => p.trim() !== '').join(', ');

export function toOriginRecord(r: OriginJoinedRow, locale: Locale): OriginRecord {
  const o = r.o;
  return {
    recId: o.id,
    platform: o.platform,
    platformOrderNo: o.platformOrderNo,
    shopName: o.shopName,
    customerId: o.customerId,
    customerCode: r.customerCode,
    customerName: r.customerName,
    channelId: o.channelId,
    channelName:
      r.channelName === null
        ? null
        : carrierName({ name: r.channelName, nameEn: r.channelNameEn ?? '' }, locale),
    source: o.source,
    receiverName: o.receiverName,
    receiverPhone: o.receiverPhone,
    receiverAddress: addressLine(
      o.receiverCountry,
      o.receiverProvince,
      o.receiverCity,
      o.receiverDistrict,
      o.receiverAddress,
    ),
    receiverConfirmState: o.receiverConfirmState,
    senderName: o.senderName,
    senderAddress: addressLine(o.senderCountry, o.senderProvince, o.senderCity, o.senderAddress),
    senderConfirmState: o.senderConfirmState,
    weight: o.weight,
    packageCount: o.packageCount,
    isCod: o.isCod,
    codAmount: o.codAmount,
    codCurrency: o.codCurrency,
    goodsCount: r.goodsCount,
    uploadState: o.uploadState,
    orderId: o.orderId,
    trackingNo: r.trackingNo,
    uploadedAt: isoOrNull(o.uploadedAt),
    createdAt: iso(o.createdAt),
  };
}

/** The WHERE of the list and of the export. Refuses a time range that ends before it starts. */
export function originConditions(f: OriginFilters): SQL | undefined {
  if (f.startTime && f.endTime && Date.parse(f.endTime) <= Date.parse(f.startTime))
    throw invalidFields([{ path: 'endTime', descriptor: orderMessages.timeRangeInvalid }]);
  const where: (SQL | undefined)[] = [];
  if (f.platform) where.push(eq(originOrders.platform, f.platform));
  if (f.platformOrderNos.length) where.push(inArray(originOrders.platformOrderNo, f.platformOrderNos));
  if (f.trackingNos.length)
    where.push(
      sql`${originOrders.orderId} IN (SELECT ${orders.id} FROM ${orders} WHERE ${inArray(orders.trackingNo, f.trackingNos)})`,
    );
  if (f.customerId !== undefined) where.push(eq(originOrders.customerId, f.customerId));
  if (f.receiverConfirm !== '-1')
    where.push(eq(originOrders.receiverConfirmState, Number(f.receiverConfirm)));
  if (f.senderConfirm !== '-1') where.push(eq(originOrders.senderConfirmState, Number(f.senderConfirm)));
  if (f.uploadState !== '-1') where.push(eq(originOrders.uploadState, Number(f.uploadState)));
  if (f.startTime) where.push(gte(originOrders.createdAt, new Date(f.startTime)));
  if (f.endTime) where.push(lt(originOrders.createdAt, new Date(f.endTime)));
  return and(...where);
}

export async function listOrigins(
  db: Db,
  q: OriginFilters & { pageNo: number; pageSize: number },
  locale: Locale,
): Promise<Page<OriginRecord>> {
  const cond = originConditions(q);
  const [rows, [total]] = await Promise.all([
    selectOriginRows(db)
      .where(cond)
      .orderBy(
        ...orderOf(q, ORIGIN_SORT_COLUMNS, originOrders.id, [
          desc(originOrders.createdAt),
          desc(originOrders.id),
        ]),
      )
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(originOrders).where(cond),
  ]);
  return {
    records: rows.map((r) => toOriginRecord(r, locale)),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}
