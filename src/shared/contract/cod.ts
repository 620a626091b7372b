import { z } from 'zod';
import { MAX_BULK_ITEMS, splitBulkNumbers } from '../domain/bulk-split.ts';
import { endpoint, id, isoTime, listRequest, pageOf, staff, text } from './core.ts';
import { exportStarted } from './export-task.ts';
import { sheetImport, template } from './order-staff.ts';

/**
 * COD modifications (report/codModification): requests to change an order's COD amount, imported
 * from the template, pending until approved or rejected by another staff account holding
 * `cod:approve`. Approval puts the new amount on the order. Status: 0 pending, 1 approved,
 * 2 rejected (src/shared/domain/cod.ts); filters take '-1' for all, like the order lists.
 */

const int = z.number().int();

const trackingNos = z
  .string()
  .max(100_000)
  .optional()
  .transform(splitBulkNumbers)
  .pipe(z.array(z.string().max(64)).max(MAX_BULK_ITEMS));

const statusFilter = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.enum(['-1', '0', '1', '2']))
  .default('-1');

/** The list's (and the export's) filters. Times: when the request was made, start inclusive, end exclusive. */
export const codFilters = {
  /** Bulk text: logistics (tracking) nos, one a line or separated by commas or spaces. */
  trackingNos,
  status: statusFilter,
  customerId: id.optional(),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
};

export const codListRequest = listRequest(codFilters).prefault({});
export type CodListRequest = z.input<typeof codListRequest>;
export type CodFilters = Omit<z.output<typeof codListRequest>, 'pageNo' | 'pageSize'>;

export const codExportRequest = z
  .object({ ...codFilters, ids: z.array(id).min(1).max(500).optional() })
  .strict()
  .prefault({});

export const codRecord = z.object({
  recId: int,
  orderId: int,
  /** The logistics order no (our tracking no). */
  trackingNo: z.string(),
  customerId: int,
  customerCode: z.string(),
  customerName: z.string(),
  originalAmount: z.string(),
  originalCurrency: z.string(),
  updatedAmount: z.string(),
  currency: z.string(),
  remark: z.string(),
  operatorId: int,
  operator: z.string(),
  createdAt: isoTime,
  status: int,
  statusName: z.string(),
  approverId: int.nullable(),
  approver: z.string().nullable(),
  approvedAt: isoTime.nullable(),
  approvalRemark: z.string(),
});
export type CodRecord = z.infer<typeof codRecord>;

export const batchApprovalBody = z
  .object({
    ids: z.array(id).min(1).max(500),
    /** true approves, false rejects. */
    approve: z.boolean(),
    remark: text(500).default(''),
  })
  .strict();
export type BatchApprovalBody = z.input<typeof batchApprovalBody>;

/** Each modification answered on its own: the ones done, and the ones refused with the reason. */
export const batchApprovalResult = z.object({
  succeeded: z.array(z.object({ recId: int, trackingNo: z.string() })),
  failed: z.array(z.object({ recId: int, trackingNo: z.string(), message: z.string() })),
  /** "Batch approval success", "Batch approval failed", or the count of each. */
  message: z.string(),
});
export type BatchApprovalResult = z.infer<typeof batchApprovalResult>;

export const cod = {
  list: endpoint({
    method: 'POST',
    path: '/cod/list',
    kind: 'json',
    summary:
      'COD modifications, newest first, by logistics order nos (bulk), approval status, creation time range and customer.',
    body: codListRequest,
    data: pageOf(codRecord),
    access: staff('cod:view'),
  }),
  export: endpoint({
    method: 'POST',
    path: '/cod/export',
    kind: 'json',
    summary:
      'Export the COD modifications the list’s filters select (or the chosen ids among them) as an export task.',
    body: codExportRequest,
    data: exportStarted,
    access: staff('cod:export'),
  }),
  batchApproval: endpoint({
    method: 'POST',
    path: '/cod/batchApproval',
    kind: 'json',
    summary:
      'Approve or reject pending COD modifications, each on its own: approval puts the new amount on the order (with an event); nobody approves or rejects their own request. The answer lists which succeeded and which failed; when none succeeded, 409 with that answer in data. An unknown id answers 404 and changes nothing.',
    body: batchApprovalBody,
    data: batchApprovalResult,
    access: staff('cod:approve'),
  }),
  import: sheetImport(
    '/cod/import',
    'Import COD modifications (logistics order no, updated amount, currency, remarks) from the template, each pending approval: every row is checked first (unknown order, signed, returned, lost or cancelled order, a request already pending, bad amount or currency) and one bad row writes nothing.',
    staff('cod:import'),
  ),
  downloadTemplate: template(
    '/cod/downloadTemplate',
    'The COD modification import template, headers in the caller’s language, with an example row.',
    staff('cod:import'),
  ),
};
