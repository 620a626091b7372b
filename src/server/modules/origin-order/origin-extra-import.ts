import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CURRENCY_PATTERN, isDecimal, MONEY_RULE, toScale } from '../../../shared/domain/order-entry.ts';
import { ORIGIN_PLATFORMS, PAYMENT_METHODS } from '../../../shared/domain/origin-order.ts';
import { originOrderMessages as m } from '../../../shared/i18n/origin-order-messages.ts';
import type { Db } from '../../db/client.ts';
import { originOrders } from '../../db/schema/index.ts';
import type { ImportColumn, ImportSpec, RowError } from '../../files/import.ts';

/** The extra information's columns: the import template's, and the first columns of the export. */
export const EXTRA_COLUMNS = [
  { key: 'platform', header: m.colPlatform, required: true, width: 12 },
  { key: 'platformOrderNo', header: m.colPlatformOrderNo, required: true, width: 24 },
  { key: 'buyerIdNo', header: m.colBuyerIdNo, width: 16 },
  { key: 'declaredValue', header: m.colDeclaredValue, width: 14 },
  { key: 'declaredCurrency', header: m.colDeclaredCurrency, width: 12 },
  { key: 'invoiceNo', header: m.colInvoiceNo, width: 18 },
  { key: 'paymentMethod', header: m.colPaymentMethod, width: 22 },
  { key: 'paidAt', header: m.colPaidAt, width: 22 },
  { key: 'extraRemark', header: m.colExtraRemark, width: 30 },
] as const satisfies readonly ImportColumn[];

type Key = (typeof EXTRA_COLUMNS)[number]['key'];
export type ExtraRow = Record<Key, string>;

const upper = (max: number) =>
  z
    .string()
    .max(max)
    .transform((v) => v.toUpperCase());

const rowSchema = z.object({
  platform: upper(20),
  platformOrderNo: z.string().max(50),
  buyerIdNo: upper(20),
  declaredValue: z.string().max(20),
  declaredCurrency: upper(3),
  invoiceNo: z.string().max(50),
  paymentMethod: upper(20),
  paidAt: z.string().max(30),
  extraRemark: z.string().max(500),
});

const ID_NO = /^[A-Z0-9]{5,20}$/;
const TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?Z?$/;

/** A time as the template asks for it (UTC), or as a spreadsheet's date cell reads (ISO); null when not one. */
export function parsePaidAt(text: string): Date | null {
  const match = TIME.exec(text);
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const date = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s));
  // 2024-02-30 rolls over into March: not a date.
  return date.getUTCDate() === +d! && date.getUTCMonth() === +mo! - 1 && +h < 24 && +mi < 60 ? date : null;
}

const CHUNK = 1000;

/**
 * Extra information of origin orders, matched by platform and platform order no. An empty cell
 * leaves what is stored, so a file may carry only the columns it updates.
 */
export const extraInfoImport: ImportSpec<ExtraRow> = {
  kind: 'originExtra',
  title: m.extraTemplateTitle,
  columns: EXTRA_COLUMNS,
  row: rowSchema,
  maxRows: 100_000,
  example: [
    {
      platform: 'NOON',
      platformOrderNo: 'NSA1234567890',
      buyerIdNo: '1098765432',
      declaredValue: '149.00',
      declaredCurrency: 'SAR',
      invoiceNo: 'INV-2025-0001',
      paymentMethod: 'COD',
      paidAt: '2025-01-15 10:30',
      extraRemark: 'Gift wrap',
    },
  ],
  async check(rows, ctx) {
    const t = ctx.t;
    const col = (key: Key) => t(EXTRA_COLUMNS.find((c) => c.key === key)!.header);
    const errors: RowError[] = [];
    const firstRow = new Map<string, number>();
    for (const { row, value: v } of rows) {
      const bad = (key: Key, message: string) => errors.push({ row, column: col(key), message });
      if (!(ORIGIN_PLATFORMS as readonly string[]).includes(v.platform))
        bad('platform', t(m.platformUnknown, { platforms: ORIGIN_PLATFORMS.join(', ') }));
      if (v.buyerIdNo && !ID_NO.test(v.buyerIdNo)) bad('buyerIdNo', t(m.idNoInvalid));
      if (v.declaredValue && !isDecimal(v.declaredValue, MONEY_RULE))
        bad('declaredValue', t(m.declaredValueInvalid));
      if (v.declaredCurrency ? !CURRENCY_PATTERN.test(v.declaredCurrency) : v.declaredValue)
        bad('declaredCurrency', t(m.currencyInvalid));
      if (v.paymentMethod && !(PAYMENT_METHODS as readonly string[]).includes(v.paymentMethod))
        bad('paymentMethod', t(m.paymentMethodInvalid, { methods: PAYMENT_METHODS.join(', ') }));
      if (v.paidAt && !parsePaidAt(v.paidAt)) bad('paidAt', t(m.paidAtInvalid));
      const key = `${v.platform}\u0000${v.platformOrderNo}`;
      const first = firstRow.get(key);
      if (first !== undefined) bad('platformOrderNo', t(m.duplicateRow, { row: first }));
      else firstRow.set(key, row);
    }
    if (errors.length) return errors;

    const known = new Set<string>();
    const nos = [...new Set(rows.map((r) => r.value.platformOrderNo))];
    for (let i = 0; i < nos.length; i += 10_000) {
      const found = await ctx.db
        .select({ platform: originOrders.platform, no: originOrders.platformOrderNo })
        .from(originOrders)
        .where(inArray(originOrders.platformOrderNo, nos.slice(i, i + 10_000)));
      for (const f of found) known.add(`${f.platform}\u0000${f.no}`);
    }
    for (const { row, value: v } of rows)
      if (!known.has(`${v.platform}\u0000${v.platformOrderNo}`))
        errors.push({
          row,
          column: col('platformOrderNo'),
          message: t(m.originNotFound, { no: v.platformOrderNo, platform: v.platform }),
        });
    return errors;
  },
  async write(tx: Db, rows) {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const values = sql.join(
        rows.slice(i, i + CHUNK).map((r) => {
          const paidAt = r.paidAt ? parsePaidAt(r.paidAt)!.toISOString() : null;
          const value = r.declaredValue ? toScale(r.declaredValue, 2) : null;
          return sql`(${r.platform}::text, ${r.platformOrderNo}::text, ${r.buyerIdNo}::text, ${value}::numeric,
            ${r.declaredCurrency}::text, ${r.invoiceNo}::text, ${r.paymentMethod}::text,
            ${paidAt}::timestamptz, ${r.extraRemark}::text)`;
        }),
        sql`, `,
      );
      await tx.execute(sql`
        UPDATE origin_orders o SET
          buyer_id_no = COALESCE(NULLIF(v.buyer_id_no, ''), o.buyer_id_no),
          declared_value = COALESCE(v.declared_value, o.declared_value),
          declared_currency = COALESCE(NULLIF(v.declared_currency, ''), o.declared_currency),
          invoice_no = COALESCE(NULLIF(v.invoice_no, ''), o.invoice_no),
          payment_method = COALESCE(NULLIF(v.payment_method, ''), o.payment_method),
          paid_at = COALESCE(v.paid_at, o.paid_at),
          extra_remark = COALESCE(NULLIF(v.extra_remark, ''), o.extra_remark),
          extra_updated_at = now(),
          updated_at = now()
        FROM (VALUES ${values}) AS v(platform, platform_order_no, buyer_id_no, declared_value,
          declared_currency, invoice_no, payment_method, paid_at, extra_remark)
        WHERE o.platform = v.platform AND o.platform_order_no = v.platform_order_no`);
    }
  },
};
