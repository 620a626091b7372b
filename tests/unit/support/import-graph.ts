import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * The import graph of src/ for the structure tests (cycles, rooms): every relative import,
 * re-export and dynamic import between TypeScript files, type-only ones included, since a type
 * import ties two files together as much as a value import does. Paths are relative to the
 * repository root, e.g. `src/server/modules/lading/lading-read.ts`.
 */

export const repoRoot = resolve(import.meta.dirname, '../../..');

export interface Import {
  from: string;
  to: string;
  /** As written, e.g. `../../db/sql-helpers.ts`. */
  spec: string;
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

// Statements start a line (Biome formats them so), which keeps examples inside comments out.
const statementRe = /^(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm;
const dynamicRe = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importsOf(text: string): string[] {
  const specs: string[] = [];
  for (const m of text.matchAll(statementRe)) specs.push((m[1] ?? m[2])!);
  for (const m of text.matchAll(dynamicRe)) specs.push(m[1]!);
  return specs;
}

/** Every relative import from a TypeScript file under `dir` (default src/) to another one. */
export function importGraph(dir = join(repoRoot, 'src')): Import[] {
  const edges: Import[] = [];
  for (const file of sourceFiles(dir)) {
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = resolve(file, '..', spec.replace(/\?.*$/, ''));
      if (!/\.(ts|tsx)$/.test(target) || !existsSync(target)) continue;
      edges.push({ from: relative(repoRoot, file), to: relative(repoRoot, target), spec });
    }
  }
  return edges;
}

/** The strongly connected components of more than one file (Tarjan), each a cycle of imports. */
export function cycles(edges: readonly Pick<Import, 'from' | 'to'>[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, []);
    next.get(e.from)!.push(e.to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || next.get(v)?.includes(v)) found.push(component.sort());
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return found;
}
