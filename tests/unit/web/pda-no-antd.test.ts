import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDA_ENTRIES, surfaceGraph } from '../../../scripts/surface-files.ts';

const root = resolve(import.meta.dirname, '../../..');

describe('the PDA surface', () => {
  const { files, packages } = surfaceGraph(root, [...PDA_ENTRIES, 'src/web/pda']);

  it('imports no Ant Design package, directly or through another module', () => {
    expect(packages.has('konsta/react')).toBe(true);
    const antd = [...packages].filter(([name]) => /^(antd|@ant-design\/|rc-)/.test(name));
    expect(antd.map(([name, from]) => `${name} (from ${from})`)).toEqual([]);
  });

  it('loads no schema of the contract and no validation library (only their types)', () => {
    expect(files.has('src/web/api/wire-endpoints.ts')).toBe(true);
    expect(packages.has('zod') ? `zod (from ${packages.get('zod')})` : undefined).toBeUndefined();
    // wire.ts and wired.ts hold what goes on the wire and its types: no schema.
    const contracts = [...files].filter(
      (f) => f.startsWith('src/shared/contract/') && !/\/wired?\.ts$/.test(f),
    );
    expect(contracts).toEqual([]);
  });

  it('keeps the desk out: no desk screen, no query of the desk', () => {
    const desk = [...files].filter(
      (f) =>
        f.startsWith('src/web/admin/') ||
        f.startsWith('src/web/routes/_desk') ||
        f.endsWith('queries/index.ts'),
    );
    expect(desk).toEqual([]);
  });
});
