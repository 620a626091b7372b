import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RowError } from '../../src/server/files/import.ts';
import { xlsxRows } from '../../src/server/files/sheet.ts';
import type { Body } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { xlsxOf, zipBomb } from '../support/files.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, callRaw, rowErrors } from './support/call.ts';

describe('the tracking-number pool', () => {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  const carrierIds: Record<string, number> = {};

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as keyof typeof DEMO] = await t.login(u, p);
    const rows = await t.database.db.execute<{ id: number; code: string }>(
      sql`SELECT id, code FROM carriers`,
    );
    for (const r of rows.rows) carrierIds[r.code] = r.id;
  });

  const upload = (
    content: Buffer,
    opts: { name?: string; carrierId?: number | string; token?: string; lang?: string } = {},
  ) => {
    const fields: Record<string, string> = {};
    if (opts.carrierId !== undefined) fields.carrierId = String(opts.carrierId);
    return call(t, contract.trackingNo.import, {
      token: opts.token ?? tokens.admin,
      lang: opts.lang ?? 'en',
      file: { name: opts.name ?? 'numbers.xlsx', content },
      fields,
    });
  };
  const poolCount = async (carrier: string) =>
    (
      await t.database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM tracking_numbers WHERE carrier_id = ${carrierIds[carrier]!}`,
      )
    ).rows[0]!.n;
  const list = (body: Body<typeof contract.trackingNo.list>, token = tokens.admin) =>
    call(t, contract.trackingNo.list, { token, body });

  it('lists the pool newest first, by carrier, number prefix and used/free', async () => {
    const all = await list({ pageSize: 10 });
    expect(all.status, all.raw).toBe(200);
    expect(all.body.data.total).toBe(630);
    expect(all.body.data.totalCapped).toBe(false);
    const ids = all.body.data.records.map((r) => r.recId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const smsa = await list({ carrierId: carrierIds.SMSA, pageSize: 5 });
    expect(smsa.body.data.total).toBe(300);
    expect(smsa.body.data.records.every((r) => r.carrierCode === 'SMSA' && !r.used)).toBe(true);

    const prefix = await list({ trackingNo: '29000000001' });
    expect(prefix.body.data.records.map((r) => r.trackingNo).sort()).toEqual([
      '290000000010',
      '290000000011',
      '290000000012',
      '290000000013',
      '290000000014',
      '290000000015',
      '290000000016',
      '290000000017',
      '290000000018',
      '290000000019',
    ]);

    await t.database.db.execute(
      sql`UPDATE tracking_numbers SET order_id = 42, used_at = now() WHERE tracking_no = '290000000001'`,
    );
    const used = await list({ used: true });
    expect(used.body.data.records).toHaveLength(1);
    expect(used.body.data.records[0]).toMatchObject({ trackingNo: '290000000001', used: true, orderId: 42 });
    const free = await list({ used: false, carrierId: carrierIds.SMSA });
    expect(free.body.data.total).toBe(299);
  });

  it('shows free and used numbers per carrier, flagging pools below the threshold', async () => {
    const res = await call(t, contract.trackingNo.stock, {
      token: tokens.operator,
      body: {},
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.threshold).toBe(100);
    expect(res.body.data.carriers).toEqual([
      expect.objectContaining({ carrierCode: 'ARAMEX', total: 250, free: 250, used: 0, low: false }),
      expect.objectContaining({ carrierCode: 'IMILE', total: 80, free: 80, low: true }),
      expect.objectContaining({ carrierCode: 'SMSA', total: 300, free: 299, used: 1, low: false }),
    ]);
    const higher = await call(t, contract.trackingNo.stock, {
      token: tokens.admin,
      body: { threshold: 260 },
    });
    expect(higher.body.data.carriers.filter((c) => c.low).map((c) => c.carrierCode)).toEqual([
      'ARAMEX',
      'IMILE',
    ]);
  });

  it('answers the template with its header in the caller language', async () => {
    for (const [lang, header, name] of [
      ['en', '*Tracking number', 'Tracking number import template.xlsx'],
      ['cn', '*运单号', '运单号导入模板.xlsx'],
    ] as const) {
      const res = await call(t, contract.trackingNo.downloadTemplate, { token: tokens.admin, lang });
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
      const rows: string[][] = [];
      for await (const r of xlsxRows(res.bytes)) rows.push(r.cells);
      expect(rows).toEqual([[header]]);
    }
  });

  it('imports a good file for the chosen carrier, logs it and links the numbers to the import', async () => {
    const file = await xlsxOf([['*Tracking number'], ['naq0000001'], ['NAQ-0000002'], ['NAQ0000003']]);
    const res = await upload(file, { carrierId: carrierIds.NAQEL });
    expect(res.status, res.raw).toBe(200);
    const { importId, rowCount } = res.body.data;
    expect(rowCount).toBe(3);
    const pool = await list({ carrierId: carrierIds.NAQEL });
    expect(pool.body.data.records.map((r) => r.trackingNo).sort()).toEqual([
      'NAQ-0000002',
      'NAQ0000001',
      'NAQ0000003',
    ]);
    expect(pool.body.data.records.every((r) => r.importId === importId)).toBe(true);

    const csv = await upload(Buffer.from('Tracking number\r\nNAQ0000004\r\nNAQ0000005\r\n'), {
      name: 'more.csv',
      carrierId: carrierIds.NAQEL,
    });
    expect(csv.status, csv.raw).toBe(200);
    expect(await poolCount('NAQEL')).toBe(5);

    const logs = await call(t, contract.trackingNo.importLogList, {
      token: tokens.admin,
      body: { carrierId: carrierIds.NAQEL },
    });
    expect(
      logs.body.data.records.map((l) => [l.fileName, l.rowCount, l.status, l.carrierCode, l.importedBy]),
    ).toEqual([
      ['more.csv', 2, 1, 'NAQEL', 'admin'],
      ['numbers.xlsx', 3, 1, 'NAQEL', 'admin'],
    ]);
  });

  it('reports every bad row (format, repeated in the file, already in the pool) and writes nothing', async () => {
    const file = await xlsxOf([
      ['Tracking number'],
      ['NAQ0000006'],
      ['bad no!'],
      ['NAQ0000006'],
      ['naq0000001'],
      ['12345'],
      ['NAQ0000007'],
    ]);
    const res = await upload(file, { carrierId: carrierIds.NAQEL });
    expect(res.status).toBe(400);
    const body = res.body as unknown as { msg: string; data: { rowCount: number; errors: RowError[] } };
    expect(body.msg).toBe('4 rows are not valid; nothing was imported. Fix them and import the file again.');
    expect(body.data.rowCount).toBe(6);
    expect(body.data.errors).toEqual([
      { row: 3, column: 'Tracking number', message: 'Use 6 to 40 letters, digits or hyphens' },
      { row: 4, column: 'Tracking number', message: 'Same as row 2' },
      { row: 5, column: 'Tracking number', message: 'Already in the pool of Naqel Express' },
      { row: 6, column: 'Tracking number', message: 'Use 6 to 40 letters, digits or hyphens' },
    ]);
    expect(await poolCount('NAQEL')).toBe(5);

    const empty = await upload(
      await xlsxOf([
        ['Tracking number', 'Note'],
        ['NAQ0000008', ''],
        ['', 'forgot'],
      ]),
      {
        carrierId: carrierIds.NAQEL,
        lang: 'cn',
      },
    );
    expect(empty.status).toBe(400);
    expect(rowErrors(empty)).toEqual([{ row: 3, column: '运单号', message: '该单元格不能为空' }]);
    expect(await poolCount('NAQEL')).toBe(5);

    const logs = await call(t, contract.trackingNo.importLogList, {
      token: tokens.admin,
      body: { carrierId: carrierIds.NAQEL, status: 2 },
    });
    expect(logs.body.data.records.map((l) => [l.rowCount, l.errorCount])).toEqual([
      [2, 1],
      [6, 4],
    ]);
  });

  it('refuses a missing or unknown carrier, a renamed non-xlsx and a zip bomb', async () => {
    const file = await xlsxOf([['Tracking number'], ['NAQ0000009']]);
    const none = await upload(file);
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('Choose the carrier the numbers belong to');
    expect((await upload(file, { carrierId: 999999 })).status).toBe(400);
    expect((await upload(file, { carrierId: 'abc' })).status).toBe(400);

    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    const renamed = await upload(png, { name: 'numbers.xlsx', carrierId: carrierIds.NAQEL });
    expect(renamed.status).toBe(400);
    expect(renamed.body.msg).toBe('The file is not an Excel (.xlsx) or CSV file');

    const before = process.memoryUsage().rss;
    const bomb = await upload(await zipBomb(300), { name: 'bomb.xlsx', carrierId: carrierIds.NAQEL });
    expect(bomb.status).toBe(413);
    expect(bomb.body.msg).toBe('The file is damaged or too large once unpacked, and was not read');
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    expect(await poolCount('NAQEL')).toBe(5);
  });

  it('refuses customer, PDA and finance accounts', async () => {
    const file = await xlsxOf([['Tracking number'], ['NAQ0000010']]);
    for (const who of ['demo', 'demoSub', 'pda', 'finance'] as const) {
      expect((await list({}, tokens[who])).status, who).toBe(403);
      for (const entry of [contract.trackingNo.importLogList, contract.trackingNo.stock])
        expect(
          (await callRaw(t, entry, { token: tokens[who], body: {} })).status,
          `${who} ${entry.path}`,
        ).toBe(403);
      expect((await upload(file, { carrierId: carrierIds.NAQEL, token: tokens[who] })).status, who).toBe(403);
      const tpl = await call(t, contract.trackingNo.downloadTemplate, { token: tokens[who] });
      expect(tpl.status, who).toBe(403);
    }
    expect(await poolCount('NAQEL')).toBe(5);
  });
});
