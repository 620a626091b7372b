import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers, users } from './accounts.ts';
import { orders } from './orders.ts';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/**
 * Requests to change an order's COD amount (report/codModification), single or imported. status
 * (src/shared/domain/cod.ts): 0 pending, 1 approved (the amount went onto the order), 2 rejected.
 * The original amount and currency are the order's when the request was made. An order has at
 * most one pending request (a partial unique index), so two approvals can never race on it.
 */
export const codModifications = pgTable(
  'cod_modifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order's customer, kept for scope and filters without a join. */
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The logistics order no the request named (our tracking no). */
    trackingNo: text('tracking_no').notNull(),
    originalAmount: money('original_amount').notNull(),
    originalCurrency: text('original_currency').notNull().default(''),
    updatedAmount: money('updated_amount').notNull(),
    currency: text('currency').notNull(),
    remark: text('remark').notNull().default(''),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: smallint('status').notNull().default(0),
    approverId: integer('approver_id').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvalRemark: text('approval_remark').notNull().default(''),
  },
  (t) => [
    index('cod_modifications_created_idx').on(t.createdAt, t.id),
    index('cod_modifications_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    index('cod_modifications_tracking_no_idx').on(t.trackingNo),
    index('cod_modifications_order_idx').on(t.orderId),
    uniqueIndex('cod_modifications_pending_uq').on(t.orderId).where(sql`${t.status} = 0`),
  ],
);

/**
 * The daily push of the previous business day's COD modifications to the work-chat webhook: one
 * row per business day (UNIQUE), updated by each attempt of the push's job (cod-push.ts). result
 * (src/shared/domain/cod.ts CodPushResult): 0 running, 1 sent, 2 failed (the job retries it),
 * 3 skipped (no webhook configured), 4 given up (its retries spent; its failed job may be retried).
 */
export const codPushes = pgTable(
  'cod_pushes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The business day whose modifications the push carries (the day before it is sent). */
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    result: smallint('result').notNull().default(0),
    rowCount: integer('row_count').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    error: text('error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last attempt finished (sent, failed or skipped). */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('cod_pushes_business_day_uq').on(t.businessDay)],
);
