/**
 * `npm run backup -- <dir> [--keep N]`: a consistent backup of the embedded database (and of the
 * rest of DATA_DIR) into `<dir>/parcel-backup-<UTC time>/`, taken while the server runs and writes.
 *
 * The embedded binaries have no pg_basebackup, so this is PostgreSQL's low-level base backup, done
 * in one session: a temporary replication slot keeps the WAL from being recycled meanwhile;
 * `pg_backup_start` (with an immediate checkpoint); a copy of the data directory's files (those a
 * base backup leaves out are left out); `pg_backup_stop`, whose answer is written as
 * `backup_label`; then the WAL segments from the backup's start to its end. Started on those files,
 * PostgreSQL replays that WAL and has the database as it was when `pg_backup_stop` returned: every
 * transaction committed before then, none after. `npm run restore` does it and checks it.
 *
 * When the server is not running, its database is started for the backup and stopped after.
 * With DATABASE_URL (an external PostgreSQL), that database is backed up with its own tools: this
 * runs pg_dump when one is on the PATH, else says what to do (docs/operations.md).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import pg from 'pg';
import {
  type EmbeddedPostgres,
  runningEmbeddedPostgres,
  startEmbeddedPostgres,
} from '../src/server/db/embedded.ts';
import {
  BACKUP_PREFIX,
  copyHashed,
  FORMAT,
  formatBytes,
  MANIFEST,
  type Manifest,
  type ManifestFile,
  stamp,
} from './backup-files.ts';

const USAGE = `Usage: npm run backup -- <directory> [--keep N]

Backs up the embedded database and the rest of DATA_DIR (${process.env.DATA_DIR || './data'}) into
<directory>/parcel-backup-<UTC time>/, while the server runs. --keep N then removes all but the
newest N backups in <directory>. Restore with: DATA_DIR=<new dir> npm run restore -- <backup>`;

class Refusal extends Error {}

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

function parseArgs(argv: string[]): { dir: string; keep: number | undefined } {
  let dir: string | undefined;
  let keep: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (a === '--keep') {
      keep = Number(argv[++i]);
      if (!Number.isInteger(keep) || keep < 1)
        throw new Refusal('--keep takes a whole number of backups, 1 or more.');
    } else if (a.startsWith('-')) throw new Refusal(`Unknown option ${a}.\n\n${USAGE}`);
    else if (dir === undefined) dir = a;
    else throw new Refusal(`One directory only.\n\n${USAGE}`);
  }
  if (!dir) throw new Refusal(USAGE);
  return { dir: resolve(dir), keep };
}

async function main(): Promise<void> {
  const { dir, keep } = parseArgs(process.argv.slice(2));
  const dataDir = resolve(process.env.DATA_DIR || './data');
  if (process.env.DATABASE_URL) {
    externalDatabase(dir, process.env.DATABASE_URL);
    return;
  }
  const pgDir = join(dataDir, 'pg');
  if (!existsSync(join(pgDir, 'PG_VERSION')))
    throw new Refusal(
      `There is no embedded database in ${pgDir}. Set DATA_DIR to the data directory the server runs on.`,
    );
  const under = (child: string, parent: string) => !relative(parent, child).startsWith('..');
  if (under(dir, dataDir) || under(dir, realpathSync(dataDir)))
    throw new Refusal('Keep backups outside DATA_DIR (on another disk, ideally).');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (isInside(dir, dataDir)) throw new Refusal('Keep backups outside DATA_DIR (on another disk, ideally).');
  const started = new Date();
  const name = `${BACKUP_PREFIX}${stamp(started)}`;
  const final = join(dir, name);
  const partial = `${final}.partial`;
  try {
    if (existsSync(final)) throw Object.assign(new Error(), { code: 'EEXIST' });
    mkdirSync(partial, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST')
      throw new Refusal(`${final} exists already (another backup started this second?).`);
    throw e;
  }

  // Stopped (Ctrl-C, a timer's timeout): no half backup is left behind. PostgreSQL ends the backup
  // with the session.
  let temporary: EmbeddedPostgres | undefined;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      rmSync(partial, { recursive: true, force: true });
      console.error(`The backup was stopped (${signal}); nothing was kept.`);
      void (temporary?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
    });
  try {
    let port = runningEmbeddedPostgres(dataDir)?.port;
    if (port === undefined) {
      console.log('The server is not running: starting its database for the backup.');
      temporary = await startEmbeddedPostgres(dataDir, { info: () => {}, warn: (m) => console.warn(m) });
      port = Number(new URL(temporary.url).port);
    }
    const manifest = await baseBackup(`postgres://postgres@127.0.0.1:${port}/postgres`, pgDir, partial, name);
    await temporary?.stop();
    temporary = undefined;
    manifest.startedAt = started.toISOString();
    manifest.dataDir = dataDir;
    copyTree(dataDir, join(partial, 'files'), 'files', manifest, (rel) => rel === 'pg');
    await hashPending(manifest);
    writeFileSync(join(partial, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`, {
      mode: 0o600,
      flush: true,
    });
    renameSync(partial, final);
    syncDir(dir);
    const bytes = manifest.files.reduce((s, f) => s + f.size, 0);
    console.log(
      `Backup written to ${final}\n` +
        `  ${manifest.files.length} files, ${formatBytes(bytes)}, in ${((Date.now() - started.getTime()) / 1000).toFixed(1)} s\n` +
        `  the database as it was at ${manifest.consistentAt} (PostgreSQL ${manifest.postgres.version}, WAL ${manifest.postgres.startLsn} to ${manifest.postgres.stopLsn})\n` +
        `Restore it with: DATA_DIR=<new directory> npm run restore -- ${final}`,
    );
    if (keep) prune(dir, keep);
  } catch (e) {
    rmSync(partial, { recursive: true, force: true });
    throw e;
  } finally {
    await temporary?.stop();
  }
}

/** Files copied by copyTree, hashed in turn (a few at a time) by hashPending. */
const pending: { src: string; dest: string; rel: string }[] = [];

async function baseBackup(url: string, pgDir: string, out: string, label: string): Promise<Manifest> {
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
function copyTree(
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
async function hashPending(manifest: Manifest): Promise<void> {
  const queue = pending.splice(0);
  const worker = async () => {
    for (let f = queue.shift(); f; f = queue.shift()) {
      const r = await copyHashed(f.src, f.dest, { flush: true });
      if (r) manifest.files.push({ path: f.rel, ...r } satisfies ManifestFile);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** fsync of a directory: a rename in it survives a power cut. */
function syncDir(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
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

function isInside(child: string, parent: string): boolean {
  const r = relative(realpathSync(parent), realpathSync(child));
  return r === '' || (!r.startsWith('..') && !r.startsWith(sep));
}

/** Removes all but the newest `keep` complete backups in `dir` (a `.partial` one may be running: left). */
function prune(dir: string, keep: number): void {
  const names = readdirSync(dir).filter((n) => n.startsWith(BACKUP_PREFIX));
  const complete = names
    .filter((n) => !n.endsWith('.partial') && existsSync(join(dir, n, MANIFEST)))
    .sort()
    .reverse();
  for (const n of complete.slice(keep)) {
    rmSync(join(dir, n), { recursive: true, force: true });
    console.log(`Removed the older backup ${join(dir, n)} (--keep ${keep}).`);
  }
}

/** DATABASE_URL: pg_dump when there is one, else what to run. */
function externalDatabase(dir: string, url: string): void {
  const safeUrl = url.replace(/\/\/[^@/]*@/, '//…@');
  const advice =
    `The database is an external PostgreSQL (DATABASE_URL=${safeUrl}): back it up with its own tools,\n` +
    '  pg_basebackup -D <dir> -X stream -c fast -d "$DATABASE_URL"   (a physical copy, for point-in-time recovery with WAL archiving)\n' +
    '  pg_dump -Fc -f <file>.dump "$DATABASE_URL"                      (a logical dump; restore with pg_restore)\n' +
    'or your provider\'s snapshots. See docs/operations.md, "Backup and restore".';
  const which = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  if (which.status !== 0) {
    console.error(`${advice}\npg_dump is not on the PATH, so nothing was backed up.`);
    process.exit(2);
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, `parcel-${stamp(new Date())}.dump`);
  console.log(`${which.stdout.trim()}: dumping the external database into ${file}`);
  // The password goes through the environment, not the command line other users can read.
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const r = spawnSync('pg_dump', ['--format=custom', '--file', file, '--dbname', u.toString()], {
    stdio: 'inherit',
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  });
  if (r.status !== 0) {
    rmSync(file, { force: true });
    console.error(`pg_dump failed (exit code ${r.status}).\n${advice}`);
    process.exit(1);
  }
  chmodSync(file, 0o600);
  console.log(
    `Dump written to ${file}. Restore it into an empty database with:\n` +
      `  pg_restore --no-owner --dbname <new database URL> ${file}`,
  );
}

try {
  await main();
} catch (e) {
  if (e instanceof Refusal) console.error(e.message);
  else console.error(`The backup failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  process.exit(1);
}
