import { describe, expect, it } from 'vitest';
import type { Data, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { call } from './support/call.ts';
import { useCustomers } from './support/customers.ts';

const NEW_CUSTOMER = {
  code: 'acme01',
  name: 'Acme Gulf Trading',
  shortName: 'Acme',
  contact: 'Sara',
  phone: '+971 4 000 0000',
  email: 'ops@acme.example',
  address: 'Jebel Ali Free Zone, Dubai',
  settlementCurrency: 'AED' as const,
  codAllowed: false,
  remark: 'for tests',
};

describe('customers, their properties and channels, and their own options', () => {
  const { t, tokens, channel, seeded, post, bad, list } = useCustomers();

  it('lists the demo customers with their seeded profiles, filtered and paged', async () => {
    const all = await list({ pageNo: 1, pageSize: 50 });
    expect(all.status, all.raw).toBe(200);
    const codes = all.body.data.records.map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['DEMO', 'OTHER']));
    expect(codes).toEqual([...codes].sort());
    const demo = all.body.data.records.find((c) => c.code === 'DEMO')!;
    expect(demo).toMatchObject({
      name: 'Demo Trading',
      shortName: 'Demo',
      settlementCurrency: 'CNY',
      codAllowed: true,
      status: 1,
      mainAccount: { username: 'demo', status: 1 },
      accountCount: 2,
    });
    expect(demo.signingCompanyName).toBeTruthy();
    const other = all.body.data.records.find((c) => c.code === 'OTHER')!;
    expect(other).toMatchObject({ settlementCurrency: 'AED', codAllowed: false });

    expect((await list({ code: 'de' })).body.data.records.map((c) => c.code)).toEqual(['DEMO']);
    expect((await list({ name: 'other' })).body.data.records.map((c) => c.code)).toEqual(['OTHER']);
    const bySigning = await list({ signingCompanyId: demo.signingCompanyId });
    expect(bySigning.body.data.records.map((c) => c.code)).toContain('DEMO');
    expect(bySigning.body.data.records.map((c) => c.code)).not.toContain('OTHER');
    const page = await list({ pageNo: 1, pageSize: 1 });
    expect(page.body.data).toMatchObject({ pageSize: 1, total: all.body.data.total });
    expect(page.body.data.records).toHaveLength(1);
    expect((await list({ pageSize: 501 })).status).toBe(400);
  });

  it('offers signing companies and customers to pickers (staff only)', async () => {
    const companies = await call(t, contract.customer.signingCompanyLists, {
      token: tokens.service,
    });
    expect(companies.status, companies.raw).toBe(200);
    expect(companies.body.data.length).toBeGreaterThanOrEqual(3);
    const picks = await post(contract.customer.getCustomers, 'service', {});
    expect(picks.status).toBe(200);
    expect(picks.body.data.map((c) => c.code)).toEqual(expect.arrayContaining(['DEMO', 'OTHER']));
    const byKeyword = await post(contract.customer.getCustomers, 'admin', { keyword: 'demo' });
    expect(byKeyword.body.data).toEqual([
      { recId: seeded.demoId, code: 'DEMO', name: 'Demo Trading', status: 1 },
    ]);
  });

  let acme: Data<typeof contract.customer.add>;

  it('creates a customer with its channels and main account, which can log in', async () => {
    const companies = await call(t, contract.customer.signingCompanyLists, {
      token: tokens.admin,
    });
    const res = await post(contract.customer.add, 'operator', {
      ...NEW_CUSTOMER,
      signingCompanyId: companies.body.data[0]!.recId,
      channelIds: [channel.sa, channel.ae],
      mainAccount: { username: 'Acme-Main', password: 'acme-pass-1' },
    });
    expect(res.status, res.raw).toBe(200);
    acme = res.body.data;
    expect(acme).toMatchObject({
      code: 'ACME01',
      shortName: 'Acme',
      settlementCurrency: 'AED' as const,
      codAllowed: false,
      status: 1,
      channelIds: [channel.sa, channel.ae].sort((a, b) => a - b),
      mainAccount: { username: 'acme-main', status: 1 },
      accountCount: 1,
      signingCompanyName: companies.body.data[0]!.name,
    });

    const token = await t.login('acme-main', 'acme-pass-1');
    const opts = await call(t, contract.customer.options, { token });
    expect(opts.status, opts.raw).toBe(200);
    expect(opts.body.data).toMatchObject({ customerCode: 'ACME01', editable: true, sender: null });
    expect(opts.body.data.channels.map((c) => c.code).sort()).toEqual(['TCAE', 'TCSA']);

    const plain = await post(contract.customer.add, 'admin', { code: 'plain1', name: 'Plain' });
    expect(plain.body.data).toMatchObject({ mainAccount: null, channelIds: [], settlementCurrency: 'CNY' });
  });

  it('refuses bad input with translated messages and writes nothing', async () => {
    const taken = await post(contract.customer.add, 'admin', { ...NEW_CUSTOMER, code: 'demo' }, 'en');
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('A customer with code DEMO already exists');
    const takenCn = await post(contract.customer.add, 'admin', { ...NEW_CUSTOMER, code: 'demo' }, 'cn');
    expect(takenCn.body.msg).toBe('客户代码 DEMO 已存在');

    const refused = await bad(
      contract.customer.add,
      'admin',
      {
        ...NEW_CUSTOMER,
        code: 'A B',
        name: ' ',
        email: 'nope',
        phone: 'call me',
        settlementCurrency: 'XXX',
      },
      'ar',
    );
    expect(refused.status).toBe(400);
    expect(refused.issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(['code', 'name', 'email', 'phone', 'settlementCurrency']),
    );
    expect(refused.body.msg).toMatch(/[\u0600-\u06FF]/);
    expect(
      (await bad(contract.customer.add, 'admin', { ...NEW_CUSTOMER, code: 'X1', secret: 1 })).status,
    ).toBe(400);

    const badCompany = await post(
      contract.customer.add,
      'admin',
      { ...NEW_CUSTOMER, code: 'X1', signingCompanyId: 999999 },
      'en',
    );
    expect(badCompany.status).toBe(400);
    expect(badCompany.issues).toEqual([
      { path: 'signingCompanyId', message: 'Choose an enabled signing company from the list' },
    ]);
    const badChannel = await post(
      contract.customer.add,
      'admin',
      { ...NEW_CUSTOMER, code: 'X1', channelIds: [999999] },
      'cn',
    );
    expect(badChannel.status).toBe(400);
    expect(badChannel.issues[0]!.path).toBe('channelIds');

    // The main account's username is taken: neither the customer nor the account is created.
    const usernameTaken = await post(
      contract.customer.add,
      'admin',
      { ...NEW_CUSTOMER, code: 'X1', mainAccount: { username: 'demo', password: 'secret-1' } },
      'en',
    );
    expect(usernameTaken.status).toBe(409);
    expect(usernameTaken.body.msg).toBe('This username is already taken');
    const shortPassword = await post(contract.customer.add, 'admin', {
      ...NEW_CUSTOMER,
      code: 'X1',
      mainAccount: { username: 'x1-main', password: '123' },
    });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.issues[0]!.path).toBe('mainAccount.password');
    expect((await list({ code: 'X1' })).body.data.total).toBe(0);
  });

  it('updates a customer and its channels; disabling it ends its accounts’ sessions', async () => {
    const token = await t.login('acme-main', 'acme-pass-1');
    const res = await post(contract.customer.update, 'admin', {
      ...NEW_CUSTOMER,
      recId: acme.recId,
      code: 'ACME01',
      name: 'Acme Renamed',
      codAllowed: true,
      channelIds: [channel.sa, channel.off],
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Acme Renamed',
      codAllowed: true,
      channelIds: [channel.sa, channel.off].sort((a, b) => a - b),
    });
    // Left out, the channels stay as they are.
    const keep = await post(contract.customer.update, 'admin', {
      ...NEW_CUSTOMER,
      recId: acme.recId,
      name: 'Acme Renamed',
    });
    expect(keep.body.data.channelIds).toEqual(res.body.data.channelIds);

    const clash = await post(contract.customer.update, 'admin', {
      ...NEW_CUSTOMER,
      recId: acme.recId,
      code: 'OTHER',
    });
    expect(clash.status).toBe(409);
    const missing = await post(contract.customer.update, 'admin', { ...NEW_CUSTOMER, recId: 999999 });
    expect(missing.status).toBe(404);

    const off = await post(contract.customer.update, 'admin', {
      ...NEW_CUSTOMER,
      recId: acme.recId,
      status: 2,
    });
    expect(off.body.data.status).toBe(2);
    expect((await call(t, contract.customer.options, { token })).status).toBe(401);
    const login = await call(t, contract.auth.login, {
      body: { username: 'acme-main', password: 'acme-pass-1' },
    });
    expect(login.status).not.toBe(200);
    expect((await list({ status: 2 })).body.data.records.map((c) => c.code)).toContain('ACME01');

    await post(contract.customer.update, 'admin', { ...NEW_CUSTOMER, recId: acme.recId, status: 1 });
    expect(await t.login('acme-main', 'acme-pass-1')).toBeTruthy();
  });

  it('flags every channel the customer may use (getAllShippings)', async () => {
    const get = (customerId?: number) =>
      call(t, contract.customer.getAllShippings, {
        token: tokens.admin,
        lang: 'en',
        ...(customerId ? { query: { customerId: String(customerId) } } : {}),
      });
    const forAcme = await get(acme.recId);
    expect(forAcme.status, forAcme.raw).toBe(200);
    const byCode = new Map(forAcme.body.data.map((c) => [c.code, c]));
    expect(byCode.get('TCSA')).toMatchObject({ allowed: true, name: 'Test Saudi line', countryCode: 'SA' });
    expect(byCode.get('TCAE')).toMatchObject({ allowed: false });
    expect(byCode.get('TCOFF')).toMatchObject({ allowed: true, status: 2 });
    const none = await get();
    expect(none.body.data.every((c) => !c.allowed)).toBe(true);
    expect(none.body.data.length).toBe(forAcme.body.data.length);
    const bad = await call(t, contract.customer.getAllShippings, {
      token: tokens.admin,
      query: { customerId: 'x' },
    });
    expect(bad.status).toBe(400);
  });

  it('keeps properties per customer: defaults, set, reset, validation', async () => {
    const read = (customerId: number) =>
      post(contract.customer.listCustomerProperties, 'finance', { customerId });
    const plain = (await list({ code: 'PLAIN1' })).body.data.records[0]!;
    const before = await read(plain.recId);
    expect(before.status, before.raw).toBe(200);
    expect(before.body.data.values).toEqual({
      settlementCurrency: 'CNY',
      codAllowed: true,
      creditLimit: null,
      settlementCycle: 'monthly',
      labelFormat: '100x150',
      volumeDivisor: null,
    });
    expect(before.body.data.items.map((i) => i.key)).toEqual([
      'settlementCurrency',
      'codAllowed',
      'creditLimit',
      'settlementCycle',
      'labelFormat',
      'volumeDivisor',
    ]);

    const edit = await post(contract.customer.editCustomerProperties, 'operator', {
      customerId: plain.recId,
      properties: {
        creditLimit: '12000.5',
        settlementCycle: 'weekly',
        volumeDivisor: 5000,
        codAllowed: false,
      },
    });
    expect(edit.status, edit.raw).toBe(200);
    expect(edit.body.data.values).toMatchObject({
      creditLimit: '12000.5',
      settlementCycle: 'weekly',
      volumeDivisor: 5000,
      codAllowed: false,
      labelFormat: '100x150',
    });
    const stored = edit.body.data.items.find((i) => i.key === 'creditLimit')!;
    expect(stored.value).toBe('12000.5');
    expect(stored.updatedAt).toBeTruthy();
    // The customer record reads the same properties.
    expect((await list({ code: 'PLAIN1' })).body.data.records[0]!.codAllowed).toBe(false);

    const reset = await post(contract.customer.editCustomerProperties, 'admin', {
      customerId: plain.recId,
      properties: { creditLimit: null, codAllowed: null },
    });
    expect(reset.body.data.values).toMatchObject({
      creditLimit: null,
      codAllowed: true,
      settlementCycle: 'weekly',
    });
    expect(reset.body.data.items.find((i) => i.key === 'creditLimit')).toMatchObject({
      value: null,
      updatedAt: null,
    });

    const refused = await bad(
      contract.customer.editCustomerProperties,
      'admin',
      { customerId: plain.recId, properties: { creditLimit: '-5', volumeDivisor: 12, labelFormat: 'A5' } },
      'cn',
    );
    expect(refused.status).toBe(400);
    expect(refused.issues.map((i) => i.path).sort()).toEqual([
      'properties.creditLimit',
      'properties.labelFormat',
      'properties.volumeDivisor',
    ]);
    expect(refused.body.msg).toContain('properties.creditLimit');
    const unknownKey = await bad(contract.customer.editCustomerProperties, 'admin', {
      customerId: plain.recId,
      properties: { secret: '1' },
    });
    expect(unknownKey.status).toBe(400);
    expect((await read(plain.recId)).body.data.values.settlementCycle).toBe('weekly');
    expect((await read(999999)).status).toBe(404);
    const missing = await post(contract.customer.editCustomerProperties, 'admin', {
      customerId: 999999,
      properties: { codAllowed: true },
    });
    expect(missing.status).toBe(404);
  });

  it('refuses customer and PDA accounts, and staff without the permission, on staff calls', async () => {
    const calls: [EndpointDef, unknown][] = [
      [contract.customer.list, {}],
      [contract.customer.add, { ...NEW_CUSTOMER, code: 'NOPE' }],
      [contract.customer.update, { ...NEW_CUSTOMER, recId: seeded.demoId, code: 'DEMO' }],
      [
        contract.customer.editCustomerProperties,
        { customerId: seeded.demoId, properties: { codAllowed: false } },
      ],
      [contract.customer.listCustomerProperties, { customerId: seeded.demoId }],
      [contract.customer.getAllShippings, undefined],
      [contract.customer.getCustomers, {}],
      [contract.customer.signingCompanyLists, undefined],
    ];
    for (const who of ['demo', 'demoSub', 'other', 'pda'] as const)
      for (const [entry, body] of calls) {
        const res = await bad(entry, who, body, 'en');
        expect(res.status, `${who} ${entry.path}`).toBe(403);
        expect(res.body.msg).toBe('You do not have permission to do this');
      }
    // The customer service role has no customer screen: pickers yes, the customer list no.
    expect((await list({}, 'service')).status).toBe(403);
    expect((await post(contract.customer.add, 'service', { ...NEW_CUSTOMER, code: 'NOPE' })).status).toBe(
      403,
    );
    expect((await post(contract.customer.getCustomers, 'service', {})).status).toBe(200);
    expect((await call(t, contract.customer.options, { token: tokens.admin })).status).toBe(403);
    expect((await call(t, contract.customer.options, { token: tokens.pda })).status).toBe(403);
    expect((await list({ code: 'NOPE' })).body.data.total).toBe(0);
  });
});
