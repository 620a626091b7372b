import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/import-graph.ts';

/**
 * No source file over 400 lines (issue 43), data and generated files aside: a long file does
 * several things, and is read, reviewed and merged worse for it. The files over the limit when
 * this check landed are listed with their length then: each may shrink (lower its number, or drop
 * it once under the limit), none may grow, and none joins the list. Split a file to make room.
 */

const LIMIT = 400;

/** Generated or data: the route tree, migrations, seed data tables. */
const EXEMPT = [/routeTree\.gen\.ts$/, /\/migrations\//, /\/seed\/master\/[\w-]+-data\.ts$/];

/** Over the limit on 2026-12-07, at most this long: the list only shrinks. */
const FROZEN = new Map<string, number>();

function sourceFiles(): string[] {
  const out = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'tests', 'scripts', 'bench'],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
  return out.split('\n').filter((f) => /\.(ts|tsx|css)$/.test(f) && !EXEMPT.some((re) => re.test(f)));
}

const linesOf = (file: string) => readFileSync(join(repoRoot, file), 'utf8').split('\n').length - 1;

describe('file length', () => {
  const lengths = new Map(sourceFiles().map((f) => [f, linesOf(f)] as const));

  it(`keeps every source file within ${LIMIT} lines, or within its frozen length`, () => {
    const over = [...lengths]
      .filter(([f, n]) => n > (FROZEN.get(f) ?? LIMIT))
      .map(([f, n]) => `${f}: ${n} lines (at most ${FROZEN.get(f) ?? LIMIT})`);
    expect(over).toEqual([]);
  });

  it('lists no file that has gone or is back under the limit', () => {
    const stale = [...FROZEN.keys()].filter((f) => (lengths.get(f) ?? 0) <= LIMIT);
    expect(stale, 'remove these from FROZEN').toEqual([]);
  });
});
