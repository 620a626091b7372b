import ExcelJS from 'exceljs';
import type { EndpointDef } from '../../../../src/shared/contract/core.ts';
import { xlsxOf } from '../../../support/files.ts';
import { callRaw } from '../call.ts';
import type { Req } from './send.ts';
import type { World } from './world.ts';

const headerCache = new Map<string, string[]>();

/** The header row of the import template `template` answers, as the product offers it in English. */
async function templateHeaders(w: World, template: EndpointDef): Promise<string[]> {
  const cached = headerCache.get(template.path);
  if (cached) return cached;
  const res = await callRaw(w.t, template, { token: w.tokens.admin, lang: 'en' });
  if (res.status !== 200) throw new Error(`template ${template.path}: ${res.status}`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
  const values = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
  headerCache.set(template.path, values);
  return values;
}

const norm = (h: string) => h.replace(/^\*/, '').toLowerCase();

/**
 * An import file: the headers of the template call `headers` (or the given ones) (or the given ones) and one row, each cell placed under
 * the header that starts with its key ("tracking no", "weight" …; the longest key wins).
 */
export async function sheet(
  w: World,
  headers: EndpointDef | string[],
  cells: Record<string, string | number>,
  fields: Record<string, string> = {},
): Promise<Req> {
  const names = Array.isArray(headers) ? headers : await templateHeaders(w, headers);
  const row = names.map((h) => {
    const keys = Object.keys(cells).filter((k) => norm(h).startsWith(k.toLowerCase()));
    const key = keys.sort((a, b) => b.length - a.length)[0];
    return key === undefined ? '' : cells[key]!;
  });
  return { file: { name: 'matrix.xlsx', content: await xlsxOf([names, row]) }, fields };
}
