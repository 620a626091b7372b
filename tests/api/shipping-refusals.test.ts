import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.ts';
import { call, callRaw } from './support/call.ts';
import { delivery, firstLeg, full, useShippingWorld } from './support/shipping-world.ts';

/**
 * Shipping channels refused: segments the service type does not allow, bad price rules, countries
 * and carriers, each with a translated message, writing nothing. The world is shipping.test.ts's
 * (support/shipping-world.ts).
 */
describe('shipping channels', () => {
  const { t, tokens, carrier, channelCount, newChannel, ids } = useShippingWorld();

  it('refuses segments the service type does not allow, with a translated message, and writes nothing', async () => {
    const before = await channelCount();
    const body = { ...newChannel(), code: 'TST-BAD', serviceType: 2, segments: [delivery, firstLeg] };
    const en = await call(t, contract.shipping.save, { token: tokens.admin, body, lang: 'en' });
    expect(en.status).toBe(400);
    expect(en.body.msg).toBe("This segment cannot be chosen for the channel's service type");
    expect(en.issues).toEqual([
      { path: 'segments.1', message: "This segment cannot be chosen for the channel's service type" },
    ]);
    const cn = await call(t, contract.shipping.save, { token: tokens.admin, body });
    expect(cn.body.msg).not.toBe(en.body.msg);
    expect(cn.body.msg).toMatch(/[\u4e00-\u9fff]/);
    const ar = await call(t, contract.shipping.save, { token: tokens.admin, body, lang: 'ar' });
    expect(ar.body.msg).toMatch(/[\u0600-\u06ff]/);

    const none = await call(t, contract.shipping.save, {
      token: tokens.admin,
      body: { ...body, segments: [] },
      lang: 'en',
    });
    expect(none.issues).toEqual([{ path: 'segments', message: 'Choose at least one segment' }]);
    const twice = await call(t, contract.shipping.save, {
      token: tokens.admin,
      body: { ...body, serviceType: 3, segments: [full, full] },
      lang: 'en',
    });
    expect(twice.issues).toEqual([{ path: 'segments.1', message: 'Each segment can be chosen once' }]);
    const badType = await call(t, contract.shipping.save, {
      token: tokens.admin,
      body: { ...body, serviceType: 7 },
    });
    expect(badType.status).toBe(400);
    expect(badType.issues.map((i) => i.path)).toContain('serviceType');
    expect(await channelCount()).toBe(before);
  });

  it('refuses bad price rules, countries and carriers, reporting every field at once', async () => {
    const before = await channelCount();
    await t.database.db.execute(sql`UPDATE carriers SET status = 2 WHERE id = ${carrier.SF}`);
    const base = newChannel();
    const res = await call(t, contract.shipping.save, {
      token: tokens.admin,
      lang: 'en',
      body: {
        ...base,
        code: 'TST-BAD',
        countryId: ids.province,
        carrierIds: [carrier.SMSA, 999999, carrier.SF, carrier.SMSA],
        prices: [
          { ...base.prices[0]!, firstWeight: '0', codFeeRate: '120' },
          { ...base.prices[0]!, stepPrice: '-1' },
          { ...base.prices[1]!, countryId: ids.province, stepWeight: '200000' },
        ],
      },
    });
    await t.database.db.execute(sql`UPDATE carriers SET status = 1 WHERE id = ${carrier.SF}`);
    expect(res.status).toBe(400);
    expect(res.issues).toEqual([
      { path: 'countryId', message: 'Choose a country from the region list' },
      { path: 'carrierIds.1', message: 'Choose an enabled carrier' },
      { path: 'carrierIds.2', message: 'Choose an enabled carrier' },
      { path: 'carrierIds.3', message: 'Each carrier can be chosen once' },
      { path: 'prices.0.firstWeight', message: 'Enter a weight greater than 0 and at most 100000 kg' },
      { path: 'prices.0.codFeeRate', message: 'Enter a rate from 0 to 100 %' },
      {
        path: 'prices.1.countryId',
        message: 'Only one price rule per country: this country already has one',
      },
      { path: 'prices.1.stepPrice', message: 'Enter an amount from 0 to 1000000' },
      { path: 'prices.2.countryId', message: 'Choose a country from the region list' },
      { path: 'prices.2.stepWeight', message: 'Enter a weight greater than 0 and at most 100000 kg' },
    ]);
    expect(res.body.msg).toBe('Choose a country from the region list');

    const shape = await callRaw(t, contract.shipping.save, {
      token: tokens.admin,
      lang: 'en',
      body: {
        ...base,
        code: 'A B',
        name: ' ',
        volumeDivisor: 10,
        prices: [{ ...base.prices[0]!, firstPrice: 'ten', currency: 'RIYAL' }],
        secret: 1,
      },
    });
    expect(shape.status).toBe(400);
    expect(shape.issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(['code', 'name', 'volumeDivisor', 'prices.0.firstPrice', 'prices.0.currency']),
    );
    const missing = await callRaw(t, contract.shipping.save, {
      token: tokens.admin,
      body: {},
      lang: 'en',
    });
    expect(missing.status).toBe(400);
    expect(missing.issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(['code', 'name', 'serviceType', 'segments']),
    );

    const taken = await call(t, contract.shipping.save, {
      token: tokens.admin,
      body: { ...base, code: 'cn-ae-air' },
      lang: 'en',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('A shipping channel with code CN-AE-AIR already exists');
    expect(await channelCount()).toBe(before);
  });
});
