import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_TITLES } from '../../../src/web/admin/route-titles.ts';

const root = resolve(import.meta.dirname, '../../..');
const routesDir = join(root, 'src/web/routes');

/** The 58 paths of the spec, `{id}` written as the router's `$id`. */
const specPaths = readFileSync(join(root, 'docs/spec/routes.tsv'), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('/'))
  .map((line) => line.split('\t')[0]!);
const routerPath = (spec: string) => spec.replaceAll('{id}', '$id');

/** The navigable paths of the generated route tree (index routes without their trailing slash). */
function treePaths(): Set<string> {
  const text = readFileSync(join(root, 'src/web/routeTree.gen.ts'), 'utf8');
  const block = text.slice(text.indexOf('export interface FileRoutesByTo {'));
  return new Set([...block.slice(0, block.indexOf('}')).matchAll(/^\s+'([^']+)':/gm)].map((m) => m[1]!));
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name.startsWith('-') ? [] : files(p);
    return name.endsWith('.tsx') && !name.startsWith('__') ? [p] : [];
  });
}

/** Route path → its file: pathless segments (_desk, _default) and `index` leave no trace. */
function routeFiles(): Map<string, string> {
  const byPath = new Map<string, string>();
  for (const file of files(routesDir)) {
    const segments = relative(routesDir, file)
      .replace(/\.tsx$/, '')
      .split('/')
      .filter((s) => !s.startsWith('_') && s !== 'index');
    byPath.set(`/${segments.join('/')}`, file);
  }
  return byPath;
}

describe('the routes of the spec', () => {
  it('are all in the generated route tree', () => {
    const tree = treePaths();
    expect(specPaths).toHaveLength(58);
    expect(specPaths.filter((p) => !tree.has(routerPath(p)))).toEqual([]);
  });

  it('each have a translated title', () => {
    expect(specPaths.filter((p) => !ROUTE_TITLES[routerPath(p)])).toEqual([]);
  });

  it('each have a route file', () => {
    const byPath = routeFiles();
    expect(specPaths.filter((spec) => !byPath.has(routerPath(spec)))).toEqual([]);
  });
});
