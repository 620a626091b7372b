import { z } from 'zod';
import { LABEL_SIZES, PRINT_KINDS, type PrintKind, PrintStatus } from '../domain/printing.ts';
import {
  endpoint,
  id,
  isoTime,
  listRequest,
  optionalText,
  pageOf,
  requiredText,
  staffOrPda,
} from './core.ts';
import { MAX_PRINT_ORDERS, zplDpi } from './order-print.ts';

/**
 * Label printers on the warehouses' network (raw ZPL over TCP), the defaults that pick one (a
 * user's own, else their warehouse's), and prints sent to them as jobs (printer/print).
 */

/** 1 enabled, 2 disabled. */
const status = z.coerce.number().int().min(1).max(2);

/** A host name or an IPv4/IPv6 address, as typed (no scheme, no port). */
const host = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(
    /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[?[0-9A-Fa-f:.]+\]?)$/,
  );

/** Label sizes in mm the printers hold (width × height). */
export { LABEL_SIZES };

export const printerRecord = z.object({
  recId: z.number().int(),
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
  dpi: z.number().int(),
  labelWidthMm: z.number().int(),
  labelHeightMm: z.number().int(),
  depotId: z.number().int().nullable(),
  depotName: z.string().nullable(),
  /** The default printer of its warehouse. */
  isDefault: z.boolean(),
  status: z.number().int(),
  remark: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type PrinterRecord = z.infer<typeof printerRecord>;

const printerFields = {
  name: requiredText(64),
  host,
  port: z.coerce.number().int().min(1).max(65535).default(9100),
  dpi: zplDpi,
  labelSize: z.enum(LABEL_SIZES).default('100x150'),
  depotId: id.nullable().default(null),
  isDefault: z.boolean().default(false),
  status: status.default(1),
  remark: z.string().trim().max(500).default(''),
};
export const printerInput = z.object({ recId: id.optional(), ...printerFields }).strict();
export type PrinterInput = z.input<typeof printerInput>;

/** An enabled printer for the print dialogs. */
export const printerOption = z.object({
  recId: z.number().int(),
  name: z.string(),
  dpi: z.number().int(),
  /** Its labels' size, as LABEL_SIZES names it (what "Download .zpl" lays the labels out for). */
  labelSize: z.enum(LABEL_SIZES),
  depotId: z.number().int().nullable(),
  depotName: z.string().nullable(),
  isDefault: z.boolean(),
});
export type PrinterOption = z.infer<typeof printerOption>;

export { PRINT_KINDS, type PrintKind, PrintStatus };

const printStatus = z.coerce.number().int().min(1).max(3);

/** Lading bills' labels in one print, as lading/getPrintContentLabel takes them. */
const MAX_PRINT_BILLS = 50;

export const printJobRecord = z.object({
  recId: z.number().int(),
  printerId: z.number().int().nullable(),
  printerName: z.string(),
  /** host:port as sent to. */
  address: z.string(),
  kind: z.string(),
  subject: z.string(),
  labels: z.number().int(),
  bytes: z.number().int(),
  status: z.number().int(),
  attempts: z.number().int(),
  error: z.string(),
  createdBy: z.string().nullable(),
  createdAt: isoTime,
  sentAt: isoTime.nullable(),
});
export type PrintJobRecord = z.infer<typeof printJobRecord>;

export const printer = {
  list: {
    ...endpoint({
      method: 'POST',
      path: '/printer/list',
      kind: 'json',
      summary: 'Label printers, paged, by part of the name or address, warehouse and status.',
      body: listRequest({
        name: optionalText(64),
        depotId: id.optional(),
        status: status.optional(),
      }).prefault({}),
      data: pageOf(printerRecord),
      access: { staff: 'printer:view' },
    }),
    beyondSpec: true as const,
  },
  save: {
    ...endpoint({
      method: 'POST',
      path: '/printer/save',
      kind: 'json',
      summary:
        'Add a printer (no recId) or change one. Marking it the default of its warehouse unmarks the one before.',
      body: printerInput,
      data: printerRecord,
      access: { staff: 'printer:edit' },
    }),
    beyondSpec: true as const,
  },
  delete: {
    ...endpoint({
      method: 'POST',
      path: '/printer/delete',
      kind: 'json',
      summary: 'Delete a printer (its prints keep its name and address).',
      body: z.object({ recId: id }).strict(),
      data: z.null(),
      access: { staff: 'printer:delete' },
    }),
    beyondSpec: true as const,
  },
  options: {
    ...endpoint({
      method: 'POST',
      path: '/printer/options',
      kind: 'json',
      summary:
        "Enabled printers for the print dialogs, and the one a print goes to unless chosen: the caller's own default, else the default of a warehouse.",
      body: z.object({}).strict().prefault({}),
      data: z.object({
        printers: z.array(printerOption),
        myDefaultId: z.number().int().nullable(),
        preferredId: z.number().int().nullable(),
      }),
      access: { staff: true, pda: true },
    }),
    beyondSpec: true as const,
  },
  setMyDefault: {
    ...endpoint({
      method: 'POST',
      path: '/printer/setMyDefault',
      kind: 'json',
      summary: "Set (or clear, null) the caller's own default printer.",
      body: z.object({ printerId: id.nullable() }).strict(),
      data: z.null(),
      access: { staff: true, pda: true },
    }),
    beyondSpec: true as const,
  },
  printOrderLabels: {
    ...endpoint({
      method: 'POST',
      path: '/printer/printOrderLabels',
      kind: 'json',
      summary:
        "Print orders' labels (as order/printLabelZpl makes them, at the printer's resolution) on a network printer: the chosen one, else the caller's preferred one (printer/options). Answers the print, queued: a job sends it and retries while the printer is off (printer/prints).",
      body: z.object({ ids: z.array(id).min(1).max(MAX_PRINT_ORDERS), printerId: id.optional() }).strict(),
      data: printJobRecord,
      access: { staff: 'order:print' },
    }),
    beyondSpec: true as const,
  },
  printLadingLabels: {
    ...endpoint({
      method: 'POST',
      path: '/printer/printLadingLabels',
      kind: 'json',
      summary:
        "Print lading bills' labels (as lading/getPrintContentLabel gives them, at most 50) as ZPL on a network printer: the chosen one, else the caller's preferred one. From the desk or the PDA after a scan session. Answers the print, queued (printer/myPrints follows it).",
      body: z.object({ ids: z.array(id).min(1).max(MAX_PRINT_BILLS), printerId: id.optional() }).strict(),
      data: printJobRecord,
      access: staffOrPda('lading:print'),
    }),
    beyondSpec: true as const,
  },
  prints: {
    ...endpoint({
      method: 'POST',
      path: '/printer/prints',
      kind: 'json',
      summary:
        'Prints sent to printers by anyone (the Prints screen), newest first, with their status (queued, sent, failed and why): by ids, printer, status, kind and a tracking no among those printed.',
      body: listRequest({
        ids: z.array(id).max(100).optional(),
        printerId: id.optional(),
        status: printStatus.optional(),
        kind: z.enum(PRINT_KINDS).optional(),
        trackingNo: optionalText(64),
      }).prefault({}),
      data: pageOf(printJobRecord),
      access: { staff: 'print:view' },
    }),
    beyondSpec: true as const,
  },
  myPrints: {
    ...endpoint({
      method: 'POST',
      path: '/printer/myPrints',
      kind: 'json',
      summary:
        "The caller's own prints by id, with their status: what a print dialog (desk or PDA) follows after sending.",
      body: z.object({ ids: z.array(id).min(1).max(100) }).strict(),
      data: z.array(printJobRecord),
      access: { staff: true, pda: true },
    }),
    beyondSpec: true as const,
  },
  retryPrint: {
    ...endpoint({
      method: 'POST',
      path: '/printer/retryPrint',
      kind: 'json',
      summary:
        "Send a print again (a failed one, or a sent one to print its labels once more), as it was made, to its printer's current address. A print still queued is refused.",
      body: z.object({ recId: id }).strict(),
      data: printJobRecord,
      access: { staff: 'print:retry' },
    }),
    beyondSpec: true as const,
  },
};
