import { describe, expect, it } from 'vitest';
import { customerRegions } from '../../src/server/db/schema/index.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { call, callRaw } from './support/call.ts';
import { useRegions } from './support/regions.ts';

describe('regions', () => {
  const { t, tokens, idOf, customerId, post, codes } = useRegions();

  describe('the address selectors', () => {
    it('answer the enabled countries, sorted, in the caller language, to every account', async () => {
      const en = await call(t, contract.region.country, { token: tokens.pda, lang: 'en' });
      expect(en.status).toBe(200);
      expect(codes(en.body.data)).toEqual(['CN', 'SA', 'AE', 'KW', 'QA', 'BH', 'OM', 'EG']);
      expect(en.body.data[1]).toEqual({
        recId: await idOf('SA'),
        code: 'SA',
        name: 'Saudi Arabia',
        level: 0,
        postCode: '',
        isLeaf: false,
      });
      const ar = await call(t, contract.region.country, { token: tokens.demo, lang: 'ar' });
      expect(ar.body.data.find((c) => c.code === 'SA')!.name).toBe('السعودية');
      const cn = await call(t, contract.region.country, { token: tokens.admin, lang: 'cn' });
      expect(cn.body.data.find((c) => c.code === 'AE')!.name).toBe('阿联酋');
      expect((await call(t, contract.region.country)).status).toBe(401);
    });

    it('walk country → province → city → district, with nextCity for any level', async () => {
      const sa = await idOf('SA');
      const provinces = await post(contract.region.provinces, 'demo', { countryId: sa });
      expect(codes(provinces.body.data)).toContain('SA-RI');
      expect(codes(provinces.body.data).slice(0, 3)).toEqual(['SA-RI', 'SA-MK', 'SA-EP']);
      const cities = await post(contract.region.citys, 'pda', { provinceId: await idOf('SA-EP') });
      expect(codes(cities.body.data)).toEqual([
        'SA-EP-DMM',
        'SA-EP-KHO',
        'SA-EP-DHA',
        'SA-EP-JUB',
        'SA-EP-HOF',
        'SA-EP-QAT',
      ]);
      expect(cities.body.data.every((c) => c.isLeaf && c.level === 2)).toBe(true);
      const riyadh = await idOf('SA-RI-RUH');
      const districts = await post(contract.region.districts, 'admin', { cityId: riyadh }, 'ar');
      expect(districts.body.data.map((d) => d.name)).toContain('العليا');
      const next = await post(contract.region.nextCity, 'admin', { parentId: riyadh });
      expect(codes(next.body.data)).toEqual(codes(districts.body.data));
      // A lookup of the wrong level answers nothing rather than another level's regions.
      expect((await post(contract.region.provinces, 'admin', { countryId: riyadh })).body.data).toEqual([]);
      const bad = await post(contract.region.citys, 'admin', { provinceId: 'x' });
      expect(bad.status).toBe(400);
      expect(bad.body.data).toMatchObject({ issues: [{ path: 'provinceId' }] });
    });

    it('drop a disabled region and everything below it, and bring them back when enabled', async () => {
      const sa = await idOf('SA');
      const ri = await idOf('SA-RI');
      const ruh = await idOf('SA-RI-RUH');
      const off = await post(contract.region.updateStatus, 'operator', {
        recIds: [ri],
        status: 2,
      });
      expect(off.status, off.raw).toBe(200);
      expect(off.body.data).toEqual({ updated: 1 });
      expect(
        codes((await post(contract.region.provinces, 'demo', { countryId: sa })).body.data),
      ).not.toContain('SA-RI');
      expect((await post(contract.region.citys, 'demo', { provinceId: ri })).body.data).toEqual([]);
      expect((await post(contract.region.districts, 'demo', { cityId: ruh })).body.data).toEqual([]);
      expect((await post(contract.region.nextCity, 'demo', { parentId: ruh })).body.data).toEqual([]);
      // The regions screen still lists it, disabled.
      const listed = await post(contract.region.list, 'admin', { keyword: 'SA-RI', level: 1 });
      expect(listed.body.data.records[0]).toMatchObject({ code: 'SA-RI', status: 2 });

      await post(contract.region.updateStatus, 'operator', { recIds: [ri], status: 1 });
      expect(codes((await post(contract.region.provinces, 'demo', { countryId: sa })).body.data)).toContain(
        'SA-RI',
      );
      expect((await post(contract.region.districts, 'demo', { cityId: ruh })).body.data.length).toBe(4);
    });

    it('mark a region a leaf when nothing enabled lies below it', async () => {
      const cities = await post(contract.region.citys, 'demo', { provinceId: await idOf('SA-RI') });
      expect(cities.body.data.find((c) => c.code === 'SA-RI-RUH')!.isLeaf).toBe(false);
      const districts = (await post(contract.region.districts, 'admin', { cityId: await idOf('SA-RI-RUH') }))
        .body.data;
      await post(contract.region.updateStatus, 'admin', { recIds: districts.map((d) => d.recId), status: 2 });
      const after = await post(contract.region.citys, 'demo', { provinceId: await idOf('SA-RI') });
      expect(after.body.data.find((c) => c.code === 'SA-RI-RUH')!.isLeaf).toBe(true);
      await post(contract.region.updateStatus, 'admin', { recIds: districts.map((d) => d.recId), status: 1 });
    });
  });

  describe('the regions screen', () => {
    it('lists regions paged, filtered by level, parent, keyword and status', async () => {
      const countries = await post(contract.region.list, 'operator', { level: 0, pageSize: 5 });
      expect(countries.status).toBe(200);
      expect(countries.body.data.total).toBe(8);
      expect(countries.body.data.records).toHaveLength(5);
      expect(countries.body.data.records[0]).toMatchObject({
        code: 'CN',
        name: 'China',
        nameCn: '中国',
        nameAr: 'الصين',
        parentId: null,
        parentCode: null,
        hasChildren: true,
        status: 1,
      });
      const ae = await idOf('AE');
      const emirates = await post(contract.region.list, 'admin', { parentId: ae, pageSize: 50 }, 'cn');
      expect(emirates.body.data.total).toBe(7);
      expect(emirates.body.data.records[0]).toMatchObject({
        code: 'AE-DU',
        name: '迪拜酋长国',
        parentName: '阿联酋',
        parentCode: 'AE',
      });
      const found = await post(contract.region.list, 'admin', { keyword: 'jedd' });
      expect(codes(found.body.data.records)).toEqual(['SA-MK-JED']);
      const byArabic = await post(contract.region.list, 'admin', { keyword: 'الخبر' });
      expect(codes(byArabic.body.data.records)).toEqual(['SA-EP-KHO']);
      const disabled = await post(contract.region.list, 'admin', { status: 2 });
      expect(disabled.body.data.total).toBe(0);
      const page2 = await post(contract.region.list, 'admin', {
        level: 0,
        pageSize: 5,
        pageNo: 2,
      });
      expect(codes(page2.body.data.records)).toHaveLength(3);
    });

    it('refuses bad filters, customers, the PDA and staff without the permission', async () => {
      const body = { level: 7, colour: 'red' };
      const bad = await callRaw(t, contract.region.list, { token: tokens.admin, body, lang: 'en' });
      expect(bad.status).toBe(400);
      expect(bad.issues.map((i) => i.path).sort()).toEqual(['', 'level']);
      for (const who of ['demo', 'demoSub', 'pda', 'finance', 'service'] as const) {
        expect((await post(contract.region.list, who)).status, who).toBe(403);
        expect((await post(contract.region.updateStatus, who, { recIds: [1], status: 2 })).status, who).toBe(
          403,
        );
        expect((await post(contract.region.export, who)).status, who).toBe(403);
      }
    });

    it('refuses a status change naming an unknown region, and changes nothing', async () => {
      const sa = await idOf('SA');
      const res = await post(contract.region.updateStatus, 'admin', { recIds: [sa, 999999], status: 2 });
      expect(res.status).toBe(404);
      const country = await call(t, contract.region.country, { token: tokens.admin });
      expect(codes(country.body.data)).toContain('SA');
      const empty = await post(contract.region.updateStatus, 'admin', {
        recIds: [],
        status: 3,
      });
      expect(empty.status).toBe(400);
      expect(empty.issues.map((i) => i.path).sort()).toEqual(['recIds', 'status']);
    });

    it('answers the chain of a region from its country down', async () => {
      const olaya = await idOf('SA-RI-RUH-OL');
      for (const who of ['admin', 'demo', 'demoSub'] as const) {
        const chain = await post(contract.region.getRegionAllSuperior, who, {
          regionId: olaya,
        });
        expect(chain.status, who).toBe(200);
        expect(chain.body.data.map((l) => [l.code, l.level])).toEqual([
          ['SA', 0],
          ['SA-RI', 1],
          ['SA-RI-RUH', 2],
          ['SA-RI-RUH-OL', 3],
        ]);
      }
      const ar = await post(contract.region.getRegionAllSuperior, 'demo', { regionId: olaya }, 'ar');
      expect(ar.body.data.map((l) => l.name)).toEqual(['السعودية', 'منطقة الرياض', 'الرياض', 'العليا']);
      expect((await post(contract.region.getRegionAllSuperior, 'admin', { regionId: 999999 })).status).toBe(
        404,
      );
      expect((await post(contract.region.getRegionAllSuperior, 'pda', { regionId: olaya })).status).toBe(403);
      expect((await post(contract.region.getRegionAllSuperior, 'finance', { regionId: olaya })).status).toBe(
        403,
      );
    });
  });

  describe("customers' address settings", () => {
    it('shows a customer account its own customer only', async () => {
      const demo = await post(contract.region.customerRegionList, 'demo');
      expect(demo.status).toBe(200);
      expect(demo.body.data.records.map((r) => [r.customerCode, r.isDefault])).toEqual([
        ['DEMO', true],
        ['DEMO', false],
      ]);
      expect(demo.body.data.records[0]).toMatchObject({
        contact: 'Li Wei',
        regionNames: ['China', 'Guangdong', 'Shenzhen', "Bao'an"],
      });
      expect(demo.body.data.records[0]!.regionIds).toEqual([
        await idOf('CN'),
        await idOf('CN-GD'),
        await idOf('CN-GD-SZX'),
        await idOf('CN-GD-SZX-BA'),
      ]);
      const sub = await post(contract.region.customerRegionList, 'demoSub');
      expect(sub.body.data.total).toBe(2);
      const other = await post(contract.region.customerRegionList, 'other');
      expect(other.body.data.records.map((r) => r.customerCode)).toEqual(['OTHER']);
      // Naming another customer answers as if it did not exist; naming one's own is fine.
      expect(
        (await post(contract.region.customerRegionList, 'demo', { customerId: await customerId('OTHER') }))
          .status,
      ).toBe(404);
      expect(
        (await post(contract.region.customerRegionList, 'demo', { customerId: await customerId('DEMO') }))
          .status,
      ).toBe(200);
      const staff = await post(contract.region.customerRegionList, 'operator');
      expect(staff.body.data.total).toBe(3);
      const filtered = await post(contract.region.customerRegionList, 'operator', {
        customerId: await customerId('OTHER'),
      });
      expect(filtered.body.data.records.map((r) => r.contact)).toEqual(['Wang Fang']);
      expect((await post(contract.region.customerRegionList, 'pda')).status).toBe(403);
      expect((await post(contract.region.customerRegionList, 'finance')).status).toBe(403);
    });

    it('lets a main account add and update its own, never another customer’s', async () => {
      const dxb = await idOf('AE-DU-DXB-JA');
      const input = {
        regionId: dxb,
        contact: 'Omar',
        phone: '+971 50 123 4567',
        address: 'Warehouse 12, JAFZA South',
        isDefault: true,
      };
      const added = await post(contract.region.customerRegionAdd, 'demo', input);
      expect(added.status, added.raw).toBe(200);
      expect(added.body.data).toMatchObject({ customerCode: 'DEMO', isDefault: true, postCode: '' });
      expect(added.body.data.regionNames).toEqual(['United Arab Emirates', 'Dubai', 'Dubai', 'Jebel Ali']);
      const list = await post(contract.region.customerRegionList, 'demo');
      expect(list.body.data.records.filter((r) => r.isDefault).map((r) => r.recId)).toEqual([
        added.body.data.recId,
      ]);

      const updated = await post(contract.region.customerRegionUpdate, 'demo', {
        ...input,
        recId: added.body.data.recId,
        contact: 'Omar Khalid',
        isDefault: false,
      });
      expect(updated.body.data).toMatchObject({ contact: 'Omar Khalid', isDefault: false });

      const otherRow = (await post(contract.region.customerRegionList, 'other')).body.data.records[0]!;
      const theirs = await post(contract.region.customerRegionUpdate, 'demo', {
        ...input,
        recId: otherRow.recId,
      });
      expect(theirs.status).toBe(404);
      const foreign = await post(contract.region.customerRegionAdd, 'demo', {
        ...input,
        customerId: await customerId('OTHER'),
      });
      expect(foreign.status).toBe(404);
      expect((await post(contract.region.customerRegionAdd, 'demoSub', input)).status).toBe(403);
      expect(
        (
          await post(contract.region.customerRegionUpdate, 'demoSub', {
            ...input,
            recId: added.body.data.recId,
          })
        ).status,
      ).toBe(403);
      expect((await post(contract.region.customerRegionAdd, 'pda', input)).status).toBe(403);
      const unchanged = await post(contract.region.customerRegionList, 'other');
      expect(unchanged.body.data.records[0]!.contact).toBe('Wang Fang');
    });

    it('lets staff work on any customer, who must be named', async () => {
      const jed = await idOf('SA-MK-JED');
      const input = {
        regionId: jed,
        contact: 'Sara',
        phone: '+966 55 000 1111',
        address: 'Al Hamra, Palestine St',
      };
      const missing = await post(contract.region.customerRegionAdd, 'operator', input);
      expect(missing.status).toBe(400);
      expect(missing.issues.map((i) => i.path)).toEqual(['customerId']);
      const other = await customerId('OTHER');
      const added = await post(contract.region.customerRegionAdd, 'operator', {
        ...input,
        customerId: other,
      });
      expect(added.status, added.raw).toBe(200);
      expect(added.body.data).toMatchObject({ customerCode: 'OTHER', isDefault: false });
      expect(
        (await post(contract.region.customerRegionAdd, 'operator', { ...input, customerId: 999999 })).status,
      ).toBe(404);
      const seen = await post(contract.region.customerRegionList, 'other');
      expect(seen.body.data.total).toBe(2);
      expect(
        (await post(contract.region.customerRegionAdd, 'finance', { ...input, customerId: other })).status,
      ).toBe(403);
    });

    it('refuses a disabled or unknown region and bad fields', async () => {
      const ri = await idOf('SA-RI');
      await post(contract.region.updateStatus, 'admin', { recIds: [ri], status: 2 });
      const input = {
        regionId: await idOf('SA-RI-RUH'),
        contact: 'Ali',
        phone: '+966 50 000 0000',
        address: 'Olaya St',
      };
      const off = await post(contract.region.customerRegionAdd, 'demo', input);
      expect(off.status).toBe(400);
      expect(off.issues).toEqual([{ path: 'regionId', message: 'The region does not exist or is disabled' }]);
      await post(contract.region.updateStatus, 'admin', { recIds: [ri], status: 1 });
      expect(
        (await post(contract.region.customerRegionAdd, 'demo', { ...input, regionId: 999999 })).status,
      ).toBe(400);
      const bad = await post(contract.region.customerRegionAdd, 'demo', {
        ...input,
        contact: ' ',
        phone: 'call me',
      });
      expect(bad.status).toBe(400);
      expect(bad.issues.map((i) => i.path).sort()).toEqual(['contact', 'phone']);
    });
  });

  it('keeps the seeded customer addresses on seeded regions', async () => {
    const rows = await t.database.db.select().from(customerRegions);
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });
});
