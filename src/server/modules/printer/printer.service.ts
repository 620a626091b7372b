import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { printer as contract, PrinterRecord } from '../../../shared/contract/printer.ts';
import { printerMessages as m } from '../../../shared/i18n/printer-messages.ts';
import { recordChange } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { depots, printers, userPrinters } from '../../db/schema/index.ts';
import { escapeLike, isUniqueViolation } from '../../db/sql-helpers.ts';
import { notFound, rule } from '../../http/errors.ts';

type ListQuery = z.output<NonNullable<typeof contract.list.body>>;
type PrinterInput = z.output<NonNullable<typeof contract.save.body>>;

type Row = { p: typeof printers.$inferSelect; depotName: string | null };
const selection = { p: printers, depotName: depots.name };

function toRecord({ p, depotName }: Row): PrinterRecord {
  return {
    recId: p.id,
    name: p.name,
    host: p.host,
    port: p.port,
    dpi: p.dpi,
    labelWidthMm: p.labelWidthMm,
    labelHeightMm: p.labelHeightMm,
    depotId: p.depotId,
    depotName,
    isDefault: p.isDefault,
    status: p.status,
    remark: p.remark,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export async function listPrinters(db: Db, q: ListQuery) {
  const where: SQL[] = [];
  if (q.name) {
    const like = `%${escapeLike(q.name)}%`;
    where.push(or(ilike(printers.name, like), ilike(printers.host, like))!);
  }
  if (q.depotId !== undefined) where.push(eq(printers.depotId, q.depotId));
  if (q.status !== undefined) where.push(eq(printers.status, q.status));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(selection)
      .from(printers)
      .leftJoin(depots, eq(depots.id, printers.depotId))
      .where(cond)
      .orderBy(asc(depots.code), asc(printers.name))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(printers).where(cond),
  ]);
  return { records: rows.map(toRecord), total: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
}

export async function getPrinter(db: Db, id: number): Promise<PrinterRecord> {
  const [r] = await db
    .select(selection)
    .from(printers)
    .leftJoin(depots, eq(depots.id, printers.depotId))
    .where(eq(printers.id, id));
  if (!r) throw notFound();
  return toRecord(r);
}

export async function savePrinter(db: Db, input: PrinterInput): Promise<PrinterRecord> {
  const [w, h] = input.labelSize.split('x').map(Number) as [number, number];
  if (input.isDefault && input.depotId === null) throw rule(m.defaultNeedsDepot);
  if (input.depotId !== null) {
    const [d] = await db.select({ id: depots.id }).from(depots).where(eq(depots.id, input.depotId));
    if (!d) throw rule(m.noSuchDepot);
  }
  const [clash] = await db
    .select({ id: printers.id })
    .from(printers)
    .where(
      and(
        sql`lower(${printers.name}) = lower(${input.name})`,
        input.recId === undefined ? undefined : ne(printers.id, input.recId),
      ),
    );
  if (clash) throw rule(m.nameTaken);
  const values = {
    name: input.name,
    host: input.host,
    port: input.port,
    dpi: input.dpi,
    labelWidthMm: w,
    labelHeightMm: h,
    depotId: input.depotId,
    isDefault: input.isDefault,
    status: input.status,
    remark: input.remark,
  };
  try {
    const id = await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      // One default a warehouse: marking this one unmarks the one before.
      if (input.isDefault && input.depotId !== null)
        await tx
          .update(printers)
          .set({ isDefault: false, updatedAt: new Date() })
          .where(
            and(
              eq(printers.depotId, input.depotId),
              eq(printers.isDefault, true),
              input.recId === undefined ? undefined : ne(printers.id, input.recId),
            ),
          );
      if (input.recId === undefined) {
        const [row] = await tx.insert(printers).values(values).returning();
        await recordChange(tx, { entity: 'printer', recordId: row!.id, action: 'create', after: row });
        return row!.id;
      }
      const [before] = await tx.select().from(printers).where(eq(printers.id, input.recId)).for('update');
      if (!before) throw notFound();
      const [after] = await tx
        .update(printers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(printers.id, input.recId))
        .returning();
      await recordChange(tx, { entity: 'printer', recordId: input.recId, action: 'update', before, after });
      return input.recId;
    });
    return getPrinter(db, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw rule(m.nameTaken);
    throw err;
  }
}

export async function deletePrinter(db: Db, id: number): Promise<void> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [deleted] = await tx.delete(printers).where(eq(printers.id, id)).returning();
    if (!deleted) throw notFound();
    await recordChange(tx, { entity: 'printer', recordId: id, action: 'delete', before: deleted });
  });
}

export async function setMyDefaultPrinter(db: Db, userId: number, printerId: number | null) {
  if (printerId === null) {
    await db.delete(userPrinters).where(eq(userPrinters.userId, userId));
    return null;
  }
  const [p] = await db
    .select({ id: printers.id })
    .from(printers)
    .where(and(eq(printers.id, printerId), eq(printers.status, 1)));
  if (!p) throw notFound();
  await db
    .insert(userPrinters)
    .values({ userId, printerId })
    .onConflictDoUpdate({ target: userPrinters.userId, set: { printerId, updatedAt: new Date() } });
  return null;
}

export { printerOptions } from '../../printing/print-queue.ts';
