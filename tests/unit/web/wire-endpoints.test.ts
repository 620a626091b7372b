import { describe, expect, it } from 'vitest';
import { contract } from '../../../src/shared/contract/index.ts';
import { wire } from '../../../src/web/api/wire-endpoints.ts';

const domainOf: Record<keyof typeof wire, keyof typeof contract> = {
  auth: 'auth',
  common: 'common',
  lading: 'lading',
  batch: 'batch',
  overseasLading: 'overseasLading',
  pkg: 'package',
  printer: 'printer',
  exchange: 'exchange',
};

describe('the wire fields the session and the PDA call', () => {
  const rows = Object.entries(wire).flatMap(([domain, calls]) =>
    Object.entries(calls).map(([name, w]) => ({ domain: domain as keyof typeof wire, name, w })),
  );

  it.each(rows)('$domain.$name is its contract entry on the wire', ({ domain, name, w }) => {
    const entry = (contract[domainOf[domain]] as Record<string, typeof w | undefined>)[name];
    expect(entry, `contract ${domainOf[domain]}.${name}`).toBeDefined();
    expect(w).toEqual({
      method: entry!.method,
      path: entry!.path,
      kind: entry!.kind,
      ...(entry!.replayable ? { replayable: true } : {}),
    });
  });
});
