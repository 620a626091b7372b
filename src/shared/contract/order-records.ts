import { z } from 'zod';
import { BILL_KINDS } from '../domain/lading.ts';
import { decimalOut, isoTime } from './core.ts';

/**
 * What the order calls answer. Names (`…Name`) are in the language of the request; money and
 * weights are decimal strings (money 2 decimals, kg 3, cm 2); times are UTC ISO 8601. Enumerations
 * are numbers: status (order-status.ts: 1 created … 12 cancelled), checkStatus 0 pending /
 * 3 checked, signStatus 0 not / 1 partially / 2 fully signed, interceptState 0 none / 1 requested /
 * 2 succeeded / 3 failed, exchangeStatus 0 / 1, packingType 1 envelope / 2 pack bag / 3 own,
 * payment 1 cod / 0 pp, abnormal kinds and fee types as in order-rules.ts and order-fees.ts.
 */

const int = z.number().int();
const name = z.string();

/** One row of the order lists (staff and customer). */
export const orderRecord = z.object({
  recId: int,
  trackingNo: z.string(),
  customerNo: z.string(),
  customerId: int,
  customerCode: z.string(),
  customerName: z.string(),
  channelId: int,
  channelCode: z.string(),
  channelName: name,
  status: int,
  statusName: name,
  checkStatus: int,
  signStatus: int,
  interceptState: int,
  interceptStateName: name,
  exchangeStatus: int,
  /** Kinds of the pending abnormal marks (empty: none). */
  abnormalKinds: z.array(int),
  consigneeName: z.string(),
  consigneePhone: z.string(),
  countryId: int,
  countryCode: z.string(),
  countryName: name,
  province: name,
  city: name,
  isCod: z.boolean(),
  /** "0.00" when not COD. */
  codAmount: decimalOut,
  /** "" when not COD. */
  codCurrency: z.string(),
  payment: int,
  packingType: int,
  packageCount: int,
  declaredWeight: decimalOut,
  checkedWeight: decimalOut.nullable(),
  volumeWeight: decimalOut,
  chargeableWeight: decimalOut,
  carrierId: int.nullable(),
  carrierCode: z.string().nullable(),
  carrierName: name.nullable(),
  carrierTrackingNo: z.string().nullable(),
  /** The customs clearance number ('' until one is imported). */
  clearanceNo: z.string(),
  /** The account that entered it (nickname, else username), null for system imports. */
  createdBy: z.string().nullable(),
  createdAt: isoTime,
  /** Received at the warehouse. */
  arrivedAt: isoTime.nullable(),
  updatedAt: isoTime,
});
export type OrderRecord = z.infer<typeof orderRecord>;

export const goodsRecord = z.object({
  recId: int,
  lineNo: int,
  nameEn: z.string(),
  nameCn: z.string(),
  quantity: int,
  hsCode: z.string(),
  unitPrice: decimalOut,
  currency: z.string(),
  specification: z.string(),
  /** The sensitive words the names contain; empty when clean. */
  sensitiveWords: z.array(z.string()),
  sensitiveHit: z.boolean(),
  /** Photos of the goods (image/upload's relative URLs), in order. */
  images: z.array(z.string()),
});
export type GoodsRecord = z.infer<typeof goodsRecord>;

export const feeRecord = z.object({
  recId: int,
  /** 1 freight, 2 COD service fee */
  feeType: int,
  feeTypeName: name,
  amount: decimalOut,
  currency: z.string(),
  chargeableWeight: decimalOut,
  /** The channel price rule it was computed with. */
  priceRuleId: int.nullable(),
  computedAt: isoTime,
});
export type FeeRecord = z.infer<typeof feeRecord>;

export const feeExceptionRecord = z.object({
  recId: int,
  /** 1 no price rule for the destination, 2 the rule cannot be applied */
  reason: int,
  reasonText: name,
  /** 0 pending, 1 resolved */
  state: int,
  createdAt: isoTime,
  resolvedAt: isoTime.nullable(),
});
export type FeeExceptionRecord = z.infer<typeof feeExceptionRecord>;

export const eventRecord = z.object({
  recId: int,
  /** Our node code, or the carrier's event code. */
  node: z.string(),
  /** The node's name. */
  name: name,
  /** The status this event moved the order to; null when it did not change it. */
  status: int.nullable(),
  statusName: name.nullable(),
  location: z.string(),
  description: z.string(),
  /** Shown on the public tracking page and to customers. */
  isPublic: z.boolean(),
  occurredAt: isoTime,
  operatorName: z.string().nullable(),
});
export type EventRecord = z.infer<typeof eventRecord>;

/** One status change (the status-changing events; there is no separate history table). */
export const statusChange = z.object({
  eventId: int,
  fromStatus: int.nullable(),
  fromStatusName: name.nullable(),
  status: int,
  statusName: name,
  at: isoTime,
  operatorName: z.string().nullable(),
});
export type StatusChange = z.infer<typeof statusChange>;

export const remarkRecord = z.object({
  recId: int,
  orderId: int,
  content: z.string(),
  createdBy: z.string().nullable(),
  createdAt: isoTime,
});
export type RemarkRecord = z.infer<typeof remarkRecord>;

export const interceptRecord = z.object({
  recId: int,
  /** 1 requested, 2 succeeded, 3 failed, 4 withdrawn */
  state: int,
  stateName: name,
  reason: z.string(),
  requestedBy: z.string().nullable(),
  requestedAt: isoTime,
  resultRemark: z.string(),
  resolvedBy: z.string().nullable(),
  resolvedAt: isoTime.nullable(),
});
export type InterceptRecord = z.infer<typeof interceptRecord>;

export const abnormalRecord = z.object({
  recId: int,
  kind: int,
  kindName: name,
  /** The reason in the request's language, with its figures. */
  reasonText: name,
  /** Responsible department: 0 none, 1 finance, 2 customer service, 3 warehouse, 4 business, 5 account manager. */
  department: int,
  /** 0 pending, 1 handled */
  state: int,
  createdAt: isoTime,
  handledAt: isoTime.nullable(),
  /** Photos customer service took of the problem (order/abnormalImages). */
  images: z.array(z.string()),
});
export type AbnormalRecord = z.infer<typeof abnormalRecord>;

export const senderRecord = z.object({
  name: z.string(),
  phone: z.string(),
  company: z.string(),
  regionId: int.nullable(),
  /** The region and its ancestors, country first (the cascader's value). */
  regionIds: z.array(int),
  regionNames: z.array(name),
  address: z.string(),
  postcode: z.string(),
});

export const consigneeRecord = z.object({
  name: z.string(),
  phone: z.string(),
  phone2: z.string(),
  email: z.string(),
  /** Country first, as deep as the order names it (the cascader's value). */
  regionIds: z.array(int),
  countryId: int,
  provinceId: int.nullable(),
  cityId: int.nullable(),
  districtId: int.nullable(),
  countryCode: z.string(),
  countryName: name,
  province: name,
  city: name,
  district: name,
  address: z.string(),
  postcode: z.string(),
});

/**
 * A bill holding the order now (released items are left out): a package or lading bill holds it
 * directly or through its package, a batch through its lading bill. `addedAt` is when the order
 * (or its package, or its bill) was scanned in. Batches have no confirmation (null).
 */
export const orderHolder = z.object({
  kind: z.enum(BILL_KINDS),
  recId: int,
  no: z.string(),
  confirmState: int.nullable(),
  pickupStatus: int,
  addedAt: isoTime,
});
export type OrderHolder = z.infer<typeof orderHolder>;

/**
 * One order with everything about it. Lists inside are newest first. Customers get only the public
 * events (and so only the public part of the status history); staff get all.
 */
export const orderDetail = orderRecord.extend({
  sender: senderRecord,
  consignee: consigneeRecord,
  length: decimalOut.nullable(),
  width: decimalOut.nullable(),
  height: decimalOut.nullable(),
  /** cm³ per kg the volume weight is computed with (the customer's, else the channel's). */
  volumeDivisor: int,
  checkedAt: isoTime.nullable(),
  cancelledAt: isoTime.nullable(),
  receivedDepot: z.object({ recId: int, code: z.string(), name: z.string() }).nullable(),
  goods: z.array(goodsRecord),
  fees: z.array(feeRecord),
  /** The pending fee exception, if the fees could not be computed. */
  feeException: feeExceptionRecord.nullable(),
  events: z.array(eventRecord),
  statusHistory: z.array(statusChange),
  remarks: z.array(remarkRecord),
  intercepts: z.array(interceptRecord),
  abnormals: z.array(abnormalRecord),
  /** Where the parcel is held, in the order it moves (package, lading bill, batch, overseas); staff only. */
  holders: z.array(orderHolder),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const statusOption = z.object({ value: int, code: z.string(), label: name });
export type StatusOption = z.infer<typeof statusOption>;

export const trackingStatusOption = z.object({
  code: z.string(),
  name: name,
  orderStatus: int.nullable(),
  orderStatusName: name.nullable(),
});
export type TrackingStatusOption = z.infer<typeof trackingStatusOption>;

export const cancelResult = z.object({
  cancelled: int,
  /** One per id, in the order sent; `message` says why one was refused. */
  results: z.array(
    z.object({ recId: int, trackingNo: z.string(), ok: z.boolean(), message: z.string().nullable() }),
  ),
});
export type CancelResult = z.infer<typeof cancelResult>;

/** order/createBatch: one result per order sent, in the order sent. */
export const createBatchResult = z.object({
  created: int,
  refused: int,
  results: z.array(
    z.object({
      /** The order's place in `orders`, from 0. */
      index: int,
      ok: z.boolean(),
      /** The created order (null when refused). */
      recId: int.nullable(),
      trackingNo: z.string().nullable(),
      customerNo: z.string().nullable(),
      /** Why it was refused, by field of the order (`consignee.regionIds`); empty when created. */
      issues: z.array(z.object({ path: z.string(), message: z.string() })),
    }),
  ),
});
export type CreateBatchResult = z.infer<typeof createBatchResult>;

export const interceptResult = z.object({
  orderId: int,
  trackingNo: z.string(),
  status: int,
  statusName: name,
  interceptState: int,
  interceptStateName: name,
  /** The latest request, null when none was ever made. */
  current: interceptRecord.nullable(),
  history: z.array(interceptRecord),
});
export type InterceptResult = z.infer<typeof interceptResult>;

export const checkWvResult = z.object({
  recId: int,
  trackingNo: z.string(),
  declaredWeight: decimalOut,
  checkedWeight: decimalOut,
  length: decimalOut.nullable(),
  width: decimalOut.nullable(),
  height: decimalOut.nullable(),
  volumeDivisor: int,
  volumeWeight: decimalOut,
  chargeableWeight: decimalOut,
  checkStatus: int,
  checkedAt: isoTime,
  /** Checked and declared weights differ beyond the tolerance (order-rules.ts): marked abnormal. */
  weightDiscrepancy: z.boolean(),
  fees: z.array(feeRecord),
  feeException: feeExceptionRecord.nullable(),
});
export type CheckWvResult = z.infer<typeof checkWvResult>;

/**
 * The receiving scan's answer. `kind` picks the sound: ok (received now), already (received
 * before: no change), unknown (no such order), cancelled, intercepted (set the parcel aside; no
 * change). `order` is null only for unknown.
 */
export const RECEIVE_KINDS = ['ok', 'already', 'unknown', 'cancelled', 'intercepted'] as const;
export const receiveResult = z.object({
  kind: z.enum(RECEIVE_KINDS),
  /** What the screen shows with the sound. */
  message: z.string(),
  /** The number as scanned, normalised (trimmed, upper case). */
  trackingNo: z.string(),
  order: orderDetail.nullable(),
});
export type ReceiveResult = z.infer<typeof receiveResult>;

/** The public track of one order: no consignee name, phone or address. */
export const publicTrack = z.object({
  trackingNo: z.string(),
  carrierCode: z.string().nullable(),
  carrierName: name.nullable(),
  carrierTrackingNo: z.string().nullable(),
  /** The carrier's tracking page for its number, when it has one. */
  carrierTrackingUrl: z.string().nullable(),
  status: int,
  statusName: name,
  destinationCode: z.string(),
  destinationName: name,
  createdAt: isoTime,
  arrivedAt: isoTime.nullable(),
  /** Newest first. */
  events: z.array(
    z.object({
      node: z.string(),
      name: name,
      status: int.nullable(),
      statusName: name.nullable(),
      location: z.string(),
      description: z.string(),
      occurredAt: isoTime,
    }),
  ),
});
export type PublicTrack = z.infer<typeof publicTrack>;

/** One per number asked (several when a customer no belongs to several customers' orders). */
export const trackingResult = z.object({
  query: z.string(),
  found: z.boolean(),
  track: publicTrack.nullable(),
});
export type TrackingResult = z.infer<typeof trackingResult>;
