/**
 * `npm run test:e2e`: builds the web app when needed, starts the real server on a fresh DATA_DIR
 * (embedded PostgreSQL and demo data) on a free port, runs Playwright in Debian's Chromium against
 * it, then stops the server. Extra arguments go to `playwright test`. The server reports to a
 * stand-in of the CITC started here (CITC_REPORT_URL). With E2E_OWN_BUILD=1 the web
 * app is built into the run's own directory (for several runs at once on one checkout).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../src/server/free-port.ts';
import { startReceiver } from '../tests/support/http-receiver.ts';

const root = resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}.\n` +
      'The end-to-end tests run in Debian\'s Chromium: install it with "sudo apt-get install -y chromium"\n' +
      '(or set CHROMIUM_PATH to a Chromium or Chrome binary), then run the tests again.',
  );
  process.exit(1);
}

/**
 * The CITC's side of the reports (the server sends them to CITC_REPORT_URL): takes every report
 * and answers a reference, as the regulator does.
 */
const citc = await startReceiver<{ trackingNo?: unknown }>(({ body }) => {
  const trackingNo = String(body?.trackingNo ?? '');
  return trackingNo
    ? { status: 201, body: JSON.stringify({ referenceNo: `E2E-${trackingNo}` }) }
    : { status: 400, body: '{"message":"No tracking no"}' };
});
const citcUrl = citc.url('/shipments');

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'parcel-e2e-'));
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;
let code = 1;
try {
  server = spawn(process.execPath, [join(root, 'scripts/start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      CITC_REPORT_URL: citcUrl,
      // The Developers spec points a webhook endpoint at a receiver on 127.0.0.1 over http.
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // E2E_OWN_BUILD=1: build the web app into this run's own directory, so runs side by side never
      // serve each other's half-written build (the default reuses ./dist, rebuilt when stale).
      ...(process.env.E2E_OWN_BUILD === '1' ? { WEB_DIST: join(dataDir, 'dist') } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number>((r) => server!.once('exit', (c) => r(c ?? 1)));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`the server exited with code ${server.exitCode} before it was ready`);
    try {
      const res = await fetch(`${base}/api/docs/openapi.json`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 180 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  // Not spawnSync: this process answers for the CITC meanwhile.
  const pw = spawn(
    process.execPath,
    [join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
    { cwd: root, stdio: 'inherit', env: { ...process.env, E2E_BASE_URL: base, CHROMIUM_PATH: chromium } },
  );
  code = await new Promise<number>((r) => pw.once('exit', (c) => r(c ?? 1)));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  server?.kill('SIGTERM');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
