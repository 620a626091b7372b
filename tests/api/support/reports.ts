import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Db } from '../../../src/server/db/client.ts';
import { exportsInFlight } from '../../../src/server/files/export.ts';
import { translator } from '../../../src/server/i18n.ts';
import { changeStatus } from '../../../src/server/modules/order-core/order-store.ts';
import { fromCents, toCents } from '../../../src/server/modules/report/cents.ts';
import type { EndpointDef, Page } from '../../../src/shared/contract/core.ts';
import type { ExportTaskRecord } from '../../../src/shared/contract/export-task.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import type { Money } from '../../../src/shared/contract/report-shapes.ts';
import type { TestApp } from './app.ts';
import { call, callRaw } from './call.ts';
import { idsByCode } from './movement.ts';

/**
 * What the report tests share: orders made through the orders core (created by the customer,
 * received at the warehouse so their fees are computed, then signed or returned at a chosen time
 * through changeStatus, as a carrier's delivery record does), every page of a list, exact sums of
 * decimal strings, and the rows of an export's file.
 */

export interface Finished {
  id: number;
  trackingNo: string;
}

export interface FinishSpec {
  weight: string;
  cod?: { amount: string; currency: string };
  /** 9 signed, 10 returned, 11 lost; none: left received. */
  status?: number;
  /** When the delivery ended (UTC ISO). */
  at?: string;
  country?: 'SA' | 'AE';
}

const CONSIGNEE = {
  SA: { channel: 'CN-SA-AIR-COD', regions: ['SA', 'SA-RI', 'SA-RI-RUH', 'SA-RI-RUH-OL'] },
  AE: { channel: 'CN-AE-AIR', regions: ['AE', 'AE-DU', 'AE-DU-DXB', 'AE-DU-DXB-JA'] },
};

/** Orders of the customer whose account `customerToken` is, received by `operatorToken`, then finished. */
export async function makeFinished(
  t: TestApp,
  tokens: { customer: string; operator: string },
  specs: FinishSpec[],
): Promise<Finished[]> {
  const region = await idsByCode(t, 'regions');
  const channel = await idsByCode(t, 'shipping_channels');
  const out: Finished[] = [];
  for (const s of specs) {
    const c = CONSIGNEE[s.country ?? 'SA'];
    const r = await call(t, contract.order.create, {
      token: tokens.customer,
      lang: 'en',
      body: {
        channelId: channel[c.channel],
        consignee: {
          name: 'Ahmed Al-Harbi',
          phone: '+966 50 123 4567',
          regionIds: c.regions.map((x) => region[x]).filter((x) => x !== undefined),
          address: `King Fahd Road ${randomUUID().slice(0, 8)}`,
        },
        weight: s.weight,
        ...(s.cod ? { isCod: true, codAmount: s.cod.amount, codCurrency: s.cod.currency } : { isCod: false }),
        goods: [{ nameEn: 'T-shirt', nameCn: 'T恤', quantity: 1, hsCode: '610910', unitPrice: '9.90' }],
      },
    });
    expect(r.status, r.raw).toBe(200);
    const o = r.body.data;
    const rec = await call(t, contract.order.receive, {
      params: { trackingNo: o.trackingNo },
      token: tokens.operator,
      body: {},
      lang: 'en',
    });
    expect(rec.body.data?.kind, rec.raw).toBe('ok');
    if (s.status !== undefined) await finish(t.database.db, o.recId, s.status, new Date(s.at!));
    out.push({ id: o.recId, trackingNo: o.trackingNo });
  }
  return out;
}

/** Ends an order's delivery at a time, through the orders core (its event and finished_at). */
export async function finish(db: Db, orderId: number, status: number, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await tx.execute<{ id: number; status: number; tracking_no: string }>(
      sql`SELECT id::int AS id, status, tracking_no FROM orders WHERE id = ${orderId} FOR UPDATE`,
    );
    const o = r.rows[0]!;
    await changeStatus(
      tx as unknown as Db,
      translator('en'),
      { id: o.id, status: o.status, trackingNo: o.tracking_no },
      status,
      { node: 'TEST_END', occurredAt: at },
    );
  });
}

/** Every record of a paged call, page by page. */
export async function allPages<T>(page: (pageNo: number) => Promise<Page<T>>, size = 50): Promise<T[]> {
  const out: T[] = [];
  for (let n = 1; ; n++) {
    const p = await page(n);
    expect(p.pageSize).toBe(size);
    out.push(...p.records);
    if (out.length >= p.total || p.records.length === 0) {
      expect(out.length).toBe(p.total);
      return out;
    }
  }
}

// ---- exact sums of decimal strings (cents as bigint) ----

export const cents = toCents;
export const decimal = fromCents;

/** Adds money into per-currency, per-field sums. */
export class Sums {
  readonly by = new Map<string, Map<string, bigint>>();
  add(currency: string, field: string, amount: string | bigint) {
    const row = this.by.get(currency) ?? new Map<string, bigint>();
    row.set(field, (row.get(field) ?? 0n) + (typeof amount === 'string' ? cents(amount) : amount));
    this.by.set(currency, row);
  }
  money(field: string, m: Money | null | undefined) {
    if (m) this.add(m.currency, field, m.amount);
  }
  /** `{ currency: { field: "12.34" } }`, fields missing as "0.00". */
  table(fields: readonly string[]): Record<string, Record<string, string>> {
    return Object.fromEntries(
      [...this.by].map(([cur, row]) => [
        cur,
        Object.fromEntries(fields.map((f) => [f, decimal(row.get(f) ?? 0n)])),
      ]),
    );
  }
}

/** Amounts as the API answers them, keyed by currency, the chosen fields only. */
export const byCurrency = <A extends { currency: string }>(
  amounts: A[],
  fields: readonly (keyof A & string)[],
) => Object.fromEntries(amounts.map((a) => [a.currency, Object.fromEntries(fields.map((f) => [f, a[f]]))]));

// ---- exports ----

/** Starts an export as `token`'s user, waits for its file, and answers it and its first sheet. */
export async function exportSheet(
  t: TestApp,
  token: string,
  entry: Export,
  body: object,
): Promise<{ task: ExportTaskRecord; sheet: ExcelJS.Worksheet }> {
  const started =
    typeof entry === 'string'
      ? await t.call<ExportTaskRecord>('POST', entry, { token, body, lang: 'en' })
      : await callRaw(t, entry, { token, body, lang: 'en' });
  expect(started.status, started.raw).toBe(200);
  const task = started.body.data as ExportTaskRecord;
  await exportsInFlight();
  const file = await call(t, contract.exportTask.download, { params: { id: task.recId }, token });
  expect(file.status, file.raw.slice(0, 300)).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
  return { task, sheet: wb.getWorksheet(1)! };
}

/** An export call: its contract entry (a path only in tests not yet typed, issue 43). */
export type Export = EndpointDef | string;

/** Starts an export, waits for its file, and answers its rows (header first) as cell values. */
export async function exportRows(
  t: TestApp,
  token: string,
  entry: Export,
  body: object,
): Promise<{ task: ExportTaskRecord; rows: unknown[][] }> {
  const { task, sheet } = await exportSheet(t, token, entry, body);
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return { task, rows };
}
