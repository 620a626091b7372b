import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { customers, regions } from '../../../src/server/db/schema/index.ts';
import type { Body, EndpointDef } from '../../../src/shared/contract/core.ts';
import { DEMO, useTestApp } from './app.ts';
import { callWith } from './call.ts';

/** The regions tests' app: the demo accounts logged in, region and customer ids by code, a typed POST. */
export function useRegions() {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  const idOf = async (code: string) =>
    (await t.database.db.select({ id: regions.id }).from(regions).where(eq(regions.code, code)))[0]!.id;
  const customerId = async (code: string) =>
    (await t.database.db.select({ id: customers.id }).from(customers).where(eq(customers.code, code)))[0]!.id;

  beforeAll(async () => {
    for (const [name, [u, p]] of Object.entries(DEMO))
      tokens[name as keyof typeof DEMO] = await t.login(u, p);
  });

  const post = <E extends EndpointDef>(entry: E, who: keyof typeof DEMO, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], body, lang });
  const codes = (list: { code: string }[]) => list.map((r) => r.code);
  return { t, tokens, idOf, customerId, post, codes };
}
