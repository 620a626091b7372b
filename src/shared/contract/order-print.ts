import { z } from 'zod';
import { MAX_BULK_ITEMS, splitBulkNumbers } from '../domain/bulk-split.ts';
import { LABEL_SIZES } from '../domain/printing.ts';
import { printMessages } from '../i18n/print-messages.ts';
import { decimalOut, id, isoTime } from './core.ts';

/**
 * Labels and commercial invoices (order/batchPrintLabel, order/batchPrintInvoice,
 * order/origin/printInvoice). The spec gives these calls as JSON, so the PDF travels inside the
 * answer (base64) with the records it was drawn from: the print pages draw HTML labels from the
 * records, or show the server's PDF.
 */

/** At most this many orders in one print (a list page is at most 500 rows). */
export const MAX_PRINT_ORDERS = 500;

/** Labels are 100 × 150 mm; invoices A4. */
export const LABEL_SIZE_MM = { width: 100, height: 150 } as const;

/**
 * The orders to print: by id (from a list's selection: an id the caller may not see refuses the
 * whole call, 404), or by tracking no typed or pasted in bulk (ours, upper-cased; numbers that
 * match no order of the caller are answered in `notFound`). At least one of the two, and at most
 * MAX_PRINT_ORDERS together (the server says so with the number).
 */
const selectionShape = {
  ids: z.array(id).max(MAX_BULK_ITEMS).default([]),
  trackingNos: z
    .string()
    .max(100_000)
    .optional()
    .transform(splitBulkNumbers)
    .pipe(z.array(z.string().max(64)).max(MAX_BULK_ITEMS)),
};
const someOrders = (s: { ids: number[]; trackingNos: string[] }) => s.ids.length + s.trackingNos.length > 0;

export const printSelection = z
  .object({
    ...selectionShape,
    /** `pdf`: the records and the PDF; `data`: the records only (HTML print page, preview). */
    output: z.enum(['pdf', 'data']).default('pdf'),
  })
  .strict()
  .refine(someOrders, { message: printMessages.selectOrders.id, path: ['ids'] });
export type PrintSelection = z.input<typeof printSelection>;
export type PrintRequest = z.output<typeof printSelection>;

/** Label printers' resolutions, dots per inch (8 and 12 dots per mm). */
export const ZPL_DPI = [203, 300] as const;
export const zplDpi = z.coerce
  .number()
  .int()
  .refine((v): v is (typeof ZPL_DPI)[number] => (ZPL_DPI as readonly number[]).includes(v))
  .default(203);

/** A label size of LABEL_SIZES (width × height, mm), 100 × 150 unless given. */
export const zplLabelSize = z.enum(LABEL_SIZES).default('100x150');

/**
 * order/printLabelZpl: the orders as printSelection picks them, and the printer's resolution and
 * label size.
 */
export const zplSelection = z
  .object({ ...selectionShape, dpi: zplDpi, labelSize: zplLabelSize })
  .strict()
  .refine(someOrders, { message: printMessages.selectOrders.id, path: ['ids'] });
export type ZplRequest = z.output<typeof zplSelection>;

/** A generated PDF. */
export const pdfFile = z.object({
  filename: z.string(),
  contentType: z.literal('application/pdf'),
  pages: z.number().int().min(1),
  /** The file, base64. */
  base64: z.string(),
});
export type PdfFile = z.infer<typeof pdfFile>;

const party = z.object({
  name: z.string(),
  company: z.string(),
  phone: z.string(),
  /** Address lines as printed: street, then district/city/province, then postcode and country. */
  lines: z.array(z.string()),
  countryCode: z.string(),
  /** The country's English name (what carriers and customs read). */
  countryName: z.string(),
});
export type PrintParty = z.infer<typeof party>;

/** What one label shows. */
export const labelRecord = z.object({
  recId: z.number().int(),
  trackingNo: z.string(),
  customerNo: z.string(),
  customerCode: z.string(),
  /** The status in the caller's language; a cancelled order's label is marked so. */
  status: z.number().int(),
  statusName: z.string(),
  channelCode: z.string(),
  channelName: z.string(),
  carrierCode: z.string().nullable(),
  carrierName: z.string().nullable(),
  carrierTrackingNo: z.string().nullable(),
  sender: party,
  consignee: party,
  consigneePhone2: z.string(),
  isCod: z.boolean(),
  codAmount: decimalOut,
  codCurrency: z.string(),
  /** 1 cod, 0 pp */
  payment: z.number().int(),
  /** kg: the checked weight when weighed, else the declared one. */
  weight: decimalOut,
  packageCount: z.number().int(),
  /** Goods in one line ("T-shirt ×2; Mug ×1"), for the label's contents box. */
  contents: z.string(),
  createdAt: isoTime,
  /** The order date in the business time zone (YYYY-MM-DD), as printed. */
  date: z.string(),
});
export type LabelRecord = z.infer<typeof labelRecord>;

export const labelResult = z.object({
  labels: z.array(labelRecord),
  /** Tracking nos asked for that match no order of the caller. */
  notFound: z.array(z.string()),
  /** One 100 × 150 mm page per order; null when `output` was `data`. */
  pdf: pdfFile.nullable(),
});
export type LabelResult = z.infer<typeof labelResult>;

const invoiceLine = z.object({
  lineNo: z.number().int(),
  nameEn: z.string(),
  nameCn: z.string(),
  hsCode: z.string(),
  specification: z.string(),
  quantity: z.number().int(),
  unitPrice: decimalOut,
  currency: z.string(),
  /** quantity × unit price, 2 decimals. */
  amount: decimalOut,
});

/**
 * One commercial invoice (one per order). `recId` is the order's id, or the origin order's for
 * order/origin/printInvoice.
 */
export const invoiceRecord = z.object({
  recId: z.number().int(),
  /** Our tracking no; for an origin order, its own invoice no, else its platform order no. */
  invoiceNo: z.string(),
  /** Our tracking no; null for an origin order not uploaded yet. */
  trackingNo: z.string().nullable(),
  /** The customer's order no (orders) … */
  customerNo: z.string().nullable(),
  /** … or the platform's (origin orders). */
  platformOrderNo: z.string().nullable(),
  carrierName: z.string().nullable(),
  carrierTrackingNo: z.string().nullable(),
  shipper: party,
  consignee: party,
  lines: z.array(invoiceLine),
  /** Per currency, in the order the currencies first appear. */
  totals: z.array(z.object({ currency: z.string(), quantity: z.number().int(), amount: decimalOut })),
  packageCount: z.number().int(),
  weight: decimalOut,
  date: z.string(),
});
export type InvoiceRecord = z.infer<typeof invoiceRecord>;

/** order/origin/printInvoice: origin orders by id (the foreign-order lists' selection). */
export const originPrintSelection = z
  .object({
    ids: z
      .array(id)
      .max(MAX_BULK_ITEMS)
      .default([])
      .refine((ids) => ids.length > 0, { message: printMessages.selectOrders.id }),
    output: z.enum(['pdf', 'data']).default('pdf'),
  })
  .strict();
export type OriginPrintRequest = z.output<typeof originPrintSelection>;

export const invoiceResult = z.object({
  invoices: z.array(invoiceRecord),
  notFound: z.array(z.string()),
  /** A4, one invoice a page (a long goods list goes on over more pages); null for `data`. */
  pdf: pdfFile.nullable(),
});
export type InvoiceResult = z.infer<typeof invoiceResult>;
