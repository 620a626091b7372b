/**
 * The source files a web surface runs: everything reached from its route files through relative
 * imports, static or dynamic (type-only imports carry no code). The route tree is not followed:
 * it names every page of both surfaces. The build splits the message catalogue by it (a PDA loads
 * the messages of these files only, see vite-surface-catalogs.ts) and a test keeps Ant Design and
 * the contract's schemas out of it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * The PDA surface: its routes, and the root, router and start-up every page runs through, and the
 * light pages (login, public tracking) a PDA opens first, which share its part of the catalogue.
 */
export const PDA_ENTRIES = [
  'src/web/routes/pda.tsx',
  'src/web/routes/pda',
  'src/web/routes/search.tsx',
  'src/web/light/main.tsx',
  'src/web/routes/__root.tsx',
  'src/web/main.tsx',
  'src/web/pda/start/main.tsx',
] as const;

const NOT_FOLLOWED = /routeTree\.gen\.ts$/;
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\s*\(?\s*['"]([^'"]+)['"]/g;
const TYPE_ONLY = /^(?:import|export)\s+type\s/;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourcesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

export interface SurfaceGraph {
  /** Source files, relative to the root, `/`-separated (as the catalogue's origins name them). */
  files: Set<string>;
  /** Packages imported (bare specifiers), each with the first file that imports it. */
  packages: Map<string, string>;
}

export function surfaceGraph(root: string, entries: readonly string[]): SurfaceGraph {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const queue = entries.flatMap((entry) => {
    const path = resolve(root, entry);
    return statSync(path).isDirectory() ? sourcesUnder(path) : [path];
  });
  while (queue.length) {
    const file = queue.pop()!;
    const name = relative(root, file).split('\\').join('/');
    if (files.has(name)) continue;
    files.add(name);
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (TYPE_ONLY.test(m[0])) continue;
      const spec = (m[1] ?? m[2])!;
      if (!spec.startsWith('.')) {
        if (!packages.has(spec)) packages.set(spec, name);
        continue;
      }
      const target = resolve(file, '..', spec);
      if (/\.tsx?$/.test(target) && existsSync(target) && !NOT_FOLLOWED.test(target)) queue.push(target);
    }
  }
  return { files, packages };
}
