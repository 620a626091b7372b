import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { BATCH_NO_PATTERN } from '../../../shared/contract/batch.ts';
import { PickupStatus } from '../../../shared/domain/lading.ts';
import { fileMessages } from '../../../shared/i18n/file-messages.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import { batches, batchItems, ladingBills } from '../../db/schema/index.ts';
import type { ImportColumn, ImportSpec, RowError } from '../../files/import.ts';
import { businessTime } from '../../files/sheet-time.ts';
import type { Translate } from '../../i18n.ts';
import { nextNo } from '../bill/movement.ts';
import { addLadingToBatch, airCargoValues } from './batch.service.ts';

/*
 * The batch sheets read in: batch/import (batches of lading bills with their air cargo) and
 * batch/airCargo/import (the air cargo of existing batches). batch-files.ts writes the sheets out.
 */

const YES = new Set(['1', 'y', 'yes', 'true', '是', 'نعم']);
const NO = new Set(['0', 'n', 'no', 'false', '否', 'لا']);
/** Charged and mixed are required ("… cannot be blank"), as yes/no, 1/0, 是/否. */
const yesNoCell = (required: MessageDescriptor) =>
  z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .refine((v) => v !== '', { message: required.id, abort: true })
    .refine((v) => YES.has(v) || NO.has(v), { message: m.yesNoInvalid.id })
    .transform((v) => YES.has(v));

const upper = z
  .string()
  .max(64)
  .transform((v) => v.toUpperCase());

const cargoShape = {
  airlineBillNo: z.string().min(1, m.airlineBillRequired.id).max(40),
  airCargoNo: z.string().max(40),
  departurePort: z.string().max(60),
  destinationPort: z.string().max(60),
  departureTime: z.string().max(40),
  arrivalTime: z.string().max(40),
  portCarrier: z.string().max(100),
  firstCarrier: z.string().max(100),
  charged: yesNoCell(m.chargedRequired),
  mixed: yesNoCell(m.mixedRequired),
};

const cargoColumns = [
  // Airline bill no, charged and mixed are required by the row's schema, with the spec's messages.
  { key: 'airlineBillNo', header: m.colAirlineBillNo, width: 18 },
  { key: 'airCargoNo', header: m.colAirCargoNo, width: 16 },
  { key: 'departurePort', header: m.colDeparturePort, width: 14 },
  { key: 'destinationPort', header: m.colDestinationPort, width: 14 },
  { key: 'departureTime', header: m.colDepartureTime, width: 18 },
  { key: 'arrivalTime', header: m.colArrivalTime, width: 18 },
  { key: 'portCarrier', header: m.colPortCarrier, width: 16 },
  { key: 'firstCarrier', header: m.colFirstCarrier, width: 16 },
  { key: 'charged', header: m.colCharged, width: 12 },
  { key: 'mixed', header: m.colMixed, width: 10 },
] as const satisfies readonly ImportColumn[];

type CargoRow = z.output<z.ZodObject<typeof cargoShape>>;

const exampleCargo = {
  airlineBillNo: '999-12345675',
  airCargoNo: 'CA1041',
  departurePort: 'PVG',
  destinationPort: 'RUH',
  departureTime: '2026-01-05 09:30',
  arrivalTime: '2026-01-05 17:45',
  portCarrier: 'Saudia Cargo',
  firstCarrier: 'SF Express',
  charged: '0',
  mixed: '1',
};

const header = (columns: readonly ImportColumn[], t: Translate, key: string) =>
  t(columns.find((x) => x.key === key)!.header as MessageDescriptor);

/** The times of a row: errors for bad ones, and the arrival after the departure. */
function timeErrors(
  row: number,
  v: CargoRow,
  tz: string,
  t: Translate,
  columns: readonly ImportColumn[],
): RowError[] {
  const out: RowError[] = [];
  const dep = businessTime(v.departureTime, tz);
  const arr = businessTime(v.arrivalTime, tz);
  if (dep === 'invalid')
    out.push({ row, column: header(columns, t, 'departureTime'), message: t(m.timeInvalid) });
  if (arr === 'invalid')
    out.push({ row, column: header(columns, t, 'arrivalTime'), message: t(m.timeInvalid) });
  if (dep instanceof Date && arr instanceof Date && arr <= dep)
    out.push({ row, column: header(columns, t, 'arrivalTime'), message: t(m.timeOrder) });
  return out;
}

const cargoValues = (v: CargoRow, tz: string) => {
  const dep = businessTime(v.departureTime, tz);
  const arr = businessTime(v.arrivalTime, tz);
  return airCargoValues({
    ...v,
    departureTime: dep instanceof Date ? dep.toISOString() : null,
    arrivalTime: arr instanceof Date ? arr.toISOString() : null,
  });
};

export type BatchImportRow = CargoRow & { batchNo: string; ladingNo: string };
export interface BatchImportExtra {
  batches: Map<number, { recId: number; batchNo: string; ladingCount: number }>;
}

const BATCH_COLUMNS = [
  { key: 'batchNo', header: m.colBatchNo, width: 16 },
  { key: 'ladingNo', header: m.colLadingNo, required: true, width: 18 },
  ...cargoColumns,
] as const satisfies readonly ImportColumn[];

const groupOf = (r: BatchImportRow) => (r.batchNo ? `no:${r.batchNo}` : `awb:${r.airlineBillNo}`);

/** batch/import: rows with the same batch no (or, without one, the same airline bill no) form one batch. */
export const batchImport: ImportSpec<BatchImportRow, BatchImportExtra> = {
  kind: 'batch',
  title: m.titleBatchImport,
  columns: BATCH_COLUMNS,
  row: z.object({ batchNo: upper, ladingNo: upper, ...cargoShape }),
  maxRows: 5000,
  example: [{ batchNo: '', ladingNo: 'LD2601050001', ...exampleCargo }],
  async check(rows, ctx) {
    const t = ctx.t;
    const tz = ctx.config.businessTimeZone;
    const errors: RowError[] = [];
    const nos = [...new Set(rows.map((r) => r.value.batchNo).filter(Boolean))];
    const taken = new Set(
      nos.length
        ? (
            await ctx.db.select({ no: batches.batchNo }).from(batches).where(inArray(batches.batchNo, nos))
          ).map((x) => x.no)
        : [],
    );
    const ladingNos = [...new Set(rows.map((r) => r.value.ladingNo))];
    const bills = new Map(
      (await ctx.db.select().from(ladingBills).where(inArray(ladingBills.no, ladingNos))).map((b) => [
        b.no,
        b,
      ]),
    );
    const inBatch = new Set(
      (
        await ctx.db
          .select({ id: batchItems.ladingId })
          .from(batchItems)
          .where(
            and(
              eq(batchItems.active, true),
              inArray(batchItems.ladingId, [...bills.values()].map((b) => b.id).concat(0)),
            ),
          )
      ).map((x) => x.id),
    );
    const first = new Map<string, number>();
    for (const { row, value } of rows) {
      const col = (key: string) => header(BATCH_COLUMNS, t, key);
      if (value.batchNo && !BATCH_NO_PATTERN.test(value.batchNo))
        errors.push({ row, column: col('batchNo'), message: t(m.batchNoInvalid) });
      else if (taken.has(value.batchNo))
        errors.push({ row, column: col('batchNo'), message: t(m.batchNoTaken, { no: value.batchNo }) });
      errors.push(...timeErrors(row, value, tz, t, BATCH_COLUMNS));
      const seen = first.get(value.ladingNo);
      if (seen !== undefined) {
        errors.push({
          row,
          column: col('ladingNo'),
          message: t(fileMessages.importDuplicateRow, { row: seen }),
        });
        continue;
      }
      first.set(value.ladingNo, row);
      const b = bills.get(value.ladingNo);
      if (!b)
        errors.push({
          row,
          column: col('ladingNo'),
          message: t(m.refusedUnknownLading, { trackingNo: value.ladingNo }),
        });
      else if (b.pickupStatus !== PickupStatus.pickedUp)
        errors.push({ row, column: col('ladingNo'), message: t(m.refusedNotPickedUp, { trackingNo: b.no }) });
      else if (inBatch.has(b.id))
        errors.push({
          row,
          column: col('ladingNo'),
          message: t(m.refusedAlreadyAdded, { trackingNo: b.no, billNo: '' }),
        });
    }
    return errors;
  },
  async write(tx, rows, ctx, extra) {
    const tz = ctx.config.businessTimeZone;
    const made = new Map<string, typeof batches.$inferSelect>();
    const now = new Date();
    for (const r of rows) {
      const key = groupOf(r);
      let b = made.get(key);
      if (!b) {
        const batchNo = r.batchNo || (await nextNo(tx, 'BT', 'batch_no_seq', tz));
        [b] = await tx
          .insert(batches)
          .values({ batchNo, ...cargoValues(r, tz), createdBy: ctx.user.id })
          .returning();
        made.set(key, b!);
      }
      const [bill] = await tx.select().from(ladingBills).where(eq(ladingBills.no, r.ladingNo));
      const counts = await addLadingToBatch(tx, b!, bill, r.ladingNo, ctx.user, now);
      extra.batches.set(b!.id, { recId: b!.id, batchNo: b!.batchNo, ladingCount: counts.itemCount });
    }
  },
};

export type AirCargoImportRow = CargoRow & { batchNo: string };

const AIR_COLUMNS = [
  { key: 'batchNo', header: m.colBatchNo, required: true, width: 16 },
  ...cargoColumns,
] as const satisfies readonly ImportColumn[];

/** batch/airCargo/import: the air cargo of existing batches (not cancelled), by batch no. */
export const airCargoImport: ImportSpec<AirCargoImportRow> = {
  kind: 'air-cargo',
  title: m.titleAirCargoImport,
  columns: AIR_COLUMNS,
  row: z.object({ batchNo: upper, ...cargoShape }),
  maxRows: 5000,
  example: [{ batchNo: 'BT2601050001', ...exampleCargo }],
  async check(rows, ctx) {
    const t = ctx.t;
    const errors: RowError[] = [];
    const found = new Map(
      (
        await ctx.db
          .select()
          .from(batches)
          .where(inArray(batches.batchNo, [...new Set(rows.map((r) => r.value.batchNo))]))
      ).map((b) => [b.batchNo, b]),
    );
    const first = new Map<string, number>();
    for (const { row, value } of rows) {
      const col = (key: string) => header(AIR_COLUMNS, t, key);
      const b = found.get(value.batchNo);
      if (!b) errors.push({ row, column: col('batchNo'), message: t(m.unknownBatch, { no: value.batchNo }) });
      else if (b.pickupStatus === PickupStatus.cancelled)
        errors.push({ row, column: col('batchNo'), message: t(m.notOpen, { no: b.batchNo }) });
      const seen = first.get(value.batchNo);
      if (seen !== undefined)
        errors.push({
          row,
          column: col('batchNo'),
          message: t(fileMessages.importDuplicateRow, { row: seen }),
        });
      else first.set(value.batchNo, row);
      errors.push(...timeErrors(row, value, ctx.config.businessTimeZone, t, AIR_COLUMNS));
    }
    return errors;
  },
  async write(tx, rows, ctx) {
    for (const r of rows)
      await tx
        .update(batches)
        .set({ ...cargoValues(r, ctx.config.businessTimeZone), updatedAt: new Date() })
        .where(eq(batches.batchNo, r.batchNo));
  },
};
