import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type printer as contract,
  type PrintJobRecord,
  PrintStatus,
} from '../../../shared/contract/printer.ts';
import { printerMessages as m } from '../../../shared/i18n/printer-messages.ts';
import type { Db } from '../../db/client.ts';
import { printers, printJobs, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import type { JobEngine } from '../../jobs/engine.ts';
import { labelZpl } from '../order/print/label-zpl.ts';
import { labelRecords, ordersToPrint, type PrintContext } from '../order/print/print-orders.ts';
import { sendPrint } from './print-job.ts';
import { printerOptions } from './printer.service.ts';

type PrintsQuery = z.output<NonNullable<typeof contract.prints.body>>;

/** The first tracking numbers of a print, for its list (the whole ZPL is kept on the row). */
const SUBJECT_MAX = 10;

const selection = {
  j: {
    id: printJobs.id,
    printerId: printJobs.printerId,
    printerName: printJobs.printerName,
    host: printJobs.host,
    port: printJobs.port,
    kind: printJobs.kind,
    subject: printJobs.subject,
    labels: printJobs.labels,
    status: printJobs.status,
    attempts: printJobs.attempts,
    error: printJobs.error,
    createdAt: printJobs.createdAt,
    sentAt: printJobs.sentAt,
  },
  bytes: sql<number>`octet_length(${printJobs.zpl})::int`,
  createdBy: users.username,
};

type Row = {
  j: Omit<typeof printJobs.$inferSelect, 'zpl' | 'createdBy' | 'updatedAt'>;
  bytes: number;
  createdBy: string | null;
};

function toRecord({ j, bytes, createdBy }: Row): PrintJobRecord {
  return {
    recId: j.id,
    printerId: j.printerId,
    printerName: j.printerName,
    address: `${j.host}:${j.port}`,
    kind: j.kind,
    subject: j.subject,
    labels: j.labels,
    bytes,
    status: j.status,
    attempts: j.attempts,
    error: j.error,
    createdBy,
    createdAt: j.createdAt.toISOString(),
    sentAt: j.sentAt?.toISOString() ?? null,
  };
}

async function selectPrints(db: Db, where: SQL | undefined, limit: number, offset: number) {
  const rows = await db
    .select(selection)
    .from(printJobs)
    .leftJoin(users, eq(users.id, printJobs.createdBy))
    .where(where)
    .orderBy(desc(printJobs.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toRecord);
}

export async function listPrints(db: Db, q: PrintsQuery) {
  const where: SQL[] = [];
  if (q.ids?.length) where.push(inArray(printJobs.id, q.ids));
  if (q.printerId !== undefined) where.push(eq(printJobs.printerId, q.printerId));
  if (q.status !== undefined) where.push(eq(printJobs.status, q.status));
  const cond = where.length ? and(...where) : undefined;
  const [records, [total]] = await Promise.all([
    selectPrints(db, cond, q.pageSize, (q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(printJobs).where(cond),
  ]);
  return { records, total: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
}

/**
 * printer/printOrderLabels: the orders' labels as ZPL at the printer's resolution, kept as a print
 * (queued) and sent by the print-zpl job in the same transaction.
 */
export async function printOrderLabels(
  db: Db,
  jobs: JobEngine,
  user: AuthUser,
  body: { ids: number[]; printerId?: number | undefined },
  c: PrintContext,
): Promise<PrintJobRecord> {
  const options = await printerOptions(db, user.id);
  const printerId = body.printerId ?? options.preferredId;
  const [p] =
    printerId === null
      ? []
      : await db
          .select()
          .from(printers)
          .where(and(eq(printers.id, printerId), eq(printers.status, 1)));
  if (!p) throw new AppError(404, m.noPrinter);
  const { rows } = await ordersToPrint(db, user, { ids: body.ids, trackingNos: [] });
  const labels = await labelRecords(db, rows, c);
  const zpl = labelZpl(labels, c.t, c.locale, p.dpi === 300 ? 300 : 203);
  const nos = labels.map((l) => l.trackingNo);
  const subject =
    nos.slice(0, SUBJECT_MAX).join(', ') +
    (nos.length > SUBJECT_MAX ? ` … (+${nos.length - SUBJECT_MAX})` : '');
  const id = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await tx
      .insert(printJobs)
      .values({
        printerId: p.id,
        printerName: p.name,
        host: p.host,
        port: p.port,
        kind: 'orderLabel',
        subject,
        labels: labels.length,
        zpl,
        status: PrintStatus.queued,
        createdBy: user.id,
      })
      .returning({ id: printJobs.id });
    await sendPrint(jobs, tx, row!.id);
    return row!.id;
  });
  const [record] = await selectPrints(db, eq(printJobs.id, id), 1, 0);
  return record!;
}
