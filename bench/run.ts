/**
 * `npm run bench`: runs every benchmark of this directory in turn (each prints its own table);
 * `npm run bench -- orders` (or several names) runs only those.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const all = [
  'login-and-list.ts',
  'import-export.ts',
  'orders.ts',
  'pda.ts',
  'reports.ts',
  'prompt-import.ts',
  'round-trips.ts',
  'labels-zpl.ts',
  'metrics-overhead.ts',
  'integrate.ts',
  'lighthouse.ts',
  'snapshot.ts',
];
const asked = process.argv.slice(2).map((a) => (a.endsWith('.ts') ? a : `${a}.ts`));
const unknown = asked.filter((a) => !all.includes(a));
if (unknown.length) {
  console.error(
    `unknown benchmark ${unknown.join(', ')}; there are ${all.map((b) => b.slice(0, -3)).join(', ')}`,
  );
  process.exit(2);
}
const benches = asked.length ? asked : all;
let failed = 0;
for (const b of benches) {
  console.log(`\n=== ${b} ===`);
  const r = spawnSync(process.execPath, [join(import.meta.dirname, b)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
