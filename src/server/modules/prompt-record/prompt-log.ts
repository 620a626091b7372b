import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Page } from '../../../shared/contract/core.ts';
import type { PromptLogRecord } from '../../../shared/contract/prompt-record.ts';
import type { ListSort, SortKeyOf } from '../../../shared/domain/list-sort.ts';
import type { PromptKind } from '../../../shared/domain/prompt-record.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import { promptKindMessage, promptLogStatusMessage } from '../../../shared/i18n/prompt-record-messages.ts';
import type { Db } from '../../db/client.ts';
import { orderOf } from '../../db/list-sort.ts';
import { importLogs, users } from '../../db/schema/index.ts';
import { settleInterruptedImports } from '../../files/import.ts';
import type { Translate } from '../../i18n.ts';
import { personName } from '../order-core/order-names.ts';
import { invalidFields } from '../order-core/order-store.ts';
import { IMPORT_KIND, PROMPT_IMPORT_KINDS, promptKindOfImport } from './prompt-import.ts';

interface LogQuery extends ListSort<SortKeyOf<'promptLog'>> {
  kind?: number | undefined;
  status?: number | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
  pageNo: number;
  pageSize: number;
}

const detailCount = (detail: unknown, key: 'recorded' | 'alreadyRecorded'): number => {
  const v = (detail as Record<string, unknown> | null)?.[key];
  return typeof v === 'number' ? v : 0;
};

/**
 * promptLogList: the delivery and return imports (import_logs of those two kinds), refused ones
 * too, newest first, with what each recorded. Staff only, so every importer's are listed.
 */
export async function listPromptLogs(db: Db, q: LogQuery, t: Translate): Promise<Page<PromptLogRecord>> {
  await settleInterruptedImports(db);
  if (q.startTime && q.endTime && Date.parse(q.endTime) <= Date.parse(q.startTime))
    throw invalidFields([{ path: 'endTime', descriptor: orderMessages.timeRangeInvalid }]);
  const where: SQL[] = [
    q.kind === undefined
      ? inArray(importLogs.kind, PROMPT_IMPORT_KINDS)
      : eq(importLogs.kind, IMPORT_KIND[q.kind as PromptKind]),
  ];
  if (q.status !== undefined) where.push(eq(importLogs.status, q.status));
  if (q.startTime) where.push(gte(importLogs.createdAt, new Date(q.startTime)));
  if (q.endTime) where.push(lt(importLogs.createdAt, new Date(q.endTime)));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({ log: importLogs, nickname: users.nickname, username: users.username })
      .from(importLogs)
      .innerJoin(users, eq(users.id, importLogs.userId))
      .where(cond)
      .orderBy(
        ...orderOf(q, { importedAt: importLogs.createdAt, rowCount: importLogs.rowCount }, importLogs.id, [
          desc(importLogs.createdAt),
          desc(importLogs.id),
        ]),
      )
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(importLogs).where(cond),
  ]);
  return {
    records: rows.map(({ log, nickname, username }) => {
      const kind = promptKindOfImport(log.kind);
      const kindName = promptKindMessage(kind);
      const statusName = promptLogStatusMessage(log.status);
      return {
        recId: log.id,
        kind,
        kindName: kindName ? t(kindName) : String(kind),
        fileName: log.fileName,
        importedBy: personName({ nickname, username }) ?? '',
        importedAt: log.createdAt.toISOString(),
        rowCount: log.rowCount,
        recorded: detailCount(log.detail, 'recorded'),
        alreadyRecorded: detailCount(log.detail, 'alreadyRecorded'),
        errorCount: log.errorCount,
        status: log.status,
        statusName: statusName ? t(statusName) : String(log.status),
      };
    }),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}
