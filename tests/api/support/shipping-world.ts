import { sql } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { contract } from '../../../src/shared/contract/index.ts';
import { Segment } from '../../../src/shared/domain/segments.ts';
import { DEMO, useTestApp } from './app.ts';
import { call } from './call.ts';

export const { delivery, full, firstLeg, clearance } = Segment;

/**
 * The world of the shipping channel tests (shipping.test.ts, shipping-refusals.test.ts): tokens,
 * country and carrier ids, a province's id, and the calls and the new channel they share. Each
 * file that calls it gets its own database.
 */
export function useShippingWorld() {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  const country = {} as Record<'SA' | 'AE' | 'KW' | 'EG', number>;
  const carrier = {} as Record<'SMSA' | 'NAQEL' | 'ARAMEX' | 'SF', number>;
  const ids = { province: 0 };

  const one = async <T>(query: ReturnType<typeof sql>) =>
    (await t.database.db.execute<T & Record<string, unknown>>(query)).rows[0]!;

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as keyof typeof DEMO] = await t.login(u, p);
    for (const code of Object.keys({ SA: 0, AE: 0, KW: 0, EG: 0 }) as (keyof typeof country)[])
      country[code] = (
        await one<{ id: number }>(sql`SELECT id FROM regions WHERE code = ${code} AND level = 0`)
      ).id;
    for (const code of Object.keys({ SMSA: 0, NAQEL: 0, ARAMEX: 0, SF: 0 }) as (keyof typeof carrier)[])
      carrier[code] = (await one<{ id: number }>(sql`SELECT id FROM carriers WHERE code = ${code}`)).id;
    ids.province = (await one<{ id: number }>(sql`SELECT id FROM regions WHERE level = 1 LIMIT 1`)).id;
  });

  const list = (body: object, token = tokens.admin, lang?: string) =>
    call(t, contract.shipping.list, { token, body, lang });
  const view = (id: number, lang?: string) =>
    call(t, contract.shipping.view, { params: { shippingId: id }, token: tokens.admin, lang });
  const channelCount = async () =>
    Number((await one<{ n: string }>(sql`SELECT count(*) AS n FROM shipping_channels`)).n);

  const newChannel = () => ({
    code: 'tst-ksa-1',
    name: '测试渠道',
    nameEn: 'Test channel KSA',
    serviceType: 4,
    segments: [firstLeg, clearance],
    countryId: country.SA,
    volumeDivisor: 5000,
    carrierIds: [carrier.NAQEL, carrier.SMSA],
    prices: [
      {
        countryId: country.SA,
        currency: 'sar',
        firstWeight: '0.5',
        firstPrice: '20',
        stepWeight: 0.5,
        stepPrice: '7.5',
        codFeeRate: '1.75',
        minCodFee: '3',
      },
      { countryId: country.KW, firstWeight: '1', firstPrice: '30.00', stepWeight: '1', stepPrice: '12.00' },
    ],
    remark: 'for tests',
  });

  return { t, tokens, country, carrier, one, list, view, channelCount, newChannel, ids };
}
