/**
 * How much of the contract is real: counts the entries with a server implementation (the server
 * refuses to start while one has none). `npm run contract:status`; `--list` names any without.
 */

import { implementations } from '../src/server/modules/index.ts';
import { endpoints } from '../src/shared/contract/index.ts';

const real = new Set(implementations.map((i) => i.def));
const spec = endpoints.filter((e) => !e.def.beyondSpec);
const extra = endpoints.filter((e) => e.def.beyondSpec);
const pending = spec.filter((e) => !real.has(e.def));
console.log(
  `${spec.length} calls in the contract, ${spec.length - pending.length} real, ${pending.length} without an implementation`,
);
console.log(`(plus ${extra.length} calls beyond the spec: ${extra.map((e) => e.def.path).join(', ')})`);
if (process.argv.includes('--list')) {
  const byDomain = new Map<string, string[]>();
  for (const e of pending)
    byDomain.set(e.domain, [...(byDomain.get(e.domain) ?? []), `${e.def.method} ${e.def.path}`]);
  for (const [domain, calls] of byDomain)
    console.log(`\n${domain} (${calls.length})\n  ${calls.join('\n  ')}`);
}
