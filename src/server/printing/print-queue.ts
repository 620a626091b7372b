import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PrinterOption, PrintJobRecord, PrintKind } from '../../shared/contract/printer.ts';
import { PrintStatus } from '../../shared/contract/printer.ts';
import { labelSizeMm, labelSizeName } from '../../shared/domain/printing.ts';
import { printerMessages as m } from '../../shared/i18n/printer-messages.ts';
import type { Db } from '../db/client.ts';
import { depots, printers, printJobs, userPrinters, users } from '../db/schema/index.ts';
import type { AuthUser } from '../http/context.ts';
import { AppError } from '../http/errors.ts';
import type { JobEngine } from '../jobs/engine.ts';
import { sendPrint } from './print-job.ts';

/**
 * Prints to network label printers as a shared tool of the modules that print labels (printer:
 * orders and lading bills; package; batch): the printer a print goes to, and the print kept as a
 * print_jobs row and handed to the print-zpl job (print-job.ts).
 */

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

export async function selectPrints(db: Db, where: SQL | undefined, limit: number, offset: number) {
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

/**
 * Enabled printers for the print dialogs, and the one a print goes to unless another is chosen:
 * the caller's own default, else the default of a warehouse (the first by code), else the first.
 */
export async function printerOptions(db: Db, userId: number) {
  const [rows, [mine]] = await Promise.all([
    db
      .select({ p: printers, depotName: depots.name })
      .from(printers)
      .leftJoin(depots, eq(depots.id, printers.depotId))
      .where(eq(printers.status, 1))
      .orderBy(asc(depots.code), asc(printers.name)),
    db.select({ id: userPrinters.printerId }).from(userPrinters).where(eq(userPrinters.userId, userId)),
  ]);
  const options: PrinterOption[] = rows.map(({ p, depotName }) => ({
    recId: p.id,
    name: p.name,
    dpi: p.dpi,
    labelSize: labelSizeName(p.labelWidthMm, p.labelHeightMm),
    depotId: p.depotId,
    depotName,
    isDefault: p.isDefault,
  }));
  const enabled = (id: number | undefined) => (options.some((o) => o.recId === id) ? id! : null);
  const myDefaultId = enabled(mine?.id);
  const preferredId = myDefaultId ?? options.find((o) => o.isDefault)?.recId ?? options[0]?.recId ?? null;
  return { printers: options, myDefaultId, preferredId };
}

/** The printer a print goes to: the one chosen, else the caller's preferred one; 404 when none is enabled. */
export async function printerFor(db: Db, user: AuthUser, chosen: number | undefined) {
  const printerId = chosen ?? (await printerOptions(db, user.id)).preferredId;
  const [p] =
    printerId === null
      ? []
      : await db
          .select()
          .from(printers)
          .where(and(eq(printers.id, printerId), eq(printers.status, 1)));
  if (!p) throw new AppError(404, m.noPrinter);
  return p;
}

export type Printer = typeof printers.$inferSelect;

/**
 * Keeps the labels' ZPL as a print (queued) for printer `p` and sends the print-zpl job in the same
 * transaction; `nos` are the numbers printed, the first of which name the print in its list.
 */
export async function queuePrint(
  db: Db,
  jobs: JobEngine,
  user: AuthUser,
  p: Printer,
  print: { kind: PrintKind; nos: string[]; zpl: string },
): Promise<PrintJobRecord> {
  const { nos } = print;
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
        kind: print.kind,
        subject,
        labels: nos.length,
        zpl: print.zpl,
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

export const dpiOf = (p: Printer) => (p.dpi === 300 ? 300 : 203);
/** The printer's label size (one LABEL_SIZES does not list prints as 100 × 150). */
export const sizeOf = (p: Printer) => labelSizeMm(labelSizeName(p.labelWidthMm, p.labelHeightMm));
