import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { type CurrencyLimit, limitIssues } from '../../../shared/domain/channel-limits.ts';
import { CURRENCY_PATTERN, isDecimal, MONEY_RULE, toScale } from '../../../shared/domain/order-entry.ts';
import { codMessages as m } from '../../../shared/i18n/cod-messages.ts';
import { fileMessages } from '../../../shared/i18n/file-messages.ts';
import type { Db } from '../../db/client.ts';
import { codModifications, shippingChannels } from '../../db/schema/index.ts';
import type { ImportColumn, ImportSpec, RowError } from '../../files/import.ts';
import type { Ctx } from '../../http/context.ts';
import { rule } from '../../http/errors.ts';
import { ordersByTrackingNo } from '../order-core/order-read.ts';
import { emitCod } from '../webhook-emit/webhook-events.ts';
import { lockedReason, ordersWithPending } from './cod-rules.ts';

export interface CodRow {
  trackingNo: string;
  updatedAmount: string;
  currency: string;
  remark: string;
}

export const COD_COLUMNS = [
  { key: 'trackingNo', header: m.colTrackingNo, required: true, width: 20 },
  { key: 'updatedAmount', header: m.colUpdatedAmount, required: true, width: 18 },
  { key: 'currency', header: m.colCurrency, width: 10 },
  { key: 'remark', header: m.colRemark, width: 30 },
] as const satisfies readonly ImportColumn[];

type Key = (typeof COD_COLUMNS)[number]['key'];

const rowSchema = z.object({
  trackingNo: z
    .string()
    .max(64)
    .transform((v) => v.toUpperCase()),
  updatedAmount: z.string().max(20),
  currency: z
    .string()
    .max(10)
    .transform((v) => v.toUpperCase()),
  remark: z.string().max(500),
});

const CHUNK = 1000;

/** The currency limits of the orders' channels (channel-limits.ts), by channel id. */
async function codLimitsOf(db: Db, channelIds: readonly number[]): Promise<Map<number, CurrencyLimit[]>> {
  const ids = [...new Set(channelIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: shippingChannels.id, limits: shippingChannels.currencyLimits })
    .from(shippingChannels)
    .where(inArray(shippingChannels.id, ids));
  return new Map(rows.map((r) => [r.id, r.limits]));
}

/**
 * cod/import: one pending modification per row. Every row is checked before anything is written:
 * the amount and currency, a tracking no repeated in the file, an unknown order, an order whose COD
 * can no longer change (signed, returned, lost, cancelled) and one that already has a pending
 * request, an amount over the largest COD of the order's channel in its currency; any bad row
 * refuses the file with each row's reason. The original amount is the order's
 * at the time of the import; an empty currency keeps the order's.
 */
export const codImport: ImportSpec<CodRow> = {
  kind: 'cod',
  title: m.templateTitle,
  columns: COD_COLUMNS,
  row: rowSchema,
  maxRows: 5000,
  example: [
    { trackingNo: 'GL0001000001', updatedAmount: '120.00', currency: 'SAR', remark: 'Customer request' },
  ],
  async check(rows, ctx) {
    const t = ctx.t;
    const col = (key: Key) => t(COD_COLUMNS.find((c) => c.key === key)!.header);
    const errors: RowError[] = [];
    const firstRow = new Map<string, number>();
    for (const { row, value: v } of rows) {
      if (!isDecimal(v.updatedAmount, MONEY_RULE))
        errors.push({ row, column: col('updatedAmount'), message: t(m.amountInvalid) });
      if (v.currency && !CURRENCY_PATTERN.test(v.currency))
        errors.push({ row, column: col('currency'), message: t(m.currencyInvalid) });
      const first = firstRow.get(v.trackingNo);
      if (first !== undefined)
        errors.push({
          row,
          column: col('trackingNo'),
          message: t(fileMessages.importDuplicateRow, { row: first }),
        });
      else firstRow.set(v.trackingNo, row);
    }
    const found = await ordersByTrackingNo(
      ctx.db,
      rows.map((r) => r.value.trackingNo),
    );
    const pending = await ordersWithPending(
      ctx.db,
      [...found.values()].map((o) => o.id),
    );
    const limits = await codLimitsOf(
      ctx.db,
      [...found.values()].map((o) => o.channelId),
    );
    for (const { row, value: v } of rows) {
      const o = found.get(v.trackingNo);
      const values = { trackingNo: v.trackingNo };
      if (!o) {
        errors.push({ row, column: col('trackingNo'), message: t(m.unknownOrder, values) });
        continue;
      }
      const locked = lockedReason(o);
      if (locked) errors.push({ row, column: col('trackingNo'), message: t(locked, values) });
      else if (pending.has(o.id))
        errors.push({ row, column: col('trackingNo'), message: t(m.pendingExists, values) });
      else if (!v.currency && !CURRENCY_PATTERN.test(o.codCurrency))
        errors.push({ row, column: col('currency'), message: t(m.currencyInvalid) });
      else {
        // The new amount is held to the channel's largest COD, as order entry holds the first one.
        const [over] = limitIssues(
          { maxWeight: null, currencyLimits: limits.get(o.channelId) ?? [] },
          {
            weight: '0',
            isCod: true,
            codAmount: v.updatedAmount,
            codCurrency: v.currency || o.codCurrency,
            goods: [],
          },
        );
        if (over)
          errors.push({ row, column: col('updatedAmount'), message: t(over.descriptor, over.values) });
      }
    }
    return errors;
  },
  async write(tx: Db, rows, ctx: Ctx) {
    const locked = await ordersByTrackingNo(
      tx,
      rows.map((r) => r.trackingNo),
      true,
    );
    const pending = await ordersWithPending(
      tx,
      [...locked.values()].map((o) => o.id),
    );
    const now = new Date();
    const values = rows.map((r) => {
      const o = locked.get(r.trackingNo);
      // Checked before the transaction; an order changed since then refuses the whole file.
      if (!o) throw rule(m.unknownOrder, { trackingNo: r.trackingNo });
      const reason = lockedReason(o);
      if (reason) throw rule(reason, { trackingNo: r.trackingNo });
      if (pending.has(o.id)) throw rule(m.pendingExists, { trackingNo: r.trackingNo });
      return {
        orderId: o.id,
        customerId: o.customerId,
        trackingNo: o.trackingNo,
        originalAmount: o.codAmount,
        originalCurrency: o.codCurrency,
        updatedAmount: toScale(r.updatedAmount, 2),
        currency: r.currency || o.codCurrency,
        remark: r.remark,
        operatorId: ctx.user.id,
        createdAt: now,
      };
    });
    for (let i = 0; i < values.length; i += CHUNK)
      await emitCod(
        tx,
        await tx
          .insert(codModifications)
          .values(values.slice(i, i + CHUNK))
          .returning(),
        'requested',
      );
  },
};
