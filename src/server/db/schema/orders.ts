import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers, users } from './accounts.ts';
import { carriers, depots, regions, shippingChannels } from './master.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
const weight = (name: string) => numeric(name, { precision: 10, scale: 3 });
/** The pending-list limit of the trigram indexes, in kB (see the orders' consignee indexes). */
const GIN_PENDING_KB = 512;
const orderRef = () =>
  bigint('order_id', { mode: 'number' })
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' });

/**
 * The consignee's phones as the order list's phone filter compares them: the digits of the phone
 * and of the alternate phone (spaces, dashes, parentheses, a leading + and any other formatting
 * dropped), joined by a space so that digits typed in a search never match across the two. The
 * filter (order-list.service.ts) and its trigram index are written with this one expression, which
 * the planner matches to the index only as long as both are the same.
 */
export const consigneePhoneDigits = (t: { consigneePhone: AnyPgColumn; consigneePhone2: AnyPgColumn }) =>
  sql`(regexp_replace(${t.consigneePhone}, '[^0-9]+', '', 'g') || ' ' || regexp_replace(${t.consigneePhone2}, '[^0-9]+', '', 'g'))`;

/** The order columns the reports sum (grouped-totals.ts), kept in their indexes' keys. */
const reportColumns = (t: {
  status: AnyPgColumn;
  isCod: AnyPgColumn;
  codCurrency: AnyPgColumn;
  codAmount: AnyPgColumn;
  packageCount: AnyPgColumn;
  declaredWeight: AnyPgColumn;
  chargeableWeight: AnyPgColumn;
  id: AnyPgColumn;
}) =>
  [
    t.status,
    t.isCod,
    t.codCurrency,
    t.codAmount,
    t.packageCount,
    t.declaredWeight,
    t.chargeableWeight,
    t.id,
  ] as const;

/** Numbers behind our tracking numbers: `GL` + 10 digits (see the default of orders.tracking_no). */
export const orderTrackingNoSeq = pgSequence('order_tracking_no_seq', { startWith: 1000001 });

/**
 * Orders (waybills). Enumerations (src/shared/domain/order-status.ts and order-rules.ts): status
 * 1 created … 12 cancelled; check_status 0 pending, 3 checked; sign_status 0 not signed,
 * 1 partially, 2 fully; intercept_state 0 none, 1 requested, 2 succeeded, 3 failed; exchange_status
 * 0 not exchanged, 1 exchanged; packing_type 1 envelope, 2 pack bag, 3 own packaging; payment 1 cod,
 * 0 pp; abnormal_flags one bit per pending abnormal kind (order_abnormals).
 *
 * The staff list sorts by created_at DESC, id DESC: both NOT NULL, so the plain (ascending)
 * indexes below are read backwards for it (an index declared `.desc()` would be NULLS LAST,
 * which does not serve ORDER BY … DESC).
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Ours, unique system-wide. Bulk loaders may leave it to the default. */
    trackingNo: text('tracking_no')
      .notNull()
      .default(sql`('GL' || lpad(nextval('order_tracking_no_seq')::text, 10, '0'))`),
    /** The customer's own order number, unique per customer (our tracking no when none is given). */
    customerNo: text('customer_no').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    createdBy: integer('created_by').references(() => users.id),
    channelId: integer('channel_id')
      .notNull()
      .references(() => shippingChannels.id),

    senderName: text('sender_name').notNull().default(''),
    senderPhone: text('sender_phone').notNull().default(''),
    senderCompany: text('sender_company').notNull().default(''),
    senderRegionId: integer('sender_region_id').references(() => regions.id),
    senderAddress: text('sender_address').notNull().default(''),
    senderPostcode: text('sender_postcode').notNull().default(''),

    consigneeName: text('consignee_name').notNull(),
    consigneePhone: text('consignee_phone').notNull(),
    consigneePhone2: text('consignee_phone2').notNull().default(''),
    consigneeEmail: text('consignee_email').notNull().default(''),
    consigneeCountryId: integer('consignee_country_id')
      .notNull()
      .references(() => regions.id),
    consigneeProvinceId: integer('consignee_province_id').references(() => regions.id),
    consigneeCityId: integer('consignee_city_id').references(() => regions.id),
    consigneeDistrictId: integer('consignee_district_id').references(() => regions.id),
    /** Names as written on the label (the region's English name, or the text an import gave). */
    consigneeProvince: text('consignee_province').notNull().default(''),
    consigneeCity: text('consignee_city').notNull().default(''),
    consigneeDistrict: text('consignee_district').notNull().default(''),
    consigneeAddress: text('consignee_address').notNull(),
    consigneePostcode: text('consignee_postcode').notNull().default(''),

    packingType: smallint('packing_type').notNull().default(3),
    packageCount: smallint('package_count').notNull().default(1),
    /** kg, as the customer declared it. */
    declaredWeight: weight('declared_weight').notNull(),
    /** kg, weighed at the warehouse (checkWv). */
    checkedWeight: weight('checked_weight'),
    /** cm: declared, replaced by the checked ones. */
    length: numeric('length', { precision: 8, scale: 2 }),
    width: numeric('width', { precision: 8, scale: 2 }),
    height: numeric('height', { precision: 8, scale: 2 }),
    volumeWeight: weight('volume_weight').notNull().default('0'),
    chargeableWeight: weight('chargeable_weight').notNull(),

    isCod: boolean('is_cod').notNull().default(false),
    codAmount: money('cod_amount').notNull().default('0'),
    codCurrency: text('cod_currency').notNull().default(''),
    payment: smallint('payment').notNull().default(0),

    /** The last-mile carrier and its number, drawn from the pool when the order is received. */
    carrierId: integer('carrier_id').references(() => carriers.id),
    carrierTrackingNo: text('carrier_tracking_no'),
    carrierAssignedAt: timestamp('carrier_assigned_at', { withTimezone: true }),

    status: smallint('status').notNull().default(1),
    checkStatus: smallint('check_status').notNull().default(0),
    signStatus: smallint('sign_status').notNull().default(0),
    interceptState: smallint('intercept_state').notNull().default(0),
    exchangeStatus: smallint('exchange_status').notNull().default(0),
    abnormalFlags: integer('abnormal_flags').notNull().default(0),

    receivedDepotId: integer('received_depot_id').references(() => depots.id),
    /** The customs clearance number (order/importClearance); '' until one is imported. */
    clearanceNo: text('clearance_no').notNull().default(''),
    createdAt: createdAt(),
    /** Received at the warehouse (the "arrival" time basis). */
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * When its delivery ended: signed, returned or lost (order-store.ts `changeStatus` sets it). The
     * day it falls on in the business time zone is the order's statement date: it enters its
     * customer's logistics bill of that period, and a signed COD order's COD counts as collected then.
     */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    exchangedAt: timestamp('exchanged_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_tracking_no_uq').on(t.trackingNo),
    uniqueIndex('orders_customer_no_uq').on(t.customerId, t.customerNo),
    // The public tracking query finds an order by its customer no alone.
    index('orders_customer_no_idx').on(t.customerNo),
    index('orders_carrier_tracking_no_idx').on(t.carrierTrackingNo),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    // A status and a channel together (the planner would otherwise walk the newest orders, which are
    // rarely delivered yet, to find delivered ones).
    index('orders_status_channel_created_idx').on(t.status, t.channelId, t.createdAt, t.id),
    index('orders_channel_created_idx').on(t.channelId, t.createdAt, t.id),
    index('orders_country_created_idx').on(t.consigneeCountryId, t.createdAt, t.id),
    // A carrier, and checked orders: both set late (at receipt, at weighing), so the newest orders
    // rarely have them, and a page read newest first through the creation index would walk past all
    // of those (every order of a large import not yet received: 45-150 ms a page, 238 ms for none).
    index('orders_carrier_created_idx').on(t.carrierId, t.createdAt, t.id),
    index('orders_check_created_idx').on(t.checkStatus, t.createdAt, t.id),
    index('orders_arrived_idx').on(t.arrivedAt),
    // The PDA's scan snapshot: the orders changed since a device's last fetch (lading-snapshot.ts).
    index('orders_updated_idx').on(t.updatedAt),
    // The reports of one customer (src/server/modules/report, statement): by arrival, and the bills
    // and COD collected by statement date. Every column the reports sum is in the key, so a month of
    // a large customer is read from the index alone (Drizzle has no INCLUDE).
    index('orders_customer_arrived_idx').on(t.customerId, t.arrivedAt, ...reportColumns(t)),
    index('orders_customer_finished_idx')
      .on(t.customerId, t.finishedAt, ...reportColumns(t))
      .where(sql`${t.finishedAt} IS NOT NULL`),
    index('orders_finished_idx').on(t.finishedAt).where(sql`${t.finishedAt} IS NOT NULL`),
    // Today's assignments of a carrier (volume limits).
    index('orders_carrier_assigned_idx')
      .on(t.carrierId, t.carrierAssignedAt)
      .where(sql`${t.carrierId} IS NOT NULL`),
    index('orders_abnormal_idx').on(t.createdAt).where(sql`${t.abnormalFlags} <> 0`),
    index('orders_intercept_idx').on(t.interceptState).where(sql`${t.interceptState} <> 0`),
    // The list's consignee searches (ILIKE '%…%'): trigram indexes (pg_trgm; migration 0007 creates the
    // extension, and extended statistics on the correlated filter columns, orders_filter_stats).
    // New entries wait in a pending list that every search reads through, until it outgrows its limit
    // (or vacuum merges it): at PostgreSQL's 4 MB a name search on 1,000,000 orders took 11.3 ms
    // instead of 6.8 just before a merge; at 512 kB 7.2 ms, and inserts cost the same (migration 0021).
    index('orders_consignee_name_trgm_idx')
      .using('gin', t.consigneeName.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: GIN_PENDING_KB }),
    // The phone filter's: the digits of both phones (`consigneePhoneDigits`; migration 0022, which
    // replaced the index of the phone as typed).
    index('orders_consignee_phone_trgm_idx')
      .using('gin', sql`${consigneePhoneDigits(t)} gin_trgm_ops`)
      .with({ gin_pending_list_limit: GIN_PENDING_KB }),
  ],
);

/** Goods lines of an order, in entry order. */
export const orderGoods = pgTable(
  'order_goods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: orderRef(),
    lineNo: smallint('line_no').notNull(),
    nameEn: text('name_en').notNull(),
    nameCn: text('name_cn').notNull().default(''),
    quantity: integer('quantity').notNull(),
    hsCode: text('hs_code').notNull().default(''),
    unitPrice: money('unit_price').notNull(),
    currency: text('currency').notNull(),
    specification: text('specification').notNull().default(''),
    /** The sensitive words the names contain (customs may refuse them); empty when clean. */
    sensitiveWords: text('sensitive_words').array().notNull().default(sql`'{}'::text[]`),
    sensitiveHit: boolean('sensitive_hit').notNull().default(false),
    /** Photos of the goods: image/upload's relative URLs, in order. */
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [index('order_goods_order_idx').on(t.orderId, t.lineNo)],
);

/**
 * Tracking events. An event that changed the order's status holds the new status in `status`
 * (and the old one in `from_status`): the status history is these rows, so there is no separate
 * history table. `node` is one of our node codes (tracking settings, or the built-in ones of
 * order-rules.ts) or, with `carrier_id`, that carrier's event code. Internal events (intercept,
 * re-weighing, carrier assignment) are not public: the /search page and customers do not see them.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: orderRef(),
    node: text('node').notNull(),
    carrierId: integer('carrier_id').references(() => carriers.id),
    status: smallint('status'),
    fromStatus: smallint('from_status'),
    location: text('location').notNull().default(''),
    description: text('description').notNull().default(''),
    isPublic: boolean('is_public').notNull().default(true),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    operatorId: integer('operator_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_time_idx').on(t.orderId, t.occurredAt, t.id)],
);

export const orderRemarks = pgTable(
  'order_remarks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: orderRef(),
    content: text('content').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('order_remarks_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Interception requests of an order, newest last: 1 requested, 2 succeeded, 3 failed, 4 withdrawn.
 * orders.intercept_state mirrors the latest one (withdrawn reads as 0 none).
 */
export const orderIntercepts = pgTable(
  'order_intercepts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: orderRef(),
    state: smallint('state').notNull().default(1),
    reason: text('reason').notNull().default(''),
    requestedBy: integer('requested_by').references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    resultRemark: text('result_remark').notNull().default(''),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('order_intercepts_order_idx').on(t.orderId, t.id)],
);

/**
 * Problems of an order the customer-service screen works through: kind (order-rules.ts
 * AbnormalKind), the department responsible (spec: 0 none … 5 account manager), handling state
 * 0 pending, 1 handled. One pending row per order and kind.
 */
export const orderAbnormals = pgTable(
  'order_abnormals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: orderRef(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: smallint('kind').notNull(),
    /** Values of the reason's message (e.g. the sensitive words, the weights). */
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    department: smallint('department').notNull().default(0),
    state: smallint('state').notNull().default(0),
    createdAt: createdAt(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id),
    /** What customer service did about it (order/cancelOrderAbnormal); '' when closed by the system. */
    handleRemark: text('handle_remark').notNull().default(''),
    /** Photos of the problem: image/upload's relative URLs, in order (order/abnormalImages). */
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('order_abnormals_pending_uq').on(t.orderId, t.kind).where(sql`${t.state} = 0`),
    index('order_abnormals_state_created_idx').on(t.state, t.createdAt, t.id),
    index('order_abnormals_order_idx').on(t.orderId),
  ],
);

/**
 * Fees of an order (fee_type: 1 freight, 2 COD service fee), computed from its channel's price rule
 * when it is received and whenever it is re-weighed; a recomputation replaces the rows. The basis
 * says how: chargeable weight, the rule (id and a copy of its figures) and the time.
 */
export const feeDetails = pgTable(
  'fee_details',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: orderRef(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    feeType: smallint('fee_type').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    chargeableWeight: weight('chargeable_weight').notNull(),
    /** channel_prices.id when computed (no foreign key: a channel's rules are replaced on edit). */
    priceRuleId: integer('price_rule_id'),
    basis: jsonb('basis').notNull().default(sql`'{}'::jsonb`),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An order's fees, and their sums by order (the analysis and the reports read type, currency and amount from
    // the index alone, one probe per order, instead of every fee line of the table).
    index('fee_details_order_amount_idx').on(t.orderId, t.feeType, t.currency, t.amount),
    index('fee_details_customer_computed_idx').on(t.customerId, t.computedAt, t.id),
    // The fee detail list, newest first, across customers (read backwards).
    index('fee_details_computed_idx').on(t.computedAt, t.id),
    // The fee detail list sorted by amount or by chargeable weight (list-sort.ts).
    index('fee_details_amount_sort_idx').on(t.amount, t.id),
    index('fee_details_weight_sort_idx').on(t.chargeableWeight, t.id),
  ],
);

/**
 * Orders whose fees could not be computed (reason: order-fees.ts FeeExceptionReason): state
 * 0 pending, 1 resolved (a later computation succeeded: a re-weigh, a COD change or
 * feeException/feeRecalculate). One pending row per order. `created_at` is the first failure;
 * `retried_at` the last later computation that failed again (null: never retried).
 */
export const feeExceptions = pgTable(
  'fee_exceptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: orderRef(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    reason: smallint('reason').notNull(),
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    state: smallint('state').notNull().default(0),
    createdAt: createdAt(),
    retriedAt: timestamp('retried_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The account whose action (receipt, re-weigh, COD change, recalculation) resolved it. */
    resolvedBy: integer('resolved_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('fee_exceptions_pending_uq').on(t.orderId).where(sql`${t.state} = 0`),
    index('fee_exceptions_state_created_idx').on(t.state, t.createdAt, t.id),
  ],
);
