import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers, users } from './accounts.ts';
import { regions, shippingChannels } from './master.ts';
import { orders } from './orders.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
const originRef = () =>
  bigint('origin_order_id', { mode: 'number' })
    .notNull()
    .references(() => originOrders.id, { onDelete: 'cascade' });

/**
 * Origin (foreign) orders: what a platform sent (src/shared/domain/origin-order.ts), before it
 * becomes a regular order. The receiver and sender are kept as received (free text for country,
 * province, city, district); confirming an address matches it to our regions (the *_id columns)
 * and sets its confirm state (0 unconfirmed, 1 confirmed). upload_state: 0 not uploaded,
 * 1 uploaded (order_id is the regular order, once), 2 the last attempt failed. The extra origin
 * information (buyer id no, declared value, invoice no, payment) comes by hand or by import.
 * Lists sort by created_at DESC, id DESC with plain indexes read backwards (see orders.ts).
 */
export const originOrders = pgTable(
  'origin_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    platform: text('platform').notNull(),
    platformOrderNo: text('platform_order_no').notNull(),
    shopName: text('shop_name').notNull().default(''),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The channel the regular order will ship with (required to upload). */
    channelId: integer('channel_id').references(() => shippingChannels.id),
    /** 1 from the platform, 2 entered by hand. */
    source: smallint('source').notNull().default(1),

    receiverName: text('receiver_name').notNull(),
    receiverPhone: text('receiver_phone').notNull(),
    receiverPhone2: text('receiver_phone2').notNull().default(''),
    receiverEmail: text('receiver_email').notNull().default(''),
    receiverCountry: text('receiver_country').notNull(),
    receiverProvince: text('receiver_province').notNull().default(''),
    receiverCity: text('receiver_city').notNull().default(''),
    receiverDistrict: text('receiver_district').notNull().default(''),
    receiverAddress: text('receiver_address').notNull(),
    receiverPostcode: text('receiver_postcode').notNull().default(''),
    receiverCountryId: integer('receiver_country_id').references(() => regions.id),
    receiverProvinceId: integer('receiver_province_id').references(() => regions.id),
    receiverCityId: integer('receiver_city_id').references(() => regions.id),
    receiverDistrictId: integer('receiver_district_id').references(() => regions.id),
    receiverConfirmState: smallint('receiver_confirm_state').notNull().default(0),
    receiverConfirmedAt: timestamp('receiver_confirmed_at', { withTimezone: true }),
    receiverConfirmedBy: integer('receiver_confirmed_by').references(() => users.id),

    senderName: text('sender_name').notNull().default(''),
    senderPhone: text('sender_phone').notNull().default(''),
    senderCompany: text('sender_company').notNull().default(''),
    senderCountry: text('sender_country').notNull().default(''),
    senderProvince: text('sender_province').notNull().default(''),
    senderCity: text('sender_city').notNull().default(''),
    senderAddress: text('sender_address').notNull().default(''),
    senderPostcode: text('sender_postcode').notNull().default(''),
    /** The deepest region of the confirmed sender address. */
    senderRegionId: integer('sender_region_id').references(() => regions.id),
    senderConfirmState: smallint('sender_confirm_state').notNull().default(0),
    senderConfirmedAt: timestamp('sender_confirmed_at', { withTimezone: true }),
    senderConfirmedBy: integer('sender_confirmed_by').references(() => users.id),

    /** kg */
    weight: numeric('weight', { precision: 10, scale: 3 }).notNull(),
    length: numeric('length', { precision: 8, scale: 2 }),
    width: numeric('width', { precision: 8, scale: 2 }),
    height: numeric('height', { precision: 8, scale: 2 }),
    packageCount: smallint('package_count').notNull().default(1),
    packingType: smallint('packing_type').notNull().default(3),
    isCod: boolean('is_cod').notNull().default(false),
    codAmount: money('cod_amount').notNull().default('0'),
    codCurrency: text('cod_currency').notNull().default(''),
    remark: text('remark').notNull().default(''),

    // extra origin information
    buyerIdNo: text('buyer_id_no').notNull().default(''),
    declaredValue: money('declared_value'),
    declaredCurrency: text('declared_currency').notNull().default(''),
    invoiceNo: text('invoice_no').notNull().default(''),
    paymentMethod: text('payment_method').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    extraRemark: text('extra_remark').notNull().default(''),
    extraUpdatedAt: timestamp('extra_updated_at', { withTimezone: true }),

    uploadState: smallint('upload_state').notNull().default(0),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    uploadedBy: integer('uploaded_by').references(() => users.id),

    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('origin_orders_platform_no_uq').on(t.platform, t.platformOrderNo),
    // One origin order becomes at most one regular order.
    uniqueIndex('origin_orders_order_uq').on(t.orderId),
    index('origin_orders_platform_no_idx').on(t.platformOrderNo),
    index('origin_orders_created_idx').on(t.createdAt, t.id),
    index('origin_orders_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    index('origin_orders_upload_created_idx').on(t.uploadState, t.createdAt, t.id),
  ],
);

/** Goods lines of an origin order, in the platform's order. */
export const originOrderGoods = pgTable(
  'origin_order_goods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    originOrderId: originRef(),
    lineNo: smallint('line_no').notNull(),
    sku: text('sku').notNull().default(''),
    nameEn: text('name_en').notNull(),
    nameCn: text('name_cn').notNull().default(''),
    quantity: integer('quantity').notNull(),
    hsCode: text('hs_code').notNull().default(''),
    unitPrice: money('unit_price').notNull(),
    currency: text('currency').notNull(),
    specification: text('specification').notNull().default(''),
  },
  (t) => [index('origin_order_goods_order_idx').on(t.originOrderId, t.lineNo)],
);

/**
 * Every upload attempt of an origin order: result 1 success (order_id, tracking_no), 2 failed.
 * `messages` are message ids with their values ([{ id, values, field }]), translated when read,
 * so the record reads in the language of whoever looks at it.
 */
export const originPushRecords = pgTable(
  'origin_push_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    originOrderId: originRef(),
    result: smallint('result').notNull(),
    messages: jsonb('messages').notNull().default(sql`'[]'::jsonb`),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    trackingNo: text('tracking_no').notNull().default(''),
    operatorId: integer('operator_id').references(() => users.id),
    pushedAt: timestamp('pushed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('origin_push_records_pushed_idx').on(t.pushedAt, t.id),
    index('origin_push_records_origin_idx').on(t.originOrderId, t.pushedAt),
  ],
);

/**
 * Orders reported to the destination's postal regulator (CITC, Saudi Arabia): one row per order,
 * made when an origin order to such a country becomes a regular order. status 0 pending,
 * 1 reported, 2 rejected; `reference_no` is the regulator's number, `message` its answer.
 */
export const citcRecords = pgTable(
  'citc_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    originOrderId: bigint('origin_order_id', { mode: 'number' }).references(() => originOrders.id, {
      onDelete: 'set null',
    }),
    status: smallint('status').notNull().default(0),
    referenceNo: text('reference_no').notNull().default(''),
    /** The regulator's refusal, or the last failed attempt's error, or a reason of ours by message id. */
    message: text('message').notNull().default(''),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    /** Report attempts made (citc-report.ts) since the last report by hand, and the last one's start. */
    attempts: smallint('attempts').notNull().default(0),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    /** An attempt is in flight (claimed at attemptedAt; a claim older than a few minutes has lapsed). */
    sending: boolean('sending').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('citc_records_order_uq').on(t.orderId),
    index('citc_records_created_idx').on(t.createdAt, t.id),
    index('citc_records_status_created_idx').on(t.status, t.createdAt, t.id),
  ],
);
