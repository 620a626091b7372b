import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SHEET_FILE } from '../../../shared/contract/core.ts';
import { trackingNoImportFields } from '../../../shared/contract/tracking-no.ts';
import { isTrackingNo, normaliseTrackingNo } from '../../../shared/domain/tracking-no.ts';
import { carrierMessages } from '../../../shared/i18n/carrier-messages.ts';
import { fileMessages } from '../../../shared/i18n/file-messages.ts';
import type { Db } from '../../db/client.ts';
import { carriers, trackingNumbers } from '../../db/schema/index.ts';
import { carrierName, isUniqueViolation } from '../../db/sql-helpers.ts';
import { type ImportSpec, type RowError, receiveFile, runImport } from '../../files/import.ts';
import type { Ctx } from '../../http/context.ts';
import { invalid, rule } from '../../http/errors.ts';
import { retryNoCarrierAfter } from '../order-core/carrier-assign.ts';
import { IMPORT_KIND } from './tracking-no.service.ts';

interface Row {
  trackingNo: string;
}

interface Target {
  id: number;
  code: string;
  name: string;
  nameEn: string;
  /** The numbers written, for linking them to their import log afterwards. */
  written: string[];
}

/**
 * The pool importer: one column of numbers for the carrier chosen on the screen. Every number is
 * checked at once (format, repeated in the file, already in the carrier's pool) so the report
 * lists every bad row; the numbers are then written with one INSERT of an array (100,000 rows in
 * well under a second) in the engine's transaction.
 */
export const trackingNoImport: ImportSpec<Row, Target> = {
  kind: IMPORT_KIND,
  title: carrierMessages.trackingNoTemplate,
  columns: [{ key: 'trackingNo', header: carrierMessages.colTrackingNo, required: true, width: 30 }],
  row: z.object({ trackingNo: z.string().transform(normaliseTrackingNo) }),
  maxRows: 100_000,
  async check(rows, ctx, carrier) {
    const column = ctx.t(carrierMessages.colTrackingNo);
    const errors: RowError[] = [];
    const firstRow = new Map<string, number>();
    for (const { row, value } of rows) {
      const no = value.trackingNo;
      const first = firstRow.get(no);
      if (!isTrackingNo(no)) errors.push({ row, column, message: ctx.t(carrierMessages.trackingNoInvalid) });
      else if (first !== undefined)
        errors.push({ row, column, message: ctx.t(fileMessages.importDuplicateRow, { row: first }) });
      else firstRow.set(no, row);
    }
    const known = await ctx.db.execute<{ tracking_no: string }>(
      sql`SELECT tracking_no FROM ${trackingNumbers}
          WHERE carrier_id = ${carrier.id} AND tracking_no = ANY(${sql.param([...firstRow.keys()])}::text[])`,
    );
    const inPool = ctx.t(carrierMessages.trackingNoInPool, { carrier: carrierName(carrier, ctx.locale) });
    for (const { tracking_no } of known.rows)
      errors.push({ row: firstRow.get(tracking_no)!, column, message: inPool });
    return errors;
  },
  audit: 'trackingNoPool',
  async write(tx: Db, rows, _ctx, carrier) {
    carrier.written = rows.map((r) => r.trackingNo);
    await tx.execute(
      sql`INSERT INTO ${trackingNumbers} (carrier_id, tracking_no)
          SELECT ${carrier.id}, unnest(${sql.param(carrier.written)}::text[])`,
    );
    return { added: carrier.written.length, first: carrier.written[0], last: carrier.written.at(-1) };
  },
};

/**
 * Receives the file and its carrier field, imports, and marks the new numbers with their import;
 * then the orders waiting for a number on the carrier's channels are assigned one (carrier-assign.ts
 * `retryNoCarrier`).
 */
export async function importTrackingNumbers(ctx: Ctx) {
  const file = await receiveFile(ctx.req, SHEET_FILE);
  const fields = trackingNoImportFields.safeParse(file.fields);
  if (!fields.success)
    throw invalid([{ path: 'carrierId', descriptor: carrierMessages.importCarrierRequired }]);
  const [carrier] = await ctx.db
    .select({ id: carriers.id, code: carriers.code, name: carriers.name, nameEn: carriers.nameEn })
    .from(carriers)
    .where(eq(carriers.id, fields.data.carrierId));
  if (!carrier) throw invalid([{ path: 'carrierId', descriptor: carrierMessages.importCarrierRequired }]);
  const target: Target = { ...carrier, written: [] };
  let outcome: Awaited<ReturnType<typeof runImport>>;
  try {
    outcome = await runImport(ctx, trackingNoImport, file, target, {
      detail: { carrierId: carrier.id, carrierCode: carrier.code },
    });
  } catch (err) {
    // Another import wrote some of these numbers between the check and the write.
    if (isUniqueViolation(err))
      throw rule(carrierMessages.trackingNoInPool, { carrier: carrierName(target, ctx.locale) });
    throw err;
  }
  // The engine writes its log after the rows (same transaction), so the rows learn its id now.
  await ctx.db.execute(
    sql`UPDATE ${trackingNumbers} SET import_id = ${outcome.importId}
        WHERE carrier_id = ${carrier.id} AND tracking_no = ANY(${sql.param(target.written)}::text[])`,
  );
  // Orders received while the pool was empty get their numbers now (their marks are handled).
  await retryNoCarrierAfter(ctx, [carrier.id]);
  return outcome;
}
