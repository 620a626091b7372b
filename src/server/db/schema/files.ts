import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { customers, users } from './accounts.ts';

/**
 * One row per file import, whatever it imports (orders, tracking numbers, regions…): the
 * import-record screens read it. `kind` names the importer (see src/server/files/import.ts).
 */
export const importLogs = pgTable(
  'import_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    customerId: integer('customer_id').references(() => customers.id),
    rowCount: integer('row_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /**
     * 0 writing (the valid rows are being written), 1 success (every row written), 2 refused (bad
     * rows or bad file; nothing written) or interrupted (the server stopped while writing; nothing
     * written).
     */
    status: smallint('status').notNull(),
    /** What the importer wants to keep (e.g. the carrier the numbers went to). */
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('import_logs_kind_created_idx').on(t.kind, t.createdAt),
    index('import_logs_user_idx').on(t.userId),
  ],
);

/**
 * One row per export: the file is written in the background, kept in the database
 * (file_chunks, key in `file_path`) and can be downloaded again until `expires_at` (7 days).
 */
export const exportTasks = pgTable(
  'export_tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    filters: jsonb('filters').notNull().default(sql`'{}'::jsonb`),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    customerId: integer('customer_id').references(() => customers.id),
    /** 0 waiting, 1 running, 2 done, 3 failed, 4 expired (file removed). */
    status: smallint('status').notNull().default(0),
    rowCount: integer('row_count').notNull().default(0),
    /** 0–100. */
    progress: smallint('progress').notNull().default(0),
    fileName: text('file_name').notNull(),
    filePath: text('file_path'),
    fileSize: integer('file_size'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Renewed while the export runs; a stale one was cut off with its process. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '7 days'`),
    /**
     * The call that asked for the export ("POST /api/.../region/export"), its input as sent and
     * the caller's language: the export job runs that call again as its caller, in any process.
     */
    call: text('call'),
    input: jsonb('input'),
    locale: text('locale'),
    /** The job engine's job (queue `export`) that writes the file. */
    jobId: text('job_id'),
    /** The process writing the file ("host pid"), while it runs. */
    runner: text('runner'),
    /** When its owner saw it finished (the bell counts the finished ones not yet seen). */
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (t) => [
    index('export_tasks_user_created_idx').on(t.userId, t.createdAt),
    index('export_tasks_expires_idx').on(t.expiresAt),
  ],
);
