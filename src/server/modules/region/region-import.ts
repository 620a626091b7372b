import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { regionMessages as m } from '../../../shared/i18n/region-messages.ts';
import type { Db } from '../../db/client.ts';
import { regions } from '../../db/schema/index.ts';
import type { ImportColumn, ImportSpec, RowError } from '../../files/import.ts';

/** Codes are upper case (SA, SA-RI, SA-RI-RUH) so that "sa-ri" and "SA-RI" are one region. */
export const REGION_CODE = /^[A-Z0-9][A-Z0-9_-]{0,39}$/;

export interface RegionRow {
  code: string;
  parentCode: string;
  level: string;
  nameCn: string;
  nameEn: string;
  nameAr: string;
  postCode: string;
  sort: string;
}

/** The importer's columns; the export writes the same ones (plus status), so an export re-imports. */
export const REGION_COLUMNS = [
  { key: 'code', header: m.colCode, required: true, width: 16 },
  { key: 'parentCode', header: m.colParentCode, width: 16 },
  { key: 'level', header: m.colLevel, required: true, width: 20 },
  { key: 'nameCn', header: m.colNameCn, required: true, width: 18 },
  { key: 'nameEn', header: m.colNameEn, required: true, width: 22 },
  { key: 'nameAr', header: m.colNameAr, width: 22 },
  { key: 'postCode', header: m.colPostCode, width: 12 },
  { key: 'sort', header: m.colSort, width: 10 },
] as const satisfies readonly ImportColumn[];

const upper = z
  .string()
  .max(40)
  .transform((v) => v.toUpperCase());
const name = z.string().max(100);

const rowSchema = z.object({
  code: upper,
  parentCode: upper,
  level: z.string().max(10),
  nameCn: name,
  nameEn: name,
  nameAr: name,
  postCode: z.string().max(20),
  sort: z.string().max(12),
});

const CHUNK = 1000;

/**
 * Regions from a file, upserted by code. The rules across rows and against the database run in
 * `check`, so a file's every problem is reported at once in the caller's language.
 */
export const regionImport: ImportSpec<RegionRow> = {
  kind: 'region',
  title: m.importTitle,
  columns: REGION_COLUMNS,
  row: rowSchema,
  maxRows: 100_000,
  example: [
    {
      code: 'SA',
      parentCode: '',
      level: '0',
      nameCn: '沙特阿拉伯',
      nameEn: 'Saudi Arabia',
      nameAr: 'السعودية',
      postCode: '',
      sort: '1',
    },
    {
      code: 'SA-RI',
      parentCode: 'SA',
      level: '1',
      nameCn: '利雅得省',
      nameEn: 'Riyadh Province',
      nameAr: 'منطقة الرياض',
      postCode: '',
      sort: '1',
    },
    {
      code: 'SA-RI-RUH',
      parentCode: 'SA-RI',
      level: '2',
      nameCn: '利雅得',
      nameEn: 'Riyadh',
      nameAr: 'الرياض',
      postCode: '11564',
      sort: '1',
    },
  ],
  async check(rows, ctx) {
    const t = ctx.t;
    const col = (key: (typeof REGION_COLUMNS)[number]['key']) =>
      t(REGION_COLUMNS.find((c) => c.key === key)!.header);
    const errors: RowError[] = [];
    const firstRow = new Map<string, number>();
    const fileLevel = new Map<string, number>();
    for (const { row, value } of rows) {
      if (!REGION_CODE.test(value.code)) errors.push({ row, column: col('code'), message: t(m.codeFormat) });
      if (value.parentCode && !REGION_CODE.test(value.parentCode))
        errors.push({ row, column: col('parentCode'), message: t(m.codeFormat) });
      if (!/^[0-3]$/.test(value.level)) errors.push({ row, column: col('level'), message: t(m.levelFormat) });
      if (!/^-?\d{0,9}$/.test(value.sort))
        errors.push({ row, column: col('sort'), message: t(m.sortFormat) });
      const first = firstRow.get(value.code);
      if (first !== undefined)
        errors.push({ row, column: col('code'), message: t(m.duplicateCode, { row: first }) });
      else {
        firstRow.set(value.code, row);
        if (/^[0-3]$/.test(value.level)) fileLevel.set(value.code, Number(value.level));
      }
    }
    if (errors.length) return errors;

    // Levels of the codes the file names that already exist (its own codes and its parents).
    const named = [...new Set(rows.flatMap(({ value }) => [value.code, value.parentCode]).filter(Boolean))];
    const stored = new Map<string, number>();
    for (let i = 0; i < named.length; i += 10_000) {
      const found = await ctx.db
        .select({ code: regions.code, level: regions.level })
        .from(regions)
        .where(inArray(regions.code, named.slice(i, i + 10_000)));
      for (const f of found) stored.set(f.code, f.level);
    }

    for (const { row, value } of rows) {
      const level = Number(value.level);
      const was = stored.get(value.code);
      if (was !== undefined && was !== level)
        errors.push({
          row,
          column: col('level'),
          message: t(m.levelChanged, { code: value.code, level: was }),
        });
      if (level === 0) {
        if (value.parentCode) errors.push({ row, column: col('parentCode'), message: t(m.countryHasParent) });
        continue;
      }
      if (!value.parentCode) {
        errors.push({ row, column: col('parentCode'), message: t(m.parentRequired) });
        continue;
      }
      const parentLevel = fileLevel.get(value.parentCode) ?? stored.get(value.parentCode);
      if (parentLevel === undefined)
        errors.push({
          row,
          column: col('parentCode'),
          message: t(m.parentMissing, { code: value.parentCode }),
        });
      else if (parentLevel !== level - 1)
        errors.push({ row, column: col('level'), message: t(m.levelMismatch, { parent: parentLevel }) });
    }
    return errors;
  },
  audit: 'region',
  async write(tx: Db, rows) {
    const existing = await tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM regions WHERE code = ANY(${sql.param(rows.map((r) => r.code))}::text[])`,
    );
    const updated = existing.rows[0]!.n;
    // Parents first: level by level, so each row finds its parent's id by code.
    for (let level = 0; level <= 3; level++) {
      const batch = rows.filter((r) => Number(r.level) === level);
      for (let i = 0; i < batch.length; i += CHUNK) {
        const values = sql.join(
          batch
            .slice(i, i + CHUNK)
            .map(
              (r) =>
                sql`(${r.code}::text, ${r.parentCode || null}::text, ${level}::smallint, ${r.nameCn}::text, ${r.nameEn}::text, ${r.nameAr}::text, ${r.postCode}::text, ${Number(r.sort || 0)}::int)`,
            ),
          sql`, `,
        );
        await tx.execute(sql`
          INSERT INTO regions (parent_id, level, code, name_cn, name_en, name_ar, post_code, sort)
          SELECT p.id, v.level, v.code, v.name_cn, v.name_en, v.name_ar, v.post_code, v.sort
          FROM (VALUES ${values}) AS v(code, parent_code, level, name_cn, name_en, name_ar, post_code, sort)
          LEFT JOIN regions p ON p.code = v.parent_code
          ON CONFLICT (code) DO UPDATE SET
            parent_id = EXCLUDED.parent_id, name_cn = EXCLUDED.name_cn, name_en = EXCLUDED.name_en,
            name_ar = EXCLUDED.name_ar, post_code = EXCLUDED.post_code, sort = EXCLUDED.sort, updated_at = now()`);
      }
    }
    return { created: rows.length - updated, updated };
  },
};
