import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
