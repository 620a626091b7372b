/**
 * `npm run restore -- <backup>`: brings a backup of `npm run backup` back into DATA_DIR, which
 * must be new or empty (a live or used data directory is never overwritten). `<backup>` is a
 * `parcel-backup-…` directory, or the directory holding them (then the newest is taken).
 *
 * Every file is checked against the manifest's SHA-256 before the restore counts as done; the
 * files go into a sibling directory first and take DATA_DIR's name at the end, so an interrupted
 * restore leaves no half data directory behind. Then the database is started once: PostgreSQL
 * replays the backup's WAL (up to the moment the backup ended) and answers, the restore prints
 * what it holds, and the server can be started on DATA_DIR as usual.
 */
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { runAsUser, runningEmbeddedPostgres, startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { BACKUP_PREFIX, copyHashed, FORMAT, formatBytes, MANIFEST, type Manifest } from './backup-files.ts';

const USAGE = `Usage: DATA_DIR=<new directory> npm run restore -- <backup>

Restores a backup made by npm run backup into DATA_DIR (now ${process.env.DATA_DIR || './data'}), which must be new
or empty. <backup> is a parcel-backup-… directory, or the directory holding them (the newest is taken).`;

class Refusal extends Error {}

function parseArgs(argv: string[]): string {
  const rest = argv.filter((a) => {
    if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (a.startsWith('-')) throw new Refusal(`Unknown option ${a}.\n\n${USAGE}`);
    return true;
  });
  if (rest.length !== 1) throw new Refusal(USAGE);
  return resolve(rest[0]!);
}

/** The backup directory `arg` names: itself, or the newest complete backup inside it. */
function findBackup(arg: string): string {
  if (existsSync(join(arg, MANIFEST))) return arg;
  if (!existsSync(arg)) throw new Refusal(`${arg} does not exist.`);
  const newest = readdirSync(arg)
    .filter(
      (n) => n.startsWith(BACKUP_PREFIX) && !n.endsWith('.partial') && existsSync(join(arg, n, MANIFEST)),
    )
    .sort()
    .pop();
  if (!newest)
    throw new Refusal(
      `${arg} holds no complete backup (a parcel-backup-… directory with its ${MANIFEST}; one ending in .partial did not finish).`,
    );
  console.log(`Taking the newest backup in ${arg}: ${newest}`);
  return join(arg, newest);
}

async function main(): Promise<void> {
  const backup = findBackup(parseArgs(process.argv.slice(2)));
  const manifest = JSON.parse(readFileSync(join(backup, MANIFEST), 'utf8')) as Manifest;
  if (manifest.format !== FORMAT || manifest.kind !== 'embedded')
    throw new Refusal(`${backup} is not a backup this version can restore (format ${manifest.format}).`);
  if (process.env.DATABASE_URL)
    console.warn(
      'DATABASE_URL is set, but this backup is of the embedded database: it is restored into DATA_DIR, ' +
        'for a server started without DATABASE_URL.',
    );

  const dataDir = resolve(process.env.DATA_DIR || './data');
  const live = runningEmbeddedPostgres(dataDir);
  if (live)
    throw new Refusal(
      `A database is running on ${dataDir} (pid ${live.pid}): a restore never overwrites a live data directory. ` +
        'Restore into a new one (DATA_DIR=<new directory> npm run restore -- <backup>) and start the server on it.',
    );
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Refusal(
      `${dataDir} is not empty: a restore never overwrites a data directory. ` +
        'Restore into a new one (DATA_DIR=<new directory> npm run restore -- <backup>), or move this one away first.',
    );

  const started = Date.now();
  console.log(`Restoring ${backup} (taken ${manifest.consistentAt}) into ${dataDir}`);
  // The files go into DATA_DIR/.restoring first (same file system, even when DATA_DIR is a mount
  // point) and are moved up at the end, pg/ last: an interrupted restore leaves no pg/ behind,
  // and a second try is refused until the directory is emptied.
  const created = !existsSync(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const work = join(dataDir, '.restoring');
  try {
    mkdirSync(work, { mode: 0o700 });
    const target = (path: string) => {
      if (path === 'files') return work;
      if (path.startsWith('files/')) return join(work, path.slice('files/'.length));
      if (path === 'pg' || path.startsWith('pg/')) return join(work, path);
      throw new Refusal(`The manifest names ${path}, outside the backup's pg/ and files/.`);
    };
    for (const d of manifest.dirs) {
      if (d.split('/').includes('..')) throw new Refusal(`The manifest names ${d}.`);
      mkdirSync(target(d), { recursive: true, mode: 0o700 });
    }
    let bytes = 0;
    const queue = [...manifest.files];
    const worker = async () => {
      for (let f = queue.shift(); f; f = queue.shift()) {
        if (f.path.split('/').includes('..')) throw new Refusal(`The manifest names ${f.path}.`);
        const r = await copyHashed(join(backup, f.path), target(f.path));
        if (!r) throw new Refusal(`The backup is incomplete: ${f.path} is missing.`);
        if (r.sha256 !== f.sha256 || r.size !== f.size)
          throw new Refusal(`The backup is damaged: ${f.path} does not match its checksum.`);
        bytes += r.size;
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    console.log(`  ${manifest.files.length} files (${formatBytes(bytes)}) copied and checked`);

    // As root, PostgreSQL runs as the postgres user (src/server/db/embedded.ts): its files are its
    // own, and it must pass through DATA_DIR.
    const owner = runAsUser();
    if (owner) {
      chownTree(join(work, 'pg'), owner.uid, owner.gid);
      chmodSync(dataDir, (statSync(dataDir).mode & 0o777) | 0o011);
    }
    chmodSync(join(work, 'pg'), 0o700);
    const names = readdirSync(work).sort((a, b) => Number(a === 'pg') - Number(b === 'pg'));
    for (const name of names) renameSync(join(work, name), join(dataDir, name));
    rmSync(work, { recursive: true });
  } catch (e) {
    if (created) rmSync(dataDir, { recursive: true, force: true });
    else rmSync(work, { recursive: true, force: true });
    throw e;
  }

  // Start it once: PostgreSQL replays the WAL to the end of the backup; then a look inside.
  console.log('  starting the restored database (it replays the WAL up to the end of the backup)…');
  const db = await startEmbeddedPostgres(dataDir, { info: () => {}, warn: (m) => console.warn(m) });
  try {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const n = async (sql: string) => {
        try {
          return (await client.query<{ n: string }>(sql)).rows[0]!.n;
        } catch {
          return '?';
        }
      };
      const orders = await n('SELECT count(*)::text AS n FROM orders');
      const users = await n('SELECT count(*)::text AS n FROM users');
      const migrations = await n('SELECT count(*)::text AS n FROM drizzle.__drizzle_migrations');
      console.log(
        `Restored into ${dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s: the database as it was at ${manifest.consistentAt}\n` +
          `  ${orders} orders, ${users} users, ${migrations} migrations applied\n` +
          `Start the server on it with: DATA_DIR=${dataDir} npm start`,
      );
    } finally {
      await client.end();
    }
  } finally {
    await db.stop();
  }
}

function chownTree(path: string, uid: number, gid: number): void {
  chownSync(path, uid, gid);
  if (!statSync(path).isDirectory()) return;
  for (const name of readdirSync(path)) chownTree(join(path, name), uid, gid);
}

try {
  await main();
} catch (e) {
  if (e instanceof Refusal) console.error(e.message);
  else console.error(`The restore failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  process.exit(1);
}
