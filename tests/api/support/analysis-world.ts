import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { seedDemoOrders } from '../../../src/server/db/seed/master/orders.ts';
import type { Figures } from '../../../src/shared/contract/analysis.ts';
import type { Body, EndpointDef } from '../../../src/shared/contract/core.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import { addDays, today } from '../../../src/shared/domain/analysis.ts';
import { FeeType } from '../../../src/shared/domain/order-fees.ts';
import { DEMO, useTestApp } from './app.ts';
import { callRaw, callWith } from './call.ts';

export type Who = keyof typeof DEMO;

export const TZ = 'Asia/Shanghai';
export const A = contract.analysis;

export interface O {
  id: number;
  customer: number;
  channel: number;
  country: number;
  carrier: number | null;
  status: number;
  created: string;
  arrived: string | null;
  grams: number;
  isCod: boolean;
  codCents: number;
  codCurrency: string;
}

/** Cents and grams: the independent sums are integers. */
export const cents = (x: string) => Math.round(Number(x) * 100);
export const grams = (x: string) => Math.round(Number(x) * 1000);
export const dayOf = (iso: string) => today(TZ, new Date(iso));

/**
 * The world of the order analysis tests (analysis.test.ts): the demo orders seeded, tokens,
 * customer ids, the rows to count from, and the independent count of a selection's figures.
 */
export function useAnalysisWorld() {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  const customer: Record<string, number> = {};
  /** The rows read in beforeAll, to count from: orders, fee lines, problem marks. */
  const rows = {
    all: [] as O[],
    fees: [] as { order: number; type: number; currency: string; cents: number }[],
    marks: [] as { order: number; kind: number; open: boolean }[],
  };
  const last = today(TZ);
  const first = addDays(last, -60);
  const range = { startDate: first, endDate: last };

  const q = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    t.database.db.execute<T>(query).then((r) => r.rows);
  const post = <E extends EndpointDef>(entry: E, who: Who, body: Body<E>, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], body, lang });
  /** Input the entry's schema refuses, on purpose. */
  const postRaw = (entry: EndpointDef, who: Who, body: unknown, lang = 'en') =>
    callRaw(t, entry, { token: tokens[who], body, lang });
  const ok = async <E extends EndpointDef>(entry: E, who: Who, body: Body<E>, lang = 'en') => {
    const r = await post(entry, who, body, lang);
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };

  beforeAll(async () => {
    await seedDemoOrders(t.database.db);
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    for (const c of await q<{ id: number; code: string }>(sql`SELECT id, code FROM customers`))
      customer[c.code] = c.id;
    rows.all = (
      await q<{
        id: number;
        customer_id: number;
        channel_id: number;
        consignee_country_id: number;
        carrier_id: number | null;
        status: number;
        created_at: Date;
        arrived_at: Date | null;
        w: string;
        is_cod: boolean;
        cod: string;
        cod_currency: string;
      }>(sql`SELECT id, customer_id, channel_id, consignee_country_id, carrier_id, status, created_at, arrived_at,
          chargeable_weight::text AS w, is_cod, cod_amount::text AS cod, cod_currency FROM orders`)
    ).map((r) => ({
      id: Number(r.id),
      customer: r.customer_id,
      channel: r.channel_id,
      country: r.consignee_country_id,
      carrier: r.carrier_id,
      status: r.status,
      created: new Date(r.created_at).toISOString(),
      arrived: r.arrived_at ? new Date(r.arrived_at).toISOString() : null,
      grams: grams(r.w),
      isCod: r.is_cod,
      codCents: cents(r.cod),
      codCurrency: r.cod_currency,
    }));
    rows.fees = (
      await q<{ order_id: number; fee_type: number; currency: string; amount: string }>(
        sql`SELECT order_id, fee_type, currency, amount::text FROM fee_details`,
      )
    ).map((f) => ({
      order: Number(f.order_id),
      type: f.fee_type,
      currency: f.currency,
      cents: cents(f.amount),
    }));
    rows.marks = (
      await q<{ order_id: number; kind: number; state: number }>(
        sql`SELECT order_id, kind, state FROM order_abnormals`,
      )
    ).map((m) => ({ order: Number(m.order_id), kind: m.kind, open: m.state === 0 }));
  }, 180_000);

  /** The orders a request selects, counted here. */
  const selected = (
    f: { customerId?: number; channelId?: number; countryId?: number; arrival?: boolean } = {},
  ) =>
    rows.all.filter((o) => {
      const time = f.arrival ? o.arrived : o.created;
      if (time === null) return false;
      const day = dayOf(time);
      return (
        day >= first &&
        day <= last &&
        (f.customerId === undefined || o.customer === f.customerId) &&
        (f.channelId === undefined || o.channel === f.channelId) &&
        (f.countryId === undefined || o.country === f.countryId)
      );
    });

  const moneyOf = (xs: { currency: string; amount: string }[]) =>
    Object.fromEntries(xs.map((x) => [x.currency, cents(x.amount)]));
  const sumBy = <T>(xs: T[], key: (x: T) => string, value: (x: T) => number) => {
    const out: Record<string, number> = {};
    for (const x of xs) out[key(x)] = (out[key(x)] ?? 0) + value(x);
    return out;
  };
  const expectFigures = (f: Figures, orders: O[]) => {
    const ids = new Set(orders.map((o) => o.id));
    const cod = orders.filter((o) => o.isCod);
    const mine = rows.fees.filter((x) => ids.has(x.order));
    expect(f.orders).toBe(orders.length);
    expect(grams(f.weightKg)).toBe(orders.reduce((n, o) => n + o.grams, 0));
    expect(f.codOrders).toBe(cod.length);
    expect(moneyOf(f.codAmounts)).toEqual(
      sumBy(
        cod,
        (o) => o.codCurrency,
        (o) => o.codCents,
      ),
    );
    expect(moneyOf(f.freight)).toEqual(
      sumBy(
        mine.filter((x) => x.type === FeeType.freight),
        (x) => x.currency,
        (x) => x.cents,
      ),
    );
    expect(moneyOf(f.codFees)).toEqual(
      sumBy(
        mine.filter((x) => x.type === FeeType.codFee),
        (x) => x.currency,
        (x) => x.cents,
      ),
    );
  };

  return {
    t,
    tokens,
    customer,
    rows,
    first,
    last,
    range,
    q,
    post,
    postRaw,
    ok,
    selected,
    moneyOf,
    sumBy,
    expectFigures,
  };
}
