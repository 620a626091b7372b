/**
 * The unit and API tests (`vitest run`) and the end-to-end tests (`scripts/e2e.ts`) side by side:
 * both wait on a database or a browser more than they use the CPU, so together they take about as
 * long as the end-to-end tests alone. Each line is prefixed with its suite; the run fails when
 * either fails, and says which. `npm test` runs this after the type check and the lint.
 *
 * The end-to-end tests are the longer suite, and a browser drawing a page wants the CPU in bursts:
 * on two shared cores, unit tests competing at the same priority made every end-to-end test take
 * nearly twice as long as alone (29.6 min for the suite against about 16). The unit suite runs at a
 * lower priority (nice 10, inherited by its workers), so it takes the CPU the browser leaves.
 */
import { spawn } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const root = resolve(import.meta.dirname, '..');

interface Suite {
  name: string;
  args: string[];
  /** Added to this process's nice value for the suite and everything it starts. */
  nice: number;
}

const suites: Suite[] = [
  { name: 'unit', args: [join(root, 'node_modules/vitest/vitest.mjs'), 'run'], nice: 10 },
  { name: 'e2e ', args: [join(root, 'scripts/e2e.ts')], nice: 0 },
];

function run({ name, args, nice }: Suite): Promise<{ name: string; code: number; seconds: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  // Set before the child has started its workers (they inherit it); a lower priority is always allowed.
  if (nice && child.pid) setPriority(child.pid, Math.min(19, nice + getPriority()));
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${name}] ${line}\n`));
  return new Promise((done) =>
    child.once('close', (code) =>
      done({ name: name.trim(), code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000) }),
    ),
  );
}

const results = await Promise.all(suites.map(run));
for (const r of results)
  console.log(`${r.name}: ${r.code === 0 ? 'passed' : `FAILED (exit code ${r.code})`} in ${r.seconds} s`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
