import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { regions } from '../../src/server/db/schema/index.ts';
import { exportsInFlight } from '../../src/server/files/export.ts';
import { xlsxRows } from '../../src/server/files/sheet.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { xlsxOf, zipBomb } from '../support/files.ts';
import type { DEMO } from './support/app.ts';
import { call, rowErrors } from './support/call.ts';
import { useRegions } from './support/regions.ts';

describe('regions', () => {
  const { t, tokens, idOf, post, codes } = useRegions();

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
});
