import { beforeAll, expect } from 'vitest';
import { seedDemoOrders } from '../../../src/server/db/seed/master/orders.ts';
import type { Body, EndpointDef } from '../../../src/shared/contract/core.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import { OrderStatus } from '../../../src/shared/domain/order-status.ts';
import { DEMO, useTestApp } from './app.ts';
import { callRaw, callWith } from './call.ts';
import { idsByCode } from './movement.ts';
import { type Finished, makeFinished } from './reports.ts';
import { setDemoSubRights } from './sub-rights.ts';

export type Who = keyof typeof DEMO;
export const { statement: calls } = contract;

export const FIELDS = ['freight', 'codFee', 'otherFee', 'totalFee', 'codCollected', 'net'] as const;
export const MARCH = { startDate: '2024-03-01', endDate: '2024-03-31' };
/** The range of the demo orders (the last 60 days) and a little more. */
export const recentDays = () => ({
  startDate: new Date(Date.now() - 75 * 86_400_000).toISOString().slice(0, 10),
  endDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
});

/**
 * The world of the logistics bill tests (statements.test.ts, statements-cod.test.ts): tokens,
 * customer ids, DEMO's orders of March 2024 and one of OTHER's, finished on chosen days, then the
 * demo orders seeded; callers by entry. Each file that calls it gets its own database.
 */
export function useStatementsWorld() {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  const customer: Record<string, number> = {};
  /** DEMO's orders of March 2024 (monthly cycle) and one of OTHER's (weekly). */
  const o = {} as Record<'a' | 'b' | 'c' | 'd' | 'lost' | 'open' | 'g', Finished>;

  const post = <E extends EndpointDef>(entry: E, who: Who, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], body, lang });
  /** Input the entry's schema refuses, on purpose (or one body for several entries). */
  const bad = (entry: EndpointDef, who: Who | null, body: object) =>
    callRaw(t, entry, { token: who ? tokens[who] : undefined, body, lang: 'en' });
  const list = async (who: Who, body: Body<typeof calls.trackingStatementDate>) => {
    const r = await post(calls.trackingStatementDate, who, body);
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const detail = async (who: Who, body: Body<typeof calls.detail>) => {
    const r = await post(calls.detail, who, body);
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const marchId = () => `${customer.DEMO}-20240301-20240331`;

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    // The demo clerk reads no bills until its main account lets it (tests/api/sub-rights.test.ts).
    await setDemoSubRights(t, tokens.demo);
    Object.assign(customer, await idsByCode(t, 'customers'));
    const demo = { customer: tokens.demo, operator: tokens.operator };
    const [a, b, c, d, lost, open] = await makeFinished(t, demo, [
      {
        weight: '1.250',
        cod: { amount: '149.00', currency: 'SAR' },
        status: OrderStatus.signed,
        at: '2024-03-05T02:00:00Z',
      },
      {
        weight: '0.800',
        cod: { amount: '99.50', currency: 'SAR' },
        status: OrderStatus.returned,
        at: '2024-03-20T08:00:00Z',
      },
      // 00:30 on 1 April in Shanghai: April's bill.
      { weight: '2.000', country: 'AE', status: OrderStatus.signed, at: '2024-03-31T16:30:00Z' },
      // 23:59 on 31 March in Shanghai: March's bill.
      {
        weight: '1.000',
        cod: { amount: '10.00', currency: 'SAR' },
        status: OrderStatus.signed,
        at: '2024-03-31T15:59:00Z',
      },
      { weight: '0.500', status: OrderStatus.lost, at: '2024-03-10T04:00:00Z' },
      { weight: '0.500' },
    ]);
    const [g] = await makeFinished(t, { customer: tokens.other, operator: tokens.operator }, [
      { weight: '1.000', country: 'AE', status: OrderStatus.signed, at: '2024-03-06T04:00:00Z' },
    ]);
    Object.assign(o, { a: a!, b: b!, c: c!, d: d!, lost: lost!, open: open!, g: g! });
    await seedDemoOrders(t.database.db);
  }, 180_000);

  return { t, tokens, customer, o, post, bad, list, detail, marchId };
}
