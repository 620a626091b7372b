import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { importLogs } from './files.ts';
import { orders } from './orders.ts';

/**
 * The overseas partner's COD remittances (report/closedLoopData overseas reconciliation import), one
 * per order: the amount and currency remitted (equal to the order's COD when imported), the day and
 * the partner's reference; the import (file, importer, time) is `import_id`. An order is closed when it is signed and, if it has COD, remitted.
 */
export const codRemittances = pgTable(
  'cod_remittances',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    trackingNo: text('tracking_no').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    remittedOn: date('remitted_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    remark: text('remark').notNull().default(''),
    importId: bigint('import_id', { mode: 'number' })
      .notNull()
      .references(() => importLogs.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cod_remittances_order_uq').on(t.orderId),
    index('cod_remittances_remitted_idx').on(t.remittedOn, t.id),
    index('cod_remittances_import_idx').on(t.importId),
  ],
);
