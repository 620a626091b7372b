/**
 * The unit and API tests (`vitest run`) and the end-to-end tests (`scripts/e2e.ts`) side by side:
 * both wait on a database or a browser more than they use the CPU, so together they take about as
 * long as the end-to-end tests alone. Each line is prefixed with its suite; the run fails when
 * either fails, and says which. `npm test` runs this after the type check and the lint.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const root = resolve(import.meta.dirname, '..');

interface Suite {
  name: string;
  args: string[];
}

const suites: Suite[] = [
  { name: 'unit', args: [join(root, 'node_modules/vitest/vitest.mjs'), 'run'] },
  { name: 'e2e ', args: [join(root, 'scripts/e2e.ts')] },
];

function run({ name, args }: Suite): Promise<{ name: string; code: number; seconds: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
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
