import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const importRe = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\s*\(?\s*['"]([^'"]+)['"]/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

/** Every package the module imports, following its relative imports through the source tree. */
function packagesReachedFrom(entries: string[]): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(importRe)) {
      const spec = (m[1] ?? m[2])!;
      if (!spec.startsWith('.')) {
        if (!packages.has(spec)) packages.set(spec, relative(root, file));
        continue;
      }
      const target = resolve(file, '..', spec);
      if (/\.tsx?$/.test(target) && existsSync(target)) queue.push(target);
    }
  }
  return packages;
}

describe('the PDA surface', () => {
  it('imports no Ant Design package, directly or through another module', () => {
    const entries = [
      join(root, 'src/web/routes/pda.tsx'),
      ...filesUnder(join(root, 'src/web/routes/pda')),
      ...filesUnder(join(root, 'src/web/pda')),
    ];
    const packages = packagesReachedFrom(entries);
    expect(packages.has('konsta/react')).toBe(true);
    const antd = [...packages].filter(([name]) => /^(antd|@ant-design\/|rc-)/.test(name));
    expect(antd.map(([name, from]) => `${name} (from ${from})`)).toEqual([]);
  });
});
