import { sql } from 'drizzle-orm';
import {
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
import { users } from './accounts.ts';
import { depots } from './master.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Label printers on the warehouses' network (Zebra-class, raw ZPL on a TCP port, 9100 by custom).
 * At most one default printer per warehouse (`is_default`), used when the user has none of their own.
 */
export const printers = pgTable(
  'printers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull().default(9100),
    /** 203 or 300 dots per inch. */
    dpi: smallint('dpi').notNull().default(203),
    labelWidthMm: smallint('label_width_mm').notNull().default(100),
    labelHeightMm: smallint('label_height_mm').notNull().default(150),
    depotId: integer('depot_id').references(() => depots.id),
    isDefault: boolean('is_default').notNull().default(false),
    /** 1 enabled, 2 disabled. */
    status: smallint('status').notNull().default(1),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('printers_name_uq').on(sql`lower(${t.name})`),
    uniqueIndex('printers_depot_default_uq').on(t.depotId).where(sql`${t.isDefault}`),
  ],
);

/** A user's own default printer (before their warehouse's). */
export const userPrinters = pgTable('user_printers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  printerId: integer('printer_id')
    .notNull()
    .references(() => printers.id, { onDelete: 'cascade' }),
  updatedAt: updatedAt(),
});

/**
 * One print sent to a printer: the ZPL as it was made, and its delivery (1 queued, 2 sent, 3
 * failed) by the job engine's print-zpl job. The printer's name and address are kept as sent.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    printerId: integer('printer_id').references(() => printers.id, { onDelete: 'set null' }),
    printerName: text('printer_name').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    /** What was printed: `orderLabel`. */
    kind: text('kind').notNull(),
    /** The tracking numbers printed, comma separated (the first ones of a long print). */
    subject: text('subject').notNull().default(''),
    labels: integer('labels').notNull(),
    zpl: text('zpl').notNull(),
    status: smallint('status').notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    error: text('error').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [index('print_jobs_created_idx').on(t.createdAt), index('print_jobs_printer_idx').on(t.printerId)],
);
