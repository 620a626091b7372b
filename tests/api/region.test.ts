import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerRegions, customers, regions } from '../../src/server/db/schema/index.ts';
import { exportsInFlight } from '../../src/server/files/export.ts';
import { xlsxRows } from '../../src/server/files/sheet.ts';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { xlsxOf, zipBomb } from '../support/files.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, callRaw, callWith, rowErrors } from './support/call.ts';

describe('regions', () => {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  const idOf = async (code: string) =>
    (await t.database.db.select({ id: regions.id }).from(regions).where(eq(regions.code, code)))[0]!.id;
  const customerId = async (code: string) =>
    (await t.database.db.select({ id: customers.id }).from(customers).where(eq(customers.code, code)))[0]!.id;

  beforeAll(async () => {
    for (const [name, [u, p]] of Object.entries(DEMO))
      tokens[name as keyof typeof DEMO] = await t.login(u, p);
  });

  const post = <E extends EndpointDef>(entry: E, who: keyof typeof DEMO, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], body, lang });
  const codes = (list: { code: string }[]) => list.map((r) => r.code);

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

  describe('import', () => {
    const upload = (who: keyof typeof DEMO, name: string, content: Buffer, lang = 'en') =>
      call(t, contract.region.import, { token: tokens[who], lang, file: { name, content } });
    const HEADERS = [
      '*Region code',
      'Parent code',
      '*Level (0 country, 1 province, 2 city, 3 district)',
      '*Chinese name',
      '*English name',
      'Arabic name',
      'Post code',
      'Sort order',
    ];
    const count = async () =>
      Number(
        (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM regions`)).rows[0]!.n,
      );

    it('offers a template whose headers the importer reads', async () => {
      const template = contract.region.template;
      const res = await call(t, template, { token: tokens.operator, lang: 'en' });
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain(
        "filename*=UTF-8''Region%20import%20template.xlsx",
      );
      const rows: string[][] = [];
      for await (const r of xlsxRows(res.bytes)) rows.push(r.cells);
      expect(rows[0]).toEqual(HEADERS);
      expect(rows[1]![0]).toBe('SA');
      const cn = await call(t, template, { token: tokens.admin, lang: 'cn' });
      const cnRows: string[][] = [];
      for await (const r of xlsxRows(cn.bytes)) cnRows.push(r.cells);
      expect(cnRows[0]![0]).not.toBe(HEADERS[0]);
      expect((await call(t, template, { token: tokens.demo })).status).toBe(403);
    });

    it('imports a good file: new regions below existing or new parents, existing codes updated', async () => {
      const before = await count();
      const file = await xlsxOf([
        HEADERS,
        ['YE', '', 0, '也门', 'Yemen', 'اليمن', '', 9],
        ['ye-sa', 'YE', 1, '萨那省', "Sana'a", 'صنعاء', '', 1],
        ['YE-SA-SAH', 'YE-SA', 2, '萨那', "Sana'a City", 'مدينة صنعاء', '', 1],
        ['SA-RI-RUH-AQ', 'SA-RI-RUH', 3, '阿奇克', 'Al Aqiq', 'العقيق', '13511', 5],
        ['SA-RI-RUH', 'SA-RI', 2, '利雅得市', 'Riyadh City', 'الرياض', '11564', 1],
      ]);
      const res = await upload('operator', 'regions.xlsx', file);
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.rowCount).toBe(5);
      expect(await count()).toBe(before + 4);
      const [ye] = await t.database.db.select().from(regions).where(eq(regions.code, 'YE-SA'));
      expect(ye).toMatchObject({ level: 1, parentId: await idOf('YE'), nameEn: "Sana'a" });
      const [ruh] = await t.database.db.select().from(regions).where(eq(regions.code, 'SA-RI-RUH'));
      expect(ruh).toMatchObject({ nameCn: '利雅得市', nameEn: 'Riyadh City', parentId: await idOf('SA-RI') });
      const districts = await post(contract.region.districts, 'demo', { cityId: ruh!.id });
      expect(codes(districts.body.data)).toContain('SA-RI-RUH-AQ');
      const csv = await upload(
        'admin',
        'more.csv',
        Buffer.from(`Region code,Parent code,Level,Chinese name,English name\nYE-AD,YE,1,亚丁省,Aden\n`),
      );
      expect(csv.status, csv.raw).toBe(200);
    });

    it('reports every bad row and writes nothing', async () => {
      const before = await count();
      const file = await xlsxOf([
        HEADERS,
        ['XX', '', 0, '某国', 'Someland', '', '', 1],
        ['XX-1', 'NOPE', 1, '甲', 'A', '', '', 1],
        ['XX-2', 'XX', 2, '乙', 'B', '', '', 1],
        ['XX', '', 0, '重复', 'Dup', '', '', 1],
        ['bad code!', 'XX', 1, '丙', 'C', '', '', 'x'],
        ['XX-3', 'XX', 5, '丁', 'D', '', '', 1],
        ['XX-4', '', 1, '戊', 'E', '', '', 1],
        ['SA-RI', 'SA', 2, '利雅得', 'Riyadh', '', '', 1],
        ['XX-5', 'XX', 1, '', 'F', '', '', 1],
      ]);
      const res = await upload('admin', 'bad.xlsx', file);
      expect(res.status).toBe(400);
      // A missing required cell is reported first (the engine checks it before any other rule).
      expect(rowErrors(res)).toEqual([
        { row: 10, column: 'Chinese name', message: 'This cell cannot be empty' },
      ]);
      expect(await count()).toBe(before);

      const fixedRequired = await xlsxOf([
        HEADERS,
        ['XX', '', 0, '某国', 'Someland', '', '', 1],
        ['XX-1', 'NOPE', 1, '甲', 'A', '', '', 1],
        ['XX-2', 'XX', 2, '乙', 'B', '', '', 1],
        ['XX', '', 0, '重复', 'Dup', '', '', 1],
        ['bad code!', 'XX', 1, '丙', 'C', '', '', 'x'],
        ['XX-3', 'XX', 5, '丁', 'D', '', '', 1],
      ]);
      const format = await upload('admin', 'bad.xlsx', fixedRequired);
      expect(format.status).toBe(400);
      expect(rowErrors(format)).toEqual([
        { row: 5, column: 'Region code', message: 'Same code as row 2' },
        { row: 6, column: 'Region code', message: 'Use letters, digits, - and _ (at most 40 characters)' },
        { row: 6, column: 'Sort order', message: 'The sort order is a whole number' },
        {
          row: 7,
          column: 'Level (0 country, 1 province, 2 city, 3 district)',
          message: 'The level is 0, 1, 2 or 3',
        },
      ]);

      const rules = await xlsxOf([
        HEADERS,
        ['XX', '', 0, '某国', 'Someland', '', '', 1],
        ['XX-1', 'NOPE', 1, '甲', 'A', '', '', 1],
        ['XX-2', 'XX', 2, '乙', 'B', '', '', 1],
        ['XX-4', '', 1, '戊', 'E', '', '', 1],
        ['SA-RI', 'SA', 2, '利雅得', 'Riyadh', '', '', 1],
        ['XY', 'SA', 0, '国', 'Land', '', '', 1],
      ]);
      const ruled = await upload('admin', 'rules.xlsx', rules);
      expect(ruled.status).toBe(400);
      expect(ruled.body.msg).toBe(
        '5 rows are not valid; nothing was imported. Fix them and import the file again.',
      );
      expect(rowErrors(ruled)).toEqual([
        {
          row: 3,
          column: 'Parent code',
          message: 'Parent code NOPE is neither in the file nor among the regions',
        },
        {
          row: 4,
          column: 'Level (0 country, 1 province, 2 city, 3 district)',
          message: 'The level must be one below its parent (parent level 0)',
        },
        { row: 5, column: 'Parent code', message: 'Regions below a country need a parent code' },
        {
          row: 6,
          column: 'Level (0 country, 1 province, 2 city, 3 district)',
          message: 'Region SA-RI exists at level 1; its level cannot change',
        },
        {
          row: 6,
          column: 'Level (0 country, 1 province, 2 city, 3 district)',
          message: 'The level must be one below its parent (parent level 0)',
        },
        { row: 7, column: 'Parent code', message: 'A country has no parent code' },
      ]);
      expect(await count()).toBe(before);
      const cn = await upload('admin', 'rules.xlsx', rules, 'cn');
      expect(rowErrors(cn)[0]!.message).not.toBe(
        'Parent code NOPE is neither in the file nor among the regions',
      );
      const [log] = (
        await t.database.db.execute<{ status: number; error_count: number }>(
          sql`SELECT status, error_count FROM import_logs WHERE kind = 'region' ORDER BY id DESC LIMIT 1`,
        )
      ).rows;
      expect(log).toEqual({ status: 2, error_count: 6 });
    });

    it('refuses a renamed non-sheet, a zip bomb, customers and the PDA', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
      const renamed = await upload('admin', 'regions.xlsx', png);
      expect(renamed.status).toBe(400);
      expect(renamed.body.msg).toBe('The file is not an Excel (.xlsx) or CSV file');
      const bomb = await upload('admin', 'bomb.xlsx', await zipBomb(300));
      expect(bomb.status).toBe(413);
      const file = await xlsxOf([HEADERS, ['ZZ', '', 0, '国', 'Land', '', '', 1]]);
      for (const who of ['demo', 'pda', 'finance'] as const)
        expect((await upload(who, 'r.xlsx', file)).status, who).toBe(403);
      expect(await t.database.db.select().from(regions).where(eq(regions.code, 'ZZ'))).toEqual([]);
    }, 90_000);
  });

  describe('export', () => {
    it('exports the filtered regions as a task whose file keeps formula text as text', async () => {
      const cn = await idOf('CN');
      await t.database.db.insert(regions).values([
        {
          code: 'CN-XX',
          parentId: cn,
          level: 1,
          nameCn: '=cmd|calc!A0',
          nameEn: '=cmd',
          nameAr: '+SUM(1)',
          postCode: '@x',
          sort: 99,
        },
      ]);
      const started = await post(contract.region.export, 'operator', {
        parentId: cn,
      });
      expect(started.status, started.raw).toBe(200);
      expect(started.body.data.name).toBe('Regions');
      await exportsInFlight();
      const tasks = await post(contract.exportTask.listExportTask, 'operator');
      const task = tasks.body.data.records.find((r) => r.recId === started.body.data.recId)!;
      expect(task).toMatchObject({ status: 2, rowCount: 11, filters: { parentId: cn } });
      const file = await call(t, contract.exportTask.download, {
        params: { id: task.recId },
        token: tokens.operator,
      });
      expect(file.status).toBe(200);
      const { default: ExcelJS } = await import('exceljs');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
      const ws = wb.getWorksheet(1)!;
      expect(ws.getRow(1).values).toEqual([
        undefined,
        'Region code',
        'Parent code',
        'Level (0 country, 1 province, 2 city, 3 district)',
        'Chinese name',
        'English name',
        'Arabic name',
        'Post code',
        'Sort order',
        'Status',
      ]);
      expect(ws.getRow(2).values).toEqual([
        undefined,
        'CN-GD',
        'CN',
        1,
        '广东省',
        'Guangdong',
        'قوانغدونغ',
        undefined,
        1,
        'Enabled',
      ]);
      const types: unknown[] = [];
      let hostile: unknown[] = [];
      ws.eachRow((row) => {
        row.eachCell((c) => types.push(c.type));
        if (row.getCell(1).value === 'CN-XX') hostile = (row.values as unknown[]).slice(1);
      });
      expect(types).not.toContain(ExcelJS.ValueType.Formula);
      expect(hostile).toEqual(['CN-XX', 'CN', 1, '=cmd|calc!A0', '=cmd', '+SUM(1)', '@x', 99, 'Enabled']);
      expect(ws.rowCount).toBe(12);
    });
  });

  it('keeps the seeded customer addresses on seeded regions', async () => {
    const rows = await t.database.db.select().from(customerRegions);
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });
});
