import { eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Page } from '../../../shared/contract/core.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import { channelPrices, customers, orders, regions, shippingChannels } from '../../db/schema/index.ts';
import { carrierName, localName } from '../../db/sql-helpers.ts';
import { customerScope } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import type { Translate } from '../../i18n.ts';
import { statusName } from '../order-core/order-names.ts';
import { ORDER_COUNT_CAP } from '../order-core/order-read.ts';
import { invalidFields } from '../order-core/order-store.ts';

/**
 * What the fee lists share: the order a fee row belongs to (joined with its customer, channel and
 * destination), the order filters, the customer scope, the channel's rule now, and a capped total.
 */

export const orderColumns = {
  o: {
    id: orders.id,
    trackingNo: orders.trackingNo,
    customerNo: orders.customerNo,
    customerId: orders.customerId,
    channelId: orders.channelId,
    countryId: orders.consigneeCountryId,
    status: orders.status,
  },
  customerCode: customers.code,
  customerName: customers.name,
  channelCode: shippingChannels.code,
  channelName: shippingChannels.name,
  channelNameEn: shippingChannels.nameEn,
  countryCode: regions.code,
  countryCn: regions.nameCn,
  countryEn: regions.nameEn,
  countryAr: regions.nameAr,
};

export interface OrderNames {
  o: {
    id: number;
    trackingNo: string;
    customerNo: string;
    customerId: number;
    channelId: number;
    countryId: number;
    status: number;
  };
  customerCode: string;
  customerName: string;
  channelCode: string;
  channelName: string;
  channelNameEn: string;
  countryCode: string;
  countryCn: string;
  countryEn: string;
  countryAr: string;
}

/** The order's joins of every fee list: its customer, channel and destination country. */
export const orderJoins = {
  customer: eq(customers.id, orders.customerId),
  channel: eq(shippingChannels.id, orders.channelId),
  country: eq(regions.id, orders.consigneeCountryId),
};

export function orderPart(r: OrderNames, t: Translate, locale: Locale) {
  return {
    orderId: r.o.id,
    trackingNo: r.o.trackingNo,
    customerNo: r.o.customerNo,
    customerId: r.o.customerId,
    customerCode: r.customerCode,
    customerName: r.customerName,
    channelId: r.o.channelId,
    channelCode: r.channelCode,
    channelName: carrierName({ name: r.channelName, nameEn: r.channelNameEn }, locale),
    countryId: r.o.countryId,
    countryCode: r.countryCode,
    countryName: localName({ nameCn: r.countryCn, nameEn: r.countryEn, nameAr: r.countryAr }, locale),
    orderStatus: r.o.status,
    orderStatusName: statusName(t, r.o.status),
  };
}

export interface OrderFilterValues {
  trackingNos: string[];
  customerId?: number | undefined;
  channelId?: number | undefined;
  countryId?: number | undefined;
}

/**
 * The order filters and the caller's scope (a customer account sees its own customer's fees
 * whatever it sends; the fee calls are staff calls today, the scope holds if that changes).
 */
export function orderConditions(f: OrderFilterValues, user: AuthUser): SQL[] {
  const where: SQL[] = [];
  const scope = customerScope(user);
  if (scope !== null) where.push(eq(orders.customerId, scope));
  if (f.trackingNos.length) where.push(inArray(orders.trackingNo, f.trackingNos));
  if (f.customerId !== undefined) where.push(eq(orders.customerId, f.customerId));
  if (f.channelId !== undefined) where.push(eq(orders.channelId, f.channelId));
  if (f.countryId !== undefined) where.push(eq(orders.consigneeCountryId, f.countryId));
  return where;
}

/** A time range on a column; one that ends before it starts is refused. */
export function timeConditions(
  column: Parameters<typeof gte>[0],
  f: { startTime?: string | undefined; endTime?: string | undefined },
): SQL[] {
  if (f.startTime && f.endTime && Date.parse(f.endTime) <= Date.parse(f.startTime))
    throw invalidFields([{ path: 'endTime', descriptor: orderMessages.timeRangeInvalid }]);
  const where: SQL[] = [];
  if (f.startTime) where.push(gte(column, new Date(f.startTime)));
  if (f.endTime) where.push(lt(column, new Date(f.endTime)));
  return where;
}

/** The order's channel has a price rule for its destination now. */
export const ruleExists = sql<boolean>`EXISTS (SELECT 1 FROM ${channelPrices}
  WHERE ${channelPrices.channelId} = ${orders.channelId} AND ${channelPrices.countryId} = ${orders.consigneeCountryId})`;

/** A channel_prices row as the figures a fee basis keeps (the rate in percent). */
export const ruleColumns = {
  currency: channelPrices.currency,
  firstWeight: channelPrices.firstWeight,
  firstPrice: channelPrices.firstPrice,
  stepWeight: channelPrices.stepWeight,
  stepPrice: channelPrices.stepPrice,
  codFeeRatePercent: sql<string>`round(${channelPrices.codFeeRate} * 100, 2)::text`,
  minCodFee: channelPrices.minCodFee,
};

/** A page whose total is exact up to the order list's cap, else capped ("10,000+"). */
export async function cappedPage<R>(
  rows: Promise<R[]>,
  count: (cap: number) => Promise<number>,
  q: { pageNo: number; pageSize: number },
): Promise<Page<R>> {
  const [records, n] = await Promise.all([rows, count(ORDER_COUNT_CAP + 1)]);
  return {
    records,
    total: Math.min(n, ORDER_COUNT_CAP),
    totalCapped: n > ORDER_COUNT_CAP,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}
