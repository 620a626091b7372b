import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fileChunks } from '../db/schema/index.ts';

/**
 * Files kept in the database in chunks (export files, uploaded images), so that any server process
 * on the database can serve a file another one wrote: nothing a user may fetch lives only on one
 * machine's disk.
 */
export const CHUNK_BYTES = 1024 * 1024;

/** Stores `source` (bytes, or a local file read in chunks) under `key`, replacing what was there. */
export async function storeFile(db: Db, key: string, source: Buffer | string): Promise<number> {
  await db.delete(fileChunks).where(eq(fileChunks.fileKey, key));
  let seq = 0;
  let size = 0;
  const chunks: AsyncIterable<Buffer> | Iterable<Buffer> =
    typeof source === 'string'
      ? createReadStream(source, { highWaterMark: CHUNK_BYTES })
      : (function* () {
          for (let at = 0; at < source.length || at === 0; at += CHUNK_BYTES)
            yield source.subarray(at, at + CHUNK_BYTES);
        })();
  for await (const data of chunks) {
    await db.insert(fileChunks).values({ fileKey: key, seq: seq++, data });
    size += data.length;
  }
  return size;
}

/** Whether a file is stored under `key`. */
export async function hasStoredFile(db: Db, key: string): Promise<boolean> {
  const r = await db.execute(sql`SELECT 1 FROM ${fileChunks} WHERE ${fileChunks.fileKey} = ${key} LIMIT 1`);
  return r.rows.length > 0;
}

/** The file under `key` as a stream that reads one chunk at a time (bounded memory for any size). */
export function readStoredFile(db: Db, key: string): Readable {
  let next = -1;
  return new Readable({
    async read() {
      try {
        const [row] = await db
          .select({ seq: fileChunks.seq, data: fileChunks.data })
          .from(fileChunks)
          .where(and(eq(fileChunks.fileKey, key), gt(fileChunks.seq, next)))
          .orderBy(asc(fileChunks.seq))
          .limit(1);
        if (!row) return void this.push(null);
        next = row.seq;
        this.push(row.data);
      } catch (err) {
        this.destroy(err as Error);
      }
    },
  });
}

export async function deleteStoredFiles(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length) await db.delete(fileChunks).where(inArray(fileChunks.fileKey, [...keys]));
}
