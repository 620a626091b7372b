import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.ts';
import { Segment } from '../../src/shared/domain/segments.ts';
import { useTestApp } from './support/app.ts';
import { auditClient } from './support/audit-log.ts';

/**
 * Master data through the API: each kind of change is made, then read back from /auditLog/list
 * with who made it, which record, and the fields that changed (issue 37).
 */
describe('the audit log records changes to master data', () => {
  const t = useTestApp();
  const a = auditClient(t);
  const id = async (q: ReturnType<typeof sql>) =>
    (await t.database.db.execute<{ id: number }>(q)).rows[0]!.id;
  const ids = {} as Record<'demo' | 'demoSub' | 'sa' | 'kw' | 'riyadh' | 'smsa' | 'naqel', number>;
  const channels: number[] = [];

  beforeAll(async () => {
    await a.login();
    ids.demo = await id(sql`SELECT id FROM customers WHERE code = 'DEMO'`);
    ids.demoSub = await id(sql`SELECT id FROM users WHERE username = 'demo-sub'`);
    ids.sa = await id(sql`SELECT id FROM regions WHERE code = 'SA'`);
    ids.kw = await id(sql`SELECT id FROM regions WHERE code = 'KW'`);
    ids.riyadh = await id(
      sql`SELECT id FROM regions WHERE level = 2 AND parent_id IN (SELECT id FROM regions WHERE parent_id = ${ids.sa}) ORDER BY sort LIMIT 1`,
    );
    ids.smsa = await id(sql`SELECT id FROM carriers WHERE code = 'SMSA'`);
    ids.naqel = await id(sql`SELECT id FROM carriers WHERE code = 'NAQEL'`);
    const rows = await t.database.db.execute<{ id: number }>(
      sql`SELECT id FROM shipping_channels ORDER BY id LIMIT 2`,
    );
    channels.push(...rows.rows.map((r) => r.id));
  });

  it('records customers, their properties and their channels, each under its own kind', async () => {
    const customer = {
      code: 'AUD01',
      name: 'Audited Trading',
      shortName: 'Audited',
      contact: 'Sara',
      phone: '+971 4 000 0000',
      email: 'ops@audited.example',
      address: 'Dubai',
      settlementCurrency: 'AED' as const,
      codAllowed: false,
      remark: '',
      channelIds: [channels[0]!],
    };
    const created = await a.ok(contract.customer.add, customer);
    await a.ok(contract.customer.update, {
      ...customer,
      recId: created.recId,
      name: 'Audited Trading LLC',
      remark: 'renamed',
      settlementCurrency: 'SAR',
      channelIds: channels,
    });
    await a.ok(contract.customer.editCustomerProperties, {
      customerId: created.recId,
      properties: { creditLimit: '12000.5' },
    });

    const log = await a.entries('customer', created.recId);
    expect(log.map((e) => e.action)).toEqual(['create', 'update']);
    expect(log[0]).toMatchObject({ actorName: 'admin', before: {} });
    expect(log[0]!.after).toMatchObject({
      code: 'AUD01',
      name: 'Audited Trading',
      contact: 'Sara',
      status: 1,
    });
    expect(log[1]).toMatchObject({
      before: { name: 'Audited Trading', remark: '' },
      after: { name: 'Audited Trading LLC', remark: 'renamed' },
    });

    const properties = await a.entries('customerProperties', created.recId);
    expect(properties.map((e) => [e.before, e.after])).toEqual([
      // Created with the defaults' CNY and COD allowed, then changed twice.
      [
        { settlementCurrency: 'CNY', codAllowed: true },
        { settlementCurrency: 'AED', codAllowed: false },
      ],
      [{ settlementCurrency: 'AED' }, { settlementCurrency: 'SAR' }],
      [{ creditLimit: null }, { creditLimit: '12000.5' }],
    ]);

    const assigned = await a.entries('customerChannels', created.recId);
    expect(assigned.map((e) => [e.before, e.after])).toEqual([
      [{ channelIds: [] }, { channelIds: [channels[0]] }],
      [{ channelIds: [channels[0]] }, { channelIds: channels }],
    ]);
  });

  it("records a customer's own options and its default sender, made by its main account", async () => {
    await a.ok(
      contract.customer.updateOptions,
      {
        contact: 'Audit Contact',
        phone: '+86 755 1234 5678',
        notifyEmail: 'audit@demo.example',
        defaultChannelId: null,
        sender: {
          regionId: ids.riyadh,
          contact: 'Audit Sender',
          phone: '+86 138 0000 1111',
          address: 'Room 9, Audit Road',
          postCode: '12211',
        },
      },
      'demo',
    );
    const options = await a.soleEntry('customerOptions', ids.demo, 'demo');
    expect(options).toMatchObject({ action: 'update', actorType: 2 });
    expect(options.after).toMatchObject({ contact: 'Audit Contact', notifyEmail: 'audit@demo.example' });
    expect(Object.keys(options.before).sort()).toEqual(Object.keys(options.after).sort());

    const sender = await a.ok(contract.region.customerRegionList, { pageSize: 1 }, 'demo');
    const [entry] = (await a.entries('customerRegion', sender.records[0]!.recId)).slice(-1);
    expect(entry).toMatchObject({
      actorName: 'demo',
      after: { contact: 'Audit Sender', address: 'Room 9, Audit Road' },
    });
  });

  it("records staff's address settings for a customer: creation and change", async () => {
    const added = await a.ok(contract.region.customerRegionAdd, {
      customerId: ids.demo,
      regionId: ids.riyadh,
      contact: 'Warehouse',
      phone: '+966 11 000 0000',
      address: 'Exit 18',
    });
    await a.ok(contract.region.customerRegionUpdate, {
      recId: added.recId,
      regionId: ids.riyadh,
      contact: 'Warehouse 2',
      phone: '+966 11 000 0000',
      address: 'Exit 18',
    });
    const log = await a.entries('customerRegion', added.recId);
    expect(log.map((e) => e.action)).toEqual(['create', 'update']);
    expect(log[0]!.after).toMatchObject({ customerId: ids.demo, regionId: ids.riyadh, contact: 'Warehouse' });
    expect(log[1]).toMatchObject({ before: { contact: 'Warehouse' }, after: { contact: 'Warehouse 2' } });
  });

  it("records a sub-account's rights as its main account sets them", async () => {
    await a.ok(contract.customer.saveSubRights, { recId: ids.demoSub, rights: ['orders:create'] }, 'demo');
    const entry = await a.soleEntry('subAccountRights', ids.demoSub, 'demo');
    expect(entry.after).toEqual({ rights: ['orders:create'] });
    expect(entry.before).toMatchObject({
      rights: expect.arrayContaining(['orders:create', 'orders:cancel']),
    });
  });

  it('records channels with their carriers and price rules, one rule at a time, and their status', async () => {
    const channel = {
      code: 'AUD-KSA',
      name: '审计渠道',
      nameEn: 'Audit channel',
      serviceType: 4,
      segments: [Segment.firstLeg, Segment.clearance],
      countryId: ids.sa,
      volumeDivisor: 6000,
      carrierIds: [ids.smsa],
      prices: [
        { countryId: ids.sa, firstWeight: '0.5', firstPrice: '20', stepWeight: '0.5', stepPrice: '7.5' },
        { countryId: ids.kw, firstWeight: '1', firstPrice: '30', stepWeight: '1', stepPrice: '12' },
      ],
      remark: '',
    };
    const { recId } = await a.ok(contract.shipping.save, channel);
    await a.ok(contract.shipping.update, {
      ...channel,
      recId,
      carrierIds: [ids.naqel, ids.smsa],
      prices: [{ ...channel.prices[0]!, firstPrice: '22' }, channel.prices[1]!],
    });
    await a.ok(contract.shipping.disable, { recIds: [recId] });
    await a.ok(contract.shipping.disable, { recIds: [recId] });
    const log = await a.entries('channel', recId);
    expect(log.map((e) => e.action)).toEqual(['create', 'update', 'disable']);
    expect(log[0]!.after).toMatchObject({
      code: 'AUD-KSA',
      carrierIds: [ids.smsa],
      'price.SA': { firstPrice: '20.00', stepPrice: '7.50' },
      'price.KW': { firstPrice: '30.00' },
    });
    expect(log[1]!.before).toEqual({
      carrierIds: [ids.smsa],
      'price.SA': expect.objectContaining({ firstPrice: '20.00' }),
    });
    expect(log[1]!.after).toEqual({
      carrierIds: [ids.naqel, ids.smsa],
      'price.SA': expect.objectContaining({ firstPrice: '22.00' }),
    });
    expect(log[2]).toMatchObject({ before: { status: 1 }, after: { status: 2 } });
  });

  it('records carriers', async () => {
    const carrier = {
      code: 'AUDC',
      name: '审计快递',
      nameEn: 'Audit Express',
      contact: 'Nora',
      phone: '+966 11 000 0000',
      email: '',
      trackingUrl: '',
      lastMile: true,
      remark: '',
    };
    const created = await a.ok(contract.carrier.save, carrier);
    await a.ok(contract.carrier.update, {
      ...carrier,
      recId: created.recId,
      contact: 'Huda',
      lastMile: false,
    });
    const log = await a.entries('carrier', created.recId);
    expect(log.map((e) => e.action)).toEqual(['create', 'update']);
    expect(log[0]!.after).toMatchObject({ code: 'AUDC', nameEn: 'Audit Express', lastMile: 1 });
    expect(log[1]).toMatchObject({
      before: { contact: 'Nora', lastMile: 1 },
      after: { contact: 'Huda', lastMile: 0 },
    });
  });

  it('records regions enabled and disabled, and nothing for a status they already had', async () => {
    await a.ok(contract.region.updateStatus, { recIds: [ids.kw], status: 2 });
    await a.ok(contract.region.updateStatus, { recIds: [ids.kw], status: 2 });
    await a.ok(contract.region.updateStatus, { recIds: [ids.kw], status: 1 });
    const log = await a.entries('region', ids.kw);
    expect(log.map((e) => [e.action, e.before, e.after])).toEqual([
      ['disable', { status: 1 }, { status: 2 }],
      ['enable', { status: 2 }, { status: 1 }],
    ]);
  });
});
