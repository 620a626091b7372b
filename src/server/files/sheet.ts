import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

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

/** The rows of the first worksheet of an xlsx, streamed. */
export async function* xlsxRows(buf: Buffer): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buf), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  // A zip may hold the worksheet before xl/workbook.xml (the entry order is the writer's choice):
  // ExcelJS then reads the sheet's name from a workbook model it has not parsed yet and throws.
  // The sheet's name is not needed here, so an empty model stands in until the real one arrives.
  (reader as unknown as { model?: { sheets: unknown[] } }).model ??= { sheets: [] };
  for await (const sheet of reader) {
    for await (const row of sheet) {
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
