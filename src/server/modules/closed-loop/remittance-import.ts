import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  type Remittance,
  type RemittanceRefusal,
  remittanceOutcome,
} from '../../../shared/domain/closed-loop.ts';
import { CURRENCY_PATTERN, isDecimal, MONEY_RULE, toScale } from '../../../shared/domain/order-entry.ts';
import { closedLoopMessages as m } from '../../../shared/i18n/closed-loop-messages.ts';
import { fileMessages } from '../../../shared/i18n/file-messages.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import { promptRecordMessages } from '../../../shared/i18n/prompt-record-messages.ts';
import type { Db } from '../../db/client.ts';
import { codRemittances, importLogs, orderEvents } from '../../db/schema/index.ts';
import type { ImportColumn, ImportSpec, RowError } from '../../files/import.ts';
import { businessDay, sheetDay } from '../../files/sheet-time.ts';
import type { Ctx } from '../../http/context.ts';
import { rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { statusName } from '../order-core/order-names.ts';
import { type LookedOrder, lookupProblem, ordersByAnyNo } from '../prompt-record/order-lookup.ts';
import type { PromptTally } from '../prompt-record/prompt-import.ts';

/** Our node of the (staff-only) event a remittance writes on its order. */
export const REMITTED_NODE = 'COD_REMITTED';

export interface RemittanceRow extends Remittance {
  trackingNo: string;
  remark: string;
}

export const REMITTANCE_COLUMNS = [
  { key: 'trackingNo', header: m.colTrackingNo, required: true, width: 20 },
  { key: 'amount', header: m.colAmount, required: true, width: 16 },
  { key: 'currency', header: m.colCurrency, required: true, width: 10 },
  { key: 'remittedOn', header: m.colRemittedOn, required: true, width: 16 },
  { key: 'reference', header: m.colReference, required: true, width: 22 },
  { key: 'remark', header: m.colRemark, width: 30 },
] as const satisfies readonly ImportColumn[];

type Key = (typeof REMITTANCE_COLUMNS)[number]['key'];

const upper = (max: number) =>
  z
    .string()
    .max(max)
    .transform((v) => v.toUpperCase());

const rowSchema = z.object({
  trackingNo: upper(64),
  amount: z.string().max(20),
  currency: upper(10),
  remittedOn: z.string().max(40),
  reference: z.string().max(100),
  remark: z.string().max(500),
});

const REFUSED: Record<RemittanceRefusal, MessageDescriptor> = {
  noCod: m.refusedNoCod,
  notSigned: m.refusedNotSigned,
  currencyMismatch: m.refusedCurrency,
  amountMismatch: m.refusedAmount,
  alreadyRemitted: m.refusedAlreadyRemitted,
};

const refusalValues = (t: Translate, o: LookedOrder, row: Remittance, existing: Remittance | null) => ({
  trackingNo: o.trackingNo,
  status: statusName(t, o.status),
  codAmount: o.codAmount,
  codCurrency: o.codCurrency,
  amount: row.amount,
  currency: row.currency,
  reference: existing?.reference ?? '',
  remittedOn: existing?.remittedOn ?? '',
});

/** The remittance each of the orders has, by order id. */
async function remittancesOf(db: Db, orderIds: readonly number[]): Promise<Map<number, Remittance>> {
  const out = new Map<number, Remittance>();
  for (let i = 0; i < orderIds.length; i += 5000) {
    const rows = await db
      .select()
      .from(codRemittances)
      .where(inArray(codRemittances.orderId, orderIds.slice(i, i + 5000)));
    for (const r of rows) out.set(r.orderId, r);
  }
  return out;
}

const CHUNK = 1000;

/**
 * order/closed/overseas/import: the overseas partner's COD remittance per order. Every row is
 * checked first (the amount, currency and day; a number repeated in the file; the order and
 * remittanceOutcome's rule), then, in the import's transaction with the orders locked, the rule
 * again and the writes: the remittance and an internal COD_REMITTED event on each order. The
 * remittance day is a business day that has begun (today or earlier).
 */
export const remittanceImport: ImportSpec<RemittanceRow, PromptTally> = {
  kind: 'codRemittance',
  title: m.templateTitle,
  columns: REMITTANCE_COLUMNS,
  row: rowSchema as unknown as z.ZodType<RemittanceRow>,
  maxRows: 20_000,
  example: [
    {
      trackingNo: 'GL0001000001',
      amount: '199.00',
      currency: 'SAR',
      remittedOn: '2026-01-05',
      reference: 'RMT-20260105-01',
      remark: '',
    },
  ],
  async check(rows, ctx) {
    const t = ctx.t;
    const col = (key: Key) => t(REMITTANCE_COLUMNS.find((c) => c.key === key)!.header);
    const today = businessDay(new Date(), ctx.config.businessTimeZone);
    const errors: RowError[] = [];
    const days = new Map<number, string>();
    for (const { row, value: v } of rows) {
      if (!isDecimal(v.amount, { ...MONEY_RULE, above: 0 }))
        errors.push({ row, column: col('amount'), message: t(m.amountInvalid) });
      if (!CURRENCY_PATTERN.test(v.currency))
        errors.push({ row, column: col('currency'), message: t(m.currencyInvalid) });
      const day = sheetDay(v.remittedOn);
      if (day === null || day === 'invalid')
        errors.push({ row, column: col('remittedOn'), message: t(m.dateInvalid) });
      else if (day > today) errors.push({ row, column: col('remittedOn'), message: t(m.dateFuture) });
      else days.set(row, day);
    }
    const found = await ordersByAnyNo(
      ctx.db,
      rows.map((r) => r.value.trackingNo),
    );
    const existing = await remittancesOf(
      ctx.db,
      [...found.values()].flatMap((o) => (o === 'ambiguous' ? [] : [o.id])),
    );
    const firstRow = new Map<number, number>();
    for (const { row, value: v } of rows) {
      const o = found.get(v.trackingNo);
      const problem = lookupProblem(t, v.trackingNo, o);
      if (problem || !o || o === 'ambiguous') {
        errors.push({ row, column: col('trackingNo'), message: problem! });
        continue;
      }
      const first = firstRow.get(o.id);
      if (first !== undefined) {
        errors.push({
          row,
          column: col('trackingNo'),
          message: t(fileMessages.importDuplicateRow, { row: first }),
        });
        continue;
      }
      firstRow.set(o.id, row);
      const day = days.get(row);
      if (day === undefined || !isDecimal(v.amount, MONEY_RULE)) continue;
      const remittance = { ...v, remittedOn: day };
      const had = existing.get(o.id) ?? null;
      const outcome = remittanceOutcome(o, remittance, had);
      if (outcome !== 'apply' && outcome !== 'recorded')
        errors.push({
          row,
          column: col(
            outcome === 'currencyMismatch'
              ? 'currency'
              : outcome === 'amountMismatch'
                ? 'amount'
                : 'trackingNo',
          ),
          message: t(REFUSED[outcome], refusalValues(t, o, remittance, had)),
        });
    }
    return errors;
  },
  async write(tx, rows, ctx: Ctx, tally, importId) {
    const t = ctx.t;
    const found = await ordersByAnyNo(
      tx,
      rows.map((r) => r.trackingNo),
      true,
    );
    const existing = await remittancesOf(
      tx,
      [...found.values()].flatMap((o) => (o === 'ambiguous' ? [] : [o.id])),
    );
    const now = new Date();
    const apply: { o: LookedOrder; r: RemittanceRow }[] = [];
    let alreadyRecorded = 0;
    for (const row of rows) {
      const o = found.get(row.trackingNo);
      // Checked before the transaction; an order changed since then refuses the whole file.
      if (!o || o === 'ambiguous')
        throw rule(promptRecordMessages.unknownOrder, { trackingNo: row.trackingNo });
      const r = { ...row, remittedOn: sheetDay(row.remittedOn) as string };
      const had = existing.get(o.id) ?? null;
      const outcome = remittanceOutcome(o, r, had);
      if (outcome === 'recorded') alreadyRecorded++;
      else if (outcome === 'apply') apply.push({ o, r });
      else throw rule(REFUSED[outcome], refusalValues(t, o, r, had));
    }
    for (let i = 0; i < apply.length; i += CHUNK) {
      const part = apply.slice(i, i + CHUNK);
      await tx.insert(codRemittances).values(
        part.map(({ o, r }) => ({
          orderId: o.id,
          customerId: o.customerId,
          trackingNo: o.trackingNo,
          amount: toScale(r.amount, 2),
          currency: r.currency,
          remittedOn: r.remittedOn,
          reference: r.reference,
          remark: r.remark,
          importId,
          createdAt: now,
        })),
      );
      await tx.insert(orderEvents).values(
        part.map(({ o, r }) => ({
          orderId: o.id,
          node: REMITTED_NODE,
          description: [`${toScale(r.amount, 2)} ${r.currency}`, r.remittedOn, r.reference, r.remark]
            .filter(Boolean)
            .join(' · '),
          isPublic: false,
          operatorId: ctx.user.id,
          occurredAt: now,
          createdAt: now,
        })),
      );
    }
    tally.recorded = apply.length;
    tally.alreadyRecorded = alreadyRecorded;
    await tx
      .update(importLogs)
      .set({ detail: { recorded: apply.length, alreadyRecorded } })
      .where(eq(importLogs.id, importId));
  },
};
