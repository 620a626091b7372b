import { and, count, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type printer as contract,
  type PrintJobRecord,
  PrintStatus,
} from '../../../shared/contract/printer.ts';
import { printerMessages as m } from '../../../shared/i18n/printer-messages.ts';
import type { Db } from '../../db/client.ts';
import { printers, printJobs } from '../../db/schema/index.ts';
import { escapeLike } from '../../db/sql-helpers.ts';
import type { AuthUser } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import type { JobEngine } from '../../jobs/engine.ts';
import { printLabels } from '../../printing/label-kind.ts';
import { sendPrint } from '../../printing/print-job.ts';
import { selectPrints } from '../../printing/print-queue.ts';
import { ladingLabels } from '../lading/lading-label-zpl.ts';
import { ladingLabelContent } from '../lading/lading-print.service.ts';
import { orderLabels } from '../order/print/print.service.ts';
import { labelRecords, ordersToPrint, type PrintContext } from '../order/print/print-orders.ts';

type PrintsQuery = z.output<NonNullable<typeof contract.prints.body>>;

export async function listPrints(db: Db, q: PrintsQuery) {
  const where: SQL[] = [];
  if (q.ids?.length) where.push(inArray(printJobs.id, q.ids));
  if (q.printerId !== undefined) where.push(eq(printJobs.printerId, q.printerId));
  if (q.status !== undefined) where.push(eq(printJobs.status, q.status));
  if (q.kind !== undefined) where.push(eq(printJobs.kind, q.kind));
  if (q.trackingNo) where.push(ilike(printJobs.subject, `%${escapeLike(q.trackingNo)}%`));
  const cond = where.length ? and(...where) : undefined;
  const [records, [total]] = await Promise.all([
    selectPrints(db, cond, q.pageSize, (q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(printJobs).where(cond),
  ]);
  return { records, total: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
}

/** printer/printOrderLabels: the orders' labels as ZPL at the printer's resolution, queued as a print. */
export function printOrderLabels(
  db: Db,
  jobs: JobEngine,
  user: AuthUser,
  body: { ids: number[]; printerId?: number | undefined },
  c: PrintContext,
): Promise<PrintJobRecord> {
  return printLabels(db, jobs, user, body.printerId, orderLabels, c, async () => {
    const { rows } = await ordersToPrint(db, user, { ids: body.ids, trackingNos: [] });
    return labelRecords(db, rows, c);
  });
}

/** printer/printLadingLabels: the bills' labels (lading/getPrintContentLabel) as ZPL, queued as a print. */
export function printLadingLabels(
  db: Db,
  jobs: JobEngine,
  user: AuthUser,
  body: { ids: number[]; printerId?: number | undefined },
  c: PrintContext,
): Promise<PrintJobRecord> {
  return printLabels(db, jobs, user, body.printerId, ladingLabels, c, async () => {
    return (await ladingLabelContent(db, body.ids, c)).labels;
  });
}

/** printer/myPrints: the caller's own prints among `ids` (a print dialog follows what it sent). */
export function myPrints(db: Db, user: AuthUser, ids: number[]): Promise<PrintJobRecord[]> {
  return selectPrints(db, and(inArray(printJobs.id, ids), eq(printJobs.createdBy, user.id)), ids.length, 0);
}

/**
 * printer/retryPrint: the same print (its ZPL as made) queued again and handed to the print-zpl job,
 * to its printer's current address when the printer still exists (an address corrected after a
 * failure is used). Only a print that is not queued goes again, so two clicks send it once.
 */
export async function retryPrint(db: Db, jobs: JobEngine, recId: number): Promise<PrintJobRecord> {
  const [found] = await db
    .select({ status: printJobs.status, printerId: printJobs.printerId })
    .from(printJobs)
    .where(eq(printJobs.id, recId));
  if (!found) throw new AppError(404, m.noSuchPrint);
  const [p] =
    found.printerId === null ? [] : await db.select().from(printers).where(eq(printers.id, found.printerId));
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const again = await tx
      .update(printJobs)
      .set({
        status: PrintStatus.queued,
        attempts: 0,
        error: '',
        ...(p ? { printerName: p.name, host: p.host, port: p.port } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(printJobs.id, recId), ne(printJobs.status, PrintStatus.queued)))
      .returning({ id: printJobs.id });
    if (again.length === 0) throw new AppError(409, m.stillQueued);
    await sendPrint(jobs, tx, recId);
  });
  const [record] = await selectPrints(db, eq(printJobs.id, recId), 1, 0);
  return record!;
}
