import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { Body, EndpointDef } from '../../../src/shared/contract/core.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import type { OriginInput } from '../../../src/shared/contract/origin-order.ts';
import { DEMO, useTestApp } from './app.ts';
import { callRaw, callWith } from './call.ts';

type Who = keyof typeof DEMO;

/**
 * The origin order tests' app: the demo accounts logged in, the DEMO customer's and two channels'
 * ids (seeded), and an origin order's input and creation.
 */
export function useOriginOrders() {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  /** Filled before the tests: the DEMO customer and two channels. */
  const seeded = { demoId: 0, saChannel: 0, aeChannel: 0 };

  const q = async <T>(text: string) => (await t.database.db.execute(sql.raw(text))).rows as T[];
  const one = async <T>(text: string) => (await q<T>(text))[0]!;

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    seeded.demoId = (await one<{ id: number }>(`SELECT id FROM customers WHERE code = 'DEMO'`)).id;
    seeded.saChannel = (
      await one<{ id: number }>(`SELECT id FROM shipping_channels WHERE code = 'CN-SA-AIR-COD'`)
    ).id;
    seeded.aeChannel = (
      await one<{ id: number }>(`SELECT id FROM shipping_channels WHERE code = 'CN-AE-AIR'`)
    ).id;
  });

  const post = <E extends EndpointDef>(entry: E, who: Who, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], body, lang });
  /** Input the entry's schema refuses, on purpose. */
  const postRaw = (entry: EndpointDef, who: Who, body: unknown = {}, lang = 'en') =>
    callRaw(t, entry, { token: tokens[who], body, lang });

  const input = (over: Partial<OriginInput> = {}): OriginInput => ({
    platform: 'noon',
    platformOrderNo: `NSA${Math.floor(Math.random() * 1e10)}`,
    shopName: 'Test shop',
    customerId: seeded.demoId,
    channelId: seeded.saChannel,
    receiver: {
      name: 'Hessa Al-Otaibi',
      phone: '+966 50 000 1111',
      country: 'Saudi Arabia',
      province: 'Riyadh Province',
      city: 'Riyadh',
      district: 'Al Yasmin',
      address: 'Anas Bin Malik Rd 4',
    },
    sender: {
      name: 'Demo Trading',
      phone: '+86 755 1234 5678',
      country: 'China',
      province: 'Guangdong',
      city: 'Shenzhen',
      address: 'Futian, Shennan Rd 1',
    },
    weight: '1.25',
    isCod: true,
    codAmount: '99',
    codCurrency: 'sar',
    goods: [
      { sku: 'A-1', nameEn: 'Phone case', nameCn: '手机壳', quantity: 2, unitPrice: '4.5', hsCode: '392690' },
    ],
    ...over,
  });
  const create = async (over: Partial<OriginInput> = {}) => {
    const res = await post(contract.originOrder.create, 'operator', input(over));
    expect(res.status, res.raw).toBe(200);
    return res.body.data;
  };

  return { t, tokens, seeded, q, one, post, postRaw, input, create };
}
