import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNTS, type Account, type Expected } from './accounts.ts';

/** What one call answered, as the matrix shows it. */
export type Outcome = 'allowed' | 'refused' | 'session' | 'notFound' | `status ${number}`;

export interface Cell {
  endpoint: string;
  account: Account;
  expected: Expected;
  outcome: Outcome;
  /** Access or data went where the contract says it must not: a refused call that ran, a foreign record shown. */
  leak: string | null;
  /** Not a leak, but not what the contract declares (an allowed call that failed, 403 for 404). */
  mismatch: string | null;
}

export const REPORT_DIR = join(process.cwd(), 'test-results', 'security');

const SYMBOL: Record<string, string> = {
  allowed: 'allowed',
  refused: 'refused',
  session: 'no session',
  notFound: '404 (foreign)',
};

export interface MatrixFigures {
  endpoints: number;
  accounts: number;
  checked: number;
  leaks: number;
  mismatches: number;
}

export function figuresOf(cells: Cell[]): MatrixFigures {
  return {
    endpoints: new Set(cells.map((c) => c.endpoint)).size,
    accounts: ACCOUNTS.length,
    checked: cells.length,
    leaks: cells.filter((c) => c.leak).length,
    mismatches: cells.filter((c) => c.mismatch).length,
  };
}

/** Writes the matrix (endpoints × accounts) as Markdown and its figures as JSON; answers the figures line. */
export function writeMatrixReport(cells: Cell[]): string {
  const f = figuresOf(cells);
  const line =
    `authorization matrix: ${f.endpoints} endpoints × ${f.accounts} accounts = ${f.checked} calls checked, ` +
    `${f.leaks} leaks, ${f.mismatches} mismatches`;
  const rows = new Map<string, Cell[]>();
  for (const c of cells) rows.set(c.endpoint, [...(rows.get(c.endpoint) ?? []), c]);
  const text = (c: Cell) =>
    c.leak ? `**LEAK**` : c.mismatch ? `**${c.outcome}** ≠ ${c.expected}` : (SYMBOL[c.outcome] ?? c.outcome);
  const md = [
    '# Authorization matrix',
    '',
    line,
    '',
    `| endpoint | ${ACCOUNTS.join(' | ')} |`,
    `| --- | ${ACCOUNTS.map(() => '---').join(' | ')} |`,
    ...[...rows].map(
      ([e, cs]) => `| ${e} | ${ACCOUNTS.map((a) => text(cs.find((c) => c.account === a)!)).join(' | ')} |`,
    ),
    '',
    ...cells
      .filter((c) => c.leak || c.mismatch)
      .map((c) => `- ${c.endpoint} as ${c.account}: ${c.leak ?? c.mismatch}`),
  ].join('\n');
  mkdirSync(REPORT_DIR, { recursive: true });
  writeFileSync(join(REPORT_DIR, 'authorization-matrix.md'), `${md}\n`);
  writeFileSync(join(REPORT_DIR, 'authorization-matrix.json'), `${JSON.stringify(f, null, 2)}\n`);
  return line;
}
