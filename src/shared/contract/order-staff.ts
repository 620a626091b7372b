import { z } from 'zod';
import { MAX_BULK_ITEMS, splitBulkNumbers } from '../domain/bulk-split.ts';
import { LIST_SORTS } from '../domain/list-sort.ts';
import { ABNORMAL_KINDS, DEPARTMENTS } from '../domain/order-abnormal.ts';
import { messages } from '../i18n/messages.ts';
import { orderMessages } from '../i18n/order-messages.ts';
import { orderStaffMessages } from '../i18n/order-staff-messages.ts';
import { type Access, endpoint, fileOf, id, isoTime, listRequest, SHEET_FILE, sortable } from './core.ts';
import { exportStarted } from './export-task.ts';
import { imageRefs } from './image.ts';

/**
 * The staff side of orders beyond the list and the detail: abnormal orders (customer service),
 * the order exports and the checked-weight and clearance imports. The entries are in order.ts.
 */

const int = z.number().int();

/** Handling filter (spec 3): '-1' all, '0' pending, '1' handled. */
export const HANDLING_FILTERS = ['-1', '0', '1'] as const;

export const abnormalFilters = {
  /** Bulk text: one tracking no a line, or separated by commas or spaces. */
  trackingNos: z
    .string()
    .max(100_000)
    .optional()
    .transform(splitBulkNumbers)
    .pipe(z.array(z.string().max(64)).max(MAX_BULK_ITEMS, orderMessages.tooManyNumbers.id)),
  customerId: id.optional(),
  kind: z.coerce
    .number()
    .int()
    .refine((v) => (ABNORMAL_KINDS as readonly number[]).includes(v))
    .optional(),
  state: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.enum(HANDLING_FILTERS))
    .default('-1'),
  /** Responsible department, 0 none … 5 account manager. */
  department: z.coerce
    .number()
    .int()
    .refine((v) => (DEPARTMENTS as readonly number[]).includes(v))
    .optional(),
  /** When the mark was made: `startTime` inclusive, `endTime` exclusive. */
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
};
export const abnormalListRequest = listRequest({
  ...abnormalFilters,
  ...sortable(LIST_SORTS.abnormal),
}).prefault({});
export type AbnormalListRequest = z.input<typeof abnormalListRequest>;
export type AbnormalFilters = Omit<
  z.output<typeof abnormalListRequest>,
  'pageNo' | 'pageSize' | 'sortBy' | 'sortOrder'
>;
export type AbnormalListInput = z.output<typeof abnormalListRequest>;
export const abnormalExportRequest = z.object(abnormalFilters).strict().prefault({});

/** One abnormal mark with its order, as customer service works through them. */
export const abnormalListRecord = z.object({
  recId: int,
  orderId: int,
  trackingNo: z.string(),
  customerNo: z.string(),
  customerId: int,
  customerCode: z.string(),
  customerName: z.string(),
  channelName: z.string(),
  status: int,
  statusName: z.string(),
  interceptState: int,
  kind: int,
  kindName: z.string(),
  /** The reason in the caller's language, with its figures. */
  reasonText: z.string(),
  department: int,
  departmentName: z.string(),
  /** 0 pending, 1 handled */
  state: int,
  stateName: z.string(),
  createdAt: isoTime,
  handledAt: isoTime.nullable(),
  handledBy: z.string().nullable(),
  handleRemark: z.string(),
  /** Photos of the problem (image/upload's relative URLs), in order. */
  images: z.array(z.string()),
});
export type AbnormalListRecord = z.infer<typeof abnormalListRecord>;

export const abnormalImagesBody = z.object({ images: imageRefs }).strict();

export const handleAbnormalBody = z
  .object({
    remark: z.string().trim().min(1, orderStaffMessages.handleRemarkRequired.id).max(500),
  })
  .strict();

/**
 * One end of an export's creation time range: required (spec 5: "creation time range must be
 * selected"), as the push records require theirs, and in the years isoTime allows.
 */
const rangeEnd = z.iso
  .datetime({ offset: true, error: orderMessages.createTimeRangeRequired.id })
  .refine((v) => Number(v.slice(0, 4)) >= 1900, { message: messages.timeOutOfRange.id });

/**
 * An order export's request: the order list's filters (without paging) within a time range both
 * of whose ends are given (a missing one refuses the export: "Creation time range must be
 * selected"), and optionally the ids of the rows selected on the screen (then only those, still
 * within the filters and the scope).
 */
export const orderExportRequest = <S extends z.ZodRawShape>(filters: S) => {
  const schema = z
    .object({
      ...(filters as Omit<S, 'startTime' | 'endTime'>),
      startTime: rangeEnd,
      endTime: rangeEnd,
      ids: z.array(id).min(1).max(500).optional(),
    })
    .strict();
  // No body reads as an empty one, which is refused for its missing range.
  return schema.prefault({} as z.input<typeof schema>);
};

/** What the checked-weight and clearance imports answer. */
export const importDone = z.object({ importId: int, rowCount: int });
export type ImportDone = z.infer<typeof importDone>;

/** A sheet import through the engine (xlsx or csv, all-or-nothing, `data.errors` on refusal). */
export const sheetImport = (path: string, summary: string, access: Access) => ({
  ...endpoint({ method: 'POST', path, kind: 'multipart', summary, data: importDone, access }),
  file: SHEET_FILE,
});

/** An import template (spec method ANY: GET, so the browser can follow a plain link). */
export const template = (path: string, summary: string, access: Access) =>
  endpoint({
    method: 'GET',
    path,
    kind: 'blob',
    summary,
    ...fileOf('xlsx'),
    access,
    anyChosen: 'GET: a download has no body and the browser can fetch it as a plain link',
  });

/** An order export: the list's filters in, the export task it started out. */
export const orderExport = <S extends z.ZodRawShape>(
  path: string,
  summary: string,
  access: Access,
  filters: S,
) =>
  endpoint({
    method: 'POST',
    path,
    kind: 'json',
    summary,
    body: orderExportRequest(filters),
    data: exportStarted,
    access,
  });
