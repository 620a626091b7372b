import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/free-port.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { useTestApp } from './support/app.ts';

/**
 * docs/api.md "Integrate" runs as written: its `sh` blocks, in order, as one bash script (with
 * curl and jq, as a reader runs them), and its `js` blocks named by a first line `// <file>` as
 * those files, against a test server listening on 127.0.0.1. The only changes are the addresses:
 * the demo's http://localhost:3000 becomes the test server's and the receiver's port 4000 a free
 * one. The job engine's webhook queue is drained while the script runs, as the demo's worker would.
 */

const root = resolve(import.meta.dirname, '../..');
const DOC = join(root, 'docs/api.md');

interface Block {
  lang: string;
  text: string;
}

/** The fenced blocks of the doc's `## Integrate` section, in order. */
function integrateBlocks(markdown: string): Block[] {
  const start = markdown.indexOf('\n## Integrate\n');
  if (start < 0) throw new Error('docs/api.md has no "## Integrate" section');
  const next = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, next < 0 ? undefined : next);
  const blocks: Block[] = [];
  for (const m of section.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm))
    blocks.push({ lang: m[1] ?? '', text: m[2] ?? '' });
  return blocks;
}

const tool = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
/** What the guide's steps need; .ci/run installs curl and jq where they are missing. */
const missingTools = ['bash', 'curl', 'jq', 'base64'].filter((t) => !tool(t));

describe('docs/api.md "Integrate"', () => {
  const t = useTestApp({ env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' } });
  let base = '';
  let dir = '';

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), 'integrate-docs-'));
    // The receiver imports standardwebhooks, as a reader's folder would after npm install.
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('has the steps: a key, a webhook receiver, an order, its label, its track', () => {
    const blocks = integrateBlocks(readFileSync(DOC, 'utf8'));
    const sh = blocks
      .filter((b) => b.lang === 'sh')
      .map((b) => b.text)
      .join('\n');
    const { auth, apiKey, webhook, order } = contract;
    for (const call of [
      ...[auth.login, apiKey.create, webhook.save, order.create, order.batchPrintLabel].map((e) => e.path),
      '/tracking/query/',
      'idempotency-key',
    ])
      expect(sh, call).toContain(call);
    expect(blocks.some((b) => b.lang === 'js' && b.text.startsWith('// receiver.mjs\n'))).toBe(true);
  });

  it('runs as written against a server', async () => {
    expect(missingTools, 'tools the guide needs').toEqual([]);
    const port = await freePort();
    const local = (text: string) =>
      text
        .replaceAll('http://localhost:3000', base)
        .replaceAll('127.0.0.1:4000', `127.0.0.1:${port}`)
        .replaceAll('.listen(4000,', `.listen(${port},`);
    const blocks = integrateBlocks(readFileSync(DOC, 'utf8'));
    for (const b of blocks.filter((x) => x.lang === 'js')) {
      const name = /^\/\/ ([\w.-]+)\n/.exec(b.text)?.[1];
      if (name) writeFileSync(join(dir, name), local(b.text));
    }
    // The steps, then what the test checks of them.
    // A receiver left running by a failed step is stopped with the script.
    const script = `trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
${blocks
  .filter((b) => b.lang === 'sh')
  .map((b) => local(b.text))
  .join('\n')}
echo "KEY=$KEY"
echo "NO=$NO"
`;
    writeFileSync(join(dir, 'steps.sh'), script);

    let out = '';
    let stopDraining = false;
    const draining = (async () => {
      while (!stopDraining) {
        await t.jobs.drain(['webhook-deliver']);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const code = await new Promise<number | null>((ok) => {
      const child = spawn('bash', ['-eo', 'pipefail', join(dir, 'steps.sh')], {
        cwd: dir,
        env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}` },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.stderr.on('data', (d) => {
        out += d;
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
      child.on('exit', (c) => {
        clearTimeout(timer);
        ok(c);
      });
    });
    stopDraining = true;
    await draining;

    expect(code, out).toBe(0);
    const key = /^KEY=(pbo_\S+)$/m.exec(out)?.[1];
    const no = /^NO=(GL\d+)$/m.exec(out)?.[1];
    expect(key, out).toBeDefined();
    expect(no, out).toBeDefined();
    // The receiver verified the order's creation with standardwebhooks and refused nothing.
    expect(out).toMatch(new RegExp(`^verified order\\.created evt_\\d+ ${no}$`, 'm'));
    expect(out).not.toContain('refused:');
    // The label is a PDF of one page; the track names the order.
    const pdf = readFileSync(join(dir, 'label.pdf'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(out).toContain(`"trackingNo": "${no}"`);
    // The order was made through the key, as the demo customer.
    const made = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders o JOIN customers c ON c.id = o.customer_id
        WHERE o.tracking_no = $1 AND c.code = 'DEMO'`,
      [no],
    );
    expect(made.rows[0]?.n).toBe(1);
    expect(existsSync(join(dir, 'receiver.mjs'))).toBe(true);
  }, 120_000);
});
