/** `npm run bench`: runs every benchmark of this directory in turn (each prints its own table). */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const benches = ['login-and-list.ts'];
let failed = 0;
for (const b of benches) {
  console.log(`\n=== ${b} ===`);
  const r = spawnSync(process.execPath, [join(import.meta.dirname, b)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
