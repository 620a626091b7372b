import { z } from 'zod';
import {
  CONFIRM_STATES,
  LADING_ORDER_TYPES,
  LADING_TYPES,
  MAIL_STATES,
  PICKUP_STATUSES,
} from '../domain/lading.ts';
import { LIST_SORTS } from '../domain/list-sort.ts';
import {
  billDetail,
  billMadeFields,
  billNoFilters,
  billStateFields,
  billTotalFields,
  codeFilter,
  requiredChannel,
  scanResult,
} from './bill-shapes.ts';
import { decimalOut, id, isoTime, listRequest, optionalText, sortable } from './core.ts';

/**
 * The lading bill's own records: its list, record, items, scan answer, new bill, print content
 * and labels. What the movement-of-parcels calls share (and the enumerations) is bill-shapes.ts.
 */

const int = z.number().int();
const name = z.string();

/** Filters of the lading list (generation time: `startTime` inclusive, `endTime` exclusive). */
export const ladingFilters = {
  /** Lading nos; bills holding the tracking no directly or in a package. */
  ...billNoFilters,
  channelId: id.optional(),
  carrierId: id.optional(),
  countryId: id.optional(),
  type: codeFilter(LADING_TYPES),
  orderType: codeFilter(LADING_ORDER_TYPES),
  pickupStatus: codeFilter(PICKUP_STATUSES),
  confirmState: codeFilter(CONFIRM_STATES),
  signStatus: codeFilter([0, 1, 2]),
  mailState: codeFilter(MAIL_STATES),
  /** 1 bills in a live batch, 0 bills in none (picked-up bills waiting for a batch). */
  batched: codeFilter([0, 1]),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
};

export const ladingListRequest = listRequest({ ...ladingFilters, ...sortable(LIST_SORTS.lading) }).prefault(
  {},
);
export type LadingListRequest = z.input<typeof ladingListRequest>;
export type LadingFilters = Omit<z.output<typeof ladingListRequest>, 'pageNo' | 'pageSize'>;

export const ladingRecord = z.object({
  recId: int,
  no: z.string(),
  channelId: int,
  channelCode: z.string(),
  channelName: name,
  carrierId: int.nullable(),
  carrierCode: z.string().nullable(),
  carrierName: name.nullable(),
  type: int,
  typeName: name,
  orderType: int,
  orderTypeName: name,
  countryId: int.nullable(),
  countryCode: z.string().nullable(),
  countryName: name.nullable(),
  ...billStateFields,
  itemCount: int,
  ...billTotalFields,
  signStatus: int,
  signStatusName: name,
  mailState: int,
  mailStateName: name,
  mailPushedAt: isoTime.nullable(),
  /** The carrier's answer, or why the push failed ('' when none). */
  mailMessage: z.string(),
  /** The addresses pushed to. */
  mailTo: z.string(),
  mailAttempts: int,
  clearanceStatus: int,
  clearanceStatusName: name,
  declarationNo: z.string(),
  clearanceRemark: z.string(),
  /** The batch holding the bill, if any. */
  batchId: int.nullable(),
  batchNo: z.string().nullable(),
  ...billMadeFields,
});
export type LadingRecord = z.infer<typeof ladingRecord>;

/** One parcel of a lading bill: an order, or a package (then the order fields are the package's). */
export const ladingItemRecord = z.object({
  recId: int,
  billId: int,
  kind: z.enum(['order', 'package']),
  orderId: int.nullable(),
  packageId: int.nullable(),
  /** Our tracking no, or the package no. */
  trackingNo: z.string(),
  customerNo: z.string(),
  customerCode: z.string().nullable(),
  consigneeName: z.string(),
  countryName: name.nullable(),
  city: name,
  carrierTrackingNo: z.string().nullable(),
  /** The order's status (null for a package). */
  status: int.nullable(),
  statusName: name.nullable(),
  orderCount: int,
  pieceCount: int,
  weight: decimalOut,
  volumeWeight: decimalOut,
  scannedAt: isoTime,
  scannedBy: z.string().nullable(),
});
export type LadingItemRecord = z.infer<typeof ladingItemRecord>;

export const ladingDetail = billDetail(ladingRecord, ladingItemRecord);
export type LadingDetail = z.infer<typeof ladingDetail>;

export const ladingScanResult = scanResult(ladingItemRecord);
export type LadingScanResult = z.infer<typeof ladingScanResult>;

/** A new lading bill (beyond the spec: scans need a bill to go into). */
export const ladingCreateBody = z
  .object({
    channelId: requiredChannel,
    /** One of the channel's carriers; default the channel's first. */
    carrierId: id.optional(),
    /** Default the channel's lading type. */
    type: codeFilter(LADING_TYPES),
    /** 1 orders (default) or 2 packages. */
    orderType: codeFilter(LADING_ORDER_TYPES),
    /** Default the channel's country. */
    countryId: id.optional(),
    remark: optionalText(500),
  })
  .strict();
export type LadingCreateBody = z.input<typeof ladingCreateBody>;

export const ladingPrintLine = z.object({
  lineNo: int,
  /** Our tracking no, or the package no. */
  trackingNo: z.string(),
  carrierTrackingNo: z.string().nullable(),
  customerCode: z.string().nullable(),
  consigneeName: z.string(),
  countryName: name.nullable(),
  city: name,
  orderCount: int,
  pieceCount: int,
  weight: decimalOut,
  isCod: z.boolean(),
  codAmount: decimalOut,
  codCurrency: z.string(),
});

export const ladingPrint = z.object({
  bill: ladingRecord,
  lines: z.array(ladingPrintLine),
  /** The date printed (business time zone, YYYY-MM-DD). */
  date: z.string(),
  printedAt: isoTime,
});

export const ladingPrintContent = z.object({ bills: z.array(ladingPrint) });
export type LadingPrintContent = z.infer<typeof ladingPrintContent>;

/** One label per bill: the bill no (Code128 on the page) and what the pallet shows. */
export const ladingLabel = z.object({
  recId: int,
  no: z.string(),
  channelCode: z.string(),
  channelName: name,
  carrierName: name.nullable(),
  countryCode: z.string().nullable(),
  countryName: name.nullable(),
  typeName: name,
  orderTypeName: name,
  itemCount: int,
  orderCount: int,
  pieceCount: int,
  weight: decimalOut,
  date: z.string(),
});

export const ladingLabelContent = z.object({ labels: z.array(ladingLabel) });
export type LadingLabelContent = z.infer<typeof ladingLabelContent>;
