import { z } from 'zod';
import { CLEARANCE_STATUSES } from '../domain/lading.ts';
import { ladingMessages as m } from '../i18n/lading-messages.ts';
import { bulkNos, codeFilter, codeValue, selectedIds } from './bill-shapes.ts';
import { decimalOut, id, isoTime, listRequest, optionalText } from './core.ts';

/**
 * The customs clearance view of lading bills (customs/bill-of-lading): clearance bills (type 1)
 * with their clearance status, their orders and declaration lines, per-customer totals, clearance
 * data kept by hand or imported.
 */

const int = z.number().int();

export const clearanceFilters = {
  nos: bulkNos,
  /** '-1' all, 0 new, 1 voided, 2 revision complete, 3 clearance complete, 4 settled. */
  clearanceStatus: codeFilter(CLEARANCE_STATUSES),
  channelId: id.optional(),
  countryId: id.optional(),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
};
export const clearanceListRequest = listRequest(clearanceFilters).prefault({});
export type ClearanceListRequest = z.input<typeof clearanceListRequest>;
export type ClearanceFilters = Omit<z.output<typeof clearanceListRequest>, 'pageNo' | 'pageSize'>;

export const clearanceStatusBody = z
  .object({
    ids: selectedIds(),
    status: codeValue(CLEARANCE_STATUSES),
  })
  .strict();

/** One bill's orders or declaration lines, paged; optionally only some tracking nos. */
export const clearanceDetailRequest = listRequest({ id, trackingNos: bulkNos });
export type ClearanceDetailRequest = z.input<typeof clearanceDetailRequest>;

/** An order of a clearance bill, as the broker declares it. */
export const clearanceOrderLine = z.object({
  orderId: int,
  trackingNo: z.string(),
  clearanceNo: z.string(),
  customerNo: z.string(),
  customerCode: z.string(),
  /** The package the order went in, if any. */
  packageNo: z.string().nullable(),
  consigneeName: z.string(),
  consigneePhone: z.string(),
  countryName: z.string(),
  city: z.string(),
  address: z.string(),
  pieceCount: int,
  weight: decimalOut,
  goodsLines: int,
  /** The goods' value per currency, "12.50 USD; 3.00 CNY". */
  goodsValue: z.string(),
  isCod: z.boolean(),
  codAmount: decimalOut,
  codCurrency: z.string(),
});
export type ClearanceOrderLine = z.infer<typeof clearanceOrderLine>;

/** A declaration line: one goods line of an order of the bill. */
export const clearanceGoodsLine = z.object({
  orderId: int,
  trackingNo: z.string(),
  clearanceNo: z.string(),
  customerCode: z.string(),
  consigneeName: z.string(),
  lineNo: int,
  nameEn: z.string(),
  nameCn: z.string(),
  hsCode: z.string(),
  specification: z.string(),
  quantity: int,
  unitPrice: decimalOut,
  currency: z.string(),
  amount: decimalOut,
});
export type ClearanceGoodsLine = z.infer<typeof clearanceGoodsLine>;

/** Per customer on a bill. */
export const clearanceCustomer = z.object({
  customerId: int,
  customerCode: z.string(),
  customerName: z.string(),
  orderCount: int,
  pieceCount: int,
  weight: decimalOut,
  goodsValue: z.string(),
});
export type ClearanceCustomer = z.infer<typeof clearanceCustomer>;

const clearanceNo = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9/_-]{0,49}$/, m.clearanceNoFormat.id);

/** Clearance data of a bill: its declaration no and remark, and clearance nos of its orders. */
export const clearanceDataBody = z
  .object({
    id,
    declarationNo: optionalText(60),
    clearanceRemark: optionalText(500),
    orders: z
      .array(
        z
          .object({
            trackingNo: z
              .string()
              .trim()
              .min(1)
              .max(64)
              .transform((v) => v.toUpperCase()),
            clearanceNo,
          })
          .strict(),
      )
      .max(1000)
      .default([]),
  })
  .strict();
export type ClearanceDataBody = z.input<typeof clearanceDataBody>;

export const invoiceRequest = z.object({ id, output: z.enum(['pdf', 'data']).default('pdf') }).strict();
