/**
 * What `npm run backup` writes and `npm run restore` reads: a directory `parcel-backup-<UTC time>`
 * holding `pg/` (the embedded PostgreSQL's data directory as a base backup: its files, the WAL
 * from the backup's start to its end, and `backup_label`), `files/` (everything else in DATA_DIR),
 * and `manifest.json`, written last, with the size and SHA-256 of every file.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export const MANIFEST = 'manifest.json';
export const FORMAT = 'parcel-backup/1';
/** Backups are `parcel-backup-20261206T200102Z`; one being written ends in `.partial`. */
export const BACKUP_PREFIX = 'parcel-backup-';

export interface ManifestFile {
  /** Relative to the backup directory, with `/`. */
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  /** `embedded`: a physical base backup of the embedded PostgreSQL in `pg/`. */
  kind: 'embedded';
  /** When the backup started and when it ended (ISO); the database is as it was at `consistentAt`. */
  startedAt: string;
  consistentAt: string;
  /** The DATA_DIR it was taken from. */
  dataDir: string;
  postgres: {
    version: string;
    label: string;
    startLsn: string;
    stopLsn: string;
    walFiles: string[];
  };
  /** Every directory, so empty ones come back too (PostgreSQL needs pg_notify, pg_replslot …). */
  dirs: string[];
  files: ManifestFile[];
}

/**
 * Copies `src` to `dest` (mode 0600) and answers its size and SHA-256 as read; undefined when
 * `src` is gone (PostgreSQL dropped a relation while the backup ran: the WAL replays the drop).
 * `flush`: on disk (fsync) before it answers, as a backup's files must be.
 */
export async function copyHashed(
  src: string,
  dest: string,
  opts: { flush?: boolean } = {},
): Promise<{ size: number; sha256: string } | undefined> {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      createReadStream(src),
      tap,
      createWriteStream(dest, { mode: 0o600, flush: opts.flush ?? false }),
    );
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' && (e as NodeJS.ErrnoException).path === src) {
      rmSync(dest, { force: true });
      return undefined;
    }
    throw e;
  }
  return { size, sha256: hash.digest('hex') };
}

/** `20261206T200102Z` of a date. */
export const stamp = (d: Date) => `${d.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

export function formatBytes(n: number): string {
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} kB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}
