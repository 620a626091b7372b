import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CodFilters, CodRecord } from '../../../shared/contract/cod.ts';
import type { Page } from '../../../shared/contract/core.ts';
import { codStatusMessage } from '../../../shared/i18n/cod-messages.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import type { Db } from '../../db/client.ts';
import { codModifications, customers, users } from '../../db/schema/index.ts';
import { customerScope } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import type { Translate } from '../../i18n.ts';
import { personName } from '../order-core/order-names.ts';
import { iso, isoOrNull } from '../order-core/order-read.ts';
import { invalidFields } from '../order-core/order-store.ts';

const operators = alias(users, 'operator');
const approvers = alias(users, 'approver');

const columns = {
  c: codModifications,
  customerCode: customers.code,
  customerName: customers.name,
  operatorNickname: operators.nickname,
  operatorUsername: operators.username,
  approverNickname: approvers.nickname,
  approverUsername: approvers.username,
};

export const selectCodRows = (db: Db) =>
  db
    .select(columns)
    .from(codModifications)
    .innerJoin(customers, eq(customers.id, codModifications.customerId))
    .innerJoin(operators, eq(operators.id, codModifications.operatorId))
    .leftJoin(approvers, eq(approvers.id, codModifications.approverId));

export type CodRow = Awaited<ReturnType<ReturnType<typeof selectCodRows>['where']>>[number];

export const codStatusName = (t: Translate, status: number): string => {
  const d = codStatusMessage(status);
  return d ? t(d) : String(status);
};

export function toCodRecord(r: CodRow, t: Translate): CodRecord {
  const c = r.c;
  return {
    recId: c.id,
    orderId: c.orderId,
    trackingNo: c.trackingNo,
    customerId: c.customerId,
    customerCode: r.customerCode,
    customerName: r.customerName,
    originalAmount: c.originalAmount,
    originalCurrency: c.originalCurrency,
    updatedAmount: c.updatedAmount,
    currency: c.currency,
    remark: c.remark,
    operatorId: c.operatorId,
    operator: personName({ nickname: r.operatorNickname, username: r.operatorUsername }) ?? '',
    createdAt: iso(c.createdAt),
    status: c.status,
    statusName: codStatusName(t, c.status),
    approverId: c.approverId,
    approver: personName({ nickname: r.approverNickname, username: r.approverUsername }),
    approvedAt: isoOrNull(c.approvedAt),
    approvalRemark: c.approvalRemark,
  };
}

/**
 * The WHERE of the list and the export: the filters, and for a customer account its own customer
 * whatever the filters say (the calls are staff calls today; the scope holds if that changes).
 */
export function codConditions(
  f: CodFilters & { ids?: number[] | undefined },
  user: AuthUser,
): SQL | undefined {
  if (f.startTime && f.endTime && Date.parse(f.endTime) <= Date.parse(f.startTime))
    throw invalidFields([{ path: 'endTime', descriptor: orderMessages.timeRangeInvalid }]);
  const where: (SQL | undefined)[] = [];
  const scope = customerScope(user);
  if (scope !== null) where.push(eq(codModifications.customerId, scope));
  if (f.customerId !== undefined) where.push(eq(codModifications.customerId, f.customerId));
  if (f.trackingNos.length) where.push(inArray(codModifications.trackingNo, f.trackingNos));
  if (f.status !== '-1') where.push(eq(codModifications.status, Number(f.status)));
  if (f.startTime) where.push(gte(codModifications.createdAt, new Date(f.startTime)));
  if (f.endTime) where.push(lt(codModifications.createdAt, new Date(f.endTime)));
  if (f.ids) where.push(inArray(codModifications.id, f.ids));
  return and(...where);
}

/** cod/list: newest first. */
export async function listCod(
  db: Db,
  user: AuthUser,
  q: CodFilters & { pageNo: number; pageSize: number },
  t: Translate,
): Promise<Page<CodRecord>> {
  const cond = codConditions(q, user);
  const [rows, [total]] = await Promise.all([
    selectCodRows(db)
      .where(cond)
      .orderBy(desc(codModifications.createdAt), desc(codModifications.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(codModifications).where(cond),
  ]);
  return {
    records: rows.map((r) => toCodRecord(r, t)),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}
