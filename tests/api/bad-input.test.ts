import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, pathOf } from './support/call.ts';
import { sheet, xlsxWith } from './support/security/malformed.ts';

/** The URLs the malformed requests below are sent to raw (a body no client would send). */
const IMPORT = API_BASE + pathOf(contract.region.import);
const LIST = API_BASE + pathOf(contract.region.list);

const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>Region code</t></is></c></row>';

const regionHeader =
  '<row r="1"><c r="A1" t="inlineStr"><is><t>Region code</t></is></c><c r="B1" t="inlineStr"><is><t>Level (0 country, 1 province, 2 city, 3 district)</t></is></c><c r="C1" t="inlineStr"><is><t>Chinese name</t></is></c><c r="D1" t="inlineStr"><is><t>English name</t></is></c></row>';

/**
 * What a client sends that the server cannot read answers a translated 4xx, never a 5xx, and
 * changes nothing (issue 37, item 6): sheets the xlsx reader chokes on, a sheet inflating to
 * hundreds of thousands of empty rows, JSON nested thousands deep, broken multipart bodies and
 * Content-Encodings that lie or are unknown. The fuzz suite (security-fuzz.test.ts) generates
 * many more of each kind; these are the fixed cases, with every language's message.
 */
describe('bad input answers a translated 4xx and changes nothing', () => {
  const t = useTestApp({ env: { IMPORT_TIME_LIMIT_SECONDS: '120' } });
  let token = '';
  const auth = async () => (token ||= await t.login(...DEMO.admin));
  const importRegions = async (content: Buffer, lang = 'en') =>
    call(t, contract.region.import, { token: await auth(), lang, file: { name: 'regions.xlsx', content } });
  const regionCount = async () =>
    (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM regions`)).rows[0]!.n;

  it('refuses xlsx cells without references, with impossible ones and past column XFD as damaged', async () => {
    const before = await regionCount();
    for (const rows of [
      `${header}<row><c t="inlineStr"><is><t>X1</t></is></c></row>`,
      `${header}<row r="2"><c r="XFE2" t="inlineStr"><is><t>X1</t></is></c><c r="ZZZZZ2"><v>1</v></c></row>`,
      `${header}<row r="-5"><c r="A-5"><v>1</v></c></row>`,
    ]) {
      const r = await importRegions(xlsxWith(sheet(rows)));
      expect(r.status, rows).toBe(400);
      expect(r.body.msg).toBe('The file is damaged or too large once unpacked, and was not read');
      const ar = await importRegions(xlsxWith(sheet(rows)), 'ar');
      expect(ar.body.msg).toMatch(/[\u0600-\u06FF]/);
    }
    expect(await regionCount()).toBe(before);
  });

  it('counts empty rows: a file under 1 MB of 300,000 empty rows is refused, read no further', async () => {
    const rows = Array.from({ length: 300_000 }, (_, i) => `<row r="${i + 2}"/>`).join('');
    const file = xlsxWith(sheet(regionHeader + rows));
    expect(file.length).toBeLessThan(1024 * 1024);
    const r = await importRegions(file);
    expect(r.status).toBe(413);
    expect(r.body.msg).toBe('The file has more than 100000 rows; split it into smaller files');
  }, 120_000);

  it('refuses JSON nested thousands deep', async () => {
    const headers = {
      authorization: `Bearer ${await auth()}`,
      'local-lang': 'en',
      'content-type': 'application/json',
    };
    for (const payload of [
      `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
      `{"pageNo":1,"keyword":${'['.repeat(20000)}${']'.repeat(20000)}}`,
    ]) {
      const r = await t.app.inject({ method: 'POST', url: LIST, payload, headers });
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toBe('The request nests objects or lists more than 64 levels deep');
    }
    // A string full of brackets is not nesting.
    const fine = await t.app.inject({
      method: 'POST',
      url: LIST,
      payload: JSON.stringify({ pageNo: 1, keyword: '[{'.repeat(100) }),
      headers,
    });
    expect(fine.statusCode).toBe(400); // the keyword is too long for the schema, not too deep
    expect(fine.json().msg).not.toMatch(/levels deep/);
  });

  it('refuses multipart without a boundary or cut short', async () => {
    const before = await regionCount();
    const send = async (ct: string, body: string) =>
      t.app.inject({
        method: 'POST',
        url: IMPORT,
        payload: body,
        headers: { authorization: `Bearer ${await auth()}`, 'local-lang': 'en', 'content-type': ct },
      });
    const part = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n';
    for (const r of [
      await send('multipart/form-data', `${part}Region code\r\nAB\r\n--x--\r\n`),
      await send('multipart/form-data; boundary=x', `${part}Region code\r\nAB`),
    ]) {
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toBe(
        'The upload was cut short or is not a valid multipart form: please send the file again',
      );
    }
    expect(await regionCount()).toBe(before);
  });

  it('refuses a Content-Encoding the body does not have, and one it does not know', async () => {
    const headers = {
      authorization: `Bearer ${await auth()}`,
      'local-lang': 'en',
      'content-type': 'application/json',
    };
    const send = (encoding: string, payload: Buffer | string) =>
      t.app.inject({
        method: 'POST',
        url: LIST,
        payload,
        headers: { ...headers, 'content-encoding': encoding },
      });
    for (const [encoding, payload] of [
      ['gzip', '{"pageNo":1}'],
      ['br', '{"pageNo":1}'],
      ['deflate', gzipSync('{"pageNo":1}')],
    ] as const) {
      const r = await send(encoding, payload);
      expect(r.statusCode, encoding).toBe(400);
      expect(r.json().msg).toBe('The request body could not be read with the Content-Encoding it names');
    }
    const unknown = await send('x-unknown', '{"pageNo":1}');
    expect(unknown.statusCode).toBe(415);
    expect(unknown.json().msg).toMatch(/Content-Encoding is not supported/);
    // A body that is what it says is read.
    expect((await send('gzip', gzipSync('{"pageNo":1}'))).statusCode).toBe(200);
  });
});

describe('the time budget of an import', () => {
  // A budget of a millisecond: any sheet of a few thousand rows outlasts it.
  const t = useTestApp({ env: { IMPORT_TIME_LIMIT_SECONDS: '0.001' } });

  it('stops reading past the budget with a clear message, and writes nothing', async () => {
    const token = await t.login(...DEMO.admin);
    const rows = Array.from({ length: 5000 }, (_, i) => `<row r="${i + 2}"/>`).join('');
    const content = xlsxWith(sheet(regionHeader + rows));
    const r = await call(t, contract.region.import, {
      token,
      lang: 'en',
      file: { name: 'regions.xlsx', content },
    });
    expect(r.status).toBe(422);
    expect(r.body.msg).toBe(
      'Reading the file took longer than 0.001 seconds and was stopped: split it into smaller files',
    );
  });
});
