import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, not, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ClosedLoopFilters, ClosedLoopRecord } from '../../../shared/contract/closed-loop.ts';
import type { Page } from '../../../shared/contract/core.ts';
import { LOOP_STATUSES, LoopState, loopStateOf } from '../../../shared/domain/closed-loop.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { CONFIRMABLE_STATUSES, PromptKind } from '../../../shared/domain/prompt-record.ts';
import { loopStateMessage } from '../../../shared/i18n/closed-loop-messages.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import type { Db } from '../../db/client.ts';
import { orderOf } from '../../db/list-sort.ts';
import {
  carriers,
  codRemittances,
  customers,
  orders,
  promptRecords,
  regions,
  shippingChannels,
} from '../../db/schema/index.ts';
import { carrierName, localName } from '../../db/sql-helpers.ts';
import { businessDay } from '../../files/sheet-time.ts';
import { customerScope } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import type { Translate } from '../../i18n.ts';
import { statusName } from '../order-core/order-names.ts';
import { invalidFields } from '../order-core/order-store.ts';

/** The order's delivery confirmation (its sign time). */
const delivery = alias(promptRecords, 'delivery');

const columns = {
  o: orders,
  signedAt: delivery.occurredAt,
  r: codRemittances,
  customerCode: customers.code,
  customerName: customers.name,
  channelName: shippingChannels.name,
  channelNameEn: shippingChannels.nameEn,
  carrierName: carriers.name,
  carrierNameEn: carriers.nameEn,
  countryCn: regions.nameCn,
  countryEn: regions.nameEn,
  countryAr: regions.nameAr,
};

/** The orders of the loop with their delivery, remittance and names (one row per order). */
export const selectLoopRows = (db: Db) =>
  db
    .select(columns)
    .from(orders)
    .leftJoin(delivery, and(eq(delivery.orderId, orders.id), eq(delivery.kind, PromptKind.delivery)))
    .leftJoin(codRemittances, eq(codRemittances.orderId, orders.id))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(shippingChannels, eq(shippingChannels.id, orders.channelId))
    .innerJoin(regions, eq(regions.id, orders.consigneeCountryId))
    .leftJoin(carriers, eq(carriers.id, orders.carrierId));

export type LoopRow = Awaited<ReturnType<ReturnType<typeof selectLoopRows>['where']>>[number];

/** The same FROM for counting (the names are not needed). */
export const countLoopRows = (db: Db, where: SQL | undefined) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .leftJoin(delivery, and(eq(delivery.orderId, orders.id), eq(delivery.kind, PromptKind.delivery)))
    .leftJoin(codRemittances, eq(codRemittances.orderId, orders.id))
    .where(where)
    .then((r) => r[0]?.n ?? 0);

/** loopStateOf in SQL, one condition per state. */
const closedSql = and(
  eq(orders.status, OrderStatus.signed),
  or(eq(orders.isCod, false), isNotNull(codRemittances.id)),
)!;
const STATE_SQL: Record<number, SQL> = {
  [LoopState.inTransit]: inArray(orders.status, [...CONFIRMABLE_STATUSES]),
  [LoopState.awaitingRemittance]: and(
    eq(orders.status, OrderStatus.signed),
    eq(orders.isCod, true),
    isNull(codRemittances.id),
  )!,
  [LoopState.closed]: closedSql,
  [LoopState.returned]: eq(orders.status, OrderStatus.returned),
  [LoopState.lost]: eq(orders.status, OrderStatus.lost),
};

/**
 * The WHERE of the list and the export: the orders the carrier has taken, the filters, and for a
 * customer account its own customer whatever the filters say (staff calls today). A time range on
 * the remittance compares its business days.
 */
export function loopConditions(
  f: ClosedLoopFilters & { ids?: number[] | undefined },
  user: AuthUser,
  timeZone: string,
): SQL | undefined {
  if (f.startTime && f.endTime && Date.parse(f.endTime) <= Date.parse(f.startTime))
    throw invalidFields([{ path: 'endTime', descriptor: orderMessages.timeRangeInvalid }]);
  const where: (SQL | undefined)[] = [inArray(orders.status, [...LOOP_STATUSES])];
  const scope = customerScope(user);
  if (scope !== null) where.push(eq(orders.customerId, scope));
  if (f.customerId !== undefined) where.push(eq(orders.customerId, f.customerId));
  if (f.trackingNos.length)
    where.push(
      or(inArray(orders.trackingNo, f.trackingNos), inArray(orders.carrierTrackingNo, f.trackingNos)),
    );
  if (f.closed !== '-1') where.push(f.closed === '1' ? closedSql : not(closedSql));
  if (f.state !== undefined) where.push(STATE_SQL[f.state]);
  if (f.payment !== '2') where.push(eq(orders.isCod, f.payment === '1'));
  if (f.timeBasis === 'remit') {
    if (f.startTime) where.push(gte(codRemittances.remittedOn, businessDay(new Date(f.startTime), timeZone)));
    if (f.endTime)
      where.push(lte(codRemittances.remittedOn, businessDay(new Date(Date.parse(f.endTime) - 1), timeZone)));
  } else {
    const time = f.timeBasis === 'sign' ? delivery.occurredAt : orders.createdAt;
    if (f.startTime) where.push(gte(time, new Date(f.startTime)));
    if (f.endTime) where.push(lt(time, new Date(f.endTime)));
  }
  if (f.ids) where.push(inArray(orders.id, f.ids));
  return and(...where);
}

export function toLoopRecord(row: LoopRow, t: Translate, locale: Locale): ClosedLoopRecord {
  const { o, r } = row;
  const state = loopStateOf(o, r !== null);
  const stateName = loopStateMessage(state);
  const closed = state === LoopState.closed;
  const known = [row.signedAt, o.isCod ? (r?.createdAt ?? null) : null].filter((d): d is Date => d !== null);
  return {
    recId: o.id,
    trackingNo: o.trackingNo,
    customerNo: o.customerNo,
    customerId: o.customerId,
    customerCode: row.customerCode,
    customerName: row.customerName,
    channelName: locale === 'cn' ? row.channelName : row.channelNameEn || row.channelName,
    carrierName:
      row.carrierName === null
        ? null
        : carrierName({ name: row.carrierName, nameEn: row.carrierNameEn ?? '' }, locale),
    carrierTrackingNo: o.carrierTrackingNo,
    destination: localName({ nameCn: row.countryCn, nameEn: row.countryEn, nameAr: row.countryAr }, locale),
    status: o.status,
    statusName: statusName(t, o.status),
    createdAt: o.createdAt.toISOString(),
    signedAt: row.signedAt?.toISOString() ?? null,
    isCod: o.isCod,
    codAmount: o.codAmount,
    codCurrency: o.codCurrency,
    remittedAmount: r?.amount ?? null,
    remittedCurrency: r?.currency ?? null,
    remittedOn: r?.remittedOn ?? null,
    remittanceReference: r?.reference ?? null,
    state,
    stateName: stateName ? t(stateName) : String(state),
    closed,
    closedAt:
      closed && known.length ? new Date(Math.max(...known.map((d) => d.getTime()))).toISOString() : null,
  };
}

/** order/closed/list: newest orders first. */
export async function listLoop(
  db: Db,
  user: AuthUser,
  q: ClosedLoopFilters & { pageNo: number; pageSize: number },
  t: Translate,
  locale: Locale,
  timeZone: string,
): Promise<Page<ClosedLoopRecord>> {
  const cond = loopConditions(q, user, timeZone);
  const [rows, total] = await Promise.all([
    selectLoopRows(db)
      .where(cond)
      .orderBy(
        ...orderOf(
          q,
          {
            createdAt: orders.createdAt,
            signedAt: delivery.occurredAt,
            codAmount: orders.codAmount,
            remittedAmount: codRemittances.amount,
          },
          orders.id,
          [desc(orders.createdAt), desc(orders.id)],
        ),
      )
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    countLoopRows(db, cond),
  ]);
  return {
    records: rows.map((r) => toLoopRecord(r, t, locale)),
    total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}
