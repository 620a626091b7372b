/**
 * `npm run audit`: `npm audit --omit=dev` on the shipped dependencies. Fails when an advisory of
 * high or critical severity is neither fixed nor explained in SECURITY.md (its GHSA id in the
 * supply-chain table), or when the registry's audit endpoint cannot be reached.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8' });
let report: {
  vulnerabilities?: Record<string, { severity: string; via: unknown[] }>;
  error?: { summary?: string };
  message?: string;
};
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`npm audit gave no report:\n${run.stderr}`);
  process.exit(2);
}
if (!report.vulnerabilities) {
  console.error(`npm audit could not run: ${report.error?.summary || report.message || run.stderr.trim()}`);
  process.exit(2);
}
const explained = readFileSync(resolve(root, 'SECURITY.md'), 'utf8');
const unexplained: string[] = [];
for (const [name, v] of Object.entries(report.vulnerabilities)) {
  if (v.severity !== 'high' && v.severity !== 'critical') continue;
  const ids = v.via
    .filter((x): x is { url: string } => typeof x === 'object' && x !== null && 'url' in x)
    .map((x) => x.url.split('/').pop() ?? x.url);
  if (!ids.length || ids.some((id) => !explained.includes(id)))
    unexplained.push(`${name} (${v.severity}): ${ids.join(', ') || 'through a dependency'}`);
}
const counts = Object.values(report.vulnerabilities).reduce<Record<string, number>>((acc, v) => {
  acc[v.severity] = (acc[v.severity] ?? 0) + 1;
  return acc;
}, {});
console.log(`npm audit --omit=dev: ${JSON.stringify(counts)}`);
for (const u of unexplained) console.error(`not explained in SECURITY.md: ${u}`);
process.exit(unexplained.length ? 1 : 0);
