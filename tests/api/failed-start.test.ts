import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/free-port.ts';
import { type ServerProcess, spawnServer, startServerProcess } from './support/process.ts';

/**
 * A start of the real server on its embedded PostgreSQL that fails once that PostgreSQL runs (here:
 * the port it should listen on is taken) stops that PostgreSQL before it exits; the next start on
 * the same data directory then works. Before, the PostgreSQL stayed behind, holding the directory.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'parcel-failed-start-'));
const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', DATABASE_URL: '' };
let taken: Server | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  await new Promise((r) => (taken ? taken.close(r) : r(undefined)));
  rmSync(dataDir, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a start that fails', () => {
  it('stops its embedded PostgreSQL, and the next start on the same data works', async () => {
    const port = await freePort();
    taken = createServer();
    await new Promise<void>((r) => taken!.listen(port, '127.0.0.1', r));

    // The embedded PostgreSQL's pid, read while the start is under way.
    let postgresPid = 0;
    const { child, output, exited } = spawnServer({ ...env, PORT: String(port) });
    const pidFile = join(dataDir, 'pg', 'postmaster.pid');
    const watch = setInterval(() => {
      // (initdb's single-user backend writes its pid negated: not the server's.)
      const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
      if (pid > 0) postgresPid = pid;
    }, 20);
    await exited;
    clearInterval(watch);

    expect(child.exitCode).not.toBe(0);
    expect(output()).toContain('EADDRINUSE');
    expect(postgresPid).toBeGreaterThan(0);
    expect(alive(postgresPid)).toBe(false);
    expect(existsSync(pidFile)).toBe(false);

    await new Promise((r) => taken!.close(r));
    taken = undefined;
    server = await startServerProcess(env);
    expect(server.child.exitCode).toBe(null);
  }, 180_000);
});
