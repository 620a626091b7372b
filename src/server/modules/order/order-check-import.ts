import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { fileMessages } from '../../../shared/i18n/file-messages.ts';
import { orderStaffMessages as m } from '../../../shared/i18n/order-staff-messages.ts';
import type { Db } from '../../db/client.ts';
import { originOrders } from '../../db/schema/index.ts';
import type { ImportColumn, ImportSpec, RowError } from '../../files/import.ts';
import type { Ctx } from '../../http/context.ts';
import { LOOKUP_CHUNK, ordersByTrackingNo } from '../order-core/order-read.ts';
import { refusal, requireAllowed } from './order-ops.service.ts';
import { applyMeasure, measureIssues } from './order-receive.service.ts';

/**
 * Checked weights and sides from a file (order/importCheck, and the origin screen's
 * order/origin/checkedWeightImport): every row is checked as checkWv checks one order, and each is
 * applied exactly as checkWv applies it (volume and chargeable weight, the weight-discrepancy mark,
 * a WEIGHED event, the fees again), all in the import's one transaction. Both re-weigh, so both
 * need checkWv's permission (order:check); the origin screen's weighs only the orders made from
 * origin orders, and reports a row naming another order.
 */

export interface CheckRow {
  trackingNo: string;
  weight: string;
  length: string;
  width: string;
  height: string;
}

export const CHECK_COLUMNS = [
  { key: 'trackingNo', header: m.colTrackingNo, required: true, width: 20 },
  { key: 'weight', header: m.colWeight, required: true, width: 14 },
  { key: 'length', header: m.colLength, width: 12 },
  { key: 'width', header: m.colWidth, width: 12 },
  { key: 'height', header: m.colHeight, width: 12 },
] as const satisfies readonly ImportColumn[];

const rowSchema = z.object({
  trackingNo: z
    .string()
    .max(64)
    .transform((v) => v.toUpperCase()),
  weight: z.string().max(20),
  length: z.string().max(20),
  width: z.string().max(20),
  height: z.string().max(20),
});

const blankToUndefined = (v: string) => (v === '' ? undefined : v);

/** Which of these orders were made from an origin order (uploaded: origin_orders.order_id). */
async function madeFromOrigin(db: Db, orderIds: readonly number[]): Promise<Set<number>> {
  const made = new Set<number>();
  for (let i = 0; i < orderIds.length; i += LOOKUP_CHUNK) {
    const rows = await db
      .select({ orderId: originOrders.orderId })
      .from(originOrders)
      .where(inArray(originOrders.orderId, orderIds.slice(i, i + LOOKUP_CHUNK)));
    for (const r of rows) if (r.orderId !== null) made.add(r.orderId);
  }
  return made;
}

/**
 * The importer of checked weights, logged as `kind`; `originOnly`: every row's order must have
 * been made from an origin order (the origin screen's import).
 */
function checkImport(kind: string, originOnly: boolean): ImportSpec<CheckRow> {
  return {
    kind,
    title: m.checkImportTitle,
    columns: CHECK_COLUMNS,
    row: rowSchema,
    maxRows: 5000,
    example: [{ trackingNo: 'GL0001000001', weight: '1.250', length: '30', width: '20', height: '10' }],
    async check(rows, ctx) {
      const t = ctx.t;
      const col = (key: (typeof CHECK_COLUMNS)[number]['key']) =>
        t(CHECK_COLUMNS.find((c) => c.key === key)!.header);
      const errors: RowError[] = [];
      const firstRow = new Map<string, number>();
      for (const { row, value } of rows) {
        const measure = {
          weight: value.weight,
          length: blankToUndefined(value.length),
          width: blankToUndefined(value.width),
          height: blankToUndefined(value.height),
        };
        for (const issue of measureIssues(measure, true))
          errors.push({ row, column: col(issue.path as keyof CheckRow), message: t(issue.descriptor) });
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
      const fromOrigin = originOnly
        ? await madeFromOrigin(
            ctx.db,
            [...found.values()].map((o) => o.id),
          )
        : null;
      for (const { row, value } of rows) {
        const o = found.get(value.trackingNo);
        if (!o) {
          errors.push({
            row,
            column: col('trackingNo'),
            message: t(m.importUnknownOrder, { trackingNo: value.trackingNo }),
          });
          continue;
        }
        if (fromOrigin && !fromOrigin.has(o.id)) {
          errors.push({
            row,
            column: col('trackingNo'),
            message: t(m.importNotFromOrigin, { trackingNo: value.trackingNo }),
          });
          continue;
        }
        const refused = refusal(t, 'checkWv', o);
        if (refused)
          errors.push({ row, column: col('trackingNo'), message: t(refused.descriptor, refused.values) });
      }
      return errors;
    },
    async write(tx, rows, ctx: Ctx) {
      const locked = await ordersByTrackingNo(
        tx,
        rows.map((r) => r.trackingNo),
        true,
      );
      const now = new Date();
      for (const r of rows) {
        const o = locked.get(r.trackingNo)!;
        // Checked before the transaction; an order changed since then refuses the whole file.
        requireAllowed(ctx.t, 'checkWv', o);
        await applyMeasure(
          tx,
          o,
          {
            weight: r.weight,
            length: blankToUndefined(r.length),
            width: blankToUndefined(r.width),
            height: blankToUndefined(r.height),
          },
          ctx.user,
          now,
        );
      }
    },
  };
}

/** order/importCheck */
export const checkWeightImport = checkImport('order-check', false);
/** order/origin/checkedWeightImport: the same file and rules for the orders made from origin orders, logged apart. */
export const originCheckWeightImport = checkImport('origin-check', true);
