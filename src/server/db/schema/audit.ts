import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The audit log: one row per administrative change, written in the transaction that makes the
 * change (server/audit/record.ts). Append-only in the database: a trigger refuses every UPDATE, every
 * TRUNCATE and every DELETE except the retention's, which goes through the function
 * audit_log_drop_before (migration 0027). No foreign keys: an entry outlives the account and the
 * record it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The account that made the change; null for the system (a job, a start-up task). */
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    /** The account's type (1 staff, 2 main account, 3 sub-account, 4 PDA); 0 the system. */
    actorType: smallint('actor_type').notNull(),
    ip: text('ip').notNull().default(''),
    sessionId: uuid('session_id'),
    /** What kind of record (server/audit/entities.ts AUDIT_ENTITIES). */
    entity: text('entity').notNull(),
    recordId: text('record_id').notNull(),
    /** create, update, delete, or a named act (cancel, intercept, approve, recalculate, import…). */
    action: text('action').notNull(),
    /** The fields that changed, with their values before and after (absent before a create, after a delete). */
    before: jsonb('before').$type<Record<string, unknown>>().notNull().default({}),
    after: jsonb('after').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_record_idx').on(t.entity, t.recordId, t.at),
    index('audit_log_actor_idx').on(t.actorName, t.at),
  ],
);
