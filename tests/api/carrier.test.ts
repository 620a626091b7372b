import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CarrierRecord } from '../../src/shared/contract/carrier.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, callRaw } from './support/call.ts';

const NEW_CARRIER = {
  code: 'tst1',
  name: '测试快递',
  nameEn: 'Test Express',
  contact: 'Nora',
  phone: '+966 11 000 0000',
  email: 'ops@test.example; push@test.example',
  trackingUrl: 'https://track.test.example/?no={no}',
  lastMile: true,
  remark: 'for tests',
};

describe('carriers and their tracking nodes', () => {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  let saudiId = 0;

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as keyof typeof DEMO] = await t.login(u, p);
    // The regions engineer seeds countries too; this works with or without them.
    await t.database.db.execute(sql`
      INSERT INTO regions (level, code, name_cn, name_en, name_ar)
      VALUES (0, 'SA', '沙特阿拉伯', 'Saudi Arabia', 'السعودية'), (1, 'ZZ-TEST', '测试省', 'Test province', '')
      ON CONFLICT (code) DO NOTHING`);
    const r = await t.database.db.execute<{ id: number }>(sql`SELECT id FROM regions WHERE code = 'SA'`);
    saudiId = r.rows[0]!.id;
  });

  const list = (body: object, token = tokens.admin) => call(t, contract.carrier.list, { token, body });

  it('lists the seeded carriers by code, with filters and paging', async () => {
    const all = await list({ pageNo: 1, pageSize: 50 });
    expect(all.status).toBe(200);
    const codes = all.body.data.records.map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['SMSA', 'ARAMEX', 'NAQEL', 'JTSA', 'IMILE', 'SF', 'YUN']));
    expect(codes).toEqual([...codes].sort());
    const smsa = all.body.data.records.find((c) => c.code === 'SMSA')!;
    expect(smsa).toMatchObject({ nameEn: 'SMSA Express', lastMile: true, status: 1 });
    expect(smsa.nodeCount).toBeGreaterThan(3);

    const byCode = await list({ code: 'sm' });
    expect(byCode.body.data.records.map((c) => c.code)).toEqual(['SMSA']);
    const byName = await list({ name: 'post' });
    expect(byName.body.data.records.map((c) => c.code).sort()).toEqual(['BHPOST', 'OMPOST', 'QPOST']);
    const lineHaul = await list({ lastMile: false });
    expect(lineHaul.body.data.records.map((c) => c.code).sort()).toEqual(['SF', 'YUN']);
    const page2 = await list({ pageNo: 2, pageSize: 5 });
    expect(page2.body.data).toMatchObject({ pageNo: 2, pageSize: 5, total: all.body.data.total });
    expect(page2.body.data.records).toHaveLength(5);
  });

  let created: CarrierRecord;

  it('creates a carrier: code upper-cased, e-mails normalised, country shown in the caller language', async () => {
    const res = await call(t, contract.carrier.save, {
      token: tokens.operator,
      body: { ...NEW_CARRIER, countryId: saudiId },
      lang: 'en',
    });
    expect(res.status, res.raw).toBe(200);
    created = res.body.data;
    expect(created).toMatchObject({
      code: 'TST1',
      email: 'ops@test.example, push@test.example',
      countryCode: 'SA',
      countryName: 'Saudi Arabia',
      status: 1,
      nodeCount: 0,
    });
    const cn = await call(t, contract.carrier.view, {
      params: { carrierId: created.recId },
      token: tokens.admin,
    });
    expect(cn.body.data.countryName).toBe('沙特阿拉伯');
  });

  it('refuses a taken code (409) and invalid fields (400 with each field)', async () => {
    const taken = await call(t, contract.carrier.save, {
      token: tokens.admin,
      body: { ...NEW_CARRIER, code: 'smsa' },
      lang: 'en',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('A carrier with code SMSA already exists');

    const bad = await call(t, contract.carrier.save, {
      token: tokens.admin,
      body: { ...NEW_CARRIER, code: 'A B', email: 'not-an-email', trackingUrl: 'ftp://x', name: ' ' },
      lang: 'en',
    });
    expect(bad.status).toBe(400);
    const paths = bad.issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['code', 'name', 'email.0', 'trackingUrl']));

    const unknownField = await callRaw(t, contract.carrier.save, {
      token: tokens.admin,
      body: { ...NEW_CARRIER, code: 'TST9', secret: 1 },
    });
    expect(unknownField.status).toBe(400);

    const province = await t.database.db.execute<{ id: number }>(
      sql`SELECT id FROM regions WHERE code = 'ZZ-TEST'`,
    );
    const notCountry = await call(t, contract.carrier.save, {
      token: tokens.admin,
      body: { ...NEW_CARRIER, code: 'TST9', countryId: province.rows[0]!.id },
      lang: 'en',
    });
    expect(notCountry.status).toBe(400);
    expect(notCountry.issues).toEqual([
      { path: 'countryId', message: 'Choose a country from the region list' },
    ]);
  });

  it('updates a carrier, keeping codes unique, and answers 404 for an unknown one', async () => {
    const res = await call(t, contract.carrier.update, {
      token: tokens.admin,
      body: {
        ...NEW_CARRIER,
        recId: created.recId,
        code: 'TST1',
        name: 'Renamed',
        status: 2,
        countryId: null,
      },
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Renamed', status: 2, countryId: null, countryName: null });
    const clash = await call(t, contract.carrier.update, {
      token: tokens.admin,
      body: { ...NEW_CARRIER, recId: created.recId, code: 'ARAMEX' },
    });
    expect(clash.status).toBe(409);
    const missing = await call(t, contract.carrier.update, {
      token: tokens.admin,
      body: { ...NEW_CARRIER, recId: 999999 },
    });
    expect(missing.status).toBe(404);
    expect(
      (await call(t, contract.carrier.view, { params: { carrierId: 999999 }, token: tokens.admin })).status,
    ).toBe(404);
  });

  it('offers enabled carriers to pickers; last-mile ones through getLastCarrierCompany', async () => {
    const simple = await call(t, contract.carrier.listSimple, {
      token: tokens.finance,
      body: {},
    });
    expect(simple.status).toBe(200);
    const codes = simple.body.data.map((c) => c.code);
    expect(codes).toContain('SF');
    expect(codes).not.toContain('TST1'); // disabled above
    const lastMile = await call(t, contract.carrier.listSimple, {
      token: tokens.admin,
      body: { lastMile: true },
    });
    expect(lastMile.body.data.map((c) => c.code)).not.toContain('SF');
    const companies = await call(t, contract.carrier.getLastCarrierCompany, {
      token: tokens.service,
    });
    expect(companies.status).toBe(200);
    expect(companies.body.data.map((c) => c.code)).toEqual(lastMile.body.data.map((c) => c.code));
    expect(companies.body.data.every((c) => c.lastMile)).toBe(true);
  });

  it('keeps a tracking map per carrier: add, update, list by code, delete', async () => {
    const add = await call(t, contract.carrier.saveTrackingNode, {
      token: tokens.operator,
      body: {
        carrierId: created.recId,
        code: 'DL',
        nameCn: '已签收',
        nameEn: 'Delivered',
        nameAr: 'تم التسليم',
        orderStatus: OrderStatus.signed,
        sort: 20,
      },
      lang: 'ar',
    });
    expect(add.status, add.raw).toBe(200);
    expect(add.body.data).toMatchObject({ code: 'DL', name: 'تم التسليم', orderStatus: OrderStatus.signed });
    const second = await call(t, contract.carrier.saveTrackingNode, {
      token: tokens.operator,
      body: { carrierId: created.recId, code: 'PU', nameCn: '已揽收', nameEn: 'Picked up', sort: 10 },
    });
    expect(second.body.data).toMatchObject({ nameAr: '', orderStatus: null });

    const dup = await call(t, contract.carrier.saveTrackingNode, {
      token: tokens.admin,
      body: { carrierId: created.recId, code: 'DL', nameCn: 'x', nameEn: 'x' },
      lang: 'en',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('This carrier already has a node with code DL');
    const badStatus = await call(t, contract.carrier.saveTrackingNode, {
      token: tokens.admin,
      body: { carrierId: created.recId, code: 'X1', nameCn: 'x', nameEn: 'x', orderStatus: 99 },
    });
    expect(badStatus.status).toBe(400);
    const noCarrier = await call(t, contract.carrier.saveTrackingNode, {
      token: tokens.admin,
      body: { carrierId: 999999, code: 'X1', nameCn: 'x', nameEn: 'x' },
    });
    expect(noCarrier.status).toBe(404);

    const upd = await call(t, contract.carrier.updateTrackingNode, {
      token: tokens.admin,
      body: { recId: second.body.data.recId, code: 'PU1', nameCn: '已揽件', nameEn: 'Collected', sort: 5 },
      lang: 'en',
    });
    expect(upd.body.data).toMatchObject({ code: 'PU1', name: 'Collected', sort: 5 });
    const updClash = await call(t, contract.carrier.updateTrackingNode, {
      token: tokens.admin,
      body: { recId: second.body.data.recId, code: 'DL', nameCn: 'x', nameEn: 'x' },
    });
    expect(updClash.status).toBe(409);

    const byCode = await call(t, contract.carrier.trackingNode, {
      params: { carrierCode: 'tst1' },
      token: tokens.admin,
    });
    expect(byCode.status, byCode.raw).toBe(200);
    expect(byCode.body.data.map((n) => n.code)).toEqual(['PU1', 'DL']);
    const view = await call(t, contract.carrier.view, {
      params: { carrierId: created.recId },
      token: tokens.admin,
    });
    expect(view.body.data.nodes.map((n) => n.code)).toEqual(['PU1', 'DL']);
    expect(view.body.data.nodeCount).toBe(2);
    expect(
      (await call(t, contract.carrier.trackingNode, { params: { carrierCode: 'NOPE' }, token: tokens.admin }))
        .status,
    ).toBe(404);

    const del = await call(t, contract.carrier.deleteTrackingNode, {
      params: { id: add.body.data.recId },
      token: tokens.admin,
    });
    expect(del.status).toBe(200);
    expect(del.body.data).toBeNull();
    const again = await call(t, contract.carrier.deleteTrackingNode, {
      params: { id: add.body.data.recId },
      token: tokens.admin,
    });
    expect(again.status).toBe(404);
  });

  it('refuses customer, PDA and finance accounts (no settings permission); pickers stay staff-only', async () => {
    for (const who of ['demo', 'demoSub', 'pda', 'finance'] as const) {
      expect((await list({}, tokens[who])).status, who).toBe(403);
      const save = await call(t, contract.carrier.save, {
        token: tokens[who],
        body: { ...NEW_CARRIER, code: 'NOPE' },
      });
      expect(save.status, who).toBe(403);
      const nodes = await call(t, contract.carrier.trackingNode, {
        params: { carrierCode: 'SMSA' },
        token: tokens[who],
      });
      expect(nodes.status, who).toBe(403);
      const del = await call(t, contract.carrier.deleteTrackingNode, {
        params: { id: 1 },
        token: tokens[who],
      });
      expect(del.status, who).toBe(403);
    }
    for (const who of ['demo', 'demoSub', 'pda'] as const) {
      expect((await call(t, contract.carrier.listSimple, { token: tokens[who], body: {} })).status, who).toBe(
        403,
      );
      expect(
        (await call(t, contract.carrier.getLastCarrierCompany, { token: tokens[who] })).status,
        who,
      ).toBe(403);
    }
    expect((await call(t, contract.carrier.list, { body: {} })).status).toBe(401);
  });
});
