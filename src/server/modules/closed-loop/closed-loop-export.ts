import { and, asc, gt } from 'drizzle-orm';
import type { ClosedLoopFilters } from '../../../shared/contract/closed-loop.ts';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import { closedLoopMessages as m } from '../../../shared/i18n/closed-loop-messages.ts';
import { orders } from '../../db/schema/index.ts';
import { type ExportColumn, keysetPages, startExport } from '../../files/export.ts';
import type { Ctx } from '../../http/context.ts';
import {
  countLoopRows,
  type LoopRow,
  loopConditions,
  selectLoopRows,
  toLoopRecord,
} from './closed-loop-read.ts';

type Out = ReturnType<typeof toLoopRecord>;

/**
 * order/closed/detail/export: the rows the filters select (or the chosen orders among them), in
 * order of the orders, as an export task; times as text in the business time zone.
 */
export function exportLoop(
  ctx: Ctx,
  filters: ClosedLoopFilters & { ids?: number[] | undefined },
): Promise<ExportTaskRecord> {
  const tz = ctx.config.businessTimeZone;
  const where = loopConditions(filters, ctx.user, tz);
  const columns: ExportColumn<Out>[] = [
    { header: m.colTrackingNo, width: 20, value: (r) => r.trackingNo },
    { header: m.colCustomer, width: 24, value: (r) => `${r.customerCode} ${r.customerName}` },
    { header: m.colChannel, width: 20, value: (r) => r.channelName },
    { header: m.colCarrier, width: 16, value: (r) => r.carrierName },
    { header: m.colCarrierTrackingNo, width: 20, value: (r) => r.carrierTrackingNo },
    { header: m.colDestination, width: 14, value: (r) => r.destination },
    { header: m.colStatus, width: 14, value: (r) => r.statusName },
    { header: m.colCreatedAt, width: 20, time: true, value: (r) => r.createdAt },
    { header: m.colSignedAt, width: 20, time: true, value: (r) => r.signedAt },
    { header: m.colCodAmount, width: 14, value: (r) => (r.isCod ? r.codAmount : '') },
    { header: m.colCodCurrency, width: 10, value: (r) => r.codCurrency },
    { header: m.colAmount, width: 14, value: (r) => r.remittedAmount },
    { header: m.colRemittedOn, width: 14, value: (r) => r.remittedOn },
    { header: m.colReference, width: 22, value: (r) => r.remittanceReference },
    { header: m.colState, width: 20, value: (r) => r.stateName },
    { header: m.colClosedAt, width: 20, time: true, value: (r) => r.closedAt },
  ];
  return startExport<Out>(ctx, {
    kind: 'closedLoop',
    title: m.exportTitle,
    filters: { ...filters },
    columns,
    count: (db) => countLoopRows(db, where),
    rows: (db) =>
      mapped(
        keysetPages(
          (after, limit) =>
            selectLoopRows(db)
              .where(and(where, after === null ? undefined : gt(orders.id, after)))
              .orderBy(asc(orders.id))
              .limit(limit),
          (r: LoopRow) => r.o.id,
        ),
        (r) => toLoopRecord(r, ctx.t, ctx.locale),
      ),
  });
}

async function* mapped<A, B>(rows: AsyncIterable<A>, fn: (a: A) => B): AsyncGenerator<B> {
  for await (const r of rows) yield fn(r);
}
