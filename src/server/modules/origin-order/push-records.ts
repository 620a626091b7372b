import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page } from '../../../shared/contract/core.ts';
import type {
  CitcRecord,
  citcListRequest,
  PushRecord,
  pushRecordListRequest,
} from '../../../shared/contract/origin-order.ts';
import { messageById } from '../../../shared/i18n/message-registry.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import type { Db } from '../../db/client.ts';
import {
  citcRecords,
  customers,
  orders,
  originOrders,
  originPushRecords,
  regions,
  users,
} from '../../db/schema/index.ts';
import { readStored, type Translate } from '../../i18n.ts';
import { personName } from '../order-core/order-names.ts';
import { iso, isoOrNull } from '../order-core/order-read.ts';
import { invalidFields } from '../order-core/order-store.ts';

/** A push record's reason, kept as message ids with their values so it reads in any language. */
export interface StoredMessage {
  id: string;
  values?: Record<string, unknown>;
}

export function readMessages(t: Translate, stored: unknown): string {
  const list = Array.isArray(stored) ? (stored as StoredMessage[]) : [];
  return list
    .map((m) => {
      const d = messageById(m.id);
      return d ? t(d, m.values) : m.id;
    })
    .join('; ');
}

const pushColumns = {
  p: originPushRecords,
  platform: originOrders.platform,
  platformOrderNo: originOrders.platformOrderNo,
  customerCode: customers.code,
  customerName: customers.name,
  operatorNickname: users.nickname,
  operatorUsername: users.username,
};

const selectPushRows = (db: Db) =>
  db
    .select(pushColumns)
    .from(originPushRecords)
    .innerJoin(originOrders, eq(originOrders.id, originPushRecords.originOrderId))
    .innerJoin(customers, eq(customers.id, originOrders.customerId))
    .leftJoin(users, eq(users.id, originPushRecords.operatorId));

type PushRow = Awaited<ReturnType<ReturnType<typeof selectPushRows>['where']>>[number];

const toPushRecord = (r: PushRow, t: Translate): PushRecord => ({
  recId: r.p.id,
  originOrderId: r.p.originOrderId,
  platform: r.platform,
  platformOrderNo: r.platformOrderNo,
  customerCode: r.customerCode,
  customerName: r.customerName,
  result: r.p.result,
  message: readMessages(t, r.p.messages),
  orderId: r.p.orderId,
  trackingNo: r.p.trackingNo,
  operator: personName({ nickname: r.operatorNickname, username: r.operatorUsername }),
  pushedAt: iso(r.p.pushedAt),
});

function checkRange(startTime: string | undefined, endTime: string | undefined): void {
  if (startTime && endTime && Date.parse(endTime) <= Date.parse(startTime))
    throw invalidFields([{ path: 'endTime', descriptor: orderMessages.timeRangeInvalid }]);
}

/** Upload attempts of one origin order, newest first (its detail). */
export async function pushRecordsOf(db: Db, originOrderId: number, t: Translate): Promise<PushRecord[]> {
  const rows = await selectPushRows(db)
    .where(eq(originPushRecords.originOrderId, originOrderId))
    .orderBy(desc(originPushRecords.pushedAt), desc(originPushRecords.id));
  return rows.map((r) => toPushRecord(r, t));
}

export async function listPushRecords(
  db: Db,
  q: z.output<typeof pushRecordListRequest>,
  t: Translate,
): Promise<Page<PushRecord>> {
  checkRange(q.startTime, q.endTime);
  const where: (SQL | undefined)[] = [
    gte(originPushRecords.pushedAt, new Date(q.startTime)),
    lt(originPushRecords.pushedAt, new Date(q.endTime)),
  ];
  if (q.result !== '-1') where.push(eq(originPushRecords.result, Number(q.result)));
  if (q.customerId !== undefined) where.push(eq(originOrders.customerId, q.customerId));
  if (q.platformOrderNos.length) where.push(inArray(originOrders.platformOrderNo, q.platformOrderNos));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    selectPushRows(db)
      .where(cond)
      .orderBy(desc(originPushRecords.pushedAt), desc(originPushRecords.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(originPushRecords)
      .innerJoin(originOrders, eq(originOrders.id, originPushRecords.originOrderId))
      .where(cond),
  ]);
  return {
    records: rows.map((r) => toPushRecord(r, t)),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

const citcColumns = {
  c: citcRecords,
  trackingNo: orders.trackingNo,
  consigneeName: orders.consigneeName,
  countryCode: regions.code,
  customerCode: customers.code,
  customerName: customers.name,
  platform: originOrders.platform,
  platformOrderNo: originOrders.platformOrderNo,
};

const selectCitcRows = (db: Db) =>
  db
    .select(citcColumns)
    .from(citcRecords)
    .innerJoin(orders, eq(orders.id, citcRecords.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(regions, eq(regions.id, orders.consigneeCountryId))
    .leftJoin(originOrders, eq(originOrders.id, citcRecords.originOrderId));

type CitcRow = Awaited<ReturnType<ReturnType<typeof selectCitcRows>['where']>>[number];

const toCitcRecord = (r: CitcRow, t: Translate): CitcRecord => ({
  recId: r.c.id,
  orderId: r.c.orderId,
  trackingNo: r.trackingNo,
  originOrderId: r.c.originOrderId,
  platform: r.platform,
  platformOrderNo: r.platformOrderNo,
  customerCode: r.customerCode,
  customerName: r.customerName,
  countryCode: r.countryCode,
  consigneeName: r.consigneeName,
  status: r.c.status,
  referenceNo: r.c.referenceNo,
  message: readStored(t, r.c.message),
  reportedAt: isoOrNull(r.c.reportedAt),
  createdAt: iso(r.c.createdAt),
});

export async function citcOfOrigin(db: Db, originOrderId: number, t: Translate): Promise<CitcRecord | null> {
  const [row] = await selectCitcRows(db).where(eq(citcRecords.originOrderId, originOrderId)).limit(1);
  return row ? toCitcRecord(row, t) : null;
}

/** The CITC records of these ids, in the ids' order (citc/report's answer). */
export async function citcRecordsOf(db: Db, ids: readonly number[], t: Translate): Promise<CitcRecord[]> {
  const rows = await selectCitcRows(db).where(inArray(citcRecords.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.c.id, toCitcRecord(r, t)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function listCitc(
  db: Db,
  q: z.output<typeof citcListRequest>,
  t: Translate,
): Promise<Page<CitcRecord>> {
  checkRange(q.startTime, q.endTime);
  const where: (SQL | undefined)[] = [];
  if (q.status !== '-1') where.push(eq(citcRecords.status, Number(q.status)));
  if (q.trackingNos.length) where.push(inArray(orders.trackingNo, q.trackingNos));
  if (q.platformOrderNos.length) where.push(inArray(originOrders.platformOrderNo, q.platformOrderNos));
  if (q.startTime) where.push(gte(citcRecords.createdAt, new Date(q.startTime)));
  if (q.endTime) where.push(lt(citcRecords.createdAt, new Date(q.endTime)));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    selectCitcRows(db)
      .where(cond)
      .orderBy(desc(citcRecords.createdAt), desc(citcRecords.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(citcRecords)
      .innerJoin(orders, eq(orders.id, citcRecords.orderId))
      .leftJoin(originOrders, eq(originOrders.id, citcRecords.originOrderId))
      .where(cond),
  ]);
  return {
    records: rows.map((r) => toCitcRecord(r, t)),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}
