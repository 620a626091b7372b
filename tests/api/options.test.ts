import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, callRaw } from './support/call.ts';

describe('tracking settings and depots', () => {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as keyof typeof DEMO] = await t.login(u, p);
  });

  const NODE = {
    code: 'customs_hold',
    nameCn: '海关扣留',
    nameEn: 'Held by customs',
    nameAr: 'محتجزة لدى الجمارك',
    orderStatus: OrderStatus.customsClearance,
    sort: 45,
  };

  it('lists the standard nodes in sort order, paged, by keyword and status', async () => {
    const res = await call(t, contract.tracking.list, {
      token: tokens.operator,
      body: { pageSize: 50 },
      lang: 'en',
    });
    expect(res.status, res.raw).toBe(200);
    const codes = res.body.data.records.map((r) => r.code);
    expect(codes.slice(0, 3)).toEqual(['RECEIVED', 'PICKED_UP', 'IN_TRANSIT']);
    expect(codes).toEqual(expect.arrayContaining(['CUSTOMS', 'OUT_FOR_DELIVERY', 'SIGNED', 'RETURNED']));
    expect(res.body.data.records.find((r) => r.code === 'SIGNED')).toMatchObject({
      name: 'Delivered and signed',
      orderStatus: OrderStatus.signed,
    });
    const byKeyword = await call(t, contract.tracking.list, {
      token: tokens.admin,
      body: { keyword: '清关' },
    });
    expect(byKeyword.body.data.records.map((r) => r.code)).toEqual(['CUSTOMS']);
    const paged = await call(t, contract.tracking.list, {
      token: tokens.admin,
      body: { pageNo: 2, pageSize: 3 },
    });
    expect(paged.body.data.records).toHaveLength(3);
    expect(paged.body.data.records[0]!.code).toBe(codes[3]);
  });

  it('adds and updates a node; a disabled node leaves the picker list', async () => {
    const add = await call(t, contract.tracking.save, {
      token: tokens.operator,
      body: NODE,
      lang: 'ar',
    });
    expect(add.status, add.raw).toBe(200);
    expect(add.body.data).toMatchObject({ code: 'CUSTOMS_HOLD', name: 'محتجزة لدى الجمارك', status: 1 });

    const picker = async () =>
      (await call(t, contract.tracking.queryList, { token: tokens.admin, body: {} })).body.data;
    const before = await picker();
    expect(before.map((n) => n.code)).toContain('CUSTOMS_HOLD');
    const sorts = before.map((n) => n.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));

    const dup = await call(t, contract.tracking.save, { token: tokens.admin, body: NODE, lang: 'en' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('A tracking node with code CUSTOMS_HOLD already exists');

    const upd = await call(t, contract.tracking.update, {
      token: tokens.admin,
      body: { ...NODE, recId: add.body.data.recId, nameEn: 'Customs hold', status: 2 },
      lang: 'en',
    });
    expect(upd.body.data).toMatchObject({ name: 'Customs hold', status: 2 });
    expect((await picker()).map((n) => n.code)).not.toContain('CUSTOMS_HOLD');
    const disabled = await call(t, contract.tracking.list, {
      token: tokens.admin,
      body: { status: 2 },
    });
    expect(disabled.body.data.records.map((r) => r.code)).toEqual(['CUSTOMS_HOLD']);

    const clash = await call(t, contract.tracking.update, {
      token: tokens.admin,
      body: { ...NODE, recId: add.body.data.recId, code: 'SIGNED' },
    });
    expect(clash.status).toBe(409);
    const missing = await call(t, contract.tracking.update, {
      token: tokens.admin,
      body: { ...NODE, recId: 999999 },
    });
    expect(missing.status).toBe(404);
  });

  it('validates nodes (400 with the fields)', async () => {
    const bad = await callRaw(t, contract.tracking.save, {
      token: tokens.admin,
      body: { code: 'a b', nameCn: '', nameEn: 'x', nameAr: 'x', orderStatus: 0, sort: -1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.issues.map((i) => i.path).sort()).toEqual(['code', 'nameCn', 'orderStatus', 'sort']);
  });

  it('refuses tracking settings to customer, PDA and finance accounts', async () => {
    for (const who of ['demo', 'demoSub', 'pda', 'finance'] as const) {
      for (const entry of [
        contract.tracking.list,
        contract.tracking.queryList,
        contract.tracking.save,
        contract.tracking.update,
      ]) {
        // Refused before its input is read: any body.
        const r = await callRaw(t, entry, { token: tokens[who], body: {} });
        expect(r.status, `${who} ${entry.path}`).toBe(403);
      }
    }
  });

  it('lists the enabled depots for staff and the PDA, optionally by country', async () => {
    for (const who of ['admin', 'finance', 'pda'] as const) {
      const res = await call(t, contract.depot.list, { token: tokens[who], body: {} });
      expect(res.status, who).toBe(200);
      expect(res.body.data.map((d) => d.code)).toEqual(['RUH01', 'SZX01', 'YIW01']);
    }
    const withCountry = (await call(t, contract.depot.list, { token: tokens.admin, body: {} })).body.data[0]!;
    if (withCountry.countryId !== null) {
      const one = await call(t, contract.depot.list, {
        token: tokens.admin,
        body: { countryId: withCountry.countryId },
      });
      expect(one.body.data.every((d) => d.countryId === withCountry.countryId)).toBe(true);
    }
    await t.database.pool.query(`UPDATE depots SET status = 2 WHERE code = 'YIW01'`);
    const enabled = await call(t, contract.depot.list, { token: tokens.pda, body: {} });
    expect(enabled.body.data.map((d) => d.code)).toEqual(['RUH01', 'SZX01']);
    for (const who of ['demo', 'demoSub'] as const)
      expect((await call(t, contract.depot.list, { token: tokens[who], body: {} })).status, who).toBe(403);
    expect((await callRaw(t, contract.depot.list, { token: tokens.admin, body: { x: 1 } })).status).toBe(400);
  });
});
