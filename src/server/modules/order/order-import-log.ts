import { and, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page } from '../../../shared/contract/core.ts';
import type { OrderImportLog, orderImportLogRequest } from '../../../shared/contract/order-import.ts';
import type { Db } from '../../db/client.ts';
import { customers, importLogs, users } from '../../db/schema/index.ts';
import { escapeLike } from '../../db/sql-helpers.ts';
import { settleInterruptedImports } from '../../files/import.ts';
import { customerScope } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import { ORDER_IMPORT_KIND } from './order-import.ts';

type LogQuery = z.output<typeof orderImportLogRequest>;

interface LogDetail {
  orderCount?: number;
  /** Written by whatever pushes the imported orders on (0 not pushed, 1 pushed, 2 failed). */
  pushStatus?: number;
  pushedAt?: string;
}

/**
 * order/importLogList: the order imports, newest first. Customer accounts see their own
 * customer's imports whatever they send; staff may narrow to one customer.
 */
export async function listOrderImports(db: Db, user: AuthUser, q: LogQuery): Promise<Page<OrderImportLog>> {
  await settleInterruptedImports(db);
  const scope = customerScope(user);
  const where: SQL[] = [eq(importLogs.kind, ORDER_IMPORT_KIND)];
  const customerId = scope ?? q.customerId;
  if (customerId !== undefined) where.push(eq(importLogs.customerId, customerId));
  if (q.status !== undefined) where.push(eq(importLogs.status, q.status));
  if (q.fileName) where.push(ilike(importLogs.fileName, `%${escapeLike(q.fileName)}%`));
  if (q.startTime) where.push(gte(importLogs.createdAt, new Date(q.startTime)));
  if (q.endTime) where.push(lt(importLogs.createdAt, new Date(q.endTime)));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        log: importLogs,
        username: users.username,
        nickname: users.nickname,
        customerCode: customers.code,
        customerName: customers.name,
      })
      .from(importLogs)
      .innerJoin(users, eq(users.id, importLogs.userId))
      .leftJoin(customers, eq(customers.id, importLogs.customerId))
      .where(cond)
      .orderBy(desc(importLogs.createdAt), desc(importLogs.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(importLogs).where(cond),
  ]);
  return {
    records: rows.map(({ log, username, nickname, customerCode, customerName }) => {
      const detail = log.detail as LogDetail;
      return {
        recId: log.id,
        fileName: log.fileName,
        customerId: log.customerId,
        customerCode,
        customerName,
        importedBy: nickname || username,
        createdAt: log.createdAt.toISOString(),
        rowCount: log.rowCount,
        orderCount: typeof detail.orderCount === 'number' ? detail.orderCount : null,
        errorCount: log.errorCount,
        status: log.status,
        pushStatus: typeof detail.pushStatus === 'number' ? detail.pushStatus : 0,
        pushedAt: typeof detail.pushedAt === 'string' ? detail.pushedAt : null,
      };
    }),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}
