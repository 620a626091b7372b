import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import type { PromptFilters } from '../../../shared/contract/prompt-record.ts';
import { PromptKind } from '../../../shared/domain/prompt-record.ts';
import { promptRecordMessages as m } from '../../../shared/i18n/prompt-record-messages.ts';
import { orders, promptRecords } from '../../db/schema/index.ts';
import { type ExportColumn, keysetPages, startExport } from '../../files/export.ts';
import type { Ctx } from '../../http/context.ts';
import { interceptName, statusName } from '../order-core/order-names.ts';
import { PROMPT_COLUMNS } from './prompt-import.ts';
import {
  carrierOf,
  destinationOf,
  importerOf,
  type PromptRow,
  promptConditions,
  selectPromptRows,
} from './prompt-read.ts';

/**
 * promptDeliveryExport / promptReturnExport: the records the filters select (or the chosen ids
 * among them), oldest first, as an export task. The first four columns are the import template's
 * and the carrier's time is written as text in the business time zone, so the file imports again
 * (harmlessly: its confirmations are recorded).
 */
export function exportPrompt(
  ctx: Ctx,
  kind: PromptKind,
  filters: Partial<PromptFilters> & { ids?: number[] | undefined },
): Promise<ExportTaskRecord> {
  const where = promptConditions(kind, filters, ctx.user);
  const { t, locale } = ctx;
  const [no, time, note, remark] = PROMPT_COLUMNS[kind];
  const columns: ExportColumn<PromptRow>[] = [
    { header: no.header, width: 20, value: (r) => r.p.trackingNo },
    { header: time.header, width: 20, time: true, value: (r) => r.p.occurredAt },
    {
      header: note.header,
      width: kind === PromptKind.delivery ? 18 : 30,
      value: (r) => (kind === PromptKind.delivery ? r.p.signer : r.p.reason),
    },
    { header: remark.header, width: 30, value: (r) => r.p.remark },
    { header: m.colCustomerNo, width: 20, value: (r) => r.customerNo },
    { header: m.colCustomer, width: 24, value: (r) => `${r.customerCode} ${r.customerName}` },
    { header: m.colConsignee, width: 20, value: (r) => r.consigneeName },
    { header: m.colDestination, width: 14, value: (r) => destinationOf(r, locale) },
    { header: m.colCarrier, width: 16, value: (r) => carrierOf(r, locale) },
    { header: m.colCarrierTrackingNo, width: 20, value: (r) => r.p.carrierTrackingNo },
    { header: m.colCod, width: 14, value: (r) => (r.isCod ? `${r.codAmount} ${r.codCurrency}` : '') },
    { header: m.colStatus, width: 14, value: (r) => statusName(t, r.status) },
    { header: m.colIntercept, width: 16, value: (r) => interceptName(t, r.interceptState) },
    { header: m.colFileName, width: 28, value: (r) => r.fileName },
    { header: m.colImporter, width: 16, value: (r) => importerOf(r) },
    { header: m.colImportedAt, width: 20, time: true, value: (r) => r.importedAt },
  ];
  return startExport<PromptRow>(ctx, {
    kind: kind === PromptKind.delivery ? 'promptDelivery' : 'promptReturn',
    title: kind === PromptKind.delivery ? m.deliveryExportTitle : m.returnExportTitle,
    filters: { ...filters },
    columns,
    count: async (db) =>
      (
        await db
          .select({ n: count() })
          .from(promptRecords)
          .innerJoin(orders, eq(orders.id, promptRecords.orderId))
          .where(where)
      )[0]?.n ?? 0,
    rows: (db) =>
      keysetPages(
        (after, limit) =>
          selectPromptRows(db)
            .where(and(where, after === null ? undefined : gt(promptRecords.id, after)))
            .orderBy(asc(promptRecords.id))
            .limit(limit),
        (r) => r.p.id,
      ),
  });
}
