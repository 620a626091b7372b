import { brotliCompressSync, crc32, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { EndpointDef } from '../../../../src/shared/contract/core.ts';
import { contract } from '../../../../src/shared/contract/index.ts';
import { buildZip, multipartBody } from '../../../support/files.ts';

/**
 * Requests no well-behaved client sends (issue 37, item 6): sheets the xlsx reader cannot make
 * sense of, sheets of empty rows, JSON nested thousands deep, multipart bodies without a boundary
 * or cut short, and Content-Encodings that are unknown or lie. Each is generated with the answer
 * it must get; whatever it carries would change the database if it were read.
 */
export interface Malformed {
  kind: string;
  method: 'POST';
  path: string;
  headers: Record<string, string>;
  payload: Buffer | string;
  status: number;
  /** The English messages the refusal may have. */
  msgs: string[];
}

/** A minimal xlsx whose first worksheet is `sheetXml` (every part stored deflated, sizes true). */
export function xlsxWith(sheetXml: string): Buffer {
  const part = (name: string, text: string) => {
    const raw = Buffer.from(text);
    return { name, data: deflateRawSync(raw), uncompressedSize: raw.length, crc: crc32(raw) };
  };
  return buildZip([
    part(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    part(
      'xl/workbook.xml',
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    part('xl/worksheets/sheet1.xml', sheetXml),
  ]);
}
export const sheet = (rows: string) =>
  `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;

const cell = (ref: string | null, text: string) =>
  `<c${ref === null ? '' : ` r="${ref}"`} t="inlineStr"><is><t>${text}</t></is></c>`;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Column number (1 = A) → letters. */
export function columnLetters(n: number): string {
  let out = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) out = LETTERS[(k - 1) % 26]! + out;
  return out;
}
/** The last column a sheet may have. */
const XFD = 16_384;

/** The region importer's columns, and rows it would write if it could read them. */
const REGION_HEADERS = [
  'Region code',
  'Parent code',
  'Level (0 country, 1 province, 2 city, 3 district)',
  'Chinese name',
  'English name',
];
const regionRow = (i: number) => [`FZ-${i}`, '', '0', `模糊${i}`, `Fuzzland ${i}`];
const headerRow = (headers: string[]) =>
  `<row r="1">${headers.map((h, c) => cell(`${columnLetters(c + 1)}1`, h)).join('')}</row>`;

const DAMAGED = 'The file is damaged or too large once unpacked, and was not read';
const BROKEN = 'The upload was cut short or is not a valid multipart form: please send the file again';
/** An empty boundary, or a body cut before the file part began: no file arrived. */
const NO_FILE = 'Please choose a file to upload';

const upload = (entry: EndpointDef, content: Buffer, name = 'fuzz.xlsx') => {
  const { payload, headers } = multipartBody({ name, content });
  return { method: 'POST' as const, path: entry.path, payload, headers };
};

/** Region rows where some cells (at least one) carry no `r` reference; rows with or without one. */
const cellsWithoutRefs = fc
  .array(fc.tuple(fc.boolean(), fc.array(fc.boolean(), { minLength: 5, maxLength: 5 })), {
    minLength: 1,
    maxLength: 4,
  })
  .filter((rows) => rows.some(([, refless]) => refless.some(Boolean)))
  .map((rows): Malformed => {
    const xml = rows
      .map(([rowRef, refless], i) => {
        const r = i + 2;
        const cells = regionRow(i).map((v, c) => cell(refless[c] ? null : `${columnLetters(c + 1)}${r}`, v));
        return `<row${rowRef ? ` r="${r}"` : ''}>${cells.join('')}</row>`;
      })
      .join('');
    const content = xlsxWith(sheet(headerRow(REGION_HEADERS) + xml));
    return {
      kind: 'xlsx cells without references',
      ...upload(contract.region.import, content),
      status: 400,
      msgs: [DAMAGED],
    };
  });

/** A readable region row with one more cell in a column past XFD (XFE … seven letters). */
const columnPastXfd = fc
  .tuple(fc.integer({ min: XFD + 1, max: 26 ** 4 }), fc.nat({ max: 5 }))
  .map(([column, at]): Malformed => {
    const cells = regionRow(0).map((v, c) => cell(`${columnLetters(c + 1)}2`, v));
    cells.splice(at, 0, cell(`${columnLetters(column)}2`, 'x'));
    const content = xlsxWith(sheet(`${headerRow(REGION_HEADERS)}<row r="2">${cells.join('')}</row>`));
    const file = upload(contract.region.import, content);
    return { kind: 'column past XFD', ...file, status: 400, msgs: [DAMAGED] };
  });

/**
 * A volume-limit file with one good row and then more empty rows than the import reads (its
 * 50,000 rows and the 10,000 empty ones it allows): refused without reading on.
 */
const emptyRows = fc.integer({ min: 60_001, max: 90_000 }).map((n): Malformed => {
  const headers = ['Carrier code', 'Region code', 'Daily limit'];
  const good = `<row r="2">${cell('A2', 'SMSA')}${cell('B2', 'SA')}${cell('C2', '4321')}</row>`;
  const empty = Array.from({ length: n }, (_, i) => `<row r="${i + 3}"/>`).join('');
  const content = xlsxWith(sheet(headerRow(headers) + good + empty));
  return {
    kind: 'empty rows',
    ...upload(contract.volumeLimit.importData, content),
    status: 413,
    msgs: ['The file has more than 50000 rows; split it into smaller files'],
  };
});

/** A good region file, its multipart body then sent without a boundary or cut short. */
const goodRegionFile = xlsxWith(
  sheet(
    `${headerRow(REGION_HEADERS)}<row r="2">${regionRow(0)
      .map((v, c) => cell(`${columnLetters(c + 1)}2`, v))
      .join('')}</row>`,
  ),
);
const multipartWithoutBoundary = fc
  .constantFrom(
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; charset=utf-8',
    'multipart/form-data; boundary=""',
  )
  .map((contentType): Malformed => {
    const { payload } = upload(contract.region.import, goodRegionFile);
    return {
      kind: 'multipart without boundary',
      method: 'POST',
      path: contract.region.import.path,
      headers: { 'content-type': contentType },
      payload,
      status: 400,
      msgs: [BROKEN, NO_FILE],
    };
  });
const multipartCutShort = fc
  .double({ min: 0, max: 1, noNaN: true, maxExcluded: true })
  .map((at): Malformed => {
    const whole = upload(contract.region.import, goodRegionFile);
    // Anywhere before the closing boundary's final "--": the file part never ends.
    const closing = whole.payload.lastIndexOf('--\r\n');
    return {
      kind: 'multipart cut short',
      ...whole,
      payload: whole.payload.subarray(0, Math.floor(at * closing)),
      status: 400,
      msgs: [BROKEN, NO_FILE],
    };
  });

/** JSON nested `depth` deep by lists, objects or both, as the whole body or as one field's value. */
const deepJson = (targets: EndpointDef[]) =>
  fc
    .record({
      def: fc.constantFrom(...targets),
      depth: fc.integer({ min: 65, max: 20_000 }),
      openers: fc.array(fc.constantFrom('[', '{"a":'), { minLength: 1, maxLength: 3 }),
      inField: fc.boolean(),
    })
    .map(({ def, depth, openers, inField }): Malformed => {
      const opened = Array.from({ length: depth }, (_, i) => openers[i % openers.length]!);
      const value = `${opened.join('')}1${opened
        .reverse()
        .map((o) => (o === '[' ? ']' : '}'))
        .join('')}`;
      return {
        kind: 'JSON nested thousands deep',
        method: 'POST',
        path: def.path,
        headers: { 'content-type': 'application/json' },
        payload: inField ? `{"pageNo":1,"keyword":${value}}` : value,
        status: 400,
        msgs: ['The request nests objects or lists more than 64 levels deep'],
      };
    });

const ENCODERS = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync } as const;
type Encoding = keyof typeof ENCODERS;

/** A JSON body whose Content-Encoding names one that it does not have (plain, or another one). */
const lyingEncoding = (targets: EndpointDef[]) =>
  fc
    .record({
      def: fc.constantFrom(...targets),
      named: fc.constantFrom<Encoding>('gzip', 'deflate', 'br'),
      actual: fc.constantFrom<Encoding | 'plain'>('plain', 'gzip', 'deflate', 'br'),
    })
    .filter(({ named, actual }) => named !== actual)
    .map(({ def, named, actual }): Malformed => {
      const json = Buffer.from('{"pageNo":1,"pageSize":10}');
      return {
        kind: 'lying Content-Encoding',
        method: 'POST',
        path: def.path,
        headers: { 'content-type': 'application/json', 'content-encoding': named },
        payload: actual === 'plain' ? json : ENCODERS[actual](json),
        status: 400,
        msgs: ['The request body could not be read with the Content-Encoding it names'],
      };
    });

/** A Content-Encoding the server does not know. */
const unknownEncoding = (targets: EndpointDef[]) =>
  fc
    .record({
      def: fc.constantFrom(...targets),
      encoding: fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/),
    })
    .filter(({ encoding }) => !['gzip', 'deflate', 'br', 'identity'].includes(encoding))
    .map(
      ({ def, encoding }): Malformed => ({
        kind: 'unknown Content-Encoding',
        method: 'POST',
        path: def.path,
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        payload: '{"pageNo":1,"pageSize":10}',
        status: 415,
        msgs: ['This Content-Encoding is not supported: send the body as gzip, deflate, br or uncompressed'],
      }),
    );

/** Every kind, by name; `emptyRows` is the costly one (tens of thousands of rows each). */
export function malformedKinds(jsonTargets: EndpointDef[]): Record<string, fc.Arbitrary<Malformed>> {
  return {
    cellsWithoutRefs,
    columnPastXfd,
    emptyRows,
    multipartWithoutBoundary,
    multipartCutShort,
    deepJson: deepJson(jsonTargets),
    lyingEncoding: lyingEncoding(jsonTargets),
    unknownEncoding: unknownEncoding(jsonTargets),
  };
}
