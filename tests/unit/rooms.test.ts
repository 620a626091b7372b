import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Import, importGraph, repoRoot } from './support/import-graph.ts';

/**
 * Feature folders are rooms (issue 43): a desk feature (src/web/admin/<feature>), a PDA feature
 * (src/web/pda/<feature>) or a server module (src/server/modules/<module>) imports the shared
 * rooms — everything outside the features' folder (the kit, ui, api, session, src/shared; db,
 * http, audit, jobs, files on the server) and the rooms named below inside it — but another
 * feature only where docs/contributing.md's allow-list names the pair, with its reason. A room
 * never imports a feature. The allow-list may only shrink: its size is frozen here.
 */

interface Side {
  /** The allow-list's name in docs/contributing.md (`<!-- rooms:NAME -->`). */
  name: string;
  dir: string;
  /** Folders inside `dir` that every feature may import: shared tools, not features. */
  rooms: readonly string[];
  /** Entries the allow-list had when this check landed (2026-12-07); lower it as entries go. Goal: 20. */
  frozen: number;
}

const SIDES: readonly Side[] = [
  { name: 'desk', dir: 'src/web/admin', rooms: ['kit', 'shared'], frozen: 18 },
  { name: 'pda', dir: 'src/web/pda', rooms: ['outbox', 'scan'], frozen: 0 },
  { name: 'server', dir: 'src/server/modules', rooms: ['bill', 'order-core', 'webhook-emit'], frozen: 18 },
];

const contributing = readFileSync(join(repoRoot, 'docs/contributing.md'), 'utf8');

/** `- \`lading\` → \`order\`: why` lines between `<!-- rooms:NAME -->` and `<!-- /rooms -->`. */
function allowList(name: string): Map<string, string> {
  const start = contributing.indexOf(`<!-- rooms:${name} -->`);
  const end = contributing.indexOf('<!-- /rooms -->', start);
  if (start < 0 || end < 0) return new Map();
  const entries = new Map<string, string>();
  for (const m of contributing.slice(start, end).matchAll(/^- `([\w-]+)` → `([\w-]+)`: (.+)$/gm))
    entries.set(`${m[1]} → ${m[2]}`, m[3]!);
  return entries;
}

/** The feature (first folder) a file belongs to under `dir`, or null for a file at its top. */
function featureOf(file: string, dir: string): string | null {
  if (!file.startsWith(`${dir}/`)) return null;
  const parts = file.slice(dir.length + 1).split('/');
  return parts.length > 1 ? parts[0]! : null;
}

function crossings(side: Side, edges: readonly Import[]): Map<string, string[]> {
  const pairs = new Map<string, string[]>();
  for (const e of edges) {
    const from = featureOf(e.from, side.dir);
    const to = featureOf(e.to, side.dir);
    if (from === null || to === null || from === to || side.rooms.includes(to)) continue;
    const key = `${from} → ${to}`;
    pairs.set(key, [...(pairs.get(key) ?? []), `${e.from} imports ${e.spec}`]);
  }
  return pairs;
}

const edges = importGraph();

describe.each(SIDES)('the $name rooms', (side) => {
  const pairs = crossings(side, edges);
  const allowed = allowList(side.name);

  it('cross only where the allow-list says why', () => {
    const unlisted = [...pairs].filter(([key]) => !allowed.has(key)).flatMap(([, why]) => why);
    expect(unlisted, 'move the shared piece to a room, or list the pair in docs/contributing.md').toEqual([]);
  });

  it('keep no room importing a feature', () => {
    const fromRooms = [...pairs.keys()].filter((key) => side.rooms.includes(key.split(' → ')[0]!));
    expect(fromRooms).toEqual([]);
  });

  it('have an allow-list of pairs still used, no longer than it was', () => {
    expect(
      [...allowed.keys()].filter((key) => !pairs.has(key)),
      'remove these entries',
    ).toEqual([]);
    expect(allowed.size).toBeLessThanOrEqual(side.frozen);
  });
});
