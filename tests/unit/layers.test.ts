import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const src = join(root, 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

const importRe = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function layerOf(file: string): string {
  const rel = relative(src, file).split('/');
  if (rel[0] === 'web' && (rel[1] === 'admin' || rel[1] === 'pda')) return `web/${rel[1]}`;
  return rel[0]!;
}

/** DESIGN.md: shared ← server, shared ← web; server and web never import each other; admin and pda stay apart. */
const forbidden: Record<string, string[]> = {
  shared: ['server', 'web', 'web/admin', 'web/pda'],
  server: ['web', 'web/admin', 'web/pda'],
  web: ['server'],
  'web/admin': ['server', 'web/pda'],
  'web/pda': ['server', 'web/admin'],
};

describe('the layer rule', () => {
  it('holds for every import under src', () => {
    const broken: string[] = [];
    for (const file of files(src)) {
      const from = layerOf(file);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(importRe)) {
        const spec = m[1] ?? m[2]!;
        if (!spec.startsWith('.')) continue;
        const target = resolve(file, '..', spec);
        if (!target.startsWith(src)) {
          broken.push(`${relative(root, file)} imports outside src: ${spec}`);
          continue;
        }
        const to = layerOf(target);
        if (forbidden[from]?.includes(to))
          broken.push(`${relative(root, file)} (${from}) imports ${spec} (${to})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('keeps the shared layer free of Node and browser-only packages', () => {
    for (const file of files(join(src, 'shared'))) {
      const text = readFileSync(file, 'utf8');
      expect(text, relative(root, file)).not.toMatch(/from\s+['"](node:|fastify|pg|drizzle-orm|react|antd)/);
    }
  });
});
