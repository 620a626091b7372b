import { z } from 'zod';
import { PICKUP_STATUSES } from '../domain/lading.ts';
import { LIST_SORTS } from '../domain/list-sort.ts';
import { ladingMessages as m } from '../i18n/lading-messages.ts';
import { batchLabelCalls } from './batch-label.ts';
import {
  batchNosText,
  billCounts,
  billRemark,
  bulkNos,
  cancelResult,
  codeFilter,
  droppedParcel,
  exportRequest,
  noBody,
  printIds,
  remarkAddBody,
  scanBody,
  selectionBody,
  sheetTemplate,
  sheetUpload,
} from './bill-shapes.ts';
import {
  decimalOut,
  endpoint,
  fileOf,
  id,
  isoTime,
  listRequest,
  optionalText,
  pageOf,
  sortable,
  staff,
  staffOrPda,
  text,
} from './core.ts';
import { exportStarted } from './export-task.ts';
import { manifestBody } from './lading.ts';
import { ladingRecord } from './lading-records.ts';
import { importDone } from './order-staff.ts';

const int = z.number().int();
const idParams = z.object({ id }).strict();

/** A required yes/no: true/false, 1/0 or '1'/'0' ("Charged cannot be blank" …). */
const yesNo = (message: string) =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.null()], message)
    .optional()
    .refine((v) => v !== undefined && v !== null, { message })
    .transform((v) => v === true || v === 1 || v === '1');

const time = isoTime.nullable().optional();

/** The air cargo of a batch: airline bill no, charged and mixed are required (spec 5). */
export const airCargoFields = {
  airlineBillNo: z.string(m.airlineBillRequired.id).trim().min(1, m.airlineBillRequired.id).max(40),
  airCargoNo: text(40).default(''),
  departurePort: text(60).default(''),
  destinationPort: text(60).default(''),
  departureTime: time,
  arrivalTime: time,
  portCarrier: text(100).default(''),
  firstCarrier: text(100).default(''),
  /** Battery goods. */
  charged: yesNo(m.chargedRequired.id),
  mixed: yesNo(m.mixedRequired.id),
};

export const BATCH_NO_PATTERN = /^[A-Z0-9-]{1,40}$/;

export const batchCreateBody = z
  .object({
    /** Optional: generated (BT + date + sequence) when omitted. */
    batchNo: optionalText(40)
      .transform((v) => v?.toUpperCase())
      .refine((v) => v === undefined || BATCH_NO_PATTERN.test(v), { message: m.batchNoInvalid.id }),
    ...airCargoFields,
    /** The lading bills to put in at once (picked up, in no other live batch); more can be scanned in. */
    ladingIds: z.array(id).max(500).default([]),
    /** The same by number: lading nos, one a line or separated by commas or spaces. */
    ladingNos: bulkNos,
    remark: optionalText(500),
  })
  .strict();
export type BatchCreateBody = z.input<typeof batchCreateBody>;

export const airCargoUpdateBody = z.object({ id, ...airCargoFields }).strict();
export type AirCargoUpdateBody = z.input<typeof airCargoUpdateBody>;

export const batchFilters = {
  /** Batch nos separated by space, semicolon or carriage return (spec 5). */
  batchNos: batchNosText,
  airlineBillNo: optionalText(40),
  airCargoNo: optionalText(40),
  /** Batches holding this lading bill no. */
  ladingNo: optionalText(64).transform((v) => v?.toUpperCase()),
  pickupStatus: codeFilter(PICKUP_STATUSES),
  /** Creation time: `startTime` inclusive, `endTime` exclusive. */
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
};
export const batchListRequest = listRequest({ ...batchFilters, ...sortable(LIST_SORTS.batch) }).prefault({});
export type BatchListRequest = z.input<typeof batchListRequest>;
export type BatchFilters = Omit<z.output<typeof batchListRequest>, 'pageNo' | 'pageSize'>;

export const batchRecord = z.object({
  recId: int,
  batchNo: z.string(),
  airlineBillNo: z.string(),
  airCargoNo: z.string(),
  departurePort: z.string(),
  destinationPort: z.string(),
  departureTime: isoTime.nullable(),
  arrivalTime: isoTime.nullable(),
  portCarrier: z.string(),
  firstCarrier: z.string(),
  charged: z.boolean(),
  mixed: z.boolean(),
  ladingCount: int,
  orderCount: int,
  pieceCount: int,
  weight: decimalOut,
  volumeWeight: decimalOut,
  pickupStatus: int,
  pickupStatusName: z.string(),
  pickedUpAt: isoTime.nullable(),
  pickedUpBy: z.string().nullable(),
  cancelledAt: isoTime.nullable(),
  cancelledBy: z.string().nullable(),
  remark: z.string(),
  createdBy: z.string().nullable(),
  createdAt: isoTime,
});
export type BatchRecord = z.infer<typeof batchRecord>;

export const batchDetail = batchRecord.extend({
  /** Its live lading bills, in the order they were added. */
  ladings: z.array(ladingRecord),
  remarks: z.array(billRemark),
});
export type BatchDetail = z.infer<typeof batchDetail>;

export const batchScanResult = z.object({
  result: z.literal('ok'),
  message: z.string(),
  /** The lading no as scanned. */
  trackingNo: z.string(),
  lading: ladingRecord,
  /** itemCount is the batch's lading count. */
  batch: billCounts,
});
export type BatchScanResult = z.infer<typeof batchScanResult>;

export const pickupManyBody = z
  .object({
    ids: z.array(id).max(500).default([]),
    /** Batch nos separated by space, semicolon or carriage return. */
    batchNos: batchNosText,
  })
  .strict()
  .prefault({})
  .refine((b) => b.ids.length + b.batchNos.length > 0, { message: m.selectBills.id, path: ['ids'] });

/**
 * An order a batch's pickup took out of its lading bill (cancelled or intercepted since the bill was
 * picked up): it does not fly and must be set aside. `message` names the bill (and package) to take
 * it from.
 */
export const batchDroppedParcel = droppedParcel.extend({
  batchId: int,
  batchNo: z.string(),
  ladingNo: z.string(),
  /** The package of the lading bill it was in, if any. */
  packageNo: z.string().nullable(),
});
export type BatchDroppedParcel = z.infer<typeof batchDroppedParcel>;

export const batchPickupResult = z.object({
  bill: batchRecord,
  /** "Confirm Pickup Success", translated. */
  message: z.string(),
  dropped: z.array(batchDroppedParcel),
});

export const batchPickupManyResult = z.object({
  batches: z.array(batchRecord),
  /** "Batch Pickup Success", translated. */
  message: z.string(),
  /** The dropped orders of every batch picked up. */
  dropped: z.array(batchDroppedParcel),
});
export type BatchPickupManyResult = z.infer<typeof batchPickupManyResult>;

export const batchPrintContent = z.object({
  batches: z.array(
    z.object({ batch: batchRecord, ladings: z.array(ladingRecord), date: z.string(), printedAt: isoTime }),
  ),
});
export type BatchPrintContent = z.infer<typeof batchPrintContent>;

/** Batches with their air cargo: lading bills grouped for one flight. */
export const batch = {
  list: endpoint({
    method: 'POST',
    path: '/batch/list',
    kind: 'json',
    summary:
      'Batches, newest first, by batch nos (separated by space, semicolon or carriage return), airline bill no, air cargo no, lading no, pickup status and creation time.',
    body: batchListRequest,
    data: pageOf(batchRecord),
    access: staffOrPda('batch:view'),
  }),
  export: endpoint({
    method: 'POST',
    path: '/batch/export',
    kind: 'json',
    summary: 'Export the batches the filters select (or the selected ids) as an export task.',
    body: exportRequest(batchFilters),
    data: exportStarted,
    access: staff('batch:export'),
  }),
  exportClearanceData: endpoint({
    method: 'POST',
    path: '/batch/exportClearanceData',
    kind: 'json',
    summary:
      'Export the clearance data of the selected batches as an export task: one row per goods line of every order of their lading bills, with batch, airline bill and lading nos.',
    body: selectionBody(),
    data: exportStarted,
    access: staff('batch:export'),
  }),
  remarkAdd: endpoint({
    method: 'POST',
    path: '/batch/remark/add',
    kind: 'json',
    summary: 'Add a remark to a batch.',
    body: remarkAddBody,
    data: billRemark,
    access: staff('batch:edit'),
  }),
  getPrintContent: endpoint({
    method: 'POST',
    path: '/batch/getPrintContent',
    kind: 'json',
    summary:
      'What /print/printBatch prints for the selected batches (at most 50): the batch and its lading bills.',
    body: printIds,
    data: batchPrintContent,
    access: staff('batch:print'),
  }),
  airCargoUpdate: endpoint({
    method: 'POST',
    path: '/batch/airCargo/update',
    kind: 'json',
    summary:
      'Edit the air cargo of a batch not cancelled: airline bill no, charged and mixed required; the arrival after the departure.',
    body: airCargoUpdateBody,
    data: batchRecord,
    access: staff('batch:edit'),
  }),
  confirmPickupBatch: endpoint({
    method: 'POST',
    path: '/batch/confirm/pickup/batch',
    kind: 'json',
    summary:
      'Confirm the pickup of several batches at once (by ids and/or batch nos; "Select bill(s) or batch(es) to print or pick up" when none): all or none (409; batch nos that name no batch: 404 listing them, data {unknown}). Orders cancelled or intercepted meanwhile are taken out of their lading bills as for one batch, and listed in `dropped`.',
    body: pickupManyBody,
    data: batchPickupManyResult,
    access: staffOrPda('batch:pickup'),
    replayable: true,
  }),
  confirmPickup: endpoint({
    method: 'POST',
    path: '/batch/confirm/pickup/{id}',
    kind: 'json',
    summary:
      'The airline took a batch (not picked up, holding a lading bill): the orders of its lading bills go in transit (tracking events); orders cancelled or intercepted meanwhile do not fly: they are taken out of their lading bill (and package), the totals of bill, package and batch with them (internal events; the order stays picked up), and listed in `dropped` with where to take them from.',
    params: idParams,
    body: noBody,
    data: batchPickupResult,
    access: staffOrPda('batch:pickup'),
    replayable: true,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/batch/cancel/{id}',
    kind: 'json',
    summary:
      'Cancel the pickup of a batch not yet picked up: its lading bills are freed for another batch (an internal event for each of their orders).',
    params: idParams,
    body: noBody,
    data: cancelResult(batchRecord),
    access: staffOrPda('batch:cancel'),
    replayable: true,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/batch/detail/{id}',
    kind: 'json',
    summary: 'One batch with its lading bills and remarks.',
    params: idParams,
    data: batchDetail,
    access: staffOrPda('batch:view'),
  }),
  import: sheetUpload(
    '/batch/import',
    'Import batches: each row a lading no with its batch’s air cargo (rows with the same batch no form one batch; a blank batch no makes one batch per airline bill no). Airline bill no, charged and mixed required; every lading bill picked up and in no live batch; all or nothing.',
    staff('batch:import'),
    importDone.extend({ batches: z.array(z.object({ recId: int, batchNo: z.string(), ladingCount: int })) }),
  ),
  airCargoImport: sheetUpload(
    '/batch/airCargo/import',
    'Import air cargo data of existing batches (by batch no): airline bill no, charged and mixed required, ports and times; all or nothing.',
    staff('batch:import'),
    importDone,
  ),
  downloadTemplate: sheetTemplate(
    '/batch/download/template',
    'The batch import template, headers in the caller’s language.',
    staff('batch:import'),
  ),
  airCargoDownload: sheetTemplate(
    '/batch/airCargo/download',
    'The air cargo import template, headers in the caller’s language.',
    staff('batch:import'),
  ),
  create: {
    ...endpoint({
      method: 'POST',
      path: '/batch/create',
      kind: 'json',
      summary:
        'Beyond the spec: make a batch from picked-up lading bills with its air cargo (airline bill no, charged and mixed required); more bills can be scanned in until it is picked up.',
      body: batchCreateBody,
      data: batchDetail,
      access: staff('batch:edit'),
    }),
    beyondSpec: true as const,
  },
  scanLading: {
    ...endpoint({
      method: 'POST',
      path: '/batch/scanLading/{id}',
      kind: 'json',
      summary:
        'Beyond the spec: the PDA scans a lading bill no into a batch not yet picked up; the bill must be picked up and in no other live batch. A refusal is 409 with data {reason, trackingNo, billNo}.',
      params: idParams,
      body: scanBody,
      data: batchScanResult,
      access: staffOrPda('batch:scan'),
      replayable: true,
    }),
    beyondSpec: true as const,
  },
  manifest: {
    ...endpoint({
      method: 'POST',
      path: '/batch/manifest/{id}',
      kind: 'blob',
      summary:
        'Beyond the spec: the handover manifest of a picked-up batch, as a PDF or xlsx (`format`): batch and airline bill no, carriers, every parcel of its lading bills (with its bill) with tracking and carrier numbers, pieces, weight and COD, the totals with COD by currency, and signature lines for the warehouse and the carrier. A batch not picked up is refused (409).',
      params: idParams,
      body: manifestBody,
      ...fileOf('pdf', 'xlsx'),
      access: staff('batch:print'),
    }),
    beyondSpec: true as const,
  },
  ...batchLabelCalls,
};
