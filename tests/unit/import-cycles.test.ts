import { describe, expect, it } from 'vitest';
import { cycles, importGraph, importsOf } from './support/import-graph.ts';

/**
 * No two files under src/ import each other, directly or round a longer loop, type imports
 * included: a cycle means neither file can be understood, moved or tested without the other
 * (issue 43: lading-read ↔ lading-scan-order ↔ lading-scan.service). Break one by moving the
 * shared piece to the file both depend on, or into a file of its own.
 */
describe('imports under src', () => {
  it('form no cycle', () => {
    expect(cycles(importGraph())).toEqual([]);
  });

  it('are read as the cycle check needs them', () => {
    const text = [
      "import type { A } from './a.ts';",
      "import {\n  b,\n  type B,\n} from '../b.ts';",
      "export * from './c.ts';",
      "import './d.css';",
      ' * import { e } from "./in-a-comment.ts";',
      "const f = await import('./f.ts');",
    ].join('\n');
    expect(importsOf(text)).toEqual(['./a.ts', '../b.ts', './c.ts', './d.css', './f.ts']);
  });

  it('finds a loop of three and a file importing itself', () => {
    const edges = [
      { from: 'read', to: 'order' },
      { from: 'order', to: 'scan' },
      { from: 'scan', to: 'read' },
      { from: 'scan', to: 'leaf' },
      { from: 'self', to: 'self' },
    ];
    expect(cycles(edges)).toEqual([['order', 'read', 'scan'], ['self']]);
  });
});
