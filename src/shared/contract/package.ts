import { z } from 'zod';
import { LIST_SORTS } from '../domain/list-sort.ts';
import {
  billDetail,
  billMadeFields,
  billNoFilters,
  billRemark,
  billStateFields,
  billStateFilters,
  billTotalFields,
  bulkNos,
  cancelResult,
  exportRequest,
  noBody,
  orderItemFields,
  pickupResult,
  remarkAddBody,
  scanBody,
  scanResult,
  selectionBody,
} from './bill-shapes.ts';
import {
  endpoint,
  fileOf,
  id,
  listRequest,
  optionalText,
  pageOf,
  sortable,
  staff,
  staffOrPda,
} from './core.ts';
import { exportStarted } from './export-task.ts';
import { zplDpi, zplLabelSize } from './order-print.ts';
import { printJobRecord } from './printer.ts';

const int = z.number().int();
const idParams = z.object({ id }).strict();

export const packageFilters = {
  /** Package nos; packages holding the tracking no. */
  ...billNoFilters,
  customerId: id.optional(),
  consigneeName: optionalText(100),
  ...billStateFilters,
};
export const packageListRequest = listRequest({
  ...packageFilters,
  ...sortable(LIST_SORTS.package),
}).prefault({});
export type PackageListRequest = z.input<typeof packageListRequest>;
export type PackageFilters = Omit<z.output<typeof packageListRequest>, 'pageNo' | 'pageSize'>;

export const packageRecord = z.object({
  recId: int,
  no: z.string(),
  /** Null until the first order is scanned in (it sets the consignee). */
  customerId: int.nullable(),
  customerCode: z.string().nullable(),
  customerName: z.string().nullable(),
  channelId: int.nullable(),
  channelCode: z.string().nullable(),
  channelName: z.string().nullable(),
  countryId: int.nullable(),
  countryCode: z.string().nullable(),
  countryName: z.string().nullable(),
  consigneeName: z.string(),
  consigneePhone: z.string(),
  consigneeAddress: z.string(),
  ...billStateFields,
  ...billTotalFields,
  /** The live lading bill holding the package, if any. */
  ladingId: int.nullable(),
  ladingNo: z.string().nullable(),
  ...billMadeFields,
});
export type PackageRecord = z.infer<typeof packageRecord>;

export const packageItemRecord = z.object({
  recId: int,
  packageId: int,
  orderId: int,
  trackingNo: z.string(),
  customerNo: z.string(),
  carrierTrackingNo: z.string().nullable(),
  status: int,
  statusName: z.string(),
  ...orderItemFields,
});
export type PackageItemRecord = z.infer<typeof packageItemRecord>;

export const packageDetail = billDetail(packageRecord, packageItemRecord);
export type PackageDetail = z.infer<typeof packageDetail>;

/** `bill.itemCount` equals its orderCount here. */
export const packageScanResult = scanResult(packageItemRecord);
export type PackageScanResult = z.infer<typeof packageScanResult>;

/** A new package: empty (the PDA scans orders in), or merged at once from orders of one consignee. */
export const packageCreateBody = z
  .object({
    /** Tracking nos of the orders to merge now (bulk text), each checked as a scan is; all or none. */
    trackingNos: bulkNos,
    remark: optionalText(500),
  })
  .strict()
  .prefault({});
export type PackageCreateBody = z.input<typeof packageCreateBody>;

/** Packages' labels in one file or print. */
export const MAX_PRINT_PACKAGES = 50;
export const packageIds = z.array(id).min(1).max(MAX_PRINT_PACKAGES);

/** What a package's label shows (PDF and ZPL alike): its no as Code128, destination and totals. */
export const packageLabel = z.object({
  recId: int,
  no: z.string(),
  customerCode: z.string().nullable(),
  channelCode: z.string().nullable(),
  channelName: z.string().nullable(),
  countryCode: z.string().nullable(),
  countryName: z.string().nullable(),
  consigneeName: z.string(),
  consigneePhone: z.string(),
  consigneeAddress: z.string(),
  orderCount: int,
  pieceCount: int,
  weight: z.string(),
  /** COD of its orders per currency ("199.00 SAR"), empty when none is COD. */
  cod: z.array(z.string()),
  ladingNo: z.string().nullable(),
  /** The day it was made (business time zone, YYYY-MM-DD). */
  date: z.string(),
});
export type PackageLabel = z.infer<typeof packageLabel>;

/** Packages (merge): orders of one consignee in one parcel, which then goes into a lading bill. */
export const pkg = {
  list: endpoint({
    method: 'POST',
    path: '/package/list',
    kind: 'json',
    summary:
      'Packages, newest first, by number (bulk), tracking no of an order in them, customer, consignee, pickup status, confirm state and creation time.',
    body: packageListRequest,
    data: pageOf(packageRecord),
    access: staffOrPda('package:view'),
  }),
  export: endpoint({
    method: 'POST',
    path: '/package/export',
    kind: 'json',
    summary: 'Export the packages the filters select (or the selected ids) as an export task.',
    body: exportRequest(packageFilters),
    data: exportStarted,
    access: staff('package:export'),
  }),
  exportDetail: endpoint({
    method: 'POST',
    path: '/package/exportDetail',
    kind: 'json',
    summary:
      'Export the orders of the packages the filters select (or the selected ids), one row per order, as an export task.',
    body: exportRequest(packageFilters),
    data: exportStarted,
    access: staff('package:export'),
  }),
  remarkAdd: endpoint({
    method: 'POST',
    path: '/package/remark/add',
    kind: 'json',
    summary: 'Add a remark to a package.',
    body: remarkAddBody,
    data: billRemark,
    access: staff('package:edit'),
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/package/confirm',
    kind: 'json',
    summary:
      'Confirm (seal) open packages, each holding an order; then they can go into a package lading bill. All or none (409).',
    body: selectionBody(),
    data: z.array(packageRecord),
    access: staffOrPda('package:confirm'),
    replayable: true,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/package/cancel/{id}',
    kind: 'json',
    summary:
      'Cancel a package not picked up and in no live lading bill: pickup cancelled, its orders are freed (an event each).',
    params: idParams,
    body: noBody,
    data: cancelResult(packageRecord),
    access: staffOrPda('package:cancel'),
    replayable: true,
  }),
  confirmPickup: endpoint({
    method: 'POST',
    path: '/package/confirm/pickup/{id}',
    kind: 'json',
    summary:
      'A carrier took a confirmed package directly (not through a lading bill): its orders are picked up (tracking events); orders cancelled or intercepted meanwhile are taken out (`dropped`).',
    params: idParams,
    body: noBody,
    data: pickupResult(packageRecord),
    access: staffOrPda('package:pickup'),
    replayable: true,
  }),
  scanTrackingNo: endpoint({
    method: 'POST',
    path: '/package/scanTrackingNo/{id}',
    kind: 'json',
    summary:
      'Scan a tracking no into an open package: the order must be received, not cancelled or intercepted, of the package’s consignee (the first order sets it: customer, channel, country, name, phone, address) and in no other live package (a unique index decides). A refusal is 409 with data {reason, trackingNo, billNo}.',
    params: idParams,
    body: scanBody,
    data: packageScanResult,
    access: staffOrPda('package:scan'),
    replayable: true,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/package/detail/{id}',
    kind: 'json',
    summary: 'One package with its orders and remarks.',
    params: idParams,
    data: packageDetail,
    access: staffOrPda('package:view'),
  }),
  create: {
    ...endpoint({
      method: 'POST',
      path: '/package/create',
      kind: 'json',
      summary:
        'Beyond the spec: open a new package, empty or merged at once from the given orders of one consignee (each checked as a scan is; one refusal refuses all with its 409).',
      body: packageCreateBody,
      data: packageDetail,
      access: staffOrPda('package:scan'),
      replayable: true,
    }),
    beyondSpec: true as const,
  },
  printLabel: {
    ...endpoint({
      method: 'POST',
      path: '/package/printLabel',
      kind: 'blob',
      summary:
        "Beyond the spec: the packages' labels (at most 50), one per package: the package no as Code128, destination, consignee, orders, pieces, weight, COD. `format` pdf (100 × 150 mm pages) or zpl (ZPL II at `dpi` on `labelSize`, Arabic and Chinese as ^GFA), the same content.",
      body: z
        .object({
          ids: packageIds,
          format: z.enum(['pdf', 'zpl']).default('pdf'),
          dpi: zplDpi,
          labelSize: zplLabelSize,
        })
        .strict(),
      ...fileOf('pdf', 'zpl'),
      access: staff('package:print'),
    }),
    beyondSpec: true as const,
  },
  printToPrinter: {
    ...endpoint({
      method: 'POST',
      path: '/package/printToPrinter',
      kind: 'json',
      summary:
        "Beyond the spec: print packages' labels (as package/printLabel makes them, at most 50) as ZPL on a network printer: the chosen one, else the caller's preferred one (printer/options). From the desk, or the PDA right after a merge. Answers the print, queued (printer/myPrints follows it).",
      body: z.object({ ids: packageIds, printerId: id.optional() }).strict(),
      data: printJobRecord,
      access: staffOrPda('package:print'),
    }),
    beyondSpec: true as const,
  },
};
