import { z } from 'zod';
import { IMPORT_STATUS_VALUES } from '../domain/import-status.ts';
import { LIST_SORTS } from '../domain/list-sort.ts';
import { PROMPT_KINDS } from '../domain/prompt-record.ts';
import { bulkNos, codeFilter } from './bill-shapes.ts';
import {
  type Access,
  endpoint,
  id,
  isoTime,
  listRequest,
  pageOf,
  SHEET_FILE,
  sortable,
  staff,
} from './core.ts';
import { exportStarted } from './export-task.ts';
import { importDone, template } from './order-staff.ts';

/**
 * Carriers' confirmations of delivery and return (report/promptRecord; report/recallRecord reads
 * the return records). Importing a file of them moves each order to signed or returned, with a
 * tracking event at the carrier's time; the records and the imports (promptLogList) are listed here.
 * Kind: 1 delivery, 2 return (src/shared/domain/prompt-record.ts). Staff only.
 */

const int = z.number().int();

/** The delivery list's filters (and its export's). Times: the carrier's, start inclusive, end exclusive. */
export const promptFilters = {
  /** Bulk text: our tracking nos or the carriers'. */
  trackingNos: bulkNos,
  customerId: id.optional(),
  carrierId: id.optional(),
  /** The records one import wrote (from the import log). */
  importId: id.optional(),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
};
/** The return list adds: true, the returns of orders the customer asked back (a successful interception). */
export const returnFilters = { ...promptFilters, intercepted: z.boolean().optional() };

export const promptListRequest = listRequest({ ...promptFilters, ...sortable(LIST_SORTS.prompt) }).prefault(
  {},
);
export const returnListRequest = listRequest({ ...returnFilters, ...sortable(LIST_SORTS.prompt) }).prefault(
  {},
);
export type PromptListRequest = z.input<typeof returnListRequest>;
export type PromptFilters = Omit<z.output<typeof returnListRequest>, 'pageNo' | 'pageSize'>;

const exportRequest = <S extends z.ZodRawShape>(filters: S) => {
  const schema = z.object({ ...filters, ids: z.array(id).min(1).max(500).optional() }).strict();
  return schema.prefault({} as z.input<typeof schema>);
};

/** One confirmation with its order, as the record screens show it. */
export const promptRecord = z.object({
  recId: int,
  kind: int,
  orderId: int,
  trackingNo: z.string(),
  customerNo: z.string(),
  customerId: int,
  customerCode: z.string(),
  customerName: z.string(),
  consigneeName: z.string(),
  /** The destination country in the caller's language. */
  destination: z.string(),
  carrierId: int.nullable(),
  carrierName: z.string().nullable(),
  carrierTrackingNo: z.string().nullable(),
  isCod: z.boolean(),
  codAmount: z.string(),
  codCurrency: z.string(),
  /** The carrier's sign or return time. */
  occurredAt: isoTime,
  signer: z.string(),
  reason: z.string(),
  remark: z.string(),
  /** The order's status now. */
  status: int,
  statusName: z.string(),
  /** 0 none, 1 requested, 2 succeeded (the customer asked the parcel back), 3 failed. */
  interceptState: int,
  interceptName: z.string(),
  importId: int,
  fileName: z.string(),
  importedBy: z.string(),
  importedAt: isoTime,
});
export type PromptRecord = z.infer<typeof promptRecord>;

/** The import log's filters: kind and status ('-1' or omitted: all) and the import time. */
export const promptLogRequest = listRequest({
  kind: codeFilter(PROMPT_KINDS),
  /** 1 imported, 2 refused. */
  status: codeFilter(IMPORT_STATUS_VALUES),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
  ...sortable(LIST_SORTS.promptLog),
}).prefault({});
export type PromptLogRequest = z.input<typeof promptLogRequest>;

export const promptLogRecord = z.object({
  recId: int,
  kind: int,
  kindName: z.string(),
  fileName: z.string(),
  importedBy: z.string(),
  importedAt: isoTime,
  rowCount: int,
  /** Orders the import signed or returned. */
  recorded: int,
  /** Rows whose confirmation was there already (a repeated file): nothing changed for them. */
  alreadyRecorded: int,
  /** Bad rows of a refused import. */
  errorCount: int,
  /** 1 imported, 2 refused (nothing written). */
  status: int,
  statusName: z.string(),
});
export type PromptLogRecord = z.infer<typeof promptLogRecord>;

/** What a confirmation import answers: the engine's answer and what the rows did. */
export const promptImportDone = importDone.extend({ recorded: int, alreadyRecorded: int });
export type PromptImportDone = z.infer<typeof promptImportDone>;

const confirmationImport = (path: string, summary: string, access: Access) => ({
  ...endpoint({ method: 'POST', path, kind: 'multipart', summary, data: promptImportDone, access }),
  file: SHEET_FILE,
});

const importRule =
  'Every row is checked before anything is written (tracking no ours or the carrier’s, a time not in the future nor before the order was created, an order the carrier has: picked up and not cancelled, signed, returned or lost; a delivery is refused while an interception holds the order); one bad row refuses the file with each bad row’s row, column and reason. A row whose confirmation is already recorded (same kind and time) is accepted and changes nothing, so importing a file twice is harmless. The import is logged (promptLogList).';

export const promptRecordCalls = {
  promptDeliveryList: endpoint({
    method: 'POST',
    path: '/statement/promptDeliveryList',
    kind: 'json',
    summary: 'Delivery confirmations with their orders, newest sign time first.',
    body: promptListRequest,
    data: pageOf(promptRecord),
    access: staff('promptRecord:view'),
  }),
  promptDeliveryExport: endpoint({
    method: 'POST',
    path: '/statement/promptDeliveryExport',
    kind: 'json',
    summary:
      'Export the delivery confirmations the filters select (or the chosen ids among them) as an export task; its first columns are the import template’s.',
    body: exportRequest(promptFilters),
    data: exportStarted,
    access: staff('promptRecord:export'),
  }),
  importPromptDelivery: confirmationImport(
    '/statement/importPromptDelivery',
    `Import carriers’ delivery confirmations (tracking no, sign time, signed by, remarks): each order becomes signed (fully signed for) with a tracking event at the sign time. ${importRule}`,
    staff('promptRecord:import'),
  ),
  promptReturnList: endpoint({
    method: 'POST',
    path: '/statement/promptReturnList',
    kind: 'json',
    summary:
      'Return confirmations (orders returned to the sender) with their orders, newest return time first; report/recallRecord reads them too.',
    body: returnListRequest,
    data: pageOf(promptRecord),
    access: staff('promptRecord:view'),
  }),
  promptReturnExport: endpoint({
    method: 'POST',
    path: '/statement/promptReturnExport',
    kind: 'json',
    summary:
      'Export the return confirmations the filters select (or the chosen ids among them) as an export task; its first columns are the import template’s.',
    body: exportRequest(returnFilters),
    data: exportStarted,
    access: staff('promptRecord:export'),
  }),
  importPromptReturn: confirmationImport(
    '/statement/importPromptReturn',
    `Import carriers’ return confirmations (tracking no, return time, reason, remarks): each order becomes returned with a tracking event at the return time. ${importRule}`,
    staff('promptRecord:import'),
  ),
  promptLogList: endpoint({
    method: 'POST',
    path: '/statement/promptLogList',
    kind: 'json',
    summary:
      'The delivery and return imports, newest first: file name, time, importer, rows, what they recorded, status (refused imports too).',
    body: promptLogRequest,
    data: pageOf(promptLogRecord),
    access: staff('promptRecord:view'),
  }),
  downloadDeliveryFile: template(
    '/statement/download/deliveryFile',
    'The delivery confirmation template, headers in the caller’s language, with an example row.',
    staff('promptRecord:import'),
  ),
  downloadReturnFile: template(
    '/statement/download/returnFile',
    'The return confirmation template, headers in the caller’s language, with an example row.',
    staff('promptRecord:import'),
  ),
};
