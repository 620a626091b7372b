import { z } from 'zod';
import {
  billRemark,
  cancelResult,
  exportRequest,
  noBody,
  pickupResult,
  printIds,
  remarkAddBody,
  scanBody,
  selectionBody,
  sheetTemplate,
  sheetUpload,
} from './bill-shapes.ts';
import { endpoint, fileOf, id, pageOf, staff, staffOrPda } from './core.ts';
import { exportStarted } from './export-task.ts';
import {
  clearanceCustomer,
  clearanceDataBody,
  clearanceDetailRequest,
  clearanceFilters,
  clearanceGoodsLine,
  clearanceListRequest,
  clearanceOrderLine,
  clearanceStatusBody,
  invoiceRequest,
} from './lading-clearance.ts';
import {
  ladingCreateBody,
  ladingDetail,
  ladingFilters,
  ladingLabelContent,
  ladingListRequest,
  ladingPrintContent,
  ladingRecord,
  ladingScanResult,
} from './lading-records.ts';
import { invoiceResult } from './order-print.ts';
import { importDone } from './order-staff.ts';
import { scanSnapshot, scanSnapshotBody } from './scan-snapshot.ts';

export * from './bill-shapes.ts';
export * from './lading-clearance.ts';
export * from './lading-records.ts';
export * from './scan-snapshot.ts';

const idParams = z.object({ id }).strict();

/** What the lading import answers: the import and the bills it made or filled. */
export const ladingImportResult = importDone.extend({
  bills: z.array(z.object({ recId: z.number().int(), no: z.string(), orderCount: z.number().int() })),
});
export type LadingImportResult = z.infer<typeof ladingImportResult>;

/** The carrier's handover manifest as a PDF or a sheet. */
export const MANIFEST_FORMATS = ['pdf', 'xlsx'] as const;
export type ManifestFormat = (typeof MANIFEST_FORMATS)[number];
export const manifestBody = z.object({ format: z.enum(MANIFEST_FORMATS) }).strict();

/**
 * Lading bills: the desktop list and detail, the PDA's create, scan, confirm, pickup and cancel
 * (replayable offline with an Idempotency-Key), prints, imports, exports, the mail push to the
 * carrier, and the customs clearance view.
 */
export const lading = {
  list: endpoint({
    method: 'POST',
    path: '/lading/list',
    kind: 'json',
    summary:
      'Lading bills, newest first, by number (bulk), tracking no of an order in them, channel, carrier, type, order type, destination, pickup status, confirm state, sign status, mail push result and generation time.',
    body: ladingListRequest,
    data: pageOf(ladingRecord),
    access: staffOrPda('lading:view'),
  }),
  export: endpoint({
    method: 'POST',
    path: '/lading/export',
    kind: 'json',
    summary: 'Export the lading bills the list’s filters select (or the selected ids) as an export task.',
    body: exportRequest(ladingFilters),
    data: exportStarted,
    access: staff('lading:export'),
  }),
  exportClearancePackage: endpoint({
    method: 'POST',
    path: '/lading/exportClearancePackage',
    kind: 'json',
    summary:
      'Export the parcels of the selected lading bills for customs, one row per order: bill, package, tracking and clearance nos, consignee, pieces, weight, goods and value.',
    body: selectionBody(),
    data: exportStarted,
    access: staff('lading:export'),
  }),
  remarkAdd: endpoint({
    method: 'POST',
    path: '/lading/remark/add',
    kind: 'json',
    summary: 'Add a remark to a lading bill (it becomes the bill’s shown remark).',
    body: remarkAddBody,
    data: billRemark,
    access: staff('lading:edit'),
  }),
  getPrintContent: endpoint({
    method: 'POST',
    path: '/lading/getPrintContent',
    kind: 'json',
    summary:
      'What /print/printLading prints for the selected bills (at most 50): the bill, one line per parcel, the date.',
    body: printIds,
    data: ladingPrintContent,
    access: staff('lading:print'),
  }),
  getPrintContentLabel: endpoint({
    method: 'POST',
    path: '/lading/getPrintContentLabel',
    kind: 'json',
    summary:
      'One label per selected bill (at most 50): its number for the Code128, channel, carrier, destination, counts and weight.',
    body: printIds,
    data: ladingLabelContent,
    access: staff('lading:print'),
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/lading/confirm',
    kind: 'json',
    summary:
      'Confirm (seal) open lading bills: they take no more scans. Every bill must be open and hold a parcel, else nothing is confirmed (409).',
    body: selectionBody(),
    data: z.array(ladingRecord),
    access: staffOrPda('lading:confirm'),
    replayable: true,
  }),
  scanTrackingNo: endpoint({
    method: 'POST',
    path: '/lading/scanTrackingNo/{id}',
    kind: 'json',
    summary:
      'Scan a tracking no (a package no into a package bill) into an open lading bill: the order must exist, be received and not cancelled or intercepted, ship with the bill’s channel and go to its country, and be in no other live bill ("tracking no already added", decided by a unique index). The order goes in lading (a tracking event) and the bill’s counts and weights grow in the same transaction. A refusal is 409 with data {reason, trackingNo, billNo}.',
    params: idParams,
    body: scanBody,
    data: ladingScanResult,
    access: staffOrPda('lading:scan'),
    replayable: true,
  }),
  confirmPickup: endpoint({
    method: 'POST',
    path: '/lading/confirm/pickup/{id}',
    kind: 'json',
    summary:
      'The carrier took a confirmed bill: its orders are picked up (tracking events; packages picked up too); parcels cancelled or intercepted since the scan are taken out (`dropped`). After the commit the lading information is e-mailed to the carrier; the bill’s mail state shows sending, then success or failed.',
    params: idParams,
    body: noBody,
    data: pickupResult(ladingRecord),
    access: staffOrPda('lading:pickup'),
    replayable: true,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/lading/cancel/{id}',
    kind: 'json',
    summary:
      'Cancel the pickup of a bill not yet picked up (and in no live batch): pickup cancelled, its parcels are freed (orders in lading go back to received, with an event).',
    params: idParams,
    body: noBody,
    data: cancelResult(ladingRecord),
    access: staffOrPda('lading:cancel'),
    replayable: true,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/lading/detail/{id}',
    kind: 'json',
    summary: 'One lading bill with its parcels (in scan order) and remarks.',
    params: idParams,
    data: ladingDetail,
    access: staffOrPda('lading:view'),
  }),
  import: sheetUpload(
    '/lading/import',
    'Import lading bills from the template: each row a tracking no, with an open bill’s no or a channel code (and optionally a carrier code and type) for a new bill; rows without a bill no are grouped by channel, carrier and type into new bills. Every row is checked as a scan is; nothing is written unless all are valid (400 with each bad row).',
    staff('lading:import'),
    ladingImportResult,
  ),
  downloadTemplate: sheetTemplate(
    '/lading/download/template',
    'The lading import template, headers in the caller’s language.',
    staff('lading:import'),
  ),
  listOriginInfo: endpoint({
    method: 'POST',
    path: '/lading/listOriginInfo',
    kind: 'json',
    summary:
      'Clearance lading bills (type 1), newest first, by number, clearance status, channel, destination and generation time.',
    body: clearanceListRequest,
    data: pageOf(ladingRecord),
    access: staff('lading:view'),
  }),
  updateStatus: endpoint({
    method: 'POST',
    path: '/lading/updateStatus',
    kind: 'json',
    summary:
      'Set the clearance status of clearance bills: forward only (new → voided, revision complete or clearance complete; revision complete → voided or clearance complete; clearance complete → settled); one refusal refuses all (409).',
    body: clearanceStatusBody,
    data: z.array(ladingRecord),
    access: staff('lading:edit'),
  }),
  listOriginDetail: endpoint({
    method: 'POST',
    path: '/lading/listOriginDetail',
    kind: 'json',
    summary: 'The declaration lines of a bill: one per goods line of its orders, paged.',
    body: clearanceDetailRequest,
    data: pageOf(clearanceGoodsLine),
    access: staff('lading:view'),
  }),
  listDetail: endpoint({
    method: 'POST',
    path: '/lading/listDetail',
    kind: 'json',
    summary: 'The orders of a bill with their clearance data, paged.',
    body: clearanceDetailRequest,
    data: pageOf(clearanceOrderLine),
    access: staff('lading:view'),
  }),
  ladingExport: endpoint({
    method: 'POST',
    path: '/lading/ladingExport',
    kind: 'json',
    summary: 'Export the clearance bills the filters select (or the selected ids) as an export task.',
    body: exportRequest(clearanceFilters),
    data: exportStarted,
    access: staff('lading:export'),
  }),
  ladingOriginExport: endpoint({
    method: 'POST',
    path: '/lading/ladingOriginExport',
    kind: 'json',
    summary: 'Export the declaration lines of the selected clearance bills as an export task.',
    body: selectionBody(),
    data: exportStarted,
    access: staff('lading:export'),
  }),
  printInvoice: endpoint({
    method: 'POST',
    path: '/lading/printInvoice',
    kind: 'json',
    summary:
      'Commercial invoices of the orders of a bill (at most 500), and their PDF unless `output` is data.',
    body: invoiceRequest,
    data: invoiceResult,
    access: staff('lading:print'),
  }),
  ladingCustomer: endpoint({
    method: 'POST',
    path: '/lading/ladingCustomer',
    kind: 'json',
    summary: 'The customers whose orders are on a bill: orders, pieces, weight and goods value of each.',
    body: idParams,
    data: z.array(clearanceCustomer),
    access: staff('lading:view'),
  }),
  updateData: endpoint({
    method: 'POST',
    path: '/lading/updateData',
    kind: 'json',
    summary:
      'Update the clearance data of a bill (not voided or settled): declaration no, clearance remark, and clearance nos of its orders.',
    body: clearanceDataBody,
    data: ladingRecord,
    access: staff('lading:edit'),
  }),
  ladingImport: sheetUpload(
    '/lading/ladingImport',
    'Import clearance data (lading no, tracking no, clearance no): every order must be on that bill, which is not voided or settled; nothing is written unless all rows are valid.',
    staff('lading:import'),
    importDone,
  ),
  create: {
    ...endpoint({
      method: 'POST',
      path: '/lading/create',
      kind: 'json',
      summary:
        'Beyond the spec: open a new lading bill for a shipping channel ("Select a logistics channel first"), so scans have a bill to go into; carrier, type and country default from the channel.',
      body: ladingCreateBody,
      data: ladingRecord,
      access: staffOrPda('lading:scan'),
      replayable: true,
    }),
    beyondSpec: true as const,
  },
  scanSnapshot: {
    ...endpoint({
      method: 'POST',
      path: '/lading/scanSnapshot',
      kind: 'json',
      summary:
        'Beyond the spec: what the lading scan rule reads, for a PDA to judge scans offline. Orders not yet out of the warehouse (created, received, in lading) and those changed in the last 30 days, each with its status, interception, channel, country and the live package and lading bill holding it; the open lading bills, channels and countries on the first page. In pages by `cursor`; after the last page, `next` asks for the changes since (whole each time never). Orders carry no customer or consignee data.',
      body: scanSnapshotBody,
      data: scanSnapshot,
      access: staffOrPda('lading:scan'),
    }),
    beyondSpec: true as const,
  },
  mailRetry: {
    ...endpoint({
      method: 'POST',
      path: '/lading/mail/retry/{id}',
      kind: 'json',
      summary:
        'Beyond the spec: push the lading mail of a picked-up bill again (after a failure, or one never sent) and answer the bill with the result.',
      params: idParams,
      body: noBody,
      data: ladingRecord,
      access: staff('lading:pickup'),
    }),
    beyondSpec: true as const,
  },
  manifest: {
    ...endpoint({
      method: 'POST',
      path: '/lading/manifest/{id}',
      kind: 'blob',
      summary:
        'Beyond the spec: the carrier’s handover manifest of a picked-up bill, as a PDF or xlsx (`format`): bill no, carrier, every parcel with tracking and carrier numbers, pieces, weight and COD, the totals with COD by currency, and signature lines for the warehouse and the carrier. The lading mail carries both files. A bill not picked up is refused (409).',
      params: idParams,
      body: manifestBody,
      ...fileOf('pdf', 'xlsx'),
      access: staff('lading:print'),
    }),
    beyondSpec: true as const,
  },
};
