import { z } from 'zod';
import { MAX_BULK_ITEMS, splitBulkNumbers } from '../domain/bulk-split.ts';
import {
  CONFIRM_STATES,
  PICKUP_STATUSES,
  SCAN_CODE_PATTERN,
  SCAN_REFUSALS,
  splitBatchNos,
} from '../domain/lading.ts';
import { ladingMessages as m } from '../i18n/lading-messages.ts';
import {
  type Access,
  decimalOut,
  endpoint,
  fileOf,
  id,
  isoTime,
  optionalText,
  requiredText,
  SHEET_FILE,
} from './core.ts';

/**
 * What the movement-of-parcels calls share (lading bills, batches, overseas ladings, packages,
 * exchange scans), and the lading bill's own records. Names (`…Name`) are in the caller's
 * language; weights are decimal strings in kg (3 decimals); times UTC ISO 8601. Enumerations are
 * numbers (src/shared/domain/lading.ts): pickupStatus 1 not picked up / 2 picked up / 3 pickup
 * cancelled; confirmState 0 open / 1 confirmed; type 1 clearance / 2 local; orderType 1 orders /
 * 2 packages; mailState 0 not pushed / 1 success / 2 failed / 3 sending; signStatus 0 none /
 * 1 partially / 2 fully signed; clearanceStatus 0 new / 1 voided / 2 revision complete /
 * 3 clearance complete / 4 settled. Filters take them as numbers or digit strings; '' and '-1'
 * mean all.
 */

const int = z.number().int();

const name = z.string();

/** An enumeration filter: a number or digit string among `values`; '', '-1' and null mean all. */
export const codeFilter = (values: readonly number[]) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || String(v).trim() === '' || String(v).trim() === '-1')
        return undefined;
      const n = Number(String(v).trim());
      if (!values.includes(n)) {
        ctx.addIssue({ code: 'custom', message: `one of ${values.join(', ')}` });
        return z.NEVER;
      }
      return n;
    });

/** A required enumeration value (number or digit string). */
export const codeValue = (values: readonly number[], message?: string) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => Number(String(v).trim()))
    .refine((n) => values.includes(n), message ? { message } : undefined);

/** Bulk text of numbers (one a line, or separated by commas or spaces), upper-cased, at most 1000. */
export const bulkNos = z
  .string()
  .max(100_000)
  .optional()
  .transform(splitBulkNumbers)
  .pipe(z.array(z.string().max(64)).max(MAX_BULK_ITEMS));

/** Batch number input (spec 5): separated by space, semicolon or carriage return. */
export const batchNosText = z
  .string()
  .max(100_000)
  .optional()
  .transform(splitBatchNos)
  .pipe(z.array(z.string().max(64)).max(MAX_BULK_ITEMS));

/** A scanned code: trimmed, upper-cased, 6–40 letters, digits or hyphens ("Scan a valid tracking no"). */
export const scanCode = z
  .string(m.scanValid.id)
  .max(200, m.scanValid.id)
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.string().regex(SCAN_CODE_PATTERN, m.scanValid.id));

/**
 * A scan from the PDA (or the desktop scan box). `scannedAt` is the device's time of the scan
 * (kept on the item; the server's time when omitted). Sent with an Idempotency-Key when queued.
 */
export const scanBody = z
  .object({
    /** Our tracking no (a package no when scanning into a package-type lading bill). */
    trackingNo: scanCode,
    scannedAt: isoTime.optional(),
  })
  .strict();
export type ScanBody = z.input<typeof scanBody>;

/**
 * `data` of a refused scan (HTTP 409, `msg` is the translated reason): the reason for the PDA's
 * sound, the number as scanned, and the bill it is already in (alreadyAdded) or the bill scanned
 * into.
 */
export const scanRefusal = z.object({
  reason: z.enum(SCAN_REFUSALS),
  trackingNo: z.string(),
  billNo: z.string().nullable(),
});
export type ScanRefusalData = z.infer<typeof scanRefusal>;

/** The selected bills (batches, packages) of a bulk action: "Select bill(s) or batch(es) …" when none. */
export const selectedIds = (max = 500) =>
  z
    .array(id)
    .max(max, m.tooManyBills.id)
    .default([])
    .refine((a) => a.length > 0, { message: m.selectBills.id });

export const selectionBody = (max = 500) =>
  z
    .object({ ids: selectedIds(max) })
    .strict()
    .prefault({});

export const noBody = z.object({}).strict().prefault({});

export const remarkAddBody = z.object({ id, content: requiredText(500) }).strict();

export const billRemark = z.object({
  recId: int,
  content: z.string(),
  createdBy: z.string().nullable(),
  createdAt: isoTime,
});
export type BillRemark = z.infer<typeof billRemark>;

/** A bill's totals after a scan. */
export const billCounts = z.object({
  recId: int,
  no: z.string(),
  itemCount: int,
  orderCount: int,
  pieceCount: int,
  weight: decimalOut,
  volumeWeight: decimalOut,
});
export type BillCounts = z.infer<typeof billCounts>;

/** The filters a list of bills holding orders starts with: its numbers, an order one holds. */
export const billNoFilters = {
  /** Bill nos, bulk text. */
  nos: bulkNos,
  /** Bills holding the order with this tracking no. */
  trackingNo: optionalText(64).transform((v) => v?.toUpperCase()),
};

/** The filters an overseas lading's or package's list ends with (generation time: `endTime` exclusive). */
export const billStateFilters = {
  pickupStatus: codeFilter(PICKUP_STATUSES),
  confirmState: codeFilter(CONFIRM_STATES),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
};

/** What the record of a bill holding orders shows of its confirmation and pickup. */
export const billStateFields = {
  confirmState: int,
  confirmedAt: isoTime.nullable(),
  pickupStatus: int,
  pickupStatusName: name,
  pickedUpAt: isoTime.nullable(),
  pickedUpBy: z.string().nullable(),
  cancelledAt: isoTime.nullable(),
  cancelledBy: z.string().nullable(),
};

/** Its totals (a lading bill counts its items before them). */
export const billTotalFields = {
  orderCount: int,
  pieceCount: int,
  weight: decimalOut,
  volumeWeight: decimalOut,
};

/** Its latest remark and who made it when. */
export const billMadeFields = {
  remark: z.string(),
  createdBy: z.string().nullable(),
  createdAt: isoTime,
};

/** What an overseas lading's or package's item shows of its parcel, its COD and its scan. */
export const orderItemFields = {
  pieceCount: int,
  weight: decimalOut,
  volumeWeight: decimalOut,
  isCod: z.boolean(),
  codAmount: decimalOut,
  codCurrency: z.string(),
  scannedAt: isoTime,
  scannedBy: z.string().nullable(),
};

/** A bill with its items (live, in scan order; a cancelled bill lists those it held) and remarks. */
export const billDetail = <S extends z.ZodRawShape, I extends z.ZodType>(record: z.ZodObject<S>, item: I) =>
  record.extend({ items: z.array(item), remarks: z.array(billRemark) });

/** What an accepted scan answers: the item and the bill's new totals. */
export const scanResult = <I extends z.ZodType>(item: I) =>
  z.object({
    result: z.literal('ok'),
    message: z.string(),
    trackingNo: z.string(),
    item,
    bill: billCounts,
  });

/** A parcel taken out of a bill at pickup because it may no longer go (cancelled, intercepted). */
export const droppedParcel = z.object({
  trackingNo: z.string(),
  reason: z.enum(SCAN_REFUSALS),
  message: z.string(),
});

/** An export's request: the list's filters, and optionally the selected ids among them. */
export const exportRequest = <S extends z.ZodRawShape>(filters: S) => {
  const schema = z.object({ ...filters, ids: z.array(id).min(1).max(500).optional() }).strict();
  return schema.prefault({} as z.input<typeof schema>);
};

/** The channel of a new bill: required, "Select a logistics channel first". */
export const requiredChannel = z
  .union([id, z.literal(''), z.null()])
  .optional()
  .refine((v) => typeof v === 'number', { message: m.channelFirst.id })
  .transform((v) => v as number);

export const pickupResult = <T extends z.ZodType>(record: T) =>
  z.object({
    bill: record,
    /** "Confirm Pickup Success", translated. */
    message: z.string(),
    /** Parcels taken out because they may no longer go (cancelled or intercepted since the scan). */
    dropped: z.array(droppedParcel),
  });

export const cancelResult = <T extends z.ZodType>(record: T) =>
  z.object({
    bill: record,
    /** "Cancel Pickup Success", translated. */
    message: z.string(),
    /** Parcels freed (orders, or packages and batches' lading bills). */
    released: int,
  });

/** Print content of lading bills (the /print/printLading page draws it with Code128). */
export const printIds = selectionBody(50);

/** A sheet import through the engine (xlsx or csv, all-or-nothing) answering `data`. */
export const sheetUpload = <D extends z.ZodType>(path: string, summary: string, access: Access, data: D) => ({
  ...endpoint({ method: 'POST', path, kind: 'multipart', summary, data, access }),
  file: SHEET_FILE,
});

/** An import template (spec method ANY: GET, so the browser can follow a plain link). */
export const sheetTemplate = (path: string, summary: string, access: Access) =>
  endpoint({
    method: 'GET',
    path,
    kind: 'blob',
    summary,
    ...fileOf('xlsx'),
    access,
    anyChosen: 'GET: a download has no body and the browser can fetch it as a plain link',
  });
