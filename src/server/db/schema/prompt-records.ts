import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { importLogs } from './files.ts';
import { carriers } from './master.ts';
import { orders } from './orders.ts';

const orderRef = () =>
  bigint('order_id', { mode: 'number' })
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' });
const importRef = () =>
  bigint('import_id', { mode: 'number' })
    .notNull()
    .references(() => importLogs.id);

/**
 * Carriers' confirmations of delivery and return (report/promptRecord), one row per order and kind
 * (src/shared/domain/prompt-record.ts PromptKind: 1 delivery, 2 return), written by the import that
 * signed or returned the order. `occurred_at` is the carrier's sign or return time; the import (its
 * file, importer and time) is `import_id`. A repeated confirmation adds no row.
 */
export const promptRecords = pgTable(
  'prompt_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: smallint('kind').notNull(),
    orderId: orderRef(),
    /** The order's customer, kept for scope and filters without a join. */
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    trackingNo: text('tracking_no').notNull(),
    /** The order's last-mile carrier and number when the confirmation came. */
    carrierId: integer('carrier_id').references(() => carriers.id),
    carrierTrackingNo: text('carrier_tracking_no'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** Who signed (delivery). */
    signer: text('signer').notNull().default(''),
    /** Why it came back (return). */
    reason: text('reason').notNull().default(''),
    remark: text('remark').notNull().default(''),
    importId: importRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('prompt_records_order_kind_uq').on(t.orderId, t.kind),
    index('prompt_records_kind_occurred_idx').on(t.kind, t.occurredAt, t.id),
    index('prompt_records_customer_idx').on(t.customerId, t.kind, t.occurredAt),
    index('prompt_records_tracking_no_idx').on(t.trackingNo),
    index('prompt_records_carrier_no_idx').on(t.carrierTrackingNo),
    index('prompt_records_import_idx').on(t.importId),
  ],
);
