import { date, integer, numeric, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The daily rollup of the order statistics (src/server/modules/analysis/analysis-rollup.ts): per
 * business day (created_at in `time_zone`), group dimension (`dim`: 1 customer, 2 channel,
 * 3 destination country, 4 status), group key (as the live query's GROUP_KEY gives it) and COD
 * currency ('' for orders without COD), the orders, chargeable weight, COD orders and COD amount;
 * and the fee lines' sums per day, dimension, group, fee type and currency. It holds the closed
 * days, those before `edge`; the newer ones are read live. One row, id 1; time_zone NULL until
 * built.
 */
export const analysisRollupState = pgTable('analysis_rollup_state', {
  id: smallint('id').primaryKey(),
  timeZone: text('time_zone'),
  edge: date('edge', { mode: 'string' }),
  builtAt: timestamp('built_at', { withTimezone: true }),
});

/**
 * Closed days whose orders or fee lines changed since they were rolled up (marked by the triggers
 * of migration 0015, only for orders older than 34 days): read live until the refresher redoes them.
 */
export const analysisRollupDirty = pgTable('analysis_rollup_dirty', {
  day: date('day', { mode: 'string' }).primaryKey(),
});

export const analysisRollupOrders = pgTable(
  'analysis_rollup_orders',
  {
    dim: smallint('dim').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    g: text('g').notNull(),
    cur: text('cur').notNull(),
    n: integer('n').notNull(),
    w: numeric('w').notNull(),
    cn: integer('cn').notNull(),
    a: numeric('a').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dim, t.day, t.g, t.cur] })],
);

export const analysisRollupFees = pgTable(
  'analysis_rollup_fees',
  {
    dim: smallint('dim').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    g: text('g').notNull(),
    ft: smallint('ft').notNull(),
    cur: text('cur').notNull(),
    a: numeric('a').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dim, t.day, t.g, t.ft, t.cur] })],
);
