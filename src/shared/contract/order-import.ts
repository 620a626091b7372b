import { z } from 'zod';
import { id, isoTime, listRequest, optionalText } from './core.ts';

/**
 * The order import (order/importOrder), its log (order/importLogList) and the templates
 * (order/downloadFile). The file has one row per goods line; the rows that share a customer order
 * no form one order, whose other columns are read from its first row (later rows may leave them
 * empty or repeat them).
 */

/** The text fields sent before the file: staff name the customer the orders are for. */
export const orderImportFields = z.object({ customerId: id.optional() }).strip();

export const orderImportResult = z.object({
  importId: z.number().int(),
  /** Data rows read (goods lines). */
  rowCount: z.number().int(),
  orderCount: z.number().int(),
  /** Orders whose goods names hit a sensitive word (imported, and marked abnormal). */
  sensitiveCount: z.number().int(),
});
export type OrderImportResult = z.infer<typeof orderImportResult>;

/** Push states of an import's orders: 0 not pushed, 1 pushed, 2 push failed. */
export const PUSH_STATUSES = [0, 1, 2] as const;

export const orderImportLog = z.object({
  recId: z.number().int(),
  /** The original file name. */
  fileName: z.string(),
  customerId: z.number().int().nullable(),
  customerCode: z.string().nullable(),
  customerName: z.string().nullable(),
  /** The importer (nickname, else username). */
  importedBy: z.string(),
  createdAt: isoTime,
  /** Data rows of the file (goods lines). */
  rowCount: z.number().int(),
  /** Orders the file holds (null when the file could not be read that far). */
  orderCount: z.number().int().nullable(),
  /** Problems found (0 for an import that was written). */
  errorCount: z.number().int(),
  /** ImportStatus: 0 writing, 1 imported, 2 refused, 3 failed (2 and 3: nothing written). */
  status: z.number().int(),
  /** 0 not pushed, 1 pushed, 2 push failed; what a push of the orders to the destination recorded. */
  pushStatus: z.number().int(),
  pushedAt: isoTime.nullable(),
});
export type OrderImportLog = z.infer<typeof orderImportLog>;

export const orderImportLogRequest = listRequest({
  /** Staff: one customer's imports. Customer accounts always get their own customer's. */
  customerId: id.optional(),
  status: z.coerce.number().int().min(0).max(3).optional(),
  fileName: optionalText(200),
  /** Import time, `startTime` inclusive, `endTime` exclusive. */
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
});
export type OrderImportLogRequest = z.input<typeof orderImportLogRequest>;

/** The templates order/downloadFile serves, by name. */
export const ORDER_TEMPLATE_NAMES = ['order'] as const;
export const downloadFileQuery = z
  .object({ name: z.enum(ORDER_TEMPLATE_NAMES, 'orderImport.templateUnknown').default('order') })
  .strict();
