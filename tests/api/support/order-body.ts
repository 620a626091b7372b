import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { Body, EndpointDef } from '../../../src/shared/contract/core.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import { DEMO, useTestApp } from './app.ts';
import { at, callWith } from './call.ts';

/**
 * The order body the order, staff-order and COD tests enter: a COD order of 199.00 SAR to Riyadh
 * (Olaya), 1 kg, two T-shirts, on the channel the caller names (the demo customer's COD channel,
 * CN-SA-AIR-COD). One builder, so the three worlds that enter it cannot drift apart; and the
 * start of the two worlds whose staff enter it for a customer.
 */

/** The consignee's region chain, country to district, by region code. */
export const RIYADH = ['SA', 'SA-RI', 'SA-RI-RUH', 'SA-RI-RUH-OL'] as const;

export const T_SHIRT = { nameEn: 'T-shirt', nameCn: 'T恤', quantity: 2, hsCode: '610910', unitPrice: '9.90' };
export const CAP = { nameEn: 'Cap', nameCn: '帽子', quantity: 1, hsCode: '650500', unitPrice: '5.00' };

/**
 * The consignee of that order, Ahmed in Olaya, for the tests whose bodies differ elsewhere (no
 * isCod sent, other goods, a customer number); `more` overrides its fields.
 */
export const riyadhConsignee = (region: Record<string, number>, more: Record<string, unknown> = {}) => ({
  name: 'Ahmed Al-Harbi',
  phone: '+966 50 123 4567',
  regionIds: RIYADH.map((c) => region[c]!),
  address: 'King Fahd Road 12',
  ...more,
});

export interface RiyadhCodOrderOptions {
  /** Set for staff, who enter an order for a customer; a customer's own order leaves it out. */
  customerId?: number | undefined;
  /** false: a prepaid order (no COD amount or currency sent). */
  cod?: boolean;
  /** Overrides the consignee's fields: its address, a postcode, or the whole person. */
  consignee?: Record<string, unknown>;
  /** The parcel's weight in kg; 1.000 unless set. */
  weight?: string;
  goods?: (typeof T_SHIRT)[];
}

/**
 * The body. `region` is the world's region ids by code, read when the body is built (in a test,
 * after the world's `beforeAll` has filled it).
 */
export const riyadhCodOrder = (
  region: Record<string, number>,
  channelId: number | undefined,
  { customerId, cod = true, consignee = {}, weight = '1.000', goods = [T_SHIRT] }: RiyadhCodOrderOptions = {},
) => ({
  ...(customerId === undefined ? {} : { customerId }),
  channelId,
  consignee: riyadhConsignee(region, consignee),
  weight,
  ...(cod ? { isCod: true, codAmount: '199.00', codCurrency: 'SAR' } : { isCod: false }),
  goods: goods.map((g) => ({ ...g })),
});

/**
 * A customer's own prepaid order of 1.250 kg (unless `weight` says), to an address of its own so
 * that no two merge: the movement, webhook, sub-rights and API key tests'.
 */
export const prepaidRiyadhOrder = (
  region: Record<string, number>,
  channelId: number | undefined,
  { consignee = {}, weight = '1.250' }: Pick<RiyadhCodOrderOptions, 'consignee' | 'weight'> = {},
) =>
  riyadhCodOrder(region, channelId, {
    cod: false,
    consignee: { address: `King Fahd Road ${randomUUID().slice(0, 8)}`, ...consignee },
    weight,
  });

type Who = keyof typeof DEMO;

/**
 * The start of the worlds whose staff enter orders for a customer (useCod, useOrderStaff, and
 * useFeeWorld with its own orders and a viewer account, `More`): a
 * test app with every demo account logged in, region and customer ids by code, typed calls as an
 * account, the body for a customer by code (OTHER's is prepaid: it may not create COD orders) on
 * CN-SA-AIR-COD, and an order received at the warehouse.
 */
export function useStaffOrders<More extends string = never>() {
  const t = useTestApp();
  /** `More`: the accounts a world adds and logs in itself (fee-world's viewer). */
  const tokens = {} as Record<Who | More, string>;
  const region: Record<string, number> = {};
  const customer: Record<string, number> = {};
  let channelId = 0;

  const q = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    t.database.db.execute<T>(query).then((r) => r.rows);
  const post = <E extends EndpointDef>(entry: E, who: Who | More, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], body, lang });

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    for (const r of await q<{ id: number; code: string }>(sql`SELECT id, code FROM regions`))
      region[r.code] = r.id;
    for (const c of await q<{ id: number; code: string }>(sql`SELECT id, code FROM customers`))
      customer[c.code] = c.id;
    channelId = (
      await q<{ id: number }>(sql`SELECT id FROM shipping_channels WHERE code = 'CN-SA-AIR-COD'`)
    )[0]!.id;
  });

  const bodyFor = (customerCode: string, goods = [T_SHIRT]) =>
    riyadhCodOrder(region, channelId, {
      customerId: customer[customerCode],
      cod: customerCode !== 'OTHER',
      goods,
    });
  const receive = async (trackingNo: string) => {
    const r = await post(at(contract.order.receive, { trackingNo }), 'operator');
    expect(r.body.data.kind, r.raw).toBe('ok');
  };

  /** The demo customer's COD channel (CN-SA-AIR-COD), read before the tests. */
  const channel = () => channelId;

  return { t, tokens, region, customer, channel, q, post, bodyFor, receive };
}
