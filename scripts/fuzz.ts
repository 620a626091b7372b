/**
 * `npm run fuzz`: the contract fuzzing of tests/api/security-fuzz.test.ts, deeper than `npm test`
 * runs it. Options: `--runs N` requests per endpoint (default 200), `--seed S` to replay a run
 * (default: a new one, printed). TEST_DATABASE_URL is used as by the API tests (else an embedded
 * PostgreSQL). Prints the figures and the problems found (also in test-results/security/fuzz.json).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { runs: { type: 'string' }, seed: { type: 'string' } } });
const runs = Number(values.runs ?? 200);
const seed = Number(values.seed ?? Math.floor(Math.random() * 2 ** 31));
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz -- [--runs N] [--seed S]');
  process.exit(2);
}
console.log(`fuzzing every endpoint with ${runs} requests each, seed ${seed}`);
const vitest = spawnSync(
  process.execPath,
  [join(root, 'node_modules/vitest/vitest.mjs'), 'run', 'tests/api/security-fuzz.test.ts'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_SEED: String(seed) } },
);
const report = join(root, 'test-results/security/fuzz.json');
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8')) as {
    cases: number;
    fiveXX: number;
    endpoints: number;
    problems: { endpoint: string; account: string; problem: string; request: string }[];
  };
  console.log(
    `\n${r.cases} cases over ${r.endpoints} endpoints, ${r.fiveXX} answers 5xx, ${r.problems.length} problems (seed ${seed})`,
  );
  for (const p of r.problems) console.log(`- ${p.endpoint} as ${p.account}: ${p.problem}\n  ${p.request}`);
}
process.exit(vitest.status ?? 1);
