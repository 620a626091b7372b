import multipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../src/server/db/client.ts';
import { exportsInFlight, keysetPages, startExport } from '../../src/server/files/export.ts';
import { type ImportSpec, receiveFile, runImport, templateFile } from '../../src/server/files/import.ts';
import { xlsxRows } from '../../src/server/files/sheet.ts';
import { bindContract } from '../../src/server/http/bind.ts';
import { implement } from '../../src/server/http/context.ts';
import { registerExportCalls } from '../../src/server/modules/export-task/export-job.ts';
import { endpoint, fileOf, SHEET_FILE } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { fileMessages } from '../../src/shared/i18n/file-messages.ts';
import { multipartBody, xlsxOf, zipBomb } from '../support/files.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call } from './support/call.ts';

interface Row {
  no: string;
  weight: string;
}

/** A test importer of the engine: numbers with a weight, into a scratch table. */
const spec: ImportSpec<Row> = {
  kind: 'test-numbers',
  title: { id: 'test.numbers', message: 'Numbers' },
  columns: [
    { key: 'no', header: { id: 'test.no', message: 'Tracking number' }, required: true },
    { key: 'weight', header: { id: 'test.weight', message: 'Weight (kg)' } },
  ],
  row: z.object({
    no: z.string().regex(/^[A-Z0-9]{4,20}$/, 'letters and digits, 4 to 20'),
    weight: z.string().regex(/^\d*(\.\d+)?$/, 'a number'),
  }),
  maxRows: 1000,
  async check(rows) {
    const seen = new Map<string, number>();
    const errors = [];
    for (const { row, value } of rows) {
      const first = seen.get(value.no);
      if (first) errors.push({ row, column: 'Tracking number', message: `same as row ${first}` });
      else seen.set(value.no, row);
    }
    return errors;
  },
  async write(tx: Db, rows) {
    for (const r of rows)
      await tx.execute(sql`INSERT INTO test_numbers (no, weight) VALUES (${r.no}, ${r.weight || null})`);
  },
};

describe('the import/export engine', () => {
  const t = useTestApp();
  let app: FastifyInstance;
  let token = '';

  beforeAll(async () => {
    await t.database.db.execute(sql`CREATE TABLE test_numbers (no text PRIMARY KEY, weight numeric)`);
    app = Fastify({ logger: false });
    await app.register(multipart);
    const importCall = {
      ...endpoint({
        method: 'POST',
        path: '/import',
        kind: 'multipart',
        summary: 't',
        data: z.object({ importId: z.number(), rowCount: z.number() }),
        access: { staff: true },
      }),
      file: SHEET_FILE,
    };
    const templateCall = endpoint({
      method: 'GET',
      path: '/template',
      kind: 'blob',
      summary: 't',
      ...fileOf('xlsx'),
      access: { staff: true },
    });
    const exportCall = endpoint({
      method: 'POST',
      path: '/export',
      kind: 'json',
      summary: 't',
      data: z.unknown(),
      access: { staff: true },
    });
    const impls = [
      implement(importCall, async (_i, ctx) =>
        runImport(ctx, spec, await receiveFile(ctx.req, SHEET_FILE), undefined),
      ),
      implement(templateCall, async (_i, ctx) => templateFile(spec as ImportSpec<unknown, unknown>, ctx)),
      implement(exportCall, async (_i, ctx) =>
        startExport<{ no: string; weight: string | null }>(ctx, {
          kind: 'test-numbers',
          title: { id: 'test.numbers', message: 'Numbers' },
          filters: {},
          columns: [
            { header: { id: 'test.no', message: 'Tracking number' }, value: (r) => r.no },
            {
              header: { id: 'test.weight', message: 'Weight (kg)' },
              value: (r) => (r.weight === null ? null : Number(r.weight)),
            },
          ],
          count: async (db) =>
            Number(
              (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM test_numbers`)).rows[0]!.n,
            ),
          rows: (db) =>
            keysetPages(
              async (after, limit) =>
                (
                  await db.execute<{ k: number; no: string; weight: string | null }>(
                    sql`SELECT row_number() OVER (ORDER BY no)::int AS k, no, weight::text FROM test_numbers ORDER BY no OFFSET ${after ?? 0} LIMIT ${limit}`,
                  )
                ).rows,
              (r) => r.k,
              2,
            ),
        }),
      ),
    ];
    bindContract(app, [importCall, templateCall, exportCall], impls, {
      config: t.config,
      database: t.database,
      jobs: t.jobs,
      checkResponses: true,
    });
    // The export job runs the call again: it must know this test's own call.
    registerExportCalls(impls, '');
    token = await t.login(...DEMO.admin);
  });
  afterAll(() => app?.close());

  const upload = (name: string, content: Buffer, lang = 'en') => {
    const { payload, headers } = multipartBody({ name, content });
    return app.inject({
      method: 'POST',
      url: '/import',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}`, 'local-lang': lang },
    });
  };
  const count = async () =>
    Number(
      (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM test_numbers`)).rows[0]!
        .n,
    );

  it('answers a template with the headers in the caller language', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/template',
      headers: { authorization: `Bearer ${token}`, 'local-lang': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Numbers.xlsx");
    const rows = [];
    for await (const r of xlsxRows(res.rawPayload)) rows.push(r.cells);
    expect(rows[0]).toEqual(['*Tracking number', 'Weight (kg)']);
  });

  it('reports every bad row and writes nothing', async () => {
    const file = await xlsxOf([
      ['Tracking number', 'Weight (kg)'],
      ['AB12', '1.5'],
      ['x', '2'],
      ['', '3'],
      ['CD34', 'heavy'],
      ['AB12', '1'],
    ]);
    const res = await upload('numbers.xlsx', file);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.msg).toBe('3 rows are not valid; nothing was imported. Fix them and import the file again.');
    expect(body.data.errors).toEqual([
      { row: 3, column: 'Tracking number', message: 'letters and digits, 4 to 20' },
      { row: 4, column: 'Tracking number', message: 'This cell cannot be empty' },
      { row: 5, column: 'Weight (kg)', message: 'a number' },
    ]);
    expect(await count()).toBe(0);
    const logs = await t.database.db.execute<{ status: number; row_count: number; error_count: number }>(
      sql`SELECT status, row_count, error_count FROM import_logs WHERE kind = 'test-numbers' ORDER BY id`,
    );
    expect(logs.rows.at(-1)).toEqual({ status: 2, row_count: 5, error_count: 3 });
    // One bad row is told in the singular (Arabic has its own form for it).
    const oneBad = await xlsxOf([
      ['Tracking number', 'Weight (kg)'],
      ['x', '2'],
    ]);
    expect((await upload('numbers.xlsx', oneBad)).json().msg).toBe(
      '1 row is not valid; nothing was imported. Fix it and import the file again.',
    );
    expect((await upload('numbers.xlsx', oneBad, 'ar')).json().msg).toMatch(/^صف واحد غير صالح/);
  });

  it('runs the cross-row check only when every row passed', async () => {
    const dup = await upload('dup.csv', Buffer.from('Tracking number,Weight (kg)\nAB12,1\nAB12,2\n'));
    expect(dup.statusCode).toBe(400);
    expect(dup.json().data.errors).toEqual([{ row: 3, column: 'Tracking number', message: 'same as row 2' }]);
    expect(await count()).toBe(0);
  });

  it('matches headers loosely (case, *, spaces) and writes every row in one go', async () => {
    const res = await upload(
      'good.xlsx',
      await xlsxOf([
        ['tracking number*', 'weight (kg)'],
        ['AB12', '1.5'],
        ['CD34', null],
        ['=HACK', '2'],
      ]),
    );
    // "=HACK" fails the row schema: nothing written.
    expect(res.statusCode).toBe(400);
    const ok = await upload(
      'good.xlsx',
      await xlsxOf([
        ['*Tracking number', 'Weight (kg)'],
        ['AB12', '1.5'],
        ['CD34', null],
        ['EF56', 2],
      ]),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.rowCount).toBe(3);
    expect(await count()).toBe(3);
  });

  it('refuses a missing column, an empty file, a renamed non-sheet and a zip bomb', async () => {
    const missing = await upload('m.csv', Buffer.from('Weight (kg)\n1\n'));
    expect(missing.json().msg).toBe(
      'The file lacks these columns: Tracking number. Download the template to see them.',
    );
    expect((await upload('e.csv', Buffer.from('Tracking number\n'))).json().msg).toBe(
      'The file has no rows to import',
    );
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const renamed = await upload('photo.xlsx', png);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().msg).toBe('The file is not an Excel (.xlsx) or CSV file');
    const bomb = await upload('bomb.xlsx', await zipBomb(300));
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().msg).toBe('The file is damaged or too large once unpacked, and was not read');
    const none = await app.inject({
      method: 'POST',
      url: '/import',
      payload: {},
      headers: { authorization: `Bearer ${token}`, 'local-lang': 'en' },
    });
    expect(none.json().msg).toBe(fileMessages.fileMissing.message);
    expect(await count()).toBe(3);
  }, 90_000); // a zip bomb inflating: seconds alone, over 30 s on a loaded 2-core machine

  it('exports in the background, lists the task, and downloads the file with formula text kept as text', async () => {
    await t.database.db.execute(sql`INSERT INTO test_numbers (no) VALUES ('=CMD|calc!A0'), ('+SUM(1)')`);
    const started = await app.inject({
      method: 'POST',
      url: '/export',
      payload: {},
      headers: { authorization: `Bearer ${token}`, 'local-lang': 'en' },
    });
    expect(started.statusCode).toBe(200);
    const task = started.json().data as { recId: number; status: number };
    await exportsInFlight();
    const list = await call(t, contract.exportTask.listExportTask, { token, body: {} });
    const done = list.body.data.records.find((r) => r.recId === task.recId)!;
    expect(done).toMatchObject({ status: 2, rowCount: 5, progress: 100, createdBy: 'admin' });
    const file = await call(t, contract.exportTask.download, { params: { id: task.recId }, token });
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/filename\*=UTF-8''Numbers-\d{14}\.xlsx/);
    const rows: string[][] = [];
    for await (const r of xlsxRows(file.bytes)) rows.push(r.cells);
    expect(rows[0]).toEqual(['Tracking number', 'Weight (kg)']);
    expect(rows.map((r) => r[0])).toContain('=CMD|calc!A0');
    // No formula element anywhere in the sheet: the dangerous text is a plain string cell.
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const cells: unknown[] = [];
    wb.getWorksheet(1)!.eachRow((row) => row.eachCell((c) => cells.push(c.type)));
    expect(cells).not.toContain(ExcelJS.ValueType.Formula);

    // Another user neither lists nor downloads it.
    const other = await t.login(...DEMO.operator);
    const theirs = await call(t, contract.exportTask.listExportTask, { token: other, body: {} });
    expect(theirs.body.data.records).toEqual([]);
    const denied = await call(t, contract.exportTask.download, { params: { id: task.recId }, token: other });
    expect(denied.status).toBe(404);
  });
});
