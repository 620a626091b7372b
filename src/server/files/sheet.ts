import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { fileMessages } from '../../shared/i18n/file-messages.ts';
import { AppError } from '../http/errors.ts';
import { storedEntry, zipEntries, zipOf } from './zip-guard.ts';

/** One data row of an uploaded sheet: its 1-based row number in the file and its cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

/**
 * A string of its own. The XML parser hands out cell texts as slices of the chunk they were read
 * from, and V8 keeps that whole chunk alive as long as one slice of 13 characters or more is: an
 * import that keeps its 100,000 rows would keep the whole inflated sheet (about twice the heap).
 */
const own = (s: string) => (s.length < 13 ? s : ` ${s}`.slice(1));

/** Cell values as the importer sees them: always trimmed text ('' for empty). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return own(value.trim());
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as {
      richText?: { text: string }[];
      text?: unknown;
      result?: ExcelJS.CellValue;
      error?: string;
    };
    if (v.richText)
      return own(
        v.richText
          .map((r) => r.text)
          .join('')
          .trim(),
      );
    if ('result' in v) return cellText(v.result ?? null);
    if (v.text !== undefined) return cellText(v.text as ExcelJS.CellValue);
    if (v.error) return '';
  }
  return String(value).trim();
}

/** Where an xlsx part goes in the zip the streaming reader is given: what the sheets need first. */
const PART_RANK: Record<string, number> = {
  'xl/_rels/workbook.xml.rels': 0,
  'xl/workbook.xml': 1,
  'xl/sharedStrings.xml': 2,
};
const EMPTY_PARTS = [
  [
    'xl/_rels/workbook.xml.rels',
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
  ],
  ['xl/sharedStrings.xml', '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>'],
] as const;
const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * The zip of an xlsx with the parts a worksheet depends on ahead of the worksheets. The order of a
 * zip's entries is its writer's choice (ExcelJS itself writes the sheet before the shared strings
 * and the workbook last), and ExcelJS's streaming reader copies a worksheet it meets too early to
 * a temporary file it only removes when the process exits, with its descriptor left open: one
 * file and one descriptor per import for the life of the server. A part the sheet waits for that the
 * file lacks (shared strings, when every string is inline) is added empty for the same reason.
 */
export function sheetsLast(buf: Buffer): Buffer {
  const entries = zipEntries(buf);
  const names = new Set(entries.map((e) => e.name.toString('utf8')));
  for (const [name, xml] of EMPTY_PARTS) if (!names.has(name)) entries.push(storedEntry(name, xml));
  const rank = (name: string) => PART_RANK[name] ?? (WORKSHEET.test(name) ? 4 : 3);
  const ranked = entries.map((e, i) => ({ e, i, r: rank(e.name.toString('utf8')) }));
  ranked.sort((a, b) => a.r - b.r || a.i - b.i);
  return zipOf(ranked.map((x) => x.e));
}

/**
 * What one import may spend reading its sheet: rows read, empty ones included (a small file can
 * inflate to millions of empty rows), and a time budget.
 */
export interface SheetLimits {
  /** Rows read at most, empty ones included. */
  maxRows: number;
  /** The import's own maximum of rows, as the refusal names it. */
  shownMaxRows: number;
  /** Date.now() past which reading stops. */
  deadline: number;
  /** The budget in seconds, for the message. */
  seconds: number;
}

/**
 * The rows of the first worksheet of an xlsx (a zip that passed checkZip), streamed. A sheet the
 * reader cannot make sense of (cells without or with impossible references, columns past XFD)
 * answers "damaged" (400); past `limits` it stops with 413 (rows) or 422 (time).
 */
export async function* xlsxRows(buf: Buffer, limits?: SheetLimits): AsyncGenerator<SheetRow> {
  try {
    yield* readXlsx(buf, limits);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(400, fileMessages.fileDamaged);
  }
}

async function* readXlsx(buf: Buffer, limits: SheetLimits | undefined): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(sheetsLast(buf)), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  // A zip without xl/workbook.xml: ExcelJS would read the sheet's name from a workbook model that
  // is not there and throw. The name is not needed here, so an empty model stands in.
  (reader as unknown as { model?: { sheets: unknown[] } }).model ??= { sheets: [] };
  let seen = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      if (limits) {
        if (++seen > limits.maxRows)
          throw new AppError(413, fileMessages.importTooManyRows, { values: { max: limits.shownMaxRows } });
        if ((seen & 255) === 0 && Date.now() > limits.deadline)
          throw new AppError(422, fileMessages.importTooSlow, { values: { seconds: limits.seconds } });
      }
      const values = (row as ExcelJS.Row).values as ExcelJS.CellValue[];
      // ExcelJS rows are 1-based: values[0] is always empty.
      const cells = Array.from(values.slice(1), (v) => cellText(v ?? null));
      if (cells.some((c) => c !== '')) yield { row: (row as ExcelJS.Row).number, cells };
    }
    return; // the first worksheet only
  }
}

/** CSV text: UTF-8 (with or without BOM), else GB18030 as Chinese spreadsheet programs save it. */
export function decodeCsv(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buf);
  } catch {
    return new TextDecoder('gb18030').decode(buf);
  }
}

/** RFC 4180 rows (quotes, doubled quotes, CR LF); the delimiter is guessed from the first line. */
export function* csvRows(text: string): Generator<SheetRow> {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [',', ';', '\t'].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  );
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowStart = 1;
  const emit = function* () {
    row.push(cell);
    cell = '';
    const cells = row.map((c) => c.trim());
    row = [];
    if (cells.some((c) => c !== '')) yield { row: rowStart, cells };
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      yield* emit();
      line++;
      rowStart = line;
    } else cell += ch;
  }
  if (cell !== '' || row.length) yield* emit();
}

export function looksLikeText(buf: Buffer): boolean {
  const head = buf.subarray(0, 4096);
  return !head.includes(0);
}
