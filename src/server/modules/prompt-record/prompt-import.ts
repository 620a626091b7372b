import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { SHEET_FILE } from '../../../shared/contract/core.ts';
import {
  PromptKind as Kind,
  type PromptKind,
  type PromptRefusal,
  promptOutcome,
} from '../../../shared/domain/prompt-record.ts';
import { fileMessages } from '../../../shared/i18n/file-messages.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import { promptRecordMessages as m } from '../../../shared/i18n/prompt-record-messages.ts';
import type { Db } from '../../db/client.ts';
import { importLogs, promptRecords } from '../../db/schema/index.ts';
import {
  type ImportColumn,
  type ImportSpec,
  type RowError,
  receiveFile,
  runImport,
} from '../../files/import.ts';
import { businessTime } from '../../files/sheet-time.ts';
import type { Ctx } from '../../http/context.ts';
import { rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { statusName } from '../order-core/order-names.ts';
import { type LookedOrder, lookupProblem, ordersByAnyNo } from './order-lookup.ts';
import { type Confirmation, writeConfirmations } from './prompt-write.ts';

/** A row of either file: the number, the carrier's time, who signed or why it came back, remarks. */
export interface PromptRow {
  trackingNo: string;
  time: string;
  note: string;
  remark: string;
}

/** What an import did, for its answer. */
export interface PromptTally {
  recorded: number;
  alreadyRecorded: number;
}

/** Runs an import whose writer tallies its rows, and answers the engine's outcome with the tally. */
export async function tallyImport<T>(ctx: Ctx, spec: ImportSpec<T, PromptTally>) {
  const tally: PromptTally = { recorded: 0, alreadyRecorded: 0 };
  const done = await runImport(ctx, spec, await receiveFile(ctx.req, SHEET_FILE), tally);
  return { ...done, ...tally };
}

/** import_logs.kind of each kind's import. */
export const IMPORT_KIND: Record<PromptKind, string> = {
  [Kind.delivery]: 'promptDelivery',
  [Kind.return]: 'promptReturn',
};
export const PROMPT_IMPORT_KINDS = Object.values(IMPORT_KIND);
export const promptKindOfImport = (kind: string): PromptKind =>
  kind === IMPORT_KIND[Kind.return] ? Kind.return : Kind.delivery;

/** The columns of each kind's template (the keys are accepted as headers too). */
export const PROMPT_COLUMNS = {
  [Kind.delivery]: [
    { key: 'trackingNo', header: m.colTrackingNo, required: true, width: 20 },
    { key: 'signedAt', header: m.colSignedAt, required: true, width: 20 },
    { key: 'signer', header: m.colSigner, width: 18 },
    { key: 'remark', header: m.colRemark, width: 30 },
  ],
  [Kind.return]: [
    { key: 'trackingNo', header: m.colTrackingNo, required: true, width: 20 },
    { key: 'returnedAt', header: m.colReturnedAt, required: true, width: 20 },
    { key: 'reason', header: m.colReason, width: 30 },
    { key: 'remark', header: m.colRemark, width: 30 },
  ],
} as const satisfies Record<PromptKind, readonly ImportColumn[]>;

const upper = z
  .string()
  .max(64)
  .transform((v) => v.toUpperCase());

const ROW: Record<PromptKind, z.ZodType<PromptRow>> = {
  [Kind.delivery]: z
    .object({
      trackingNo: upper,
      signedAt: z.string().max(40),
      signer: z.string().max(100),
      remark: z.string().max(500),
    })
    .transform((v) => ({ trackingNo: v.trackingNo, time: v.signedAt, note: v.signer, remark: v.remark })),
  [Kind.return]: z
    .object({
      trackingNo: upper,
      returnedAt: z.string().max(40),
      reason: z.string().max(200),
      remark: z.string().max(500),
    })
    .transform((v) => ({ trackingNo: v.trackingNo, time: v.returnedAt, note: v.reason, remark: v.remark })),
};

const REFUSED: Record<PromptRefusal, MessageDescriptor> = {
  cancelled: m.refusedCancelled,
  notPickedUp: m.refusedNotPickedUp,
  signed: m.refusedSigned,
  returned: m.refusedReturned,
  lost: m.refusedLost,
  intercepted: m.refusedIntercepted,
};

const refusalValues = (t: Translate, o: LookedOrder) => ({
  trackingNo: o.trackingNo,
  status: statusName(t, o.status),
});

/** The confirmation each of the orders has (at most one), by order id. */
async function confirmationsOf(db: Db, orderIds: readonly number[]) {
  const out = new Map<number, { kind: number; at: number }>();
  for (let i = 0; i < orderIds.length; i += 5000) {
    const rows = await db
      .select({ orderId: promptRecords.orderId, kind: promptRecords.kind, at: promptRecords.occurredAt })
      .from(promptRecords)
      .where(inArray(promptRecords.orderId, orderIds.slice(i, i + 5000)));
    for (const r of rows) out.set(r.orderId, { kind: r.kind, at: r.at.getTime() });
  }
  return out;
}

/**
 * importPromptDelivery / importPromptReturn: every row checked first (the time, a number repeated
 * in the file, the order, promptOutcome's rule), then, in the import's transaction with the orders
 * locked, the rule again and the writes (prompt-write.ts). `tally` receives what the rows did.
 */
export function promptImport(kind: PromptKind): ImportSpec<PromptRow, PromptTally> {
  const columns = PROMPT_COLUMNS[kind];
  const header = (t: Translate, i: 0 | 1) => t(columns[i].header);
  const example: Record<string, string> =
    kind === Kind.delivery
      ? { trackingNo: 'GL0001000001', signedAt: '2026-01-05 14:30', signer: 'Ahmed', remark: '' }
      : {
          trackingNo: 'GL0001000001',
          returnedAt: '2026-01-05 14:30',
          reason: 'Refused by the consignee',
          remark: '',
        };
  return {
    kind: IMPORT_KIND[kind],
    title: kind === Kind.delivery ? m.deliveryTemplateTitle : m.returnTemplateTitle,
    columns,
    row: ROW[kind],
    maxRows: 20_000,
    example: [example],
    async check(rows, ctx) {
      const t = ctx.t;
      const tz = ctx.config.businessTimeZone;
      const now = Date.now();
      const errors: RowError[] = [];
      const times = new Map<number, number>();
      for (const { row, value: v } of rows) {
        const at = businessTime(v.time, tz);
        if (!(at instanceof Date)) errors.push({ row, column: header(t, 1), message: t(m.timeInvalid) });
        else if (at.getTime() > now) errors.push({ row, column: header(t, 1), message: t(m.timeFuture) });
        else times.set(row, at.getTime());
      }
      const found = await ordersByAnyNo(
        ctx.db,
        rows.map((r) => r.value.trackingNo),
      );
      const orderIds = [...found.values()].flatMap((o) => (o === 'ambiguous' ? [] : [o.id]));
      const existing = await confirmationsOf(ctx.db, orderIds);
      const firstRow = new Map<number, number>();
      for (const { row, value: v } of rows) {
        const o = found.get(v.trackingNo);
        const problem = lookupProblem(t, v.trackingNo, o);
        if (problem || !o || o === 'ambiguous') {
          errors.push({ row, column: header(t, 0), message: problem! });
          continue;
        }
        const first = firstRow.get(o.id);
        if (first !== undefined) {
          errors.push({
            row,
            column: header(t, 0),
            message: t(fileMessages.importDuplicateRow, { row: first }),
          });
          continue;
        }
        firstRow.set(o.id, row);
        const at = times.get(row);
        if (at === undefined) continue;
        const outcome = promptOutcome(kind, o, existing.get(o.id) ?? null, at);
        if (outcome !== 'apply' && outcome !== 'recorded')
          errors.push({ row, column: header(t, 0), message: t(REFUSED[outcome], refusalValues(t, o)) });
        else if (outcome === 'apply' && at < o.createdAt.getTime())
          errors.push({
            row,
            column: header(t, 1),
            message: t(m.timeBeforeCreated, { trackingNo: o.trackingNo }),
          });
      }
      return errors;
    },
    async write(tx: Db, rows, ctx: Ctx, tally, importId) {
      const t = ctx.t;
      const tz = ctx.config.businessTimeZone;
      const found = await ordersByAnyNo(
        tx,
        rows.map((r) => r.trackingNo),
        true,
      );
      const orderIds = [...found.values()].flatMap((o) => (o === 'ambiguous' ? [] : [o.id]));
      const existing = await confirmationsOf(tx, orderIds);
      const apply: Confirmation[] = [];
      let alreadyRecorded = 0;
      for (const r of rows) {
        const o = found.get(r.trackingNo);
        // Checked before the transaction; an order changed since then refuses the whole file.
        if (!o || o === 'ambiguous') throw rule(m.unknownOrder, { trackingNo: r.trackingNo });
        const at = businessTime(r.time, tz) as Date;
        const outcome = promptOutcome(kind, o, existing.get(o.id) ?? null, at.getTime());
        if (outcome === 'recorded') alreadyRecorded++;
        else if (outcome === 'apply') apply.push({ order: o, at, note: r.note, remark: r.remark });
        else throw rule(REFUSED[outcome], refusalValues(t, o));
      }
      await writeConfirmations(tx, kind, apply, importId, ctx.user.id);
      tally.recorded = apply.length;
      tally.alreadyRecorded = alreadyRecorded;
      await tx
        .update(importLogs)
        .set({ detail: { recorded: apply.length, alreadyRecorded } })
        .where(eq(importLogs.id, importId));
    },
  };
}
