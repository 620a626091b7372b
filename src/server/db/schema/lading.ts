import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers, users } from './accounts.ts';
import { carriers, regions, shippingChannels } from './master.ts';
import { orders } from './orders.ts';

/**
 * The movement of parcels (src/shared/domain/lading.ts has the enumerations): lading bills and
 * their items, batches (air cargo) of lading bills, overseas ladings, packages, exchange records and
 * the remarks of all four kinds of bill.
 *
 * An order (or package) is in at most one live bill of a kind: the items' partial unique indexes
 * on `order_id` / `package_id` WHERE active decide it, so two scanners adding the same parcel at
 * once give one insert and one "already added". Cancelling a bill's pickup sets its items inactive
 * (the parcels are free again). A bill's counts and weights are kept by SQL arithmetic in the
 * transaction of each scan (a lading bill's scans add to its tally rows, folded into the bill when
 * it is locked to be confirmed, picked up or cancelled); items keep what they added so a release
 * subtracts exactly that.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });
const by = (name: string) => integer(name).references(() => users.id);
const weight = (name: string) => numeric(name, { precision: 14, scale: 3 }).notNull().default('0');
const count = (name: string) => integer(name).notNull().default(0);
const orderId = () => bigint('order_id', { mode: 'number' }).references(() => orders.id);

/** A bill's confirmation: 0 open (scans go in) → 1 confirmed, when and by whom. */
const confirmation = () => ({
  confirmState: smallint('confirm_state').notNull().default(0),
  confirmedAt: at('confirmed_at'),
  confirmedBy: by('confirmed_by'),
});

/** A bill's pickup: 1 not picked up → 2 picked up | 3 pickup cancelled, when and by whom. */
const pickup = () => ({
  pickupStatus: smallint('pickup_status').notNull().default(1),
  pickedUpAt: at('picked_up_at'),
  pickedUpBy: by('picked_up_by'),
  cancelledAt: at('cancelled_at'),
  cancelledBy: by('cancelled_by'),
});

/** A bill's totals, kept by SQL arithmetic in each scan's transaction (lading bills: plus their tallies). */
const totals = () => ({
  /** Orders, those inside packages included. */
  orderCount: count('order_count'),
  /** Pieces: the orders' package counts summed. */
  pieceCount: count('piece_count'),
  /** kg: each order's checked weight, else its declared one. */
  weight: weight('weight'),
  volumeWeight: weight('volume_weight'),
});

/** The latest remark (all are in bill_remarks), who made the bill and when. */
const trail = () => ({
  remark: text('remark').notNull().default(''),
  createdBy: by('created_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** When and by whom an item was scanned in, and when it was released (its bill cancelled). */
const scanned = () => ({
  scannedAt: at('scanned_at').notNull().defaultNow(),
  scannedBy: by('scanned_by'),
  createdAt: createdAt(),
  releasedAt: at('released_at'),
});

/** An item holding one order (overseas ladings, packages) and what it added to the totals. */
const heldOrder = () => ({
  orderId: orderId().notNull(),
  active: boolean('active').notNull().default(true),
  pieceCount: integer('piece_count').notNull().default(1),
  weight: weight('weight'),
  volumeWeight: weight('volume_weight'),
  ...scanned(),
});

export const ladingNoSeq = pgSequence('lading_no_seq', { startWith: 1 });
export const batchNoSeq = pgSequence('batch_no_seq', { startWith: 1 });
export const overseasNoSeq = pgSequence('overseas_no_seq', { startWith: 1 });
export const packageNoSeq = pgSequence('package_no_seq', { startWith: 1 });

/**
 * Lading bills (pickup documents): one channel and carrier, type 1 clearance / 2 local, order type
 * 1 orders / 2 packages. confirm_state 0 open (scans go in) → 1 confirmed; pickup_status 1 not
 * picked up → 2 picked up | 3 pickup cancelled. mail_state 0 not pushed, 1 success, 2 failed,
 * 3 sending. clearance_status 0 new … 4 settled (the customs clearance screens).
 */
export const ladingBills = pgTable(
  'lading_bills',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    no: text('no').notNull(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => shippingChannels.id),
    carrierId: integer('carrier_id').references(() => carriers.id),
    type: smallint('type').notNull().default(1),
    orderType: smallint('order_type').notNull().default(1),
    countryId: integer('country_id').references(() => regions.id),
    ...confirmation(),
    ...pickup(),
    /** Items (orders, or packages) in the bill. */
    itemCount: count('item_count'),
    ...totals(),
    mailState: smallint('mail_state').notNull().default(0),
    mailPushedAt: at('mail_pushed_at'),
    mailMessage: text('mail_message').notNull().default(''),
    mailTo: text('mail_to').notNull().default(''),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    clearanceStatus: smallint('clearance_status').notNull().default(0),
    declarationNo: text('declaration_no').notNull().default(''),
    clearanceRemark: text('clearance_remark').notNull().default(''),
    ...trail(),
  },
  (t) => [
    uniqueIndex('lading_bills_no_uq').on(t.no),
    index('lading_bills_created_idx').on(t.createdAt, t.id),
    index('lading_bills_channel_idx').on(t.channelId, t.createdAt),
    index('lading_bills_pickup_idx').on(t.pickupStatus, t.createdAt),
  ],
);

/**
 * What scans added to an open lading bill's totals, in TALLY_SLOTS rows a bill (a scan's session
 * picks its row): scans into one bill from many scanners then update different rows instead of
 * queueing on the bill's own row. A bill's totals are its columns plus its tallies; confirming,
 * picking up or cancelling it (which lock it) folds the tallies into its columns first.
 */
export const ladingBillTallies = pgTable(
  'lading_bill_tallies',
  {
    billId: bigint('bill_id', { mode: 'number' })
      .notNull()
      .references(() => ladingBills.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    itemCount: count('item_count'),
    ...totals(),
  },
  (t) => [primaryKey({ columns: [t.billId, t.slot] })],
);

/** What a lading bill holds: an order or a package, with what it added to the bill's totals. */
export const ladingItems = pgTable(
  'lading_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    billId: bigint('bill_id', { mode: 'number' })
      .notNull()
      .references(() => ladingBills.id, { onDelete: 'cascade' }),
    orderId: orderId(),
    packageId: bigint('package_id', { mode: 'number' }).references(() => packages.id),
    active: boolean('active').notNull().default(true),
    orderCount: integer('order_count').notNull().default(1),
    pieceCount: integer('piece_count').notNull().default(1),
    weight: weight('weight'),
    volumeWeight: weight('volume_weight'),
    /** When the device scanned it (the PDA's clock; the server's when not given). */
    ...scanned(),
  },
  (t) => [
    uniqueIndex('lading_items_order_live_uq')
      .on(t.orderId)
      .where(sql`${t.active} AND ${t.orderId} IS NOT NULL`),
    uniqueIndex('lading_items_package_live_uq')
      .on(t.packageId)
      .where(sql`${t.active} AND ${t.packageId} IS NOT NULL`),
    index('lading_items_bill_idx').on(t.billId, t.id),
    // The scan snapshot's changes: orders released from a bill since a device's last fetch.
    index('lading_items_released_idx')
      .on(t.releasedAt, t.orderId)
      .where(sql`${t.releasedAt} IS NOT NULL AND ${t.orderId} IS NOT NULL`),
    check('lading_items_one_parcel', sql`(${t.orderId} IS NULL) <> (${t.packageId} IS NULL)`),
  ],
);

/**
 * Batches: lading bills grouped for one air cargo. Airline bill no, charged (battery) and mixed
 * are required; pickup_status as lading bills.
 */
export const batches = pgTable(
  'batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchNo: text('batch_no').notNull(),
    airlineBillNo: text('airline_bill_no').notNull(),
    airCargoNo: text('air_cargo_no').notNull().default(''),
    departurePort: text('departure_port').notNull().default(''),
    destinationPort: text('destination_port').notNull().default(''),
    departureTime: at('departure_time'),
    arrivalTime: at('arrival_time'),
    portCarrier: text('port_carrier').notNull().default(''),
    firstCarrier: text('first_carrier').notNull().default(''),
    charged: boolean('charged').notNull(),
    mixed: boolean('mixed').notNull(),
    ladingCount: count('lading_count'),
    ...totals(),
    ...pickup(),
    ...trail(),
  },
  (t) => [
    uniqueIndex('batches_no_uq').on(t.batchNo),
    index('batches_created_idx').on(t.createdAt, t.id),
    index('batches_airline_bill_idx').on(t.airlineBillNo),
  ],
);

export const batchItems = pgTable(
  'batch_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    ladingId: bigint('lading_id', { mode: 'number' })
      .notNull()
      .references(() => ladingBills.id),
    active: boolean('active').notNull().default(true),
    orderCount: integer('order_count').notNull().default(0),
    pieceCount: integer('piece_count').notNull().default(0),
    weight: weight('weight'),
    volumeWeight: weight('volume_weight'),
    ...scanned(),
  },
  (t) => [
    uniqueIndex('batch_items_lading_live_uq').on(t.ladingId).where(sql`${t.active}`),
    index('batch_items_batch_idx').on(t.batchId, t.id),
  ],
);

/** Overseas ladings: orders handed over to the last-mile carrier at the destination. */
export const overseasLadings = pgTable(
  'overseas_ladings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    no: text('no').notNull(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => shippingChannels.id),
    carrierId: integer('carrier_id').references(() => carriers.id),
    countryId: integer('country_id').references(() => regions.id),
    ...confirmation(),
    ...pickup(),
    ...totals(),
    ...trail(),
  },
  (t) => [
    uniqueIndex('overseas_ladings_no_uq').on(t.no),
    index('overseas_ladings_created_idx').on(t.createdAt, t.id),
  ],
);

export const overseasItems = pgTable(
  'overseas_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    billId: bigint('bill_id', { mode: 'number' })
      .notNull()
      .references(() => overseasLadings.id, { onDelete: 'cascade' }),
    ...heldOrder(),
  },
  (t) => [
    uniqueIndex('overseas_items_order_live_uq').on(t.orderId).where(sql`${t.active}`),
    index('overseas_items_bill_idx').on(t.billId, t.id),
  ],
);

/**
 * Packages: orders of one consignee (same customer, channel, country, name, phone and address)
 * merged into one parcel. The consignee is set by the first order scanned in (consignee_key
 * compares the rest). confirm_state and pickup_status as lading bills.
 */
export const packages = pgTable(
  'packages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    no: text('no').notNull(),
    customerId: integer('customer_id').references(() => customers.id),
    channelId: integer('channel_id').references(() => shippingChannels.id),
    countryId: integer('country_id').references(() => regions.id),
    consigneeName: text('consignee_name').notNull().default(''),
    consigneePhone: text('consignee_phone').notNull().default(''),
    consigneeAddress: text('consignee_address').notNull().default(''),
    consigneeKey: text('consignee_key'),
    ...confirmation(),
    ...pickup(),
    ...totals(),
    ...trail(),
  },
  (t) => [
    uniqueIndex('packages_no_uq').on(t.no),
    index('packages_created_idx').on(t.createdAt, t.id),
    // The scan snapshot's changes: packages changed since a device's last fetch.
    index('packages_updated_idx').on(t.updatedAt),
  ],
);

export const packageItems = pgTable(
  'package_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    packageId: bigint('package_id', { mode: 'number' })
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    ...heldOrder(),
  },
  (t) => [
    uniqueIndex('package_items_order_live_uq').on(t.orderId).where(sql`${t.active}`),
    index('package_items_package_idx').on(t.packageId, t.id),
    // The scan snapshot's changes: orders released from a package since a device's last fetch.
    index('package_items_released_idx').on(t.releasedAt, t.orderId).where(sql`${t.releasedAt} IS NOT NULL`),
  ],
);

/**
 * Exchange (relabel) records, one per order: made when the order reaches an overseas lading
 * (exchanged 0), marked exchanged (1) by the exchange scan with its time and operator and the
 * last-mile label it printed.
 */
export const exchangeRecords = pgTable(
  'exchange_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: orderId().notNull(),
    exchanged: smallint('exchanged').notNull().default(0),
    carrierId: integer('carrier_id').references(() => carriers.id),
    carrierTrackingNo: text('carrier_tracking_no'),
    packageId: bigint('package_id', { mode: 'number' }).references(() => packages.id),
    scanCount: integer('scan_count').notNull().default(0),
    exchangedAt: at('exchanged_at'),
    exchangedBy: by('exchanged_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('exchange_records_order_uq').on(t.orderId),
    index('exchange_records_created_idx').on(t.createdAt, t.id),
    index('exchange_records_exchanged_idx').on(t.exchanged, t.exchangedAt),
  ],
);

/** Remarks of the four kinds of bill: kind 'lading' | 'batch' | 'overseas' | 'package'. */
export const billRemarks = pgTable(
  'bill_remarks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    billId: bigint('bill_id', { mode: 'number' }).notNull(),
    content: text('content').notNull(),
    createdBy: by('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('bill_remarks_bill_idx').on(t.kind, t.billId, t.createdAt)],
);
