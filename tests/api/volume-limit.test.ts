import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportsInFlight } from '../../src/server/files/export.ts';
import { xlsxRows } from '../../src/server/files/sheet.ts';
import type { Body } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { xlsxOf, zipBomb } from '../support/files.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, callRaw, rowErrors } from './support/call.ts';

describe('order volume limits', () => {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  const regionIds: Record<string, number> = {};
  const carrierIds: Record<string, number> = {};

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as keyof typeof DEMO] = await t.login(u, p);
    // Regions come from the regions seed; the ones these tests use are made sure of here.
    await t.database.db.execute(sql`
      INSERT INTO regions (level, code, name_cn, name_en, name_ar) VALUES
        (0, 'SA', '沙特阿拉伯', 'Saudi Arabia', 'السعودية'),
        (0, 'AE', '阿联酋', 'United Arab Emirates', 'الإمارات'),
        (0, 'KW', '科威特', 'Kuwait', 'الكويت'),
        (1, 'VT-RIYADH', '利雅得省', 'Riyadh Province', 'منطقة الرياض')
      ON CONFLICT (code) DO NOTHING`);
    const regions = await t.database.db.execute<{ id: number; code: string }>(
      sql`SELECT id, code FROM regions`,
    );
    for (const r of regions.rows) regionIds[r.code] = r.id;
    const carriers = await t.database.db.execute<{ id: number; code: string }>(
      sql`SELECT id, code FROM carriers`,
    );
    for (const c of carriers.rows) carrierIds[c.code] = c.id;
    await t.database.db.execute(sql`DELETE FROM volume_limits`);
    await t.database.db.execute(sql`
      INSERT INTO volume_limits (carrier_id, region_id, daily_limit) VALUES
        (${carrierIds.SMSA!}, ${regionIds.SA!}, 5000),
        (${carrierIds.ARAMEX!}, ${regionIds.AE!}, 4000),
        (${carrierIds.SMSA!}, ${regionIds['VT-RIYADH']!}, 1800)`);
  });

  const list = (body: Body<typeof contract.volumeLimit.list>, token = tokens.admin, lang = 'en') =>
    call(t, contract.volumeLimit.list, { token, body, lang });
  const upload = (content: Buffer, opts: { name?: string; token?: string; lang?: string } = {}) =>
    call(t, contract.volumeLimit.importData, {
      token: opts.token ?? tokens.admin,
      lang: opts.lang ?? 'en',
      file: { name: opts.name ?? 'limits.xlsx', content },
    });
  const limits = async () =>
    (
      await t.database.db.execute<{ pair: string; daily_limit: number }>(sql`
        SELECT c.code || '/' || r.code AS pair, v.daily_limit FROM volume_limits v
        JOIN carriers c ON c.id = v.carrier_id JOIN regions r ON r.id = v.region_id ORDER BY 1`)
    ).rows.map((r) => `${r.pair}=${r.daily_limit}`);

  it('lists limits by carrier and region, with names in the caller language', async () => {
    const all = await list({});
    expect(all.status, all.raw).toBe(200);
    expect(all.body.data.records.map((r) => `${r.carrierCode}/${r.regionCode}=${r.dailyLimit}`)).toEqual([
      'ARAMEX/AE=4000',
      'SMSA/SA=5000',
      'SMSA/VT-RIYADH=1800',
    ]);
    expect(all.body.data.records[0]!.regionName).toBe('United Arab Emirates');
    const byCarrier = await list({ carrierId: carrierIds.SMSA });
    expect(byCarrier.body.data.total).toBe(2);
    const byCode = await list({ region: 'sa' });
    expect(byCode.body.data.records.map((r) => r.regionCode)).toEqual(['SA']);
    const byName = await list({ region: '利雅得' }, tokens.operator, 'cn');
    expect(byName.body.data.records.map((r) => r.regionName)).toEqual(['利雅得省']);
  });

  it('answers the import template (POST blob) with the headers the importer reads', async () => {
    const res = await call(t, contract.volumeLimit.checkFile, { token: tokens.admin, body: {}, lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows: string[][] = [];
    for await (const r of xlsxRows(res.bytes)) rows.push(r.cells);
    expect(rows).toEqual([['*Carrier code', '*Region code', '*Daily limit']]);
  });

  it('imports limits, updating a pair that exists and adding new ones', async () => {
    const res = await upload(
      await xlsxOf([
        ['*Carrier code', '*Region code', '*Daily limit'],
        ['smsa', 'sa', 6000],
        ['NAQEL', 'SA', '3000'],
        ['ZAJIL', 'KW', 0],
      ]),
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.rowCount).toBe(3);
    expect(await limits()).toEqual([
      'ARAMEX/AE=4000',
      'NAQEL/SA=3000',
      'SMSA/SA=6000',
      'SMSA/VT-RIYADH=1800',
      'ZAJIL/KW=0',
    ]);
  });

  it('reports every bad row and writes nothing', async () => {
    const res = await upload(
      await xlsxOf([
        ['Carrier code', 'Region code', 'Daily limit'],
        ['SMSA', 'SA', 7000],
        ['NOPE', 'SA', 10],
        ['SMSA', 'XX', 10],
        ['ARAMEX', 'AE', 'many'],
        ['smsa', 'SA', 1],
        ['ARAMEX', 'AE', -5],
      ]),
    );
    expect(res.status).toBe(400);
    const errors = rowErrors(res);
    expect(errors).toEqual([
      { row: 3, column: 'Carrier code', message: 'No carrier has the code NOPE' },
      { row: 4, column: 'Region code', message: 'No region has the code XX' },
      { row: 5, column: 'Daily limit', message: 'Enter a whole number from 0 to 1000000' },
      { row: 6, column: 'Region code', message: 'Same carrier and region as row 2' },
      { row: 7, column: 'Daily limit', message: 'Enter a whole number from 0 to 1000000' },
      { row: 7, column: 'Region code', message: 'Same carrier and region as row 5' },
    ]);
    expect(await limits()).toContain('SMSA/SA=6000');

    const renamed = await upload(Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj', 'latin1'), {
      name: 'limits.xlsx',
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.msg).toBe('The file is not an Excel (.xlsx) or CSV file');
    const bomb = await upload(await zipBomb(300), { name: 'limits.xlsx' });
    expect(bomb.status).toBe(413);
    expect(await limits()).toHaveLength(5);
  });

  it('exports the filtered limits as a task whose file keeps formula-like text as text', async () => {
    const [evil] = (
      await t.database.db.execute<{ id: number }>(sql`
        INSERT INTO carriers (code, name, name_en) VALUES ('EVIL', '+1+1', '=HYPERLINK("http://x.example","y")')
        RETURNING id`)
    ).rows;
    await t.database.db.execute(
      sql`INSERT INTO volume_limits (carrier_id, region_id, daily_limit) VALUES (${evil!.id}, ${regionIds.SA!}, 9)`,
    );
    const started = await call(t, contract.volumeLimit.exportData, {
      token: tokens.operator,
      body: { region: 'SA' },
      lang: 'en',
    });
    expect(started.status, started.raw).toBe(200);
    expect(started.body.data).toMatchObject({ kind: 'volumeLimit', name: 'Order volume limits' });
    await exportsInFlight();
    const tasks = await call(t, contract.exportTask.listExportTask, {
      token: tokens.operator,
      body: {},
    });
    expect(tasks.body.data.records[0]).toMatchObject({ status: 2, rowCount: 3, progress: 100 });
    const file = await call(t, contract.exportTask.download, {
      params: { id: started.body.data.recId },
      token: tokens.operator,
    });
    expect(file.status).toBe(200);
    const rows: string[][] = [];
    for await (const r of xlsxRows(file.bytes)) rows.push(r.cells);
    expect(rows[0]).toEqual([
      'Carrier code',
      'Carrier',
      'Region code',
      'Region',
      'Daily limit',
      'Updated at',
    ]);
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual([
      ['SMSA', 'SMSA Express', 'SA', 'Saudi Arabia', '6000'],
      ['NAQEL', 'Naqel Express', 'SA', 'Saudi Arabia', '3000'],
      ['EVIL', '=HYPERLINK("http://x.example","y")', 'SA', 'Saudi Arabia', '9'],
    ]);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const ws = wb.getWorksheet(1)!;
    const evilCell = ws.getRow(4).getCell(2);
    expect(evilCell.type).toBe(ExcelJS.ValueType.String);
    const types: unknown[] = [];
    ws.eachRow((row) => row.eachCell((c) => types.push(c.type)));
    expect(types).not.toContain(ExcelJS.ValueType.Formula);
  });

  it('deletes one limit per carrier region', async () => {
    const rec = (await list({ region: 'KW' })).body.data.records[0]!;
    const del = await call(t, contract.volumeLimit.deleteCarrierRegion, {
      params: { id: rec.recId },
      token: tokens.operator,
    });
    expect(del.status).toBe(200);
    expect((await list({ region: 'KW' })).body.data.total).toBe(0);
    const again = await call(t, contract.volumeLimit.deleteCarrierRegion, {
      params: { id: rec.recId },
      token: tokens.admin,
    });
    expect(again.status).toBe(404);
    expect(
      (
        await callRaw(t, contract.volumeLimit.deleteCarrierRegion, {
          params: { id: 'abc' },
          token: tokens.admin,
        })
      ).status,
    ).toBe(400);
  });

  it('refuses customer, PDA and finance accounts', async () => {
    const file = await xlsxOf([
      ['Carrier code', 'Region code', 'Daily limit'],
      ['SMSA', 'SA', 1],
    ]);
    for (const who of ['demo', 'demoSub', 'pda', 'finance'] as const) {
      expect((await list({}, tokens[who])).status, who).toBe(403);
      expect(
        (await call(t, contract.volumeLimit.exportData, { token: tokens[who], body: {} })).status,
        who,
      ).toBe(403);
      expect(
        (await call(t, contract.volumeLimit.deleteCarrierRegion, { params: { id: 1 }, token: tokens[who] }))
          .status,
        who,
      ).toBe(403);
      expect((await upload(file, { token: tokens[who] })).status, who).toBe(403);
      const tpl = await call(t, contract.volumeLimit.checkFile, { token: tokens[who], body: {} });
      expect(tpl.status, who).toBe(403);
    }
    expect(await limits()).toContain('SMSA/SA=6000');
  });
});
