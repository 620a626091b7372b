import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { exportCell, exportHeader, safeCell } from '../../src/server/files/export.ts';
import { sanitizeName } from '../../src/server/files/import.ts';
import { csvRows, decodeCsv, xlsxRows } from '../../src/server/files/sheet.ts';
import { checkZip, ZipRefused } from '../../src/server/files/zip-guard.ts';
import { buildZip, xlsxOf, zipBomb } from '../support/files.ts';

const rowsOf = async (
  it: AsyncIterable<{ row: number; cells: string[] }> | Iterable<{ row: number; cells: string[] }>,
) => {
  const out: { row: number; cells: string[] }[] = [];
  for await (const r of it) out.push(r);
  return out;
};

describe('the zip guard', () => {
  it('passes a real xlsx', async () => {
    await expect(
      checkZip(
        await xlsxOf([
          ['a', 'b'],
          [1, 2],
        ]),
      ),
    ).resolves.toBeUndefined();
  });

  it('refuses a zip bomb whatever its headers claim, with bounded memory', async () => {
    const bomb = await zipBomb(300);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    const err = await checkZip(bomb).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZipRefused);
    expect((err as ZipRefused).problem).toBe('tooLarge');
    // Inflating 300 MB into memory would show; the guard only counts.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses too many entries, garbage and truncated archives', async () => {
    const many = buildZip(
      Array.from({ length: 5 }, (_, i) => ({
        name: `f${i}`,
        data: Buffer.from('x'),
        method: 0 as const,
        uncompressedSize: 1,
      })),
    );
    await expect(checkZip(many, { maxEntries: 4, maxTotalBytes: 1000 })).rejects.toMatchObject({
      problem: 'tooManyEntries',
    });
    await expect(checkZip(Buffer.from('hello world'))).rejects.toMatchObject({ problem: 'notZip' });
    const real = await xlsxOf([['a']]);
    await expect(checkZip(real.subarray(0, real.length - 30))).rejects.toMatchObject({ problem: 'corrupt' });
  });
});

const part = (name: string, xml: string) => {
  const data = Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${xml}`);
  return { name, data: deflateRawSync(data), uncompressedSize: data.length, crc: crc32(data) };
};
const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const workbookParts = [
  part(
    'xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  ),
  part(
    'xl/workbook.xml',
    `<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ),
];
/** ExcelJS's streaming reader names its temporary files tmp-<pid>-<random>. */
const ownTempFiles = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`tmp-${process.pid}-`)).length;

describe('reading sheets', () => {
  it('reads xlsx cells as trimmed text', async () => {
    const rows = await rowsOf(
      xlsxRows(
        await xlsxOf([
          ['No', 'Weight'],
          ['  A1 ', 1.5],
          [null, null],
          ['B2', 3],
        ]),
      ),
    );
    expect(rows.map((r) => r.cells)).toEqual([
      ['No', 'Weight'],
      ['A1', '1.5'],
      ['B2', '3'],
    ]);
    expect(rows.map((r) => r.row)).toEqual([1, 2, 4]);
  });

  it('reads an xlsx whose worksheet comes before xl/workbook.xml in the zip', async () => {
    const file = buildZip([
      part(
        '[Content_Types].xml',
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      ),
      workbookParts[0]!,
      part('xl/sharedStrings.xml', `<sst xmlns="${main}" count="1" uniqueCount="1"><si><t>No</t></si></sst>`),
      part(
        'xl/worksheets/sheet1.xml',
        `<worksheet xmlns="${main}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>AB12</t></is></c></row></sheetData></worksheet>`,
      ),
      workbookParts[1]!,
    ]);
    expect((await rowsOf(xlsxRows(file))).map((r) => r.cells)).toEqual([['No'], ['AB12']]);
  });

  it('leaves no temporary file behind, whatever the order of the parts and with inline strings only', async () => {
    const before = ownTempFiles();
    const inlineOnly = buildZip([
      part(
        'xl/worksheets/sheet1.xml',
        `<worksheet xmlns="${main}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>No</t></is></c></row></sheetData></worksheet>`,
      ),
      ...workbookParts,
    ]);
    expect((await rowsOf(xlsxRows(inlineOnly))).map((r) => r.cells)).toEqual([['No']]);
    // ExcelJS writes the worksheet before the shared strings and the workbook.
    for (let i = 0; i < 3; i++) {
      const rows = await rowsOf(
        xlsxRows(
          await xlsxOf([
            ['No', 'Weight'],
            [`GL${i}`, i],
          ]),
        ),
      );
      expect(rows.map((r) => r.cells)).toEqual([
        ['No', 'Weight'],
        [`GL${i}`, String(i)],
      ]);
    }
    expect(ownTempFiles()).toBe(before);
  });

  it('reads CSV with quotes, doubled quotes, CRLF, a BOM and GB18030', () => {
    const text = decodeCsv(Buffer.from('\ufeffno,name\r\n"A,1","say ""hi"""\r\n\r\nB2,"two\nlines"\n'));
    const rows = [...csvRows(text)];
    expect(rows).toEqual([
      { row: 1, cells: ['no', 'name'] },
      { row: 2, cells: ['A,1', 'say "hi"'] },
      { row: 4, cells: ['B2', 'two\nlines'] },
    ]);
    const gbk = Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0x2c, 0x41]); // "中文,A" in GB18030
    expect([...csvRows(decodeCsv(gbk))][0]!.cells).toEqual(['中文', 'A']);
    expect([...csvRows('a;b;c\n1;2;3')][1]!.cells).toEqual(['1', '2', '3']);
  });

  it('keeps display names only', () => {
    expect(sanitizeName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeName('C:\\Users\\x\\单号.xlsx')).toBe('单号.xlsx');
    expect(sanitizeName('\u0000')).toBe('upload');
  });
});

describe('export cells', () => {
  it('keeps formula-looking text as text and numbers as numbers', () => {
    expect(safeCell('=HYPERLINK("http://evil")')).toBe('=HYPERLINK("http://evil")');
    expect(typeof safeCell('+1')).toBe('string');
    expect(safeCell(3.5)).toBe(3.5);
    expect(safeCell(Number.NaN)).toBeNull();
    expect(safeCell(undefined)).toBeNull();
  });
});

describe('times in exports', () => {
  const at = '2026-12-05T18:14:09.000Z';
  it('writes a moment as the business time zone’s wall clock, never as UTC', () => {
    expect(exportCell(at, true, 'Asia/Riyadh')).toBe('2026-12-05 21:14:09');
    expect(exportCell(at, true, 'Asia/Shanghai')).toBe('2026-12-06 02:14:09');
    expect(exportCell(new Date(at), false, 'Asia/Riyadh')).toBe('2026-12-05 21:14:09');
    expect(exportCell(null, true, 'Asia/Riyadh')).toBeNull();
    expect(exportCell('not a time', true, 'Asia/Riyadh')).toBe('not a time');
    expect(exportCell('2026-12-05', false, 'Asia/Riyadh')).toBe('2026-12-05');
  });
  it('names the zone in the header of a time column only', () => {
    const t = (d: { message: string }) => d.message;
    const header = { id: 'colCreatedAt', message: 'Created at' };
    expect(exportHeader({ header, value: () => null, time: true }, t, 'Asia/Riyadh')).toBe(
      'Created at (Asia/Riyadh)',
    );
    expect(exportHeader({ header, value: () => null }, t, 'Asia/Riyadh')).toBe('Created at');
  });
});
