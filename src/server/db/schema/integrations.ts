import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers, users } from './accounts.ts';

/**
 * A customer system's credential. The secret (`pbo_…`) is shown once and stored only as its
 * SHA-256 (a random 32-byte secret needs no slow hash). The key acts as `actingUserId`, a customer
 * account, with that account's rights as they are at each call, narrowed by `scopes`.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The customer account whose rights the key carries (its creator, or the main account when staff made it). */
    actingUserId: integer('acting_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    /** The first characters of the secret, to tell keys apart in a list. */
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    /** The rate limit's fixed window (epoch second) and the calls counted in it, shared by every process. */
    rateWindow: bigint('rate_window', { mode: 'number' }).notNull().default(0),
    rateCount: integer('rate_count').notNull().default(0),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.hash), index('api_keys_customer_idx').on(t.customerId)],
);

/**
 * A customer's webhook endpoint: where its events are posted, signed per Standard Webhooks with
 * `secret` (`whsec_` + base64 of 32 random bytes). The secret must be readable to sign, so it is
 * stored as issued; it is answered only once, when the endpoint is made.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    url: text('url').notNull(),
    /** The event types it receives (webhook-events.ts WEBHOOK_EVENTS). */
    events: text('events').array().notNull().default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret').notNull(),
    description: text('description').notNull().default(''),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('webhook_endpoints_customer_idx').on(t.customerId).where(sql`${t.deletedAt} IS NULL`)],
);

/**
 * The transactional outbox: each event, written by `emit` in the same transaction as the change it
 * reports (only when its customer has an endpoint taking it). `body` is the exact JSON posted.
 */
export const webhookOutbox = pgTable(
  'webhook_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    type: text('type').notNull(),
    /** What orders the deliveries of an endpoint: events of one lane (an order) go out in order. */
    lane: text('lane').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_outbox_customer_idx').on(t.customerId, t.id)],
);

/** One event to one endpoint: its attempts and the last answer (code, first 1 KB of the body). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookOutbox.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').notNull(),
    /** 0 pending, 1 delivered, 2 failed (attempts spent). */
    state: smallint('state').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastBody: text('last_body').notNull().default(''),
    lastError: text('last_error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_customer_idx').on(t.customerId, t.id),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);
