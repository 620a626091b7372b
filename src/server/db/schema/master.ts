import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CurrencyLimit } from '../../../shared/domain/channel-limits.ts';
import { customers, users } from './accounts.ts';
import { importLogs } from './files.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** 1 enabled, 2 disabled (spec: enable and disable). */
const status = () => smallint('status').notNull().default(1);

/**
 * Regions, one tree: level 0 country, 1 province, 2 city, 3 district/state (spec 3). `code` is
 * unique (ISO 3166-1 alpha-2 for countries; the importer's codes below). Disabled regions and
 * their descendants disappear from the address selectors.
 */
export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    level: smallint('level').notNull(),
    code: text('code').notNull(),
    nameCn: text('name_cn').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull().default(''),
    /** Postal code or other short code the carriers use, optional. */
    postCode: text('post_code').notNull().default(''),
    status: status(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('regions_code_uq').on(t.code),
    index('regions_parent_idx').on(t.parentId, t.sort),
    index('regions_level_idx').on(t.level),
  ],
);

/** Last-mile and line-haul carriers; `email` receives the lading push on confirm pickup. */
export const carriers = pgTable(
  'carriers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    /** The country it delivers in (a level-0 region), optional. */
    countryId: integer('country_id').references(() => regions.id),
    contact: text('contact').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    /** Tracking page template with {no}, optional. */
    trackingUrl: text('tracking_url').notNull().default(''),
    /** Carriers that deliver the last mile appear in getLastCarrierCompany. */
    lastMile: smallint('last_mile').notNull().default(1),
    status: status(),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('carriers_code_uq').on(t.code)],
);

/** The tracking nodes of a carrier: its event codes mapped to our descriptions. */
export const carrierTrackingNodes = pgTable(
  'carrier_tracking_nodes',
  {
    id: serial('id').primaryKey(),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id, { onDelete: 'cascade' }),
    /** The carrier's event code. */
    code: text('code').notNull(),
    nameCn: text('name_cn').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull().default(''),
    /** The order status this node moves an order to (see the order status list), or null. */
    orderStatus: smallint('order_status'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('carrier_nodes_code_uq').on(t.carrierId, t.code)],
);

/**
 * Shipping channels (logistics products a customer orders with). `serviceType` (0 to 6) is the
 * route of spec 3's first list (0 first leg … 6 transit port); `segments` are values of its second
 * list (delivery 1, full 2, first leg 3, clearance 4), limited per type by the map in
 * src/shared/domain/segments.ts.
 */
export const shippingChannels = pgTable(
  'shipping_channels',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    serviceType: smallint('service_type').notNull().default(2),
    segments: smallint('segments').array().notNull().default(sql`'{}'::smallint[]`),
    /** Destination country (a level-0 region). */
    countryId: integer('country_id').references(() => regions.id),
    /** Volume weight = L×W×H (cm) / divisor. */
    volumeDivisor: integer('volume_divisor').notNull().default(6000),
    /** 1 lading type clearance, 2 local (spec: lading type). */
    ladingType: smallint('lading_type').notNull().default(1),
    status: status(),
    remark: text('remark').notNull().default(''),
    /** Plausibility limits (channel-limits.ts): the heaviest parcel in kg; null: no limit. */
    maxWeight: numeric('max_weight', { precision: 12, scale: 3 }),
    /** Per currency the largest COD and the declared value's range (decimal strings or null). */
    currencyLimits: jsonb('currency_limits').$type<CurrencyLimit[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('shipping_channels_code_uq').on(t.code)],
);

/** Carriers a channel may hand parcels to (optionalCarrier). */
export const channelCarriers = pgTable(
  'channel_carriers',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => shippingChannels.id, { onDelete: 'cascade' }),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.carrierId] })],
);

/** Price rules of a channel per destination country; money and weights as numeric (decimal strings on the wire). */
export const channelPrices = pgTable(
  'channel_prices',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => shippingChannels.id, { onDelete: 'cascade' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => regions.id),
    currency: text('currency').notNull().default('CNY'),
    firstWeight: numeric('first_weight', { precision: 12, scale: 3 }).notNull(),
    firstPrice: numeric('first_price', { precision: 14, scale: 2 }).notNull(),
    stepWeight: numeric('step_weight', { precision: 12, scale: 3 }).notNull(),
    stepPrice: numeric('step_price', { precision: 14, scale: 2 }).notNull(),
    /** COD service fee as a fraction of the COD amount, e.g. 0.0150. */
    codFeeRate: numeric('cod_fee_rate', { precision: 6, scale: 4 }).notNull().default('0'),
    minCodFee: numeric('min_cod_fee', { precision: 14, scale: 2 }).notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('channel_prices_country_uq').on(t.channelId, t.countryId)],
);

/** Channels a customer may order with (getAllShippings / getShippingsByUser). */
export const customerChannels = pgTable(
  'customer_channels',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => shippingChannels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.channelId] })],
);

/** Named properties of a customer (editCustomerProperties / listCustomerProperties). */
export const customerProperties = pgTable(
  'customer_properties',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.key] })],
);

/** The signing companies (our contracting entities) a customer signs with. */
export const signingCompanies = pgTable(
  'signing_companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('signing_companies_name_uq').on(t.name)],
);

/**
 * A customer's own region settings (customer/region/*): addresses it ships from, with the region
 * chain and a default flag (its default sender address is the default one).
 */
export const customerRegions = pgTable(
  'customer_regions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    contact: text('contact').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    postCode: text('post_code').notNull().default(''),
    isDefault: smallint('is_default').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('customer_regions_customer_idx').on(t.customerId)],
);

/** Warehouses (depots) parcels arrive at and leave from. */
export const depots = pgTable(
  'depots',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    countryId: integer('country_id').references(() => regions.id),
    address: text('address').notNull().default(''),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('depots_code_uq').on(t.code)],
);

/** Words customs refuses; goods names containing one are flagged. Stored lower-case, unique. */
export const sensitiveWords = pgTable(
  'sensitive_words',
  {
    id: serial('id').primaryKey(),
    word: text('word').notNull(),
    /** Free category (e.g. battery, liquid, brand). */
    category: text('category').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sensitive_words_word_uq').on(sql`lower(${t.word})`)],
);

/**
 * The carrier tracking-number pool: numbers imported per carrier, each assigned to one order once
 * (order_id is set by the order issue; a number is free while it is null).
 */
export const trackingNumbers = pgTable(
  'tracking_numbers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id),
    trackingNo: text('tracking_no').notNull(),
    importId: bigint('import_id', { mode: 'number' }).references(() => importLogs.id),
    orderId: bigint('order_id', { mode: 'number' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tracking_numbers_no_uq').on(t.carrierId, t.trackingNo),
    // Free numbers of a carrier, oldest first: what assignment reads.
    index('tracking_numbers_free_idx').on(t.carrierId, t.id).where(sql`${t.orderId} IS NULL`),
  ],
);

/** Daily order caps per carrier and region (used when assigning carriers). */
export const volumeLimits = pgTable(
  'volume_limits',
  {
    id: serial('id').primaryKey(),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    dailyLimit: integer('daily_limit').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('volume_limits_carrier_region_uq').on(t.carrierId, t.regionId)],
);

/** Uploaded images (image/upload): stored under DATA_DIR/images/<sha256>.<ext>, served back by path. */
export const images = pgTable(
  'images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sha256: text('sha256').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Relative URL the client prefixes with fileDomain. */
    path: text('path').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    customerId: integer('customer_id').references(() => customers.id),
    createdAt: createdAt(),
  },
  (t) => [index('images_sha_idx').on(t.sha256)],
);

/** Tracking settings kept by staff (tracking/save|update|list): named node templates, JSON detail. */
export const trackingSettings = pgTable(
  'tracking_settings',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    nameCn: text('name_cn').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull().default(''),
    /** The order status this node stands for, or null. */
    orderStatus: smallint('order_status'),
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    sort: integer('sort').notNull().default(0),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tracking_settings_code_uq').on(t.code)],
);

/** Extra customer columns: contact data, signing company, and the customer-side options. */
export const customerProfiles = pgTable('customer_profiles', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  shortName: text('short_name').notNull().default(''),
  contact: text('contact').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  address: text('address').notNull().default(''),
  signingCompanyId: integer('signing_company_id').references(() => signingCompanies.id),
  /** Account manager (a staff account). */
  managerId: integer('manager_id').references(() => users.id),
  /** user/options: the customer's defaults. */
  defaultChannelId: integer('default_channel_id').references(() => shippingChannels.id),
  notifyEmail: text('notify_email').notNull().default(''),
  remark: text('remark').notNull().default(''),
  updatedAt: updatedAt(),
});

/**
 * Stamps that change with every write to what processes keep in memory, by statement triggers;
 * each starts at a random value, so two databases never share one. Row 1: the names the lists show
 * (a customer's, a channel's, a region's, a carrier's or a user's: migration 0018), kept while the
 * stamp a page reads is the one they were cached under (db/master-names.ts). Row 2: what roles
 * grant (their names and admin flag, their menus, the menus' permission keys: migration 0019),
 * read with every session lookup (http/session.ts).
 */
export const nameVersions = pgTable('name_versions', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
