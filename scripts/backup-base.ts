/**
 * The embedded database's part of `npm run backup` (scripts/backup.ts): PostgreSQL's low-level
 * base backup in one session (a temporary replication slot, `pg_backup_start`, a copy of the data
 * directory's files, `pg_backup_stop`, the WAL from start to end), and the copy of a directory
 * tree into the backup with each file's size and SHA-256 in the manifest.
 */
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import pg from 'pg';
import { copyHashed, FORMAT, type Manifest, type ManifestFile } from './backup-files.ts';

/** A reason the backup is not taken, told as it is (no stack). */
export class Refusal extends Error {}

/** Data-directory entries a base backup leaves out: PostgreSQL recreates or resets them at start. */
const EMPTY_DIRS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const SKIP_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'backup_manifest',
  'postgresql.auto.conf.tmp',
  'current_logfiles.tmp',
]);
const skipped = (name: string) => name.startsWith('pgsql_tmp') || name.startsWith('pg_internal.init');
const WAL_NAME = /^[0-9A-F]{24}$/;

/** Files copied by copyTree, hashed in turn (a few at a time) by hashPending. */
const pending: { src: string; dest: string; rel: string }[] = [];

export async function baseBackup(url: string, pgDir: string, out: string, label: string): Promise<Manifest> {
  const client = new pg.Client({ connectionString: url, application_name: 'parcel-backup' });
  client.on('error', () => {});
  await client.connect();
  try {
    const settings = await client.query<{ name: string; setting: string }>(
      "SELECT name, setting FROM pg_settings WHERE name IN ('server_version', 'data_directory', 'wal_level')",
    );
    const setting = (n: string) => settings.rows.find((r) => r.name === n)?.setting ?? '';
    if (realpathSync(setting('data_directory')) !== realpathSync(pgDir))
      throw new Refusal(
        `The PostgreSQL on port ${new URL(url).port} serves ${setting('data_directory')}, not ${pgDir}.`,
      );
    if (setting('wal_level') === 'minimal')
      throw new Refusal('wal_level is minimal: PostgreSQL cannot take a base backup (set it to replica).');
    const spaces = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_tablespace WHERE spcname NOT IN ('pg_default', 'pg_global')",
    );
    if (spaces.rows[0]!.n > 0)
      throw new Refusal(
        'The database has tablespaces of its own; this backup copies the data directory only.',
      );

    // Keeps every WAL segment from here on until this session ends (a temporary slot).
    const slot = `parcel_backup_${process.pid}_${Date.now()}`;
    await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [slot]);
    const start = await client.query<{ lsn: string }>('SELECT pg_backup_start($1, true)::text AS lsn', [
      label,
    ]);

    const manifest: Manifest = {
      format: FORMAT,
      kind: 'embedded',
      startedAt: '',
      consistentAt: '',
      dataDir: '',
      postgres: {
        version: setting('server_version'),
        label,
        startLsn: start.rows[0]!.lsn,
        stopLsn: '',
        walFiles: [],
      },
      dirs: [],
      files: [],
    };
    copyTree(pgDir, join(out, 'pg'), 'pg', manifest, (rel, isDir) => {
      const top = !rel.includes(sep);
      const base = rel.slice(rel.lastIndexOf(sep) + 1);
      if (skipped(base)) return true;
      if (top && !isDir && SKIP_FILES.has(rel)) return true;
      return false;
    });
    await hashPending(manifest);

    const stop = await client.query<{ lsn: string; labelfile: string; spcmapfile: string | null; at: Date }>(
      'SELECT lsn::text AS lsn, labelfile, spcmapfile, clock_timestamp() AS at FROM pg_backup_stop(false)',
    );
    const { lsn: stopLsn, labelfile, spcmapfile, at } = stop.rows[0]!;
    manifest.postgres.stopLsn = stopLsn;
    manifest.consistentAt = at.toISOString();
    writeOwn(out, manifest, 'pg/backup_label', labelfile);
    if (spcmapfile) writeOwn(out, manifest, 'pg/tablespace_map', spcmapfile);

    // The WAL from the start of the backup to its end (pg_backup_stop switched to a new segment,
    // so the last one is complete).
    const first = /START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)/.exec(labelfile)?.[1];
    if (!first) throw new Error(`Unexpected backup label:\n${labelfile}`);
    const last = (await client.query<{ f: string }>('SELECT pg_walfile_name($1::pg_lsn) AS f', [stopLsn]))
      .rows[0]!.f;
    const segmentSize = Number(
      (
        await client.query<{ s: string }>(
          "SELECT setting AS s FROM pg_settings WHERE name = 'wal_segment_size'",
        )
      ).rows[0]!.s,
    );
    const wal = walRange(first, last, segmentSize);
    const walDir = join(pgDir, 'pg_wal');
    const histories = readdirSync(walDir).filter((f) => /^[0-9A-F]{8}\.history$/.test(f));
    for (const f of [...wal, ...histories]) {
      const r = await copyHashed(join(walDir, f), join(out, 'pg', 'pg_wal', f), { flush: true });
      if (!r) throw new Error(`WAL segment ${f} is missing from ${walDir}: the backup cannot be completed.`);
      manifest.files.push({ path: `pg/pg_wal/${f}`, ...r });
    }
    manifest.postgres.walFiles = wal;
    await client.query('SELECT pg_drop_replication_slot($1)', [slot]);
    return manifest;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The names of the WAL segments from `first` to `last`, on `first`'s timeline. */
function walRange(first: string, last: string, segmentSize: number): string[] {
  const perLog = 0x100000000 / segmentSize;
  const number = (f: string) =>
    Number.parseInt(f.slice(8, 16), 16) * perLog + Number.parseInt(f.slice(16), 16);
  const timeline = first.slice(0, 8);
  const names: string[] = [];
  for (let n = number(first); n <= number(last); n++) {
    const log = Math.floor(n / perLog);
    const seg = n % perLog;
    names.push(
      `${timeline}${log.toString(16).toUpperCase().padStart(8, '0')}${seg.toString(16).toUpperCase().padStart(8, '0')}`,
    );
  }
  if (!names.every((n) => WAL_NAME.test(n)) || names.length === 0)
    throw new Error(`Unexpected WAL range ${first} to ${last}`);
  return names;
}

/**
 * Makes `to` a copy of the tree at `from` (files queued for hashPending), recording directories;
 * `skip(rel, isDir)` leaves an entry out. Directories PostgreSQL empties at start are kept empty
 * (their subdirectories too: pg_wal/archive_status, pg_wal/summaries).
 */
export function copyTree(
  from: string,
  to: string,
  prefix: string,
  manifest: Manifest,
  skip: (rel: string, isDir: boolean) => boolean,
): void {
  const walk = (rel: string, emptyOnly: boolean) => {
    const dest = join(to, rel);
    mkdirSync(dest, { recursive: true, mode: 0o700 });
    manifest.dirs.push(toPosix(join(prefix, rel)));
    let entries: string[];
    try {
      entries = readdirSync(join(from, rel));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const name of entries.sort()) {
      const r = rel ? join(rel, name) : name;
      let st: ReturnType<typeof lstatSync>;
      try {
        st = lstatSync(join(from, r));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw e;
      }
      if (st.isSymbolicLink() && prefix === 'pg' && r === 'pg_wal') {
        walk(r, true);
        continue;
      }
      if (st.isSymbolicLink()) throw new Refusal(`${join(from, r)} is a symbolic link: not backed up.`);
      if (skip(r, st.isDirectory())) continue;
      // Of a directory PostgreSQL empties, only pg_wal's subdirectories come along (archive_status,
      // summaries); a slot's directory in pg_replslot without its state would stop the start.
      if (st.isDirectory() && emptyOnly && !(prefix === 'pg' && rel === 'pg_wal')) continue;
      if (st.isDirectory()) walk(r, emptyOnly || (prefix === 'pg' && !rel && EMPTY_DIRS.has(name)));
      else if (st.isFile() && !emptyOnly)
        pending.push({ src: join(from, r), dest: join(to, r), rel: toPosix(join(prefix, r)) });
    }
  };
  walk('', false);
}

/** Copies and hashes the queued files, four at a time. */
export async function hashPending(manifest: Manifest): Promise<void> {
  const queue = pending.splice(0);
  const worker = async () => {
    for (let f = queue.shift(); f; f = queue.shift()) {
      const r = await copyHashed(f.src, f.dest, { flush: true });
      if (r) manifest.files.push({ path: f.rel, ...r } satisfies ManifestFile);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** A file of the backup written from `text` (backup_label, tablespace_map). */
function writeOwn(out: string, manifest: Manifest, rel: string, text: string): void {
  const data = Buffer.from(text, 'utf8');
  writeFileSync(join(out, rel), data, { mode: 0o600, flush: true });
  manifest.files.push({
    path: rel,
    size: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
  });
}

const toPosix = (p: string) => p.split(sep).join('/');
