import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Page } from '../../../shared/contract/core.ts';
import type {
  AbnormalFilters,
  AbnormalListInput,
  AbnormalListRecord,
} from '../../../shared/contract/order-staff.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import {
  ABNORMAL_STATE_NAMES,
  type AbnormalState,
  departmentName,
} from '../../../shared/domain/order-abnormal.ts';
import { AbnormalKind, abnormalBit } from '../../../shared/domain/order-rules.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import { orderStaffMessages as m } from '../../../shared/i18n/order-staff-messages.ts';
import type { Db } from '../../db/client.ts';
import { orderOf } from '../../db/list-sort.ts';
import { customers, orderAbnormals, orders, shippingChannels, users } from '../../db/schema/index.ts';
import { carrierName } from '../../db/sql-helpers.ts';
import { allowedImages } from '../../files/image-refs.ts';
import type { AuthUser } from '../../http/context.ts';
import { notFound, rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { assignAndRecord, awaitsCarrier } from '../order-core/carrier-assign.ts';
import { abnormalName, personName, statusName } from '../order-core/order-names.ts';
import { iso, isoOrNull, ORDER_COUNT_CAP } from '../order-core/order-read.ts';
import { invalidFields } from '../order-core/order-store.ts';
import { abnormalReason } from './order-detail.service.ts';

const handler = alias(users, 'a_handler');

/** The WHERE of the abnormal list and its export. Refuses a time range that ends before it starts. */
export function abnormalConditions(f: AbnormalFilters): SQL | undefined {
  if (f.startTime && f.endTime && Date.parse(f.endTime) <= Date.parse(f.startTime))
    throw invalidFields([{ path: 'endTime', descriptor: orderMessages.timeRangeInvalid }]);
  const where: (SQL | undefined)[] = [];
  if (f.trackingNos.length) where.push(inArray(orders.trackingNo, f.trackingNos));
  if (f.customerId !== undefined) where.push(eq(orderAbnormals.customerId, f.customerId));
  if (f.kind !== undefined) where.push(eq(orderAbnormals.kind, f.kind));
  if (f.state !== '-1') where.push(eq(orderAbnormals.state, Number(f.state)));
  if (f.department !== undefined) where.push(eq(orderAbnormals.department, f.department));
  if (f.startTime) where.push(gte(orderAbnormals.createdAt, new Date(f.startTime)));
  if (f.endTime) where.push(lt(orderAbnormals.createdAt, new Date(f.endTime)));
  return and(...where);
}

/** One abnormal mark with what the list shows of its order, one row per mark. */
export const selectAbnormalRows = (db: Db) =>
  db
    .select({
      a: orderAbnormals,
      trackingNo: orders.trackingNo,
      customerNo: orders.customerNo,
      status: orders.status,
      interceptState: orders.interceptState,
      customerCode: customers.code,
      customerName: customers.name,
      channelName: shippingChannels.name,
      channelNameEn: shippingChannels.nameEn,
      handlerNickname: handler.nickname,
      handlerUsername: handler.username,
    })
    .from(orderAbnormals)
    .innerJoin(orders, eq(orders.id, orderAbnormals.orderId))
    .innerJoin(customers, eq(customers.id, orderAbnormals.customerId))
    .innerJoin(shippingChannels, eq(shippingChannels.id, orders.channelId))
    .leftJoin(handler, eq(handler.id, orderAbnormals.handledBy));

export type AbnormalRow = Awaited<ReturnType<ReturnType<typeof selectAbnormalRows>['where']>>[number];

export function toAbnormalRecord(r: AbnormalRow, t: Translate, locale: Locale): AbnormalListRecord {
  const a = r.a;
  const department = departmentName(a.department);
  const state = ABNORMAL_STATE_NAMES[a.state as AbnormalState];
  return {
    recId: a.id,
    orderId: a.orderId,
    trackingNo: r.trackingNo,
    customerNo: r.customerNo,
    customerId: a.customerId,
    customerCode: r.customerCode,
    customerName: r.customerName,
    channelName: carrierName({ name: r.channelName, nameEn: r.channelNameEn }, locale),
    status: r.status,
    statusName: statusName(t, r.status),
    interceptState: r.interceptState,
    kind: a.kind,
    kindName: abnormalName(t, a.kind),
    reasonText: abnormalReason(t, locale, a.kind, a.detail as Record<string, unknown>),
    department: a.department,
    departmentName: department ? t(department) : String(a.department),
    state: a.state,
    stateName: state ? t(state) : String(a.state),
    createdAt: iso(a.createdAt),
    handledAt: isoOrNull(a.handledAt),
    handledBy: personName({ nickname: r.handlerNickname, username: r.handlerUsername }),
    handleRemark: a.handleRemark,
    images: a.images,
  };
}

/** The columns the abnormal list sorts by (LIST_SORTS.abnormal). */
const ABNORMAL_SORT_COLUMNS = { createdAt: orderAbnormals.createdAt, handledAt: orderAbnormals.handledAt };

/**
 * Abnormal marks, newest first unless a sort is asked (when marked or handled); the total is exact
 * up to the order list's cap.
 */
export async function listAbnormals(
  db: Db,
  q: AbnormalListInput,
  t: Translate,
  locale: Locale,
): Promise<Page<AbnormalListRecord>> {
  const cond = abnormalConditions(q);
  const [rows, counted] = await Promise.all([
    selectAbnormalRows(db)
      .where(cond)
      .orderBy(
        ...orderOf(q, ABNORMAL_SORT_COLUMNS, orderAbnormals.id, [
          desc(orderAbnormals.createdAt),
          desc(orderAbnormals.id),
        ]),
      )
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${orderAbnormals}
        INNER JOIN ${orders} ON ${orders.id} = ${orderAbnormals.orderId}
        ${cond ? sql`WHERE ${cond}` : sql``} LIMIT ${ORDER_COUNT_CAP + 1}) s`,
    ),
  ]);
  const n = counted.rows[0]?.n ?? 0;
  return {
    records: rows.map((r) => toAbnormalRecord(r, t, locale)),
    total: Math.min(n, ORDER_COUNT_CAP),
    totalCapped: n > ORDER_COUNT_CAP,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/**
 * Customer service marks one abnormal mark handled, saying what was done: the order leaves the
 * abnormal list for that kind (its flag bit is cleared). A mark handled before answers 409.
 *
 * A pending "No carrier number" mark of an order that still waits for its number (carrier-assign.ts
 * `awaitsCarrier`) is handled only once the order has one: the assignment is tried again first, under
 * the order's lock (CARRIER_ASSIGNED event as on receipt); when there is still no free number
 * (pools empty, volume limits reached) the handling is refused (409) and nothing changes. An order
 * that needs no number any more (it got one meanwhile, it ended or was cancelled, its channel does
 * not deliver the last mile) is handled as any mark. Handling is one mark per call (the contract
 * has no bulk handling), so there is no partial answer.
 *
 * Locks: the order, then the mark, as a receipt and the automatic retry take them.
 */
export async function handleAbnormal(
  db: Db,
  user: AuthUser,
  id: number,
  remark: string,
  t: Translate,
  locale: Locale,
  timeZone: string,
): Promise<AbnormalListRecord> {
  await db.transaction(async (x) => {
    const tx = x as unknown as Db;
    const [found] = await tx
      .select({ orderId: orderAbnormals.orderId })
      .from(orderAbnormals)
      .where(eq(orderAbnormals.id, id));
    if (!found) throw notFound();
    const [o] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for('update');
    const [a] = await tx.select().from(orderAbnormals).where(eq(orderAbnormals.id, id)).for('update');
    if (!a || !o) throw notFound();
    if (a.state !== 0) throw rule(m.abnormalHandled, { trackingNo: o.trackingNo });
    const now = new Date();
    if (a.kind === AbnormalKind.noCarrier && awaitsCarrier(o)) {
      const assigned = await assignAndRecord(tx, o, timeZone, user.id, now);
      if (!assigned.ok && assigned.reason !== 'notLastMile')
        throw rule(m.noCarrierStill, { trackingNo: o.trackingNo });
    }
    await tx
      .update(orderAbnormals)
      .set({ state: 1, handledAt: now, handledBy: user.id, handleRemark: remark })
      .where(eq(orderAbnormals.id, id));
    await tx
      .update(orders)
      .set({ abnormalFlags: sql`${orders.abnormalFlags} & ${~abnormalBit(a.kind as AbnormalKind)}` })
      .where(eq(orders.id, a.orderId));
  });
  const [row] = await selectAbnormalRows(db).where(eq(orderAbnormals.id, id));
  return toAbnormalRecord(row!, t, locale);
}

/**
 * Sets the photos of one abnormal mark, pending or handled (customer service photographs the
 * damaged parcel, the wrong label): the ones already on the mark may stay, new ones must be the
 * caller's own uploads (files/image-refs.ts).
 */
export async function setAbnormalImages(
  db: Db,
  user: AuthUser,
  id: number,
  refs: string[],
  t: Translate,
  locale: Locale,
): Promise<AbnormalListRecord> {
  await db.transaction(async (x) => {
    const tx = x as unknown as Db;
    const [a] = await tx
      .select({ images: orderAbnormals.images })
      .from(orderAbnormals)
      .where(eq(orderAbnormals.id, id))
      .for('update');
    if (!a) throw notFound();
    const kept = await allowedImages(tx, user, refs, a.images, 'images');
    await tx.update(orderAbnormals).set({ images: kept }).where(eq(orderAbnormals.id, id));
  });
  const [row] = await selectAbnormalRows(db).where(eq(orderAbnormals.id, id));
  return toAbnormalRecord(row!, t, locale);
}
