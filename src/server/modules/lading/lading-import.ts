import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { LadingImportResult } from '../../../shared/contract/lading.ts';
import { clearanceEditable, LadingOrderType } from '../../../shared/domain/lading.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { fileMessages } from '../../../shared/i18n/file-messages.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import { orderStaffMessages as c } from '../../../shared/i18n/order-staff-messages.ts';
import type { Db } from '../../db/client.ts';
import { carriers, ladingBills, orders, shippingChannels } from '../../db/schema/index.ts';
import type { ImportColumn, ImportSpec, RowError } from '../../files/import.ts';
import { AppError } from '../../http/errors.ts';
import { nextNo } from '../bill/movement.ts';
import { ordersByTrackingNo } from '../order-core/order-read.ts';
import { billOrderIds } from './lading-clearance.service.ts';
import type { LadingRow } from './lading-read.ts';
import {
  addToLading,
  channelCarrierIds,
  isOpen,
  ladingOrderRefusal,
  ladingPackageCheck,
} from './lading-scan.service.ts';
import type { ScanContext } from './lading-scan-order.ts';

/**
 * lading/import: each row a tracking no with an open bill's no, or a channel code (optionally a
 * carrier code and a type) for a new bill; rows without a bill no are grouped by channel, carrier
 * and type into new bills. Every row is checked as a scan is, then all are written in the import's
 * one transaction through the same path as a scan (an order changed since the check refuses all).
 */

export interface LadingImportRow {
  ladingNo: string;
  channelCode: string;
  carrierCode: string;
  type: string;
  trackingNo: string;
}

const COLUMNS = [
  { key: 'ladingNo', header: m.colLadingNo, width: 18 },
  { key: 'channelCode', header: m.colChannelCode, width: 18 },
  { key: 'carrierCode', header: m.colCarrierCode, width: 14 },
  { key: 'type', header: m.colType, width: 10 },
  { key: 'trackingNo', header: c.colTrackingNo, required: true, width: 20 },
] as const satisfies readonly ImportColumn[];

const upper = z
  .string()
  .max(64)
  .transform((v) => v.toUpperCase());

const rowSchema = z.object({
  ladingNo: upper,
  channelCode: upper,
  carrierCode: upper,
  type: z.enum(['', '1', '2'], m.typeInvalid.id),
  trackingNo: upper,
});

export interface LadingImportExtra {
  bills: Map<number, LadingImportResult['bills'][number]>;
}

const col = (t: (d: MessageDescriptor) => string, key: (typeof COLUMNS)[number]['key']) =>
  t(COLUMNS.find((x) => x.key === key)!.header);

/** What a new bill of a group would be, for the checks (and the write). */
interface Target {
  bill: LadingRow;
  existing: boolean;
}

async function targets(db: Db, rows: readonly LadingImportRow[]) {
  const nos = [...new Set(rows.map((r) => r.ladingNo).filter(Boolean))];
  const codes = [...new Set(rows.map((r) => r.channelCode).filter(Boolean))];
  const carrierCodes = [...new Set(rows.map((r) => r.carrierCode).filter(Boolean))];
  const bills = nos.length ? await db.select().from(ladingBills).where(inArray(ladingBills.no, nos)) : [];
  const channels = codes.length
    ? await db.select().from(shippingChannels).where(inArray(shippingChannels.code, codes))
    : [];
  const carrierRows = carrierCodes.length
    ? await db.select().from(carriers).where(inArray(carriers.code, carrierCodes))
    : [];
  const channelCarriers = new Map<number, number[]>();
  for (const ch of channels) channelCarriers.set(ch.id, await channelCarrierIds(db, ch.id));
  return {
    bills: new Map(bills.map((b) => [b.no, b])),
    channels: new Map(channels.map((ch) => [ch.code, ch])),
    carriers: new Map(carrierRows.map((x) => [x.code, x])),
    channelCarriers,
  };
}

type Found = Awaited<ReturnType<typeof targets>>;

/** The bill a row goes into (an existing one, or the template of its new one), or why not. */
function targetOf(r: LadingImportRow, f: Found): Target | MessageDescriptor {
  if (r.ladingNo) {
    const b = f.bills.get(r.ladingNo);
    if (!b) return m.refusedUnknownLading;
    if (!isOpen(b)) return m.notOpen;
    return { bill: b, existing: true };
  }
  if (!r.channelCode) return m.channelFirst;
  const ch = f.channels.get(r.channelCode);
  if (!ch) return m.channelFirst;
  const allowed = f.channelCarriers.get(ch.id) ?? [];
  let carrierId = allowed[0];
  if (r.carrierCode) {
    const found = f.carriers.get(r.carrierCode);
    if (!found || !allowed.includes(found.id)) return m.carrierNotOfChannel;
    carrierId = found.id;
  }
  if (carrierId === undefined) return m.channelHasNoCarrier;
  const bill = {
    id: 0,
    no: '',
    channelId: ch.id,
    carrierId,
    type: r.type ? Number(r.type) : ch.ladingType,
    orderType: LadingOrderType.order,
    countryId: ch.countryId,
    confirmState: 0,
    pickupStatus: 1,
  } as LadingRow;
  return { bill, existing: false };
}

const groupKey = (t: Target) =>
  t.existing ? `no:${t.bill.no}` : `new:${t.bill.channelId}:${t.bill.carrierId}:${t.bill.type}`;

export const ladingImport: ImportSpec<LadingImportRow, LadingImportExtra> = {
  kind: 'lading',
  title: m.titleLadingImport,
  columns: COLUMNS,
  row: rowSchema,
  maxRows: 5000,
  example: [
    {
      ladingNo: '',
      channelCode: 'CN-SA-AIR-COD',
      carrierCode: 'SMSA',
      type: '1',
      trackingNo: 'GL0001000001',
    },
    { ladingNo: 'LD2601010001', channelCode: '', carrierCode: '', type: '', trackingNo: 'GL0001000002' },
  ],
  async check(rows, ctx) {
    const t = ctx.t;
    const errors: RowError[] = [];
    const f = await targets(
      ctx.db,
      rows.map((r) => r.value),
    );
    const found = await ordersByTrackingNo(
      ctx.db,
      rows.map((r) => r.value.trackingNo),
    );
    const first = new Map<string, number>();
    const now = new Date();
    const sc: ScanContext = { user: ctx.user, t, locale: ctx.locale, now, scannedAt: now };
    for (const { row, value } of rows) {
      const seen = first.get(value.trackingNo);
      if (seen !== undefined) {
        errors.push({
          row,
          column: col(t, 'trackingNo'),
          message: t(fileMessages.importDuplicateRow, { row: seen }),
        });
        continue;
      }
      first.set(value.trackingNo, row);
      const target = targetOf(value, f);
      if (!('bill' in target)) {
        errors.push({
          row,
          column: col(t, value.ladingNo ? 'ladingNo' : 'channelCode'),
          message: t(target, { trackingNo: value.ladingNo, no: value.ladingNo }),
        });
        continue;
      }
      let refused: AppError | null | undefined;
      if (target.bill.orderType === LadingOrderType.package)
        refused = (await ladingPackageCheck(ctx.db, target.bill, value.trackingNo, sc)).refused;
      else {
        const o = found.get(value.trackingNo);
        refused = await ladingOrderRefusal(ctx.db, target.bill, o, value.trackingNo, sc);
        if (!refused && o && o.status !== OrderStatus.received)
          refused = new AppError(409, m.refusedAlreadyAdded, {
            values: { trackingNo: o.trackingNo, billNo: '' },
          });
      }
      if (refused)
        errors.push({ row, column: col(t, 'trackingNo'), message: t(refused.descriptor, refused.values) });
    }
    return errors;
  },
  async write(tx, rows, ctx, extra) {
    const f = await targets(tx, rows);
    const made = new Map<string, LadingRow>();
    const now = new Date();
    const sc: ScanContext = { user: ctx.user, t: ctx.t, locale: ctx.locale, now, scannedAt: now };
    for (const r of rows) {
      const target = targetOf(r, f) as Target;
      const key = groupKey(target);
      let bill = made.get(key);
      if (!bill) {
        if (target.existing) bill = target.bill;
        else {
          const no = await nextNo(tx, 'LD', 'lading_no_seq', ctx.config.businessTimeZone);
          const { id: _id, no: _no, ...values } = target.bill;
          [bill] = await tx
            .insert(ladingBills)
            .values({ ...values, no, createdBy: ctx.user.id })
            .returning();
        }
        made.set(key, bill!);
      }
      const { counts } = await addToLading(tx, bill!, r.trackingNo, sc);
      extra.bills.set(counts.recId, { recId: counts.recId, no: counts.no, orderCount: counts.orderCount });
    }
  },
};

// ---- clearance data import (lading/ladingImport) ----

export interface ClearanceImportRow {
  ladingNo: string;
  trackingNo: string;
  clearanceNo: string;
}

const CLEARANCE_COLUMNS = [
  { key: 'ladingNo', header: m.colLadingNo, required: true, width: 18 },
  { key: 'trackingNo', header: c.colTrackingNo, required: true, width: 20 },
  { key: 'clearanceNo', header: c.colClearanceNo, required: true, width: 24 },
] as const satisfies readonly ImportColumn[];

const CLEARANCE_NO = /^[A-Za-z0-9][A-Za-z0-9/_-]{0,49}$/;

export const clearanceDataImport: ImportSpec<ClearanceImportRow> = {
  kind: 'lading-clearance',
  title: m.titleClearanceImport,
  columns: CLEARANCE_COLUMNS,
  row: z.object({
    ladingNo: upper,
    trackingNo: upper,
    clearanceNo: z.string().max(100).regex(CLEARANCE_NO, m.clearanceNoFormat.id),
  }),
  maxRows: 100_000,
  example: [{ ladingNo: 'LD2601010001', trackingNo: 'GL0001000001', clearanceNo: 'CL-2026-000123' }],
  async check(rows, ctx) {
    const t = ctx.t;
    const ccol = (key: (typeof CLEARANCE_COLUMNS)[number]['key']) =>
      t(CLEARANCE_COLUMNS.find((x) => x.key === key)!.header);
    const errors: RowError[] = [];
    const nos = [...new Set(rows.map((r) => r.value.ladingNo))];
    const bills = new Map(
      (await ctx.db.select().from(ladingBills).where(inArray(ladingBills.no, nos))).map((b) => [b.no, b]),
    );
    const inBill = new Map<string, Set<string>>();
    for (const b of bills.values()) {
      const found = await ctx.db
        .select({ no: orders.trackingNo })
        .from(orders)
        .where(sql`${orders.id} IN ${billOrderIds(b.id)}`);
      inBill.set(b.no, new Set(found.map((x) => x.no)));
    }
    const first = new Map<string, number>();
    for (const { row, value } of rows) {
      const b = bills.get(value.ladingNo);
      if (!b) {
        errors.push({
          row,
          column: ccol('ladingNo'),
          message: t(m.refusedUnknownLading, { trackingNo: value.ladingNo }),
        });
        continue;
      }
      if (!clearanceEditable(b.clearanceStatus))
        errors.push({
          row,
          column: ccol('ladingNo'),
          message: t(m.clearanceLocked, { no: b.no, status: b.clearanceStatus }),
        });
      if (!inBill.get(b.no)?.has(value.trackingNo))
        errors.push({
          row,
          column: ccol('trackingNo'),
          message: t(m.notInBill, { trackingNo: value.trackingNo, no: b.no }),
        });
      const seen = first.get(value.trackingNo);
      if (seen !== undefined)
        errors.push({
          row,
          column: ccol('trackingNo'),
          message: t(fileMessages.importDuplicateRow, { row: seen }),
        });
      else first.set(value.trackingNo, row);
    }
    return errors;
  },
  async write(tx, rows) {
    const now = new Date();
    for (const r of rows)
      await tx
        .update(orders)
        .set({ clearanceNo: r.clearanceNo, updatedAt: now })
        .where(and(eq(orders.trackingNo, r.trackingNo)));
  },
};
