import ExcelJS from 'exceljs';
import { API_BASE } from '../../../../src/shared/contract/core.ts';
import { endpoints } from '../../../../src/shared/contract/index.ts';
import { xlsxOf } from '../../../support/files.ts';
import type { Req } from './send.ts';
import type { World } from './world.ts';

const headerCache = new Map<string, string[]>();

/** The header row of an import template, as the product offers it in English. */
async function templateHeaders(w: World, templatePath: string): Promise<string[]> {
  const cached = headerCache.get(templatePath);
  if (cached) return cached;
  const def = endpoints.find((e) => e.def.path === templatePath)?.def;
  if (!def) throw new Error(`no template call ${templatePath} in the contract`);
  const res = await w.t.app.inject({
    method: def.method,
    url: API_BASE + templatePath,
    headers: { authorization: `Bearer ${w.tokens.admin}`, 'local-lang': 'en' },
  });
  if (res.statusCode !== 200) throw new Error(`template ${templatePath}: ${res.statusCode}`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const values = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
  headerCache.set(templatePath, values);
  return values;
}

const norm = (h: string) => h.replace(/^\*/, '').toLowerCase();

/**
 * An import file: the template's headers (or the given ones) and one row, each cell placed under
 * the header that starts with its key ("tracking no", "weight" …; the longest key wins).
 */
export async function sheet(
  w: World,
  headers: string | string[],
  cells: Record<string, string | number>,
  fields: Record<string, string> = {},
): Promise<Req> {
  const names = typeof headers === 'string' ? await templateHeaders(w, headers) : headers;
  const row = names.map((h) => {
    const keys = Object.keys(cells).filter((k) => norm(h).startsWith(k.toLowerCase()));
    const key = keys.sort((a, b) => b.length - a.length)[0];
    return key === undefined ? '' : cells[key]!;
  });
  return { file: { name: 'matrix.xlsx', content: await xlsxOf([names, row]) }, fields };
}
