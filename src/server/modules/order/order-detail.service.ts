import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AbnormalRecord,
  EventRecord,
  GoodsRecord,
  InterceptRecord,
  OrderDetail,
  OrderHolder,
  RemarkRecord,
  StatusChange,
} from '../../../shared/contract/order-records.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { FeeExceptionReason } from '../../../shared/domain/order-fees.ts';
import { AbnormalKind } from '../../../shared/domain/order-rules.ts';
import { orderMessages as m } from '../../../shared/i18n/order-messages.ts';
import type { Db } from '../../db/client.ts';
import {
  carrierTrackingNodes,
  depots,
  orderAbnormals,
  orderEvents,
  orderGoods,
  orderIntercepts,
  orderRemarks,
  orders,
  regions,
  trackingSettings,
  users,
} from '../../db/schema/index.ts';
import { localName } from '../../db/sql-helpers.ts';
import { isCustomerAccount } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { feeReasonText, feesOf, pendingFeeException, volumeDivisorOf } from '../order-core/order-fees.ts';
import { abnormalName, interceptName, nodeName, personName, statusName } from '../order-core/order-names.ts';
import { iso, isoOrNull, selectOrderRows, toOrderRecord } from '../order-core/order-read.ts';
import { orderForCaller } from '../order-core/order-store.ts';
import { regionChain } from '../region/region.service.ts';

const operator = alias(users, 'operator');
const resolver = alias(users, 'resolver');

export async function goodsOf(db: Db, orderId: number): Promise<GoodsRecord[]> {
  const rows = await db
    .select()
    .from(orderGoods)
    .where(eq(orderGoods.orderId, orderId))
    .orderBy(asc(orderGoods.lineNo));
  return rows.map((g) => ({
    recId: g.id,
    lineNo: g.lineNo,
    nameEn: g.nameEn,
    nameCn: g.nameCn,
    quantity: g.quantity,
    hsCode: g.hsCode,
    unitPrice: g.unitPrice,
    currency: g.currency,
    specification: g.specification,
    sensitiveWords: g.sensitiveWords,
    sensitiveHit: g.sensitiveHit,
    images: g.images,
  }));
}

/** Events newest first; only the public ones when `publicOnly`. */
export async function eventsOf(
  db: Db,
  orderId: number,
  t: Translate,
  locale: Locale,
  publicOnly: boolean,
): Promise<EventRecord[]> {
  const rows = await db
    .select({
      e: orderEvents,
      carrierNode: {
        nameCn: carrierTrackingNodes.nameCn,
        nameEn: carrierTrackingNodes.nameEn,
        nameAr: carrierTrackingNodes.nameAr,
      },
      setting: {
        nameCn: trackingSettings.nameCn,
        nameEn: trackingSettings.nameEn,
        nameAr: trackingSettings.nameAr,
      },
      operatorNickname: operator.nickname,
      operatorUsername: operator.username,
    })
    .from(orderEvents)
    .leftJoin(
      carrierTrackingNodes,
      and(
        eq(carrierTrackingNodes.carrierId, orderEvents.carrierId),
        eq(carrierTrackingNodes.code, orderEvents.node),
      ),
    )
    .leftJoin(
      trackingSettings,
      and(sql`${orderEvents.carrierId} IS NULL`, eq(trackingSettings.code, orderEvents.node)),
    )
    .leftJoin(operator, eq(operator.id, orderEvents.operatorId))
    .where(and(eq(orderEvents.orderId, orderId), publicOnly ? eq(orderEvents.isPublic, true) : undefined))
    .orderBy(desc(orderEvents.occurredAt), desc(orderEvents.id));
  return rows.map(({ e, carrierNode, setting, operatorNickname, operatorUsername }) => ({
    recId: e.id,
    node: e.node,
    name: nodeName(
      t,
      locale,
      e.node,
      carrierNode?.nameCn == null ? null : carrierNode,
      setting?.nameCn == null ? null : setting,
    ),
    status: e.status,
    statusName: e.status === null ? null : statusName(t, e.status),
    location: e.location,
    description: e.description,
    isPublic: e.isPublic,
    occurredAt: iso(e.occurredAt),
    operatorName: personName({ nickname: operatorNickname, username: operatorUsername }),
  }));
}

/** The status history, newest first: the status-changing events. */
export const historyOf = (
  events: EventRecord[],
  t: Translate,
  raw: Map<number, number | null>,
): StatusChange[] =>
  events
    .filter((e) => e.status !== null)
    .map((e) => {
      const from = raw.get(e.recId) ?? null;
      return {
        eventId: e.recId,
        fromStatus: from,
        fromStatusName: from === null ? null : statusName(t, from),
        status: e.status!,
        statusName: e.statusName!,
        at: e.occurredAt,
        operatorName: e.operatorName,
      };
    });

export async function remarksOf(db: Db, orderId: number): Promise<RemarkRecord[]> {
  const rows = await db
    .select({ r: orderRemarks, nickname: users.nickname, username: users.username })
    .from(orderRemarks)
    .leftJoin(users, eq(users.id, orderRemarks.createdBy))
    .where(eq(orderRemarks.orderId, orderId))
    .orderBy(desc(orderRemarks.createdAt), desc(orderRemarks.id));
  return rows.map(({ r, nickname, username }) => ({
    recId: r.id,
    orderId: r.orderId,
    content: r.content,
    createdBy: personName({ nickname, username }),
    createdAt: iso(r.createdAt),
  }));
}

export async function interceptsOf(db: Db, orderId: number, t: Translate): Promise<InterceptRecord[]> {
  const rows = await db
    .select({
      i: orderIntercepts,
      reqNickname: operator.nickname,
      reqUsername: operator.username,
      resNickname: resolver.nickname,
      resUsername: resolver.username,
    })
    .from(orderIntercepts)
    .leftJoin(operator, eq(operator.id, orderIntercepts.requestedBy))
    .leftJoin(resolver, eq(resolver.id, orderIntercepts.resolvedBy))
    .where(eq(orderIntercepts.orderId, orderId))
    .orderBy(desc(orderIntercepts.id));
  return rows.map(({ i, reqNickname, reqUsername, resNickname, resUsername }) => ({
    recId: i.id,
    state: i.state,
    stateName: interceptName(t, i.state),
    reason: i.reason,
    requestedBy: personName({ nickname: reqNickname, username: reqUsername }),
    requestedAt: iso(i.requestedAt),
    resultRemark: i.resultRemark,
    resolvedBy: personName({ nickname: resNickname, username: resUsername }),
    resolvedAt: isoOrNull(i.resolvedAt),
  }));
}

/**
 * The bills holding the order now, as the parcel moves: its package, the lading bill holding it
 * (or its package), that bill's batch, the overseas lading. Each step reads a live item by the
 * partial unique indexes on active items.
 */
export async function holdersOf(db: Db, orderId: number): Promise<OrderHolder[]> {
  const { rows } = await db.execute<{
    kind: OrderHolder['kind'];
    id: string;
    no: string;
    confirm: number | null;
    pickup: number;
    added: Date | string;
  }>(sql`
    WITH pkg AS (
      SELECT i.package_id AS id, i.scanned_at FROM package_items i WHERE i.order_id = ${orderId} AND i.active
    ), lad AS (
      SELECT i.bill_id AS id, i.scanned_at FROM lading_items i WHERE i.order_id = ${orderId} AND i.active
      UNION ALL
      SELECT i.bill_id, i.scanned_at FROM lading_items i JOIN pkg ON i.package_id = pkg.id WHERE i.active
    )
    SELECT 'package' AS kind, p.id, p.no, p.confirm_state AS confirm, p.pickup_status AS pickup,
      pkg.scanned_at AS added, 1 AS step
    FROM pkg JOIN packages p ON p.id = pkg.id
    UNION ALL
    SELECT 'lading', b.id, b.no, b.confirm_state, b.pickup_status, lad.scanned_at, 2
    FROM lad JOIN lading_bills b ON b.id = lad.id
    UNION ALL
    SELECT 'batch', t.id, t.batch_no, NULL, t.pickup_status, i.scanned_at, 3
    FROM lad JOIN batch_items i ON i.lading_id = lad.id AND i.active JOIN batches t ON t.id = i.batch_id
    UNION ALL
    SELECT 'overseas', o.id, o.no, o.confirm_state, o.pickup_status, i.scanned_at, 4
    FROM overseas_items i JOIN overseas_ladings o ON o.id = i.bill_id
    WHERE i.order_id = ${orderId} AND i.active
    ORDER BY step, added`);
  return rows.map((r) => ({
    kind: r.kind,
    recId: Number(r.id),
    no: r.no,
    confirmState: r.confirm === null ? null : Number(r.confirm),
    pickupStatus: Number(r.pickup),
    addedAt: iso(new Date(r.added)),
  }));
}

/** An abnormal mark's reason with its figures. */
export function abnormalReason(
  t: Translate,
  locale: Locale,
  kind: number,
  detail: Record<string, unknown>,
): string {
  const s = (k: string) => (detail[k] === undefined ? '' : String(detail[k]));
  switch (kind) {
    case AbnormalKind.noCarrier:
      return t(
        s('reason') === 'volumeLimit'
          ? m.reasonVolumeLimit
          : s('reason') === 'noChannelCarrier'
            ? m.reasonNoChannelCarrier
            : m.reasonPoolEmpty,
      );
    case AbnormalKind.weightDiscrepancy:
      return t(m.reasonWeight, { checked: s('checked'), declared: s('declared') });
    case AbnormalKind.sensitiveGoods:
      return t(m.reasonSensitive, { words: Array.isArray(detail.words) ? detail.words.join(', ') : '' });
    case AbnormalKind.intercepted:
      return s('reason') ? t(m.reasonIntercept, { reason: s('reason') }) : abnormalName(t, kind);
    case AbnormalKind.noPrice:
      // Worded as the fee exception it comes with, the country in the caller's language.
      return feeReasonText(t, locale, Number(s('reason') || FeeExceptionReason.noRule), detail);
    default:
      return abnormalName(t, kind);
  }
}

export async function abnormalsOf(
  db: Db,
  orderId: number,
  t: Translate,
  locale: Locale,
): Promise<AbnormalRecord[]> {
  const rows = await db
    .select()
    .from(orderAbnormals)
    .where(eq(orderAbnormals.orderId, orderId))
    .orderBy(desc(orderAbnormals.id));
  return rows.map((a) => ({
    recId: a.id,
    kind: a.kind,
    kindName: abnormalName(t, a.kind),
    reasonText: abnormalReason(t, locale, a.kind, a.detail as Record<string, unknown>),
    department: a.department,
    state: a.state,
    createdAt: iso(a.createdAt),
    handledAt: isoOrNull(a.handledAt),
    images: a.images,
  }));
}

/**
 * Everything about one order, as `getOrderDetail` answers it; customers see public events only and
 * none of the office's interception requests, abnormal marks or bills.
 */
export async function orderDetail(
  db: Db,
  user: AuthUser,
  id: number,
  t: Translate,
  locale: Locale,
): Promise<OrderDetail> {
  await orderForCaller(db, user, id);
  return readDetail(db, id, t, locale, isCustomerAccount(user));
}

/** The detail without a scope check (the caller checked it). */
export async function readDetail(
  db: Db,
  id: number,
  t: Translate,
  locale: Locale,
  publicOnly: boolean,
): Promise<OrderDetail> {
  // Named: planning this seven-way join cost more than running it (1-4 ms of the database's time).
  const [row] = await selectOrderRows(db).where(eq(orders.id, id)).prepare('order_detail_row').execute();
  if (!row) throw notFound();
  const o = row.o;
  const district =
    o.consigneeDistrictId === null
      ? null
      : (await db.select().from(regions).where(eq(regions.id, o.consigneeDistrictId)))[0];
  const senderChain = o.senderRegionId === null ? [] : await regionChain(db, o.senderRegionId);
  const depot =
    o.receivedDepotId === null
      ? null
      : (await db.select().from(depots).where(eq(depots.id, o.receivedDepotId)))[0];
  // One after the other: inside a transaction they share one connection.
  const goods = await goodsOf(db, id);
  const fees = await feesOf(db, id, t);
  const feeException = await pendingFeeException(db, id, t, locale);
  const events = await eventsOf(db, id, t, locale, publicOnly);
  const remarks = await remarksOf(db, id);
  // A customer reads the order's state (intercept state, abnormal or not) on the record; the
  // interception requests (who asked, who resolved, the result's remark), the abnormal marks (our
  // reasons, weights, departments) and the bills holding it are the office's.
  const intercepts = publicOnly ? [] : await interceptsOf(db, id, t);
  const abnormals = publicOnly ? [] : await abnormalsOf(db, id, t, locale);
  const holders = publicOnly ? [] : await holdersOf(db, id);
  const divisor = await volumeDivisorOf(db, o);
  const raw = await db
    .select({ id: orderEvents.id, from: orderEvents.fromStatus })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, id), sql`${orderEvents.status} IS NOT NULL`));
  const record = toOrderRecord(row, t, locale);
  return {
    ...record,
    sender: {
      name: o.senderName,
      phone: o.senderPhone,
      company: o.senderCompany,
      regionId: o.senderRegionId,
      regionIds: senderChain.map((r) => r.id),
      regionNames: senderChain.map((r) =>
        localName({ nameCn: r.name_cn, nameEn: r.name_en, nameAr: r.name_ar }, locale),
      ),
      address: o.senderAddress,
      postcode: o.senderPostcode,
    },
    consignee: {
      name: o.consigneeName,
      phone: o.consigneePhone,
      phone2: o.consigneePhone2,
      email: o.consigneeEmail,
      regionIds: [
        o.consigneeCountryId,
        o.consigneeProvinceId,
        o.consigneeCityId,
        o.consigneeDistrictId,
      ].filter((r): r is number => r !== null),
      countryId: o.consigneeCountryId,
      provinceId: o.consigneeProvinceId,
      cityId: o.consigneeCityId,
      districtId: o.consigneeDistrictId,
      countryCode: record.countryCode,
      countryName: record.countryName,
      province: record.province,
      city: record.city,
      district: district ? localName(district, locale) : o.consigneeDistrict,
      address: o.consigneeAddress,
      postcode: o.consigneePostcode,
    },
    length: o.length,
    width: o.width,
    height: o.height,
    volumeDivisor: divisor,
    checkedAt: isoOrNull(o.checkedAt),
    cancelledAt: isoOrNull(o.cancelledAt),
    receivedDepot: depot ? { recId: depot.id, code: depot.code, name: depot.name } : null,
    goods,
    fees,
    feeException,
    events,
    statusHistory: historyOf(events, t, new Map(raw.map((r) => [r.id, r.from]))),
    remarks,
    intercepts,
    abnormals,
    holders,
  };
}
