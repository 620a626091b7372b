import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { ChannelDetail } from '../../src/shared/contract/shipping.ts';
import { at, call, callRaw } from './support/call.ts';
import { clearance, delivery, firstLeg, full, useShippingWorld } from './support/shipping-world.ts';

/**
 * Shipping channels: the list and one channel, create and update with carriers and price rules,
 * disabled carriers, enabling and disabling, what staff and customers are offered, who may call.
 * The refusals of bad channels are in shipping-refusals.test.ts (support/shipping-world.ts).
 */
describe('shipping channels', () => {
  const { t, tokens, country, carrier, one, list, view, newChannel } = useShippingWorld();

  it('lists the seeded channels by code with carriers and priced countries, filtered and paged', async () => {
    const all = await list({ pageNo: 1, pageSize: 50 }, tokens.operator);
    expect(all.status, all.raw).toBe(200);
    const codes = all.body.data.records.map((c) => c.code);
    expect(codes.length).toBeGreaterThanOrEqual(6);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toEqual(expect.arrayContaining(['CN-SA-AIR-COD', 'CN-AE-AIR', 'CN-GCC-AIR', 'EG-LOCAL']));
    const gcc = all.body.data.records.find((c) => c.code === 'CN-GCC-AIR')!;
    expect(gcc).toMatchObject({ serviceType: 3, segments: [firstLeg, clearance, delivery], status: 1 });
    expect(gcc.pricedCountries).toEqual(['BH', 'KW', 'OM', 'QA']);
    expect(gcc.carriers.map((c) => c.code)).toEqual(['ZAJIL', 'QPOST', 'BHPOST', 'OMPOST', 'ARAMEX']);

    const byCode = await list({ code: 'cn-sa' });
    expect(byCode.body.data.records.map((c) => c.code)).toEqual(['CN-SA-AIR-COD', 'CN-SA-SEA']);
    const byName = await list({ name: 'egypt' });
    expect(byName.body.data.records.map((c) => c.code)).toEqual(['EG-LOCAL']);
    const byCarrier = await list({ carrierId: carrier.ARAMEX });
    expect(byCarrier.body.data.records.map((c) => c.code)).toEqual(['CN-AE-AIR', 'CN-DXB-OM', 'CN-GCC-AIR']);
    const bySegment = await list({ segment: full });
    expect(bySegment.body.data.records.map((c) => c.code)).toEqual(['CN-AE-AIR']);
    const disabled = await list({ status: 2 });
    expect(disabled.body.data.records.map((c) => c.code)).toEqual(['CN-DXB-OM']);
    const delivery2 = await list({ serviceType: 2 });
    expect(delivery2.body.data.records.map((c) => c.code)).toEqual(['EG-LOCAL', 'SA-LOCAL-COD']);
    const page2 = await list({ pageNo: 2, pageSize: 3 });
    expect(page2.body.data).toMatchObject({ pageNo: 2, pageSize: 3, total: all.body.data.total });
    expect(page2.body.data.records.map((c) => c.code)).toEqual(codes.slice(3, 6));

    const bad = await list({ segment: 9, pageSize: 1000 }, tokens.admin, 'en');
    expect(bad.status).toBe(400);
  });

  it('shows one channel with its price rules, COD rate in percent, names in the caller language', async () => {
    const id = (await list({ code: 'CN-SA-AIR-COD' })).body.data.records[0]!.recId;
    const en = await view(id, 'en');
    expect(en.status, en.raw).toBe(200);
    expect(en.body.data).toMatchObject({
      code: 'CN-SA-AIR-COD',
      countryCode: 'SA',
      countryName: 'Saudi Arabia',
    });
    expect(en.body.data.prices).toEqual([
      expect.objectContaining({
        countryCode: 'SA',
        countryName: 'Saudi Arabia',
        currency: 'CNY',
        firstWeight: '0.500',
        firstPrice: '38.00',
        stepWeight: '0.500',
        stepPrice: '16.00',
        codFeeRate: '1.50',
        minCodFee: '5.00',
      }),
    ]);
    const ar = await view(id, 'ar');
    expect(ar.body.data.prices[0]!.countryName).toBe('السعودية');
    expect((await view(999999)).status).toBe(404);
    expect(
      (await call(t, contract.shipping.view, { params: { shippingId: 'abc' }, token: tokens.admin })).status,
    ).toBe(400);
  });

  let created: ChannelDetail;

  it('creates a channel with its carriers in order and one rule per country', async () => {
    const res = await call(t, contract.shipping.save, {
      token: tokens.operator,
      body: newChannel(),
      lang: 'en',
    });
    expect(res.status, res.raw).toBe(200);
    created = res.body.data;
    expect(created).toMatchObject({
      code: 'TST-KSA-1',
      serviceType: 4,
      segments: [firstLeg, clearance],
      countryCode: 'SA',
      volumeDivisor: 5000,
      ladingType: 1,
      status: 1,
      pricedCountries: ['KW', 'SA'],
    });
    expect(created.carriers.map((c) => c.code)).toEqual(['NAQEL', 'SMSA']);
    const sa = created.prices.find((p) => p.countryCode === 'SA')!;
    expect(sa).toMatchObject({
      currency: 'SAR',
      firstWeight: '0.500',
      firstPrice: '20.00',
      stepPrice: '7.50',
      codFeeRate: '1.75',
      minCodFee: '3.00',
    });
    const kw = created.prices.find((p) => p.countryCode === 'KW')!;
    expect(kw).toMatchObject({ currency: 'CNY', codFeeRate: '0.00', minCodFee: '0.00' });
    const stored = await one<{ rate: string }>(
      sql`SELECT cod_fee_rate::text AS rate FROM channel_prices WHERE id = ${sa.recId}`,
    );
    expect(stored.rate).toBe('0.0175');
  });

  it('updates a channel: carriers and rules replaced by the lists sent, a rule keeps its id per country', async () => {
    const saRule = created.prices.find((p) => p.countryCode === 'SA')!;
    const res = await call(t, contract.shipping.update, {
      token: tokens.admin,
      body: {
        ...newChannel(),
        recId: created.recId,
        name: 'Renamed',
        serviceType: 3,
        segments: [full],
        carrierIds: [carrier.ARAMEX],
        prices: [
          { countryId: country.SA, firstWeight: '1', firstPrice: '25', stepWeight: '1', stepPrice: '9' },
          {
            countryId: country.EG,
            currency: 'EGP',
            firstWeight: '1',
            firstPrice: '40',
            stepWeight: '1',
            stepPrice: '8',
          },
        ],
      },
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Renamed',
      serviceType: 3,
      segments: [full],
      pricedCountries: ['EG', 'SA'],
    });
    expect(res.body.data.carriers.map((c) => c.code)).toEqual(['ARAMEX']);
    const sa = res.body.data.prices.find((p) => p.countryCode === 'SA')!;
    expect(sa).toMatchObject({
      recId: saRule.recId,
      currency: 'CNY',
      firstPrice: '25.00',
      codFeeRate: '0.00',
    });

    const clash = await call(t, contract.shipping.update, {
      token: tokens.admin,
      body: { ...newChannel(), recId: created.recId, code: 'EG-LOCAL' },
    });
    expect(clash.status).toBe(409);
    const notAllowed = await call(t, contract.shipping.update, {
      token: tokens.admin,
      body: { ...newChannel(), recId: created.recId, serviceType: 0, segments: [clearance] },
      lang: 'en',
    });
    expect(notAllowed.status).toBe(400);
    expect(notAllowed.issues[0]!.path).toBe('segments.0');
    const missing = await call(t, contract.shipping.update, {
      token: tokens.admin,
      body: { ...newChannel(), recId: 999999 },
    });
    expect(missing.status).toBe(404);
    expect((await view(created.recId)).body.data.name).toBe('Renamed');
  });

  it('keeps a carrier disabled after it was chosen, but refuses adding a disabled one', async () => {
    await t.database.db.execute(sql`UPDATE carriers SET status = 2 WHERE id = ${carrier.ARAMEX}`);
    const body = { ...newChannel(), recId: created.recId, name: 'Renamed', serviceType: 3, segments: [full] };
    const keep = await call(t, contract.shipping.update, {
      token: tokens.admin,
      body: { ...body, carrierIds: [carrier.ARAMEX, carrier.SMSA] },
    });
    expect(keep.status, keep.raw).toBe(200);
    expect(keep.body.data.carriers.map((c) => [c.code, c.status])).toEqual([
      ['ARAMEX', 2],
      ['SMSA', 1],
    ]);
    // The channel's usable carriers leave the disabled one out.
    const usable = await call(t, contract.shipping.optionalCarrier, {
      token: tokens.admin,
      body: { shippingId: created.recId },
    });
    expect(usable.body.data.map((c) => c.code)).toEqual(['SMSA']);
    await t.database.db.execute(sql`UPDATE carriers SET status = 1 WHERE id = ${carrier.ARAMEX}`);
  });

  it("answers a channel's carriers in its order, or every enabled carrier for a new channel", async () => {
    const gcc = (await list({ code: 'CN-GCC-AIR' })).body.data.records[0]!;
    const own = await call(t, contract.shipping.optionalCarrier, {
      token: tokens.operator,
      body: { shippingId: gcc.recId },
    });
    expect(own.status, own.raw).toBe(200);
    expect(own.body.data.map((c) => c.code)).toEqual(['ZAJIL', 'QPOST', 'BHPOST', 'OMPOST', 'ARAMEX']);
    const fresh = await call(t, contract.shipping.optionalCarrier, { token: tokens.admin });
    const enabled = await call(t, contract.carrier.listSimple, {
      token: tokens.admin,
      body: {},
    });
    expect(fresh.body.data).toEqual(enabled.body.data);
    const unknown = await call(t, contract.shipping.optionalCarrier, {
      token: tokens.admin,
      body: { shippingId: 999999 },
    });
    expect(unknown.status).toBe(404);
  });

  it('disables and enables lists of channels; one unknown id refuses the whole call', async () => {
    const ids = (await list({ code: 'CN-A' })).body.data.records.map((c) => c.recId);
    expect(ids.length).toBe(2);
    const off = await call(t, contract.shipping.disable, {
      token: tokens.operator,
      body: { recIds: [...ids, created.recId] },
    });
    expect(off.status, off.raw).toBe(200);
    expect(off.body.data).toEqual({ updated: 3 });
    expect((await list({ code: 'CN-A' })).body.data.records.every((c) => c.status === 2)).toBe(true);

    const pick = await call(t, contract.shipping.listSimple, {
      token: tokens.finance,
      body: {},
    });
    expect(pick.status).toBe(200);
    expect(pick.body.data.map((c) => c.code)).not.toContain('CN-AE-AIR');
    expect(pick.body.data.every((c) => c.enabled)).toBe(true);
    const withDisabled = await call(t, contract.shipping.listSimple, {
      token: tokens.admin,
      body: { includeDisabled: true },
    });
    const ae = withDisabled.body.data.find((c) => c.code === 'CN-AE-AIR')!;
    expect(ae).toMatchObject({ enabled: false, countryCode: 'AE', nameEn: 'China→UAE air express' });
    const noBody = await call(t, contract.shipping.listSimple, { token: tokens.admin });
    expect(noBody.body.data).toEqual(pick.body.data);

    const partly = await call(t, contract.shipping.enable, {
      token: tokens.admin,
      body: { recIds: [ids[0], 999999] },
    });
    expect(partly.status).toBe(404);
    expect((await view(ids[0]!)).body.data.status).toBe(2);
    const on = await call(t, contract.shipping.enable, {
      token: tokens.admin,
      body: { recIds: [...ids, ids[0]] },
    });
    expect(on.body.data).toEqual({ updated: 2 });
    expect((await view(ids[0]!)).body.data.status).toBe(1);
    const empty = await call(t, contract.shipping.enable, { token: tokens.admin, body: { recIds: [] } });
    expect(empty.status).toBe(400);
  });

  it('offers staff every enabled channel and a customer only the enabled channels assigned to it', async () => {
    const staff = await call(t, contract.shipping.getShippingsByUser, {
      token: tokens.service,
    });
    expect(staff.status, staff.raw).toBe(200);
    const simple = await call(t, contract.shipping.listSimple, {
      token: tokens.admin,
      body: {},
    });
    expect(staff.body.data).toEqual(simple.body.data);
    expect(staff.body.data.map((c) => c.code)).not.toContain('CN-DXB-OM');

    const ids = Object.fromEntries(
      (await list({ pageSize: 100 }, tokens.admin)).body.data.records.map((c) => [c.code, c.recId]),
    );
    const demo = (await one<{ id: number }>(sql`SELECT id FROM customers WHERE code = 'DEMO'`)).id;
    const other = (await one<{ id: number }>(sql`SELECT id FROM customers WHERE code = 'OTHER'`)).id;
    await t.database.db.execute(sql`DELETE FROM customer_channels WHERE customer_id IN (${demo}, ${other})`);
    await t.database.db.execute(sql`
      INSERT INTO customer_channels (customer_id, channel_id) VALUES
        (${demo}, ${ids['CN-SA-AIR-COD']}), (${demo}, ${ids['CN-DXB-OM']}), (${demo}, ${ids['SA-LOCAL-COD']}),
        (${other}, ${ids['EG-LOCAL']})`);

    for (const who of ['demo', 'demoSub'] as const) {
      const mine = await call(t, contract.shipping.getShippingsByUser, { token: tokens[who] });
      expect(mine.status, who).toBe(200);
      // CN-DXB-OM is assigned but disabled.
      expect(
        mine.body.data.map((c) => c.code),
        who,
      ).toEqual(['CN-SA-AIR-COD', 'SA-LOCAL-COD']);
    }
    const theirs = await call(t, contract.shipping.getShippingsByUser, { token: tokens.other });
    expect(theirs.body.data.map((c) => c.code)).toEqual(['EG-LOCAL']);
    // A query field cannot widen a customer's view.
    const sneaky = await call(t, contract.shipping.getShippingsByUser, {
      token: tokens.other,
      query: { customerId: String(demo) },
    });
    expect(sneaky.body.data.map((c) => c.code)).toEqual(['EG-LOCAL']);

    await t.database.db.execute(sql`UPDATE shipping_channels SET status = 1 WHERE code = 'CN-DXB-OM'`);
    const later = await call(t, contract.shipping.getShippingsByUser, { token: tokens.demo });
    expect(later.body.data.map((c) => c.code)).toEqual(['CN-DXB-OM', 'CN-SA-AIR-COD', 'SA-LOCAL-COD']);
    await t.database.db.execute(sql`UPDATE shipping_channels SET status = 2 WHERE code = 'CN-DXB-OM'`);
  });

  it('refuses customer and PDA accounts on staff calls, and staff without the channel permission', async () => {
    const id = created.recId;
    const calls: [string, EndpointDef, object | undefined][] = [
      ['list', contract.shipping.list, {}],
      ['save', contract.shipping.save, { ...newChannel(), code: 'NOPE' }],
      ['update', contract.shipping.update, { ...newChannel(), recId: id }],
      ['enable', contract.shipping.enable, { recIds: [id] }],
      ['disable', contract.shipping.disable, { recIds: [id] }],
      ['optionalCarrier', contract.shipping.optionalCarrier, {}],
      ['view', at(contract.shipping.view, { shippingId: id }), undefined],
    ];
    for (const who of ['demo', 'demoSub', 'other', 'pda', 'finance'] as const)
      for (const [name, entry, body] of calls) {
        const res = await callRaw(t, entry, { token: tokens[who], body, lang: 'en' });
        expect(res.status, `${who} ${name}`).toBe(403);
        expect(res.body.msg).toBe('You do not have permission to do this');
      }
    for (const who of ['demo', 'demoSub', 'pda'] as const)
      expect(
        (await call(t, contract.shipping.listSimple, { token: tokens[who], body: {} })).status,
        who,
      ).toBe(403);
    expect((await call(t, contract.shipping.getShippingsByUser, { token: tokens.pda })).status).toBe(403);
    expect((await call(t, contract.shipping.list, { body: {} })).status).toBe(401);
    expect((await call(t, contract.shipping.getShippingsByUser)).status).toBe(401);
    // Nothing the refused calls carried was written.
    expect((await view(id)).body.data.name).toBe('Renamed');
    expect((await list({ code: 'NOPE' })).body.data.total).toBe(0);
  });
});
