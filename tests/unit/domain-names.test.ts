import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, repoRoot, sourceFiles } from './support/import-graph.ts';

/**
 * One name per domain (issue 43): a domain is named the same in its four places, the contract
 * file that defines its entries, the server module that implements them, the query file that
 * calls them and the desk feature folder that shows them. Each place is found from the code,
 * not from a table: a place with the domain's name that serves it wins; else the place that
 * serves most of it is the domain's, and its other name is the mismatch. A domain without a
 * place (auth has no desk folder) is fine. The exceptions below may only shrink.
 */

type Place = 'contract' | 'module' | 'query' | 'web';

/** Mismatches still to rename, as `domain: place=name`. The list only shrinks. */
const EXCEPTIONS: readonly string[] = [];

/** Desk folders that are rooms, or one screen of several domains' tabs (the spec's screens). */
const NOT_A_DOMAIN_FOLDER = new Set([
  'kit',
  'shared',
  'shell',
  // info/developers: the API keys and the webhooks of an account, one screen.
  'developers',
  // options: the master data's tabs (depot, tracking settings, volume limits, carriers).
  'options',
]);

const C = 'src/shared/contract';
const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');
const rel = (abs: string) => relative(repoRoot, abs);

/** Named imports of a file: local name → module specifier. */
function namedImports(text: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of text.matchAll(/^import (?:type )?\{([^}]+)\} from '([^']+)';/gm))
    for (const part of m[1]!.split(',')) {
      const [name, local] = part
        .trim()
        .replace(/^type /, '')
        .split(/\s+as\s+/);
      if (name) names.set((local ?? name).trim(), m[2]!);
    }
  return names;
}

const stem = (spec: string) => spec.replace(/^.*\//, '').replace(/\.tsx?$/, '');

/** Each group of entries (`file#ident`) → its domain: the contract's keys, and the groups spread into them from another file. */
function domainsOfGroups(): Map<string, string> {
  const index = read(`${C}/index.ts`);
  const imports = namedImports(index);
  const groups = new Map<string, string>();
  const body = index.slice(index.indexOf('export const contract'), index.indexOf('} as const'));
  for (const m of body.matchAll(/^ {2}(\w+)(?:: (\w+))?,$/gm)) {
    const ident = m[2] ?? m[1]!;
    groups.set(`${stem(imports.get(ident)!)}#${ident}`, kebab(m[1]!));
  }
  for (const abs of sourceFiles(join(repoRoot, C))) {
    const text = readFileSync(abs, 'utf8');
    const own = stem(abs);
    const fileImports = namedImports(text);
    for (const m of text.matchAll(/^export const (\w+) = \{\n((?: {2}\.\.\.\w+,\n)+)/gm)) {
      const domain = groups.get(`${own}#${m[1]}`);
      if (!domain) continue;
      for (const s of m[2]!.matchAll(/\.\.\.(\w+)/g)) {
        const from = fileImports.get(s[1]!);
        // A group spread in from a file of its own is a domain of its own (prompt-record).
        groups.set(`${from ? stem(from) : own}#${s[1]}`, from ? stem(from) : domain);
      }
    }
  }
  return groups;
}

/** Contract groups that are no domain: the spec's "Common" calls, which every screen uses. */
const NOT_A_DOMAIN = new Set(['common']);

const groups = domainsOfGroups();
const domains = [...new Set(groups.values())].filter((d) => !NOT_A_DOMAIN.has(d));

/** domain → place name → uses, for `call(group.` under `dir`, where `placeOf` names a file's place. */
function tally(dir: string, call: string, placeOf: (file: string) => string | null) {
  const uses = new Map<string, Map<string, number>>();
  const re = new RegExp(`\\b${call}\\(\\s*(\\w+)\\.`, 'g');
  for (const abs of sourceFiles(join(repoRoot, dir))) {
    const place = placeOf(rel(abs).slice(dir.length + 1));
    if (!place) continue;
    const text = readFileSync(abs, 'utf8');
    const imports = namedImports(text);
    for (const m of text.matchAll(re)) {
      const spec = imports.get(m[1]!);
      if (!spec?.includes('shared/contract/')) continue;
      const domain = groups.get(`${stem(spec)}#${m[1]}`);
      if (!domain) continue;
      const byPlace = uses.get(domain) ?? new Map<string, number>();
      byPlace.set(place, (byPlace.get(place) ?? 0) + 1);
      uses.set(domain, byPlace);
    }
  }
  return uses;
}

/** The domain's own name if that place serves it, else the place serving it most, else none. */
function pick(domain: string, byPlace: Map<string, number> | undefined): string | null {
  if (!byPlace?.size) return null;
  if (byPlace.has(domain)) return domain;
  return [...byPlace].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}

const implemented = tally('src/server/modules', 'implement', (f) =>
  f.includes('/') ? f.split('/')[0]! : null,
);
const called = tally('src/web/api/queries', 'callApi', (f) => f.replace(/\.ts$/, ''));

/** Desk folder (or a sub-folder of a screen group, system/audit) → query files it imports. */
const deskImports = new Map<string, Map<string, number>>();
for (const e of importGraph()) {
  if (!e.from.startsWith('src/web/admin/') || !e.to.startsWith('src/web/api/queries/')) continue;
  const parts = e.from.split('/').slice(3, -1);
  if (!parts.length || NOT_A_DOMAIN_FOLDER.has(parts[0]!)) continue;
  const query = stem(e.to);
  for (const folder of [parts[0]!, parts[1]].filter((p): p is string => !!p)) {
    const byFolder = deskImports.get(query) ?? new Map<string, number>();
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + 1);
    deskImports.set(query, byFolder);
  }
}

/** The domain a query file calls most: its desk folders are that domain's. */
function mainDomainOf(query: string): string | undefined {
  const byDomain = [...called].map(([d, byPlace]) => [d, byPlace.get(query) ?? 0] as const);
  return byDomain.sort((a, b) => b[1] - a[1])[0]?.[0];
}

function placesOf(domain: string): Record<Place, string | null> {
  const contract = [...groups].find(([, d]) => d === domain)![0].split('#')[0]!;
  const query = pick(domain, called.get(domain));
  const byFolder = query && mainDomainOf(query) === domain ? deskImports.get(query) : undefined;
  // A sub-folder counts only under its own name (system/audit for audit). A folder named for
  // another domain is that domain's place: its use of this one's queries is reuse (the depot
  // picker of order scan and printers, the standard nodes a carrier node is filled from).
  const topLevel =
    byFolder &&
    new Map(
      [...byFolder].filter(
        ([f]) => f === domain || (existsSync(join(repoRoot, 'src/web/admin', f)) && !domains.includes(f)),
      ),
    );
  return { contract, module: pick(domain, implemented.get(domain)), query, web: pick(domain, topLevel) };
}

const mismatches = domains.flatMap((domain) =>
  Object.entries(placesOf(domain))
    .filter(([, name]) => name !== null && name !== domain)
    .map(([place, name]) => `${domain}: ${place}=${name}`),
);

describe('one name per domain', () => {
  it('finds the domains and their places', () => {
    expect(domains.length).toBeGreaterThan(30);
    expect(placesOf('lading')).toEqual({
      contract: 'lading',
      module: 'lading',
      query: 'lading',
      web: 'lading',
    });
    expect(placesOf('audit').web).toBe('audit');
    expect(placesOf('tracking-no')).toMatchObject({
      module: 'tracking-no',
      query: 'tracking-no',
      web: 'tracking-no',
    });
    // Shown only on the options screen (several domains' tabs); used elsewhere as a picker.
    expect(placesOf('depot')).toMatchObject({ query: 'depot', web: null });
  });

  it('names each domain the same in the contract, module, query file and desk folder', () => {
    expect(
      mismatches.filter((m) => !EXCEPTIONS.includes(m)),
      'rename the place (git mv) to the domain’s name',
    ).toEqual([]);
  });

  it('lists only exceptions that still differ', () => {
    expect(
      EXCEPTIONS.filter((e) => !mismatches.includes(e)),
      'remove these from EXCEPTIONS',
    ).toEqual([]);
  });
});
