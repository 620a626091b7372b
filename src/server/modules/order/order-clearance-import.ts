import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { fileMessages } from '../../../shared/i18n/file-messages.ts';
import { orderStaffMessages as m } from '../../../shared/i18n/order-staff-messages.ts';
import type { Db } from '../../db/client.ts';
import type { ImportColumn, ImportSpec, RowError } from '../../files/import.ts';
import { ordersByTrackingNo } from '../order-core/order-read.ts';

/**
 * Clearance numbers from a file (order/importClearance): one per tracking no; the orders must
 * exist and not be cancelled. A number imported again replaces the one before.
 */

export interface ClearanceRow {
  trackingNo: string;
  clearanceNo: string;
}

export const CLEARANCE_COLUMNS = [
  { key: 'trackingNo', header: m.colTrackingNo, required: true, width: 20 },
  { key: 'clearanceNo', header: m.colClearanceNo, required: true, width: 24 },
] as const satisfies readonly ImportColumn[];

export const CLEARANCE_NO = /^[A-Za-z0-9][A-Za-z0-9/_-]{0,49}$/;

const rowSchema = z.object({
  trackingNo: z
    .string()
    .max(64)
    .transform((v) => v.toUpperCase()),
  clearanceNo: z.string().max(100),
});

const CHUNK = 1000;

export const clearanceImport: ImportSpec<ClearanceRow> = {
  kind: 'order-clearance',
  title: m.clearanceImportTitle,
  columns: CLEARANCE_COLUMNS,
  row: rowSchema,
  maxRows: 100_000,
  example: [{ trackingNo: 'GL0001000001', clearanceNo: 'CL-2025-000123' }],
  async check(rows, ctx) {
    const t = ctx.t;
    const col = (key: (typeof CLEARANCE_COLUMNS)[number]['key']) =>
      t(CLEARANCE_COLUMNS.find((c) => c.key === key)!.header);
    const errors: RowError[] = [];
    const firstRow = new Map<string, number>();
    for (const { row, value } of rows) {
      if (!CLEARANCE_NO.test(value.clearanceNo))
        errors.push({ row, column: col('clearanceNo'), message: t(m.clearanceNoFormat) });
      const first = firstRow.get(value.trackingNo);
      if (first !== undefined)
        errors.push({
          row,
          column: col('trackingNo'),
          message: t(fileMessages.importDuplicateRow, { row: first }),
        });
      else firstRow.set(value.trackingNo, row);
    }
    const found = await ordersByTrackingNo(
      ctx.db,
      rows.map((r) => r.value.trackingNo),
    );
    for (const { row, value } of rows) {
      const o = found.get(value.trackingNo);
      if (!o)
        errors.push({
          row,
          column: col('trackingNo'),
          message: t(m.importUnknownOrder, { trackingNo: value.trackingNo }),
        });
      else if (o.status === OrderStatus.cancelled)
        errors.push({
          row,
          column: col('trackingNo'),
          message: t(m.clearanceCancelled, { trackingNo: value.trackingNo }),
        });
    }
    return errors;
  },
  async write(tx: Db, rows) {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const values = sql.join(
        rows.slice(i, i + CHUNK).map((r) => sql`(${r.trackingNo}::text, ${r.clearanceNo}::text)`),
        sql`, `,
      );
      await tx.execute(sql`
        UPDATE orders SET clearance_no = v.clearance_no, updated_at = now()
        FROM (VALUES ${values}) AS v(tracking_no, clearance_no)
        WHERE orders.tracking_no = v.tracking_no`);
    }
  },
};
