import { z } from 'zod';
import { splitBulk, splitBulkNumbers } from '../domain/bulk-split.ts';
import { INTERCEPT_STATES, SIGN_STATUSES } from '../domain/order-rules.ts';
import { ORDER_STATUSES } from '../domain/order-status.ts';
import { orderMessages } from '../i18n/order-messages.ts';
import { id, isoTime, listRequest, optionalText, requiredText } from './core.ts';
import {
  bulkNumbers,
  code,
  consigneePerson,
  goodsLine,
  numberText,
  optionalNumberText,
  parcelFields,
  postcode,
  senderPerson,
  upper,
} from './order-entry-fields.ts';

/** What the order calls take: an order as entered, a batch of them, the list's filters, a weighing, a receipt. */

const orderStatus = z.coerce
  .number()
  .int()
  .refine((v) => (ORDER_STATUSES as readonly number[]).includes(v));

/**
 * An order as entered. Numbers may be sent as numbers or strings and are checked by
 * order-entry.ts with the spec's messages. Omitted sender: the customer's default sender address.
 * `consignee.regionIds` is the cascader's value, country first, down to the city at least (or the
 * deepest level the country has).
 */
export const orderInput = z
  .object({
    /** Staff: the customer the order is for (required). Customer accounts: their own, may be omitted. */
    customerId: id.optional(),
    /** Unique per customer; our tracking no when omitted. */
    customerNo: optionalText(50),
    channelId: id,
    sender: z
      .object({
        ...senderPerson,
        regionId: id.nullable().default(null),
        address: z.string().trim().max(300).default(''),
        postcode,
      })
      .strict()
      .optional(),
    consignee: z
      .object({
        ...consigneePerson,
        regionIds: z.array(id).min(1).max(4),
        address: requiredText(300),
        postcode,
      })
      .strict(),
    ...parcelFields,
    /** 1 cod, 0 pp; default: cod for a COD order. */
    payment: code(['0', '1']).optional(),
    goods: z.array(goodsLine).max(100),
    /** A first remark, optional. */
    remark: optionalText(500),
  })
  .strict();
export type OrderInput = z.input<typeof orderInput>;

/** The most orders one order/createBatch takes. */
export const MAX_BATCH_ORDERS = 1000;
/** A batch's body may be this large (1,000 orders of many goods lines); other calls keep the server's 2 MB. */
export const CREATE_BATCH_BODY_LIMIT = 16 * 1024 * 1024;

/** order/createBatch: the orders (as order/create takes them) of one customer. */
export const createBatchRequest = z
  .object({
    /** Staff: the customer the orders are for (required). Customer accounts: their own, may be omitted. */
    customerId: id.optional(),
    orders: z
      .array(orderInput.omit({ customerId: true }))
      .min(1)
      .max(MAX_BATCH_ORDERS, orderMessages.batchTooLarge.id),
  })
  .strict();
export type CreateBatchRequest = z.input<typeof createBatchRequest>;

/**
 * The order list's filters; customers are confined to their own customer on the server whatever
 * they send. Bulk fields take pasted text. Times: `startTime` inclusive, `endTime` exclusive, on
 * the time basis (creation, or arrival at the warehouse).
 */
export const orderFilters = {
  trackingNos: bulkNumbers(splitBulkNumbers),
  customerNos: bulkNumbers(splitBulk),
  carrierTrackingNos: bulkNumbers(splitBulkNumbers),
  customerId: id.optional(),
  channelId: id.optional(),
  carrierId: id.optional(),
  /** Destination country (a level-0 region). */
  countryId: id.optional(),
  status: orderStatus.optional(),
  /** '-1' all (default), '0' pending check, '3' checked */
  checkStatus: code(['-1', '0', '3']).default('-1'),
  /** '2' all (default), '1' cod, '0' pp */
  payment: code(['2', '1', '0']).default('2'),
  /** COD orders ('1' / true) or not ('0' / false); omitted: both. */
  isCod: z
    .union([z.boolean(), code(['0', '1'])])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === true || v === '1')),
  signStatus: z.coerce
    .number()
    .int()
    .refine((v) => (SIGN_STATUSES as readonly number[]).includes(v))
    .optional(),
  interceptState: z.coerce
    .number()
    .int()
    .refine((v) => (INTERCEPT_STATES as readonly number[]).includes(v))
    .optional(),
  /** Orders with a pending abnormal mark (true) or none (false). */
  abnormal: z.boolean().optional(),
  consigneeName: optionalText(100),
  consigneePhone: optionalText(30),
  timeBasis: z.enum(['create', 'arrival']).default('create'),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
};
export const orderListRequest = listRequest(orderFilters);
export type OrderListRequest = z.input<typeof orderListRequest>;
export type OrderFilters = z.output<typeof orderListRequest>;

export const checkWvInput = z
  .object({
    /** The order, by id or by tracking no (one of the two). */
    orderId: id.optional(),
    trackingNo: upper(64).optional(),
    /** Checked weight, kg. */
    weight: numberText,
    length: optionalNumberText,
    width: optionalNumberText,
    height: optionalNumberText,
  })
  .strict();
export type CheckWvInput = z.input<typeof checkWvInput>;

export const receiveInput = z
  .object({
    /** The warehouse scanning (its name is the event's location). */
    depotId: id.optional(),
    /** A scale's reading: recorded as by checkWv in the same step. */
    weight: optionalNumberText,
    length: optionalNumberText,
    width: optionalNumberText,
    height: optionalNumberText,
  })
  .strict()
  .prefault({});
export type ReceiveInput = z.input<typeof receiveInput>;
