import { and, desc, eq, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Page } from '../../../shared/contract/core.ts';
import type { PromptFilters, PromptRecord } from '../../../shared/contract/prompt-record.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { InterceptState } from '../../../shared/domain/order-rules.ts';
import type { PromptKind } from '../../../shared/domain/prompt-record.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import type { Db } from '../../db/client.ts';
import { orderOf } from '../../db/list-sort.ts';
import {
  carriers,
  customers,
  importLogs,
  orders,
  promptRecords,
  regions,
  users,
} from '../../db/schema/index.ts';
import { carrierName, localName } from '../../db/sql-helpers.ts';
import { customerScope } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import type { Translate } from '../../i18n.ts';
import { interceptName, personName, statusName } from '../order-core/order-names.ts';
import { invalidFields } from '../order-core/order-store.ts';

const columns = {
  p: promptRecords,
  customerNo: orders.customerNo,
  consigneeName: orders.consigneeName,
  isCod: orders.isCod,
  codAmount: orders.codAmount,
  codCurrency: orders.codCurrency,
  status: orders.status,
  interceptState: orders.interceptState,
  customerCode: customers.code,
  customerName: customers.name,
  countryCn: regions.nameCn,
  countryEn: regions.nameEn,
  countryAr: regions.nameAr,
  carrierName: carriers.name,
  carrierNameEn: carriers.nameEn,
  fileName: importLogs.fileName,
  importedAt: importLogs.createdAt,
  importerNickname: users.nickname,
  importerUsername: users.username,
};

/** The records with their orders, customers, carriers and imports (one row per record). */
export const selectPromptRows = (db: Db) =>
  db
    .select(columns)
    .from(promptRecords)
    .innerJoin(orders, eq(orders.id, promptRecords.orderId))
    .innerJoin(customers, eq(customers.id, promptRecords.customerId))
    .innerJoin(regions, eq(regions.id, orders.consigneeCountryId))
    .innerJoin(importLogs, eq(importLogs.id, promptRecords.importId))
    .innerJoin(users, eq(users.id, importLogs.userId))
    .leftJoin(carriers, eq(carriers.id, promptRecords.carrierId));

export type PromptRow = Awaited<ReturnType<ReturnType<typeof selectPromptRows>['where']>>[number];

export const destinationOf = (r: Pick<PromptRow, 'countryCn' | 'countryEn' | 'countryAr'>, locale: Locale) =>
  localName({ nameCn: r.countryCn, nameEn: r.countryEn, nameAr: r.countryAr }, locale);

export const carrierOf = (r: Pick<PromptRow, 'carrierName' | 'carrierNameEn'>, locale: Locale) =>
  r.carrierName === null ? null : carrierName({ name: r.carrierName, nameEn: r.carrierNameEn ?? '' }, locale);

export const importerOf = (r: Pick<PromptRow, 'importerNickname' | 'importerUsername'>) =>
  personName({ nickname: r.importerNickname, username: r.importerUsername }) ?? '';

export function toPromptRecord(r: PromptRow, t: Translate, locale: Locale): PromptRecord {
  const p = r.p;
  return {
    recId: p.id,
    kind: p.kind,
    orderId: p.orderId,
    trackingNo: p.trackingNo,
    customerNo: r.customerNo,
    customerId: p.customerId,
    customerCode: r.customerCode,
    customerName: r.customerName,
    consigneeName: r.consigneeName,
    destination: destinationOf(r, locale),
    carrierId: p.carrierId,
    carrierName: carrierOf(r, locale),
    carrierTrackingNo: p.carrierTrackingNo,
    isCod: r.isCod,
    codAmount: r.codAmount,
    codCurrency: r.codCurrency,
    occurredAt: p.occurredAt.toISOString(),
    signer: p.signer,
    reason: p.reason,
    remark: p.remark,
    status: r.status,
    statusName: statusName(t, r.status),
    interceptState: r.interceptState,
    interceptName: interceptName(t, r.interceptState),
    importId: p.importId,
    fileName: r.fileName,
    importedBy: importerOf(r),
    importedAt: r.importedAt.toISOString(),
  };
}

/**
 * The WHERE of a kind's list and export: the filters, and for a customer account its own customer
 * whatever the filters say (the calls are staff calls; the scope holds if that changes). Refuses a
 * time range that ends before it starts.
 */
export function promptConditions(
  kind: PromptKind,
  f: Partial<PromptFilters> & { ids?: number[] | undefined },
  user: AuthUser,
): SQL | undefined {
  if (f.startTime && f.endTime && Date.parse(f.endTime) <= Date.parse(f.startTime))
    throw invalidFields([{ path: 'endTime', descriptor: orderMessages.timeRangeInvalid }]);
  const where: (SQL | undefined)[] = [eq(promptRecords.kind, kind)];
  const scope = customerScope(user);
  if (scope !== null) where.push(eq(promptRecords.customerId, scope));
  if (f.customerId !== undefined) where.push(eq(promptRecords.customerId, f.customerId));
  if (f.carrierId !== undefined) where.push(eq(promptRecords.carrierId, f.carrierId));
  if (f.importId !== undefined) where.push(eq(promptRecords.importId, f.importId));
  if (f.trackingNos?.length)
    where.push(
      or(
        inArray(promptRecords.trackingNo, f.trackingNos),
        inArray(promptRecords.carrierTrackingNo, f.trackingNos),
      ),
    );
  if (f.startTime) where.push(gte(promptRecords.occurredAt, new Date(f.startTime)));
  if (f.endTime) where.push(lt(promptRecords.occurredAt, new Date(f.endTime)));
  if (f.intercepted !== undefined)
    where.push(
      f.intercepted
        ? eq(orders.interceptState, InterceptState.succeeded)
        : ne(orders.interceptState, InterceptState.succeeded),
    );
  if (f.ids) where.push(inArray(promptRecords.id, f.ids));
  return and(...where);
}

/** promptDeliveryList / promptReturnList: newest carrier time first. */
export async function listPrompt(
  db: Db,
  user: AuthUser,
  kind: PromptKind,
  q: PromptFilters & { pageNo: number; pageSize: number },
  t: Translate,
  locale: Locale,
): Promise<Page<PromptRecord>> {
  const cond = promptConditions(kind, q, user);
  const [rows, [total]] = await Promise.all([
    selectPromptRows(db)
      .where(cond)
      .orderBy(
        ...orderOf(
          q,
          {
            occurredAt: promptRecords.occurredAt,
            importedAt: importLogs.createdAt,
            codAmount: orders.codAmount,
          },
          promptRecords.id,
          [desc(promptRecords.occurredAt), desc(promptRecords.id)],
        ),
      )
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(promptRecords)
      .innerJoin(orders, eq(orders.id, promptRecords.orderId))
      .where(cond),
  ]);
  return {
    records: rows.map((r) => toPromptRecord(r, t, locale)),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}
