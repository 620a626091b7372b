import { customType, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * File contents kept in the database (export files, uploaded images), so every server process on
 * one database can serve what another one wrote. A file is its chunks in `seq` order, under a key
 * such as `export:12` or `image:<sha256>`.
 */
export const fileChunks = pgTable(
  'file_chunks',
  {
    fileKey: text('file_key').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileKey, t.seq] })],
);
