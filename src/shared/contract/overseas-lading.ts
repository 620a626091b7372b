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
  cancelResult,
  exportRequest,
  noBody,
  orderItemFields,
  pickupResult,
  remarkAddBody,
  requiredChannel,
  scanBody,
  scanResult,
  selectionBody,
} from './bill-shapes.ts';
import { endpoint, id, listRequest, optionalText, pageOf, sortable, staff, staffOrPda } from './core.ts';
import { exportStarted } from './export-task.ts';

const int = z.number().int();
const idParams = z.object({ id }).strict();

export const overseasFilters = {
  ...billNoFilters,
  channelId: id.optional(),
  carrierId: id.optional(),
  countryId: id.optional(),
  ...billStateFilters,
};
export const overseasListRequest = listRequest({
  ...overseasFilters,
  ...sortable(LIST_SORTS.overseas),
}).prefault({});
export type OverseasListRequest = z.input<typeof overseasListRequest>;
export type OverseasFilters = Omit<z.output<typeof overseasListRequest>, 'pageNo' | 'pageSize'>;

export const overseasRecord = z.object({
  recId: int,
  no: z.string(),
  channelId: int,
  channelCode: z.string(),
  channelName: z.string(),
  carrierId: int.nullable(),
  carrierCode: z.string().nullable(),
  carrierName: z.string().nullable(),
  countryId: int.nullable(),
  countryCode: z.string().nullable(),
  countryName: z.string().nullable(),
  ...billStateFields,
  ...billTotalFields,
  ...billMadeFields,
});
export type OverseasRecord = z.infer<typeof overseasRecord>;

export const overseasItemRecord = z.object({
  recId: int,
  billId: int,
  orderId: int,
  trackingNo: z.string(),
  customerNo: z.string(),
  customerCode: z.string(),
  consigneeName: z.string(),
  consigneePhone: z.string(),
  city: z.string(),
  carrierCode: z.string().nullable(),
  carrierTrackingNo: z.string().nullable(),
  status: int,
  statusName: z.string(),
  exchangeStatus: int,
  ...orderItemFields,
});
export type OverseasItemRecord = z.infer<typeof overseasItemRecord>;

export const overseasDetail = billDetail(overseasRecord, overseasItemRecord);
export type OverseasDetail = z.infer<typeof overseasDetail>;

/** `bill.itemCount` equals its orderCount here. */
export const overseasScanResult = scanResult(overseasItemRecord);
export type OverseasScanResult = z.infer<typeof overseasScanResult>;

export const overseasCreateBody = z
  .object({
    channelId: requiredChannel,
    /** The last-mile carrier the parcels are handed to (one of the channel's); default its first. */
    carrierId: id.optional(),
    countryId: id.optional(),
    remark: optionalText(500),
  })
  .strict();
export type OverseasCreateBody = z.input<typeof overseasCreateBody>;

/** Overseas (destination) lading: orders handed over to the last-mile carrier, scanned by the PDA. */
export const overseasLading = {
  list: endpoint({
    method: 'POST',
    path: '/overseasLading/list',
    kind: 'json',
    summary:
      'Overseas lading bills, newest first, by number (bulk), tracking no, channel, carrier, destination, pickup status, confirm state and generation time.',
    body: overseasListRequest,
    data: pageOf(overseasRecord),
    access: staffOrPda('overseasLading:view'),
  }),
  export: endpoint({
    method: 'POST',
    path: '/overseasLading/export',
    kind: 'json',
    summary:
      'Export the overseas lading bills the filters select (or the selected ids), one row per order, as an export task.',
    body: exportRequest(overseasFilters),
    data: exportStarted,
    access: staff('overseasLading:export'),
  }),
  remarkAdd: endpoint({
    method: 'POST',
    path: '/overseasLading/remark/add',
    kind: 'json',
    summary: 'Add a remark to an overseas lading bill.',
    body: remarkAddBody,
    data: billRemark,
    access: staff('overseasLading:edit'),
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/overseasLading/confirm',
    kind: 'json',
    summary: 'Confirm (seal) open overseas lading bills, each holding an order; all or none (409).',
    body: selectionBody(),
    data: z.array(overseasRecord),
    access: staffOrPda('overseasLading:confirm'),
    replayable: true,
  }),
  scanTrackingNo: endpoint({
    method: 'POST',
    path: '/overseasLading/scanTrackingNo/{id}',
    kind: 'json',
    summary:
      'Scan a tracking no into an open overseas lading bill: the order must have left the origin (picked up … arrived overseas), not be cancelled or intercepted, ship with the bill’s channel to its country with its carrier, and be in no other live overseas bill (a unique index decides). The order arrives overseas (a tracking event) and awaits its exchange scan. A refusal is 409 with data {reason, trackingNo, billNo}.',
    params: idParams,
    body: scanBody,
    data: overseasScanResult,
    access: staffOrPda('overseasLading:scan'),
    replayable: true,
  }),
  confirmPickup: endpoint({
    method: 'POST',
    path: '/overseasLading/confirm/pickup/{id}',
    kind: 'json',
    summary:
      'The last-mile carrier took a confirmed overseas bill: its orders go out for delivery (tracking events); orders cancelled or intercepted meanwhile are taken out (`dropped`).',
    params: idParams,
    body: noBody,
    data: pickupResult(overseasRecord),
    access: staffOrPda('overseasLading:pickup'),
    replayable: true,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/overseasLading/cancel/{id}',
    kind: 'json',
    summary:
      'Cancel the pickup of an overseas bill not yet picked up: its orders are freed for another bill.',
    params: idParams,
    body: noBody,
    data: cancelResult(overseasRecord),
    access: staffOrPda('overseasLading:cancel'),
    replayable: true,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/overseasLading/detail/{id}',
    kind: 'json',
    summary: 'One overseas lading bill with its orders (in scan order) and remarks.',
    params: idParams,
    data: overseasDetail,
    access: staffOrPda('overseasLading:view'),
  }),
  create: {
    ...endpoint({
      method: 'POST',
      path: '/overseasLading/create',
      kind: 'json',
      summary:
        'Beyond the spec: open a new overseas lading bill for a channel ("Select a logistics channel first") and last-mile carrier, so scans have a bill to go into.',
      body: overseasCreateBody,
      data: overseasRecord,
      access: staffOrPda('overseasLading:scan'),
      replayable: true,
    }),
    beyondSpec: true as const,
  },
};
