import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../src/server/free-port.ts';

/** The machine's PostgreSQL binaries (Debian's postgresql-15), or PG_BIN. */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export const hasPgBinaries = () =>
  ['initdb', 'pg_ctl', 'pg_basebackup'].every((b) => existsSync(join(PG_BIN, b)));

/** PostgreSQL refuses to run as root: as root, the clusters belong to the `postgres` user. */
function owner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

export interface Cluster {
  dir: string;
  port: number;
  /** postgres://postgres@127.0.0.1:port/<db> */
  url(db?: string): string;
  start(): Promise<void>;
  /** `mode`: fast (clean) or immediate (as a crash). */
  stop(mode?: 'fast' | 'immediate'): void;
  remove(): void;
}

function run(bin: string, args: string[]): string {
  const o = owner();
  return execFileSync(join(PG_BIN, bin), args, { stdio: 'pipe', ...(o ?? {}) }).toString();
}

function cluster(root: string, dir: string, port: number): Cluster {
  const c: Cluster = {
    dir,
    port,
    url: (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`,
    async start() {
      // pg_ctl waits until the server accepts connections (-w); its log goes to a file.
      await new Promise<void>((resolve, reject) => {
        const o = owner();
        const p = spawn(
          join(PG_BIN, 'pg_ctl'),
          ['-D', dir, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', `-p ${port}`, 'start'],
          { stdio: 'ignore', ...(o ?? {}) },
        );
        p.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl start: exit ${code}`))));
      });
    },
    stop(mode = 'fast') {
      try {
        run('pg_ctl', ['-D', dir, '-m', mode, '-w', 'stop']);
      } catch {
        // already stopped
      }
    },
    remove() {
      c.stop('immediate');
      rmSync(root, { recursive: true, force: true });
    },
  };
  return c;
}

function tempRoot(prefix: string): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const o = owner();
  if (o) {
    chownSync(root, o.uid, o.gid);
    chmodSync(root, 0o755);
  }
  return root;
}

/** A new primary (wal_level replica, WAL senders) in a temporary directory, on a free port, started. */
export async function startPrimary(): Promise<Cluster> {
  const root = tempRoot('parcel-primary-');
  const dir = join(root, 'data');
  run('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
  const conf = [
    "listen_addresses = '127.0.0.1'",
    "unix_socket_directories = ''",
    'wal_level = replica',
    'max_wal_senders = 10',
    'wal_keep_size = 256MB',
    'fsync = off',
    'max_connections = 100',
  ];
  writeFileSync(join(dir, 'postgresql.auto.conf'), `${conf.join('\n')}\n`);
  const c = cluster(root, dir, await freePort());
  await c.start();
  return c;
}

/** A streaming standby of `primary` made by pg_basebackup (-R: it follows the primary), started. */
export async function startStandby(primary: Cluster): Promise<Cluster> {
  const root = tempRoot('parcel-standby-');
  const dir = join(root, 'data');
  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    dir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  const c = cluster(root, dir, await freePort());
  await c.start();
  return c;
}
