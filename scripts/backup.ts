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
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import {
  type EmbeddedPostgres,
  runningEmbeddedPostgres,
  startEmbeddedPostgres,
} from '../src/server/db/embedded.ts';
import { baseBackup, copyTree, hashPending, Refusal } from './backup-base.ts';
import { BACKUP_PREFIX, formatBytes, MANIFEST, stamp } from './backup-files.ts';

const USAGE = `Usage: npm run backup -- <directory> [--keep N]

Backs up the embedded database and the rest of DATA_DIR (${process.env.DATA_DIR || './data'}) into
<directory>/parcel-backup-<UTC time>/, while the server runs. --keep N then removes all but the
newest N backups in <directory>. Restore with: DATA_DIR=<new dir> npm run restore -- <backup>`;

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

/** fsync of a directory: a rename in it survives a power cut. */
function syncDir(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

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
