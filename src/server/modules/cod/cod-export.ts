import { and, asc, count, gt } from 'drizzle-orm';
import type { CodFilters } from '../../../shared/contract/cod.ts';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import { codMessages as m } from '../../../shared/i18n/cod-messages.ts';
import { codModifications } from '../../db/schema/index.ts';
import { type ExportColumn, keysetPages, startExport } from '../../files/export.ts';
import type { Ctx } from '../../http/context.ts';
import { personName } from '../order-core/order-names.ts';
import { COD_COLUMNS } from './cod-import.ts';
import { type CodRow, codConditions, codStatusName, selectCodRows } from './cod-read.ts';

const header = (key: (typeof COD_COLUMNS)[number]['key']) => COD_COLUMNS.find((c) => c.key === key)!.header;

/**
 * cod/export: the modifications the filters select (or the chosen ids among them), oldest first,
 * as an export task. The first four columns are the import template's, so a file edited from the
 * export imports again.
 */
export function exportCod(ctx: Ctx, filters: CodFilters & { ids?: number[] | undefined }) {
  const where = codConditions(filters, ctx.user);
  const t = ctx.t;
  const columns: ExportColumn<CodRow>[] = [
    { header: header('trackingNo'), width: 20, value: (r) => r.c.trackingNo },
    { header: header('updatedAmount'), width: 18, value: (r) => r.c.updatedAmount },
    { header: header('currency'), width: 10, value: (r) => r.c.currency },
    { header: header('remark'), width: 30, value: (r) => r.c.remark },
    { header: m.colCustomer, width: 24, value: (r) => `${r.customerCode} ${r.customerName}` },
    { header: m.colOriginalAmount, width: 18, value: (r) => r.c.originalAmount },
    { header: m.colOriginalCurrency, width: 12, value: (r) => r.c.originalCurrency },
    {
      header: m.colOperator,
      width: 16,
      value: (r) => personName({ nickname: r.operatorNickname, username: r.operatorUsername }),
    },
    { header: m.colCreatedAt, width: 20, time: true, value: (r) => r.c.createdAt },
    { header: m.colStatus, width: 12, value: (r) => codStatusName(t, r.c.status) },
    {
      header: m.colApprover,
      width: 16,
      value: (r) => personName({ nickname: r.approverNickname, username: r.approverUsername }),
    },
    { header: m.colApprovedAt, width: 20, time: true, value: (r) => r.c.approvedAt },
    { header: m.colApprovalRemark, width: 30, value: (r) => r.c.approvalRemark },
  ];
  return startExport<CodRow>(ctx, {
    kind: 'cod',
    title: m.exportTitle,
    filters: { ...filters },
    columns,
    count: async (db) => (await db.select({ n: count() }).from(codModifications).where(where))[0]?.n ?? 0,
    rows: (db) =>
      keysetPages(
        (after, limit) =>
          selectCodRows(db)
            .where(and(where, after === null ? undefined : gt(codModifications.id, after)))
            .orderBy(asc(codModifications.id))
            .limit(limit),
        (r) => r.c.id,
      ),
  }) satisfies Promise<ExportTaskRecord>;
}
